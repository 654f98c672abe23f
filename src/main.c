/*
 * spv2c: SPIR-V OpenCL kernels in, one self-contained C99 file out.
 *
 * main reads as the pipeline: options, read (assemble, validate, parse),
 * analyse, lower (the Lua templates), emit. Only this file calls exit.
 * Exit status: 0 success, 1 bad or unsupported input, 2 usage error.
 */
#define _POSIX_C_SOURCE 200809L   /* getrusage */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if defined(__unix__) || defined(__APPLE__)
#include <sys/resource.h>
#define CPU_WITH_CHILDREN 1
#endif

#include "spv2c.h"
#include "driver.h"

static void usage(FILE *f)
{
    fputs("usage: spv2c [options] INPUT... -o OUT.c\n"
          "  INPUT             OpenCL C (.cl, or -x cl), a SPIR-V binary, SPIR-V assembly\n"
          "                    (.spvasm), or - for stdin; several OpenCL C or SPIR-V binary\n"
          "                    inputs are linked into one module (spirv-link), one C file\n"
          "  -o FILE           the C output (- for stdout)\n"
          "  --header FILE     also write the API declarations to FILE\n"
          "  --entry NAME      translate only this kernel (repeatable)\n"
          "  --prefix P        start every public symbol with P instead of spv2c_\n"
          "  --main            add a main() that runs any kernel from the command line\n"
          "  --checked         generated code checks alignment and barrier use as it runs\n"
          "  --mad=fused|unfused  mad (and every a * b + c clang contracted) as one fma,\n"
          "                    rounded once (default), or a product rounded, then a sum\n"
          "  --math=auto|precise|relaxed  the precise math library (precise), the fast\n"
          "                    native_* forms of exp, log, sin... (relaxed), or relaxed\n"
          "                    when the module was built with -cl-fast-relaxed-math or\n"
          "                    -cl-unsafe-math-optimizations (auto, the default)\n"
          "  --templates DIR   load lowering templates from DIR instead of the built-in ones\n"
          "  --no-line         no #line directives (by default the kernel's code points at\n"
          "                    its OpenCL C lines when the module has OpLine)\n"
          "  --time            print the time each phase took to stderr\n"
          "  --dump=regions    print each barrier kernel's regions and spills to stderr\n"
          "  --version         print the version\n"
          "  --help            print this help\n"
          "OpenCL C input (compiled with clang-15 and llvm-spirv-15):\n"
          "  -x cl|spirv       the input's language (default: .cl is OpenCL C)\n"
          "  -DNAME[=V] -UNAME -IDIR -cl-std=CLx.y -O0..-O3 -cl-*   passed to clang\n"
          "  --emit-spirv      write the SPIR-V module (as read and repaired), not C\n"
          "  -target spir|spir64   the SPIR-V target (default spir64; -O2, -cl-std=CL2.0)\n"
          "  --clang PATH      the compiler (default $SPV2C_CLANG, else clang-15)\n"
          "  --llvm-spirv PATH the translator (default $SPV2C_LLVM_SPIRV, else llvm-spirv-15)\n"
          "  --spirv-link PATH the linker of several inputs (default $SPV2C_SPIRV_LINK,\n"
          "                    else spirv-link)\n"
          "Dependency files (as gcc's):\n"
          "  -MD               also write a make rule of the input, its headers and\n"
          "                    the --templates files read (to OUT.d unless -MF)\n"
          "  -MF FILE          write it to FILE     -MT TARGET  its target (default OUT.c)\n"
          "  -MP               add an empty rule for each header\n"
          "Exit status: 0 success, 1 bad or unsupported input, 2 usage error.\n", f);
}

static int usage_error(const char *msg, const char *arg)
{
    fprintf(stderr, "spv2c: %s%s%s\n", msg, arg ? ": " : "", arg ? arg : "");
    fputs("Try 'spv2c --help'.\n", stderr);
    return 2;
}

static int valid_prefix(const char *p)
{
    if (!*p || (*p >= '0' && *p <= '9'))
        return 0;
    for (; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
              *p == '_'))
            return 0;
    return 1;
}

/* the options that only set something in o: 1 when a is one of them */
static int flag_option(Options *o, const char *a)
{
    if (!strcmp(a, "--main"))
        o->with_main = 1;
    else if (!strcmp(a, "--checked"))
        o->checked = 1;
    else if (!strcmp(a, "--mad=fused") || !strcmp(a, "--mad=unfused"))
        o->mad_unfused = !strcmp(a, "--mad=unfused");
    else if (!strcmp(a, "--math=auto") || !strcmp(a, "--math=precise") ||
             !strcmp(a, "--math=relaxed"))
        o->math = a[7] == 'a' ? 0 : a[7] == 'p' ? 1 : 2;
    else if (!strcmp(a, "--dump=regions"))
        o->dump_regions = 1;
    else if (!strcmp(a, "--no-line"))
        o->line_directives = 0;
    else if (!strcmp(a, "--time"))
        o->timing = 1;
    else
        return 0;
    return 1;
}

static int parse_args(int argc, char **argv, Options *o, Driver *d)
{
    int i, r;

    memset(o, 0, sizeof *o);
    o->prefix = "spv2c_";
    o->line_directives = 1;
    o->entries = xcalloc((size_t)argc, sizeof *o->entries);
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char **val = NULL;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        }
        if (!strcmp(a, "--version")) {
            printf("spv2c %s\nSPIRV-Tools %s\n", SPV2C_VERSION, read_tools_version());
            return 0;
        }
        if (flag_option(o, a))
            continue;
        if (!strcmp(a, "-o"))
            val = &o->output;
        else if (!strcmp(a, "--header"))
            val = &o->header;
        else if (!strcmp(a, "--prefix"))
            val = &o->prefix;
        else if (!strcmp(a, "--templates"))
            val = &o->templates;
        else if (!strcmp(a, "--entry"))
            val = &o->entries[o->nentries];
        if (val) {
            if (i + 1 >= argc)
                return usage_error("option needs a value", a);
            *val = argv[++i];
            if (val == &o->entries[o->nentries])
                o->nentries++;
            continue;
        }
        if (a[0] == '-' && a[1] && (r = driver_option(d, argc, argv, &i)) != 0) {
            if (r == 2)
                return 2;
            continue;
        }
        if (a[0] == '-' && a[1])
            return usage_error("unknown option", a);
        if (!o->input)
            o->input = a;
        d->inputs[d->ninputs++] = a;
    }
    if (!o->input)
        return usage_error("no input file", NULL);
    for (i = 0; d->ninputs > 1 && i < d->ninputs; i++)
        if (!strcmp(d->inputs[i], "-"))
            return usage_error("several inputs: - (stdin) cannot be one of them", NULL);
    if (!o->output)
        return usage_error("no output file (use -o FILE, or -o - for stdout)", NULL);
    if (!valid_prefix(o->prefix))
        return usage_error("--prefix must be a C identifier", o->prefix);
    return -1;
}

/* --emit-spirv: the module as read (repaired and validated), as a binary */
static int write_spirv(const Module *m, const char *path)
{
    FILE *f = strcmp(path, "-") ? fopen(path, "wb") : stdout;
    int bad;

    if (!f) {
        fprintf(stderr, "spv2c: cannot write %s\n", path);
        return 1;
    }
    bad = fwrite(m->words, 4, m->nwords, f) != m->nwords;
    if (f != stdout)
        bad |= fclose(f) != 0;
    else
        bad |= fflush(f) != 0;
    if (bad) {
        fprintf(stderr, "spv2c: cannot write %s\n", path);
        if (f != stdout)
            driver_remove_output(path);
    }
    return bad;
}

/* several inputs: one input's module (in: SPIR-V, of the input being
   read) read, repaired and validated, written without debug info to out */
static int normalise(void *ctx, const char *in, const char *out)
{
    Module mi;
    int r;
    memset(&mi, 0, sizeof mi);
    mi.file = in;
    r = read_module(&mi, in, (const Options *)ctx) || write_spirv(&mi, out);
    module_free(&mi);
    return r;
}

/* the name messages about a linked module give it: "a.cl+b.cl" */
static const char *linked_name(const Driver *d)
{
    static Buf b;
    int k;
    for (k = 0; k < d->ninputs; k++) {
        if (k)
            buf_put(&b, "+");
        buf_put(&b, d->inputs[k]);
    }
    return b.s;
}

/* CPU seconds so far (--time), the validator's child process included
   (src/read.c validates in a child where it can) */
static double cpu_seconds(void)
{
#ifdef CPU_WITH_CHILDREN
    struct rusage self, kids;

    if (getrusage(RUSAGE_SELF, &self) == 0 && getrusage(RUSAGE_CHILDREN, &kids) == 0)
        return (double)(self.ru_utime.tv_sec + self.ru_stime.tv_sec + kids.ru_utime.tv_sec +
                        kids.ru_stime.tv_sec) +
               1e-6 * (double)(self.ru_utime.tv_usec + self.ru_stime.tv_usec +
                               kids.ru_utime.tv_usec + kids.ru_stime.tv_usec);
#endif
    return (double)clock() / CLOCKS_PER_SEC;
}

int main(int argc, char **argv)
{
    Options o;
    Driver d;
    Module m;
    Lower *L = NULL;
    FILE *out = NULL, *hdr = NULL;
    char *spv = NULL;
    int r, status = 1, cl, ok;
    double t0, t1 = 0;

    driver_init(&d, argc);
    r = parse_args(argc, argv, &o, &d);
    if (r >= 0) {
        driver_free(&d);
        free(o.entries);
        return r;
    }
    diag_init(d.ninputs > 1 ? linked_name(&d) : strcmp(o.input, "-") ? o.input : "<stdin>");
    memset(&m, 0, sizeof m);
    m.file = o.input;
    t0 = cpu_seconds();
    cl = driver_is_cl(&d, o.input);
    diag_source_lines(cl ? o.input : NULL);
    if (d.ninputs > 1) {
        ok = driver_link(&d, &spv, normalise, &o) == 0;
        diag_init(linked_name(&d));
        diag_source_lines(NULL);
        ok = ok && read_module(&m, spv, &o) == 0;
    }
    else
        ok = (!cl || driver_compile(&d, o.input, &spv) == 0) &&
             read_module(&m, spv ? spv : o.input, &o) == 0;
    if (ok && d.emit_spirv) {
        status = write_spirv(&m, o.output) || driver_depfile(&d, o.input, o.output, NULL);
    } else if (ok && (t1 = cpu_seconds(), 1) &&
        analyse(&m, &o) == 0 &&
        (L = lower_open(&m, &o)) != NULL) {
        out = strcmp(o.output, "-") ? fopen(o.output, "wb") : stdout;
        hdr = o.header ? fopen(o.header, "wb") : NULL;
        if (!out || (o.header && !hdr)) {
            fprintf(stderr, "spv2c: cannot write %s\n", !out ? o.output : o.header);
        } else if (emit(&m, L, &o, out, hdr) == 0 && !ferror(out)) {
            status = 0;
        }
        if (status == 0 && driver_depfile(&d, o.input, o.output, o.templates))
            status = 1;
        if (o.timing)
            fprintf(stderr, "spv2c: read+validate %.3f s, translate %.3f s (%zu words)\n",
                    t1 - t0, cpu_seconds() - t1,
                    m.nwords);
    }
    if (diag_count() > 1)
        fprintf(stderr, "%s: %d errors\n", strcmp(o.input, "-") ? o.input : "<stdin>",
                diag_count());
    if (out && out != stdout && fclose(out))
        status = 1;
    if (hdr && fclose(hdr))
        status = 1;
    if (status) {
        if (out && out != stdout)
            driver_remove_output(o.output);
        if (hdr)
            driver_remove_output(o.header);
    }
    lower_close(L);
    module_free(&m);
    free(o.entries);
    free(spv);
    driver_free(&d);
    return status;
}

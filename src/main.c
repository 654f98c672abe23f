/*
 * spv2c: SPIR-V OpenCL kernels in, one self-contained C99 file out.
 *
 * The command is a thin client of libspv2c (include/spv2c/spv2c.h, whose
 * lib.c runs the pipeline: front end, read, analyse, lower, emit): main
 * reads as the steps of a run, one call a line. Only this file calls exit.
 * Exit status: 0 success, 1 bad or unsupported input, 2 usage error.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../include/spv2c/spv2c.h"

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

typedef struct Command {
    spv2c_options *opt;
    const char *output, *header;   /* -o, --header */
    const char **inputs;
    size_t ninputs;
} Command;

/* argv into c: -1 to go on, else the exit status (--help, --version, a
   usage error) */
static int parse_args(int argc, char **argv, Command *c)
{
    int i, r;

    c->opt = spv2c_options_new();
    c->inputs = calloc((size_t)argc, sizeof *c->inputs);
    if (!c->opt || !c->inputs)
        return 1;
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        }
        if (!strcmp(a, "--version")) {
            printf("spv2c %s\nSPIRV-Tools %s\n", spv2c_version(), spv2c_spirv_tools_version());
            return 0;
        }
        if (!strcmp(a, "--header")) {
            if (i + 1 >= argc)
                return usage_error("option needs a value", a);
            c->header = argv[++i];
            continue;
        }
        if (!strcmp(a, "-o") && i + 1 < argc)
            c->output = argv[i + 1];
        if (a[0] == '-' && a[1]) {
            if ((r = spv2c_options_add(c->opt, argc - i, (const char *const *)argv + i)) < 0)
                return 2;
            i += r - 1;
            continue;
        }
        c->inputs[c->ninputs++] = a;
    }
    if (!c->ninputs)
        return usage_error("no input file", NULL);
    for (i = 0; c->ninputs > 1 && i < (int)c->ninputs; i++)
        if (!strcmp(c->inputs[i], "-"))
            return usage_error("several inputs: - (stdin) cannot be one of them", NULL);
    if (!c->output)
        return usage_error("no output file (use -o FILE, or -o - for stdout)", NULL);
    return -1;
}

static void print_diagnostic(void *ctx, const spv2c_diagnostic *d)
{
    (void)ctx;
    fputs(d->text, stderr);
}

/* more than one error: their count after them, naming the first input */
static void error_count(const Command *c, const spv2c_result *r)
{
    size_t n = spv2c_result_diagnostic_count(r);
    if (n > 1)
        fprintf(stderr, "%s: %zu errors\n", strcmp(c->inputs[0], "-") ? c->inputs[0] : "<stdin>",
                n);
}

int main(int argc, char **argv)
{
    Command c = { 0 };
    spv2c_result *r = NULL;
    int status = parse_args(argc, argv, &c);

    if (status < 0) {
        spv2c_options_on_diagnostic(c.opt, print_diagnostic, NULL);
        status = spv2c_translate_files(c.inputs, c.ninputs, c.opt, &r);
        if (r)
            status = spv2c_result_write(r, c.output, c.header);
        error_count(&c, r);
        status = status == 0 ? 0 : status == SPV2C_EUSAGE ? 2 : 1;
    }
    spv2c_result_free(r);
    spv2c_options_free(c.opt);
    free(c.inputs);
    return status;
}

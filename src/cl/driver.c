/*
 * driver: the front end's entry (driver_compile) and its processes:
 * OpenCL C to SPIR-V with clang-15 and llvm-spirv-15 (or both 14: their
 * `--version`s are checked once a pair, before its first compile).
 *
 * Three child processes, in a temporary directory removed afterwards:
 *   clang -S -emit-llvm (-O2, line tables)    KERNEL.cl -> k.ll
 *   (here: passes.c's LLVM-IR passes)         k.ll      -> k2.ll
 *   clang -c -emit-llvm, no passes            k2.ll     -> k.bc
 *   llvm-spirv                                k.bc      -> k.spv
 * The children inherit stderr, so clang's diagnostics reach the user
 * unchanged, in clang's FILE:LINE:COL form. POSIX only (posix_spawnp).
 * Also here: the dependency file (-MD), and several inputs linked into one
 * module with spirv-link. Its options come from options.c's table, set by
 * lib.c.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cl.h"
#include "ir.h"

extern char **environ;

/* the files a compile may leave, removed at the end or on a signal */
static const char *const tmp_names[] = { "k.ll", "k2.ll", "k.bc", "k.spv", "k.d" };
#define NTMP (sizeof tmp_names / sizeof tmp_names[0])
static char *tmp_paths[NTMP + 1];   /* the last: the directory */
static char **tmp_more;             /* several inputs: each one's module, the linked one */
static size_t ntmp_more;

void driver_init(Driver *d, int argc)
{
    memset(d, 0, sizeof *d);
    d->cl_args = xcalloc(2 * (size_t)argc + 1, sizeof *d->cl_args);   /* -cl-ext=: 2 */
    d->mt = xcalloc((size_t)argc + 1, sizeof *d->mt);
    d->inputs = xcalloc((size_t)argc + 1, sizeof *d->inputs);
    d->path_maps = xcalloc((size_t)argc + 1, sizeof *d->path_maps);
    d->clang_maps = xcalloc((size_t)argc + 1, sizeof *d->clang_maps);
    d->target = "spir64";
}

/* -ffile-prefix-map=OLD=NEW (as gcc's: both of the next two),
   -fdebug-prefix-map=OLD=NEW (the paths of the debug info clang writes, so
   the module's, and those lib.c writes: #line, --checked reports, the
   output's name) and -fmacro-prefix-map=OLD=NEW (__FILE__: clang only).
   0, or 2 after a usage message (no = in the value) */
int driver_prefix_map(Driver *d, const char *a)
{
    const char *v = strchr(a, '=') + 1;

    if (!strchr(v, '=')) {
        fprintf(stderr, "spv2c: it takes OLD=NEW: %s\nTry 'spv2c --help'.\n", a);
        return 2;
    }
    if (a[2] != 'm')
        d->path_maps[d->npath_maps++] = v;
    d->clang_maps[d->nclang_maps++] = a;
    return 0;
}

int driver_is_cl(const Driver *d, const char *input)
{
    size_t n = strlen(input);
    if (d->lang)
        return d->lang == 1;
    return n > 3 && !strcmp(input + n - 3, ".cl");
}

static void remove_tmp(void)
{
    size_t k;
    for (k = 0; k < NTMP; k++)
        if (tmp_paths[k])
            unlink(tmp_paths[k]);
    for (k = 0; k < ntmp_more; k++)
        unlink(tmp_more[k]);
    if (tmp_paths[NTMP])
        rmdir(tmp_paths[NTMP]);
}

static void on_signal(int sig)
{
    remove_tmp();
    signal(sig, SIG_DFL);
    raise(sig);
}

static const char *tmp_path(const char *name)
{
    size_t k;
    for (k = 0; k < NTMP; k++)
        if (!strcmp(tmp_names[k], name))
            return tmp_paths[k];
    return NULL;
}

static int make_tmpdir(Driver *d)
{
    const char *t = getenv("TMPDIR");
    size_t k;

    if (d->tmpdir)
        return 0;   /* several inputs share one */
    d->tmpdir = xsprintf("%s/spv2c.XXXXXX", t && *t ? t : "/tmp");
    if (!mkdtemp(d->tmpdir)) {
        fprintf(stderr, "spv2c: cannot make a temporary directory %s: %s\n", d->tmpdir,
                strerror(errno));
        free(d->tmpdir);
        d->tmpdir = NULL;
        return -1;
    }
    for (k = 0; k < NTMP; k++)
        tmp_paths[k] = xsprintf("%s/%s", d->tmpdir, tmp_names[k]);
    tmp_paths[NTMP] = d->tmpdir;
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    signal(SIGHUP, on_signal);
    return 0;
}

/* The environment minus MALLOC_PERTURB_: llvm-spirv-15 crashes with it set
   (its own bug; meson test sets it). */
static char **child_env(void)
{
    size_t n = 0, k = 0;
    char **e;
    while (environ[n])
        n++;
    e = xcalloc(n + 1, sizeof *e);
    for (n = 0; environ[n]; n++)
        if (strncmp(environ[n], "MALLOC_PERTURB_=", 16))
            e[k++] = environ[n];
    return e;
}

/* Run argv; 0 when it exits with status 0. */
static int run(char **argv)
{
    pid_t pid;
    int st, r;
    char **env = child_env();

    fflush(stdout);
    fflush(stderr);
    r = posix_spawnp(&pid, argv[0], NULL, NULL, argv, env);
    free(env);
    if (r) {
        fprintf(stderr, "spv2c: cannot run %s: %s (name it with --clang/--llvm-spirv or "
                "SPV2C_CLANG/SPV2C_LLVM_SPIRV)\n", argv[0], strerror(r));
        return -1;
    }
    while (waitpid(pid, &st, 0) < 0)
        if (errno != EINTR) {
            fprintf(stderr, "spv2c: waiting for %s: %s\n", argv[0], strerror(errno));
            return -1;
        }
    if (WIFEXITED(st) && WEXITSTATUS(st) == 0)
        return 0;
    if (WIFSIGNALED(st))
        fprintf(stderr, "spv2c: %s was killed by signal %d\n", argv[0], WTERMSIG(st));
    return -1;
}

static const char *tool(const char *opt, const char *var, const char *def)
{
    const char *e = getenv(var);
    return opt ? opt : e && *e ? e : def;
}

static int read_all(const char *path, char **data, size_t *len)
{
    FILE *f = fopen(path, "rb");
    size_t cap = 1 << 16, n = 0, got;
    char *p;

    if (!f)
        return -1;
    p = xmalloc(cap + 1);
    while ((got = fread(p + n, 1, cap - n, f)) > 0)
        if ((n += got) == cap)
            p = xrealloc(p, (cap *= 2) + 1);
    fclose(f);
    p[n] = 0;
    *data = p;
    *len = n;
    return 0;
}

/* k.ll (in) through the passes (passes.c) into k2.ll (out) */
static int rewrite_ir(const char *in, const char *out, const char *input)
{
    char *data;
    size_t len;
    Buf b = { 0 };
    FILE *f;
    int r = 0;

    if (read_all(in, &data, &len)) {
        fprintf(stderr, "spv2c: cannot read %s: %s\n", in, strerror(errno));
        return -1;
    }
    if (ir_passes(&b, data, input))
        return -1;
    f = fopen(out, "wb");
    if (!f || fwrite(b.s, 1, b.len, f) != b.len)
        r = -1;
    if (f && fclose(f))
        r = -1;
    if (r)
        fprintf(stderr, "spv2c: cannot write %s: %s\n", out, strerror(errno));
    buf_free(&b);
    return r;
}

/* The first function of the IR declared without a body that is not an
   intrinsic (llvm.*), an OpenCL built-in (mangled _Z*, or printf) or a
   SPIR-V one (__spirv_*, __*): a user function without a definition. NULL if none;
   the caller frees. */
static char *bodiless(const char *ll)
{
    char *data, *p, *name = NULL;
    size_t len;

    if (read_all(ll, &data, &len))
        return NULL;
    for (p = data; (p = strstr(p, "\ndeclare ")) != NULL && !name; p++) {
        const char *at = ir_find_global(p + 1, ir_line_end(p + 1, p + strlen(p)), "@");
        size_t n;

        if (!at)
            continue;
        n = ir_name_len(++at);
        if (*at == '"') {   /* a quoted name: its text */
            at++;
            n = n >= 2 ? n - 2 : 0;
        }
        if (strncmp(at, "llvm.", 5) && strncmp(at, "_Z", 2) && strncmp(at, "__", 2) &&
            !(n == 6 && !strncmp(at, "printf", 6)))
            name = xsprintf("%.*s", (int)n, at);
    }
    free(data);
    return name;
}

/* ---- the clang and llvm-spirv pair ---- */

/* the LLVM versions whose clang and llvm-spirv the suite passes with
   (tests/cl), in the order the message names them */
static const int known_llvm[] = { 15, 14 };
#define NKNOWN (sizeof known_llvm / sizeof known_llvm[0])

/* the first part of what `tool --version` prints (its stdout) into buf;
   0, or -1 after a message when it cannot run */
static int version_text(const char *tool, char *buf, size_t size)
{
    posix_spawn_file_actions_t fa;
    char *argv[3], **env = child_env();
    size_t n = 0;
    ssize_t got;
    pid_t pid;
    int fd[2], r, st;

    argv[0] = (char *)tool;
    argv[1] = "--version";
    argv[2] = NULL;
    if (pipe(fd) != 0)
        return -1;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, fd[1], 1);
    posix_spawn_file_actions_addclose(&fa, fd[0]);
    r = posix_spawnp(&pid, tool, &fa, NULL, argv, env);
    posix_spawn_file_actions_destroy(&fa);
    free(env);
    close(fd[1]);
    if (r) {
        close(fd[0]);
        fprintf(stderr, "spv2c: cannot run %s: %s (name it with --clang/--llvm-spirv or "
                "SPV2C_CLANG/SPV2C_LLVM_SPIRV)\n", tool, strerror(r));
        return -1;
    }
    while ((got = read(fd[0], buf + n, n + 1 < size ? size - 1 - n : 0)) > 0 ||
           (got < 0 && errno == EINTR))
        n += got > 0 ? (size_t)got : 0;
    buf[n] = 0;
    close(fd[0]);
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
        ;
    return 0;
}

/* the major version after what ("clang version " in "Debian clang version
   15.0.6", "LLVM version " in llvm-spirv's): 0 when none */
static int llvm_major(const char *s, const char *what)
{
    const char *p = s;

    while ((p = strstr(p, what)) != NULL)
        if (*(p += strlen(what)) >= '0' && *p <= '9')
            return atoi(p);
    return 0;
}

static void name_version(char *buf, size_t size, int v)
{
    if (v)
        snprintf(buf, size, "LLVM %d", v);
    else
        snprintf(buf, size, "no LLVM version in its --version");
}

/* clang and llvm-spirv of one LLVM version spv2c knows: 0; else -1 after
   one line naming both and the versions that work. Checked once a pair. */
static int check_tools(const char *clang, const char *spirv)
{
    static char *good;   /* the pair last found good */
    char *pair = xsprintf("%s\n%s", clang, spirv), text[4096], cv[64], sv[64];
    int c, v, k, ok = 0;

    if (good && !strcmp(good, pair)) {
        free(pair);
        return 0;
    }
    c = version_text(clang, text, sizeof text) ? -1 : llvm_major(text, "clang version ");
    v = c < 0 || version_text(spirv, text, sizeof text) ? -1 : llvm_major(text, "LLVM version ");
    if (v < 0) {
        free(pair);
        return -1;
    }
    for (k = 0; k < (int)NKNOWN; k++)
        ok |= c == v && c == known_llvm[k];
    if (!ok) {
        name_version(cv, sizeof cv, c);
        name_version(sv, sizeof sv, v);
        fprintf(stderr, "spv2c: error: %s (%s) with %s (%s): spv2c needs clang and "
                "llvm-spirv of the same LLVM version, ", clang, cv, spirv, sv);
        for (k = 0; k < (int)NKNOWN; k++)
            fprintf(stderr, "%d%s", known_llvm[k], k + 2 < (int)NKNOWN ? ", " :
                    k + 1 < (int)NKNOWN ? " or " : "");
        fputs(" (select them with --clang and --llvm-spirv)\n", stderr);
        free(pair);
        return -1;
    }
    free(good);
    good = pair;
    return 0;
}

static int run_clang(Driver *d, const char *clang, const char *input, int gnu89);
static int finish(Driver *d, const char *clang, const char *spirv, const char *input,
                  char **spv);

int driver_compile(Driver *d, const char *input, char **spv)
{
    const char *clang = tool(d->clang, "SPV2C_CLANG", "clang-15");
    const char *spirv = tool(d->llvm_spirv, "SPV2C_LLVM_SPIRV", "llvm-spirv-15");
    char *missing;

    if (check_tools(clang, spirv) || make_tmpdir(d))
        return -1;
    if (run_clang(d, clang, input, 0))
        return -1;
    /* C99: a plain `inline` function has no external definition, so at
       -O0 its calls are to a declaration. Once more with gnu89 rules, where
       it has one; `extern inline` is then inline-only, so a file needing
       both gets a message */
    if ((missing = bodiless(tmp_path("k.ll"))) != NULL) {
        free(missing);
        if (run_clang(d, clang, input, 1))
            return -1;
        /* a module to be linked (--emit-spirv, several inputs) may call
           what another defines: spirv-link, or the back end, names what
           is still missing then */
        if ((missing = bodiless(tmp_path("k.ll"))) != NULL && d->linking) {
            free(missing);
            missing = NULL;
        }
        if (missing != NULL) {
            fprintf(stderr, "%s: error: function '%s' is called but has no definition: at -O0 "
                    "a function declared `inline` without `static` (or `extern inline` next to "
                    "one) has no body; declare it `static inline`\n", input, missing);
            free(missing);
            return -1;
        }
    }
    return finish(d, clang, spirv, input, spv);
}

/* clang: OpenCL C to optimised LLVM IR (k.ll), and its depfile */
static int run_clang(Driver *d, const char *clang, const char *input, int gnu89)
{
    const char **a = xcalloc((size_t)d->ncl_args + (size_t)d->nclang_maps + 32, sizeof *a);
    int n = 0, k, r;

    /* defaults first: the user's options come later and win */
    a[n++] = clang;
    a[n++] = "-cl-std=CL2.0";
    a[n++] = "-O2";
    for (k = 0; k < d->ncl_args; k++)
        a[n++] = d->cl_args[k];
    for (k = d->nclang_maps - 1; k >= 0; k--)
        a[n++] = d->clang_maps[k];
    a[n++] = "-target";
    a[n++] = d->target;
    /* OpLine: our messages name the source line. Not -g (spv2c -g): with
       it llvm-spirv-15 aborts on some -O2 modules ("unsupported opcode
       found in DIExpression", tests/golden/reduce.cl) */
    a[n++] = "-gline-tables-only";
    a[n++] = "-fno-discard-value-names";   /* OpName: the C names the kernel's */
    a[n++] = "-Xclang";
    a[n++] = "-finclude-default-header";
    if (gnu89)
        a[n++] = "-fgnu89-inline";     /* a plain `inline` function gets its body */
    a[n++] = "-fno-vectorize";         /* no llvm.vector.reduce.* or odd vectors */
    a[n++] = "-fno-slp-vectorize";
    if (d->md || d->mf || d->nmt || d->mp) {
        a[n++] = d->md == 2 ? "-MMD" : "-MD";
        a[n++] = "-MF";
        a[n++] = tmp_path("k.d");
    }
    a[n++] = "-S";
    a[n++] = "-emit-llvm";
    a[n++] = "-o";
    a[n++] = tmp_path("k.ll");
    a[n++] = "-x";
    a[n++] = "cl";
    a[n++] = input;
    a[n] = NULL;
    r = run((char **)a);
    free(a);
    return r;
}

/* the rest of driver_compile: freeze, back to bitcode, SPIR-V */
static int finish(Driver *d, const char *clang, const char *spirv, const char *input,
                  char **spv)
{
    const char *a[12];
    int n = 0;

    if (rewrite_ir(tmp_path("k.ll"), tmp_path("k2.ll"), input))
        return -1;
    a[n++] = clang;
    a[n++] = "-target";
    a[n++] = d->target;
    a[n++] = "-c";
    a[n++] = "-emit-llvm";
    a[n++] = "-Xclang";
    a[n++] = "-disable-llvm-passes";
    a[n++] = "-o";
    a[n++] = tmp_path("k.bc");
    a[n++] = tmp_path("k2.ll");
    a[n] = NULL;
    if (run((char **)a)) {
        fprintf(stderr, "%s: error: clang could not read back its own LLVM IR\n", input);
        return -1;
    }
    n = 0;
    a[n++] = spirv;
    /* the kernels' OpenCL C parameter types and qualifiers as OpString
       "kernel_arg_type.K.int*,float,..." (api.c: the header's types) */
    a[n++] = "--preserve-ocl-kernel-arg-type-metadata-through-string";
    a[n++] = tmp_path("k.bc");
    a[n++] = "-o";
    a[n++] = tmp_path("k.spv");
    a[n] = NULL;
    if (run((char **)a)) {
        fprintf(stderr, "%s: error: %s could not translate the kernel to SPIR-V\n", input, spirv);
        return -1;
    }
    *spv = xstrdup(tmp_path("k.spv"));
    return 0;
}

/* ---- dependency files ---- */

static void add_dep(Driver *d, const char *path);

/* The prerequisites of clang's depfile: everything after the first
   unescaped ':' of the rule, split at unescaped blanks. */
static void parse_depfile(Driver *d, const char *s)
{
    Buf w = { 0 };
    int after = 0;

    for (; *s; s++) {
        if (s[0] == '\\' && (s[1] == '\n' || (s[1] == '\r' && s[2] == '\n'))) {
            s += s[1] == '\r' ? 2 : 1;
            continue;
        }
        if (!after) {
            if (*s == ':' && (s[1] == ' ' || s[1] == '\n' || s[1] == '\t' || !s[1]))
                after = 1;
            continue;
        }
        if (s[0] == '\\' && (s[1] == ' ' || s[1] == '#' || s[1] == '\\')) {
            buf_putn(&w, ++s, 1);
            continue;
        }
        if (s[0] == '$' && s[1] == '$') {
            buf_putn(&w, ++s, 1);
            continue;
        }
        if (*s == ' ' || *s == '\t' || *s == '\n') {
            if (w.len) {
                add_dep(d, w.s);
                w.len = 0;
            }
            if (*s == '\n')
                break;
            continue;
        }
        buf_putn(&w, s, 1);
    }
    if (w.len)
        add_dep(d, w.s);
    buf_free(&w);
}

static void put_escaped(FILE *f, const char *s)
{
    for (; *s; s++) {
        if (*s == ' ' || *s == '#' || *s == '\t')
            fputc('\\', f);
        if (*s == '$')
            fputc('$', f);
        fputc(*s, f);
    }
}

static void add_dep(Driver *d, const char *path)
{
    int i;
    for (i = 0; i < d->ndeps; i++)
        if (!strcmp(d->deps[i], path))
            return;   /* a header several inputs include: once */
    d->deps = xrealloc(d->deps, (size_t)(d->ndeps + 1) * sizeof *d->deps);
    d->deps[d->ndeps++] = xstrdup(path);
}

/* gcc's default: the output with its suffix replaced by .d */
static char *default_depfile(const char *input, const char *output)
{
    const char *base = strcmp(output, "-") ? output : input, *slash, *dot;
    char *s;

    if (strcmp(output, "-") == 0 && (slash = strrchr(base, '/')))
        base = slash + 1;
    slash = strrchr(base, '/');
    dot = strrchr(base, '.');
    if (!dot || (slash && dot < slash))
        return xsprintf("%s.d", base);
    s = xsprintf("%.*s.d", (int)(dot - base), base);
    return s;
}

void driver_collect_deps(Driver *d, const char *input)
{
    char *data = NULL;
    size_t len;

    if ((!d->md && !d->mf && !d->nmt && !d->mp) || d->deps_done)
        return;
    d->deps_done = 1;
    if (d->ninputs > 1) {
        /* driver_link noted every input's prerequisites */
    } else if (d->tmpdir && tmp_path("k.d") && !read_all(tmp_path("k.d"), &data, &len)) {
        parse_depfile(d, data);
        free(data);
    } else {
        add_dep(d, input);
    }
}

int driver_depfile(Driver *d, const char *input, const char *output, const char *templates)
{
    char *path;
    size_t k;
    FILE *f;
    int i, r = 0;

    if (!d->md && !d->mf && !d->nmt && !d->mp)
        return 0;
    driver_collect_deps(d, input);
    if (templates)
        for (k = 0; k < embedded_templates_count; k++) {
            char *t = xsprintf("%s/%s", templates, embedded_templates[k].name);
            if (access(t, R_OK) == 0)
                add_dep(d, t);
            free(t);
        }
    path = d->mf ? xstrdup(d->mf) : default_depfile(input, output);
    f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "spv2c: cannot write the dependency file %s: %s\n", path,
                strerror(errno));
        free(path);
        return -1;
    }
    if (d->nmt) {
        for (i = 0; i < d->nmt; i++) {
            if (i)
                fputc(' ', f);
            fputs(d->mt[i], f);   /* -MT is used as given, as gcc does */
        }
    } else {
        put_escaped(f, strcmp(output, "-") ? output : "-");
    }
    fputc(':', f);
    for (i = 0; i < d->ndeps; i++) {
        fputs(" \\\n  ", f);
        put_escaped(f, d->deps[i]);
    }
    fputc('\n', f);
    if (d->mp)
        for (i = 1; i < d->ndeps; i++) {
            fputc('\n', f);
            put_escaped(f, d->deps[i]);
            fputs(":\n", f);
        }
    if (ferror(f))
        r = -1;
    if (fclose(f))
        r = -1;
    if (r) {
        fprintf(stderr, "spv2c: cannot write the dependency file %s: %s\n", path,
                strerror(errno));
        driver_remove_output(path);
    }
    free(path);
    return r;
}

/* ---- several inputs ---- */

/* a temporary file of the shared directory, removed with it */
static char *tmp_more_path(const Driver *d, const char *name)
{
    tmp_more = xrealloc(tmp_more, (ntmp_more + 1) * sizeof *tmp_more);
    tmp_more[ntmp_more] = xsprintf("%s/%s", d->tmpdir, name);
    return tmp_more[ntmp_more++];
}

/* input k as a SPIR-V binary: compiled (OpenCL C) into the temporary
   directory, else the file itself; its prerequisites noted for -MD */
static const char *link_input(Driver *d, int k,
                              int (*normalise)(void *, const char *, const char *), void *ctx)
{
    const char *in = d->inputs[k];
    char *spv = NULL, *data, *path, name[32];
    size_t len;
    int want_deps = d->md || d->mf || d->nmt || d->mp;

    diag_init(in);   /* messages about this input name it */
    diag_source_lines(driver_is_cl(d, in) ? in : NULL);
    if (!driver_is_cl(d, in)) {
        size_t n = strlen(in);
        if (n > 7 && !strcmp(in + n - 7, ".spvasm")) {
            fprintf(stderr, "%s: error: several inputs are linked as SPIR-V binaries: "
                    "assemble it first (spirv-as)\n", in);
            return NULL;
        }
        if (want_deps)
            add_dep(d, in);
        snprintf(name, sizeof name, "in%d.spv", k);
        path = tmp_more_path(d, name);
        return normalise(ctx, in, path) ? NULL : path;
    }
    if (driver_compile(d, in, &spv))
        return NULL;
    if (want_deps && !read_all(tmp_path("k.d"), &data, &len)) {
        parse_depfile(d, data);
        free(data);
    }
    snprintf(name, sizeof name, "in%d.spv", k);
    path = tmp_more_path(d, name);
    if (normalise(ctx, spv, path))
        path = NULL;
    free(spv);
    return path;
}

/* spirv-link takes only modules of one SPIR-V version, and llvm-spirv
   gives each file the lowest its features need: every module gets the
   highest of them (read.c then repairs what a newer version asks more of,
   the entry points' interface lists, and validates the result) */
static int same_version(const char **paths, int n)
{
    uint32_t v[2], max = 0;
    int k, pass;
    for (pass = 0; pass < 2; pass++)
        for (k = 0; k < n; k++) {
            FILE *f = fopen(paths[k], pass ? "r+b" : "rb");
            int ok = f && fread(v, 4, 2, f) == 2 && v[0] == 0x07230203u;
            if (ok && !pass && v[1] > max)
                max = v[1];
            if (ok && pass && v[1] != max)
                ok = fseek(f, 4, SEEK_SET) == 0 && fwrite(&max, 4, 1, f) == 1;
            if (f && fclose(f))
                ok = 0;
            if (!ok) {
                fprintf(stderr, "spv2c: error: cannot read or update the version of %s\n",
                        paths[k]);
                return -1;
            }
        }
    return 0;
}

int driver_link(Driver *d, char **spv, int (*normalise)(void *, const char *, const char *),
                void *ctx)
{
    const char **a = xcalloc((size_t)d->ninputs + 4, sizeof *a);
    const char *linker = tool(d->spirv_link, "SPV2C_SPIRV_LINK", "spirv-link");
    int k, n = 0, r = -1;

    if (make_tmpdir(d))
        goto out;
    a[n++] = linker;
    for (k = 0; k < d->ninputs; k++)
        if ((a[n++] = link_input(d, k, normalise, ctx)) == NULL)
            goto out;
    if (same_version(a + 1, d->ninputs))
        goto out;
    a[n++] = "-o";
    a[n++] = tmp_more_path(d, "linked.spv");
    if (run((char **)a)) {
        fprintf(stderr, "spv2c: error: %s could not link the inputs into one module (two "
                "files defining the same non-static function, or a call to a function none "
                "defines?)\n", linker);
        goto out;
    }
    *spv = xstrdup(a[n - 1]);
    r = 0;
out:
    free(a);
    return r;
}

/* Removes a partly written output named PATH, but only a regular file: an
   output named /dev/null, a FIFO or a device is left alone (as root,
   remove("/dev/null") would delete the device node). */
void driver_remove_output(const char *path)
{
    struct stat st;

    if (stat(path, &st) == 0 && S_ISREG(st.st_mode))
        remove(path);
}

void driver_free(Driver *d)
{
    size_t k;
    int i;

    remove_tmp();
    for (k = 0; k < NTMP; k++) {
        free(tmp_paths[k]);
        tmp_paths[k] = NULL;
    }
    tmp_paths[NTMP] = NULL;
    free(d->tmpdir);
    for (i = 0; i < d->ndeps; i++)
        free(d->deps[i]);
    free(d->deps);
    free(d->cl_args);   /* the joined -D x strings are left: a few bytes */
    free(d->mt);
    for (k = 0; k < ntmp_more; k++)
        free(tmp_more[k]);
    free(tmp_more);
    tmp_more = NULL;
    ntmp_more = 0;
    free(d->inputs);
    free(d->path_maps);
    free(d->clang_maps);
    d->tmpdir = NULL;
}

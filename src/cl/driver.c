/*
 * driver: OpenCL C to SPIR-V with clang-15 and llvm-spirv-15.
 *
 * Three child processes, in a temporary directory removed afterwards:
 *   clang -S -emit-llvm (optimised, with -g)  KERNEL.cl -> k.ll
 *   (here: each `freeze` becomes a no-op, see docs/architecture.md)
 *   clang -c -emit-llvm, no passes            k2.ll     -> k.bc
 *   llvm-spirv                                k.bc      -> k.spv
 * The children inherit stderr, so clang's diagnostics reach the user
 * unchanged, in clang's FILE:LINE:COL form. POSIX only (posix_spawnp).
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

#include "spv2c.h"
#include "driver.h"

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
    d->cl_args = xcalloc((size_t)argc + 1, sizeof *d->cl_args);
    d->mt = xcalloc((size_t)argc + 1, sizeof *d->mt);
    d->inputs = xcalloc((size_t)argc + 1, sizeof *d->inputs);
    d->target = "spir64";
}

static int driver_usage(const char *msg, const char *arg)
{
    fprintf(stderr, "spv2c: %s: %s\nTry 'spv2c --help'.\n", msg, arg);
    return 2;
}

/* -Dx or -D x style: the option and its value as one clang argument */
static int joined(Driver *d, int argc, char **argv, int *i, const char *flag)
{
    size_t n = strlen(flag);
    const char *a = argv[*i];

    if (strncmp(a, flag, n))
        return 0;
    if (a[n]) {
        d->cl_args[d->ncl_args++] = a;
        return 1;
    }
    if (*i + 1 >= argc)
        return driver_usage("option needs a value", a);
    d->cl_args[d->ncl_args++] = xsprintf("%s%s", flag, argv[++*i]);
    return 1;
}

static int value(int argc, char **argv, int *i, const char **out)
{
    if (*i + 1 >= argc)
        return driver_usage("option needs a value", argv[*i]);
    *out = argv[++*i];
    return 1;
}

int driver_option(Driver *d, int argc, char **argv, int *i)
{
    const char *a = argv[*i];
    int r;

    if (!strcmp(a, "--clang"))
        return value(argc, argv, i, &d->clang);
    if (!strcmp(a, "--llvm-spirv"))
        return value(argc, argv, i, &d->llvm_spirv);
    if (!strcmp(a, "--spirv-link"))
        return value(argc, argv, i, &d->spirv_link);
    if (!strcmp(a, "-x")) {
        const char *l = NULL;
        if ((r = value(argc, argv, i, &l)) != 1)
            return r;
        if (strcmp(l, "cl") && strcmp(l, "spirv"))
            return driver_usage("-x takes cl or spirv", l);
        d->lang = strcmp(l, "cl") ? 2 : 1;
        return 1;
    }
    if (!strcmp(a, "-target") || !strncmp(a, "--target=", 9)) {
        const char *t = a + 9;
        if (a[1] == 't' && (r = value(argc, argv, i, &t)) != 1)
            return r;
        if (strcmp(t, "spir") && strcmp(t, "spir64"))
            return driver_usage("-target takes spir or spir64", t);
        d->target = t;
        return 1;
    }
    if (!strcmp(a, "-MD") || !strcmp(a, "-MMD")) {
        d->md = a[2] == 'M' ? 2 : 1;
        return 1;
    }
    if (!strcmp(a, "--emit-spirv")) {
        d->emit_spirv = 1;
        return 1;
    }
    if (!strcmp(a, "-MP")) {
        d->mp = 1;
        return 1;
    }
    if (!strcmp(a, "-MF"))
        return value(argc, argv, i, &d->mf);
    if (!strcmp(a, "-MT"))
        return value(argc, argv, i, &d->mt[d->nmt++]);
    if ((r = joined(d, argc, argv, i, "-D")) || (r = joined(d, argc, argv, i, "-U")) ||
        (r = joined(d, argc, argv, i, "-I")))
        return r;
    if ((a[1] == 'O' && strchr("0123s", a[2]) && a[2] && !a[3]) || !strncmp(a, "-cl-", 4)) {
        d->cl_args[d->ncl_args++] = a;
        return 1;
    }
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

/* `%x = freeze T V[, !md...]` as a no-op of the same value: a bitcast to
   its own type, or, for aggregates (which bitcast does not take), a select
   of V and V. Other lines are copied. */
static void rewrite_line(Buf *b, const char *s, size_t n)
{
    const char *f = NULL, *p, *md, *end = s + n, *v;
    size_t k;

    for (p = s; p + 10 < end; p++)
        if (!strncmp(p, " = freeze ", 10)) {
            f = p;
            break;
        }
    if (!f) {
        buf_putn(b, s, n);
        return;
    }
    p = f + 10;
    for (md = p; md + 3 <= end && strncmp(md, ", !", 3); md++)
        ;
    if (md + 3 > end)
        md = end;
    /* the value: the last token, or a quoted %"..." name */
    v = md;
    if (v > p && v[-1] == '"') {
        for (v -= 2; v > p && !(v[0] == '"' && v[-1] == '%'); v--)
            ;
        v--;
    } else {
        while (v > p && v[-1] != ' ')
            v--;
    }
    k = (size_t)(v - p) ? (size_t)(v - p) - 1 : 0;    /* the type, without its space */
    buf_putn(b, s, (size_t)(f - s) + 3);
    if (p[0] == '{' || p[0] == '[' || (p[0] == '<' && p[1] == '{') ||
        (p[0] == '%' && p[k - 1] != '*')) {
        buf_put(b, "select i1 true, ");
        buf_putn(b, p, (size_t)(md - p));
        buf_put(b, ", ");
        buf_putn(b, p, (size_t)(md - p));
    } else {
        buf_put(b, "bitcast ");
        buf_putn(b, p, (size_t)(md - p));
        buf_put(b, " to ");
        buf_putn(b, p, k);
    }
    buf_putn(b, md, (size_t)(end - md));
}

/* Switches on an odd-width integer made for them alone: clang -O2's
 * InstCombine narrows a switch's value when its high bits are known zero
 * (`%n = trunc i32 %x to i3`, `switch i3 %n, label %d [ i3 -1, label %a
 * ...]`: gen seed 2483), and llvm-spirv-15 takes no such width. Widened
 * back: `%n = and i32 %x, 7`, `switch i32 %n`, each case value modulo 8;
 * the same branches. A trunc with any other use is left (odd_int_width
 * then reports it). */
typedef struct Narrow {
    const char *def, *sw;     /* the trunc's line, the switch's line */
    unsigned w, k;            /* widths: the source's, the narrowed one */
} Narrow;

static int odd_width(unsigned long w)
{
    return w != 1 && w != 8 && w != 16 && w != 32 && w != 64;
}

/* the uses of the value named s[0..n) between from and to: occurrences
   not followed by a name character */
static int count_name(const char *from, const char *to, const char *s, size_t n)
{
    const char *p;
    int c = 0;

    for (p = from; p + n < to; p++)
        if (*p == *s && !memcmp(p, s, n) && !ir_name_char(p[n]))
            c++;
    return c;
}

/* line ln as `  %N = trunc iW %X to iK[, ...]` with K odd and W not:
   the name's length (at ln + 2), else 0 */
static size_t narrowing(const char *ln, const char *eol, Narrow *nw)
{
    const char *p = ln + 2, *q;
    char *end;

    if (strncmp(ln, "  %", 3))
        return 0;
    for (q = p + 1; q < eol && ir_name_char(*q); q++)
        ;
    if (strncmp(q, " = trunc i", 10))
        return 0;
    nw->w = (unsigned)strtoul(q + 10, &end, 10);
    if (odd_width(nw->w) || *end != ' ')
        return 0;
    for (p = end + 1; p < eol && *p != ' '; p++)
        ;
    if (strncmp(p, " to i", 5))
        return 0;
    nw->k = (unsigned)strtoul(p + 5, &end, 10);
    return odd_width(nw->k) && nw->k < nw->w && (*end == '\n' || *end == ',')
        ? (size_t)(q - ln - 2) : 0;
}

/* the narrowed switches of the function body [from, to) into nw[] */
static size_t find_narrow(const char *from, const char *to, Narrow *nw, size_t cap)
{
    const char *ln, *eol, *sw;
    char want[128];
    size_t n = 0, len;

    for (ln = from; ln < to && n < cap; ln = eol + 1) {
        eol = strchr(ln, '\n');
        if (!eol || (len = narrowing(ln, eol, &nw[n])) == 0 || len > 100)
            continue;
        snprintf(want, sizeof want, "\n  switch i%u %.*s, ", nw[n].k, (int)len, ln + 2);
        sw = strstr(eol, want);
        if (sw && sw < to && count_name(from, to, ln + 2, len) == 2 &&
            count_name(sw, strchr(sw + 1, '\n'), ln + 2, len) == 1) {
            nw[n].def = ln;
            nw[n++].sw = sw + 1;
        }
    }
    return n;
}

/* a narrowed switch's line and its case lines, widened; returns the
   switch's closing `  ]` line, which is copied as it is */
static const char *widen_switch(Buf *b, const char *sw, const Narrow *nw)
{
    const char *p, *eol = strchr(sw, '\n');
    unsigned long long mask = (1ull << nw->k) - 1;
    char *end;

    strtoul(sw + 10, &end, 10);                /* past "  switch iK" */
    buf_printf(b, "  switch i%u", nw->w);
    buf_putn(b, end, (size_t)(eol + 1 - end));
    for (p = eol + 1; *p && strncmp(p, "  ]", 3); p = eol + 1) {
        long long v;

        eol = strchr(p, '\n');
        if (!eol)
            break;
        while (*p == ' ')
            buf_putn(b, p++, 1);
        if (*p != 'i') {
            buf_putn(b, p, (size_t)(eol + 1 - p));
            continue;
        }
        strtoul(p + 1, &end, 10);
        v = strtoll(end + 1, &end, 10);
        buf_printf(b, "i%u %llu", nw->w, (unsigned long long)v & mask);
        buf_putn(b, end, (size_t)(eol + 1 - end));
    }
    return p;
}

/* the IR with its narrowed switches widened (see Narrow) */
static void widen_switches(Buf *b, const char *data)
{
    Narrow nw[64];
    size_t n = 0, i;
    const char *p = data, *eol, *fend;

    buf_putn(b, "", 0);                        /* b->s is a string even for "" */
    while (*p) {
        eol = strchr(p, '\n');
        if (!eol)
            eol = p + strlen(p) - 1;
        if (!strncmp(p, "define ", 7))
            n = (fend = strstr(p, "\n}\n")) ? find_narrow(p, fend, nw, sizeof nw / sizeof nw[0])
                                             : 0;
        for (i = 0; i < n && nw[i].def != p && nw[i].sw != p; i++)
            ;
        if (i < n && nw[i].def == p) {
            const char *t = strstr(p, " = trunc "), *to = strstr(t, " to i");
            char *end;

            buf_putn(b, p, (size_t)(t - p));
            buf_put(b, " = and");
            buf_putn(b, t + 8, (size_t)(to - t - 8));
            buf_printf(b, ", %llu", (1ull << nw[i].k) - 1);
            strtoul(to + 5, &end, 10);
            buf_putn(b, end, (size_t)(eol + 1 - end));
        } else if (i < n) {
            p = widen_switch(b, p, &nw[i]);
            continue;
        } else {
            buf_putn(b, p, (size_t)(eol + 1 - p));
        }
        if (!eol[1])
            break;
        p = eol + 1;
    }
}

/* The width of the first integer type in the IR that SPIR-V has no type
 * for (i3, i24, i128: clang's optimiser narrows a switch's value or a
 * bit-field to such a width), or 0. Names (%i3, @i3) and text in quotes
 * are not types. */
static unsigned odd_int_width(const char *ir)
{
    const char *p;
    int quoted = 0;

    for (p = ir; *p; p++) {
        char *end;
        unsigned long w;

        if (*p == '"')
            quoted = !quoted;
        if (quoted || *p != 'i' || p == ir || !strchr(" (<[", p[-1]) || p[1] < '0' || p[1] > '9')
            continue;
        w = strtoul(p + 1, &end, 10);
        if (strchr(" ,)*>]", *end) && *end && odd_width(w))
            return (unsigned)w;
    }
    return 0;
}

/* llvm.bitreverse: clang -O2 makes it from bit-reversing idioms (and
 * InstCombine even makes llvm.bitreverse.i1, the identity: gen seed 3131),
 * and llvm-spirv-15 translates it to OpBitReverse, which needs the Shader
 * capability: the module is then no OpenCL module (spirv-val rejects its
 * WorkgroupSize variable). Each declaration `declare T @llvm.bitreverse.S(T)`
 * becomes a definition `@spv2c.bitreverse.S` of plain shifts and masks
 * (bitreverse_def), and the calls call it. */
static const char BR_LLVM[] = "@llvm.bitreverse.", BR_OURS[] = "@spv2c.bitreverse.";

/* constant c of type t (lanes of width w; an integer lane or a vector of k) */
static void br_const(Buf *b, unsigned k, unsigned w, long long c)
{
    unsigned i;

    if (!k) {
        buf_printf(b, "%lld", c);
        return;
    }
    buf_put(b, "<");
    for (i = 0; i < k; i++)
        buf_printf(b, "%si%u %lld", i ? ", " : "", w, c);
    buf_put(b, ">");
}

/* the definition for suffix S (`i32`, `v4i32`, up to the '('): swap the
   halves of every 2s-bit block, s = 1, 2, 4 ... w/2 (masks 0x55.., 0x33..,
   0x0f..: their top bit is 0, so each prints as a positive number) */
static int bitreverse_def(Buf *b, const char *sfx, size_t n)
{
    unsigned long k = 0, w;
    unsigned s, step = 0, i;
    char *end, t[32];
    const char *p = sfx;

    if (*p == 'v')
        k = strtoul(p + 1, (char **)&p, 10);
    if (*p != 'i')
        return -1;
    w = strtoul(p + 1, &end, 10);
    if (end != sfx + n || odd_width(w) || k > 16)
        return -1;
    if (k)
        snprintf(t, sizeof t, "<%lu x i%lu>", k, w);
    else
        snprintf(t, sizeof t, "i%lu", w);
    buf_printf(b, "define internal %s %s%.*s(%s %%v0) {\n", t, BR_OURS, (int)n, sfx, t);
    for (s = 1; s < w; s *= 2, step++) {
        unsigned long long m = 0;
        for (i = 0; i < w; i++)
            if (!(i / s % 2))
                m |= 1ull << i;
        buf_printf(b, "  %%h%u = lshr %s %%v%u, ", step, t, step);
        br_const(b, (unsigned)k, (unsigned)w, s);
        buf_printf(b, "\n  %%a%u = and %s %%h%u, ", step, t, step);
        br_const(b, (unsigned)k, (unsigned)w, (long long)m);
        buf_printf(b, "\n  %%m%u = and %s %%v%u, ", step, t, step);
        br_const(b, (unsigned)k, (unsigned)w, (long long)m);
        buf_printf(b, "\n  %%l%u = shl %s %%m%u, ", step, t, step);
        br_const(b, (unsigned)k, (unsigned)w, s);
        buf_printf(b, "\n  %%v%u = or %s %%a%u, %%l%u\n", step + 1, t, step, step);
    }
    buf_printf(b, "  ret %s %%v%u\n}\n", t, step);
    return 0;
}

/* the IR with its llvm.bitreverse declarations defined and its calls to
   them renamed (see BR_LLVM); a suffix bitreverse_def does not know stays
   (spv2c then reports the Shader capability) */
static void define_bitreverse(Buf *b, const char *data)
{
    const char *p = data, *eol, *q, *c, *sfx, *par, *next = strstr(data, BR_LLVM);
    int decl;

    buf_putn(b, "", 0);
    if (!next) {   /* the common case: one search, one copy */
        buf_put(b, data);
        return;
    }
    for (; *p; p = eol + 1) {
        eol = strchr(p, '\n');
        if (!eol)
            eol = p + strlen(p) - 1;
        decl = !strncmp(p, "declare ", 8);
        for (q = p; next && next < eol; next = strstr(next + 1, BR_LLVM)) {
            c = next;
            sfx = c + sizeof BR_LLVM - 1;
            par = strchr(sfx, '(');
            if (decl && par && par < eol && !bitreverse_def(b, sfx, (size_t)(par - sfx))) {
                q = eol + 1;   /* the line is replaced */
                break;
            }
            buf_putn(b, q, (size_t)(c - q));
            buf_put(b, decl ? BR_LLVM : BR_OURS);
            q = sfx;
        }
        while (next && next <= eol)
            next = strstr(next + 1, BR_LLVM);
        if (q <= eol)
            buf_putn(b, q, (size_t)(eol + 1 - q));
        if (!eol[1])
            break;
    }
}

static int rewrite_ir(const char *in, const char *out, const char *input)
{
    char *data, *p, *nl;
    size_t len;
    Buf b = { 0 }, w = { 0 };
    FILE *f;
    int r = 0;
    unsigned odd;

    if (read_all(in, &data, &len)) {
        fprintf(stderr, "spv2c: cannot read %s\n", in);
        return -1;
    }
    if (strstr(data, "@llvm.vector.reduce.")) {
        fprintf(stderr, "%s: error: clang's optimiser made llvm.vector.reduce.* calls, which "
                "llvm-spirv-15 cannot translate; compile with -O0\n", input);
        free(data);
        return -1;
    }
    widen_switches(&w, data);
    free(data);
    data = w.s;
    memset(&w, 0, sizeof w);
    define_bitreverse(&w, data);
    free(data);
    data = w.s;
    memset(&w, 0, sizeof w);
    ir_fence_flags(&w, data);
    free(data);
    data = w.s;
    memset(&w, 0, sizeof w);
    ir_order_blocks(&w, data);
    free(data);
    data = w.s;
    if (odd_int_width(data)) {
        memset(&w, 0, sizeof w);
        ir_widen_odd(&w, data);
        free(data);
        data = w.s;
    }
    if ((odd = odd_int_width(data)) != 0) {
        fprintf(stderr, "%s: error: a %u-bit integer (a _BitInt, or a value clang -O2 "
                "narrowed) reaches an operation spv2c does not widen (a call, a parameter, a "
                "load or store, a vector), which llvm-spirv-15 cannot translate; without "
                "_BitInt, -O0 avoids it\n", input, odd);
        free(data);
        return -1;
    }
    for (p = data; *p; p = nl + 1) {
        nl = strchr(p, '\n');
        if (!nl)
            nl = p + strlen(p) - 1;
        rewrite_line(&b, p, (size_t)(nl - p) + 1);
        if (!nl[1])
            break;
    }
    f = fopen(out, "wb");
    if (!f || fwrite(b.s, 1, b.len, f) != b.len)
        r = -1;
    if (f && fclose(f))
        r = -1;
    if (r)
        fprintf(stderr, "spv2c: cannot write %s\n", out);
    free(data);
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
        char *at = strchr(p + 1, '@'), *end;
        char *nl = strchr(p + 1, '\n');
        if (!at || (nl && at > nl))
            continue;
        at++;
        if (*at == '"')
            at++;
        for (end = at; *end && *end != '(' && *end != '"'; end++)
            ;
        if (strncmp(at, "llvm.", 5) && strncmp(at, "_Z", 2) && strncmp(at, "__", 2) &&
            strncmp(at, "printf(", 7))
            name = xsprintf("%.*s", (int)(end - at), at);
    }
    free(data);
    return name;
}

static int run_clang(Driver *d, const char *clang, const char *input, int gnu89);
static int finish(Driver *d, const char *clang, const char *spirv, const char *input,
                  char **spv);

int driver_compile(Driver *d, const char *input, char **spv)
{
    const char *clang = tool(d->clang, "SPV2C_CLANG", "clang-15");
    const char *spirv = tool(d->llvm_spirv, "SPV2C_LLVM_SPIRV", "llvm-spirv-15");
    char *missing;

    if (make_tmpdir(d))
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
        if ((missing = bodiless(tmp_path("k.ll"))) != NULL) {
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
    const char **a = xcalloc((size_t)d->ncl_args + 32, sizeof *a);
    int n = 0, k, r;

    /* defaults first: the user's options come later and win */
    a[n++] = clang;
    a[n++] = "-cl-std=CL2.0";
    a[n++] = "-O2";
    for (k = 0; k < d->ncl_args; k++)
        a[n++] = d->cl_args[k];
    a[n++] = "-target";
    a[n++] = d->target;
    a[n++] = "-gline-tables-only";     /* OpLine: our messages name the source line */
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
        fprintf(stderr, "spv2c: cannot write the dependency file %s\n", path);
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
        fprintf(stderr, "spv2c: cannot write the dependency file %s\n", path);
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
    d->tmpdir = NULL;
}

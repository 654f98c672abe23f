/*
 * lib: libspv2c, the translator behind a small stable C API
 * (include/spv2c/spv2c.h). The spv2c command is one client of it, the
 * OpenCL platform (platform/) another.
 *
 * A translation runs the pipeline of the command, one call a step
 * (translate): front_end (src/cl/driver.c: OpenCL C through clang and
 * llvm-spirv, or several inputs linked; then read.c: assemble, validate,
 * repair what llvm-spirv-15 gets wrong, parse), then back_end (analyse,
 * lower, emit), or with --emit-spirv the module as read instead of C. The
 * C and the header are written into memory, so the caller decides where
 * they go; spv2c_result_write puts them in files as the command does (and
 * the -MD dependency file).
 *
 * Diagnostics come from diag.c's sink as records, each also formatted as the
 * command prints it. The tools the front end runs write to stderr; with
 * capture on, stderr is redirected into a temporary file for the call, and
 * what the tools said lands in the log, in order, its `FILE:LINE:COL:
 * error:` lines as records too. The translator keeps per-run state in
 * statics (diag.c, cl/driver.c), so one mutex serialises translations.
 */
#define _POSIX_C_SOURCE 200809L   /* getrusage, open_memstream, mkdtemp, dup */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#if defined(__unix__) || defined(__APPLE__)
#include <sys/resource.h>
#define CPU_WITH_CHILDREN 1
#endif

#include "spv2c.h"
#include "cl/cl.h"
#include "../include/spv2c/spv2c.h"

struct spv2c_options {
    char **w;                 /* the option words, copied */
    int n, cap;
    void (*fn)(void *ctx, const spv2c_diagnostic *d);
    void *ctx;
    int capture;
};

typedef struct Run Run;
struct spv2c_result {
    int status;
    char **w;                 /* the options' words: Options and Driver point into them */
    int nw;
    Options o;
    Driver d;
    int spirv_out;            /* --emit-spirv */
    Buf c, header, log;
    uint32_t *words;          /* --emit-spirv: the module */
    size_t nwords;
    spv2c_diagnostic *diags;
    size_t ndiags, cap;
    char *tmp;                /* translate_source/_spirv: the input's folder */
    int driver_done;          /* d freed after the run (its temporary files gone) */
    char **deps;              /* what clang read, taken from d for -MD */
    int ndeps;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

const char *spv2c_version(void)
{
    return SPV2C_VERSION;
}

const char *spv2c_spirv_tools_version(void)
{
    return read_tools_version();
}

/* ---- options ---- */

spv2c_options *spv2c_options_new(void)
{
    return calloc(1, sizeof(spv2c_options));
}

void spv2c_options_on_diagnostic(spv2c_options *o, void (*fn)(void *, const spv2c_diagnostic *),
                                 void *ctx)
{
    o->fn = fn;
    o->ctx = ctx;
}

void spv2c_options_capture(spv2c_options *o, int capture)
{
    o->capture = capture;
}

void spv2c_options_free(spv2c_options *o)
{
    int i;
    if (!o)
        return;
    for (i = 0; i < o->n; i++)
        free(o->w[i]);
    free(o->w);
    free(o);
}

static int usage_error(const char *msg, const char *arg)
{
    fprintf(stderr, "spv2c: %s%s%s\n", msg, arg ? ": " : "", arg ? arg : "");
    fputs("Try 'spv2c --help'.\n", stderr);
    return 2;
}

/* the OpenCL C front end's options (d) */
static void apply_driver(Driver *d, const OptMatch *m, const char *word)
{
    const char *v = m->value;

    switch (m->spec->id) {
    case OPT_LANG:
        d->lang = strcmp(v, "cl") ? 2 : 1;
        break;
    case OPT_TARGET:
        d->target = v;
        break;
    case OPT_CLANG:
        d->clang = v;
        break;
    case OPT_LLVM_SPIRV:
        d->llvm_spirv = v;
        break;
    case OPT_SPIRV_LINK:
        d->spirv_link = v;
        break;
    case OPT_CLANG_JOIN:
        d->cl_args[d->ncl_args++] = xsprintf("%s%s", m->spec->name, v);
        break;
    case OPT_CLANG_CC1:
        d->cl_args[d->ncl_args++] = "-Xclang";
        /* fall through */
    case OPT_CLANG_WORD:
    case OPT_WNONE:
    case OPT_WERROR:
        d->cl_args[d->ncl_args++] = word;
        break;
    case OPT_CLANG_PAIR:
        d->cl_args[d->ncl_args++] = m->spec->name;
        d->cl_args[d->ncl_args++] = v;
        break;
    case OPT_EMIT_SPIRV:
        d->emit_spirv = 1;
        break;
    case OPT_MD:
    case OPT_MMD:
        d->md = m->spec->id == OPT_MMD ? 2 : 1;
        break;
    case OPT_MF:
        d->mf = v;
        break;
    case OPT_MT:
        d->mt[d->nmt++] = v;
        break;
    case OPT_MP:
        d->mp = 1;
        break;
    default:
        break;
    }
}

/* the option m (of the words at word) into o and d */
static void apply_option(Options *o, Driver *d, const OptMatch *m, const char *word)
{
    const char *v = m->value;

    switch (m->spec->id) {
    case OPT_OUTPUT:
        o->output = v;
        break;
    case OPT_HEADER:
        o->header = v;
        break;
    case OPT_ENTRY:
        o->entries[o->nentries++] = v;
        break;
    case OPT_PREFIX:
        o->prefix = v;
        break;
    case OPT_TEMPLATES:
        o->templates = v;
        break;
    case OPT_MAIN:
        o->with_main = 1;
        break;
    case OPT_CHECKED:
        o->checked = 1;
        break;
    case OPT_MAD:
        o->mad_unfused = !strcmp(v, "unfused");
        break;
    case OPT_MATH:
        o->math = v[0] == 'a' ? 0 : v[0] == 'p' ? 1 : 2;
        break;
    case OPT_DUMP:
        o->dump_regions = 1;
        break;
    case OPT_NO_LINE:
        o->line_directives = 0;
        break;
    case OPT_DEBUG:
        o->line_directives = 1;
        break;
    case OPT_TIME:
        o->timing = 1;
        break;
    case OPT_WNONE:
        o->warnings = -1;
        break;
    case OPT_WERROR:
        o->warnings = 1;
        break;
    default:
        break;
    }
    apply_driver(d, m, word);
}

/* The option at w[*i] (of n words) into o and d, its value consumed: 1;
   0 when it is no option; 2 after a usage message. */
static int option_word(Options *o, Driver *d, int n, char **w, int *i)
{
    OptMatch m;
    int r = opt_match(n - *i, (const char *const *)w + *i, &m);

    if (r < 0)
        return 2;
    if (r == 0)
        return 0;
    if (m.spec->id == OPT_PREFIX_MAP)   /* its value checked there */
        return driver_prefix_map(d, w[*i]) ? 2 : 1;
    apply_option(o, d, &m, w[*i]);
    *i += m.words - 1;
    return 1;
}

static void options_init(Options *o, int n)
{
    memset(o, 0, sizeof *o);
    o->prefix = "spv2c_";
    o->output = "-";
    o->line_directives = 1;
    o->entries = xcalloc((size_t)n + 1, sizeof *o->entries);
}

/* Parse every word of w into o and d (set up for n words): 0, or 2 after a
   usage message. */
static int parse_words(Options *o, Driver *d, int n, char **w)
{
    int i, r;

    for (i = 0; i < n; i++) {
        r = option_word(o, d, n, w, &i);
        if (r == 2)
            return 2;
        if (r == 0)
            return usage_error("unknown option", w[i]);
    }
    return 0;
}

int spv2c_options_add(spv2c_options *o, int n, const char *const *words)
{
    Options t;
    Driver d;
    int i = 0, r, k;

    if (!o || n < 1 || !words || !words[0])
        return SPV2C_EUSAGE;
    options_init(&t, n);
    driver_init(&d, n);
    r = option_word(&t, &d, n, (char **)words, &i);
    free(t.entries);
    driver_free(&d);
    if (r == 0)
        usage_error("unknown option", words[0]);
    if (r != 1)
        return SPV2C_EUSAGE;
    if (o->n + i + 1 > o->cap) {
        o->cap = 2 * o->cap + i + 8;
        o->w = xrealloc(o->w, (size_t)o->cap * sizeof *o->w);
    }
    for (k = 0; k <= i; k++)
        o->w[o->n++] = xstrdup(words[k]);
    return i + 1;
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

/* ---- diagnostics ---- */

typedef struct Sink {
    spv2c_result *r;
    const spv2c_options *opt;
    int fd;                   /* capture: the file stderr goes to, else -1 */
    off_t seen;               /* how much of it has been read as records */
    const char *strip;        /* a temporary folder to leave out of names, or NULL */
} Sink;

/* s without the temporary folder's name (malloc'd) */
static char *stripped(const Sink *k, const char *s)
{
    Buf b = {0};
    size_t n = k->strip ? strlen(k->strip) : 0;
    const char *p;

    buf_putn(&b, "", 0);
    while (n && (p = strstr(s, k->strip)) != NULL && p[n] == '/') {
        buf_putn(&b, s, (size_t)(p - s));
        s = p + n + 1;
    }
    buf_put(&b, s);
    return b.s;
}

static void add_record(Sink *k, const spv2c_diagnostic *d)
{
    spv2c_result *r = k->r;
    spv2c_diagnostic *n;

    if (r->ndiags == r->cap) {
        r->cap = 2 * r->cap + 8;
        r->diags = xrealloc(r->diags, r->cap * sizeof *r->diags);
    }
    n = &r->diags[r->ndiags++];
    *n = *d;
    n->file = stripped(k, d->file);
    n->message = stripped(k, d->message);
    n->text = stripped(k, d->text);
    if (k->opt->fn)
        k->opt->fn(k->opt->ctx, n);
}

/* one line of a tool's output as a record when it reads `FILE:LINE:COL:
   error: MESSAGE` (or warning, or FILE: error:) */
static void tool_line(Sink *k, const char *ln)
{
    const char *sev = "error", *p = strstr(ln, ": error: ");
    const char *w = strstr(ln, ": warning: ");
    spv2c_diagnostic d;
    char *file;
    unsigned long a = 0, b = 0;

    if (w && (!p || w < p)) {
        p = w;
        sev = "warning";
    }
    if (!p)
        return;
    memset(&d, 0, sizeof d);
    file = xsprintf("%.*s", (int)(p - ln), ln);
    w = strchr(file, ':');
    if (w && sscanf(w, ":%lu:%lu", &a, &b) >= 1)
        file[w - file] = 0;
    else if (w && sscanf(w, ": word %lu", &d.word) == 1)   /* FILE: word N: error: */
        file[w - file] = 0;
    d.file = file;
    d.line = (unsigned)a;
    d.column = (unsigned)b;
    d.severity = sev;
    d.message = p + strlen(sev) + 4;
    d.text = ln;
    add_record(k, &d);
    free(file);
}

/* what the tools wrote to the capture file since the last look: records */
static void tool_output(Sink *k)
{
    off_t end;
    char *s, *ln, *nl;
    ssize_t got;

    if (k->fd < 0)
        return;
    fflush(stderr);
    end = lseek(k->fd, 0, SEEK_END);
    if (end <= k->seen)
        return;
    s = xmalloc((size_t)(end - k->seen) + 1);
    got = pread(k->fd, s, (size_t)(end - k->seen), k->seen);
    s[got > 0 ? got : 0] = 0;
    for (ln = s; *ln; ln = nl + 1) {
        nl = strchr(ln, '\n');
        if (!nl)
            nl = ln + strlen(ln) - 1;
        else
            *nl = 0;
        tool_line(k, ln);
    }
    free(s);
    k->seen = end;
}

/* diag.c's sink: the translator's own diagnostics */
static void on_diag(void *ctx, const DiagRec *r)
{
    Sink *k = ctx;
    Buf b = {0};
    spv2c_diagnostic d;

    tool_output(k);
    diag_format(&b, r);
    memset(&d, 0, sizeof d);
    d.file = r->file;
    d.line = r->line;
    d.column = r->col;
    d.word = r->word;
    d.severity = "error";
    d.message = r->msg;
    d.text = b.s;
    add_record(k, &d);
    if (k->fd >= 0) {
        fputs(b.s, stderr);
        fflush(stderr);
        k->seen = lseek(k->fd, 0, SEEK_END);
    } else {
        buf_put(&k->r->log, b.s);
    }
    buf_free(&b);
}

/* capture: stderr into a temporary file until capture_end; its old
   descriptor in *saved */
static int capture_start(Sink *k, int *saved)
{
    FILE *f;

    k->fd = -1;
    if (!k->opt->capture)
        return 0;
    fflush(stderr);
    f = tmpfile();
    if (!f)
        return -1;
    k->fd = dup(fileno(f));
    fclose(f);
    *saved = dup(2);
    if (k->fd < 0 || *saved < 0 || dup2(k->fd, 2) < 0)
        return -1;
    return 0;
}

/* stderr back; the captured text into the log */
static void capture_end(Sink *k, int saved)
{
    off_t end;
    char *s;
    ssize_t got;

    if (k->fd < 0)
        return;
    tool_output(k);
    dup2(saved, 2);
    close(saved);
    end = lseek(k->fd, 0, SEEK_END);
    s = xmalloc((size_t)end + 1);
    got = pread(k->fd, s, (size_t)end, 0);
    s[got > 0 ? got : 0] = 0;
    free(k->r->log.s);
    k->r->log.s = NULL;
    k->r->log.len = k->r->log.cap = 0;
    if (k->strip) {
        char *t = stripped(k, s);
        free(s);
        s = t;
    }
    buf_put(&k->r->log, s);
    free(s);
    close(k->fd);
}

/* ---- the pipeline ---- */

/* several inputs: one input's module (in: SPIR-V, of the input being
   read) read, repaired and validated, written without debug info to out */
static int write_words(const uint32_t *w, size_t n, const char *path)
{
    FILE *f = strcmp(path, "-") ? fopen(path, "wb") : stdout;
    int bad;

    if (!f) {
        fprintf(stderr, "spv2c: cannot write %s: %s\n", path, strerror(errno));
        return 1;
    }
    bad = fwrite(w, 4, n, f) != n;
    if (f != stdout)
        bad |= fclose(f) != 0;
    else
        bad |= fflush(f) != 0;
    if (bad) {
        fprintf(stderr, "spv2c: cannot write %s: %s\n", path, strerror(errno));
        if (f != stdout)
            driver_remove_output(path);
    }
    return bad;
}

static int normalise(void *ctx, const char *in, const char *out)
{
    Module mi;
    int r;
    memset(&mi, 0, sizeof mi);
    mi.file = in;
    r = read_module(&mi, in, (const Options *)ctx) || write_words(mi.words, mi.nwords, out);
    module_free(&mi);
    return r;
}

/* the name messages about a linked module give it: "a.cl+b.cl" */
static void linked_name(Buf *b, const Driver *d)
{
    int k;
    for (k = 0; k < d->ninputs; k++) {
        if (k)
            buf_put(b, "+");
        buf_put(b, d->inputs[k]);
    }
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

/* read: the inputs (OpenCL C compiled, several linked) into m; 0 or -1 */
static int front_end(spv2c_result *r, Module *m, Buf *name)
{
    Driver *d = &r->d;
    char *spv = NULL;
    int cl = driver_is_cl(d, r->o.input), ok;

    if (d->ninputs > 1)
        linked_name(name, d);
    else
        buf_put(name, strcmp(r->o.input, "-") ? r->o.input : "<stdin>");
    diag_init(name->s);
    diag_source_lines(cl ? r->o.input : NULL);
    r->o.module_mapped = cl && d->ninputs == 1;   /* clang had -f*-prefix-map */
    diag_path_maps(r->o.module_mapped ? &r->o : NULL);
    m->file = r->o.input;
    d->linking = d->emit_spirv || d->ninputs > 1;
    if (d->ninputs > 1) {
        ok = driver_link(d, &spv, normalise, &r->o) == 0;
        diag_init(name->s);
        diag_source_lines(NULL);
        ok = ok && read_module(m, spv, &r->o) == 0;
    } else {
        ok = (!cl || driver_compile(d, r->o.input, &spv) == 0) &&
             read_module(m, spv ? spv : r->o.input, &r->o) == 0;
    }
    free(spv);
    return ok ? 0 : -1;
}

/* a memory stream's text (open_memstream(s, n)) into b, the stream closed */
static int take_stream(Buf *b, FILE *f, char **s, size_t *n)
{
    int bad = ferror(f) != 0;
    bad |= fclose(f) != 0;
    free(b->s);
    b->s = *s;
    b->len = b->cap = *n;
    return bad ? -1 : 0;
}

/* analyse, lower, emit: the C and the header into r; 0, -1 when emit
   failed, -2 when the analysis or the templates did */
static int back_end(spv2c_result *r, Module *m)
{
    Lower *L = NULL;
    char *cs = NULL, *hs = NULL;
    size_t cn = 0, hn = 0;
    FILE *out, *hdr;
    int ok = 0;

    if (analyse(m, &r->o) != 0 || (L = lower_open(m, &r->o)) == NULL)
        return -2;
    out = open_memstream(&cs, &cn);
    hdr = open_memstream(&hs, &hn);
    if (!out || !hdr)
        diag_fatal_oom();
    ok = emit(m, L, &r->o, out, hdr) == 0;
    ok &= take_stream(&r->c, out, &cs, &cn) == 0;
    ok &= take_stream(&r->header, hdr, &hs, &hn) == 0;
    lower_close(L);
    return ok ? 0 : -1;
}

static void translate(spv2c_result *r)
{
    Module m;
    Buf name = {0};
    double t0 = cpu_seconds(), t1;

    memset(&m, 0, sizeof m);
    if (front_end(r, &m, &name) != 0) {
        r->status = SPV2C_EINPUT;
    } else if (r->d.emit_spirv) {
        r->spirv_out = 1;
        r->words = xmalloc(m.nwords * 4);
        memcpy(r->words, m.words, m.nwords * 4);
        r->nwords = m.nwords;
    } else {
        int e;
        t1 = cpu_seconds();
        if ((e = back_end(r, &m)) != 0)
            r->status = SPV2C_EINPUT;
        if (r->o.timing && e != -2)
            fprintf(stderr, "spv2c: read+validate %.3f s, translate %.3f s (%zu words)\n",
                    t1 - t0, cpu_seconds() - t1, m.nwords);
    }
    module_free(&m);
    buf_free(&name);
}

/* the result of translating paths with o, not run yet: NULL on a usage
   error (after its message) */
static spv2c_result *result_new(const char *const *paths, size_t n, const spv2c_options *o)
{
    spv2c_result *r = xcalloc(1, sizeof *r);
    int i, nw = o ? o->n : 0;

    r->w = xcalloc((size_t)nw + n + 1, sizeof *r->w);
    for (i = 0; i < nw; i++)
        r->w[i] = xstrdup(o->w[i]);
    r->nw = nw;
    options_init(&r->o, nw);
    driver_init(&r->d, nw + (int)n);
    if (parse_words(&r->o, &r->d, nw, r->w) != 0 || !valid_prefix(r->o.prefix)) {
        if (valid_prefix(r->o.prefix) == 0)
            usage_error("--prefix must be a C identifier", r->o.prefix);
        spv2c_result_free(r);
        return NULL;
    }
    for (i = 0; i < (int)n; i++)
        r->d.inputs[r->d.ninputs++] = r->w[nw + i] = xstrdup(paths[i]);
    r->o.input = r->d.inputs[0];
    r->o.path_maps = r->d.path_maps;   /* the driver's until the run ends */
    r->o.npath_maps = r->d.npath_maps;
    return r;
}

/* translate, the diagnostics into r, stderr captured when o asks */
static void run_locked(spv2c_result *r, const spv2c_options *o, const char *strip)
{
    static const spv2c_options none;
    Sink k;
    int saved = -1;

    memset(&k, 0, sizeof k);
    k.r = r;
    k.opt = o ? o : &none;
    k.strip = strip;
    pthread_mutex_lock(&lock);
    if (capture_start(&k, &saved) != 0) {
        r->status = SPV2C_EIO;
    } else {
        diag_set_sink(on_diag, &k);
        translate(r);
        diag_set_sink(NULL, NULL);
    }
    driver_collect_deps(&r->d, r->o.input);
    r->deps = r->d.deps;   /* the driver's temporary files go now, its deps stay */
    r->ndeps = r->d.ndeps;
    r->d.deps = NULL;
    r->d.ndeps = 0;
    driver_free(&r->d);
    r->driver_done = 1;
    capture_end(&k, saved);
    pthread_mutex_unlock(&lock);
}

int spv2c_translate_files(const char *const *paths, size_t n, const spv2c_options *o,
                          spv2c_result **out)
{
    spv2c_result *r;
    size_t i;

    if (!out)
        return SPV2C_EUSAGE;
    *out = NULL;
    for (i = 0; i < n; i++)
        if (!paths[i] || (n > 1 && !strcmp(paths[i], "-")))
            return SPV2C_EUSAGE;
    if (!n || (r = result_new(paths, n, o)) == NULL)
        return SPV2C_EUSAGE;
    run_locked(r, o, NULL);
    *out = r;
    return r->status;
}

int spv2c_translate_file(const char *path, const spv2c_options *o, spv2c_result **out)
{
    return spv2c_translate_files(&path, 1, o, out);
}

/* data written to a new temporary folder as name's last part: the path */
static char *tmp_input(const char *name, const void *data, size_t size, char **dir)
{
    const char *t = getenv("TMPDIR"), *base = strrchr(name, '/');
    char *path;
    FILE *f;
    int bad;

    *dir = xsprintf("%s/spv2c-lib.XXXXXX", t && *t ? t : "/tmp");
    if (!mkdtemp(*dir)) {
        free(*dir);
        *dir = NULL;
        return NULL;
    }
    path = xsprintf("%s/%s", *dir, base ? base + 1 : name);
    f = fopen(path, "wb");
    bad = !f || fwrite(data, 1, size, f) != size;
    if (f)
        bad |= fclose(f) != 0;
    if (!bad)
        return path;
    unlink(path);
    free(path);
    rmdir(*dir);
    free(*dir);
    *dir = NULL;
    return NULL;
}

/* translate data (lang 1: OpenCL C, 2: SPIR-V) under name */
static int translate_memory(const void *data, size_t size, const char *name, int lang,
                            const spv2c_options *o, spv2c_result **out)
{
    spv2c_result *r;
    char *dir, *path;
    const char *p;

    if (!out || !data || !name || !*name)
        return SPV2C_EUSAGE;
    *out = NULL;
    if ((path = tmp_input(name, data, size, &dir)) == NULL)
        return SPV2C_EIO;
    p = path;
    r = result_new(&p, 1, o);
    if (r) {
        r->d.lang = lang;
        r->tmp = dir;
        run_locked(r, o, dir);
        *out = r;
    } else {
        rmdir(dir);
        free(dir);
    }
    unlink(path);
    free(path);
    return r ? r->status : SPV2C_EUSAGE;
}

int spv2c_translate_source(const char *source, size_t size, const char *name,
                           const spv2c_options *o, spv2c_result **out)
{
    return translate_memory(source, size, name ? name : "program.cl", 1, o, out);
}

int spv2c_translate_spirv(const uint32_t *words, size_t nwords, const char *name,
                          const spv2c_options *o, spv2c_result **out)
{
    return translate_memory(words, nwords * 4, name ? name : "module.spv", 2, o, out);
}

/* ---- results ---- */

int spv2c_result_status(const spv2c_result *r)
{
    return r ? r->status : SPV2C_EUSAGE;
}

const char *spv2c_result_text(const spv2c_result *r, int which, size_t *size)
{
    const Buf *b = NULL;

    if (size)
        *size = 0;
    if (!r)
        return NULL;
    if (which == SPV2C_OUT_SPIRV && r->spirv_out) {
        if (size)
            *size = r->nwords * 4;
        return (const char *)r->words;
    }
    b = which == SPV2C_OUT_C ? &r->c : which == SPV2C_OUT_HEADER ? &r->header :
        which == SPV2C_OUT_LOG ? &r->log : NULL;
    if (!b || !b->s)
        return which == SPV2C_OUT_LOG ? "" : NULL;
    if (size)
        *size = b->len;
    return b->s;
}

size_t spv2c_result_diagnostic_count(const spv2c_result *r)
{
    return r ? r->ndiags : 0;
}

const spv2c_diagnostic *spv2c_result_diagnostic(const spv2c_result *r, size_t i)
{
    return r && i < r->ndiags ? &r->diags[i] : NULL;
}

void spv2c_result_free(spv2c_result *r)
{
    size_t i;
    int k;

    if (!r)
        return;
    for (i = 0; i < r->ndiags; i++) {
        free((char *)r->diags[i].file);
        free((char *)r->diags[i].message);
        free((char *)r->diags[i].text);
    }
    free(r->diags);
    buf_free(&r->c);
    buf_free(&r->header);
    buf_free(&r->log);
    free(r->words);
    if (!r->driver_done)
        driver_free(&r->d);
    for (k = 0; k < r->ndeps; k++)
        free(r->deps[k]);
    free(r->deps);
    free(r->o.entries);
    for (k = 0; r->w[k]; k++)
        free(r->w[k]);
    free(r->w);
    if (r->tmp)
        rmdir(r->tmp);
    free(r->tmp);
    free(r);
}

/* whether the regular file at path holds exactly the n bytes of data */
static int same_bytes(const char *path, const char *data, size_t n)
{
    struct stat st;
    char buf[65536];
    size_t got, at = 0;
    FILE *f;
    int same;

    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode) || (size_t)st.st_size != n ||
        (f = fopen(path, "rb")) == NULL)
        return 0;
    while (at <= n && (got = fread(buf, 1, sizeof buf, f)) > 0 && at + got <= n &&
           !memcmp(buf, data + at, got))
        at += got;
    same = at == n && !ferror(f) && fgetc(f) == EOF;
    fclose(f);
    return same;
}

/* a new file beside path (mode: the old file's, else 0666 less the umask):
   its descriptor, its name in *tmp; -1 when none can be made */
static int open_beside(const char *path, char **tmp)
{
    struct stat st;
    int fd = -1, k;

    for (k = 0; k < 100 && fd < 0; k++) {
        *tmp = xsprintf("%s.spv2c-%ld-%d.tmp", path, (long)getpid(), k);
        fd = open(*tmp, O_WRONLY | O_CREAT | O_EXCL, 0666);
        if (fd < 0) {
            free(*tmp);
            *tmp = NULL;
            if (errno != EEXIST)
                return -1;
        }
    }
    if (fd >= 0 && stat(path, &st) == 0)
        fchmod(fd, st.st_mode & 07777);
    return fd;
}

/* data into the file at path: "-" is stdout; a file that holds those bytes
   already is left alone (its mtime too, so a build does not cascade); a
   regular file (or none yet) is written beside it and renamed over it, so
   no reader sees half a file; anything else (a device, a pipe) in place.
   0, or 1 after a message */
static int write_output(const char *path, const char *data, size_t n)
{
    struct stat st;
    char *tmp = NULL;
    FILE *f;
    int fd = -1, bad;

    if (strcmp(path, "-") && same_bytes(path, data, n))
        return 0;
    if (!strcmp(path, "-"))
        f = stdout;
    else if ((lstat(path, &st) != 0 || S_ISREG(st.st_mode)) &&
             (fd = open_beside(path, &tmp)) >= 0)
        f = fdopen(fd, "wb");
    else
        f = fopen(path, "wb");
    bad = !f || fwrite(data, 1, n, f) != n;
    if (f && f != stdout)
        bad |= fclose(f) != 0;
    else if (f)
        bad |= fflush(f) != 0;
    if (!f && fd >= 0)
        close(fd);
    if (!bad && tmp && rename(tmp, path) != 0)
        bad = 1;
    if (bad)
        fprintf(stderr, "spv2c: cannot write %s: %s\n", path, strerror(errno));
    if (bad && tmp)
        unlink(tmp);
    free(tmp);
    return bad;
}

/* the C file (and the header) at path; 0, or 1 after a message */
static int write_c(const spv2c_result *r, const char *path, const char *header)
{
    int bad = write_output(path, r->c.s ? r->c.s : "", r->c.len);

    if (!bad && header)
        bad = write_output(header, r->header.s ? r->header.s : "", r->header.len);
    if (bad && strcmp(path, "-"))
        driver_remove_output(path);
    if (bad && header)
        driver_remove_output(header);
    return bad;
}

/* --emit-spirv: the module at path; 0, or 1 after a message */
static int write_spirv(const spv2c_result *r, const char *path)
{
    int bad = write_output(path, (const char *)r->words, r->nwords * 4);

    if (bad && strcmp(path, "-"))
        driver_remove_output(path);
    return bad;
}

/* -MD: the dependency file, from a driver set up again with the options */
static int write_depfile(const spv2c_result *r, const char *path)
{
    Options o;
    Driver d;
    int bad;

    options_init(&o, r->nw);
    driver_init(&d, r->nw);
    pthread_mutex_lock(&lock);
    parse_words(&o, &d, r->nw, r->w);
    /* a copy: driver_depfile appends the templates read, reallocating */
    d.deps = xmalloc(((size_t)r->ndeps + 1) * sizeof *d.deps);
    for (d.ndeps = 0; d.ndeps < r->ndeps; d.ndeps++)
        d.deps[d.ndeps] = xstrdup(r->deps[d.ndeps]);
    d.deps_done = 1;
    bad = driver_depfile(&d, r->o.input, path, r->spirv_out ? NULL : r->o.templates) != 0;
    driver_free(&d);
    pthread_mutex_unlock(&lock);
    free(o.entries);
    return bad;
}

int spv2c_result_write(const spv2c_result *r, const char *path, const char *header)
{
    int bad;

    if (!r || !path)
        return SPV2C_EUSAGE;
    if (r->status) {   /* as the command always did: no stale output left */
        if (strcmp(path, "-"))
            driver_remove_output(path);
        if (header)
            driver_remove_output(header);
        return r->status;
    }
    if (r->spirv_out)
        bad = write_spirv(r, path);
    else
        bad = write_c(r, path, header);
    if (!bad && write_depfile(r, path)) {
        bad = 1;
        if (strcmp(path, "-"))
            driver_remove_output(path);
        if (header)
            driver_remove_output(header);
    }
    return bad ? SPV2C_EIO : 0;
}

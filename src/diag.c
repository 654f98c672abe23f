/*
 * diag: diagnostics and the small allocation/string helpers every phase uses.
 *
 * Every problem with the input is `FILE: word N: error: MESSAGE`, followed
 * by the offending instruction as SPIRV-Tools disassembles it, so a user can
 * find it in `spirv-dis` output. Where the module has OpLines (clang -g),
 * a .cl input's messages name the source line instead: read.c records them
 * in Module.lines, and this file, the bottom layer, looks them up
 * (source_line_of, for #line too) and disassembles (nothing here calls up).
 * Errors are counted, not fatal: phases keep going to report every
 * unsupported instruction in one run, and main.c decides the exit status.
 * Running out of memory is the one fatal case.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* libspirv.h defines this constant with external linkage in C: read.c has it */
#define kDefaultMaxIdBound diag_kDefaultMaxIdBound_
#include <spirv-tools/libspirv.h>
#include <spirv/unified1/spirv.h>

#include "spv2c.h"

static const char *diag_file = "<input>";
static int diag_errors;
static const char *diag_lines;  /* the .cl input: name OpLine's source line */

void diag_source_lines(const char *input)
{
    diag_lines = input;
}

/* the -f*-prefix-map clang applied to the module's paths: messages name
   the files as they are (gcc's maps change the output, not messages) */
static const Options *diag_maps;

void diag_path_maps(const Options *o)
{
    diag_maps = o;
}

/* path (in buf, size bytes) with the NEW prefix of the last map that gives
   a file that exists replaced by its OLD */
static void unmapped(char *buf, size_t size)
{
    int i;

    for (i = diag_maps ? diag_maps->npath_maps - 1 : -1; i >= 0; i--) {
        const char *m = diag_maps->path_maps[i], *eq = strchr(m, '=');
        size_t n = strlen(eq + 1);
        char *old;
        if (strncmp(buf, eq + 1, n))
            continue;
        old = xsprintf("%.*s%s", (int)(eq - m), m, buf + n);
        if (strlen(old) < size && access(old, F_OK) == 0) {
            strcpy(buf, old);
            i = 0;
        }
        free(old);
    }
}

/* clang's debug info names a file by its full path; the input file is
   named as the user gave it, as clang's own messages do */
static const char *as_given(const char *path)
{
    size_t n = strlen(path), k;
    const char *in = diag_lines;

    while (in[0] == '.' && in[1] == '/')
        in += 2;
    k = strlen(in);
    if (k <= n && !strcmp(path + n - k, in) && (k == n || path[n - k - 1] == '/'))
        return diag_lines;
    return path;
}

/* the index of the instruction at word in Module.lines, or lines.n */
static size_t line_index(const Module *m, uint32_t word)
{
    size_t lo = 0, hi = m->lines.n;

    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (m->lines.word[mid] < word)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < m->lines.n && m->lines.word[lo] == word ? lo : m->lines.n;
}

int source_line_of(const Module *m, uint32_t word, uint32_t *file, uint32_t *line,
                   uint32_t *col)
{
    size_t lo = line_index(m, word);

    if (lo == m->lines.n)
        return 0;
    *file = m->lines.file[lo];
    *line = m->lines.line[lo];
    *col = m->lines.col[lo];
    return 1;
}

/* the text of OpString id (before the first function), into file */
static int string_named(const Module *m, uint32_t id, char *file, size_t fcap)
{
    size_t w, k;

    for (w = 5; w < m->nwords; w += k) {
        uint32_t op = m->words[w] & 0xffff;
        k = m->words[w] >> 16;
        if (k == 0 || w + k > m->nwords || op == SpvOpFunction)
            return 0;
        if (op == SpvOpString && k >= 3 && m->words[w + 1] == id) {
            char *s = literal_string(m->words + w + 2, k - 2);
            snprintf(file, fcap, "%s", s);
            free(s);
            return 1;
        }
    }
    return 0;
}

/* the recorded line of the instruction at word, with its file's name */
static int line_at(const Module *m, uint32_t word, char *file, size_t fcap, uint32_t *line,
                   uint32_t *col)
{
    uint32_t id;

    return source_line_of(m, word, &id, line, col) && string_named(m, id, file, fcap);
}

/* The OpLine in force at word: the last one before it in its block (an
   OpLine holds until OpNoLine or the end of its block), while the module
   still has them (validation); afterwards read.c's record of them. Its
   file is an OpString. 0 when there is none. */
static int source_line(const Module *m, uint32_t word, char *file, size_t fcap,
                       uint32_t *line, uint32_t *col)
{
    size_t w = 5;
    uint32_t at = 0;

    if (line_at(m, word, file, fcap, line, col))
        return 1;
    while (w < m->nwords && w < word) {
        uint32_t len = m->words[w] >> 16, op = m->words[w] & 0xffff;
        if (len == 0 || w + len > m->nwords)
            return 0;
        if (op == SpvOpLine && len == 4)
            at = (uint32_t)w;
        else if (op == SpvOpNoLine || op == SpvOpFunctionEnd || op == SpvOpBranch ||
                 op == SpvOpBranchConditional || op == SpvOpSwitch || op == SpvOpReturn ||
                 op == SpvOpReturnValue || op == SpvOpUnreachable)
            at = 0;
        w += len;
    }
    if (!at || !string_named(m, m->words[at + 1], file, fcap))
        return 0;
    *line = m->words[at + 2];
    *col = m->words[at + 3];
    return 1;
}

/* the index of the parsed instruction at word, or m->ninsts */
static size_t inst_index(const Module *m, uint32_t word)
{
    size_t lo = 0, hi = m->ninsts;

    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (m->insts[mid].word < word)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < m->ninsts && m->insts[lo].word == word ? lo : m->ninsts;
}

/* does in name an id of the set (its result type or an id operand)? */
static int uses_any(const Module *m, const Inst *in, const unsigned char *set)
{
    unsigned k;

    if (in->type && in->type < m->bound && set[in->type])
        return 1;
    for (k = 0; k < in->nopnds; k++) {
        const Opnd *o = &m->opnds[in->opnd0 + k];
        uint32_t id = m->words[o->off];
        if (o->kind == OPND_ID && id < m->bound && set[id])
            return 1;
    }
    return 0;
}

/* the line on which function fn is declared (its DebugFunction) */
static int function_line(const Module *m, uint32_t fn, char *file, size_t fcap,
                         uint32_t *line, uint32_t *col)
{
    size_t k;

    for (k = 0; k < m->fn_lines.n; k++)
        if (m->fn_lines.fn[k] == fn && string_named(m, m->fn_lines.file[k], file, fcap)) {
            *line = m->fn_lines.line[k];
            *col = m->fn_lines.col[k];
            return 1;
        }
    return 0;
}

/* The line of the first instruction in a function that uses what the
   instruction at i declares, directly or through the types, constants and
   parameters built on it: a type or a module-scope value has no OpLine of
   its own, but its first use in the source does. When no user has a line,
   the line of the first function that takes it (a kernel's parameters are
   on the kernel's line), else that function's first line. */
static int first_use_line(const Module *m, size_t i, char *file, size_t fcap,
                          uint32_t *line, uint32_t *col)
{
    unsigned char *set;
    size_t j;
    uint32_t fn = 0, user_fn = 0, first = 0;
    int found = 0;

    if (!m->insts[i].result || m->insts[i].result >= m->bound)
        return 0;
    set = xcalloc(m->bound, 1);
    set[m->insts[i].result] = 1;
    for (j = i + 1; j < m->ninsts && !found; j++) {
        const Inst *in = &m->insts[j];
        int lined = line_at(m, in->word, file, fcap, line, col);
        fn = in->op == SpvOpFunction ? in->result : in->op == SpvOpFunctionEnd ? 0 : fn;
        if (lined && fn && fn == user_fn && !first)
            first = in->word;
        if (!uses_any(m, in, set))
            continue;
        if (in->result && in->result < m->bound)
            set[in->result] = 1;
        found = fn && lined;
        if (fn && !user_fn) {
            user_fn = fn;
            first = lined ? in->word : 0;
        }
    }
    free(set);
    return found || (user_fn && function_line(m, user_fn, file, fcap, line, col)) ||
           (first && line_at(m, first, file, fcap, line, col));
}

/* the function the instruction at index i is in, or 0 */
static uint32_t function_of(const Module *m, size_t i)
{
    while (i-- > 0)
        if (m->insts[i].op == SpvOpFunction)
            return m->insts[i].result;
        else if (m->insts[i].op == SpvOpFunctionEnd)
            return 0;
    return 0;
}

/* the source line of the instruction at word, else of where the source
   declares (a function, a parameter) or first uses what it declares */
static int placed_line(const Module *m, uint32_t word, char *file, size_t fcap,
                       uint32_t *line, uint32_t *col)
{
    size_t i;

    if (source_line(m, word, file, fcap, line, col))
        return 1;
    i = m->insts ? inst_index(m, word) : m->ninsts;
    if (i == m->ninsts)
        return 0;
    if (m->insts[i].op == SpvOpFunction)
        return function_line(m, m->insts[i].result, file, fcap, line, col);
    if (m->insts[i].op == SpvOpFunctionParameter)
        return function_line(m, function_of(m, i), file, fcap, line, col);
    return first_use_line(m, i, file, fcap, line, col);
}

/* the module's header, the imports and capabilities before word (so an
   OpExtInst decodes), then the instruction at word: n words, caller frees */
static uint32_t *mini_module(const Module *m, uint32_t word, size_t len, size_t *n)
{
    uint32_t *mini = xmalloc((m->nwords + len) * 4);
    size_t w = 5;

    memcpy(mini, m->words, 20);
    *n = 5;
    while (w < m->nwords && w < word) {
        uint32_t k = m->words[w] >> 16, op = m->words[w] & 0xffff;
        if (k == 0 || w + k > m->nwords)
            break;
        if (op == SpvOpExtInstImport || op == SpvOpCapability || op == SpvOpExtension) {
            memcpy(mini + *n, m->words + w, k * 4);
            *n += k;
        }
        w += k;
    }
    memcpy(mini + *n, m->words + word, len * 4);
    *n += len;
    return mini;
}

/* SPIRV-Tools' disassembly of the instruction at word, trimmed; NULL when
   it has none (caller frees). A context a call: errors are few. */
static char *disassemble(const Module *m, uint32_t word)
{
    size_t n, len;
    uint32_t *mini;
    spv_context ctx;
    spv_text text = NULL;
    spv_diagnostic diag = NULL;
    char *s = NULL;

    len = m->words[word] >> 16;
    if (len == 0 || word + len > m->nwords)
        return NULL;
    mini = mini_module(m, word, len, &n);
    ctx = spvContextCreate(SPV_ENV_UNIVERSAL_1_6);
    if (spvBinaryToText(ctx, mini, n, SPV_BINARY_TO_TEXT_OPTION_NO_HEADER, &text, &diag) ==
        SPV_SUCCESS) {
        /* the last line is our instruction */
        const char *p, *last = text->str;
        for (p = text->str; *p; p++)
            if (*p == '\n' && p[1])
                last = p + 1;
        while (*last == ' ')
            last++;
        s = xstrdup(last);
        len = strlen(s);
        while (len && (s[len - 1] == '\n' || s[len - 1] == ' '))
            s[--len] = 0;
    }
    spvTextDestroy(text);
    spvDiagnosticDestroy(diag);
    spvContextDestroy(ctx);
    free(mini);
    return s;
}
/* a SPIR-V literal string of n words (4 bytes a word, first byte low,
   ended by a 0 byte) as a C string; caller frees */
char *literal_string(const uint32_t *w, size_t n)
{
    char *s = xmalloc(n * 4 + 1);
    size_t c;
    for (c = 0; c < n * 4; c++)
        if (!(s[c] = (char)(w[c / 4] >> (8 * (c % 4)))))
            break;
    s[c] = 0;
    return s;
}

/* where an instruction is, for a --checked report: "FILE:LINE: word N"
   when the module has the line, else "word N" (malloc'd) */
char *diag_where(const Module *m, uint32_t word)
{
    char src[512];
    uint32_t line = 0, col = 0;

    if (m && line_at(m, word, src, sizeof src, &line, &col))
        return xsprintf("%s:%u: word %u", diag_lines ? as_given(src) : src, (unsigned)line,
                        (unsigned)word);
    return xsprintf("word %u", (unsigned)word);
}

void diag_init(const char *file)
{
    diag_file = file;
    diag_errors = 0;
}

int diag_count(void)
{
    return diag_errors;
}

/* where diagnostics go: diag_print to stderr unless a sink was set */
static DiagSink *diag_sink_fn;
static void *diag_sink_ctx;

void diag_set_sink(DiagSink *fn, void *ctx)
{
    diag_sink_fn = fn;
    diag_sink_ctx = ctx;
}

/* r as spv2c prints it: its first line, then the disassembled instruction */
void diag_format(Buf *b, const DiagRec *r)
{
    if (r->line) {
        buf_printf(b, "%s:%u:", r->file, r->line);
        if (r->col)
            buf_printf(b, "%u:", r->col);
        buf_printf(b, " error: %s\n", r->msg);
    } else {
        buf_printf(b, "%s: word %u: error: %s\n", r->file, (unsigned)r->word, r->msg);
    }
    if (r->inst && r->line)
        buf_printf(b, "    SPIR-V word %u: %s\n", (unsigned)r->word, r->inst);
    else if (r->inst)
        buf_printf(b, "    %s\n", r->inst);
}

static void diag_emit(const DiagRec *r)
{
    Buf b = {0};

    diag_errors++;
    if (diag_sink_fn) {
        diag_sink_fn(diag_sink_ctx, r);
        return;
    }
    diag_format(&b, r);
    fputs(b.s, stderr);
    buf_free(&b);
}

/* the message of fmt and ap, malloc'd */
static char *vformat(const char *fmt, va_list ap)
{
    va_list aq;
    int n;
    char *s;

    va_copy(aq, ap);
    n = vsnprintf(NULL, 0, fmt, aq);
    va_end(aq);
    s = xmalloc((size_t)(n < 0 ? 0 : n) + 1);
    vsnprintf(s, (size_t)(n < 0 ? 0 : n) + 1, fmt, ap);
    return s;
}

void diag_error(const Module *m, uint32_t word, const char *fmt, ...)
{
    va_list ap;
    char src[512];
    DiagRec r;

    memset(&r, 0, sizeof r);
    r.file = diag_file;
    r.word = word;
    if (diag_lines && m && m->words && word >= 5 && word < m->nwords &&
        placed_line(m, word, src, sizeof src, &r.line, &r.col)) {
        unmapped(src, sizeof src);
        r.file = as_given(src);
    } else {
        r.line = r.col = 0;
    }
    va_start(ap, fmt);
    r.msg = vformat(fmt, ap);
    va_end(ap);
    if (m && m->words && word >= 5 && word < m->nwords)
        r.inst = disassemble(m, word);
    diag_emit(&r);
    free(r.msg);
    free(r.inst);
}

void diag_plain(const char *fmt, ...)
{
    va_list ap;
    DiagRec r;

    memset(&r, 0, sizeof r);
    r.file = diag_file;
    va_start(ap, fmt);
    r.msg = vformat(fmt, ap);
    va_end(ap);
    diag_emit(&r);
    free(r.msg);
}

void diag_fatal_oom(void)
{
    fputs("spv2c: out of memory\n", stderr);
    abort();
}

void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        diag_fatal_oom();
    return p;
}

void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p)
        diag_fatal_oom();
    return p;
}

void *xrealloc(void *p, size_t n)
{
    p = realloc(p, n ? n : 1);
    if (!p)
        diag_fatal_oom();
    return p;
}

char *xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(xmalloc(n), s, n);
}

char *xsprintf(const char *fmt, ...)
{
    va_list ap;
    int n;
    char *s;

    va_start(ap, fmt);
    n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    s = xmalloc((size_t)n + 1);
    va_start(ap, fmt);
    vsnprintf(s, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return s;
}

char *map_path(const Options *o, const char *path)
{
    int i;

    for (i = o->npath_maps - 1; i >= 0; i--) {
        const char *eq = strchr(o->path_maps[i], '=');
        size_t n = (size_t)(eq - o->path_maps[i]);
        if (!strncmp(path, o->path_maps[i], n))
            return xsprintf("%s%s", eq + 1, path + n);
    }
    return xstrdup(path);
}

char *map_module_path(const Options *o, const char *path)
{
    return o->module_mapped ? xstrdup(path) : map_path(o, path);
}

void buf_putn(Buf *b, const char *s, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        b->cap = (b->len + n + 1) * 2;
        b->s = xrealloc(b->s, b->cap);
    }
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = 0;
}

void buf_put(Buf *b, const char *s)
{
    buf_putn(b, s, strlen(s));
}

void buf_printf(Buf *b, const char *fmt, ...)
{
    va_list ap;
    char tmp[256];
    int n;

    va_start(ap, fmt);
    n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < (int)sizeof tmp) {
        buf_putn(b, tmp, (size_t)n);
        return;
    }
    if (b->len + (size_t)n + 1 > b->cap) {
        b->cap = (b->len + (size_t)n + 1) * 2;
        b->s = xrealloc(b->s, b->cap);
    }
    va_start(ap, fmt);
    vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

/* sep and item after the text so far or, when its last line would then
   pass 100 columns (with room for a closing ");"), sep without its
   blanks, a new line, cont and item: lists of parameters and arguments
   stay under 100 columns */
void buf_wrap(Buf *b, const char *sep, const char *item, const char *cont)
{
    size_t col = 0, n = strlen(sep);

    while (col < b->len && b->s[b->len - col - 1] != '\n')
        col++;
    if (col > strlen(cont) && col + n + strlen(item) + 2 > 100) {
        while (n && sep[n - 1] == ' ')
            n--;
        buf_putn(b, sep, n);
        buf_put(b, "\n");
        buf_put(b, cont);
    } else {
        buf_put(b, sep);
    }
    buf_put(b, item);
}

void buf_free(Buf *b)
{
    free(b->s);
    b->s = NULL;
    b->len = b->cap = 0;
}

/* text's non-empty lines, each after ind */
void indent_text(Buf *b, const char *text, const char *ind)
{
    const char *p = text;
    while (*p) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        if (n) {
            buf_put(b, ind);
            buf_putn(b, p, n);
            buf_put(b, "\n");
        }
        p += n + (nl ? 1 : 0);
    }
}

/* text's lines, those that start with a blank after ind (labels and
   #line stay at column 0): layout only */
void indent_code(Buf *b, const char *text, const char *ind)
{
    const char *p;
    for (p = text; p && *p;) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        if (n && p[0] == ' ')
            buf_put(b, ind);
        buf_putn(b, p, n);
        buf_put(b, "\n");
        p += n + (nl ? 1 : 0);
    }
}

void c_string(Buf *b, const char *s)
{
    buf_put(b, "\"");
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            buf_printf(b, "\\%c", *s);
        else if ((unsigned char)*s < 32 || (unsigned char)*s > 126)
            buf_printf(b, "\\%03o", (unsigned char)*s);
        else
            buf_putn(b, s, 1);
    }
    buf_put(b, "\"");
}

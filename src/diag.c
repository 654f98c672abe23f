/*
 * diag: diagnostics and the small allocation/string helpers every phase uses.
 *
 * Every problem with the input is `FILE: word N: error: MESSAGE`, followed
 * by the offending instruction as SPIRV-Tools disassembles it, so a user can
 * find it in `spirv-dis` output. Errors are counted, not fatal: phases keep
 * going to report every unsupported instruction in one run, and main.c
 * decides the exit status. Running out of memory is the one fatal case.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "spv2c.h"

static const char *diag_file = "<input>";
static int diag_errors;

void diag_init(const char *file)
{
    diag_file = file;
    diag_errors = 0;
}

int diag_count(void)
{
    return diag_errors;
}

void diag_error(const Module *m, uint32_t word, const char *fmt, ...)
{
    va_list ap;
    char *dis;

    fprintf(stderr, "%s: word %u: error: ", diag_file, (unsigned)word);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    if (m && m->words && word >= 5 && word < m->nwords) {
        dis = read_disassemble(m, word);
        if (dis) {
            fprintf(stderr, "    %s\n", dis);
            free(dis);
        }
    }
    diag_errors++;
}

void diag_plain(const char *fmt, ...)
{
    va_list ap;

    fprintf(stderr, "%s: word 0: error: ", diag_file);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    diag_errors++;
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

/*
 * lex: the front end's one reader of textual LLVM IR, shared by every pass.
 *
 * The passes (passes.c's table) look for instructions, names and types in
 * the IR clang-15 prints, and must never find them where the IR holds
 * text: string constants (`c"..."`, the bytes of a printf format or a
 * `constant char[]`), metadata strings (`!"..."`), quoted names
 * (`@"..."`, `%"..."`), attribute strings, and comments (`;` to the end
 * of the line). This file knows that lexical structure; the passes ask it
 * for tokens, names, types and definitions. LLVM writes a quote inside
 * quotes as \22 and a newline as \0A, so a string ends at the next quote
 * and never spans lines; every line therefore starts outside any string or
 * comment, and a pass may start reading at any line.
 */
#include <stdlib.h>
#include <string.h>

#include "ir.h"

int ir_name_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           c == '-' || c == '$' || c == '.' || c == '_';
}

/* the length of the quoted text at p (p[0] == '"'), its quotes included;
   an unclosed one ends with its line */
static size_t quoted_len(const char *p, const char *e)
{
    const char *q = p + 1;

    while (q < e && *q != '"' && *q != '\n')
        q++;
    return (size_t)(q - p) + (q < e && *q == '"');
}

size_t ir_name_len(const char *p)
{
    size_t k = 0;

    if (*p == '"')
        return quoted_len(p, p + strlen(p));
    while (ir_name_char(p[k]))
        k++;
    return k;
}

/* the token at p (no blank), p < e */
static IrKind token_at(const char *p, const char *e, size_t *n)
{
    const char *q = p + 1;

    if (*p == '\n' || *p == ';') {
        for (q = p; *p == ';' && q < e && *q != '\n'; q++)
            ;
        *n = *p == '\n' ? 1 : (size_t)(q - p);
        return *p == '\n' ? IR_NEWLINE : IR_COMMENT;
    }
    if (*p == '"' || (*p == 'c' && q < e && *q == '"')) {
        *n = (size_t)(q - p) * (*p == 'c') + quoted_len(p + (*p == 'c'), e);
        return IR_STRING;
    }
    if (*p == '%' || *p == '@' || *p == '!') {
        *n = 1 + (q < e ? (*q == '"' ? quoted_len(q, e) : ir_name_len(q)) : 0);
        if (p + *n > e)
            *n = (size_t)(e - p);
        return *p == '%' ? IR_LOCAL : *p == '@' ? IR_GLOBAL : IR_META;
    }
    if (ir_name_char(*p) || *p == '#') {
        while (q < e && (ir_name_char(*q) || (*q == '+' && (q[-1] == 'e' || q[-1] == 'E'))))
            q++;
        *n = (size_t)(q - p);
        return IR_WORD;
    }
    *n = 1;
    return IR_PUNCT;
}

const char *ir_token(const char *p, const char *e, IrTok *t)
{
    while (p < e && (*p == ' ' || *p == '\t' || *p == '\r'))
        p++;
    t->s = p;
    if (p >= e || !*p) {
        t->kind = IR_END;
        t->n = 0;
        return p;
    }
    t->kind = token_at(p, e, &t->n);
    return p + t->n;
}

const char *ir_code_token(const char *p, const char *e, IrTok *t)
{
    const char *next = ir_token(p, e, t);

    if (t->kind != IR_COMMENT && t->kind != IR_NEWLINE)
        return next;
    t->kind = IR_END;
    t->n = 0;
    return t->s;
}

int ir_tok_is(const IrTok *t, const char *s, size_t n)
{
    return t->n == n && !memcmp(t->s, s, n);
}

int ir_quoted(const IrTok *t)
{
    return (t->kind == IR_LOCAL || t->kind == IR_GLOBAL) && t->n > 1 && t->s[1] == '"';
}

unsigned long ir_int_type(const IrTok *t)
{
    size_t k;

    if (t->kind != IR_WORD || t->n < 2 || t->s[0] != 'i' || t->s[1] < '1' || t->s[1] > '9')
        return 0;
    for (k = 2; k < t->n; k++)
        if (t->s[k] < '0' || t->s[k] > '9')
            return 0;
    return strtoul(t->s + 1, NULL, 10);
}

int ir_odd_width(unsigned long w)
{
    return w != 1 && w != 8 && w != 16 && w != 32 && w != 64;
}

unsigned long ir_odd_width_in(const char *p, const char *e)
{
    IrTok t, next;
    unsigned long w;

    for (p = ir_token(p, e, &t); t.kind != IR_END; t = next) {
        p = ir_token(p, e, &next);
        /* a type, not a label named i3 (`i3:` at a line's start) */
        if ((w = ir_int_type(&t)) != 0 && ir_odd_width(w) && !ir_tok_is(&next, ":", 1))
            return w;
    }
    return 0;
}

const char *ir_find_global(const char *p, const char *e, const char *s)
{
    size_t n = strlen(s);
    IrTok t;

    for (p = ir_token(p, e, &t); t.kind != IR_END; p = ir_token(p, e, &t))
        if (t.kind == IR_GLOBAL && t.n >= n && !memcmp(t.s, s, n))
            return t.s;
    return NULL;
}

const char *ir_line_end(const char *p, const char *end)
{
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    return nl ? nl + 1 : end;
}

const char *ir_defines(const char *ln, const char *e, size_t *len, const char **rest)
{
    IrTok t, eq;
    const char *p = ir_code_token(ln, e, &t);

    if (t.kind != IR_LOCAL || t.n < 2 || ir_quoted(&t))
        return NULL;
    p = ir_code_token(p, e, &eq);
    if (!ir_tok_is(&eq, "=", 1) || eq.s != t.s + t.n + 1 || *p != ' ')
        return NULL;
    *len = t.n - 1;
    *rest = p + 1;
    return t.s + 1;
}

size_t ir_label_len(const char *ln, const char *e)
{
    IrTok t, colon;
    const char *p = ir_token(ln, e, &t);

    if (t.s != ln || (t.kind != IR_WORD && t.kind != IR_STRING) || t.s[0] == '#')
        return 0;
    ir_token(p, e, &colon);
    return colon.s == p && ir_tok_is(&colon, ":", 1) ? t.n : 0;
}

int ir_each_function(Buf *out, const char *ll, IrEach *each, void *ctx)
{
    const char *p = ll, *fn, *fe;
    int sum = 0;

    buf_putn(out, "", 0);
    while ((fn = strstr(p, "\ndefine ")) != NULL) {
        fn++;
        fe = strstr(fn, "\n}\n");
        fe = fe ? fe + 3 : fn + strlen(fn);
        buf_putn(out, p, (size_t)(fn - p));
        sum += each(ctx, out, fn, fe);
        p = fe;
    }
    buf_put(out, p);
    return sum;
}

/*
 * irconv: the driver's repair of OpenCL conversions in textual LLVM IR.
 *
 * llvm-spirv-15 turns a call of convert_T_sat or convert_T_rtX into a
 * conversion instruction with decorations (SaturatedConversion,
 * FPRoundingMode), and loses them in two more cases than irorder.c's:
 * - the call's result is unused (clang keeps such calls: they are
 *   convergent): llvm-spirv drops the instruction but writes its
 *   decorations, on an id that nothing defines;
 * - a phi names the result from a block laid out after the phi's (a loop's
 *   back edge, which no layout avoids): the phi's forward reference takes
 *   the instruction's id, and its decorations go to a new id.
 * Either way the module is invalid ("forward referenced IDs have not been
 * defined"). For a function with either, the driver deletes every unused
 * conversion call (a conversion has no other effect) and gives every
 * conversion a phi names a copy, `%spv2c.fwd.X = bitcast T %X to T` right
 * after it, which the phis name instead: an identity bitcast is the same
 * value, and the forward reference is then to the copy, which has no
 * decorations. Other functions are left as they are.
 */
#include <stdlib.h>
#include <string.h>

#include "spv2c.h"
#include "driver.h"

typedef struct {
    const char *name, *line;  /* the name it defines; its call's line */
    size_t len;
    const char *type;         /* the type of a phi that names it, or NULL */
    size_t tlen;
    int uses;                 /* its name's occurrences, the definition's included */
    int phi_first;            /* a phi naming it comes before it */
} Conv;

static int name_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           c == '-' || c == '$' || c == '.' || c == '_';
}

static const char *line_end(const char *p, const char *end)
{
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    return nl ? nl + 1 : end;
}

/* the name a line `  %x = REST` defines (*rest: REST), or NULL */
static const char *defines(const char *ln, const char *e, size_t *len, const char **rest)
{
    const char *p = ln;
    size_t k = 1;

    while (p < e && *p == ' ')
        p++;
    if (p >= e || *p != '%' || !name_char(p[1]))
        return NULL;
    while (name_char(p[k]))
        k++;
    if (p + k + 3 > e || strncmp(p + k, " = ", 3) != 0)
        return NULL;
    *len = k - 1;
    *rest = p + k + 3;
    return p + 1;
}

/* whether [p, e) holds needle */
static int holds(const char *p, const char *e, const char *needle)
{
    size_t n = strlen(needle);

    for (; p + n <= e; p++)
        if (*p == *needle && !memcmp(p, needle, n))
            return 1;
    return 0;
}

/* the conversion a token at p names (%X), or NULL */
static Conv *conv_at(Conv *c, int n, const char *p)
{
    size_t k = 1;
    int i;

    if (*p != '%')
        return NULL;
    while (name_char(p[k]))
        k++;
    for (i = 0; i < n; i++)
        if (c[i].len == k - 1 && !memcmp(c[i].name, p + 1, k - 1))
            return &c[i];
    return NULL;
}

/* the conversion calls of [def, end), with their use counts */
static Conv *conversions(const char *def, const char *end, int *n)
{
    Conv *c = NULL;
    const char *ln, *p, *rest;
    size_t len;
    int i;

    *n = 0;
    for (ln = def; ln < end; ln = line_end(ln, end)) {
        const char *e = line_end(ln, end), *nm = defines(ln, e, &len, &rest);
        if (!nm || !(strncmp(rest, "call ", 5) == 0 || strncmp(rest, "tail call ", 10) == 0) ||
            !holds(rest, e, "@_Z") || !holds(rest, e, "convert_"))
            continue;
        c = xrealloc(c, (size_t)(*n + 1) * sizeof *c);
        memset(&c[*n], 0, sizeof *c);
        c[*n].name = nm;
        c[*n].len = len;
        c[(*n)++].line = ln;
    }
    for (p = def; *n > 0 && p < end; p++)
        for (i = 0; *p == '%' && i < *n; i++)
            if (!strncmp(p + 1, c[i].name, c[i].len) && !name_char(p[1 + c[i].len]))
                c[i].uses++;
    return c;
}

/* the type of the phi a line defines (*tlen), or NULL when it is no phi */
static const char *phi_type(const char *ln, const char *e, size_t *tlen)
{
    const char *rest, *t;
    size_t len;

    if (!defines(ln, e, &len, &rest) || strncmp(rest, "phi ", 4) != 0)
        return NULL;
    t = rest + 4;
    for (*tlen = 0; t + *tlen + 2 <= e && strncmp(t + *tlen, " [", 2) != 0; (*tlen)++)
        ;
    return t;
}

/* note each conversion a phi names: the phi's type, and whether it comes first */
static void phi_uses(Conv *c, int n, const char *def, const char *end)
{
    const char *ln, *p;

    for (ln = def; ln < end; ln = line_end(ln, end)) {
        const char *e = line_end(ln, end), *t;
        size_t tlen;
        if ((t = phi_type(ln, e, &tlen)) == NULL)
            continue;
        for (p = t + tlen; p < e; p++) {
            Conv *x = conv_at(c, n, p);
            if (x) {
                x->type = t;
                x->tlen = tlen;
                x->phi_first |= ln < x->line;
            }
        }
    }
}

/* a phi line, its conversions named by their copies */
static void put_phi(Buf *out, Conv *c, int n, const char *ln, const char *e, const char *t)
{
    const char *run = ln, *p;

    for (p = t; p < e; p++) {
        Conv *x = conv_at(c, n, p);
        if (x) {
            buf_putn(out, run, (size_t)(p - run));
            buf_printf(out, "%%spv2c.fwd.%.*s", (int)x->len, x->name);
            p += x->len;
            run = p + 1;
        }
    }
    buf_putn(out, run, (size_t)(e - run));
}

int ir_fix_conversions(Buf *out, const char *def, const char *end)
{
    int n, i, need = 0;
    Conv *c = conversions(def, end, &n);
    const char *ln;

    phi_uses(c, n, def, end);
    for (i = 0; i < n; i++)
        need |= c[i].uses == 1 || c[i].phi_first;
    for (ln = def; need && ln < end; ln = line_end(ln, end)) {
        const char *e = line_end(ln, end), *t;
        size_t tlen;
        for (i = 0; i < n && c[i].line != ln; i++)
            ;
        if (i < n && c[i].uses == 1)
            continue;   /* an unused conversion */
        if ((t = phi_type(ln, e, &tlen)) != NULL)
            put_phi(out, c, n, ln, e, t + tlen);
        else
            buf_putn(out, ln, (size_t)(e - ln));
        if (i < n && c[i].type)
            buf_printf(out, "  %%spv2c.fwd.%.*s = bitcast %.*s %%%.*s to %.*s\n",
                       (int)c[i].len, c[i].name, (int)c[i].tlen, c[i].type,
                       (int)c[i].len, c[i].name, (int)c[i].tlen, c[i].type);
    }
    free(c);
    return need;
}

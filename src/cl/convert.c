/*
 * convert: OpenCL conversions whose decorations llvm-spirv-15 would lose,
 * repaired in textual LLVM IR.
 *
 * llvm-spirv-15 turns a call of convert_T_sat or convert_T_rtX into a
 * conversion instruction with decorations (SaturatedConversion,
 * FPRoundingMode), and loses them in two more cases than order.c's:
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

#include "ir.h"

typedef struct {
    const char *name, *line;  /* the name it defines; its call's line */
    size_t len;
    const char *type;         /* the type of a phi that names it, or NULL */
    size_t tlen;
    int uses;                 /* its name's occurrences, the definition's included */
    int phi_first;            /* a phi naming it comes before it */
} Conv;

static int by_name(const void *a, const void *b)
{
    const Conv *x = *(Conv *const *)a, *y = *(Conv *const *)b;
    if (x->len != y->len)
        return x->len < y->len ? -1 : 1;
    return memcmp(x->name, y->name, x->len);
}

/* the conversion a token names (%X; names: sorted by by_name), or NULL */
static Conv *conv_at(Conv **names, int n, const IrTok *t)
{
    Conv key, *kp = &key, **hit;

    if (t->kind != IR_LOCAL || ir_quoted(t) || n == 0)
        return NULL;
    key.name = t->s + 1;
    key.len = t->n - 1;
    hit = bsearch(&kp, names, (size_t)n, sizeof *names, by_name);
    return hit ? *hit : NULL;
}

/* whether the call [p, e) calls an OpenCL conversion built-in: its callee
   (the first global it names) is @_Z<length>convert_... */
static int builtin_conversion(const char *p, const char *e)
{
    const char *at = ir_find_global(p, e, "@_Z"), *q;

    if (!at)
        return 0;
    for (q = at + 3; q < e && *q >= '0' && *q <= '9'; q++)
        ;
    return q > at + 3 && q + 8 <= e && !memcmp(q, "convert_", 8);
}

/* the conversion calls of [def, end) in their order, and in *names
   sorted by name */
static Conv *conversions(const char *def, const char *end, int *n, Conv ***names)
{
    Conv *c = NULL;
    const char *ln, *rest;
    size_t len;
    int i;

    *n = 0;
    for (ln = def; ln < end; ln = ir_line_end(ln, end)) {
        const char *e = ir_line_end(ln, end), *nm = ir_defines(ln, e, &len, &rest);
        if (!nm || !(strncmp(rest, "call ", 5) == 0 || strncmp(rest, "tail call ", 10) == 0) ||
            !builtin_conversion(rest, e))
            continue;
        c = xrealloc(c, (size_t)(*n + 1) * sizeof *c);
        memset(&c[*n], 0, sizeof *c);
        c[*n].name = nm;
        c[*n].len = len;
        c[(*n)++].line = ln;
    }
    *names = xmalloc((size_t)(*n ? *n : 1) * sizeof **names);
    for (i = 0; i < *n; i++)
        (*names)[i] = &c[i];
    qsort(*names, (size_t)*n, sizeof **names, by_name);
    return c;
}

/* each conversion's uses: the occurrences of its name, the definition's
   included */
static void count_uses(Conv **names, int n, const char *def, const char *end)
{
    const char *p;
    IrTok t;

    for (p = ir_token(def, end, &t); n > 0 && t.kind != IR_END; p = ir_token(p, end, &t)) {
        Conv *x = conv_at(names, n, &t);
        if (x)
            x->uses++;
    }
}

/* the type of the phi a line defines (*tlen), or NULL when it is no phi */
static const char *phi_type(const char *ln, const char *e, size_t *tlen)
{
    const char *rest, *t;
    size_t len;

    if (!ir_defines(ln, e, &len, &rest) || strncmp(rest, "phi ", 4) != 0)
        return NULL;
    t = rest + 4;
    for (*tlen = 0; t + *tlen + 2 <= e && strncmp(t + *tlen, " [", 2) != 0; (*tlen)++)
        ;
    return t;
}

/* note each conversion a phi names: the phi's type, and whether it comes first */
static void phi_uses(Conv **c, int n, const char *def, const char *end)
{
    const char *ln, *p;
    IrTok k;

    for (ln = def; ln < end; ln = ir_line_end(ln, end)) {
        const char *e = ir_line_end(ln, end), *t;
        size_t tlen;
        if ((t = phi_type(ln, e, &tlen)) == NULL)
            continue;
        for (p = ir_code_token(t + tlen, e, &k); k.kind != IR_END; p = ir_code_token(p, e, &k)) {
            Conv *x = conv_at(c, n, &k);
            if (x) {
                x->type = t;
                x->tlen = tlen;
                x->phi_first |= ln < x->line;
            }
        }
    }
}

/* a phi line, its conversions named by their copies */
static void put_phi(Buf *out, Conv **c, int n, const char *ln, const char *e, const char *t)
{
    const char *run = ln, *p;
    IrTok k;

    for (p = ir_code_token(t, e, &k); k.kind != IR_END; p = ir_code_token(p, e, &k)) {
        Conv *x = conv_at(c, n, &k);
        if (x) {
            buf_putn(out, run, (size_t)(k.s - run));
            buf_printf(out, "%%spv2c.fwd.%.*s", (int)x->len, x->name);
            run = p;
        }
    }
    buf_putn(out, run, (size_t)(e - run));
}

/* the function [def, end) into out: as it is, or, when it has a conversion
   whose result is unused or that a phi before it names, with every unused
   one deleted and every one a phi names copied for the phis; 1 then */
static int fix_function(void *ctx, Buf *out, const char *def, const char *end)
{
    Conv **names, *c;
    int n, i, next = 0, need = 0;
    const char *ln;

    (void)ctx;
    c = conversions(def, end, &n, &names);
    count_uses(names, n, def, end);
    phi_uses(names, n, def, end);
    for (i = 0; i < n; i++)
        need |= c[i].uses == 1 || c[i].phi_first;
    for (ln = def; need && ln < end; ln = ir_line_end(ln, end)) {
        const char *e = ir_line_end(ln, end), *t;
        size_t tlen;
        Conv *x = next < n && c[next].line == ln ? &c[next++] : NULL;
        if (x && x->uses == 1)
            continue;   /* an unused conversion */
        if ((t = phi_type(ln, e, &tlen)) != NULL)
            put_phi(out, names, n, ln, e, t + tlen);
        else
            buf_putn(out, ln, (size_t)(e - ln));
        if (x && x->type)
            buf_printf(out, "  %%spv2c.fwd.%.*s = bitcast %.*s %%%.*s to %.*s\n",
                       (int)x->len, x->name, (int)x->tlen, x->type,
                       (int)x->len, x->name, (int)x->tlen, x->type);
    }
    if (!need)
        buf_putn(out, def, (size_t)(end - def));
    free(names);
    free(c);
    return need;
}

int ir_fix_conversions(Buf *out, const char *ll)
{
    return ir_each_function(out, ll, fix_function, NULL);
}

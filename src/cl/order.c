/*
 * order: blocks laid out in reverse post-order where llvm-spirv-15 would
 * lose a value's decorations, in textual LLVM IR.
 *
 * llvm-spirv-15 translates a function's blocks in their layout order. When
 * a block uses a value that a block laid out after it defines (clang -O2
 * lays rotated loops and their exits out that way), it makes a forward
 * reference, then gives the definition the reference's id but puts the
 * definition's decorations (SaturatedConversion, FPRoundingMode) on a new
 * id that nothing defines: the module is invalid, and the conversion has
 * lost its meaning. So the driver lays out the blocks of such a function in
 * reverse post-order of its control-flow graph before llvm-spirv runs:
 * every block then comes after its dominators, so after the definition of
 * every value it uses (phis aside, which may name values of later blocks).
 * Blocks unreachable from the entry come last, in their order. Block order
 * has no meaning in LLVM IR, but for the entry block, which stays first.
 *
 * LLVM's parser wants numbered values and blocks (%7, `29:`) in the order
 * they appear, so a reordered function's numbered names become
 * %spv2c.nN (the entry block, unnamed when numbered, gets its label). A
 * module with numbered types (`%0 = type`), whose names a function body
 * could not tell from values, and a function with quoted names are left
 * as they are. Before that, convert.c repairs the conversions no layout
 * saves (a phi naming one through a back edge, one whose result is unused).
 *
 * read.c's reorder_blocks lays out the blocks of SPIR-V modules in the
 * same order, and is needed too: it mends modules llvm-spirv-15 made
 * outside the front end (spv2c k.spv), whose blocks it may lay out before
 * a dominator when nothing is decorated. Here the layout must be fixed
 * before llvm-spirv-15 runs, because the decorations it misplaces can not
 * be told apart afterwards (passes.c's table).
 */
#include <stdlib.h>
#include <string.h>

#include "ir.h"

typedef struct {
    const char *s, *e;       /* its text: the label line (if any) to its end */
    const char *name;        /* its label (the entry's may be Fn.entry) */
    size_t nlen;
    int label_line;          /* its text starts with the label */
} Blk;

typedef struct {             /* a name defined in the function */
    const char *name;
    size_t len;
    int blk;                 /* the defining block; -1: a parameter */
} Def;

typedef struct {
    Blk *b;
    int n;
    Def *d;                  /* sorted by name */
    int nd;
    char entry[24];          /* the entry block's number, when unnamed */
} Fn;

static const char *line_end(const char *p)
{
    return ir_line_end(p, p + strlen(p));
}

static int def_cmp(const void *a, const void *b)
{
    const Def *x = a, *y = b;
    if (x->len != y->len)
        return x->len < y->len ? -1 : 1;
    return memcmp(x->name, y->name, x->len);
}

static const Def *find_def(const Fn *f, const char *name, size_t len)
{
    Def key;

    key.name = name;
    key.len = len;
    return bsearch(&key, f->d, (size_t)f->nd, sizeof *f->d, def_cmp);
}

static void add_def(Fn *f, const char *name, size_t len, int blk)
{
    f->d = xrealloc(f->d, (size_t)(f->nd + 1) * sizeof *f->d);
    f->d[f->nd].name = name;
    f->d[f->nd].len = len;
    f->d[f->nd++].blk = blk;
}

/* the %names of the define line's parameters; the entry block's number
   when it is unnamed (the count of unnamed parameters) */
static void params(Fn *f, const char *def, const char *end)
{
    const char *p = strchr(def, '(');
    unsigned unnamed = 0;
    IrTok t;

    for (p = p ? ir_code_token(p, end, &t) : end; p < end && !ir_tok_is(&t, "{", 1);
         p = ir_code_token(p, end, &t))
        if (t.kind == IR_LOCAL && t.n > 1 && !ir_quoted(&t)) {
            add_def(f, t.s + 1, t.n - 1, -1);
            unnamed += t.s[1] >= '0' && t.s[1] <= '9';
        }
    sprintf(f->entry, "%u", unnamed);
}

/* the name a line defines (`  %x = ...`), in *name and *len; 0 if none */
static int line_def(const char *ln, const char **name, size_t *len)
{
    const char *rest;

    return (*name = ir_defines(ln, line_end(ln), len, &rest)) != NULL;
}

/* the blocks of the body from body (the line after the define line) to
   its closing `}` line; returns that line, or NULL when the text ends */
static const char *blocks(Fn *f, const char *body)
{
    const char *ln = body, *name;
    size_t len;

    f->b = xmalloc(sizeof *f->b);
    f->n = 1;
    f->b[0].s = body;
    f->b[0].name = f->entry;
    f->b[0].nlen = strlen(f->entry);
    f->b[0].label_line = 0;
    for (; *ln && *ln != '}'; ln = line_end(ln)) {
        if ((len = ir_label_len(ln, line_end(ln))) > 0 && !(ln == body)) {
            f->b[f->n - 1].e = ln;
            f->b = xrealloc(f->b, (size_t)(f->n + 1) * sizeof *f->b);
            f->b[f->n].s = ln;
            f->b[f->n].name = ln;
            f->b[f->n].nlen = len;
            f->b[f->n++].label_line = 1;
        } else if (len > 0) {
            f->b[0].name = ln;
            f->b[0].nlen = len;
            f->b[0].label_line = 1;
        } else if (line_def(ln, &name, &len)) {
            add_def(f, name, len, f->n - 1);
        }
    }
    f->b[f->n - 1].e = ln;
    qsort(f->d, (size_t)f->nd, sizeof *f->d, def_cmp);
    return *ln ? ln : NULL;
}

/* whether a block of f uses a value that a block laid out after it
   defines (phis, which name values by their incoming edge, aside) */
static int forward_use(const Fn *f)
{
    int i;

    for (i = 0; i < f->n; i++) {
        const char *ln, *p;
        for (ln = f->b[i].s; ln < f->b[i].e; ln = line_end(ln)) {
            const char *e = line_end(ln);
            const char *nm;
            size_t len;
            IrTok t, prev = { IR_END, NULL, 0 };
            if (line_def(ln, &nm, &len) && !strncmp(nm + len + 3, "phi ", 4))
                continue;
            for (p = ir_code_token(ln, e, &t); t.kind != IR_END; prev = t,
                 p = ir_code_token(p, e, &t)) {
                const Def *d;
                if (t.kind == IR_LOCAL && t.n > 1 && !ir_quoted(&t) &&
                    !ir_tok_is(&prev, "label", 5) &&
                    (d = find_def(f, t.s + 1, t.n - 1)) != NULL && d->blk > i)
                    return 1;
            }
        }
    }
    return 0;
}

/* whether the code of [p, e) has a quoted local name (%"...") */
static int has_quoted(const char *p, const char *e)
{
    IrTok t;

    for (p = ir_token(p, e, &t); t.kind != IR_END; p = ir_token(p, e, &t))
        if (t.kind == IR_LOCAL && ir_quoted(&t))
            return 1;
    return 0;
}

/* the successors of block i (labels: f's block names, sorted), in *out: the
   blocks its `label %x` operands name; returns their count */
static int successors(const Fn *f, const Def *labels, int i, int **out)
{
    const char *p = f->b[i].s, *e = f->b[i].e;
    int n = 0;

    IrTok t, prev = { IR_END, NULL, 0 };

    *out = NULL;
    for (p = ir_token(p, e, &t); t.kind != IR_END; prev = t, p = ir_token(p, e, &t)) {
        Def key, *d;
        if (t.kind != IR_LOCAL || ir_quoted(&t) || !ir_tok_is(&prev, "label", 5))
            continue;
        key.name = t.s + 1;
        key.len = t.n - 1;
        d = bsearch(&key, labels, (size_t)f->n, sizeof *labels, def_cmp);
        if (d) {
            *out = xrealloc(*out, (size_t)(n + 1) * sizeof **out);
            (*out)[n++] = d->blk;
        }
    }
    return n;
}

/* f's block names, sorted (Def.blk: the block) */
static Def *block_names(const Fn *f)
{
    Def *l = xmalloc((size_t)f->n * sizeof *l);
    int i;

    for (i = 0; i < f->n; i++) {
        l[i].name = f->b[i].name;
        l[i].len = f->b[i].nlen;
        l[i].blk = i;
    }
    qsort(l, (size_t)f->n, sizeof *l, def_cmp);
    return l;
}

/* the order to write f's blocks in: reverse post-order from the entry,
   then the unreachable blocks */
static int *rpo(const Fn *f)
{
    int *order = xmalloc((size_t)f->n * sizeof *order), *seen = xcalloc((size_t)f->n, sizeof *seen);
    int *stack = xmalloc((size_t)f->n * sizeof *stack), *next = xcalloc((size_t)f->n, sizeof *next);
    int **succ = xmalloc((size_t)f->n * sizeof *succ), *nsucc = xmalloc((size_t)f->n * sizeof *nsucc);
    int sp = 0, post = f->n, i;
    Def *labels = block_names(f);

    for (i = 0; i < f->n; i++)
        nsucc[i] = successors(f, labels, i, &succ[i]);
    free(labels);
    stack[sp++] = 0;
    seen[0] = 1;
    while (sp > 0) {
        int b = stack[sp - 1];
        if (next[b] < nsucc[b]) {
            int s = succ[b][next[b]++];
            if (!seen[s]) {
                seen[s] = 1;
                stack[sp++] = s;
            }
        } else {
            order[--post] = b;
            sp--;
        }
    }
    /* the reachable blocks fill order[post..n); the rest go after them */
    memmove(order, order + post, (size_t)(f->n - post) * sizeof *order);
    for (i = 0, post = f->n - post; i < f->n; i++)
        if (!seen[i])
            order[post++] = i;
    for (i = 0; i < f->n; i++)
        free(succ[i]);
    free(succ);
    free(nsucc);
    free(stack);
    free(next);
    free(seen);
    return order;
}

/* whether the token is a number (a LOCAL %7 from its sigil on, a WORD 7) */
static int numbered(const IrTok *t, size_t from)
{
    size_t k;

    for (k = from; k < t->n && t->s[k] >= '0' && t->s[k] <= '9'; k++)
        ;
    return t->n > from && k == t->n;
}

/* text [p, e) with each numbered name (%N, and the label `N:` a line
   starts with) written %spv2c.nN */
static void put_renamed(Buf *out, const char *p, const char *e)
{
    const char *run = p, *bol = p, *q;
    IrTok t, colon;

    for (q = ir_token(p, e, &t); t.kind != IR_END; q = ir_token(q, e, &t)) {
        int pct = t.kind == IR_LOCAL;
        if (t.kind == IR_NEWLINE)
            bol = q;
        if (pct ? !numbered(&t, 1) : t.kind != IR_WORD || t.s != bol || !numbered(&t, 0) ||
            (ir_token(q, e, &colon), colon.s != q || !ir_tok_is(&colon, ":", 1)))
            continue;
        buf_putn(out, run, (size_t)(t.s - run));
        buf_printf(out, "%sspv2c.n%.*s", pct ? "%" : "", (int)(t.n - pct), t.s + pct);
        run = q;
    }
    buf_putn(out, run, (size_t)(e - run));
}

/* f laid out in reverse post-order, its define line first and its `}` line
   last (def..body: the define line) */
static void put_reordered(Buf *out, const Fn *f, const char *def, const char *body,
                          const char *close)
{
    int *order = rpo(f), i;

    put_renamed(out, def, body);
    if (!f->b[0].label_line)
        buf_printf(out, "spv2c.n%s:\n", f->entry);
    for (i = 0; i < f->n; i++)
        put_renamed(out, f->b[order[i]].s, f->b[order[i]].e);
    buf_putn(out, close, (size_t)(line_end(close) - close));
    free(order);
}

static void fn_free(Fn *f)
{
    free(f->b);
    free(f->d);
}

/* whether the module declares numbered types (a line `%N = type ...`) */
static int numbered_types(const char *ll)
{
    const char *p;

    IrTok t;

    for (p = ll; *p; p = line_end(p))
        if (ir_token(p, line_end(p), &t), t.s == p && t.kind == IR_LOCAL && numbered(&t, 1))
            return 1;
    return 0;
}

/* the blocks of the function text [def, end): written to out as they are,
   or reordered when a block uses a value a later block defines; 1 then */
static int order_function(void *ctx, Buf *out, const char *def, const char *end)
{
    const char *body = line_end(def), *close;
    int may_rename = *(const int *)ctx, moved;
    Fn f;

    memset(&f, 0, sizeof f);
    params(&f, def, body);
    close = blocks(&f, body);
    moved = close && may_rename && !has_quoted(def, end) && forward_use(&f);
    if (moved)
        put_reordered(out, &f, def, body, close);
    else
        buf_putn(out, def, (size_t)(end - def));
    fn_free(&f);
    return moved;
}

int ir_order_blocks(Buf *out, const char *ll)
{
    int may_rename = !numbered_types(ll);

    return ir_each_function(out, ll, order_function, &may_rename);
}

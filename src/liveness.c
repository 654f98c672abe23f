/*
 * liveness: what a barrier kernel's body keeps across its suspension
 * points, computed before region.c writes any C (region_plan calls
 * live_region once a kernel):
 *
 * - which values are live after each suspension point (liveness over the
 *   body's blocks, down to the instruction);
 * - which of those can be recomputed where the next region starts (pure
 *   arithmetic on the work-item's builtins, the arguments and constants)
 *   and which are kept per work-item (spilled);
 * - which values are uniform (uniform.c) and which are in code no region
 *   writes (dead).
 */
#include <stdlib.h>
#include <string.h>

#include <spirv/unified1/spirv.h>

#include "spv2c.h"

#define SET(s, k) ((s)[(k) >> 5] |= 1u << ((k) & 31))
#define CLR(s, k) ((s)[(k) >> 5] &= ~(1u << ((k) & 31)))
#define HAS(s, k) (((s)[(k) >> 5] >> ((k) & 31)) & 1u)

static const Type *result_type(const Module *m, const Inst *in)
{
    return in->type && in->type < m->bound ? m->ids[in->type].type : NULL;
}


static uint32_t *row(const Live *lv, uint32_t *base, size_t b)
{
    return base + b * lv->nw;
}

/* the body's values: results that are neither labels, variables nor parameters */
static int is_value(const Module *m, const Inst *in)
{
    const Type *t = result_type(m, in);
    return in->result && in->op != SpvOpLabel && in->op != SpvOpVariable &&
           in->op != SpvOpFunctionParameter && t && t->kind != T_VOID;
}

static void successors(const Live *lv, size_t b, void (*fn)(const Live *, size_t, size_t, void *),
                       void *arg)
{
    const Module *m = lv->m;
    const Inst *t = &m->insts[lv->bend[b]];
    unsigned k, n = inst_ntargets(t);
    for (k = 0; k < n; k++)
        fn(lv, b, lv->blk[inst_target(m, t, k)] - 1, arg);
}

static void use_id(const Live *lv, uint32_t *s, uint32_t id)
{
    if (id < lv->m->bound && lv->dense[id])
        SET(s, lv->dense[id] - 1);
}

/* every id operand of a non-phi instruction */
static void uses_of(const Live *lv, uint32_t *s, const Inst *in)
{
    const Module *m = lv->m;
    unsigned k;
    if (inst_emits_nothing(m, in))
        return;   /* never written: it keeps nothing alive */
    for (k = 0; k < in->nopnds; k++)
        if (m->opnds[in->opnd0 + k].kind == OPND_ID)
            use_id(lv, s, m->words[m->opnds[in->opnd0 + k].off]);
}

static int live_setup(Live *lv, const Module *m, const Func *f)
{
    size_t i, b = 0;
    memset(lv, 0, sizeof *lv);
    lv->m = m;
    lv->f = f;
    lv->dense = xcalloc(m->bound, sizeof *lv->dense);
    lv->blk = xcalloc(m->bound, sizeof *lv->blk);
    for (i = f->first; i <= f->last; i++) {
        const Inst *in = &m->insts[i];
        if (in->op == SpvOpLabel)
            lv->nblocks++;
        if (is_value(m, in) && in->result < m->bound)
            lv->nvals++;
    }
    lv->ids = xcalloc(lv->nvals + 1, sizeof *lv->ids);
    lv->bstart = xcalloc(lv->nblocks + 1, sizeof *lv->bstart);
    lv->bend = xcalloc(lv->nblocks + 1, sizeof *lv->bend);
    lv->nvals = 0;
    for (i = f->first; i <= f->last; i++) {
        const Inst *in = &m->insts[i];
        if (in->op == SpvOpLabel) {
            lv->bstart[b] = lv->bend[b] = i;
            lv->blk[in->result] = (uint32_t)++b;
        } else if (b) {
            lv->bend[b - 1] = i;
        }
        if (is_value(m, in) && in->result < m->bound) {
            lv->ids[lv->nvals] = in->result;
            lv->dense[in->result] = (uint32_t)++lv->nvals;
        }
    }
    /* the last block's end is OpFunctionEnd's predecessor */
    if (b)
        lv->bend[b - 1] = f->last - 1;
    lv->nw = (lv->nvals + 31) / 32 + 1;
    lv->in = xcalloc(lv->nblocks * lv->nw, 4);
    lv->out = xcalloc(lv->nblocks * lv->nw, 4);
    lv->use = xcalloc(lv->nblocks * lv->nw, 4);
    lv->def = xcalloc(lv->nblocks * lv->nw, 4);
    lv->phiuse = xcalloc(lv->nblocks * lv->nw, 4);
    return (int)b;
}

static void live_free(Live *lv)
{
    free(lv->dense);
    free(lv->ids);
    free(lv->blk);
    free(lv->bstart);
    free(lv->bend);
    free(lv->in);
    free(lv->out);
    free(lv->use);
    free(lv->def);
    free(lv->phiuse);
}

static void out_join(const Live *lv, size_t b, size_t s, void *changed)
{
    uint32_t *o = row(lv, lv->out, b), *n = row(lv, lv->in, s);
    size_t w;
    for (w = 0; w < lv->nw; w++)
        if (n[w] & ~o[w]) {
            o[w] |= n[w];
            *(int *)changed = 1;
        }
}

static void live_solve(Live *lv)
{
    const Module *m = lv->m;
    size_t b, i, w;
    int changed = 1;
    uint32_t *tmp = xcalloc(lv->nw, 4);

    for (b = 0; b < lv->nblocks; b++) {
        uint32_t *use = row(lv, lv->use, b), *def = row(lv, lv->def, b);
        for (i = lv->bstart[b] + 1; i <= lv->bend[b]; i++) {
            const Inst *in = &m->insts[i];
            if (in->op == SpvOpPhi) {
                unsigned k;
                for (k = 0; !inst_unread(m, in) && k + 1 < in->nopnds; k += 2) {
                    uint32_t pred = opnd_id(m, in, k + 1);
                    if (pred < m->bound && lv->blk[pred])
                        use_id(lv, row(lv, lv->phiuse, lv->blk[pred] - 1), opnd_id(m, in, k));
                }
            } else {
                memset(tmp, 0, lv->nw * 4);
                uses_of(lv, tmp, in);
                for (w = 0; w < lv->nw; w++)
                    use[w] |= tmp[w] & ~def[w];
            }
            if (in->result < m->bound && lv->dense[in->result])
                SET(def, lv->dense[in->result] - 1);
        }
    }
    while (changed) {
        changed = 0;
        for (b = lv->nblocks; b-- > 0;) {
            uint32_t *o = row(lv, lv->out, b), *n = row(lv, lv->in, b);
            uint32_t *use = row(lv, lv->use, b), *def = row(lv, lv->def, b);
            uint32_t *pu = row(lv, lv->phiuse, b);
            successors(lv, b, out_join, &changed);
            for (w = 0; w < lv->nw; w++) {
                uint32_t x;
                if (pu[w] & ~o[w]) {
                    o[w] |= pu[w];
                    changed = 1;
                }
                x = use[w] | (o[w] & ~def[w]);
                if (x != n[w]) {
                    n[w] = x;
                    changed = 1;
                }
            }
        }
    }
    free(tmp);
}

/* the ids live after point p (instruction index) in block b */
static uint32_t *live_after(const Live *lv, size_t b, size_t p)
{
    const Module *m = lv->m;
    const Inst *pt = &m->insts[p];
    uint32_t *s = xcalloc(lv->nw, 4), *list;
    size_t i, k, n = 0;

    memcpy(s, row(lv, lv->out, b), lv->nw * 4);
    for (i = lv->bend[b]; i > p; i--) {
        const Inst *in = &m->insts[i];
        if (in->result < m->bound && lv->dense[in->result])
            CLR(s, lv->dense[in->result] - 1);
        uses_of(lv, s, in);
    }
    /* a work-group function's result is made after the wait; a broadcast
       reads its local id there */
    if (pt->result < m->bound && lv->dense[pt->result])
        CLR(s, lv->dense[pt->result] - 1);
    if (pt->op == SpvOpGroupBroadcast)
        use_id(lv, s, opnd_id(m, pt, 2));
    for (k = 0; k < lv->nvals; k++)
        n += HAS(s, k);
    list = xcalloc(n + 1, sizeof *list);
    for (n = 0, k = 0; k < lv->nvals; k++)
        if (HAS(s, k))
            list[n++] = lv->ids[k];
    free(s);
    return list;
}

/* can the value be recomputed wherever a region needs it? Pure arithmetic
   on constants, parameters, variables' addresses, builtins and other such
   values */
static int rematerialisable(const Module *m, const unsigned char *remat, const uint32_t *dense,
                            const Inst *in)
{
    unsigned k;
    if (!inst_is_pure(in) || in->op == SpvOpPhi || in->op == SpvOpUndef)
        return 0;
    if (in->op == SpvOpLoad) {
        uint32_t p = opnd_id(m, in, 0);
        return p < m->bound && m->ids[p].is_builtin_var;
    }
    for (k = 0; k < in->nopnds; k++) {
        uint32_t id;
        if (m->opnds[in->opnd0 + k].kind != OPND_ID)
            continue;
        id = m->words[m->opnds[in->opnd0 + k].off];
        if (id < m->bound && dense[id] && !remat[id])
            return 0;
    }
    return 1;
}

typedef struct Walk {
    size_t *stack, top;   /* blocks to visit */
    unsigned char *seen;  /* per block: reached */
} Walk;

static void push_succ(const Live *lv, size_t b, size_t s, void *arg)
{
    Walk *w = arg;
    (void)lv;
    (void)b;
    if (!w->seen[s]) {
        w->seen[s] = 1;
        w->stack[w->top++] = s;
    }
}

/* id, which a region reloads or recomputes, and what it is recomputed
   from, declared after all */
static void undead(const Module *m, const Region *rg, unsigned char *dead, uint32_t id)
{
    const Inst *in = def_of(m, id);
    unsigned k;

    if (id >= m->bound || !dead[id])
        return;
    dead[id] = 0;
    for (k = 0; in && rg->remat[id] && k < in->nopnds; k++)
        if (m->opnds[in->opnd0 + k].kind == OPND_ID)
            undead(m, rg, dead, m->words[m->opnds[in->opnd0 + k].off]);
}

/* per id: in code that no region writes, so given no C declaration: a
   block neither the entry nor a suspension point reaches (a loop's
   continue block when its body always returns, at -O0), or the part of
   such a block before its suspension point (the region after the point
   runs the rest) */
static unsigned char *dead_values(const Live *lv, const Region *rg)
{
    const Module *m = lv->m;
    unsigned char *dead = xcalloc(m->bound, 1);
    size_t *from = xmalloc((lv->nblocks + 1) * sizeof *from), b, i, p;
    const uint32_t *l;
    Walk w;

    w.stack = xcalloc(lv->nblocks + 1, sizeof *w.stack);
    w.seen = xcalloc(lv->nblocks + 1, 1);
    w.top = 0;
    for (b = 0; b < lv->nblocks; b++)
        from[b] = lv->bend[b] + 1;
    push_succ(lv, 0, 0, &w);   /* the entry */
    for (p = 1; p <= rg->npoints; p++) {
        for (b = 0; b + 1 < lv->nblocks && lv->bend[b] < rg->point[p]; b++)
            ;
        if (rg->point[p] < from[b])
            from[b] = rg->point[p];
        successors(lv, b, push_succ, &w);
    }
    while (w.top)
        successors(lv, w.stack[--w.top], push_succ, &w);
    for (b = 0; b < lv->nblocks; b++)
        for (i = lv->bstart[b]; !w.seen[b] && i < from[b]; i++)
            if (m->insts[i].result && m->insts[i].result < m->bound)
                dead[m->insts[i].result] = 1;
    for (p = 1; p <= rg->npoints; p++)   /* reloaded or recomputed after a point */
        for (l = rg->live[p]; *l; l++)
            undead(m, rg, dead, *l);
    free(w.stack);
    free(w.seen);
    free(from);
    return dead;
}

/* the region plan's analyses of body f, its suspension points rg->point
   found: rg->live, remat, uniform, dead and spill; 0 when f has no blocks */
int live_region(const Module *m, const Func *f, Region *rg)
{
    Live lv;
    size_t i, b, p;

    if (!live_setup(&lv, m, f)) {
        live_free(&lv);
        return 0;
    }
    live_solve(&lv);
    for (p = 1; p <= rg->npoints; p++) {
        for (b = 0; b + 1 < lv.nblocks && lv.bend[b] < rg->point[p]; b++)
            ;
        rg->live[p] = live_after(&lv, b, rg->point[p]);
    }
    for (i = f->first; i <= f->last; i++) {
        const Inst *in = &m->insts[i];
        if (in->result < m->bound && lv.dense[in->result] &&
            rematerialisable(m, rg->remat, lv.dense, in))
            rg->remat[in->result] = 1;
    }
    rg->uniform = uniformity(&lv);
    rg->dead = dead_values(&lv, rg);
    for (p = 1; p <= rg->npoints; p++) {
        uint32_t *l;
        for (l = rg->live[p]; *l; l++)
            if (!rg->remat[*l])
                rg->spill[*l] = 1;
    }
    live_free(&lv);
    return 1;
}

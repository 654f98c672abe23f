/*
 * uniform: the values of a barrier kernel's body that are the same in
 * every work-item of the group, from the body's control flow graph and its
 * post-dominators (liveness.c asks, for region.c's plan: a uniform value
 * kept across a barrier is one variable, not one a work-item, and a
 * branch on it is taken by the whole group at once).
 */
#include <stdlib.h>
#include <string.h>

#include <spirv/unified1/spirv.h>

#include "spv2c.h"

typedef struct Cfg {
    size_t n;                 /* blocks; node n is the virtual exit */
    size_t *succ, *nsucc;     /* up to 2 + cases successors a block, flattened */
    size_t *soff;
    size_t *pred, *npred, *poff;
} Cfg;

/* a block's successors: its terminator's targets, else the virtual exit */
static size_t nsucc_of(const Inst *t)
{
    return inst_ntargets(t) ? inst_ntargets(t) : 1;
}

static void cfg_build(const Live *lv, Cfg *g)
{
    const Module *m = lv->m;
    size_t b, k, total = 0;
    g->n = lv->nblocks;
    g->soff = xcalloc(g->n + 2, sizeof *g->soff);
    g->nsucc = xcalloc(g->n + 1, sizeof *g->nsucc);
    for (b = 0; b < g->n; b++) {
        g->soff[b] = total;
        total += nsucc_of(&m->insts[lv->bend[b]]);
    }
    g->soff[g->n] = total;
    g->succ = xcalloc(total + 1, sizeof *g->succ);
    for (b = 0; b < g->n; b++) {
        const Inst *t = &m->insts[lv->bend[b]];
        unsigned j, nt = inst_ntargets(t);
        for (j = 0; j < nt; j++)
            g->succ[g->soff[b] + g->nsucc[b]++] = lv->blk[inst_target(m, t, j)] - 1;
        if (!nt)
            g->succ[g->soff[b] + g->nsucc[b]++] = g->n;
    }
    g->npred = xcalloc(g->n + 2, sizeof *g->npred);
    g->poff = xcalloc(g->n + 2, sizeof *g->poff);
    for (b = 0; b < g->n; b++)
        for (k = 0; k < g->nsucc[b]; k++)
            g->npred[g->succ[g->soff[b] + k]]++;
    for (total = 0, b = 0; b <= g->n; b++) {
        g->poff[b] = total;
        total += g->npred[b];
        g->npred[b] = 0;
    }
    g->pred = xcalloc(total + 1, sizeof *g->pred);
    for (b = 0; b < g->n; b++)
        for (k = 0; k < g->nsucc[b]; k++) {
            size_t s = g->succ[g->soff[b] + k];
            g->pred[g->poff[s] + g->npred[s]++] = b;
        }
}

static void cfg_free(Cfg *g)
{
    free(g->succ);
    free(g->nsucc);
    free(g->soff);
    free(g->pred);
    free(g->npred);
    free(g->poff);
}

/* immediate post-dominators (Cooper, Harvey and Kennedy's iteration on the
   reverse graph from the virtual exit); blocks that never reach an exit
   get the exit */
static size_t *post_dominators(const Cfg *g)
{
    size_t n = g->n + 1, *ipd = xcalloc(n, sizeof *ipd), *order = xcalloc(n, sizeof *order);
    size_t *num = xcalloc(n, sizeof *num), *stack = xcalloc(n * 2 + 2, sizeof *stack);
    char *seen = xcalloc(n, 1);
    size_t no = 0, sp = 0, i, k;
    int changed = 1;

    /* postorder of the reverse graph (edges to predecessors) from the exit */
    stack[sp++] = g->n;
    stack[sp++] = 0;
    seen[g->n] = 1;
    while (sp) {
        size_t v = stack[sp - 2], *it = &stack[sp - 1];
        if (*it < g->npred[v]) {
            size_t w = g->pred[g->poff[v] + (*it)++];
            if (!seen[w]) {
                seen[w] = 1;
                stack[sp++] = w;
                stack[sp++] = 0;
            }
        } else {
            num[v] = no;
            order[no++] = v;
            sp -= 2;
        }
    }
    for (i = 0; i < n; i++)
        ipd[i] = (size_t)-1;
    ipd[g->n] = g->n;
    while (changed) {
        changed = 0;
        for (i = no; i-- > 0;) {
            size_t v = order[i], nw = (size_t)-1;
            if (v == g->n)
                continue;
            for (k = 0; k < g->nsucc[v]; k++) {
                size_t s = g->succ[g->soff[v] + k];
                if (ipd[s] == (size_t)-1)
                    continue;
                if (nw == (size_t)-1) {
                    nw = s;
                } else {
                    size_t a = s, b = nw;
                    while (a != b) {
                        while (num[a] < num[b])
                            a = ipd[a];
                        while (num[b] < num[a])
                            b = ipd[b];
                    }
                    nw = a;
                }
            }
            if (nw != (size_t)-1 && ipd[v] != nw) {
                ipd[v] = nw;
                changed = 1;
            }
        }
    }
    for (i = 0; i < n; i++)
        if (ipd[i] == (size_t)-1 || !seen[i])
            ipd[i] = g->n;
    free(order);
    free(num);
    free(stack);
    free(seen);
    return ipd;
}

/* builtins that are the same for the whole group */
static int group_builtin(int32_t b)
{
    return b == SpvBuiltInWorkgroupSize || b == SpvBuiltInWorkgroupId ||
           b == SpvBuiltInNumWorkgroups || b == SpvBuiltInGlobalSize ||
           b == SpvBuiltInGlobalOffset || b == SpvBuiltInWorkDim ||
           b == SpvBuiltInEnqueuedWorkgroupSize || b == SpvBuiltInNumSubgroups ||
           b == SpvBuiltInSubgroupSize || b == SpvBuiltInSubgroupMaxSize ||
           b == SpvBuiltInNumEnqueuedSubgroups;
}

/* is value instruction in divergent, given which values are (div) and
   whether its block is where a divergent branch's paths join (phidiv) */
static int divergent(const Module *m, const Inst *in, const unsigned char *div, int phidiv)
{
    size_t k;
    int d = 0;

    if (inst_is_collective(in)) {
        uint32_t gop = in->op == SpvOpGroupAll || in->op == SpvOpGroupAny ||
                       in->op == SpvOpGroupBroadcast ? 0 : opnd_words(m, in, 1)[0];
        return gop != SpvGroupOperationReduce;
    }
    if (in->op == SpvOpLoad) {
        uint32_t p = opnd_id(m, in, 0);
        return !(p < m->bound && m->ids[p].is_builtin_var && group_builtin(m->ids[p].builtin));
    }
    if (in->op == SpvOpPhi) {
        d = phidiv;
        for (k = 0; k < in->nopnds && !d; k += 2)
            d = opnd_id(m, in, (unsigned)k) < m->bound && div[opnd_id(m, in, (unsigned)k)];
        return d;
    }
    if (!inst_is_pure(in) || in->op == SpvOpUndef)
        return 1;
    for (k = 0; k < in->nopnds && !d; k++)
        if (m->opnds[in->opnd0 + k].kind == OPND_ID) {
            uint32_t id = m->words[m->opnds[in->opnd0 + k].off];
            d = id < m->bound && div[id];
        }
    return d;
}

/* the blocks where the paths from block b's divergent branch join: those
   reached before its immediate post-dominator, and that one */
static void mark_joins(const Live *lv, const Cfg *g, size_t b, size_t join, char *phidiv,
                       char *inr, size_t *stack)
{
    size_t sp = 0, k, v = b;

    memset(inr, 0, lv->nblocks + 2);
    for (;;) {
        for (k = 0; k < g->nsucc[v]; k++) {
            size_t s = g->succ[g->soff[v] + k];
            if (s < lv->nblocks && s != join && !inr[s]) {
                inr[s] = 1;
                stack[sp++] = s;
            }
        }
        if (!sp)
            break;
        v = stack[--sp];
        phidiv[v] = 1;
    }
    if (join < lv->nblocks)
        phidiv[join] = 1;
}

/* A value is uniform when it comes from constants, arguments, group
   builtins and uniform values through pure operations, or from a
   work-group reduction or broadcast. A phi is also divergent when it sits
   where the paths from a divergent branch join: in the blocks reached
   from the branch before its immediate post-dominator, or in that one
   (which covers loops that work-items leave at different iterations). */
unsigned char *uniformity(const Live *lv)
{
    const Module *m = lv->m;
    const Func *f = lv->f;
    unsigned char *div = xcalloc(m->bound, 1);
    char *phidiv = xcalloc(lv->nblocks + 1, 1), *done = xcalloc(lv->nblocks + 1, 1);
    char *inr = xcalloc(lv->nblocks + 2, 1);
    size_t *stack = xcalloc(lv->nblocks + 2, sizeof *stack);
    unsigned char *uni = xcalloc(m->bound, 1);
    Cfg g;
    size_t *ipd, i, b;
    int changed = 1;

    cfg_build(lv, &g);
    ipd = post_dominators(&g);
    for (i = f->first; i <= f->last; i++)
        if (m->insts[i].op == SpvOpVariable)
            div[m->insts[i].result] = 1;   /* a per-work-item address */
    while (changed) {
        changed = 0;
        for (b = 0; b < lv->nblocks; b++)
            for (i = lv->bstart[b] + 1; i <= lv->bend[b]; i++) {
                const Inst *in = &m->insts[i];
                if (!in->result || in->result >= m->bound || !lv->dense[in->result] ||
                    div[in->result])
                    continue;
                if (divergent(m, in, div, phidiv[b])) {
                    div[in->result] = 1;
                    changed = 1;
                }
            }
        /* divergent branches: the phis where their paths join */
        for (b = 0; b < lv->nblocks; b++) {
            const Inst *t = &m->insts[lv->bend[b]];
            if (done[b] || (t->op != SpvOpBranchConditional && t->op != SpvOpSwitch) ||
                !(opnd_id(m, t, 0) < m->bound && div[opnd_id(m, t, 0)]))
                continue;
            done[b] = 1;
            changed = 1;
            mark_joins(lv, &g, b, ipd[b], phidiv, inr, stack);
        }
    }
    for (i = 0; i < lv->nvals; i++)
        uni[lv->ids[i]] = !div[lv->ids[i]];
    cfg_free(&g);
    free(ipd);
    free(div);
    free(phidiv);
    free(done);
    free(inr);
    free(stack);
    return uni;
}


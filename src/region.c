/*
 * region: kernels with barriers as work-item loops.
 *
 * A suspension point is where a work-item waits for its group: a barrier,
 * a wait for events, a work-group function. The code that runs from one
 * suspension point (or the entry) to the next is a region. A kernel whose
 * suspension points are all in its own body (the function llvm-spirv's
 * entry stub calls) runs one region at a time, as one loop over the
 * group's work-items, so the compiler sees a plain loop (and can vectorise
 * it) instead of a call a work-item. kernel.c writes the loops; this file
 * plans each region and writes its code:
 *
 * - the suspension points, and from the analyses (liveness.c, uniform.c,
 *   run by region_plan before any C is written) which values are live
 *   after each, which of those are recomputed where the next region
 *   starts (pure arithmetic on the work-item's builtins, the arguments and
 *   constants: addresses, indices) and which are kept in a per-work-item
 *   array F_x (stored where they are defined, loaded where a region
 *   starts);
 * - each region's blocks: those reached from its start without crossing
 *   another suspension point. A block can belong to several regions; each
 *   gets its own copy, with its own labels.
 *
 * Every other value is a C local of the group function. Function-scope
 * variables are per-work-item arrays V_x.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include <spirv/unified1/spirv.h>

#include "spv2c.h"

static const Type *result_type(const Module *m, const Inst *in)
{
    return in->type && in->type < m->bound ? m->ids[in->type].type : NULL;
}

static void blocks_of(const Module *m, const Func *f, Blocks *bl);

/* ---- the plan ---- */

int region_plan(Emit *e, const Kernel *k, Region *rg)
{
    const Module *m = e->m;
    const Func *f = find_func(m, k->func), *g;
    size_t i, p;
    int depth;

    memset(rg, 0, sizeof *rg);
    if (!f || !e->ok || diag_count())
        return 0;
    for (depth = 0; depth < 4 && (g = stub_target(m, f)) != NULL; depth++)
        f = g;
    if (T_VOID != m->ids[m->insts[f->first].type].type->kind)
        return 0;
    for (i = 0; i < f->nparams; i++)
        if (m->ids[f->params[i]].byval)
            return 0;
    rg->independent = 1;
    for (i = f->first; i <= f->last; i++) {
        const Inst *in = &m->insts[i];
        if (in->op == SpvOpFunctionCall && resumable(m, opnd_id(m, in, 0)))
            return 0;   /* barriers in a callee: the per-work-item executor */
        rg->calls |= in->op == SpvOpFunctionCall;
        if (in->op == SpvOpFunctionCall || inst_is_atomic(in))
            rg->independent = 0;
        if (inst_waits(m, in))
            rg->npoints++;
    }
    rg->f = f;
    blocks_of(m, f, &rg->bl);
    rg->point = xcalloc(rg->npoints + 1, sizeof *rg->point);
    rg->live = xcalloc(rg->npoints + 1, sizeof *rg->live);
    for (p = 0, i = f->first; i <= f->last; i++)
        if (inst_waits(m, &m->insts[i]))
            rg->point[++p] = i;
    assert(p == rg->npoints);
    rg->spill = xcalloc(m->bound, 1);
    rg->remat = xcalloc(m->bound, 1);

    if (!live_region(m, f, rg)) {
        region_free(rg);
        return 0;
    }
    return 1;
}

void region_free(Region *rg)
{
    size_t p;
    for (p = 0; rg->live && p <= rg->npoints; p++)
        free(rg->live[p]);
    free(rg->live);
    free(rg->point);
    free(rg->spill);
    free(rg->remat);
    free(rg->uniform);
    free(rg->dead);
    free(rg->bl.start);
    free(rg->bl.end);
    free(rg->bl.of);
    buf_free(&rg->decls);
    memset(rg, 0, sizeof *rg);
}

/* Before region r's loop: the uniform values it reloads, as they were
   when the region started (its work-items may store new ones as they go) */
void region_snapshot(Emit *e, Buf *b, const Region *rg, size_t r)
{
    const uint32_t *l;
    if (!r)
        return;
    for (l = rg->live[r]; *l; l++)
        if (rg->spill[*l] && rg->uniform[*l])
            buf_printf(b, "        R_%s = F_%s;\n", e->nm.v[*l].c, e->nm.v[*l].c);
}

/* ---- one region's code ---- */

/* the block index of each label id, and each block's extent */
static void blocks_of(const Module *m, const Func *f, Blocks *bl)
{
    size_t i, b = 0;
    memset(bl, 0, sizeof *bl);
    for (i = f->first; i <= f->last; i++)
        bl->n += m->insts[i].op == SpvOpLabel;
    bl->start = xcalloc(bl->n + 1, sizeof *bl->start);
    bl->end = xcalloc(bl->n + 1, sizeof *bl->end);
    bl->of = xcalloc(m->bound, sizeof *bl->of);
    for (i = f->first; i < f->last; i++)
        if (m->insts[i].op == SpvOpLabel) {
            bl->start[b] = i;
            bl->of[m->insts[i].result] = (uint32_t)(b + 1);
            if (b)
                bl->end[b - 1] = i - 1;
            b++;
        }
    if (b)
        bl->end[b - 1] = f->last - 1;
}

/* the end of the segment that starts at instruction i: the first
   suspension point, else the terminator */
static size_t seg_end(const Module *m, size_t i, size_t end, int *suspends)
{
    for (; i < end; i++)
        if (inst_waits(m, &m->insts[i]))
            break;
    *suspends = i < end || inst_waits(m, &m->insts[end]);
    return i;
}

/* the successors of block c's segment from instruction `from`, unless it
   suspends first: into the region, and onto the stack to visit */
static void reach(const Module *m, const Blocks *bl, size_t c, size_t from, char *in_region,
                  size_t *stack, size_t *nstack)
{
    const Inst *t = &m->insts[bl->end[c]];
    unsigned k;
    int susp;

    seg_end(m, from, bl->end[c], &susp);
    if (susp)
        return;
    for (k = 0; k < t->nopnds; k++) {
        size_t x;
        if (m->opnds[t->opnd0 + k].kind != OPND_ID ||
            (t->op == SpvOpBranchConditional && k == 0) || (t->op == SpvOpSwitch && k == 0))
            continue;
        if (t->op != SpvOpBranch && t->op != SpvOpBranchConditional && t->op != SpvOpSwitch)
            break;
        x = bl->of[m->words[m->opnds[t->opnd0 + k].off]];
        if (x && !in_region[x - 1]) {
            in_region[x - 1] = 1;
            stack[(*nstack)++] = x - 1;
        }
    }
}

/* the block holding instruction j */
static size_t block_at(const Blocks *bl, size_t j)
{
    size_t lo = 0, hi = bl->n;
    while (hi - lo > 1) {
        size_t mid = (lo + hi) / 2;
        if (bl->start[mid] <= j)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

/* instruction j is run by the loops of h: its block is reached in full
   from a loop's start, or it is at or after a start */
static int in_loops(const Region *rg, const Head *h, size_t j)
{
    size_t c = block_at(&rg->bl, j);
    return h->peritem[c] || (h->stop[c] != SIZE_MAX && j >= h->stop[c]);
}

enum { PART_ALL, PART_GROUP, PART_ITEM };

/* a value region r's start sets up in part `part`: the group part sets up
   the uniform ones, each work-item the others and those a loop computes
   again (the group part's copy would no longer be the work-item's) */
static int in_part(const Module *m, const Region *rg, const Head *h, uint32_t id, int part)
{
    int32_t d = m->ids[id].inst;
    if (part == PART_ALL)
        return 1;
    if (part == PART_GROUP)
        return rg->uniform[id];
    return !rg->uniform[id] || (d >= 0 && in_loops(rg, h, (size_t)d));
}

static void put_lowered(Emit *e, Buf *b, const Inst *in)
{
    char *text = emit_lower(e, in);
    if (!text) {
        e->ok = 0;
        return;
    }
    text = aff_inst(e, in, text);
    indent_text(b, text, "    ");
    free(text);
}

/* What region r needs from before its suspension point: values computed
   again, values reloaded, the work-group function's result. PART_GROUP
   gives the ones the group part can have, PART_ITEM the rest. */
static void start_code(Emit *e, Buf *b, Region *rg, size_t r, const Head *h, int part,
                       const char *pre_item)
{
    const Module *m = e->m;
    const Func *f = rg->f;
    uint32_t *l;
    char *need;
    size_t i;

    if (!r) {
        if (part != PART_GROUP)
            emit_prologue(e, b, f);
        return;
    }
    need = xcalloc(m->bound, 1);
    for (l = rg->live[r]; *l; l++)
        need[*l] = 1;
    /* recomputed values and what they are computed from, in order */
    for (i = rg->point[r]; i-- > f->first;) {
        const Inst *in = &m->insts[i];
        unsigned k;
        if (!in->result || in->result >= m->bound || !need[in->result] || !rg->remat[in->result])
            continue;
        for (k = 0; k < in->nopnds; k++)
            if (m->opnds[in->opnd0 + k].kind == OPND_ID) {
                uint32_t id = m->words[m->opnds[in->opnd0 + k].off];
                if (id < m->bound && rg->remat[id])
                    need[id] = 1;
            }
    }
    for (i = f->first; i <= f->last; i++) {
        const Inst *in = &m->insts[i];
        if (in->result && in->result < m->bound && need[in->result] && rg->remat[in->result] &&
            e->nm.v[in->result].declared && in_part(m, rg, h, in->result, part))
            put_lowered(e, b, in);
    }
    for (l = rg->live[r]; *l; l++)
        if (rg->spill[*l] && in_part(m, rg, h, *l, part)) {
            aff_other(e, *l);
            buf_printf(b, "    %s = %s_%s%s;\n", e->nm.v[*l].c, rg->uniform[*l] ? "R" : "F",
                       e->nm.v[*l].c, rg->uniform[*l] ? "" : "[i]");
        }
    free(need);
    if (pre_item && part != PART_GROUP) {
        buf_put(b, pre_item);
        aff_other(e, m->insts[rg->point[r]].result);
        spill(e, b, m->insts[rg->point[r]].result);
    }
}

/* marks the deferred values in's operands read; with reached (per block:
   the loop's code runs it), a phi's value from a block the loop never
   runs is not read there (seed 1597: the other way's per-item loads,
   through a pointer only that way's group part computes) */
static void mark_uses(const Module *m, const Func *f, const Head *h, const Inst *in, char *needed,
                      const Blocks *bl, const char *reached)
{
    unsigned k;
    for (k = 0; k < in->nopnds; k++)
        if (m->opnds[in->opnd0 + k].kind == OPND_ID) {
            uint32_t id = m->words[m->opnds[in->opnd0 + k].off];
            int32_t d = id < m->bound ? m->ids[id].inst : -1;
            if (reached && in->op == SpvOpPhi && k % 2 == 0 && k + 1 < in->nopnds) {
                uint32_t from = m->words[m->opnds[in->opnd0 + k + 1].off];
                uint32_t x = from < m->bound ? bl->of[from] : 0;
                if (x && !reached[x - 1])
                    continue;
            }
            if (d >= 0 && (size_t)d >= f->first && (size_t)d <= f->last &&
                h->deferred[(size_t)d - f->first] && id != h->cond)
                needed[(size_t)d - f->first] = 1;
        }
}

/* the per-item values the group part passed over that a loop reads (and
   what they are computed from), computed at each work-item's start */
static void deferred_code(Emit *e, Buf *b, const Region *rg, const Head *h, size_t s,
                          size_t first, const char *in_region)
{
    const Module *m = e->m;
    const Func *f = rg->f;
    const Blocks *bl = &rg->bl;
    char *needed = xcalloc(f->last - f->first + 1, 1);
    char *reached = xcalloc(bl->n + 1, 1);
    size_t c, j;
    uint32_t cur = 0;

    memcpy(reached, in_region, bl->n);
    reached[s] = 1;
    /* the start block's phis also take values from the group part's
       blocks: all of them count */
    for (j = first; j <= bl->end[s]; j++)
        mark_uses(m, f, h, &m->insts[j], needed, bl, NULL);
    /* the other blocks the loop runs, and the start block's head when a
       back edge runs it again (a region starting after a barrier inside
       its block's loop: seed 1021) */
    for (c = 0; c < bl->n; c++)
        if (in_region[c])
            for (j = bl->start[c]; j <= bl->end[c] && (c != s || j < first); j++)
                mark_uses(m, f, h, &m->insts[j], needed, bl, reached);
    for (j = f->last + 1; j-- > f->first;)
        if (needed[j - f->first])
            mark_uses(m, f, h, &m->insts[j], needed, bl, NULL);
    for (j = f->first; j <= f->last; j++)
        if (needed[j - f->first])
            emit_inst(e, b, j, &cur, 0);
    free(needed);
    free(reached);
}

static int join_end(int a, int b)
{
    return a == -2 ? b : b == -2 || a == b ? a : -1;
}

/* the end block c's segment from instruction `from` reaches: a point (0:
   done), several (-1), none found yet (-2); ends[] holds the blocks' */
static int seg_ends(const Module *m, const Region *rg, size_t c, size_t from, const int *ends)
{
    const Blocks *bl = &rg->bl;
    const Inst *t = &m->insts[bl->end[c]];
    int susp, e = -2;
    size_t j = seg_end(m, from, bl->end[c], &susp);
    unsigned k;
    if (susp)
        return (int)region_point(rg, j);
    if (t->op == SpvOpReturn || t->op == SpvOpReturnValue)
        return 0;
    if (t->op != SpvOpBranch && t->op != SpvOpBranchConditional && t->op != SpvOpSwitch)
        return -2;
    for (k = t->op == SpvOpBranch ? 0 : 1; k < t->nopnds; k++)
        if (m->opnds[t->opnd0 + k].kind == OPND_ID) {
            uint32_t x = bl->of[m->words[m->opnds[t->opnd0 + k].off]];
            if (x)
                e = join_end(e, ends[x - 1]);
        }
    return e;
}

static int uni_id(const Module *m, const Region *rg, uint32_t id);

/* Only uniform branches choose between the ends of this copy (from
   instruction first of block s, then the blocks in_region): each branch on
   a per-item value leads to one end whichever way it goes. Then every
   work-item of a group ends at the same point. */
static int uniform_ends(const Module *m, const Region *rg, size_t s, size_t first,
                        const char *in_region)
{
    const Blocks *bl = &rg->bl;
    int *ends = xcalloc(bl->n + 1, sizeof *ends), changed = 1, ok = 1;
    size_t c;

    for (c = 0; c < bl->n; c++)
        ends[c] = -2;
    while (changed) {
        changed = 0;
        for (c = 0; c < bl->n; c++)
            if (in_region[c]) {
                int e = join_end(ends[c], seg_ends(m, rg, c, bl->start[c], ends));
                if (e != ends[c]) {
                    ends[c] = e;
                    changed = 1;
                }
            }
    }
    for (c = 0; c <= bl->n && ok; c++) {
        size_t b = c < bl->n ? c : s, from = c < bl->n ? bl->start[c] : first;
        const Inst *t = &m->insts[bl->end[b]];
        int susp;
        if ((c < bl->n && !in_region[c]) ||
            (t->op != SpvOpBranchConditional && t->op != SpvOpSwitch) ||
            uni_id(m, rg, opnd_id(m, t, 0)))
            continue;
        seg_end(m, from, bl->end[b], &susp);
        if (!susp && seg_ends(m, rg, b, from, ends) == -1)
            ok = 0;
    }
    free(ends);
    return ok;
}

/* One region's copy of the body: where it starts, the blocks it holds */
typedef struct Copy {
    size_t s, first;      /* the start: block s, from instruction first */
    char *in_region;      /* per block: reached from the start without crossing a point */
    size_t *order, norder; /* those blocks in function order */
    int again;            /* the start is the head of a block the copy reaches again */
} Copy;

/* where the code starts: the entry block, after point r, or where the
   group part stops; then the blocks reached from there without crossing a
   suspension point, in function order */
static void copy_blocks(const Module *m, const Region *rg, size_t r, const Head *h, Copy *cp)
{
    const Blocks *bl = &rg->bl;
    size_t *stack = xcalloc(bl->n + 1, sizeof *stack), nstack = 0, i;

    cp->in_region = xcalloc(bl->n + 1, 1);
    cp->order = xcalloc(bl->n + 1, sizeof *cp->order);
    cp->norder = 0;
    if (h) {
        cp->s = h->start;
        cp->first = h->stop[cp->s];
    } else {
        cp->first = r ? rg->point[r] + 1 : bl->start[0];
        cp->s = block_at(bl, cp->first);
    }
    reach(m, bl, cp->s, cp->first, cp->in_region, stack, &nstack);
    while (nstack) {
        size_t c = stack[--nstack];
        reach(m, bl, c, bl->start[c], cp->in_region, stack, &nstack);
    }
    for (i = 0; i < bl->n; i++)
        if (cp->in_region[i])
            cp->order[cp->norder++] = i;
    /* a start at the head of a block the region reaches again (a loop's):
       that block has one copy, in order, and the start jumps to it */
    cp->again = cp->first == bl->start[cp->s] && cp->in_region[cp->s];
    free(stack);
}

/* labels: jumped to from this copy, unless by falling through */
static void copy_labels(Emit *e, const Blocks *bl, const Copy *cp)
{
    const Module *m = e->m;
    size_t i;

    for (i = bl->start[0]; i <= bl->end[bl->n - 1]; i++)
        if (m->insts[i].op == SpvOpLabel)
            e->nm.v[m->insts[i].result].label_used = 0;
    if (cp->again)
        e->nm.v[m->insts[cp->first].result].label_used = 1;
    for (i = cp->again ? 1 : 0; i <= cp->norder; i++) {
        size_t c = i == 0 ? cp->s : cp->order[i - 1];
        uint32_t nx = i < cp->norder ? m->insts[bl->start[cp->order[i]]].result : 0;
        int cs;
        seg_end(m, i == 0 ? cp->first : bl->start[c], bl->end[c], &cs);
        if (!cs)
            mark_jumps(e, &m->insts[bl->end[c]], nx);
    }
}

/* the start's segment, then the region's blocks */
static void copy_code(Emit *e, Buf *b, const Blocks *bl, const Copy *cp, const char *sfx)
{
    const Module *m = e->m;
    size_t i;
    uint32_t cur;

    if (cp->again) {
        for (i = cp->first + 1; i <= bl->end[cp->s] && (m->insts[i].op == SpvOpPhi ||
             m->insts[i].op == SpvOpLine || m->insts[i].op == SpvOpNoLine); i++)
            if (m->insts[i].op == SpvOpPhi)   /* set before the loop */
                aff_copy(e, m->insts[i].result, UINT32_MAX);
        buf_printf(b, "    goto L_%u%s;\n", m->insts[cp->first].result, sfx);
    }
    for (i = cp->again ? 1 : 0; i <= cp->norder; i++) {
        size_t c = i == 0 ? cp->s : cp->order[i - 1], j;
        uint32_t nx = i < cp->norder ? m->insts[bl->start[cp->order[i]]].result : 0;
        cur = m->insts[bl->start[c]].result;
        for (j = i == 0 ? cp->first : bl->start[c]; j <= bl->end[c]; j++)
            if (emit_inst(e, b, j, &cur, nx))
                break;
    }
}

/* Region r's code for one work-item, its labels suffixed with sfx: from
   the region's start (h NULL), or from where the loop h->start of its
   group part h starts */
void region_code(Emit *e, Buf *b, Region *rg, size_t r, const char *sfx, const char *pre_item,
                 const Head *h)
{
    const Module *m = e->m;
    Copy cp;

    e->rg = rg;
    e->sfx = sfx;
    copy_blocks(m, rg, r, h, &cp);
    rg->uexit = uniform_ends(m, rg, cp.s, cp.first, cp.in_region);
    copy_labels(e, &rg->bl, &cp);
    /* the start: what the region needs from before the suspension */
    if (h) {
        /* the loop runs only where the branch goes one way: the
           condition is that constant where it is read, and still
           assigned where it is computed */
        if (h->cond)
            e->nm.v[h->cond].fold = h->cval ? "1" : "0";
        start_code(e, b, rg, r, h, PART_ITEM, pre_item);
        deferred_code(e, b, rg, h, cp.s, cp.first, cp.in_region);
    } else {
        start_code(e, b, rg, r, NULL, PART_ALL, pre_item);
    }
    copy_code(e, b, &rg->bl, &cp, sfx);
    if (h && h->cond)
        e->nm.v[h->cond].fold = NULL;
    e->rg = NULL;
    e->sfx = NULL;
    free(cp.in_region);
    free(cp.order);
}

/* the blocks block c's segment from `from` goes on to in the region
   (none where it suspends or ends), into next[]; their number */
static size_t next_blocks(const Module *m, const Blocks *bl, size_t c, size_t from, size_t *next)
{
    const Inst *t = &m->insts[bl->end[c]];
    size_t n = 0;
    unsigned k;
    int susp;

    seg_end(m, from, bl->end[c], &susp);
    if (susp || (t->op != SpvOpBranch && t->op != SpvOpBranchConditional &&
                 t->op != SpvOpSwitch))
        return 0;
    for (k = t->op == SpvOpBranch ? 0 : 1; k < t->nopnds; k++)
        if (m->opnds[t->opnd0 + k].kind == OPND_ID && bl->of[m->words[m->opnds[t->opnd0 + k].off]])
            next[n++] = bl->of[m->words[m->opnds[t->opnd0 + k].off]] - 1;
    return n;
}

/* is an end of the copy reached from its start without passing block
   avoid? (the copy has no cycle: every edge goes forward) */
static int ends_avoiding(const Module *m, const Blocks *bl, const Copy *cp, size_t avoid,
                         char *seen, size_t *stack)
{
    size_t nstack = 0, next[64];
    memset(seen, 0, bl->n + 1);
    stack[nstack++] = cp->s;
    seen[cp->s] = 1;
    while (nstack) {
        size_t c = stack[--nstack], n, k;
        n = next_blocks(m, bl, c, c == cp->s ? cp->first : bl->start[c], next);
        if (!n)
            return 1;
        for (k = 0; k < n; k++)
            if (next[k] != avoid && !seen[next[k]]) {
                seen[next[k]] = 1;
                stack[nstack++] = next[k];
            }
    }
    return 0;
}

/* block c of the copy, when its one way in is a conditional branch of a
   block every work-item runs: the branch's condition, and which way */
static int guard_of(const Module *m, const Copy *cp, const Blocks *bl, const char *sure,
                    size_t c, CkAcc *a)
{
    size_t i, k, n, next[64], from = SIZE_MAX, edges = 0;
    const Inst *t;

    for (i = 0; i <= cp->norder; i++) {
        size_t p = i ? cp->order[i - 1] : cp->s;
        n = next_blocks(m, bl, p, i ? bl->start[p] : cp->first, next);
        for (k = 0; k < n; k++)
            if (next[k] == c) {
                from = p;
                edges++;
            }
    }
    if (edges != 1 || !sure[from])
        return 0;
    t = &m->insts[bl->end[from]];
    if (t->op != SpvOpBranchConditional || opnd_id(m, t, 1) == opnd_id(m, t, 2))
        return 0;
    a->cond = opnd_id(m, t, 0);
    a->pol = bl->of[opnd_id(m, t, 1)] - 1 == c;
    return 1;
}

/* --checked (kernel.c, region_chunk): which of the recorded accesses of
   region r's loop (from h's loop start, or the region's start) every
   work-item makes: those in blocks every path from the start to an end
   passes, and those in a block whose one way in is a branch of such a
   block (guarded: rec's cond and pol say when a work-item makes it);
   rec->sure marks the instructions every work-item runs, if any.
   0 when a work-item may run a block twice (a cycle in the copy, a
   switch of over 63 ways): then none is taken */
int region_ck_taken(const Module *m, const Region *rg, size_t r, const Head *h, CkRec *rec)
{
    const Blocks *bl = &rg->bl;
    Copy cp;
    size_t i, j, next[64], *stack = xcalloc(bl->n + 1, sizeof *stack);
    char *sure = xcalloc(bl->n + 1, 1), *seen = xcalloc(bl->n + 1, 1);
    int ok = 1;

    copy_blocks(m, rg, r, h, &cp);
    ok = !cp.again && !cp.in_region[cp.s];
    for (i = 0; ok && i <= cp.norder; i++) {
        size_t c = i ? cp.order[i - 1] : cp.s, n, k;
        const Inst *t = &m->insts[bl->end[c]];
        if (t->op == SpvOpSwitch && t->nopnds > 100)
            ok = 0;
        n = ok ? next_blocks(m, bl, c, i ? bl->start[c] : cp.first, next) : 0;
        for (k = 0; k < n; k++)
            ok &= next[k] > c;
    }
    sure[cp.s] = 1;
    for (i = 0; ok && i < cp.norder; i++)
        sure[cp.order[i]] = !ends_avoiding(m, bl, &cp, cp.order[i], seen, stack);
    for (j = 0; ok && j < rec->n; j++) {
        size_t c = block_at(bl, rec->v[j].inst);
        rec->v[j].taken = sure[c] || guard_of(m, &cp, bl, sure, c, &rec->v[j]);
    }
    /* the instructions every work-item runs: the probe may compute those
       for all of them (kernel.c, chunk_probeable). All but those of the
       copy's blocks that some work-items skip: the values recomputed
       where the region starts are live there, so their definitions
       dominate it */
    rec->sure = NULL;
    if (ok) {
        rec->sure = xmalloc(m->ninsts + 1);
        memset(rec->sure, 1, m->ninsts + 1);
    }
    for (i = 0; ok && i <= cp.norder; i++) {
        size_t c = i ? cp.order[i - 1] : cp.s, k;
        if (!sure[c])
            for (k = bl->start[c]; k <= bl->end[c]; k++)
                rec->sure[k] = 0;
    }
    free(stack);
    free(sure);
    free(seen);
    free(cp.in_region);
    free(cp.order);
    return ok;
}

/* ---- the group part of a region ---- */

/* the same in every work-item: a uniform value, or an id from outside the
   body (constants, globals, __local variables) or a parameter of it;
   the body's own variables are per work-item */
static int uni_id(const Module *m, const Region *rg, uint32_t id)
{
    int32_t d;
    if (!id || id >= m->bound)
        return 0;
    d = m->ids[id].inst;
    if (d < 0 || (size_t)d < rg->f->first || (size_t)d > rg->f->last ||
        m->insts[d].op == SpvOpFunctionParameter)
        return 1;
    return rg->uniform[id];
}

/* the values block c passes to the phis of block x are all uniform */
static int phis_uniform(const Module *m, const Region *rg, size_t c, size_t x)
{
    const Blocks *bl = &rg->bl;
    uint32_t label = m->insts[bl->start[c]].result;
    size_t j;
    unsigned k;
    for (j = bl->start[x] + 1; j <= bl->end[x]; j++) {
        const Inst *in = &m->insts[j];
        if (in->op == SpvOpLine || in->op == SpvOpNoLine)
            continue;
        if (in->op != SpvOpPhi)
            break;
        for (k = 0; k + 1 < in->nopnds; k += 2)
            if (opnd_id(m, in, k + 1) == label && !uni_id(m, rg, opnd_id(m, in, k)))
                return 0;
    }
    return 1;
}

enum { H_GROUP, H_ITEM, H_STOP };

/* what the group part does with instruction j: runs it (no code, uniform
   values, async copies with uniform operands), passes over it (a pure
   per-item value, computed at the loops' starts), or stops */
static int head_class(const Module *m, const Region *rg, size_t j)
{
    const Inst *in = &m->insts[j];
    unsigned k;
    if (inst_writes_no_code(in) || in->op == SpvOpLabel ||
        in->op == SpvOpVariable)   /* (the loops' start sets them up) */
        return H_GROUP;
    switch (in->op) {
    case SpvOpPhi:
        return uni_id(m, rg, in->result) ? H_GROUP : H_STOP;
    case SpvOpGroupAsyncCopy:
        if (in->result && in->result < m->bound && rg->spill[in->result])
            return H_STOP;   /* its event is kept per work-item */
        for (k = 0; k < in->nopnds; k++)
            if (m->opnds[in->opnd0 + k].kind == OPND_ID &&
                !uni_id(m, rg, m->words[m->opnds[in->opnd0 + k].off]))
                return H_STOP;
        return H_GROUP;
    default:
        break;
    }
    if (inst_waits(m, in) || !inst_is_pure(in) || !in->result || in->result >= m->bound)
        return H_STOP;
    if (uni_id(m, rg, in->result))
        return H_GROUP;
    return rg->spill[in->result] ? H_STOP : H_ITEM;
}

/* the group part can take block c's branch: on a uniform value, passing
   uniform values to phis, not back to the region's start block s */
static int head_term(const Module *m, const Region *rg, size_t c, size_t s)
{
    const Blocks *bl = &rg->bl;
    const Inst *t = &m->insts[bl->end[c]];
    unsigned k;
    if (t->op != SpvOpBranch &&
        !((t->op == SpvOpBranchConditional || t->op == SpvOpSwitch) &&
          uni_id(m, rg, opnd_id(m, t, 0))))
        return 0;
    for (k = t->op == SpvOpBranch ? 0 : 1; k < t->nopnds; k++) {
        size_t x;
        if (m->opnds[t->opnd0 + k].kind != OPND_ID)
            continue;
        x = bl->of[m->words[m->opnds[t->opnd0 + k].off]];
        if (!x || x - 1 == s || !phis_uniform(m, rg, c, x - 1))
            return 0;
    }
    return 1;
}

/* the group part from instruction first of block s: which blocks it runs,
   where it stops, what it passes over */
static size_t head_walk(const Module *m, const Region *rg, Head *h, size_t s, size_t first)
{
    const Blocks *bl = &rg->bl;
    const Func *f = rg->f;
    size_t *stack = xcalloc(bl->n + 1, sizeof *stack), nstack = 0, j, c, nrun = 0;
    unsigned k;

    memset(h->visited, 0, bl->n);
    memset(h->deferred, 0, f->last - f->first + 1);
    for (c = 0; c < bl->n; c++)
        h->stop[c] = SIZE_MAX;
    h->visited[s] = 1;
    stack[nstack++] = s;
    while (nstack) {
        const Inst *t;
        c = stack[--nstack];
        for (j = c == s ? first : bl->start[c]; j < bl->end[c]; j++) {
            int cls = h->nonhoist[c] ? H_STOP : head_class(m, rg, j);
            if (cls == H_STOP)
                break;
            if (cls == H_ITEM)
                h->deferred[j - f->first] = 1;
            else if (m->insts[j].result && m->insts[j].op != SpvOpLabel)
                nrun++;
        }
        if (j < bl->end[c] || h->nonhoist[c] || !head_term(m, rg, c, s)) {
            h->stop[c] = j;
            continue;
        }
        nrun++;
        t = &m->insts[bl->end[c]];
        for (k = t->op == SpvOpBranch ? 0 : 1; k < t->nopnds; k++) {
            size_t x;
            if (m->opnds[t->opnd0 + k].kind != OPND_ID)
                continue;
            x = bl->of[m->words[m->opnds[t->opnd0 + k].off]] - 1;
            if (!h->visited[x]) {
                h->visited[x] = 1;
                stack[nstack++] = x;
            }
        }
    }
    free(stack);
    return nrun;
}

static int has_phi(const Module *m, const Blocks *bl, size_t x)
{
    size_t j;
    for (j = bl->start[x] + 1; j <= bl->end[x]; j++)
        if (m->insts[j].op != SpvOpLine && m->insts[j].op != SpvOpNoLine)
            return m->insts[j].op == SpvOpPhi;
    return 0;
}

/* Plans region r's group part; 0 when it would run nothing (or the region
   starts with a work-group function's result, which is per item). A block
   a loop runs in full stays out of the group part (the loop would change
   the group's values under it), and so does the branch into a loop start
   with phis that a loop reaches again (the loop would change the value the
   group part passed). */
int region_head_plan(Emit *e, Region *rg, size_t r, Head *h)
{
    const Module *m = e->m;
    const Func *f = rg->f;
    const Blocks *bl = &rg->bl;
    size_t first, s, c, x, nrun = 0, *stack, nstack = 0;
    int changed = 1;

    memset(h, 0, sizeof *h);
    if (r && m->insts[rg->point[r]].result && e->nm.v[m->insts[rg->point[r]].result].declared)
        return 0;
    first = r ? rg->point[r] + 1 : bl->start[0];
    s = block_at(bl, first);
    h->stop = xcalloc(bl->n + 1, sizeof *h->stop);
    h->visited = xcalloc(bl->n + 1, 1);
    h->peritem = xcalloc(bl->n + 1, 1);
    h->nonhoist = xcalloc(bl->n + 1, 1);
    h->deferred = xcalloc(f->last - f->first + 1, 1);
    stack = xcalloc(bl->n + 1, sizeof *stack);
    while (changed) {
        changed = 0;
        nrun = head_walk(m, rg, h, s, first);
        memset(h->peritem, 0, bl->n);
        for (c = 0; c < bl->n; c++)
            if (h->stop[c] != SIZE_MAX) {
                reach(m, bl, c, h->stop[c], h->peritem, stack, &nstack);
                while (nstack) {
                    x = stack[--nstack];
                    reach(m, bl, x, bl->start[x], h->peritem, stack, &nstack);
                }
            }
        for (c = 0; c < bl->n; c++) {
            /* (a loop reaching the start block runs its part before point r) */
            if (h->visited[c] && h->peritem[c] && !h->nonhoist[c] && !(r && c == s)) {
                h->nonhoist[c] = 1;
                changed = 1;
            }
            if (h->stop[c] != SIZE_MAX && h->peritem[c] && has_phi(m, bl, c) &&
                h->stop[c] <= bl->start[c] + 1)
                for (x = 0; x < bl->n; x++) {
                    const Inst *t = &m->insts[bl->end[x]];
                    unsigned k;
                    if (!h->visited[x] || h->stop[x] != SIZE_MAX || h->nonhoist[x])
                        continue;
                    for (k = 0; k < t->nopnds; k++)
                        if (m->opnds[t->opnd0 + k].kind == OPND_ID &&
                            bl->of[m->words[m->opnds[t->opnd0 + k].off]] == c + 1) {
                            h->nonhoist[x] = 1;
                            changed = 1;
                        }
                }
        }
    }
    free(stack);
    if (!nrun) {
        region_head_free(h);
        return 0;
    }
    return 1;
}

/* the condition of block c's two-way branch when the group part stopped
   there although the condition is the same in every work-item (it would
   pass per-item values to phis, or go back to the region's start block);
   0 otherwise. The loops from there can be emitted once for each way,
   which spares the compiler a test in every work-item. */
uint32_t region_uniform_branch(Emit *e, const Region *rg, const Head *h, size_t c)
{
    const Module *m = e->m;
    const Inst *t = &m->insts[rg->bl.end[c]];
    uint32_t cond;
    int32_t d;
    if (h->stop[c] != rg->bl.end[c] || t->op != SpvOpBranchConditional)
        return 0;
    cond = opnd_id(m, t, 0);
    if (!uni_id(m, rg, cond) || !e->nm.v[cond].c)
        return 0;
    /* a C local or a parameter: not an expression, and not a constant
       (whose two copies would only double the code) */
    d = m->ids[cond].inst;
    return e->nm.v[cond].declared || (d >= 0 && m->insts[d].op == SpvOpFunctionParameter) ? cond
                                                                                         : 0;
}

void region_head_free(Head *h)
{
    free(h->stop);
    free(h->visited);
    free(h->peritem);
    free(h->nonhoist);
    free(h->deferred);
    memset(h, 0, sizeof *h);
}

/* Region r's group part, labels suffixed with sfx: the values and
   branches it runs, and at each place it stops, the loop that starts
   there (loops[block], ending the region's phase) */
void region_head_code(Emit *e, Buf *b, Region *rg, size_t r, Head *h, char **loops,
                      const char *sfx)
{
    const Module *m = e->m;
    const Func *f = rg->f;
    const Blocks *bl = &rg->bl;
    size_t first = r ? rg->point[r] + 1 : bl->start[0], s = block_at(bl, first);
    size_t *order = xcalloc(bl->n + 1, sizeof *order), norder = 0, i, j;
    uint32_t cur;
    Buf t = { 0 };

    order[norder++] = s;
    for (i = 0; i < bl->n; i++)
        if (h->visited[i] && i != s)
            order[norder++] = i;
    for (i = bl->start[0]; i <= bl->end[bl->n - 1]; i++)
        if (m->insts[i].op == SpvOpLabel)
            e->nm.v[m->insts[i].result].label_used = 0;
    for (i = 0; i < norder; i++)
        if (h->stop[order[i]] == SIZE_MAX)
            mark_jumps(e, &m->insts[bl->end[order[i]]],
                         i + 1 < norder ? m->insts[bl->start[order[i + 1]]].result : 0);

    e->rg = rg;
    e->sfx = sfx;
    e->head = 1;
    /* the group part's code one level in, at its loops' depth */
    start_code(e, &t, rg, r, h, PART_GROUP, NULL);
    for (i = 0; i < norder; i++) {
        size_t c = order[i];
        uint32_t nx = i + 1 < norder ? m->insts[bl->start[order[i + 1]]].result : 0;
        cur = m->insts[bl->start[c]].result;
        for (j = c == s ? first : bl->start[c]; j <= bl->end[c]; j++) {
            if (j == h->stop[c]) {
                if (m->insts[j].op == SpvOpLabel)
                    emit_inst(e, &t, j, &cur, nx);
                indent_code(b, t.s, "    ");
                buf_free(&t);
                if (loops[c])
                    buf_put(b, loops[c]);
                break;
            }
            if (!h->deferred[j - f->first])
                emit_inst(e, &t, j, &cur, nx);
        }
    }
    indent_code(b, t.s, "    ");
    buf_free(&t);
    e->head = 0;
    e->rg = NULL;
    e->sfx = NULL;
    free(order);
}

/* local id x (l0), maybe converted to a narrower integer that still holds it,
   or copied (exact_conversions in analyse.c) */
static int is_lid0(const Module *m, uint32_t id)
{
    const Inst *in = def_of(m, id), *ld;
    if (in && (in->op == SpvOpUConvert || in->op == SpvOpSConvert ||
               in->op == SpvOpCopyObject) &&
        result_type(m, in) && result_type(m, in)->width >= 32)
        in = def_of(m, opnd_id(m, in, 0));
    if (!in || in->op != SpvOpCompositeExtract || in->nopnds != 2 || opnd_words(m, in, 1)[0] != 0)
        return 0;
    ld = def_of(m, opnd_id(m, in, 0));
    if (!ld || ld->op != SpvOpLoad)
        return 0;
    id = opnd_id(m, ld, 0);
    return id < m->bound && m->ids[id].is_builtin_var &&
           m->ids[id].builtin == SpvBuiltInLocalInvocationId;
}

/* block `label` only waits: it starts with a barrier or wait for events
   (point *p), or returns (*p = 0) */
static int only_waits(const Module *m, const Region *rg, uint32_t label, size_t *p)
{
    const Blocks *bl = &rg->bl;
    size_t x = label < m->bound ? bl->of[label] : 0, j;
    if (!x)
        return 0;
    for (j = bl->start[x - 1] + 1; j <= bl->end[x - 1]; j++) {
        const Inst *in = &m->insts[j];
        if (in->op == SpvOpLine || in->op == SpvOpNoLine || in->op == SpvOpNop)
            continue;
        if (in->op == SpvOpReturn) {
            *p = 0;
            return 1;
        }
        if (inst_waits(m, in) && !inst_is_collective(in)) {
            *p = region_point(rg, j);
            return 1;
        }
        return 0;
    }
    return 0;
}

/* the comparisons a range can stand for: each with its operands
   swapped, and negated (none for ==: l0 != u would be two ranges) */
static const struct {
    SpvOp op, swapped, negated;
} rel[] = {
    { SpvOpULessThan, SpvOpUGreaterThan, SpvOpUGreaterThanEqual },
    { SpvOpSLessThan, SpvOpSGreaterThan, SpvOpSGreaterThanEqual },
    { SpvOpULessThanEqual, SpvOpUGreaterThanEqual, SpvOpUGreaterThan },
    { SpvOpSLessThanEqual, SpvOpSGreaterThanEqual, SpvOpSGreaterThan },
    { SpvOpUGreaterThan, SpvOpULessThan, SpvOpULessThanEqual },
    { SpvOpSGreaterThan, SpvOpSLessThan, SpvOpSLessThanEqual },
    { SpvOpUGreaterThanEqual, SpvOpULessThanEqual, SpvOpULessThan },
    { SpvOpSGreaterThanEqual, SpvOpSLessThanEqual, SpvOpSLessThan },
    { SpvOpIEqual, SpvOpIEqual, SpvOpMax },
};

/* A loop that starts at a branch on l0 against a group value, one way of
   which only waits at the region's end (`if (l < s) ...; barrier`):
   the loop need run only over the l0 that go the other way. Sets h->cond
   and h->cval, the bounds' C expressions (for l0 in [lo, hi)) and the
   point the others wait at; the caller keeps it only if that is the one
   end of the loop. Not in region 0, whose loop also sets up variables. */
int region_refine(Emit *e, const Region *rg, size_t r, Head *h, size_t c, char **lo, char **hi,
                  size_t *skip)
{
    const Module *m = e->m;
    const Inst *t = &m->insts[rg->bl.end[c]], *cmp;
    uint32_t x, u;
    int op, sgn, work;
    size_t ri;
    const Type *ty;
    char *uc;
    const char *n = "n0";

    h->cond = 0;
    if (!r || h->stop[c] != rg->bl.end[c] || t->op != SpvOpBranchConditional)
        return 0;
    cmp = def_of(m, opnd_id(m, t, 0));
    if (!cmp || cmp->nopnds != 2)
        return 0;
    for (ri = 0; ri < sizeof rel / sizeof rel[0] && rel[ri].op != cmp->op; ri++)
        ;
    if (ri == sizeof rel / sizeof rel[0])
        return 0;
    op = cmp->op;
    x = opnd_id(m, cmp, 0);
    u = opnd_id(m, cmp, 1);
    if (!is_lid0(m, x)) {   /* u OP l0: l0 OP' u */
        uint32_t tmp = x;
        x = u;
        u = tmp;
        op = rel[ri].swapped;
    }
    if (!is_lid0(m, x) || !uni_id(m, rg, u) || !(ty = type_of(m, u)) || ty->kind != T_INT)
        return 0;
    /* which way works, which only waits */
    if (only_waits(m, rg, opnd_id(m, t, 2), skip))
        work = 1;
    else if (only_waits(m, rg, opnd_id(m, t, 1), skip))
        work = 0;
    else
        return 0;
    if (!work) {   /* the loop runs where the comparison is false */
        for (ri = 0; rel[ri].op != (SpvOp)op; ri++)
            ;
        if (rel[ri].negated == SpvOpMax)
            return 0;
        op = rel[ri].negated;
    }
    sgn = op == SpvOpSLessThan || op == SpvOpSLessThanEqual || op == SpvOpSGreaterThan ||
          op == SpvOpSGreaterThanEqual;
    uc = sgn ? xsprintf("spv2c_sext((uint64_t)%s, %u), %s", c_name(&e->nm, u), ty->width, n)
             : xsprintf("(uint64_t)%s, %s", c_name(&e->nm, u), n);
    switch (op) {
    case SpvOpULessThan: case SpvOpSLessThan:          /* [0, u) */
        *lo = xstrdup("0");
        *hi = xsprintf("spv2c_upto_%c_(%s)", sgn ? 's' : 'u', uc);
        break;
    case SpvOpULessThanEqual: case SpvOpSLessThanEqual: /* [0, u] */
        *lo = xstrdup("0");
        *hi = xsprintf("spv2c_past_%c_(%s)", sgn ? 's' : 'u', uc);
        break;
    case SpvOpUGreaterThan: case SpvOpSGreaterThan:    /* (u, n) */
        *lo = xsprintf("spv2c_past_%c_(%s)", sgn ? 's' : 'u', uc);
        *hi = xstrdup(n);
        break;
    case SpvOpUGreaterThanEqual: case SpvOpSGreaterThanEqual: /* [u, n) */
        *lo = xsprintf("spv2c_upto_%c_(%s)", sgn ? 's' : 'u', uc);
        *hi = xstrdup(n);
        break;
    default:                                             /* [u, u] */
        *lo = xsprintf("spv2c_upto_u_(%s)", uc);
        *hi = xsprintf("spv2c_past_u_(%s)", uc);
        break;
    }
    free(uc);
    h->cond = opnd_id(m, t, 0);
    h->cval = work;
    return 1;
}

/* ---- --dump=regions: the planner's decisions ---- */

static void dump_value(FILE *f, const Module *m, const Region *rg, uint32_t id)
{
    const char *nm = m->ids[id].name && *m->ids[id].name ? m->ids[id].name : NULL;
    fprintf(f, " %%%u%s%s%s %s", id, nm ? " (" : "", nm ? nm : "", nm ? ")" : "",
            rg->remat[id] ? "recomputed" : rg->uniform[id] ? "spilled-uniform" : "spilled");
}

/* One kernel's plan, for people and tests: the suspension points, each
   region's blocks (by label id), and for the values live after each point
   whether the next region recomputes them, or loads them from the array
   F_x (one slot a work-item), or from one slot for the group (uniform) */
void region_dump(Emit *e, const Kernel *k, const Region *rg, FILE *f)
{
    const Module *m = e->m;
    size_t p, r, i;
    const uint32_t *l;

    if (!rg->f) {
        fprintf(f, "kernel %s: %s\n", k->name, resumable(m, k->func)
                ? "per-work-item form (resumable functions and frames)"
                : "no suspension points (one loop over the work-items)");
        return;
    }
    fprintf(f, "kernel %s: work-item loops over %%%u, %u suspension point%s, %s\n", k->name,
            rg->f->id, (unsigned)rg->npoints, rg->npoints == 1 ? "" : "s",
            rg->independent ? "work-items independent between points"
                            : "work-items not independent (atomics or calls)");
    for (p = 1; p <= rg->npoints; p++)
        fprintf(f, "  point %u: word %u Op%s\n", (unsigned)p, m->insts[rg->point[p]].word,
                read_opname(m->insts[rg->point[p]].op));
    for (r = 0; r <= rg->npoints; r++) {
        Copy cp;
        copy_blocks(m, rg, r, NULL, &cp);
        if (r)
            fprintf(f, "  region %u: from point %u in block %%%u, then blocks", (unsigned)r,
                    (unsigned)r, m->insts[rg->bl.start[cp.s]].result);
        else
            fprintf(f, "  region 0: from the entry block %%%u, then blocks",
                    m->insts[rg->bl.start[cp.s]].result);
        for (i = 0; i < cp.norder; i++)
            fprintf(f, " %%%u", m->insts[rg->bl.start[cp.order[i]]].result);
        fputc('\n', f);
        free(cp.in_region);
        free(cp.order);
    }
    for (p = 1; p <= rg->npoints; p++) {
        fprintf(f, "  live after point %u:", (unsigned)p);
        for (l = rg->live[p]; *l; l++)
            dump_value(f, m, rg, *l);
        fputc('\n', f);
    }
}

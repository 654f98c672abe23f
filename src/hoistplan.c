/*
 * hoistplan: (analysis) which of a barrier-free kernel's memory accesses
 * --checked's chunks check at once (hoist.c writes the chunk's probe and
 * test; lower.c turns the hoisted accesses' own checks off), computed once
 * a module by module.c's emit before any function's C is written.
 *
 * Which accesses (hoist_plan), in the functions a kernel runs: the kernel's
 * function and the chain of functions it calls, each called once in the
 * module, from a block every path through its caller passes (llvm-spirv's
 * entry stub calling the OpenCL C function, clang -O2's usual shape):
 *
 * - loads and stores of a scalar or a 2-, 4-, 8- or 16-vector through a
 *   pointer computed from a __global or __constant buffer argument by
 *   one-index pointer access chains and casts, the index from the
 *   probe's expressions (IAdd, ISub, IMul, SNegate, shifts left and right
 *   by constants, And, Or, Xor, Not, conversions, of constants, integer
 *   arguments, the global and local ids and the range's builtins);
 * - such an access in a block not every work-item runs (a border test)
 *   may only be one whose object has no race shadow (SPV2C_CK_NOSH_: a
 *   buffer the kernel never writes), as may accesses to a buffer some of
 *   whose accesses stay checked in place, or that are reached through
 *   several addresses: their shadow words would be written in another
 *   order than the per-item checks write them. With one address per
 *   buffer the chunk's work-items touch disjoint granules when the
 *   runtime finds the 16 addresses K apart with |K| at least the size,
 *   and the chunk's records are the per-item checks' records.
 */
#include <stdlib.h>
#include <string.h>

#include <spirv/unified1/OpenCL.std.h>
#include <spirv/unified1/spirv.h>

#include "spv2c.h"

#define NBLOCKS 256  /* functions with more blocks: the entry block is the only sure one */

static const Type *T(const Module *m, uint32_t id)
{
    return id < m->bound ? m->ids[id].type : NULL;
}

unsigned hoist_iwidth(const Type *t)
{
    return t && t->kind == T_INT && (t->width == 8 || t->width == 16 || t->width == 32 ||
                                     t->width == 64) ? t->width : 0;
}

/* the kernel argument parameter p stands for, or -1 */
int hoist_param_arg(const Hoist *h, uint32_t p)
{
    size_t i;
    for (i = 0; i < h->np; i++)
        if (h->pid[i] == p)
            return (int)h->parg[i];
    return -1;
}

/* calls to function id in the module */
static size_t callers(const Module *m, uint32_t id)
{
    size_t i, n = 0;
    for (i = m->first_func_inst; i < m->ninsts; i++)
        if (m->insts[i].op == SpvOpFunctionCall && opnd_id(m, &m->insts[i], 0) == id)
            n++;
    return n;
}

/* the instruction index of block label id's OpLabel in f, or 0 */
static size_t block_of(const Module *m, const Func *f, uint32_t id)
{
    const Inst *d = def_of(m, id);
    size_t i;
    if (!d || d->op != SpvOpLabel)
        return 0;
    i = (size_t)(d - m->insts);
    return i > f->first && i < f->last ? i : 0;
}

/* may a path from block at reach a return without passing block avoid?
   (seen: the labels visited, by instruction index - f->first) */
static int escapes(const Module *m, const Func *f, size_t at, size_t avoid, unsigned char *seen)
{
    size_t i;
    unsigned j;
    if (at == avoid || seen[at - f->first])
        return 0;
    seen[at - f->first] = 1;
    for (i = at + 1; i < f->last && !inst_is_terminator(&m->insts[i]); i++)
        ;
    if (i >= f->last)
        return 0;
    if (m->insts[i].op == SpvOpReturn || m->insts[i].op == SpvOpReturnValue)
        return 1;
    for (j = 0; j < m->insts[i].nopnds; j++) {
        size_t b;
        if (m->opnds[m->insts[i].opnd0 + j].kind != OPND_ID)
            continue;
        b = block_of(m, f, opnd_id(m, &m->insts[i], j));
        if (b && escapes(m, f, b, avoid, seen))
            return 1;
    }
    return 0;
}

/* does every run of f pass the block starting at instruction index b? */
static int sure_block(const Module *m, const Func *f, size_t b, size_t entry, size_t nblocks)
{
    unsigned char *seen;
    int r;
    if (b == entry)
        return 1;
    if (nblocks > NBLOCKS)
        return 0;
    seen = xcalloc(f->last - f->first + 1, 1);
    r = !escapes(m, f, entry, b, seen);
    free(seen);
    return r;
}

/* a lane of an id builtin the probe knows (d: an OpCompositeExtract) */
static int builtin_lane(const Module *m, const Inst *d)
{
    const Inst *v = def_of(m, opnd_id(m, d, 0));
    uint32_t p;
    int32_t b;
    if (d->nopnds != 2 || !v || v->op != SpvOpLoad || *opnd_words(m, d, 1) > 2)
        return 0;
    p = opnd_id(m, v, 0);
    if (p >= m->bound || !m->ids[p].is_builtin_var)
        return 0;
    b = m->ids[p].builtin;
    return b == SpvBuiltInGlobalInvocationId || b == SpvBuiltInLocalInvocationId ||
           b == SpvBuiltInGlobalSize || b == SpvBuiltInGlobalOffset ||
           b == SpvBuiltInNumWorkgroups || b == SpvBuiltInEnqueuedWorkgroupSize ||
           b == SpvBuiltInWorkgroupId || b == SpvBuiltInWorkgroupSize;
}

/* can the probe compute d's operands, their nesting so far depth? */
static int probeable(const Emit *e, const Hoist *h, uint32_t id, unsigned depth);

static int probeable_opnds(const Emit *e, const Hoist *h, const Inst *d, unsigned depth)
{
    const Module *m = e->m;
    unsigned j;
    for (j = 0; j < d->nopnds; j++)
        if (m->opnds[d->opnd0 + j].kind == OPND_ID && !probeable(e, h, opnd_id(m, d, j), depth + 1))
            return 0;
    return 1;
}

/* a kernel argument the probe reads: an integer by value, a buffer's pointer */
static int probeable_param(const Module *m, const Hoist *h, uint32_t id)
{
    const Type *t = type_of(m, id);
    int a = hoist_param_arg(h, id), kind;
    if (a < 0)
        return 0;
    kind = arg_kind(m, h->kf->params[a]);
    return hoist_iwidth(t) ? kind == ARG_VALUE : t && t->kind == T_POINTER && kind <= ARG_CONSTANT;
}

/* a shift by a constant less than the width */
static int probeable_shift(const Module *m, const Inst *d, unsigned w)
{
    const Inst *c = def_of(m, opnd_id(m, d, 1));
    return w && c && c->op == SpvOpConstant && m->words[c->word + 3] < w &&
           !(c->nwords > 4 && m->words[c->word + 4]);
}

/* the node itself, operands aside (op_props' IX_ kinds) */
static int probeable_node(const Module *m, const Hoist *h, uint32_t id, const Inst *d)
{
    const Type *t = type_of(m, id), *st = NULL, *e0;
    unsigned w = hoist_iwidth(t);
    if (d->nopnds && m->opnds[d->opnd0].kind == OPND_ID)
        st = type_of(m, opnd_id(m, d, 0));
    switch (op_ix(d->op)) {
    case IX_CONST: return w != 0;
    case IX_PARAM: return probeable_param(m, h, id);
    case IX_LANE: return w && builtin_lane(m, d);
    case IX_SHIFT: return probeable_shift(m, d, w);
    case IX_RING:
    case IX_BITS: return w != 0;
    case IX_UNARY:
    case IX_CONV: return w && hoist_iwidth(st) && !m->ids[id].sat;
    case IX_COPY:
        return (w && w == hoist_iwidth(st)) ||
               (t && t->kind == T_POINTER && st && st->kind == T_POINTER);
    case IX_PTRCAST: return 1;
    case IX_CHAIN:
        e0 = st && st->kind == T_POINTER ? T(m, st->elem) : NULL;
        return d->nopnds == 2 && hoist_iwidth(type_of(m, opnd_id(m, d, 1))) && e0 && e0->c &&
               e0->size;
    default: return 0;
    }
}

/* can the probe compute value id (depth: its nesting so far)? */
static int probeable(const Emit *e, const Hoist *h, uint32_t id, unsigned depth)
{
    const Module *m = e->m;
    const Inst *d = def_of(m, id);
    if (!d || depth > 24 || !probeable_node(m, h, id, d))
        return 0;
    switch (op_ix(d->op)) {
    case IX_CONST:
    case IX_PARAM:
    case IX_LANE: return 1;   /* leaves */
    case IX_SHIFT: return probeable(e, h, opnd_id(m, d, 0), depth + 1);   /* by a constant */
    default: return probeable_opnds(e, h, d, depth);
    }
}

static int affine(const Module *m, uint32_t id, unsigned depth);

/* a lane of an id builtin: 2 for lane 0 of the 64-bit global or local id */
static int affine_lane(const Module *m, const Inst *d, unsigned w)
{
    int32_t b = m->ids[opnd_id(m, def_of(m, opnd_id(m, d, 0)), 0)].builtin;
    if (*opnd_words(m, d, 1) || (b != SpvBuiltInGlobalInvocationId &&
                                 b != SpvBuiltInLocalInvocationId))
        return 1;
    return w == 64 ? 2 : 0;
}

/* a sum, difference, product or access chain of two operands */
static int affine_pair(const Module *m, const Inst *d, unsigned w, unsigned depth)
{
    int c = 1, x, chain = op_ix(d->op) == IX_CHAIN;
    unsigned j;
    for (j = 0; j < 2; j++) {
        x = affine(m, opnd_id(m, d, j), depth + 1);
        if (!x || (x == 2 && c == 2 && d->op == SpvOpIMul))
            return 0;
        c = x > c ? x : c;
    }
    if (c == 2 && !chain && w != 64)
        return 0;
    if (c == 2 && chain && hoist_iwidth(type_of(m, opnd_id(m, d, 1))) != 64 &&
        affine(m, opnd_id(m, d, 1), depth + 1) == 2)
        return 0;
    return c;
}

/* how probeable value id depends on the work-item loop's counter l0:
   1 not at all, 2 as A + K l0 modulo 2^64 for every l0 (64-bit sums,
   products by what does not depend on it, shifts left, access chains of
   the 64-bit global or local id), 0 otherwise (32-bit arithmetic wraps) */
static int affine(const Module *m, uint32_t id, unsigned depth)
{
    const Inst *d = def_of(m, id);
    unsigned w = hoist_iwidth(type_of(m, id)), j;
    int x;
    if (!d || depth > 24)
        return 0;
    switch (op_ix(d->op)) {
    case IX_CONST:
    case IX_PARAM: return 1;
    case IX_LANE: return affine_lane(m, d, w);
    case IX_RING:
    case IX_CHAIN: return affine_pair(m, d, w, depth);
    case IX_COPY:
    case IX_PTRCAST: return affine(m, opnd_id(m, d, 0), depth + 1);
    case IX_CONV:
        return affine(m, opnd_id(m, d, 0), depth + 1) == 1;
    default:
        if (op_scales(d->op)) {   /* negations, shifts left */
            x = affine(m, opnd_id(m, d, 0), depth + 1);
            return x == 1 ? 1 : w == 64 ? x : 0;
        }
        /* right shifts, bitwise operations: only of what does not depend on l0 */
        for (j = 0; j < d->nopnds; j++)
            if (m->opnds[d->opnd0 + j].kind == OPND_ID && affine(m, opnd_id(m, d, j), depth + 1) != 1)
                return 0;
        return 1;
    }
}

/* the buffer argument pointer id is computed from (as probeable follows
   it), or -1 */
static int root_arg(const Module *m, const Hoist *h, uint32_t id)
{
    unsigned steps;
    for (steps = 0; steps < 256; steps++) {
        const Inst *d = def_of(m, id);
        if (!d)
            return -1;
        if (d->op == SpvOpFunctionParameter)
            return hoist_param_arg(h, id);
        if (!pointer_step(d->op))
            return -1;
        id = opnd_id(m, d, 0);
    }
    return -1;
}

/* is this a variable (private, __local or program-scope) rather than
   something a buffer argument or an unknown pointer may reach? */
static int root_is_var(const Module *m, uint32_t id)
{
    unsigned steps;
    for (steps = 0; steps < 256; steps++) {
        const Inst *d = def_of(m, id);
        if (!d)
            return 0;
        if (d->op == SpvOpVariable)
            return 1;
        if (d->op != SpvOpPtrAccessChain && d->op != SpvOpInBoundsPtrAccessChain &&
            d->op != SpvOpAccessChain && d->op != SpvOpInBoundsAccessChain &&
            d->op != SpvOpBitcast && d->op != SpvOpPtrCastToGeneric &&
            d->op != SpvOpGenericCastToPtr && d->op != SpvOpCopyObject)
            return 0;
        id = opnd_id(m, d, 0);
    }
    return 0;
}

static int accessed_ok(const Type *t)
{
    if (!t || !t->c)
        return 0;
    if (t->kind == T_INT || t->kind == T_FLOAT)
        return 1;
    return t->kind == T_VECTOR && (t->n == 2 || t->n == 4 || t->n == 8 || t->n == 16);
}

/* the kernel's chain of functions: each calls the next once, from a block
   every run passes, and is called from nowhere else; their parameters'
   arguments (h->pid, parg). The functions in f[], their number. */
static size_t chain(const Module *m, const Kernel *k, Hoist *h, const Func **fs, size_t max)
{
    const Func *f = find_func(m, k->func);
    size_t n = 0, i;
    unsigned p;

    if (!f || callers(m, f->id))
        return 0;
    h->kf = f;
    for (p = 0; p < f->nparams; p++) {
        h->pid = xrealloc(h->pid, (h->np + 1) * sizeof *h->pid);
        h->parg = xrealloc(h->parg, (h->np + 1) * sizeof *h->parg);
        h->pid[h->np] = f->params[p];
        h->parg[h->np++] = p;
    }
    while (f && n < max) {
        const Inst *call = NULL;
        size_t entry = 0, blk = 0, nb = 0, cb = 0;
        fs[n++] = f;
        for (i = f->first; i <= f->last; i++) {
            if (m->insts[i].op == SpvOpLabel) {
                blk = i;
                nb++;
                if (!entry)
                    entry = i;
            }
            if (m->insts[i].op == SpvOpFunctionCall) {
                if (call)
                    return 0;   /* two calls: not a chain */
                call = &m->insts[i];
                cb = blk;
            }
        }
        if (!call)
            return n;
        {
            const Func *g = find_func(m, opnd_id(m, call, 0));
            if (!g || callers(m, g->id) != 1 || !sure_block(m, f, cb, entry, nb) ||
                g->nparams + 1 != call->nopnds)
                return 0;
            for (p = 0; p < g->nparams; p++) {
                int a = hoist_param_arg(h, opnd_id(m, call, p + 1));
                if (a < 0)
                    continue;
                h->pid = xrealloc(h->pid, (h->np + 1) * sizeof *h->pid);
                h->parg = xrealloc(h->parg, (h->np + 1) * sizeof *h->parg);
                h->pid[h->np] = g->params[p];
                h->parg[h->np++] = (unsigned)a;
            }
            f = g;
        }
    }
    return 0;
}

/* is instruction in a memory access (its pointer operands are) */
static int is_access(const Module *m, const Inst *in)
{
    unsigned j;
    if (in->op == SpvOpLoad)
        return !m->ids[opnd_id(m, in, 0)].is_builtin_var;
    if (in->op == SpvOpStore || in->op == SpvOpCopyMemory || in->op == SpvOpCopyMemorySized ||
        inst_is_atomic(in) || in->op == SpvOpGroupAsyncCopy)
        return 1;
    if (in->op != SpvOpExtInst)
        return 0;
    for (j = 0; j < in->nopnds; j++)
        if (m->opnds[in->opnd0 + j].kind == OPND_ID) {
            const Type *t = type_of(m, opnd_id(m, in, j));
            if (t && t->kind == T_POINTER)
                return 1;
        }
    return 0;
}

/* vector data (vloadn, vstoren, the half forms): its pointer's operand,
   the elements it accesses and an offset steps over, the alignment its
   check asks, whether it writes (templates/vector_data.lua); 0 if not */
static int vector_data(const Module *m, const Inst *in, unsigned *pk, unsigned *n,
                       unsigned *stride, unsigned *align, int *wr)
{
    const Type *d;
    unsigned lanes;
    if (in->op != SpvOpExtInst || !m->ids[in->ext_set].opencl_std)
        return 0;
    switch (in->ext_op) {
    case OpenCLstd_Vloadn:
    case OpenCLstd_Vload_halfn:
    case OpenCLstd_Vloada_halfn:
    case OpenCLstd_Vload_half:
        if (in->ext_op != OpenCLstd_Vload_half && (in->nopnds < 3 ||
                                                   m->opnds[in->opnd0 + 2].kind == OPND_ID))
            return 0;
        *pk = 1;
        *n = in->ext_op == OpenCLstd_Vload_half ? 1 : *opnd_words(m, in, 2);
        *wr = 0;
        break;
    case OpenCLstd_Vstoren:
    case OpenCLstd_Vstore_half:
    case OpenCLstd_Vstore_half_r:
    case OpenCLstd_Vstore_halfn:
    case OpenCLstd_Vstore_halfn_r:
    case OpenCLstd_Vstorea_halfn:
    case OpenCLstd_Vstorea_halfn_r:
        d = type_of(m, opnd_id(m, in, 0));
        if (!d)
            return 0;
        *pk = 2;
        *n = d->kind == T_VECTOR ? d->n : 1;
        *wr = 1;
        break;
    default:
        return 0;
    }
    lanes = *n == 3 ? 4 : *n;
    *stride = *n;
    *align = 2;
    if (in->ext_op == OpenCLstd_Vloada_halfn || in->ext_op == OpenCLstd_Vstorea_halfn ||
        in->ext_op == OpenCLstd_Vstorea_halfn_r) {
        *stride = lanes;
        *align = 2 * lanes;
    }
    return *n >= 1 && *n <= 16;
}

/* a hoistable load, store or vector-data access: its entry (flags
   without H_NOSH yet), else 0 */
static int hoistable(const Emit *e, const Hoist *h, const Inst *in, HAcc *a)
{
    const Module *m = e->m;
    uint32_t p;
    unsigned pk = 0, n = 0;
    int arg, wr = 0;
    const Type *t, *el;
    memset(a, 0, sizeof *a);
    a->align = 1;
    if (vector_data(m, in, &pk, &n, &a->stride, &a->align, &wr)) {
        a->off = opnd_id(m, in, pk - 1);
        if (!probeable(e, h, a->off, 0))
            return 0;
    } else if (in->op != SpvOpLoad && in->op != SpvOpStore) {
        return 0;
    }
    p = opnd_id(m, in, pk);
    t = type_of(m, p);
    arg = root_arg(m, h, p);
    if (arg < 0 || !probeable(e, h, p, 0) || !t || t->kind != T_POINTER)
        return 0;
    a->ptr = p;
    a->arg = (unsigned)arg;
    el = T(m, t->elem);
    if (a->off) {   /* as vector_data.lua's at(): p + (size_t)offset * stride */
        if (!el || !el->c || (el->kind != T_FLOAT && el->kind != T_INT))
            return 0;
        if (in->ext_op == OpenCLstd_Vloadn || in->ext_op == OpenCLstd_Vstoren)
            a->align = (unsigned)el->align;
        else if (el->kind != T_FLOAT || el->width != 16)
            return 0;
        snprintf(a->size, sizeof a->size, "%u * sizeof(%s)", n, el->c);
        a->el = el->c;
        {   /* p + (size_t)offset * stride: a narrower offset is zero-extended */
            int cp = affine(m, p, 0), co = affine(m, a->off, 0);
            a->aff = cp && co && (co == 1 || hoist_iwidth(type_of(m, a->off)) == 64);
        }
        a->flags = wr ? H_WRITE : H_READ;
        return a->align >= 1 && (a->align & (a->align - 1)) == 0;
    }
    t = in->op == SpvOpLoad ? T(m, in->type) : type_of(m, opnd_id(m, in, 1));
    if (!accessed_ok(t))
        return 0;
    snprintf(a->size, sizeof a->size, "sizeof(%s)", t->c);
    a->flags = in->op == SpvOpLoad ? H_READ : H_WRITE;
    a->aff = affine(m, p, 0) != 0;
    return 1;
}

/* the kernel's access in, not hoisted: its buffers (part: some of their
   accesses stay in place; wr: may be written), unknown: some access's
   buffer is not known */
static void unhoisted(const Module *m, const Hoist *h, const Inst *in, unsigned char *part,
                      unsigned char *wr, int *unknown)
{
    unsigned j;
    for (j = 0; j < in->nopnds; j++) {
        uint32_t p;
        const Type *t;
        int r;
        if (m->opnds[in->opnd0 + j].kind != OPND_ID)
            continue;
        p = opnd_id(m, in, j);
        t = type_of(m, p);
        if (!t || t->kind != T_POINTER)
            continue;
        r = root_arg(m, h, p);
        if (r >= 0) {
            part[r] = 1;
            wr[r] |= in->op != SpvOpLoad;
        } else if (!root_is_var(m, p)) {
            *unknown |= 1 | (in->op != SpvOpLoad) << 1;
        }
    }
}

/* the hoisted accesses' entries: reads of buffers never written become
   spans; the others one entry a buffer, merged where they go through
   one address, H_NOSH where the race records could differ */
static void entries(Hoist *h, HAcc *v, size_t n, const unsigned char *part,
                    const unsigned char *wr, int unknown)
{
    size_t i, j;
    for (i = 0; i < n; i++) {
        HAcc *a = &v[i];
        if (!wr[a->arg] && !(unknown & 2)) {
            a->flags |= H_SPAN;
            continue;
        }
        if (unknown || part[a->arg])
            a->flags |= H_NOSH;
        for (j = 0; j < i; j++) {
            HAcc *b = &v[j];
            if (b->arg != a->arg || !b->flags || (b->flags & H_SPAN))
                continue;
            if (b->ptr == a->ptr && b->off == a->off && !strcmp(b->size, a->size) &&
                !((a->flags | b->flags) & H_NOSH)) {
                b->flags |= a->flags;
                a->flags = 0;   /* merged */
            } else {
                a->flags |= H_NOSH;
                b->flags |= H_NOSH;
            }
        }
    }
    for (i = 0; i < n; i++) {
        if (!v[i].flags)
            continue;
        if (!(v[i].flags & H_SPAN) && h->n == HMAX)
            h->n = HMAX + 1;   /* too many */
        if (h->n > HMAX)
            return;
        if (v[i].flags & H_SPAN)
            h->sp[h->nsp++] = v[i];
        else
            h->v[h->n++] = v[i];
    }
}

/* the affine spans of one buffer and size next to each other, in the order
   of their first (one bounds test for them all: spv2c_ck_segs_) */
static void group_spans(Hoist *h)
{
    size_t i, j, k;
    for (i = 0; i < h->nsp; i++) {
        if (!h->sp[i].aff)
            continue;
        for (j = i + 1; j < h->nsp; j++) {
            HAcc a = h->sp[j];
            if (!a.aff || a.arg != h->sp[i].arg || strcmp(a.size, h->sp[i].size))
                continue;
            for (k = j; k > i + 1; k--)   /* a moves to just after i's group */
                h->sp[k] = h->sp[k - 1];
            h->sp[++i] = a;
        }
    }
}

/* the chunk plan of kernel k (a barrier-free one under --checked): its
   hoisted accesses, marked in hoisted[] (by instruction index) */
static void plan_kernel(Emit *e, const Kernel *k, Hoist *h, unsigned char *hoisted)
{
    const Module *m = e->m;
    const Func *fs[8], *kf = find_func(m, k->func);
    size_t nf = chain(m, k, h, fs, 8), i, q, n = 0, nw = 0;
    unsigned char *part = xcalloc(kf ? kf->nparams + 1 : 1, 1);
    unsigned char *wr = xcalloc(kf ? kf->nparams + 1 : 1, 1);
    size_t *at = xcalloc(SMAX + HMAX, sizeof *at);
    HAcc *v = xcalloc(SMAX + HMAX, sizeof *v);
    int unknown = 0;

    h->clean = nf > 0;
    for (q = 0; q < nf; q++) {
        const Func *f = fs[q];
        size_t entry = 0, blk = 0, nb = 0;
        for (i = f->first; i <= f->last; i++)
            if (m->insts[i].op == SpvOpLabel)
                nb++;
        for (i = f->first; i <= f->last; i++) {
            const Inst *in = &m->insts[i];
            HAcc a;
            if (in->op == SpvOpLabel) {
                blk = i;
                if (!entry)
                    entry = i;
            }
            if (in->op == SpvOpVariable)
                h->clean = 0;   /* its registration is a check */
            if (!is_access(m, in))
                continue;
            if (n < SMAX + HMAX && hoistable(e, h, in, &a) &&
                (!(a.flags & H_WRITE) || nw < HMAX)) {
                if (!sure_block(m, f, blk, entry, nb))
                    a.flags |= H_NOSH;
                if (a.flags & H_WRITE) {
                    wr[a.arg] = 1;
                    nw++;
                }
                at[n] = i;
                v[n++] = a;
                continue;
            }
            h->clean = 0;
            unhoisted(m, h, in, part, wr, &unknown);
        }
    }
    entries(h, v, n, part, wr, unknown);
    group_spans(h);
    /* only where no check is left in the loop: the chunk's loop then
       vectorises; elsewhere the copies of the body it costs slowed the
       loop down (nbody: 4x, its rsqrt no longer inlined) */
    if (h->n > HMAX || !h->clean) {
        h->n = h->nsp = 0;
        n = 0;
    }
    for (i = 0; i < n; i++)
        hoisted[at[i]] = 1;
    free(part);
    free(wr);
    free(at);
    free(v);
}

/* every barrier-free kernel's plan (NULL entries: none); hoisted: per
   instruction index, the accesses whose checks a chunk may take */
Hoist **hoist_plan(Emit *e, unsigned char *hoisted, int (*plain)(const Module *, uint32_t))
{
    const Module *m = e->m;
    Hoist **hs = xcalloc(m->nkernels + 1, sizeof *hs);
    size_t k;
    for (k = 0; k < m->nkernels; k++) {
        Hoist *h;
        if (!plain(m, m->kernels[k].func))
            continue;
        h = xcalloc(1, sizeof *h);
        plan_kernel(e, &m->kernels[k], h, hoisted);
        if (!h->n && !h->nsp) {
            hoist_free(h);
            h = NULL;
        }
        hs[k] = h;
    }
    return hs;
}

void hoist_free(Hoist *h)
{
    if (!h)
        return;
    free(h->pid);
    free(h->parg);
    free(h);
}

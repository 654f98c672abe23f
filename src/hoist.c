/*
 * hoist: --checked's memory checks taken out of a barrier-free kernel's
 * work-item loop, a chunk of 16 work-items at a time (issue 16: a checked
 * run within 3x of the unchecked one).
 *
 * A check at each access, one work-item after another, keeps the
 * work-item loop from vectorising: a streaming kernel's checked loop took
 * 25 to 50 times its unchecked one. For an access whose address the
 * chunk can compute before it runs (a pure integer expression of the
 * work-item's ids, the kernel's arguments and constants), the executor
 * computes the addresses of the chunk's 16 work-items first (the probe),
 * then asks the runtime (spv2c_ck_chunk_, runtime/check.h) whether every
 * per-item check of them would pass, and records their race-shadow words
 * at once if so; the chunk then runs with wi->ckfast_ set, which turns
 * those accesses' checks off (check_access in templates/prelude.lua), and,
 * when no check is left in the body, with the unchecked loop's
 * vectorisation hints. Otherwise the chunk runs as before, each check in
 * place, and reports as before: nothing is reported from a chunk test.
 *
 * Only kernels all of whose accesses can be taken so: a chunk's copies of
 * the kernel's body cost code size, and pay only where the loop then
 * vectorises (with a check left in it, nbody ran 4 times slower: gcc no
 * longer inlined its rsqrt).
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

#define HMAX 16      /* hoisted accesses with race records a kernel (spv2c_ck_chunk_'s table) */
#define SMAX 256     /* hoisted reads of buffers the kernel never writes */
#define NBLOCKS 256  /* functions with more blocks: the entry block is the only sure one */

enum { H_READ = 1, H_WRITE = 2, H_NOSH = 32, H_SPAN = 64 };

typedef struct HAcc {
    uint32_t ptr;      /* the pointer's id */
    uint32_t off;      /* vector data: the offset's id, else 0 */
    unsigned stride;   /* vector data: elements an offset */
    unsigned arg;      /* the kernel argument it is computed from */
    char size[48];     /* the C expression of the bytes it accesses */
    unsigned align;    /* vector data: the address's alignment, else 1 */
    const char *el;    /* vector data: the C type of the pointer's element */
    int aff;           /* the address is A + K (l0 - c0) modulo 2^64 for any l0 (K may be 0) */
    unsigned flags;    /* H_* */
} HAcc;

struct Hoist {
    HAcc v[HMAX];      /* the accesses with race records, one a buffer */
    size_t n;
    HAcc sp[SMAX];     /* reads of buffers the kernel never writes (H_SPAN) */
    size_t nsp;
    const Func *kf;    /* the kernel's function */
    int clean;         /* every access of the kernel is hoisted: no check in the loop */
    uint32_t *pid;     /* chain functions' parameters, and their kernel argument */
    unsigned *parg;
    size_t np;
};

static const Type *T(const Module *m, uint32_t id)
{
    return id < m->bound ? m->ids[id].type : NULL;
}

static unsigned iwidth(const Type *t)
{
    return t && t->kind == T_INT && (t->width == 8 || t->width == 16 || t->width == 32 ||
                                     t->width == 64) ? t->width : 0;
}

/* the kernel argument parameter p stands for, or -1 */
static int param_arg(const Hoist *h, uint32_t p)
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
    int a = param_arg(h, id), kind;
    if (a < 0)
        return 0;
    kind = arg_kind(m, h->kf->params[a]);
    return iwidth(t) ? kind == ARG_VALUE : t && t->kind == T_POINTER && kind <= ARG_CONSTANT;
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
    unsigned w = iwidth(t);
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
    case IX_CONV: return w && iwidth(st) && !m->ids[id].sat;
    case IX_COPY:
        return (w && w == iwidth(st)) ||
               (t && t->kind == T_POINTER && st && st->kind == T_POINTER);
    case IX_PTRCAST: return 1;
    case IX_CHAIN:
        e0 = st && st->kind == T_POINTER ? T(m, st->elem) : NULL;
        return d->nopnds == 2 && iwidth(type_of(m, opnd_id(m, d, 1))) && e0 && e0->c &&
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
    if (c == 2 && chain && iwidth(type_of(m, opnd_id(m, d, 1))) != 64 &&
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
    unsigned w = iwidth(type_of(m, id)), j;
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
            return param_arg(h, id);
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
                int a = param_arg(h, opnd_id(m, call, p + 1));
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
            a->aff = cp && co && (co == 1 || iwidth(type_of(m, a->off)) == 64);
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

int hoist_clean(const Hoist *h)
{
    return h && h->clean;
}

static const char *bname(int32_t b)
{
    return builtin_name(b) ? builtin_name(b) : "?";
}

/* a lane of an id builtin (d: its OpCompositeExtract), w bits wide */
static char *lane_text(const Module *m, const Inst *d, unsigned w)
{
    const Inst *v = def_of(m, opnd_id(m, d, 0));
    int32_t bi = m->ids[opnd_id(m, v, 0)].builtin;
    unsigned lane = *opnd_words(m, d, 1);
    if (bi == SpvBuiltInGlobalInvocationId)
        return lower_u64_mask(w, xsprintf("(uint64_t)(b%u + l%u)", lane, lane));
    if (bi == SpvBuiltInLocalInvocationId)
        return lower_u64_mask(w, xsprintf("(uint64_t)l%u", lane));
    return lower_u64_mask(w, xsprintf("(uint64_t)wg_.%s.s[%u]", bname(bi), lane));
}

/* the C text of value id (d its definition) from its operands' hv<id>_:
   a uint64_t holding an integer zero-extended from its width, or a
   uintptr_t; the probe's own variables here, arithmetic by lower_u64 */
static char *probe_text(const Module *m, const Hoist *h, uint32_t id, const Inst *d,
                        const char *const *args)
{
    unsigned w = iwidth(type_of(m, id));
    char o0[32] = "", o1[32] = "";
    if (d->nopnds >= 1 && m->opnds[d->opnd0].kind == OPND_ID)
        snprintf(o0, sizeof o0, "hv%u_", opnd_id(m, d, 0));
    if (d->nopnds >= 2 && m->opnds[d->opnd0 + 1].kind == OPND_ID)
        snprintf(o1, sizeof o1, "hv%u_", opnd_id(m, d, 1));
    if (op_ix(d->op) == IX_PARAM)
        return w ? xsprintf("(uint64_t)(uint%u_t)%s", w, args[param_arg(h, id)])
                 : xsprintf("(uintptr_t)%s", args[param_arg(h, id)]);
    if (op_ix(d->op) == IX_LANE)
        return lane_text(m, d, w);
    return lower_u64(m, d, w, o0, o1);
}

/* value id's probe statement, after its operands' (done: per id, emitted) */
static void probe_value(const Emit *e, const Hoist *h, Buf *b, const char *ind, uint32_t id,
                        unsigned char *done, const char *const *args)
{
    const Module *m = e->m;
    const Inst *d = def_of(m, id);
    unsigned w = iwidth(type_of(m, id)), j;
    char *x;

    if (done[id])
        return;
    done[id] = 1;
    if (op_ix(d->op) == IX_SHIFT)
        probe_value(e, h, b, ind, opnd_id(m, d, 0), done, args);   /* the shift is a constant */
    else if (op_ix(d->op) != IX_LANE)
        for (j = 0; j < d->nopnds; j++)
            if (m->opnds[d->opnd0 + j].kind == OPND_ID)
                probe_value(e, h, b, ind, opnd_id(m, d, j), done, args);
    x = probe_text(m, h, id, d, args);
    if (strlen(ind) + strlen(x) + 30 > 100)   /* hv<id>_ = x: under 100 columns */
        buf_printf(b, "%sconst %s hv%u_ =\n%s    %s;\n", ind, w ? "uint64_t" : "uintptr_t", id,
                   ind, x);
    else
        buf_printf(b, "%sconst %s hv%u_ = %s;\n", ind, w ? "uint64_t" : "uintptr_t", id, x);
    free(x);
}

/* access q: the entries first, then the spans */
static const HAcc *acc(const Hoist *h, size_t q)
{
    return q < h->n ? &h->v[q] : &h->sp[q - h->n];
}

/* the spans the probe bounds work-item by work-item (not affine): the
   first of each argument */
static int span_first(const Hoist *h, size_t i)
{
    size_t j;
    if (h->sp[i].aff)
        return 0;
    for (j = 0; j < i; j++)
        if (!h->sp[j].aff && h->sp[j].arg == h->sp[i].arg)
            return 0;
    return 1;
}

/* the index of span i's buffer among those spans' buffers */
static unsigned span_of(const Hoist *h, size_t i)
{
    size_t j, f;
    unsigned n = 0;
    for (f = 0; h->sp[f].aff || h->sp[f].arg != h->sp[i].arg; f++)
        ;
    for (j = 0; j < f; j++)
        n += span_first(h, j);
    return n;
}

static unsigned spans(const Hoist *h)
{
    size_t j;
    unsigned n = 0;
    for (j = 0; j < h->nsp; j++)
        n += span_first(h, j);
    return n;
}

/* does some access have an alignment to check; is some entry not affine */
static int aligns(const Hoist *h)
{
    size_t q;
    for (q = 0; q < h->n + h->nsp; q++)
        if (acc(h, q)->align > 1)
            return 1;
    return 0;
}

static int unaffine(const Hoist *h)
{
    size_t q;
    for (q = 0; q < h->n + h->nsp; q++)
        if (!acc(h, q)->aff)
            return 1;
    return 0;
}

/* the address of access a (its operands' probe values emitted) */
static char *address(const HAcc *a)
{
    if (a->off)
        return xsprintf("hv%u_ + (uintptr_t)((size_t)hv%u_ * %u) * sizeof(%s)", a->ptr, a->off,
                        a->stride, a->el);
    return xsprintf("hv%u_", a->ptr);
}

/* after "X =": a space, or a new line and the continuation's indentation
   where x would not fit in 100 columns */
static const char *wrap(const char *ind, const char *x)
{
    static char sp[80];
    if (strlen(ind) + strlen(x) + 30 <= 100)
        return " ";
    snprintf(sp, sizeof sp, "\n%s    ", ind);
    return sp;
}

/* the statements of the accesses' addresses, affine ones (aff) or the
   others, into what: 0 hA_[q] = address, 1 hK_[q] = address - hA_[q], 2
   the work-item's part (ha_, the spans) */
static void addresses(const Emit *e, const Hoist *h, Buf *b, const char *ind,
                      const char *const *args, int aff, int what)
{
    unsigned char *done = xcalloc(e->m->bound + 1, 1);
    size_t q;
    for (q = 0; q < h->n + h->nsp; q++) {
        const HAcc *a = acc(h, q);
        if (a->aff != aff)
            continue;
        probe_value(e, h, b, ind, a->ptr, done, args);
        if (a->off)
            probe_value(e, h, b, ind, a->off, done, args);
    }
    for (q = 0; q < h->n + h->nsp; q++) {
        const HAcc *a = acc(h, q);
        char *at = address(a);
        if (a->aff != aff) {
        } else if (what == 0) {
            buf_printf(b, "%shA_[%u] =%s%s;\n", ind, (unsigned)q, wrap(ind, at), at);
        } else if (what == 1) {
            buf_printf(b, "%shK_[%u] =%s%s - hA_[%u];\n", ind, (unsigned)q, wrap(ind, at), at,
                       (unsigned)q);
        } else if (q < h->n) {
            buf_printf(b, "%sha_[%u][k0] =%s%s;\n", ind, (unsigned)q, wrap(ind, at), at);
            if (a->align > 1)
                buf_printf(b, "%shm_ |= ha_[%u][k0] & %u;\n", ind, (unsigned)q, a->align - 1);
        } else {
            unsigned s = span_of(h, q - h->n);
            buf_printf(b, "%s{\n%s    const uintptr_t p_ =\n%s        %s;\n", ind, ind, ind, at);
            buf_printf(b, "%s    hl_[%u] = p_ < hl_[%u] ? p_ : hl_[%u];\n", ind, s, s, s);
            buf_printf(b, "%s    hh_[%u] = p_ + %s > hh_[%u] ?\n%s        p_ + %s : hh_[%u];\n",
                       ind, s, a->size, s, ind, a->size, s);
            if (a->align > 1)
                buf_printf(b, "%s    hm_ |= p_ & %u;\n", ind, a->align - 1);
            buf_printf(b, "%s}\n", ind);
        }
        free(at);
    }
    free(done);
}

/* the probe's variables for a chunk of len work-items: hA_, hK_: each
   access's first address and step; ha_: the addresses of the entries
   that are not affine, work-item by work-item; hl_, hh_: the spans of
   the reads that are not; hm_: misaligned bits; hp_: the entries' steps
   are constant */
static void decls(const Hoist *h, Buf *b, const char *ind, unsigned len)
{
    unsigned s, ns = spans(h);
    size_t q;
    buf_printf(b, "%suintptr_t hA_[%u], hK_[%u];\n", ind, (unsigned)(h->n + h->nsp),
               (unsigned)(h->n + h->nsp));
    for (q = 0; q < h->n && h->v[q].aff; q++)
        ;
    if (q < h->n)
        buf_printf(b, "%suintptr_t ha_[%u][%u];\n%sint hp_ = 1;\n", ind, (unsigned)h->n, len,
                   ind);
    if (ns)
        buf_printf(b, "%suintptr_t hl_[%u], hh_[%u];\n", ind, ns, ns);
    for (s = 0; s < ns; s++)
        buf_printf(b, "%shl_[%u] = UINTPTR_MAX;\n%shh_[%u] = 0;\n", ind, s, ind, s);
    if (aligns(h))
        buf_printf(b, "%suintptr_t hm_ = 0;   /* the addresses' misaligned bits */\n", ind);
}

/* the probe of a chunk of len work-items from c0: the addresses of its
   affine accesses from the first two work-items, the others' work-item
   by work-item (ind: the block's indentation) */
void hoist_probe(const Emit *e, const Hoist *h, Buf *b, const char *ind, const char *const *args,
                 unsigned len)
{
    char *in2 = xsprintf("%s    ", ind), *in3 = xsprintf("%s        ", ind);
    size_t q;
    decls(h, b, ind, len);
    for (q = 0; q < h->n + h->nsp && !acc(h, q)->aff; q++)
        ;
    if (q < h->n + h->nsp) {   /* the affine ones at l0 = c0, c0 + 1 */
        buf_printf(b, "%sl0 = c0;\n%s{\n", ind, ind);
        addresses(e, h, b, in2, args, 1, 0);
        buf_printf(b, "%s}\n%sl0 = c0 + 1;\n%s{\n", ind, ind, ind);
        addresses(e, h, b, in2, args, 1, 1);
        buf_printf(b, "%s}\n", ind);
    }
    if (unaffine(h)) {
        buf_printf(b, "%sfor (k0 = 0; k0 < %u; k0++) {\n%sl0 = c0 + k0;\n", ind, len, in2);
        addresses(e, h, b, in2, args, 0, 2);
        buf_printf(b, "%s}\n", ind);
    }
    for (q = 0; q < h->n + h->nsp; q++) {
        const HAcc *a = acc(h, q);
        if (q < h->n && !a->aff)
            buf_printf(b, "%shA_[%u] = ha_[%u][0];\n%shK_[%u] = ha_[%u][1] - ha_[%u][0];\n"
                          "%shp_ &= spv2c_ck_prog_(ha_[%u], %u);\n", ind, (unsigned)q,
                       (unsigned)q, ind, (unsigned)q, (unsigned)q, (unsigned)q, ind, (unsigned)q,
                       len);
        if (a->aff && a->align > 1)
            buf_printf(b, "%shm_ |= (hA_[%u] | hK_[%u]) & %u;\n", ind, (unsigned)q, (unsigned)q,
                       a->align - 1);
    }
    free(in2);
    free(in3);
}

int hoist_any(const Hoist *h)
{
    return h && (h->n || h->nsp);
}

/* the flags of entry a */
static void flags(Buf *b, const HAcc *a)
{
    const char *fs = "";
    if (a->flags & H_READ) {
        buf_put(b, "SPV2C_CK_READ_");
        fs = " | ";
    }
    if (a->flags & H_WRITE) {
        buf_printf(b, "%sSPV2C_CK_WRITE_", fs);
        fs = " | ";
    }
    if (a->flags & H_NOSH)
        buf_printf(b, "%sSPV2C_CK_NOSH_", fs);
}

/* the chunk's test (mark 0: every access's checks would pass, an
   expression) or its records (mark 1: statements), a chunk of len */
void hoist_test(const Hoist *h, Buf *b, const char *ind, const char *const *args, int mark,
                unsigned len)
{
    size_t j, q;
    const char *sep = "";
    if (!mark && !unaffine(h) && !aligns(h) && !h->n && !h->nsp)
        buf_printf(b, "%s1", ind);
    for (q = 0; !mark && q < h->n && h->v[q].aff; q++)
        ;
    if (!mark && q < h->n) {
        buf_printf(b, "%shp_", ind);
        sep = " &&\n";
    }
    if (!mark && aligns(h)) {
        buf_printf(b, "%s%s!hm_", sep, ind);
        sep = " &&\n";
    }
    for (j = 0; j < h->n; j++) {
        buf_printf(b, "%s%sspv2c_ck_chunk_((const void *)%s, hA_[%u], hK_[%u], %u, %s,\n%s    ",
                   mark ? "" : sep, ind, args[h->v[j].arg], (unsigned)j, (unsigned)j, len,
                   h->v[j].size, ind);
        flags(b, &h->v[j]);
        buf_printf(b, ", (l2 * n1 + l1) * n0 + c0, %d, %u)%s", mark, (unsigned)j,
                   mark ? ";\n" : "");
        sep = " &&\n";
    }
    if (mark)
        return;
    for (j = 0; j < h->nsp; j++)
        if (h->sp[j].aff) {
            size_t c = 1;
            q = h->n + j;
            while (j + c < h->nsp && h->sp[j + c].aff && h->sp[j + c].arg == h->sp[j].arg &&
                   !strcmp(h->sp[j + c].size, h->sp[j].size))
                c++;
            buf_printf(b, "%s%sspv2c_ck_segs_((const void *)%s, hA_ + %u, hK_ + %u, %u, %u, %s)",
                       sep, ind, args[h->sp[j].arg], (unsigned)q, (unsigned)q, (unsigned)c, len,
                       h->sp[j].size);
            sep = " &&\n";
            j += c - 1;
        } else if (span_first(h, j)) {
            unsigned s = span_of(h, j);
            buf_printf(b, "%s%sspv2c_ck_span_((const void *)%s, hl_[%u], hh_[%u])", sep, ind,
                       args[h->sp[j].arg], s, s);
            sep = " &&\n";
        }
}

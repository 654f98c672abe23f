/*
 * affine: index arithmetic that goes up by a constant from one work-item
 * to the next.
 *
 * Kernels index with 32-bit arithmetic on the work-item's ids:
 * a[row * n + (int)get_global_id(0)]. SPIR-V's integer arithmetic wraps,
 * so the sign extension of that sum to a 64-bit index is not affine in
 * the work-item loop's counter l0 (the sum may wrap in the middle of a
 * row), and gcc loads through it lane by lane even where the address goes
 * up by one element a work-item. Within one chunk of a row, l0 in
 * [c0, c0 + L), such a value is v(c0) + K (l0 - c0) modulo 2^w. When both
 * x = v(c0), read as the conversion reads it, and x + K (L - 1) lie in
 * the source type's range, no value of the chunk wraps, and the widened
 * value is exactly x + K (l0 - c0): affine.
 *
 * While kernel.c emits a region's work-item body, this file records each
 * value the body assigns (aff_inst, aff_phi, aff_other), the stretch of
 * straight-line code it is in (aff_label) and the values the body's edges
 * copy into phis (aff_copy); aff_solve then classifies them in the order
 * they are assigned:
 *
 * - invariant in the loop: computed from values the loop never assigns
 *   (constants, arguments, the group part's values, the group's
 *   builtins) by pure integer arithmetic, or a phi that every edge of the
 *   body into it gives the same such value (the counter of a loop that
 *   holds barriers, as seen after them);
 * - affine in l0 with a constant K: the first component of the local and
 *   global ids, the linear ids, and adds, subtracts, negations,
 *   multiplications and left shifts by constants of them, truncations;
 * - anything else (loads, other phis, values reloaded from frames...).
 *
 * A value's C variable can be assigned more than once in the body (by its
 * definition, and by a reload where the region starts): an operand counts
 * only where the variable surely holds its definition's value, that is,
 * the definition was emitted before it in the same stretch, or nothing
 * else ever assigns it.
 *
 * A widening conversion (OpSConvert, OpUConvert) of an affine value is a
 * candidate. kernel.c emits each chunk of 16 work-items as: the
 * candidates and what they are computed from, once for l0 = c0
 * (aff_probe: the body's own statements, which have no side effects and
 * cannot trap), the range test (aff_test), then, where the test holds,
 * the chunk's loop with each candidate written x + K (l0 - c0) (aff_inst
 * in the fast mode); where it fails, the row's remainder loop runs the
 * rest of the row as before.
 */
#include <stdlib.h>
#include <string.h>

#include <spirv/unified1/spirv.h>

#include "spv2c.h"

enum { AF_OTHER, AF_INV, AF_AFF, AF_IDS };   /* AF_IDS: an id vector, lane 0 affine (K 1) */

#define KMAX ((int64_t)1 << 24)   /* |K| above this: not worth it, and no overflow */

struct Aff {
    int fast;             /* emitting the fast copy: candidates substituted */
    size_t n;             /* values assigned so far */
    size_t seg;           /* the straight-line stretch being emitted: 0 the body's start,
                             then one a label */
    uint32_t *order;      /* the ids in the order of their first assignment */
    size_t *seq;          /* per id: 1 + its place in order, 0 if never assigned */
    char **text;          /* per id: its definition's C text (a phi's: its one value) */
    unsigned char *def;   /* per id: its definition is emitted */
    unsigned char *mixed; /* per id: also assigned otherwise (reloaded from a frame...) */
    unsigned char *lastdef; /* per id: its latest assignment in the text is its definition */
    size_t *lastseg;      /* per id: the stretch of its latest assignment */
    uint32_t *fresh;      /* per id: bit k, its operand k was assigned by its definition
                             earlier in the same stretch, at every emission */
    uint32_t *phival;     /* per phi: the value the body's edges copy into it (0 none,
                             UINT32_MAX several) */
    unsigned char *atstart; /* per phi: emitted in the body's first stretch */
    unsigned char *cls;   /* per id: AF_* */
    int64_t *k;           /* per id: K, when affine */
    unsigned char *cand;  /* per id: 1 a sign-extending candidate, 2 a zero-extending one */
    unsigned char *need;  /* per id: computed in the probe */
    size_t ndefs;         /* definitions emitted so far */
    size_t *dseq;         /* per id: 1 + its definition's place among them, or 0 */
    unsigned char *later; /* per id: assigned otherwise after its definition */
    unsigned char *done;  /* per id: emitted for every work-item (aff_needed_code) */
};

Aff *aff_new(const Module *m)
{
    Aff *a = xcalloc(1, sizeof *a);
    size_t n = m->bound;
    a->order = xcalloc(n, sizeof *a->order);
    a->seq = xcalloc(n, sizeof *a->seq);
    a->text = xcalloc(n, sizeof *a->text);
    a->def = xcalloc(n, 1);
    a->mixed = xcalloc(n, 1);
    a->lastdef = xcalloc(n, 1);
    a->lastseg = xcalloc(n, sizeof *a->lastseg);
    a->fresh = xcalloc(n, sizeof *a->fresh);
    a->phival = xcalloc(n, sizeof *a->phival);
    a->atstart = xcalloc(n, 1);
    a->cls = xcalloc(n, 1);
    a->k = xcalloc(n, sizeof *a->k);
    a->cand = xcalloc(n, 1);
    a->need = xcalloc(n, 1);
    a->dseq = xcalloc(n, sizeof *a->dseq);
    a->later = xcalloc(n, 1);
    a->done = xcalloc(n, 1);
    return a;
}

void aff_free(Aff *a)
{
    size_t j;
    if (!a)
        return;
    for (j = 0; j < a->n; j++)
        free(a->text[a->order[j]]);
    free(a->order);
    free(a->seq);
    free(a->text);
    free(a->def);
    free(a->mixed);
    free(a->lastdef);
    free(a->lastseg);
    free(a->fresh);
    free(a->phival);
    free(a->atstart);
    free(a->cls);
    free(a->k);
    free(a->cand);
    free(a->need);
    free(a->dseq);
    free(a->later);
    free(a->done);
    free(a);
}

static Aff *recording(const Emit *e, uint32_t id)
{
    return e->aff && !e->aff->fast && id && id < e->m->bound ? e->aff : NULL;
}

/* the body assigns id: by its definition (text: its C text), or otherwise */
static void note(Aff *a, uint32_t id, int bydef, const char *text)
{
    if (!a->seq[id]) {
        a->order[a->n] = id;
        a->seq[id] = ++a->n;
        a->fresh[id] = UINT32_MAX;
    }
    if (bydef && !a->def[id]) {
        a->def[id] = 1;
        a->text[id] = text ? xstrdup(text) : NULL;
        a->dseq[id] = ++a->ndefs;
    }
    if (!bydef) {
        a->mixed[id] = 1;
        a->later[id] |= a->def[id];
    }
    a->lastdef[id] = (unsigned char)bydef;
    a->lastseg[id] = a->seg;
}

/* the body assigns id other than by its definition (a value reloaded from
   a frame, a call's or a work-group function's result) */
void aff_other(Emit *e, uint32_t id)
{
    Aff *a = recording(e, id);
    if (a)
        note(a, id, 0, NULL);
}

/* a label: a new stretch of straight-line code */
void aff_label(Emit *e)
{
    if (e->aff && !e->aff->fast)
        e->aff->seg++;
}

/* a phi's copy of its definition's shadow */
void aff_phi(Emit *e, uint32_t id)
{
    Aff *a = recording(e, id);
    if (!a)
        return;
    note(a, id, 1, NULL);
    if (!a->seg)
        a->atstart[id] = 1;
}

/* an edge copies value into phi's shadow (UINT32_MAX: a value from before
   the loop) */
void aff_copy(Emit *e, uint32_t phi, uint32_t value)
{
    Aff *a = recording(e, phi);
    if (a)
        a->phival[phi] = !a->phival[phi] || a->phival[phi] == value ? value : UINT32_MAX;
}

/* the C text of instruction in, in the loop body: noted, or in the fast
   copy, a candidate's replacement (text is freed then) */
char *aff_inst(Emit *e, const Inst *in, char *text)
{
    const Module *m = e->m;
    Aff *a = e->aff;
    uint32_t id = in->result, mask = 0;
    unsigned j;
    const Type *t;
    if (!a || !id || id >= m->bound)
        return text;
    if (!a->fast) {
        for (j = 0; j < in->nopnds && j < 32; j++)
            if (m->opnds[in->opnd0 + j].kind == OPND_ID) {
                uint32_t x = opnd_id(m, in, j);
                if (x < m->bound && a->seq[x] && a->lastdef[x] && a->lastseg[x] == a->seg)
                    mask |= UINT32_C(1) << j;
            }
        note(a, id, 1, text);
        a->fresh[id] &= mask;
        return text;
    }
    if (!a->cand[id])
        return text;
    free(text);
    t = type_of(m, id);
    if (a->k[id] == 1)
        return xsprintf("%s = (%s)(ax%u_ + (int64_t)(l0 - c0_));\n", c_name(&e->nm, id), t->c, id);
    return xsprintf("%s = (%s)(ax%u_ + INT64_C(%lld) * (int64_t)(l0 - c0_));\n", c_name(&e->nm, id),
                    t->c, id, (long long)a->k[id]);
}

/* k as a w-bit two's complement value */
static int64_t wrap(int64_t k, unsigned w)
{
    uint64_t u;
    if (w >= 64)
        return k;
    u = (uint64_t)k & ((UINT64_C(1) << w) - 1);
    return u >> (w - 1) ? (int64_t)u - ((int64_t)1 << w) : (int64_t)u;
}

static unsigned int_width(const Type *t)
{
    return t && t->kind == T_INT && t->width >= 8 && t->width <= 64 ? t->width : 0;
}

/* an OpConstant integer operand of width w, as a signed value */
static int const_of(const Module *m, uint32_t id, unsigned w, int64_t *v)
{
    const Inst *d = def_of(m, id);
    uint64_t u;
    if (!d || d->op != SpvOpConstant || !w)
        return 0;
    u = m->words[d->word + 3];
    if (w > 32)
        u |= (uint64_t)m->words[d->word + 4] << 32;
    *v = wrap((int64_t)u, w);
    return 1;
}

/* the class of operand j of the instruction assigning u, as it stands
   there: what the loop never assigns is the same in all its iterations;
   an operand assigned by its definition earlier in the same stretch, or
   only ever by its definition and before u, is as that definition makes
   it; anything else (a phi's operand from the previous iteration, a value
   also reloaded from a frame) is not known */
static int operand(const Module *m, const Aff *a, uint32_t u, unsigned j, int64_t *k)
{
    uint32_t x = opnd_id(m, &m->insts[m->ids[u].inst], j);
    *k = 0;
    if (x >= m->bound)
        return AF_OTHER;
    if (!a->seq[x])
        return AF_INV;
    if (!(j < 32 && a->fresh[u] >> j & 1) && (a->mixed[x] || a->seq[x] >= a->seq[u]))
        return AF_OTHER;
    *k = a->k[x];
    return a->cls[x];
}

static int builtin_class(int32_t b, const Type *t)
{
    switch (b) {
    case SpvBuiltInLocalInvocationId:
    case SpvBuiltInGlobalInvocationId:
        return t->kind == T_VECTOR ? AF_IDS : AF_OTHER;
    case SpvBuiltInLocalInvocationIndex:
    case SpvBuiltInGlobalLinearId:
    case SpvBuiltInSubgroupId:
        return int_width(t) ? AF_AFF : AF_OTHER;
    case SpvBuiltInWorkgroupId:
    case SpvBuiltInWorkgroupSize:
    case SpvBuiltInNumWorkgroups:
    case SpvBuiltInGlobalSize:
    case SpvBuiltInGlobalOffset:
    case SpvBuiltInEnqueuedWorkgroupSize:
    case SpvBuiltInWorkDim:
    case SpvBuiltInSubgroupSize:
    case SpvBuiltInSubgroupMaxSize:
    case SpvBuiltInNumSubgroups:
    case SpvBuiltInNumEnqueuedSubgroups:
    case SpvBuiltInSubgroupLocalInvocationId:
        return AF_INV;   /* set before the loops */
    default:
        return AF_OTHER;
    }
}

/* a phi entered from the body's edges only, all copying one invariant */
static int classify_phi(const Emit *e, Aff *a, uint32_t id)
{
    const Module *m = e->m;
    uint32_t y = a->phival[id];
    if (a->atstart[id] || !y || y >= m->bound || a->seq[y])
        return AF_OTHER;
    free(a->text[id]);
    a->text[id] = xsprintf("%s = %s;\n", c_name(&e->nm, id), c_name(&e->nm, y));
    return AF_INV;
}

/* the class of an integer operation linear in its operands (c0, c1 with
   their K in k0, k1); its K in *k */
static int classify_linear(const Module *m, const Inst *in, unsigned w, int c0, int c1, int64_t k0,
                           int64_t k1, int64_t *k)
{
    unsigned ws;
    int64_t v;

    switch (in->op) {
    case SpvOpIAdd:
    case SpvOpISub:
        if (!w || (c0 != AF_INV && c0 != AF_AFF) || (c1 != AF_INV && c1 != AF_AFF))
            return AF_OTHER;
        *k = wrap(in->op == SpvOpIAdd ? k0 + k1 : k0 - k1, w);
        break;
    case SpvOpSNegate:
        if (!w || (c0 != AF_INV && c0 != AF_AFF))
            return AF_OTHER;
        *k = wrap(-k0, w);
        break;
    case SpvOpIMul:
        if (!w)
            return AF_OTHER;
        if (c0 == AF_INV && c1 == AF_INV)
            return AF_INV;
        if (c0 == AF_AFF && c1 == AF_INV && const_of(m, opnd_id(m, in, 1), w, &v))
            ;
        else if (c1 == AF_AFF && c0 == AF_INV && const_of(m, opnd_id(m, in, 0), w, &v))
            k0 = k1;
        else
            return AF_OTHER;
        if (v > KMAX || v < -KMAX)
            return AF_OTHER;
        *k = wrap(k0 * v, w);
        break;
    case SpvOpShiftLeftLogical:
        if (!w || !const_of(m, opnd_id(m, in, 1), int_width(type_of(m, opnd_id(m, in, 1))), &v) ||
            v < 0 || v >= (int64_t)w || (c0 != AF_INV && c0 != AF_AFF))
            return AF_OTHER;
        if (c0 == AF_AFF && v >= 32)
            return AF_OTHER;
        *k = wrap(k0 * ((int64_t)1 << v), w);
        break;
    case SpvOpSConvert:
    case SpvOpUConvert:
        ws = int_width(type_of(m, opnd_id(m, in, 0)));
        if (!w || !ws || m->ids[in->result].sat || (c0 != AF_INV && c0 != AF_AFF))
            return AF_OTHER;
        *k = w < ws ? wrap(k0, w) : k0;
        break;
    default:
        return AF_OTHER;
    }
    if (*k > KMAX || *k < -KMAX)
        return AF_OTHER;
    return *k ? AF_AFF : AF_INV;
}

/* the class of the value instruction in assigns (its K in *k) */
static int classify(const Emit *e, Aff *a, const Inst *in, int64_t *k)
{
    const Module *m = e->m;
    uint32_t id = in->result;
    const Type *t = m->ids[in->type].type;
    unsigned w = int_width(t);
    int c0 = AF_OTHER, c1 = AF_OTHER;
    int64_t k0 = 0, k1 = 0, v;

    *k = 0;
    if (in->nopnds >= 1 && m->opnds[in->opnd0].kind == OPND_ID)
        c0 = operand(m, a, id, 0, &k0);
    if (in->nopnds >= 2 && m->opnds[in->opnd0 + 1].kind == OPND_ID)
        c1 = operand(m, a, id, 1, &k1);
    switch (in->op) {
    case SpvOpPhi:
        return classify_phi(e, a, id);
    case SpvOpLoad: {
        uint32_t p = opnd_id(m, in, 0);
        if (p >= m->bound || !m->ids[p].is_builtin_var)
            return AF_OTHER;
        c0 = builtin_class(m->ids[p].builtin, t);
        *k = c0 == AF_AFF;
        return c0;
    }
    case SpvOpCompositeExtract:
        if (in->nopnds != 2 || (c0 != AF_INV && c0 != AF_IDS))
            return AF_OTHER;
        if (c0 == AF_IDS && *opnd_words(m, in, 1) == 0) {
            *k = 1;
            return w ? AF_AFF : AF_OTHER;
        }
        return AF_INV;
    case SpvOpCopyObject:
    case SpvOpBitcast:
        if ((c0 == AF_INV || c0 == AF_IDS) && in->op == SpvOpCopyObject)
            return c0;
        if (!w || w != int_width(type_of(m, opnd_id(m, in, 0))))
            return AF_OTHER;
        *k = k0;
        return c0;
    case SpvOpShiftRightLogical:
    case SpvOpShiftRightArithmetic:
        if (!w || !const_of(m, opnd_id(m, in, 1), int_width(type_of(m, opnd_id(m, in, 1))), &v) ||
            v < 0 || v >= (int64_t)w)
            return AF_OTHER;
        return c0 == AF_INV ? AF_INV : AF_OTHER;
    case SpvOpIAdd:
    case SpvOpISub:
    case SpvOpSNegate:
    case SpvOpIMul:
    case SpvOpShiftLeftLogical:
    case SpvOpSConvert:
    case SpvOpUConvert:
        return classify_linear(m, in, w, c0, c1, k0, k1, k);
    case SpvOpNot:
        return w && c0 == AF_INV ? AF_INV : AF_OTHER;
    case SpvOpBitwiseAnd:
    case SpvOpBitwiseOr:
    case SpvOpBitwiseXor:
        return w && c0 == AF_INV && c1 == AF_INV ? AF_INV : AF_OTHER;
    default:
        return AF_OTHER;
    }
}

static void need(const Module *m, Aff *a, uint32_t id)
{
    const Inst *in;
    unsigned j;
    if (id >= m->bound || !a->seq[id] || a->need[id] || !a->def[id])
        return;
    a->need[id] = 1;
    in = &m->insts[m->ids[id].inst];
    if (in->op == SpvOpPhi)
        return;   /* its value is never assigned in the body */
    for (j = 0; j < in->nopnds; j++)
        if (m->opnds[in->opnd0 + j].kind == OPND_ID)
            need(m, a, opnd_id(m, in, j));
}

/* classify what the body assigned; the number of candidates. Then the
   recording stops and aff_inst substitutes. */
size_t aff_solve(Emit *e, Aff *a)
{
    const Module *m = e->m;
    size_t j, n = 0;

    for (j = 0; j < a->n; j++) {
        uint32_t id = a->order[j];
        const Inst *in;
        if (!a->def[id])
            continue;   /* AF_OTHER */
        in = &m->insts[m->ids[id].inst];
        a->cls[id] = (unsigned char)classify(e, a, in, &a->k[id]);
        if (a->cls[id] == AF_AFF && (in->op == SpvOpSConvert || in->op == SpvOpUConvert) &&
            int_width(type_of(m, id)) > int_width(type_of(m, opnd_id(m, in, 0)))) {
            a->cand[id] = in->op == SpvOpSConvert ? 1 : 2;
            need(m, a, id);
            n++;
        }
    }
    a->fast = 1;
    return n;
}

/* the declarations of the candidates' values at the chunk's start */
void aff_decls(const Aff *a, Buf *b, const char *ind)
{
    size_t j;
    for (j = 0; j < a->n; j++)
        if (a->cand[a->order[j]])
            buf_printf(b, "%sint64_t ax%u_;\n", ind, a->order[j]);
}

/* for l0 = c0 (the builtins set): the candidates and what they are
   computed from, then each one's value read as its conversion reads it */
void aff_probe(const Emit *e, const Aff *a, Buf *b, const char *ind)
{
    size_t j;
    for (j = 0; j < a->n; j++) {
        uint32_t id = a->order[j];
        if (a->need[id])
            indent_text(b, a->text[id], ind);
    }
    for (j = 0; j < a->n; j++) {
        uint32_t id = a->order[j];
        unsigned w = int_width(type_of(e->m, id));
        if (!a->cand[id])
            continue;
        if (a->cand[id] == 1 && w < 64)
            buf_printf(b, "%sax%u_ = (int64_t)(int%u_t)%s;\n", ind, id, w, c_name(&e->nm, id));
        else
            buf_printf(b, "%sax%u_ = (int64_t)%s;\n", ind, id, c_name(&e->nm, id));
    }
}

/* the test that no candidate's source wraps in a chunk of len work-items:
   x and x + K (len - 1) both in the source type's range */
void aff_test(const Emit *e, const Aff *a, Buf *b, unsigned len)
{
    const Module *m = e->m;
    size_t j;
    const char *sep = "";
    for (j = 0; j < a->n; j++) {
        uint32_t id = a->order[j];
        unsigned ws;
        int64_t lo, hi, span;
        if (!a->cand[id])
            continue;
        ws = int_width(type_of(m, opnd_id(m, &m->insts[m->ids[id].inst], 0)));
        lo = a->cand[id] == 1 ? -((int64_t)1 << (ws - 1)) : 0;
        hi = a->cand[id] == 1 ? ((int64_t)1 << (ws - 1)) - 1 : ((int64_t)1 << ws) - 1;
        span = a->k[id] * (int64_t)(len - 1);
        if (span > 0)
            hi -= span;
        else
            lo -= span;
        buf_printf(b, "%sax%u_ >= INT64_C(%lld) && ax%u_ <= INT64_C(%lld)", sep, id, (long long)lo,
                   id, (long long)hi);
        sep = " &&\n                    ";
    }
}

/* --checked (kernel.c, region_chunk): the operations whose value the
   probe may compute for any work-item: integer and pointer arithmetic,
   comparisons, the builtins; nothing that reads memory, traps or
   depends on the path taken (phis) */
static int pure_op(unsigned op)
{
    switch (op) {
    case SpvOpIAdd: case SpvOpISub: case SpvOpIMul: case SpvOpSNegate:
    case SpvOpShiftLeftLogical: case SpvOpShiftRightLogical: case SpvOpShiftRightArithmetic:
    case SpvOpBitwiseAnd: case SpvOpBitwiseOr: case SpvOpBitwiseXor: case SpvOpNot:
    case SpvOpSConvert: case SpvOpUConvert: case SpvOpBitcast: case SpvOpCopyObject:
    case SpvOpCompositeExtract: case SpvOpAccessChain: case SpvOpInBoundsAccessChain:
    case SpvOpPtrAccessChain: case SpvOpInBoundsPtrAccessChain: case SpvOpPtrCastToGeneric:
    case SpvOpGenericCastToPtr: case SpvOpIEqual: case SpvOpINotEqual:
    case SpvOpULessThan: case SpvOpULessThanEqual: case SpvOpUGreaterThan:
    case SpvOpUGreaterThanEqual: case SpvOpSLessThan: case SpvOpSLessThanEqual:
    case SpvOpSGreaterThan: case SpvOpSGreaterThanEqual: case SpvOpSelect:
    case SpvOpLogicalAnd: case SpvOpLogicalOr: case SpvOpLogicalNot: case SpvOpLogicalEqual:
    case SpvOpLogicalNotEqual:
        return 1;
    default:
        return 0;
    }
}

/* the value id's definition assigns for any one work-item is what the
   body's statements that compute it give when run for that work-item
   alone: it is a pure operation (or a load of a builtin variable) whose
   operands, as they stand there, the loop never assigns (the same in all
   iterations) or are so */
static int pure_def(const Emit *e, const Aff *a, uint32_t id, unsigned depth)
{
    const Module *m = e->m;
    const Inst *in;
    unsigned j;

    if (id >= m->bound || depth > 64 || !a->def[id] || !a->text[id])
        return 0;
    in = &m->insts[m->ids[id].inst];
    if (in->op == SpvOpLoad)
        return opnd_id(m, in, 0) < m->bound && m->ids[opnd_id(m, in, 0)].is_builtin_var;
    if (!pure_op(in->op))
        return 0;
    for (j = 0; j < in->nopnds; j++) {
        uint32_t x;
        if (m->opnds[in->opnd0 + j].kind != OPND_ID)
            continue;
        x = opnd_id(m, in, j);
        if (x >= m->bound)
            return 0;
        if (!a->seq[x])
            continue;   /* invariant */
        /* its definition emitted before and nothing else assigning it
           after that (a reload where the region starts comes before): the
           body has no cycle, and runs in the order of its text */
        if (a->later[x] || !a->dseq[x] || a->dseq[x] >= a->dseq[id])
            return 0;
        if (!pure_def(e, a, x, depth + 1))
            return 0;
    }
    return 1;
}

/* --checked (kernel.c, region_chunk, for a body without cycles): is id's
   value where the body uses it what its definition's pure statements
   give for that work-item? The loop never assigns it, or nothing assigns
   it after its definition (pure_def) */
int aff_pure(const Emit *e, const Aff *a, uint32_t id)
{
    if (id >= e->m->bound)
        return 0;
    return !a->seq[id] || (!a->later[id] && pure_def(e, a, id, 0));
}

/* the statements that compute id for one work-item (aff_pure), in the
   body's order; call with each id, then aff_needed_code */
void aff_needed(const Emit *e, Aff *a, uint32_t id)
{
    need(e->m, a, id);
}

/* are the needed statements' instructions all marked in inst_ok (per
   instruction index)? The needed ones are then cleared */
int aff_needed_within(const Emit *e, Aff *a, const unsigned char *inst_ok)
{
    size_t j;
    int ok = 1;
    for (j = 0; j < a->n; j++) {
        uint32_t id = a->order[j];
        if (a->need[id] && a->dseq[id] && !inst_ok[e->m->ids[id].inst])
            ok = 0;
        a->need[id] = 0;
    }
    return ok;
}

/* ... in the order of their definitions, those not emitted by an earlier
   call that settled them (settle: these are settled); the needed ones
   are then cleared */
void aff_needed_code(Aff *a, Buf *b, const char *ind, int settle)
{
    size_t j, *at = xcalloc(a->ndefs + 1, sizeof *at);
    for (j = 0; j < a->n; j++)
        if (a->need[a->order[j]] && a->dseq[a->order[j]] && !a->done[a->order[j]])
            at[a->dseq[a->order[j]]] = a->order[j] + 1;
    for (j = 1; j <= a->ndefs; j++)
        if (at[j]) {
            indent_text(b, a->text[at[j] - 1], ind);
            a->done[at[j] - 1] |= (unsigned char)settle;
        }
    for (j = 0; j < a->n; j++)
        a->need[a->order[j]] = 0;
    free(at);
}

/* --checked (kernel.c, region_chunk): how id's value, where the body uses
   it, depends on the work-item within a chunk of a row: 1 not at all
   (what the loop never assigns, and pure operations of such values), 2
   as A + K l0 modulo 2^64 with A and K the same for every work-item
   (64-bit sums, products by a value of the first kind, left shifts by
   constants, access chains with 64-bit indices, of the 64-bit ids' first
   component), 3 an id vector whose first component is so, 0 anything
   else (narrower arithmetic wraps within a chunk). Only for values
   aff_pure takes: each operand, where it is read, is its definition's
   value */
static int lin(const Emit *e, const Aff *a, uint32_t id, unsigned depth);

/* the class (as lin's) of a linear operation in's result from its
   operands': 2 if one moves with l0 and the operation keeps it affine, 1
   if none does, 0 otherwise */
static unsigned lin_operands(const Emit *e, const Aff *a, const Inst *in, unsigned depth)
{
    const Module *m = e->m;
    unsigned j, x, c = 1, any = 0;
    for (j = 0; j < in->nopnds; j++) {
        const Type *ot;
        if (m->opnds[in->opnd0 + j].kind != OPND_ID)
            continue;
        x = (unsigned)lin(e, a, opnd_id(m, in, j), depth + 1);
        ot = type_of(m, opnd_id(m, in, j));
        if (x == 0 || x == 3)
            return 0;
        /* an operand that moves with l0 must be 64 bits wide, as its use
           (an index: (ptrdiff_t) of it, which sign-extends narrower ones) */
        if (x == 2 && !(ot && ot->kind == T_POINTER) && int_width(ot) != 64)
            return 0;
        if (x == 2 && in->op == SpvOpIMul && c == 2)
            return 0;   /* a product of two: not affine */
        if (x == 2 && in->op == SpvOpShiftLeftLogical && j == 1)
            return 0;   /* a shift by what moves */
        c = x > c ? x : c;
        any = 1;
    }
    return any ? c : 0;
}

static int lin(const Emit *e, const Aff *a, uint32_t id, unsigned depth)
{
    const Module *m = e->m;
    const Inst *in;
    const Type *t;
    unsigned w, j, c, x;
    int64_t v;

    if (id >= m->bound || depth > 64)
        return 0;
    if (!a->seq[id])
        return 1;
    in = &m->insts[m->ids[id].inst];
    t = type_of(m, id);
    w = t && t->kind == T_POINTER ? 64 : int_width(t);
    switch (in->op) {
    case SpvOpLoad: {
        uint32_t p = opnd_id(m, in, 0);
        const Type *el = t && t->kind == T_VECTOR && t->elem < m->bound ? m->ids[t->elem].type
                                                                        : NULL;
        if (p >= m->bound || !m->ids[p].is_builtin_var)
            return 0;
        c = builtin_class(m->ids[p].builtin, t);
        if (c == AF_IDS)
            return int_width(el) == 64 ? 3 : 0;
        return c == AF_INV && m->ids[p].builtin != SpvBuiltInSubgroupLocalInvocationId;
    }
    case SpvOpCompositeExtract:
        x = lin(e, a, opnd_id(m, in, 0), depth + 1);
        if (x == 3)
            return in->nopnds == 2 && *opnd_words(m, in, 1) == 0 ? 2 : 1;
        return x == 1;
    case SpvOpIAdd:
    case SpvOpISub:
    case SpvOpIMul:
    case SpvOpShiftLeftLogical:
    case SpvOpSNegate:
    case SpvOpBitcast:
    case SpvOpCopyObject:
    case SpvOpPtrCastToGeneric:
    case SpvOpGenericCastToPtr:
    case SpvOpAccessChain:
    case SpvOpInBoundsAccessChain:
    case SpvOpPtrAccessChain:
    case SpvOpInBoundsPtrAccessChain:
        break;
    default:   /* anything else: only of what is the same for all */
        for (j = 0; j < in->nopnds; j++)
            if (m->opnds[in->opnd0 + j].kind == OPND_ID &&
                lin(e, a, opnd_id(m, in, j), depth + 1) != 1)
                return 0;
        return pure_op(in->op) ? 1 : 0;
    }
    c = lin_operands(e, a, in, depth);
    if (c == 2 && w != 64)
        return 0;
    if (c == 2 && in->op == SpvOpShiftLeftLogical &&
        !(const_of(m, opnd_id(m, in, 1), int_width(type_of(m, opnd_id(m, in, 1))), &v) && v >= 0 &&
          v < 64))
        return 0;
    return (int)c;
}

int aff_lin(const Emit *e, const Aff *a, uint32_t id)
{
    int c = lin(e, a, id, 0);
    return c == 3 ? 0 : c;
}

/* --checked: a guard the runtime can take without each work-item's value
   (spv2c_ck_grun_): a comparison of a value aff_lin finds affine with one
   the same for all (*x, *c: their ids, the affine one first; *op the
   runtime's SPV2C_CK_G*_ for x OP c), or a condition the same for all
   (*op 0, *x cond, *c 0: the runtime compares it with 1) */
int aff_guard(const Emit *e, const Aff *a, uint32_t cond, unsigned *op, uint32_t *x, uint32_t *c)
{
    static const struct { unsigned spv, op, swapped; } ops[] = {
        { SpvOpIEqual, 0, 0 }, { SpvOpINotEqual, 1, 1 },
        { SpvOpULessThan, 2, 4 }, { SpvOpULessThanEqual, 3, 5 },
        { SpvOpUGreaterThan, 4, 2 }, { SpvOpUGreaterThanEqual, 5, 3 },
        { SpvOpSLessThan, 6, 8 }, { SpvOpSLessThanEqual, 7, 9 },
        { SpvOpSGreaterThan, 8, 6 }, { SpvOpSGreaterThanEqual, 9, 7 },
    };
    const Module *m = e->m;
    const Inst *in;
    size_t j;
    int c0, c1;

    *op = 0;
    *x = cond;
    *c = 0;
    if (aff_lin(e, a, cond) == 1)
        return 1;
    if (cond >= m->bound || !a->seq[cond])
        return 0;
    in = &m->insts[m->ids[cond].inst];
    for (j = 0; j < sizeof ops / sizeof ops[0] && ops[j].spv != in->op; j++)
        ;
    if (j == sizeof ops / sizeof ops[0] || int_width(type_of(m, opnd_id(m, in, 0))) != 64)
        return 0;
    c0 = aff_lin(e, a, opnd_id(m, in, 0));
    c1 = aff_lin(e, a, opnd_id(m, in, 1));
    if (c0 == 2 && c1 == 1) {
        *op = ops[j].op;
        *x = opnd_id(m, in, 0);
        *c = opnd_id(m, in, 1);
        return 1;
    }
    if (c0 == 1 && c1 == 2) {
        *op = ops[j].swapped;
        *x = opnd_id(m, in, 1);
        *c = opnd_id(m, in, 0);
        return 1;
    }
    return 0;
}

/* every statement unsettled: aff_needed_code emits them again (the
   probe's statements for another work-item) */
void aff_undone(Aff *a)
{
    size_t j;
    for (j = 0; j < a->n; j++)
        a->done[a->order[j]] = 0;
}

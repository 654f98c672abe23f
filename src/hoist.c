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
 * Which accesses: hoistplan.c, which runs before any C is written.
 */
#include <stdlib.h>
#include <string.h>

#include <spirv/unified1/OpenCL.std.h>
#include <spirv/unified1/spirv.h>

#include "spv2c.h"

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
    unsigned w = hoist_iwidth(type_of(m, id));
    char o0[32] = "", o1[32] = "";
    if (d->nopnds >= 1 && m->opnds[d->opnd0].kind == OPND_ID)
        snprintf(o0, sizeof o0, "hv%u_", opnd_id(m, d, 0));
    if (d->nopnds >= 2 && m->opnds[d->opnd0 + 1].kind == OPND_ID)
        snprintf(o1, sizeof o1, "hv%u_", opnd_id(m, d, 1));
    if (op_ix(d->op) == IX_PARAM)
        return w ? xsprintf("(uint64_t)(uint%u_t)%s", w, args[hoist_param_arg(h, id)])
                 : xsprintf("(uintptr_t)%s", args[hoist_param_arg(h, id)]);
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
    unsigned w = hoist_iwidth(type_of(m, id)), j;
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

/*
 * body: the function-body writer, the bottom of the back end.
 *
 * Templates give each instruction its C text (lower.c); this file writes
 * everything inside a function around it: control flow as labels and goto
 * (OpenCL SPIR-V is unstructured), OpPhi as copies on edges (each phi has a
 * shadow `_p` variable written on the edge and read at the top of its
 * block, so edge copies are parallel), declarations at the top of each
 * function, calls, suspension points (a resumable function's resume
 * points; in a region of a work-item-loop kernel, the region's exits) and
 * work-group functions. The same writer serves a whole function
 * (emit_function), a region's copy of a block (region.c, with e->rg and a
 * label suffix), and a work-item loop's body whose index arithmetic
 * affine.c records as it goes.
 *
 * It calls only downwards: affine.c (the recorder), lower.c (templates),
 * analyse.c (queries). Everything above (module.c, kernel.c, region.c)
 * calls in here.
 */
#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <spirv/unified1/spirv.h>

#include "spv2c.h"

/* the suffix of labels: each region of a work-item-loop kernel has its copy */
#define SFX(e) ((e)->sfx ? (e)->sfx : "")

static const Type *T(const Module *m, uint32_t id)
{
    return id < m->bound ? m->ids[id].type : NULL;
}

static char *float_lit(uint64_t bits, unsigned width)
{
    if (width == 16)
        return xsprintf("((uint16_t)0x%04x)", (unsigned)bits);
    if (width == 32) {
        float f;
        uint32_t b = (uint32_t)bits;
        memcpy(&f, &b, 4);
        if (isnan(f))
            return xsprintf("spv2c_bits_f32(0x%08xu)", b);
        if (isinf(f))
            return xstrdup(f > 0 ? "INFINITY" : "(-INFINITY)");
        return signbit(f) ? xsprintf("(%af)", (double)f) : xsprintf("%af", (double)f);
    } else {
        double d;
        memcpy(&d, &bits, 8);
        if (isnan(d))
            return xsprintf("spv2c_bits_f64(UINT64_C(0x%016llx))", (unsigned long long)bits);
        if (isinf(d))
            return xstrdup(d > 0 ? "((double)INFINITY)" : "(-(double)INFINITY)");
        return signbit(d) ? xsprintf("(%a)", d) : xsprintf("%a", d);
    }
}

static char *int_lit(uint64_t v, unsigned width)
{
    switch (width) {
    case 8: return xsprintf("((uint8_t)%u)", (unsigned)(v & 0xff));
    case 16: return xsprintf("((uint16_t)%u)", (unsigned)(v & 0xffff));
    case 32: return v < 10 ? xsprintf("%uu", (unsigned)v) : xsprintf("0x%xu", (unsigned)v);
    default: return xsprintf("UINT64_C(0x%llx)", (unsigned long long)v);
    }
}

/* The one place constants and null values become C: a scalar constant of
   type t with these bits (an integer, a float as exact hexadecimal, a half
   as its bits), typed so the C means what SPIR-V says. */
char *scalar_lit(const Type *t, uint64_t bits)
{
    if (t && t->kind == T_FLOAT)
        return float_lit(bits, t->width);
    if (t && t->kind == T_INT)
        return int_lit(bits, t->width);
    return xstrdup(bits ? "1" : "0");
}

/* OpConstantNull and OpUndef: zero of the type. A null pointer is
   spv2c_null_() (runtime/base.h), which compilers cannot see through:
   a store through a null constant, undefined only when executed, must
   not make memcpy(NULL, ...) warnings (-Wnonnull) in valid modules. */
char *zero_expr(const Type *t)
{
    if (!t)
        return xstrdup("0");
    switch (t->kind) {
    case T_BOOL:
    case T_INT:
    case T_FLOAT:
    case T_EVENT:
        return scalar_lit(t, 0);
    case T_POINTER:
        return xsprintf("((%s)spv2c_null_())", t->c);
    default:
        return xsprintf("((%s){0})", t->c);
    }
}

static const char *ret_c(Emit *e, const Inst *f)
{
    return T(e->m, f->type)->c;
}

void emit_signature(Emit *e, Buf *b, const Func *f)
{
    const Module *m = e->m;
    const Inst *fi = &m->insts[f->first];
    const char *fn = c_name(&e->nm, f->id);
    unsigned k;

    if (resumable(m, f->id)) {
        char *p = xsprintf("fr_%s *fr", fn);
        buf_printf(b, "static int %s(spv2c_wi *wi", fn);
        buf_wrap(b, ", ", p, "    ");
        buf_put(b, ")");
        free(p);
        return;
    }
    buf_printf(b, "static %s%s %s(spv2c_wi *wi", e->fn_inline[f - m->funcs] ? "SPV2C_ITEM_INLINE_ " : "",
               ret_c(e, fi), fn);
    for (k = 0; k < f->nparams; k++) {
        uint32_t p = f->params[k];
        const Type *t = type_of(m, p);
        const Id *d = &m->ids[p];
        Name *dn = &e->nm.v[p];
        char *s;
        if (t->kind == T_POINTER && d->noalias && !d->byval)
            s = xsprintf("%s restrict %s", t->c, dn->field);
        else
            s = xsprintf("%s %s%s", t->c, dn->field, d->byval ? "_in" : "");
        buf_wrap(b, ", ", s, "    ");
        free(s);
    }
    buf_put(b, ")");
}

static void edge(Emit *e, Buf *b, uint32_t from, uint32_t to, const char *ind)
{
    const Module *m = e->m;
    size_t i = (size_t)m->ids[to].inst + 1;

    /* the block's phis (OpLine and OpNoLine may come between them: a
       copy left out there left the phi uninitialised) */
    for (; i < m->ninsts && (m->insts[i].op == SpvOpPhi || m->insts[i].op == SpvOpLine ||
                             m->insts[i].op == SpvOpNoLine); i++) {
        const Inst *ph = &m->insts[i];
        unsigned k;
        if (ph->op != SpvOpPhi || !e->nm.v[ph->result].declared)
            continue;
        for (k = 0; k + 1 < ph->nopnds; k += 2)
            if (opnd_id(m, ph, k + 1) == from) {
                aff_copy(e, ph->result, opnd_id(m, ph, k));
                buf_printf(b, "%s%s_p = %s;\n", ind, e->nm.v[ph->result].c,
                           c_name(&e->nm, opnd_id(m, ph, k)));
            }
    }
}

static int is_branch(unsigned op)
{
    return op == SpvOpBranch || op == SpvOpBranchConditional || op == SpvOpSwitch;
}

/* the label of the block that follows instruction i (for fall-through) */
static uint32_t next_label(const Module *m, size_t i, size_t last)
{
    /* only a branch needs it (and then it is the next instruction): a scan
       from every instruction was quadratic in a block's length */
    if (!is_branch(m->insts[i].op))
        return 0;
    for (i++; i < last; i++)
        if (m->insts[i].op == SpvOpLabel)
            return m->insts[i].result;
    return 0;
}

/* the labels terminator t jumps to by goto, when the next label written is
   nx: all but a branch's last target when it is nx (falls through) */
void mark_jumps(Emit *e, const Inst *t, uint32_t nx)
{
    unsigned k, n = inst_ntargets(t);
    for (k = 0; k < n; k++) {
        uint32_t l = inst_target(e->m, t, k);
        if (t->op == SpvOpSwitch || k + 1 < n || l != nx)
            e->nm.v[l].label_used = 1;
    }
}

static void mark_labels(Emit *e, const Func *f)
{
    const Module *m = e->m;
    size_t i;
    for (i = f->first; i <= f->last; i++)
        mark_jumps(e, &m->insts[i], next_label(m, i, f->last));
}

static int has_void_result(const Module *m, const Inst *in)
{
    const Type *t = in->type ? m->ids[in->type].type : NULL;
    return !t || t->kind == T_VOID;
}

static void declare(Emit *e, Buf *b, Buf *locals, const Func *f)
{
    const Module *m = e->m;
    size_t i;

    for (i = f->first + 1; i < f->last; i++) {
        const Inst *in = &m->insts[i];
        const Id *d;
        Name *dn;
        if (!in->result || in->op == SpvOpLabel || in->op == SpvOpFunctionParameter)
            continue;
        d = &m->ids[in->result];
        dn = &e->nm.v[in->result];
        if (in->op == SpvOpVariable) {
            const Type *t = T(m, T(m, in->type)->elem);
            if (d->align > t->align)   /* its Alignment decoration */
                c_decl(b, t, "%s SPV2C_ALIGNED_(%u)", dn->field, (unsigned)d->align);
            else
                c_decl_name(b, t, dn->field);
            id_set_c(dn, xsprintf("(&%s%s)", e->res ? "fr->" : "", dn->field));
            continue;
        }
        if (has_void_result(m, in) || (in->op == SpvOpFunctionCall && !d->uses))
            continue;
        if (inst_unread(m, in))
            continue;
        dn->declared = 1;
        c_decl_name(e->res && !dn->in_frame ? locals : b, T(m, in->type), dn->field);
        if (in->op == SpvOpPhi)
            c_decl(b, T(m, in->type), "%s_p", dn->field);
    }
}

static void emit_call(Emit *e, Buf *b, const Inst *in)
{
    const Module *m = e->m;
    unsigned k;
    uint32_t callee = opnd_id(m, in, 0);

    if (!m->ids[callee].is_func || def_of(m, callee) == NULL) {
        diag_error(m, in->word, "unsupported: call of something that is not a function");
        e->ok = 0;
        return;
    }
    if (resumable(m, callee)) {
        /* the callee's frame lives in ours; on resume we call it again and
           it picks up where it stopped */
        const Func *g = find_func(m, callee);
        buf_printf(&e->frame, "    fr_%s c_%u;\n", c_name(&e->nm, callee), in->word);
        buf_printf(b, "    fr->c_%u.resume_ = 0;\n", in->word);
        for (k = 1; k < in->nopnds && g && k - 1 < g->nparams; k++) {
            const Id *p = &m->ids[g->params[k - 1]];
            Name *pn = &e->nm.v[g->params[k - 1]];
            buf_printf(b, "    fr->c_%u.%s%s = %s;\n", in->word, pn->field, p->byval ? "_in" : "",
                       c_name(&e->nm, opnd_id(m, in, k)));
        }
        e->nres++;
        e->reads |= READS_WI;
        buf_printf(b, "R_%u:\n    if (%s(wi, &fr->c_%u)) {\n        fr->resume_ = %u;\n"
                      "        return 1;\n    }\n", e->nres, c_name(&e->nm, callee), in->word, e->nres);
        if (!has_void_result(m, in) && m->ids[in->result].uses)
            buf_printf(b, "    %s = fr->c_%u.ret_;\n", e->nm.v[in->result].c, in->word);
        return;
    }
    buf_put(b, "    ");
    if (!has_void_result(m, in) && m->ids[in->result].uses)
        buf_printf(b, "%s = ", e->nm.v[in->result].c);
    else if (!has_void_result(m, in))
        buf_put(b, "(void)");
    e->reads |= READS_WI;
    buf_printf(b, "%s(wi", c_name(&e->nm, callee));
    for (k = 1; k < in->nopnds; k++)
        buf_printf(b, ", %s", c_name(&e->nm, opnd_id(m, in, k)));
    buf_put(b, ");\n");
}

static char *case_lit(uint64_t v, unsigned width)
{
    if (width == 64)
        return xsprintf("UINT64_C(0x%llx)", (unsigned long long)v);
    return xsprintf("0x%lxu", (unsigned long)v);
}

static void emit_terminator(Emit *e, Buf *b, const Inst *in, uint32_t cur, uint32_t nx)
{
    const Module *m = e->m;
    unsigned k;

    switch (in->op) {
    case SpvOpBranch:
        edge(e, b, cur, opnd_id(m, in, 0), "    ");
        if (opnd_id(m, in, 0) != nx)
            buf_printf(b, "    goto L_%u%s;\n", opnd_id(m, in, 0), SFX(e));
        break;
    case SpvOpBranchConditional:
        buf_printf(b, "    if (%s) {\n", c_name(&e->nm, opnd_id(m, in, 0)));
        edge(e, b, cur, opnd_id(m, in, 1), "        ");
        buf_printf(b, "        goto L_%u%s;\n    }\n", opnd_id(m, in, 1), SFX(e));
        edge(e, b, cur, opnd_id(m, in, 2), "    ");
        if (opnd_id(m, in, 2) != nx)
            buf_printf(b, "    goto L_%u%s;\n", opnd_id(m, in, 2), SFX(e));
        break;
    case SpvOpSwitch: {
        const Type *st = type_of(m, opnd_id(m, in, 0));
        buf_printf(b, "    switch (%s) {\n", c_name(&e->nm, opnd_id(m, in, 0)));
        for (k = 2; k + 1 < in->nopnds; k += 2) {
            char *lit = case_lit(lit_words(m, in, k), st->width);
            buf_printf(b, "    case %s:\n", lit);
            free(lit);
            edge(e, b, cur, opnd_id(m, in, k + 1), "        ");
            buf_printf(b, "        goto L_%u%s;\n", opnd_id(m, in, k + 1), SFX(e));
        }
        buf_put(b, "    default:\n");
        edge(e, b, cur, opnd_id(m, in, 1), "        ");
        buf_printf(b, "        goto L_%u%s;\n    }\n", opnd_id(m, in, 1), SFX(e));
        break;
    }
    case SpvOpReturn:
        if (e->rg)
            region_finish(e, b, 0);
        else
            buf_put(b, e->res ? "    return 0;\n" : "    return;\n");
        break;
    case SpvOpReturnValue:
        if (e->rg)
            region_finish(e, b, 0);
        else if (e->res)
            buf_printf(b, "    fr->ret_ = %s;\n    return 0;\n", c_name(&e->nm, opnd_id(m, in, 0)));
        else
            buf_printf(b, "    return %s;\n", c_name(&e->nm, opnd_id(m, in, 0)));
        break;
    case SpvOpUnreachable: {
        const Inst *fi = NULL;
        size_t i;
        if (e->rg) {
            region_finish(e, b, 0);
            break;
        }
        if (e->res) {
            buf_put(b, "    return 0; /* unreachable */\n");
            break;
        }
        for (i = (size_t)(in - m->insts); i-- > 0;)
            if (m->insts[i].op == SpvOpFunction) {
                fi = &m->insts[i];
                break;
            }
        if (fi && T(m, fi->type)->kind != T_VOID) {
            char *z = zero_expr(T(m, fi->type));
            buf_printf(b, "    return %s; /* unreachable */\n", z);
            free(z);
        } else {
            buf_put(b, "    return; /* unreachable */\n");
        }
        break;
    }
    default:
        break;
    }
}

static int suspends(const Module *m, const Inst *in)
{
    return inst_is_group_sync(in) ||
           (in->op == SpvOpFunctionCall && resumable(m, m->words[in->word + 3]));
}

/* In a resumable function, can value i stay a C local? Yes when every use
   follows it in its own block with no suspension point between: it is then
   never needed after a resume. Phis, variables and parameters live in the
   frame. Occurrences in instructions that emit nothing are not counted
   (spirv-opt leaves a store of a loaded value to a dead variable before a
   barrier: counting it made the value look used up before the barrier). */
static int block_local(Emit *e, const Func *f, size_t i)
{
    const Module *m = e->m;
    const Inst *def = &m->insts[i];
    uint32_t id = def->result, found = 0;
    size_t j;

    if (def->op == SpvOpPhi || def->op == SpvOpVariable || def->op == SpvOpFunctionParameter ||
        suspends(m, def))
        return 0;
    for (j = i + 1; j < f->last; j++) {
        const Inst *in = &m->insts[j];
        unsigned k;
        if (in->op == SpvOpLabel)
            break;
        if (inst_emits_nothing(m, in))
            continue;
        for (k = 0; k < in->nopnds; k++) {
            const Opnd *o = &m->opnds[in->opnd0 + k];
            if (o->kind == OPND_ID && m->words[o->off] == id) {
                if (inst_is_collective(in))
                    return 0;   /* e.g. a broadcast's local id is read after the wait */
                found++;
            }
        }
        if (suspends(m, in) || found >= m->ids[id].uses)
            break;
    }
    return found >= m->ids[id].uses;
}

/* the C names of a function's values: plain locals, or frame fields when
   the function is resumable (set before any function is emitted, since
   callers name their callees' parameter fields) */
void emit_name_fields(Emit *e, const Func *f)
{
    const Module *m = e->m;
    size_t i;
    int res = resumable(m, f->id);

    for (i = f->first + 1; i < f->last; i++) {
        const Inst *in = &m->insts[i];
        Name *dn;
        if (!in->result || in->op == SpvOpLabel)
            continue;
        dn = &e->nm.v[in->result];
        if (!dn->field)        /* the value's name, kept for its frame field */
            dn->field = dn->c;
        dn->in_frame = res && !block_local(e, f, i);
        id_set_c(dn, dn->in_frame ? xsprintf("fr->%s", dn->field) : (char *)dn->field);
    }
}

/* Is variable v's first use a store of all of it, in the entry block? Then
   nothing reads it before it is set. (Casts of its address for lifetime
   markers are followed: any other use of them counts as a read.) */
static int stored_first(const Module *m, const Func *f, uint32_t v)
{
    uint32_t alias[8];
    unsigned na = 0, k, a;
    size_t i;

    alias[na++] = v;
    for (i = f->first + 1; i < f->last; i++) {
        const Inst *in = &m->insts[i];
        if (in->op == SpvOpVariable || in->op == SpvOpFunctionParameter || in->op == SpvOpLine ||
            in->op == SpvOpNoLine || in->op == SpvOpLifetimeStart || in->op == SpvOpLifetimeStop ||
            (in->op == SpvOpLabel && i == f->first + 1 + f->nparams))
            continue;
        if (in->op == SpvOpLabel || in->op == SpvOpFunctionCall)
            return 0;   /* a branch reached the next block, or a call that could read it */
        if (in->op == SpvOpStore && opnd_id(m, in, 0) == v)
            return 1;
        if (in->op == SpvOpBitcast && opnd_id(m, in, 0) == v && na < 8) {
            alias[na++] = in->result;
            continue;
        }
        for (k = 0; k < in->nopnds; k++)
            if (m->opnds[in->opnd0 + k].kind == OPND_ID)
                for (a = 0; a < na; a++)
                    if (m->words[m->opnds[in->opnd0 + k].off] == alias[a])
                        return 0;
    }
    return 0;
}

/* --checked: the function's private variables start to live
   (runtime/check.h); in a work-item-loop kernel they are slots of the
   per-work-item arrays, which kernel.c registers a group, and only an
   initialiser sets their bytes */
static void check_privates(Emit *e, Buf *b, const Func *f)
{
    const Module *m = e->m;
    size_t i;
    unsigned k;

    for (k = 0; k < f->nparams && !e->rg; k++) {
        const Id *d = &m->ids[f->params[k]];
        Name *dn = &e->nm.v[f->params[k]];
        if (!d->byval)
            continue;
        buf_printf(b, "    spv2c_ck_private_(%s, sizeof *%s, ", dn->c, dn->c);
        c_string(b, d->name ? d->name : "");
        buf_put(b, ", 1);\n");
    }
    for (i = f->first + 1; i < f->last; i++) {
        const Inst *in = &m->insts[i];
        const char *c;
        if (in->op != SpvOpVariable || m->ids[in->result].unread)
            continue;
        c = c_name(&e->nm, in->result);
        if (e->rg && in->nwords > 4) {
            e->reads |= READS_WI;
            buf_printf(b, "    spv2c_ck_(wi->kernel_, wi->gid_, wi->llid_, \"\", 0, %s, sizeof *%s, "
                          "SPV2C_CK_ATOMIC_);\n", c, c);
        } else if (!e->rg) {
            buf_printf(b, "    spv2c_ck_private_(%s, sizeof *%s, ", c, c);
            c_string(b, m->ids[in->result].name ? m->ids[in->result].name : "");
            buf_printf(b, ", %d);\n", in->nwords > 4);
        }
    }
}

void emit_prologue(Emit *e, Buf *b, const Func *f)
{
    const Module *m = e->m;
    size_t i;
    unsigned k;

    for (k = 0; k < f->nparams; k++) {
        const Id *d = &m->ids[f->params[k]];
        Name *dn = &e->nm.v[f->params[k]];
        const char *pre = e->res ? "fr->" : "";
        if (d->byval) {
            buf_printf(b, "    memcpy(&%s%s_v, %s%s_in, sizeof %s%s_v);\n", pre, dn->field, pre,
                       dn->field, pre, dn->field);
            id_set_c(dn, xsprintf("(&%s%s_v)", pre, dn->field));
        } else if (!e->res && !d->uses) {
            buf_printf(b, "    (void)%s;\n", dn->c);
        }
    }
    for (i = f->first + 1; i < f->last; i++) {
        const Inst *in = &m->insts[i];
        if (in->op == SpvOpVariable && in->nwords > 4)
            buf_printf(b, "    *%s = %s;\n", c_name(&e->nm, in->result),
                       c_name(&e->nm, m->words[in->word + 4]));
        else if (in->op == SpvOpVariable && m->ids[in->result].unread)
            /* declared (an access chain may still name it), never read:
               its stores are dropped, so this is its one use */
            buf_printf(b, "    (void)%s;\n", c_name(&e->nm, in->result));
        else if (in->op == SpvOpVariable && !stored_first(m, f, in->result))
            /* deterministic, even where OpenCL is not */
            buf_printf(b, "    memset(%s, 0, sizeof *%s);\n", c_name(&e->nm, in->result),
                       c_name(&e->nm, in->result));
    }
    if (e->o->checked)
        check_privates(e, b, f);
}

size_t region_point(const Region *rg, size_t inst)
{
    size_t lo = 1, hi = rg->npoints;
    while (lo <= hi) {
        size_t mid = (lo + hi) / 2;
        if (rg->point[mid] == inst)
            return mid;
        if (rg->point[mid] < inst)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return 0;
}

/* the work-item stops here: at suspension point p, or done (0) */
void region_finish(Emit *e, Buf *b, size_t p)
{
    if (e->rg->nexits == 0 || (e->rg->nexits == 1 && e->rg->exit != p))
        e->rg->nexits++;
    e->rg->exit = p;
    buf_printf(b, "    k_ = %u;\n    goto NX%s;\n", (unsigned)p, e->sfx);
}

void spill(Emit *e, Buf *b, uint32_t id)
{
    if (e->rg && id && id < e->m->bound && e->rg->spill[id])
        buf_printf(b, "    F_%s%s = %s;\n", e->nm.v[id].c, e->rg->uniform[id] ? "" : "[i]",
                   e->nm.v[id].c);
}

/* a point where the work-item waits for its group: save where to go on */
static void suspend(Emit *e, Buf *b, const Inst *in)
{
    if (e->rg) {
        size_t p = region_point(e->rg, (size_t)(in - e->m->insts));
        assert(p > 0);   /* the planner saw every point the writer meets */
        region_finish(e, b, p);
        return;
    }
    e->nres++;
    e->reads |= READS_WI;
    buf_printf(b, "    wi->bar_ = %uu;\n    fr->resume_ = %u;\n    return 1;\nR_%u:;\n", in->word,
               e->nres, e->nres);
}

static void collective_fold(Emit *e, Buf *pre, Buf *item, const Inst *in, const Type *t, uint32_t gop,
                            const char *ident, const char *fold);
static char *ident_expr(const Type *t, const char *ident);

/* A work-group function as the writer sees it */
typedef struct Coll {
    uint32_t op, gop;     /* opcode; GroupOperation (0 for all, any, broadcast) */
    unsigned vk;          /* the operand that is the value */
    const char *ident;    /* the fold's identity ("~0", "SIGN", "~0 ^ SIGN" or C) */
    const char *fold;     /* one step: acc_ = acc_ OP x_ */
    const char *limit;    /* the per-work-item form's end of the fold */
    Buf fb;               /* text behind fold, when built */
} Coll;

/* the operand must be the value the function folds (the validator lets
   some mismatches through) */
static int collective_operand_ok(Emit *e, const Inst *in, const Type *t)
{
    const Module *m = e->m;
    uint32_t op = in->op;
    const Type *vt = type_of(m, opnd_id(m, in, op == SpvOpGroupAll || op == SpvOpGroupAny ||
                                           op == SpvOpGroupBroadcast ? 1 : 2));
    int want_bool = op == SpvOpGroupAll || op == SpvOpGroupAny;

    if (!vt || (want_bool ? vt->kind != T_BOOL
                          : (vt->kind != t->kind || vt->width != t->width ||
                             (t->kind != T_INT && t->kind != T_FLOAT)))) {
        diag_error(m, in->word, "unsupported: %s of a %s value", read_opname(op),
                   vt && vt->c ? vt->c : "non-scalar");
        e->ok = 0;
        return 0;
    }
    return 1;
}

/* the group operation: which operand is the value, where a per-work-item
   scan ends; 0 after a diagnostic */
static int collective_operation(Emit *e, const Inst *in, Coll *c)
{
    const Module *m = e->m;

    if (c->op == SpvOpGroupAll || c->op == SpvOpGroupAny || c->op == SpvOpGroupBroadcast)
        return 1;
    c->gop = (uint32_t)lit_words(m, in, 1);
    c->vk = 2;
    if (c->gop == SpvGroupOperationInclusiveScan)
        c->limit = "wi->llid_ + 1";
    else if (c->gop == SpvGroupOperationExclusiveScan)
        c->limit = "wi->llid_";
    else if (c->gop != SpvGroupOperationReduce) {
        diag_error(m, in->word, "unsupported: group operation %u", c->gop);
        e->ok = 0;
        return 0;
    }
    return 1;
}

/* a work-group fold's identity and step, one row an opcode; on halves
   (uint16_t bits) through runtime/half.h, each sum rounded to half as the
   float fold rounds to float, min and max comparing the exact floats. Min
   and max as PoCL's work-group library folds them: a > b ? b : a and
   a > b ? a : b with the accumulator as a (this fixes NaN handling). Integer
   sums and signed min and max depend on the type (collective_fold_int). */
static const struct Fold {
    uint16_t op;
    const char *ident, *fold, *hident, *hfold;
} folds[] = {
    { SpvOpGroupAll, "1", "acc_ = acc_ && x_;", NULL, NULL },
    { SpvOpGroupAny, "0", "acc_ = acc_ || x_;", NULL, NULL },
    { SpvOpGroupFAdd, "0", "acc_ = acc_ + x_;", "0", "acc_ = spv2c_add_f16(acc_, x_);" },
    { SpvOpGroupFMin, "INFINITY", "acc_ = acc_ > x_ ? x_ : acc_;", "0x7c00u",
      "acc_ = spv2c_conv_f32_f16(acc_) > spv2c_conv_f32_f16(x_) ? x_ : acc_;" },
    { SpvOpGroupUMin, "~0", "acc_ = acc_ > x_ ? x_ : acc_;", NULL, NULL },
    { SpvOpGroupFMax, "-INFINITY", "acc_ = acc_ > x_ ? acc_ : x_;", "0xfc00u",
      "acc_ = spv2c_conv_f32_f16(acc_) > spv2c_conv_f32_f16(x_) ? acc_ : x_;" },
    { SpvOpGroupUMax, "0", "acc_ = acc_ > x_ ? acc_ : x_;", NULL, NULL },
};

/* integer sums, signed min and max: by the type's width */
static void collective_fold_int(Coll *c, const Type *t)
{
    const char *u = t->width > 32 ? "uint64_t" : "uint32_t", *sb;
    if (c->op == SpvOpGroupIAdd) {
        buf_printf(&c->fb, "acc_ = (%s)((%s)acc_ + (%s)x_);", t->c, u, u);
        c->fold = c->fb.s;
    }
    if (c->op != SpvOpGroupSMin && c->op != SpvOpGroupSMax)
        return;
    sb = t->width == 64 ? "UINT64_C(0x8000000000000000)" : t->width == 32
         ? "0x80000000u" : t->width == 16 ? "0x8000u" : "0x80u";
    buf_printf(&c->fb, "acc_ = (acc_ ^ %s) > (x_ ^ %s) ? %s;", sb, sb,
               c->op == SpvOpGroupSMin ? "x_ : acc_" : "acc_ : x_");
    c->fold = c->fb.s;
    c->ident = c->op == SpvOpGroupSMin ? "~0 ^ SIGN" : "SIGN";
}

/* the fold's identity and step */
static void collective_fold_op(Emit *e, Coll *c, const Type *t)
{
    int half = t->kind == T_FLOAT && t->width == 16;
    size_t k;
    if (half)
        lower_use(e->L, "half");
    for (k = 0; k < sizeof folds / sizeof *folds; k++)
        if (folds[k].op == c->op) {
            if (half && !folds[k].hfold)
                return;
            c->ident = half ? folds[k].hident : folds[k].ident;
            c->fold = half ? folds[k].hfold : folds[k].fold;
            return;
        }
    if (!half)
        collective_fold_int(c, t);
}

/* r = value for a work-group function's result, when it is declared; a
   result nothing reads (clang keeps the convergent call) is also read
   with (void), or gcc warns that it is set but not used */
static void collective_result(const Emit *e, Buf *b, const char *ind, const Inst *in,
                              const char *value)
{
    const Id *d = &e->m->ids[in->result];
    const Name *dn = &e->nm.v[in->result];
    if (!dn->declared)
        return;
    buf_printf(b, "%s%s = %s;\n", ind, dn->c, value);
    if (!d->uses)
        buf_printf(b, "%s(void)%s;\n", ind, dn->c);
}

/* the per-work-item form's broadcast: the value of the work-item at the
   given local id, read from its frame */
static void collective_frame_broadcast(Emit *e, Buf *b, const Inst *in)
{
    const Module *m = e->m;
    uint32_t lid = opnd_id(m, in, 2);
    const Type *lt = type_of(m, lid);

    if (lt->kind == T_VECTOR)
        buf_printf(b, "        j_ = (size_t)%s.s[0]%s%s%s%s;\n", c_name(&e->nm, lid),
                   lt->n > 1 ? " + wi->nl_[0] * (size_t)" : "",
                   lt->n > 1 ? c_name(&e->nm, lid) : "", lt->n > 1 ? ".s[1]" : "",
                   lt->n > 2 ? "" : "");
    else
        buf_printf(b, "        j_ = (size_t)%s;\n", c_name(&e->nm, lid));
    if (lt->kind == T_VECTOR && lt->n > 2)
        buf_printf(b, "        j_ += wi->nl_[0] * wi->nl_[1] * (size_t)%s.s[2];\n",
                   c_name(&e->nm, lid));
    buf_printf(b, "        memcpy(&acc_, (const char *)&fr->cv_%u + ((ptrdiff_t)j_ - "
                  "(ptrdiff_t)wi->llid_) *\n               (ptrdiff_t)wi->fsize_, sizeof acc_);\n",
               in->word);
}

/* A work-group function in a resumable function: each work-item leaves
   its value in its frame (field cv_W), waits for the group, folds the
   group's values in local linear id order (reading the other work-items'
   frames, which sit at a fixed stride), and waits again so no work-item
   overwrites its value while another still reads it. */
static void collective_frame(Emit *e, Buf *b, const Inst *in, const Type *t, const Coll *c)
{
    const Module *m = e->m;

    c_decl(&e->frame, t, "cv_%u", in->word);
    buf_printf(b, "    fr->cv_%u = %s;\n", in->word, c_name(&e->nm, opnd_id(m, in, c->vk)));
    suspend(e, b, in);
    buf_put(b, "    {\n        size_t j_;\n");
    buf_printf(b, "        %s acc_%s;\n", t->c, c->op == SpvOpGroupBroadcast ? "" : ", x_");
    if (c->op == SpvOpGroupBroadcast) {
        collective_frame_broadcast(e, b, in);
    } else {
        char *id = ident_expr(t, c->ident);
        buf_printf(b, "        acc_ = %s;\n", id);
        free(id);
        /* a reduction or inclusive scan starts from the first work-item's value
           (so that a group of -0.0 sums to -0.0); an exclusive scan from the
           identity */
        if (c->gop != SpvGroupOperationExclusiveScan)
            buf_printf(b, "        memcpy(&acc_, (const char *)&fr->cv_%u - (ptrdiff_t)wi->llid_ *\n"
                          "               (ptrdiff_t)wi->fsize_, sizeof acc_);\n", in->word);
        buf_printf(b, "        for (j_ = %s; j_ < %s; j_++) {\n",
                   c->gop != SpvGroupOperationExclusiveScan ? "1" : "0", c->limit);
        buf_printf(b, "            memcpy(&x_, (const char *)&fr->cv_%u + ((ptrdiff_t)j_ - "
                      "(ptrdiff_t)wi->llid_) *\n                   (ptrdiff_t)wi->fsize_, sizeof x_);\n"
                      "            %s\n        }\n", in->word, c->fold);
    }
    collective_result(e, b, "        ", in, "acc_");
    buf_put(b, "    }\n");
    suspend(e, b, in);
}

/* the scope of a work-group function: 1 work-group, 0 a sub-group of one
   (written here: the value, or an exclusive scan's identity), -1 after a
   diagnostic */
static int collective_scope(Emit *e, Buf *b, const Inst *in, const Type *t)
{
    const Module *m = e->m;
    int scope = inst_scope(m, in);
    uint32_t op = in->op;
    unsigned vk = op == SpvOpGroupAll || op == SpvOpGroupAny || op == SpvOpGroupBroadcast ? 1 : 2;

    if (scope == SpvScopeSubgroup && vk == 2 &&
        lit_words(m, in, 1) == SpvGroupOperationExclusiveScan) {
        Coll c;   /* a sub-group of one: the identity */
        memset(&c, 0, sizeof c);
        c.op = op;
        c.ident = "0";
        collective_fold_op(e, &c, t);
        buf_printf(b, "    (void)%s;\n", c_name(&e->nm, opnd_id(m, in, vk)));   /* not read */
        if (e->nm.v[in->result].declared) {
            char *id = ident_expr(t, c.ident);
            collective_result(e, b, "    ", in, id);
            free(id);
        }
        buf_free(&c.fb);
        return 0;
    }
    if (scope == SpvScopeSubgroup) {
        /* a sub-group of one work-item: every other function is the value */
        collective_result(e, b, "    ", in, c_name(&e->nm, opnd_id(m, in, vk)));
        return 0;
    }
    if (scope != SpvScopeWorkgroup) {
        diag_error(m, in->word, "unsupported: %s outside work-group and sub-group scope",
                   read_opname(op));
        e->ok = 0;
        return -1;
    }
    return 1;
}

/* A work-group function, in whichever form the function being written
   takes: a resumable function's (collective_frame), a work-item loop's
   store into CV_W before the region ends, or (item set) the start of the
   region after it (collective_fold). Returns 1 when it suspends. */
static int collective_(Emit *e, Buf *b, Buf *item, const Inst *in)
{
    const Module *m = e->m;
    const Type *t = T(m, in->type);
    Coll c;
    int scope, r = 0;

    if (!collective_operand_ok(e, in, t))
        return 0;
    scope = collective_scope(e, b, in, t);
    if (scope <= 0)
        return 0;
    memset(&c, 0, sizeof c);
    c.op = in->op;
    c.vk = 1;
    c.ident = "0";
    c.limit = "wi->nitems_";
    if (!collective_operation(e, in, &c))
        return 0;
    collective_fold_op(e, &c, t);
    if (e->rg && !item) {
        /* work-item loops: each leaves its value in the array CV_W; the
           region after the suspension folds them (collective_start) */
        buf_printf(b, "    CV_%u[i] = %s;\n", in->word, c_name(&e->nm, opnd_id(m, in, c.vk)));
        suspend(e, b, in);
        r = 1;
    } else if (item) {
        collective_fold(e, b, item, in, t, c.gop, c.ident, c.fold);
    } else {
        collective_frame(e, b, in, t, &c);
        r = 1;
    }
    buf_free(&c.fb);
    return r;
}

static int collective(Emit *e, Buf *b, const Inst *in)
{
    return collective_(e, b, NULL, in);
}

/* at the start of the region after a work-group function: the fold over
   the work-items' values (into pre, run once before the work-item loop)
   and each work-item's result (into item) */
void collective_start(Emit *e, Buf *pre, Buf *item, const Inst *in)
{
    collective_(e, pre, item, in);
}

/* the identity of a fold as a C expression of type t */
static char *ident_expr(const Type *t, const char *ident)
{
    const char *sb = t->width == 64 ? "UINT64_C(0x8000000000000000)" : t->width == 32
                     ? "0x80000000u" : t->width == 16 ? "0x8000u" : "0x80u";
    if (!strcmp(ident, "~0 ^ SIGN"))
        return xsprintf("(%s)(~(%s)0 ^ %s)", t->c, t->c, sb);
    if (!strcmp(ident, "SIGN"))
        return xsprintf("(%s)%s", t->c, sb);
    return xsprintf("(%s)%s", t->c, !strcmp(ident, "~0") ? "~(uint64_t)0" : ident);
}

/* the work-item-loop form of a work-group function: the group's values are
   in CV_W (one a work-item); reductions fold them once into CR_W, scans
   turn CV_W into the prefixes in place, in local linear id order and from
   the same start as the per-work-item form (so the bits are the same) */
static void collective_fold(Emit *e, Buf *pre, Buf *item, const Inst *in, const Type *t, uint32_t gop,
                            const char *ident, const char *fold)
{
    const Module *m = e->m;
    int used = e->nm.v[in->result].declared;
    unsigned w = in->word;
    char v[64];

    e->reads |= READS_J;
    if (in->op == SpvOpGroupBroadcast) {
        uint32_t lid = opnd_id(m, in, 2);
        const Type *lt = type_of(m, lid);
        if (!used)
            return;
        if (lt->kind == T_VECTOR)
            buf_printf(item, "    j_ = (size_t)%s.s[0]%s%s%s%s%s%s;\n", c_name(&e->nm, lid),
                       lt->n > 1 ? " + n0 * (size_t)" : "", lt->n > 1 ? c_name(&e->nm, lid) : "",
                       lt->n > 1 ? ".s[1]" : "", lt->n > 2 ? " + n0 * n1 * (size_t)" : "",
                       lt->n > 2 ? c_name(&e->nm, lid) : "", lt->n > 2 ? ".s[2]" : "");
        else
            buf_printf(item, "    j_ = (size_t)%s;\n", c_name(&e->nm, lid));
        /* an id outside the group is undefined in OpenCL C: read within the array */
        snprintf(v, sizeof v, "CV_%u[j_ < n ? j_ : 0]", w);
        collective_result(e, item, "    ", in, v);
        return;
    }
    buf_put(pre, "        {\n");
    buf_printf(pre, "            %s acc_, x_;\n", t->c);
    if (gop == SpvGroupOperationExclusiveScan) {
        char *id = ident_expr(t, ident);
        buf_printf(pre, "            acc_ = %s;\n"
                        "            for (j_ = 0; j_ < n; j_++) {\n"
                        "                x_ = CV_%u[j_];\n"
                        "                CV_%u[j_] = acc_;\n"
                        "                %s\n"
                        "            }\n", id, w, w, fold);
        free(id);
    } else {
        buf_printf(pre, "            acc_ = CV_%u[0];\n"
                        "            for (j_ = 1; j_ < n; j_++) {\n"
                        "                x_ = CV_%u[j_];\n"
                        "                %s\n", w, w, fold);
        if (gop == SpvGroupOperationInclusiveScan)
            buf_printf(pre, "                CV_%u[j_] = acc_;\n", w);
        buf_put(pre, "            }\n");
        if (gop != SpvGroupOperationInclusiveScan)
            buf_printf(pre, "            CR_%u = acc_;\n", w);
    }
    buf_put(pre, "        }\n");
    if (gop != SpvGroupOperationInclusiveScan && gop != SpvGroupOperationExclusiveScan)
        c_decl(&e->rg->decls, t, "CR_%u", w);
    snprintf(v, sizeof v, "%s%u%s",
             gop == SpvGroupOperationInclusiveScan || gop == SpvGroupOperationExclusiveScan
             ? "CV_" : "CR_", w,
             gop == SpvGroupOperationInclusiveScan || gop == SpvGroupOperationExclusiveScan
             ? "[i]" : "");
    collective_result(e, item, "    ", in, v);
}

/* The local linear id as the code being written sees it: the work-item
   state's in a function, the loop's index i in work-item loops, 0 in a
   region's group part (which runs as work-item 0). Templates read it as
   ins.llid (an async copy's test); NULL in a function: the host spells the
   work-item state's and records that the text reads wi. */
const char *emit_llid(const Emit *e)
{
    return !e->rg ? NULL : e->head ? "0" : "i";
}

/* An instruction's C text from its template, recording what it reads of
   the names the writers always declare: wi when the template says so
   (wi(), ins.llid) or an operand is a builtin variable in a function (the
   state's field), a builtin's local bi_X in a region */
char *emit_lower(Emit *e, const Inst *in)
{
    const Module *m = e->m;
    int wi = 0;
    unsigned k;
    char *text = lower_inst(e->L, in, emit_llid(e), &wi);

    if (wi)
        e->reads |= READS_WI;
    for (k = 0; k < in->nopnds; k++) {
        uint32_t id;
        if (m->opnds[in->opnd0 + k].kind != OPND_ID || (id = opnd_id(m, in, k)) >= m->bound ||
            !m->ids[id].is_builtin_var)
            continue;
        if (!e->rg)
            e->reads |= READS_WI;
        else if (m->ids[id].builtin >= 0 && m->ids[id].builtin < 64)
            e->bi_read |= (uint64_t)1 << m->ids[id].builtin;
    }
    return text;
}

/* an instruction whose C text comes from its template */
static void emit_lowered(Emit *e, Buf *b, const Inst *in)
{
    const Module *m = e->m;
    const Id *d = in->result ? &m->ids[in->result] : NULL;
    const Name *dn = in->result ? &e->nm.v[in->result] : NULL;
    char *text;

    if (d && !dn->declared && !has_void_result(m, in))
        return;  /* a pure value nobody reads */
    text = emit_lower(e, in);
    if (!text) {
        e->ok = 0;
        return;
    }
    text = aff_inst(e, in, text);
    indent_text(b, text, "    ");
    free(text);
    if (d && dn->declared && !d->uses)
        buf_printf(b, "    (void)%s;\n", dn->c);
    if (d)
        spill(e, b, in->result);
}

/* one instruction of a function body; cur is the current block's label and
   nx the label emitted next (for fall-through). Returns 1 when the
   instruction was a suspension point. */
/* `#line` before an instruction's text, from its OpLine (off with
   --no-line); the module writer drops the redundant ones and maps the
   text after each function back to the output file */
static void line_mark(Emit *e, Buf *b, const Inst *in)
{
    uint32_t file, line, col;

    if (!e->o->line_directives || !source_line_of(e->m, in->word, &file, &line, &col) || !line ||
        line > 2147483647u)   /* C99 6.10.4: 1 to 2147483647 */
        return;
    if (file != e->line_file) {
        char *s = read_string(e->m, file);
        free(e->line_file_c);
        e->line_file_c = s ? map_module_path(e->o, s) : NULL;   /* -ffile-prefix-map */
        e->line_file = file;
        free(s);
    }
    if (!e->line_file_c)
        return;
    buf_printf(b, "#line %u ", (unsigned)line);
    c_string(b, e->line_file_c);
    buf_put(b, "\n");
}

/* parameters and variables are declared with the function */
static int writes_nothing(const Inst *in)
{
    return inst_writes_no_code(in) || in->op == SpvOpFunctionParameter ||
           in->op == SpvOpVariable;
}

int emit_inst(Emit *e, Buf *b, size_t i, uint32_t *cur, uint32_t nx)
{
    const Module *m = e->m;
    const Inst *in = &m->insts[i];
    const Name *d = in->result ? &e->nm.v[in->result] : NULL;

    if (writes_nothing(in))
        return 0;
    if (in->op == SpvOpLabel) {
        *cur = in->result;
        aff_label(e);
        if (d->label_used)
            buf_printf(b, "L_%u%s:;\n", in->result, SFX(e));
        return 0;
    }
    line_mark(e, b, in);
    if (inst_is_terminator(in)) {
        emit_terminator(e, b, in, *cur, nx);
        return 0;
    }
    if (inst_is_collective(in)) {
        aff_other(e, in->result);
        return collective(e, b, in);
    }
    switch (in->op) {
    case SpvOpPhi:
        if (d->declared) {
            aff_phi(e, in->result);
            buf_printf(b, "    %s = %s_p;\n", d->c, d->c);
            spill(e, b, in->result);
        }
        return 0;
    case SpvOpFunctionCall:
        aff_other(e, in->result);
        emit_call(e, b, in);
        spill(e, b, in->result);
        return 0;
    case SpvOpStore:
        if (m->ids[var_root(m, opnd_id(m, in, 0))].unread)
            return 0;   /* nothing reads it back */
        break;
    case SpvOpControlBarrier:
        if (!inst_waits(m, in))
            return 0;   /* a sub-group of one waits for nobody */
        suspend(e, b, in);
        return 1;
    case SpvOpGroupWaitEvents:
        /* copies are done when issued: waiting is a barrier; the count
           is read too when a function computes it (a kernel argument
           only a wait used was an unused parameter: found by the fuzzer) */
        if (def_of(m, opnd_id(m, in, 1)) &&
            def_of(m, opnd_id(m, in, 1)) >= m->insts + m->first_func_inst)
            buf_printf(b, "    (void)%s;\n", c_name(&e->nm, opnd_id(m, in, 1)));
        buf_printf(b, "    (void)%s;\n", c_name(&e->nm, opnd_id(m, in, 2)));
        if (e->o->checked)   /* each work-item's arrival (templates/async.lua) */
            emit_lowered(e, b, in);
        suspend(e, b, in);
        return 1;
    default:
        break;
    }
    emit_lowered(e, b, in);
    return 0;
}

/* --checked: the roots whose checks may go through a view of their
   object (spv2c_ck_v_, runtime/check.h; lower_views), a local of the C
   function they are emitted in: the parameters of f (the same object for
   a whole call; for the function a region executor's loops run, the
   kernel's arguments, for the whole launch) and the program-scope
   variables (__local variables among them). A function of its own
   (emit_function) adds its private variables: check_view_privates */
unsigned char *check_views(const Module *m, const Func *f)
{
    unsigned char *v = xcalloc(m->bound, 1);
    size_t i;
    unsigned p;

    for (p = 0; p < f->nparams; p++)
        if (f->params[p] < m->bound)
            v[f->params[p]] = VIEW_ROOT;
    for (i = 0; i < m->first_func_inst && i < m->ninsts; i++)
        if (m->insts[i].op == SpvOpVariable && m->insts[i].result < m->bound)
            v[m->insts[i].result] = VIEW_ROOT;
    return v;
}

/* --checked: f's private variables, locals of its C function that
   spv2c_ck_private_ registers at its start (check_privates), may be
   viewed too: one object for the whole call, as a parameter is. Not in
   a resumable function (a frame's) nor in a region's per-work-item form
   (slots of a per-work-item array: the view would send each access to
   the slow path). The start bumps spv2c_cks_.gen, so a view is filled
   after it; the view itself starts empty at each call. */
static void check_view_privates(const Module *m, const Func *f, unsigned char *v)
{
    size_t i;

    for (i = f->first + 1; i < f->last; i++)
        if (m->insts[i].op == SpvOpVariable && m->insts[i].result < m->bound &&
            !m->ids[m->insts[i].result].unread)
            v[m->insts[i].result] = VIEW_PRIVATE;
}

/* the views used (ckview marked them VIEW_USED), declared */
void check_views_decl(const Module *m, Buf *b, const unsigned char *views)
{
    uint32_t v;

    for (v = 0; views && v < m->bound; v++)
        if (views[v] & VIEW_USED)
            buf_printf(b, "    spv2c_ckv_ ckv_%u_ = { 0 };\n", (unsigned)v);
}

#define CYCLE_BLOCKS 256   /* functions with more blocks: no block is taken as in a loop */

/* per instruction of f (index - f->first): its block lies on a cycle of
   the control-flow graph (a loop), or NULL when f has too many blocks.
   Only a choice of speed: a view is right anywhere in f. */
static unsigned char *loop_insts(const Module *m, const Func *f)
{
    size_t start[CYCLE_BLOCKS + 1], stack[CYCLE_BLOCKS], nb = 0, i, b, k, top;
    unsigned char (*edge)[CYCLE_BLOCKS], seen[CYCLE_BLOCKS], *out;

    for (i = f->first + 1; i < f->last; i++)
        if (m->insts[i].op == SpvOpLabel) {
            if (nb == CYCLE_BLOCKS)
                return NULL;
            start[nb++] = i;
        }
    start[nb] = f->last;
    edge = xcalloc(nb ? nb : 1, sizeof *edge);   /* edge[b][c]: b branches to c */
    for (b = 0; b < nb; b++) {
        const Inst *t = &m->insts[start[b + 1] - 1];   /* the block's terminator */
        /* its targets: Branch 0; BranchConditional 1, 2; Switch 1 (default), 3, 5... */
        unsigned o = t->op == SpvOpBranch ? 0 : 1;
        unsigned end = t->op == SpvOpBranch ? 1 : t->op == SpvOpBranchConditional ? 3
                     : t->op == SpvOpSwitch ? t->nopnds : 0;
        for (; o < end; o += t->op == SpvOpSwitch ? 2 : 1)
            for (k = 0; k < nb; k++)
                if (m->insts[start[k]].result == opnd_id(m, t, o))
                    edge[b][k] = 1;
    }
    out = xcalloc(f->last - f->first + 1, 1);
    for (b = 0; b < nb; b++) {   /* is b reachable from one of its successors? */
        memset(seen, 0, nb);
        top = 0;
        for (k = 0; k < nb; k++)
            if (edge[b][k])
                seen[k] = 1, stack[top++] = k;
        while (top && !seen[b]) {
            size_t c = stack[--top];
            for (k = 0; k < nb; k++)
                if (edge[c][k] && !seen[k])
                    seen[k] = 1, stack[top++] = k;
        }
        if (seen[b])
            memset(out + (start[b] - f->first), 1, start[b + 1] - start[b]);
    }
    free(edge);
    return out;
}

/* the body; --checked: the accesses in its loops check through views
   (views: check_views, or NULL) */
static void emit_body(Emit *e, Buf *b, const Func *f, unsigned char *views)
{
    size_t i;
    uint32_t cur = 0;
    unsigned char *loop = views ? loop_insts(e->m, f) : NULL;

    for (i = f->first + 1; i < f->last; i++) {
        lower_views(e->L, loop && loop[i - f->first] ? views : NULL);
        emit_inst(e, b, i, &cur, next_label(e->m, i, f->last));
    }
    lower_views(e->L, NULL);
    free(loop);
}

/* A function's closing line into e->funcs, its end recorded: module.c
   maps the lines after a function whose text has #line directives back
   to the output file there */
void end_function(Emit *e, Buf *b)
{
    assert(b == &e->funcs);
    buf_put(b, "}\n");
    e->fn_end = xrealloc(e->fn_end, (e->nfn_end + 1) * sizeof *e->fn_end);
    e->fn_end[e->nfn_end++] = b->len;
    buf_put(b, "\n");
}

void emit_function(Emit *e, const Func *f, size_t fi)
{
    const Module *m = e->m;
    Buf b = { 0 }, body = { 0 };
    unsigned k;
    const char *fn = c_name(&e->nm, f->id);
    unsigned char *views = NULL;

    e->res = resumable(m, f->id);
    e->nres = 0;
    e->reads = 0;
    buf_free(&e->frame);
    mark_labels(e, f);
    if (e->res) {
        /* the frame: the resume point, the return value, the parameters,
           every value and variable, and the frames of resumable callees */
        const Type *rt = T(m, m->insts[f->first].type);
        buf_printf(&e->frame, "struct fr_%s {\n    int resume_;\n", fn);
        if (rt->kind != T_VOID)
            buf_printf(&e->frame, "    %s ret_;\n", rt->c);
        for (k = 0; k < f->nparams; k++) {
            const Id *d = &m->ids[f->params[k]];
            Name *dn = &e->nm.v[f->params[k]];
            const Type *pt = type_of(m, f->params[k]);
            if (d->byval)
                buf_printf(&e->frame, "    %s %s_in;\n    %s %s_v;\n", pt->c, dn->field,
                           T(m, pt->elem)->c, dn->field);
            else
                buf_printf(&e->frame, "    %s %s;\n", pt->c, dn->field);
        }
        declare(e, &e->frame, &b, f);
    } else {
        for (k = 0; k < f->nparams; k++) {
            const Id *d = &m->ids[f->params[k]];
            Name *dn = &e->nm.v[f->params[k]];
            if (d->byval) {
                const Type *pt = type_of(m, f->params[k]);
                buf_printf(&b, "    %s %s_v;\n", T(m, pt->elem)->c, dn->field);
            }
        }
        declare(e, &b, &b, f);
    }
    if (e->o->checked && !e->res) {   /* checks in loops through views */
        views = check_views(m, f);
        if (!e->rg)
            check_view_privates(m, f, views);
    }
    emit_prologue(e, &body, f);
    emit_body(e, &body, f, views);
    check_views_decl(m, &b, views);
    free(views);

    emit_signature(e, &e->funcs, f);
    buf_put(&e->funcs, "\n{\n");
    if (b.s)
        buf_put(&e->funcs, b.s);
    if (!(e->reads & READS_WI))
        buf_put(&e->funcs, "    (void)wi;\n");
    if (e->res) {
        buf_put(&e->funcs, "    switch (fr->resume_) {\n");
        for (k = 1; k <= e->nres; k++)
            buf_printf(&e->funcs, "    case %u: goto R_%u;\n", k, k);
        buf_put(&e->funcs, "    default: break;\n    }\n");
        buf_put(&e->frame, "};\n");
        e->frames[fi] = xstrdup(e->frame.s);
    }
    if (body.s)
        buf_put(&e->funcs, body.s);
    end_function(e, &e->funcs);
    buf_free(&b);
    buf_free(&body);
}

/* names and declarations of a body only the work-item loops emit */
void emit_names(Emit *e, const Func *f)
{
    Buf tmp = { 0 };
    if (e->fn_out[f - e->m->funcs])
        return;   /* emitted in its per-work-item form too: named then */
    emit_name_fields(e, f);
    e->res = 1;
    declare(e, &tmp, &tmp, f);
    e->res = 0;
    buf_free(&tmp);
}

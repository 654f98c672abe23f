/*
 * kernel: the generated program around the kernels' functions.
 *
 * The work-item state `spv2c_wi` (the builtins a module reads, plus what
 * the executor and the checks need), the executors (a plain loop nest for
 * kernels without barriers; phases over per-work-item frames for resumable
 * ones; both one function a work-group so an OpenMP build can spread
 * groups over threads) and the untyped launchers that the kernel table
 * (api.c) points at. module.c calls in here; the functions' insides are
 * body.c's, a barrier kernel's regions region.c's.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include <spirv/unified1/OpenCL.std.h>
#include <spirv/unified1/spirv.h>

#include "spv2c.h"

static const Type *T(const Module *m, uint32_t id)
{
    return id < m->bound ? m->ids[id].type : NULL;
}

/* ---- the work-item state ---- */

/* the variable of each builtin the module reads, or 0 (e->builtin_var,
   filled by emit_wi: the executors ask for every builtin of every kernel) */
static void find_builtin_vars(Emit *e)
{
    const Module *m = e->m;
    uint32_t id;

    memset(e->builtin_var, 0, sizeof e->builtin_var);
    for (id = 1; id < m->bound; id++)
        if (m->ids[id].builtin >= 0 && m->ids[id].builtin < NBUILTIN_VARS &&
            m->ids[id].inst >= 0 && m->insts[m->ids[id].inst].op == SpvOpVariable &&
            !e->builtin_var[m->ids[id].builtin])
            e->builtin_var[m->ids[id].builtin] = id;
}

static int builtin_used(const Emit *e, int32_t b)
{
    return b >= 0 && b < NBUILTIN_VARS ? (int)e->builtin_var[b] : 0;
}

static const int32_t builtins_known[] = {
    SpvBuiltInGlobalInvocationId, SpvBuiltInLocalInvocationId, SpvBuiltInWorkgroupId,
    SpvBuiltInGlobalSize, SpvBuiltInWorkgroupSize, SpvBuiltInEnqueuedWorkgroupSize,
    SpvBuiltInNumWorkgroups, SpvBuiltInGlobalOffset, SpvBuiltInWorkDim,
    SpvBuiltInGlobalLinearId, SpvBuiltInLocalInvocationIndex,
    SpvBuiltInSubgroupSize, SpvBuiltInSubgroupMaxSize, SpvBuiltInNumSubgroups,
    SpvBuiltInNumEnqueuedSubgroups, SpvBuiltInSubgroupId, SpvBuiltInSubgroupLocalInvocationId, -1
};

void emit_wi(Emit *e)
{
    const Module *m = e->m;
    uint32_t id;
    int any = 0, i;

    find_builtin_vars(e);
    buf_put(&e->types, "\n/* the work-item builtins this module reads */\ntypedef struct spv2c_wi {\n");
    for (i = 0; builtins_known[i] >= 0; i++) {
        int v = builtin_used(e, builtins_known[i]);
        if (v) {
            const Type *pt = type_of(m, (uint32_t)v);
            buf_printf(&e->types, "    %s %s;\n", T(m, pt->elem)->c,
                       builtin_name(builtins_known[i]));
            any = 1;
        }
    }
    buf_put(&e->types, "    size_t llid_;       /* local linear id */\n"
                       "    unsigned char isa_; /* 1 in group_K_avx2_ (runtime/base.h), else 0 */\n"
                       "    unsigned bar_;      /* word offset of the barrier it waits at */\n");
    if (any_resumable(e->m))
        buf_put(&e->types, "    size_t fsize_;      /* the stride between work-items' frames */\n"
                           "    size_t nitems_;     /* work-items in this group */\n"
                           "    size_t nl_[3];      /* this group's local size */\n");
    any = 1;
    if (e->o->checked) {   /* what checks report: the kernel and the work-item */
        buf_put(&e->types, "    const char *kernel_;\n    size_t gid_[3];\n"
                           "    unsigned char ckfast_; /* the chunk checked the accesses hoist.c"
                           " hoists */\n");
        any = 1;
    }
    if (!any)
        buf_put(&e->types, "    int unused_;\n");
    buf_put(&e->types, "} spv2c_wi;\n");
    for (id = 1; id < m->bound; id++) {
        const Id *d = &m->ids[id];
        Name *dn = &e->nm.v[id];
        if (d->builtin < 0 || d->inst < 0 || m->insts[d->inst].op != SpvOpVariable)
            continue;
        for (i = 0; builtins_known[i] >= 0; i++)
            if (builtins_known[i] == d->builtin)
                break;
        if (builtins_known[i] < 0) {
            diag_error(m, m->insts[d->inst].word, "unsupported: built-in variable %s",
                       builtin_name(d->builtin) ? builtin_name(d->builtin) : "(unknown)");
            e->ok = 0;
        }
        {
            /* the id builtins are 3-lane integer vectors, the others integers */
            const Type *vt = T(m, type_of(m, id)->elem);
            int vec = d->builtin == SpvBuiltInGlobalInvocationId ||
                      d->builtin == SpvBuiltInLocalInvocationId ||
                      d->builtin == SpvBuiltInWorkgroupId || d->builtin == SpvBuiltInGlobalSize ||
                      d->builtin == SpvBuiltInWorkgroupSize ||
                      d->builtin == SpvBuiltInEnqueuedWorkgroupSize ||
                      d->builtin == SpvBuiltInNumWorkgroups || d->builtin == SpvBuiltInGlobalOffset;
            const Type *st = vt && vt->kind == T_VECTOR ? T(m, vt->elem) : vt;
            if (!vt || !st || st->kind != T_INT || (vec ? vt->kind != T_VECTOR || vt->n != 3
                                                        : vt->kind != T_INT)) {
                diag_error(m, m->insts[d->inst].word, "unsupported: built-in %s of type %s",
                           builtin_name(d->builtin) ? builtin_name(d->builtin) : "(unknown)",
                           vt && vt->c ? vt->c : "?");
                e->ok = 0;
            }
        }
        id_set_c(dn, xsprintf("(&wi->%s)",
                             builtin_name(d->builtin) ? builtin_name(d->builtin) : "?"));
    }
}

/* assignments of one builtin from size_t expressions (a 3-lane vector or a scalar) */

static void set_builtin(Emit *e, Buf *b, int32_t bi, const char *x, const char *y, const char *z,
                        const char *ind)
{
    const Module *m = e->m;
    int v = builtin_used(e, bi);
    const Type *t;
    if (!v)
        return;
    t = T(m, type_of(m, (uint32_t)v)->elem);
    if (t->kind == T_VECTOR) {
        const char *el = T(m, t->elem)->c;
        buf_printf(b, "%s%s%s.s[0] = (%s)(%s);\n", ind, e->wi_pre, builtin_name(bi), el, x);
        buf_printf(b, "%s%s%s.s[1] = (%s)(%s);\n", ind, e->wi_pre, builtin_name(bi), el, y);
        buf_printf(b, "%s%s%s.s[2] = (%s)(%s);\n", ind, e->wi_pre, builtin_name(bi), el, z);
    } else {
        buf_printf(b, "%s%s%s = (%s)(%s);\n", ind, e->wi_pre, builtin_name(bi), t->c, x);
    }
}

/* ---- the executors ---- */

/* the id builtins of one work-item, from the group (g*) and local (l*) ids */
static void item_ids(Emit *e, Buf *b, const char *ind)
{
    set_builtin(e, b, SpvBuiltInLocalInvocationId, "l0", "l1", "l2", ind);
    set_builtin(e, b, SpvBuiltInGlobalInvocationId, "b0 + l0", "b1 + l1", "b2 + l2", ind);
    set_builtin(e, b, SpvBuiltInLocalInvocationIndex, "(l2 * n1 + l1) * n0 + l0", "", "", ind);
    char *lin = xsprintf("((g2 * nd->lsz[2] + l2) * nd->gsz[1]\n%s    + g1 * nd->lsz[1] + l1)"
                         " * nd->gsz[0]\n%s    + g0 * nd->lsz[0] + l0", ind, ind);
    set_builtin(e, b, SpvBuiltInGlobalLinearId, lin, "", "", ind);   /* on three lines */
    free(lin);
    /* sub-groups of one work-item each (docs/design/work-items.md) */
    set_builtin(e, b, SpvBuiltInSubgroupId, "(l2 * n1 + l1) * n0 + l0", "", "", ind);
    set_builtin(e, b, SpvBuiltInSubgroupLocalInvocationId, "0", "", "", ind);
}

/* the work-item's ids for the checks' reports */
static void item_gid(Emit *e, Buf *b, const char *ind)
{
    if (e->o->checked)
        buf_printf(b, "%s%sgid_[0] = b0 + l0;\n"
                      "%s%sgid_[1] = b1 + l1;\n"
                      "%s%sgid_[2] = b2 + l2;\n"
                      "%s%sllid_ = (l2 * n1 + l1) * n0 + l0;\n",
                   ind, e->wi_pre, ind, e->wi_pre, ind, e->wi_pre, ind, e->wi_pre);
}

/* the group's first global ids (b0, b1, b2), declared where a work-item's
   ids are read from them: its global id, or the checks' reports */
static void group_bases(Emit *e, Buf *b)
{
    if (builtin_used(e, SpvBuiltInGlobalInvocationId) || e->o->checked)
        buf_put(b, "    size_t b0 = nd->off[0] + g0 * nd->lsz[0];\n"
                   "    size_t b1 = nd->off[1] + g1 * nd->lsz[1];\n"
                   "    size_t b2 = nd->off[2] + g2 * nd->lsz[2];\n");
}

/* the builtins of one work-item and its state */
static void item_builtins(Emit *e, Buf *b, const char *ind)
{
    item_ids(e, b, ind);
    buf_printf(b, "%s%sllid_ = (l2 * n1 + l1) * n0 + l0;\n", ind, e->wi_pre);
    item_gid(e, b, ind);
}

static void range_builtins(Emit *e, Buf *b, const char *ind)
{
    set_builtin(e, b, SpvBuiltInGlobalSize, "nd->gsz[0]", "nd->gsz[1]", "nd->gsz[2]", ind);
    set_builtin(e, b, SpvBuiltInEnqueuedWorkgroupSize, "nd->lsz[0]", "nd->lsz[1]", "nd->lsz[2]",
                ind);
    set_builtin(e, b, SpvBuiltInNumWorkgroups, "nd->ngrp[0]", "nd->ngrp[1]", "nd->ngrp[2]", ind);
    set_builtin(e, b, SpvBuiltInGlobalOffset, "nd->off[0]", "nd->off[1]", "nd->off[2]", ind);
    set_builtin(e, b, SpvBuiltInWorkDim, "nd->dim", "", "", ind);
    set_builtin(e, b, SpvBuiltInSubgroupSize, "1", "", "", ind);
    set_builtin(e, b, SpvBuiltInSubgroupMaxSize, "1", "", "", ind);
    set_builtin(e, b, SpvBuiltInNumEnqueuedSubgroups, "nd->lsz[0] * nd->lsz[1] * nd->lsz[2]", "",
                "", ind);
}

static void group_builtins(Emit *e, Buf *b, const char *ind)
{
    set_builtin(e, b, SpvBuiltInWorkgroupId, "g0", "g1", "g2", ind);
    set_builtin(e, b, SpvBuiltInWorkgroupSize, "n0", "n1", "n2", ind);
    set_builtin(e, b, SpvBuiltInNumSubgroups, "n0 * n1 * n2", "", "", ind);
}

/* the parameters of a group function: __local ones as arena offsets, so
   every thread of the threaded executor finds them in its own arena; in a
   declaration (decl) with their types. Lines stay under 100 columns,
   continued after cont */
static void group_params(Emit *e, Buf *b, const Func *f, int decl, const char *cont)
{
    const Module *m = e->m;
    unsigned i;
    for (i = 0; i < f->nparams; i++) {
        char *p;
        if (!decl)
            p = xsprintf("a%u", i);
        else if (arg_kind(m, f->params[i]) == ARG_LOCAL)
            p = xsprintf("size_t a%u", i);
        else if (type_of(m, f->params[i])->kind == T_POINTER && m->ids[f->params[i]].noalias &&
                 !m->ids[f->params[i]].byval)
            p = xsprintf("%s restrict a%u", type_of(m, f->params[i])->c, i);
        else
            p = xsprintf("%s a%u", type_of(m, f->params[i])->c, i);
        buf_wrap(b, ", ", p, cont);
        free(p);
    }
}

static void local_params(Emit *e, Buf *b, const Func *f)
{
    const Module *m = e->m;
    unsigned i;
    for (i = 0; i < f->nparams; i++)
        if (arg_kind(m, f->params[i]) == ARG_LOCAL)
            buf_printf(b, "    %s lp%u = (%s)(void *)(spv2c_local_base_() + a%u);\n",
                       type_of(m, f->params[i])->c, i, type_of(m, f->params[i])->c, i);
}

static const char *arg_name(const Module *m, const Func *f, unsigned i)
{
    return arg_kind(m, f->params[i]) == ARG_LOCAL ? "lp" : "a";
}

/* group_K, one work-group's work-items, from the executor's text of its
   body; then the same text again as group_K_avx2_, compiled for AVX2, FMA
   and F16C where runtime/base.h can dispatch to it (SPV2C_AVX2_). The body
   copies isa_ into the work-item state: templates that pick code by the
   CPU read wi->isa_, a constant in each copy once the kernel is inlined */
static void group_funcs(Emit *e, Buf *b, const Kernel *k, const Func *f, Buf *body)
{
    int clone;

    for (clone = 0; clone < 2; clone++) {
        if (clone)
            buf_put(b, "#if SPV2C_AVX2_\nSPV2C_AVX2_CLONE_\n");
        buf_printf(b, "SPV2C_GROUP_ static void group_%s%s(const spv2c_nd_ *nd",
                   kernel_stem(e->m, k), clone ? "_avx2_" : "");
        buf_wrap(b, ", ", "size_t g0", "    ");
        buf_wrap(b, ", ", "size_t g1", "    ");
        buf_wrap(b, ", ", "size_t g2", "    ");
        group_params(e, b, f, 1, "    ");
        buf_printf(b, ")\n{\n    const unsigned char isa_ = %d;\n", clone);
        buf_put(b, body->s);
        end_function(e, b);
        if (clone)
            buf_put(b, "#endif\n\n");
    }
    buf_free(body);
}

/* the loops over work-groups calling group_K<sfx> */
static void group_calls(Emit *e, Buf *b, const Func *f, const char *fn, const char *sfx)
{
    /* nested loops: no divisions a group (they cost reduce 4% at -O3) */
    buf_printf(b, "#if defined(_OPENMP) && defined(SPV2C_THREADS)\n"
                  "#pragma omp parallel for collapse(3) SPV2C_THREAD_SCHEDULE\n#endif\n"
                  "    for (g2 = 0; g2 < nd->ngrp[2]; g2++)\n"
                  "        for (g1 = 0; g1 < nd->ngrp[1]; g1++)\n"
                  "            for (g0 = 0; g0 < nd->ngrp[0]; g0++)\n"
                  "                SPV2C_GROUP_CALL_(group_%s%s(nd, g0, g1, g2", fn, sfx);
    group_params(e, b, f, 0, "                    ");
    buf_put(b, "));\n    return 0;\n");
}

/* frames_K: the bytes of frame memory one work-group of the launch needs
   (the launcher's workspace and run_K's check), from the statements in need
   (NULL: none, a kernel without barriers) */
static void frames_func(Emit *e, Buf *b, const Kernel *k, const char *need)
{
    buf_printf(b, "static size_t frames_%s(const spv2c_nd_ *nd)\n{\n%s",
               kernel_stem(e->m, k), need ? need : "    (void)nd;\n    return 0;\n");
    end_function(e, b);
}

/* run_K: the loop over work-groups, spread over OpenMP threads when the
   program is compiled with -fopenmp -DSPV2C_THREADS; the AVX2 clone of the
   group function when the CPU has it. First the test that a group's frames
   fit the frame memory (static arena or workspace: SPV2C_FRAME_LEN_) */
static void group_loop(Emit *e, Buf *b, const Kernel *k, const Func *f, const char *need)
{
    const Module *m = e->m;
    const char *fn = kernel_stem(m, k);

    frames_func(e, b, k, need);
    /* not inlined into the launcher, which would lose the restrict above */
    buf_printf(b, "SPV2C_NOINLINE static int run_%s(const spv2c_nd_ *nd", fn);
    group_params(e, b, f, 1, "    ");
    buf_put(b, ")\n{\n    size_t g0, g1, g2;\n");
    if (need)
        buf_printf(b, "    if (frames_%s(nd) > SPV2C_FRAME_LEN_)\n"
                      "        return SPV2C_E_WORK_GROUP_MEM_;\n", fn);
    buf_put(b, "#if SPV2C_AVX2_\n    if (spv2c_avx2_ok_()) {\n");
    group_calls(e, b, f, fn, "_avx2_");
    buf_put(b, "    }\n#endif\n");
    group_calls(e, b, f, fn, "");
    end_function(e, b);
}

/* The executors' locals start zeroed by an initialiser, never by memset:
   memset takes the address, which keeps the object on the stack, and gcc 12
   at -march with AVX-512 can then clear it with aligned stores to a slot it
   laid out 8 bytes off (a leaf using the red zone: wg_atomic_weak crashed
   at -O2 -march=native). An initialised local is split into registers. */
static const char *zero_init(const Type *t)
{
    return t->kind == T_VECTOR || t->kind == T_ARRAY || t->kind == T_STRUCT ? "{ 0 }" : "0";
}

/* Are the work-items of a barrier-free kernel independent (no work-item
   can see another's memory accesses, SPV2C_IVDEP_ in runtime/exec.h)?
   Without a barrier, only atomics make two work-items' accesses to one
   location defined; printf's output and async copies are shared too. So:
   none of those in the kernel or any function it calls. */
static int items_independent(const Module *m, uint32_t fid, unsigned depth)
{
    const Func *f = find_func(m, fid);
    size_t i;

    if (!f || depth > 64)   /* OpenCL C has no recursion */
        return 0;
    for (i = f->first; i <= f->last; i++) {
        const Inst *in = &m->insts[i];
        if (inst_is_atomic(in) || inst_is_collective(in) || inst_is_group_sync(in) ||
            in->op == SpvOpGroupAsyncCopy ||
            (in->op == SpvOpExtInst && m->words[in->word + 4] == OpenCLstd_Printf))
            return 0;
        if (in->op == SpvOpFunctionCall && !items_independent(m, opnd_id(m, in, 0), depth + 1))
            return 0;
    }
    return 1;
}

/* one work-item of a barrier-free kernel: its builtins, the call */
static void item_call(Emit *e, Buf *b, const Kernel *k, const Func *f, const char *ind)
{
    char *cont = xsprintf("%s    ", ind);
    unsigned i;
    item_builtins(e, b, ind);
    buf_printf(b, "%s%s(&wi", ind, c_name(&e->nm, k->func));
    for (i = 0; i < f->nparams; i++) {
        char a[16];
        snprintf(a, sizeof a, "%s%u", arg_name(e->m, f, i), i);
        buf_wrap(b, ", ", a, cont);
    }
    free(cont);
    buf_put(b, ");\n");
}

/* --checked: a chunk of len work-items whose accesses hoist.c takes out
   of the loop: their addresses (the probe), the runtime's test that every
   check of them would pass and its records, then the chunk without those
   checks (wi.ckfast_), vectorisable when no check is left in it. A chunk
   of 64 that fails the test leaves the rest of the row to the chunks of
   16; one of 16 goes on to the loop with every check in place. */
static void hoisted_chunk(Emit *e, Buf *b, const Kernel *k, const Func *f, const Hoist *h,
                          unsigned len)
{
    const Module *m = e->m;
    char **args = xcalloc(f->nparams + 1, sizeof *args);
    unsigned i;

    for (i = 0; i < f->nparams; i++)
        args[i] = xsprintf("%s%u", arg_name(m, f, i), i);
    buf_put(b, "                int hf_;\n                {\n");
    hoist_probe(e, h, b, "                    ", (const char *const *)args, len);
    buf_put(b, "                    hf_ =\n");
    hoist_test(h, b, "                        ", (const char *const *)args, 0, len);
    buf_printf(b, ";\n                    if (hf_) {\n"
                  "                        SPV2C_CK_FAST_(%u);\n", len);
    hoist_test(h, b, "                        ", (const char *const *)args, 1, len);
    buf_printf(b, "                    }\n                }\n%s%s"
                  "                    for (k0 = 0; k0 < %u; k0++) {\n"
                  "                        spv2c_wi wi = wg_;\n"
                  "                        wi.ckfast_ = 1;\n"
                  "                        l0 = c0 + k0;\n",
               len == 64 ? "                if (!SPV2C_CK_PASSES_(hf_))\n                    break;\n"
                           "                {\n"
                         : "                if (SPV2C_CK_PASSES_(hf_)) {\n",
               hoist_clean(h) && items_independent(m, k->func, 0)
                   ? "                    SPV2C_IVDEP_\n                    SPV2C_VECTOR_LOOP_\n" : "",
               len);
    item_call(e, b, k, f, "                        ");
    buf_printf(b, "                    }\n%s                }\n",
               len == 64 ? "" : "                    continue;\n");
    for (i = 0; i < f->nparams; i++)
        free(args[i]);
    free(args);
}

/* a kernel without barriers: one loop nest a group, the kernel called per
   work-item with its own copy of the work-item state (wi: the group's part
   wg_, then its ids), so that iterations share nothing but the kernel's
   memory */
static void plain_executor(Emit *e, Buf *out, const Kernel *k, const Func *f)
{
    const Module *m = e->m;
    Buf g = { 0 }, *b = &g;
    int pass;
    /* independent iterations: said to gcc, which then vectorises without
       proving that the buffers do not overlap (its -O2 never adds run-time
       alias checks) */
    const char *ivdep = items_independent(m, k->func, 0) && !e->o->checked
                            ? "                SPV2C_IVDEP_\n                SPV2C_VECTOR_LOOP_\n" : "";
    const Hoist *h = e->hoist ? e->hoist[k - m->kernels] : NULL;

    buf_put(b, "    spv2c_wi wg_ = { 0 };\n    size_t l0, l1, l2, n0, n1, n2;\n");
    group_bases(e, b);
    local_params(e, b, f);
    buf_put(b, "    wg_.isa_ = isa_;\n");
    e->wi_pre = "wg_.";
    if (e->o->checked) {
        buf_put(b, "    wg_.kernel_ = ");
        c_string(b, k->name);
        buf_put(b, ";\n");
    }
    range_builtins(e, b, "    ");
    buf_put(b, "    n0 = spv2c_group_size_(nd, 0, g0);\n    n1 = spv2c_group_size_(nd, 1, g1);\n"
               "    n2 = spv2c_group_size_(nd, 2, g2);\n");
    group_builtins(e, b, "    ");
    if (e->o->checked)
        buf_put(b, "    spv2c_ck_group_(n0 * n1 * n2);\n");
    e->wi_pre = "wi.";
    /* work-items in chunks of 16 and then the rest: a loop whose trip count
       is a known multiple of the vector length is what gcc vectorises at -O2 */
    buf_printf(b, "    for (l2 = 0; l2 < n2; l2++) {\n"
                  "        for (l1 = 0; l1 < n1; l1++) {\n"
                  "            size_t c0, k0;\n"
                  "            for (c0 = 0;");
    if (hoist_any(h)) {   /* chunks of 64 while their tests pass, then of 16 */
        buf_put(b, " c0 + 64 <= n0; c0 += 64) {\n");
        hoisted_chunk(e, b, k, f, h, 64);
        buf_put(b, "            }\n            for (;");
    }
    buf_put(b, " c0 + 16 <= n0; c0 += 16) {\n");
    if (hoist_any(h))
        hoisted_chunk(e, b, k, f, h, 16);
    buf_printf(b, "%s"
                  "                for (k0 = 0; k0 < 16; k0++) {\n"
                  "                    spv2c_wi wi = wg_;\n"
                  "                    l0 = c0 + k0;\n", ivdep);
    for (pass = 0; pass < 2; pass++) {
        const char *ind = pass ? "                " : "                    ";
        if (pass)
            buf_printf(b, "%s            for (l0 = c0; l0 < n0; l0++) {\n"
                          "                spv2c_wi wi = wg_;\n",
                       *ivdep ? "            SPV2C_IVDEP_\n" : "");
        item_call(e, b, k, f, ind);
        buf_printf(b, "%s}\n", pass ? "            " : "                ");
        if (!pass)
            buf_put(b, "            }\n");
    }
    buf_put(b, "        }\n    }\n");
    group_funcs(e, out, k, f, &g);
    group_loop(e, out, k, f, NULL);
}

/* a kernel with barriers: every work-item of a group gets a frame and a
   state; the group runs in phases, each work-item until it waits at a
   barrier or finishes, until all have finished */
static void resumable_executor(Emit *e, Buf *out, const Kernel *k, const Func *f)
{
    const Module *m = e->m;
    const char *fn = c_name(&e->nm, k->func);
    Buf g = { 0 }, *b = &g;
    unsigned i;
    char *check;

    buf_put(b, "    size_t l0, l1, l2, n0, n1, n2, i, n, waiting;\n");
    group_bases(e, b);
    buf_printf(b, "    size_t nmax = nd->lsz[0] * nd->lsz[1] * nd->lsz[2];\n"
                  "    size_t fbytes = (nmax * sizeof(fr_%s) + 127) / 128 * 128;\n"
                  "    fr_%s *frs = (fr_%s *)(void *)spv2c_frames_base_();\n"
                  "    spv2c_wi *wis = (spv2c_wi *)(void *)(spv2c_frames_base_() + fbytes);\n"
                  "    spv2c_frames_at_ = spv2c_frames_base_();   /* private memory (exec.h) */\n"
                  "    spv2c_frames_end_ = spv2c_frames_at_ + SPV2C_FRAME_LEN_;\n",
               fn, fn, fn);
    local_params(e, b, f);
    buf_put(b, "    n0 = spv2c_group_size_(nd, 0, g0);\n    n1 = spv2c_group_size_(nd, 1, g1);\n"
               "    n2 = spv2c_group_size_(nd, 2, g2);\n    i = 0;\n");
    buf_put(b, "    for (l2 = 0; l2 < n2; l2++) {\n        for (l1 = 0; l1 < n1; l1++) {\n"
               "            for (l0 = 0; l0 < n0; l0++) {\n");
    /* every field is set below */
    buf_put(b, "                spv2c_wi *w = &wis[i];\n                w->isa_ = isa_;\n");
    e->wi_pre = "w->";
    if (e->o->checked) {
        buf_put(b, "                w->kernel_ = ");
        c_string(b, k->name);
        buf_put(b, ";\n");
    }
    range_builtins(e, b, "                ");
    group_builtins(e, b, "                ");
    item_builtins(e, b, "                ");
    buf_put(b, "                frs[i].resume_ = 0;\n                w->fsize_ = sizeof frs[i];\n"
               "                w->nl_[0] = n0;\n                w->nl_[1] = n1;\n"
               "                w->nl_[2] = n2;\n                w->nitems_ = n0 * n1 * n2;\n");
    for (i = 0; i < f->nparams; i++) {
        const Id *d = &m->ids[f->params[i]];
        Name *dn = &e->nm.v[f->params[i]];
        buf_printf(b, "                frs[i].%s%s = %s%u;\n", dn->field, d->byval ? "_in" : "",
                   arg_name(m, f, i), i);
    }
    buf_put(b, "                i++;\n            }\n        }\n    }\n    n = i;\n");
    if (e->o->checked)   /* the frames: one private object, a slot each work-item */
        buf_put(b, "    spv2c_ck_group_(n);\n"
                   "    spv2c_ck_private_(frs, n * sizeof *frs, \"work-item frame\", 0);\n"
                   "    spv2c_ck_slots_(frs, sizeof *frs);\n");
    buf_printf(b, "    do {\n%s        waiting = 0;\n", e->o->checked ? "        spv2c_ck_barrier_();\n" : "");
    buf_printf(b, ""
                  "        for (i = 0; i < n; i++) {\n"
                  "            if (frs[i].resume_ < 0)\n                continue;\n"
                  "            if (%s(&wis[i], &frs[i]))\n                waiting++;\n"
                  "            else\n                frs[i].resume_ = -1;\n"
                  "        }\n", fn);
    if (e->o->checked) {
        /* every work-item must wait at the same barrier, or all finish */
        buf_put(b, "        if (waiting)\n            for (i = 0; i < n; i++)\n"
                   "                if (frs[i].resume_ < 0 || wis[i].bar_ != wis[0].bar_ ||"
                   " frs[0].resume_ < 0)\n"
                   "                    spv2c_check_diverge_(wis[0].kernel_, wis[0].gid_,"
                   " wis[0].bar_,\n                        frs[0].resume_ < 0,"
                   " wis[i].gid_, wis[i].bar_, frs[i].resume_ < 0);\n");
    }
    buf_put(b, "    } while (waiting);\n");
    e->wi_pre = "wi.";
    /* the frames, then the work-item states at a 128-byte boundary (the
       frames start at one: a frame may hold a long16) */
    check = xsprintf("    size_t nl = nd->lsz[0] * nd->lsz[1] * nd->lsz[2];\n"
                     "    if (nl > ((size_t)-1 - 128) / (sizeof(fr_%s) + sizeof(spv2c_wi)))\n"
                     "        return (size_t)-1;\n"
                     "    return 128 + nl * (sizeof(fr_%s) + sizeof(spv2c_wi));\n", fn, fn);
    group_funcs(e, out, k, f, &g);
    group_loop(e, out, k, f, check);
    free(check);
}

/* the body of a work-item loop for region r: the work-item's builtins,
   the region's code, and where it stopped. Labels get the suffix sfx. */
static void region_item(Emit *e, Buf *b, Region *rg, size_t r, const char *sfx, int guarded,
                        const char *item, const char *ind, const Head *h)
{
    Buf body = { 0 };

    rg->nexits = 0;
    region_code(e, &body, rg, r, sfx, item, h);
    buf_printf(b, "%s    i = ib_ + l0;\n", ind);
    if (guarded)
        buf_printf(b, "%s    if (RP_[i] != %u)\n%s        continue;\n", ind, (unsigned)r, ind);
    /* the builtins in locals; the work-item state for what reads it */
    {
        char *in2 = xsprintf("%s    ", ind);
        e->wi_pre = "bi_";
        item_ids(e, b, in2);
        e->wi_pre = "wi_.";
        if (rg->calls)
            item_builtins(e, b, in2);
        else if (!e->no_gid)
            item_gid(e, b, in2);
        free(in2);
    }
    indent_code(b, body.s, ind);
    buf_free(&body);
    /* where the work-item stopped; the lowest and highest point of the
       phase. A region with one end needs neither while the work-items
       agree (the points are all stored in any phase they could part in) */
    if (!guarded && (rg->nexits == 1 || rg->uexit))
        buf_printf(b, "%sNX%s:;\n", ind, sfx);
    else
        buf_printf(b, "%sNX%s:\n%s    RP_[i] = k_;\n"
                      "%s    lo_ = k_ < lo_ ? k_ : lo_;\n%s    hi_ = k_ > hi_ ? k_ : hi_;\n",
                   ind, sfx, ind, ind, ind);
}

/* A 16-chunk's loops when some index in it is affine in l0 where it does
   not wrap (affine.c): the candidates' values at its start, the test, and
   the fast copy of the loop. A chunk that fails the test (some index wraps
   in it) leaves the rest of its row to the remainder loop, which runs the
   body as it was: one copy of the body fewer than a second loop here
   would cost. */
static void affine_chunk(Emit *e, Buf *b, const Aff *a, const char *ivdep, const char *fast)
{
    const char *ind = "                ";
    aff_decls(a, b, ind);
    buf_printf(b, "%sl0 = c0_;\n%si = ib_ + l0;\n", ind, ind);
    e->wi_pre = "bi_";
    item_ids(e, b, ind);
    e->wi_pre = "wi_.";
    aff_probe(e, a, b, ind);
    buf_printf(b, "%sif (!(", ind);
    aff_test(e, a, b, 16);
    buf_printf(b, "))\n%s    break;\n%s            SPV2C_VECTOR_LOOP_\n"
                  "            for (l0 = c0_; l0 < c0_ + 16; l0++) {\n%s            }\n",
               ind, ivdep, fast);
}

/* The chunk loops of a row of independent work-items, from c0_ up to hi:
   chunks of 64, then of 16 (loops with a constant trip count are what gcc
   vectorises at -O2, which never adds an epilogue: 16 suits rows of 16
   and the short steps of a tree, 64 the long rows, where clang -O3 and gcc
   -O3 -march=native run them faster: measured in docs/performance.md).
   The 16-chunk is the fast copy (affine_chunk) when some index is affine
   in l0. Label suffixes _w<tag>, _c<tag> or _C<tag> (the fast copy). */
static void chunk_loops(Emit *e, Buf *row, Region *rg, size_t r, const Head *h,
                        const char *item, const char *tag, const char *hi, const char *ivdep)
{
    char sfx[48];
    Buf wide = { 0 }, narrow = { 0 }, chunk = { 0 };
    Aff *aff = aff_new(e->m);
    size_t ncand;

    snprintf(sfx, sizeof sfx, "_w%s", tag);
    e->aff = aff;   /* the values of one copy */
    region_item(e, &wide, rg, r, sfx, 0, item, "            ", h);
    e->aff = NULL;
    ncand = aff_solve(e, aff);
    snprintf(sfx, sizeof sfx, "_%c%s", ncand ? 'C' : 'c', tag);
    e->aff = ncand ? aff : NULL;
    region_item(e, &narrow, rg, r, sfx, 0, item, "            ", h);
    e->aff = NULL;
    buf_printf(row, "            for (; c0_ + 64 <= %s; c0_ += 64) {\n", hi);
    buf_printf(&chunk, "%s            for (l0 = c0_; l0 < c0_ + 64; l0++) {\n%s            }\n",
               ivdep, wide.s);
    indent_code(row, chunk.s, "    ");
    buf_free(&chunk);
    buf_printf(row, "            }\n            for (; c0_ + 16 <= %s; c0_ += 16) {\n", hi);
    if (ncand)
        affine_chunk(e, &chunk, aff, ivdep, narrow.s);
    else   /* gcc -O3 would unroll it completely before it could vectorise
              it (measured in the README) */
        buf_printf(&chunk, "%s            SPV2C_VECTOR_LOOP_\n"
                           "            for (l0 = c0_; l0 < c0_ + 16; l0++) {\n%s            }\n",
                   ivdep, narrow.s);
    indent_code(row, chunk.s, "    ");
    buf_put(row, "            }\n");
    buf_free(&chunk);
    buf_free(&wide);
    buf_free(&narrow);
    aff_free(aff);
}

/* --checked: do the recorded accesses of a region's loop have addresses
   the probe can compute (aff_pure: pure arithmetic of the ids and what
   the loop does not change), with nothing a work-item does not compute
   itself? The probe computes a guarded access's address only for the
   work-items that take its guard (the statements of its block, after
   those of the blocks that dominate it), and every other address and
   guard for all: their statements must be in blocks every work-item runs
   (rec->sure), else an address (an access kept in place behind nested
   conditions) could be formed out of its object, undefined in C */
static int chunk_probeable(Emit *e, Aff *aff, CkRec *rec)
{
    size_t j;
    for (j = 0; j < rec->n; j++) {
        CkAcc *a = &rec->v[j];
        if (!aff_pure(e, aff, a->ptr))
            return 0;
        if (a->cond && !aff_pure(e, aff, a->cond))
            a->taken = 0;   /* its guard not known ahead: checked in place */
        if (!a->taken)
            a->cond = 0;
    }
    for (j = 0; j < rec->n; j++)
        aff_needed(e, aff, rec->v[j].cond ? rec->v[j].cond : rec->v[j].ptr);
    return aff_needed_within(e, aff, rec->sure);
}

/* the probe's table entry of access j: spv2c_ck_q_(...), wrapped four
   columns further in than it is put (item_loops indents it so); or for
   an affine probe spv2c_ck_qa_(...), wrapped at the column it will stand
   at, eight further in (under 100 columns, as the review test wants) */
static void chunk_entry(Buf *b, const CkAcc *a, size_t j, int affine)
{
    Buf t = { 0 };
    char head[64], mask[32] = "0", taken[8];
    const char *cont = affine ? "                                     "
                              : "                                ";
    size_t back = affine ? 8 : 4;
    char *root = xsprintf("(const void *)%s", a->root);
    const char *p;
    size_t n;

    if (affine)
        snprintf(mask, sizeof mask, "cl_");
    else if (a->cond)
        snprintf(mask, sizeof mask, "cm_ + %u * 64", (unsigned)j);
    snprintf(taken, sizeof taken, "%d", a->taken);
    snprintf(head, sizeof head, "%*sspv2c_ck_q%s_(cq_ + %u", affine ? 24 : 20, "",
             affine ? "a" : "", (unsigned)j);
    buf_put(&t, head);
    buf_wrap(&t, ", ", root, cont);
    buf_wrap(&t, ", ", a->size, cont);
    buf_wrap(&t, ", ", a->flags, cont);
    buf_wrap(&t, ", ", taken, cont);
    buf_wrap(&t, ", ", mask, cont);
    buf_put(&t, ");\n");
    for (p = t.s; *p; p += n) {   /* each line back to where it is put */
        const char *nl = strchr(p, '\n');
        n = nl ? (size_t)(nl - p) + 1 : strlen(p);
        buf_putn(b, p + back, n - back);
    }
    buf_free(&t);
    free(root);
}

/* a probe's work-item ids (bi_*), and what its accesses' unguarded
   addresses and guards need of the work-item's values */
static void probe_ids(Emit *e, Buf *b, Aff *aff, const CkRec *rec, const char *ind)
{
    size_t j;

    e->wi_pre = "bi_";
    item_ids(e, b, ind);
    e->wi_pre = "wi_.";
    for (j = 0; j < rec->n; j++)
        aff_needed(e, aff, rec->v[j].cond ? rec->v[j].cond : rec->v[j].ptr);
    aff_needed_code(aff, b, ind, 1);
}

/* the probe of a chunk of 64: every work-item's address of each access
   (the body's own statements that compute them), the accesses' table and
   the runtime's test, which records the taken accesses' checks if it
   passes */
static void chunk_probe(Emit *e, Buf *b, Aff *aff, const CkRec *rec)
{
    const char *ind = "                    ", *ind2 = "                        ";
    size_t j;
    int guarded;

    buf_printf(b, "                uintptr_t ca_[%u * 64 + 1];\n", (unsigned)rec->n);
    for (j = 0; j < rec->n && !rec->v[j].cond; j++)
        ;
    if (j < rec->n)
        buf_printf(b, "                unsigned char cm_[%u * 64 + 1];\n", (unsigned)rec->n);
    buf_printf(b, "                spv2c_ckq_ cq_[%u];\n", (unsigned)rec->n);
    guarded = j < rec->n;
    for (j = 0; j < rec->n; j++)
        chunk_entry(b, &rec->v[j], j, 0);
    buf_printf(b, "                ca_[%u * 64] = 0;   /* read, not used */\n", (unsigned)rec->n);
    if (guarded)
        buf_printf(b, "                cm_[%u * 64] = 0;\n", (unsigned)rec->n);
    buf_put(b, "                for (l0 = c0_; l0 < c0_ + 64; l0++) {\n");
    probe_ids(e, b, aff, rec, ind);
    for (j = 0; j < rec->n; j++) {
        const CkAcc *a = &rec->v[j];
        if (!a->cond) {
            buf_printf(b, "%sca_[%u * 64 + (l0 - c0_)] = (uintptr_t)(const void *)%s;\n", ind,
                       (unsigned)j, a->addr);
            continue;
        }
        /* the work-items that make a guarded access, and only theirs
           its address (0 for the others, which the test skips) */
        buf_printf(b, "%scm_[%u * 64 + (l0 - c0_)] = (unsigned char)%s(%s);\n", ind,
                   (unsigned)j, a->pol ? "!!" : "!", c_name(&e->nm, a->cond));
        buf_printf(b, "%sca_[%u * 64 + (l0 - c0_)] = 0;\n", ind, (unsigned)j);
        buf_printf(b, "%sif (cm_[%u * 64 + (l0 - c0_)]) {\n", ind, (unsigned)j);
        aff_needed(e, aff, a->ptr);
        aff_needed_code(aff, b, ind2, 0);
        buf_printf(b, "%sca_[%u * 64 + (l0 - c0_)] = (uintptr_t)(const void *)%s;\n", ind2,
                   (unsigned)j, a->addr);
        buf_printf(b, "%s}\n", ind);
    }
    buf_printf(b, "                }\n"
               "                if (!SPV2C_CK_PASSES_(SPV2C_CK_REGION_(isa_, cq_, %u, ca_, 64, "
               "ib_ + c0_)))\n"
               "                    break;\n"
               "                SPV2C_CK_FAST_(64);\n", (unsigned)rec->n);
}

/* the longest chunk an affine probe takes: scan's rows (the probe's
   addresses, CKREC_MAX accesses of it, are on the stack) */
#define CK_AFF_LEN 256u

/* a guard the affine probe takes (aff_guard): x OP c */
typedef struct Guard {
    unsigned op;
    uint32_t x, c;
} Guard;

/* can the probe take every access's address and guard from a chunk's
   first two and last work-items (and its run's): each address affine in
   l0 or the same for all (aff_lin), each guard a comparison of such an
   affine value with one the same for all, or the same for all (aff_guard;
   g: each access's)? Else the chunks of 64 take every work-item's
   (chunk_probe) */
static int chunk_affine(const Emit *e, const Aff *aff, const CkRec *rec, Guard *g)
{
    size_t j;
    for (j = 0; j < rec->n; j++) {
        const CkAcc *a = &rec->v[j];
        if (!aff_lin(e, aff, a->ptr))
            return 0;
        if (a->cond && !aff_guard(e, aff, a->cond, &g[j].op, &g[j].x, &g[j].c))
            return 0;
    }
    return 1;
}

/* the affine probe's statements for work-item l0 that give access j's
   address (its guard's block's too: every statement again, as l0 moved) */
static void chunk_point(Emit *e, Buf *b, Aff *aff, const CkAcc *a, size_t j, const char *ind)
{
    e->wi_pre = "bi_";
    item_ids(e, b, ind);
    e->wi_pre = "wi_.";
    aff_undone(aff);
    aff_needed(e, aff, a->ptr);
    aff_needed_code(aff, b, ind, 0);
    buf_printf(b, "%sca_[%u * cl_ + (l0 - c0_)] = (uintptr_t)(const void *)%s;\n", ind,
               (unsigned)j, a->addr);
}

/* the affine probe's guarded accesses: each one's run of work-items from
   its guard's operands (spv2c_ck_grun_; a guard that does not give one
   run fails the chunk's test), then its address for the run's first two
   and last work-items, which make the access */
static void chunk_runs(Emit *e, Buf *b, Aff *aff, const CkRec *rec, const Guard *g)
{
    const char *ind = "                    ";
    size_t j, ng = 0;

    for (j = 0; j < rec->n; j++) {
        const CkAcc *a = &rec->v[j];
        if (!a->cond)
            continue;
        buf_printf(b, "                spv2c_ck_grun_(cq_ + %u, %uu, %d, cx_ + %u * 3, "
                      "cy_ + %u * 3, cl_);\n",
                   (unsigned)j, g[j].op, a->pol, (unsigned)ng, (unsigned)ng);
        ng++;
        buf_printf(b, "                for (p_ = 0; p_ < 3 && p_ < cq_[%u].nt; p_++) {\n", (unsigned)j);
        buf_printf(b, "                    l0 = c0_ + cq_[%u].t0 + (p_ < 2 ? p_ : cq_[%u].nt - 1);\n",
                   (unsigned)j, (unsigned)j);
        chunk_point(e, b, aff, a, j, ind);
        buf_put(b, "                }\n");
    }
}

/* the probe of a chunk of cl_ work-items (2 to CK_AFF_LEN) whose
   addresses and guards are all affine in l0 (chunk_affine): the
   statements for its first two and its last work-items only (the runtime
   takes the others' addresses as a[0] + k t, spv2c_ck_qa_), and each
   guard's operands there; then the guarded accesses (chunk_runs).
   Nothing here costs a pass over the work-items, so the chunk can be the
   row: scan's test for 64 work-items cost about what the unchecked loop
   does for them, and its passes are fewer with longer chunks */
static void chunk_probe_affine(Emit *e, Buf *b, Aff *aff, const CkRec *rec, const Guard *g)
{
    const char *ind = "                    ";
    size_t j, ng = 0;

    for (j = 0; j < rec->n; j++)
        ng += rec->v[j].cond != 0;
    buf_printf(b, "                uintptr_t ca_[%u * %u + 1];\n", (unsigned)rec->n, CK_AFF_LEN);
    if (ng)
        buf_printf(b, "                uint64_t cx_[%u * 3], cy_[%u * 3];\n", (unsigned)ng,
                   (unsigned)ng);
    buf_printf(b, "                spv2c_ckq_ cq_[%u];\n                size_t p_;\n",
               (unsigned)rec->n);
    for (j = 0; j < rec->n; j++)
        chunk_entry(b, &rec->v[j], j, 1);
    buf_printf(b, "                ca_[%u * cl_] = 0;   /* read, not used */\n", (unsigned)rec->n);
    buf_put(b, "                for (p_ = 0; p_ < 3; p_++) {   /* t = 0, 1, cl_ - 1 */\n"
               "                    l0 = c0_ + (p_ < 2 ? p_ : cl_ - 1);\n");
    probe_ids(e, b, aff, rec, ind);
    for (j = ng = 0; j < rec->n; j++) {
        const CkAcc *a = &rec->v[j];
        if (!a->cond) {
            buf_printf(b, "%sca_[%u * cl_ + (l0 - c0_)] = (uintptr_t)(const void *)%s;\n", ind,
                       (unsigned)j, a->addr);
            continue;
        }
        buf_printf(b, "%scx_[%u * 3 + p_] = (uint64_t)(%s);\n", ind, (unsigned)ng,
                   c_name(&e->nm, g[j].x));
        buf_printf(b, "%scy_[%u * 3 + p_] = (uint64_t)(%s);\n", ind, (unsigned)ng++,
                   g[j].c ? c_name(&e->nm, g[j].c) : "1");
    }
    buf_put(b, "                }\n");
    chunk_runs(e, b, aff, rec, g);
    buf_printf(b, "                if (!SPV2C_CK_PASSES_(SPV2C_CK_REGION_(isa_, cq_, %u, ca_, cl_, "
                  "ib_ + c0_)))\n"
                  "                    break;\n"
                  "                SPV2C_CK_FAST_(cl_);\n", (unsigned)rec->n);
}

/* --checked: the chunks of 64 of a row of region r's loop whose accesses
   the runtime tests a chunk at a time (spv2c_ck_region_). The body is
   emitted once to record its checks (lower_ckrec) and its values (affine.c);
   then, when each access's address is pure arithmetic of the ids and of
   what the loop does not change (the probe computes it for each work-item,
   the runtime finds them a constant step apart), the accesses in blocks
   every work-item runs are taken (their checks left out of the chunk's
   copy of the body), and so are those in a block entered only by a
   branch of such a block on a condition the probe can compute too (for
   each work-item: whether it makes the access); the others keep their
   check in place. A chunk whose test fails leaves the rest of its row to
   the loop with every check in place. Labels _q<tag> (recording) and
   _k<tag>. */
static void region_chunk(Emit *e, Buf *row, Region *rg, size_t r, const Head *h,
                         const char *item, const char *tag, const char *hi)
{
    const Module *m = e->m;
    CkRec rec;
    Guard g[CKREC_MAX];
    int affine;
    Aff *aff = aff_new(m);
    Buf body = { 0 }, chunk = { 0 };
    unsigned char *omit = xcalloc(m->ninsts + 1, 1);
    char sfx[48];
    size_t j;

    memset(&rec, 0, sizeof rec);
    snprintf(sfx, sizeof sfx, "_q%s", tag);
    e->aff = aff;
    lower_ckrec(e->L, &rec);
    region_item(e, &body, rg, r, sfx, 0, item, "            ", h);
    e->aff = NULL;
    buf_free(&body);
    if (!rec.bad && rec.n && region_ck_taken(m, rg, r, h, &rec) &&
        chunk_probeable(e, aff, &rec)) {
        for (j = 0; j < rec.n; j++)
            omit[rec.v[j].inst] = (unsigned char)rec.v[j].taken;
        rec.omit = omit;
        snprintf(sfx, sizeof sfx, "_k%s", tag);
        for (j = 0; j < rec.n && rec.v[j].taken; j++)
            ;
        e->no_gid = j == rec.n;   /* no check left: nothing reads the state */
        region_item(e, &body, rg, r, sfx, 0, item, "            ", h);
        affine = chunk_affine(e, aff, &rec, g);
        if (affine) {   /* chunks of up to CK_AFF_LEN, to the row's end */
            buf_printf(row, "            while (c0_ + 2 <= %s) {\n"
                            "                const size_t cl_ = %s - c0_ < %u ? %s - c0_ : %u;\n",
                       hi, hi, CK_AFF_LEN, hi, CK_AFF_LEN);
            chunk_probe_affine(e, row, aff, &rec, g);
        } else {
            buf_printf(row, "            for (; c0_ + 64 <= %s; c0_ += 64) {\n", hi);
            chunk_probe(e, row, aff, &rec);
        }
        /* and then the iterations are independent, as the test found */
        buf_printf(&chunk, "%s            for (l0 = c0_; l0 < c0_ + %s; l0++) {\n%s            }\n",
                   e->no_gid && rg->independent ? "            SPV2C_IVDEP_\n" : "",
                   affine ? "cl_" : "64", body.s);
        e->no_gid = 0;
        indent_code(row, chunk.s, "    ");
        buf_put(row, affine ? "                c0_ += cl_;\n            }\n" : "            }\n");
    }
    lower_ckrec(e->L, NULL);
    free(rec.sure);
    for (j = 0; j < rec.n; j++) {
        free(rec.v[j].root);
        free(rec.v[j].addr);
        free(rec.v[j].size);
        free(rec.v[j].flags);
    }
    buf_free(&body);
    buf_free(&chunk);
    free(omit);
    aff_free(aff);
}

/* A region's loops over each row of the group's work-items, from the
   region's start or from loop h->start of its group part, over l0 in
   [lo, hi): for independent work-items, chunk loops (chunk_loops) and
   then the rest; otherwise the one loop. The chunks pay only where gcc
   vectorises them, which it does at -O2 only when told that the
   iterations are independent (SPV2C_IVDEP_: not for regions with atomics
   or calls, nor with --checked, which has its own chunks: region_chunk);
   every copy of the body costs compile time (docs/testing.md, "gen"). The
   remainder loop's labels end in _<tag>. */
static void item_loops(Emit *e, Buf *b, Region *rg, size_t r, const Head *h, const char *item,
                       const char *tag, const char *lo, const char *hi)
{
    char sfx[48];
    Buf body = { 0 }, row = { 0 };
    /* independent iterations, unless the work-item state (one struct for
       the group) is written in them: for calls (never independent) and for
       the checks (item_gid) */
    const char *ivdep = rg->independent && !e->o->checked ? "            SPV2C_IVDEP_\n" : "";

    /* a row's loops, one level in under the two row loops */
    buf_printf(&row, "            ib_ = (l2 * n1 + l1) * n0;\n            c0_ = %s;\n", lo);
    if (*ivdep)
        chunk_loops(e, &row, rg, r, h, item, tag, hi, ivdep);
    else if (e->o->checked && !rg->calls)
        region_chunk(e, &row, rg, r, h, item, tag, hi);
    snprintf(sfx, sizeof sfx, "_%s", tag);
    region_item(e, &body, rg, r, sfx, 0, item, "            ", h);
    buf_printf(&row, "%s            for (l0 = c0_; l0 < %s; l0++) {\n%s            }\n",
               ivdep, hi, body.s);
    buf_put(b, "        for (l2 = 0; l2 < n2; l2++) {\n            for (l1 = 0; l1 < n1; l1++) {\n");
    indent_code(b, row.s, "    ");
    buf_put(b, "            }\n        }\n");
    buf_free(&row);
    buf_free(&body);
}

/* after a region's loops: the phase's lowest and highest point, when
   they are known without a record per work-item */
static void loops_end(Buf *b, Region *rg)
{
    if (rg->nexits == 1 && rg->exit != 0) {
        /* every work-item waits at the same point: straight on to its
           region, where the dispatch after the switch would go (a barrier
           loop then is a C loop gcc optimises as one: measured in the
           README). rp_ is read only by the switch, which this skips, and
           lo_, hi_ are as the loop's top set them (a region with one end
           does not track them, and only such regions jump) */
        buf_printf(b, "        goto U_%u;\n", (unsigned)rg->exit);
        rg->jumped[rg->exit] = 1;
        return;
    }
    if (rg->nexits == 1)
        buf_printf(b, "        lo_ = hi_ = %u;\n", (unsigned)rg->exit);
    else if (rg->uexit)   /* where the last one ended */
        buf_put(b, "        lo_ = hi_ = k_;\n");
    buf_put(b, "        break;\n");
}

/* The loops from block c of region r's group part h (the region's k-th),
   over the whole row, or over the part of it that does more than wait
   when the loop starts at such a branch (region_refine) */
static char *head_loop(Emit *e, Region *rg, size_t r, Head *h, size_t c, const char *item,
                       unsigned k)
{
    Buf b = { 0 };
    char tag[40], *lo = NULL, *hi = NULL;
    size_t skip = 0;
    int refined;
    uint32_t cond;

    h->start = c;
    snprintf(tag, sizeof tag, "%u_%u", (unsigned)r, k);
    refined = region_refine(e, rg, r, h, c, &lo, &hi, &skip);
    if (refined) {
        Buf probe = { 0 };
        region_item(e, &probe, rg, r, "_p", 0, item, "", h);
        if (!(rg->nexits == 1 && rg->exit == skip)) {
            refined = 0;   /* the loop has other ends: every work-item must run */
            h->cond = 0;
        }
        buf_free(&probe);
    }
    if (refined) {
        e->reads |= READS_RANGE;
        buf_printf(&b, "        rlo_ = %s;\n        rhi_ = %s;\n", lo, hi);
    }
    cond = refined ? 0 : region_uniform_branch(e, rg, h, c);
    if (cond) {   /* the loops once for each way of a group-wide branch */
        buf_printf(&b, "        if (%s) {\n", c_name(&e->nm, cond));
        snprintf(tag, sizeof tag, "%u_%ut", (unsigned)r, k);
        item_loops(e, &b, rg, r, h, item, tag, "0", "n0");
        buf_put(&b, "        } else {\n");
        snprintf(tag, sizeof tag, "%u_%uf", (unsigned)r, k);
        item_loops(e, &b, rg, r, h, item, tag, "0", "n0");
        buf_put(&b, "        }\n");
    } else {
        item_loops(e, &b, rg, r, h, item, tag, refined ? "rlo_" : "0", refined ? "rhi_" : "n0");
    }
    loops_end(&b, rg);
    h->cond = 0;
    free(lo);
    free(hi);
    return b.s;
}

/* One region's loops over the group's work-items: the fast copy, or the
   guarded one that runs only the work-items waiting at this point (after
   work-items diverged, which makes the kernel invalid). The fast copy
   first runs the region's group part, if it has one (values and branches
   the same in every work-item, async copies), then loops from where that
   stops. (The caller writes the `case r:` line.) */
static void region_loop(Emit *e, Buf *b, Region *rg, size_t r, int guarded, const char *pre,
                        const char *item)
{
    char sfx[32];
    Head h;

    region_snapshot(e, b, rg, r);
    if (pre && *pre)
        buf_put(b, pre);
    if (guarded) {
        snprintf(sfx, sizeof sfx, "_g%u", (unsigned)r);
        buf_put(b, "        for (l2 = 0; l2 < n2; l2++) {\n"
                   "            for (l1 = 0; l1 < n1; l1++) {\n"
                   "                ib_ = (l2 * n1 + l1) * n0;\n"
                   "                for (l0 = 0; l0 < n0; l0++) {\n");
        region_item(e, b, rg, r, sfx, 1, item, "                ", NULL);
        buf_put(b, "                }\n            }\n        }\n        break;\n");
        return;
    }
    if (region_head_plan(e, rg, r, &h)) {
        char **loops = xcalloc(rg->bl.n + 1, sizeof *loops);
        size_t c;
        unsigned k = 0;
        for (c = 0; c < rg->bl.n; c++)
            if (h.stop[c] != SIZE_MAX)
                loops[c] = head_loop(e, rg, r, &h, c, item, k++);
        snprintf(sfx, sizeof sfx, "_h%u", (unsigned)r);
        region_head_code(e, b, rg, r, &h, loops, sfx);
        for (c = 0; c < rg->bl.n; c++)
            free(loops[c]);
        free(loops);
        region_head_free(&h);
        return;
    }
    snprintf(sfx, sizeof sfx, "%u", (unsigned)r);
    item_loops(e, b, rg, r, NULL, item, sfx, "0", "n0");
    loops_end(b, rg);
}

/* What a region executor builds before it writes the group function */
typedef struct RegionExec {
    char **saved;         /* per instruction of the body: its C name before */
    char **bsaved;        /* per id: a builtin variable's C name before */
    char **pre, **item;   /* per point: a work-group function's fold, its result */
    Buf arrays;           /* the per-work-item arrays' declarations */
    struct PerItem {      /* and each one's element type and name */
        char *type, *name;
        int var;          /* a private variable's (V_x), checked as one */
    } *per;
    size_t nper;
    Buf decl;             /* the group function's locals */
    Buf loops;            /* both switches over the group's current point */
    unsigned char *views; /* --checked: per id, a root the loops' checks view (lower_views) */
} RegionExec;

/* one more per-work-item array in the frame arena: its element type, name */
static void per_item(RegionExec *x, const char *type, char *name, int var)
{
    x->per = xrealloc(x->per, (x->nper + 1) * sizeof *x->per);
    x->per[x->nper].type = xstrdup(type);
    x->per[x->nper].name = name;
    x->per[x->nper++].var = var;
}

/* a value's C name in the loops and, when it is declared, its locals */
static void region_value(Emit *e, RegionExec *x, const Region *rg, const Inst *in, Name *d)
{
    const Module *m = e->m;
    const Type *t = T(m, in->type);

    d->c = d->field ? xstrdup(d->field) : NULL;
    if (!d->declared || !d->field || rg->dead[in->result])
        return;
    c_decl_name(&x->decl, t, d->field);
    if (in->op == SpvOpPhi)
        c_decl(&x->decl, t, "%s_p", d->field);
    if (rg->spill[in->result] && rg->uniform[in->result]) {
        /* stored before any read, which gcc cannot always tell */
        c_decl(&x->decl, t, "F_%s = %s", d->field, zero_init(t));
        c_decl(&x->decl, t, "R_%s = %s", d->field, zero_init(t));
    } else if (rg->spill[in->result]) {
        buf_printf(&x->arrays, "    %s *F_%s;\n", t->c, d->field);
        per_item(x, t->c, xsprintf("F_%s", d->field), 0);
    }
}

/* C names in the loops: values are locals, variables per-work-item array
   slots, parameters the group function's, builtins the loops' locals */
static void region_names(Emit *e, RegionExec *x, const Region *rg, const Func *kf)
{
    const Module *m = e->m;
    const Func *f = rg->f;
    size_t i;
    unsigned p;
    uint32_t id;

    emit_names(e, f);
    for (i = f->first; i <= f->last; i++) {
        const Inst *in = &m->insts[i];
        Name *dn;
        if (!in->result || in->result >= m->bound || in->op == SpvOpLabel ||
            in->op == SpvOpFunction)   /* (the kernel itself when there is no stub) */
            continue;
        dn = &e->nm.v[in->result];
        x->saved[i - f->first] = dn->c;
        if (in->op == SpvOpFunctionParameter) {
            for (p = 0; p < f->nparams && f->params[p] != in->result; p++)
                ;
            dn->c = xsprintf("%s%u", arg_name(m, kf, p), p);
        } else if (in->op == SpvOpVariable) {
            const Type *t = T(m, T(m, in->type)->elem);
            dn->c = xsprintf("(&V_%s[i])", dn->field);
            buf_printf(&x->arrays, "    %s *V_%s;\n", t->c, dn->field);
            per_item(x, t->c, xsprintf("V_%s", dn->field), 1);
        } else {
            region_value(e, x, rg, in, dn);
        }
    }
    for (id = 1; id < m->bound; id++)
        if (m->ids[id].is_builtin_var && builtin_name(m->ids[id].builtin)) {
            x->bsaved[id] = e->nm.v[id].c;
            e->nm.v[id].c = xsprintf("(&bi_%s)", builtin_name(m->ids[id].builtin));
        }
}

/* the names region_names changed, back as they were */
static void region_names_restore(Emit *e, RegionExec *x, const Region *rg)
{
    const Module *m = e->m;
    const Func *f = rg->f;
    size_t i;
    uint32_t id;

    for (i = f->first; i <= f->last; i++) {
        const Inst *in = &m->insts[i];
        if (x->saved[i - f->first]) {
            free(e->nm.v[in->result].c);
            e->nm.v[in->result].c = x->saved[i - f->first];
        }
    }
    for (id = 1; id < m->bound; id++)
        if (x->bsaved[id]) {
            free(e->nm.v[id].c);
            e->nm.v[id].c = x->bsaved[id];
        }
}

/* the work-group functions' arrays and folds */
static void region_collectives(Emit *e, RegionExec *x, Region *rg)
{
    const Module *m = e->m;
    unsigned p;

    for (p = 1; p <= rg->npoints; p++) {
        const Inst *in = &m->insts[rg->point[p]];
        Buf pb = { 0 }, ib = { 0 };
        if (!inst_is_collective(in))
            continue;
        buf_printf(&x->arrays, "    %s *CV_%u;\n", T(m, in->type)->c, in->word);
        per_item(x, T(m, in->type)->c, xsprintf("CV_%u", in->word), 0);
        e->rg = rg;
        collective_start(e, &pb, &ib, in);
        e->rg = NULL;
        x->pre[p] = pb.s;
        x->item[p] = ib.s ? ib.s : xstrdup("");
    }
}

/* Both switches over the group's current point: the uniform one (every
   work-item at the same point, group parts run once) and the guarded one
   (after divergence), with the labels the uniform regions' ends jump to
   after their cases */
static void region_switches(Emit *e, RegionExec *x, Region *rg)
{
    Buf lab = { 0 };
    size_t r, from = 0;
    size_t *at = xcalloc(rg->npoints + 1, sizeof *at);

    rg->jumped = xcalloc(rg->npoints + 1, 1);
    for (r = 0; r <= rg->npoints; r++) {   /* each case's code one level in */
        Buf c = { 0 };
        buf_printf(&x->loops, "        case %u:\n", (unsigned)r);
        at[r] = x->loops.len;
        region_loop(e, &c, rg, r, 0, x->pre[r], x->item[r]);
        indent_code(&x->loops, c.s, "    ");
        buf_free(&c);
    }
    for (r = 0; r <= rg->npoints; r++)
        if (rg->jumped[r]) {
            buf_putn(&lab, x->loops.s + from, at[r] - from);
            buf_printf(&lab, "        U_%u:;\n", (unsigned)r);
            if (e->o->checked)   /* a barrier passed: a new interval */
                buf_put(&lab, "            spv2c_ck_barrier_();\n");
            from = at[r];
        }
    buf_put(&lab, x->loops.s + from);
    buf_free(&x->loops);
    x->loops = lab;
    free(rg->jumped);
    rg->jumped = NULL;
    free(at);
    buf_put(&x->loops, "        } else switch (rp_) {\n");
    for (r = 0; r <= rg->npoints; r++) {
        Buf c = { 0 };
        buf_printf(&x->loops, "        case %u:\n", (unsigned)r);
        region_loop(e, &c, rg, r, 1, x->pre[r], x->item[r]);
        indent_code(&x->loops, c.s, "    ");
        buf_free(&c);
    }
}

/* the group function's locals; the work-item state wi_ is zeroed when the
   loops read it (state) */
static void region_locals(Emit *e, Buf *b, const RegionExec *x, const Region *rg, int state)
{
    const Module *m = e->m;
    unsigned p;

    buf_printf(b, "    spv2c_wi wi_%s, *wi = &wi_;\n"
                  "    int rp_ = 0, nrp_ = 0, uni_ = 1, k_ = 0, lo_, hi_;\n    int *RP_;\n",
               state ? " = { 0 }" : "");
    if (x->arrays.s)
        buf_put(b, x->arrays.s);
    if (x->decl.s)
        buf_put(b, x->decl.s);
    if (rg->decls.s)
        buf_put(b, rg->decls.s);
    check_views_decl(m, b, x->views);
    for (p = 0; builtins_known[p] >= 0; p++) {
        int v = builtin_used(e, builtins_known[p]);
        if (v)
            buf_printf(b, "    %s bi_%s;\n", T(m, type_of(m, (uint32_t)v)->elem)->c,
                       builtin_name(builtins_known[p]));
    }
    /* the names the loops may not read: wi is set up anyway */
    if (!(e->reads & READS_WI))
        buf_put(b, "    (void)wi;\n");
    for (p = 0; builtins_known[p] >= 0; p++)
        if (builtin_used(e, builtins_known[p]) && !(e->bi_read >> builtins_known[p] & 1))
            buf_printf(b, "    (void)bi_%s;\n", builtin_name(builtins_known[p]));
    /* the bar word of each point, for the divergence report */
    if (e->o->checked) {
        buf_put(b, "    static const unsigned bw_[] = { 0u");
        for (p = 1; p <= rg->npoints; p++)
            buf_printf(b, ", %uu", m->insts[rg->point[p]].word);
        buf_put(b, " };\n");
    }
}

/* the per-work-item arrays in the frame arena, one after the other, each
   128-byte aligned (the arena is: a spilled long16 needs it) */
static void region_arrays(Buf *b, const RegionExec *x)
{
    size_t k;

    buf_put(b, "    RP_ = (int *)(void *)fp_;\n    fp_ += (nmax * sizeof *RP_ + 127) / 128 * 128;\n");
    for (k = 0; k < x->nper; k++)
        buf_printf(b, "    %s = (%s *)(void *)fp_;\n"
                      "    fp_ += (nmax * sizeof *%s + 127) / 128 * 128;\n",
                   x->per[k].name, x->per[k].type, x->per[k].name);
}

/* the group's range and group builtins, in wi_ (when the loops read it)
   and in the loops' locals bi_ */
static void region_builtins(Emit *e, Buf *b, const Kernel *k, int state)
{
    buf_put(b, "    wi_.isa_ = isa_;\n");   /* also when the rest is not set up */
    e->wi_pre = "wi_.";
    if (e->o->checked) {
        buf_put(b, "    wi_.kernel_ = ");
        c_string(b, k->name);
        buf_put(b, ";\n");
    }
    if (state)
        range_builtins(e, b, "    ");
    e->wi_pre = "bi_";
    range_builtins(e, b, "    ");
    e->wi_pre = "wi_.";
    buf_put(b, "    n0 = spv2c_group_size_(nd, 0, g0);\n    n1 = spv2c_group_size_(nd, 1, g1);\n"
               "    n2 = spv2c_group_size_(nd, 2, g2);\n    n = n0 * n1 * n2;\n");
    if (e->o->checked)
        buf_put(b, "    spv2c_ck_group_(n);\n");
    if (state) {
        buf_put(b, "    wi_.nitems_ = n;\n    wi_.nl_[0] = n0;\n    wi_.nl_[1] = n1;\n"
                   "    wi_.nl_[2] = n2;\n");
        group_builtins(e, b, "    ");
    }
    e->wi_pre = "bi_";
    group_builtins(e, b, "    ");
}

/* after a pass of the switch: the next point, the group's when every
   work-item waits there, else (diverged) the earliest any waits at */
static void region_next_point(Emit *e, Buf *b)
{
    buf_put(b, "        }\n        nrp_ = lo_;\n        i = n;\n"
               "        if (!uni_ || lo_ != hi_) {\n"
               "            nrp_ = RP_[0];\n"
               "            for (i = 1; i < n && RP_[i] == nrp_; i++)\n                ;\n"
               "        }\n        if (i < n) {\n");
    if (e->o->checked)
        buf_put(b, "            if (uni_) {\n"
                   "                size_t ga_[3], gb_[3];\n"
                   "                ga_[0] = b0;\n                ga_[1] = b1;\n                ga_[2] = b2;\n"
                   "                gb_[0] = b0 + i % n0;\n                gb_[1] = b1 + i / n0 % n1;\n"
                   "                gb_[2] = b2 + i / (n0 * n1);\n"
                   "                spv2c_check_diverge_(wi_.kernel_, ga_, bw_[RP_[0]], RP_[0] == 0,"
                   "\n                                     gb_, bw_[RP_[i]], RP_[i] == 0);\n"
                   "            }\n");
    buf_put(b, "            /* diverged: the earliest point any work-item waits at */\n"
               "            uni_ = 0;\n            nrp_ = 0;\n"
               "            for (i = 0; i < n; i++)\n"
               "                if (RP_[i] > 0 && (nrp_ == 0 || RP_[i] < nrp_))\n"
               "                    nrp_ = RP_[i];\n"
               "        } else {\n            uni_ = 1;\n        }\n"
               "        if (nrp_ == 0)\n            break;\n        rp_ = nrp_;\n    }\n");
}

/* the bytes of the per-work-item arrays (the resume points, then each
   array at a 128-byte boundary), for frames_K */
static char *region_mem_check(const RegionExec *x)
{
    Buf sz = { 0 }, each = { 0 };
    char *check;
    size_t k;

    buf_put(&sz, "(nl * sizeof(int) + 127) / 128 * 128");
    buf_put(&each, "sizeof(int)");
    for (k = 0; k < x->nper; k++) {
        buf_printf(&sz, " +\n        (nl * sizeof(%s) + 127) / 128 * 128", x->per[k].type);
        buf_printf(&each, " + sizeof(%s)", x->per[k].type);
    }
    /* no term can overflow while nl times their sum is below half the range */
    check = xsprintf("    size_t nl = nd->lsz[0] * nd->lsz[1] * nd->lsz[2];\n"
                     "    if (nl > (size_t)-1 / 2 / (%s))\n        return (size_t)-1;\n"
                     "    return %s;\n", each.s, sz.s);
    buf_free(&sz);
    buf_free(&each);
    return check;
}

static void region_exec_free(RegionExec *x, const Region *rg)
{
    size_t r;
    for (r = 0; r <= rg->npoints; r++) {
        free(x->pre[r]);
        free(x->item[r]);
    }
    free(x->pre);
    free(x->item);
    free(x->saved);
    free(x->bsaved);
    buf_free(&x->arrays);
    for (r = 0; r < x->nper; r++) {
        free(x->per[r].type);
        free(x->per[r].name);
    }
    free(x->per);
    buf_free(&x->decl);
    buf_free(&x->loops);
    free(x->views);
}

/* --checked: the private variables' per-work-item arrays start to live */
static void check_region_privates(Buf *b, const RegionExec *x)
{
    size_t k;

    for (k = 0; k < x->nper; k++)
        if (x->per[k].var)
            buf_printf(b, "    spv2c_ck_private_(%s, nmax * sizeof *%s, \"%s\", 0);\n"
                          "    spv2c_ck_slots_(%s, sizeof *%s);\n",
                       x->per[k].name, x->per[k].name, x->per[k].name + 2, x->per[k].name,
                       x->per[k].name);
}

/* A kernel with barriers in its own body: a loop over the work-items a
   region (region.c), values live across a barrier in per-work-item arrays
   in the frame arena. The group function: its locals and those arrays,
   then a loop of passes over a switch on the group's current
   point, each case one region's loops over the work-items */
static void region_executor(Emit *e, Buf *out, const Kernel *k, const Func *kf, Region *rg)
{
    const Module *m = e->m;
    const Func *f = rg->f;
    Buf g = { 0 }, *b = &g;
    RegionExec x;
    char *check;
    int state;

    memset(&x, 0, sizeof x);
    x.saved = xcalloc(f->last - f->first + 1, sizeof *x.saved);
    x.bsaved = xcalloc(m->bound, sizeof *x.bsaved);
    x.pre = xcalloc(rg->npoints + 1, sizeof *x.pre);
    x.item = xcalloc(rg->npoints + 1, sizeof *x.item);
    e->reads = 0;
    e->bi_read = 0;
    region_names(e, &x, rg, kf);
    region_collectives(e, &x, rg);
    if (e->o->checked)
        x.views = check_views(m, f);
    /* the loops first: the work-item state is set up only for loops that
       read it (calls, async copies, checks); gcc keeps a dead clear */
    lower_views(e->L, x.views);
    region_switches(e, &x, rg);
    lower_views(e->L, NULL);
    /* the loops read the work-item state for calls (which take it) and for
       the checks; builtins they read from the locals bi_, the local linear
       id is the loop's index */
    state = e->o->checked || rg->calls;
    buf_printf(b, "    size_t l0, l1, l2, n0, n1, n2, i, ib_, n, c0_%s%s;\n",
               e->reads & READS_J ? ", j_" : "", e->reads & READS_RANGE ? ", rlo_, rhi_" : "");
    group_bases(e, b);
    buf_put(b, "    size_t nmax = nd->lsz[0] * nd->lsz[1] * nd->lsz[2];\n"
               "    unsigned char *fp_ = spv2c_frames_base_();\n"
               "    spv2c_frames_at_ = fp_;   /* private memory (exec.h) */\n"
               "    spv2c_frames_end_ = fp_ + SPV2C_FRAME_LEN_;\n");
    region_locals(e, b, &x, rg, state);
    local_params(e, b, kf);
    region_arrays(b, &x);
    region_builtins(e, b, k, state);
    if (e->o->checked)
        check_region_privates(b, &x);
    buf_printf(b, "    for (;;) {\n%s        lo_ = INT_MAX;\n        hi_ = -1;\n",
               e->o->checked ? "        spv2c_ck_barrier_();\n" : "");
    buf_put(b, ""
               "        if (uni_) switch (rp_) {\n");
    buf_put(b, x.loops.s);
    region_next_point(e, b);
    e->wi_pre = "wi.";
    check = region_mem_check(&x);
    group_funcs(e, out, k, kf, &g);
    group_loop(e, out, k, kf, check);
    free(check);
    region_names_restore(e, &x, rg);
    region_exec_free(&x, rg);
}

/* --checked: the launch's objects (runtime/check.h): the buffer and
   __local arguments with the sizes the launch gave, the module's
   program-scope and kernel-scope __local variables */
static void check_objects(Emit *e, Buf *b, const Kernel *k, const Func *f)
{
    static const char *kinds[] = { "SPV2C_CK_GLOBAL_", "SPV2C_CK_CONSTANT_", "SPV2C_CK_LOCAL_" };
    const Module *m = e->m;
    size_t i;
    unsigned p;

    buf_put(b, "    spv2c_ck_launch_();\n");
    for (p = 0; p < f->nparams; p++) {
        int kind = arg_kind(m, f->params[p]);
        const char *nm = m->ids[f->params[p]].name ? m->ids[f->params[p]].name : "";
        if (kind == ARG_GLOBAL || kind == ARG_CONSTANT)   /* NoWrite: no race shadow */
            buf_printf(b, "    spv2c_ck_obj_(ptrs[%u], sizes[%u], %s%s, %u, ", p, p, kinds[kind],
                       m->ids[f->params[p]].nowrite ? " | SPV2C_CK_RO_" : "", p);
        else if (kind == ARG_LOCAL)
            buf_printf(b, "    spv2c_ck_obj_(spv2c_local_base_() + a%u, sizes[%u], %s, %u, ", p,
                       p, kinds[kind], p);
        else
            continue;
        c_string(b, nm);
        buf_put(b, ");\n");
    }
    for (i = 0; i < m->first_func_inst && i < m->ninsts; i++) {
        const Inst *in = &m->insts[i];
        const Id *d = in->result < m->bound ? &m->ids[in->result] : NULL;
        const char *c;
        uint32_t sc;
        if (in->op != SpvOpVariable || !d || d->builtin >= 0 || !d->uses ||
            !(c = e->nm.v[in->result].c))
            continue;
        sc = m->words[in->word + 3];
        /* another kernel's __local variable: it may share this one's bytes */
        if (sc == SpvStorageClassWorkgroup && !local_var_used(e, in->result, k - m->kernels))
            continue;
        buf_printf(b, "    spv2c_ck_obj_(%s, sizeof *%s, %s, -1, ", c, c,
                   kinds[sc == SpvStorageClassWorkgroup ? 2 : sc == SpvStorageClassUniformConstant]);
        c_string(b, d->name ? d->name : "");
        buf_put(b, ");\n");
    }
}

void emit_executor(Emit *e, const Kernel *k, Region *rg)
{
    const Module *m = e->m;
    const Func *f = find_func(m, k->func);
    Buf *b = &e->funcs;
    unsigned i;
    int reads_ptrs = 0, reads_sizes = 0;

    if (rg)
        region_executor(e, b, k, f, rg);
    else if (resumable(m, k->func))
        resumable_executor(e, b, k, f);
    else
        plain_executor(e, b, k, f);

    /* the untyped launcher: void pointers and sizes, as the API hands them */
    buf_printf(b, "static int launch_%s(const spv2c_nd_ *nd, void *const *ptrs, "
                  "const size_t *sizes)\n{\n", kernel_stem(m, k));
    if (e->o->checked)
        buf_put(b, "    int r_;\n");
    if (e->wg_need[k - m->kernels])   /* __local arguments come after its __local variables */
        buf_printf(b, "    spv2c_local_used_ = %zu;\n", e->wg_need[k - m->kernels]);
    for (i = 0; i < f->nparams; i++) {
        uint32_t p = f->params[i];
        const Type *t = type_of(m, p);
        switch (arg_kind(m, p)) {
        case ARG_LOCAL:
            reads_sizes = 1;
            buf_printf(b, "    size_t a%u = spv2c_local_alloc_(sizes[%u]);\n", i, i);
            buf_printf(b, "    if (a%u == (size_t)-1)\n        return SPV2C_E_LOCAL_MEM_;\n", i);
            break;
        case ARG_VALUE:
            reads_ptrs = 1;
            if (t->kind == T_POINTER) {
                /* by-value struct: the host's bytes may be less aligned
                   than its C type (a vector member), so they are copied
                   here and the kernel gets the copy's address */
                const char *sc = T(m, t->elem)->c;
                buf_printf(b, "    %s a%u_v;\n    %s a%u = &a%u_v;\n"
                              "    memcpy(&a%u_v, ptrs[%u], sizeof a%u_v);\n",
                           sc, i, t->c, i, i, i, i, i);
            } else {
                buf_printf(b, "    %s a%u;\n    memcpy(&a%u, ptrs[%u], sizeof a%u);\n", t->c, i,
                           i, i, i);
            }
            if (t->kind == T_IMAGE)   /* a format runtime/image.h holds */
                buf_printf(b, "    if (!spv2c_img_ok_(&a%u))\n        return SPV2C_E_IMAGE_;\n",
                           i);
            break;
        default:
            reads_ptrs = 1;
            reads_sizes |= e->o->checked;   /* check_objects */
            buf_printf(b, "    %s a%u = (%s)ptrs[%u];\n", t->c, i, t->c, i);
            break;
        }
    }
    if (!reads_ptrs)
        buf_put(b, "    (void)ptrs;\n");
    if (!reads_sizes)
        buf_put(b, "    (void)sizes;\n");
    if (e->o->checked)
        check_objects(e, b, k, f);
    buf_printf(b, "    %s run_%s(nd", e->o->checked ? "r_ =" : "return", kernel_stem(m, k));
    for (i = 0; i < f->nparams; i++) {
        char a[16];
        snprintf(a, sizeof a, "a%u", i);
        buf_wrap(b, ", ", a, "        ");
    }
    buf_put(b, ");\n");
    if (e->o->checked)
        buf_put(b, "    if (!r_)\n        spv2c_ck_done_();\n    return r_;\n");
    end_function(e, b);
}




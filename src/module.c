/*
 * module: the module writer, the top of the back end.
 *
 * It writes the generated C file in its order: the runtime parts the
 * templates asked for, the public API's types, the module's types,
 * constants as C expressions (exact hex floats), globals (initialisers as
 * byte images in a union with the variable's type, so every bit, NaN
 * payloads too, is what the module says), the functions (each written by
 * body.c), the per-work-item frames, the executors and the API (kernel.c),
 * and main.
 *
 * Functions are generated into a buffer first: templates mark the runtime
 * parts they need while they run, and those parts go at the top. Calls go
 * downwards only: kernel.c, region.c, body.c, lower.c, analyse.c.
 */
#include <ctype.h>
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

/* ---- constants ---- */

/* whether composite constant `in` has as many constituents as its type t
   has members or elements: SPIRV-Tools accepts an array constant of the
   wrong length when the length is a 64-bit constant */
static int composite_len_ok(const Inst *in, const Type *t)
{
    return in->nopnds == (t->kind == T_STRUCT ? t->nmembers : t->n);
}

static void name_constant(Emit *e, const Inst *in)
{
    const Module *m = e->m;
    const Type *t = T(m, in->type);
    Name *dn = &e->nm.v[in->result];
    unsigned k;
    Buf b = { 0 };

    switch (op_constant_kind(in->op)) {
    case CST_TRUE:
        id_set_c(dn, xstrdup("1"));
        break;
    case CST_FALSE:
        id_set_c(dn, xstrdup("0"));
        break;
    case CST_SCALAR:
        id_set_c(dn, scalar_lit(t, lit_words(m, in, 0)));
        break;
    case CST_ZERO:
        id_set_c(dn, zero_expr(t));
        break;
    case CST_COMPOSITE:
        if (!composite_len_ok(in, t)) {
            diag_error(m, in->word, "invalid module: a composite constant of %u constituents "
                       "for a type of %u", in->nopnds, t->kind == T_STRUCT ? t->nmembers : t->n);
            id_set_c(dn, zero_expr(t));
            e->ok = 0;
            break;
        }
        buf_printf(&b, "((%s){ ", t->c);
        buf_put(&b, t->kind == T_VECTOR ? ".s = { " : t->kind == T_ARRAY ? ".a = { " : "");
        for (k = 0; k < in->nopnds; k++) {
            if (t->kind == T_STRUCT)
                buf_printf(&b, "%s.m%u = ", k ? ", " : "", k);
            else if (k)
                buf_put(&b, ", ");
            buf_put(&b, c_name(&e->nm, opnd_id(m, in, k)));
        }
        buf_put(&b, t->kind == T_STRUCT ? " })" : " } })");
        id_set_c(dn, b.s);
        break;
    default:
        diag_error(m, in->word, "unsupported: constant instruction %s", read_opname(in->op));
        id_set_c(dn, zero_expr(t));
        e->ok = 0;
        break;
    }
}

/* the bytes of a constant in OpenCL layout, for global initialisers */
static int const_bytes(Emit *e, uint32_t id, unsigned char *out)
{
    const Module *m = e->m;
    const Inst *in = def_of(m, id);
    const Type *t = in ? T(m, in->type) : NULL;
    unsigned k;
    uint64_t v;

    if (!in || !t)
        return -1;
    switch (op_constant_kind(in->op)) {
    case CST_TRUE:
    case CST_FALSE: {
        int b = op_constant_kind(in->op) == CST_TRUE;
        memcpy(out, &b, sizeof b);
        return 0;
    }
    case CST_SCALAR:
        v = lit_words(m, in, 0);
        for (k = 0; k < t->size; k++)   /* little-endian in memory */
            out[k] = (unsigned char)(v >> (8 * k));
        return 0;
    case CST_ZERO:
        memset(out, 0, t->size);
        return 0;
    case CST_COMPOSITE:
        if (!composite_len_ok(in, t))
            return -1;   /* name_constant reported it */
        for (k = 0; k < in->nopnds; k++) {
            size_t off;
            if (t->kind == T_STRUCT)
                off = t->offsets[k];
            else
                off = (size_t)k * T(m, t->elem)->size;
            if (const_bytes(e, opnd_id(m, in, k), out + off))
                return -1;
        }
        return 0;
    default:
        diag_error(m, in->word, "unsupported: %s in a global initialiser", read_opname(in->op));
        return -1;
    }
}

static int host_little_endian(void)
{
    unsigned x = 1;
    return *(unsigned char *)&x == 1;
}

/* ---- types ---- */

/* one type definition, after the types it holds by value */
static void emit_type(Emit *e, const Type *t)
{
    const Module *m = e->m;
    const Type *el;
    unsigned k;
    size_t off = 0;

    if (!t || e->type_done[t->id])
        return;
    e->type_done[t->id] = 1;
    switch (t->kind) {
    case T_VECTOR:   /* aligned as in OpenCL (runtime/base.h, SPV2C_ALIGN_) */
        el = T(m, t->elem);
        if (el->kind == T_BOOL)   /* never in memory */
            buf_printf(&e->types, "typedef struct { %s s[%u]; } %s;\n", el->c,
                       t->n == 3 ? 4 : t->n, t->c);
        else
            buf_printf(&e->types, "typedef struct { SPV2C_ALIGN_(%u) %s s[%u]; } %s;\n",
                       (unsigned)t->align, el->c, t->n == 3 ? 4 : t->n, t->c);
        break;
    case T_ARRAY:
        emit_type(e, T(m, t->elem));
        buf_printf(&e->types, "typedef struct { %s a[%u]; } %s;\n", T(m, t->elem)->c, t->n, t->c);
        break;
    case T_STRUCT:
        for (k = 0; k < t->nmembers; k++)
            emit_type(e, T(m, t->members[k]));
        buf_printf(&e->types, "struct %s {", t->c);
        for (k = 0; k < t->nmembers; k++) {
            el = T(m, t->members[k]);
            if (t->offsets[k] > off)
                buf_printf(&e->types, " unsigned char pad%u[%u];", k,
                           (unsigned)(t->offsets[k] - off));
            buf_printf(&e->types, " %s m%u;", el->c, k);
            off = t->offsets[k] + el->size;
        }
        if (t->size > off)
            buf_printf(&e->types, " unsigned char padE[%u];", (unsigned)(t->size - off));
        if (!t->nmembers)
            buf_put(&e->types, " unsigned char empty_;");
        buf_put(&e->types, " };\n");
        if (!t->packed)
            buf_printf(&e->types, "typedef char %s_layout[sizeof(%s) == %u ? 1 : -1];\n", t->c,
                       t->c, (unsigned)t->size);
        break;
    default:
        break;
    }
}

static void emit_types(Emit *e)
{
    const Module *m = e->m;
    uint32_t id;

    for (id = 1; id < m->bound; id++) {
        const Type *t = m->ids[id].type;
        if (t && t->kind == T_STRUCT)
            buf_printf(&e->types, "typedef struct %s %s;\n", t->c, t->c);
    }
    for (id = 1; id < m->bound; id++)
        emit_type(e, m->ids[id].type);
}

/* ---- globals ---- */

/* OpSpecConstantOp: the address arithmetic clang emits for initialisers
   such as `global int *p = &table[2];`, as C address constants */
static void spec_constant_op(Emit *e, const Inst *in)
{
    const Module *m = e->m;
    const Type *t = T(m, in->type);
    uint32_t op = (uint32_t)lit_words(m, in, 0);
    const char *x = in->nopnds > 1 ? c_name(&e->nm, opnd_id(m, in, 1)) : "0";

    if (op == SpvOpBitcast && t->kind == T_POINTER) {
        id_set_c(&e->nm.v[in->result], xsprintf("((%s)(void *)%s)", t->c, x));
        return;
    }
    if (op == SpvOpPtrAccessChain || op == SpvOpInBoundsPtrAccessChain ||
        op == SpvOpAccessChain || op == SpvOpInBoundsAccessChain) {
        /* every index a constant: &(base)[e].m1.a[2]... is an address constant */
        const Type *pt = type_of(m, opnd_id(m, in, 1)), *cur = pt ? T(m, pt->elem) : NULL;
        unsigned k, first = 2;
        Buf b = { 0 };
        int ptr_form = op == SpvOpPtrAccessChain || op == SpvOpInBoundsPtrAccessChain;
        buf_printf(&b, "(&(%s)", x);
        for (k = first; k < in->nopnds && cur; k++) {
            const Inst *ci = def_of(m, opnd_id(m, in, k));
            const Type *it = ci ? T(m, ci->type) : NULL;
            int64_t v;
            if (!ci || ci->op != SpvOpConstant || !it || it->kind != T_INT)
                break;
            v = (int64_t)lit_words(m, ci, 0);
            if (it->width == 32)
                v = (int32_t)(uint32_t)v;
            if (k == first && ptr_form)
                buf_printf(&b, "[%lld]", (long long)v);
            else if (k == first)
                buf_printf(&b, "[0]%s", "");
            if (k == first && !ptr_form)
                k--, first = 0;   /* the first index walks into the pointee */
            else if (k == first)
                continue;
            if (cur->kind == T_STRUCT && v >= 0 && (unsigned)v < cur->nmembers) {
                buf_printf(&b, ".m%lld", (long long)v);
                cur = T(m, cur->members[v]);
            } else if (cur->kind == T_ARRAY || cur->kind == T_VECTOR) {
                buf_printf(&b, cur->kind == T_ARRAY ? ".a[%lld]" : ".s[%lld]", (long long)v);
                cur = T(m, cur->elem);
            } else {
                break;
            }
        }
        if (k == in->nopnds) {
            buf_put(&b, ")");
            id_set_c(&e->nm.v[in->result], b.s);
            return;
        }
        buf_free(&b);
    }
    diag_error(m, in->word, "unsupported: OpSpecConstantOp %s", read_opname(op));
    id_set_c(&e->nm.v[in->result], zero_expr(t));
    e->ok = 0;
}

/* a global's initialiser as its bytes in a union with its type */
static void global_bytes(Emit *e, const Inst *in, const Type *t)
{
    const Module *m = e->m;
    unsigned char *bytes;
    size_t k;

    if (t->size > ((size_t)64 << 20)) {
        diag_error(m, in->word, "unsupported: an initialised global of %zu bytes (the limit "
                   "is 64 MiB of initialiser)", t->size);
        e->ok = 0;
        return;
    }
    bytes = xcalloc(t->size + 1, 1);
    if (const_bytes(e, m->words[in->word + 4], bytes) == 0) {
        buf_put(&e->globals, " = {{");
        for (k = 0; k < t->size; k++)
            buf_printf(&e->globals, "%s%u", k ? (k % 24 ? "," : ",\n    ") : "", bytes[k]);
        buf_put(&e->globals, "}}");
    } else {
        e->ok = 0;
    }
    free(bytes);
}

/* Marks in uses[k] each kernel whose call graph holds function fi
   (from kernel k's function: reach[fi * nk + k]) */
static void reach_funcs(const Module *m, size_t fi, size_t k, unsigned char *reach)
{
    size_t i, nk = m->nkernels;

    if (reach[fi * nk + k])
        return;
    reach[fi * nk + k] = 1;
    for (i = m->funcs[fi].first; i <= m->funcs[fi].last; i++)
        if (m->insts[i].op == SpvOpFunctionCall) {
            uint32_t callee = opnd_id(m, &m->insts[i], 0);
            if (callee < m->bound && m->ids[callee].func1)
                reach_funcs(m, m->ids[callee].func1 - 1, k, reach);
        }
}

static int wg_var(const Module *m, uint32_t id)
{
    const Inst *in;
    if (id >= m->bound || m->ids[id].inst < 0)
        return 0;
    in = &m->insts[m->ids[id].inst];
    return in->op == SpvOpVariable && (size_t)m->ids[id].inst < m->first_func_inst &&
           m->words[in->word + 3] == SpvStorageClassWorkgroup;
}

/* The kernel-scope __local variables' places in the __local arena.
   Kernels never run at the same time, so two variables that no kernel
   both uses (its function or one it calls names them) may share bytes:
   each variable goes, 128-aligned, after the variables placed so far of
   every kernel that uses it (in module order; linear in variables times
   kernels), and a kernel needs only the end of its own (e->wg_need; its
   __local arguments come after them). They once all came one after the other: a module of many
   kernels needed their sum where each kernel alone fits
   (tests/run/wg_local_two_kernels.cl). A variable no kernel uses counts
   as every kernel's. */
static void local_layout(Emit *e)
{
    const Module *m = e->m;
    size_t nk = m->nkernels, i, j, k, fi, nv = 0;
    unsigned char *reach = xcalloc(m->nfuncs * nk + 1, 1), *uses;
    uint32_t *vars = xcalloc(m->bound + 1, sizeof *vars), *vix;

    e->wg_off = xcalloc(m->bound + 1, sizeof *e->wg_off);
    e->wg_need = xcalloc(nk + 1, sizeof *e->wg_need);
    vix = xcalloc(m->bound + 1, sizeof *vix);   /* per id: 1 + its index in vars */
    for (i = 0; i < m->first_func_inst && i < m->ninsts; i++)
        if (m->insts[i].op == SpvOpVariable && wg_var(m, m->insts[i].result) &&
            m->ids[m->insts[i].result].uses) {
            vix[m->insts[i].result] = (uint32_t)nv + 1;
            vars[nv++] = m->insts[i].result;
        }
    uses = xcalloc(nv * nk + 1, 1);
    for (k = 0; k < nk; k++) {
        const Func *f = find_func(m, m->kernels[k].func);
        if (f)
            reach_funcs(m, (size_t)(f - m->funcs), k, reach);
    }
    for (fi = 0; fi < m->nfuncs; fi++)
        for (i = m->funcs[fi].first; i <= m->funcs[fi].last; i++) {
            const Inst *in = &m->insts[i];
            for (j = 0; j < in->nopnds; j++) {
                uint32_t id;
                if (m->opnds[in->opnd0 + j].kind != OPND_ID)
                    continue;
                id = opnd_id(m, in, (unsigned)j);
                if (id < m->bound && vix[id])
                    for (k = 0; k < nk; k++)
                        uses[(vix[id] - 1) * nk + k] |= reach[fi * nk + k];
            }
        }
    for (i = 0; i < nv; i++) {
        const Type *t = T(m, T(m, m->insts[m->ids[vars[i]].inst].type)->elem);
        size_t off = 0, end;
        int none = 1;
        for (k = 0; k < nk; k++)
            none &= !uses[i * nk + k];
        if (none)   /* named only where no kernel reaches */
            memset(uses + i * nk, 1, nk);
        for (k = 0; k < nk; k++)   /* past the variables of its kernels */
            if (uses[i * nk + k] && e->wg_need[k] > off)
                off = e->wg_need[k];
        off = (off + 127) / 128 * 128;
        end = off + (t->size ? t->size : 1);
        e->wg_off[vars[i]] = off;
        for (k = 0; k < nk; k++)
            if (uses[i * nk + k])
                e->wg_need[k] = end;
        if (end > e->wg_bytes)
            e->wg_bytes = end;
    }
    free(reach);
    free(vars);
    e->wg_uses = uses;
    e->wg_vix = vix;
}

/* a module-scope variable: __global and __constant ones static, with their
   initialiser; __local ones a fixed place in the local arena. The platform
   (platform/cl30.c) sums the sizes of the non-const `static union {
   unsigned char b[` and `static struct { ` lines' g_ID: keep their shape */
static void emit_global(Emit *e, const Inst *in)
{
    const Module *m = e->m;
    const Type *pt = T(m, in->type), *t = T(m, pt->elem);
    uint32_t sc = m->words[in->word + 3];
    const char *cq;

    if (sc != SpvStorageClassCrossWorkgroup && sc != SpvStorageClassUniformConstant &&
        sc != SpvStorageClassWorkgroup) {
        diag_error(m, in->word, "unsupported: global variable in storage class %s",
                   storage_class_name(sc));
        e->ok = 0;
        return;
    }
    if (sc == SpvStorageClassWorkgroup) {
        /* a fixed place in the local arena (one a thread when threaded) */
        id_set_c(&e->nm.v[in->result], xsprintf("((%s)(void *)(spv2c_local_base_() + %zu))",
                                                pt->c, e->wg_off[in->result]));
        return;
    }
    cq = sc == SpvStorageClassUniformConstant ? "const " : "";
    if (t->kind == T_POINTER) {
        /* a pointer: its initialiser is an address constant, not bytes */
        buf_printf(&e->globals, "static %sstruct { %s v; } g_%u", cq, t->c, in->result);
        if (in->nwords > 4)
            buf_printf(&e->globals, " = { %s }", c_name(&e->nm, m->words[in->word + 4]));
        buf_put(&e->globals, ";\n");
        id_set_c(&e->nm.v[in->result], xsprintf("((%s)&g_%u.v)", pt->c, in->result));
        return;
    }
    buf_printf(&e->globals, "static %sunion { unsigned char b[%u]; %s v; } g_%u",
               cq, (unsigned)(t->size ? t->size : 1), t->c, in->result);
    if (in->nwords > 4)
        global_bytes(e, in, t);
    buf_put(&e->globals, ";\n");
    id_set_c(&e->nm.v[in->result], xsprintf("((%s)&g_%u.v)", pt->c, in->result));
}

/* The __local arena's size is the C compiler's to choose
   (-DSPV2C_LOCAL_MEM_SIZE, runtime/exec.h, default 65536): the kernel-scope
   __local variables' need is said at translate time when over the default,
   and the C stops with the same words when the arena is too small (it was
   a negative array size). */
static void local_arena_check(Emit *e)
{
    if (e->wg_bytes > 65536 && e->o->warnings > 0)   /* -Werror */
        diag_plain("the kernel-scope __local variables need %zu bytes, more than the default "
                   "__local arena (65536 bytes): compile the C with -DSPV2C_LOCAL_MEM_SIZE=%zu "
                   "(or more) [-Werror]", e->wg_bytes, e->wg_bytes);
    else if (e->wg_bytes > 65536 && e->o->warnings == 0)   /* not -w */
        fprintf(stderr, "%s: warning: the kernel-scope __local variables need %zu bytes, more "
                "than the default __local arena (65536 bytes): compile the C with "
                "-DSPV2C_LOCAL_MEM_SIZE=%zu (or more)\n", e->o->input, e->wg_bytes, e->wg_bytes);
    buf_printf(&e->globals, "/* kernel-scope __local variables: the arena's first %zu bytes */\n"
               "#if !defined(SPV2C_WORKSPACE) && SPV2C_LOCAL_MEM_SIZE < %zu\n"
               "#error \"spv2c: the kernel-scope __local variables need %zu bytes: compile with "
               "-DSPV2C_LOCAL_MEM_SIZE=%zu (or more)\"\n#endif\n",
               e->wg_bytes, e->wg_bytes, e->wg_bytes, e->wg_bytes);
}

/* constants and module-scope variables, in module order */
static void emit_globals(Emit *e)
{
    const Module *m = e->m;
    size_t i;

    local_layout(e);
    for (i = 0; i < m->first_func_inst && i < m->ninsts; i++) {
        const Inst *in = &m->insts[i];
        if (in->op >= SpvOpConstantTrue && in->op <= SpvOpSpecConstantOp && in->op != SpvOpConstantSampler) {
            if (in->op == SpvOpSpecConstantOp) {
                spec_constant_op(e, in);
            } else {
                name_constant(e, in);
            }
        } else if (in->op == SpvOpUndef) {
            name_constant(e, in);
        } else if (in->op == SpvOpConstantSampler) {   /* as OpenCL C's sampler_t bits */
            const uint32_t *w = m->words + in->word;
            id_set_c(&e->nm.v[in->result], xsprintf("0x%xu", w[3] * 2 | (w[4] != 0) |
                                                             (w[5] ? 0x20u : 0x10u)));
        } else if (in->op == SpvOpVariable && m->ids[in->result].builtin < 0 &&
                   m->ids[in->result].uses) {
            emit_global(e, in);
        }
    }
    /* per-group state: one copy a thread under the threaded executor */
    if (any_resumable(m))
        buf_put(&e->globals, "#if defined(SPV2C_WORKSPACE)\n"
                             "/* the frames' part of the caller's workspace (runtime/exec.h) */\n"
                             "SPV2C_INLINE unsigned char *spv2c_frames_base_(void)\n"
                             "{\n    return spv2c_ws_frames_;\n}\n"
                             "#elif defined(_OPENMP) && defined(SPV2C_THREADS)\n"
                             "#pragma omp threadprivate(spv2c_frames_)\n"
                             "/* the base from a call, as spv2c_local_base_ (runtime/exec.h) */\n"
                             "SPV2C_NOINLINE static unsigned char *spv2c_frames_base_(void)\n"
                             "{\n    return spv2c_frames_.b;\n}\n#else\n"
                             "SPV2C_INLINE unsigned char *spv2c_frames_base_(void)\n"
                             "{\n    return spv2c_frames_.b;\n}\n#endif\n");
    if (e->wg_bytes)
        local_arena_check(e);
    if (!host_little_endian())
        diag_plain("spv2c must run on a little-endian host to lay out initialisers");
}

/* ---- functions ---- */

/* frames in callee-first order: callers hold their callees' frames */
static void put_frame(Emit *e, Buf *out, size_t fi, char *done)
{
    const Module *m = e->m;
    const Func *f = &m->funcs[fi], *g;
    size_t i;

    if (done[fi] || !e->frames[fi])
        return;
    done[fi] = 1;
    for (i = f->first; i <= f->last; i++)
        if (m->insts[i].op == SpvOpFunctionCall &&
            (g = find_func(m, m->words[m->insts[i].word + 3])))
            put_frame(e, out, (size_t)(g - m->funcs), done);
    buf_put(out, e->frames[fi]);
}

static void put_part(Emit *e, Buf *out, const char *part)
{
    const char *text = lower_runtime(e->L, part);
    if (text)
        buf_put(out, text);
    buf_put(out, "\n");
}

static size_t count_lines(const char *s, size_t n)
{
    size_t i, k = 0;
    for (i = 0; i < n; i++)
        k += s[i] == '\n';
    return k;
}

/* a `#line N "FILE"` line, after any indentation: its start, else NULL */
static const char *line_directive(const char *s, const char *end)
{
    while (s < end && *s == ' ')
        s++;
    return end - s > 6 && !strncmp(s, "#line ", 6) ? s : NULL;
}

/* The functions' text onto out: body.c put a `#line` before each
   instruction's text; keep only those that move the presumed position
   (a peephole over the directives body.c wrote, which decides nothing
   else), and after each function whose text a directive mapped (the
   writers recorded where functions end: e->fn_end) map the lines that
   follow back to the output file */
static void put_funcs(Emit *e, Buf *out, const char *name)
{
    const char *text = e->funcs.s ? e->funcs.s : "";
    size_t end = 0;            /* the next function end in e->fn_end */
    const char *file = NULL;   /* the mapped file's quoted name, up to its newline */
    size_t flen = 0;
    unsigned long next = 0;    /* the line the next text line is mapped to */
    unsigned long line = (unsigned long)count_lines(out->s, out->len);  /* out's lines */
    const char *p = text, *nl, *d;

    while (*p) {
        nl = strchr(p, '\n');
        nl = nl ? nl + 1 : p + strlen(p);
        if ((d = line_directive(p, nl)) != NULL) {
            char *q;
            unsigned long l = strtoul(d + 6, &q, 10);
            if (!file || l != next || (size_t)(nl - q) != flen || strncmp(q, file, flen)) {
                buf_putn(out, p, (size_t)(nl - p));
                line++;
                file = q;
                flen = (size_t)(nl - q);
                next = l;
            }
        } else {
            buf_putn(out, p, (size_t)(nl - p));
            line++;
            next++;
            while (end < e->nfn_end && e->fn_end[end] < (size_t)(nl - text))
                end++;
            if (end < e->nfn_end && e->fn_end[end] == (size_t)(nl - text) && file) {
                buf_printf(out, "#line %lu ", line + 2);
                c_string(out, name);
                buf_put(out, "\n");
                line++;
                file = NULL;
            }
        }
        p = nl;
    }
}

/* the functions with barriers that function id reaches (itself included) */
static void mark_per_item(const Module *m, uint32_t id, char *per_item)
{
    const Func *f = find_func(m, id);
    size_t fi = f ? (size_t)(f - m->funcs) : m->nfuncs, i;
    if (fi == m->nfuncs || per_item[fi] || !resumable(m, id))
        return;
    per_item[fi] = 1;
    for (i = m->funcs[fi].first; i <= m->funcs[fi].last; i++)
        if (m->insts[i].op == SpvOpFunctionCall)
            mark_per_item(m, opnd_id(m, &m->insts[i], 0), per_item);
}

static const char *base_name(const char *p)
{
    const char *s = strrchr(p, '/');
    return s ? s + 1 : p;
}

/* A barrier-free kernel's function, and the function its entry stub calls
   with the same parameters: inlined into the executor's work-item loops
   (SPV2C_ITEM_INLINE_), which a compiler cannot vectorise around a call */
static void mark_item_inline(Emit *e, uint32_t id)
{
    const Module *m = e->m;
    const Func *f = find_func(m, id), *g;
    int depth;

    for (depth = 0; f && depth < 4; depth++, f = g) {
        e->fn_inline[f - m->funcs] = 1;
        g = stub_target(m, f);
    }
}

/* is a kernel's function run by the plain executor (hoist.c's kernels) */
static int plain_kernel(const Module *m, uint32_t func)
{
    return !resumable(m, func);
}

/* which kernels run as work-item loops (region.c); the per-work-item form
   of a function with barriers is needed only by the other kernels */
static Region *plan_kernels(Emit *e)
{
    const Module *m = e->m;
    Region *regions = xcalloc(m->nkernels + 1, sizeof *regions);
    char *per_item = xcalloc(m->nfuncs + 1, 1);
    size_t i, k;

    for (k = 0; k < m->nkernels; k++) {
        if (resumable(m, m->kernels[k].func) && !region_plan(e, &m->kernels[k], &regions[k]))
            mark_per_item(m, m->kernels[k].func, per_item);
        if (!resumable(m, m->kernels[k].func))
            mark_item_inline(e, m->kernels[k].func);
        if (e->o->dump_regions)
            region_dump(e, &m->kernels[k], &regions[k], stderr);
    }
    for (i = 0; i < m->nfuncs; i++)
        e->fn_out[i] = m->funcs[i].reachable && (!resumable(m, m->funcs[i].id) || per_item[i]);
    free(per_item);
    return regions;
}

/* the functions: their names, prototypes and bodies */
static void emit_functions(Emit *e)
{
    const Module *m = e->m;
    size_t i;

    for (i = 0; i < m->nfuncs; i++)
        if (e->fn_out[i]) {
            emit_name_fields(e, &m->funcs[i]);
            if (resumable(m, m->funcs[i].id))
                buf_printf(&e->types, "typedef struct fr_%s fr_%s;\n", c_name(&e->nm, m->funcs[i].id),
                           c_name(&e->nm, m->funcs[i].id));
        }
    for (i = 0; i < m->nfuncs; i++)
        if (e->fn_out[i]) {
            emit_signature(e, &e->funcs, &m->funcs[i]);
            buf_put(&e->funcs, ";\n");
        }
    buf_put(&e->funcs, "\n");
    for (i = 0; i < m->nfuncs; i++)
        if (e->fn_out[i])
            emit_function(e, &m->funcs[i], i);
}

/* the resumable functions' frames, and the arena that holds a group's */
static void emit_frames(Emit *e)
{
    const Module *m = e->m;
    char *done = xcalloc(m->nfuncs + 1, 1);
    size_t i;

    if (any_resumable(m))
        buf_put(&e->types, "\n/* per-work-item frames of the functions that wait at barriers */\n");
    for (i = 0; i < m->nfuncs; i++)
        put_frame(e, &e->types, i, done);
    for (i = 0; i < m->nfuncs; i++)
        free(e->frames[i]);
    free(done);
    free(e->frames);
    e->frames = NULL;
    if (any_resumable(m))
        buf_put(&e->types, "\n#ifndef SPV2C_FRAME_MEM\n#define SPV2C_FRAME_MEM (1u << 22)\n#endif\n"
                           "#ifndef SPV2C_WORKSPACE\n"
                           "/* the frames and work-item states of one work-group */\n"
                           "static union { SPV2C_ALIGN_(SPV2C_MAX_ALIGN_) unsigned char "
                           "b[SPV2C_FRAME_MEM];\n    long double ld; uint64_t u; void *p; } "
                           "spv2c_frames_ SPV2C_ARENA_ATTR;\n#endif\n");
}

/* a section of the C file under its heading, when it has anything */
static void put_section(Buf *all, const char *heading, const char *text)
{
    if (text && *text)
        buf_printf(all, "\n/* ---- %s ---- */\n%s", heading, text);
}

/* --checked: a module with this many loads and stores gets the checks'
   common case called rather than inlined at each access (runtime/check.h,
   SPV2C_CHECK_CALLS): gcc's time and memory on thousands of inlined
   copies grow faster than the file (minutes and gigabytes at clang -O0) */
#define CHECK_INLINE_MAX 1000

static int checks_called(const Module *m)
{
    size_t i, n = 0;
    for (i = m->first_func_inst; i < m->ninsts; i++)
        n += m->insts[i].op == SpvOpLoad || m->insts[i].op == SpvOpStore;
    return n > CHECK_INLINE_MAX;
}

/* The C file, in its order: the public API first (it needs only the
   standard headers), the runtime parts the templates asked for, the
   module's types, globals and functions, the API's definitions, main() */
static void write_file(Emit *e, FILE *out, const char *in)
{
    const Module *m = e->m;
    Buf api = { 0 }, all = { 0 };
    const char *part;
    char *out_name;
    int i;

    buf_printf(&all, "/* Generated by spv2c %s from %s. Do not edit. */\n", SPV2C_VERSION, in);
    buf_printf(&all, "/* SPIR-V %u.%u, %s addressing, %u kernel%s. */\n",
               (m->version >> 16) & 0xff, (m->version >> 8) & 0xff,
               m->addr_bits == 32 ? "Physical32" : "Physical64", (unsigned)m->nkernels,
               m->nkernels == 1 ? "" : "s");
    api_decls(e, &api);
    buf_put(&all, "\n/* ---- the public API ---- */\n#include <stddef.h>\n#include <stdint.h>\n\n");
    buf_put(&all, api.s);
    buf_put(&all, "\n/* ---- the runtime ---- */\n");
    if (e->o->checked && checks_called(m))
        buf_printf(&all, "#define SPV2C_CHECK_CALLS 1   /* over %d loads and stores */\n",
                   CHECK_INLINE_MAX);
    api_runtime_names(e, &all);
    for (i = 0; (part = lower_part_name(i)) != NULL; i++)
        if (strcmp(part, "main") && strcmp(part, "end") && lower_need(e->L, part))
            put_part(e, &all, part);
    put_section(&all, "module types", e->types.s);
    put_section(&all, "module globals", e->globals.s);
    buf_put(&all, "\n/* ---- functions ---- */\n");
    out_name = map_path(e->o, strcmp(e->o->output, "-") ? e->o->output : "<stdout>");
    put_funcs(e, &all, out_name);
    free(out_name);
    buf_free(&api);
    api_defs(e, &api);
    buf_put(&all, api.s);
    buf_free(&api);
    if (e->o->with_main) {
        put_part(e, &all, "main");
        buf_put(&all, "int main(int argc, char **argv)\n{\n    return spv2c_main_(argc, argv);\n}\n");
    }
    buf_put(&all, lower_runtime(e->L, "end"));
    fputs(all.s, out);
    buf_free(&all);
}

/* the --header file: the API's declarations */
static void write_header(Emit *e, FILE *header, const char *in)
{
    Buf h = { 0 };
    char *guard = xsprintf("%sAPI_H", e->PU);
    size_t i;

    for (i = 0; guard[i]; i++)
        if (!isalnum((unsigned char)guard[i]))
            guard[i] = '_';
    api_decls(e, &h);
    fprintf(header, "/* Generated by spv2c %s from %s. Do not edit. */\n", SPV2C_VERSION, in);
    fprintf(header, "#ifndef %s\n#define %s\n\n#include <stddef.h>\n#include <stdint.h>\n\n"
                    "#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n%s\n"
                    "#ifdef __cplusplus\n}\n#endif\n\n#endif\n", guard, guard, h.s);
    free(guard);
    buf_free(&h);
}

/* The writers' names table: the C names analyse.c gave the values, which
   the writers then change (constants, globals, frame fields, a region's
   locals); the module itself stays as analysis left it */
static void names_open(Emit *e)
{
    const Module *m = e->m;
    uint32_t id;

    e->nm.bound = m->bound;
    e->nm.v = xcalloc(m->bound ? m->bound : 1, sizeof *e->nm.v);
    for (id = 0; id < m->bound; id++)
        if (m->ids[id].cname)
            e->nm.v[id].c = xstrdup(m->ids[id].cname);
    lower_names(e->L, &e->nm);
}

static void names_close(Emit *e)
{
    uint32_t id;

    lower_names(e->L, NULL);
    for (id = 0; id < e->nm.bound; id++) {
        Name *n = &e->nm.v[id];
        if (n->field != n->c)   /* the value's name under its frame field */
            free((char *)n->field);
        free(n->c);
    }
    free(e->nm.v);
}

/* The module writer: everything into buffers first (templates mark the
   runtime parts they need as they run), then the file in its order */
int emit(const Module *m, Lower *L, const Options *o, FILE *out, FILE *header)
{
    Emit e;
    size_t i, k;
    const char *in = strcmp(o->input, "-") ? base_name(o->input) : "<stdin>";
    Region *regions;
    unsigned char *hoisted = NULL;
    int ok;

    memset(&e, 0, sizeof e);
    e.m = m;
    e.L = L;
    e.o = o;
    e.P = o->prefix;
    e.ok = 1;
    e.wi_pre = "wi.";
    e.PU = xstrdup(o->prefix);
    for (i = 0; e.PU[i]; i++)
        e.PU[i] = (char)toupper((unsigned char)e.PU[i]);
    names_open(&e);
    e.type_done = xcalloc(m->bound + 1, 1);
    e.fn_out = xcalloc(m->nfuncs + 1, 1);
    e.fn_inline = xcalloc(m->nfuncs + 1, 1);

    emit_types(&e);
    emit_wi(&e);
    emit_globals(&e);
    e.frames = xcalloc(m->nfuncs + 1, sizeof *e.frames);
    regions = plan_kernels(&e);
    if (o->checked) {   /* before the functions: their hoisted accesses' checks */
        hoisted = xcalloc(m->ninsts + 1, 1);
        e.hoist = hoist_plan(&e, hoisted, plain_kernel);
        lower_hoisted(L, hoisted);
    }
    emit_functions(&e);
    emit_frames(&e);
    for (k = 0; k < m->nkernels; k++) {
        emit_executor(&e, &m->kernels[k], regions[k].f ? &regions[k] : NULL);
        region_free(&regions[k]);
    }
    free(regions);
    lower_hoisted(L, NULL);
    free(hoisted);
    if (e.hoist)
        for (k = 0; k < m->nkernels; k++)
            hoist_free(e.hoist[k]);
    free(e.hoist);
    emit_table(&e);
    ok = e.ok && !diag_count();
    if (ok) {
        write_file(&e, out, in);
        if (header)
            write_header(&e, header, in);
    }
    buf_free(&e.types);
    buf_free(&e.globals);
    buf_free(&e.funcs);
    free(e.fn_end);
    names_close(&e);
    free(e.type_done);
    free(e.fn_out);
    free(e.fn_inline);
    free(e.wg_off);
    free(e.wg_need);
    free(e.wg_uses);
    free(e.wg_vix);
    buf_free(&e.frame);
    free(e.PU);
    free(e.line_file_c);
    return ok ? 0 : -1;
}

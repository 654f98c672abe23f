/*
 * analyse: what the emitter needs to know before it writes a line.
 *
 * One pass over the instructions fills the id table (definition, OpName,
 * decorations); types get their OpenCL C layout (natural alignment, vectors
 * aligned to their size, 3-lane vectors as 4) and a C name; functions and
 * kernels are delimited; uses are counted so pure instructions nobody reads
 * are dropped (the C compiler would warn about them); and everything we do
 * not support is reported, all of it, with its word offset.
 */
#include <assert.h>
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <spirv/unified1/OpenCL.std.h>
#include <spirv/unified1/spirv.h>

#include "spv2c.h"

/* a pointer computed from operand 0's pointer into the same object (access
   chains, casts, copies): the steps back to a pointer's base */
int pointer_step(unsigned op)
{
    switch (op) {
    case SpvOpAccessChain:
    case SpvOpInBoundsAccessChain:
    case SpvOpPtrAccessChain:
    case SpvOpInBoundsPtrAccessChain:
    case SpvOpBitcast:
    case SpvOpPtrCastToGeneric:
    case SpvOpGenericCastToPtr:
    case SpvOpCopyObject:
        return 1;
    default:
        return 0;
    }
}

const Inst *def_of(const Module *m, uint32_t id)
{
    if (id == 0 || id >= m->bound || m->ids[id].inst < 0)
        return NULL;
    return &m->insts[m->ids[id].inst];
}

Type *type_of(const Module *m, uint32_t id)
{
    const Inst *in = def_of(m, id);
    if (!in || !in->type)
        return NULL;
    return m->ids[in->type].type;
}

/* The one way a value is declared in C: "    TYPE NAME;" with TYPE the
   type's C name (Type.c, set when the types are built) and NAME formatted
   from fmt (which may add " = INIT"). One declarator a line: a pointer
   type's C name ends in '*', which binds to the first declarator only
   (`float * F_x = 0, R_x = 0;` made R_x a float). */
void c_decl(Buf *b, const Type *t, const char *fmt, ...)
{
    char name[256];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(name, sizeof name, fmt, ap);
    va_end(ap);
    c_decl_name(b, t, name);
}

/* c_decl(b, t, "%s", name) without formatting: one a value of a body */
void c_decl_name(Buf *b, const Type *t, const char *name)
{
    size_t n = strlen(name);
    buf_putn(b, "    ", 4);
    buf_put(b, t->c);
    buf_putn(b, " ", 1);
    buf_putn(b, name, n < 255 ? n : 255);   /* c_decl's bound */
    buf_putn(b, ";\n", 2);
}

/* a value where it is read: its constant when the writer folded it
   (Name.fold), else its C spelling; where it is assigned, Name.c */
const char *c_name(const Names *nm, uint32_t id)
{
    if (id < nm->bound && nm->v[id].fold)
        return nm->v[id].fold;
    return id < nm->bound && nm->v[id].c ? nm->v[id].c : "/*?*/0";
}

const char *storage_class_name(uint32_t sc)
{
    switch (sc) {
    case SpvStorageClassUniformConstant: return "UniformConstant";
    case SpvStorageClassInput: return "Input";
    case SpvStorageClassWorkgroup: return "Workgroup";
    case SpvStorageClassCrossWorkgroup: return "CrossWorkgroup";
    case SpvStorageClassPrivate: return "Private";
    case SpvStorageClassFunction: return "Function";
    case SpvStorageClassGeneric: return "Generic";
    default: return "Other";
    }
}

const char *builtin_name(int32_t b)
{
    switch (b) {
    case SpvBuiltInGlobalInvocationId: return "GlobalInvocationId";
    case SpvBuiltInLocalInvocationId: return "LocalInvocationId";
    case SpvBuiltInWorkgroupId: return "WorkgroupId";
    case SpvBuiltInGlobalSize: return "GlobalSize";
    case SpvBuiltInWorkgroupSize: return "WorkgroupSize";
    case SpvBuiltInEnqueuedWorkgroupSize: return "EnqueuedWorkgroupSize";
    case SpvBuiltInNumWorkgroups: return "NumWorkgroups";
    case SpvBuiltInGlobalOffset: return "GlobalOffset";
    case SpvBuiltInWorkDim: return "WorkDim";
    case SpvBuiltInGlobalLinearId: return "GlobalLinearId";
    case SpvBuiltInLocalInvocationIndex: return "LocalInvocationIndex";
    case SpvBuiltInSubgroupSize: return "SubgroupSize";
    case SpvBuiltInSubgroupMaxSize: return "SubgroupMaxSize";
    case SpvBuiltInNumSubgroups: return "NumSubgroups";
    case SpvBuiltInNumEnqueuedSubgroups: return "NumEnqueuedSubgroups";
    case SpvBuiltInSubgroupId: return "SubgroupId";
    case SpvBuiltInSubgroupLocalInvocationId: return "SubgroupLocalInvocationId";
    default: return NULL;
    }
}

const char *scalar_sfx(const Type *t)
{
    switch (t->kind) {
    case T_BOOL: return "b";
    case T_INT:
        return t->width == 8 ? "u8" : t->width == 16 ? "u16" : t->width == 32 ? "u32" : "u64";
    case T_FLOAT: return t->width == 16 ? "f16" : t->width == 32 ? "f32" : "f64";
    default: return "";
    }
}

static void sanitize(char *dst, size_t cap, const char *src)
{
    size_t n = 0;
    for (; *src && n + 1 < cap; src++)
        dst[n++] = isalnum((unsigned char)*src) ? *src : '_';
    dst[n] = 0;
}

/* ---- ids, names, decorations ---- */

static void collect_ids(Module *m)
{
    size_t i;

    m->ids = xcalloc(m->bound, sizeof *m->ids);
    for (i = 0; i < m->bound; i++) {
        m->ids[i].inst = -1;
        m->ids[i].fpround = -1;
        m->ids[i].builtin = -1;
    }
    for (i = 0; i < m->ninsts; i++) {
        Inst *in = &m->insts[i];
        if (in->result && in->result < m->bound)
            m->ids[in->result].inst = (int32_t)i;
    }
}

static void decorate(Module *m, Id *d, const uint32_t *w, unsigned nw)
{
    switch (w[0]) {
    case SpvDecorationFPRoundingMode: d->fpround = (int32_t)w[1]; break;
    case SpvDecorationSaturatedConversion: d->sat = 1; break;
    case SpvDecorationBuiltIn: d->builtin = (int32_t)w[1]; break;
    case SpvDecorationVolatile: d->volatile_ = 1; break;
    case SpvDecorationCPacked: d->cpacked = 1; break;
    case SpvDecorationAlignment: d->align = w[1]; break;
    case SpvDecorationFPFastMathMode:
        if (w[1] & (SpvFPFastMathModeAllowRecipMask | SpvFPFastMathModeFastMask))
            m->relaxed_math = 1;
        d->fast_math = (w[1] & SpvFPFastMathModeFastMask) != 0;
        break;
    case SpvDecorationFuncParamAttr:
        if (w[1] == SpvFunctionParameterAttributeNoAlias)
            d->noalias = 1;
        else if (w[1] == SpvFunctionParameterAttributeByVal)
            d->byval = 1;
        else if (w[1] == SpvFunctionParameterAttributeNoWrite)
            d->nowrite = 1;
        break;
    default: break;
    }
    (void)m;
    (void)nw;
}

static void collect_names_and_decorations(Module *m)
{
    size_t i;

    for (i = 0; i < m->ninsts; i++) {
        Inst *in = &m->insts[i];
        const uint32_t *w = m->words + in->word;
        switch (in->op) {
        case SpvOpName:
            if (w[1] < m->bound && !m->ids[w[1]].name)
                m->ids[w[1]].name = (const char *)(w + 2);
            break;
        case SpvOpDecorate:
            if (w[1] < m->bound)
                decorate(m, &m->ids[w[1]], w + 2, in->nwords - 2u);
            break;
        case SpvOpExtInstImport:
            m->ids[in->result].is_ext_import = 1;
            m->ids[in->result].opencl_std = !strcmp((const char *)(w + 2), "OpenCL.std");
            break;
        default: break;
        }
    }
    /* decoration groups are rare from llvm-spirv; apply them to their targets */
    for (i = 0; i < m->ninsts; i++) {
        Inst *in = &m->insts[i];
        const uint32_t *w = m->words + in->word;
        unsigned k;
        if (in->op != SpvOpGroupDecorate)
            continue;
        for (k = 2; k < in->nwords; k++) {
            size_t j;
            for (j = 0; j < m->ninsts; j++) {
                const uint32_t *d = m->words + m->insts[j].word;
                if (m->insts[j].op == SpvOpDecorate && d[1] == w[1] && w[k] < m->bound)
                    decorate(m, &m->ids[w[k]], d + 2, m->insts[j].nwords - 2u);
            }
        }
    }
}

/* ---- types ---- */

static size_t align_up(size_t x, size_t a)
{
    return a ? (x + a - 1) / a * a : x;
}

static const char *scalar_c(const Type *t)
{
    switch (t->kind) {
    case T_BOOL: return "int";
    case T_INT:
        return t->width == 8 ? "uint8_t" : t->width == 16 ? "uint16_t"
               : t->width == 32 ? "uint32_t" : "uint64_t";
    case T_FLOAT: return t->width == 16 ? "uint16_t" : t->width == 32 ? "float" : "double";
    default: return "void";
    }
}

static Type *new_type(Module *m, const Inst *in, enum TypeKind k)
{
    Type *t = xcalloc(1, sizeof *t);
    t->kind = k;
    t->id = in->result;
    t->n = 1;
    m->ids[in->result].type = t;
    return t;
}

static uint64_t const_u64(const Module *m, uint32_t id, int *ok)
{
    const Inst *in = def_of(m, id);
    *ok = 0;
    if (!in || in->op != SpvOpConstant)
        return 0;
    *ok = 1;
    return in->nwords > 4 ? ((uint64_t)m->words[in->word + 4] << 32) | m->words[in->word + 3]
                          : m->words[in->word + 3];
}

/* a type spv2c does not support: reported, and spelt int from then on */
static void type_unsupported(Type *t)
{
    t->kind = T_OTHER;
    t->c = xstrdup("int");
}

/* OpTypeImage: the public image struct (runtime/image.h). Cube, rect,
   subpass, depth, multisampled and read_write images are not supported */
static void build_image(Module *m, const Inst *in)
{
    const uint32_t *w = m->words + in->word;
    Type *t = new_type(m, in, T_IMAGE);
    static const char *dims[] = { "1D", "2D", "3D", "Cube", "Rect", "Buffer", "SubpassData" };

    t->c = xstrdup("spv2c_image_");
    t->img_dims = w[3] == SpvDimBuffer ? 1 : w[3] + 1;
    t->img_arrayed = w[5] != 0;
    m->has_images = 1;
    if (w[3] > SpvDim3D && w[3] != SpvDimBuffer)
        diag_error(m, in->word, "unsupported: %s images", w[3] < 7 ? dims[w[3]] : "these");
    else if (w[4] == 1)
        diag_error(m, in->word, "unsupported: depth images");
    else if (w[6])
        diag_error(m, in->word, "unsupported: multisampled images");
    else if (in->nwords > 9 && w[9] == SpvAccessQualifierReadWrite)
        diag_error(m, in->word, "unsupported: read_write images");
    else
        return;
    type_unsupported(t);
}

static void build_scalar(Module *m, const Inst *in)
{
    const uint32_t *w = m->words + in->word;
    Type *t = new_type(m, in, in->op == SpvOpTypeInt ? T_INT : T_FLOAT);

    t->width = w[2];
    if ((in->op == SpvOpTypeInt && w[2] != 8 && w[2] != 16 && w[2] != 32 && w[2] != 64) ||
        (in->op == SpvOpTypeFloat && w[2] != 16 && w[2] != 32 && w[2] != 64)) {
        diag_error(m, in->word, "unsupported: %u-bit %s type", w[2],
                   in->op == SpvOpTypeInt ? "integer" : "float");
        type_unsupported(t);
        return;
    }
    t->size = t->align = w[2] / 8;
    t->c = xstrdup(scalar_c(t));
}

static void build_vector(Module *m, const Inst *in)
{
    const uint32_t *w = m->words + in->word;
    Type *t = new_type(m, in, T_VECTOR), *e = m->ids[w[2]].type;
    char tmp[96];

    t->elem = w[2];
    t->n = w[3];
    if (!e || (e->kind != T_INT && e->kind != T_FLOAT && e->kind != T_BOOL) ||
        (t->n != 2 && t->n != 3 && t->n != 4 && t->n != 8 && t->n != 16)) {
        diag_error(m, in->word, "unsupported: vector of %u lanes", t->n);
        type_unsupported(t);
        return;
    }
    t->size = t->align = e->size * (t->n == 3 ? 4 : t->n);
    snprintf(tmp, sizeof tmp, "%sx%u", e->kind == T_BOOL ? "b" : scalar_sfx(e), t->n);
    t->c = xstrdup(tmp);
}

static void build_array(Module *m, const Inst *in)
{
    const uint32_t *w = m->words + in->word;
    Type *t = new_type(m, in, T_ARRAY), *e = m->ids[w[2]].type;
    char tmp[96];
    int ok;

    t->elem = w[2];
    t->n = (unsigned)const_u64(m, w[3], &ok);
    if (!ok || !e || !e->size) {
        diag_error(m, in->word, "unsupported: array whose length is not a plain constant");
        type_unsupported(t);
        return;
    }
    if (e->size && t->n > ((size_t)1 << 31) / e->size) {
        diag_error(m, in->word, "unsupported: array of %u elements of %zu bytes (more than "
                   "2 GiB)", t->n, e->size);
        type_unsupported(t);
        return;
    }
    t->size = e->size * t->n;
    t->align = e->align;
    snprintf(tmp, sizeof tmp, "a_%u", in->result);
    t->c = xstrdup(tmp);
}

/* a struct, laid out as OpenCL C does (natural alignment unless packed) */
static void build_struct(Module *m, const Inst *in)
{
    const uint32_t *w = m->words + in->word;
    Type *t = new_type(m, in, T_STRUCT), *e;
    size_t off = 0, al = 1;
    char tmp[96];
    unsigned k;

    t->nmembers = in->nwords - 2u;
    t->members = xcalloc(t->nmembers, sizeof *t->members);
    t->offsets = xcalloc(t->nmembers, sizeof *t->offsets);
    for (k = 0; k < t->nmembers; k++) {
        e = m->ids[w[2 + k]].type;
        t->members[k] = w[2 + k];
        if (!e || !e->size) {
            diag_error(m, in->word, "unsupported: struct member %u of unsized type", k);
            t->kind = T_OTHER;
            break;
        }
        if (!t->packed)
            off = align_up(off, e->align);
        t->offsets[k] = off;
        off += e->size;
        if (e->align > al)
            al = e->align;
    }
    t->align = t->packed ? 1 : al;
    t->size = align_up(off, t->align);
    snprintf(tmp, sizeof tmp, "s_%u", in->result);
    t->c = xstrdup(tmp);
}

static void build_type(Module *m, const Inst *in)
{
    const uint32_t *w = m->words + in->word;
    Type *t;

    switch (in->op) {
    case SpvOpTypeVoid:
        t = new_type(m, in, T_VOID);
        t->c = xstrdup("void");
        break;
    case SpvOpTypeBool:
        t = new_type(m, in, T_BOOL);
        t->width = 1;
        t->size = t->align = sizeof(int);
        t->c = xstrdup("int");
        break;
    case SpvOpTypeInt:
    case SpvOpTypeFloat: build_scalar(m, in); break;
    case SpvOpTypeVector: build_vector(m, in); break;
    case SpvOpTypeArray: build_array(m, in); break;
    case SpvOpTypeStruct: build_struct(m, in); break;
    case SpvOpTypeRuntimeArray:
        t = new_type(m, in, T_OTHER);
        t->c = xstrdup("int");
        diag_error(m, in->word, "unsupported: runtime arrays");
        break;
    case SpvOpTypePointer:
        t = new_type(m, in, T_POINTER);
        t->sc = w[2];
        t->elem = w[3];
        t->size = t->align = m->addr_bits / 8;
        /* C spelling filled in later: the pointee may be a forward reference */
        break;
    case SpvOpTypeForwardPointer:
        break;
    case SpvOpTypeFunction:
        t = new_type(m, in, T_FUNCTION);
        t->c = xstrdup("void");
        break;
    case SpvOpTypeEvent:
        t = new_type(m, in, T_EVENT);
        t->size = t->align = sizeof(void *);
        t->c = xstrdup("uint32_t");
        break;
    case SpvOpTypeImage: build_image(m, in); break;
    case SpvOpTypeSampler:
        t = new_type(m, in, T_SAMPLER);
        t->width = 32;
        t->size = t->align = 4;
        t->c = xstrdup("uint32_t");   /* the OpenCL C bit field */
        m->has_images = 1;
        break;
    case SpvOpTypeSampledImage:
        t = new_type(m, in, T_SAMPLED_IMAGE);
        t->elem = w[2];
        t->c = xstrdup("spv2c_sampled_");
        break;
    default:
        t = new_type(m, in, T_OTHER);
        t->c = xstrdup("int");
        diag_error(m, in->word, "unsupported: type %s (pipes, queues and "
                                "opaque types are not supported)", read_opname(in->op));
        break;
    }
}

static void name_pointers(Module *m)
{
    uint32_t i;

    for (i = 1; i < m->bound; i++) {
        Type *t = m->ids[i].type;
        Type *p;
        if (!t || t->kind != T_POINTER || t->c)
            continue;
        p = m->ids[t->elem].type;
        t->c = xsprintf("%s *", p && p->c && p->kind != T_FUNCTION && p->kind != T_OTHER
                                    ? p->c : "void");
    }
}

/* ---- functions and kernels ---- */

static void collect_functions(Module *m)
{
    size_t i, nf = 0;
    Func *f = NULL;

    for (i = 0; i < m->ninsts; i++)
        if (m->insts[i].op == SpvOpFunction)
            nf++;
    m->funcs = xcalloc(nf, sizeof *m->funcs);
    for (i = 0; i < m->ninsts; i++) {
        Inst *in = &m->insts[i];
        if (in->op == SpvOpFunction) {
            f = &m->funcs[m->nfuncs++];
            f->id = in->result;
            f->first = i;
            {
                size_t j = i + 1;
                while (j < m->ninsts && m->insts[j].op == SpvOpFunctionParameter)
                    j++;
                f->params = xcalloc(j - i, sizeof *f->params);
            }
            m->ids[in->result].is_func = 1;
            m->ids[in->result].func1 = (uint32_t)m->nfuncs;
            if (!m->first_func_inst)
                m->first_func_inst = i;
        } else if (in->op == SpvOpFunctionParameter && f) {
            f->params[f->nparams++] = in->result;
        } else if (in->op == SpvOpFunctionEnd && f) {
            f->last = i;
            f = NULL;
        } else if (in->op == SpvOpLabel) {
            m->ids[in->result].is_label = 1;
        } else if (in->op == SpvOpPhi) {
            m->ids[in->result].is_phi = 1;
        }
    }
}

static Func *func_by_id(Module *m, uint32_t id)
{
    return (Func *)find_func(m, id);
}

static int selected(const Options *o, const char *name)
{
    int i;
    if (!o->nentries)
        return 1;
    for (i = 0; i < o->nentries; i++)
        if (!strcmp(o->entries[i], name))
            return 1;
    return 0;
}

/* Kernel.dup: two OpEntryPoints may name one function (SPIR-V 1.4) */
static void count_dups(Module *m)
{
    unsigned *seen = xcalloc(m->bound, sizeof *seen);
    size_t k;
    for (k = 0; k < m->nkernels; k++)
        if (m->kernels[k].func < m->bound)
            m->kernels[k].dup = seen[m->kernels[k].func]++;
    free(seen);
}

/* the name a kernel's helpers (group_, run_, launch_) are made of: its
   function's C name, and which entry point of it when it is not the first
   (helpers named after the function alone were defined twice) */
const char *kernel_stem(const Module *m, const Kernel *k)
{
    Kernel *w = (Kernel *)k;
    if (!w->stem)
        w->stem = k->dup ? xsprintf("%s_e%u", m->ids[k->func].cname, k->dup)
                         : xstrdup(m->ids[k->func].cname);
    return w->stem;
}

static void collect_kernels(Module *m, const Options *o)
{
    size_t i, n = 0;

    m->kernels = xcalloc(m->ninsts, sizeof *m->kernels);
    for (i = 0; i < m->ninsts; i++) {
        Inst *in = &m->insts[i];
        const uint32_t *w = m->words + in->word;
        if (in->op == SpvOpEntryPoint) {
            if (w[1] != SpvExecutionModelKernel) {
                diag_error(m, in->word, "unsupported: entry point of a non-Kernel execution "
                                        "model (spv2c translates OpenCL kernels, not shaders)");
                continue;
            }
            if (!selected(o, (const char *)(w + 3)))
                continue;
            m->kernels[n].func = w[2];
            m->kernels[n].name = (const char *)(w + 3);
            m->kernels[n].word = in->word;
            n++;
        }
    }
    m->nkernels = n;
    count_dups(m);
    for (i = 0; i < m->ninsts; i++) {
        Inst *in = &m->insts[i];
        const uint32_t *w = m->words + in->word;
        size_t k;
        if (in->op != SpvOpExecutionMode || w[2] != SpvExecutionModeLocalSize)
            continue;
        for (k = 0; k < n; k++)
            if (m->kernels[k].func == w[1])
                memcpy(m->kernels[k].local_size, w + 3, sizeof m->kernels[k].local_size);
    }
    for (i = 0; i < (size_t)o->nentries; i++) {
        size_t k;
        for (k = 0; k < n; k++)
            if (!strcmp(m->kernels[k].name, o->entries[i]))
                break;
        if (k == n)
            diag_plain("--entry %s: the module has no kernel of that name", o->entries[i]);
    }
    if (!n && !o->nentries)
        diag_plain("the module has no kernel entry point");
}

/* ---- opcode properties ---- */

/* What the back end must know about an opcode, one row each, sorted by
   opcode (binary search; analyse() asserts the order). Opcodes without a row are pure: no side effects, the same
   result for the same operands, droppable when nobody reads it.
     EFFECT      side effects, or written by the emitter itself
     ATOMIC      an atomic memory operation
     COLLECTIVE  a work-group or sub-group function (operand 0 its scope)
     SYNC        every work-item of its scope must arrive before any goes on
     TERM        ends a block (inst_ntargets, inst_target: where it jumps)
     NOCODE      no C of its own: debug lines, merge and lifetime hints, and
                 memory barriers (one thread runs a group: memory is coherent)
   and, for SYNC rows, when a work-item suspends there (the scope rule:
   sub-groups are one work-item, so a sub-group one waits for nobody).
   The integer expressions --checked's chunk probe computes (hoist.c) have
   their kind (IX_*, spv2c.h), the C operator that computes them on
   uint64_t values holding w-bit integers zero-extended, and
     WRAPS       the result must be masked back to w bits
     SCALES      a multiple of its first operand by a constant, modulo 2^w
     SIGNED      reads its operand as signed */
enum { OP_EFFECT = 1, OP_ATOMIC = 2, OP_COLLECTIVE = 4, OP_SYNC = 8, OP_WRAPS = 16,
       OP_SCALES = 32, OP_SIGNED = 64, OP_TERM = 128, OP_NOCODE = 256 };
enum { WAIT_NEVER, WAIT_ALWAYS, WAIT_UNLESS_SUBGROUP, WAIT_IF_WORKGROUP };
typedef struct OpProps {
    uint16_t op;
    uint16_t flags;
    uint8_t wait;
    uint8_t ix;          /* IX_* */
    const char *cop;     /* IX_RING, IX_BITS, IX_SHIFT, IX_UNARY: the C operator */
    uint8_t cst;         /* a constant's kind (CST_*), spec constants as constants */
} OpProps;

#define ATOMIC_ (OP_EFFECT | OP_ATOMIC)
#define GROUP_ (OP_EFFECT | OP_COLLECTIVE | OP_SYNC), WAIT_IF_WORKGROUP, 0, NULL, 0
static const OpProps op_props[] = {
    { SpvOpNop, OP_NOCODE, 0, 0, NULL, 0 },
    { SpvOpUndef, 0, 0, 0, NULL, CST_ZERO },
    { SpvOpLine, OP_NOCODE, 0, 0, NULL, 0 },
    { SpvOpExtInst, OP_EFFECT, 0, 0, NULL, 0 },
    { SpvOpConstantTrue, 0, 0, 0, NULL, CST_TRUE },
    { SpvOpConstantFalse, 0, 0, 0, NULL, CST_FALSE },
    { SpvOpConstant, 0, 0, IX_CONST, NULL, CST_SCALAR },
    { SpvOpConstantComposite, 0, 0, 0, NULL, CST_COMPOSITE },
    { SpvOpConstantNull, 0, 0, IX_CONST, NULL, CST_ZERO },
    { SpvOpSpecConstantTrue, 0, 0, 0, NULL, CST_TRUE },
    { SpvOpSpecConstantFalse, 0, 0, 0, NULL, CST_FALSE },
    { SpvOpSpecConstant, 0, 0, 0, NULL, CST_SCALAR },
    { SpvOpSpecConstantComposite, 0, 0, 0, NULL, CST_COMPOSITE },
    { SpvOpFunctionParameter, OP_EFFECT, 0, IX_PARAM, NULL, 0 },
    { SpvOpFunctionCall, OP_EFFECT, 0, 0, NULL, 0 },
    { SpvOpVariable, OP_EFFECT, 0, 0, NULL, 0 },
    { SpvOpStore, OP_EFFECT, 0, 0, NULL, 0 },
    { SpvOpCopyMemory, OP_EFFECT, 0, 0, NULL, 0 },
    { SpvOpCopyMemorySized, OP_EFFECT, 0, 0, NULL, 0 },
    { SpvOpPtrAccessChain, 0, 0, IX_CHAIN, NULL, 0 },
    { SpvOpInBoundsPtrAccessChain, 0, 0, IX_CHAIN, NULL, 0 },
    { SpvOpCompositeExtract, 0, 0, IX_LANE, NULL, 0 },
    { SpvOpCopyObject, 0, 0, IX_COPY, NULL, 0 },
    { SpvOpUConvert, 0, 0, IX_CONV, NULL, 0 },
    { SpvOpSConvert, OP_SIGNED, 0, IX_CONV, NULL, 0 },
    { SpvOpPtrCastToGeneric, 0, 0, IX_PTRCAST, NULL, 0 },
    { SpvOpGenericCastToPtr, 0, 0, IX_PTRCAST, NULL, 0 },
    { SpvOpBitcast, 0, 0, IX_COPY, NULL, 0 },
    { SpvOpSNegate, OP_WRAPS | OP_SCALES, 0, IX_UNARY, "(uint64_t)0 - ", 0 },
    { SpvOpIAdd, OP_WRAPS, 0, IX_RING, "+", 0 },
    { SpvOpISub, OP_WRAPS, 0, IX_RING, "-", 0 },
    { SpvOpIMul, OP_WRAPS, 0, IX_RING, "*", 0 },
    { SpvOpShiftRightLogical, 0, 0, IX_SHIFT, ">>", 0 },
    { SpvOpShiftLeftLogical, OP_WRAPS | OP_SCALES, 0, IX_SHIFT, "<<", 0 },
    { SpvOpBitwiseOr, 0, 0, IX_BITS, "|", 0 },
    { SpvOpBitwiseXor, 0, 0, IX_BITS, "^", 0 },
    { SpvOpBitwiseAnd, 0, 0, IX_BITS, "&", 0 },
    { SpvOpNot, OP_WRAPS, 0, IX_UNARY, "~", 0 },
    { SpvOpControlBarrier, OP_SYNC, WAIT_UNLESS_SUBGROUP, 0, NULL, 0 },
    { SpvOpMemoryBarrier, OP_NOCODE, 0, 0, NULL, 0 },
    { SpvOpAtomicLoad, ATOMIC_, 0, 0, NULL, 0 },
    { SpvOpAtomicStore, ATOMIC_, 0, 0, NULL, 0 },
    { SpvOpAtomicExchange, ATOMIC_, 0, 0, NULL, 0 },
    { SpvOpAtomicCompareExchange, ATOMIC_, 0, 0, NULL, 0 },
    { SpvOpAtomicCompareExchangeWeak, ATOMIC_, 0, 0, NULL, 0 },
    { SpvOpAtomicIIncrement, ATOMIC_, 0, 0, NULL, 0 },
    { SpvOpAtomicIDecrement, ATOMIC_, 0, 0, NULL, 0 },
    { SpvOpAtomicIAdd, ATOMIC_, 0, 0, NULL, 0 },
    { SpvOpAtomicISub, ATOMIC_, 0, 0, NULL, 0 },
    { SpvOpAtomicSMin, ATOMIC_, 0, 0, NULL, 0 },
    { SpvOpAtomicUMin, ATOMIC_, 0, 0, NULL, 0 },
    { SpvOpAtomicSMax, ATOMIC_, 0, 0, NULL, 0 },
    { SpvOpAtomicUMax, ATOMIC_, 0, 0, NULL, 0 },
    { SpvOpAtomicAnd, ATOMIC_, 0, 0, NULL, 0 },
    { SpvOpAtomicOr, ATOMIC_, 0, 0, NULL, 0 },
    { SpvOpAtomicXor, ATOMIC_, 0, 0, NULL, 0 },
    { SpvOpPhi, OP_EFFECT, 0, 0, NULL, 0 },   /* phis are written by the emitter */
    { SpvOpLoopMerge, OP_NOCODE, 0, 0, NULL, 0 },
    { SpvOpSelectionMerge, OP_NOCODE, 0, 0, NULL, 0 },
    { SpvOpLabel, OP_EFFECT, 0, 0, NULL, 0 },
    { SpvOpBranch, OP_TERM, 0, 0, NULL, 0 },
    { SpvOpBranchConditional, OP_TERM, 0, 0, NULL, 0 },
    { SpvOpSwitch, OP_TERM, 0, 0, NULL, 0 },
    { SpvOpKill, OP_TERM, 0, 0, NULL, 0 },
    { SpvOpReturn, OP_TERM, 0, 0, NULL, 0 },
    { SpvOpReturnValue, OP_TERM, 0, 0, NULL, 0 },
    { SpvOpUnreachable, OP_TERM, 0, 0, NULL, 0 },
    { SpvOpLifetimeStart, OP_NOCODE, 0, 0, NULL, 0 },
    { SpvOpLifetimeStop, OP_NOCODE, 0, 0, NULL, 0 },
    { SpvOpGroupAsyncCopy, OP_EFFECT, 0, 0, NULL, 0 },
    { SpvOpGroupWaitEvents, OP_EFFECT | OP_SYNC, WAIT_ALWAYS, 0, NULL, 0 },
    { SpvOpGroupAll, GROUP_ },
    { SpvOpGroupAny, GROUP_ },
    { SpvOpGroupBroadcast, GROUP_ },
    { SpvOpGroupIAdd, GROUP_ },
    { SpvOpGroupFAdd, GROUP_ },
    { SpvOpGroupFMin, GROUP_ },
    { SpvOpGroupUMin, GROUP_ },
    { SpvOpGroupSMin, GROUP_ },
    { SpvOpGroupFMax, GROUP_ },
    { SpvOpGroupUMax, GROUP_ },
    { SpvOpGroupSMax, GROUP_ },
    { SpvOpNoLine, OP_NOCODE, 0, 0, NULL, 0 },
    { SpvOpAtomicFlagTestAndSet, ATOMIC_, 0, 0, NULL, 0 },
    { SpvOpAtomicFlagClear, ATOMIC_, 0, 0, NULL, 0 },
    { SpvOpAtomicFMinEXT, ATOMIC_, 0, 0, NULL, 0 },
    { SpvOpAtomicFMaxEXT, ATOMIC_, 0, 0, NULL, 0 },
    { SpvOpAtomicFAddEXT, ATOMIC_, 0, 0, NULL, 0 },
};
#undef ATOMIC_
#undef GROUP_

static const OpProps *op_props_of(unsigned op)
{
    size_t lo = 0, hi = sizeof op_props / sizeof *op_props;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (op_props[mid].op == op)
            return &op_props[mid];
        if (op_props[mid].op < op)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

/* the table's order, checked once a run in debug builds */
static int op_props_sorted(void)
{
    size_t k;
    for (k = 1; k < sizeof op_props / sizeof *op_props; k++)
        if (op_props[k - 1].op >= op_props[k].op)
            return 0;
    return 1;
}

static unsigned op_flags(const Inst *in)
{
    const OpProps *p = op_props_of(in->op);
    return p ? p->flags : 0;
}

int inst_is_pure(const Inst *in)
{
    return !(op_flags(in) & (OP_EFFECT | OP_ATOMIC | OP_COLLECTIVE));
}

/* a value nothing reads: the analysis dropped it, the writers emit nothing
   for it, and its operands are not read on its behalf */
int inst_unread(const Module *m, const Inst *in)
{
    return in->result && in->result < m->bound && !m->ids[in->result].uses &&
           in->op != SpvOpFunction && (in->op == SpvOpPhi || inst_is_pure(in));
}

/* the writers emit nothing for it, so its operands are no uses (the
   analysis does not count them, and neither may liveness across
   barriers, region.c): an unread value, a store to a variable nothing
   reads, a lifetime hint */
int inst_emits_nothing(const Module *m, const Inst *in)
{
    uint32_t r = in->op == SpvOpStore ? var_root(m, opnd_id(m, in, 0)) : 0;
    return inst_unread(m, in) || in->op == SpvOpLifetimeStart ||
           in->op == SpvOpLifetimeStop || (r && m->ids[r].unread);
}

/* a constant instruction's kind: true, false, a scalar literal, zero (a
   null or undefined value), a composite; CST_NONE for other opcodes */
int op_constant_kind(unsigned op)
{
    const OpProps *p = op_props_of(op);
    return p ? p->cst : CST_NONE;
}

/* the chunk probe's view of an opcode (hoist.c, lower_u64) */
int op_ix(unsigned op)
{
    const OpProps *p = op_props_of(op);
    return p ? p->ix : IX_NONE;
}

const char *op_c_operator(unsigned op)
{
    const OpProps *p = op_props_of(op);
    return p ? p->cop : NULL;
}

int op_wraps(unsigned op)
{
    const OpProps *p = op_props_of(op);
    return p && (p->flags & OP_WRAPS);
}

int op_scales(unsigned op)
{
    const OpProps *p = op_props_of(op);
    return p && (p->flags & OP_SCALES);
}

int op_signed(unsigned op)
{
    const OpProps *p = op_props_of(op);
    return p && (p->flags & OP_SIGNED);
}

/* a block's terminator */
int inst_is_terminator(const Inst *in)
{
    return (op_flags(in) & OP_TERM) != 0;
}

/* no C of its own (OP_NOCODE) */
int inst_writes_no_code(const Inst *in)
{
    return (op_flags(in) & OP_NOCODE) != 0;
}

/* the labels terminator t may jump to: how many */
unsigned inst_ntargets(const Inst *t)
{
    switch (t->op) {
    case SpvOpBranch: return 1;
    case SpvOpBranchConditional: return 2;
    case SpvOpSwitch: return (t->nopnds - 2) / 2 + 1;
    default: return 0;
    }
}

/* and the k-th: a branch's target, a conditional branch's true then false
   label, a switch's default then its cases' */
uint32_t inst_target(const Module *m, const Inst *t, unsigned k)
{
    switch (t->op) {
    case SpvOpBranch: return opnd_id(m, t, 0);
    case SpvOpBranchConditional: return opnd_id(m, t, 1 + k);
    default: return opnd_id(m, t, k ? 2 * k + 1 : 1);
    }
}

int inst_is_atomic(const Inst *in)
{
    return (op_flags(in) & OP_ATOMIC) != 0;
}

int inst_is_collective(const Inst *in)
{
    return (op_flags(in) & OP_COLLECTIVE) != 0;
}

/* every work-item of its scope must arrive before any goes on (whatever
   the scope: a function that holds one is marked as reaching a barrier) */
int inst_is_group_sync(const Inst *in)
{
    return (op_flags(in) & OP_SYNC) != 0;
}

/* the execution scope of a barrier or group function (operand 0), or -1
   when it is not a constant */
int inst_scope(const Module *m, const Inst *in)
{
    const Inst *sc = def_of(m, opnd_id(m, in, 0));
    return sc && sc->op == SpvOpConstant ? (int)m->words[sc->word + 3] : -1;
}

/* does a work-item wait for others here: a suspension point (the scope rule) */
int inst_waits(const Module *m, const Inst *in)
{
    const OpProps *p = op_props_of(in->op);
    switch (p ? p->wait : WAIT_NEVER) {
    case WAIT_ALWAYS: return 1;
    case WAIT_UNLESS_SUBGROUP: return inst_scope(m, in) != SpvScopeSubgroup;
    case WAIT_IF_WORKGROUP: return inst_scope(m, in) == SpvScopeWorkgroup;
    default: return 0;
    }
}

/* llvm-spirv's entry stub: one block that calls a function with the
   stub's own parameters, in order, and returns */
const Func *stub_target(const Module *m, const Func *f)
{
    const Func *g = NULL;
    size_t i;
    unsigned k;
    int calls = 0;

    for (i = f->first + 1; i < f->last; i++) {
        const Inst *in = &m->insts[i];
        switch (in->op) {
        case SpvOpFunctionParameter:
        case SpvOpLabel:
        case SpvOpLine:
        case SpvOpNoLine:
        case SpvOpReturn:
            if (in->op == SpvOpLabel && i != f->first + 1 + f->nparams)
                return NULL;
            break;
        case SpvOpFunctionCall:
            g = find_func(m, opnd_id(m, in, 0));
            if (calls++ || !g || g->nparams != f->nparams || in->nopnds != f->nparams + 1)
                return NULL;
            for (k = 0; k < f->nparams; k++)
                if (opnd_id(m, in, k + 1) != f->params[k])
                    return NULL;
            break;
        default:
            return NULL;
        }
    }
    return g;
}

/* one OpFunctionParameter for each parameter of the function's type (the
   spec's rule, which SPIRV-Tools 2023.1 does not check: the C would not
   compile); ByVal only on pointers (the validator lets it on any
   parameter; one that is not a pointer is passed by value anyway) */
static void check_params(Module *m)
{
    size_t k;
    unsigned i;

    for (k = 0; k < m->nfuncs; k++) {
        const Inst *f = &m->insts[m->funcs[k].first];
        const Inst *ft = f->nwords > 4 ? def_of(m, m->words[f->word + 4]) : NULL;
        for (i = 0; i < m->funcs[k].nparams; i++) {
            const Type *t = type_of(m, m->funcs[k].params[i]);
            if (!t || t->kind != T_POINTER || !m->ids[t->elem].type)
                m->ids[m->funcs[k].params[i]].byval = 0;
        }
        if (ft && ft->op == SpvOpTypeFunction && ft->nwords - 3u != m->funcs[k].nparams)
            diag_error(m, f->word, "invalid SPIR-V: function %%%u has %u OpFunctionParameter, "
                       "its type %%%u has %u parameters", f->result, m->funcs[k].nparams,
                       ft->result, ft->nwords - 3u);
    }
}

/* the function instruction i calls, or NULL */
static Func *callee_of(Module *m, size_t i)
{
    const Inst *in = &m->insts[i];
    return in->op == SpvOpFunctionCall ? func_by_id(m, m->words[in->word + 3]) : NULL;
}

/* the functions the selected kernels reach: a worklist over the calls */
static void reach_calls(Module *m, size_t *work)
{
    size_t nw = 0, i, k;

    for (k = 0; k < m->nkernels; k++) {
        Func *f = func_by_id(m, m->kernels[k].func);
        if (f && !f->reachable) {
            f->reachable = 1;
            work[nw++] = (size_t)(f - m->funcs);
        }
    }
    while (nw) {
        const Func *f = &m->funcs[work[--nw]];
        for (i = f->first; i <= f->last; i++) {
            Func *g = callee_of(m, i);
            if (g && !g->reachable) {
                g->reachable = 1;
                work[nw++] = (size_t)(g - m->funcs);
            }
        }
    }
}

/* the callers of each function (one entry a call; reachable callers only):
   those of function k are calls[at[k] .. at[k + 1]) */
static size_t *callers(Module *m, size_t **calls)
{
    size_t *at = xcalloc(m->nfuncs + 2, sizeof *at), i, k;
    Func *g;

    for (k = 0; k < m->nfuncs; k++)
        for (i = m->funcs[k].first; m->funcs[k].reachable && i <= m->funcs[k].last; i++)
            if ((g = callee_of(m, i)))
                at[g - m->funcs + 2]++;
    for (k = 2; k < m->nfuncs + 2; k++)
        at[k] += at[k - 1];
    *calls = xmalloc((at[m->nfuncs + 1] + 1) * sizeof **calls);
    for (k = 0; k < m->nfuncs; k++)
        for (i = m->funcs[k].first; m->funcs[k].reachable && i <= m->funcs[k].last; i++)
            if ((g = callee_of(m, i)))
                (*calls)[at[g - m->funcs + 1]++] = k;
    return at;
}

/* reachability from the selected kernels, and which functions reach a
   barrier (their own, or a callee's): worklists over the call graph and its
   reverse, so linear in the module's size (a fixpoint moving one call level
   a pass was cubic on a deep call chain) */
static void mark_reachable(Module *m)
{
    size_t *work = xmalloc((m->nfuncs + 1) * sizeof *work), *calls, *at, nw = 0, i, k;

    reach_calls(m, work);
    at = callers(m, &calls);
    for (k = 0; k < m->nfuncs; k++)
        for (i = m->funcs[k].first; m->funcs[k].reachable && i <= m->funcs[k].last; i++)
            if (inst_is_group_sync(&m->insts[i]) && !m->ids[m->funcs[k].id].func_has_barrier) {
                m->ids[m->funcs[k].id].func_has_barrier = 1;
                work[nw++] = k;
            }
    while (nw) {
        k = work[--nw];
        for (i = at[k]; i < at[k + 1]; i++)
            if (!m->ids[m->funcs[calls[i]].id].func_has_barrier) {
                m->ids[m->funcs[calls[i]].id].func_has_barrier = 1;
                work[nw++] = calls[i];
            }
    }
    for (k = 0; k < m->nkernels; k++) {
        m->kernels[k].needs_barrier = m->ids[m->kernels[k].func].func_has_barrier;
        /* the barrier executors rename the function's values as they go:
           a second kernel on the same function is not supported there */
        if (m->kernels[k].needs_barrier && m->kernels[k].dup)
            diag_error(m, m->kernels[k].word, "unsupported: kernel '%s' is a second entry point "
                       "on a function with barriers (translate one of them with --entry)",
                       m->kernels[k].name);
    }
    free(work);
    free(at);
    free(calls);
}

/* ---- module-level checks ---- */

static void check_module(Module *m)
{
    size_t i;
    int kernel_cap = 0, model = 0;

    for (i = 0; i < m->ninsts; i++) {
        Inst *in = &m->insts[i];
        const uint32_t *w = m->words + in->word;
        switch (in->op) {
        case SpvOpCapability:
            if (w[1] == SpvCapabilityKernel)
                kernel_cap = 1;
            if (w[1] == SpvCapabilityShader)
                diag_error(m, in->word, "unsupported: the Shader capability (Vulkan/OpenGL "
                                        "shaders); spv2c translates OpenCL kernels");
            break;
        case SpvOpMemoryModel:
            model = 1;
            if (w[2] != SpvMemoryModelOpenCL)
                diag_error(m, in->word, "unsupported: memory model %u; OpenCL kernels use "
                                        "the OpenCL memory model", w[2]);
            if (w[1] == SpvAddressingModelPhysical32)
                m->addr_bits = 32;
            else if (w[1] == SpvAddressingModelPhysical64)
                m->addr_bits = 64;
            else
                diag_error(m, in->word, "unsupported: addressing model %u; OpenCL kernels use "
                                        "Physical32 or Physical64", w[1]);
            break;
        case SpvOpExtInstImport:
            if (!m->ids[in->result].opencl_std)
                diag_error(m, in->word, "unsupported: extended instruction set \"%s\"",
                           (const char *)(w + 2));
            break;
        default: break;
        }
    }
    if (!kernel_cap && m->ninsts)
        diag_error(m, m->insts[0].word, "unsupported: the module does not declare the Kernel "
                                        "capability");
    if (!model)
        diag_plain("the module has no OpMemoryModel");
    if (!m->addr_bits)
        m->addr_bits = 64;
}

/* ---- uses ---- */

/* the function-scope variable pointer p points into (through casts and
   access chains), or 0 (a valid module's chains end: each step's operand
   is defined before it) */
uint32_t var_root(const Module *m, uint32_t p)
{
    size_t depth;
    for (depth = 0; depth <= m->ninsts && p && p < m->bound; depth++) {
        const Inst *d = def_of(m, p);
        if (!d)
            return 0;
        if (d->op == SpvOpVariable)
            return m->words[d->word + 3] == SpvStorageClassFunction ? p : 0;
        if (!pointer_step(d->op))
            return 0;
        p = opnd_id(m, d, 0);
    }
    return 0;
}

/* Variables nothing reads: every use of them, or of pointers into them,
   is a store to them, a lifetime marker, or a wait for events (copies are
   done when issued, so a wait reads no event). Stores to them are dead
   (async_work_group_copy's event, kept in a variable for the wait). */
static void find_unread_vars(Module *m)
{
    size_t i;
    unsigned k;
    for (i = m->first_func_inst; i < m->ninsts; i++)
        if (m->insts[i].op == SpvOpVariable && m->insts[i].result < m->bound &&
            var_root(m, m->insts[i].result))
            m->ids[m->insts[i].result].unread = 1;
    for (i = m->first_func_inst; i < m->ninsts; i++) {
        const Inst *in = &m->insts[i];
        for (k = 0; k < in->nopnds; k++) {
            uint32_t r;
            if (m->opnds[in->opnd0 + k].kind != OPND_ID)
                continue;
            r = var_root(m, m->words[m->opnds[in->opnd0 + k].off]);
            if (!r || (k == 0 && (in->op == SpvOpStore || in->op == SpvOpBitcast ||
                                  in->op == SpvOpAccessChain ||
                                  in->op == SpvOpInBoundsAccessChain ||
                                  in->op == SpvOpPtrAccessChain ||
                                  in->op == SpvOpInBoundsPtrAccessChain ||
                                  in->op == SpvOpCopyObject ||
                                  in->op == SpvOpPtrCastToGeneric ||
                                  in->op == SpvOpGenericCastToPtr)) ||
                in->op == SpvOpLifetimeStart || in->op == SpvOpLifetimeStop ||
                (k == 2 && in->op == SpvOpGroupWaitEvents))
                continue;
            m->ids[r].unread = 0;
        }
    }
}

/* ---- exact conversions ---- */

/* Local ids and sizes are below 2^31: the executor refuses larger
   work-groups (SPV2C_MAX_WORK_GROUP_SIZE_ in runtime/exec.h). A kernel
   reads them as int and widens them back to 64 bits for its addresses,
   (long)(int)get_local_id(0); with wrapping C arithmetic the compiler sees
   a truncation and a sign extension, not the loop counter, and will not
   vectorise the work-item loop. So a conversion whose operand's value
   fits, and a shift left and back by the same constant that keeps it
   (clang -O2's form of (long)(int)x when the int has no other use), are
   rewritten to read the first value of the chain (the builtin's lane).
   The rewrite is in the module (operation and operands; the words stay,
   so diagnostics still show what the module says), so that liveness
   across barriers sees the value really read. The bound is kept as a bit
   count so that other sources of small values can join. */
static int small_builtin(int32_t b)
{
    return b == SpvBuiltInLocalInvocationId || b == SpvBuiltInLocalInvocationIndex ||
           b == SpvBuiltInWorkgroupSize || b == SpvBuiltInEnqueuedWorkgroupSize;
}

/* the first value of y's chain of equal values */
static uint32_t first_equal(const uint32_t *wide, uint32_t y)
{
    return wide[y] ? wide[y] : y;
}

/* instruction in (a conversion or shift of y) gives y's value, which fits
   its type: it becomes an OpCopyObject of the first value of y's chain
   when the types agree, else an OpUConvert of it (zero extension or
   truncation, exact because the value fits) */
static void read_first_equal(Module *m, Inst *in, uint32_t y, unsigned char *bits,
                             uint32_t *wide)
{
    uint32_t x = first_equal(wide, y);
    const Inst *d = def_of(m, x);
    bits[in->result] = bits[y];
    wide[in->result] = x;
    in->op = in->type == d->type ? SpvOpCopyObject : SpvOpUConvert;
    in->nopnds = 1;
    m->opnds[in->opnd0].off = d->word + 2;   /* x's own result word */
}

static void exact_conversions(Module *m)
{
    /* bits[id]: the value (each lane) is below 2^bits, 0 unknown;
       wide[id]: an integer scalar defined earlier with the same value */
    unsigned char *bits = xcalloc(m->bound, 1);
    uint32_t *wide = xcalloc(m->bound, sizeof *wide);
    size_t i;

    for (i = m->first_func_inst; i < m->ninsts; i++) {
        Inst *in = &m->insts[i];
        Type *t = in->type < m->bound ? m->ids[in->type].type : NULL, *st;
        uint32_t y, r = in->result;
        unsigned sw, dw;
        if (!r || r >= m->bound || !t)
            continue;
        switch (in->op) {
        case SpvOpLoad: {
            /* a builtin variable, maybe through an access chain */
            const Inst *p = def_of(m, opnd_id(m, in, 0));
            while (p && (p->op == SpvOpAccessChain || p->op == SpvOpInBoundsAccessChain))
                p = def_of(m, opnd_id(m, p, 0));
            if (p && p->op == SpvOpVariable && p->result < m->bound &&
                small_builtin(m->ids[p->result].builtin))
                bits[r] = 31;
            break;
        }
        case SpvOpCompositeExtract:
        case SpvOpCopyObject:
            y = opnd_id(m, in, 0);
            if (y < m->bound && bits[y] && t->kind == T_INT) {
                bits[r] = bits[y];
                wide[r] = in->op == SpvOpCopyObject ? first_equal(wide, y) : 0;
            }
            break;
        case SpvOpUConvert:
        case SpvOpSConvert:
            y = opnd_id(m, in, 0);
            st = type_of(m, y);
            if (y >= m->bound || !bits[y] || !st || st->kind != T_INT || t->kind != T_INT ||
                m->ids[r].sat)
                break;
            sw = st->width;
            dw = t->width;
            /* the value survives: it fits the result, and a sign extension
               reads a clear sign bit */
            if (bits[y] > dw || (in->op == SpvOpSConvert && dw > sw && bits[y] >= sw))
                break;
            read_first_equal(m, in, y, bits, wide);
            break;
        case SpvOpShiftRightArithmetic:
        case SpvOpShiftRightLogical: {
            /* (x << c) >> c, clang's -O2 form of (long)(int)x when the int
               has no other use: x itself if its value is below
               2^(width - c), 2^(width - c - 1) for the arithmetic shift */
            const Inst *sh = def_of(m, opnd_id(m, in, 0));
            uint64_t c1, c2;
            int ok1, ok2;
            if (!sh || sh->op != SpvOpShiftLeftLogical || t->kind != T_INT)
                break;
            y = opnd_id(m, sh, 0);
            c1 = const_u64(m, opnd_id(m, sh, 1), &ok1);
            c2 = const_u64(m, opnd_id(m, in, 1), &ok2);
            if (!ok1 || !ok2 || c1 != c2 || c1 >= t->width || y >= m->bound || !bits[y] ||
                bits[y] + c1 + (in->op == SpvOpShiftRightArithmetic) > t->width)
                break;
            read_first_equal(m, in, y, bits, wide);
            break;
        }
        default:
            break;
        }
    }
    free(bits);
    free(wide);
}

static void count_uses(Module *m)
{
    size_t i, k;
    int changed = 1;
    char *dead = xcalloc(m->ninsts, 1);

    for (k = 0; k < m->nfuncs; k++)   /* functions no selected kernel reaches */
        if (!m->funcs[k].reachable)
            memset(dead + m->funcs[k].first, 1, m->funcs[k].last - m->funcs[k].first + 1);
    find_unread_vars(m);
    for (i = m->first_func_inst; i < m->ninsts; i++) {   /* hints that emit nothing */
        const Inst *in = &m->insts[i];
        uint32_t r = in->op == SpvOpStore ? var_root(m, opnd_id(m, in, 0)) : 0;
        if (in->op == SpvOpLifetimeStart || in->op == SpvOpLifetimeStop || (r && m->ids[r].unread))
            dead[i] = 1;   /* (and stores nothing reads back) */
    }

    for (i = m->first_func_inst; i < m->ninsts; i++) {
        Inst *in = &m->insts[i];
        if (dead[i])
            continue;
        for (k = 0; k < in->nopnds; k++) {
            Opnd *o = &m->opnds[in->opnd0 + k];
            uint32_t id = m->words[o->off];
            if (o->kind == OPND_ID && id < m->bound)
                m->ids[id].uses++;
        }
    }
    /* drop pure instructions nobody reads, repeatedly (chains die together);
       a phi read only by instructions that die dies too */
    while (changed) {
        changed = 0;
        for (i = m->ninsts; i-- > m->first_func_inst;) {
            Inst *in = &m->insts[i];
            if (dead[i] || !in->result || m->ids[in->result].uses ||
                (!inst_is_pure(in) && in->op != SpvOpPhi) || in->op == SpvOpFunction)
                continue;
            dead[i] = 1;
            changed = 1;
            for (k = 0; k < in->nopnds; k++) {
                Opnd *o = &m->opnds[in->opnd0 + k];
                uint32_t id = m->words[o->off];
                if (o->kind == OPND_ID && id < m->bound && m->ids[id].uses)
                    m->ids[id].uses--;
            }
        }
    }
    /* what a used module-scope value is made of is used too (a variable's
       initialiser, a constant operation's operands): module scope defines
       before it refers, so one backward pass reaches every level; after
       the drop, so that a variable only dead code reads makes nothing
       used */
    for (i = m->first_func_inst < m->ninsts ? m->first_func_inst : m->ninsts; i-- > 0;) {
        const Inst *in = &m->insts[i];
        if (!in->result || in->result >= m->bound || !m->ids[in->result].uses)
            continue;
        for (k = 0; k < in->nopnds; k++) {
            const Opnd *o = &m->opnds[in->opnd0 + k];
            uint32_t id = m->words[o->off];
            if (o->kind == OPND_ID && id < m->bound && id != in->type)
                m->ids[id].uses++;
        }
    }
    free(dead);
}

/* ---- C spellings of values ---- */

/* give id its C spelling, freeing the one it had (names are owned; the
   name kept as its frame field's is the field's) */
void id_set_c(Name *d, char *c)
{
    if (d->c != d->field)
        free(d->c);
    d->c = c;
}

/* a, b, c, d and id in decimal, in a new string (xsprintf's "%s%s%s%s%u"
   without formatting: one a value of the module) */
static char *spell_id(const char *a, const char *b, const char *c, const char *d, uint32_t id)
{
    const char *part[4] = { a, b, c, d };
    char digits[10], *s, *p;
    size_t len[4], n = 0, k, i;

    do
        digits[n++] = (char)('0' + id % 10);
    while ((id /= 10));
    for (i = 0, k = n; i < 4; i++)
        k += len[i] = strlen(part[i]);
    p = s = xmalloc(k + 1);
    for (i = 0; i < 4; i++) {
        memcpy(p, part[i], len[i]);
        p += len[i];
    }
    while (n)
        *p++ = digits[--n];
    *p = 0;
    return s;
}

static void name_value(Module *m, uint32_t id, const char *prefix)
{
    char tmp[48];
    Id *d = &m->ids[id];

    if (d->name && *d->name) {
        /* NAME_ID: the id keeps it unique and apart from C's keywords; a
           name that would start with a digit, an underscore (reserved
           names) or the runtime's spv2c gets n_ in front */
        sanitize(tmp, 28, d->name);
        d->cname = spell_id(prefix, isdigit((unsigned char)tmp[0]) || tmp[0] == '_' ||
                            !strncmp(tmp, "spv2c", 5) || !strncmp(tmp, "SPV2C", 5) ? "n_" : "",
                            tmp, "_", id);
    } else {
        d->cname = spell_id(prefix, "v_", "", "", id);
    }
}

/* is s a C identifier */
static int c_ident(const char *s)
{
    if (!*s || isdigit((unsigned char)*s))
        return 0;
    for (; *s; s++)
        if (!isalnum((unsigned char)*s) && *s != '_')
            return 0;
    return 1;
}

/* A kernel's function is named after the kernel: k_NAME (its group
   function group_k_NAME, its launchers launch_k_NAME and run_k_NAME). The
   prefix keeps it apart from C's reserved words, the runtime's spv2c_,
   helpers (f_...) and values (NAME_ID, v_ID); kernel names are unique in a
   module. A name that is not a C identifier keeps f_v_ID. */
static void name_kernels(Module *m)
{
    size_t k;
    for (k = 0; k < m->nkernels; k++) {
        Id *d = &m->ids[m->kernels[k].func];
        if (!c_ident(m->kernels[k].name))
            continue;
        free(d->cname);
        d->cname = xsprintf("k_%s", m->kernels[k].name);
    }
}

static void name_values(Module *m)
{
    size_t i;

    for (i = 0; i < m->ninsts; i++) {
        Inst *in = &m->insts[i];
        if (!in->result || m->ids[in->result].type)
            continue;
        if (in->op == SpvOpFunction)
            name_value(m, in->result, "f_");
        else if (in->op == SpvOpVariable && i < m->first_func_inst)
            m->ids[in->result].is_global = 1;
        else if (in->op == SpvOpLabel)
            m->ids[in->result].cname = xsprintf("L_%u", in->result);
        else if (in->op != SpvOpString && in->op != SpvOpExtInstImport)
            name_value(m, in->result, "");
    }
}

int analyse(Module *m, const Options *o)
{
    size_t i;
    int before = diag_count();

    assert(op_props_sorted());
    collect_ids(m);
    collect_names_and_decorations(m);
    check_module(m);
    for (i = 0; i < m->ninsts; i++) {
        Inst *in = &m->insts[i];
        if (in->op >= SpvOpTypeVoid && in->op <= SpvOpTypeForwardPointer) {
            if (in->op == SpvOpTypeStruct && m->ids[in->result].cpacked) {
                /* C99 cannot lay out a packed struct; without it the bits
                   would silently differ */
                diag_error(m, in->word, "unsupported: packed struct (CPacked): C99 has no "
                           "packed layout");
                build_type(m, in);
                continue;
            }
            build_type(m, in);
        } else if (in->op == SpvOpTypePipe || in->op == SpvOpTypeQueue ||
                   in->op == SpvOpTypeReserveId || in->op == SpvOpTypeDeviceEvent ||
                   in->op == SpvOpTypePipeStorage || in->op == SpvOpTypeNamedBarrier) {
            build_type(m, in);
        }
    }
    name_pointers(m);
    collect_functions(m);
    check_params(m);
    collect_kernels(m, o);
    mark_reachable(m);

    for (i = 0; i < m->nfuncs; i++) {
        const Inst *f = &m->insts[m->funcs[i].first];
        if (m->funcs[i].first + 1 >= m->ninsts || m->funcs[i].last == 0)
            continue;
        if (m->funcs[i].reachable && m->funcs[i].nparams + m->funcs[i].first + 1 ==
                                         m->funcs[i].last)
            diag_error(m, f->word, "unsupported: function '%s' is imported (declared "
                       "without a body); link the module first",
                       m->ids[f->result].name ? m->ids[f->result].name : "?");
    }
    if (diag_count() == before)
        exact_conversions(m);
    count_uses(m);
    name_values(m);
    name_kernels(m);
    for (i = 1; i < m->bound; i++)   /* a variable decorated BuiltIn */
        m->ids[i].is_builtin_var = m->ids[i].builtin >= 0 && m->ids[i].inst >= 0 &&
                                   m->insts[m->ids[i].inst].op == SpvOpVariable;
    return diag_count() == before ? 0 : -1;
}

/* the function an id names, through the by-id table (Id.func1), or NULL */
const Func *find_func(const Module *m, uint32_t id)
{
    return id < m->bound && m->ids[id].func1 ? &m->funcs[m->ids[id].func1 - 1] : NULL;
}

int any_resumable(const Module *m)
{
    size_t k;
    for (k = 0; k < m->nkernels; k++)
        if (resumable(m, m->kernels[k].func))
            return 1;
    return 0;
}

uint64_t lit_words(const Module *m, const Inst *in, unsigned k)
{
    const Opnd *o = &m->opnds[in->opnd0 + k];
    uint64_t v = m->words[o->off];
    if (o->n > 1)
        v |= (uint64_t)m->words[o->off + 1] << 32;
    return v;
}

int arg_kind(const Module *m, uint32_t p)
{
    Type *t = type_of(m, p);
    if (t->kind != T_POINTER || m->ids[p].byval)
        return ARG_VALUE;
    if (t->sc == SpvStorageClassWorkgroup)
        return ARG_LOCAL;
    if (t->sc == SpvStorageClassUniformConstant)
        return ARG_CONSTANT;
    return ARG_GLOBAL;
}

Type *value_type(const Module *m, uint32_t p)
{
    Type *t = type_of(m, p);
    return m->ids[p].byval ? m->ids[t->elem].type : t;
}

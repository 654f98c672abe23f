/*
 * api: the generated file's public face, below module.c.
 *
 * The table of kernels and their arguments (what spv2c_launch and the
 * --main driver read), the declarations of the public API (also the
 * --header file) and its definitions: spv2c_launch over the table and one
 * typed entry point a kernel, everything under the public prefix. The
 * launchers they call are kernel.c's.
 */
#include <assert.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include <spirv/unified1/spirv.h>

#include "spv2c.h"

static const Type *T(const Module *m, uint32_t id)
{
    return id < m->bound ? m->ids[id].type : NULL;
}

/* the public name of an argument kind, after the prefix */
static const char *arg_kind_name(int k)
{
    static const char *n[] = { "ARG_GLOBAL", "ARG_CONSTANT", "ARG_LOCAL",
                               "ARG_VALUE" };   /* ORDER ARG_ (spv2c.h) */
    assert(k >= 0 && k < (int)(sizeof n / sizeof *n));
    return n[k];
}

static void arg_rows(Emit *e, Buf *b, size_t k)
{
    const Module *m = e->m;
    const Func *f = find_func(m, m->kernels[k].func);
    unsigned i;

    for (i = 0; i < f->nparams; i++) {
        uint32_t p = f->params[i];
        const Type *vt = value_type(m, p), *st;
        int kind = arg_kind(m, p);
        const char *nm = m->ids[p].name && *m->ids[p].name ? m->ids[p].name : "";
        st = vt->kind == T_VECTOR ? T(m, vt->elem) : vt;
        buf_put(b, "    { ");
        c_string(b, nm);
        buf_printf(b, ", %s%s, %u, %u, %u, %u },\n", e->PU, arg_kind_name(kind),
                   kind == ARG_VALUE ? (unsigned)vt->size : 0u,
                   st->kind == T_FLOAT ? 2u : st->kind == T_INT ? 1u : 0u,
                   st->kind == T_FLOAT || st->kind == T_INT ? st->width : 0u,
                   vt->kind == T_VECTOR ? vt->n : 1u);
    }
    if (!f->nparams)
        buf_put(b, "    { \"\", 0, 0, 0, 0, 0 }\n");
}

void emit_table(Emit *e)
{
    const Module *m = e->m;
    Buf *b = &e->funcs;
    size_t k;

    for (k = 0; k < m->nkernels; k++) {
        buf_printf(b, "static const %sarg_info args_%u[] = {\n", e->P, (unsigned)k);
        arg_rows(e, b, k);
        buf_put(b, "};\n");
    }
    buf_put(b, "static const spv2c_kinfo_ spv2c_ktab_[] = {\n");
    for (k = 0; k < m->nkernels; k++) {
        const Func *f = find_func(m, m->kernels[k].func);
        const uint32_t *ls = m->kernels[k].local_size;
        buf_put(b, "    { ");
        c_string(b, m->kernels[k].name);
        buf_printf(b, ", %u, args_%u, { %u, %u, %u }, launch_%s, frames_%s, %zu },\n", f->nparams,
                   (unsigned)k, ls[0], ls[1], ls[2], kernel_stem(m, &m->kernels[k]),
                   kernel_stem(m, &m->kernels[k]), e->wg_need[k]);
    }
    if (!m->nkernels)
        buf_put(b, "    { \"\", 0, 0, { 0, 0, 0 }, 0, 0, 0 }\n");
    buf_printf(b, "};\nstatic const size_t spv2c_nk_ = %u;\n\n", (unsigned)m->nkernels);
    buf_put(b, "static int spv2c_launch_(const char *kernel, unsigned dim, const size_t *off,\n"
               "    const size_t *gsz, const size_t *lsz, void *const *ptrs, const size_t *sizes,\n"
               "    size_t nargs, void *ws, size_t ws_size, size_t *need)\n{\n"
               "    return spv2c_launch_tab_(spv2c_ktab_, spv2c_nk_, kernel, dim, off, gsz, lsz,\n"
               "        ptrs, sizes, nargs, ws, ws_size, need);\n");
    end_function(e, b);
}

static int valid_c_ident(const char *s)
{
    if (!*s || isdigit((unsigned char)*s))
        return 0;
    for (; *s; s++)
        if (!isalnum((unsigned char)*s) && *s != '_')
            return 0;
    return 1;
}

/* the parameters of a typed entry point: buffers as pointers, __local as
   byte sizes, scalars by value, vectors and structs by address */
static void typed_params(Emit *e, Buf *b, const Func *f)
{
    const Module *m = e->m;
    unsigned i;

    for (i = 0; i < f->nparams; i++) {
        uint32_t p = f->params[i];
        const Type *vt = value_type(m, p);
        char *s;
        switch (arg_kind(m, p)) {
        case ARG_LOCAL: s = xsprintf("size_t local%u", i); break;
        case ARG_VALUE:
            if (vt->kind == T_INT || vt->kind == T_FLOAT)
                s = xsprintf("%s arg%u", vt->c, i);
            else
                s = xsprintf("const void *arg%u", i);
            break;
        default: s = xsprintf("void *buf%u", i); break;
        }
        buf_wrap(b, ", ", s, "    ");
        free(s);
    }
}

/* The launch errors: one table for the public codes, the runtime's names
   for them and the messages main() prints */
static const struct {
    const char *name;   /* PREFIXERR_name; the runtime's SPV2C_E_name_ */
    int code;
    const char *doc, *message;
} errors[] = {
    { "UNKNOWN_KERNEL", -1, "no kernel of that name", "unknown kernel" },
    { "ARG_COUNT", -2, "nargs is not the kernel's parameter count",
      "wrong number of arguments" },
    { "ARG_SIZE", -3, "an argument's size does not fit its parameter",
      "an argument's size does not fit its parameter" },
    { "NDRANGE", -4, "work_dim, sizes or offsets are invalid", "invalid NDRange" },
    { "LOCAL_SIZE", -5, "bad local size for the kernel or range, or > 2^31 - 1",
      "invalid local size" },
    { "NULL_BUFFER", -6, "a buffer argument is NULL but has a size",
      "NULL buffer with a non-zero size" },
    { "LOCAL_MEM", -7, "__local arguments exceed the local memory",
      "__local arguments exceed the local memory" },
    { "WORK_GROUP_MEM", -8, "the work-group's state exceeds SPV2C_FRAME_MEM or the workspace",
      "the work-group's state exceeds the frame memory (SPV2C_FRAME_MEM or workspace)" },
    { "WORKSPACE", -9, "workspace misaligned, or given without SPV2C_WORKSPACE",
      "the workspace is not 16-byte aligned or the C was built without SPV2C_WORKSPACE" },
};

/* What the runtime parts take from the API: its argument rows' type, the
   error codes under the runtime's names, and their messages */
void api_runtime_names(Emit *e, Buf *b)
{
    size_t k;

    buf_printf(b, "typedef %sarg_info spv2c_karg_;\nenum {\n", e->P);
    for (k = 0; k < sizeof errors / sizeof *errors; k++)
        buf_printf(b, "    SPV2C_E_%s_ = %sERR_%s,\n", errors[k].name, e->PU, errors[k].name);
    buf_put(b, "};\n");
    if (!e->o->with_main)   /* main() is the one caller */
        return;
    buf_put(b, "static const char *spv2c_strerror_(int e)\n{\n"
               "    switch (e) {\n    case 0: return \"success\";\n");
    for (k = 0; k < sizeof errors / sizeof *errors; k++)   /* under 100 columns */
        buf_printf(b, "    case SPV2C_E_%s_:%s return \"%s\";\n", errors[k].name,
                   strlen(errors[k].name) + strlen(errors[k].message) > 66 ? "\n       " : "",
                   errors[k].message);
    buf_put(b, "    default: return \"unknown error\";\n    }\n}\n");
}

/* the public API, with the prefix: declarations (for the header) */
void api_decls(Emit *e, Buf *b)
{
    const Module *m = e->m;
    const char *P = e->P, *U = e->PU;
    size_t k;

    for (k = 0; k < sizeof errors / sizeof *errors; k++) {
        /* the comment after the code, or above it where the line would
           pass 100 columns */
        if (strlen(U) + strlen(errors[k].doc) > 100 - 38)
            buf_printf(b, "/* %s */\n#define %sERR_%s (%d)\n", errors[k].doc, U, errors[k].name,
                       errors[k].code);
        else
            buf_printf(b, "#define %sERR_%s (%d)%*s/* %s */\n", U, errors[k].name, errors[k].code,
                       (int)(15 - strlen(errors[k].name)), "", errors[k].doc);
    }
    buf_put(b, "\n");
    buf_printf(b,
        "typedef struct %sndrange {\n"
        "    unsigned work_dim;          /* 1..3 */\n"
        "    size_t global_offset[3];\n"
        "    size_t global_size[3];\n"
        "    size_t local_size[3];       /* all zero: the program picks */\n"
        "} %sndrange;\n\n"
        "typedef struct %sarg {      /* mirrors clSetKernelArg */\n"
        "    void *ptr;    /* __global/__constant buffer: its base address;\n"
        "                     by-value argument: address of the value;\n"
        "                     __local argument: NULL */\n"
        "    size_t size;  /* buffer size in bytes, sizeof the value, or __local bytes */\n"
        "} %sarg;\n\n", P, P, P, P);
    buf_printf(b,
        "enum { %sARG_GLOBAL, %sARG_CONSTANT, %sARG_LOCAL, %sARG_VALUE };\n"
        "typedef struct %sarg_info {\n"
        "    const char *name;     /* the parameter's name in the module, or \"\" */\n"
        "    int kind;             /* %sARG_* */\n"
        "    size_t size;          /* by-value: sizeof the value; 0 otherwise */\n"
        "    unsigned scalar;      /* 1 integer, 2 float, 0 other (structs, pointers) */\n"
        "    unsigned bits;        /* scalar width */\n"
        "    unsigned lanes;       /* vector lanes, 1 for scalars */\n"
        "} %sarg_info;\n"
        "typedef struct %skernel_info {\n"
        "    const char *name;\n"
        "    size_t nargs;\n"
        "    const %sarg_info *args;\n"
        "    size_t reqd_local_size[3];   /* reqd_work_group_size, or zeros */\n"
        "} %skernel_info;\n\n", U, U, U, U, P, U, P, P, P, P);
    buf_printf(b, "extern const %skernel_info %skernels[];\nextern const size_t %snum_kernels;\n\n",
               P, P, P);
    buf_printf(b, "/* 0 on success, a negative %sERR_* code otherwise */\n"
                  "int %slaunch(const char *kernel, const %sndrange *range,\n"
                  "    const %sarg *args, size_t nargs);\n\n", U, P, P, P);
    buf_printf(b, "/* The bytes of workspace the same launch needs: its __local memory\n"
                  "   (kernel-scope variables, then each __local argument 128-byte aligned)\n"
                  "   and one work-group's state (the frames of kernels with barriers, which\n"
                  "   grow with the local size); (size_t)-1 for a launch that %slaunch would\n"
                  "   refuse. Without SPV2C_WORKSPACE the static arenas must hold it. */\n"
                  "size_t %sworkspace_size(const char *kernel, const %sndrange *range,\n"
                  "    const %sarg *args, size_t nargs);\n\n"
                  "/* %slaunch with the caller's workspace, when the C is compiled with\n"
                  "   -DSPV2C_WORKSPACE (no static arenas then; %slaunch is this with\n"
                  "   no workspace): 16-byte aligned, workspace_size bytes at least, or the\n"
                  "   launch returns %sERR_LOCAL_MEM or %sERR_WORK_GROUP_MEM and runs nothing.\n"
                  "   Used only during the call. */\n"
                  "int %slaunch_ws(const char *kernel, const %sndrange *range,\n"
                  "    const %sarg *args, size_t nargs, void *workspace, size_t workspace_size);\n\n",
               P, P, P, P, P, P, U, U, P, P, P);
    for (k = 0; k < m->nkernels; k++) {
        const Func *f = find_func(m, m->kernels[k].func);
        if (!valid_c_ident(m->kernels[k].name))
            continue;   /* no typed entry point: reach it through launch() */
        buf_printf(b, "/* kernel %s: buffers as pointers, __local as byte sizes,\n"
                      "   scalars by value, vectors and structs by address */\n"
                      "int %srun_%s(const %sndrange *range", m->kernels[k].name, P,
                   m->kernels[k].name, P);
        typed_params(e, b, f);
        buf_put(b, ");\n");
    }
}

void api_defs(Emit *e, Buf *b)
{
    const Module *m = e->m;
    const char *P = e->P;
    size_t k;
    unsigned i, maxp = 0;

    buf_printf(b, "const %skernel_info %skernels[] = {\n", P, P);
    for (k = 0; k < m->nkernels; k++) {
        const uint32_t *ls = m->kernels[k].local_size;
        buf_put(b, "    { ");
        c_string(b, m->kernels[k].name);
        buf_printf(b, ", %u, args_%u, { %u, %u, %u } },\n",
                   find_func(m, m->kernels[k].func)->nparams, (unsigned)k, ls[0], ls[1], ls[2]);
    }
    if (!m->nkernels)
        buf_put(b, "    { \"\", 0, 0, { 0, 0, 0 } }\n");
    buf_printf(b, "};\nconst size_t %snum_kernels = %u;\n\n", P, (unsigned)m->nkernels);
    for (k = 0; k < m->nkernels; k++)
        if (find_func(m, m->kernels[k].func)->nparams > maxp)
            maxp = find_func(m, m->kernels[k].func)->nparams;
    buf_printf(b, "/* launch, workspace_size and launch_ws */\n"
                  "static int spv2c_api_launch_(const char *kernel, const %sndrange *range,\n"
                  "    const %sarg *args, size_t nargs, void *ws, size_t ws_size, size_t *need)\n{\n"
                  "    void *ptrs[%u];\n    size_t sizes[%u], i;\n"
                  "    if (!range)\n        return %sERR_NDRANGE;\n"
                  "    if (nargs > %u || (nargs && !args))\n"
                  "        return spv2c_launch_(kernel, 1, 0, 0, 0, 0, 0, (size_t)-1, 0, 0, 0);\n"
                  "    for (i = 0; i < nargs; i++) {\n"
                  "        ptrs[i] = args[i].ptr;\n        sizes[i] = args[i].size;\n    }\n"
                  "    return spv2c_launch_(kernel, range->work_dim, range->global_offset,\n"
                  "        range->global_size, range->local_size, ptrs, sizes, nargs, ws, ws_size,"
                  " need);\n}\n\n",
               P, P, maxp ? maxp : 1, maxp ? maxp : 1, e->PU, maxp);
    buf_printf(b, "int %slaunch(const char *kernel, const %sndrange *range,\n"
                  "    const %sarg *args, size_t nargs)\n{\n"
                  "    return spv2c_api_launch_(kernel, range, args, nargs, 0, 0, 0);\n}\n\n"
                  "size_t %sworkspace_size(const char *kernel, const %sndrange *range,\n"
                  "    const %sarg *args, size_t nargs)\n{\n"
                  "    size_t need = (size_t)-1;\n"
                  "    if (spv2c_api_launch_(kernel, range, args, nargs, 0, 0, &need))\n"
                  "        return (size_t)-1;\n    return need;\n}\n\n"
                  "int %slaunch_ws(const char *kernel, const %sndrange *range,\n"
                  "    const %sarg *args, size_t nargs, void *workspace, size_t workspace_size)\n{\n"
                  "    return spv2c_api_launch_(kernel, range, args, nargs, workspace, workspace_size,"
                  " 0);\n}\n\n",
               P, P, P, P, P, P, P, P, P);
    for (k = 0; k < m->nkernels; k++) {
        const Func *f = find_func(m, m->kernels[k].func);
        if (!valid_c_ident(m->kernels[k].name))
            continue;
        buf_printf(b, "int %srun_%s(const %sndrange *range", P, m->kernels[k].name, P);
        typed_params(e, b, f);
        buf_printf(b, ")\n{\n    %sarg args[%u];\n", P, f->nparams ? f->nparams : 1);
        for (i = 0; i < f->nparams; i++) {
            uint32_t p = f->params[i];
            const Type *vt = value_type(m, p);
            switch (arg_kind(m, p)) {
            case ARG_LOCAL:
                buf_printf(b, "    args[%u].ptr = NULL;\n    args[%u].size = local%u;\n", i, i, i);
                break;
            case ARG_VALUE:
                if (vt->kind == T_INT || vt->kind == T_FLOAT)
                    buf_printf(b, "    args[%u].ptr = &arg%u;\n", i, i);
                else
                    buf_printf(b, "    args[%u].ptr = (void *)(size_t)arg%u;\n", i, i);
                buf_printf(b, "    args[%u].size = %u;\n", i, (unsigned)vt->size);
                break;
            default:
                buf_printf(b, "    args[%u].ptr = buf%u;\n    args[%u].size = 0;\n", i, i, i);
                break;
            }
        }
        if (!f->nparams)
            buf_put(b, "    (void)args;\n");
        buf_printf(b, "    return %slaunch(", P);
        c_string(b, m->kernels[k].name);
        buf_printf(b, ", range, args, %u);\n}\n\n", f->nparams);
    }
}

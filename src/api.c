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
        if (vt->kind == T_IMAGE) {   /* scalar 3: an image, 4: a sampler */
            buf_printf(b, ", %sARG_VALUE, sizeof(%simage), 3, 0, 1 },\n", e->PU, e->P);
            continue;
        }
        buf_printf(b, ", %s%s, %u, %u, %u, %u },\n", e->PU, arg_kind_name(kind),
                   kind == ARG_VALUE ? (unsigned)vt->size : 0u,
                   st->kind == T_FLOAT ? 2u : st->kind == T_INT ? 1u : st->kind == T_SAMPLER ? 4u
                                                                                       : 0u,
                   st->kind == T_FLOAT || st->kind == T_INT || st->kind == T_SAMPLER ? st->width
                                                                                     : 0u,
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

/* ---- the header's C types: the kernel's signature as C ----
   What the typed entry points read like: the kernel's parameter names,
   `const` where its pointer is const, its scalar types with their sign, its
   vector and struct types as typedefs with OpenCL's layout. The sign and
   the qualifiers come from the OpenCL C spellings that llvm-spirv keeps as
   OpString (driver.c asks for them); SPIR-V from elsewhere has integers
   without a sign (they read as unsigned) and NoWrite for const. */

/* Item i of kernel's OpString "WHAT.KERNEL.t0,t1,...," (WHAT is
   kernel_arg_type or kernel_arg_type_qual), a copy the caller frees; NULL
   when the module has none */
static char *arg_md(const Module *m, const char *what, const char *kernel, unsigned i)
{
    size_t k, wl = strlen(what), kl = strlen(kernel);

    for (k = 0; k < m->first_func_inst && k < m->ninsts; k++) {
        char *s, *p, *end;
        unsigned j;
        if (m->insts[k].op != SpvOpString || !(s = read_string(m, m->insts[k].result)))
            continue;
        if (strncmp(s, what, wl) || s[wl] != '.' || strncmp(s + wl + 1, kernel, kl) ||
            s[wl + 1 + kl] != '.') {
            free(s);
            continue;
        }
        for (p = s + wl + kl + 2, j = 0; j < i && p; j++)
            if ((p = strchr(p, ',')) != NULL)
                p++;
        end = p ? strchr(p, ',') : NULL;
        if (end)
            *end = 0;
        p = end ? xstrdup(p) : NULL;
        free(s);
        return p;
    }
    return NULL;
}

/* whether an OpenCL C type's spelling names a signed integer scalar,
   vector or a pointer to one ("int", "char4", "long*") */
static int ocl_signed(const char *s)
{
    static const char *const sg[] = { "char", "short", "int", "long" };
    size_t n, k;

    if (!s)
        return 0;
    n = strcspn(s, "0123456789*");
    for (k = 0; k < sizeof sg / sizeof *sg; k++)
        if (strlen(sg[k]) == n && !strncmp(s, sg[k], n))
            return 1;
    return 0;
}

/* the OpenCL C name of a scalar type */
static const char *ocl_scalar(const Type *t, int sign)
{
    static const char *const in[2][4] = { { "uchar", "ushort", "uint", "ulong" },
                                          { "char", "short", "int", "long" } };
    if (t->kind == T_FLOAT)
        return t->width == 16 ? "half" : t->width == 32 ? "float" : "double";
    return in[sign != 0][t->width == 8 ? 0 : t->width == 16 ? 1 : t->width == 32 ? 2 : 3];
}

/* The typedefs the header's entry points need, each written once before
   its first use, and the layout checks */
typedef struct HTypes {
    const Emit *e;
    Buf defs, checks;
    unsigned char *done;  /* per type id: 1 vector (unsigned or float), 2 signed vector, 4 struct */
    char **sname;         /* per struct type id: its typedef's name */
    int half;             /* PREFIXhalf is used */
} HTypes;

static void put_decl(HTypes *h, Buf *b, const Type *t, int sign, const char *name);

static void hinit(HTypes *h, const Emit *e)
{
    memset(h, 0, sizeof *h);
    h->e = e;
    h->done = xcalloc(e->m->bound + 1, 1);
    h->sname = xcalloc(e->m->bound + 1, sizeof *h->sname);
}

static void hfree(HTypes *h)
{
    uint32_t id;

    for (id = 0; id < h->e->m->bound; id++)
        free(h->sname[id]);
    free(h->sname);
    free(h->done);
    buf_free(&h->defs);
    buf_free(&h->checks);
}

static void put_scalar(HTypes *h, Buf *b, const Type *t, int sign)
{
    if (t->kind == T_FLOAT && t->width == 16) {
        h->half = 1;
        buf_printf(b, "%shalf", h->e->P);
    } else if (t->kind == T_FLOAT) {
        buf_put(b, t->width == 64 ? "double" : "float");
    } else if (t->kind == T_INT) {
        buf_printf(b, "%sint%u_t", sign ? "" : "u", t->width);
    } else {   /* a pointer inside a struct: its bits */
        buf_printf(b, "uint%u_t", (unsigned)t->size * 8);
    }
}

/* the C type of a vector: a struct of its lanes, OpenCL's size and alignment */
static void need_vector(HTypes *h, const Type *v, int sign)
{
    const Emit *e = h->e;
    const Type *el = T(e->m, v->elem);
    unsigned bit = sign && el->kind == T_INT ? 2 : 1;

    if (h->done[v->id] & bit)
        return;
    h->done[v->id] |= bit;
    buf_printf(&h->defs, "/* OpenCL %s%u: %u bytes, %u-byte aligned%s */\n"
                         "typedef struct { SPV2C_API_ALIGNAS(%u) ", ocl_scalar(el, sign), v->n,
               (unsigned)v->size, (unsigned)v->align, v->n == 3 ? "; s[3] is padding" : "",
               (unsigned)v->align);
    put_scalar(h, &h->defs, el, sign);
    buf_printf(&h->defs, " s[%u]; } %s%s%u;\n", v->n == 3 ? 4 : v->n, e->P, ocl_scalar(el, sign),
               v->n);
    buf_printf(&h->checks, "SPV2C_API_CHECK(sizeof(%s%s%u) == %u, \"OpenCL's size\");\n",
               e->P, ocl_scalar(el, sign), v->n, (unsigned)v->size);
    buf_printf(&h->checks, "SPV2C_API_CHECK(SPV2C_API_ALIGNOF(%s%s%u) == %u, "
                           "\"OpenCL's alignment\");\n",
               e->P, ocl_scalar(el, sign), v->n, (unsigned)v->align);
}

/* the alignment the header's C gives a type where the compiler aligns
   scalars by their size (the vectors carry theirs) */
static size_t c_align(const Module *m, const Type *t)
{
    size_t a = 1;
    unsigned i;

    switch (t->kind) {
    case T_VECTOR: return t->align;
    case T_ARRAY: return c_align(m, T(m, t->elem));
    case T_STRUCT:   /* the bytes fallback of a packed struct: 1 */
        for (i = 0; i < t->nmembers; i++) {
            const Type *mt = T(m, t->members[i]);
            if (t->offsets[i] % c_align(m, mt))
                return 1;
            if (c_align(m, mt) > a)
                a = c_align(m, mt);
        }
        if (t->align > a)   /* the first member takes it (struct_body) */
            a = t->align;
        return t->size % a ? 1 : a;
    case T_INT: case T_FLOAT: case T_POINTER: return t->size;
    default: return 1;
    }
}

/* whether C can spell the struct's layout: every member at a multiple of
   its alignment (a packed struct may not be) */
static int c_layout_ok(const Module *m, const Type *s)
{
    return s->nmembers && (c_align(m, s) > 1 || s->align <= 1);
}

static size_t align_up(size_t at, size_t a)
{
    return (at + a - 1) / a * a;
}

/* an API name a struct's typedef must not take */
static int api_name(const char *s)
{
    static const char *const api[] = { "ndrange", "arg", "arg_info", "kernel_info", "kernels",
                                       "num_kernels", "launch", "launch_ws", "workspace_size",
                                       "strerror", "half" };
    size_t k;

    for (k = 0; k < sizeof api / sizeof *api; k++)
        if (!strcmp(s, api[k]))
            return 1;
    return !strncmp(s, "run_", 4) || ocl_signed(s) || (*s == 'u' && ocl_signed(s + 1)) ||
           !strncmp(s, "float", 5) || !strncmp(s, "double", 6) || !strncmp(s, "half", 4);
}

/* a struct typedef's name: PREFIX and the module's name for it ("node" for
   OpName "struct.node"), made unique with its id where needed */
static const char *struct_name(HTypes *h, const Type *s)
{
    const Module *m = h->e->m;
    const char *nm = m->ids[s->id].name ? m->ids[s->id].name : "";
    char *base;
    uint32_t id;
    size_t i;

    if (h->sname[s->id])
        return h->sname[s->id];
    if (!strncmp(nm, "struct.", 7) || !strncmp(nm, "union.", 6))
        nm = strchr(nm, '.') + 1;
    base = xsprintf("%s", *nm ? nm : "struct");
    for (i = 0; base[i]; i++)
        if (!isalnum((unsigned char)base[i]))
            base[i] = '_';
    h->sname[s->id] = xsprintf("%s%s", h->e->P, base);
    for (id = 0; id < m->bound; id++)
        if (id != s->id && h->sname[id] && !strcmp(h->sname[id], h->sname[s->id]))
            break;
    if (!*nm || api_name(base) || id < m->bound) {
        free(h->sname[s->id]);
        h->sname[s->id] = xsprintf("%s%s_%u", h->e->P, base, s->id);
    }
    free(base);
    return h->sname[s->id];
}

/* the largest alignment of a struct's members */
static size_t align_of_members(const Module *m, const Type *s)
{
    size_t a = 1;
    unsigned i;

    for (i = 0; i < s->nmembers; i++)
        if (c_align(m, T(m, s->members[i])) > a)
            a = c_align(m, T(m, s->members[i]));
    return a;
}

/* a struct's body: its members m0, m1... (SPIR-V keeps no member names) at
   their offsets: explicit padding only where C's alignment would not put
   them (the 64-bit scalars aligned to 8 as OpenCL does, also on i386) */
static void struct_body(HTypes *h, Buf *b, const Type *s, const char *name)
{
    const Module *m = h->e->m;
    size_t at = 0;
    unsigned i;

    for (i = 0; i < s->nmembers; i++) {
        const Type *mt = T(m, s->members[i]);
        size_t a = c_align(m, mt), amax = i == 0 ? align_of_members(m, s) : 0;
        char *mn = xsprintf("m%u", i);
        if (s->offsets[i] != align_up(at, a))
            buf_printf(b, "    unsigned char pad%u[%u];\n", i, (unsigned)(s->offsets[i] - at));
        buf_put(b, "    ");
        if (i == 0 && c_align(m, s) > amax)
            buf_printf(b, "SPV2C_API_ALIGNAS(%u) ", (unsigned)c_align(m, s));
        else if (mt->size == 8 && (mt->kind == T_INT || mt->kind == T_FLOAT ||
                                   mt->kind == T_POINTER))
            buf_put(b, "SPV2C_API_ALIGNAS(8) ");   /* i386 aligns them to 4 */
        put_decl(h, b, mt, 0, mn);
        buf_put(b, ";\n");
        buf_printf(&h->checks, "SPV2C_API_CHECK(offsetof(%s, %s) == %u, \"OpenCL's layout\");\n",
                   name, mn, (unsigned)s->offsets[i]);
        at = s->offsets[i] + T(m, s->members[i])->size;
        free(mn);
    }
    if (s->size != align_up(at, c_align(m, s)))
        buf_printf(b, "    unsigned char pad_end[%u];\n", (unsigned)(s->size - at));
}

/* the C type of a struct the kernel takes or points to: a typedef with the
   same layout, checked under C11 and C++11 */
static void need_struct(HTypes *h, const Type *s)
{
    Buf body = { 0 };
    const char *name = struct_name(h, s), *on = h->e->m->ids[s->id].name;

    if (h->done[s->id] & 4)
        return;
    h->done[s->id] |= 4;
    if (c_layout_ok(h->e->m, s))
        struct_body(h, &body, s, name);   /* the members' typedefs first */
    else
        buf_printf(&body, "    unsigned char bytes[%u];   /* packed: no C spelling */\n",
                   (unsigned)s->size);
    if (on && (!strncmp(on, "struct.", 7) || !strncmp(on, "union.", 6)))
        buf_printf(&h->defs, "/* %.*s %s:", (int)(strchr(on, '.') - on), on, strchr(on, '.') + 1);
    else
        buf_printf(&h->defs, "/* %s:", on ? on : "a struct");
    buf_printf(&h->defs, " %u bytes, %u-byte aligned in OpenCL C */\ntypedef struct %s {\n"
                         "%s} %s;\n", (unsigned)s->size,
               (unsigned)s->align, name, body.s, name);
    buf_printf(&h->checks, "SPV2C_API_CHECK(sizeof(%s) == %u, \"OpenCL's layout\");\n", name,
               (unsigned)s->size);
    buf_free(&body);
}

/* a declaration of name with type t: arrays as C arrays, name may be
   "*p" (a pointer to t) */
static void put_decl(HTypes *h, Buf *b, const Type *t, int sign, const char *name)
{
    const Module *m = h->e->m;
    const Type *base = t;
    Buf dims = { 0 };

    while (base->kind == T_ARRAY) {
        buf_printf(&dims, "[%u]", base->n);
        base = T(m, base->elem);
    }
    if (base->kind == T_VECTOR) {
        need_vector(h, base, sign);
        buf_printf(b, "%s%s%u", h->e->P, ocl_scalar(T(m, base->elem), sign), base->n);
    } else if (base->kind == T_STRUCT) {
        need_struct(h, base);
        buf_put(b, struct_name(h, base));
    } else if (base->kind == T_INT || base->kind == T_FLOAT || base->kind == T_POINTER) {
        put_scalar(h, b, base, sign);
    } else {
        buf_put(b, "unsigned char");
        buf_printf(&dims, "[%u]", (unsigned)base->size);
    }
    if (dims.s && *name == '*')
        buf_printf(b, " (%s)%s", name, dims.s);
    else
        buf_printf(b, " %s%s", name, dims.s ? dims.s : "");
    buf_free(&dims);
}

/* names a parameter of a typed entry point must not take: C and C++
   keywords, the standard library's macros and types, the entry point's
   own (range, args), and the stems of the fallback names */
static int reserved_name(const Emit *e, const char *s)
{
    static const char *const kw[] = {
        "auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else",
        "enum", "extern", "float", "for", "goto", "if", "inline", "int", "long", "register",
        "restrict", "return", "short", "signed", "sizeof", "static", "struct", "switch",
        "typedef", "union", "unsigned", "void", "volatile", "while", "alignas", "alignof", "and",
        "and_eq", "asm", "bitand", "bitor", "bool", "catch", "char16_t", "char32_t", "char8_t",
        "class", "compl", "concept", "consteval", "constexpr", "constinit", "const_cast",
        "co_await", "co_return", "co_yield", "decltype", "delete", "dynamic_cast", "explicit",
        "export", "false", "friend", "mutable", "namespace", "new", "noexcept", "not", "not_eq",
        "nullptr", "operator", "or", "or_eq", "private", "protected", "public", "reinterpret_cast",
        "requires", "static_assert", "static_cast", "template", "this", "thread_local", "throw",
        "true", "try", "typeid", "typename", "using", "virtual", "wchar_t", "xor", "xor_eq",
        "NULL", "EOF", "errno", "stdin", "stdout", "stderr", "assert", "offsetof", "complex",
        "imaginary", "I", "range", "args" };
    size_t k, n = strlen(s);

    for (k = 0; k < sizeof kw / sizeof *kw; k++)
        if (!strcmp(s, kw[k]))
            return 1;
    if (!strncmp(s, "arg", 3) && strspn(s + 3, "0123456789") > 0)
        return 1;   /* the fallback names' stems */
    return (s[0] == '_' && (s[1] == '_' || isupper((unsigned char)s[1]))) ||
           (n > 2 && !strcmp(s + n - 2, "_t")) || !strncmp(s, e->P, strlen(e->P)) ||
           !strncmp(s, e->PU, strlen(e->PU)) || !strncmp(s, "spv2c_", 6) ||
           !strncmp(s, "SPV2C_", 6);
}

/* The C names of a kernel's parameters: the module's where C can take
   them, else argN. A buffer also takes NAME_bytes; a __local argument is
   NAME_bytes alone. */
static char **param_names(const Emit *e, const Func *f)
{
    const Module *m = e->m;
    char **nm = xcalloc(f->nparams + 1, sizeof *nm);
    unsigned i, j;

    for (i = 0; i < f->nparams; i++) {
        const char *s = m->ids[f->params[i]].name;
        nm[i] = s && valid_c_ident(s) && !reserved_name(e, s) ? xstrdup(s) : xsprintf("arg%u", i);
    }
    for (i = 0; i < f->nparams; i++)
        for (j = 0; j < f->nparams; j++) {
            size_t n = strlen(nm[j]);
            if (i != j && (!strcmp(nm[i], nm[j]) || (!strncmp(nm[i], nm[j], n) &&
                                                       !strcmp(nm[i] + n, "_bytes")))) {
                free(nm[i]);
                nm[i] = xsprintf("arg%u", i);
            }
        }
    return nm;
}

static void free_names(char **nm, unsigned n)
{
    unsigned i;

    for (i = 0; i < n; i++)
        free(nm[i]);
    free(nm);
}

/* whether buffer parameter i of kernel k is const: its OpenCL C qualifier,
   else its storage class (__constant) or the module's NoWrite */
static int buffer_const(const Module *m, const Kernel *k, const Func *f, unsigned i)
{
    char *q = arg_md(m, "kernel_arg_type_qual", k->name, i);
    int c;

    if (q) {
        c = strstr(q, "const") != NULL;
        free(q);
        return c;
    }
    return arg_kind(m, f->params[i]) == ARG_CONSTANT || m->ids[f->params[i]].nowrite;
}

/* one parameter of a typed entry point, as "TYPE NAME" (and ", size_t
   NAME_bytes" for a buffer) */
static char *typed_param(HTypes *h, const Kernel *k, const Func *f, unsigned i, const char *nm)
{
    const Module *m = h->e->m;
    uint32_t p = f->params[i];
    const Type *vt = value_type(m, p), *el;
    char *ty = arg_md(m, "kernel_arg_type", k->name, i), *s, *star = xsprintf("*%s", nm);
    int sign = ocl_signed(ty);
    Buf b = { 0 };

    switch (arg_kind(m, p)) {
    case ARG_LOCAL: buf_printf(&b, "size_t %s_bytes", nm); break;
    case ARG_VALUE:
        if (vt->kind == T_INT || vt->kind == T_FLOAT) {
            put_decl(h, &b, vt, sign, nm);
        } else if (vt->kind == T_SAMPLER) {
            buf_printf(&b, "uint32_t %s", nm);
        } else if (vt->kind == T_IMAGE) {
            buf_printf(&b, "const %simage *%s", h->e->P, nm);
        } else {
            buf_put(&b, "const ");
            put_decl(h, &b, vt, sign, star);
        }
        break;
    default:
        el = T(m, vt->elem);
        if (buffer_const(m, k, f, i))
            buf_put(&b, "const ");
        if ((ty && !strncmp(ty, "void*", 5)) || !el || el->kind < T_INT || el->kind > T_STRUCT)
            buf_printf(&b, "void *%s", nm);
        else
            put_decl(h, &b, el, sign, star);
        buf_printf(&b, ", size_t %s_bytes", nm);
        break;
    }
    free(ty);
    free(star);
    s = xstrdup(b.s);
    buf_free(&b);
    return s;
}

/* the parameters of kernel k's typed entry point, after the range */
static void typed_params(HTypes *h, Buf *b, const Kernel *k, char **names)
{
    const Func *f = find_func(h->e->m, k->func);
    unsigned i;

    for (i = 0; i < f->nparams; i++) {
        char *s = typed_param(h, k, f, i, names[i]);
        buf_wrap(b, ", ", s, "    ");
        free(s);
    }
}

/* the macros of the header's types: OpenCL's alignment where the language
   spells it (C11, C++11, GNU C; other C99 compilers align naturally) and
   the layout checks (C11, C++11) */
static void put_type_macros(Buf *b)
{
    buf_put(b, "#ifndef SPV2C_API_ALIGNAS\n"
               "#if defined(__cplusplus) && __cplusplus >= 201103L\n"
               "#define SPV2C_API_ALIGNAS(n) alignas(n)\n"
               "#elif defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L\n"
               "#define SPV2C_API_ALIGNAS(n) _Alignas(n)\n"
               "#elif defined(__GNUC__)\n"
               "#define SPV2C_API_ALIGNAS(n) __attribute__((aligned(n)))\n"
               "#else\n#define SPV2C_API_ALIGNAS(n)\n#endif\n"
               "#if defined(__cplusplus) && __cplusplus >= 201103L\n"
               "#define SPV2C_API_CHECK(c, m) static_assert(c, m)\n"
               "#define SPV2C_API_ALIGNOF(t) alignof(t)\n"
               "#elif defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L\n"
               "#define SPV2C_API_CHECK(c, m) _Static_assert(c, m)\n"
               "#define SPV2C_API_ALIGNOF(t) _Alignof(t)\n"
               "#endif\n#endif\n\n");
}

/* The typed entry points' declarations, after the types they use */
static void typed_decls(Emit *e, Buf *b)
{
    const Module *m = e->m;
    HTypes h;
    Buf ent = { 0 };
    size_t k;

    hinit(&h, e);
    for (k = 0; k < m->nkernels; k++) {
        const Kernel *kn = &m->kernels[k];
        const Func *f = find_func(m, kn->func);
        char **names;
        if (!valid_c_ident(kn->name))
            continue;   /* no typed entry point: reach it through launch() */
        names = param_names(e, f);
        buf_printf(&ent, "int %srun_%s(const %sndrange *range", e->P, kn->name, e->P);
        typed_params(&h, &ent, kn, names);
        buf_put(&ent, ");\n");
        free_names(names, f->nparams);
    }
    if (h.defs.s || h.half)
        put_type_macros(b);
    if (h.half)
        buf_printf(b, "/* an OpenCL half: the bits of an IEEE binary16 value */\n"
                      "typedef uint16_t %shalf;\n", e->P);
    if (h.defs.s)
        buf_printf(b, "%s", h.defs.s);
    if (h.checks.s)
        buf_printf(b, "#ifdef SPV2C_API_CHECK\n%s#endif\n", h.checks.s);
    if (ent.s)
        buf_printf(b, "%s/* One entry point a kernel: its parameters in order, each buffer "
                      "followed\n"
                      "   by its size in bytes (checked under --checked; 0: unknown, unchecked),\n"
                      "   each __local argument as its size in bytes, scalars by value, vectors\n"
                      "   and structs by address. 0 or a %sERR_* code, as %slaunch. */\n%s",
                   h.defs.s || h.half ? "\n" : "", e->PU, e->P, ent.s);
    hfree(&h);
    buf_free(&ent);
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
    { "IMAGE", -10, "an image's format is not supported, or an extent is 0, or data NULL",
      "an image argument's format is not supported, or an extent is 0, or data is NULL" },
};
/* the codes every module has; IMAGE only where the module has images */
#define NERR_PLAIN 9

static size_t nerrors(const Module *m)
{
    return m->has_images ? sizeof errors / sizeof *errors : NERR_PLAIN;
}

/* What the runtime parts take from the API: its argument rows' type, the
   error codes under the runtime's names, and their messages */
void api_runtime_names(Emit *e, Buf *b)
{
    size_t k;

    if (e->m->has_images)
        buf_printf(b, "typedef %simage spv2c_image_;\n", e->P);
    buf_printf(b, "typedef %sarg_info spv2c_karg_;\nenum {\n", e->P);
    for (k = 0; k < nerrors(e->m); k++)
        buf_printf(b, "    SPV2C_E_%s_ = %sERR_%s,\n", errors[k].name, e->PU, errors[k].name);
    buf_put(b, "};\n");
    if (e->o->with_main)
        buf_put(b, "/* --main's view of a parameter's value or element (spv2c_mtypes_): scalar\n"
                   "   leaves at offsets; kind 1 unsigned, 2 float, 3 signed, 4 an integer of\n"
                   "   unknown sign; no leaves: no inline form */\n"
                   "typedef struct spv2c_mleaf_ {\n    unsigned off, kind, bytes;\n"
                   "} spv2c_mleaf_;\ntypedef struct spv2c_mtype_ {\n"
                   "    const char *type;   /* its OpenCL C name */\n"
                   "    size_t size;\n    unsigned nleaf;\n    const spv2c_mleaf_ *leaf;\n"
                   "} spv2c_mtype_;\n");
    buf_put(b, "static const char *spv2c_strerror_(int e)\n{\n"
               "    switch (e) {\n    case 0: return \"success\";\n");
    for (k = 0; k < nerrors(e->m); k++)   /* under 100 columns */
        buf_printf(b, "    case SPV2C_E_%s_:%s return \"%s\";\n", errors[k].name,
                   strlen(errors[k].name) + strlen(errors[k].message) > 66 ? "\n       " : "",
                   errors[k].message);
    buf_put(b, "    default: return \"unknown error\";\n    }\n}\n");
}

/* a module with images: the image struct and the sampler's bit field */
static void image_decls(Emit *e, Buf *b)
{
    const char *P = e->P, *U = e->PU;

    buf_printf(b,
        "/* An image argument (image1d_t ... image3d_t, image1d_buffer_t): pass the\n"
        "   address of one as the argument's ptr, sizeof it as its size; its row\n"
        "   in %skernels has kind %sARG_VALUE and scalar 3 (a sampler's: scalar 4).\n"
        "   order and type are cl_image_format's values (CL_RGBA 0x10B5,\n"
        "   CL_UNORM_INT8 0x10D2, ...); unused extents are 1; the pitches are in\n"
        "   bytes, 0 for packed rows and slices; the layers of a 1-D or 2-D array\n"
        "   are slice_pitch apart. */\n"
        "typedef struct %simage {\n"
        "    void *data;\n"
        "    uint32_t order, type;        /* channel order, channel data type */\n"
        "    size_t width, height, depth, array_size;\n"
        "    size_t row_pitch, slice_pitch;\n"
        "} %simage;\n\n"
        "/* A sampler argument: a uint32_t, OpenCL C's sampler_t bit field */\n"
        "enum {\n"
        "    %sNORMALIZED_COORDS = 1, %sADDRESS_NONE = 0, %sADDRESS_CLAMP_TO_EDGE = 2,\n"
        "    %sADDRESS_CLAMP = 4, %sADDRESS_REPEAT = 6, %sADDRESS_MIRRORED_REPEAT = 8,\n"
        "    %sFILTER_NEAREST = 0x10, %sFILTER_LINEAR = 0x20\n"
        "};\n\n", P, U, P, P, U, U, U, U, U, U, U, U);
}

/* the public API, with the prefix: declarations (for the header) */
void api_decls(Emit *e, Buf *b)
{
    const char *P = e->P, *U = e->PU;
    size_t k;

    for (k = 0; k < nerrors(e->m); k++) {
        /* the comment after the code, or above it where the line would
           pass 100 columns */
        if (strlen(U) + strlen(errors[k].doc) > 100 - 38)
            buf_printf(b, "/* %s */\n#define %sERR_%s (%d)\n", errors[k].doc, U, errors[k].name,
                       errors[k].code);
        else
            buf_printf(b, "#define %sERR_%s (%d)%*s/* %s */\n", U, errors[k].name, errors[k].code,
                       (int)(15 - strlen(errors[k].name)), "", errors[k].doc);
    }
    buf_printf(b, "/* the message of 0 or of a %sERR_* code */\n"
                  "const char *%sstrerror(int code);\n\n", U, P);
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
    if (e->m->has_images)
        image_decls(e, b);
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
    typed_decls(e, b);
}

/* ---- --main's table of the parameters' types ----
   For the driver's fill:, range:, print: and inline values (runtime/
   main.h): each parameter's value (by-value) or element (buffer) as its
   scalar leaves in memory order, with the sign the OpenCL C type gives */

#define MAX_LEAVES 64   /* more: no inline form (in:PATH, val:PATH) */

/* the leaves of type t at offset off, as "{ off, kind, bytes }" rows;
   their count, or -1 past MAX_LEAVES */
static int put_leaves(const Module *m, Buf *b, const Type *t, size_t off, int sign, int n)
{
    unsigned i;

    switch (t->kind) {
    case T_VECTOR: case T_ARRAY:
        for (i = 0; i < t->n && n >= 0; i++)
            n = put_leaves(m, b, T(m, t->elem), off + i * T(m, t->elem)->size, sign, n);
        return n;
    case T_STRUCT:
        for (i = 0; i < t->nmembers && n >= 0; i++)
            n = put_leaves(m, b, T(m, t->members[i]), off + t->offsets[i], 4, n);
        return n;
    default:
        if (n >= MAX_LEAVES)
            return -1;
        /* kind: 1 unsigned, 2 float, 3 signed, 4 an integer of unknown sign */
        buf_printf(b, "%s{ %u, %d, %u }", n ? ", " : "", (unsigned)off,
                   t->kind == T_FLOAT ? 2 : t->kind == T_INT ? sign : 1, (unsigned)t->size);
        return n + 1;
    }
}

/* the OpenCL C name of a parameter's value or element type, for messages */
static char *elem_name(const Module *m, const Type *t, const char *ty, int sign)
{
    if (ty && *ty) {
        char *s = xstrdup(ty);
        if (*s && s[strlen(s) - 1] == '*')
            s[strlen(s) - 1] = 0;
        return s;
    }
    if (t->kind == T_VECTOR)
        return xsprintf("%s%u", ocl_scalar(T(m, t->elem), sign != 1), t->n);
    if (t->kind == T_INT || t->kind == T_FLOAT)
        return xstrdup(ocl_scalar(t, sign != 1));
    return xstrdup(t->kind == T_STRUCT ? "struct" : "data");
}

/* one kernel's rows: spv2c_ml<k>_ (the leaves), spv2c_mt<k>_ (a parameter each) */
static void main_rows(Emit *e, Buf *b, size_t k)
{
    const Module *m = e->m;
    const Kernel *kn = &m->kernels[k];
    const Func *f = find_func(m, kn->func);
    Buf lv = { 0 }, rows = { 0 };
    unsigned i;
    int at = 0;

    for (i = 0; i < f->nparams; i++) {
        int kind = arg_kind(m, f->params[i]), n;
        const Type *vt = value_type(m, f->params[i]);
        const Type *t = kind == ARG_VALUE ? vt : T(m, vt->elem);
        char *ty = arg_md(m, "kernel_arg_type", kn->name, i), *nm;
        int sign = ty ? (ocl_signed(ty) ? 3 : 1) : 4;
        Buf one = { 0 };
        if (kind == ARG_LOCAL || !t) {
            buf_printf(&rows, "    { \"local\", 0, 0, 0 },\n");
            free(ty);
            continue;
        }
        n = put_leaves(m, &one, t, 0, sign, 0);
        nm = elem_name(m, t, ty, sign);
        buf_put(&rows, "    { ");
        c_string(&rows, nm);
        buf_printf(&rows, ", %u, %d, spv2c_ml%u_ + %d },\n", (unsigned)t->size, n > 0 ? n : 0,
                   (unsigned)k, n > 0 ? at : 0);
        if (n > 0) {
            buf_printf(&lv, "%s%s", at ? ",\n    " : "    ", one.s);
            at += n;
        }
        buf_free(&one);
        free(nm);
        free(ty);
    }
    buf_printf(b, "static const spv2c_mleaf_ spv2c_ml%u_[] = {\n%s\n};\n", (unsigned)k,
               lv.s ? lv.s : "    { 0, 0, 0 }");
    buf_printf(b, "static const spv2c_mtype_ spv2c_mt%u_[] = {\n%s};\n", (unsigned)k,
               rows.s ? rows.s : "    { \"\", 0, 0, 0 },\n");
    buf_free(&lv);
    buf_free(&rows);
}

/* --main's table: spv2c_mtypes_[kernel][parameter] */
static void main_table(Emit *e, Buf *b)
{
    size_t k;

    buf_put(b, "/* --main: each parameter's value or element type as its scalar leaves */\n");
    for (k = 0; k < e->m->nkernels; k++)
        main_rows(e, b, k);
    buf_put(b, "static const spv2c_mtype_ *const spv2c_mtypes_[] = {\n");
    for (k = 0; k < e->m->nkernels; k++)
        buf_printf(b, "    spv2c_mt%u_,\n", (unsigned)k);
    if (!e->m->nkernels)
        buf_put(b, "    0\n");
    buf_put(b, "};\n\n");
}

/* kernel k's typed entry point: its arguments into a launch */
static void typed_def(Emit *e, Buf *b, const Kernel *kn)
{
    const Module *m = e->m;
    const Func *f = find_func(m, kn->func);
    char **nm = param_names(e, f);
    HTypes h;
    unsigned i;

    hinit(&h, e);
    buf_printf(b, "int %srun_%s(const %sndrange *range", e->P, kn->name, e->P);
    typed_params(&h, b, kn, nm);
    buf_printf(b, ")\n{\n    %sarg args[%u];\n", e->P, f->nparams ? f->nparams : 1);
    for (i = 0; i < f->nparams; i++) {
        const Type *vt = value_type(m, f->params[i]);
        switch (arg_kind(m, f->params[i])) {
        case ARG_LOCAL:
            buf_printf(b, "    args[%u].ptr = NULL;\n    args[%u].size = %s_bytes;\n", i, i, nm[i]);
            break;
        case ARG_VALUE:
            if (vt->kind == T_INT || vt->kind == T_FLOAT || vt->kind == T_SAMPLER)
                buf_printf(b, "    args[%u].ptr = &%s;\n", i, nm[i]);
            else
                buf_printf(b, "    args[%u].ptr = (void *)(size_t)%s;\n", i, nm[i]);
            if (vt->kind == T_IMAGE)
                buf_printf(b, "    args[%u].size = sizeof *%s;\n", i, nm[i]);
            else
                buf_printf(b, "    args[%u].size = %u;\n", i, (unsigned)vt->size);
            break;
        default:
            buf_printf(b, "    args[%u].ptr = (void *)(size_t)%s;\n    args[%u].size = %s_bytes;\n",
                       i, nm[i], i, nm[i]);
            break;
        }
    }
    if (!f->nparams)
        buf_put(b, "    (void)args;\n");
    buf_printf(b, "    return %slaunch(", e->P);
    c_string(b, kn->name);
    buf_printf(b, ", range, args, %u);\n}\n\n", f->nparams);
    hfree(&h);
    free_names(nm, f->nparams);
}

void api_defs(Emit *e, Buf *b)
{
    const Module *m = e->m;
    const char *P = e->P;
    size_t k;
    unsigned maxp = 0;

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
    buf_printf(b, "const char *%sstrerror(int code)\n{\n"
                  "    return spv2c_strerror_(code);\n}\n\n", P);
    for (k = 0; k < m->nkernels; k++)
        if (valid_c_ident(m->kernels[k].name))
            typed_def(e, b, &m->kernels[k]);
    if (e->o->with_main)
        main_table(e, b);
}


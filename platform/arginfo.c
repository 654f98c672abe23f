/*
 * arginfo: what clGetKernelArgInfo answers beyond the kernel table (the
 * table gives the address qualifier). A build that translates (not a cache
 * hit) reads the program's SPIR-V: its IL, its linked modules, or, for a
 * source program built with -cl-kernel-arg-info, the module the front end
 * makes of it (one more translation, --emit-spirv). Each kernel parameter
 * gives the access qualifier of its image type (OpTypeImage), and for that
 * source program only, as the specification asks, its name (OpName) and its
 * OpenCL C type and type qualifiers: the OpString
 * "kernel_arg_type.KERNEL.T0,T1,...," and "kernel_arg_type_qual.KERNEL.Q0,...,"
 * that llvm-spirv writes with --preserve-ocl-kernel-arg-type-metadata-through-string
 * (src/cl/driver.c asks for them). The build puts the answers into the
 * shared object as the text spv2c_cl_arg_info (so the cache keeps them):
 * per kernel a line "k<TAB>KERNEL", then per parameter
 * "a<TAB>ACCESS<TAB>QUALS<TAB>NAME<TAB>TYPE", ACCESS the
 * cl_kernel_arg_access_qualifier, QUALS the cl_kernel_arg_type_qualifier
 * bits or -1 and NAME and TYPE empty when they are not available.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "icd.h"

enum { OP_NAME = 5, OP_STRING = 7, OP_ENTRY_POINT = 15, OP_TYPE_IMAGE = 25,
       OP_FUNCTION = 54, OP_FUNCTION_PARAMETER = 55, MODEL_KERNEL = 6 };

typedef struct Spv {
    const uint32_t *w;
    size_t n;                   /* words */
    uint32_t bound;
    const char **name;          /* OpName's, by id */
    uint32_t *access;           /* an image type's access qualifier + 1, by id; 0 other */
} Spv;

typedef struct Out {
    char *s;
    size_t len, cap;
    int bad;
} Out;

static void put(Out *o, const char *fmt, ...)
{
    va_list ap;
    size_t cap;
    char *s;
    int n;

    va_start(ap, fmt);
    n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (o->bad || n < 0) {
        o->bad = 1;
        return;
    }
    if (o->len + n + 1 > o->cap) {
        cap = 2 * (o->len + n + 1);
        if ((s = realloc(o->s, cap)) == NULL) {
            o->bad = 1;
            return;
        }
        o->s = s;
        o->cap = cap;
    }
    va_start(ap, fmt);
    vsnprintf(o->s + o->len, n + 1, fmt, ap);
    va_end(ap);
    o->len += n;
}

/* the literal string of an instruction at words w[0..nw), or NULL: no NUL in it */
static const char *lit(const uint32_t *w, size_t nw)
{
    const char *s = (const char *)w;
    return nw && memchr(s, 0, nw * 4) ? s : NULL;
}

/* the names and image types of the module (0), or -1: not a module */
static int index_module(Spv *m)
{
    size_t i, wc;

    if (m->n < 5 || m->w[0] != 0x07230203u || m->w[3] > (1u << 24))
        return -1;
    m->bound = m->w[3];
    m->name = calloc(m->bound + 1, sizeof *m->name);
    m->access = calloc(m->bound + 1, sizeof *m->access);
    if (!m->name || !m->access)
        return -1;
    for (i = 5; i < m->n; i += wc) {
        uint32_t op = m->w[i] & 0xffff;
        if ((wc = m->w[i] >> 16) == 0 || i + wc > m->n)
            return -1;
        if (op == OP_NAME && wc > 2 && m->w[i + 1] < m->bound)
            m->name[m->w[i + 1]] = lit(m->w + i + 2, wc - 2);
        if (op == OP_TYPE_IMAGE && wc > 9 && m->w[i + 1] < m->bound)
            m->access[m->w[i + 1]] = m->w[i + 9] + 1;
    }
    return 0;
}

/* item i (a copy into buf, at most n bytes) of the OpString "WHAT.KERNEL.I0,I1,...,";
   0, or -1 when the module has no such string or item */
static int md_item(const Spv *m, const char *what, const char *kernel, unsigned i, char *buf,
                   size_t n)
{
    size_t k, wc, wl = strlen(what), kl = strlen(kernel), len;
    const char *s, *p;

    for (k = 5; k < m->n; k += wc) {
        wc = m->w[k] >> 16;
        if ((m->w[k] & 0xffff) != OP_STRING || wc < 3 || (s = lit(m->w + k + 2, wc - 2)) == NULL ||
            strncmp(s, what, wl) || s[wl] != '.' || strncmp(s + wl + 1, kernel, kl) ||
            s[wl + 1 + kl] != '.')
            continue;
        for (p = s + wl + kl + 2; i > 0 && p; i--)
            if ((p = strchr(p, ',')) != NULL)
                p++;
        if (!p || !strchr(p, ','))
            return -1;
        len = (size_t)(strchr(p, ',') - p);
        if (len >= n)
            return -1;
        memcpy(buf, p, len);
        buf[len] = 0;
        return 0;
    }
    return -1;
}

/* a qualifier list's bits ("restrict const"), -1 when there is none */
static long qual_bits(const Spv *m, const char *kernel, unsigned i)
{
    char q[256];
    long b = 0;

    if (md_item(m, "kernel_arg_type_qual", kernel, i, q, sizeof q))
        return -1;
    b |= strstr(q, "const") ? CL_KERNEL_ARG_TYPE_CONST : 0;
    b |= strstr(q, "restrict") ? CL_KERNEL_ARG_TYPE_RESTRICT : 0;
    b |= strstr(q, "volatile") ? CL_KERNEL_ARG_TYPE_VOLATILE : 0;
    b |= strstr(q, "pipe") ? CL_KERNEL_ARG_TYPE_PIPE : 0;
    return b;
}

/* the line of parameter i (id, of type ty) of kernel */
static void param_line(const Spv *m, Out *o, const char *kernel, unsigned i, uint32_t id,
                       uint32_t ty, int full)
{
    static const cl_kernel_arg_access_qualifier acc[] = {
        CL_KERNEL_ARG_ACCESS_NONE, CL_KERNEL_ARG_ACCESS_READ_ONLY,
        CL_KERNEL_ARG_ACCESS_WRITE_ONLY, CL_KERNEL_ARG_ACCESS_READ_WRITE };
    uint32_t a = ty < m->bound && m->access[ty] <= 3 ? m->access[ty] : 0;
    const char *nm = full && id < m->bound && m->name[id] ? m->name[id] : "";
    char type[256] = "";

    if (full)
        md_item(m, "kernel_arg_type", kernel, i, type, sizeof type);
    put(o, "a\t%u\t%ld\t%s\t%s\n", (unsigned)acc[a], full ? qual_bits(m, kernel, i) : -1L,
        strpbrk(nm, "\t\n") ? "" : nm, strpbrk(type, "\t\n") ? "" : type);
}

/* the lines of the kernel whose function is fn */
static void kernel_lines(const Spv *m, Out *o, const char *kernel, uint32_t fn, int full)
{
    size_t k, wc = 0;
    unsigned i = 0;

    put(o, "k\t%s\n", kernel);
    for (k = 5; k < m->n; k += wc) {
        wc = m->w[k] >> 16;
        if ((m->w[k] & 0xffff) == OP_FUNCTION && wc > 2 && m->w[k + 2] == fn)
            break;
    }
    for (k += wc; k < m->n && (m->w[k] & 0xffff) == OP_FUNCTION_PARAMETER; k += wc) {
        wc = m->w[k] >> 16;
        if (wc > 2)
            param_line(m, o, kernel, i++, m->w[k + 2], m->w[k + 1], full);
    }
}

char *spv2c_cl_arg_info(const void *words, size_t nbytes, int full)
{
    Spv m = { 0 };
    Out o = { 0 };
    size_t k, wc;
    const char *name;

    m.w = words;
    m.n = nbytes / 4;
    put(&o, "%s", "");
    if (index_module(&m) == 0)
        for (k = 5; k < m.n; k += wc) {
            wc = m.w[k] >> 16;
            if ((m.w[k] & 0xffff) == OP_ENTRY_POINT && wc > 3 && m.w[k + 1] == MODEL_KERNEL &&
                (name = lit(m.w + k + 3, wc - 3)) != NULL && !strpbrk(name, "\t\n"))
                kernel_lines(&m, &o, name, m.w[k + 2], full);
        }
    free(m.name);
    free(m.access);
    if (o.bad)
        free(o.s);
    return o.bad ? NULL : o.s;
}

char *spv2c_cl_arg_info_c(const char *text)
{
    Out o = { 0 };
    const unsigned char *s;

    put(&o, "\nconst char spv2c_cl_arg_info[] =\n    \"");
    for (s = (const unsigned char *)text; *s; s++)
        if (*s == '\n')
            put(&o, "\\n\"\n    \"");
        else if (*s == '"' || *s == '\\')
            put(&o, "\\%c", *s);
        else if (*s < 32 || *s > 126)
            put(&o, "\\%03o", *s);
        else
            put(&o, "%c", *s);
    put(&o, "\";\n");
    if (o.bad)
        free(o.s);
    return o.bad ? NULL : o.s;
}

/* the fields of parameter i's line of kernel in text */
typedef struct ArgLine {
    unsigned long access;
    long quals;
    const char *name, *type;
    size_t nname, ntype;
} ArgLine;

/* the line after s's (NULL at the end) */
static const char *next_line(const char *s)
{
    s = strchr(s, '\n');
    return s ? s + 1 : NULL;
}

/* 0, or -1 when text has no such line */
static int arg_line(const char *text, const char *kernel, cl_uint i, ArgLine *a)
{
    size_t kl = strlen(kernel);
    const char *s = text, *e;
    char *end;

    while (s && *s && !(s[0] == 'k' && s[1] == '\t' && !strncmp(s + 2, kernel, kl) &&
                        s[2 + kl] == '\n'))
        s = next_line(s);
    for (s = s && *s ? next_line(s) : NULL; s && s[0] == 'a' && i > 0; i--)
        s = next_line(s);
    if (!s || s[0] != 'a')
        return -1;
    a->access = strtoul(s + 2, &end, 10);
    if (*end == '\t')
        a->quals = strtol(end + 1, &end, 10);
    if (*end != '\t' || (e = strchr(a->name = end + 1, '\t')) == NULL)
        return -1;
    a->nname = (size_t)(e - a->name);
    a->type = e + 1;
    a->ntype = strcspn(a->type, "\n");
    return 0;
}

/* a span of n bytes, as a string */
static cl_int span_info(const char *s, size_t n, size_t size, void *out, size_t *ret)
{
    char *c = malloc(n + 1);
    cl_int e;

    if (!c)
        return CL_OUT_OF_HOST_MEMORY;
    memcpy(c, s, n);
    c[n] = 0;
    e = spv2c_cl_info(c, n + 1, size, out, ret);
    free(c);
    return e;
}

cl_int spv2c_cl_arg_query(cl_kernel k, cl_uint i, cl_kernel_arg_info what, size_t size,
                          void *out, size_t *ret)
{
    const ArgInfo *t = &k->info->args[i];
    int image = t->kind == 3 && t->scalar == 3, have;
    cl_kernel_arg_access_qualifier acc = CL_KERNEL_ARG_ACCESS_NONE;
    cl_kernel_arg_type_qualifier q;
    ArgLine a;

    have = k->program->arg_info && arg_line(k->program->arg_info, k->info->name, i, &a) == 0;
    switch (what) {
    case CL_KERNEL_ARG_ACCESS_QUALIFIER:
        if (image && !have)
            return CL_KERNEL_ARG_INFO_NOT_AVAILABLE;
        acc = image ? (cl_kernel_arg_access_qualifier)a.access : acc;
        return spv2c_cl_info(&acc, sizeof acc, size, out, ret);
    case CL_KERNEL_ARG_TYPE_QUALIFIER:
        if (!have || a.quals < 0)
            return CL_KERNEL_ARG_INFO_NOT_AVAILABLE;
        q = (cl_kernel_arg_type_qualifier)a.quals | (t->kind == 1 ? CL_KERNEL_ARG_TYPE_CONST : 0);
        return spv2c_cl_info(&q, sizeof q, size, out, ret);
    case CL_KERNEL_ARG_NAME:
        return have && a.nname ? span_info(a.name, a.nname, size, out, ret)
                               : CL_KERNEL_ARG_INFO_NOT_AVAILABLE;
    case CL_KERNEL_ARG_TYPE_NAME:
        return have && a.ntype ? span_info(a.type, a.ntype, size, out, ret)
                               : CL_KERNEL_ARG_INFO_NOT_AVAILABLE;
    default: return CL_INVALID_VALUE;
    }
}

/* spv2c runtime part: main (needs: exec) */
/*
 * The standalone program's driver (--main): runs one kernel of the module
 * with the NDRange and arguments given on the command line, and writes the
 * buffers back to files or prints them. This is the reference-output path,
 * so argument errors are reported precisely and nothing runs on a doubtful
 * command line.
 *   PROG KERNEL [--global X[,Y[,Z]]] [--local ...] [--offset ...] ARG...
 *   PROG --help          (to stdout, exit 0; usage errors: stderr, exit 2)
 * ARG, one a parameter, in order. Buffers: in:PATH | out:SIZE:PATH |
 *   inout:PATH:OUTPATH | size:SIZE (bytes) | fill:N:VALUE (N elements of the
 *   parameter's element type, each VALUE) | range:N:START[:STEP] (N
 *   elements whose scalars, in memory order, are START, START+STEP, ...) |
 *   print:N (N zeroed elements) | print:FORM (any of these): printed as
 *   text after the run, an element a line. __local: local:SIZE. By value:
 *   a value of the parameter's type (1.5, -3, 0x1f; a vector's lanes or a
 *   struct's fields in order: 1,2,3,4) or val:PATH (its raw bytes). Values
 *   must fit their type (an int takes -2147483648..2147483647). Images:
 *   image:ORDER,TYPE:W[xH[xD]][/LAYERS]:IN|-[:OUT] (its raw bytes in, - for
 *   zeros, and written to OUT after the run).
 */
#if defined(SPV2C_FREESTANDING)
#error "spv2c --main needs a hosted C library (stdio, malloc): not with SPV2C_FREESTANDING"
#endif
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct spv2c_marg_ {
    void *ptr;
    size_t size;
    const char *out;      /* file to write back, or NULL */
    void *raw;            /* the block ptr is in (spv2c_main_place_) */
    int print;            /* print: to stdout as text after the run */
    void *pixels;         /* an image's data (ptr is its struct): what out gets */
    size_t npixels;
} spv2c_marg_;

/* Each buffer moves to a block where it starts SPV2C_MAX_ALIGN_ (128-byte)
   aligned, as an OpenCL device's buffers do (CL_DEVICE_MEM_BASE_ADDR_ALIGN):
   the generated C may assume a long16 buffer 128-byte aligned, and under
   --checked the alignment checks then judge the kernel's own offsets. Under
   AddressSanitizer the block holds exactly the buffer (posix_memalign), so
   that a kernel's access past an input's end is reported; under --checked
   the buffer is followed by 4 KiB that no buffer owns (an access past its
   end whose pointer the checks cannot trace to the buffer, as when it went
   through memory, then meets no other buffer). 0 or -1 (out of memory). */
#if defined(__SANITIZE_ADDRESS__)
#define SPV2C_MAIN_ASAN_ 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SPV2C_MAIN_ASAN_ 1
#endif
#endif
#if defined(SPV2C_MAIN_ASAN_) && !defined(SPV2C_CHECKED_)
int posix_memalign(void **, size_t, size_t);   /* POSIX: where ASan runs */
#endif
static int spv2c_main_place_(spv2c_marg_ *m)
{
    unsigned char *raw, *p;
#if defined(SPV2C_MAIN_ASAN_) && !defined(SPV2C_CHECKED_)
    void *q = 0;
    if (posix_memalign(&q, SPV2C_MAX_ALIGN_, m->size ? m->size : 1))
        return -1;
    raw = p = (unsigned char *)q;
#else
#if defined(SPV2C_CHECKED_)
    raw = (unsigned char *)calloc(m->size + 4096 + SPV2C_MAX_ALIGN_, 1);
#else
    raw = (unsigned char *)calloc(m->size + SPV2C_MAX_ALIGN_, 1);
#endif
    if (!raw)
        return -1;
    p = raw + (SPV2C_MAX_ALIGN_ - (uintptr_t)raw % SPV2C_MAX_ALIGN_) % SPV2C_MAX_ALIGN_;
#endif
    memcpy(p, m->ptr, m->size);
    free(m->ptr);
    m->ptr = p;
    m->raw = raw;
    return 0;
}

static void spv2c_usage_(FILE *f, const char *prog)
{
    static const char *kinds[] = { "global", "constant", "local", "value" };
    size_t k, i;
    fprintf(f, "usage: %s KERNEL [--global X[,Y[,Z]]] [--local X[,Y[,Z]]] "
               "[--offset X[,Y[,Z]]] ARG...\n       %s --help\n"
               "ARG, one a kernel parameter, in order:\n"
               "  buffers: in:PATH, out:SIZE:PATH, inout:PATH:OUTPATH, size:SIZE (bytes);\n"
               "    fill:N:VALUE (N elements of its element type, each VALUE);\n"
               "    range:N:START[:STEP] (N elements whose scalars are START, START+STEP...);\n"
               "    print:N (N zeroed elements) or print:FORM (FORM one of the above):\n"
               "    the buffer printed on stdout after the run, an element a line\n"
               "  __local: local:SIZE (bytes)\n"
               "  by value: a value such as 1.5, -3 or 0x1f; a vector's lanes or a struct's\n"
               "    fields in order, comma-separated (1,2,3,4); val:PATH (its raw bytes)\n"
               "  images: image:ORDER,TYPE:W[xH[xD]][/LAYERS]:IN|-[:OUT] (ORDER as RGBA,\n"
               "    TYPE as UNORM_INT8; IN its raw bytes or - for zeros; OUT gets them after)\n"
               "kernels:\n", prog, prog);
    for (k = 0; k < spv2c_nk_; k++) {
        fprintf(f, "  %s(", spv2c_ktab_[k].name);
        for (i = 0; i < spv2c_ktab_[k].nargs; i++) {
            int kind = spv2c_ktab_[k].args[i].kind;
            int buf = kind == SPV2C_ARG_GLOBAL_ || kind == SPV2C_ARG_CONSTANT_;
            fprintf(f, "%s%s%s%s%s %s", i ? ", " : "", kind == SPV2C_ARG_VALUE_ ? "" : kinds[kind],
                    buf ? " " : "", kind == SPV2C_ARG_LOCAL_ ? "" : spv2c_mtypes_[k][i].type,
                    buf ? "*" : "", spv2c_ktab_[k].args[i].name);
        }
        fprintf(f, ")\n");
    }
}

static int spv2c_parse_size_(const char *s, size_t *out)
{
    char *end;
    unsigned long long v;
    if (!*s || *s == '-')
        return -1;
    errno = 0;
    v = strtoull(s, &end, 0);
    if (errno || end == s || (*end && *end != ':' && *end != ','))
        return -1;
    *out = (size_t)v;
    return (int)(end - s);
}

static int spv2c_parse_dims_(const char *s, size_t *v, unsigned *n)
{
    unsigned k = 0;
    for (;;) {
        int used;
        if (k == 3 || (used = spv2c_parse_size_(s, &v[k])) < 0)
            return -1;
        k++;
        s += used;
        if (!*s)
            break;
        if (*s++ != ',')
            return -1;
    }
    *n = k;
    return 0;
}

static void *spv2c_read_file_(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    unsigned char *p = NULL;
    size_t cap = 0, n = 0, got;
    if (!f)
        return NULL;
    do {
        if (n == cap) {
            unsigned char *q;
            cap = cap ? cap * 2 : 4096;
            q = (unsigned char *)realloc(p, cap);
            if (!q) {
                free(p);
                fclose(f);
                return NULL;
            }
            p = q;
        }
        got = fread(p + n, 1, cap - n, f);
        n += got;
    } while (got);
    fclose(f);
    /* exactly the file's size, so a host sanitizer (or a guard page) sees
       a kernel read past the end of an input buffer */
    if (n != cap) {
        unsigned char *q = (unsigned char *)malloc(n ? n : 1);
        if (!q) {
            free(p);
            return NULL;
        }
        memcpy(q, p, n);
        free(p);
        p = q;
    }
    *len = n;
    return p;
}

/* a half's bits to its value (exact) */
static double spv2c_main_h2d_(unsigned h)
{
    unsigned e = (h >> 10) & 31, m = h & 1023, i;
    double v = e ? 1024.0 + m : (double)m;
    if (e == 31)
        v = strtod(m ? "nan" : "inf", NULL);
    else
        for (i = 1; i < e; i++)
            v *= 2;
    v = e == 31 ? v : v / 16777216.0;   /* 2^-24 */
    return h & 0x8000 ? -v : v;
}

/* a value to the nearest half, ties to even */
static unsigned spv2c_main_d2h_(double d)
{
    uint64_t x, sig, q, rem, half;
    int e, eh, shift;
    unsigned s, bits;
    memcpy(&x, &d, 8);
    s = (unsigned)(x >> 48) & 0x8000u;
    e = (int)((x >> 52) & 2047);
    if (e == 2047)
        return s | ((x << 12) ? 0x7E00u : 0x7C00u);
    e -= 1023;
    if (e < -40)   /* zero, a double subnormal, or under half of the least half */
        return s;
    if (e > 15)
        return s | 0x7C00u;
    sig = (x & (((uint64_t)1 << 52) - 1)) | ((uint64_t)1 << 52);
    eh = e < -14 ? -14 : e;
    shift = eh - e + 42;   /* the bits below the half's last */
    q = sig >> shift;
    rem = sig & (((uint64_t)1 << shift) - 1);
    half = (uint64_t)1 << (shift - 1);
    if (rem > half || (rem == half && (q & 1)))
        q++;
    bits = (unsigned)((unsigned)(eh + 15) * 1024u + q - 1024u);
    return s | (bits >= 0x7C00u ? 0x7C00u : bits);
}

/* One scalar of leaf l's type from s (up to *end) into dst: 0, -1 not a
   number, -2 outside the type's range */
static int spv2c_main_scalar_(const spv2c_mleaf_ *l, const char *s, char **end,
                              unsigned char *dst)
{
    unsigned bits = l->bytes * 8;
    uint64_t u, max = bits == 64 ? ~(uint64_t)0 : ((uint64_t)1 << bits) - 1;
    errno = 0;
    if (l->kind == 2) {
        double d = strtod(s, end);
        float f;
        uint16_t h;
        int finite = d - d == 0;
        if (*end == s)
            return -1;
        if (l->bytes == 2 && finite && (d >= 65520.0 || d <= -65520.0))
            return -2;
        if (l->bytes == 4 && finite && (d > 3.4028234663852886e38 || d < -3.4028234663852886e38))
            return -2;
        h = (uint16_t)spv2c_main_d2h_(d);
        f = (float)d;
        memcpy(dst, l->bytes == 2 ? (void *)&h : l->bytes == 4 ? (void *)&f : (void *)&d, l->bytes);
        return 0;
    }
    if (*s == '-') {
        long long v = strtoll(s, end, 0);
        if (*end == s)
            return -1;
        if (errno || l->kind == 1 || (bits < 64 && v < -(long long)(((uint64_t)1 << (bits - 1)))))
            return -2;
        u = (uint64_t)v & max;
    } else {
        u = (uint64_t)strtoull(s, end, 0);
        if (*end == s)
            return -1;
        if (errno || u > (l->kind == 3 ? max >> 1 : max))
            return -2;
    }
    {
        uint8_t u8 = (uint8_t)u;
        uint16_t u16 = (uint16_t)u;
        uint32_t u32 = (uint32_t)u;
        memcpy(dst, bits == 8 ? (void *)&u8 : bits == 16 ? (void *)&u16 :
                    bits == 32 ? (void *)&u32 : (void *)&u, l->bytes);
    }
    return 0;
}

/* a value of type t (its scalars comma-separated) from s into dst: 0, -1, -2 */
static int spv2c_main_value_(const spv2c_mtype_ *t, const char *s, unsigned char *dst)
{
    unsigned i;
    int r;
    if (!t->nleaf)
        return -1;
    memset(dst, 0, t->size);
    for (i = 0; i < t->nleaf; i++) {
        char *end;
        if ((r = spv2c_main_scalar_(&t->leaf[i], s, &end, dst + t->leaf[i].off)) != 0)
            return r;
        s = end;
        if (i + 1 < t->nleaf && *s++ != ',')
            return -1;
    }
    return *s ? -1 : 0;
}

/* range:N:START[:STEP] into dst (n elements of t): scalar j in memory order
   is START + j * STEP. 0, -1 (START or STEP not a number, or not an integer
   for an integer scalar), -2 (a scalar outside its type) */
static int spv2c_main_range_(const spv2c_mtype_ *t, size_t n, const char *start, const char *step,
                             unsigned char *dst)
{
    char *e1, *e2, text[64];
    double ds = strtod(start, &e1), dt = step ? strtod(step, &e2) : 1.0;
    long long is = strtoll(start, &e1, 0), it = step ? strtoll(step, &e2, 0) : 1;
    size_t el, j = 0;
    unsigned i;
    int r, ints = *e1 == 0 && e1 != start && (!step || (*e2 == 0 && e2 != step));
    if (!t->nleaf)
        return -1;
    memset(dst, 0, n * t->size);
    for (el = 0; el < n; el++)
        for (i = 0; i < t->nleaf; i++, j++) {
            if (t->leaf[i].kind == 2)
                sprintf(text, "%.17g", ds + (double)j * dt);
            else if (ints)
                sprintf(text, "%lld", (long long)((unsigned long long)is + (unsigned long long)j *
                                                  (unsigned long long)it));
            else
                return -1;
            if ((r = spv2c_main_scalar_(&t->leaf[i], text, &e1, dst + el * t->size +
                                        t->leaf[i].off)) != 0)
                return r;
        }
    return 0;
}

/* print:N's output: a comment line naming the buffer, then an element a
   line, its scalars separated by blanks (without scalars: its bytes in hex) */
static void spv2c_main_print_(const spv2c_karg_ *a, size_t na, const spv2c_mtype_ *t,
                              const unsigned char *p, size_t size)
{
    size_t n = t->size ? size / t->size : 0, el;
    unsigned i;
    printf("# %s (argument %u): %u %s\n", a->name, (unsigned)na, (unsigned)n, t->type);
    for (el = 0; el < n; el++, p += t->size) {
        for (i = 0; i < (t->nleaf ? t->nleaf : t->size); i++) {
            const spv2c_mleaf_ *l = &t->leaf[i];
            uint8_t u8;
            uint16_t u16;
            uint32_t u32;
            uint64_t u = 0;
            float f;
            double d;
            if (i)
                putchar(' ');
            if (!t->nleaf) {
                printf("%02x", p[i]);
                continue;
            }
            memcpy(l->bytes == 1 ? (void *)&u8 : l->bytes == 2 ? (void *)&u16 :
                   l->bytes == 4 ? (void *)&u32 : (void *)&u, p + l->off, l->bytes);
            u = l->bytes == 1 ? u8 : l->bytes == 2 ? u16 : l->bytes == 4 ? u32 : u;
            if (l->kind == 2 && l->bytes == 2) {
                printf("%.9g", spv2c_main_h2d_((unsigned)u));
            } else if (l->kind == 2 && l->bytes == 4) {
                memcpy(&f, &u32, 4);
                printf("%.9g", (double)f);
            } else if (l->kind == 2) {
                memcpy(&d, &u, 8);
                printf("%.17g", d);
            } else if (l->kind == 3 && l->bytes < 8 && (u >> (l->bytes * 8 - 1))) {
                printf("%lld", (long long)u - (long long)((uint64_t)1 << (l->bytes * 8)));
            } else if (l->kind == 3) {
                printf("%lld", (long long)u);
            } else {
                printf("%llu", (unsigned long long)u);
            }
        }
        putchar('\n');
    }
}

/* a message for a value's parse result r (-1, -2) */
static int spv2c_main_bad_value_(const char *prog, size_t na, const spv2c_karg_ *a,
                                 const spv2c_mtype_ *t, const char *s, int r)
{
    if (!t->nleaf)
        fprintf(stderr, "%s: error: argument %u (%s): a %s has no text form; give its bytes "
                "(%s)\n", prog, (unsigned)na, a->name, t->type,
                a->kind == SPV2C_ARG_VALUE_ ? "val:PATH" : "in:PATH");
    else if (r == -2 && t->nleaf == 1 && t->leaf->kind != 2) {
        unsigned bits = t->leaf->bytes * 8;
        uint64_t max = bits == 64 ? ~(uint64_t)0 : ((uint64_t)1 << bits) - 1;
        fprintf(stderr, "%s: error: argument %u (%s): '%s' is out of range for %s (%s%llu..%llu)\n",
                prog, (unsigned)na, a->name, s, t->type, t->leaf->kind == 1 ? "" : "-",
                t->leaf->kind == 1 ? 0ull : (unsigned long long)(max >> 1) + 1,
                (unsigned long long)(t->leaf->kind == 3 ? max >> 1 : max));
    } else if (r == -2)
        fprintf(stderr, "%s: error: argument %u (%s): '%s' is out of range for %s\n", prog,
                (unsigned)na, a->name, s, t->type);
    else
        fprintf(stderr, "%s: error: argument %u (%s): '%s' is not a value of type %s%s\n", prog,
                (unsigned)na, a->name, s, t->type,
                t->nleaf > 1 ? " (its scalars comma-separated, in order)" : "");
    return 2;
}

/* fill:N:VALUE and range:N:START[:STEP] */
static int spv2c_main_gen_(const char *prog, size_t na, const spv2c_karg_ *a,
                           const spv2c_mtype_ *t, const char *s, spv2c_marg_ *m)
{
    int fill = s[0] == 'f', used, r;
    const char *rest = s + (fill ? 5 : 6), *step;
    size_t n, el;
    used = spv2c_parse_size_(rest, &n);
    if (used < 0 || rest[used] != ':' || !t->size || n > (size_t)-1 / t->size) {
        fprintf(stderr, "%s: error: argument %u (%s): expected %s\n", prog, (unsigned)na,
                a->name, fill ? "fill:N:VALUE" : "range:N:START[:STEP]");
        return 2;
    }
    rest += used + 1;
    m->size = n * t->size;
    if (!(m->ptr = calloc(m->size ? m->size : 1, 1))) {
        fprintf(stderr, "%s: error: out of memory\n", prog);
        return 2;
    }
    if (fill) {
        r = n ? spv2c_main_value_(t, rest, (unsigned char *)m->ptr) : 0;
        for (el = 1; !r && el < n; el++)
            memcpy((unsigned char *)m->ptr + el * t->size, m->ptr, t->size);
    } else {
        char *start = (char *)malloc(strlen(rest) + 1), *colon;
        strcpy(start, rest);
        colon = strchr(start, ':');
        step = colon ? colon + 1 : NULL;
        if (colon)
            *colon = 0;
        r = spv2c_main_range_(t, n, start, step, (unsigned char *)m->ptr);
        free(start);
    }
    return r ? spv2c_main_bad_value_(prog, na, a, t, rest, r) : 0;
}

/* in:PATH, inout:PATH:OUTPATH (and val:PATH): the file's bytes */
static int spv2c_main_in_(const char *prog, size_t na, const spv2c_karg_ *a, const char *s,
                          spv2c_marg_ *m)
{
    const char *path = s + (s[2] == ':' ? 3 : s[2] == 'l' ? 4 : 6);
    char *copy = NULL, *colon;
    if (s[2] == 'o') {
        copy = (char *)malloc(strlen(path) + 1);
        strcpy(copy, path);
        colon = strchr(copy, ':');
        if (!colon) {
            fprintf(stderr, "%s: error: argument %u: inout needs PATH:OUTPATH\n", prog,
                    (unsigned)na);
            return 2;
        }
        *colon = 0;
        m->out = path + (colon - copy) + 1;
        path = copy;
    }
    if (!(m->ptr = spv2c_read_file_(path, &m->size))) {
        fprintf(stderr, "%s: error: argument %u: cannot read '%s'\n", prog, (unsigned)na, path);
        return 2;
    }
    if (a->kind == SPV2C_ARG_VALUE_ && m->size != a->size) {
        fprintf(stderr, "%s: error: argument %u (%s): '%s' holds %u bytes, the parameter "
                "takes %u\n", prog, (unsigned)na, a->name, path, (unsigned)m->size,
                (unsigned)a->size);
        return 2;
    }
    free(copy);
    return 0;
}

/* a buffer argument: in:, inout:, out:, size:, fill:, range:, print:. 0,
   1 (not a buffer form), 2 (reported) */
static int spv2c_main_buffer_(const char *prog, size_t na, const spv2c_karg_ *a,
                              const spv2c_mtype_ *t, const char *s, spv2c_marg_ *m)
{
    if (!strncmp(s, "print:", 6)) {
        m->print = 1;
        s += 6;
        if (*s >= '0' && *s <= '9') {
            size_t n;
            int used = spv2c_parse_size_(s, &n);
            if (used < 0 || s[used] || (t->size && n > (size_t)-1 / t->size)) {
                fprintf(stderr, "%s: error: argument %u (%s): expected print:N (elements)\n",
                        prog, (unsigned)na, a->name);
                return 2;
            }
            m->size = n * t->size;
            m->ptr = calloc(m->size ? m->size : 1, 1);
            return 0;
        }
    }
    if (!strncmp(s, "fill:", 5) || !strncmp(s, "range:", 6))
        return spv2c_main_gen_(prog, na, a, t, s, m);
    if (!strncmp(s, "in:", 3) || !strncmp(s, "inout:", 6))
        return spv2c_main_in_(prog, na, a, s, m);
    if (!strncmp(s, "out:", 4) || !strncmp(s, "size:", 5)) {
        int used = spv2c_parse_size_(s + (s[0] == 'o' ? 4 : 5), &m->size);
        const char *rest = s + (s[0] == 'o' ? 4 : 5) + (used > 0 ? used : 0);
        if (used < 0 || (s[0] == 'o' && (rest[0] != ':' || !rest[1])) || (s[0] == 's' && *rest)) {
            fprintf(stderr, "%s: error: argument %u: expected %s\n", prog, (unsigned)na,
                    s[0] == 'o' ? "out:SIZE:PATH" : "size:SIZE");
            return 2;
        }
        m->ptr = calloc(m->size ? m->size : 1, 1);
        m->out = s[0] == 'o' ? rest + 1 : NULL;
        return 0;
    }
    return 1;
}

#if defined(SPV2C_IMAGES_)
/* the index of name (n bytes) in names, or -1 */
static int spv2c_find_name_(const char *const *names, int count, const char *s, size_t n)
{
    int k;
    for (k = 0; k < count; k++)
        if (strlen(names[k]) == n && !strncmp(names[k], s, n))
            return k;
    return -1;
}

/* image:ORDER,TYPE:W[xH[xD]][/LAYERS]:IN[:OUT], IN "-" for zeros: the
   image's struct in m->ptr, its data in m->pixels; 0 or -1 */
static int spv2c_parse_image_(const char *s, spv2c_marg_ *m)
{
    static const char *const orders[] = { "R", "A", "RG", "RA", "RGB", "RGBA", "BGRA", "ARGB",
                                          "INTENSITY", "LUMINANCE", "Rx", "RGx", "RGBx" };
    static const char *const types[] = { "SNORM_INT8", "SNORM_INT16", "UNORM_INT8",
        "UNORM_INT16", "UNORM_SHORT_565", "UNORM_SHORT_555", "UNORM_INT_101010", "SIGNED_INT8",
        "SIGNED_INT16", "SIGNED_INT32", "UNSIGNED_INT8", "UNSIGNED_INT16", "UNSIGNED_INT32",
        "HALF_FLOAT", "FLOAT" };
    spv2c_image_ *im = (spv2c_image_ *)calloc(1, sizeof *im);
    const char *p = s + 6, *q = strchr(p, ',');
    size_t ext[4] = { 1, 1, 1, 1 }, k = 0, n, len;
    char *end, path[4096];
    int o, t;
    if (!im || !q || (o = spv2c_find_name_(orders, 13, p, (size_t)(q - p))) < 0)
        return -1;
    p = q + 1;
    if (!(q = strchr(p, ':')) || (t = spv2c_find_name_(types, 15, p, (size_t)(q - p))) < 0)
        return -1;
    for (p = q; k < 4 && (k ? *p == 'x' || *p == '/' : 1); k++) {
        unsigned long v = strtoul(p + 1, &end, 10);
        if (end == p + 1 || !v)
            return -1;
        ext[*p == '/' ? 3 : k] = v;
        k = *p == '/' ? 3 : k;
        p = end;
    }
    if (*p != ':' || !(n = strcspn(p + 1, ":")) || n >= sizeof path)
        return -1;
    memcpy(path, p + 1, n);
    path[n] = 0;
    m->out = p[1 + n] == ':' ? p + 2 + n : NULL;
    im->order = 0x10B0u + (unsigned)o;
    im->type = 0x10D0u + (unsigned)t;
    im->width = ext[0], im->height = ext[1], im->depth = ext[2], im->array_size = ext[3];
    if (!(m->npixels = spv2c_img_esize_(im) * ext[0] * ext[1] * ext[2] * ext[3]))
        return -1;
    m->pixels = strcmp(path, "-") ? spv2c_read_file_(path, &len) : calloc(len = m->npixels, 1);
    if (!m->pixels || len != m->npixels)
        return -1;
    im->data = m->pixels;
    m->ptr = im;
    m->size = sizeof *im;
    return 0;
}
#endif

/* one argument for parameter na: 0, 1 (its form does not fit), 2 (reported) */
static int spv2c_main_arg_(const char *prog, size_t na, const spv2c_karg_ *a,
                           const spv2c_mtype_ *t, const char *s, spv2c_marg_ *m)
{
    int used, r;
    switch (a->kind) {
    case SPV2C_ARG_LOCAL_:
        if (strncmp(s, "local:", 6) || (used = spv2c_parse_size_(s + 6, &m->size)) < 0 ||
            s[6 + used] || !m->size)
            return 1;
        return 0;
    case SPV2C_ARG_VALUE_:
#if defined(SPV2C_IMAGES_)
        if (a->scalar == 3) {
            if (strncmp(s, "image:", 6) || spv2c_parse_image_(s, m)) {
                fprintf(stderr, "%s: error: argument %u (%s): '%s': expected "
                        "image:ORDER,TYPE:W[xH[xD]][/LAYERS]:IN|-[:OUT] with IN holding "
                        "the image's bytes\n", prog, (unsigned)na, a->name, s);
                return 2;
            }
            return 0;
        }
#endif
        if (!strncmp(s, "val:", 4))
            return spv2c_main_in_(prog, na, a, s, m);
        if (!(m->ptr = calloc(a->size ? a->size : 1, 1)))
            return 1;
        m->size = a->size;
        r = spv2c_main_value_(t, s, (unsigned char *)m->ptr);
        return r ? spv2c_main_bad_value_(prog, na, a, t, s, r) : 0;
    default:
        return spv2c_main_buffer_(prog, na, a, t, s, m);
    }
}

/* the arguments after the kernel's name: NDRange options and one ARG a
   parameter into args; 0 or 2 (reported) */
static int spv2c_main_args_(int argc, char **argv, const spv2c_kinfo_ *k, spv2c_marg_ *args,
                            size_t dims[3][3], unsigned nd[3])
{
    static const char *want[] = {
        "in:PATH, out:SIZE:PATH, inout:PATH:OUTPATH, size:SIZE, fill:N:VALUE, "
        "range:N:START[:STEP] or print:N",
        "in:PATH, out:SIZE:PATH, inout:PATH:OUTPATH, size:SIZE, fill:N:VALUE, "
        "range:N:START[:STEP] or print:N",
        "local:SIZE", "a value or val:PATH" };
    size_t na = 0;
    int ai, r;
    for (ai = 2; ai < argc; ai++) {
        const char *s = argv[ai];
        if (!strcmp(s, "--global") || !strcmp(s, "--local") || !strcmp(s, "--offset")) {
            int d = s[2] == 'g' ? 0 : s[2] == 'l' ? 1 : 2;
            if (ai + 1 >= argc || spv2c_parse_dims_(argv[ai + 1], dims[d], &nd[d])) {
                fprintf(stderr, "%s: error: %s needs X[,Y[,Z]] (positive integers)\n", argv[0], s);
                return 2;
            }
            ai++;
            continue;
        }
        if (na == k->nargs) {
            fprintf(stderr, "%s: error: kernel %s takes %u arguments; '%s' is one too many\n",
                    argv[0], k->name, (unsigned)k->nargs, s);
            return 2;
        }
        r = spv2c_main_arg_(argv[0], na, &k->args[na], &spv2c_mtypes_[k - spv2c_ktab_][na], s,
                            &args[na]);
        if (r == 1)
            fprintf(stderr, "%s: error: argument %u (%s): '%s' does not fit; this parameter "
                    "takes %s\n", argv[0], (unsigned)na, k->args[na].name, s,
                    want[k->args[na].kind]);
        if (r)
            return 2;
        na++;
    }
    if (na != k->nargs) {
        fprintf(stderr, "%s: error: kernel %s takes %u arguments, %u given\n", argv[0], k->name,
                (unsigned)k->nargs, (unsigned)na);
        return 2;
    }
    return 0;
}

#ifndef SPV2C_WORKSPACE
#ifdef SPV2C_FRAME_MEM
#define SPV2C_MAIN_FRAMES_ SPV2C_FRAME_LEN_
#else
#define SPV2C_MAIN_FRAMES_ ((size_t)0)
#endif
/* after a launch's error about memory that does not fit: the bytes it
   needs and the macro that sets them (need: spv2c_workspace_'s) */
static void spv2c_main_mem_need_(const spv2c_kinfo_ *k, int r, size_t need, const size_t *sizes)
{
    const size_t pad = SPV2C_MAX_ALIGN_ - SPV2C_WS_ALIGN_;
    size_t loc = spv2c_local_need_(k, sizes);
    size_t at = (loc + SPV2C_MAX_ALIGN_ - 1) / SPV2C_MAX_ALIGN_ * SPV2C_MAX_ALIGN_;
    size_t fr = need > pad + at ? need - pad - at : 0;   /* spv2c_workspace_'s layout */
    if (r == SPV2C_E_LOCAL_MEM_)
        fprintf(stderr, ": it needs %lu bytes of __local memory, SPV2C_LOCAL_MEM_SIZE is %lu "
                "(compile with -DSPV2C_LOCAL_MEM_SIZE=%lu or more)", (unsigned long)loc,
                (unsigned long)SPV2C_LOCAL_LEN_, (unsigned long)loc);
    if (r == SPV2C_E_WORK_GROUP_MEM_)
        fprintf(stderr, ": a work-group's state needs %lu bytes, SPV2C_FRAME_MEM is %lu (compile "
                "with -DSPV2C_FRAME_MEM=%lu or more, or give a smaller --local)",
                (unsigned long)fr, (unsigned long)SPV2C_MAIN_FRAMES_, (unsigned long)fr);
}
#endif

/* the buffers after the run: out: and inout: to their files, print: to stdout */
static int spv2c_main_outputs_(const char *prog, const spv2c_kinfo_ *k, spv2c_marg_ *args)
{
    size_t i;
    int status = 0;
    for (i = 0; i < k->nargs; i++) {
        FILE *f;
        const void *src = args[i].pixels ? args[i].pixels : args[i].ptr;   /* an image: its data */
        size_t n = args[i].pixels ? args[i].npixels : args[i].size;
        if (args[i].print)
            spv2c_main_print_(&k->args[i], i, &spv2c_mtypes_[k - spv2c_ktab_][i],
                              (const unsigned char *)args[i].ptr, args[i].size);
        if (!args[i].out)
            continue;
        f = fopen(args[i].out, "wb");
        if (!f || fwrite(src, 1, n, f) != n || fclose(f)) {
            fprintf(stderr, "%s: error: cannot write '%s'\n", prog, args[i].out);
            status = 1;
        }
    }
    return status;
}

static int spv2c_main_(int argc, char **argv)
{
    const spv2c_kinfo_ *k = 0;
    size_t dims[3][3] = { { 1, 1, 1 }, { 0, 0, 0 }, { 0, 0, 0 } };   /* global, local, offset */
    unsigned nd[3] = { 0, 0, 0 };
    spv2c_marg_ *args;
    void **ptrs;
    size_t *sizes, i, need = 0;
    int r, status;

    if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        spv2c_usage_(stdout, argv[0]);
        return 0;
    }
    for (i = 0; argc >= 2 && i < spv2c_nk_; i++)
        if (!strcmp(spv2c_ktab_[i].name, argv[1]))
            k = &spv2c_ktab_[i];
    if (!k) {
        if (argc >= 2)
            fprintf(stderr, "%s: error: no kernel named '%s'\n", argv[0], argv[1]);
        spv2c_usage_(stderr, argv[0]);
        return 2;
    }
    args = (spv2c_marg_ *)calloc(k->nargs + 1, sizeof *args);
    ptrs = (void **)calloc(k->nargs + 1, sizeof *ptrs);
    sizes = (size_t *)calloc(k->nargs + 1, sizeof *sizes);
    if (!args || !ptrs || !sizes) {
        fprintf(stderr, "%s: error: out of memory\n", argv[0]);
        return 1;
    }
    if (spv2c_main_args_(argc, argv, k, args, dims, nd))
        return 2;
    if (!nd[0]) {
        fprintf(stderr, "%s: error: --global is required\n", argv[0]);
        return 2;
    }
    if ((nd[1] && nd[1] != nd[0]) || (nd[2] && nd[2] != nd[0])) {
        fprintf(stderr, "%s: error: --local and --offset must have as many dimensions "
                "as --global\n", argv[0]);
        return 2;
    }
    for (i = 0; i < k->nargs; i++) {
        if ((k->args[i].kind == SPV2C_ARG_GLOBAL_ || k->args[i].kind == SPV2C_ARG_CONSTANT_) &&
            spv2c_main_place_(&args[i])) {
            fprintf(stderr, "%s: error: out of memory\n", argv[0]);
            return 1;
        }
        ptrs[i] = args[i].ptr;
        sizes[i] = args[i].size;
    }
    r = spv2c_launch_tab_(spv2c_ktab_, spv2c_nk_, k->name, nd[0], dims[2], dims[0], dims[1], ptrs,
                          sizes, k->nargs, 0, 0, &need);
#ifdef SPV2C_WORKSPACE
    {
        /* the caller's workspace: exactly the bytes the launch needs, from
           the heap, at a SPV2C_WS_ALIGN_ boundary */
        unsigned char *mem = 0, *ws = 0;
        if (!r && need && (need > (size_t)-1 - SPV2C_WS_ALIGN_ ||
                           !(mem = (unsigned char *)malloc(need + SPV2C_WS_ALIGN_)))) {
            fprintf(stderr, "%s: error: out of memory\n", argv[0]);
            return 1;
        }
        if (mem)
            ws = mem + (SPV2C_WS_ALIGN_ - (uintptr_t)mem % SPV2C_WS_ALIGN_) % SPV2C_WS_ALIGN_;
        if (!r)
            r = spv2c_launch_tab_(spv2c_ktab_, spv2c_nk_, k->name, nd[0], dims[2], dims[0],
                                  dims[1], ptrs, sizes, k->nargs, ws, need, 0);
        free(mem);
    }
#else
    if (!r)
        r = spv2c_launch_tab_(spv2c_ktab_, spv2c_nk_, k->name, nd[0], dims[2], dims[0], dims[1],
                              ptrs, sizes, k->nargs, 0, 0, 0);
#endif
    if (r) {
        fprintf(stderr, "%s: error: launching %s: %s", argv[0], k->name, spv2c_strerror_(r));
#ifndef SPV2C_WORKSPACE
        spv2c_main_mem_need_(k, r, need, sizes);
#endif
        fputc('\n', stderr);
        return 1;
    }
    status = spv2c_main_outputs_(argv[0], k, args);
    for (i = 0; i < k->nargs; i++) {
        free(args[i].raw ? args[i].raw : args[i].ptr);
        free(args[i].pixels);
    }
    free(args);
    free(ptrs);
    free(sizes);
    return status;
}

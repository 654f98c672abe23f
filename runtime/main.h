/* spv2c runtime part: main (needs: exec) */
/*
 * The standalone program's driver (--main): runs one kernel of the module
 * with the NDRange and arguments given on the command line, and writes the
 * buffers back to files. This is the reference-output path, so argument
 * errors are reported precisely and nothing runs on a doubtful command line.
 *   PROG KERNEL [--global X[,Y[,Z]]] [--local ...] [--offset ...] ARG...
 * ARG: in:PATH | out:SIZE:PATH | inout:PATH:OUTPATH | size:SIZE | local:SIZE
 *      | val:PATH | a number or comma-separated vector for by-value scalars
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
    void *raw;            /* --checked: the block ptr is in (spv2c_main_checked_) */
} spv2c_marg_;

#if defined(SPV2C_CHECKED_)
/* Buffers are allocated exactly, so that a host sanitizer sees a kernel's
   accesses past an input's end. Under --checked the checks see them, and
   each buffer moves to a block where it starts 128-byte aligned (as an
   OpenCL device's buffers do: the alignment checks then judge the
   kernel's own offsets) and is followed by 4 KiB that no buffer owns (an
   access past its end whose pointer the checks cannot trace to the buffer,
   as when it went through memory, then meets no other buffer). 0 or -1
   (out of memory). */
static int spv2c_main_checked_(spv2c_marg_ *m)
{
    unsigned char *raw = (unsigned char *)calloc(m->size + 4096 + 128, 1);
    unsigned char *p;
    if (!raw)
        return -1;
    p = raw + (128 - (uintptr_t)raw % 128) % 128;
    memcpy(p, m->ptr, m->size);
    free(m->ptr);
    m->ptr = p;
    m->raw = raw;
    return 0;
}
#endif

static int spv2c_usage_(const char *prog)
{
    size_t k, i;
    fprintf(stderr, "usage: %s KERNEL [--global X[,Y[,Z]]] [--local X[,Y[,Z]]] "
                    "[--offset X[,Y[,Z]]] ARG...\n"
                    "ARG: in:PATH, out:SIZE:PATH, inout:PATH:OUTPATH, size:SIZE (buffers);\n"
                    "     local:SIZE (__local); a value such as 1.5, -3, 0x1f or 1,2,3,4;\n"
                    "     val:PATH (a by-value argument's raw bytes)\nkernels:\n", prog);
    for (k = 0; k < spv2c_nk_; k++) {
        fprintf(stderr, "  %s(", spv2c_ktab_[k].name);
        for (i = 0; i < spv2c_ktab_[k].nargs; i++) {
            static const char *kinds[] = { "global", "constant", "local", "value" };
            fprintf(stderr, "%s%s %s", i ? ", " : "", kinds[spv2c_ktab_[k].args[i].kind],
                    spv2c_ktab_[k].args[i].name);
        }
        fprintf(stderr, ")\n");
    }
    return 2;
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

/* parse a scalar or vector value of the parameter's type into dst */
static int spv2c_parse_value_(const spv2c_karg_ *a, const char *s, unsigned char *dst)
{
    unsigned lane = 0, bytes = a->bits / 8, lanes_mem = a->lanes == 3 ? 4 : a->lanes;
    if (!a->scalar || !bytes)
        return -1;
    memset(dst, 0, a->size);
    for (;;) {
        char *end;
        if (lane == a->lanes)
            return -1;
        errno = 0;
        if (a->scalar == 2) {
            double d = strtod(s, &end);
            if (end == s)
                return -1;
            if (a->bits == 32) {
                float f = (float)d;
                memcpy(dst + lane * 4, &f, 4);
            } else if (a->bits == 64) {
                memcpy(dst + lane * 8, &d, 8);
            } else {
                return -1;   /* half values: give them as val:PATH */
            }
        } else {
            uint64_t u;
            if (*s == '-') {
                long long v = strtoll(s, &end, 0);
                u = (uint64_t)v;
            } else {
                u = (uint64_t)strtoull(s, &end, 0);
            }
            if (end == s || errno)
                return -1;
            {
                unsigned k;
                for (k = 0; k < bytes; k++)
                    dst[lane * bytes + k] = (unsigned char)(u >> (8 * k));
            }
        }
        lane++;
        s = end;
        if (!*s)
            break;
        if (*s++ != ',')
            return -1;
    }
    (void)lanes_mem;
    return lane == a->lanes ? 0 : -1;
}

static int spv2c_main_(int argc, char **argv)
{
    const spv2c_kinfo_ *k = 0;
    size_t gsz[3] = { 1, 1, 1 }, lsz[3] = { 0, 0, 0 }, off[3] = { 0, 0, 0 };
    unsigned dim = 0, ld = 0, od = 0;
    spv2c_marg_ *args;
    void **ptrs;
    size_t *sizes, i, na = 0;
    int ai, r, status = 0;

    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))
        return spv2c_usage_(argv[0]);
    for (i = 0; i < spv2c_nk_; i++)
        if (!strcmp(spv2c_ktab_[i].name, argv[1]))
            k = &spv2c_ktab_[i];
    if (!k) {
        fprintf(stderr, "%s: error: no kernel named '%s'\n", argv[0], argv[1]);
        return spv2c_usage_(argv[0]);
    }
    args = (spv2c_marg_ *)calloc(k->nargs + 1, sizeof *args);
    ptrs = (void **)calloc(k->nargs + 1, sizeof *ptrs);
    sizes = (size_t *)calloc(k->nargs + 1, sizeof *sizes);
    if (!args || !ptrs || !sizes) {
        fprintf(stderr, "%s: error: out of memory\n", argv[0]);
        return 1;
    }
    for (ai = 2; ai < argc; ai++) {
        const char *s = argv[ai];
        const spv2c_karg_ *a;
        spv2c_marg_ *m;
        int bad = 0;
        if (!strcmp(s, "--global") || !strcmp(s, "--local") || !strcmp(s, "--offset")) {
            unsigned n;
            size_t *v = s[2] == 'g' ? gsz : s[2] == 'l' ? lsz : off;
            if (ai + 1 >= argc || spv2c_parse_dims_(argv[ai + 1], v, &n)) {
                fprintf(stderr, "%s: error: %s needs X[,Y[,Z]] (positive integers)\n", argv[0], s);
                return 2;
            }
            if (s[2] == 'g')
                dim = n;
            else if (s[2] == 'l')
                ld = n;
            else
                od = n;
            ai++;
            continue;
        }
        if (na == k->nargs) {
            fprintf(stderr, "%s: error: kernel %s takes %u arguments; '%s' is one too many\n",
                    argv[0], k->name, (unsigned)k->nargs, s);
            return 2;
        }
        a = &k->args[na];
        m = &args[na];
        if (!strncmp(s, "in:", 3) || !strncmp(s, "inout:", 6) || !strncmp(s, "val:", 4)) {
            const char *path = s + (s[2] == ':' ? 3 : s[2] == 'l' ? 4 : 6);
            char *copy = NULL, *colon;
            if (s[2] == 'o') {
                copy = (char *)malloc(strlen(path) + 1);
                strcpy(copy, path);
                colon = strchr(copy, ':');
                if (!colon) {
                    fprintf(stderr, "%s: error: argument %u: inout needs PATH:OUTPATH\n",
                            argv[0], (unsigned)na);
                    return 2;
                }
                *colon = 0;
                m->out = path + (colon - copy) + 1;
                path = copy;
            }
            if ((s[2] == 'l') != (a->kind == SPV2C_ARG_VALUE_) || a->kind == SPV2C_ARG_LOCAL_)
                bad = 1;
            else if (!(m->ptr = spv2c_read_file_(path, &m->size))) {
                fprintf(stderr, "%s: error: argument %u: cannot read '%s'\n", argv[0],
                        (unsigned)na, path);
                return 2;
            } else if (a->kind == SPV2C_ARG_VALUE_ && m->size != a->size) {
                fprintf(stderr, "%s: error: argument %u (%s): '%s' holds %u bytes, the parameter "
                        "takes %u\n", argv[0], (unsigned)na, a->name, path, (unsigned)m->size,
                        (unsigned)a->size);
                return 2;
            }
            free(copy);
        } else if (!strncmp(s, "out:", 4) || !strncmp(s, "size:", 5)) {
            int used = spv2c_parse_size_(s + (s[0] == 'o' ? 4 : 5), &m->size);
            const char *rest = s + (s[0] == 'o' ? 4 : 5) + (used > 0 ? used : 0);
            if (a->kind != SPV2C_ARG_GLOBAL_ && a->kind != SPV2C_ARG_CONSTANT_)
                bad = 1;
            else if (used < 0 || (s[0] == 'o' && (rest[0] != ':' || !rest[1])) ||
                     (s[0] == 's' && *rest)) {
                fprintf(stderr, "%s: error: argument %u: expected %s\n", argv[0], (unsigned)na,
                        s[0] == 'o' ? "out:SIZE:PATH" : "size:SIZE");
                return 2;
            } else {
                m->ptr = calloc(m->size ? m->size : 1, 1);
                m->out = s[0] == 'o' ? rest + 1 : NULL;
            }
        } else if (!strncmp(s, "local:", 6)) {
            if (a->kind != SPV2C_ARG_LOCAL_ || spv2c_parse_size_(s + 6, &m->size) < 0 ||
                s[6 + spv2c_parse_size_(s + 6, &m->size)] || !m->size)
                bad = 1;
        } else if (a->kind == SPV2C_ARG_VALUE_) {
            m->ptr = calloc(a->size, 1);
            m->size = a->size;
            if (spv2c_parse_value_(a, s, (unsigned char *)m->ptr)) {
                fprintf(stderr, "%s: error: argument %u (%s): '%s' is not a %s%u%s value%s\n",
                        argv[0], (unsigned)na, a->name, s,
                        a->scalar == 2 ? "float" : a->scalar == 1 ? "int" : "struct",
                        a->bits, a->lanes > 1 ? " vector" : "",
                        a->scalar ? "" : " (use val:PATH)");
                return 2;
            }
        } else {
            bad = 1;
        }
        if (bad) {
            static const char *want[] = { "in:PATH, out:SIZE:PATH, inout:PATH:OUTPATH or size:SIZE",
                                          "in:PATH, out:SIZE:PATH, inout:PATH:OUTPATH or size:SIZE",
                                          "local:SIZE", "a value or val:PATH" };
            fprintf(stderr, "%s: error: argument %u (%s): '%s' does not fit; "
                    "this parameter takes %s\n", argv[0], (unsigned)na, a->name, s, want[a->kind]);
            return 2;
        }
        na++;
    }
    if (na != k->nargs) {
        fprintf(stderr, "%s: error: kernel %s takes %u arguments, %u given\n", argv[0], k->name,
                (unsigned)k->nargs, (unsigned)na);
        return 2;
    }
    if (!dim) {
        fprintf(stderr, "%s: error: --global is required\n", argv[0]);
        return 2;
    }
    if ((ld && ld != dim) || (od && od != dim)) {
        fprintf(stderr, "%s: error: --local and --offset must have as many dimensions "
                "as --global\n", argv[0]);
        return 2;
    }
    for (i = 0; i < na; i++) {
#if defined(SPV2C_CHECKED_)
        if ((k->args[i].kind == SPV2C_ARG_GLOBAL_ || k->args[i].kind == SPV2C_ARG_CONSTANT_) &&
            spv2c_main_checked_(&args[i])) {
            fprintf(stderr, "%s: error: out of memory\n", argv[0]);
            return 1;
        }
#endif
        ptrs[i] = args[i].ptr;
        sizes[i] = args[i].size;
    }
#ifdef SPV2C_WORKSPACE
    {
        /* the caller's workspace: exactly the bytes the launch needs, from
           the heap, at a SPV2C_WS_ALIGN_ boundary */
        size_t need = 0;
        unsigned char *mem = 0, *ws = 0;
        r = spv2c_launch_tab_(spv2c_ktab_, spv2c_nk_, k->name, dim, off, gsz, lsz, ptrs, sizes,
                              na, 0, 0, &need);
        if (!r && need && (need > (size_t)-1 - SPV2C_WS_ALIGN_ ||
                           !(mem = (unsigned char *)malloc(need + SPV2C_WS_ALIGN_)))) {
            fprintf(stderr, "%s: error: out of memory\n", argv[0]);
            return 1;
        }
        if (mem)
            ws = mem + (SPV2C_WS_ALIGN_ - (uintptr_t)mem % SPV2C_WS_ALIGN_) % SPV2C_WS_ALIGN_;
        if (!r)
            r = spv2c_launch_tab_(spv2c_ktab_, spv2c_nk_, k->name, dim, off, gsz, lsz, ptrs,
                                  sizes, na, ws, need, 0);
        free(mem);
    }
#else
    r = spv2c_launch_tab_(spv2c_ktab_, spv2c_nk_, k->name, dim, off, gsz, lsz, ptrs, sizes, na, 0,
                          0, 0);
#endif
    if (r) {
        fprintf(stderr, "%s: error: launching %s: %s\n", argv[0], k->name, spv2c_strerror_(r));
        return 1;
    }
    for (i = 0; i < na; i++) {
        FILE *f;
        if (!args[i].out)
            continue;
        f = fopen(args[i].out, "wb");
        if (!f || fwrite(args[i].ptr, 1, args[i].size, f) != args[i].size || fclose(f)) {
            fprintf(stderr, "%s: error: cannot write '%s'\n", argv[0], args[i].out);
            status = 1;
        }
    }
    for (i = 0; i < na; i++)
        free(args[i].raw ? args[i].raw : args[i].ptr);

    free(args);
    free(ptrs);
    free(sizes);
    return status;
}

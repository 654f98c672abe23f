/* pocl_run: an independent OpenCL host program that runs one kernel from
 * OpenCL C source on PoCL's CPU device, so that spv2c's output can be
 * compared against it. The platform is chosen by name (the first whose
 * CL_PLATFORM_NAME contains "Portable Computing Language"); another vendor's
 * platform is never used in its place: without PoCL the run fails.
 * POCL_RUN_PLATFORM=NAME picks another platform by the same rule (the
 * differential campaign, tests/gen/run.py, runs the kernels PoCL's compiler
 * aborts on under `oclgrind pocl_run ...` with POCL_RUN_PLATFORM=Oclgrind).
 *
 * usage: pocl_run FILE.cl BUILD_OPTIONS RUN [--then RUN]...
 * RUN: KERNEL [--global X[,Y[,Z]]] [--local X[,Y[,Z]]] [--offset X[,Y[,Z]]]
 *      ARG...
 * ARG: in:PATH | out:SIZE:PATH | inout:PATH:OUTPATH | size:SIZE |
 *      local:SIZE | val:PATH |
 *      image:ORDER,TYPE:W[xH[xD]][/LAYERS]:IN|-[:OUT] (as spv2c --main takes
 *      it: an image of 1, 2 or 3 extents, an array with /LAYERS, its bytes
 *      from IN or zeros, read back into OUT) |
 *      imagebuf:ORDER,TYPE:W:IN|-[:OUT] (a 1-D buffer image: a buffer of
 *      W texels and the image made of it) |
 *      sampler:BITS (a cl_sampler made from OpenCL C's sampler_t bits)
 * The program is built once; the runs (tests/gen/run.py's batches: many
 * kernels of one program, several launches each) go one after the other,
 * each with buffers of its own. With several runs, each is named on stderr
 * before it starts ("pocl_run: run KERNEL"), so that when PoCL's compiler
 * aborts the process (it does on some valid kernels), the last such line
 * names the kernel it aborted on.
 * POCL_RUN_TIMEOUT=SECS bounds each run (its kernel's compilation
 * included): a run still going after SECS seconds of wall time is named on
 * stderr and the process dies of SIGALRM, as when PoCL aborts. PoCL 3.1
 * makes some valid kernels loop forever (tests/gen/triage.txt, seed 3180);
 * the campaign then takes Oclgrind's outputs as the reference.
 * SPV2C_POCL_CPU=MODEL runs PoCL as it runs on another x86-64 CPU (see
 * emulate_cpu); `pocl_run --device-name` prints the device PoCL offers
 * (scripts/test names it: PoCL's code depends on the CPU it builds for).
 * Exit status: 0 success, 1 OpenCL failure, 2 usage or file error.
 */
#define _POSIX_C_SOURCE 200809L
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

/* clGetPlatformIDs's status when the ICD loader finds no platform */
#define CL_PLATFORM_NOT_FOUND_KHR_ (-1001)

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *prog_name = "pocl_run";

static const char *cl_err_name(cl_int e)
{
    switch (e) {
#define E(x) case x: return #x;
    E(CL_SUCCESS) E(CL_DEVICE_NOT_FOUND) E(CL_DEVICE_NOT_AVAILABLE)
    E(CL_COMPILER_NOT_AVAILABLE) E(CL_MEM_OBJECT_ALLOCATION_FAILURE)
    E(CL_OUT_OF_RESOURCES) E(CL_OUT_OF_HOST_MEMORY)
    E(CL_BUILD_PROGRAM_FAILURE) E(CL_INVALID_VALUE) E(CL_INVALID_DEVICE)
    E(CL_INVALID_CONTEXT) E(CL_INVALID_COMMAND_QUEUE)
    E(CL_INVALID_MEM_OBJECT) E(CL_INVALID_PROGRAM)
    E(CL_INVALID_PROGRAM_EXECUTABLE) E(CL_INVALID_KERNEL_NAME)
    E(CL_INVALID_KERNEL) E(CL_INVALID_ARG_INDEX) E(CL_INVALID_ARG_VALUE)
    E(CL_INVALID_ARG_SIZE) E(CL_INVALID_KERNEL_ARGS)
    E(CL_INVALID_WORK_DIMENSION) E(CL_INVALID_WORK_GROUP_SIZE)
    E(CL_INVALID_WORK_ITEM_SIZE) E(CL_INVALID_GLOBAL_OFFSET)
    E(CL_INVALID_BUFFER_SIZE) E(CL_INVALID_GLOBAL_WORK_SIZE)
    E(CL_INVALID_BUILD_OPTIONS) E(CL_INVALID_OPERATION)
    E(CL_INVALID_PLATFORM)
#undef E
    default: return "unknown OpenCL error";
    }
}

#define CHECK(call, what)                                                  \
    do {                                                                   \
        cl_int err_ = (call);                                              \
        if (err_ != CL_SUCCESS) {                                          \
            fprintf(stderr, "%s: %s failed: %s (%d)\n", prog_name, what,   \
                    cl_err_name(err_), (int)err_);                         \
            exit(1);                                                       \
        }                                                                  \
    } while (0)

#define POCL_NAME "Portable Computing Language"
#define MAX_PLATFORMS 16

/* The PoCL platform (or POCL_RUN_PLATFORM's), or exit 1 saying what to
   install. */
static cl_platform_id find_pocl(void)
{
    cl_platform_id ids[MAX_PLATFORMS];
    cl_uint n = 0, i;
    char name[256];
    const char *want = getenv("POCL_RUN_PLATFORM");
    cl_int err = clGetPlatformIDs(MAX_PLATFORMS, ids, &n);

    if (err != CL_SUCCESS && err != CL_PLATFORM_NOT_FOUND_KHR_)
        CHECK(err, "clGetPlatformIDs");
    if (err != CL_SUCCESS)
        n = 0;
    if (n > MAX_PLATFORMS)
        n = MAX_PLATFORMS;
    for (i = 0; i < n; i++) {
        name[0] = 0;
        CHECK(clGetPlatformInfo(ids[i], CL_PLATFORM_NAME, sizeof name - 1,
                                name, NULL), "clGetPlatformInfo");
        name[sizeof name - 1] = 0;
        if (strstr(name, want && *want ? want : POCL_NAME))
            return ids[i];
    }
    if (want && *want) {
        fprintf(stderr, "%s: no OpenCL platform named \"%s\" among %u "
                "platform(s)\n", prog_name, want, (unsigned)n);
        exit(1);
    }
    fprintf(stderr, "%s: no OpenCL platform named \"" POCL_NAME "\" among "
            "%u platform(s): install pocl-opencl-icd (and ocl-icd-libopencl1), "
            "or run scripts/setup\n", prog_name, (unsigned)n);
    exit(1);
}

static void usage_fail(const char *msg, const char *arg)
{
    if (arg)
        fprintf(stderr, "%s: %s: %s\n", prog_name, arg, msg);
    else
        fprintf(stderr, "%s: %s\n", prog_name, msg);
    fprintf(stderr,
            "usage: %s FILE.cl BUILD_OPTIONS RUN [--then RUN]...\n"
            "  RUN: KERNEL [--global X[,Y[,Z]]] "
            "[--local X[,Y[,Z]]] [--offset X[,Y[,Z]]] ARG...\n"
            "  ARG: in:PATH | out:SIZE:PATH | inout:PATH:OUTPATH | "
            "size:SIZE | local:SIZE | val:PATH\n",
            prog_name);
    exit(2);
}

static unsigned char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    unsigned char *buf = NULL;
    size_t cap = 0, n = 0;
    if (!f) {
        fprintf(stderr, "%s: cannot open %s: %s\n", prog_name, path,
                strerror(errno));
        exit(2);
    }
    for (;;) {
        size_t got;
        if (n == cap) {
            unsigned char *nb;
            cap = cap ? cap * 2 : 4096;
            nb = realloc(buf, cap);
            if (!nb) {
                fprintf(stderr, "%s: out of memory\n", prog_name);
                exit(2);
            }
            buf = nb;
        }
        got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0)
            break;
    }
    if (ferror(f)) {
        fprintf(stderr, "%s: error reading %s\n", prog_name, path);
        exit(2);
    }
    fclose(f);
    *len = n;
    return buf;
}

static void write_file(const char *path, const void *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, len, f) != len || fclose(f) != 0) {
        fprintf(stderr, "%s: cannot write %s: %s\n", prog_name, path,
                strerror(errno));
        exit(2);
    }
}

static size_t parse_size(const char *s, const char *arg)
{
    char *end;
    unsigned long long v;
    if (*s == '-' || *s == '\0')
        usage_fail("bad size", arg);
    errno = 0;
    v = strtoull(s, &end, 0);
    if (errno || *end != '\0')
        usage_fail("bad size", arg);
    return (size_t)v;
}

/* Parses "X[,Y[,Z]]"; returns the number of dimensions. */
static cl_uint parse_dims(const char *s, size_t out[3], const char *arg)
{
    cl_uint n = 0;
    const char *p = s;
    for (;;) {
        char *end;
        unsigned long long v;
        if (n == 3 || *p == '-' || *p == '\0')
            usage_fail("bad dimensions", arg);
        errno = 0;
        v = strtoull(p, &end, 0);
        if (errno || end == p)
            usage_fail("bad dimensions", arg);
        out[n++] = (size_t)v;
        if (*end == '\0')
            break;
        if (*end != ',')
            usage_fail("bad dimensions", arg);
        p = end + 1;
    }
    return n;
}

enum arg_kind { A_IN, A_OUT, A_INOUT, A_SIZE, A_LOCAL, A_VAL, A_IMAGE, A_SAMPLER };

struct karg {
    enum arg_kind kind;
    const char *text;
    unsigned char *data; /* initial bytes (in/inout/val/image) */
    size_t size;
    const char *outpath; /* out/inout/image */
    cl_mem mem;
    cl_mem buf;          /* a 1-D buffer image's buffer */
    cl_image_format fmt; /* image */
    cl_image_desc desc;
    size_t region[3];
    cl_uint smp;         /* sampler: sampler_t bits */
    cl_sampler sampler;
};

/* the index of name (n bytes) in names, or -1 */
static int find_name(const char *const *names, int count, const char *s, size_t n)
{
    int k;
    for (k = 0; k < count; k++)
        if (strlen(names[k]) == n && strncmp(names[k], s, n) == 0)
            return k;
    return -1;
}

/* bytes a texel of the format takes (the formats spv2c's runtime holds) */
static size_t texel_size(const cl_image_format *f)
{
    static const unsigned char cs[15] = { 1, 2, 1, 2, 0, 0, 0, 1, 2, 4, 1, 2, 4, 2, 4 };
    static const unsigned char nc[13] = { 1, 1, 2, 2, 3, 4, 4, 4, 1, 1, 1, 2, 3 };
    unsigned o = f->image_channel_order - CL_R, t = f->image_channel_data_type - CL_SNORM_INT8;
    if (t == 4 || t == 5)
        return 2;
    if (t == 6)
        return 4;
    return (size_t)nc[o] * cs[t];
}

/* image:ORDER,TYPE:W[xH[xD]][/LAYERS]:IN|-[:OUT], or imagebuf:ORDER,TYPE:W:... */
static void parse_image(struct karg *a, const char *s)
{
    int isbuf = strncmp(s, "imagebuf:", 9) == 0;
    static const char *const orders[] = { "R", "A", "RG", "RA", "RGB", "RGBA", "BGRA", "ARGB",
                                          "INTENSITY", "LUMINANCE", "Rx", "RGx", "RGBx" };
    static const char *const types[] = { "SNORM_INT8", "SNORM_INT16", "UNORM_INT8",
        "UNORM_INT16", "UNORM_SHORT_565", "UNORM_SHORT_555", "UNORM_INT_101010", "SIGNED_INT8",
        "SIGNED_INT16", "SIGNED_INT32", "UNSIGNED_INT8", "UNSIGNED_INT16", "UNSIGNED_INT32",
        "HALF_FLOAT", "FLOAT" };
    static const cl_mem_object_type kinds[2][3] = {
        { CL_MEM_OBJECT_IMAGE1D, CL_MEM_OBJECT_IMAGE2D, CL_MEM_OBJECT_IMAGE3D },
        { CL_MEM_OBJECT_IMAGE1D_ARRAY, CL_MEM_OBJECT_IMAGE2D_ARRAY, 0 } };
    const char *p = s + (isbuf ? 9 : 6), *q;
    size_t ext[3] = { 1, 1, 1 }, layers = 0, n, k = 0, len;
    int o, t;
    char path[4096], *end;
    q = strchr(p, ',');
    if (!q || (o = find_name(orders, 13, p, (size_t)(q - p))) < 0)
        usage_fail("unknown channel order", s);
    p = q + 1;
    if (!(q = strchr(p, ':')) || (t = find_name(types, 15, p, (size_t)(q - p))) < 0)
        usage_fail("unknown channel data type", s);
    for (p = q; k == 0 || *p == 'x' || *p == '/'; ) {
        size_t v = (size_t)strtoull(p + 1, &end, 10);
        if (end == p + 1 || v == 0 || (*p != '/' && k >= 3))
            usage_fail("bad image extents", s);
        if (*p == '/')
            layers = v;
        else
            ext[k++] = v;
        p = end;
    }
    if (*p != ':' || (n = strcspn(p + 1, ":")) == 0 || n >= sizeof path ||
        (layers && k == 3) || (isbuf && (layers || k != 1)))
        usage_fail("expected image:ORDER,TYPE:W[xH[xD]][/LAYERS]:IN|-[:OUT]", s);
    memcpy(path, p + 1, n);
    path[n] = '\0';
    a->kind = A_IMAGE;
    a->outpath = p[1 + n] == ':' ? p + 2 + n : NULL;
    a->fmt.image_channel_order = CL_R + (cl_uint)o;
    a->fmt.image_channel_data_type = CL_SNORM_INT8 + (cl_uint)t;
    a->desc.image_type = isbuf ? CL_MEM_OBJECT_IMAGE1D_BUFFER : kinds[layers != 0][k - 1];
    a->desc.image_width = ext[0];
    a->desc.image_height = ext[1];
    a->desc.image_depth = ext[2];
    a->desc.image_array_size = layers;
    a->region[0] = ext[0];
    a->region[1] = k == 1 && layers ? layers : ext[1];
    a->region[2] = k == 2 && layers ? layers : ext[2];
    a->size = texel_size(&a->fmt) * ext[0] * ext[1] * ext[2] * (layers ? layers : 1);
    if (strcmp(path, "-") == 0) {
        a->data = calloc(1, a->size);
        len = a->size;
    } else {
        a->data = read_file(path, &len);
    }
    if (!a->data || len != a->size)
        usage_fail("the image file does not hold the image's bytes", s);
}

static void parse_arg(struct karg *a, const char *s)
{
    memset(a, 0, sizeof *a);
    a->text = s;
    if (strncmp(s, "in:", 3) == 0) {
        a->kind = A_IN;
        a->data = read_file(s + 3, &a->size);
    } else if (strncmp(s, "out:", 4) == 0) {
        const char *colon = strchr(s + 4, ':');
        char num[64];
        size_t len;
        if (!colon || colon[1] == '\0')
            usage_fail("expected out:SIZE:PATH", s);
        len = (size_t)(colon - (s + 4));
        if (len == 0 || len >= sizeof num)
            usage_fail("bad size", s);
        memcpy(num, s + 4, len);
        num[len] = '\0';
        a->kind = A_OUT;
        a->size = parse_size(num, s);
        a->outpath = colon + 1;
    } else if (strncmp(s, "inout:", 6) == 0) {
        const char *colon = strchr(s + 6, ':');
        char *path;
        size_t len;
        if (!colon || colon[1] == '\0' || colon == s + 6)
            usage_fail("expected inout:PATH:OUTPATH", s);
        len = (size_t)(colon - (s + 6));
        path = malloc(len + 1);
        if (!path)
            usage_fail("out of memory", s);
        memcpy(path, s + 6, len);
        path[len] = '\0';
        a->kind = A_INOUT;
        a->data = read_file(path, &a->size);
        free(path);
        a->outpath = colon + 1;
    } else if (strncmp(s, "size:", 5) == 0) {
        a->kind = A_SIZE;
        a->size = parse_size(s + 5, s);
    } else if (strncmp(s, "local:", 6) == 0) {
        a->kind = A_LOCAL;
        a->size = parse_size(s + 6, s);
    } else if (strncmp(s, "val:", 4) == 0) {
        a->kind = A_VAL;
        a->data = read_file(s + 4, &a->size);
    } else if (strncmp(s, "image:", 6) == 0 || strncmp(s, "imagebuf:", 9) == 0) {
        parse_image(a, s);
    } else if (strncmp(s, "sampler:", 8) == 0) {
        a->kind = A_SAMPLER;
        a->smp = (cl_uint)parse_size(s + 8, s);
    } else {
        usage_fail("unknown argument form", s);
    }
}

/* One run: KERNEL and its options and arguments (argv[0] .. argv[argc-1])
 * on the built program; exits on failure. */
static void run_kernel(cl_context ctx, cl_command_queue q, cl_program prog,
                       int argc, char **argv)
{
    const char *kname = argv[0];
    size_t gsize[3] = {1, 1, 1}, lsize[3] = {1, 1, 1}, goff[3] = {0, 0, 0};
    cl_uint gdim = 0, ldim = 0, odim = 0, dim;
    struct karg *args;
    int nargs = 0, i;
    cl_kernel kern;
    cl_uint kargs_expected = 0;
    cl_int err;

    args = calloc((size_t)argc + 1, sizeof *args);
    if (!args)
        usage_fail("out of memory", NULL);
    for (i = 1; i < argc; i++) {
        const char *s = argv[i];
        if (strcmp(s, "--global") == 0 || strcmp(s, "--local") == 0 ||
            strcmp(s, "--offset") == 0) {
            if (i + 1 >= argc)
                usage_fail("missing value", s);
            if (s[2] == 'g')
                gdim = parse_dims(argv[++i], gsize, s);
            else if (s[2] == 'l')
                ldim = parse_dims(argv[++i], lsize, s);
            else
                odim = parse_dims(argv[++i], goff, s);
        } else {
            parse_arg(&args[nargs++], s);
        }
    }
    if (gdim == 0)
        usage_fail("--global is required", NULL);
    if ((ldim && ldim != gdim) || (odim && odim != gdim))
        usage_fail("--local/--offset must have as many dimensions as --global",
                   NULL);
    dim = gdim;

    kern = clCreateKernel(prog, kname, &err);
    CHECK(err, "clCreateKernel");
    CHECK(clGetKernelInfo(kern, CL_KERNEL_NUM_ARGS, sizeof kargs_expected,
                          &kargs_expected, NULL),
          "clGetKernelInfo");
    if ((cl_uint)nargs != kargs_expected) {
        fprintf(stderr, "%s: kernel %s takes %u arguments, %d given\n",
                prog_name, kname, (unsigned)kargs_expected, nargs);
        exit(2);
    }
    for (i = 0; i < nargs; i++) {
        struct karg *a = &args[i];
        char what[64];
        sprintf(what, "clSetKernelArg(%d)", i);
        switch (a->kind) {
        case A_IN:
        case A_INOUT:
        case A_OUT:
        case A_SIZE: {
            /* OpenCL forbids zero-sized buffers: allocate at least 1 byte */
            size_t sz = a->size ? a->size : 1;
            void *init = a->data;
            unsigned char *zero = NULL;
            if (a->kind == A_OUT || a->kind == A_SIZE || a->size == 0) {
                zero = calloc(1, sz);
                if (!zero)
                    usage_fail("out of memory", a->text);
                init = zero;
            }
            a->mem = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                                    sz, init, &err);
            free(zero);
            CHECK(err, "clCreateBuffer");
            CHECK(clSetKernelArg(kern, (cl_uint)i, sizeof(cl_mem), &a->mem),
                  what);
            break;
        }
        case A_LOCAL:
            CHECK(clSetKernelArg(kern, (cl_uint)i, a->size, NULL), what);
            break;
        case A_VAL:
            CHECK(clSetKernelArg(kern, (cl_uint)i, a->size, a->data), what);
            break;
        case A_IMAGE:
            if (a->desc.image_type == CL_MEM_OBJECT_IMAGE1D_BUFFER) {
                a->buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, a->size,
                                        a->data, &err);
                CHECK(err, "clCreateBuffer (1-D buffer image)");
                a->desc.buffer = a->buf;
            }
            a->mem = clCreateImage(ctx, CL_MEM_READ_WRITE | (a->buf ? 0 : CL_MEM_COPY_HOST_PTR),
                                   &a->fmt, &a->desc, a->buf ? NULL : a->data, &err);
            CHECK(err, "clCreateImage");
            CHECK(clSetKernelArg(kern, (cl_uint)i, sizeof(cl_mem), &a->mem), what);
            break;
        case A_SAMPLER: {
            cl_sampler_properties props[] = {
                CL_SAMPLER_NORMALIZED_COORDS, a->smp & 1,
                CL_SAMPLER_ADDRESSING_MODE, CL_ADDRESS_NONE + (a->smp >> 1 & 7),
                CL_SAMPLER_FILTER_MODE, (a->smp & 0x30) == 0x20 ? CL_FILTER_LINEAR
                                                                  : CL_FILTER_NEAREST,
                0 };
            a->sampler = clCreateSamplerWithProperties(ctx, props, &err);
            CHECK(err, "clCreateSamplerWithProperties");
            CHECK(clSetKernelArg(kern, (cl_uint)i, sizeof(cl_sampler), &a->sampler), what);
            break;
        }
        }
    }

    CHECK(clEnqueueNDRangeKernel(q, kern, dim, odim ? goff : NULL, gsize,
                                 ldim ? lsize : NULL, 0, NULL, NULL),
          "clEnqueueNDRangeKernel");
    CHECK(clFinish(q), "clFinish");

    for (i = 0; i < nargs; i++) {
        struct karg *a = &args[i];
        unsigned char *buf;
        if (a->kind != A_OUT && a->kind != A_INOUT && !(a->kind == A_IMAGE && a->outpath))
            continue;
        buf = malloc(a->size ? a->size : 1);
        if (!buf)
            usage_fail("out of memory", a->text);
        if (a->kind == A_IMAGE) {
            size_t origin[3] = { 0, 0, 0 };
            CHECK(clEnqueueReadImage(q, a->mem, CL_TRUE, origin, a->region, 0, 0, buf, 0,
                                     NULL, NULL),
                  "clEnqueueReadImage");
        } else if (a->size)
            CHECK(clEnqueueReadBuffer(q, a->mem, CL_TRUE, 0, a->size, buf, 0,
                                      NULL, NULL),
                  "clEnqueueReadBuffer");
        write_file(a->outpath, buf, a->size);
        free(buf);
    }

    for (i = 0; i < nargs; i++) {
        if (args[i].mem)
            clReleaseMemObject(args[i].mem);
        if (args[i].buf)
            clReleaseMemObject(args[i].buf);
        if (args[i].sampler)
            clReleaseSampler(args[i].sampler);
        free(args[i].data);
    }
    free(args);
    clReleaseKernel(kern);
}

/* POCL_RUN_TIMEOUT's watchdog: the message of the run in progress */
static char watch_msg[256];

static void watch_fired(int sig)
{
    ssize_t r = write(2, watch_msg, strlen(watch_msg));
    (void)r;
    signal(sig, SIG_DFL);
    raise(sig);
}

/* the seconds POCL_RUN_TIMEOUT gives (0: no watchdog) */
static unsigned watch_seconds(void)
{
    const char *s = getenv("POCL_RUN_TIMEOUT");
    char *end;
    unsigned long v;

    if (s == NULL || *s == '\0')
        return 0;
    errno = 0;
    v = strtoul(s, &end, 10);
    if (*end != '\0' || errno != 0 || v == 0 || v > 86400)
        usage_fail("POCL_RUN_TIMEOUT must be a number of seconds, 1 to 86400", s);
    return (unsigned)v;
}

/* arm the watchdog for the run of kernel (secs 0: none) */
static void watch_run(unsigned secs, const char *kernel)
{
    if (secs == 0)
        return;
    snprintf(watch_msg, sizeof watch_msg,
             "%s: run %s did not finish in %u s (POCL_RUN_TIMEOUT)\n",
             prog_name, kernel, secs);
    alarm(secs);
}

/* SPV2C_POCL_CPU=MODEL: PoCL as it runs on another x86-64 CPU. PoCL 3.1
 * has no setting that selects its target: it asks LLVM for the host CPU's
 * name and features (cpuid), and picks its kernel library and code
 * generation from them. So pocl_run runs itself again under `qemu-x86_64
 * -cpu MODEL`, whose cpuid is MODEL's (EPYC-Rome gives PoCL's device
 * `pthread-haswell`, the AVX2-only machine of issue 36), with a kernel
 * cache of MODEL's own. scripts/pocl-cpu-check uses it. */
static void emulate_cpu(int argc, char **argv)
{
    static char cache[512], self[4096];
    const char *cpu = getenv("SPV2C_POCL_CPU");
    const char *tmp = getenv("TMPDIR");
    char **qargv;
    size_t n;
    ssize_t len;
    int i;

    if (cpu == NULL || *cpu == '\0' || getenv("SPV2C_POCL_CPU_ACTIVE") != NULL)
        return;
    setenv("SPV2C_POCL_CPU_ACTIVE", cpu, 1);
    n = (size_t)snprintf(cache, sizeof cache, "%s/spv2c-pocl-cache-",
                         tmp != NULL && *tmp != '\0' ? tmp : "/tmp");
    for (i = 0; cpu[i] != '\0' && n + 1 < sizeof cache; i++)
        cache[n++] = (cpu[i] >= 'A' && cpu[i] <= 'Z') || (cpu[i] >= 'a' && cpu[i] <= 'z') ||
                     (cpu[i] >= '0' && cpu[i] <= '9') ? cpu[i] : '_';
    cache[n] = '\0';
    if (getenv("POCL_CACHE_DIR") == NULL)
        setenv("POCL_CACHE_DIR", cache, 1);
    len = readlink("/proc/self/exe", self, sizeof self - 1);
    if (len <= 0)
        usage_fail("SPV2C_POCL_CPU: cannot find this program", "/proc/self/exe");
    self[len] = '\0';
    qargv = calloc((size_t)argc + 4, sizeof *qargv);
    if (qargv == NULL)
        usage_fail("out of memory", NULL);
    qargv[0] = "qemu-x86_64";
    qargv[1] = "-cpu";
    qargv[2] = (char *)cpu;
    qargv[3] = self;
    for (i = 1; i < argc; i++)
        qargv[i + 3] = argv[i];
    execvp(qargv[0], qargv);
    fprintf(stderr, "%s: SPV2C_POCL_CPU=%s needs qemu-x86_64 (apt-get install qemu-user): %s\n",
            prog_name, cpu, strerror(errno));
    exit(2);
}

/* `pocl_run --device-name`: the name of PoCL's device, as scripts/test shows it */
static int print_device_name(void)
{
    cl_device_id device;
    char name[256];

    CHECK(clGetDeviceIDs(find_pocl(), CL_DEVICE_TYPE_ALL, 1, &device, NULL),
          "clGetDeviceIDs");
    CHECK(clGetDeviceInfo(device, CL_DEVICE_NAME, sizeof name, name, NULL),
          "clGetDeviceInfo");
    name[sizeof name - 1] = '\0';
    printf("%s\n", name);
    return 0;
}

int main(int argc, char **argv)
{
    const char *src_path, *options;
    unsigned char *src;
    size_t src_len;
    int first, i;
    unsigned watch;
    cl_platform_id platform;
    cl_device_id device;
    cl_context ctx;
    cl_command_queue q;
    cl_program prog;
    cl_int err;

    emulate_cpu(argc, argv);
    if (argc == 2 && strcmp(argv[1], "--device-name") == 0)
        return print_device_name();
    if (argc < 4)
        usage_fail("too few arguments", NULL);
    src_path = argv[1];
    options = argv[2];
    for (i = 3; i < argc; i++)
        if (strcmp(argv[i], "--then") == 0 && (i == 3 || i + 1 == argc ||
                                                strcmp(argv[i - 1], "--then") == 0))
            usage_fail("--then needs a run on each side", NULL);

    watch = watch_seconds();
    if (watch > 0)
        signal(SIGALRM, watch_fired);
    src = read_file(src_path, &src_len);
    platform = find_pocl();
    CHECK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL),
          "clGetDeviceIDs");
    ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
    CHECK(err, "clCreateContext");
    q = clCreateCommandQueueWithProperties(ctx, device, NULL, &err);
    CHECK(err, "clCreateCommandQueueWithProperties");

    {
        const char *strs[1];
        size_t lens[1];
        strs[0] = (const char *)src;
        lens[0] = src_len;
        prog = clCreateProgramWithSource(ctx, 1, strs, lens, &err);
        CHECK(err, "clCreateProgramWithSource");
    }
    err = clBuildProgram(prog, 1, &device, options, NULL, NULL);
    if (err != CL_SUCCESS) {
        size_t log_len = 0;
        char *log;
        fprintf(stderr, "%s: clBuildProgram(\"%s\") failed: %s (%d)\n",
                prog_name, options, cl_err_name(err), (int)err);
        if (clGetProgramBuildInfo(prog, device, CL_PROGRAM_BUILD_LOG, 0, NULL,
                                  &log_len) == CL_SUCCESS &&
            log_len > 0 && (log = malloc(log_len + 1)) != NULL) {
            if (clGetProgramBuildInfo(prog, device, CL_PROGRAM_BUILD_LOG,
                                      log_len, log, NULL) == CL_SUCCESS) {
                log[log_len] = '\0';
                fprintf(stderr, "build log:\n%s\n", log);
            }
            free(log);
        }
        return 1;
    }
    for (first = 3; first < argc; first = i + 1) {
        for (i = first; i < argc && strcmp(argv[i], "--then") != 0; i++)
            ;
        if (first > 3 || i < argc) {
            fprintf(stderr, "%s: run %s\n", prog_name, argv[first]);
            fflush(stderr);
        }
        watch_run(watch, argv[first]);
        run_kernel(ctx, q, prog, i - first, argv + first);
        alarm(0);
    }

    free(src);
    clReleaseProgram(prog);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    return 0;
}

/*
 * arginfo.c: clGetKernelArgInfo on spv2c and on PoCL (with_pocl.py), held to
 * answers written here from the kernels' source (OpenCL 1.2, 5.7.3):
 *
 *  - a program from source built with -cl-kernel-arg-info: every parameter's
 *    name, type name, address, access and type qualifiers (const, restrict,
 *    volatile; __constant implies const), images read_only and write_only;
 *  - built without it: the names, type names and type qualifiers are
 *    CL_KERNEL_ARG_INFO_NOT_AVAILABLE; spv2c knows the address qualifier
 *    and a non-image's access qualifier (NONE), not an image's (PoCL answers
 *    nothing, as the specification allows);
 *  - compiled with -cl-kernel-arg-info and linked: everything on spv2c (the
 *    specification names clCompileProgram's options too; PoCL 3.1 answers
 *    nothing for a linked program); compiled without it and linked: on
 *    spv2c the address and access qualifiers (images' too, from the
 *    modules' SPIR-V types), PoCL nothing;
 *  - from IL (argv[1], arginfo.spvasm assembled): the address and access
 *    qualifiers (the images' from their SPIR-V types); names not available;
 *  - a bad index and a bad query.
 * Prints FAIL lines and exits 1 on any mismatch.
 */
#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "platforms.h"

static const char *src =
    "typedef struct { int a; float b; } pair_t;\n"
    "__kernel void k1(__global const float *restrict src, __global volatile int *dst,\n"
    "                 __local float4 *tmp, __constant uint *tab, const int n, pair_t pr)\n"
    "{\n"
    "    dst[0] = (int)src[n] + (int)tab[0] + pr.a;\n"
    "    tmp[0] = (float4)(pr.b);\n"
    "}\n"
    "__kernel void k2(read_only image2d_t img, write_only image2d_t out, sampler_t s,\n"
    "                 __global uchar *p)\n"
    "{\n"
    "    write_imagef(out, (int2)(0, 0), read_imagef(img, s, (int2)(0, 0)) + (float)p[0]);\n"
    "}\n";

#define G CL_KERNEL_ARG_ADDRESS_GLOBAL
#define L CL_KERNEL_ARG_ADDRESS_LOCAL
#define C CL_KERNEL_ARG_ADDRESS_CONSTANT
#define P CL_KERNEL_ARG_ADDRESS_PRIVATE
#define NONE CL_KERNEL_ARG_ACCESS_NONE
#define RO CL_KERNEL_ARG_ACCESS_READ_ONLY
#define WO CL_KERNEL_ARG_ACCESS_WRITE_ONLY

typedef struct Want {
    const char *kernel;
    cl_uint i;
    const char *name, *type;
    cl_kernel_arg_address_qualifier address;
    cl_kernel_arg_access_qualifier access;
    cl_kernel_arg_type_qualifier quals;
} Want;

static const Want wants[] = {
    { "k1", 0, "src", "float*", G, NONE, CL_KERNEL_ARG_TYPE_CONST | CL_KERNEL_ARG_TYPE_RESTRICT },
    { "k1", 1, "dst", "int*", G, NONE, CL_KERNEL_ARG_TYPE_VOLATILE },
    { "k1", 2, "tmp", "float4*", L, NONE, CL_KERNEL_ARG_TYPE_NONE },
    { "k1", 3, "tab", "uint*", C, NONE, CL_KERNEL_ARG_TYPE_CONST },
    { "k1", 4, "n", "int", P, NONE, CL_KERNEL_ARG_TYPE_NONE },
    { "k1", 5, "pr", "pair_t", P, NONE, CL_KERNEL_ARG_TYPE_NONE },
    { "k2", 0, "img", "image2d_t", G, RO, CL_KERNEL_ARG_TYPE_NONE },
    { "k2", 1, "out", "image2d_t", G, WO, CL_KERNEL_ARG_TYPE_NONE },
    { "k2", 2, "s", "sampler_t", P, NONE, CL_KERNEL_ARG_TYPE_NONE },
    { "k2", 3, "p", "uchar*", G, NONE, CL_KERNEL_ARG_TYPE_NONE },
};

static const char *name;   /* the platform and case being run */
static int fails;

#define EXPECT(got, want) expect_((long)(got), (long)(want), #got, __LINE__)
static void expect_(long got, long want, const char *what, int line)
{
    if (got != want) {
        printf("FAIL: %s: arginfo.c:%d: %s gave %ld, wanted %ld\n", name, line, what, got, want);
        fails++;
    }
}

static void expect_str(cl_kernel k, cl_uint i, cl_kernel_arg_info what, const char *want)
{
    char s[256] = "";
    size_t n = 0;
    cl_int e = clGetKernelArgInfo(k, i, what, sizeof s, s, &n);

    if (e != CL_SUCCESS || strcmp(s, want) || n != strlen(want) + 1) {
        printf("FAIL: %s: arg %u, query 0x%x: \"%s\" (%d, size %zu), wanted \"%s\"\n", name,
               i, (unsigned)what, s, e, n, want);
        fails++;
    }
}

/* a cl_uint/cl_bitfield query's value, or -1000 - the error */
static long num(cl_kernel k, cl_uint i, cl_kernel_arg_info what)
{
    cl_ulong v = 0;
    cl_uint u = 0;
    size_t n = 0;
    cl_int e = clGetKernelArgInfo(k, i, what, sizeof v, &v, &n);

    if (e != CL_SUCCESS)
        return -1000 + e;
    memcpy(&u, &v, sizeof u);
    return n == sizeof u ? (long)u : (long)v;
}

/* what a case answers: everything; the address and access qualifiers
   (images' too, or not); nothing */
enum { ALL, QUALS, QUALS_BUT_IMAGES, NOTHING };
#define NA (-1000 + CL_KERNEL_ARG_INFO_NOT_AVAILABLE)

static void check(cl_program p, const Want *w, int mode)
{
    cl_int e;
    cl_kernel k = clCreateKernel(p, w->kernel, &e);
    int image = !strcmp(w->type, "image2d_t");

    EXPECT(e, CL_SUCCESS);
    if (e != CL_SUCCESS)
        return;
    EXPECT(num(k, w->i, CL_KERNEL_ARG_ADDRESS_QUALIFIER), mode == NOTHING ? NA : (long)w->address);
    EXPECT(num(k, w->i, CL_KERNEL_ARG_ACCESS_QUALIFIER),
           mode == NOTHING || (mode == QUALS_BUT_IMAGES && image) ? NA : (long)w->access);
    if (mode == ALL) {
        expect_str(k, w->i, CL_KERNEL_ARG_NAME, w->name);
        expect_str(k, w->i, CL_KERNEL_ARG_TYPE_NAME, w->type);
        EXPECT(num(k, w->i, CL_KERNEL_ARG_TYPE_QUALIFIER), w->quals);
    } else {
        EXPECT(num(k, w->i, CL_KERNEL_ARG_NAME), NA);
        EXPECT(num(k, w->i, CL_KERNEL_ARG_TYPE_NAME), NA);
        EXPECT(num(k, w->i, CL_KERNEL_ARG_TYPE_QUALIFIER), NA);
    }
    clReleaseKernel(k);
}

static void errors(cl_program p)
{
    cl_int e;
    cl_kernel k = clCreateKernel(p, "k1", &e);
    cl_uint v;

    EXPECT(clGetKernelArgInfo(k, 6, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof v, &v, NULL),
           CL_INVALID_ARG_INDEX);
    EXPECT(clGetKernelArgInfo(k, 0, 0x7777, sizeof v, &v, NULL), CL_INVALID_VALUE);
    EXPECT(clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_NAME, 2, &v, NULL), CL_INVALID_VALUE);
    EXPECT(clGetKernelArgInfo(NULL, 0, CL_KERNEL_ARG_NAME, 0, NULL, NULL), CL_INVALID_KERNEL);
    clReleaseKernel(k);
}

static cl_program from_source(cl_context c, cl_device_id d, const char *options)
{
    cl_int e;
    cl_program p = clCreateProgramWithSource(c, 1, &src, NULL, &e);

    EXPECT(clBuildProgram(p, 1, &d, options, NULL, NULL), CL_SUCCESS);
    return p;
}

/* compiled with options, then linked */
static cl_program linked(cl_context c, cl_device_id d, const char *options)
{
    cl_int e;
    cl_program o = clCreateProgramWithSource(c, 1, &src, NULL, &e), p;

    EXPECT(clCompileProgram(o, 1, &d, options, 0, NULL, NULL, NULL, NULL), CL_SUCCESS);
    p = clLinkProgram(c, 1, &d, "", 1, &o, NULL, NULL, &e);
    EXPECT(e, CL_SUCCESS);
    clReleaseProgram(o);
    return p;
}

/* the IL case: the images of arginfo.spvasm's copy_img, as wants' k2 */
static void il(cl_context c, cl_device_id d, const char *path)
{
    static unsigned char b[1 << 16];
    FILE *f = fopen(path, "rb");
    size_t n = f ? fread(b, 1, sizeof b, f) : 0, i;
    cl_int e;
    cl_program p;

    if (f)
        fclose(f);
    p = clCreateProgramWithIL(c, b, n, &e);
    EXPECT(e, CL_SUCCESS);
    EXPECT(clBuildProgram(p, 1, &d, NULL, NULL, NULL), CL_SUCCESS);
    for (i = 6; i < 10; i++) {
        Want w = wants[i];
        w.kernel = "copy_img";
        check(p, &w, QUALS);
    }
    clReleaseProgram(p);
}

/* every kernel's answers in one program against mode, then the program released */
static void check_program(cl_program p, int mode)
{
    size_t i;

    for (i = 0; i < sizeof wants / sizeof *wants; i++)
        check(p, &wants[i], mode);
    clReleaseProgram(p);
}

static void run(cl_platform_id pl, const char *what, const char *spv)
{
    cl_device_id d;
    cl_context c;
    cl_program p;
    int pocl = !strcmp(what, "pocl");
    char label[64];

    clGetDeviceIDs(pl, CL_DEVICE_TYPE_ALL, 1, &d, NULL);
    c = clCreateContext(NULL, 1, &d, NULL, NULL, NULL);
    name = label;
    snprintf(label, sizeof label, "%s, -cl-kernel-arg-info", what);
    p = from_source(c, d, "-cl-kernel-arg-info");
    errors(p);
    check_program(p, ALL);
    snprintf(label, sizeof label, "%s, no -cl-kernel-arg-info", what);
    check_program(from_source(c, d, ""), pocl ? NOTHING : QUALS_BUT_IMAGES);
    snprintf(label, sizeof label, "%s, linked, -cl-kernel-arg-info", what);
    check_program(linked(c, d, "-cl-kernel-arg-info"), pocl ? NOTHING : ALL);
    snprintf(label, sizeof label, "%s, linked", what);
    check_program(linked(c, d, ""), pocl ? NOTHING : QUALS);
    snprintf(label, sizeof label, "%s, IL", what);
    if (!pocl && spv)
        il(c, d, spv);
    clReleaseContext(c);
}

int main(int argc, char **argv)
{
    cl_platform_id spv, pocl;

    setvbuf(stdout, NULL, _IONBF, 0);
    if (find_platforms(&spv, &pocl))
        return 1;
    run(pocl, "pocl", argc > 1 ? argv[1] : NULL);
    run(spv, "spv2c", argc > 1 ? argv[1] : NULL);
    printf("%s\n", fails ? "FAIL" : "ok");
    return fails != 0;
}

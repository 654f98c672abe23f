/*
 * host.c: an unchanged-style OpenCL host program run on every platform the
 * loader sees (the test points it at spv2c's and PoCL's .icd files):
 *
 *  - a program from source (build options passed: -D), a kernel with a
 *    __local argument and a barrier, scalar arguments, a 2-D range with a
 *    global offset and a local size, and a second kernel launched without a
 *    local size; its integer and float results must be the same bits on
 *    spv2c and on PoCL;
 *  - on spv2c only, a program from IL (samples/saxpy.spv, argv[1]) must give
 *    the bits of the same module translated by the spv2c command and called
 *    directly (direct_run_saxpy, linked in: the direct path).
 */
#define CL_TARGET_OPENCL_VERSION 210
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "platforms.h"

#include "saxpy_direct.h"

#define W 32
#define H 8
#define N (W * H)

static const char *src =
    "__kernel void blend(__global const float *x, __global float *y, __global int *s,\n"
    "                  float a, int b, __local int *l) {\n"
    "    size_t gx = get_global_id(0) - get_global_offset(0), gy = get_global_id(1) - 1;\n"
    "    size_t i = gx + gy * get_global_size(0), row = get_local_id(1) * get_local_size(0);\n"
    "    l[row + get_local_id(0)] = (int)((uint)i * 2654435761u) ^ b ^ SALT;\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    int acc = 0;\n"
    "    for (size_t k = 0; k < get_local_size(0); k++) acc += l[row + k] >> (k & 7);\n"
    "    s[i] = acc;\n"
    "    y[i] = x[i] * a;\n"
    "}\n"
    "__kernel void add(__global float *y, __global const float *x) {\n"
    "    size_t i = get_global_id(0);\n"
    "    y[i] = y[i] + x[i];\n"
    "}\n";

static int fails;

static void check(cl_int e, const char *what)
{
    if (e != CL_SUCCESS) {
        printf("FAIL: %s: %d\n", what, e);
        exit(1);
    }
}

/* run blend then add on platform p; results into y and s */
static void run_source(cl_platform_id p, float *y, int *s)
{
    cl_device_id d;
    cl_int e;
    cl_context c;
    cl_command_queue q;
    cl_program pr;
    cl_kernel k, k2;
    cl_mem bx, by, bs;
    float x[N], a = 1.75f;
    int b = 0x5a5a, i;
    size_t off[2] = { 3, 1 }, g[2] = { W, H }, l[2] = { 8, 2 }, n = N;

    for (i = 0; i < N; i++)
        x[i] = (float)i * 0.3f - 7.0f;
    check(clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 1, &d, NULL), "device");
    c = clCreateContext(NULL, 1, &d, NULL, NULL, &e);
    q = clCreateCommandQueue(c, d, 0, &e);
    check(e, "queue");
    pr = clCreateProgramWithSource(c, 1, &src, NULL, &e);
    check(clBuildProgram(pr, 1, &d, "-DSALT=0x1234", NULL, NULL), "build");
    k = clCreateKernel(pr, "blend", &e);
    k2 = clCreateKernel(pr, "add", &e);
    bx = clCreateBuffer(c, CL_MEM_COPY_HOST_PTR | CL_MEM_READ_ONLY, sizeof x, x, &e);
    by = clCreateBuffer(c, CL_MEM_READ_WRITE, sizeof x, NULL, &e);
    bs = clCreateBuffer(c, CL_MEM_WRITE_ONLY, N * sizeof(int), NULL, &e);
    clSetKernelArg(k, 0, sizeof bx, &bx);
    clSetKernelArg(k, 1, sizeof by, &by);
    clSetKernelArg(k, 2, sizeof bs, &bs);
    clSetKernelArg(k, 3, sizeof a, &a);
    clSetKernelArg(k, 4, sizeof b, &b);
    clSetKernelArg(k, 5, l[0] * l[1] * sizeof(int), NULL);
    check(clEnqueueNDRangeKernel(q, k, 2, off, g, l, 0, NULL, NULL), "blend");
    clSetKernelArg(k2, 0, sizeof by, &by);
    clSetKernelArg(k2, 1, sizeof bx, &bx);
    check(clEnqueueNDRangeKernel(q, k2, 1, NULL, &n, NULL, 0, NULL, NULL), "add");
    check(clEnqueueReadBuffer(q, by, CL_TRUE, 0, sizeof x, y, 0, NULL, NULL), "read y");
    check(clEnqueueReadBuffer(q, bs, CL_TRUE, 0, N * sizeof(int), s, 0, NULL, NULL), "read s");
    clReleaseMemObject(bx);
    clReleaseMemObject(by);
    clReleaseMemObject(bs);
    clReleaseKernel(k);
    clReleaseKernel(k2);
    clReleaseProgram(pr);
    clReleaseCommandQueue(q);
    clReleaseContext(c);
}

/* saxpy from IL on platform p, and the same module through the direct path */
static void run_il(cl_platform_id p, const char *spv_path)
{
    static unsigned char il[1 << 16];
    float y[N], y0[N], yd[N], x[N], a = -2.5f;
    size_t n, i, g = N;
    FILE *f = fopen(spv_path, "rb");
    cl_device_id d;
    cl_int e;
    cl_context c;
    cl_command_queue q;
    cl_program pr;
    cl_kernel k;
    cl_mem by, bx;
    direct_ndrange r;
    direct_arg args[3];

    n = f ? fread(il, 1, sizeof il, f) : 0;
    if (f)
        fclose(f);
    for (i = 0; i < N; i++) {
        x[i] = (float)i / 3.0f;
        y0[i] = yd[i] = 1.0f - (float)i * 0.7f;
    }
    check(clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 1, &d, NULL), "device");
    c = clCreateContext(NULL, 1, &d, NULL, NULL, &e);
    q = clCreateCommandQueue(c, d, 0, &e);
    pr = clCreateProgramWithIL(c, il, n, &e);
    check(e, "program from IL");
    check(clBuildProgram(pr, 1, &d, NULL, NULL, NULL), "build from IL");
    k = clCreateKernel(pr, "saxpy", &e);
    check(e, "kernel saxpy");
    by = clCreateBuffer(c, CL_MEM_COPY_HOST_PTR, sizeof y0, y0, &e);
    bx = clCreateBuffer(c, CL_MEM_COPY_HOST_PTR, sizeof x, x, &e);
    clSetKernelArg(k, 0, sizeof by, &by);
    clSetKernelArg(k, 1, sizeof bx, &bx);
    clSetKernelArg(k, 2, sizeof a, &a);
    check(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, NULL), "saxpy");
    check(clEnqueueReadBuffer(q, by, CL_TRUE, 0, sizeof y, y, 0, NULL, NULL), "read");
    memset(&r, 0, sizeof r);
    r.work_dim = 1;
    r.global_size[0] = N;
    args[0].ptr = yd, args[0].size = sizeof yd;
    args[1].ptr = x, args[1].size = sizeof x;
    args[2].ptr = &a, args[2].size = sizeof a;
    if (direct_launch("saxpy", &r, args, 3) != 0 || memcmp(y, yd, sizeof y)) {
        printf("FAIL: saxpy from IL differs from the direct path\n");
        fails++;
    }
    clReleaseMemObject(by);
    clReleaseMemObject(bx);
    clReleaseKernel(k);
    clReleaseProgram(pr);
    clReleaseCommandQueue(q);
    clReleaseContext(c);
}

int main(int argc, char **argv)
{
    cl_platform_id spv, pocl;
    float y[2][N];
    int s[2][N];

    if (argc < 2) {
        printf("FAIL: usage: platform_host SAXPY.spv\n");
        return 1;
    }
    if (find_platforms(&spv, &pocl))
        return 1;
    run_source(pocl, y[1], s[1]);
    run_source(spv, y[0], s[0]);
    if (memcmp(y[0], y[1], sizeof y[0]) || memcmp(s[0], s[1], sizeof s[0])) {
        printf("FAIL: spv2c and PoCL differ on the source program\n");
        fails++;
    }
    run_il(spv, argv[1]);
    printf("%s: source program on spv2c and PoCL, IL program against the direct path\n",
           fails ? "FAIL" : "ok");
    return fails != 0;
}

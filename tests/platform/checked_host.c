/*
 * checked_host.c Y SUB [BINARY]: a plain OpenCL host program (nothing spv2c in it)
 * with two overruns it plants on request, for spv2c-run --checked
 * (tests/platform/checked.py reads the kernel source below for the lines):
 *
 *  - Y=1: the host passes scale() one more than y's length (N + 1 for N
 *    floats), so work-item N writes y[N], one element past y. y is a
 *    CL_MEM_USE_HOST_PTR buffer over N + 1 floats, so the write lands in
 *    host memory even unchecked: only the buffer's extent makes it a bug;
 *  - SUB=1: fill() runs on a 16-int sub-buffer (at byte 128 of a 64-int
 *    buffer) with n = 18: work-items 16 and 17 write 0 and 4 bytes past the
 *    sub-buffer's end, still inside its parent.
 *
 * With BINARY (a file), the program is made from that binary when the file
 * exists ("FAIL: binary: CODE" when the platform refuses it), else built
 * from source and its binary saved there, as applications cache binaries.
 *
 * scale() also has a __local argument and a barrier. The program prints
 * its results (y and the parent buffer) and "done"; with Y=0 SUB=0 it checks
 * them against the host's own computation ("FAIL" and exit 1 otherwise).
 */
#define CL_TARGET_OPENCL_VERSION 120
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>

#define N 250
#define G 256
#define P 64
#define S 16

static const char *src =
    "__kernel void scale(__global float *y, float a, int n, __local float *l) {\n"
    "    int i = get_global_id(0), li = get_local_id(0);\n"
    "    l[li] = a * (float)i;\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    if (i < n)\n"
    "        y[i] = l[li] + l[(li + 1) % get_local_size(0)]; /* planted: y */\n"
    "}\n"
    "__kernel void fill(__global int *s, int n) {\n"
    "    int i = get_global_id(0);\n"
    "    if (i < n)\n"
    "        s[i] = i * 3 + 1; /* planted: s */\n"
    "}\n";

static void check(cl_int e, const char *what)
{
    if (e != CL_SUCCESS) {
        printf("FAIL: %s: %d\n", what, e);
        exit(1);
    }
}

/* the program from the binary at path, or from source (its binary saved at
   path when there is one) */
static cl_program program(cl_context c, cl_device_id d, const char *path)
{
    static unsigned char bin[1 << 20];
    unsigned char *b = bin;
    const unsigned char *cb = bin;
    size_t n = 0;
    cl_int e, st;
    cl_program pr;
    FILE *f = path ? fopen(path, "rb") : NULL;

    if (f) {
        n = fread(bin, 1, sizeof bin, f);
        fclose(f);
        pr = clCreateProgramWithBinary(c, 1, &d, &n, &cb, &st, &e);
        if (e != CL_SUCCESS)
            printf("FAIL: binary: %d\n", e);
        check(e, "binary");
        check(clBuildProgram(pr, 1, &d, "", NULL, NULL), "build from binary");
        return pr;
    }
    pr = clCreateProgramWithSource(c, 1, &src, NULL, &e);
    check(clBuildProgram(pr, 1, &d, "", NULL, NULL), "build");
    if (path) {
        check(clGetProgramInfo(pr, CL_PROGRAM_BINARY_SIZES, sizeof n, &n, NULL), "size");
        if (n > sizeof bin)
            check(-1, "binary size");
        check(clGetProgramInfo(pr, CL_PROGRAM_BINARIES, sizeof b, &b, NULL), "binary");
        f = fopen(path, "wb");
        if (!f || fwrite(bin, 1, n, f) != n || fclose(f))
            check(-1, "write the binary");
    }
    return pr;
}

/* the results a correct run gives; the number of differences */
static int verify(const float *y, const int *par, float a)
{
    int i, bad = 0;

    for (i = 0; i < N; i++) {
        int j = i % 64 == 63 ? i - 63 : i + 1;   /* the next lane of i's group of 64 */
        bad += y[i] != a * (float)i + a * (float)j;
    }
    for (i = 0; i < P; i++)
        bad += par[i] != (i >= 32 && i < 32 + S ? (i - 32) * 3 + 1 : -1);
    return bad;
}

int main(int argc, char **argv)
{
    cl_platform_id pl;
    cl_device_id d;
    cl_context c;
    cl_command_queue q;
    cl_program pr;
    cl_kernel ks, kf;
    cl_mem by, bp, bs;
    cl_int e;
    cl_buffer_region reg = { 32 * sizeof(int), S * sizeof(int) };
    static float y[N + 1];
    int par[P], i, bug_y = argc > 2 && atoi(argv[1]), bug_s = argc > 2 && atoi(argv[2]);
    int n = bug_y ? N + 1 : N, ns = bug_s ? S + 2 : S;
    float a = 0.5f;
    size_t g = G, l = 64, gs = S + 2;

    for (i = 0; i < P; i++)
        par[i] = -1;
    check(clGetPlatformIDs(1, &pl, NULL), "platform");
    check(clGetDeviceIDs(pl, CL_DEVICE_TYPE_ALL, 1, &d, NULL), "device");
    c = clCreateContext(NULL, 1, &d, NULL, NULL, &e);
    check(e, "context");
    q = clCreateCommandQueue(c, d, 0, &e);
    pr = program(c, d, argc > 3 ? argv[3] : NULL);
    ks = clCreateKernel(pr, "scale", &e);
    check(e, "kernel scale");
    kf = clCreateKernel(pr, "fill", &e);
    by = clCreateBuffer(c, CL_MEM_USE_HOST_PTR, N * sizeof(float), y, &e);
    bp = clCreateBuffer(c, CL_MEM_COPY_HOST_PTR, sizeof par, par, &e);
    bs = clCreateSubBuffer(bp, 0, CL_BUFFER_CREATE_TYPE_REGION, &reg, &e);
    check(e, "sub-buffer");
    clSetKernelArg(ks, 0, sizeof by, &by);
    clSetKernelArg(ks, 1, sizeof a, &a);
    clSetKernelArg(ks, 2, sizeof n, &n);
    clSetKernelArg(ks, 3, l * sizeof(float), NULL);
    check(clEnqueueNDRangeKernel(q, ks, 1, NULL, &g, &l, 0, NULL, NULL), "scale");
    clSetKernelArg(kf, 0, sizeof bs, &bs);
    clSetKernelArg(kf, 1, sizeof ns, &ns);
    check(clEnqueueNDRangeKernel(q, kf, 1, NULL, &gs, NULL, 0, NULL, NULL), "fill");
    check(clEnqueueReadBuffer(q, bp, CL_TRUE, 0, sizeof par, par, 0, NULL, NULL), "read");
    check(clFinish(q), "finish");
    for (i = 0; i < N + 1; i++)
        printf("%a%c", y[i], i % 8 == 7 ? '\n' : ' ');
    for (i = 0; i < P; i++)
        printf("%d%c", par[i], i % 16 == 15 ? '\n' : ' ');
    if (!bug_y && !bug_s && verify(y, par, a)) {
        printf("FAIL: %d results differ from the host's\n", verify(y, par, a));
        return 1;
    }
    printf("done\n");
    return 0;
}

/*
 * pocl_time: time one OpenCL kernel on the first CPU device (PoCL).
 *
 *   pocl_time FILE.cl KERNEL [--build-options OPTS] [bench.h options] ARG...
 *
 * Builds FILE.cl from source, creates the buffers (bench.h), runs the kernel
 * --warmup times (PoCL compiles the work-group function on the first launch
 * of a local size), then times --runs launches, each
 * clEnqueueNDRangeKernel + clFinish, and prints the median. Compilation
 * and buffer transfers are outside the timed region.
 * Build: cc -std=c99 -O2 pocl_time.c -o pocl_time -lOpenCL
 */
#include "bench.h"   /* first: it sets _POSIX_C_SOURCE */

#define CL_TARGET_OPENCL_VERSION 120
#define CL_USE_DEPRECATED_OPENCL_1_1_APIS   /* clCreateImage2D: an OpenCL 1.1 platform too */
#include <CL/cl.h>

static void check(cl_int err, const char *what)
{
    if (err != CL_SUCCESS) {
        fprintf(stderr, "pocl_time: %s failed: %d\n", what, (int)err);
        exit(1);
    }
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    long n;
    char *s;
    if (!f || fseek(f, 0, SEEK_END) || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET))
        bench_die("cannot read", path);
    s = malloc((size_t)n + 1);
    if (!s || fread(s, 1, (size_t)n, f) != (size_t)n)
        bench_die("cannot read", path);
    s[n] = 0;
    fclose(f);
    return s;
}

int main(int argc, char **argv)
{
    bench_cfg c;
    cl_platform_id plats[8];
    cl_uint nplat, p;
    cl_device_id dev = NULL;
    cl_context ctx;
    cl_command_queue q;
    cl_program prog;
    cl_kernel k;
    cl_mem mem[BENCH_MAX_ARGS];
    cl_int err;
    const char *src, *opts = "", *kernel;
    double t[BENCH_MAX_RUNS];
    int i, r, skip = 0;

    if (argc < 3)
        bench_die("usage: pocl_time FILE.cl KERNEL [--build-options OPTS] [--global ...] ARG...",
                  NULL);
    if (argc > 4 && !strcmp(argv[3], "--build-options")) {
        opts = argv[4];
        skip = 2;
    }
    kernel = argv[2];
    argv[2 + skip] = argv[0];
    bench_parse(argc - 2 - skip, argv + 2 + skip, &c);
    src = slurp(argv[1]);

    check(clGetPlatformIDs(8, plats, &nplat), "clGetPlatformIDs");
    for (p = 0; p < nplat && !dev; p++)
        if (clGetDeviceIDs(plats[p], CL_DEVICE_TYPE_CPU, 1, &dev, NULL) != CL_SUCCESS)
            dev = NULL;
    if (!dev)
        bench_die("no OpenCL CPU device", NULL);
    ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
    check(err, "clCreateContext");
    q = clCreateCommandQueue(ctx, dev, 0, &err);
    check(err, "clCreateCommandQueue");
    prog = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
    check(err, "clCreateProgramWithSource");
    if (clBuildProgram(prog, 1, &dev, opts, NULL, NULL) != CL_SUCCESS) {
        char log[16384];
        clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
        fprintf(stderr, "pocl_time: build failed:\n%s\n", log);
        return 1;
    }
    k = clCreateKernel(prog, kernel, &err);
    check(err, "clCreateKernel");
    for (i = 0; i < c.nargs; i++) {
        bench_arg *a = &c.args[i];
        if (a->is_img) {
            cl_image_format fmt;
            fmt.image_channel_order = a->order;
            fmt.image_channel_data_type = a->type;
            mem[i] = clCreateImage2D(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, &fmt, a->w,
                                     a->h, 0, a->data, &err);
            check(err, "clCreateImage2D");
            check(clSetKernelArg(k, (cl_uint)i, sizeof mem[i], &mem[i]), "clSetKernelArg");
        } else if (a->is_buf) {
            mem[i] = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, a->size,
                                    a->data, &err);
            check(err, "clCreateBuffer");
            check(clSetKernelArg(k, (cl_uint)i, sizeof mem[i], &mem[i]), "clSetKernelArg");
        } else {
            check(clSetKernelArg(k, (cl_uint)i, a->size, a->data), "clSetKernelArg");
        }
    }
    check(clFinish(q), "clFinish");
    for (r = -c.warmup; r < c.runs; r++) {
        double t0;
        if (r == 0)
            bench_cpu_mark();
        t0 = bench_now();
        check(clEnqueueNDRangeKernel(q, k, c.dim, NULL, c.global, c.local[0] ? c.local : NULL,
                                     0, NULL, NULL), "clEnqueueNDRangeKernel");
        check(clFinish(q), "clFinish");
        if (r >= 0)
            t[r] = bench_now() - t0;
    }
    for (i = 0; i < c.nargs; i++) {
        size_t org[3] = { 0, 0, 0 }, reg[3];
        reg[0] = c.args[i].w;
        reg[1] = c.args[i].h;
        reg[2] = 1;
        if (c.args[i].is_img)
            check(clEnqueueReadImage(q, mem[i], CL_TRUE, org, reg, 0, 0, c.args[i].data, 0,
                                     NULL, NULL), "clEnqueueReadImage");
        else if (c.args[i].is_buf)
            check(clEnqueueReadBuffer(q, mem[i], CL_TRUE, 0, c.args[i].size, c.args[i].data, 0,
                                      NULL, NULL), "clEnqueueReadBuffer");
    }
    bench_report(&c, t, c.runs);
    return 0;
}

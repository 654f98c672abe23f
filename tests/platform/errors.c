/*
 * errors.c: the platform's answers to invalid calls, each the error code
 * the OpenCL 1.2 specification names for it, through the ICD loader with
 * only this platform visible (OCL_ICD_VENDORS). Prints every mismatch and
 * exits 1 if there is one.
 */
#define CL_TARGET_OPENCL_VERSION 210
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl.h>
#include <stdio.h>
#include <string.h>

static int fails, checks;

#define EXPECT(expr, want) expect_((expr), (want), #expr, __LINE__)
static void expect_(cl_int got, cl_int want, const char *what, int line)
{
    checks++;
    if (got != want) {
        printf("errors.c:%d: %s gave %d, wanted %d\n", line, what, got, want);
        fails++;
    }
}

static const char *src =
    "__kernel void k(__global int *a, int b, __local int *l) {\n"
    "    l[get_local_id(0)] = b; barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    a[get_global_id(0)] = l[0] + 1;\n"
    "}\n"
    "__attribute__((reqd_work_group_size(4, 1, 1)))\n"
    "__kernel void r(__global int *a) { a[get_global_id(0)] = 2; }\n";

static void platform_device(cl_platform_id p, cl_device_id d)
{
    cl_uint n;
    char buf[8];
    EXPECT(clGetPlatformIDs(0, &p, NULL), CL_INVALID_VALUE);
    EXPECT(clGetPlatformIDs(0, NULL, NULL), CL_INVALID_VALUE);
    EXPECT(clGetPlatformInfo(p, 0x7777, 0, NULL, NULL), CL_INVALID_VALUE);
    EXPECT(clGetPlatformInfo(p, CL_PLATFORM_NAME, 1, buf, NULL), CL_INVALID_VALUE);
    EXPECT(clGetDeviceIDs(p, CL_DEVICE_TYPE_GPU, 1, &d, &n), CL_DEVICE_NOT_FOUND);
    EXPECT(clGetDeviceIDs(p, 0, 1, &d, &n), CL_INVALID_DEVICE_TYPE);
    EXPECT(clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 0, &d, NULL), CL_INVALID_VALUE);
    EXPECT(clGetDeviceInfo(NULL, CL_DEVICE_NAME, 0, NULL, NULL), CL_INVALID_DEVICE);
    EXPECT(clGetDeviceInfo(d, 0x7777, 0, NULL, NULL), CL_INVALID_VALUE);
}

static void context_queue(cl_platform_id p, cl_device_id d)
{
    cl_int e;
    cl_context_properties bad[] = { 0x7777, 0, 0 };
    cl_context_properties good[] = { CL_CONTEXT_PLATFORM, (cl_context_properties)p, 0 };
    cl_context c;
    EXPECT((clCreateContext(good, 0, &d, NULL, NULL, &e), e), CL_INVALID_VALUE);
    EXPECT((clCreateContext(good, 1, NULL, NULL, NULL, &e), e), CL_INVALID_VALUE);
    EXPECT((clCreateContext(bad, 1, &d, NULL, NULL, &e), e), CL_INVALID_PROPERTY);
    EXPECT((clCreateContext(good, 1, &d, NULL, &e, &e), e), CL_INVALID_VALUE);
    EXPECT((clCreateContextFromType(good, CL_DEVICE_TYPE_GPU, NULL, NULL, &e), e),
           CL_DEVICE_NOT_FOUND);
    c = clCreateContext(good, 1, &d, NULL, NULL, &e);
    EXPECT(e, CL_SUCCESS);
    EXPECT((clCreateCommandQueue(c, NULL, 0, &e), e), CL_INVALID_DEVICE);
    EXPECT((clCreateCommandQueue(c, d, 0x7777000, &e), e), CL_INVALID_VALUE);
    EXPECT(clGetContextInfo(c, 0x7777, 0, NULL, NULL), CL_INVALID_VALUE);
    EXPECT(clReleaseCommandQueue(NULL), CL_INVALID_COMMAND_QUEUE);
    clReleaseContext(c);
}

static void buffers(cl_context c, cl_command_queue q)
{
    cl_int e, v = 0;
    char host[64];
    cl_buffer_region reg = { 1, 8 }, big = { 0, 4096 };
    cl_mem b, ro;
    EXPECT((clCreateBuffer(c, CL_MEM_READ_WRITE, 0, NULL, &e), e), CL_INVALID_BUFFER_SIZE);
    EXPECT((clCreateBuffer(c, CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY, 4, NULL, &e), e),
           CL_INVALID_VALUE);
    EXPECT((clCreateBuffer(c, CL_MEM_USE_HOST_PTR, 4, NULL, &e), e), CL_INVALID_HOST_PTR);
    EXPECT((clCreateBuffer(c, CL_MEM_READ_WRITE, 4, host, &e), e), CL_INVALID_HOST_PTR);
    EXPECT((clCreateBuffer(c, CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR, 4, host, &e), e),
           CL_INVALID_VALUE);
    b = clCreateBuffer(c, CL_MEM_READ_WRITE, 64, NULL, &e);
    ro = clCreateBuffer(c, CL_MEM_HOST_NO_ACCESS, 64, NULL, &e);
    EXPECT((clCreateSubBuffer(b, 0, CL_BUFFER_CREATE_TYPE_REGION, &reg, &e), e),
           CL_MISALIGNED_SUB_BUFFER_OFFSET);
    EXPECT((clCreateSubBuffer(b, 0, CL_BUFFER_CREATE_TYPE_REGION, &big, &e), e),
           CL_INVALID_VALUE);
    EXPECT(clEnqueueReadBuffer(q, b, CL_TRUE, 60, 8, host, 0, NULL, NULL), CL_INVALID_VALUE);
    EXPECT(clEnqueueReadBuffer(q, b, CL_TRUE, 0, 4, NULL, 0, NULL, NULL), CL_INVALID_VALUE);
    EXPECT(clEnqueueReadBuffer(q, ro, CL_TRUE, 0, 4, host, 0, NULL, NULL), CL_INVALID_OPERATION);
    EXPECT(clEnqueueWriteBuffer(q, b, CL_TRUE, 0, 4, host, 1, NULL, NULL),
           CL_INVALID_EVENT_WAIT_LIST);
    EXPECT(clEnqueueCopyBuffer(q, b, b, 0, 8, 16, 0, NULL, NULL), CL_MEM_COPY_OVERLAP);
    EXPECT(clEnqueueFillBuffer(q, b, &v, 3, 0, 12, 0, NULL, NULL), CL_INVALID_VALUE);
    EXPECT(clEnqueueFillBuffer(q, b, &v, 4, 2, 12, 0, NULL, NULL), CL_INVALID_VALUE);
    EXPECT((clEnqueueMapBuffer(q, b, CL_TRUE, CL_MAP_READ, 0, 128, 0, NULL, NULL, &e), e),
           CL_INVALID_VALUE);
    EXPECT(clEnqueueUnmapMemObject(q, b, host, 0, NULL, NULL), CL_INVALID_VALUE);
    EXPECT(clGetMemObjectInfo(b, 0x7777, 0, NULL, NULL), CL_INVALID_VALUE);
    EXPECT(clReleaseMemObject(NULL), CL_INVALID_MEM_OBJECT);
    clReleaseMemObject(b);
    clReleaseMemObject(ro);
}

static cl_program program(cl_context c, cl_device_id d)
{
    cl_int e;
    const char *bad = "__kernel void k(__global int *a) { a[0] = undeclared; }\n";
    size_t n = 0;
    cl_program p;
    EXPECT((clCreateProgramWithSource(c, 0, &src, NULL, &e), e), CL_INVALID_VALUE);
    EXPECT((clCreateProgramWithIL(c, "abcd", 4, &e), e), CL_INVALID_VALUE);
    p = clCreateProgramWithSource(c, 1, &bad, NULL, &e);
    EXPECT(clBuildProgram(p, 1, &d, NULL, NULL, NULL), CL_BUILD_PROGRAM_FAILURE);
    clGetProgramBuildInfo(p, d, CL_PROGRAM_BUILD_LOG, 0, NULL, &n);
    EXPECT(n > 20 ? CL_SUCCESS : CL_INVALID_VALUE, CL_SUCCESS);   /* the log says why */
    EXPECT((clCreateKernel(p, "k", &e), e), CL_INVALID_PROGRAM_EXECUTABLE);
    clReleaseProgram(p);
    p = clCreateProgramWithSource(c, 1, &src, NULL, &e);
    EXPECT(clBuildProgram(p, 1, &d, "--nonsense", NULL, NULL), CL_INVALID_BUILD_OPTIONS);
    EXPECT(clBuildProgram(p, 0, &d, NULL, NULL, NULL), CL_INVALID_VALUE);
    EXPECT(clBuildProgram(p, 1, &d, "-DUNUSED=1", NULL, NULL), CL_SUCCESS);
    EXPECT((clCreateKernel(p, "nope", &e), e), CL_INVALID_KERNEL_NAME);
    EXPECT(clGetProgramInfo(p, 0x7777, 0, NULL, NULL), CL_INVALID_VALUE);
    return p;
}

static void kernel(cl_context c, cl_command_queue q, cl_program p)
{
    cl_int e, v = 5;
    cl_kernel k = clCreateKernel(p, "k", &e), r = clCreateKernel(p, "r", &e);
    cl_mem b = clCreateBuffer(c, CL_MEM_READ_WRITE, 64, NULL, &e);
    size_t g = 16, l = 3, l4 = 4, g0 = 0;
    EXPECT(clSetKernelArg(k, 3, sizeof v, &v), CL_INVALID_ARG_INDEX);
    EXPECT(clSetKernelArg(k, 1, 2, &v), CL_INVALID_ARG_SIZE);
    EXPECT(clSetKernelArg(k, 1, sizeof v, NULL), CL_INVALID_ARG_VALUE);
    EXPECT(clSetKernelArg(k, 0, 4, &b), CL_INVALID_ARG_SIZE);
    EXPECT(clSetKernelArg(k, 0, sizeof c, &c), CL_INVALID_MEM_OBJECT);   /* not a buffer */
    EXPECT(clSetKernelArg(k, 2, 0, NULL), CL_INVALID_ARG_SIZE);
    EXPECT(clSetKernelArg(k, 2, 16, &v), CL_INVALID_ARG_VALUE);
    EXPECT(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, NULL),
           CL_INVALID_KERNEL_ARGS);
    clSetKernelArg(k, 0, sizeof b, &b);
    clSetKernelArg(k, 1, sizeof v, &v);
    clSetKernelArg(k, 2, 64, NULL);
    EXPECT(clEnqueueNDRangeKernel(q, k, 0, NULL, &g, NULL, 0, NULL, NULL),
           CL_INVALID_WORK_DIMENSION);
    EXPECT(clEnqueueNDRangeKernel(q, k, 1, NULL, NULL, NULL, 0, NULL, NULL), CL_INVALID_VALUE);
    EXPECT(clEnqueueNDRangeKernel(q, k, 1, NULL, &g0, NULL, 0, NULL, NULL),
           CL_INVALID_GLOBAL_WORK_SIZE);
    EXPECT(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, NULL),
           CL_INVALID_WORK_GROUP_SIZE);
    EXPECT(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l4, 0, NULL, NULL), CL_SUCCESS);
    clSetKernelArg(r, 0, sizeof b, &b);
    EXPECT(clEnqueueNDRangeKernel(q, r, 1, NULL, &g, &g, 0, NULL, NULL),
           CL_INVALID_WORK_GROUP_SIZE);
    EXPECT(clReleaseProgram(p), CL_SUCCESS);   /* the kernels keep it */
    EXPECT(clGetKernelInfo(k, 0x7777, 0, NULL, NULL), CL_INVALID_VALUE);
    EXPECT(clReleaseKernel(NULL), CL_INVALID_KERNEL);
    clReleaseKernel(k);
    clReleaseKernel(r);
    clReleaseMemObject(b);
}

static void events(cl_context c, cl_command_queue q)
{
    cl_int e;
    cl_event u = clCreateUserEvent(c, &e), m = NULL;
    EXPECT(clWaitForEvents(0, NULL), CL_INVALID_VALUE);
    EXPECT(clSetUserEventStatus(u, CL_RUNNING), CL_INVALID_VALUE);
    EXPECT(clSetUserEventStatus(u, CL_COMPLETE), CL_SUCCESS);
    EXPECT(clSetUserEventStatus(u, CL_COMPLETE), CL_INVALID_OPERATION);
    EXPECT(clEnqueueMarkerWithWaitList(q, 1, &u, &m), CL_SUCCESS);
    EXPECT(clGetEventProfilingInfo(m, CL_PROFILING_COMMAND_END, 8, &e, NULL),
           CL_PROFILING_INFO_NOT_AVAILABLE);
    EXPECT(clGetEventInfo(m, 0x7777, 0, NULL, NULL), CL_INVALID_VALUE);
    clReleaseEvent(m);
    clReleaseEvent(u);
}

int main(void)
{
    cl_platform_id p;
    cl_device_id d;
    cl_context c;
    cl_command_queue q;
    cl_uint n;
    cl_int e;

    if (clGetPlatformIDs(1, &p, &n) != CL_SUCCESS || n != 1 ||
        clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 1, &d, NULL) != CL_SUCCESS) {
        printf("FAIL: not exactly the spv2c platform (OCL_ICD_VENDORS?)\n");
        return 1;
    }
    platform_device(p, d);
    context_queue(p, d);
    c = clCreateContext(NULL, 1, &d, NULL, NULL, &e);
    q = clCreateCommandQueue(c, d, 0, &e);
    buffers(c, q);
    kernel(c, q, program(c, d));
    events(c, q);
    clReleaseCommandQueue(q);
    clReleaseContext(c);
    printf("%s: %d checks, %d failed\n", fails ? "FAIL" : "ok", checks, fails);
    return fails != 0;
}

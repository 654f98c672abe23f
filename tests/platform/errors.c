/*
 * errors.c: the platform's answers to invalid calls, each the error code
 * the OpenCL 1.2 specification names for it, through the ICD loader with
 * only this platform visible (OCL_ICD_VENDORS). Prints every mismatch and
 * exits 1 if there is one.
 */
#define CL_TARGET_OPENCL_VERSION 210
#define CL_USE_DEPRECATED_OPENCL_1_1_APIS
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

/* clEnqueueCopyBufferRect within one buffer (16-byte rows, 4 rows a slice,
   4 slices): CL_MEM_COPY_OVERLAP exactly when the regions share a byte (the
   specification's check_copy_overlap), not when their spans interleave */
static void rect_overlap(cl_context c, cl_command_queue q)
{
    unsigned char in[256], out[256];
    size_t o0[3] = { 0, 0, 0 }, y1[3] = { 0, 1, 0 }, x8[3] = { 8, 0, 0 }, o41[3] = { 4, 1, 0 };
    size_t rows[3] = { 16, 1, 4 }, half[3] = { 8, 4, 1 } /* slice 0 */, two[3] = { 8, 2, 1 };
    cl_int e;
    int i, bad = 0;
    cl_mem b;

    for (i = 0; i < 256; i++)
        in[i] = (unsigned char)i;
    b = clCreateBuffer(c, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, 256, in, &e);
    EXPECT(clEnqueueCopyBufferRect(q, b, b, o0, y1, rows, 16, 64, 16, 64, 0, NULL, NULL),
           CL_SUCCESS);   /* row 0 of each slice to row 1: spans interleave, rows do not */
    EXPECT(clEnqueueCopyBufferRect(q, b, b, o0, x8, half, 16, 64, 16, 64, 0, NULL, NULL),
           CL_SUCCESS);   /* left half of each row to the right half */
    EXPECT(clEnqueueCopyBufferRect(q, b, b, o0, o41, two, 16, 64, 16, 64, 0, NULL, NULL),
           CL_MEM_COPY_OVERLAP);   /* bytes 20..23 are in both */
    EXPECT(clEnqueueReadBuffer(q, b, CL_TRUE, 0, 256, out, 0, NULL, NULL), CL_SUCCESS);
    for (i = 0; i < 256; i++) {   /* byte (x, y, z) after both copies */
        int x = i % 16, y = i / 16 % 4, z = i / 64;
        int ys = y == 1 ? 0 : y, xs = z == 0 && x >= 8 ? x - 8 : x;
        bad += out[i] != (unsigned char)(z * 64 + ys * 16 + xs);
    }
    EXPECT(bad, 0);
    clReleaseMemObject(b);
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

/* ---- images and samplers (platform/image.c) ---- */

static cl_image_desc desc2d(cl_mem_object_type t, size_t w, size_t h, size_t d)
{
    cl_image_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.image_type = t;
    desc.image_width = w;
    desc.image_height = h;
    desc.image_depth = t == CL_MEM_OBJECT_IMAGE3D ? d : 0;
    desc.image_array_size = t == CL_MEM_OBJECT_IMAGE2D_ARRAY ? d : 0;
    return desc;
}

/* the formats: 13 orders of OpenCL 1.2 (CL_R .. CL_RGBx); the 12 unpacked data
   types with R, A, RG, RA, RGBA, Rx, RGx; the 4 8-bit ones with BGRA and ARGB;
   the 3 packed ones with RGB and RGBx; the 4 normalized, half and float with
   INTENSITY and LUMINANCE: 7 * 12 + 2 * 4 + 2 * 3 + 2 * 6 = 110, each one an
   image can have */
static void image_formats(cl_context c)
{
    cl_image_format f[200], srgb = { 0x10C1 /* CL_sRGBA */, CL_UNORM_INT8 };
    cl_image_format rgb8 = { CL_RGB, CL_UNORM_INT8 }, bogus = { 0x1234, CL_FLOAT };
    cl_image_format bgra16 = { CL_BGRA, CL_UNORM_INT16 };
    cl_image_desc d = desc2d(CL_MEM_OBJECT_IMAGE2D, 2, 2, 0);
    cl_uint n = 0, k, made = 0;
    cl_int e;
    cl_mem m;
    EXPECT(clGetSupportedImageFormats(NULL, 0, CL_MEM_OBJECT_IMAGE2D, 0, NULL, &n),
           CL_INVALID_CONTEXT);
    EXPECT(clGetSupportedImageFormats(c, 0, CL_MEM_OBJECT_BUFFER, 0, NULL, &n), CL_INVALID_VALUE);
    EXPECT(clGetSupportedImageFormats(c, (cl_mem_flags)1 << 40, CL_MEM_OBJECT_IMAGE2D, 0, NULL,
                                      &n), CL_INVALID_VALUE);
    EXPECT(clGetSupportedImageFormats(c, 0, CL_MEM_OBJECT_IMAGE3D, 0, f, &n), CL_INVALID_VALUE);
    EXPECT(clGetSupportedImageFormats(c, CL_MEM_READ_ONLY, CL_MEM_OBJECT_IMAGE1D_ARRAY, 200, f,
                                      &n), CL_SUCCESS);
    EXPECT(n == 110 ? CL_SUCCESS : (cl_int)n, CL_SUCCESS);
    for (k = 0; k < n && k < 200; k++) {
        m = clCreateImage(c, CL_MEM_READ_WRITE, &f[k], &d, NULL, &e);
        made += e == CL_SUCCESS;
        clReleaseMemObject(m);
    }
    EXPECT(made == n ? CL_SUCCESS : (cl_int)made, CL_SUCCESS);
    EXPECT((clCreateImage(c, 0, NULL, &d, NULL, &e), e), CL_INVALID_IMAGE_FORMAT_DESCRIPTOR);
    EXPECT((clCreateImage(c, 0, &rgb8, &d, NULL, &e), e), CL_INVALID_IMAGE_FORMAT_DESCRIPTOR);
    EXPECT((clCreateImage(c, 0, &bogus, &d, NULL, &e), e), CL_INVALID_IMAGE_FORMAT_DESCRIPTOR);
    EXPECT((clCreateImage(c, 0, &bgra16, &d, NULL, &e), e), CL_INVALID_IMAGE_FORMAT_DESCRIPTOR);
    EXPECT((clCreateImage(c, 0, &srgb, &d, NULL, &e), e), CL_IMAGE_FORMAT_NOT_SUPPORTED);
}

static void image_create(cl_context c)
{
    cl_image_format f = { CL_RGBA, CL_UNORM_INT8 };
    cl_image_desc d = desc2d(CL_MEM_OBJECT_IMAGE2D, 4, 4, 0);
    cl_image_desc d3 = desc2d(CL_MEM_OBJECT_IMAGE3D, 4, 4, 2049);
    cl_image_desc d1b = desc2d(CL_MEM_OBJECT_IMAGE1D_BUFFER, 32, 0, 0);
    unsigned char host[256];
    cl_mem b = clCreateBuffer(c, CL_MEM_READ_WRITE, 64, NULL, NULL), m;
    cl_int e;
    EXPECT((clCreateImage(NULL, 0, &f, &d, NULL, &e), e), CL_INVALID_CONTEXT);
    EXPECT((clCreateImage(c, CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY, &f, &d, NULL, &e), e),
           CL_INVALID_VALUE);
    EXPECT((clCreateImage(c, 0, &f, NULL, NULL, &e), e), CL_INVALID_IMAGE_DESCRIPTOR);
    EXPECT((clCreateImage(c, CL_MEM_COPY_HOST_PTR, &f, &d, NULL, &e), e), CL_INVALID_HOST_PTR);
    EXPECT((clCreateImage(c, 0, &f, &d, host, &e), e), CL_INVALID_HOST_PTR);
    EXPECT((clCreateImage(c, CL_MEM_WRITE_ONLY, &f, &d3, NULL, &e), e), CL_INVALID_IMAGE_SIZE);
    d.image_row_pitch = 8;   /* under 4 texels of 4 bytes */
    EXPECT((clCreateImage(c, CL_MEM_USE_HOST_PTR, &f, &d, host, &e), e),
           CL_INVALID_IMAGE_DESCRIPTOR);
    EXPECT((clCreateImage(c, 0, &f, &d, NULL, &e), e), CL_INVALID_IMAGE_DESCRIPTOR);
    d.image_row_pitch = 0;
    d.num_samples = 1;
    EXPECT((clCreateImage(c, 0, &f, &d, NULL, &e), e), CL_INVALID_IMAGE_DESCRIPTOR);
    d = desc2d(CL_MEM_OBJECT_IMAGE2D, 4, 0, 0);
    EXPECT((clCreateImage(c, 0, &f, &d, NULL, &e), e), CL_INVALID_IMAGE_DESCRIPTOR);
    d = desc2d(CL_MEM_OBJECT_BUFFER, 4, 4, 0);
    EXPECT((clCreateImage(c, 0, &f, &d, NULL, &e), e), CL_INVALID_IMAGE_DESCRIPTOR);
    d = desc2d(CL_MEM_OBJECT_IMAGE2D, 8193, 4, 0);
    EXPECT((clCreateImage(c, 0, &f, &d, NULL, &e), e), CL_INVALID_IMAGE_SIZE);
    d = desc2d(CL_MEM_OBJECT_IMAGE2D, 4, 4, 0);
    d.buffer = b;
    EXPECT((clCreateImage(c, 0, &f, &d, NULL, &e), e), CL_INVALID_IMAGE_DESCRIPTOR);
    d1b.buffer = b;   /* 32 texels of 4 bytes: 128 bytes, the buffer has 64 */
    EXPECT((clCreateImage(c, 0, &f, &d1b, NULL, &e), e), CL_INVALID_IMAGE_SIZE);
    d1b.image_width = 16;
    m = clCreateImage(c, 0, &f, &d1b, NULL, &e);
    EXPECT(e, CL_SUCCESS);
    d1b.buffer = m;
    EXPECT((clCreateImage(c, 0, &f, &d1b, NULL, &e), e), CL_INVALID_IMAGE_DESCRIPTOR);
    EXPECT((clCreateImage2D(c, 0, &f, 0, 4, 0, NULL, &e), e), CL_INVALID_IMAGE_SIZE);
    EXPECT((clCreateImage3D(c, 0, &f, 4, 4, 1, 0, 0, NULL, &e), e), CL_INVALID_IMAGE_SIZE);
    EXPECT(clGetImageInfo(b, CL_IMAGE_WIDTH, 0, NULL, NULL), CL_INVALID_MEM_OBJECT);
    EXPECT(clGetImageInfo(m, 0x7777, 0, NULL, NULL), CL_INVALID_VALUE);
    clReleaseMemObject(m);
    clReleaseMemObject(b);
}

/* read, write, copy, fill, map: bad origins and regions, wrong kinds of object */
static void image_commands(cl_context c, cl_command_queue q)
{
    cl_image_format f = { CL_RGBA, CL_UNORM_INT8 }, g = { CL_R, CL_FLOAT };
    cl_image_desc d = desc2d(CL_MEM_OBJECT_IMAGE2D, 4, 4, 0);
    cl_image_desc d3 = desc2d(CL_MEM_OBJECT_IMAGE3D, 4, 4, 2);
    cl_mem im = clCreateImage(c, 0, &f, &d, NULL, NULL);
    cl_mem fl = clCreateImage(c, 0, &g, &d, NULL, NULL);
    cl_mem v3 = clCreateImage(c, 0, &f, &d3, NULL, NULL);
    cl_mem wo = clCreateImage(c, CL_MEM_HOST_WRITE_ONLY, &f, &d, NULL, NULL);
    cl_mem b = clCreateBuffer(c, CL_MEM_READ_WRITE, 32, NULL, NULL);
    size_t o[3] = { 0, 0, 0 }, r[3] = { 4, 4, 1 }, big[3] = { 5, 4, 1 }, deep[3] = { 4, 4, 2 };
    size_t o1[3] = { 1, 0, 0 }, z1[3] = { 0, 0, 1 }, r2[3] = { 2, 2, 1 }, row, slice;
    unsigned char host[256];
    cl_float4 colour = { { 0 } };
    cl_int e;
    void *p;
    EXPECT(clEnqueueReadImage(q, im, CL_TRUE, NULL, r, 0, 0, host, 0, NULL, NULL),
           CL_INVALID_VALUE);
    EXPECT(clEnqueueReadImage(q, im, CL_TRUE, o, big, 0, 0, host, 0, NULL, NULL),
           CL_INVALID_VALUE);
    EXPECT(clEnqueueReadImage(q, im, CL_TRUE, o, deep, 0, 0, host, 0, NULL, NULL),
           CL_INVALID_VALUE);
    EXPECT(clEnqueueReadImage(q, im, CL_TRUE, z1, r, 0, 0, host, 0, NULL, NULL),
           CL_INVALID_VALUE);
    EXPECT(clEnqueueReadImage(q, im, CL_TRUE, o1, r, 0, 0, host, 0, NULL, NULL),
           CL_INVALID_VALUE);
    EXPECT(clEnqueueReadImage(q, im, CL_TRUE, o, r, 0, 0, NULL, 0, NULL, NULL), CL_INVALID_VALUE);
    EXPECT(clEnqueueReadImage(q, im, CL_TRUE, o, r, 15, 0, host, 0, NULL, NULL),
           CL_INVALID_VALUE);
    EXPECT(clEnqueueReadImage(q, b, CL_TRUE, o, r, 0, 0, host, 0, NULL, NULL),
           CL_INVALID_MEM_OBJECT);
    EXPECT(clEnqueueReadImage(q, wo, CL_TRUE, o, r, 0, 0, host, 0, NULL, NULL),
           CL_INVALID_OPERATION);
    EXPECT(clEnqueueWriteImage(q, im, CL_TRUE, o, r, 0, 0, host, 1, NULL, NULL),
           CL_INVALID_EVENT_WAIT_LIST);
    EXPECT(clEnqueueReadBuffer(q, im, CL_TRUE, 0, 4, host, 0, NULL, NULL), CL_INVALID_MEM_OBJECT);
    EXPECT(clEnqueueCopyImage(q, im, fl, o, o, r, 0, NULL, NULL), CL_IMAGE_FORMAT_MISMATCH);
    EXPECT(clEnqueueCopyImage(q, im, im, o, o1, r2, 0, NULL, NULL), CL_MEM_COPY_OVERLAP);
    EXPECT(clEnqueueCopyImage(q, im, v3, o, o, deep, 0, NULL, NULL), CL_INVALID_VALUE);
    EXPECT(clEnqueueCopyImage(q, im, v3, o, z1, r, 0, NULL, NULL), CL_SUCCESS);
    EXPECT(clEnqueueFillImage(q, im, NULL, o, r, 0, NULL, NULL), CL_INVALID_VALUE);
    EXPECT(clEnqueueFillImage(q, b, &colour, o, r, 0, NULL, NULL), CL_INVALID_MEM_OBJECT);
    EXPECT(clEnqueueCopyImageToBuffer(q, im, b, o, r, 0, 0, NULL, NULL), CL_INVALID_VALUE);
    EXPECT(clEnqueueCopyImageToBuffer(q, im, b, o, r2, 24, 0, NULL, NULL), CL_INVALID_VALUE);
    EXPECT(clEnqueueCopyImageToBuffer(q, im, fl, o, r2, 0, 0, NULL, NULL), CL_INVALID_MEM_OBJECT);
    EXPECT(clEnqueueCopyBufferToImage(q, im, fl, 0, o, r2, 0, NULL, NULL), CL_INVALID_MEM_OBJECT);
    EXPECT(clEnqueueCopyBufferToImage(q, b, im, 0, o, r2, 0, NULL, NULL), CL_SUCCESS);
    EXPECT((clEnqueueMapImage(q, im, CL_TRUE, CL_MAP_READ, o, r, NULL, NULL, 0, NULL, NULL, &e),
            e), CL_INVALID_VALUE);
    EXPECT((clEnqueueMapImage(q, v3, CL_TRUE, CL_MAP_READ, o, r, &row, NULL, 0, NULL, NULL, &e),
            e), CL_INVALID_VALUE);
    EXPECT((clEnqueueMapImage(q, wo, CL_TRUE, CL_MAP_READ, o, r, &row, NULL, 0, NULL, NULL, &e),
            e), CL_INVALID_OPERATION);
    p = clEnqueueMapImage(q, v3, CL_TRUE, CL_MAP_WRITE, o1, r2, &row, &slice, 0, NULL, NULL, &e);
    EXPECT(e, CL_SUCCESS);
    EXPECT(row == 16 && slice == 64 ? CL_SUCCESS : CL_INVALID_VALUE, CL_SUCCESS);
    EXPECT(clEnqueueUnmapMemObject(q, v3, p, 0, NULL, NULL), CL_SUCCESS);
    EXPECT(clEnqueueUnmapMemObject(q, v3, p, 0, NULL, NULL), CL_INVALID_VALUE);
    clReleaseMemObject(im);
    clReleaseMemObject(fl);
    clReleaseMemObject(v3);
    clReleaseMemObject(wo);
    clReleaseMemObject(b);
}

static const char *image_src =
    "__kernel void k(read_only image2d_t a, sampler_t s, __global float4 *o) {\n"
    "    o[0] = read_imagef(a, s, (float2)(0.5f, 0.5f));\n"
    "}\n";

/* samplers, and image and sampler kernel arguments */
static void samplers(cl_context c, cl_device_id d)
{
    cl_image_format f = { CL_RGBA, CL_UNORM_INT8 };
    cl_image_desc desc = desc2d(CL_MEM_OBJECT_IMAGE2D, 4, 4, 0);
    cl_mem im = clCreateImage(c, 0, &f, &desc, NULL, NULL);
    cl_mem b = clCreateBuffer(c, CL_MEM_READ_WRITE, 16, NULL, NULL);
    cl_program p = clCreateProgramWithSource(c, 1, &image_src, NULL, NULL);
    cl_sampler s;
    cl_kernel k;
    cl_uint u = 0;
    cl_int e;
    EXPECT((clCreateSampler(NULL, CL_TRUE, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST, &e), e),
           CL_INVALID_CONTEXT);
    EXPECT((clCreateSampler(c, CL_TRUE, 0x7777, CL_FILTER_NEAREST, &e), e), CL_INVALID_VALUE);
    EXPECT((clCreateSampler(c, CL_TRUE, CL_ADDRESS_CLAMP, 0x7777, &e), e), CL_INVALID_VALUE);
    EXPECT((clCreateSampler(c, CL_FALSE, CL_ADDRESS_REPEAT, CL_FILTER_NEAREST, &e), e),
           CL_INVALID_VALUE);
    s = clCreateSampler(c, CL_TRUE, CL_ADDRESS_MIRRORED_REPEAT, CL_FILTER_LINEAR, &e);
    EXPECT(e, CL_SUCCESS);
    EXPECT(clGetSamplerInfo(NULL, CL_SAMPLER_FILTER_MODE, 4, &u, NULL), CL_INVALID_SAMPLER);
    EXPECT(clGetSamplerInfo(s, 0x7777, 4, &u, NULL), CL_INVALID_VALUE);
    EXPECT(clGetSamplerInfo(s, CL_SAMPLER_ADDRESSING_MODE, 4, &u, NULL), CL_SUCCESS);
    EXPECT(u == CL_ADDRESS_MIRRORED_REPEAT ? CL_SUCCESS : CL_INVALID_VALUE, CL_SUCCESS);
    EXPECT(clRetainSampler(NULL), CL_INVALID_SAMPLER);
    EXPECT(clReleaseSampler(NULL), CL_INVALID_SAMPLER);
    EXPECT(clBuildProgram(p, 1, &d, NULL, NULL, NULL), CL_SUCCESS);
    k = clCreateKernel(p, "k", &e);
    EXPECT(clSetKernelArg(k, 0, sizeof b, &b), CL_INVALID_MEM_OBJECT);
    EXPECT(clSetKernelArg(k, 0, 4, &im), CL_INVALID_ARG_SIZE);
    EXPECT(clSetKernelArg(k, 1, sizeof im, &im), CL_INVALID_SAMPLER);
    EXPECT(clSetKernelArg(k, 2, sizeof im, &im), CL_INVALID_MEM_OBJECT);
    EXPECT(clSetKernelArg(k, 0, sizeof im, &im), CL_SUCCESS);
    EXPECT(clSetKernelArg(k, 1, sizeof s, &s), CL_SUCCESS);
    EXPECT(clReleaseSampler(s), CL_SUCCESS);
    clReleaseKernel(k);
    clReleaseProgram(p);
    clReleaseMemObject(im);
    clReleaseMemObject(b);
}

/* what the device says of images: supported, 1.2's minimums at least */
static void image_device(cl_device_id d)
{
    cl_bool yes = CL_FALSE;
    cl_uint rd = 0, wr = 0, smp = 0;
    size_t w = 0, w3 = 0;
    clGetDeviceInfo(d, CL_DEVICE_IMAGE_SUPPORT, sizeof yes, &yes, NULL);
    clGetDeviceInfo(d, CL_DEVICE_MAX_READ_IMAGE_ARGS, sizeof rd, &rd, NULL);
    clGetDeviceInfo(d, CL_DEVICE_MAX_WRITE_IMAGE_ARGS, sizeof wr, &wr, NULL);
    clGetDeviceInfo(d, CL_DEVICE_MAX_SAMPLERS, sizeof smp, &smp, NULL);
    clGetDeviceInfo(d, CL_DEVICE_IMAGE2D_MAX_WIDTH, sizeof w, &w, NULL);
    clGetDeviceInfo(d, CL_DEVICE_IMAGE3D_MAX_DEPTH, sizeof w3, &w3, NULL);
    EXPECT(yes && rd >= 128 && wr >= 8 && smp >= 16 && w >= 8192 && w3 >= 2048 ? CL_SUCCESS
                                                                               : CL_INVALID_VALUE,
           CL_SUCCESS);
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
    rect_overlap(c, q);
    kernel(c, q, program(c, d));
    events(c, q);
    image_device(d);
    image_formats(c);
    image_create(c);
    image_commands(c, q);
    samplers(c, d);
    clReleaseCommandQueue(q);
    clReleaseContext(c);
    printf("%s: %d checks, %d failed\n", fails ? "FAIL" : "ok", checks, fails);
    return fails != 0;
}

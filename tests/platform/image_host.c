/*
 * image_host.c: an unchanged-style OpenCL host program with images, run on
 * spv2c and on PoCL (the test points the loader at both .icd files); every
 * result either platform gives back (read, copied, filled, mapped, written
 * by kernels) must be the same bits on both:
 *
 *  - 2-D images of CL_RGBA CL_UNORM_INT8, CL_R CL_FLOAT and CL_RGBA
 *    CL_SIGNED_INT16, a 3-D CL_RGBA CL_UNORM_INT16 image and a 2-D array of
 *    CL_RGBA CL_HALF_FLOAT, written from the host (one with a padded host
 *    row pitch);
 *  - kernels reading through a sampler argument (clamp-to-edge nearest and
 *    linear with unnormalized coordinates, repeat nearest with normalized
 *    ones), one reading without a sampler (read_imagei) and writing
 *    write_imagei's saturated values, write_imagef to an image;
 *  - clEnqueueReadImage, CopyImage, FillImage, CopyImageToBuffer,
 *    CopyBufferToImage, MapImage (read and write) and unmap;
 *  - a 1-D buffer image (CL_RGBA CL_FLOAT over a buffer) and a 1-D array
 *    (CL_RGBA CL_UNSIGNED_INT8, read_imageui through a sampler); images
 *    made with CL_MEM_USE_HOST_PTR and CL_MEM_COPY_HOST_PTR and a padded
 *    row pitch.
 *
 * Inputs are chosen so that both platforms are exact where the
 * specification allows rounding freedom (docs/design/images.md): linear
 * filtering on a float image of small integers with weights of halves,
 * coordinates on texel centres and powers of two for normalized ones.
 */
#define CL_TARGET_OPENCL_VERSION 120
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "platforms.h"

#define W 8
#define H 4
#define D 2
#define L 3

static const char *src =
    "__kernel void smp2d(read_only image2d_t a, sampler_t s, write_only image2d_t b,\n"
    "                    __global float4 *o, float2 off) {\n"
    "    int x = get_global_id(0), y = get_global_id(1);\n"
    "    float4 v = read_imagef(a, s, (float2)(x, y) + off);\n"
    "    write_imagef(b, (int2)(x, y), v);\n"
    "    o[y * get_global_size(0) + x] = v;\n"
    "}\n"
    "__kernel void norm2d(read_only image2d_t a, sampler_t s, __global float4 *o) {\n"
    "    int x = get_global_id(0), y = get_global_id(1);\n"
    "    float2 c = (float2)((x - 3) + 0.5f, (y + 5) + 0.5f) / (float2)(get_image_width(a),\n"
    "                                                            get_image_height(a));\n"
    "    o[y * get_global_size(0) + x] = read_imagef(a, s, c);\n"
    "}\n"
    "__kernel void ints(read_only image2d_t a, write_only image2d_t b) {\n"
    "    int x = get_global_id(0), y = get_global_id(1);\n"
    "    int4 v = read_imagei(a, (int2)(x, y));\n"
    "    write_imagei(b, (int2)(x, y), v * 3 - (int4)(x, y, 7, 1));\n"
    "}\n"
    "__kernel void smp3d(read_only image3d_t a, sampler_t s, __global float4 *o) {\n"
    "    int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);\n"
    "    size_t i = (z * get_global_size(1) + y) * get_global_size(0) + x;\n"
    "    o[i] = read_imagef(a, s, (float4)(x - 1 + 0.5f, y + 0.5f, z + 0.5f, 0));\n"
    "}\n"
    "__kernel void smparr(read_only image2d_array_t a, sampler_t s, __global float4 *o) {\n"
    "    int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);\n"
    "    size_t i = (z * get_global_size(1) + y) * get_global_size(0) + x;\n"
    "    o[i] = read_imagef(a, s, (float4)(x + 0.5f, y + 0.5f, z, 0)) +\n"
    "           (float4)(get_image_array_size(a), 0, 0, 0);\n"
    "}\n"
    "__kernel void one(read_only image1d_buffer_t a, read_only image1d_array_t b, sampler_t s,\n"
    "                  __global float4 *o) {\n"
    "    int i = get_global_id(0);\n"
    "    o[i] = read_imagef(a, i) + (float4)(get_image_width(b), 0, 0, 0);\n"
    "    o[i + get_global_size(0)] = convert_float4(read_imageui(b, s, (float2)(i - 1.5f, 1)));\n"
    "}\n";

/* everything a platform gave back, in labelled pieces */
typedef struct Log {
    unsigned char bytes[1 << 17];
    size_t n, npieces, at[64];
    const char *label[64];
} Log;

static Log logs[2];
static int fails;

static void record(Log *g, const char *label, const void *p, size_t n)
{
    if (g->n + n > sizeof g->bytes || g->npieces == 64) {
        printf("FAIL: log full at %s\n", label);
        exit(1);
    }
    g->label[g->npieces] = label;
    g->at[g->npieces++] = g->n;
    memcpy(g->bytes + g->n, p, n);
    g->n += n;
}

static void check(cl_int e, const char *what)
{
    if (e != CL_SUCCESS) {
        printf("FAIL: %s: %d\n", what, e);
        exit(1);
    }
}

typedef struct Env {
    cl_context c;
    cl_command_queue q;
    cl_program p;
    Log *log;
} Env;

static cl_mem image(Env *v, cl_mem_object_type t, cl_uint order, cl_uint type, size_t w,
                    size_t h, size_t d)
{
    cl_image_format f;
    cl_image_desc desc;
    cl_int e;
    cl_mem m;

    f.image_channel_order = order;
    f.image_channel_data_type = type;
    memset(&desc, 0, sizeof desc);
    desc.image_type = t;
    desc.image_width = w;
    desc.image_height = h;
    desc.image_depth = t == CL_MEM_OBJECT_IMAGE3D ? d : 0;
    desc.image_array_size = t == CL_MEM_OBJECT_IMAGE2D_ARRAY ? d : 0;
    m = clCreateImage(v->c, CL_MEM_READ_WRITE, &f, &desc, NULL, &e);
    check(e, "clCreateImage");
    return m;
}

static cl_mem buffer(Env *v, size_t n)
{
    cl_int e;
    cl_mem b = clCreateBuffer(v->c, CL_MEM_READ_WRITE, n, NULL, &e);
    check(e, "clCreateBuffer");
    return b;
}

static void read_all(Env *v, cl_mem m, const char *label, size_t w, size_t h, size_t d,
                     size_t es)
{
    size_t o[3] = { 0, 0, 0 }, r[3];
    unsigned char *p = malloc(w * h * d * es);

    r[0] = w;
    r[1] = h;
    r[2] = d;
    check(clEnqueueReadImage(v->q, m, CL_TRUE, o, r, 0, 0, p, 0, NULL, NULL), label);
    record(v->log, label, p, w * h * d * es);
    free(p);
}

static void read_buffer(Env *v, cl_mem b, const char *label, size_t n)
{
    unsigned char *p = malloc(n);
    check(clEnqueueReadBuffer(v->q, b, CL_TRUE, 0, n, p, 0, NULL, NULL), label);
    record(v->log, label, p, n);
    free(p);
}

static cl_sampler sampler(Env *v, cl_bool norm, cl_addressing_mode a, cl_filter_mode f)
{
    cl_int e;
    cl_sampler s = clCreateSampler(v->c, norm, a, f, &e);
    check(e, "clCreateSampler");
    return s;
}

static void run(Env *v, const char *name, cl_uint dim, const size_t *g, size_t nargs,
                const size_t *sizes, const void **vals)
{
    cl_int e;
    cl_kernel k = clCreateKernel(v->p, name, &e);
    size_t i;

    check(e, name);
    for (i = 0; i < nargs; i++)
        check(clSetKernelArg(k, (cl_uint)i, sizes[i], vals[i]), name);
    check(clEnqueueNDRangeKernel(v->q, k, dim, NULL, g, NULL, 0, NULL, NULL), name);
    check(clFinish(v->q), name);
    clReleaseKernel(k);
}

static unsigned long seed;   /* each platform's run starts from the same */

static unsigned rnd(void)
{
    seed = seed * 6364136223846793005ul + 1442695040888963407ul;
    return (unsigned)(seed >> 33);
}

/* a random byte whose UNORM_INT8 value c / 255.0f, correctly rounded (spv2c),
   is also c * (1.0f / 255.0f) (PoCL; OpenCL 1.2 s8.3.1.1 allows 1.5 ulp) */
static unsigned char unorm8(void)
{
    volatile float inv = 1.0f / 255.0f, c;

    for (;;) {
        c = (float)(rnd() & 255);
        if (c / 255.0f == c * inv)
            return (unsigned char)c;
    }
}

typedef struct Images {
    cl_mem a8, b8, rf, rfo, si, sio, u16, harr;
} Images;

static void make_images(Env *v, Images *im)
{
    static const size_t o[3] = { 0, 0, 0 };
    size_t r[3] = { W, H, 1 }, i;
    unsigned char a8[H][W * 4 + 12];
    float rf[W * H];
    short si[W * H * 4];
    unsigned short u16[W * H * D * 4], h[W * H * L * 4];

    im->a8 = image(v, CL_MEM_OBJECT_IMAGE2D, CL_RGBA, CL_UNORM_INT8, W, H, 1);
    im->b8 = image(v, CL_MEM_OBJECT_IMAGE2D, CL_RGBA, CL_UNORM_INT8, W, H, 1);
    im->rf = image(v, CL_MEM_OBJECT_IMAGE2D, CL_R, CL_FLOAT, W, H, 1);
    im->rfo = image(v, CL_MEM_OBJECT_IMAGE2D, CL_R, CL_FLOAT, W, H, 1);
    im->si = image(v, CL_MEM_OBJECT_IMAGE2D, CL_RGBA, CL_SIGNED_INT16, W, H, 1);
    im->sio = image(v, CL_MEM_OBJECT_IMAGE2D, CL_RGBA, CL_SIGNED_INT16, W, H, 1);
    im->u16 = image(v, CL_MEM_OBJECT_IMAGE3D, CL_RGBA, CL_UNORM_INT16, W, H, D);
    im->harr = image(v, CL_MEM_OBJECT_IMAGE2D_ARRAY, CL_RGBA, CL_HALF_FLOAT, W, H, L);
    for (i = 0; i < sizeof a8; i++)
        ((unsigned char *)a8)[i] = unorm8();
    for (i = 0; i < W * H; i++)
        rf[i] = (float)(rnd() % 256);
    for (i = 0; i < W * H * 4; i++)
        si[i] = (short)rnd();
    for (i = 0; i < W * H * D * 4; i++)
        u16[i] = (unsigned short)rnd();
    for (i = 0; i < W * H * L * 4; i++) {
        h[i] = (unsigned short)rnd();
        if ((h[i] >> 10 & 31) == 31)   /* no infinities or NaNs */
            h[i] &= 0xbfff;
    }
    check(clEnqueueWriteImage(v->q, im->a8, CL_TRUE, o, r, sizeof a8[0], 0, a8, 0, NULL, NULL),
          "write a8");
    check(clEnqueueWriteImage(v->q, im->rf, CL_TRUE, o, r, 0, 0, rf, 0, NULL, NULL), "write rf");
    check(clEnqueueWriteImage(v->q, im->si, CL_TRUE, o, r, 0, 0, si, 0, NULL, NULL), "write si");
    r[2] = D;
    check(clEnqueueWriteImage(v->q, im->u16, CL_TRUE, o, r, 0, 0, u16, 0, NULL, NULL),
          "write u16");
    r[2] = L;
    check(clEnqueueWriteImage(v->q, im->harr, CL_TRUE, o, r, 0, 0, h, 0, NULL, NULL),
          "write harr");
}

/* the kernels with samplers (and one without) */
static void kernels(Env *v, Images *im)
{
    static const size_t g2[2] = { W, H }, g3[3] = { W, H, D }, ga[3] = { W, H, L };
    cl_sampler edge = sampler(v, CL_FALSE, CL_ADDRESS_CLAMP_TO_EDGE, CL_FILTER_NEAREST);
    cl_sampler lin = sampler(v, CL_FALSE, CL_ADDRESS_CLAMP_TO_EDGE, CL_FILTER_LINEAR);
    cl_sampler rep = sampler(v, CL_TRUE, CL_ADDRESS_REPEAT, CL_FILTER_NEAREST);
    cl_mem o = buffer(v, W * H * L * 16);
    cl_float2 off1 = { { -1.5f, 0.75f } }, off2 = { { 0.0f, 1.0f } };
    size_t s5[5] = { sizeof(cl_mem), sizeof(cl_sampler), sizeof(cl_mem), sizeof(cl_mem), 8 };
    const void *a1[5] = { &im->a8, &edge, &im->b8, &o, &off1 };
    const void *a2[5] = { &im->rf, &lin, &im->rfo, &o, &off2 };
    const void *a3[3] = { &im->a8, &rep, &o }, *a4[2] = { &im->si, &im->sio };
    const void *a5[3] = { &im->u16, &edge, &o }, *a6[3] = { &im->harr, &edge, &o };

    run(v, "smp2d", 2, g2, 5, s5, a1);
    read_all(v, im->b8, "smp2d nearest: image", W, H, 1, 4);
    read_buffer(v, o, "smp2d nearest: buffer", W * H * 16);
    run(v, "smp2d", 2, g2, 5, s5, a2);
    read_all(v, im->rfo, "smp2d linear: image", W, H, 1, 4);
    read_buffer(v, o, "smp2d linear: buffer", W * H * 16);
    run(v, "norm2d", 2, g2, 3, s5, a3);
    read_buffer(v, o, "norm2d repeat", W * H * 16);
    run(v, "ints", 2, g2, 2, s5 + 2, a4);
    read_all(v, im->sio, "ints (no sampler)", W, H, 1, 8);
    run(v, "smp3d", 3, g3, 3, s5, a5);
    read_buffer(v, o, "smp3d", W * H * D * 16);
    run(v, "smparr", 3, ga, 3, s5, a6);
    read_buffer(v, o, "smparr", W * H * L * 16);
    clReleaseSampler(edge);
    clReleaseSampler(lin);
    clReleaseSampler(rep);
    clReleaseMemObject(o);
}

/* copy, fill, the copies between images and buffers */
static void commands(Env *v, Images *im)
{
    size_t so[3] = { 4, 1, 0 }, dof[3] = { 0, 2, 0 }, r[3] = { 3, 2, 1 };
    size_t fo[3] = { 2, 1, 0 }, fr[3] = { 4, 2, 1 }, to[3] = { 1, 1, 0 }, tr[3] = { 3, 2, 2 };
    size_t ao[3] = { 1, 0, 1 }, ar[3] = { 4, 3, 2 }, i;
    cl_float4 fc = { { 1.0f, 0.2f, 0.6f, 0.0f } }, ff = { { 3.25f, -7.0f, 0.5f, 2.0f } };
    cl_int4 ic = { { -5, 300, 32767, -32768 } };
    unsigned short bytes[4 * 3 * 2 * 4];
    cl_mem b = buffer(v, 16 + 3 * 2 * 2 * 8);
    cl_mem src = buffer(v, sizeof bytes);

    check(clEnqueueCopyImage(v->q, im->a8, im->b8, so, dof, r, 0, NULL, NULL), "copy");
    read_all(v, im->b8, "copy image", W, H, 1, 4);
    check(clEnqueueFillImage(v->q, im->a8, &fc, fo, fr, 0, NULL, NULL), "fill a8");
    read_all(v, im->a8, "fill unorm8", W, H, 1, 4);
    check(clEnqueueFillImage(v->q, im->si, &ic, fo, fr, 0, NULL, NULL), "fill si");
    read_all(v, im->si, "fill int16", W, H, 1, 8);
    check(clEnqueueFillImage(v->q, im->rf, &ff, fo, fr, 0, NULL, NULL), "fill rf");
    read_all(v, im->rf, "fill float", W, H, 1, 4);
    check(clEnqueueFillBuffer(v->q, b, &ic, 4, 0, 16 + 3 * 2 * 2 * 8, 0, NULL, NULL), "fill b");
    check(clEnqueueCopyImageToBuffer(v->q, im->u16, b, to, tr, 16, 0, NULL, NULL), "to buffer");
    read_buffer(v, b, "image to buffer", 16 + 3 * 2 * 2 * 8);
    for (i = 0; i < sizeof bytes / 2; i++)
        bytes[i] = (unsigned short)(0x3c00 + i * 3);
    check(clEnqueueWriteBuffer(v->q, src, CL_TRUE, 0, sizeof bytes, bytes, 0, NULL, NULL), "wb");
    check(clEnqueueCopyBufferToImage(v->q, src, im->harr, 0, ao, ar, 0, NULL, NULL), "to image");
    read_all(v, im->harr, "buffer to image", W, H, L, 8);
    clReleaseMemObject(b);
    clReleaseMemObject(src);
}

/* a mapped region read through the pitches map returns; one written, unmapped */
static void maps(Env *v, Images *im)
{
    size_t o[3] = { 1, 1, 1 }, r[3] = { 5, 2, 1 }, row, slice, y;
    size_t wo[3] = { 3, 0, 0 }, wr[3] = { 4, 3, 1 };
    unsigned char *p;
    cl_int e;

    p = clEnqueueMapImage(v->q, im->u16, CL_TRUE, CL_MAP_READ, o, r, &row, &slice, 0, NULL,
                          NULL, &e);
    check(e, "map u16");
    for (y = 0; y < r[1]; y++)
        record(v->log, "map read", p + y * row, r[0] * 8);
    check(clEnqueueUnmapMemObject(v->q, im->u16, p, 0, NULL, NULL), "unmap u16");
    p = clEnqueueMapImage(v->q, im->b8, CL_TRUE, CL_MAP_WRITE, wo, wr, &row, NULL, 0, NULL,
                          NULL, &e);
    check(e, "map b8");
    for (y = 0; y < wr[1]; y++)
        memset(p + y * row, (int)(0x40 + y), wr[0] * 4);
    check(clEnqueueUnmapMemObject(v->q, im->b8, p, 0, NULL, NULL), "unmap b8");
    check(clFinish(v->q), "finish");
    read_all(v, im->b8, "map write", W, H, 1, 4);
}

/* 1-D images: one over a buffer, an array; images over and from host memory */
static void one_d(Env *v)
{
    static const size_t g = W;
    float f[W * 4];
    unsigned char u8[L][W * 4], host[H][W * 4 + 20];
    cl_image_format rgbaf = { CL_RGBA, CL_FLOAT }, rgba8 = { CL_RGBA, CL_UNSIGNED_INT8 };
    cl_image_desc d;
    cl_mem b, a, arr, o = buffer(v, 2 * W * 16), use, copy;
    cl_sampler s = sampler(v, CL_FALSE, CL_ADDRESS_CLAMP_TO_EDGE, CL_FILTER_NEAREST);
    size_t i, sz[4] = { sizeof(cl_mem), sizeof(cl_mem), sizeof(cl_sampler), sizeof(cl_mem) };
    const void *args[4];
    cl_int e;

    for (i = 0; i < W * 4; i++)
        f[i] = (float)(int)(rnd() % 2001 - 1000) / 8.0f;
    for (i = 0; i < sizeof u8; i++)
        ((unsigned char *)u8)[i] = (unsigned char)rnd();
    for (i = 0; i < sizeof host; i++)
        ((unsigned char *)host)[i] = (unsigned char)rnd();
    b = clCreateBuffer(v->c, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof f, f, &e);
    check(e, "buffer of the 1-D buffer image");
    memset(&d, 0, sizeof d);
    d.image_type = CL_MEM_OBJECT_IMAGE1D_BUFFER;
    d.image_width = W;
    d.buffer = b;
    a = clCreateImage(v->c, CL_MEM_READ_ONLY, &rgbaf, &d, NULL, &e);
    check(e, "1-D buffer image");
    d.image_type = CL_MEM_OBJECT_IMAGE1D_ARRAY;
    d.image_array_size = L;
    d.buffer = NULL;
    arr = clCreateImage(v->c, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, &rgba8, &d, u8, &e);
    check(e, "1-D array");
    args[0] = &a;
    args[1] = &arr;
    args[2] = &s;
    args[3] = &o;
    run(v, "one", 1, &g, 4, sz, args);
    read_buffer(v, o, "1-D buffer image, 1-D array", 2 * W * 16);
    read_all(v, arr, "1-D array read", W, L, 1, 4);
    memset(&d, 0, sizeof d);
    d.image_type = CL_MEM_OBJECT_IMAGE2D;
    d.image_width = W;
    d.image_height = H;
    d.image_row_pitch = sizeof host[0];
    use = clCreateImage(v->c, CL_MEM_USE_HOST_PTR, &rgba8, &d, host, &e);
    check(e, "CL_MEM_USE_HOST_PTR image");
    copy = clCreateImage(v->c, CL_MEM_COPY_HOST_PTR, &rgba8, &d, host, &e);
    check(e, "CL_MEM_COPY_HOST_PTR image");
    read_all(v, use, "CL_MEM_USE_HOST_PTR image", W, H, 1, 4);
    read_all(v, copy, "CL_MEM_COPY_HOST_PTR image", W, H, 1, 4);
    clReleaseMemObject(a);
    clReleaseMemObject(b);
    clReleaseMemObject(arr);
    clReleaseMemObject(use);
    clReleaseMemObject(copy);
    clReleaseMemObject(o);
    clReleaseSampler(s);
}

/* what clGetImageInfo says of the images (not the pitches: a platform's own) */
static void info(Env *v, Images *im)
{
    cl_mem all[4] = { im->a8, im->si, im->u16, im->harr };
    cl_image_info what[6] = { CL_IMAGE_ELEMENT_SIZE, CL_IMAGE_WIDTH, CL_IMAGE_HEIGHT,
                              CL_IMAGE_DEPTH, CL_IMAGE_ARRAY_SIZE };
    size_t i, k, val;
    cl_image_format f;
    cl_mem_object_type t;

    for (i = 0; i < 4; i++) {
        for (k = 0; k < 5; k++) {
            check(clGetImageInfo(all[i], what[k], sizeof val, &val, NULL), "image info");
            record(v->log, "clGetImageInfo", &val, sizeof val);
        }
        check(clGetImageInfo(all[i], CL_IMAGE_FORMAT, sizeof f, &f, NULL), "image format");
        record(v->log, "CL_IMAGE_FORMAT", &f, sizeof f);
        check(clGetMemObjectInfo(all[i], CL_MEM_TYPE, sizeof t, &t, NULL), "mem type");
        record(v->log, "CL_MEM_TYPE", &t, sizeof t);
    }
}

static void run_platform(cl_platform_id pl, Log *log)
{
    cl_device_id d;
    cl_int e;
    Env v;
    Images im;
    cl_mem *m = &im.a8;
    size_t i;

    v.log = log;
    seed = 12345;
    check(clGetDeviceIDs(pl, CL_DEVICE_TYPE_ALL, 1, &d, NULL), "device");
    v.c = clCreateContext(NULL, 1, &d, NULL, NULL, &e);
    check(e, "context");
    v.q = clCreateCommandQueue(v.c, d, 0, &e);
    check(e, "queue");
    v.p = clCreateProgramWithSource(v.c, 1, &src, NULL, &e);
    check(e, "program");
    if (clBuildProgram(v.p, 1, &d, "", NULL, NULL) != CL_SUCCESS) {
        static char buildlog[8192];
        clGetProgramBuildInfo(v.p, d, CL_PROGRAM_BUILD_LOG, sizeof buildlog, buildlog, NULL);
        printf("FAIL: build: %s\n", buildlog);
        exit(1);
    }
    make_images(&v, &im);
    kernels(&v, &im);
    commands(&v, &im);
    maps(&v, &im);
    info(&v, &im);
    one_d(&v);
    for (i = 0; i < sizeof im / sizeof *m; i++)
        clReleaseMemObject(m[i]);
    clReleaseProgram(v.p);
    clReleaseCommandQueue(v.q);
    clReleaseContext(v.c);
}

/* on spv2c alone (PoCL 3.1 has no get_image_width for image1d_buffer_t, the
   SPIR-V's OpImageQuerySize): a 1-D buffer image's width is its own */
static void buffer_width(cl_platform_id pl)
{
    static const char *w =
        "__kernel void w(read_only image1d_buffer_t a, __global int *o) {\n"
        "    o[0] = get_image_width(a);\n"
        "}\n";
    static const size_t one = 1;
    cl_image_format f = { CL_R, CL_FLOAT };
    cl_image_desc d;
    cl_device_id dev;
    cl_int e, got = 0;
    Env v;
    cl_mem b, a, o;
    size_t sz[2] = { sizeof(cl_mem), sizeof(cl_mem) };
    const void *args[2];

    check(clGetDeviceIDs(pl, CL_DEVICE_TYPE_ALL, 1, &dev, NULL), "device");
    v.c = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
    v.q = clCreateCommandQueue(v.c, dev, 0, &e);
    v.p = clCreateProgramWithSource(v.c, 1, &w, NULL, &e);
    check(clBuildProgram(v.p, 1, &dev, "", NULL, NULL), "build w");
    b = buffer(&v, 100 * 4);
    o = buffer(&v, 4);
    memset(&d, 0, sizeof d);
    d.image_type = CL_MEM_OBJECT_IMAGE1D_BUFFER;
    d.image_width = 77;
    d.buffer = b;
    a = clCreateImage(v.c, 0, &f, &d, NULL, &e);
    check(e, "1-D buffer image");
    args[0] = &a;
    args[1] = &o;
    run(&v, "w", 1, &one, 2, sz, args);
    check(clEnqueueReadBuffer(v.q, o, CL_TRUE, 0, 4, &got, 0, NULL, NULL), "read w");
    if (got != 77) {
        printf("FAIL: get_image_width of a 1-D buffer image of 77 texels gave %d\n", got);
        fails++;
    }
    clReleaseMemObject(a);
    clReleaseMemObject(b);
    clReleaseMemObject(o);
    clReleaseProgram(v.p);
    clReleaseCommandQueue(v.q);
    clReleaseContext(v.c);
}

/* piece k's first differing 32-bit words (IMAGE_HOST_DEBUG set) */
static void dump(size_t k, size_t n)
{
    size_t i, shown = 0;
    unsigned a, b;
    float fa, fb;

    for (i = 0; i + 4 <= n && shown < 8; i += 4) {
        memcpy(&a, logs[0].bytes + logs[0].at[k] + i, 4);
        memcpy(&b, logs[1].bytes + logs[1].at[k] + i, 4);
        if (a == b)
            continue;
        memcpy(&fa, &a, 4);
        memcpy(&fb, &b, 4);
        printf("  word %zu: spv2c %08x (%.9g), PoCL %08x (%.9g)\n", i / 4, a, fa, b, fb);
        shown++;
    }
}

/* the pieces of the two logs: each that differs, by its label */
static void compare(void)
{
    size_t k, n;

    if (logs[0].npieces != logs[1].npieces) {
        printf("FAIL: %zu pieces on spv2c, %zu on PoCL\n", logs[0].npieces, logs[1].npieces);
        fails++;
        return;
    }
    for (k = 0; k < logs[0].npieces; k++) {
        n = (k + 1 < logs[0].npieces ? logs[0].at[k + 1] : logs[0].n) - logs[0].at[k];
        if (memcmp(logs[0].bytes + logs[0].at[k], logs[1].bytes + logs[1].at[k], n)) {
            printf("FAIL: %s (piece %zu): spv2c and PoCL differ\n", logs[0].label[k], k);
            fails++;
            if (getenv("IMAGE_HOST_DEBUG"))
                dump(k, n);
        }
    }
}

int main(void)
{
    cl_platform_id spv, pocl;

    if (find_platforms(&spv, &pocl))
        return 1;
    run_platform(spv, &logs[0]);
    run_platform(pocl, &logs[1]);
    compare();
    buffer_width(spv);
    printf("%s: %zu pieces (%zu bytes) of image results, spv2c against PoCL\n",
           fails ? "FAIL" : "ok", logs[0].npieces, logs[0].n);
    return fails != 0;
}

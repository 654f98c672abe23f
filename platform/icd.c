/*
 * icd: the loader's entry points (clIcdGetPlatformIDsKHR, found through
 * clGetExtensionFunctionAddress as the cl_khr_icd extension says), the one
 * platform and its one CPU device with their queries, contexts, command
 * queues and events, and the dispatch table every object points at.
 *
 * What the device reports is what the generated C gives: OpenCL 3.0 with
 * OpenCL C 1.2 (the translator's front end compiles -cl-std=CL1.2 unless
 * the build options say otherwise; cl30.c has the 3.0 queries and entry
 * points), doubles and halves, the 32- and 64-bit atomics, byte-addressable
 * stores, images (image.c); as many compute units as the machine has cores
 * (a launch's work-groups run on all of them).
 */
#define _GNU_SOURCE   /* sysconf's _SC_PHYS_PAGES and cache sizes */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "icd.h"

struct _cl_platform_id spv2c_cl_platform = { &spv2c_cl_dispatch };
struct _cl_device_id spv2c_cl_device = { &spv2c_cl_dispatch };

cl_int spv2c_cl_info(const void *value, size_t n, size_t size, void *out, size_t *size_ret)
{
    if (out && size < n)
        return CL_INVALID_VALUE;
    if (out)
        memcpy(out, value, n);
    if (size_ret)
        *size_ret = n;
    return CL_SUCCESS;
}

void spv2c_cl_obj_init(Obj *o, unsigned magic, Obj *owner)
{
    o->dispatch = &spv2c_cl_dispatch;
    o->magic = magic;
    o->refs = 1;
    if (owner)
        spv2c_cl_retain(owner);
}

void spv2c_cl_retain(Obj *o)
{
    spv2c_cl_lock();
    o->refs++;
    spv2c_cl_unlock();
}

unsigned spv2c_cl_release(Obj *o)
{
    unsigned refs;

    spv2c_cl_lock();
    refs = --o->refs;
    spv2c_cl_unlock();
    return refs;
}

cl_uint spv2c_cl_refs(Obj *o)
{
    cl_uint refs;

    spv2c_cl_lock();
    refs = o->refs;
    spv2c_cl_unlock();
    return refs;
}

cl_int spv2c_cl_callback_add(Callback **list, void (*fn)(void), void *user)
{
    Callback *cb = malloc(sizeof *cb);

    if (!cb)
        return CL_OUT_OF_HOST_MEMORY;
    cb->fn = fn;
    cb->user = user;
    spv2c_cl_lock();
    cb->next = *list;
    *list = cb;
    spv2c_cl_unlock();
    return CL_SUCCESS;
}

int spv2c_cl_callback_next(Callback **list, void (**fn)(void), void **user)
{
    Callback *cb;

    spv2c_cl_lock();
    if ((cb = *list) != NULL)
        *list = cb->next;
    spv2c_cl_unlock();
    if (!cb)
        return 0;
    *fn = cb->fn;
    *user = cb->user;
    free(cb);
    return 1;
}

static cl_int str_info(const char *s, size_t size, void *out, size_t *ret)
{
    return spv2c_cl_info(s, strlen(s) + 1, size, out, ret);
}

cl_ulong spv2c_cl_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (cl_ulong)t.tv_sec * 1000000000u + (cl_ulong)t.tv_nsec;
}

/* ---- platform ---- */

static cl_int CL_API_CALL GetPlatformIDs(cl_uint n, cl_platform_id *p, cl_uint *np)
{
    if ((n == 0 && p) || (!p && !np))
        return CL_INVALID_VALUE;
    if (p)
        p[0] = &spv2c_cl_platform;
    if (np)
        *np = 1;
    return CL_SUCCESS;
}

CL_API_ENTRY __attribute__((visibility("default"))) cl_int CL_API_CALL
clIcdGetPlatformIDsKHR(cl_uint n, cl_platform_id *p, cl_uint *np)
{
    return GetPlatformIDs(n, p, np);
}

static cl_int CL_API_CALL GetPlatformInfo(cl_platform_id p, cl_platform_info what, size_t size,
                                          void *out, size_t *ret)
{
    if (p && p != &spv2c_cl_platform)
        return CL_INVALID_PLATFORM;
    switch (what) {
    case CL_PLATFORM_PROFILE: return str_info("FULL_PROFILE", size, out, ret);
    case CL_PLATFORM_VERSION: return str_info("OpenCL 3.0 spv2c", size, out, ret);
    case CL_PLATFORM_NAME: return str_info("spv2c", size, out, ret);
    case CL_PLATFORM_VENDOR: return str_info("spv2c", size, out, ret);
    case CL_PLATFORM_EXTENSIONS: return str_info("cl_khr_icd cl_khr_il_program", size, out, ret);
    case CL_PLATFORM_ICD_SUFFIX_KHR: return str_info("SPV2C", size, out, ret);
    default: return spv2c_cl_platform_info30(what, size, out, ret);
    }
}

/* ---- device ---- */

static cl_int CL_API_CALL GetDeviceIDs(cl_platform_id p, cl_device_type type, cl_uint n,
                                       cl_device_id *d, cl_uint *nd)
{
    const cl_device_type known = CL_DEVICE_TYPE_DEFAULT | CL_DEVICE_TYPE_CPU |
        CL_DEVICE_TYPE_GPU | CL_DEVICE_TYPE_ACCELERATOR | CL_DEVICE_TYPE_CUSTOM;
    int match = type == CL_DEVICE_TYPE_ALL || (type & (CL_DEVICE_TYPE_DEFAULT | CL_DEVICE_TYPE_CPU));

    if (p && p != &spv2c_cl_platform)
        return CL_INVALID_PLATFORM;
    if (type != CL_DEVICE_TYPE_ALL && (type & ~known || !type))
        return CL_INVALID_DEVICE_TYPE;
    if ((n == 0 && d) || (!d && !nd))
        return CL_INVALID_VALUE;
    if (!match)
        return CL_DEVICE_NOT_FOUND;
    if (d)
        d[0] = &spv2c_cl_device;
    if (nd)
        *nd = 1;
    return CL_SUCCESS;
}

/* the machine's memory, its last-level cache and its cache lines (glibc's
   sysconf; fallback values where it does not say) */
static cl_ulong machine(int what)
{
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE), v = 0;

    if (what == 0)
        return pages > 0 && page > 0 ? (cl_ulong)pages * (cl_ulong)page : (cl_ulong)4 << 30;
#ifdef _SC_LEVEL3_CACHE_SIZE
    if (what == 1 && (v = sysconf(_SC_LEVEL3_CACHE_SIZE)) <= 0)
        v = sysconf(_SC_LEVEL2_CACHE_SIZE);
    if (what == 2)
        v = sysconf(_SC_LEVEL1_DCACHE_LINESIZE);
#endif
    return v > 0 ? (cl_ulong)v : what == 1 ? 1 << 20 : 64;
}

/* the cores' highest clock in MHz: cpufreq's, else /proc/cpuinfo's first
   "cpu MHz", else 0 (unknown) */
static cl_uint clock_mhz(void)
{
    FILE *f = fopen("/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq", "r");
    char line[256];
    double mhz = 0;
    unsigned long khz = 0;

    if (f && fscanf(f, "%lu", &khz) == 1) {
        fclose(f);
        return (cl_uint)(khz / 1000);
    }
    if (f)
        fclose(f);
    f = fopen("/proc/cpuinfo", "r");
    while (f && fgets(line, sizeof line, f))
        if (!strncmp(line, "cpu MHz", 7) && strchr(line, ':') &&
            sscanf(strchr(line, ':') + 1, "%lf", &mhz) == 1)
            break;
    if (f)
        fclose(f);
    return (cl_uint)(mhz + 0.5);
}

static cl_uint cores(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (cl_uint)n : 1;
}

static cl_int uint_info(cl_uint v, size_t size, void *out, size_t *ret)
{
    return spv2c_cl_info(&v, sizeof v, size, out, ret);
}
static cl_int ulong_info(cl_ulong v, size_t size, void *out, size_t *ret)
{
    return spv2c_cl_info(&v, sizeof v, size, out, ret);
}
static cl_int size_info(size_t v, size_t size, void *out, size_t *ret)
{
    return spv2c_cl_info(&v, sizeof v, size, out, ret);
}

/* the device's strings and its type, platform, parent */
static int device_text(cl_device_info what, const char **s)
{
    switch (what) {
    case CL_DEVICE_NAME: *s = "spv2c CPU"; return 1;
    case CL_DEVICE_VENDOR: *s = "spv2c"; return 1;
    case CL_DRIVER_VERSION: *s = "0.1.0"; return 1;
    case CL_DEVICE_PROFILE: *s = "FULL_PROFILE"; return 1;
    case CL_DEVICE_VERSION: *s = "OpenCL 3.0 spv2c"; return 1;
    case CL_DEVICE_OPENCL_C_VERSION: *s = "OpenCL C 1.2 spv2c"; return 1;
    case CL_DEVICE_EXTENSIONS: *s = spv2c_cl_extensions(); return 1;
    case CL_DEVICE_BUILT_IN_KERNELS: *s = ""; return 1;
    case CL_DEVICE_IL_VERSION: *s = "SPIR-V_1.0 SPIR-V_1.1 SPIR-V_1.2"; return 1;
    default: return 0;
    }
}

/* the device's cl_uint queries; 0 when what is none of them */
static int device_uint(cl_device_info what, cl_uint *v)
{
    switch (what) {
    case CL_DEVICE_VENDOR_ID: *v = 0x10000; return 1;
    case CL_DEVICE_MAX_COMPUTE_UNITS: *v = cores(); return 1;
    case CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS: *v = 3; return 1;
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR: case CL_DEVICE_NATIVE_VECTOR_WIDTH_CHAR: *v = 16; return 1;
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_SHORT: case CL_DEVICE_NATIVE_VECTOR_WIDTH_SHORT: *v = 8; return 1;
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_INT: case CL_DEVICE_NATIVE_VECTOR_WIDTH_INT: *v = 4; return 1;
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_LONG: case CL_DEVICE_NATIVE_VECTOR_WIDTH_LONG: *v = 2; return 1;
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT: case CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT: *v = 4; return 1;
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE: case CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE: *v = 2; return 1;
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF: case CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF: *v = 8; return 1;
    case CL_DEVICE_MAX_CLOCK_FREQUENCY: *v = clock_mhz(); return 1;
    case CL_DEVICE_ADDRESS_BITS: *v = 64; return 1;
    case CL_DEVICE_MAX_READ_IMAGE_ARGS: *v = 128; return 1;   /* images: 1.2's minimums */
    case CL_DEVICE_MAX_WRITE_IMAGE_ARGS: *v = 8; return 1;
    case CL_DEVICE_MAX_SAMPLERS: *v = 16; return 1;
    case CL_DEVICE_MAX_CONSTANT_ARGS: *v = 8; return 1;
    case CL_DEVICE_MEM_BASE_ADDR_ALIGN: *v = 1024; return 1;
    case CL_DEVICE_MIN_DATA_TYPE_ALIGN_SIZE: *v = 128; return 1;
    case CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE: *v = (cl_uint)machine(2); return 1;
    case CL_DEVICE_PARTITION_MAX_SUB_DEVICES: *v = 0; return 1;
    case CL_DEVICE_REFERENCE_COUNT: *v = 1; return 1;
    case CL_DEVICE_IMAGE_SUPPORT: case CL_DEVICE_ERROR_CORRECTION_SUPPORT:
    case CL_DEVICE_HOST_UNIFIED_MEMORY: case CL_DEVICE_ENDIAN_LITTLE:
    case CL_DEVICE_AVAILABLE: case CL_DEVICE_COMPILER_AVAILABLE:
    case CL_DEVICE_LINKER_AVAILABLE: case CL_DEVICE_PREFERRED_INTEROP_USER_SYNC:
        *v = what != CL_DEVICE_ERROR_CORRECTION_SUPPORT;
        return 1;
    default: return 0;
    }
}

/* the device's cl_ulong and size_t queries (size_t: *is_size) */
static int device_ulong(cl_device_info what, cl_ulong *v, int *is_size)
{
    *is_size = 1;
    switch (what) {
    case CL_DEVICE_MAX_WORK_GROUP_SIZE: *v = 4096; return 1;
    case CL_DEVICE_MAX_PARAMETER_SIZE: *v = 1024; return 1;
    case CL_DEVICE_PROFILING_TIMER_RESOLUTION: *v = 1; return 1;
    case CL_DEVICE_PRINTF_BUFFER_SIZE: *v = 1 << 20; return 1;
    /* image.c's limits, 1.2's minimums */
    case CL_DEVICE_IMAGE2D_MAX_WIDTH: case CL_DEVICE_IMAGE2D_MAX_HEIGHT: *v = 8192; return 1;
    case CL_DEVICE_IMAGE3D_MAX_WIDTH: case CL_DEVICE_IMAGE3D_MAX_HEIGHT:
    case CL_DEVICE_IMAGE3D_MAX_DEPTH: case CL_DEVICE_IMAGE_MAX_ARRAY_SIZE: *v = 2048; return 1;
    case CL_DEVICE_IMAGE_MAX_BUFFER_SIZE: *v = 65536; return 1;
    default: break;
    }
    *is_size = 0;
    switch (what) {
    case CL_DEVICE_MAX_MEM_ALLOC_SIZE: *v = (cl_ulong)1 << 30; return 1;
    case CL_DEVICE_GLOBAL_MEM_SIZE: *v = machine(0); return 1;
    case CL_DEVICE_GLOBAL_MEM_CACHE_SIZE: *v = machine(1); return 1;
    case CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE: *v = 1 << 16; return 1;
    case CL_DEVICE_LOCAL_MEM_SIZE: *v = 65536; return 1;
    default: return 0;
    }
}

static cl_int device_other(cl_device_info what, size_t size, void *out, size_t *ret)
{
    static const size_t items[3] = { 4096, 4096, 4096 };
    cl_bitfield b;

    switch (what) {
    case CL_DEVICE_MAX_WORK_ITEM_SIZES: return spv2c_cl_info(items, sizeof items, size, out, ret);
    case CL_DEVICE_TYPE: b = CL_DEVICE_TYPE_CPU; break;
    case CL_DEVICE_SINGLE_FP_CONFIG: case CL_DEVICE_DOUBLE_FP_CONFIG:
        b = CL_FP_DENORM | CL_FP_INF_NAN | CL_FP_ROUND_TO_NEAREST | CL_FP_ROUND_TO_ZERO |
            CL_FP_ROUND_TO_INF | CL_FP_FMA;
        if (what == CL_DEVICE_SINGLE_FP_CONFIG)   /* C's float / and sqrtf: IEEE 754's */
            b |= CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT;
        break;
    case CL_DEVICE_HALF_FP_CONFIG: b = CL_FP_DENORM | CL_FP_INF_NAN | CL_FP_ROUND_TO_NEAREST; break;
    case CL_DEVICE_GLOBAL_MEM_CACHE_TYPE: return uint_info(CL_READ_WRITE_CACHE, size, out, ret);
    case CL_DEVICE_LOCAL_MEM_TYPE: return uint_info(CL_GLOBAL, size, out, ret);
    case CL_DEVICE_EXECUTION_CAPABILITIES: b = CL_EXEC_KERNEL; break;
    case CL_DEVICE_QUEUE_PROPERTIES:
        b = CL_QUEUE_PROFILING_ENABLE | CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE;
        break;
    case CL_DEVICE_PLATFORM: {
        cl_platform_id p = &spv2c_cl_platform;
        return spv2c_cl_info(&p, sizeof p, size, out, ret);
    }
    case CL_DEVICE_PARENT_DEVICE: {
        cl_device_id d = NULL;
        return spv2c_cl_info(&d, sizeof d, size, out, ret);
    }
    case CL_DEVICE_PARTITION_PROPERTIES: case CL_DEVICE_PARTITION_TYPE: {
        cl_device_partition_property z = 0;
        return spv2c_cl_info(&z, sizeof z, size, out, ret);
    }
    case CL_DEVICE_PARTITION_AFFINITY_DOMAIN: b = 0; break;
    default: return spv2c_cl_device_info30(what, size, out, ret);
    }
    return spv2c_cl_info(&b, sizeof b, size, out, ret);
}

static cl_int CL_API_CALL GetDeviceInfo(cl_device_id d, cl_device_info what, size_t size,
                                        void *out, size_t *ret)
{
    const char *s;
    cl_uint u;
    cl_ulong l;
    int is_size;

    if (d != &spv2c_cl_device)
        return CL_INVALID_DEVICE;
    if (device_text(what, &s))
        return str_info(s, size, out, ret);
    if (device_uint(what, &u))
        return uint_info(u, size, out, ret);
    if (device_ulong(what, &l, &is_size))
        return is_size ? size_info((size_t)l, size, out, ret) : ulong_info(l, size, out, ret);
    return device_other(what, size, out, ret);
}

static cl_int CL_API_CALL RetainDevice(cl_device_id d)
{
    return d == &spv2c_cl_device ? CL_SUCCESS : CL_INVALID_DEVICE;
}

/* ---- contexts ---- */

/* props: NULL, or CL_CONTEXT_PLATFORM with this platform (once) */
static cl_int context_props(cl_context c, const cl_context_properties *props)
{
    if (!props)
        return CL_SUCCESS;
    if (props[0] == 0) {
        c->props[0] = 0;
        c->nprops = 1;
        return CL_SUCCESS;
    }
    if (props[0] != CL_CONTEXT_PLATFORM)
        return CL_INVALID_PROPERTY;
    if ((cl_platform_id)props[1] != &spv2c_cl_platform)
        return CL_INVALID_PLATFORM;
    if (props[2] != 0)
        return props[2] == CL_CONTEXT_PLATFORM ? CL_INVALID_PROPERTY : CL_INVALID_PROPERTY;
    memcpy(c->props, props, sizeof c->props);
    c->nprops = 3;
    return CL_SUCCESS;
}

static cl_context new_context(const cl_context_properties *props,
                              void (CL_CALLBACK *notify)(const char *, const void *, size_t, void *),
                              void *user, cl_int *err)
{
    cl_context c;
    cl_int e;

    if (!notify && user) {
        *err = CL_INVALID_VALUE;
        return NULL;
    }
    c = calloc(1, sizeof *c);
    if (!c) {
        *err = CL_OUT_OF_HOST_MEMORY;
        return NULL;
    }
    if ((e = context_props(c, props)) != CL_SUCCESS) {
        free(c);
        *err = e;
        return NULL;
    }
    spv2c_cl_obj_init(&c->obj, MAGIC_CONTEXT, NULL);
    c->notify = notify;
    c->user = user;
    *err = CL_SUCCESS;
    return c;
}

static cl_context CL_API_CALL CreateContext(const cl_context_properties *props, cl_uint n,
    const cl_device_id *devs, void (CL_CALLBACK *notify)(const char *, const void *, size_t, void *),
    void *user, cl_int *errp)
{
    cl_int e = CL_SUCCESS, dummy;
    cl_uint i;

    if (!errp)
        errp = &dummy;
    if (!devs || n == 0)
        e = CL_INVALID_VALUE;
    for (i = 0; e == CL_SUCCESS && i < n; i++)
        if (devs[i] != &spv2c_cl_device)
            e = CL_INVALID_DEVICE;
    if (e != CL_SUCCESS) {
        *errp = e;
        return NULL;
    }
    return new_context(props, notify, user, errp);
}

static cl_context CL_API_CALL CreateContextFromType(const cl_context_properties *props,
    cl_device_type type, void (CL_CALLBACK *notify)(const char *, const void *, size_t, void *),
    void *user, cl_int *errp)
{
    cl_int dummy, e;
    cl_uint n = 0;

    if (!errp)
        errp = &dummy;
    e = GetDeviceIDs(NULL, type, 0, NULL, &n);
    if (e != CL_SUCCESS) {
        *errp = e;
        return NULL;
    }
    return new_context(props, notify, user, errp);
}

static cl_int CL_API_CALL RetainContext(cl_context c)
{
    if (!OK_OBJ(c, MAGIC_CONTEXT))
        return CL_INVALID_CONTEXT;
    spv2c_cl_retain(&c->obj);
    return CL_SUCCESS;
}

static cl_int CL_API_CALL ReleaseContext(cl_context c)
{
    if (!OK_OBJ(c, MAGIC_CONTEXT))
        return CL_INVALID_CONTEXT;
    if (spv2c_cl_release(&c->obj) == 0) {
        spv2c_cl_context_end(c);
        c->obj.magic = 0;
        free(c);
    }
    return CL_SUCCESS;
}

static cl_int CL_API_CALL GetContextInfo(cl_context c, cl_context_info what, size_t size,
                                         void *out, size_t *ret)
{
    cl_device_id d = &spv2c_cl_device;

    if (!OK_OBJ(c, MAGIC_CONTEXT))
        return CL_INVALID_CONTEXT;
    switch (what) {
    case CL_CONTEXT_REFERENCE_COUNT: return uint_info(spv2c_cl_refs(&c->obj), size, out, ret);
    case CL_CONTEXT_NUM_DEVICES: return uint_info(1, size, out, ret);
    case CL_CONTEXT_DEVICES: return spv2c_cl_info(&d, sizeof d, size, out, ret);
    case CL_CONTEXT_PROPERTIES:
        return spv2c_cl_info(c->props, c->nprops * sizeof *c->props, size, out, ret);
    default: return CL_INVALID_VALUE;
    }
}

/* ---- command queues ---- */

static cl_command_queue new_queue(cl_context c, cl_device_id d, cl_command_queue_properties p,
                                  cl_int *errp)
{
    cl_command_queue q;
    const cl_command_queue_properties known = CL_QUEUE_PROFILING_ENABLE |
        CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE;

    *errp = !OK_OBJ(c, MAGIC_CONTEXT) ? CL_INVALID_CONTEXT :
            d != &spv2c_cl_device ? CL_INVALID_DEVICE :
            p & ~known ? CL_INVALID_VALUE : CL_SUCCESS;
    if (*errp != CL_SUCCESS)
        return NULL;
    if ((q = calloc(1, sizeof *q)) == NULL) {
        *errp = CL_OUT_OF_HOST_MEMORY;
        return NULL;
    }
    spv2c_cl_obj_init(&q->obj, MAGIC_QUEUE, &c->obj);
    q->ctx = c;
    q->props = p;
    return q;
}

static cl_command_queue CL_API_CALL CreateCommandQueue(cl_context c, cl_device_id d,
    cl_command_queue_properties p, cl_int *errp)
{
    cl_int dummy;
    return new_queue(c, d, p, errp ? errp : &dummy);
}

static cl_int CL_API_CALL RetainCommandQueue(cl_command_queue q)
{
    if (!OK_OBJ(q, MAGIC_QUEUE))
        return CL_INVALID_COMMAND_QUEUE;
    spv2c_cl_retain(&q->obj);
    return CL_SUCCESS;
}

static cl_int CL_API_CALL ReleaseCommandQueue(cl_command_queue q)
{
    if (!OK_OBJ(q, MAGIC_QUEUE))
        return CL_INVALID_COMMAND_QUEUE;
    if (spv2c_cl_release(&q->obj) == 0) {
        ReleaseContext(q->ctx);
        q->obj.magic = 0;
        free(q);
    }
    return CL_SUCCESS;
}

static cl_int CL_API_CALL GetCommandQueueInfo(cl_command_queue q, cl_command_queue_info what,
                                              size_t size, void *out, size_t *ret)
{
    cl_device_id d = &spv2c_cl_device;

    if (!OK_OBJ(q, MAGIC_QUEUE))
        return CL_INVALID_COMMAND_QUEUE;
    switch (what) {
    case CL_QUEUE_CONTEXT: return spv2c_cl_info(&q->ctx, sizeof q->ctx, size, out, ret);
    case CL_QUEUE_DEVICE: return spv2c_cl_info(&d, sizeof d, size, out, ret);
    case CL_QUEUE_REFERENCE_COUNT: return uint_info(spv2c_cl_refs(&q->obj), size, out, ret);
    case CL_QUEUE_PROPERTIES: return spv2c_cl_info(&q->props, sizeof q->props, size, out, ret);
    default: return spv2c_cl_queue_info30(q, what, size, out, ret);
    }
}

/* flush runs the deferred commands that can run; finish waits for q's (defer.c) */
static cl_int CL_API_CALL Flush(cl_command_queue q)
{
    if (!OK_OBJ(q, MAGIC_QUEUE))
        return CL_INVALID_COMMAND_QUEUE;
    spv2c_cl_pump();
    return CL_SUCCESS;
}

static cl_int CL_API_CALL Finish(cl_command_queue q)
{
    if (!OK_OBJ(q, MAGIC_QUEUE))
        return CL_INVALID_COMMAND_QUEUE;
    spv2c_cl_finish(q);
    return CL_SUCCESS;
}

/* ---- events ---- */

cl_int spv2c_cl_wait_list(cl_context ctx, cl_uint n, const cl_event *list)
{
    cl_uint i;

    if ((n == 0) != (list == NULL))
        return CL_INVALID_EVENT_WAIT_LIST;
    for (i = 0; i < n; i++) {
        if (!OK_OBJ(list[i], MAGIC_EVENT))
            return CL_INVALID_EVENT_WAIT_LIST;
        if (ctx && list[i]->ctx != ctx)
            return CL_INVALID_CONTEXT;
    }
    return CL_SUCCESS;
}

cl_int spv2c_cl_queue_valid(cl_command_queue q, cl_uint n, const cl_event *list)
{
    if (!OK_OBJ(q, MAGIC_QUEUE))
        return CL_INVALID_COMMAND_QUEUE;
    return spv2c_cl_wait_list(q->ctx, n, list);
}

static cl_event new_event(cl_context ctx, cl_command_queue q, cl_command_type type)
{
    cl_event e = calloc(1, sizeof *e);

    if (!e)
        return NULL;
    spv2c_cl_obj_init(&e->obj, MAGIC_EVENT, &ctx->obj);
    e->ctx = ctx;
    e->queue = q;
    e->type = type;
    if (q)
        spv2c_cl_retain(&q->obj);
    return e;
}

cl_int spv2c_cl_done(cl_command_queue q, cl_command_type type, cl_ulong start, cl_event *ev)
{
    cl_event e;

    if (!ev)
        return CL_SUCCESS;
    if ((e = new_event(q->ctx, q, type)) == NULL)
        return CL_OUT_OF_HOST_MEMORY;
    e->status = CL_COMPLETE;
    e->t[0] = e->t[1] = e->t[2] = start;
    e->t[3] = spv2c_cl_now();
    *ev = e;
    return CL_SUCCESS;
}

static cl_event CL_API_CALL CreateUserEvent(cl_context c, cl_int *errp)
{
    cl_int dummy;
    cl_event e;

    if (!errp)
        errp = &dummy;
    if (!OK_OBJ(c, MAGIC_CONTEXT)) {
        *errp = CL_INVALID_CONTEXT;
        return NULL;
    }
    if ((e = new_event(c, NULL, CL_COMMAND_USER)) == NULL) {
        *errp = CL_OUT_OF_HOST_MEMORY;
        return NULL;
    }
    e->status = CL_SUBMITTED;
    *errp = CL_SUCCESS;
    return e;
}

/* from any thread: the commands waiting for e run (or fail) on this one */
static cl_int CL_API_CALL SetUserEventStatus(cl_event e, cl_int status)
{
    cl_int was;

    if (!OK_OBJ(e, MAGIC_EVENT) || e->queue)
        return CL_INVALID_EVENT;
    if (status > CL_COMPLETE)
        return CL_INVALID_VALUE;
    spv2c_cl_lock();
    was = e->status;
    if (was > CL_COMPLETE)
        e->status = CL_RUNNING;   /* taken: a second set is refused */
    spv2c_cl_unlock();
    if (was <= CL_COMPLETE)
        return CL_INVALID_OPERATION;
    spv2c_cl_set_status(e, status, -1);
    spv2c_cl_pump();
    return CL_SUCCESS;
}

static cl_int CL_API_CALL SetEventCallback(cl_event e, cl_int type,
    void (CL_CALLBACK *fn)(cl_event, cl_int, void *), void *user)
{
    if (!OK_OBJ(e, MAGIC_EVENT))
        return CL_INVALID_EVENT;
    if (!fn || (type != CL_COMPLETE && type != CL_SUBMITTED && type != CL_RUNNING))
        return CL_INVALID_VALUE;
    return spv2c_cl_add_callback(e, type, fn, user);
}

static cl_int CL_API_CALL WaitForEvents(cl_uint n, const cl_event *list)
{
    cl_uint i;

    if (n == 0 || !list)
        return CL_INVALID_VALUE;
    for (i = 0; i < n; i++)
        if (!OK_OBJ(list[i], MAGIC_EVENT))
            return CL_INVALID_EVENT;
    for (i = 1; i < n; i++)
        if (list[i]->ctx != list[0]->ctx)
            return CL_INVALID_CONTEXT;
    return spv2c_cl_wait(n, list);
}

static cl_int CL_API_CALL GetEventInfo(cl_event e, cl_event_info what, size_t size, void *out,
                                       size_t *ret)
{
    cl_int s;

    if (!OK_OBJ(e, MAGIC_EVENT))
        return CL_INVALID_EVENT;
    switch (what) {
    case CL_EVENT_COMMAND_QUEUE: return spv2c_cl_info(&e->queue, sizeof e->queue, size, out, ret);
    case CL_EVENT_CONTEXT: return spv2c_cl_info(&e->ctx, sizeof e->ctx, size, out, ret);
    case CL_EVENT_COMMAND_TYPE: return uint_info(e->type, size, out, ret);
    case CL_EVENT_COMMAND_EXECUTION_STATUS:
        spv2c_cl_lock();
        s = e->status;
        spv2c_cl_unlock();
        return spv2c_cl_info(&s, sizeof s, size, out, ret);
    case CL_EVENT_REFERENCE_COUNT: return uint_info(spv2c_cl_refs(&e->obj), size, out, ret);
    default: return CL_INVALID_VALUE;
    }
}

static cl_int CL_API_CALL GetEventProfilingInfo(cl_event e, cl_profiling_info what, size_t size,
                                                void *out, size_t *ret)
{
    cl_ulong t;

    if (!OK_OBJ(e, MAGIC_EVENT))
        return CL_INVALID_EVENT;
    spv2c_cl_lock();
    t = e->status == CL_COMPLETE ? 1 : 0;
    spv2c_cl_unlock();
    if (!e->queue || !(e->queue->props & CL_QUEUE_PROFILING_ENABLE) || !t)
        return CL_PROFILING_INFO_NOT_AVAILABLE;
    if (what < CL_PROFILING_COMMAND_QUEUED || what > CL_PROFILING_COMMAND_COMPLETE)
        return CL_INVALID_VALUE;
    return ulong_info(e->t[what == CL_PROFILING_COMMAND_COMPLETE ? 3 :
                           what - CL_PROFILING_COMMAND_QUEUED], size, out, ret);
}

cl_int CL_API_CALL spv2c_cl_RetainEvent(cl_event e)
{
    if (!OK_OBJ(e, MAGIC_EVENT))
        return CL_INVALID_EVENT;
    spv2c_cl_retain(&e->obj);
    return CL_SUCCESS;
}

cl_int CL_API_CALL spv2c_cl_ReleaseEvent(cl_event e)
{
    if (!OK_OBJ(e, MAGIC_EVENT))
        return CL_INVALID_EVENT;
    if (spv2c_cl_release(&e->obj) == 0) {
        if (e->queue)
            ReleaseCommandQueue(e->queue);
        ReleaseContext(e->ctx);
        spv2c_cl_free_callbacks(e);
        e->obj.magic = 0;
        free(e);
    }
    return CL_SUCCESS;
}

/* markers and barriers: on an in-order queue both wait for the commands before them
   and for their wait lists; deferred as any command is */
static cl_int marker(cl_command_queue q, cl_command_type type, cl_uint n, const cl_event *list,
                     cl_event *ev)
{
    static const Command nothing = { NULL, NULL, 0, { NULL, NULL }, NULL };
    cl_int e = spv2c_cl_queue_valid(q, n, list);

    if (e != CL_SUCCESS)
        return e;
    if (spv2c_cl_must_wait(q, n, list))
        return spv2c_cl_defer(q, type, n, list, ev, CL_FALSE, &nothing);
    return spv2c_cl_done(q, type, spv2c_cl_now(), ev);
}

static cl_int CL_API_CALL EnqueueMarkerWithWaitList(cl_command_queue q, cl_uint n,
                                                    const cl_event *list, cl_event *ev)
{
    return marker(q, CL_COMMAND_MARKER, n, list, ev);
}

static cl_int CL_API_CALL EnqueueBarrierWithWaitList(cl_command_queue q, cl_uint n,
                                                     const cl_event *list, cl_event *ev)
{
    return marker(q, CL_COMMAND_BARRIER, n, list, ev);
}

static cl_int CL_API_CALL EnqueueMarker(cl_command_queue q, cl_event *ev)
{
    if (!ev)
        return OK_OBJ(q, MAGIC_QUEUE) ? CL_INVALID_VALUE : CL_INVALID_COMMAND_QUEUE;
    return EnqueueMarkerWithWaitList(q, 0, NULL, ev);
}

static cl_int CL_API_CALL EnqueueBarrier(cl_command_queue q)
{
    return EnqueueBarrierWithWaitList(q, 0, NULL, NULL);
}

static cl_int CL_API_CALL EnqueueWaitForEvents(cl_command_queue q, cl_uint n, const cl_event *l)
{
    if (!OK_OBJ(q, MAGIC_QUEUE))
        return CL_INVALID_COMMAND_QUEUE;
    if (n == 0 || !l)
        return CL_INVALID_VALUE;
    return marker(q, CL_COMMAND_BARRIER, n, l, NULL);
}

/* ---- what this platform does not have: the specification's answer ---- */

static cl_int CL_API_CALL UnloadCompiler(void)
{
    return CL_SUCCESS;
}

static cl_int CL_API_CALL UnloadPlatformCompiler(cl_platform_id p)
{
    return p == &spv2c_cl_platform ? CL_SUCCESS : CL_INVALID_PLATFORM;
}

static cl_int CL_API_CALL CreateSubDevices(cl_device_id d, const cl_device_partition_property *pp,
                                           cl_uint n, cl_device_id *out, cl_uint *nret)
{
    (void)pp, (void)n, (void)out, (void)nret;
    return d == &spv2c_cl_device ? CL_INVALID_VALUE : CL_INVALID_DEVICE;
}

static cl_int CL_API_CALL EnqueueMigrateMemObjects(cl_command_queue q, cl_uint n,
    const cl_mem *m, cl_mem_migration_flags f, cl_uint nw, const cl_event *wl, cl_event *ev)
{
    cl_int e = spv2c_cl_queue_valid(q, nw, wl);
    cl_uint i;

    if (e != CL_SUCCESS)
        return e;
    if (n == 0 || !m || (f & ~(cl_mem_migration_flags)(CL_MIGRATE_MEM_OBJECT_HOST |
                                                       CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED)))
        return CL_INVALID_VALUE;
    for (i = 0; i < n; i++)
        if (!OK_OBJ(m[i], MAGIC_MEM))
            return CL_INVALID_MEM_OBJECT;
    return marker(q, CL_COMMAND_MIGRATE_MEM_OBJECTS, nw, wl, ev);   /* nothing to move */
}

static cl_int CL_API_CALL EnqueueNativeKernel(cl_command_queue q, void (CL_CALLBACK *fn)(void *),
    void *args, size_t n, cl_uint nm, const cl_mem *ml, const void **loc, cl_uint nw,
    const cl_event *wl, cl_event *ev)
{
    (void)fn, (void)args, (void)n, (void)nm, (void)ml, (void)loc, (void)nw, (void)wl, (void)ev;
    return OK_OBJ(q, MAGIC_QUEUE) ? CL_INVALID_OPERATION : CL_INVALID_COMMAND_QUEUE;
}

static cl_int CL_API_CALL SetCommandQueueProperty(cl_command_queue q,
    cl_command_queue_properties p, cl_bool on, cl_command_queue_properties *old)
{
    (void)p, (void)on, (void)old;
    return OK_OBJ(q, MAGIC_QUEUE) ? CL_INVALID_OPERATION : CL_INVALID_COMMAND_QUEUE;
}

/* ---- the loader's view ---- */

static void *CL_API_CALL GetExtensionFunctionAddress(const char *name)
{
    if (name && !strcmp(name, "clIcdGetPlatformIDsKHR"))
        return (void *)clIcdGetPlatformIDsKHR;
    return NULL;
}

static void *CL_API_CALL GetExtensionFunctionAddressForPlatform(cl_platform_id p,
                                                                const char *name)
{
    return p == &spv2c_cl_platform ? GetExtensionFunctionAddress(name) : NULL;
}

CL_API_ENTRY __attribute__((visibility("default"))) void *CL_API_CALL
clGetExtensionFunctionAddress(const char *name)
{
    return GetExtensionFunctionAddress(name);
}

CL_API_ENTRY __attribute__((visibility("default"))) cl_int CL_API_CALL
clGetPlatformInfo(cl_platform_id p, cl_platform_info what, size_t size, void *out, size_t *ret)
{
    return GetPlatformInfo(p, what, size, out, ret);
}

/* every object's first member points here; entries left NULL are
   extensions' (the 2.x/3.0 core functions are cl30.c's) */
cl_icd_dispatch spv2c_cl_dispatch = {
    .clGetPlatformIDs = GetPlatformIDs,
    .clGetPlatformInfo = GetPlatformInfo,
    .clGetDeviceIDs = GetDeviceIDs,
    .clGetDeviceInfo = GetDeviceInfo,
    .clCreateContext = CreateContext,
    .clCreateContextFromType = CreateContextFromType,
    .clRetainContext = RetainContext,
    .clReleaseContext = ReleaseContext,
    .clGetContextInfo = GetContextInfo,
    .clCreateCommandQueue = CreateCommandQueue,
    .clRetainCommandQueue = RetainCommandQueue,
    .clReleaseCommandQueue = ReleaseCommandQueue,
    .clGetCommandQueueInfo = GetCommandQueueInfo,
    .clSetCommandQueueProperty = SetCommandQueueProperty,
    .clCreateBuffer = spv2c_cl_CreateBuffer,
    .clCreateImage2D = spv2c_cl_CreateImage2D,
    .clCreateImage3D = spv2c_cl_CreateImage3D,
    .clRetainMemObject = spv2c_cl_RetainMemObject,
    .clReleaseMemObject = spv2c_cl_ReleaseMemObject,
    .clGetSupportedImageFormats = spv2c_cl_GetSupportedImageFormats,
    .clGetMemObjectInfo = spv2c_cl_GetMemObjectInfo,
    .clCreateSampler = spv2c_cl_CreateSampler,
    .clRetainSampler = spv2c_cl_RetainSampler,
    .clReleaseSampler = spv2c_cl_ReleaseSampler,
    .clGetSamplerInfo = spv2c_cl_GetSamplerInfo,
    .clCreateProgramWithSource = spv2c_cl_CreateProgramWithSource,
    .clCreateProgramWithBinary = spv2c_cl_CreateProgramWithBinary,
    .clRetainProgram = spv2c_cl_RetainProgram,
    .clReleaseProgram = spv2c_cl_ReleaseProgram,
    .clBuildProgram = spv2c_cl_BuildProgram,
    .clUnloadCompiler = UnloadCompiler,
    .clGetProgramInfo = spv2c_cl_GetProgramInfo,
    .clGetProgramBuildInfo = spv2c_cl_GetProgramBuildInfo,
    .clCreateKernel = spv2c_cl_CreateKernel,
    .clCreateKernelsInProgram = spv2c_cl_CreateKernelsInProgram,
    .clRetainKernel = spv2c_cl_RetainKernel,
    .clReleaseKernel = spv2c_cl_ReleaseKernel,
    .clSetKernelArg = spv2c_cl_SetKernelArg,
    .clGetKernelInfo = spv2c_cl_GetKernelInfo,
    .clGetKernelWorkGroupInfo = spv2c_cl_GetKernelWorkGroupInfo,
    .clWaitForEvents = WaitForEvents,
    .clGetEventInfo = GetEventInfo,
    .clRetainEvent = spv2c_cl_RetainEvent,
    .clReleaseEvent = spv2c_cl_ReleaseEvent,
    .clGetEventProfilingInfo = GetEventProfilingInfo,
    .clFlush = Flush,
    .clFinish = Finish,
    .clEnqueueReadBuffer = spv2c_cl_EnqueueReadBuffer,
    .clEnqueueWriteBuffer = spv2c_cl_EnqueueWriteBuffer,
    .clEnqueueCopyBuffer = spv2c_cl_EnqueueCopyBuffer,
    .clEnqueueMapBuffer = spv2c_cl_EnqueueMapBuffer,
    .clGetImageInfo = spv2c_cl_GetImageInfo,
    .clEnqueueReadImage = spv2c_cl_EnqueueReadImage,
    .clEnqueueWriteImage = spv2c_cl_EnqueueWriteImage,
    .clEnqueueCopyImage = spv2c_cl_EnqueueCopyImage,
    .clEnqueueCopyImageToBuffer = spv2c_cl_EnqueueCopyImageToBuffer,
    .clEnqueueCopyBufferToImage = spv2c_cl_EnqueueCopyBufferToImage,
    .clEnqueueMapImage = spv2c_cl_EnqueueMapImage,
    .clEnqueueUnmapMemObject = spv2c_cl_EnqueueUnmapMemObject,
    .clEnqueueNDRangeKernel = spv2c_cl_EnqueueNDRangeKernel,
    .clEnqueueTask = spv2c_cl_EnqueueTask,
    .clEnqueueNativeKernel = EnqueueNativeKernel,
    .clEnqueueMarker = EnqueueMarker,
    .clEnqueueWaitForEvents = EnqueueWaitForEvents,
    .clEnqueueBarrier = EnqueueBarrier,
    .clGetExtensionFunctionAddress = GetExtensionFunctionAddress,
    /* OpenCL 1.1 */
    .clSetEventCallback = SetEventCallback,
    .clCreateSubBuffer = spv2c_cl_CreateSubBuffer,
    .clSetMemObjectDestructorCallback = spv2c_cl_SetMemObjectDestructorCallback,
    .clCreateUserEvent = CreateUserEvent,
    .clSetUserEventStatus = SetUserEventStatus,
    .clEnqueueReadBufferRect = spv2c_cl_EnqueueReadBufferRect,
    .clEnqueueWriteBufferRect = spv2c_cl_EnqueueWriteBufferRect,
    .clEnqueueCopyBufferRect = spv2c_cl_EnqueueCopyBufferRect,
    /* OpenCL 1.2 */
    .clCreateSubDevices = CreateSubDevices,
    .clRetainDevice = RetainDevice,
    .clReleaseDevice = RetainDevice,
    .clCreateImage = spv2c_cl_CreateImage,
    .clCompileProgram = spv2c_cl_CompileProgram,
    .clLinkProgram = spv2c_cl_LinkProgram,
    .clUnloadPlatformCompiler = UnloadPlatformCompiler,
    .clGetKernelArgInfo = spv2c_cl_GetKernelArgInfo,
    .clEnqueueFillBuffer = spv2c_cl_EnqueueFillBuffer,
    .clEnqueueFillImage = spv2c_cl_EnqueueFillImage,
    .clEnqueueMigrateMemObjects = EnqueueMigrateMemObjects,
    .clEnqueueMarkerWithWaitList = EnqueueMarkerWithWaitList,
    .clEnqueueBarrierWithWaitList = EnqueueBarrierWithWaitList,
    .clGetExtensionFunctionAddressForPlatform = GetExtensionFunctionAddressForPlatform,
    /* OpenCL 2.0 (cl30.c) */
    .clCreateCommandQueueWithProperties = spv2c_cl_CreateCommandQueueWithProperties,
    .clCreatePipe = spv2c_cl_CreatePipe,
    .clGetPipeInfo = spv2c_cl_GetPipeInfo,
    .clSVMAlloc = spv2c_cl_SVMAlloc,
    .clSVMFree = spv2c_cl_SVMFree,
    .clEnqueueSVMFree = spv2c_cl_EnqueueSVMFree,
    .clEnqueueSVMMemcpy = spv2c_cl_EnqueueSVMMemcpy,
    .clEnqueueSVMMemFill = spv2c_cl_EnqueueSVMMemFill,
    .clEnqueueSVMMap = spv2c_cl_EnqueueSVMMap,
    .clEnqueueSVMUnmap = spv2c_cl_EnqueueSVMUnmap,
    .clCreateSamplerWithProperties = spv2c_cl_CreateSamplerWithProperties,
    .clSetKernelArgSVMPointer = spv2c_cl_SetKernelArgSVMPointer,
    .clSetKernelExecInfo = spv2c_cl_SetKernelExecInfo,
    /* OpenCL 2.1 */
    .clCloneKernel = spv2c_cl_CloneKernel,
    .clCreateProgramWithIL = spv2c_cl_CreateProgramWithIL,
    .clEnqueueSVMMigrateMem = spv2c_cl_EnqueueSVMMigrateMem,
    .clGetDeviceAndHostTimer = spv2c_cl_GetDeviceAndHostTimer,
    .clGetHostTimer = spv2c_cl_GetHostTimer,
    .clGetKernelSubGroupInfo = spv2c_cl_GetKernelSubGroupInfo,
    .clSetDefaultDeviceCommandQueue = spv2c_cl_SetDefaultDeviceCommandQueue,
    /* OpenCL 2.2 */
    .clSetProgramReleaseCallback = spv2c_cl_SetProgramReleaseCallback,
    .clSetProgramSpecializationConstant = spv2c_cl_SetProgramSpecializationConstant,
    /* OpenCL 3.0 */
    .clCreateBufferWithProperties = spv2c_cl_CreateBufferWithProperties,
    .clCreateImageWithProperties = spv2c_cl_CreateImageWithProperties,
    .clSetContextDestructorCallback = spv2c_cl_SetContextDestructorCallback,
};

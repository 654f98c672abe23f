/*
 * cl30: what OpenCL 3.0 adds to the 1.2 platform. The platform and the
 * device report OpenCL 3.0 with the 1.2 API and OpenCL C 1.2 (3.0 asks the
 * 1.x line to stay in CL_DEVICE_OPENCL_C_VERSION); CL_DEVICE_OPENCL_C_ALL_VERSIONS
 * lists 1.0, 1.1, 1.2 and 3.0 (clang takes each -cl-std=). The optional 3.0
 * features claimed are the ones the translator honours, each tested by a
 * kernel under -cl-std=CL3.0 (tests/platform/cl30.c); a CL3.0 build gets
 * -cl-ext= and an included header that make the kernel's feature and
 * extension macros exactly what the device reports (images among them:
 * image.c). Pipes, device-side enqueue, subgroups, SVM, read_write images and
 * 3-D image writes: not there, and every query and entry point
 * of theirs answers as the specification says for a device without them.
 *
 * Also here: the 2.x/3.0 queries of the other objects (queues, buffers,
 * programs) that their files' switches fall through to, the host timer, and
 * the 2.x/3.0 entry points of the dispatch table.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include <spv2c/spv2c.h>

#include "icd.h"

#define V(a, b, c) CL_MAKE_VERSION(a, b, c)

/* the device's extensions; kernel: the OpenCL C compiler knows it (a
   CL3.0 build enables exactly these) */
static const struct { const char *name; int kernel; } extensions[] = {
    { "cl_khr_icd", 0 }, { "cl_khr_fp64", 1 }, { "cl_khr_fp16", 1 },
    { "cl_khr_global_int32_base_atomics", 1 }, { "cl_khr_global_int32_extended_atomics", 1 },
    { "cl_khr_local_int32_base_atomics", 1 }, { "cl_khr_local_int32_extended_atomics", 1 },
    { "cl_khr_int64_base_atomics", 1 }, { "cl_khr_int64_extended_atomics", 1 },
    { "cl_khr_byte_addressable_store", 1 }, { "cl_khr_il_program", 0 },
};
#define NEXT (sizeof extensions / sizeof *extensions)

/* the OpenCL C 3.0 optional features: claimed ones first (each tested by a
   kernel, tests/platform/cl30.c), then the ones clang-15 knows that the
   device does not have; header: opencl-c-base.h defines it for SPIR under
   CL3.0 whatever -cl-ext= says (a CL3.0 build undefines it) */
static const struct { const char *name; int claimed, header; } features[] = {
    { "__opencl_c_int64", 1, 0 },
    { "__opencl_c_fp64", 1, 0 },
    { "__opencl_c_atomic_order_acq_rel", 1, 0 },
    { "__opencl_c_atomic_order_seq_cst", 1, 1 },
    { "__opencl_c_atomic_scope_device", 1, 1 },
    { "__opencl_c_atomic_scope_all_devices", 1, 1 },
    { "__opencl_c_generic_address_space", 1, 0 },
    { "__opencl_c_program_scope_global_variables", 1, 0 },
    { "__opencl_c_work_group_collective_functions", 1, 1 },
    { "__opencl_c_images", 1, 0 },
    { "__opencl_c_3d_image_writes", 0, 0 },
    { "__opencl_c_read_write_images", 0, 1 },
    { "__opencl_c_pipes", 0, 0 },
    { "__opencl_c_device_enqueue", 0, 0 },
    { "__opencl_c_subgroups", 0, 0 },
};
#define NFEAT (sizeof features / sizeof *features)

/* what opencl-c-base.h defines for SPIR under CL3.0 that the device does not
   have: undefined after it in a CL3.0 build */
static const char *const header_only[] = {
    "cl_khr_subgroup_extended_types", "cl_khr_subgroup_non_uniform_vote",
    "cl_khr_subgroup_ballot", "cl_khr_subgroup_non_uniform_arithmetic",
    "cl_khr_subgroup_shuffle", "cl_khr_subgroup_shuffle_relative",
    "cl_khr_subgroup_clustered_reduce", "cl_khr_subgroup_rotate", "cl_khr_extended_bit_ops",
    "cl_khr_integer_dot_product", "__opencl_c_integer_dot_product_input_4x8bit",
    "__opencl_c_integer_dot_product_input_4x8bit_packed", "cl_ext_float_atomics",
    "__opencl_c_ext_fp16_global_atomic_load_store", "__opencl_c_ext_fp16_local_atomic_load_store",
    "__opencl_c_ext_fp16_global_atomic_add", "__opencl_c_ext_fp16_local_atomic_add",
    "__opencl_c_ext_fp16_global_atomic_min_max", "__opencl_c_ext_fp16_local_atomic_min_max",
    "__opencl_c_ext_fp64_global_atomic_add", "__opencl_c_ext_fp64_local_atomic_add",
    "__opencl_c_ext_fp64_global_atomic_min_max", "__opencl_c_ext_fp64_local_atomic_min_max",
    "__opencl_c_ext_fp32_global_atomic_add", "__opencl_c_ext_fp32_local_atomic_add",
    "__opencl_c_ext_fp32_global_atomic_min_max", "__opencl_c_ext_fp32_local_atomic_min_max",
};
#define NHDR (sizeof header_only / sizeof *header_only)

/* ---- strings and lists ---- */

/* the strings made from the tables, once (pthread_once: queries and builds
   may come from several threads): the device's extensions space-separated;
   "-cl-ext=-all,+X,..." enabling the claimed features and the device's
   kernel extensions; the text of the header a CL3.0 build includes after
   opencl-c-base.h; what these and the trailer depend on (the cache key) */
static char ext_list[1024], ext_word[2048], header[4096], key[6200];
static pthread_once_t made = PTHREAD_ONCE_INIT;

static void make_strings(void)
{
    size_t i;

    for (i = 0; i < NEXT; i++)
        strcat(strcat(ext_list, i ? " " : ""), extensions[i].name);
    strcpy(ext_word, "-cl-ext=-all");
    for (i = 0; i < NEXT; i++)
        if (extensions[i].kernel)
            strcat(strcat(ext_word, ",+"), extensions[i].name);
    for (i = 0; i < NFEAT; i++)
        strcat(strcat(ext_word, features[i].claimed ? ",+" : ",-"), features[i].name);
    strcpy(header, "/* spv2c-cl: what opencl-c-base.h defines that the device has not */\n");
    for (i = 0; i < NHDR; i++)
        sprintf(header + strlen(header), "#undef %s\n", header_only[i]);
    for (i = 0; i < NFEAT; i++)
        if (features[i].header && !features[i].claimed)
            sprintf(header + strlen(header), "#undef %s\n", features[i].name);
    /* the trailer's version: objects cached without it are built again */
    snprintf(key, sizeof key, "trailer 3 %s %s", ext_word, header);
}

const char *spv2c_cl_extensions(void)
{
    pthread_once(&made, make_strings);
    return ext_list;
}

static cl_int name_versions(const char *const *names, const cl_version *vers, size_t n,
                            size_t size, void *out, size_t *ret)
{
    cl_name_version *nv = calloc(n + 1, sizeof *nv);
    size_t i;
    cl_int e;

    if (!nv)
        return CL_OUT_OF_HOST_MEMORY;
    for (i = 0; i < n; i++) {
        nv[i].version = vers[i];
        snprintf(nv[i].name, sizeof nv[i].name, "%s", names[i]);
    }
    e = spv2c_cl_info(nv, n * sizeof *nv, size, out, ret);
    free(nv);
    return e;
}

/* every extension at 1.0.0 (none of them has had a later revision); only
   the platform's (platform != 0): cl_khr_icd and cl_khr_il_program */
static cl_int extensions_with_version(int platform, size_t size, void *out, size_t *ret)
{
    const char *names[NEXT];
    cl_version vers[NEXT];
    size_t i, n = 0;

    for (i = 0; i < NEXT; i++)
        if (!platform || !extensions[i].kernel) {
            names[n] = extensions[i].name;
            vers[n++] = V(1, 0, 0);
        }
    return name_versions(names, vers, n, size, out, ret);
}

static cl_int opencl_c_features(size_t size, void *out, size_t *ret)
{
    const char *names[NFEAT];
    cl_version vers[NFEAT];
    size_t i, n = 0;

    for (i = 0; i < NFEAT; i++)
        if (features[i].claimed) {
            names[n] = features[i].name;
            vers[n++] = V(3, 0, 0);
        }
    return name_versions(names, vers, n, size, out, ret);
}

static cl_int opencl_c_versions(size_t size, void *out, size_t *ret)
{
    static const char *const names[] = { "OpenCL C", "OpenCL C", "OpenCL C", "OpenCL C" };
    static const cl_version vers[] = { V(1, 0, 0), V(1, 1, 0), V(1, 2, 0), V(3, 0, 0) };
    return name_versions(names, vers, 4, size, out, ret);
}

static cl_int ils(size_t size, void *out, size_t *ret)
{
    static const char *const names[] = { "SPIR-V", "SPIR-V", "SPIR-V" };
    static const cl_version vers[] = { V(1, 0, 0), V(1, 1, 0), V(1, 2, 0) };
    return name_versions(names, vers, 3, size, out, ret);
}

/* ---- platform and device queries ---- */

static cl_ulong timer_resolution(void)
{
    struct timespec r;
    if (clock_getres(CLOCK_MONOTONIC, &r) != 0)
        return 0;
    return (cl_ulong)r.tv_sec * 1000000000u + (cl_ulong)r.tv_nsec;
}

cl_int spv2c_cl_platform_info30(cl_platform_info what, size_t size, void *out, size_t *ret)
{
    cl_version v = V(3, 0, 0);
    cl_ulong t;

    switch (what) {
    case CL_PLATFORM_NUMERIC_VERSION: return spv2c_cl_info(&v, sizeof v, size, out, ret);
    case CL_PLATFORM_EXTENSIONS_WITH_VERSION: return extensions_with_version(1, size, out, ret);
    case CL_PLATFORM_HOST_TIMER_RESOLUTION:
        t = timer_resolution();
        return spv2c_cl_info(&t, sizeof t, size, out, ret);
    default: return CL_INVALID_VALUE;
    }
}

/* the 2.x/3.0 cl_uint and cl_bool queries; 0 when what is none of them */
static int device_uint30(cl_device_info what, cl_uint *v)
{
    switch (what) {
    /* images' 2.0 queries: 0 without image support (icd.c's switches come
       first, so a device with images answers them there) */
    case CL_DEVICE_IMAGE_PITCH_ALIGNMENT: case CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT:
    case CL_DEVICE_MAX_READ_WRITE_IMAGE_ARGS: case CL_DEVICE_QUEUE_ON_DEVICE_PREFERRED_SIZE:
    case CL_DEVICE_QUEUE_ON_DEVICE_MAX_SIZE: case CL_DEVICE_MAX_ON_DEVICE_QUEUES:
    case CL_DEVICE_MAX_ON_DEVICE_EVENTS: case CL_DEVICE_MAX_PIPE_ARGS:
    case CL_DEVICE_PIPE_MAX_ACTIVE_RESERVATIONS: case CL_DEVICE_PIPE_MAX_PACKET_SIZE:
    case CL_DEVICE_MAX_NUM_SUB_GROUPS: case CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS:
    case CL_DEVICE_PIPE_SUPPORT:
        *v = 0;
        return 1;
    /* 0: aligned to the type's own size (what the C's atomics need) */
    case CL_DEVICE_PREFERRED_PLATFORM_ATOMIC_ALIGNMENT:
    case CL_DEVICE_PREFERRED_GLOBAL_ATOMIC_ALIGNMENT:
    case CL_DEVICE_PREFERRED_LOCAL_ATOMIC_ALIGNMENT:
        *v = 0;
        return 1;
    case CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT:
    case CL_DEVICE_WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT:
    case CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT:
        *v = CL_TRUE;
        return 1;
    default: return 0;
    }
}

/* the 2.x/3.0 bitfield queries */
static int device_bits30(cl_device_info what, cl_bitfield *b)
{
    const cl_bitfield orders = CL_DEVICE_ATOMIC_ORDER_RELAXED | CL_DEVICE_ATOMIC_ORDER_ACQ_REL |
        CL_DEVICE_ATOMIC_ORDER_SEQ_CST, scopes = CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP |
        CL_DEVICE_ATOMIC_SCOPE_DEVICE | CL_DEVICE_ATOMIC_SCOPE_ALL_DEVICES;

    switch (what) {
    case CL_DEVICE_QUEUE_ON_HOST_PROPERTIES:
        *b = CL_QUEUE_PROFILING_ENABLE | CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE;
        return 1;
    case CL_DEVICE_QUEUE_ON_DEVICE_PROPERTIES: case CL_DEVICE_SVM_CAPABILITIES:
    case CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES:
        *b = 0;
        return 1;
    /* every global atomic is a sequentially consistent one (runtime/atomic.h),
       a work-group's work-items share one thread: every order and scope */
    case CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES: *b = orders | scopes; return 1;
    case CL_DEVICE_ATOMIC_FENCE_CAPABILITIES:
        *b = orders | scopes | CL_DEVICE_ATOMIC_SCOPE_WORK_ITEM;
        return 1;
    default: return 0;
    }
}

cl_int spv2c_cl_device_info30(cl_device_info what, size_t size, void *out, size_t *ret)
{
    cl_uint u;
    cl_bitfield b;
    size_t z;
    cl_version v = V(3, 0, 0);

    if (device_uint30(what, &u))
        return spv2c_cl_info(&u, sizeof u, size, out, ret);
    if (device_bits30(what, &b))
        return spv2c_cl_info(&b, sizeof b, size, out, ret);
    switch (what) {
    case CL_DEVICE_NUMERIC_VERSION: return spv2c_cl_info(&v, sizeof v, size, out, ret);
    case CL_DEVICE_EXTENSIONS_WITH_VERSION: return extensions_with_version(0, size, out, ret);
    case CL_DEVICE_ILS_WITH_VERSION: return ils(size, out, ret);
    case CL_DEVICE_BUILT_IN_KERNELS_WITH_VERSION: return spv2c_cl_info("", 0, size, out, ret);
    case CL_DEVICE_OPENCL_C_ALL_VERSIONS: return opencl_c_versions(size, out, ret);
    case CL_DEVICE_OPENCL_C_FEATURES: return opencl_c_features(size, out, ret);
    case CL_DEVICE_LATEST_CONFORMANCE_VERSION_PASSED:
        return spv2c_cl_info("v0000-01-01-00", 15, size, out, ret);
    case CL_DEVICE_PREFERRED_WORK_GROUP_SIZE_MULTIPLE: z = 16; break;
    case CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE: z = (size_t)1 << 30; break;
    case CL_DEVICE_GLOBAL_VARIABLE_PREFERRED_TOTAL_SIZE: z = (size_t)1 << 30; break;
    default: return CL_INVALID_VALUE;
    }
    return spv2c_cl_info(&z, sizeof z, size, out, ret);
}

/* ---- a CL3.0 build's options ---- */

/* that header: the path of a file in the cache folder named by a hash of
   its text (written if absent), or NULL */
static char *undef_header(void)
{
    char *dir = spv2c_cl_cache_dir(), *path, tmp[4200];
    const char *text = header;
    FILE *f;

    pthread_once(&made, make_strings);
    if (!dir || (path = malloc(strlen(dir) + 60)) == NULL) {
        free(dir);
        return NULL;
    }
    sprintf(path, "%s/opencl-c-3.0-device-%016llx.h", dir,
            (unsigned long long)spv2c_cl_fnv(0xcbf29ce484222325ull, text, strlen(text)));
    snprintf(tmp, sizeof tmp, "%s.%ld", path, (long)getpid());
    if (access(path, R_OK) != 0 && (f = fopen(tmp, "w")) != NULL) {
        int e = fputs(text, f) < 0;
        if (fclose(f) != 0 || e || rename(tmp, path) != 0)
            unlink(tmp);
    }
    free(dir);
    return path;
}

/* the words a build with -cl-std=CL3.0 adds; 0, or -1 (no header) */
int spv2c_cl_add_cl30_options(struct spv2c_options *o)
{
    char *h = undef_header();
    const char *w[3];
    int i = 0, r = 0;

    pthread_once(&made, make_strings);
    w[0] = ext_word;
    w[1] = "-include";
    w[2] = h;
    while (h && i < 3 && (r = spv2c_options_add(o, 3 - i, w + i)) > 0)
        i += r;
    free(h);
    return i == 3 ? 0 : -1;
}

/* what the CL3.0 words and the trailer depend on, for the cache key */
const char *spv2c_cl_cl30_key(void)
{
    pthread_once(&made, make_strings);
    return key;
}

/* ---- the other objects' 2.x/3.0 queries ---- */

cl_int spv2c_cl_queue_info30(cl_command_queue q, cl_command_queue_info what, size_t size,
                             void *out, size_t *ret)
{
    cl_command_queue none = NULL;

    switch (what) {
    case CL_QUEUE_PROPERTIES_ARRAY:
        return spv2c_cl_info(q->props_array, q->nprops_array * sizeof *q->props_array, size,
                             out, ret);
    case CL_QUEUE_DEVICE_DEFAULT: return spv2c_cl_info(&none, sizeof none, size, out, ret);
    case CL_QUEUE_SIZE: return CL_INVALID_COMMAND_QUEUE;   /* not an on-device queue */
    default: return CL_INVALID_VALUE;
    }
}

cl_int spv2c_cl_mem_info30(cl_mem m, cl_mem_info what, size_t size, void *out, size_t *ret)
{
    cl_mem_properties end = 0;
    cl_bool no = CL_FALSE;

    switch (what) {
    case CL_MEM_PROPERTIES: return spv2c_cl_info(&end, m->with_props ? sizeof end : 0, size, out,
                                                 ret);
    case CL_MEM_USES_SVM_POINTER: return spv2c_cl_info(&no, sizeof no, size, out, ret);
    default: return CL_INVALID_VALUE;
    }
}

/* a program has no global constructors or destructors (OpenCL C has none) */
cl_int spv2c_cl_program_info30(cl_program p, cl_program_info what, size_t size, void *out,
                               size_t *ret)
{
    cl_bool no = CL_FALSE;

    (void)p;
    switch (what) {
    case CL_PROGRAM_SCOPE_GLOBAL_CTORS_PRESENT: case CL_PROGRAM_SCOPE_GLOBAL_DTORS_PRESENT:
        return spv2c_cl_info(&no, sizeof no, size, out, ret);
    default: return CL_INVALID_VALUE;
    }
}

/* ---- the 2.x/3.0 entry points ---- */

cl_command_queue CL_API_CALL spv2c_cl_CreateCommandQueueWithProperties(cl_context c,
    cl_device_id d, const cl_queue_properties *props, cl_int *errp)
{
    const cl_bitfield known = CL_QUEUE_PROFILING_ENABLE | CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE,
        device = CL_QUEUE_ON_DEVICE | CL_QUEUE_ON_DEVICE_DEFAULT;
    cl_command_queue_properties p = 0;
    cl_command_queue q;
    cl_int dummy, e = CL_SUCCESS;
    size_t i, n = 0;

    if (!errp)
        errp = &dummy;
    for (i = 0; props && props[i] && e == CL_SUCCESS; i += 2, n += 2)
        if (props[i] == CL_QUEUE_PROPERTIES && !(props[i + 1] & ~(known | device)))
            p = props[i + 1];
        else
            e = CL_INVALID_VALUE;   /* CL_QUEUE_SIZE too: only for an on-device queue */
    if (e == CL_SUCCESS && (p & CL_QUEUE_ON_DEVICE_DEFAULT) && !(p & CL_QUEUE_ON_DEVICE))
        e = CL_INVALID_VALUE;
    if (e == CL_SUCCESS && (p & CL_QUEUE_ON_DEVICE))
        e = CL_INVALID_QUEUE_PROPERTIES;   /* no on-device queues */
    if (e == CL_SUCCESS && n > 2)
        e = CL_INVALID_VALUE;               /* CL_QUEUE_PROPERTIES twice */
    if (e != CL_SUCCESS && OK_OBJ(c, MAGIC_CONTEXT) && d == &spv2c_cl_device) {
        *errp = e;
        return NULL;
    }
    q = spv2c_cl_dispatch.clCreateCommandQueue(c, d, p, errp);
    if (q && props) {
        memcpy(q->props_array, props, (n + 1) * sizeof *props);
        q->nprops_array = n + 1;
    }
    return q;
}

cl_mem CL_API_CALL spv2c_cl_CreateBufferWithProperties(cl_context c,
    const cl_mem_properties *props, cl_mem_flags f, size_t n, void *host, cl_int *errp)
{
    cl_int dummy;
    cl_mem m;

    if (!errp)
        errp = &dummy;
    if (OK_OBJ(c, MAGIC_CONTEXT) && props && props[0]) {
        *errp = CL_INVALID_PROPERTY;   /* 3.0 defines none for buffers */
        return NULL;
    }
    if ((m = spv2c_cl_CreateBuffer(c, f, n, host, errp)) != NULL)
        m->with_props = props != NULL;
    return m;
}

/* images: through the table's clCreateImage and clCreateSampler, which
   answer for the device (CL_INVALID_OPERATION without image support) */
cl_mem CL_API_CALL spv2c_cl_CreateImageWithProperties(cl_context c,
    const cl_mem_properties *props, cl_mem_flags f, const cl_image_format *fmt,
    const cl_image_desc *desc, void *host, cl_int *errp)
{
    if (OK_OBJ(c, MAGIC_CONTEXT) && props && props[0]) {
        if (errp)
            *errp = CL_INVALID_PROPERTY;   /* 3.0 defines none for images */
        return NULL;
    }
    return spv2c_cl_dispatch.clCreateImage(c, f, fmt, desc, host, errp);
}

cl_sampler CL_API_CALL spv2c_cl_CreateSamplerWithProperties(cl_context c,
    const cl_sampler_properties *props, cl_int *errp)
{
    cl_bool norm = CL_TRUE;
    cl_addressing_mode a = CL_ADDRESS_CLAMP;
    cl_filter_mode fm = CL_FILTER_NEAREST;
    unsigned seen = 0, bit;
    size_t i;

    for (i = 0; props && props[i]; i += 2) {
        bit = props[i] == CL_SAMPLER_NORMALIZED_COORDS ? 1 : props[i] == CL_SAMPLER_ADDRESSING_MODE
              ? 2 : props[i] == CL_SAMPLER_FILTER_MODE ? 4 : 0;
        if (!bit || (seen & bit)) {
            if (errp)
                *errp = OK_OBJ(c, MAGIC_CONTEXT) ? CL_INVALID_VALUE : CL_INVALID_CONTEXT;
            return NULL;
        }
        seen |= bit;
        if (bit == 1)
            norm = (cl_bool)props[i + 1];
        else if (bit == 2)
            a = (cl_addressing_mode)props[i + 1];
        else
            fm = (cl_filter_mode)props[i + 1];
    }
    return spv2c_cl_dispatch.clCreateSampler(c, norm, a, fm, errp);
}

typedef void (CL_CALLBACK *ContextFn)(cl_context, void *);

cl_int CL_API_CALL spv2c_cl_SetContextDestructorCallback(cl_context c,
    void (CL_CALLBACK *fn)(cl_context, void *), void *user)
{
    if (!OK_OBJ(c, MAGIC_CONTEXT))
        return CL_INVALID_CONTEXT;
    if (!fn)
        return CL_INVALID_VALUE;
    return spv2c_cl_callback_add(&c->callbacks, (void (*)(void))fn, user);
}

/* a context's end: its destructor callbacks, newest first */
void spv2c_cl_context_end(cl_context c)
{
    void (*fn)(void);
    void *user;

    while (spv2c_cl_callback_next(&c->callbacks, &fn, &user))
        ((ContextFn)fn)(c, user);
}

/* a copy of k with its arguments as they are set */
cl_kernel CL_API_CALL spv2c_cl_CloneKernel(cl_kernel k, cl_int *errp)
{
    cl_int dummy, e;
    cl_kernel n;
    size_t i;

    if (!errp)
        errp = &dummy;
    if (!OK_OBJ(k, MAGIC_KERNEL)) {
        *errp = CL_INVALID_KERNEL;
        return NULL;
    }
    n = spv2c_cl_CreateKernel(k->program, k->info->name, errp);
    for (i = 0, e = CL_SUCCESS; n && i < k->info->nargs && e == CL_SUCCESS; i++) {
        n->args[i] = k->args[i];
        n->args[i].value = NULL;
        if (k->args[i].value && (n->args[i].value = malloc(k->args[i].size)) == NULL)
            e = CL_OUT_OF_HOST_MEMORY;
        else if (k->args[i].value)
            memcpy(n->args[i].value, k->args[i].value, k->args[i].size);
    }
    if (n && e != CL_SUCCESS) {
        spv2c_cl_ReleaseKernel(n);
        *errp = e;
        return NULL;
    }
    return n;
}

/* no subgroups on this device */
cl_int CL_API_CALL spv2c_cl_GetKernelSubGroupInfo(cl_kernel k, cl_device_id d,
    cl_kernel_sub_group_info what, size_t nin, const void *in, size_t size, void *out,
    size_t *ret)
{
    (void)what, (void)nin, (void)in, (void)size, (void)out, (void)ret;
    if (!OK_OBJ(k, MAGIC_KERNEL))
        return CL_INVALID_KERNEL;
    if (d && d != &spv2c_cl_device)
        return CL_INVALID_DEVICE;
    return CL_INVALID_OPERATION;
}

/* OpenCL C has no program-scope constructors or destructors to call back for */
cl_int CL_API_CALL spv2c_cl_SetProgramReleaseCallback(cl_program p,
    void (CL_CALLBACK *fn)(cl_program, void *), void *user)
{
    (void)user;
    if (!OK_OBJ(p, MAGIC_PROGRAM))
        return CL_INVALID_PROGRAM;
    return fn ? CL_INVALID_OPERATION : CL_INVALID_VALUE;
}

/* the host's clock and the device's are one (CLOCK_MONOTONIC, nanoseconds:
   the profiling times') */
cl_int CL_API_CALL spv2c_cl_GetHostTimer(cl_device_id d, cl_ulong *host)
{
    if (d != &spv2c_cl_device)
        return CL_INVALID_DEVICE;
    if (!host)
        return CL_INVALID_VALUE;
    *host = spv2c_cl_now();
    return CL_SUCCESS;
}

cl_int CL_API_CALL spv2c_cl_GetDeviceAndHostTimer(cl_device_id d, cl_ulong *dev, cl_ulong *host)
{
    if (d != &spv2c_cl_device)
        return CL_INVALID_DEVICE;
    if (!dev || !host)
        return CL_INVALID_VALUE;
    *dev = *host = spv2c_cl_now();
    return CL_SUCCESS;
}

/* ---- what a device without SVM, pipes or on-device queues answers ---- */

void *CL_API_CALL spv2c_cl_SVMAlloc(cl_context c, cl_svm_mem_flags f, size_t n, cl_uint align)
{
    (void)c, (void)f, (void)n, (void)align;
    return NULL;   /* no device of the context has SVM */
}

void CL_API_CALL spv2c_cl_SVMFree(cl_context c, void *p)
{
    (void)c, (void)p;   /* nothing clSVMAlloc made: nothing to free */
}

cl_int CL_API_CALL spv2c_cl_EnqueueSVMFree(cl_command_queue q, cl_uint n, void *ptrs[],
    void (CL_CALLBACK *fn)(cl_command_queue, cl_uint, void *[], void *), void *user,
    cl_uint nw, const cl_event *wl, cl_event *ev)
{
    (void)n, (void)ptrs, (void)fn, (void)user, (void)nw, (void)wl, (void)ev;
    return OK_OBJ(q, MAGIC_QUEUE) ? CL_INVALID_OPERATION : CL_INVALID_COMMAND_QUEUE;
}

cl_int CL_API_CALL spv2c_cl_EnqueueSVMMemcpy(cl_command_queue q, cl_bool b, void *dst,
    const void *src, size_t n, cl_uint nw, const cl_event *wl, cl_event *ev)
{
    (void)b, (void)dst, (void)src, (void)n, (void)nw, (void)wl, (void)ev;
    return OK_OBJ(q, MAGIC_QUEUE) ? CL_INVALID_OPERATION : CL_INVALID_COMMAND_QUEUE;
}

cl_int CL_API_CALL spv2c_cl_EnqueueSVMMemFill(cl_command_queue q, void *p, const void *pat,
    size_t np, size_t n, cl_uint nw, const cl_event *wl, cl_event *ev)
{
    (void)p, (void)pat, (void)np, (void)n, (void)nw, (void)wl, (void)ev;
    return OK_OBJ(q, MAGIC_QUEUE) ? CL_INVALID_OPERATION : CL_INVALID_COMMAND_QUEUE;
}

cl_int CL_API_CALL spv2c_cl_EnqueueSVMMap(cl_command_queue q, cl_bool b, cl_map_flags f,
    void *p, size_t n, cl_uint nw, const cl_event *wl, cl_event *ev)
{
    (void)b, (void)f, (void)p, (void)n, (void)nw, (void)wl, (void)ev;
    return OK_OBJ(q, MAGIC_QUEUE) ? CL_INVALID_OPERATION : CL_INVALID_COMMAND_QUEUE;
}

cl_int CL_API_CALL spv2c_cl_EnqueueSVMUnmap(cl_command_queue q, void *p, cl_uint nw,
    const cl_event *wl, cl_event *ev)
{
    (void)p, (void)nw, (void)wl, (void)ev;
    return OK_OBJ(q, MAGIC_QUEUE) ? CL_INVALID_OPERATION : CL_INVALID_COMMAND_QUEUE;
}

cl_int CL_API_CALL spv2c_cl_EnqueueSVMMigrateMem(cl_command_queue q, cl_uint n,
    const void **ptrs, const size_t *sizes, cl_mem_migration_flags f, cl_uint nw,
    const cl_event *wl, cl_event *ev)
{
    (void)n, (void)ptrs, (void)sizes, (void)f, (void)nw, (void)wl, (void)ev;
    return OK_OBJ(q, MAGIC_QUEUE) ? CL_INVALID_OPERATION : CL_INVALID_COMMAND_QUEUE;
}

cl_int CL_API_CALL spv2c_cl_SetKernelArgSVMPointer(cl_kernel k, cl_uint i, const void *p)
{
    (void)i, (void)p;
    return OK_OBJ(k, MAGIC_KERNEL) ? CL_INVALID_OPERATION : CL_INVALID_KERNEL;
}

cl_int CL_API_CALL spv2c_cl_SetKernelExecInfo(cl_kernel k, cl_kernel_exec_info what, size_t n,
                                              const void *v)
{
    (void)n, (void)v;
    if (!OK_OBJ(k, MAGIC_KERNEL))
        return CL_INVALID_KERNEL;
    return what == CL_KERNEL_EXEC_INFO_SVM_PTRS || what == CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM
           ? CL_INVALID_OPERATION : CL_INVALID_VALUE;
}

cl_mem CL_API_CALL spv2c_cl_CreatePipe(cl_context c, cl_mem_flags f, cl_uint size, cl_uint n,
                                       const cl_pipe_properties *props, cl_int *errp)
{
    (void)f, (void)size, (void)n, (void)props;
    if (errp)
        *errp = OK_OBJ(c, MAGIC_CONTEXT) ? CL_INVALID_OPERATION : CL_INVALID_CONTEXT;
    return NULL;
}

cl_int CL_API_CALL spv2c_cl_GetPipeInfo(cl_mem m, cl_pipe_info what, size_t size, void *out,
                                        size_t *ret)
{
    (void)what, (void)size, (void)out, (void)ret;
    /* no device of the context has pipes (3.0's answer for a memory object) */
    return OK_OBJ(m, MAGIC_MEM) ? CL_INVALID_OPERATION : CL_INVALID_MEM_OBJECT;
}

cl_int CL_API_CALL spv2c_cl_SetDefaultDeviceCommandQueue(cl_context c, cl_device_id d,
                                                         cl_command_queue q)
{
    (void)q;
    if (!OK_OBJ(c, MAGIC_CONTEXT))
        return CL_INVALID_CONTEXT;
    if (d != &spv2c_cl_device)
        return CL_INVALID_DEVICE;
    return CL_INVALID_OPERATION;   /* no on-device queues */
}

/* ---- launches, globals, specialization ---- */

/* OpenCL 2.0 and later C lets the last work-group of a range be smaller
   (the generated executor runs such groups: runtime/exec.h's
   spv2c_group_size_), unless -cl-uniform-work-group-size says otherwise;
   a linked program when each of its inputs does */
int spv2c_cl_non_uniform(cl_program p)
{
    const char *o = p->options ? p->options : "";
    int v = 0;
    const char *s;

    if (p->linked_nonuniform)
        return p->linked_nonuniform == 2;
    for (s = strstr(o, "-cl-std="); s; s = strstr(s + 8, "-cl-std="))
        v = !strncasecmp(s + 8, "CL2.0", 5) || !strncasecmp(s + 8, "CL3.0", 5);
    return v && !strstr(o, "-cl-uniform-work-group-size");
}

/* what the trailer adds for every program: a kernel's __local bytes with
   its __local arguments' sizes (sizes: one a parameter, 0 for the others),
   as a launch lays them out (runtime/exec.h's table and spv2c_local_need_) */
static const char local_bytes[] =
    "\nsize_t spv2c_cl_local_bytes(const char *kernel, const size_t *sizes)\n{\n"
    "    size_t k;\n"
    "    for (k = 0; k < spv2c_nk_; k++) {\n"
    "        const char *a = spv2c_ktab_[k].name, *b = kernel;\n"
    "        while (*a && *a == *b)\n"
    "            a++, b++;\n"
    "        if (*a == *b)\n"
    "            return spv2c_local_need_(&spv2c_ktab_[k], sizes);\n"
    "    }\n"
    "    return 0;\n}\n"
/* a kernel's bytes of frame memory a work-item takes: the frames one
   work-group of 2048 work-items needs less those of one of 1024, over 1024
   (every frames_K is a multiple of the work-items, rounded to 128 bytes
   an array, plus a constant); 0 for a kernel without barriers */
    "\nsize_t spv2c_cl_private_bytes(const char *kernel)\n{\n"
    "    static const spv2c_nd_ zero;\n"
    "    spv2c_nd_ a = zero, b = zero;\n"
    "    size_t k, fa, fb;\n"
    "    a.lsz[0] = 1024, b.lsz[0] = 2048;\n"
    "    a.lsz[1] = a.lsz[2] = b.lsz[1] = b.lsz[2] = 1;\n"
    "    for (k = 0; k < spv2c_nk_; k++) {\n"
    "        const char *s = spv2c_ktab_[k].name, *t = kernel;\n"
    "        while (*s && *s == *t)\n"
    "            s++, t++;\n"
    "        if (*s != *t)\n"
    "            continue;\n"
    "        fa = spv2c_ktab_[k].frames(&a), fb = spv2c_ktab_[k].frames(&b);\n"
    "        return fa && fb > fa && fb != (size_t)-1 ? (fb - fa) / 1024 : 0;\n"
    "    }\n"
    "    return 0;\n}\n";

/* The C's program-scope __global variables are its lines
   `static union { unsigned char b[N]; T v; } g_ID` and
   `static struct { T v; } g_ID` (src/module.c, emit_global; __constant ones
   are `static const`): the sum of their sizes as the C compiler lays them
   out, 0 when there are none */
static char *globals_sum(const char *c)
{
    const char *s, *g;
    char *t = NULL, *n;
    size_t len = 0, k;

    for (s = c; s && *s; s = strchr(s, '\n'), s = s ? s + 1 : NULL) {
        if (strncmp(s, "static union { unsigned char b[", 31) &&
            strncmp(s, "static struct { ", 16))
            continue;
        g = strstr(s, "} g_");
        if (!g || (strchr(s, '\n') && g > strchr(s, '\n')))
            continue;
        for (k = 2; g[k] == 'g' || g[k] == '_' || (g[k] >= '0' && g[k] <= '9'); k++)
            ;
        if ((n = realloc(t, len + k + 16)) == NULL) {
            free(t);
            return NULL;
        }
        t = n;
        len += (size_t)sprintf(t + len, "%ssizeof %.*s", len ? " + " : "", (int)(k - 2), g + 2);
    }
    return t ? t : calloc(1, 2);
}

/* the text a build puts after the C: spv2c_cl_global_bytes,
   spv2c_cl_local_bytes and spv2c_cl_private_bytes (malloc'd; NULL: no memory) */
char *spv2c_cl_trailer(const char *c)
{
    char *sum = globals_sum(c), *t;

    if (!sum)
        return NULL;
    if ((t = malloc(strlen(sum) + sizeof local_bytes + 80)) != NULL)
        sprintf(t, "\nconst unsigned long long spv2c_cl_global_bytes = %s;\n%s",
                sum[0] ? sum : "0", local_bytes);
    free(sum);
    return t;
}

/* the words of a SPIR-V module: a constant's type's size in bytes (bool: 1) */
static size_t spec_size(const uint32_t *w, size_t n, uint32_t type)
{
    size_t i = 5;

    while (i < n && (w[i] >> 16)) {
        uint32_t op = w[i] & 0xffff;
        if ((op == 20 || op == 21 || op == 22) && w[i + 1] == type)
            return op == 20 ? 1 : w[i + 2] / 8;
        i += w[i] >> 16;
    }
    return 0;
}

/* the constant decorated SpecId id set to v (size bytes) in the words w */
static cl_int spec_set(uint32_t *w, size_t n, cl_uint id, size_t size, const void *v)
{
    uint32_t target = 0;
    size_t i, k;
    int found = 0;

    for (i = 5; i < n && (w[i] >> 16); i += w[i] >> 16)
        if ((w[i] & 0xffff) == 71 && (w[i] >> 16) >= 4 && w[i + 2] == 1 && w[i + 3] == id)
            target = w[i + 1], found = 1;
    for (i = 5; found && i < n && (w[i] >> 16); i += w[i] >> 16) {
        uint32_t op = w[i] & 0xffff, words = w[i] >> 16;
        unsigned char b[8] = { 0 };
        if (op < 48 || op > 50 || w[i + 2] != target)
            continue;
        if (!v || size != spec_size(w, n, w[i + 1]))
            return CL_INVALID_VALUE;
        memcpy(b, v, size);
        if (op != 50)   /* OpSpecConstantTrue/False */
            w[i] = (w[i] & 0xffff0000u) | (b[0] ? 48u : 49u);
        for (k = 0; op == 50 && k + 3 < words; k++)
            w[i + 3 + k] = (uint32_t)b[4 * k] | (uint32_t)b[4 * k + 1] << 8 |
                           (uint32_t)b[4 * k + 2] << 16 | (uint32_t)b[4 * k + 3] << 24;
        return CL_SUCCESS;
    }
    return CL_INVALID_SPEC_ID;
}

/* the value goes into a copy of the IL that the next build translates
   (CL_PROGRAM_IL stays the IL given) */
cl_int CL_API_CALL spv2c_cl_SetProgramSpecializationConstant(cl_program p, cl_uint id,
                                                             size_t size, const void *v)
{
    cl_int e;
    uint32_t *w;

    if (!OK_OBJ(p, MAGIC_PROGRAM) || !p->il)
        return CL_INVALID_PROGRAM;
    if (!p->il_spec && (p->il_spec = malloc(p->il_size)) != NULL)
        memcpy(p->il_spec, p->il, p->il_size);
    if (!p->il_spec)
        return CL_OUT_OF_HOST_MEMORY;
    w = (uint32_t *)(void *)p->il_spec;
    e = spec_set(w, p->il_size / 4, id, size, v);
    return e;
}

/*
 * cl30.c: the platform's OpenCL 3.0 answers, each checked against what
 * this program can find out for itself, through the ICD loader with only
 * this platform visible (OCL_ICD_VENDORS):
 *   - the numeric versions decode to the version strings; the *_WITH_VERSION
 *     lists hold the names the strings list; each OpenCL C version listed
 *     builds, and a kernel of it sees that __OPENCL_C_VERSION__;
 *   - the feature list is the set of feature macros a -cl-std=CL3.0 kernel
 *     sees (the extension macros too against CL_DEVICE_EXTENSIONS), each
 *     claimed feature runs a kernel with the results computed here, and the
 *     capability queries agree with the features as 3.0 requires;
 *   - launches with a global size no multiple of the local size under CL3.0
 *     (get_local_size, get_enqueued_local_size, a work-group sum), refused
 *     under CL1.2 and -cl-uniform-work-group-size;
 *   - the 2.x/3.0 entry points: the specification's codes for a device
 *     without SVM, pipes, subgroups, on-device queues; clone, timers,
 *     destructor callbacks, properties, specialization constants (argv[1]:
 *     tests/platform/spec.spvasm assembled; without it they are skipped);
 *   - single-precision divide and sqrt bit for bit against the host's when
 *     the fp config says they are correctly rounded.
 * Prints every mismatch and exits 1 if there is one.
 */
#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#define CL_USE_DEPRECATED_OPENCL_2_2_APIS
#include <CL/cl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fails, checks;
static cl_device_id dev;
static cl_context ctx;
static cl_command_queue queue;

#define EXPECT(expr, want) expect_((long long)(expr), (long long)(want), #expr, __LINE__)
#define CHECK(cond) expect_(!!(cond), 1, #cond, __LINE__)
static void expect_(long long got, long long want, const char *what, int line)
{
    checks++;
    if (got != want) {
        printf("cl30.c:%d: %s gave %lld, wanted %lld\n", line, what, got, want);
        fails++;
    }
}

/* ---- helpers ---- */

static void *dev_info(cl_device_info what, size_t *n)
{
    size_t k = 0;
    void *v;
    if (clGetDeviceInfo(dev, what, 0, NULL, &k) != CL_SUCCESS)
        return NULL;
    v = calloc(1, k + 1);
    clGetDeviceInfo(dev, what, k, v, NULL);
    if (n)
        *n = k;
    return v;
}

static cl_ulong dev_bits(cl_device_info what)
{
    cl_ulong b = 0;
    EXPECT(clGetDeviceInfo(dev, what, sizeof b, &b, NULL), CL_SUCCESS);
    return b;
}

static cl_uint dev_uint(cl_device_info what)
{
    cl_uint u = 7777;
    size_t n = 0;
    EXPECT(clGetDeviceInfo(dev, what, sizeof u, &u, &n), CL_SUCCESS);
    EXPECT(n, sizeof u);
    return u;
}

/* "OpenCL M.N ..." (skip chars of prefix) against a cl_version */
static void version_matches(const char *s, size_t skip, cl_version v, int line)
{
    int ma = -1, mi = -1;
    if (strlen(s) > skip)
        sscanf(s + skip, "%d.%d", &ma, &mi);
    expect_(ma * 100 + mi, CL_VERSION_MAJOR(v) * 100 + CL_VERSION_MINOR(v), s, line);
}

/* is word w one of the space-separated words of s */
static int has_word(const char *s, const char *w)
{
    size_t n = strlen(w);
    const char *p;
    for (p = strstr(s, w); p; p = strstr(p + 1, w))
        if ((p == s || p[-1] == ' ') && (p[n] == ' ' || p[n] == 0))
            return 1;
    return 0;
}

/* the names of a cl_name_version list, space-separated, against s's words */
static void names_are_words(const cl_name_version *nv, size_t n, const char *s, int line)
{
    size_t i, words = 0;
    const char *p;
    for (i = 0; i < n; i++)
        expect_(has_word(s, nv[i].name), 1, nv[i].name, line);
    for (p = s; *p; p++)
        words += (p == s || p[-1] == ' ') && *p != ' ';
    expect_((long long)n, (long long)words, "list length against the string's words", line);
}

static int in_list(const cl_name_version *nv, size_t n, const char *name)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (!strcmp(nv[i].name, name))
            return 1;
    return 0;
}

static cl_program build(const char *src, const char *options, cl_int *e)
{
    cl_program p = clCreateProgramWithSource(ctx, 1, &src, NULL, e);
    char log[4096] = "";
    if (!p)
        return NULL;
    *e = clBuildProgram(p, 1, &dev, options, NULL, NULL);
    if (*e != CL_SUCCESS) {
        clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log, NULL);
        printf("build (%s) failed: %s\n", options, log);
    }
    return p;
}

/* run kernel name of src (options) on a buffer of n ints over global g,
   local l (NULL: none): its contents, or NULL (e: the error) */
static cl_int *run(const char *src, const char *options, const char *name, size_t n, size_t g,
                   const size_t *l, cl_int *e)
{
    cl_program p = build(src, options, e);
    cl_kernel k = *e == CL_SUCCESS ? clCreateKernel(p, name, e) : NULL;
    cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE, n * 4, NULL, NULL);
    cl_int *out = calloc(n, 4), zero = 0;
    clEnqueueFillBuffer(queue, b, &zero, 4, 0, n * 4, 0, NULL, NULL);
    if (k && (*e = clSetKernelArg(k, 0, sizeof b, &b)) == CL_SUCCESS &&
        (*e = clEnqueueNDRangeKernel(queue, k, 1, NULL, &g, l, 0, NULL, NULL)) == CL_SUCCESS)
        clEnqueueReadBuffer(queue, b, CL_TRUE, 0, n * 4, out, 0, NULL, NULL);
    else {
        free(out);
        out = NULL;
    }
    if (k)
        clReleaseKernel(k);
    if (p)
        clReleaseProgram(p);
    clReleaseMemObject(b);
    return out;
}

/* ---- versions and lists ---- */

static void versions(cl_platform_id plat)
{
    char s[256];
    cl_version v = 0;
    size_t n;
    cl_name_version *nv;
    char *str;

    clGetPlatformInfo(plat, CL_PLATFORM_VERSION, sizeof s, s, NULL);
    EXPECT(strcmp(s, "OpenCL 3.0 spv2c"), 0);
    EXPECT(clGetPlatformInfo(plat, CL_PLATFORM_NUMERIC_VERSION, sizeof v, &v, NULL), CL_SUCCESS);
    version_matches(s, 7, v, __LINE__);
    clGetDeviceInfo(dev, CL_DEVICE_VERSION, sizeof s, s, NULL);
    EXPECT(strcmp(s, "OpenCL 3.0 spv2c"), 0);
    EXPECT(clGetDeviceInfo(dev, CL_DEVICE_NUMERIC_VERSION, sizeof v, &v, NULL), CL_SUCCESS);
    version_matches(s, 7, v, __LINE__);
    clGetDeviceInfo(dev, CL_DEVICE_OPENCL_C_VERSION, sizeof s, s, NULL);
    EXPECT(strncmp(s, "OpenCL C 1.2 ", 13), 0);
    /* the platform's and the device's extensions */
    clGetPlatformInfo(plat, CL_PLATFORM_EXTENSIONS, sizeof s, s, NULL);
    clGetPlatformInfo(plat, CL_PLATFORM_EXTENSIONS_WITH_VERSION, 0, NULL, &n);
    nv = calloc(1, n + 1);
    EXPECT(clGetPlatformInfo(plat, CL_PLATFORM_EXTENSIONS_WITH_VERSION, n, nv, NULL), CL_SUCCESS);
    EXPECT(n % sizeof *nv, 0);
    names_are_words(nv, n / sizeof *nv, s, __LINE__);
    free(nv);
    str = dev_info(CL_DEVICE_EXTENSIONS, NULL);
    nv = dev_info(CL_DEVICE_EXTENSIONS_WITH_VERSION, &n);
    names_are_words(nv, n / sizeof *nv, str, __LINE__);
    free(nv);
    free(str);
    /* the ILs: "SPIR-V_1.0 SPIR-V_1.1 ..." */
    str = dev_info(CL_DEVICE_IL_VERSION, NULL);
    nv = dev_info(CL_DEVICE_ILS_WITH_VERSION, &n);
    EXPECT(n > 0, 1);
    for (size_t i = 0; i < n / sizeof *nv; i++) {
        snprintf(s, sizeof s, "%s_%u.%u", nv[i].name, CL_VERSION_MAJOR(nv[i].version),
                 CL_VERSION_MINOR(nv[i].version));
        expect_(has_word(str, s), 1, s, __LINE__);
    }
    free(nv);
    free(str);
    str = dev_info(CL_DEVICE_BUILT_IN_KERNELS, NULL);
    EXPECT(strlen(str), 0);
    free(str);
    free(dev_info(CL_DEVICE_BUILT_IN_KERNELS_WITH_VERSION, &n));
    EXPECT(n, 0);
    str = dev_info(CL_DEVICE_LATEST_CONFORMANCE_VERSION_PASSED, NULL);
    EXPECT(strcmp(str, "v0000-01-01-00"), 0);   /* never claimed */
    free(str);
}

/* each OpenCL C version listed: a kernel built with it sees it */
static void c_versions(void)
{
    static const char *src =
        "kernel void v(global int *o) { o[0] = __OPENCL_C_VERSION__; }\n";
    size_t n, i;
    cl_name_version *nv = dev_info(CL_DEVICE_OPENCL_C_ALL_VERSIONS, &n);
    char opt[64];
    cl_int e, *out;
    int has30 = 0, has12 = 0;

    for (i = 0; i < n / sizeof *nv; i++) {
        unsigned ma = CL_VERSION_MAJOR(nv[i].version), mi = CL_VERSION_MINOR(nv[i].version);
        EXPECT(strcmp(nv[i].name, "OpenCL C"), 0);
        has30 |= ma == 3 && mi == 0;
        has12 |= ma == 1 && mi == 2;
        snprintf(opt, sizeof opt, "-cl-std=CL%u.%u", ma, mi);
        out = run(src, opt, "v", 1, 1, NULL, &e);
        expect_(out ? out[0] : -1, ma * 100 + mi * 10, opt, __LINE__);
        free(out);
    }
    EXPECT(has30 && has12, 1);
    free(nv);
}

/* ---- features ---- */

/* every feature macro clang-15 or its header knows, then every kernel
   extension macro */
static const char *const feature_names[] = {
    "__opencl_c_int64", "__opencl_c_fp64", "__opencl_c_atomic_order_acq_rel",
    "__opencl_c_atomic_order_seq_cst", "__opencl_c_atomic_scope_device",
    "__opencl_c_atomic_scope_all_devices", "__opencl_c_generic_address_space",
    "__opencl_c_program_scope_global_variables", "__opencl_c_work_group_collective_functions",
    "__opencl_c_images", "__opencl_c_3d_image_writes", "__opencl_c_read_write_images",
    "__opencl_c_pipes", "__opencl_c_device_enqueue", "__opencl_c_subgroups",
    "__opencl_c_integer_dot_product_input_4x8bit",
    "__opencl_c_integer_dot_product_input_4x8bit_packed",
    "__opencl_c_ext_fp32_global_atomic_add", "__opencl_c_ext_fp32_local_atomic_add",
    "__opencl_c_ext_fp32_global_atomic_min_max", "__opencl_c_ext_fp32_local_atomic_min_max",
    "__opencl_c_ext_fp64_global_atomic_add", "__opencl_c_ext_fp16_global_atomic_load_store",
};
static const char *const ext_names[] = {
    "cl_khr_fp64", "cl_khr_fp16", "cl_khr_global_int32_base_atomics",
    "cl_khr_global_int32_extended_atomics", "cl_khr_local_int32_base_atomics",
    "cl_khr_local_int32_extended_atomics", "cl_khr_int64_base_atomics",
    "cl_khr_int64_extended_atomics", "cl_khr_byte_addressable_store", "cl_khr_3d_image_writes",
    "cl_khr_depth_images", "cl_khr_gl_msaa_sharing", "cl_khr_mipmap_image",
    "cl_khr_mipmap_image_writes", "cl_khr_srgb_image_writes", "cl_khr_subgroups",
    "cl_khr_subgroup_ballot", "cl_khr_subgroup_shuffle", "cl_khr_subgroup_rotate",
    "cl_khr_subgroup_extended_types", "cl_khr_subgroup_non_uniform_vote",
    "cl_khr_subgroup_non_uniform_arithmetic", "cl_khr_subgroup_shuffle_relative",
    "cl_khr_subgroup_clustered_reduce", "cl_khr_integer_dot_product", "cl_khr_extended_bit_ops",
    "cl_ext_float_atomics",
};
#define NF (sizeof feature_names / sizeof *feature_names)
#define NX (sizeof ext_names / sizeof *ext_names)

/* a CL3.0 kernel writes 1 for each macro it sees */
static void feature_macros(void)
{
    char *src = calloc(1, (NF + NX) * 120 + 200), *exts = dev_info(CL_DEVICE_EXTENSIONS, NULL);
    size_t n, i;
    cl_name_version *nv = dev_info(CL_DEVICE_OPENCL_C_FEATURES, &n);
    cl_int e, *out;

    strcat(src, "kernel void f(global int *o) {\n");
    for (i = 0; i < NF + NX; i++)
        sprintf(src + strlen(src), "#ifdef %s\n o[%zu] = 1;\n#endif\n",
                i < NF ? feature_names[i] : ext_names[i - NF], i);
    strcat(src, "}\n");
    out = run(src, "-cl-std=CL3.0", "f", NF + NX, 1, NULL, &e);
    EXPECT(e, CL_SUCCESS);
    for (i = 0; out && i < NF; i++)
        expect_(out[i], in_list(nv, n / sizeof *nv, feature_names[i]), feature_names[i], __LINE__);
    for (i = 0; out && i < NX; i++)
        expect_(out[NF + i], has_word(exts, ext_names[i]), ext_names[i], __LINE__);
    for (i = 0; i < n / sizeof *nv; i++) {   /* each listed one is a macro the test knows */
        size_t k;
        for (k = 0; k < NF && strcmp(feature_names[k], nv[i].name); k++)
            ;
        expect_(k < NF, 1, nv[i].name, __LINE__);
        EXPECT(nv[i].version, CL_MAKE_VERSION(3, 0, 0));
    }
    free(out);
    free(nv);
    free(exts);
    free(src);
}

/* the queries 3.0 ties to features agree with the list */
static void capabilities(void)
{
    size_t n;
    cl_name_version *nv = dev_info(CL_DEVICE_OPENCL_C_FEATURES, &n);
    cl_ulong mem = dev_bits(CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES);
    cl_ulong fence = dev_bits(CL_DEVICE_ATOMIC_FENCE_CAPABILITIES);
    size_t m = n / sizeof *nv, z = 0;
#define FEAT(s) in_list(nv, m, s)
    EXPECT(!!(mem & CL_DEVICE_ATOMIC_ORDER_ACQ_REL), FEAT("__opencl_c_atomic_order_acq_rel"));
    EXPECT(!!(mem & CL_DEVICE_ATOMIC_ORDER_SEQ_CST), FEAT("__opencl_c_atomic_order_seq_cst"));
    EXPECT(!!(mem & CL_DEVICE_ATOMIC_SCOPE_DEVICE), FEAT("__opencl_c_atomic_scope_device"));
    EXPECT(!!(mem & CL_DEVICE_ATOMIC_SCOPE_ALL_DEVICES),
           FEAT("__opencl_c_atomic_scope_all_devices"));
    /* the minimum 3.0 asks of every device */
    EXPECT(mem & (CL_DEVICE_ATOMIC_ORDER_RELAXED | CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP),
           CL_DEVICE_ATOMIC_ORDER_RELAXED | CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP);
    EXPECT(fence & (CL_DEVICE_ATOMIC_ORDER_RELAXED | CL_DEVICE_ATOMIC_ORDER_ACQ_REL |
                    CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP),
           CL_DEVICE_ATOMIC_ORDER_RELAXED | CL_DEVICE_ATOMIC_ORDER_ACQ_REL |
           CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP);
    EXPECT(dev_uint(CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT),
           FEAT("__opencl_c_generic_address_space"));
    EXPECT(dev_uint(CL_DEVICE_WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT),
           FEAT("__opencl_c_work_group_collective_functions"));
    EXPECT(dev_uint(CL_DEVICE_PIPE_SUPPORT), FEAT("__opencl_c_pipes"));
    EXPECT(dev_bits(CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES) != 0, FEAT("__opencl_c_device_enqueue"));
    EXPECT(dev_uint(CL_DEVICE_MAX_NUM_SUB_GROUPS) != 0, FEAT("__opencl_c_subgroups"));
    clGetDeviceInfo(dev, CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE, sizeof z, &z, NULL);
    EXPECT(z != 0, FEAT("__opencl_c_program_scope_global_variables"));
    EXPECT(FEAT("__opencl_c_images"), dev_uint(CL_DEVICE_IMAGE_SUPPORT));
    if (!dev_uint(CL_DEVICE_IMAGE_SUPPORT)) {   /* 0 without images */
        EXPECT(dev_uint(CL_DEVICE_IMAGE_PITCH_ALIGNMENT), 0);
        EXPECT(dev_uint(CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT), 0);
        EXPECT(dev_uint(CL_DEVICE_MAX_READ_WRITE_IMAGE_ARGS), 0);
    }
#undef FEAT
    /* a device without SVM, pipes, on-device queues */
    EXPECT(dev_bits(CL_DEVICE_SVM_CAPABILITIES), 0);
    EXPECT(dev_bits(CL_DEVICE_QUEUE_ON_DEVICE_PROPERTIES), 0);
    EXPECT(dev_bits(CL_DEVICE_QUEUE_ON_HOST_PROPERTIES), dev_bits(CL_DEVICE_QUEUE_PROPERTIES));
    EXPECT(dev_uint(CL_DEVICE_MAX_PIPE_ARGS), 0);
    EXPECT(dev_uint(CL_DEVICE_PIPE_MAX_ACTIVE_RESERVATIONS), 0);
    EXPECT(dev_uint(CL_DEVICE_PIPE_MAX_PACKET_SIZE), 0);
    EXPECT(dev_uint(CL_DEVICE_MAX_ON_DEVICE_QUEUES), 0);
    EXPECT(dev_uint(CL_DEVICE_MAX_ON_DEVICE_EVENTS), 0);
    EXPECT(dev_uint(CL_DEVICE_QUEUE_ON_DEVICE_MAX_SIZE), 0);
    EXPECT(dev_uint(CL_DEVICE_QUEUE_ON_DEVICE_PREFERRED_SIZE), 0);
    EXPECT(dev_uint(CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS), 0);
    free(nv);
}

/* the claimed features at work; the results computed here */
static const char *feature_src =
    "global int counter = 5;\n"
    "global float table[4] = { 1, 2, 3, 4 };\n"
    "global int *gp = &counter;\n"
    "constant int kc[3] = { 1, 2, 3 };\n"
    "int twice(int *p) { return *p * 2; }\n"
    "kernel void bump(global int *o) {\n"
    "    if (get_global_id(0) == 0) counter += 10;\n"
    "    table[get_global_id(0) & 3] *= 2;\n"
    "}\n"
    "kernel void use(global int *o, global double *d, global atomic_int *a, local int *l) {\n"
    "    size_t i = get_global_id(0), li = get_local_id(0);\n"
    "    int pv = (int)i;\n"
    "    long big = (long)i * 3000000000L;\n"
    "    l[li] = (int)i;\n"
    "    o[5 * i] = (int)(big >> 16) ^ (int)big;\n"
    "    d[i] = (double)i / 3.0;\n"
    "    o[5 * i + 1] = twice(&pv) + twice(&l[li]) + twice(o + 5 * i + 4)\n"
    "        + 2 * (to_global((int *)(o + 1)) != 0) + 4 * (to_local((int *)(o + 1)) == 0)\n"
    "        + 8 * (to_private(&pv) != 0) + 16 * (to_global(&pv) == 0);\n"
    "    atomic_fetch_add_explicit(a, 1, memory_order_acq_rel, memory_scope_device);\n"
    "    atomic_fetch_add_explicit(a, 2, memory_order_seq_cst, memory_scope_all_devices);\n"
    "    atomic_fetch_add_explicit(a + 1, 1, memory_order_relaxed, memory_scope_work_group);\n"
    "    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acq_rel, memory_scope_device);\n"
    "    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_seq_cst,\n"
    "                           memory_scope_all_devices);\n"
    "    atomic_fetch_max_explicit(a + 2, (int)i, memory_order_seq_cst, memory_scope_device);\n"
    "    o[5 * i + 2] = work_group_reduce_add((int)i) + 1000 * work_group_broadcast((int)i, 1);\n"
    "    o[5 * i + 3] = work_group_scan_inclusive_add((int)i) + 1000 * work_group_any(i == 3)\n"
    "        + 10000 * work_group_all(i > 0);\n"
    "    o[5 * i + 4] = *gp + (int)table[i & 3] + kc[i % 3] - kc[i % 3];\n"
    "}\n";

static void check_feature_results(const cl_int *o, const double *d, const cl_int *a, int g,
                                  int wg)
{
    for (int i = 0; i < g; i++) {
        long long big = (long long)i * 3000000000LL;
        int base = i - i % wg, sum = 0, scan = 0, any = 0, all = 1;
        float t = (float)(1 + (i & 3)) * 2;
        for (int k = base; k < base + wg; k++) {
            sum += k;
            scan += k <= i ? k : 0;
            any |= k == 3;
            all &= k > 0;
        }
        expect_(o[5 * i], (int)(big >> 16) ^ (int)big, "int64", __LINE__);
        expect_(d[i] == (double)i / 3.0, 1, "fp64", __LINE__);
        expect_(o[5 * i + 1], 2 * i + 2 * i + 0 + 2 + 4 + 8 + 16, "generic", __LINE__);
        expect_(o[5 * i + 2], sum + 1000 * (base + 1), "reduce, broadcast", __LINE__);
        expect_(o[5 * i + 3], scan + 1000 * any + 10000 * all, "scan, any, all", __LINE__);
        expect_(o[5 * i + 4], 15 + (int)t, "program-scope globals", __LINE__);
    }
    expect_(a[0], 3 * g, "atomics (acq_rel device, seq_cst all devices)", __LINE__);
    expect_(a[1], g, "atomic (relaxed, work group)", __LINE__);
    expect_(a[2], g - 1, "atomic max", __LINE__);
}

static void features_run(void)
{
    enum { G = 256, WG = 16 };
    cl_int e, o[5 * G] = { 0 }, a[3] = { 0 };
    double d[G] = { 0 };
    size_t g = G, l = WG, one = 4, total = 0;
    cl_program p = build(feature_src, "-cl-std=CL3.0", &e);
    cl_kernel bump = clCreateKernel(p, "bump", &e), use = clCreateKernel(p, "use", &e);
    cl_mem bo = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof o, o, &e);
    cl_mem bd = clCreateBuffer(ctx, CL_MEM_READ_WRITE, sizeof d, NULL, &e);
    cl_mem ba = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof a, a, &e);

    EXPECT(clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE,
                                 sizeof total, &total, NULL), CL_SUCCESS);
    /* counter, table, gp (not kc, a __constant) */
    EXPECT(total, sizeof(cl_int) + 4 * sizeof(cl_float) + sizeof(void *));
    clSetKernelArg(bump, 0, sizeof bo, &bo);
    EXPECT(clEnqueueNDRangeKernel(queue, bump, 1, NULL, &one, &one, 0, NULL, NULL), CL_SUCCESS);
    clSetKernelArg(use, 0, sizeof bo, &bo);
    clSetKernelArg(use, 1, sizeof bd, &bd);
    clSetKernelArg(use, 2, sizeof ba, &ba);
    clSetKernelArg(use, 3, WG * sizeof(cl_int), NULL);
    EXPECT(clEnqueueNDRangeKernel(queue, use, 1, NULL, &g, &l, 0, NULL, NULL), CL_SUCCESS);
    clEnqueueReadBuffer(queue, bo, CL_TRUE, 0, sizeof o, o, 0, NULL, NULL);
    clEnqueueReadBuffer(queue, bd, CL_TRUE, 0, sizeof d, d, 0, NULL, NULL);
    clEnqueueReadBuffer(queue, ba, CL_TRUE, 0, sizeof a, a, 0, NULL, NULL);
    check_feature_results(o, d, a, G, WG);
    clReleaseKernel(bump);
    clReleaseKernel(use);
    clReleaseProgram(p);
    clReleaseMemObject(bo);
    clReleaseMemObject(bd);
    clReleaseMemObject(ba);
}

/* ---- non-uniform work-groups ---- */

/* src compiled with options and linked: a launch of 10 work-items in
   groups of l, its code (the local sizes checked when it runs) */
static cl_int linked_launch(const char *src, const char *options, size_t l)
{
    cl_int e, out[30] = { 0 };
    cl_program c = clCreateProgramWithSource(ctx, 1, &src, NULL, &e), p;
    cl_kernel k;
    cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE, sizeof out, NULL, &e);
    size_t g = 10;

    EXPECT(clCompileProgram(c, 1, &dev, options, 0, NULL, NULL, NULL, NULL), CL_SUCCESS);
    p = clLinkProgram(ctx, 1, &dev, "", 1, &c, NULL, NULL, &e);
    EXPECT(e, CL_SUCCESS);
    k = clCreateKernel(p, "nu", &e);
    clSetKernelArg(k, 0, sizeof b, &b);
    e = clEnqueueNDRangeKernel(queue, k, 1, NULL, &g, &l, 0, NULL, NULL);
    clEnqueueReadBuffer(queue, b, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL);
    if (e == CL_SUCCESS)
        EXPECT(out[3 * 9] == 2 && out[3 * 9 + 1] == 4 && out[3 * 7] == 4, 1);
    clReleaseMemObject(b);
    clReleaseKernel(k);
    clReleaseProgram(p);
    clReleaseProgram(c);
    return e;
}

static void non_uniform(void)
{
    static const char *src =
        "kernel void nu(global int *o) {\n"
        "    size_t i = get_global_id(0);\n"
        "    o[3 * i] = (int)get_local_size(0);\n"
        "    o[3 * i + 1] = (int)get_enqueued_local_size(0);\n"
        "    o[3 * i + 2] = work_group_reduce_add(1);\n"
        "}\n";
    static const char *src12 = "kernel void nu(global int *o) { o[0] = 1; }\n";
    size_t l = 4, i;
    cl_int e, *out = run(src, "-cl-std=CL3.0", "nu", 30, 10, &l, &e);

    EXPECT(dev_uint(CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT), CL_TRUE);
    EXPECT(e, CL_SUCCESS);
    for (i = 0; out && i < 10; i++) {
        expect_(out[3 * i], i < 8 ? 4 : 2, "get_local_size", __LINE__);
        expect_(out[3 * i + 1], 4, "get_enqueued_local_size", __LINE__);
        expect_(out[3 * i + 2], i < 8 ? 4 : 2, "work_group_reduce_add", __LINE__);
    }
    free(out);
    free(run(src12, "-cl-std=CL1.2", "nu", 30, 10, &l, &e));
    EXPECT(e, CL_INVALID_WORK_GROUP_SIZE);
    free(run(src, "-cl-std=CL3.0 -cl-uniform-work-group-size", "nu", 30, 10, &l, &e));
    EXPECT(e, CL_INVALID_WORK_GROUP_SIZE);
    EXPECT(linked_launch(src, "-cl-std=CL3.0", l), CL_SUCCESS);
    EXPECT(linked_launch(src12, "-cl-std=CL1.2", l), CL_INVALID_WORK_GROUP_SIZE);
}

/* ---- entry points ---- */

static int destroyed[3], order;
static void CL_CALLBACK on_destroy(cl_context c, void *user)
{
    (void)c;
    destroyed[(size_t)user] = ++order;
}

static void queues_buffers_contexts(void)
{
    cl_int e;
    cl_queue_properties ok[] = { CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0 }, got[8];
    cl_queue_properties ondev[] = { CL_QUEUE_PROPERTIES, CL_QUEUE_ON_DEVICE, 0 };
    cl_queue_properties size[] = { CL_QUEUE_SIZE, 1024, 0 }, bad[] = { 0x7777, 0, 0 };
    cl_queue_properties twice[] = { CL_QUEUE_PROPERTIES, 0, CL_QUEUE_PROPERTIES, 0, 0 };
    cl_mem_properties mp[] = { 0 }, badmp[] = { 0x7777, 1, 0 }, gotmp[4];
    cl_command_queue q, dq = (cl_command_queue)1;
    cl_context c;
    cl_mem m;
    size_t n = 99;
    cl_bool svm = CL_TRUE;

    EXPECT((clCreateCommandQueueWithProperties(ctx, dev, ondev, &e), e),
           CL_INVALID_QUEUE_PROPERTIES);
    EXPECT((clCreateCommandQueueWithProperties(ctx, dev, size, &e), e), CL_INVALID_VALUE);
    EXPECT((clCreateCommandQueueWithProperties(ctx, dev, bad, &e), e), CL_INVALID_VALUE);
    EXPECT((clCreateCommandQueueWithProperties(ctx, dev, twice, &e), e), CL_INVALID_VALUE);
    EXPECT((clCreateCommandQueueWithProperties(NULL, dev, ok, &e), e), CL_INVALID_CONTEXT);
    q = clCreateCommandQueueWithProperties(ctx, dev, ok, &e);
    EXPECT(e, CL_SUCCESS);
    EXPECT(clGetCommandQueueInfo(q, CL_QUEUE_PROPERTIES_ARRAY, sizeof got, got, &n), CL_SUCCESS);
    EXPECT(n, sizeof ok);
    EXPECT(got[0] == ok[0] && got[1] == ok[1] && got[2] == 0, 1);
    EXPECT(clGetCommandQueueInfo(q, CL_QUEUE_DEVICE_DEFAULT, sizeof dq, &dq, NULL), CL_SUCCESS);
    EXPECT(dq == NULL, 1);
    EXPECT(clGetCommandQueueInfo(q, CL_QUEUE_SIZE, sizeof n, &n, NULL), CL_INVALID_COMMAND_QUEUE);
    clReleaseCommandQueue(q);
    EXPECT(clGetCommandQueueInfo(queue, CL_QUEUE_PROPERTIES_ARRAY, 0, NULL, &n), CL_SUCCESS);
    EXPECT(n, 0);   /* made by clCreateCommandQueue */
    EXPECT(clSetDefaultDeviceCommandQueue(ctx, dev, queue), CL_INVALID_OPERATION);
    EXPECT(clSetDefaultDeviceCommandQueue(NULL, dev, queue), CL_INVALID_CONTEXT);
    /* buffers with properties */
    EXPECT((clCreateBufferWithProperties(ctx, badmp, 0, 16, NULL, &e), e), CL_INVALID_PROPERTY);
    EXPECT((clCreateBufferWithProperties(ctx, mp, 0, 0, NULL, &e), e), CL_INVALID_BUFFER_SIZE);
    m = clCreateBufferWithProperties(ctx, mp, 0, 16, NULL, &e);
    EXPECT(e, CL_SUCCESS);
    EXPECT(clGetMemObjectInfo(m, CL_MEM_PROPERTIES, sizeof gotmp, gotmp, &n), CL_SUCCESS);
    EXPECT(n == sizeof(cl_mem_properties) && gotmp[0] == 0, 1);
    EXPECT(clGetMemObjectInfo(m, CL_MEM_USES_SVM_POINTER, sizeof svm, &svm, NULL), CL_SUCCESS);
    EXPECT(svm, CL_FALSE);
    clReleaseMemObject(m);
    m = clCreateBufferWithProperties(ctx, NULL, 0, 16, NULL, &e);
    EXPECT(clGetMemObjectInfo(m, CL_MEM_PROPERTIES, 0, NULL, &n), CL_SUCCESS);
    EXPECT(n, 0);
    EXPECT(clGetPipeInfo(m, CL_PIPE_PACKET_SIZE, sizeof n, &n, NULL), CL_INVALID_OPERATION);
    EXPECT(clGetPipeInfo(NULL, CL_PIPE_PACKET_SIZE, sizeof n, &n, NULL), CL_INVALID_MEM_OBJECT);
    clReleaseMemObject(m);
    EXPECT((clCreatePipe(ctx, 0, 4, 4, NULL, &e), e), CL_INVALID_OPERATION);
    /* images and samplers answer as clCreateImage and clCreateSampler do */
    EXPECT((clCreateImageWithProperties(ctx, badmp, 0, NULL, NULL, NULL, &e), e),
           CL_INVALID_PROPERTY);
    EXPECT((clCreateSamplerWithProperties(ctx, (cl_sampler_properties *)bad, &e), e),
           CL_INVALID_VALUE);
    {   /* valid lists: clCreateSampler's and clCreateImage's answers */
        cl_sampler_properties sp[] = { CL_SAMPLER_NORMALIZED_COORDS, CL_FALSE,
            CL_SAMPLER_ADDRESSING_MODE, CL_ADDRESS_CLAMP, CL_SAMPLER_FILTER_MODE,
            CL_FILTER_NEAREST, 0 };
        cl_image_format fmt = { CL_RGBA, CL_UNORM_INT8 };
        cl_image_desc desc = { CL_MEM_OBJECT_IMAGE2D, 4, 4, 1, 1, 0, 0, 0, 0, { NULL } };
        cl_int e2 = 1;
        cl_sampler s1 = clCreateSamplerWithProperties(ctx, sp, &e);
        cl_sampler s2 = clCreateSampler(ctx, CL_FALSE, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST, &e2);
        cl_mem i1, i2;
        EXPECT(e, e2);
        if (s1)
            clReleaseSampler(s1);
        if (s2)
            clReleaseSampler(s2);
        i1 = clCreateImageWithProperties(ctx, NULL, CL_MEM_READ_WRITE, &fmt, &desc, NULL, &e);
        i2 = clCreateImage(ctx, CL_MEM_READ_WRITE, &fmt, &desc, NULL, &e2);
        EXPECT(e, e2);
        if (!dev_uint(CL_DEVICE_IMAGE_SUPPORT))
            EXPECT(e, CL_INVALID_OPERATION);
        if (i1)
            clReleaseMemObject(i1);
        if (i2)
            clReleaseMemObject(i2);
    }
    /* destructor callbacks: newest first, when the context ends */
    c = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
    EXPECT(clSetContextDestructorCallback(c, NULL, NULL), CL_INVALID_VALUE);
    EXPECT(clSetContextDestructorCallback(NULL, on_destroy, NULL), CL_INVALID_CONTEXT);
    EXPECT(clSetContextDestructorCallback(c, on_destroy, (void *)1), CL_SUCCESS);
    EXPECT(clSetContextDestructorCallback(c, on_destroy, (void *)2), CL_SUCCESS);
    clRetainContext(c);
    clReleaseContext(c);
    EXPECT(destroyed[1] + destroyed[2], 0);   /* still referenced */
    clReleaseContext(c);
    EXPECT(destroyed[2] == 1 && destroyed[1] == 2, 1);
}

static void svm_and_kernels(void)
{
    static const char *src = "kernel void k(global int *o, int v) { o[get_global_id(0)] = v; }\n";
    cl_int e, v = 41, out[4] = { 0 };
    cl_program p = build(src, NULL, &e);
    cl_kernel k = clCreateKernel(p, "k", &e), c;
    cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE, sizeof out, NULL, &e);
    size_t g = 4, n = 0;
    char pat[4] = { 0 };
    void *ptrs[1] = { pat };

    EXPECT(clSVMAlloc(ctx, CL_MEM_READ_WRITE, 64, 0) == NULL, 1);
    clSVMFree(ctx, NULL);
    EXPECT(clEnqueueSVMMemcpy(queue, CL_TRUE, pat, pat, 4, 0, NULL, NULL), CL_INVALID_OPERATION);
    EXPECT(clEnqueueSVMMemFill(queue, pat, pat, 4, 4, 0, NULL, NULL), CL_INVALID_OPERATION);
    EXPECT(clEnqueueSVMMap(queue, CL_TRUE, CL_MAP_READ, pat, 4, 0, NULL, NULL),
           CL_INVALID_OPERATION);
    EXPECT(clEnqueueSVMUnmap(queue, pat, 0, NULL, NULL), CL_INVALID_OPERATION);
    EXPECT(clEnqueueSVMFree(queue, 1, ptrs, NULL, NULL, 0, NULL, NULL), CL_INVALID_OPERATION);
    EXPECT(clEnqueueSVMMigrateMem(queue, 1, (const void **)ptrs, NULL, 0, 0, NULL, NULL),
           CL_INVALID_OPERATION);
    EXPECT(clEnqueueSVMMemcpy(NULL, CL_TRUE, pat, pat, 4, 0, NULL, NULL),
           CL_INVALID_COMMAND_QUEUE);
    EXPECT(clSetKernelArgSVMPointer(k, 0, pat), CL_INVALID_OPERATION);
    EXPECT(clSetKernelArgSVMPointer(NULL, 0, pat), CL_INVALID_KERNEL);
    EXPECT(clSetKernelExecInfo(k, CL_KERNEL_EXEC_INFO_SVM_PTRS, sizeof ptrs, ptrs),
           CL_INVALID_OPERATION);
    EXPECT(clSetKernelExecInfo(k, 0x7777, sizeof ptrs, ptrs), CL_INVALID_VALUE);
    {
        size_t km = 0, dm = 1;
        clGetKernelWorkGroupInfo(k, dev, CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE, sizeof km,
                                 &km, NULL);
        EXPECT(clGetDeviceInfo(dev, CL_DEVICE_PREFERRED_WORK_GROUP_SIZE_MULTIPLE, sizeof dm, &dm,
                               NULL), CL_SUCCESS);
        EXPECT(dm, km);
    }
    {   /* kernel-scope __local variables and __local arguments, each argument
           128-byte aligned (runtime/exec.h, the launch's layout) */
        const char *ls = "kernel void lm(global int *o, local int *a) {\n"
            "    local int buf[100];\n"
            "    buf[get_local_id(0)] = 1; a[0] = 2;\n"
            "    barrier(CLK_LOCAL_MEM_FENCE);\n"
            "    o[0] = buf[0] + a[0];\n"
            "}\n";
        cl_program lp = build(ls, NULL, &e);
        cl_kernel lk = clCreateKernel(lp, "lm", &e);
        cl_ulong lmem = 0;
        clGetKernelWorkGroupInfo(lk, dev, CL_KERNEL_LOCAL_MEM_SIZE, sizeof lmem, &lmem, NULL);
        EXPECT(lmem, 512);   /* 400, then the argument's boundary (its size 0) */
        clSetKernelArg(lk, 1, 64, NULL);
        clGetKernelWorkGroupInfo(lk, dev, CL_KERNEL_LOCAL_MEM_SIZE, sizeof lmem, &lmem, NULL);
        EXPECT(lmem, 512 + 64);
        clReleaseKernel(lk);
        clReleaseProgram(lp);
    }
    {   /* private memory: a 16-int array live across a barrier is in each
           work-item's frame (64 bytes at least, with the executor's state);
           a kernel without barriers keeps its private variables on the C
           stack, which the figure does not count */
        const char *ps = "kernel void pm(global int *o) {\n"
            "    int t[16], i, l = get_local_id(0);\n"
            "    for (i = 0; i < 16; i++) t[i] = o[i + l];\n"
            "    barrier(CLK_GLOBAL_MEM_FENCE);\n"
            "    o[l] = t[(l * 7) % 16] + t[o[l + 1] & 15];\n"
            "}\n"
            "kernel void flat(global int *o) { o[get_global_id(0)] = 1; }\n";
        cl_program pp = build(ps, NULL, &e);
        cl_kernel pk = clCreateKernel(pp, "pm", &e), fk = clCreateKernel(pp, "flat", &e);
        cl_ulong pmem = 0;
        EXPECT(clGetKernelWorkGroupInfo(pk, dev, CL_KERNEL_PRIVATE_MEM_SIZE, sizeof pmem, &pmem,
                                        NULL), CL_SUCCESS);
        EXPECT(pmem >= 64 && pmem < 64 + 512, 1);
        clGetKernelWorkGroupInfo(fk, dev, CL_KERNEL_PRIVATE_MEM_SIZE, sizeof pmem, &pmem, NULL);
        EXPECT(pmem, 0);
        clReleaseKernel(pk);
        clReleaseKernel(fk);
        clReleaseProgram(pp);
    }
    EXPECT(clGetKernelSubGroupInfo(k, dev, CL_KERNEL_MAX_NUM_SUB_GROUPS, 0, NULL, sizeof n, &n,
                                   NULL), CL_INVALID_OPERATION);
    EXPECT(clGetKernelSubGroupInfo(NULL, dev, CL_KERNEL_MAX_NUM_SUB_GROUPS, 0, NULL, sizeof n, &n,
                                   NULL), CL_INVALID_KERNEL);
    EXPECT(clSetProgramReleaseCallback(p, NULL, NULL), CL_INVALID_VALUE);
    EXPECT(clSetProgramReleaseCallback(NULL, NULL, NULL), CL_INVALID_PROGRAM);
    {
        cl_bool ctors = CL_TRUE;
        EXPECT(clGetProgramInfo(p, CL_PROGRAM_SCOPE_GLOBAL_CTORS_PRESENT, sizeof ctors, &ctors,
                                NULL), CL_SUCCESS);
        EXPECT(ctors, CL_FALSE);
    }
    /* a clone keeps the arguments set, and runs */
    EXPECT((clCloneKernel(NULL, &e), e), CL_INVALID_KERNEL);
    clSetKernelArg(k, 0, sizeof b, &b);
    clSetKernelArg(k, 1, sizeof v, &v);
    c = clCloneKernel(k, &e);
    EXPECT(e, CL_SUCCESS);
    v = 0;
    clSetKernelArg(k, 1, sizeof v, &v);   /* the clone's stays 41 */
    EXPECT(clEnqueueNDRangeKernel(queue, c, 1, NULL, &g, NULL, 0, NULL, NULL), CL_SUCCESS);
    clEnqueueReadBuffer(queue, b, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL);
    EXPECT(out[0] == 41 && out[3] == 41, 1);
    clReleaseKernel(c);
    clReleaseKernel(k);
    clReleaseProgram(p);
    clReleaseMemObject(b);
}

/* the clock: cpufreq's maximum, else the first "cpu MHz" of /proc/cpuinfo */
static void clock_mhz(void)
{
    FILE *f = fopen("/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq", "r");
    unsigned long khz = 0;
    double mhz = -1;
    char line[256];
    cl_uint got = 7777;

    clGetDeviceInfo(dev, CL_DEVICE_MAX_CLOCK_FREQUENCY, sizeof got, &got, NULL);
    if (f && fscanf(f, "%lu", &khz) == 1)
        mhz = khz / 1000;
    if (f)
        fclose(f);
    f = mhz < 0 ? fopen("/proc/cpuinfo", "r") : NULL;
    while (f && fgets(line, sizeof line, f))
        if (!strncmp(line, "cpu MHz", 7) && sscanf(strchr(line, ':') + 1, "%lf", &mhz) == 1)
            break;
    if (f)
        fclose(f);
    if (mhz >= 0)
        EXPECT(got, (cl_uint)(mhz + 0.5));
}

/* the machine's memory, last-level cache and cache line, as Linux says them
   (/proc/meminfo, /sys's cache descriptions; skipped where absent) */
static void machine_sizes(void)
{
    unsigned long long kb = 0, mem = 0, best = 0, size, cache = 0;
    cl_uint line = 0, l0 = 0;
    char path[128], unit = 0;
    FILE *f = fopen("/proc/meminfo", "r");
    int i, level, top = 0;

    if (f && fscanf(f, "MemTotal: %llu kB", &kb) == 1) {
        clGetDeviceInfo(dev, CL_DEVICE_GLOBAL_MEM_SIZE, sizeof mem, &mem, NULL);
        EXPECT(mem, kb * 1024);
    }
    if (f)
        fclose(f);
    for (i = 0; i < 8; i++) {   /* the highest level's size */
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/level", i);
        if ((f = fopen(path, "r")) == NULL)
            break;
        level = fscanf(f, "%d", &level) == 1 ? level : 0;
        fclose(f);
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/size", i);
        if ((f = fopen(path, "r")) != NULL && fscanf(f, "%llu%c", &size, &unit) == 2 &&
            level >= top) {
            top = level;
            best = size << (unit == 'K' ? 10 : unit == 'M' ? 20 : 0);
        }
        if (f)
            fclose(f);
        snprintf(path, sizeof path,
                 "/sys/devices/system/cpu/cpu0/cache/index%d/coherency_line_size", i);
        if (i == 0 && (f = fopen(path, "r")) != NULL) {
            l0 = fscanf(f, "%u", &l0) == 1 ? l0 : 0;
            fclose(f);
        }
    }
    clGetDeviceInfo(dev, CL_DEVICE_GLOBAL_MEM_CACHE_SIZE, sizeof cache, &cache, NULL);
    clGetDeviceInfo(dev, CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE, sizeof line, &line, NULL);
    if (best)
        EXPECT(cache, best);
    if (l0)
        EXPECT(line, l0);
    clock_mhz();
}

/* the timers: one clock, the profiling times' (a marker's end between two readings) */
static void timers(cl_platform_id plat)
{
    cl_ulong res = 0, h0 = 0, h1 = 0, d = 0, h = 0, end = 0;
    cl_queue_properties prof[] = { CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0 };
    cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, prof, NULL);
    cl_event ev;

    EXPECT(clGetPlatformInfo(plat, CL_PLATFORM_HOST_TIMER_RESOLUTION, sizeof res, &res, NULL),
           CL_SUCCESS);
    EXPECT(res > 0 && res < 1000000, 1);
    EXPECT(clGetHostTimer(dev, &h0), CL_SUCCESS);
    clEnqueueMarkerWithWaitList(q, 0, NULL, &ev);
    clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof end, &end, NULL);
    EXPECT(clGetDeviceAndHostTimer(dev, &d, &h), CL_SUCCESS);
    EXPECT(clGetHostTimer(dev, &h1), CL_SUCCESS);
    EXPECT(h0 <= end && end <= d && d <= h1 && h0 <= h && h <= h1, 1);
    EXPECT(clGetHostTimer(NULL, &h0), CL_INVALID_DEVICE);
    EXPECT(clGetHostTimer(dev, NULL), CL_INVALID_VALUE);
    EXPECT(clGetDeviceAndHostTimer(dev, &d, NULL), CL_INVALID_VALUE);
    clReleaseEvent(ev);
    clReleaseCommandQueue(q);
}

/* specialization constants of the module at path */
static void spec_constants(const char *path)
{
    FILE *f = fopen(path, "rb");
    unsigned char il[4096];
    size_t n = f ? fread(il, 1, sizeof il, f) : 0, g = 1;
    cl_int e, i9 = 9, out[4] = { 0 };
    cl_uchar no = 0;
    cl_ulong big = 0x300000004ull;
    cl_program p = n ? clCreateProgramWithIL(ctx, il, n, &e) : NULL, src;
    cl_kernel k;
    cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE, sizeof out, NULL, &e);
    const char *s = "kernel void k(global int *o) { }\n";

    if (f)
        fclose(f);
    EXPECT(p != NULL, 1);
    EXPECT(clSetProgramSpecializationConstant(p, 4, sizeof i9, &i9), CL_INVALID_SPEC_ID);
    EXPECT(clSetProgramSpecializationConstant(p, 3, 2, &i9), CL_INVALID_VALUE);
    EXPECT(clSetProgramSpecializationConstant(p, 3, sizeof i9, NULL), CL_INVALID_VALUE);
    EXPECT(clSetProgramSpecializationConstant(p, 3, sizeof i9, &i9), CL_SUCCESS);
    EXPECT(clSetProgramSpecializationConstant(p, 5, sizeof no, &no), CL_SUCCESS);
    EXPECT(clSetProgramSpecializationConstant(p, 9, sizeof big, &big), CL_SUCCESS);
    EXPECT(clBuildProgram(p, 1, &dev, NULL, NULL, NULL), CL_SUCCESS);
    k = clCreateKernel(p, "spec", &e);
    clSetKernelArg(k, 0, sizeof b, &b);
    EXPECT(clEnqueueNDRangeKernel(queue, k, 1, NULL, &g, NULL, 0, NULL, NULL), CL_SUCCESS);
    clEnqueueReadBuffer(queue, b, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL);
    EXPECT(out[0], 9);
    EXPECT(out[1], 0);
    EXPECT(out[2], 4);
    EXPECT(out[3], 3);
    src = clCreateProgramWithSource(ctx, 1, &s, NULL, &e);
    EXPECT(clSetProgramSpecializationConstant(src, 3, sizeof i9, &i9), CL_INVALID_PROGRAM);
    EXPECT(clSetProgramSpecializationConstant(NULL, 3, sizeof i9, &i9), CL_INVALID_PROGRAM);
    clReleaseProgram(src);
    clReleaseKernel(k);
    clReleaseProgram(p);
    clReleaseMemObject(b);
}

/* the fp config's correctly rounded divide and sqrt: with
   -cl-fp32-correctly-rounded-divide-sqrt, bit for bit the host's IEEE 754
   float division and sqrtf (normal, subnormal, huge operands) */
static void divide_sqrt(void)
{
    enum { N = 4096 };
    static const char *src =
        "kernel void ds(global float *a, global float *b, global float *q, global float *s) {\n"
        "    size_t i = get_global_id(0);\n"
        "    q[i] = a[i] / b[i];\n"
        "    s[i] = sqrt(a[i]);\n"
        "}\n";
    static float a[N], b[N], q[N], s[N];
    unsigned x = 12345, i, bad_q = 0, bad_s = 0;
    cl_int e;
    cl_program p;
    cl_kernel k;
    cl_mem m[4];
    size_t g = N;

    EXPECT(!!(dev_bits(CL_DEVICE_SINGLE_FP_CONFIG) & CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT), 1);
    for (i = 0; i < N; i++) {   /* random bit patterns: every exponent, positive a */
        x = x * 1103515245u + 12345u;
        memcpy(&a[i], &(unsigned){ (x >> 1) % 0x7f800000u }, 4);
        x = x * 1103515245u + 12345u;
        memcpy(&b[i], &(unsigned){ (x % 0x7f800000u) | (x & 0x80000000u) }, 4);
    }
    p = build(src, "-cl-fp32-correctly-rounded-divide-sqrt", &e);
    k = clCreateKernel(p, "ds", &e);
    for (i = 0; i < 4; i++) {
        m[i] = clCreateBuffer(ctx, CL_MEM_READ_WRITE | (i < 2 ? CL_MEM_COPY_HOST_PTR : 0),
                              sizeof a, i == 0 ? a : i == 1 ? b : NULL, &e);
        clSetKernelArg(k, i, sizeof m[i], &m[i]);
    }
    EXPECT(clEnqueueNDRangeKernel(queue, k, 1, NULL, &g, NULL, 0, NULL, NULL), CL_SUCCESS);
    clEnqueueReadBuffer(queue, m[2], CL_TRUE, 0, sizeof q, q, 0, NULL, NULL);
    clEnqueueReadBuffer(queue, m[3], CL_TRUE, 0, sizeof s, s, 0, NULL, NULL);
    for (i = 0; i < N; i++) {
        volatile float hq = a[i] / b[i], hs = sqrtf(a[i]);
        bad_q += memcmp(&q[i], (const void *)&hq, 4) != 0;
        bad_s += memcmp(&s[i], (const void *)&hs, 4) != 0;
    }
    EXPECT(bad_q, 0);
    EXPECT(bad_s, 0);
    for (i = 0; i < 4; i++)
        clReleaseMemObject(m[i]);
    clReleaseKernel(k);
    clReleaseProgram(p);
}

int main(int argc, char **argv)
{
    cl_platform_id plat;
    cl_uint n;
    cl_int e;

    if (argc > 2 || clGetPlatformIDs(1, &plat, &n) != CL_SUCCESS || n != 1 ||
        clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 1, &dev, NULL) != CL_SUCCESS) {
        printf("FAIL: usage: cl30 [SPEC.spv], with the spv2c platform alone (OCL_ICD_VENDORS)\n");
        return 1;
    }
    ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
    queue = clCreateCommandQueue(ctx, dev, 0, &e);
    versions(plat);
    c_versions();
    feature_macros();
    capabilities();
    features_run();
    non_uniform();
    divide_sqrt();
    queues_buffers_contexts();
    svm_and_kernels();
    timers(plat);
    machine_sizes();
    if (argc == 2)
        spec_constants(argv[1]);
    else
        printf("skipped: specialization constants (no spirv-as to assemble spec.spvasm)\n");
    clReleaseCommandQueue(queue);
    clReleaseContext(ctx);
    printf("%s: %d checks, %d failed\n", fails ? "FAIL" : "ok", checks, fails);
    return fails != 0;
}

/*
 * kernel: kernels from a built program (the generated C's kernel table),
 * their arguments and queries, and NDRange launches through the generated
 * spv2c_launch. Without a local size the generated executor picks one (as
 * the spv2c API promises); with one, it must divide the global size unless
 * the program is OpenCL C 2.0 or later (cl30.c: the last group smaller).
 */
#include <stdlib.h>
#include <string.h>

#include "icd.h"

/* the generated API's types (docs: the generated API) */
typedef struct Range {
    unsigned work_dim;
    size_t global_offset[3], global_size[3], local_size[3];
} Range;
typedef struct Arg {
    void *ptr;
    size_t size;
} Arg;

#define MAX_WG 4096

static cl_kernel new_kernel(cl_program p, const KernelInfo *k, cl_int *errp)
{
    cl_kernel kn = calloc(1, sizeof *kn);

    if (kn)
        kn->args = calloc(k->nargs + 1, sizeof *kn->args);
    if (!kn || !kn->args) {
        free(kn);
        *errp = CL_OUT_OF_HOST_MEMORY;
        return NULL;
    }
    spv2c_cl_obj_init(&kn->obj, MAGIC_KERNEL, &p->obj);
    kn->program = p;
    kn->info = k;
    spv2c_cl_lock();
    p->attached++;
    spv2c_cl_unlock();
    *errp = CL_SUCCESS;
    return kn;
}

cl_kernel CL_API_CALL spv2c_cl_CreateKernel(cl_program p, const char *name, cl_int *errp)
{
    cl_int dummy;
    size_t k;

    if (!errp)
        errp = &dummy;
    *errp = !OK_OBJ(p, MAGIC_PROGRAM) ? CL_INVALID_PROGRAM :
            !p->dl ? CL_INVALID_PROGRAM_EXECUTABLE : !name ? CL_INVALID_VALUE : CL_SUCCESS;
    if (*errp != CL_SUCCESS)
        return NULL;
    for (k = 0; k < p->nkernels; k++)
        if (!strcmp(p->kernels[k].name, name))
            return new_kernel(p, &p->kernels[k], errp);
    *errp = CL_INVALID_KERNEL_NAME;
    return NULL;
}

cl_int CL_API_CALL spv2c_cl_CreateKernelsInProgram(cl_program p, cl_uint n, cl_kernel *out,
                                                   cl_uint *nret)
{
    size_t k;
    cl_int e = CL_SUCCESS;

    if (!OK_OBJ(p, MAGIC_PROGRAM))
        return CL_INVALID_PROGRAM;
    if (!p->dl)
        return CL_INVALID_PROGRAM_EXECUTABLE;
    if (out && n < p->nkernels)
        return CL_INVALID_VALUE;
    for (k = 0; out && k < p->nkernels && e == CL_SUCCESS; k++)
        out[k] = new_kernel(p, &p->kernels[k], &e);
    if (nret)
        *nret = (cl_uint)p->nkernels;
    return e;
}

cl_int CL_API_CALL spv2c_cl_RetainKernel(cl_kernel k)
{
    if (!OK_OBJ(k, MAGIC_KERNEL))
        return CL_INVALID_KERNEL;
    spv2c_cl_retain(&k->obj);
    return CL_SUCCESS;
}

cl_int CL_API_CALL spv2c_cl_ReleaseKernel(cl_kernel k)
{
    size_t i;

    if (!OK_OBJ(k, MAGIC_KERNEL))
        return CL_INVALID_KERNEL;
    if (spv2c_cl_release(&k->obj))
        return CL_SUCCESS;
    for (i = 0; i < k->info->nargs; i++) {
        if (k->holds && k->args[i].mem)
            spv2c_cl_ReleaseMemObject(k->args[i].mem);
        free(k->args[i].value);
    }
    free(k->args);
    spv2c_cl_lock();
    k->program->attached--;
    spv2c_cl_unlock();
    k->program->obj.dispatch->clReleaseProgram(k->program);
    k->obj.magic = 0;
    free(k);
    return CL_SUCCESS;
}

cl_int CL_API_CALL spv2c_cl_SetKernelArg(cl_kernel k, cl_uint i, size_t size, const void *value)
{
    const ArgInfo *a;
    KernelArg *ka;

    if (!OK_OBJ(k, MAGIC_KERNEL))
        return CL_INVALID_KERNEL;
    if (i >= k->info->nargs)
        return CL_INVALID_ARG_INDEX;
    a = &k->info->args[i];
    ka = &k->args[i];
    if (a->kind == 3 && (a->scalar == 3 || a->scalar == 4))   /* an image, a sampler */
        return spv2c_cl_image_arg(k->program->ctx, a, size, value, ka);
    if (a->kind == 2) {                      /* __local */
        if (value)
            return CL_INVALID_ARG_VALUE;
        if (size == 0)
            return CL_INVALID_ARG_SIZE;
    } else if (a->kind == 3) {               /* by value */
        if (!value)
            return CL_INVALID_ARG_VALUE;
        if (size != a->size)
            return CL_INVALID_ARG_SIZE;
    } else {                                 /* a buffer */
        cl_mem m = value ? *(const cl_mem *)value : NULL;
        if (size != sizeof(cl_mem))
            return CL_INVALID_ARG_SIZE;
        if (m && (!OK_OBJ(m, MAGIC_MEM) || m->img || m->ctx != k->program->ctx))
            return CL_INVALID_MEM_OBJECT;
        ka->mem = m;
    }
    free(ka->value);
    ka->value = NULL;
    if (a->kind == 3 && (ka->value = malloc(size)) == NULL)
        return CL_OUT_OF_HOST_MEMORY;
    if (a->kind == 3)
        memcpy(ka->value, value, size);
    ka->size = size;
    ka->set = 1;
    return CL_SUCCESS;
}

cl_int CL_API_CALL spv2c_cl_GetKernelInfo(cl_kernel k, cl_kernel_info what, size_t size,
                                          void *out, size_t *ret)
{
    cl_uint u;

    if (!OK_OBJ(k, MAGIC_KERNEL))
        return CL_INVALID_KERNEL;
    switch (what) {
    case CL_KERNEL_FUNCTION_NAME:
        return spv2c_cl_info(k->info->name, strlen(k->info->name) + 1, size, out, ret);
    case CL_KERNEL_NUM_ARGS: u = (cl_uint)k->info->nargs; break;
    case CL_KERNEL_REFERENCE_COUNT: u = spv2c_cl_refs(&k->obj); break;
    case CL_KERNEL_CONTEXT:
        return spv2c_cl_info(&k->program->ctx, sizeof(cl_context), size, out, ret);
    case CL_KERNEL_PROGRAM: return spv2c_cl_info(&k->program, sizeof k->program, size, out, ret);
    case CL_KERNEL_ATTRIBUTES: return spv2c_cl_info("", 1, size, out, ret);
    default: return CL_INVALID_VALUE;
    }
    return spv2c_cl_info(&u, sizeof u, size, out, ret);
}

/* the address qualifier from the table, the rest from the build's text (arginfo.c) */
cl_int CL_API_CALL spv2c_cl_GetKernelArgInfo(cl_kernel k, cl_uint i, cl_kernel_arg_info what,
                                             size_t size, void *out, size_t *ret)
{
    static const cl_kernel_arg_address_qualifier aq[] = {
        CL_KERNEL_ARG_ADDRESS_GLOBAL, CL_KERNEL_ARG_ADDRESS_CONSTANT,
        CL_KERNEL_ARG_ADDRESS_LOCAL, CL_KERNEL_ARG_ADDRESS_PRIVATE };
    const ArgInfo *a;

    if (!OK_OBJ(k, MAGIC_KERNEL))
        return CL_INVALID_KERNEL;
    if (i >= k->info->nargs)
        return CL_INVALID_ARG_INDEX;
    a = &k->info->args[i];
    if (what == CL_KERNEL_ARG_ADDRESS_QUALIFIER)   /* an image is __global */
        return spv2c_cl_info(&aq[a->kind == 3 && a->scalar == 3 ? 0 : a->kind], sizeof *aq,
                             size, out, ret);
    return spv2c_cl_arg_query(k, i, what, size, out, ret);
}

/* the kernel's __local bytes: its kernel-scope variables' and its __local
   arguments' as set, laid out as a launch does (0: a binary without it) */
static cl_ulong local_mem(cl_kernel k)
{
    size_t i, *sizes = calloc(k->info->nargs + 1, sizeof *sizes), n;

    if (!sizes || !k->program->local_bytes) {
        free(sizes);
        return 0;
    }
    for (i = 0; i < k->info->nargs; i++)
        sizes[i] = k->info->args[i].kind == 2 && k->args[i].set ? k->args[i].size : 0;
    n = k->program->local_bytes(k->info->name, sizes);
    free(sizes);
    return n;
}

cl_int CL_API_CALL spv2c_cl_GetKernelWorkGroupInfo(cl_kernel k, cl_device_id d,
    cl_kernel_work_group_info what, size_t size, void *out, size_t *ret)
{
    size_t v = 0;
    cl_ulong l = 0;

    if (!OK_OBJ(k, MAGIC_KERNEL))
        return CL_INVALID_KERNEL;
    if (d && d != &spv2c_cl_device)
        return CL_INVALID_DEVICE;
    switch (what) {
    case CL_KERNEL_WORK_GROUP_SIZE: v = MAX_WG; break;
    case CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE: v = 16; break;
    case CL_KERNEL_COMPILE_WORK_GROUP_SIZE:
        return spv2c_cl_info(k->info->reqd, sizeof k->info->reqd, size, out, ret);
    case CL_KERNEL_LOCAL_MEM_SIZE:
        l = local_mem(k);
        return spv2c_cl_info(&l, sizeof l, size, out, ret);
    case CL_KERNEL_PRIVATE_MEM_SIZE:   /* the frame arena's, not the C stack's */
        if (k->program->private_bytes)
            l = k->program->private_bytes(k->info->name);
        return spv2c_cl_info(&l, sizeof l, size, out, ret);
    default: return CL_INVALID_VALUE;
    }
    return spv2c_cl_info(&v, sizeof v, size, out, ret);
}

/* the range's checks: CL_SUCCESS or the error the specification names */
static cl_int range_ok(cl_kernel k, Range *r, cl_uint dim, const size_t *off, const size_t *g,
                       const size_t *l)
{
    cl_uint d;
    size_t wg = 1;

    if (dim < 1 || dim > 3)
        return CL_INVALID_WORK_DIMENSION;
    if (!g)
        return CL_INVALID_VALUE;
    memset(r, 0, sizeof *r);
    r->work_dim = dim;
    for (d = 0; d < dim; d++) {
        if (g[d] == 0 || (off && off[d] > (size_t)-1 - g[d]))
            return CL_INVALID_GLOBAL_WORK_SIZE;
        r->global_size[d] = g[d];
        r->global_offset[d] = off ? off[d] : 0;
        if (!l)
            continue;
        if (l[d] == 0 || l[d] > MAX_WG || (g[d] % l[d] && !spv2c_cl_non_uniform(k->program)) ||
            (k->info->reqd[0] && l[d] != k->info->reqd[d]))
            return CL_INVALID_WORK_GROUP_SIZE;
        r->local_size[d] = l[d];
        wg *= l[d];
    }
    if (l && wg > MAX_WG)
        return CL_INVALID_WORK_GROUP_SIZE;
    if (!l && k->info->reqd[0] && !spv2c_cl_non_uniform(k->program))
        for (d = 0; d < dim; d++)
            if (g[d] % k->info->reqd[d])
                return CL_INVALID_WORK_GROUP_SIZE;
    return CL_SUCCESS;
}

/* the launch's arguments: CL_SUCCESS or CL_INVALID_KERNEL_ARGS */
static cl_int args_of(cl_kernel k, Arg *a)
{
    size_t i;

    for (i = 0; i < k->info->nargs; i++) {
        const KernelArg *ka = &k->args[i];
        if (!ka->set)
            return CL_INVALID_KERNEL_ARGS;
        switch (k->info->args[i].kind) {
        case 2: a[i].ptr = NULL; a[i].size = ka->size; break;
        case 3: a[i].ptr = ka->value; a[i].size = ka->size; break;
        default:
            a[i].ptr = ka->mem ? ka->mem->data : NULL;
            a[i].size = ka->mem ? ka->mem->size : 0;
        }
    }
    return CL_SUCCESS;
}

/* a deferred launch (defer.c): a clone of k holds the arguments of the enqueue */
typedef struct LaunchArgs {
    cl_command_queue q;
    cl_kernel k;
    cl_uint dim;
    int has_off, has_l;
    size_t off[3], g[3], l[3];
} LaunchArgs;

static cl_int run_launch(const void *v, cl_event *ev)
{
    const LaunchArgs *a = v;
    return spv2c_cl_EnqueueNDRangeKernel(a->q, a->k, a->dim, a->has_off ? a->off : NULL, a->g,
                                         a->has_l ? a->l : NULL, 0, NULL, ev);
}

/* a clone holds its buffers and images until it is released (it has run) */
static void hold_args(cl_kernel k)
{
    size_t i;

    for (i = 0; i < k->info->nargs; i++)
        if (k->args[i].mem)
            spv2c_cl_RetainMemObject(k->args[i].mem);
    k->holds = 1;
}

static cl_int defer_launch(cl_command_queue q, cl_kernel k, cl_uint dim, const size_t *off,
    const size_t *g, const size_t *l, cl_uint nw, const cl_event *wl, cl_event *ev)
{
    LaunchArgs a;
    Command c = { run_launch, &a, sizeof a, { NULL, NULL }, NULL };
    cl_int e;

    memset(&a, 0, sizeof a);
    a.q = q;
    a.dim = dim;
    a.has_off = off != NULL;
    a.has_l = l != NULL;
    memcpy(a.g, g, dim * sizeof *g);
    if (off)
        memcpy(a.off, off, dim * sizeof *off);
    if (l)
        memcpy(a.l, l, dim * sizeof *l);
    if ((a.k = c.kernel = spv2c_cl_CloneKernel(k, &e)) == NULL)
        return e;
    hold_args(a.k);
    return spv2c_cl_defer(q, CL_COMMAND_NDRANGE_KERNEL, nw, wl, ev, CL_FALSE, &c);
}

cl_int CL_API_CALL spv2c_cl_EnqueueNDRangeKernel(cl_command_queue q, cl_kernel k, cl_uint dim,
    const size_t *off, const size_t *g, const size_t *l, cl_uint nw, const cl_event *wl,
    cl_event *ev)
{
    cl_ulong t = spv2c_cl_now();
    cl_int e = spv2c_cl_queue_valid(q, nw, wl);
    Range r;
    Arg *a;
    int rc;

    if (e != CL_SUCCESS)
        return e;
    if (!OK_OBJ(k, MAGIC_KERNEL))
        return CL_INVALID_KERNEL;
    if (k->program->ctx != q->ctx)
        return CL_INVALID_CONTEXT;
    if ((e = range_ok(k, &r, dim, off, g, l)) != CL_SUCCESS)
        return e;
    if ((a = calloc(k->info->nargs + 1, sizeof *a)) == NULL)
        return CL_OUT_OF_HOST_MEMORY;
    if ((e = args_of(k, a)) == CL_SUCCESS && spv2c_cl_must_wait(q, nw, wl)) {
        free(a);
        return defer_launch(q, k, dim, off, g, l, nw, wl, ev);
    }
    if (e == CL_SUCCESS) {
        rc = spv2c_cl_checked() > 0
             ? spv2c_cl_launch_checked(k->program, k->info->name, &r, a, k->info->nargs)
             : k->program->launch(k->info->name, &r, a, k->info->nargs);
        e = rc == 0 ? CL_SUCCESS : rc == -5 ? CL_INVALID_WORK_GROUP_SIZE :
            rc == -7 || rc == -8 ? CL_OUT_OF_RESOURCES : rc == -3 ? CL_INVALID_KERNEL_ARGS :
            CL_INVALID_OPERATION;
    }
    free(a);
    return e == CL_SUCCESS ? spv2c_cl_done(q, CL_COMMAND_NDRANGE_KERNEL, t, ev) : e;
}

cl_int CL_API_CALL spv2c_cl_EnqueueTask(cl_command_queue q, cl_kernel k, cl_uint nw,
                                        const cl_event *wl, cl_event *ev)
{
    static const size_t one[3] = { 1, 1, 1 };
    return spv2c_cl_EnqueueNDRangeKernel(q, k, 1, NULL, one, one, nw, wl, ev);
}

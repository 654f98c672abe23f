/*
 * The spv2c OpenCL platform (libspv2c-cl.so, an ICD for the Khronos or
 * ocl-icd loader): its objects and the helpers its files share.
 *
 * Every object starts with the loader's dispatch table (CL/cl_icd.h: the
 * loader calls through obj->dispatch), then a magic number that tells an
 * object of the right kind from NULL or another kind (CL_INVALID_*), then
 * a reference count. Commands run when they are enqueued, in order, on the
 * calling thread (an in-order queue may do that: a command is complete when
 * its enqueue returns) unless they must wait for an event (defer.c); a launch runs its work-groups on all cores through
 * the generated C's OpenMP executor. Files: icd.c (the loader's entry
 * points, platform, device, context, queue, events), mem.c (buffers and the
 * commands on them), program.c (build: libspv2c + cc + dlopen, the cache),
 * kernel.c (kernels, arguments, launches), image.c (images, samplers),
 * cl30.c (the OpenCL 2.x/3.0 queries and entry points), defer.c (commands
 * that wait, event statuses and callbacks), arginfo.c (clGetKernelArgInfo's
 * answers from the SPIR-V).
 */
#ifndef SPV2C_ICD_H
#define SPV2C_ICD_H

#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl_icd.h>
#include <stddef.h>
#include <stdint.h>

enum { MAGIC_CONTEXT = 0x5c0c7e01, MAGIC_QUEUE, MAGIC_MEM, MAGIC_EVENT, MAGIC_PROGRAM,
       MAGIC_KERNEL };

/* every object's first member: the loader's table first, the kind, the count */
typedef struct Obj {
    cl_icd_dispatch *dispatch;
    unsigned magic, refs;
} Obj;

/* destructor callbacks (a context's, a memory object's): fn is the entry point's
   type cast to void (*)(void), cast back by whoever calls it */
typedef struct Callback {
    struct Callback *next;
    void (*fn)(void);
    void *user;
} Callback;

struct _cl_platform_id { cl_icd_dispatch *dispatch; };
struct _cl_device_id { cl_icd_dispatch *dispatch; };

struct _cl_context {
    Obj obj;
    cl_context_properties props[3];
    size_t nprops;                      /* 0, or 3 (platform, value, 0) */
    void (CL_CALLBACK *notify)(const char *, const void *, size_t, void *);
    void *user;
    Callback *callbacks;                /* clSetContextDestructorCallback's (cl30.c) */
};

struct _cl_command_queue {
    Obj obj;
    cl_context ctx;
    cl_command_queue_properties props;
    cl_queue_properties props_array[3]; /* clCreateCommandQueueWithProperties' list */
    size_t nprops_array;
};

struct _cl_mem {
    Obj obj;
    cl_context ctx;
    cl_mem_flags flags;
    size_t size;
    void *host;                         /* CL_MEM_USE_HOST_PTR's pointer */
    unsigned char *data;                /* the bytes kernels see */
    int owns;                           /* data is ours to free */
    cl_mem parent;                      /* a sub-buffer's buffer */
    size_t origin;
    unsigned maps;                      /* mapped regions not yet unmapped */
    Callback *callbacks;                /* clSetMemObjectDestructorCallback's */
    struct ImageInfo *img;              /* an image's format and extents, or NULL */
    int with_props;                     /* made by clCreateBufferWithProperties, not NULL */
};

struct _cl_event {
    Obj obj;
    cl_context ctx;
    cl_command_queue queue;             /* NULL: a user event */
    cl_command_type type;
    cl_int status;
    cl_ulong t[4];                      /* queued, submit, start, end (ns) */
    struct EventCallback *callbacks;
};

typedef struct KernelInfo KernelInfo;
struct _cl_program {
    Obj obj;
    cl_context ctx;
    char *source;                       /* from source, or NULL */
    unsigned char *il;                  /* from IL (SPIR-V), or NULL */
    size_t il_size;
    char *options, *log;
    cl_build_status status;
    void *dl;                           /* the compiled program */
    const KernelInfo *kernels;          /* its table (spv2c_kernels) */
    size_t nkernels;
    int (*launch)(const char *, const void *, const void *, size_t);
    unsigned attached;                  /* kernels made from it */
    char *so_path;                      /* the compiled program in the cache */
    cl_program_binary_type type;        /* what clCompileProgram/clLinkProgram made;
                                           NONE: an executable or nothing, by dl */
    unsigned char **parts;              /* a compiled object's, library's or linked
                                           program's SPIR-V modules (link.c) */
    size_t *part_size, nparts;
    unsigned char *il_spec;             /* the IL with specialization constants set */
    size_t global_bytes;                /* its program-scope __global variables' */
    size_t (*local_bytes)(const char *, const size_t *);   /* spv2c_cl_local_bytes */
    size_t (*private_bytes)(const char *);                 /* spv2c_cl_private_bytes */
    const char *arg_info;               /* spv2c_cl_arg_info (arginfo.c), or NULL */
    int arg_full;                       /* its parts give argument names and types: compiled
                                           from source with -cl-kernel-arg-info, or linked
                                           from such objects only */
    int linked_nonuniform;              /* made by clLinkProgram: 2 if every input lets a
                                           launch have non-uniform groups, else 1; 0 other */
};

/* the generated C's table (docs: the generated API) */
typedef struct ArgInfo {
    const char *name;
    int kind;                           /* 0 global, 1 constant, 2 local, 3 value */
    size_t size;
    unsigned scalar, bits, lanes;
} ArgInfo;
struct KernelInfo {
    const char *name;
    size_t nargs;
    const ArgInfo *args;
    size_t reqd[3];
};

typedef struct KernelArg {
    int set;
    size_t size;
    cl_mem mem;
    unsigned char *value;
} KernelArg;

struct _cl_kernel {
    Obj obj;
    cl_program program;
    const KernelInfo *info;
    KernelArg *args;
    int holds;                          /* a deferred launch's clone: its arguments'
                                           memory objects retained until it ends */
};

extern struct _cl_platform_id spv2c_cl_platform;
extern struct _cl_device_id spv2c_cl_device;
extern cl_icd_dispatch spv2c_cl_dispatch;

#define OK_OBJ(o, m) ((o) != NULL && (o)->obj.magic == (m))

/* icd.c: a new object's header: the dispatch table, magic, one reference;
   owner (its context, a kernel's program), when not NULL, is retained */
void spv2c_cl_obj_init(Obj *o, unsigned magic, Obj *owner);
/* icd.c: an object's count up, down (the count left: 0, the caller frees it)
   and read, under the lock: any thread may retain or release (a callback's) */
void spv2c_cl_retain(Obj *o);
unsigned spv2c_cl_release(Obj *o);
cl_uint spv2c_cl_refs(Obj *o);
/* icd.c: a callback onto a list; the list's callbacks, the last added first
   (0: none left), each taken off the list (under the lock; call it without) */
cl_int spv2c_cl_callback_add(Callback **list, void (*fn)(void), void *user);
int spv2c_cl_callback_next(Callback **list, void (**fn)(void), void **user);
/* icd.c: copy value (n bytes) out as clGet*Info does */
cl_int spv2c_cl_info(const void *value, size_t n, size_t size, void *out, size_t *size_ret);
/* icd.c: a wait list's validity (CL_INVALID_EVENT_WAIT_LIST, CL_INVALID_CONTEXT) */
cl_int spv2c_cl_wait_list(cl_context ctx, cl_uint n, const cl_event *list);
/* icd.c: a completed event of a command on q into *ev when ev is not NULL */
cl_int spv2c_cl_done(cl_command_queue q, cl_command_type type, cl_ulong start, cl_event *ev);
cl_ulong spv2c_cl_now(void);
/* icd.c: a queue's check before a command (q, its wait list): CL_SUCCESS or its
   error; a command then runs, or defers when spv2c_cl_must_wait says so */
cl_int spv2c_cl_queue_valid(cl_command_queue q, cl_uint n, const cl_event *list);

/* defer.c: commands that wait (a wait list not complete, or q holding deferred
   commands: spv2c_cl_must_wait). A deferred command is its entry point called
   again by run with no wait list, its event into *ev, args a copy of size bytes
   made at enqueue; mem[] (retained) and kernel (taken: a clone with the
   arguments of the enqueue) are released once it has run. spv2c_cl_defer
   captures it (blocking: waits and returns its status, CL_SUCCESS or an
   error); pump runs what can run; wait and finish block on the condition
   variable; set_status changes an event's status (profiling time t[k] unless
   k < 0) and calls its callbacks now due */
typedef struct Command {
    cl_int (*run)(const void *args, cl_event *ev);   /* NULL: a marker */
    const void *args;
    size_t size;
    cl_mem mem[2];
    cl_kernel kernel;
} Command;
int spv2c_cl_must_wait(cl_command_queue q, cl_uint nw, const cl_event *wl);
cl_int spv2c_cl_defer(cl_command_queue q, cl_command_type type, cl_uint nw, const cl_event *wl,
                      cl_event *ev, cl_bool block, const Command *c);
void spv2c_cl_pump(void);
cl_int spv2c_cl_wait(cl_uint n, const cl_event *list);
void spv2c_cl_finish(cl_command_queue q);
void spv2c_cl_set_status(cl_event e, cl_int s, int k);
cl_int spv2c_cl_add_callback(cl_event e, cl_int type,
                             void (CL_CALLBACK *fn)(cl_event, cl_int, void *), void *user);
void spv2c_cl_free_callbacks(cl_event e);
void spv2c_cl_lock(void);
void spv2c_cl_unlock(void);
cl_int CL_API_CALL spv2c_cl_RetainEvent(cl_event);
cl_int CL_API_CALL spv2c_cl_ReleaseEvent(cl_event);
/* checked.c: the checking mode (SPV2C_CL_CHECKED): 0 off, 1 stop, 2 continue, -1 a bad
   value; the text put before a checked build's C; a loaded program's report hook
   (NULL: none) set, -1 when the program's kind is not the mode's; a launch in a
   checked run (one at a time) */
#define SPV2C_CL_CHECK_STATUS 70
int spv2c_cl_checked(void);
extern const char spv2c_cl_check_prelude[];
int spv2c_cl_set_check_hook(void *hook);
int spv2c_cl_launch_checked(cl_program p, const char *kernel, const void *range,
                            const void *args, size_t nargs);



/* arginfo.c: the text spv2c_cl_arg_info of a SPIR-V module of nbytes (names, types and
   qualifiers when full: a source program built with -cl-kernel-arg-info; malloc'd,
   NULL: no memory); that text as C; clGetKernelArgInfo's answers but the address
   qualifier (i a valid index) */
char *spv2c_cl_arg_info(const void *words, size_t nbytes, int full);
char *spv2c_cl_arg_info_c(const char *text);
cl_int spv2c_cl_arg_query(cl_kernel k, cl_uint i, cl_kernel_arg_info what, size_t size,
                          void *out, size_t *ret);

/* program.c: the build's parts, for link.c */
cl_program spv2c_cl_new_program(cl_context c, cl_int *errp);
void spv2c_cl_log(cl_program p, const char *s);
uint64_t spv2c_cl_fnv(uint64_t h, const void *data, size_t n);
int spv2c_cl_has_word(const char *options, const char *w);   /* options hold the word w */
char *spv2c_cl_cache_dir(void);   /* made if need be; malloc'd, or NULL */
/* the build: p's key's shared object from the cache, or translated,
   compiled and put there; CL_SUCCESS or the error (the log says why) */
cl_int spv2c_cl_build(cl_program p, const char *options);
/* a build's option words into libspv2c's options; -1 on one it does not take */
struct spv2c_options;
int spv2c_cl_add_options(struct spv2c_options *o, const char *options);
/* link.c: the parts' memory; a parts program's binary (malloc'd, n bytes)
   and the program a binary of that kind makes (CL_INVALID_BINARY: not one) */
void spv2c_cl_parts_free(cl_program p);
unsigned char *spv2c_cl_parts_binary(cl_program p, size_t *n);
cl_int spv2c_cl_parts_from_binary(cl_program p, const unsigned char *b, size_t n);

/* cl30.c: the OpenCL 2.x/3.0 queries icd.c's, mem.c's, program.c's switches fall
   through to (CL_INVALID_VALUE: none of them); the device's extensions; the words
   a -cl-std=CL3.0 build adds (0, or -1) and what they depend on (the cache key);
   a context's destructor callbacks, called when it ends; whether a launch of a
   kernel of p may have a global size no multiple of the local size */
cl_int spv2c_cl_platform_info30(cl_platform_info what, size_t size, void *out, size_t *ret);
cl_int spv2c_cl_device_info30(cl_device_info what, size_t size, void *out, size_t *ret);
cl_int spv2c_cl_queue_info30(cl_command_queue q, cl_command_queue_info what, size_t size,
                             void *out, size_t *ret);
cl_int spv2c_cl_mem_info30(cl_mem m, cl_mem_info what, size_t size, void *out, size_t *ret);
cl_int spv2c_cl_program_info30(cl_program p, cl_program_info what, size_t size, void *out,
                               size_t *ret);
const char *spv2c_cl_extensions(void);
int spv2c_cl_add_cl30_options(struct spv2c_options *o);
const char *spv2c_cl_cl30_key(void);
void spv2c_cl_context_end(cl_context c);
int spv2c_cl_non_uniform(cl_program p);
/* the trailer a build puts after the C (malloc'd; NULL: no memory), read
   back by load: spv2c_cl_global_bytes, the program-scope __global
   variables' size, and spv2c_cl_local_bytes(kernel, sizes), a kernel's
   __local bytes with its __local arguments of sizes */
char *spv2c_cl_trailer(const char *c);

/* the entry points of mem.c, program.c, kernel.c, link.c (icd.c's dispatch table) */
cl_mem CL_API_CALL spv2c_cl_CreateBuffer(cl_context, cl_mem_flags, size_t, void *, cl_int *);
cl_mem CL_API_CALL spv2c_cl_CreateSubBuffer(cl_mem, cl_mem_flags, cl_buffer_create_type,
                                            const void *, cl_int *);
cl_int CL_API_CALL spv2c_cl_RetainMemObject(cl_mem);
cl_int CL_API_CALL spv2c_cl_ReleaseMemObject(cl_mem);
cl_int CL_API_CALL spv2c_cl_SetMemObjectDestructorCallback(cl_mem,
    void (CL_CALLBACK *)(cl_mem, void *), void *);
cl_int CL_API_CALL spv2c_cl_GetMemObjectInfo(cl_mem, cl_mem_info, size_t, void *, size_t *);
cl_int CL_API_CALL spv2c_cl_EnqueueReadBuffer(cl_command_queue, cl_mem, cl_bool, size_t, size_t,
    void *, cl_uint, const cl_event *, cl_event *);
cl_int CL_API_CALL spv2c_cl_EnqueueWriteBuffer(cl_command_queue, cl_mem, cl_bool, size_t,
    size_t, const void *, cl_uint, const cl_event *, cl_event *);
cl_int CL_API_CALL spv2c_cl_EnqueueCopyBuffer(cl_command_queue, cl_mem, cl_mem, size_t, size_t,
    size_t, cl_uint, const cl_event *, cl_event *);
cl_int CL_API_CALL spv2c_cl_EnqueueFillBuffer(cl_command_queue, cl_mem, const void *, size_t,
    size_t, size_t, cl_uint, const cl_event *, cl_event *);
void *CL_API_CALL spv2c_cl_EnqueueMapBuffer(cl_command_queue, cl_mem, cl_bool, cl_map_flags,
    size_t, size_t, cl_uint, const cl_event *, cl_event *, cl_int *);
cl_int CL_API_CALL spv2c_cl_EnqueueUnmapMemObject(cl_command_queue, cl_mem, void *, cl_uint,
    const cl_event *, cl_event *);
cl_int CL_API_CALL spv2c_cl_EnqueueReadBufferRect(cl_command_queue, cl_mem, cl_bool,
    const size_t *, const size_t *, const size_t *, size_t, size_t, size_t, size_t, void *,
    cl_uint, const cl_event *, cl_event *);
cl_int CL_API_CALL spv2c_cl_EnqueueWriteBufferRect(cl_command_queue, cl_mem, cl_bool,
    const size_t *, const size_t *, const size_t *, size_t, size_t, size_t, size_t,
    const void *, cl_uint, const cl_event *, cl_event *);
cl_int CL_API_CALL spv2c_cl_EnqueueCopyBufferRect(cl_command_queue, cl_mem, cl_mem,
    const size_t *, const size_t *, const size_t *, size_t, size_t, size_t, size_t, cl_uint,
    const cl_event *, cl_event *);
cl_program CL_API_CALL spv2c_cl_CreateProgramWithSource(cl_context, cl_uint, const char **,
                                                        const size_t *, cl_int *);
cl_program CL_API_CALL spv2c_cl_CreateProgramWithIL(cl_context, const void *, size_t, cl_int *);
cl_program CL_API_CALL spv2c_cl_CreateProgramWithBinary(cl_context, cl_uint,
    const cl_device_id *, const size_t *, const unsigned char **, cl_int *, cl_int *);
cl_int CL_API_CALL spv2c_cl_BuildProgram(cl_program, cl_uint, const cl_device_id *,
    const char *, void (CL_CALLBACK *)(cl_program, void *), void *);
cl_int CL_API_CALL spv2c_cl_GetProgramInfo(cl_program, cl_program_info, size_t, void *,
                                           size_t *);
cl_int CL_API_CALL spv2c_cl_GetProgramBuildInfo(cl_program, cl_device_id, cl_program_build_info,
                                                size_t, void *, size_t *);
cl_int CL_API_CALL spv2c_cl_RetainProgram(cl_program);
cl_int CL_API_CALL spv2c_cl_ReleaseProgram(cl_program);
cl_kernel CL_API_CALL spv2c_cl_CreateKernel(cl_program, const char *, cl_int *);
cl_int CL_API_CALL spv2c_cl_CreateKernelsInProgram(cl_program, cl_uint, cl_kernel *, cl_uint *);
cl_int CL_API_CALL spv2c_cl_RetainKernel(cl_kernel);
cl_int CL_API_CALL spv2c_cl_ReleaseKernel(cl_kernel);
cl_int CL_API_CALL spv2c_cl_SetKernelArg(cl_kernel, cl_uint, size_t, const void *);
cl_int CL_API_CALL spv2c_cl_GetKernelInfo(cl_kernel, cl_kernel_info, size_t, void *, size_t *);
cl_int CL_API_CALL spv2c_cl_GetKernelArgInfo(cl_kernel, cl_uint, cl_kernel_arg_info, size_t,
                                             void *, size_t *);
cl_int CL_API_CALL spv2c_cl_GetKernelWorkGroupInfo(cl_kernel, cl_device_id,
    cl_kernel_work_group_info, size_t, void *, size_t *);
cl_int CL_API_CALL spv2c_cl_EnqueueNDRangeKernel(cl_command_queue, cl_kernel, cl_uint,
    const size_t *, const size_t *, const size_t *, cl_uint, const cl_event *, cl_event *);
cl_int CL_API_CALL spv2c_cl_EnqueueTask(cl_command_queue, cl_kernel, cl_uint, const cl_event *,
                                        cl_event *);
cl_int CL_API_CALL spv2c_cl_CompileProgram(cl_program, cl_uint, const cl_device_id *,
    const char *, cl_uint, const cl_program *, const char **,
    void (CL_CALLBACK *)(cl_program, void *), void *);
cl_program CL_API_CALL spv2c_cl_LinkProgram(cl_context, cl_uint, const cl_device_id *,
    const char *, cl_uint, const cl_program *, void (CL_CALLBACK *)(cl_program, void *),
    void *, cl_int *);


/* image.c: images (a cl_mem with img set) and samplers */
#define MAGIC_SAMPLER 0x5c0c7e40
typedef struct ImageInfo {
    cl_image_format fmt;
    cl_image_desc desc;                 /* as created (unused extents 0) */
    size_t esize;                       /* bytes a texel takes */
    size_t ext[3];                      /* a region's bounds: x, y or layers, z or layers */
    size_t step[3];                     /* bytes between texels in each of those */
} ImageInfo;
struct _cl_sampler {
    Obj obj;
    cl_context ctx;
    cl_bool norm;
    cl_addressing_mode addressing;
    cl_filter_mode filter;
};
/* a kernel's image (scalar 3) or sampler (scalar 4) argument: its value, from the
   cl_mem or cl_sampler at value (the generated image struct, or the sampler's bits) */
cl_int spv2c_cl_image_arg(cl_context c, const ArgInfo *a, size_t size, const void *value,
                          KernelArg *ka);
cl_mem_object_type spv2c_cl_mem_type(cl_mem m);
cl_int CL_API_CALL spv2c_cl_GetSupportedImageFormats(cl_context, cl_mem_flags,
    cl_mem_object_type, cl_uint, cl_image_format *, cl_uint *);
cl_mem CL_API_CALL spv2c_cl_CreateImage(cl_context, cl_mem_flags, const cl_image_format *,
    const cl_image_desc *, void *, cl_int *);
cl_mem CL_API_CALL spv2c_cl_CreateImage2D(cl_context, cl_mem_flags, const cl_image_format *,
    size_t, size_t, size_t, void *, cl_int *);
cl_mem CL_API_CALL spv2c_cl_CreateImage3D(cl_context, cl_mem_flags, const cl_image_format *,
    size_t, size_t, size_t, size_t, size_t, void *, cl_int *);
cl_int CL_API_CALL spv2c_cl_GetImageInfo(cl_mem, cl_image_info, size_t, void *, size_t *);
cl_int CL_API_CALL spv2c_cl_EnqueueReadImage(cl_command_queue, cl_mem, cl_bool, const size_t *,
    const size_t *, size_t, size_t, void *, cl_uint, const cl_event *, cl_event *);
cl_int CL_API_CALL spv2c_cl_EnqueueWriteImage(cl_command_queue, cl_mem, cl_bool,
    const size_t *, const size_t *, size_t, size_t, const void *, cl_uint, const cl_event *,
    cl_event *);
cl_int CL_API_CALL spv2c_cl_EnqueueCopyImage(cl_command_queue, cl_mem, cl_mem, const size_t *,
    const size_t *, const size_t *, cl_uint, const cl_event *, cl_event *);
cl_int CL_API_CALL spv2c_cl_EnqueueFillImage(cl_command_queue, cl_mem, const void *,
    const size_t *, const size_t *, cl_uint, const cl_event *, cl_event *);
cl_int CL_API_CALL spv2c_cl_EnqueueCopyImageToBuffer(cl_command_queue, cl_mem, cl_mem,
    const size_t *, const size_t *, size_t, cl_uint, const cl_event *, cl_event *);
cl_int CL_API_CALL spv2c_cl_EnqueueCopyBufferToImage(cl_command_queue, cl_mem, cl_mem, size_t,
    const size_t *, const size_t *, cl_uint, const cl_event *, cl_event *);
void *CL_API_CALL spv2c_cl_EnqueueMapImage(cl_command_queue, cl_mem, cl_bool, cl_map_flags,
    const size_t *, const size_t *, size_t *, size_t *, cl_uint, const cl_event *, cl_event *,
    cl_int *);
cl_sampler CL_API_CALL spv2c_cl_CreateSampler(cl_context, cl_bool, cl_addressing_mode,
                                              cl_filter_mode, cl_int *);
cl_int CL_API_CALL spv2c_cl_RetainSampler(cl_sampler);
cl_int CL_API_CALL spv2c_cl_ReleaseSampler(cl_sampler);
cl_int CL_API_CALL spv2c_cl_GetSamplerInfo(cl_sampler, cl_sampler_info, size_t, void *,
                                           size_t *);
/* cl30.c's entry points (the 2.x/3.0 dispatch entries) */
cl_command_queue CL_API_CALL spv2c_cl_CreateCommandQueueWithProperties(cl_context, cl_device_id,
    const cl_queue_properties *, cl_int *);
cl_mem CL_API_CALL spv2c_cl_CreateBufferWithProperties(cl_context, const cl_mem_properties *,
    cl_mem_flags, size_t, void *, cl_int *);
cl_mem CL_API_CALL spv2c_cl_CreateImageWithProperties(cl_context, const cl_mem_properties *,
    cl_mem_flags, const cl_image_format *, const cl_image_desc *, void *, cl_int *);
cl_sampler CL_API_CALL spv2c_cl_CreateSamplerWithProperties(cl_context,
    const cl_sampler_properties *, cl_int *);
cl_int CL_API_CALL spv2c_cl_SetContextDestructorCallback(cl_context,
    void (CL_CALLBACK *)(cl_context, void *), void *);
cl_kernel CL_API_CALL spv2c_cl_CloneKernel(cl_kernel, cl_int *);
cl_int CL_API_CALL spv2c_cl_GetKernelSubGroupInfo(cl_kernel, cl_device_id,
    cl_kernel_sub_group_info, size_t, const void *, size_t, void *, size_t *);
cl_int CL_API_CALL spv2c_cl_SetProgramReleaseCallback(cl_program,
    void (CL_CALLBACK *)(cl_program, void *), void *);
cl_int CL_API_CALL spv2c_cl_SetProgramSpecializationConstant(cl_program, cl_uint, size_t,
                                                             const void *);
cl_int CL_API_CALL spv2c_cl_GetHostTimer(cl_device_id, cl_ulong *);
cl_int CL_API_CALL spv2c_cl_GetDeviceAndHostTimer(cl_device_id, cl_ulong *, cl_ulong *);
void *CL_API_CALL spv2c_cl_SVMAlloc(cl_context, cl_svm_mem_flags, size_t, cl_uint);
void CL_API_CALL spv2c_cl_SVMFree(cl_context, void *);
cl_int CL_API_CALL spv2c_cl_EnqueueSVMFree(cl_command_queue, cl_uint, void *[],
    void (CL_CALLBACK *)(cl_command_queue, cl_uint, void *[], void *), void *, cl_uint,
    const cl_event *, cl_event *);
cl_int CL_API_CALL spv2c_cl_EnqueueSVMMemcpy(cl_command_queue, cl_bool, void *, const void *,
    size_t, cl_uint, const cl_event *, cl_event *);
cl_int CL_API_CALL spv2c_cl_EnqueueSVMMemFill(cl_command_queue, void *, const void *, size_t,
    size_t, cl_uint, const cl_event *, cl_event *);
cl_int CL_API_CALL spv2c_cl_EnqueueSVMMap(cl_command_queue, cl_bool, cl_map_flags, void *,
    size_t, cl_uint, const cl_event *, cl_event *);
cl_int CL_API_CALL spv2c_cl_EnqueueSVMUnmap(cl_command_queue, void *, cl_uint, const cl_event *,
                                            cl_event *);
cl_int CL_API_CALL spv2c_cl_EnqueueSVMMigrateMem(cl_command_queue, cl_uint, const void **,
    const size_t *, cl_mem_migration_flags, cl_uint, const cl_event *, cl_event *);
cl_int CL_API_CALL spv2c_cl_SetKernelArgSVMPointer(cl_kernel, cl_uint, const void *);
cl_int CL_API_CALL spv2c_cl_SetKernelExecInfo(cl_kernel, cl_kernel_exec_info, size_t,
                                              const void *);
cl_mem CL_API_CALL spv2c_cl_CreatePipe(cl_context, cl_mem_flags, cl_uint, cl_uint,
                                       const cl_pipe_properties *, cl_int *);
cl_int CL_API_CALL spv2c_cl_GetPipeInfo(cl_mem, cl_pipe_info, size_t, void *, size_t *);
cl_int CL_API_CALL spv2c_cl_SetDefaultDeviceCommandQueue(cl_context, cl_device_id,
                                                         cl_command_queue);

#endif

/* spv2c runtime part: exec (needs: base) */
/*
 * The NDRange executor's shared pieces: checking a range and picking local
 * sizes, the static local-memory arena (no heap), the kernel table's types,
 * and the untyped launcher that the public API and main() go through.
 * The per-kernel loops over work-groups and work-items are generated, so
 * the compiler can inline the kernel into them.
 */
#ifndef SPV2C_LOCAL_MEM_SIZE
#define SPV2C_LOCAL_MEM_SIZE 65536
#endif

/* The launch errors SPV2C_E_*_ and spv2c_strerror_() come before the
   runtime, from the table of the public codes (src/api.c) */
/* The largest work-group (work-items): local ids and sizes then fit a
   signed 32-bit int, which the generated code relies on (the transpiler
   turns (long)(int)get_local_id(0) into the id itself). Fixed, not a
   setting. */
#define SPV2C_MAX_WORK_GROUP_SIZE_ 0x7fffffffu

/* Before a loop over the work-items of a region with no atomics and no
   calls: no work-item can see another's accesses there (without a
   barrier or an atomic that would be a data race, whose result OpenCL
   leaves undefined), so the iterations are independent, and the compiler
   need not prove that the local arena, the frames and the buffers do not
   overlap before vectorising (PoCL marks its work-item loops parallel for
   the same reason). gcc only: clang's nearest hint, vectorize(assume_safety),
   also demands vectorisation and warns where it cannot; other compilers
   get nothing. */
#ifndef SPV2C_IVDEP_
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 5
#define SPV2C_IVDEP_ _Pragma("GCC ivdep")
#else
#define SPV2C_IVDEP_
#endif
#endif

/* A loop gcc -O3 should vectorise rather than unroll first: the fast copy
   of a chunk (src/affine.c) and a 16-chunk of independent work-items,
   whose bodies are simple enough that gcc's early complete unrolling
   turns their 16 iterations into scalar code (measured in the README).
   gcc 8 and later. */
#ifndef SPV2C_VECTOR_LOOP_
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 8
#define SPV2C_VECTOR_LOOP_ _Pragma("GCC unroll 1")
#else
#define SPV2C_VECTOR_LOOP_
#endif
#endif

/* A barrier-free kernel's function (and the one its entry stub calls),
   after static: inlined into the work-item loops that call it (two a
   work-group function: the chunks and the rest), or no compiler can
   vectorise them; gcc -O2 keeps a kernel of more than a few statements
   out of line when it has two callers. */
#ifndef SPV2C_ITEM_INLINE_
#if defined(__GNUC__)
#define SPV2C_ITEM_INLINE_ inline __attribute__((always_inline))
#else
#define SPV2C_ITEM_INLINE_ inline
#endif
#endif

enum { SPV2C_ARG_GLOBAL_, SPV2C_ARG_CONSTANT_, SPV2C_ARG_LOCAL_, SPV2C_ARG_VALUE_ };

typedef struct spv2c_nd_ {
    unsigned dim;
    size_t off[3], gsz[3], lsz[3], ngrp[3];
} spv2c_nd_;

/* a parameter's row: the public API's PREFIXarg_info, which the generated
   file names spv2c_karg_ for the runtime (one table serves both) */

typedef struct spv2c_kinfo_ {
    const char *name;
    size_t nargs;
    const spv2c_karg_ *args;
    size_t reqd[3];
    int (*launch)(const spv2c_nd_ *nd, void *const *ptrs, const size_t *sizes);
    size_t (*frames)(const spv2c_nd_ *nd);   /* a group's frame bytes (kernel.c) */
    size_t wg_bytes;                         /* kernel-scope __local bytes */
} spv2c_kinfo_;

/*
 * Where a launch's __local memory and work-group state (the frames of
 * work-items resumed after barriers) live (docs/porting.md, "RAM"):
 *   by default in two static arenas: SPV2C_LOCAL_MEM_SIZE bytes of __local
 *   memory here and SPV2C_FRAME_MEM bytes of frames (the module defines
 *   them, only when a kernel needs them), both declared with
 *   SPV2C_ARENA_ATTR (e.g. __attribute__((section(".sram2"))));
 *   with -DSPV2C_WORKSPACE in no static storage at all: the caller of
 *   PREFIXlaunch_ws passes one buffer, __local memory at its start and the
 *   frames after it, of at least the bytes PREFIXworkspace_size says.
 * Either way a launch that does not fit returns SPV2C_E_LOCAL_MEM_ or
 * SPV2C_E_WORK_GROUP_MEM_ before any work-item runs; nothing is overrun.
 */
#ifndef SPV2C_ARENA_ATTR
#define SPV2C_ARENA_ATTR
#endif
/* a workspace's alignment: the arenas' (long double, uint64_t, pointers) */
#define SPV2C_WS_ALIGN_ 16u
static size_t spv2c_local_used_;

#ifdef SPV2C_WORKSPACE
#if defined(_OPENMP) && defined(SPV2C_THREADS)
#error "spv2c: SPV2C_WORKSPACE is for the serial executor, not SPV2C_THREADS"
#endif
/* this launch's parts of the caller's workspace (spv2c_launch_tab_) */
static unsigned char *spv2c_ws_local_, *spv2c_ws_frames_;
static size_t spv2c_ws_local_len_, spv2c_ws_frames_len_;
#define SPV2C_LOCAL_LEN_ spv2c_ws_local_len_
#define SPV2C_FRAME_LEN_ spv2c_ws_frames_len_
SPV2C_INLINE unsigned char *spv2c_local_base_(void)
{
    return spv2c_ws_local_;
}
#else
#define SPV2C_LOCAL_LEN_ ((size_t)SPV2C_LOCAL_MEM_SIZE)
#define SPV2C_FRAME_LEN_ ((size_t)SPV2C_FRAME_MEM)
static union { SPV2C_ALIGN_(SPV2C_MAX_ALIGN_) unsigned char b[SPV2C_LOCAL_MEM_SIZE];
    long double ld; uint64_t u; } spv2c_local_ SPV2C_ARENA_ATTR;
#if defined(_OPENMP) && defined(SPV2C_THREADS)
/* one arena a thread: the threaded executor runs a work-group a thread */
#pragma omp threadprivate(spv2c_local_)
#endif

/* The arena's base. Kernel-scope __local variables sit at fixed offsets in
   it, __local arguments after them. Under the threaded executor each
   thread has its own arena (thread-local), and the base comes from a call:
   addressing thread-local arrays directly lets gcc fold index arithmetic
   into relocations that overflow. */
#if defined(_OPENMP) && defined(SPV2C_THREADS)
SPV2C_NOINLINE static unsigned char *spv2c_local_tls_(void)
{
    return spv2c_local_.b;
}
SPV2C_INLINE unsigned char *spv2c_local_base_(void)
{
    return spv2c_local_tls_();
}
#else
SPV2C_INLINE unsigned char *spv2c_local_base_(void)
{
    return spv2c_local_.b;
}
#endif
#endif

/*
 * The address space a generic pointer points into, for OpenCL C 2.0's
 * to_global, to_local and to_private (OpGenericCastToPtrExplicit), which
 * return NULL for a pointer into another space:
 *   local    inside the local-memory arena above;
 *   private  on the C stack between the mark (the frame of the launcher,
 *            spv2c_launch_tab_, for the duration of a launch; under the
 *            threaded executor each thread's frame in run_K around a group
 *            function, SPV2C_GROUP_CALL_) and the frame of the call asking:
 *            every work-item's private variables live in between (C locals
 *            of the kernel's functions and of the executor that runs them);
 *            or in the frame arena of the group running on this thread,
 *            where a kernel with barriers keeps the private variables live
 *            across one (spv2c_frames_at_ .. spv2c_frames_end_, set by its
 *            group function);
 *   global   anything else (buffers, program-scope variables, constants).
 * Addresses are compared as uintptr_t (one flat address space, as on every
 * target spv2c supports). All three pointers are the thread's own under the
 * threaded executor.
 */
static unsigned char *spv2c_stack_mark_;
static unsigned char *spv2c_frames_at_, *spv2c_frames_end_;
#if defined(_OPENMP) && defined(SPV2C_THREADS)
#pragma omp threadprivate(spv2c_stack_mark_, spv2c_frames_at_, spv2c_frames_end_)
#endif

/* A group function: never inlined under the threaded executor, whose loop
   sets the thread's stack mark in the frame that calls it, so that every
   work-item's private variables (the group function's locals and below)
   sit below the mark */
#if defined(_OPENMP) && defined(SPV2C_THREADS)
#define SPV2C_GROUP_ SPV2C_NOINLINE
#define SPV2C_GROUP_CALL_(call)                                              \
    do {                                                                     \
        volatile unsigned char m_ = 0;                                       \
        spv2c_stack_mark_ = (unsigned char *)&m_;                            \
        call;                                                                \
        spv2c_stack_mark_ = 0;                                               \
    } while (0)
#else
#define SPV2C_GROUP_
#define SPV2C_GROUP_CALL_(call) call
#endif

/* How the threaded executor shares out the work-groups (an OpenMP schedule
   clause, over the groups in order g0 fastest): by default each thread
   gets one contiguous block of about ngroups / nthreads groups, which keeps
   a thread on neighbouring memory and costs one dispatch a thread
   (docs/performance.md measured it against dynamic and guided schedules).
   -DSPV2C_THREAD_SCHEDULE='schedule(dynamic, 16)' for kernels whose groups
   cost very different times.
   A launch of fewer than SPV2C_THREAD_MIN_GROUPS work-groups (default 2)
   runs on the calling thread, the default schedule's if clause: one group
   cannot be shared, and a team forked for it only wakes threads to wait
   (scripts/bench-launch, docs/performance.md "Launch overhead"). The clause
   reads run_K's nd, where the generated C expands this macro. */
#ifndef SPV2C_THREAD_MIN_GROUPS
#define SPV2C_THREAD_MIN_GROUPS 2
#endif
#ifndef SPV2C_THREAD_SCHEDULE
#define SPV2C_THREAD_SCHEDULE schedule(static) \
    if (nd->ngrp[0] * nd->ngrp[1] * nd->ngrp[2] >= SPV2C_THREAD_MIN_GROUPS)
#endif

enum { SPV2C_SPACE_GLOBAL_, SPV2C_SPACE_LOCAL_, SPV2C_SPACE_PRIVATE_ };

/* never inlined: `here` must sit below the frame of the caller, whose
   private variables are compared with it */
#if defined(__GNUC__)
__attribute__((noinline, unused))
#endif
static int spv2c_space_of_(const void *p)
{
    volatile unsigned char here = 0;
    uintptr_t a = (uintptr_t)p, lb = (uintptr_t)spv2c_local_base_();
    uintptr_t h = (uintptr_t)&here, m = (uintptr_t)spv2c_stack_mark_;
    uintptr_t fa = (uintptr_t)spv2c_frames_at_, fe = (uintptr_t)spv2c_frames_end_;

    if (a >= lb && a - lb < SPV2C_LOCAL_LEN_)
        return SPV2C_SPACE_LOCAL_;
    if (m && (h < m ? a >= h && a < m : a > m && a <= h))
        return SPV2C_SPACE_PRIVATE_;
    if (a >= fa && a < fe)
        return SPV2C_SPACE_PRIVATE_;
    return SPV2C_SPACE_GLOBAL_;
}

/* p when it points into space (a SPV2C_SPACE_ constant), else NULL */
SPV2C_INLINE void *spv2c_to_space_(void *p, int space)
{
    return p && spv2c_space_of_(p) == space ? p : (void *)0;
}

/* n bytes of local memory: their offset in the arena, or (size_t)-1 */
SPV2C_INLINE size_t spv2c_local_alloc_(size_t n)
{
    size_t at = (spv2c_local_used_ + 127) / 128 * 128;
    if (n > SPV2C_LOCAL_LEN_ || at > SPV2C_LOCAL_LEN_ - n)
        return (size_t)-1;
    spv2c_local_used_ = at + n;
    return at;
}

/* the size of work-group g along dimension d (the last one may be partial) */
SPV2C_INLINE size_t spv2c_group_size_(const spv2c_nd_ *nd, unsigned d, size_t g)
{
    size_t left = nd->gsz[d] - g * nd->lsz[d];
    return left < nd->lsz[d] ? left : nd->lsz[d];
}

/* Bounds of a work-item loop over part of a row of n work-items, for a
   region that runs only where l0 < u, l0 <= u, ... (u sign- or
   zero-extended): the first of 0..n that is not below u (upto), not at
   or below u (past) */
SPV2C_INLINE size_t spv2c_upto_s_(int64_t u, size_t n)
{
    return u <= 0 ? 0 : (uint64_t)u >= n ? n : (size_t)u;
}

SPV2C_INLINE size_t spv2c_upto_u_(uint64_t u, size_t n)
{
    return u >= n ? n : (size_t)u;
}

SPV2C_INLINE size_t spv2c_past_s_(int64_t u, size_t n)
{
    return u < 0 ? 0 : (uint64_t)u >= n ? n : (size_t)u + 1;
}

SPV2C_INLINE size_t spv2c_past_u_(uint64_t u, size_t n)
{
    return u >= n ? n : (size_t)u + 1;
}

/* the largest divisor of n that is at most cap */
SPV2C_INLINE size_t spv2c_pick_local_(size_t n, size_t cap)
{
    size_t l = n < cap ? n : cap;
    while (l > 1 && n % l)
        l--;
    return l ? l : 1;
}

SPV2C_INLINE int spv2c_nd_setup_(spv2c_nd_ *nd, unsigned dim, const size_t *off,
                                  const size_t *gsz, const size_t *lsz, const size_t *reqd)
{
    unsigned d;
    int pick = lsz[0] == 0 && lsz[1] == 0 && lsz[2] == 0;
    if (dim < 1 || dim > 3)
        return SPV2C_E_NDRANGE_;
    nd->dim = dim;
    for (d = 0; d < 3; d++) {
        if (d < dim) {
            if (gsz[d] == 0 || off[d] > (size_t)-1 - gsz[d])
                return SPV2C_E_NDRANGE_;
            nd->off[d] = off[d];
            nd->gsz[d] = gsz[d];
            if (reqd[0] && pick)
                nd->lsz[d] = reqd[d];
            else if (pick)
                nd->lsz[d] = spv2c_pick_local_(gsz[d], d == 0 ? 64 : 1);
            else
                nd->lsz[d] = lsz[d];
            if (nd->lsz[d] == 0)
                return SPV2C_E_LOCAL_SIZE_;
            if (reqd[0] && nd->lsz[d] != reqd[d])
                return SPV2C_E_LOCAL_SIZE_;
        } else {
            nd->off[d] = 0;
            nd->gsz[d] = 1;
            nd->lsz[d] = 1;
        }
        nd->ngrp[d] = (nd->gsz[d] + nd->lsz[d] - 1) / nd->lsz[d];
    }
    if (nd->lsz[0] > SPV2C_MAX_WORK_GROUP_SIZE_ ||
        nd->lsz[1] > SPV2C_MAX_WORK_GROUP_SIZE_ / nd->lsz[0] ||
        nd->lsz[2] > SPV2C_MAX_WORK_GROUP_SIZE_ / (nd->lsz[0] * nd->lsz[1]))
        return SPV2C_E_LOCAL_SIZE_;
    return 0;
}

/* The __local bytes of a launch: the kernel-scope variables, then each
   __local argument at a 128-byte boundary (as spv2c_local_alloc_ places
   them); (size_t)-1 when that overflows */
SPV2C_INLINE size_t spv2c_local_need_(const spv2c_kinfo_ *k, const size_t *sizes)
{
    size_t i, used = k->wg_bytes, at;

    for (i = 0; i < k->nargs; i++) {
        if (k->args[i].kind != SPV2C_ARG_LOCAL_)
            continue;
        if (used > (size_t)-1 - 127)
            return (size_t)-1;
        at = (used + 127) / 128 * 128;
        if (sizes[i] > (size_t)-1 - at)
            return (size_t)-1;
        used = at + sizes[i];
    }
    return used;
}

/* The workspace of a launch (spv2c_launch_tab_): with need, store the bytes
   it needs there ((size_t)-1: more than a size_t) and run nothing; else
   check that ws holds them and, under SPV2C_WORKSPACE, hand out its parts:
   __local memory from its first SPV2C_MAX_ALIGN_ boundary, the frames from
   the next one after it (a long16 in either must be 128-byte aligned, and
   the caller's workspace need only be SPV2C_WS_ALIGN_ aligned: the need
   counts the most that can take, whatever the address).
   Without SPV2C_WORKSPACE a workspace is refused (the static arenas serve). */
SPV2C_INLINE int spv2c_workspace_(const spv2c_kinfo_ *k, const spv2c_nd_ *nd,
                                  const size_t *sizes, void *ws, size_t ws_size, size_t *need)
{
    const size_t al = SPV2C_MAX_ALIGN_, pad = SPV2C_MAX_ALIGN_ - SPV2C_WS_ALIGN_;
    size_t loc = spv2c_local_need_(k, sizes), at, fr = k->frames(nd), all;

    at = loc > (size_t)-1 - al ? (size_t)-1 : (loc + al - 1) / al * al;
    if (at == (size_t)-1 || fr > (size_t)-1 - pad - at)
        all = (size_t)-1;
    else
        all = loc || fr ? pad + (fr ? at + fr : loc) : 0;
    if (need) {
        *need = all;
        return 0;
    }
#ifdef SPV2C_WORKSPACE
    if (ws && (uintptr_t)ws % SPV2C_WS_ALIGN_)
        return SPV2C_E_WORKSPACE_;
    if (!ws)
        ws_size = 0;
    if (loc && (ws_size < pad || loc > ws_size - pad))
        return SPV2C_E_LOCAL_MEM_;
    if (fr && (all == (size_t)-1 || all > ws_size))
        return SPV2C_E_WORK_GROUP_MEM_;
    ws = ws ? (unsigned char *)ws + (al - (uintptr_t)ws % al) % al : ws;
    spv2c_ws_local_ = (unsigned char *)ws;
    spv2c_ws_local_len_ = loc;
    spv2c_ws_frames_ = fr ? (unsigned char *)ws + at : 0;
    spv2c_ws_frames_len_ = fr ? ws_size - pad - at : 0;
#else
    (void)ws_size;
    if (ws)
        return SPV2C_E_WORKSPACE_;
#endif
    return 0;
}

SPV2C_INLINE int spv2c_launch_tab_(const spv2c_kinfo_ *tab, size_t ntab, const char *kernel,
                                    unsigned dim, const size_t *off, const size_t *gsz,
                                    const size_t *lsz, void *const *ptrs, const size_t *sizes,
                                    size_t nargs, void *ws, size_t ws_size, size_t *need)
{
    const spv2c_kinfo_ *k = 0;
    spv2c_nd_ nd;
    size_t i;
    int r;

    for (i = 0; i < ntab && kernel; i++) {
        const char *a = tab[i].name, *b = kernel;   /* no strcmp: freestanding */
        while (*a && *a == *b)
            a++, b++;
        if (*a == *b)
            k = &tab[i];
    }
    if (!k)
        return SPV2C_E_UNKNOWN_KERNEL_;
    if (nargs != k->nargs)
        return SPV2C_E_ARG_COUNT_;
    for (i = 0; i < nargs; i++) {
        const spv2c_karg_ *a = &k->args[i];
        if (a->kind == SPV2C_ARG_VALUE_ && (sizes[i] != a->size || !ptrs[i]))
            return SPV2C_E_ARG_SIZE_;
        if (a->kind == SPV2C_ARG_LOCAL_ && sizes[i] == 0)
            return SPV2C_E_ARG_SIZE_;
        if ((a->kind == SPV2C_ARG_GLOBAL_ || a->kind == SPV2C_ARG_CONSTANT_) && !ptrs[i] &&
            sizes[i])
            return SPV2C_E_NULL_BUFFER_;
    }
    r = spv2c_nd_setup_(&nd, dim, off, gsz, lsz, k->reqd);
    if (r)
        return r;
    r = spv2c_workspace_(k, &nd, sizes, ws, ws_size, need);
    if (r || need)
        return r;
    spv2c_local_used_ = 0;
    {
        /* the private-memory mark (spv2c_space_of_): this frame is above
           every work-item's; cleared after, so the call is no tail call */
        unsigned char mark = 0;
        spv2c_stack_mark_ = &mark;
        r = k->launch(&nd, ptrs, sizes);
        spv2c_stack_mark_ = 0;
        spv2c_frames_at_ = spv2c_frames_end_ = 0;
    }
    return r;
}

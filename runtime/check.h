/* spv2c runtime part: check (needs: base) */
/*
 * The checking mode (spv2c --checked): generated code verifies, as it
 * runs, what the OpenCL C specification leaves undefined and reports it
 * instead of computing something else: accesses out of bounds of the
 * object their pointer came from, data races between the work-items of a
 * group, reads of uninitialised __local and private memory (the memory
 * checks below), async copies and waits that a group's work-items do not
 * all reach alike (the work-group operations below), misaligned
 * vector-data and atomic addresses, work-items that diverge at a barrier.
 * A report names the kernel, the operation, the work-item and the address
 * or object (docs/design/checked.md has the list). SPV2C_CHECK_FAIL()
 * decides what happens next: by default the program stops (abort());
 * define it before this part to do something else (e.g. longjmp out of a
 * test).
 */
#if defined(SPV2C_FREESTANDING)
/* freestanding (no stdio, no abort): the user supplies both the report, a
   function that gets each message in pieces (text, or a number when text is
   NULL), and SPV2C_CHECK_FAIL() (docs/porting.md) */
void spv2c_check_report(const char *text, unsigned long number);
#ifndef SPV2C_CHECK_FAIL
#error "spv2c --checked with SPV2C_FREESTANDING: define SPV2C_CHECK_FAIL() (done after a report)"
#endif
#define SPV2C_CK_S_(s) spv2c_check_report(s, 0)
#define SPV2C_CK_N_(n) spv2c_check_report(0, (unsigned long)(n))
#define SPV2C_CK_P_(p) spv2c_check_report(0, (unsigned long)(uintptr_t)(p))
#else
#include <stdio.h>
#include <stdlib.h>

#ifndef SPV2C_CHECK_FAIL
#define SPV2C_CHECK_FAIL() abort()
#endif
#endif

/* p must be a multiple of align (a power of two) */
SPV2C_INLINE void spv2c_check_align_(const char *kernel, const char *what, const size_t *gid,
                                     const void *p, size_t align)
{
    if (((size_t)(uintptr_t)p & (align - 1)) == 0)
        return;
#if defined(SPV2C_FREESTANDING)
    SPV2C_CK_S_("spv2c: checked: kernel "); SPV2C_CK_S_(kernel); SPV2C_CK_S_(": ");
    SPV2C_CK_S_(what); SPV2C_CK_S_(": address "); SPV2C_CK_P_(p);
    SPV2C_CK_S_(" is not aligned to "); SPV2C_CK_N_(align); SPV2C_CK_S_(" bytes (work-item ");
    SPV2C_CK_N_(gid[0]); SPV2C_CK_S_(","); SPV2C_CK_N_(gid[1]); SPV2C_CK_S_(",");
    SPV2C_CK_N_(gid[2]); SPV2C_CK_S_(")\n");
#else
    fprintf(stderr, "spv2c: checked: kernel %s: %s: address %p is not %u-byte aligned "
            "(work-item %u,%u,%u)\n", kernel, what, p, (unsigned)align, (unsigned)gid[0],
            (unsigned)gid[1], (unsigned)gid[2]);
    fflush(stderr);
#endif
    SPV2C_CHECK_FAIL();
}

/* work-items of a group that do not all wait at the same barrier: the
   kernel is invalid; a and b are two of them (done: it had finished) */
SPV2C_INLINE void spv2c_check_diverge_(const char *kernel, const size_t *ga, unsigned bar_a,
                                       int done_a, const size_t *gb, unsigned bar_b, int done_b)
{
#if defined(SPV2C_FREESTANDING)
    SPV2C_CK_S_("spv2c: checked: kernel "); SPV2C_CK_S_(kernel);
    SPV2C_CK_S_(": work-items diverge at a barrier: work-item ");
    SPV2C_CK_N_(ga[0]); SPV2C_CK_S_(","); SPV2C_CK_N_(ga[1]); SPV2C_CK_S_(","); SPV2C_CK_N_(ga[2]);
    SPV2C_CK_S_(done_a ? " has finished" : " waits at the barrier at word ");
    if (!done_a) SPV2C_CK_N_(bar_a);
    SPV2C_CK_S_(", work-item ");
    SPV2C_CK_N_(gb[0]); SPV2C_CK_S_(","); SPV2C_CK_N_(gb[1]); SPV2C_CK_S_(","); SPV2C_CK_N_(gb[2]);
    SPV2C_CK_S_(done_b ? " has finished\n" : " waits at the barrier at word ");
    if (!done_b) { SPV2C_CK_N_(bar_b); SPV2C_CK_S_("\n"); }
#else
    fprintf(stderr, "spv2c: checked: kernel %s: work-items diverge at a barrier: "
            "work-item %u,%u,%u ", kernel, (unsigned)ga[0], (unsigned)ga[1], (unsigned)ga[2]);
    if (done_a)
        fprintf(stderr, "has finished");
    else
        fprintf(stderr, "waits at the barrier at word %u", bar_a);
    fprintf(stderr, ", work-item %u,%u,%u ", (unsigned)gb[0], (unsigned)gb[1], (unsigned)gb[2]);
    if (done_b)
        fprintf(stderr, "has finished\n");
    else
        fprintf(stderr, "waits at the barrier at word %u\n", bar_b);
    fflush(stderr);
#endif
    SPV2C_CHECK_FAIL();
}

/* ---- memory checks: bounds, data races, uninitialised reads ----
 *
 * Every load, store, atomic, vector-data access and async copy of a checked
 * kernel calls spv2c_ck_() with its address and size. The launch registers
 * the objects an access may touch (spv2c_ck_obj_): each __global and
 * __constant buffer argument with the size the launch gave (size 0: not
 * known, not checked), the program-scope variables, the kernel-scope
 * __local variables, the __local arguments, and each private variable when
 * its function starts. An access that lies inside no registered object is
 * reported as out of bounds, naming the nearest object below it.
 *
 * Races: work-items of a group run one after another, so a per-byte shadow
 * of the last writer and the reader(s) since the group's last barrier is
 * enough (Oclgrind's rule): a read of a byte another work-item wrote, or a
 * write of a byte another work-item read or wrote, in the same barrier
 * interval is a race. A shadow word holds the interval's number (the
 * epoch; a barrier starts a new one, so nothing is cleared), the writer
 * and the reader (local linear id + 1; 0xffff: several). __local and
 * __global objects have one; atomics neither read nor set it. The records
 * of chunks of work-items checked at once (spv2c_ck_chunk_) are kept as
 * runs until a check in place needs them in the words (spv2c_ck_flush_).
 * Uninitialised reads: __local and private objects have a byte a byte,
 * cleared when the object starts to live (a work-group's start, a
 * function's call); a load of a byte no store has set is reported.
 * The shadows come from calloc (hosted); freestanding, define
 * SPV2C_CHECK_ALLOC(n) (zeroed memory or NULL) and SPV2C_CHECK_FREE(p), or
 * get the bounds checks only.
 */
#define SPV2C_CHECKED_ 1
#ifndef SPV2C_CHECK_SITES
#define SPV2C_CHECK_SITES 16          /* async copies and waits a barrier interval */
#endif
#ifndef SPV2C_CHECK_SITE_RECORDS
#define SPV2C_CHECK_SITE_RECORDS 16   /* arrivals a work-item at one, compared */
#endif
#define SPV2C_CHECK_SITE_VALUES 6
#ifndef SPV2C_CHECK_OBJECTS
#define SPV2C_CHECK_OBJECTS 256
#endif
#if defined(_OPENMP) && defined(SPV2C_THREADS)
#error "spv2c --checked runs work-groups on one thread: build without SPV2C_THREADS"
#endif
#ifndef SPV2C_CHECK_ALLOC
#if !defined(SPV2C_FREESTANDING)
#define SPV2C_CHECK_ALLOC(n) calloc(n, 1)
#define SPV2C_CHECK_FREE(p) free(p)
#else
#define SPV2C_CHECK_ALLOC(n) ((void *)0)
#define SPV2C_CHECK_FREE(p) ((void)(p))
#endif
#endif

/* the checks' slow paths out of the work-item loops, their common case
   in them (gcc otherwise calls a copy of it: a third of a streaming
   kernel's checked time), unless SPV2C_CHECK_CALLS is defined (spv2c
   defines it for a module with thousands of accesses: compile time) */
#if defined(__GNUC__)
#define SPV2C_CK_OUTLINE_ static __attribute__((noinline, unused))
#else
#define SPV2C_CK_OUTLINE_ static
#endif
#if defined(__GNUC__) && !defined(SPV2C_CHECK_CALLS)
#define SPV2C_CK_INLINE_ static inline __attribute__((always_inline, unused))
#else
#define SPV2C_CK_INLINE_ SPV2C_INLINE
#endif

enum { SPV2C_CK_GLOBAL_, SPV2C_CK_CONSTANT_, SPV2C_CK_LOCAL_, SPV2C_CK_PRIVATE_ };
/* what an access does (spv2c_ck_'s flags) */
#define SPV2C_CK_READ_ 1u
#define SPV2C_CK_WRITE_ 2u
#define SPV2C_CK_ATOMIC_ 4u    /* bounds only: no race, sets the bytes initialised */
#define SPV2C_CK_WHOLE_ 8u     /* uninitialised only if no byte is set (structs, 3-vectors) */
#define SPV2C_CK_NOINIT_ 16u   /* the uninitialised-read shadow neither checked nor set */
#define SPV2C_CK_NOSH_ 32u     /* spv2c_ck_chunk_: only if the object has no race shadow */
/* a root's slot in the cache of its object (32 slots; Fibonacci hashing
   mixes the address's bits, so that buffers and __local variables at
   aligned addresses seldom share one) */
#define SPV2C_CK_RC_(a) ((size_t)(((uint64_t)(a) * UINT64_C(0x9E3779B97F4A7C15)) >> 59))

/* spv2c_ck_obj_'s kind | SPV2C_CK_RO_: a buffer the kernel never writes
   (its parameter is decorated NoWrite): no race shadow, as no access to
   it can race, unless a write reaches it after all */
#define SPV2C_CK_RO_ 16
#ifndef SPV2C_CHECK_POOL
#define SPV2C_CHECK_POOL 8    /* race shadows kept from one launch to the next */
#endif
#ifndef SPV2C_CHECK_RUNS
#define SPV2C_CHECK_RUNS 32   /* chunks' race records an interval kept as runs */
#endif

typedef struct spv2c_ckobj_ {
    const unsigned char *base;
    size_t size;
    size_t stride;            /* one slot a work-item of this many bytes, or 0 */
    int kind, arg;            /* SPV2C_CK_*, the argument's index or -1 */
    int ro;                   /* never written (SPV2C_CK_RO_): no race shadow yet */
    unsigned gs;              /* the race shadow's granule: a word a 1 << gs bytes */
    const char *name;
    uint64_t *sh;             /* race shadow, or NULL */
    unsigned char *init;      /* set bytes (local, private), or NULL */
    int lazy;                 /* the interval's race records are all runs (spv2c_cks_.run):
                                 no word of sh holds one yet */
} spv2c_ckobj_;

/* the race records of chunks of work-items that passed spv2c_ck_chunk_'s
   test, as their marks would have written them into o's words: the t-th
   work-item (local linear id llid + t, t < n) is reader and/or writer
   (flags) of the words granules from o's byte off + t k; [lo, hi) spans
   them all */
struct spv2c_ckrun_ {
    const spv2c_ckobj_ *o;
    size_t off, n, llid, lo, hi;
    uintptr_t k;
    unsigned words, flags;
};

static struct {
    spv2c_ckobj_ obj[SPV2C_CHECK_OBJECTS];
    size_t n, nfixed, last, nextp; /* objects; the launch's; the last hit; the next private slot */
    uint64_t epoch;                  /* the barrier interval, in the shadow's top 32 bits */
    int races;                       /* groups small enough for 16-bit ids */
    size_t nitems;                   /* the group's work-items */
    struct spv2c_cksite_ {           /* work-group operations (async copies, waits) */
        const char *kernel, *where;
        size_t gid[3];               /* the work-item that ran it first */
        /* its current item, item 0's arrivals, this item's, items */
        size_t cur, first_n, n, items;
        size_t rec[SPV2C_CHECK_SITE_RECORDS][SPV2C_CHECK_SITE_VALUES];   /* item 0's arguments */
        unsigned nvals;
    } site[SPV2C_CHECK_SITES];
    size_t nsites;
    const char *pending, *pending_kernel;   /* an async copy not waited for: where */
    size_t pending_gid[3];
    const void *unknown[SPV2C_CHECK_OBJECTS];   /* buffers the launch gave no size for */
    size_t nunknown;
    int lost;   /* a live private object made room for another: not all are known */
    struct { void *p; size_t bytes; } pool[SPV2C_CHECK_POOL];   /* race shadows to reuse */
    struct { const void *root; size_t i; } rc[32];  /* object index by root: SPV2C_CK_RC_ */
    const spv2c_ckobj_ *chunk[16];   /* spv2c_ck_chunk_: the shadows a chunk's test saw */
    int alias;                       /* two of the launch's objects share bytes */
    size_t nfast;                    /* SPV2C_CHECK_CHUNK_STATS: work-items of chunks that
                                        passed spv2c_ck_chunk_'s tests (tests/checked) */
    size_t gen;   /* changes whenever what a view (spv2c_ckv_) copied may have changed */
    struct spv2c_ckrun_ run[SPV2C_CHECK_RUNS];   /* the interval's, of lazy objects */
    size_t nrun;
    int chunked;   /* a chunk was tested in this launch: its intervals start lazy */
} spv2c_cks_;

SPV2C_INLINE void spv2c_ck_s_(const char *s)
{
#if defined(SPV2C_FREESTANDING)
    spv2c_check_report(s, 0);
#else
    fputs(s, stderr);
#endif
}

SPV2C_INLINE void spv2c_ck_n_(unsigned long n)
{
#if defined(SPV2C_FREESTANDING)
    spv2c_check_report(0, n);
#else
    fprintf(stderr, "%lu", n);
#endif
}

SPV2C_INLINE void spv2c_ck_x_(const void *p)
{
#if defined(SPV2C_FREESTANDING)
    spv2c_check_report(0, (unsigned long)(uintptr_t)p);
#else
    fprintf(stderr, "%p", p);
#endif
}

/* the report's start: "spv2c: checked: kernel K: WHERE: " */
SPV2C_INLINE void spv2c_ck_head_(const char *kernel, const char *where)
{
    spv2c_ck_s_("spv2c: checked: kernel ");
    spv2c_ck_s_(kernel);
    spv2c_ck_s_(": ");
    spv2c_ck_s_(where);
    spv2c_ck_s_(": ");
}

SPV2C_INLINE void spv2c_ck_item_(const char *what, const size_t *gid)
{
    spv2c_ck_s_(what);
    spv2c_ck_n_((unsigned long)gid[0]);
    spv2c_ck_s_(",");
    spv2c_ck_n_((unsigned long)gid[1]);
    spv2c_ck_s_(",");
    spv2c_ck_n_((unsigned long)gid[2]);
}

SPV2C_INLINE void spv2c_ck_end_(const size_t *gid)
{
    spv2c_ck_item_(" (work-item ", gid);
    spv2c_ck_s_(")\n");
#if !defined(SPV2C_FREESTANDING)
    fflush(stderr);
#endif
    SPV2C_CHECK_FAIL();
}

/* "global buffer 'a' (argument 0, 64 bytes)" */
SPV2C_INLINE void spv2c_ck_obj_name_(const spv2c_ckobj_ *o)
{
    static const char *const kinds[] = { "__global ", "__constant ", "__local ", "private " };
    spv2c_ck_s_(kinds[o->kind]);
    spv2c_ck_s_(o->arg >= 0 ? "buffer '" : "variable '");
    spv2c_ck_s_(o->name);
    spv2c_ck_s_("' (");
    if (o->arg >= 0) {
        spv2c_ck_s_("argument ");
        spv2c_ck_n_((unsigned long)o->arg);
        spv2c_ck_s_(", ");
    }
    spv2c_ck_n_((unsigned long)o->size);
    spv2c_ck_s_(" bytes)");
}

/* A race shadow of bytes bytes: one the last launch left, else zeroed
   memory. Stale words are harmless: a word counts only when it holds the
   current interval's number, and those only grow. */
SPV2C_INLINE uint64_t *spv2c_ck_sh_get_(size_t bytes)
{
    size_t i;
    for (i = 0; i < SPV2C_CHECK_POOL; i++)
        if (spv2c_cks_.pool[i].p && spv2c_cks_.pool[i].bytes == bytes) {
            void *p = spv2c_cks_.pool[i].p;
            spv2c_cks_.pool[i].p = 0;
            return (uint64_t *)p;
        }
    return (uint64_t *)SPV2C_CHECK_ALLOC(bytes);
}

/* a race shadow no longer used: kept for the next launch (its pages are
   then already mapped), or freed when the pool is full */
SPV2C_INLINE void spv2c_ck_sh_put_(uint64_t *p, size_t bytes)
{
    size_t i;
    for (i = 0; p && i < SPV2C_CHECK_POOL; i++)
        if (!spv2c_cks_.pool[i].p) {
            spv2c_cks_.pool[i].p = p;
            spv2c_cks_.pool[i].bytes = bytes;
            return;
        }
    if (p)
        SPV2C_CHECK_FREE(p);
}

SPV2C_INLINE size_t spv2c_ck_sh_bytes_(const spv2c_ckobj_ *o)
{
    return (o->size >> o->gs) * sizeof(uint64_t);
}

SPV2C_INLINE void spv2c_ck_free_(void)
{
    size_t i;
    spv2c_cks_.gen++;
    for (i = 0; i < spv2c_cks_.n; i++) {
        if (spv2c_cks_.obj[i].sh)
            spv2c_ck_sh_put_(spv2c_cks_.obj[i].sh, spv2c_ck_sh_bytes_(&spv2c_cks_.obj[i]));
        if (spv2c_cks_.obj[i].init)
            SPV2C_CHECK_FREE(spv2c_cks_.obj[i].init);
        spv2c_cks_.obj[i].sh = 0;
        spv2c_cks_.obj[i].init = 0;
    }
    spv2c_cks_.n = spv2c_cks_.nfixed = spv2c_cks_.last = spv2c_cks_.nunknown = 0;
    spv2c_cks_.lost = 0;
    spv2c_cks_.nrun = 0;
}

/* ---- work-group operations: every work-item of the group must reach
   each async copy and wait as often as the others, with the same
   arguments, and every copy must be waited for ---- */

SPV2C_INLINE void spv2c_ck_site_report_(const struct spv2c_cksite_ *s, const char *what,
                                        size_t a, size_t b)
{
    spv2c_ck_head_(s->kernel, s->where);
    spv2c_ck_s_(what);
    spv2c_ck_n_((unsigned long)a);
    spv2c_ck_s_(b == (size_t)-1 ? "" : " of ");
    if (b != (size_t)-1)
        spv2c_ck_n_((unsigned long)b);
    spv2c_ck_end_(s->gid);
}

/* the current work-item at site s is done: it must have arrived as often
   as the first */
SPV2C_INLINE void spv2c_ck_site_item_end_(struct spv2c_cksite_ *s)
{
    if (s->n != s->first_n) {
        spv2c_ck_head_(s->kernel, s->where);
        spv2c_ck_s_("work-group operation reached ");
        spv2c_ck_n_((unsigned long)s->first_n);
        spv2c_ck_s_(" times by the group's first work-item to reach it but ");
        spv2c_ck_n_((unsigned long)s->n);
        spv2c_ck_s_(" times by local linear id ");
        spv2c_ck_n_((unsigned long)s->cur);
        spv2c_ck_s_(" before the next barrier (every work-item of the group must reach it)");
        spv2c_ck_end_(s->gid);
    }
}

/* a barrier interval ends (last: the group ends): every site reached by
   every work-item as often; at the group's end, no copy left unwaited */
SPV2C_INLINE void spv2c_ck_interval_end_(int last)
{
    size_t k;
    for (k = 0; k < spv2c_cks_.nsites; k++) {
        struct spv2c_cksite_ *s = &spv2c_cks_.site[k];
        spv2c_ck_site_item_end_(s);
        if (s->items != spv2c_cks_.nitems)
            spv2c_ck_site_report_(s, "work-group operation reached by work-items: ", s->items,
                                  spv2c_cks_.nitems);
    }
    spv2c_cks_.nsites = 0;
    if (last && spv2c_cks_.pending) {
        spv2c_ck_head_(spv2c_cks_.pending_kernel, spv2c_cks_.pending);
        spv2c_ck_s_("async copy whose event no work-item waits for (wait_group_events) before "
                    "the kernel ends");
        spv2c_ck_end_(spv2c_cks_.pending_gid);
    }
    if (last)
        spv2c_cks_.pending = 0;
}

/* work-item llid (all: the group's part, for every work-item at once)
   reaches the work-group operation at where with arguments v[0..nv) */
SPV2C_INLINE void spv2c_ck_site_(const char *kernel, const size_t *gid, size_t llid,
                                 const char *where, const size_t *v, unsigned nv, int all)
{
    struct spv2c_cksite_ *s = 0;
    size_t k;
    unsigned j;
    for (k = 0; k < spv2c_cks_.nsites; k++)
        if (spv2c_cks_.site[k].where == where)
            s = &spv2c_cks_.site[k];
    if (!s) {
        if (spv2c_cks_.nsites == SPV2C_CHECK_SITES)
            return;
        s = &spv2c_cks_.site[spv2c_cks_.nsites++];
        s->kernel = kernel;
        s->where = where;
        s->gid[0] = gid[0];
        s->gid[1] = gid[1];
        s->gid[2] = gid[2];
        s->cur = llid;
        s->first_n = s->n = 0;
        s->items = 1;
        s->nvals = nv;
    } else if (s->cur != llid) {
        spv2c_ck_site_item_end_(s);
        if (s->items == 1)
            s->first_n = s->n;
        s->cur = llid;
        s->n = 0;
        s->items++;
    }
    if (s->items == 1) {
        if (s->n < SPV2C_CHECK_SITE_RECORDS)
            for (j = 0; j < nv && j < SPV2C_CHECK_SITE_VALUES; j++)
                s->rec[s->n][j] = v[j];
        s->first_n++;
    } else if (s->n < SPV2C_CHECK_SITE_RECORDS) {
        for (j = 0; j < nv && j < SPV2C_CHECK_SITE_VALUES; j++)
            if (s->rec[s->n][j] != v[j]) {
                spv2c_ck_head_(kernel, where);
                spv2c_ck_s_("work-group operation with different arguments: argument ");
                spv2c_ck_n_((unsigned long)j);
                spv2c_ck_s_(" is ");
                spv2c_ck_x_((const void *)(uintptr_t)v[j]);
                spv2c_ck_s_(" here, ");
                spv2c_ck_x_((const void *)(uintptr_t)s->rec[s->n][j]);
                spv2c_ck_s_(" in the group's first work-item to reach it");
                spv2c_ck_end_(gid);
            }
    }
    s->n++;
    if (all) {   /* run once for the group: as if every work-item had */
        s->items = spv2c_cks_.nitems;
        s->first_n = s->n;
    }
}

/* wait_group_events(n, events) by work-item llid */
SPV2C_INLINE void spv2c_ck_wait_(const char *kernel, const size_t *gid, size_t llid,
                                 const char *where, size_t nev, const uint32_t *ev)
{
    size_t v[1];
    (void)ev;   /* (event values may differ between work-items here) */
    v[0] = nev;
    spv2c_ck_site_(kernel, gid, llid, where, v, 1, 0);
    spv2c_cks_.pending = 0;
}

/* a launch ends: the last group's checks, the shadows freed */
SPV2C_INLINE void spv2c_ck_done_(void)
{
    spv2c_ck_interval_end_(1);
    spv2c_ck_free_();
#if defined(SPV2C_CHECK_CHUNK_STATS) && !defined(SPV2C_FREESTANDING)
    fprintf(stderr, "spv2c: checked: %lu work-items checked a chunk at a time\n",
            (unsigned long)spv2c_cks_.nfast);
    spv2c_cks_.nfast = 0;
#endif
}

/* a launch starts: no objects yet */
SPV2C_INLINE void spv2c_ck_launch_(void)
{
    spv2c_cks_.gen++;
    spv2c_ck_free_();
    spv2c_cks_.epoch += (uint64_t)1 << 32;
    spv2c_cks_.nsites = 0;
    spv2c_cks_.pending = 0;
    spv2c_cks_.nitems = 0;
    spv2c_cks_.alias = 0;
    spv2c_cks_.chunked = 0;
}

/* an object of the launch (size 0: not known, not registered) */
SPV2C_INLINE void spv2c_ck_obj_(const void *base, size_t size, int kind, int arg, const char *name)
{
    spv2c_ckobj_ *o;
    size_t i;
    int ro = (kind & SPV2C_CK_RO_) != 0;
    spv2c_cks_.gen++;
    kind &= ~SPV2C_CK_RO_;
    if (!size && base && spv2c_cks_.nunknown < SPV2C_CHECK_OBJECTS)
        spv2c_cks_.unknown[spv2c_cks_.nunknown++] = base;
    if (!size || !base || spv2c_cks_.n == SPV2C_CHECK_OBJECTS)
        return;
    for (i = 0; i < spv2c_cks_.n; i++)   /* two arguments, one buffer (spv2c_ck_span_) */
        if ((uintptr_t)base - (uintptr_t)spv2c_cks_.obj[i].base < spv2c_cks_.obj[i].size ||
            (uintptr_t)spv2c_cks_.obj[i].base - (uintptr_t)base < size)
            spv2c_cks_.alias = 1;
    o = &spv2c_cks_.obj[spv2c_cks_.n++];
    o->base = (const unsigned char *)base;
    o->size = size;
    o->kind = kind;
    o->arg = arg;
    o->name = name;
    o->stride = 0;
    o->ro = ro && kind == SPV2C_CK_GLOBAL_;
    /* a word a 4-byte granule while every access covers whole granules */
    o->gs = size % 4 == 0 && (uintptr_t)base % 4 == 0 ? 2 : 0;
    o->sh = (kind == SPV2C_CK_GLOBAL_ || kind == SPV2C_CK_LOCAL_) && !o->ro
            ? spv2c_ck_sh_get_(spv2c_ck_sh_bytes_(o)) : 0;
    o->lazy = 0;
    o->init = kind == SPV2C_CK_LOCAL_ || kind == SPV2C_CK_PRIVATE_
              ? (unsigned char *)SPV2C_CHECK_ALLOC(size) : 0;
    if (kind != SPV2C_CK_PRIVATE_)
        spv2c_cks_.nfixed = spv2c_cks_.n;
    spv2c_cks_.nextp = spv2c_cks_.n;
}

/* the per-work-item slot array (work-item loop slots, the frames of a
   resumable work-group) that holds [base, base + size) as a part, or 0 */
SPV2C_INLINE spv2c_ckobj_ *spv2c_ck_in_slots_(const unsigned char *base, size_t size)
{
    size_t i;
    for (i = spv2c_cks_.nfixed; i < spv2c_cks_.n; i++) {
        spv2c_ckobj_ *o = &spv2c_cks_.obj[i];
        if (o->stride && base >= o->base && (size_t)(base - o->base) <= o->size &&
            size <= o->size - (size_t)(base - o->base) && (base != o->base || size != o->size))
            return o;
    }
    return 0;
}

/* the private objects other than a slot array that overlap [base, base +
   size) but do not start at base end their life: their memory (a stack
   frame that returned) now holds another variable */
SPV2C_INLINE void spv2c_ck_private_end_(const unsigned char *base, size_t size)
{
    size_t i = spv2c_cks_.nfixed;
    while (i < spv2c_cks_.n) {
        spv2c_ckobj_ *o = &spv2c_cks_.obj[i];
        if (o->stride || o->base == base || (uintptr_t)o->base >= (uintptr_t)base + size ||
            (uintptr_t)o->base + o->size <= (uintptr_t)base) {
            i++;
            continue;
        }
        if (o->init)
            SPV2C_CHECK_FREE(o->init);
        *o = spv2c_cks_.obj[--spv2c_cks_.n];
        spv2c_cks_.obj[spv2c_cks_.n].init = 0;
        spv2c_cks_.obj[spv2c_cks_.n].size = 0;
        spv2c_cks_.last = 0;
        if (spv2c_cks_.nextp > spv2c_cks_.n)
            spv2c_cks_.nextp = spv2c_cks_.n;
    }
}

/* a private variable starts to live (its function was called): a slot
   with the same address is reused, else the next one (the oldest
   private objects make room, and from then on an access in no known
   object is not reported: it may be in one given up); the objects it
   overlaps are dead; init: it
   has an initialiser. A variable inside a per-work-item slot array (a
   frame of a resumable work-group: every work-item's frame stays live
   across barriers) is part of that object: only its bytes' initialised
   state starts again. */
SPV2C_INLINE void spv2c_ck_private_(void *base, size_t size, const char *name, int init)
{
    size_t i;
    spv2c_ckobj_ *o = spv2c_ck_in_slots_((const unsigned char *)base, size);
    spv2c_cks_.gen++;
    if (o) {
        if (o->init)
            memset(o->init + ((const unsigned char *)base - o->base), init ? 1 : 0, size);
        return;
    }
    spv2c_ck_private_end_((const unsigned char *)base, size);
    for (i = spv2c_cks_.nfixed; i < spv2c_cks_.n; i++)
        if (spv2c_cks_.obj[i].base == (const unsigned char *)base) {
            o = &spv2c_cks_.obj[i];
            break;
        }
    if (!o && spv2c_cks_.n < SPV2C_CHECK_OBJECTS) {
        spv2c_ck_obj_(base, size, SPV2C_CK_PRIVATE_, -1, name);
        o = &spv2c_cks_.obj[spv2c_cks_.n - 1];
    } else if (!o) {
        if (spv2c_cks_.nextp >= SPV2C_CHECK_OBJECTS || spv2c_cks_.nextp < spv2c_cks_.nfixed)
            spv2c_cks_.nextp = spv2c_cks_.nfixed;
        o = &spv2c_cks_.obj[spv2c_cks_.nextp++];
        if (o->init)
            SPV2C_CHECK_FREE(o->init);
        o->init = 0;
        spv2c_cks_.lost = 1;   /* o may still live (a caller's, a group's slots) */
    }
    if (o->size != size || !o->init) {
        if (o->init)
            SPV2C_CHECK_FREE(o->init);
        o->init = (unsigned char *)SPV2C_CHECK_ALLOC(size);
    }
    o->base = (const unsigned char *)base;
    o->size = size;
    o->kind = SPV2C_CK_PRIVATE_;
    o->arg = -1;
    o->ro = 0;
    o->gs = 0;
    o->lazy = 0;
    o->name = name;
    o->stride = 0;
    if (o->init)
        memset(o->init, init ? 1 : 0, size);
}

/* the private object at base: one slot of stride bytes a work-item */
SPV2C_INLINE void spv2c_ck_slots_(const void *base, size_t stride)
{
    size_t i;
    spv2c_cks_.gen++;
    for (i = spv2c_cks_.nfixed; i < spv2c_cks_.n; i++)
        if (spv2c_cks_.obj[i].base == (const unsigned char *)base)
            spv2c_cks_.obj[i].stride = stride;
}

/* a new interval of the race shadow: no record yet, in the words (their
   interval number is an older one) or as runs; the objects are lazy if
   the launch tests chunks (else the words, as lazy objects cost a view a
   trip to the slow path an interval) */
SPV2C_INLINE void spv2c_ck_interval_(void)
{
    size_t i;
    spv2c_cks_.epoch += (uint64_t)1 << 32;
    spv2c_cks_.nrun = 0;
    for (i = 0; spv2c_cks_.chunked && i < spv2c_cks_.n; i++)
        spv2c_cks_.obj[i].lazy = 1;
}

/* a work-group starts (local memory is uninitialised again; a new
   interval for the race shadow) or a barrier ends an interval; ids:
   the group's work-items fit the shadow's 16-bit ids */
SPV2C_INLINE void spv2c_ck_group_(size_t nitems)
{
    size_t i;
    spv2c_cks_.gen++;
    spv2c_ck_interval_end_(1);
    spv2c_cks_.nitems = nitems;
    spv2c_ck_interval_();
    spv2c_cks_.races = nitems < 0xffff;
    for (i = 0; i < spv2c_cks_.nfixed; i++)
        if (spv2c_cks_.obj[i].init && spv2c_cks_.obj[i].kind == SPV2C_CK_LOCAL_)
            memset(spv2c_cks_.obj[i].init, 0, spv2c_cks_.obj[i].size);
}

SPV2C_INLINE void spv2c_ck_barrier_(void)
{
    spv2c_cks_.gen++;
    spv2c_ck_interval_end_(0);
    spv2c_ck_interval_();
}

/* the access [p, p + n) lies in no object: report it */
SPV2C_INLINE void spv2c_ck_oob_(const char *kernel, const size_t *gid, const char *where,
                                const spv2c_ckobj_ *near, const void *p, size_t n, unsigned flags)
{
    const unsigned char *a = (const unsigned char *)p;
    size_t i;
    for (i = 0; !near && i < spv2c_cks_.n; i++) {
        const spv2c_ckobj_ *o = &spv2c_cks_.obj[i];
        if ((uintptr_t)o->base <= (uintptr_t)a &&
            (!near || (uintptr_t)o->base > (uintptr_t)near->base))
            near = o;
    }
    spv2c_ck_head_(kernel, where);
    spv2c_ck_s_(flags & SPV2C_CK_WRITE_ ? (flags & SPV2C_CK_READ_ ? "access of " : "write of ")
                                        : "read of ");
    spv2c_ck_n_((unsigned long)n);
    spv2c_ck_s_(" bytes at address ");
    spv2c_ck_x_(p);
    spv2c_ck_s_(" is out of bounds");
    if (near && (uintptr_t)a < (uintptr_t)near->base) {
        spv2c_ck_s_(": ");
        spv2c_ck_n_((unsigned long)((uintptr_t)near->base - (uintptr_t)a));
        spv2c_ck_s_(" bytes before the start of ");
        spv2c_ck_obj_name_(near);
    } else if (near && (uintptr_t)a - (uintptr_t)near->base < near->size + 4096u) {
        if ((uintptr_t)a - (uintptr_t)near->base >= near->size) {
            spv2c_ck_s_(": ");
            spv2c_ck_n_((unsigned long)((uintptr_t)a - (uintptr_t)near->base - near->size));
            spv2c_ck_s_(" bytes past the end of ");
        } else {
            spv2c_ck_s_(": it starts at byte ");
            spv2c_ck_n_((unsigned long)((uintptr_t)a - (uintptr_t)near->base));
            spv2c_ck_s_(" and ends ");
            spv2c_ck_n_((unsigned long)((uintptr_t)a - (uintptr_t)near->base + n - near->size));
            spv2c_ck_s_(" bytes past the end of ");
        }
        spv2c_ck_obj_name_(near);
    } else {
        spv2c_ck_s_(": it is in no buffer, __local or private variable of the launch");
    }
    spv2c_ck_end_(gid);
}

SPV2C_INLINE void spv2c_ck_race_(const char *kernel, const size_t *gid, size_t llid,
                                 const char *where, const spv2c_ckobj_ *o, size_t off,
                                 unsigned flags, unsigned other, int wrote)
{
    spv2c_ck_head_(kernel, where);
    spv2c_ck_s_("data race: ");
    spv2c_ck_s_(flags & SPV2C_CK_WRITE_ ? "write of byte " : "read of byte ");
    spv2c_ck_n_((unsigned long)off);
    spv2c_ck_s_(" of ");
    spv2c_ck_obj_name_(o);
    spv2c_ck_s_(" at address ");
    spv2c_ck_x_(o->base + off);
    if (other == 0xffffu) {
        spv2c_ck_s_(", which other work-items of the group read");
    } else {
        spv2c_ck_s_(", which the work-item with local linear id ");
        spv2c_ck_n_((unsigned long)(other - 1));
        spv2c_ck_s_(wrote ? " wrote" : " read");
    }
    spv2c_ck_s_(" with no barrier between; this one has local linear id ");
    spv2c_ck_n_((unsigned long)llid);
    spv2c_ck_end_(gid);
}

SPV2C_INLINE void spv2c_ck_uninit_(const char *kernel, const size_t *gid, const char *where,
                                   const spv2c_ckobj_ *o, size_t off, size_t n)
{
    spv2c_ckobj_ slot = *o;
    if (o->stride) {   /* a work-item's slot of a per-work-item array */
        slot.base = o->base + off / o->stride * o->stride;
        slot.size = o->stride;
    }
    spv2c_ck_head_(kernel, where);
    spv2c_ck_s_("read of ");
    spv2c_ck_n_((unsigned long)n);
    spv2c_ck_s_(" bytes at byte ");
    spv2c_ck_n_((unsigned long)(o->base + off - slot.base));
    spv2c_ck_s_(" of ");
    spv2c_ck_obj_name_(&slot);
    spv2c_ck_s_(" at address ");
    spv2c_ck_x_(o->base + off);
    spv2c_ck_s_(": uninitialised (never written)");
    spv2c_ck_end_(gid);
}

/* words [w, w + n) of the race shadow after work-item me's access of
   flags in the interval ep: its writer, and its reader or several (0xffff)
   (the marks of a chunk, and a lazy object's runs when flushed) */
SPV2C_CK_INLINE_ void spv2c_ck_merge_(uint64_t *w, size_t n, uint64_t ep, uint64_t me,
                                      int flags)
{
    size_t i;
    for (i = 0; i < n; i++) {
        uint64_t s = (w[i] & ~(uint64_t)0xffffffffu) == ep ? w[i] : ep;
        uint64_t wr = s >> 16 & 0xffffu, rd = s & 0xffffu;
        if (flags & SPV2C_CK_WRITE_)
            wr = me;
        if (flags & SPV2C_CK_READ_)
            rd = rd == 0 || rd == me ? me : 0xffffu;
        w[i] = ep | wr << 16 | rd;
    }
}

/* o's runs go into its words (an access checked in place will read and
   write them): each run's words as the marks of its chunks would have
   written them; o is no longer lazy (its views, which sent each access to
   the slow path, are filled again). No word held a record of the
   interval; a chunk's runs are disjoint, a region chunk's reads may meet
   (spv2c_ck_rrace_: a write meets no run), so each word is merged as the
   reads' checks would leave it: its reader, or several */
SPV2C_INLINE void spv2c_ck_flush_(spv2c_ckobj_ *o)
{
    size_t r, m = 0, t;
    uint64_t ep = spv2c_cks_.epoch;
    spv2c_cks_.gen++;
    for (r = 0; r < spv2c_cks_.nrun; r++) {
        const struct spv2c_ckrun_ *u = &spv2c_cks_.run[r];
        if (u->o != o) {
            spv2c_cks_.run[m++] = *u;
            continue;
        }
        for (t = 0; t < u->n; t++)      /* a word an earlier run wrote: merged */
            spv2c_ck_merge_(o->sh + ((u->off + t * u->k) >> 2), u->words, ep,
                            (uint64_t)(u->llid + t) + 1, u->flags);
    }
    spv2c_cks_.nrun = m;
    o->lazy = 0;
}

/* o's race shadow goes from a word a granule to a word a byte (an access
   that does not cover whole granules): each granule's word is each of its
   bytes' (every access so far covered the granule's bytes alike) */
SPV2C_INLINE void spv2c_ck_bytes_(spv2c_ckobj_ *o)
{
    size_t i, g = (size_t)1 << o->gs;
    uint64_t *b = spv2c_ck_sh_get_(o->size * sizeof(uint64_t));
    spv2c_cks_.gen++;
    if (b)
        for (i = 0; i < o->size; i++)
            b[i] = o->sh[i / g];
    spv2c_ck_sh_put_(o->sh, spv2c_ck_sh_bytes_(o));
    o->sh = b;
    o->gs = 0;
}

/* the shadows of an access inside object o */
SPV2C_INLINE void spv2c_ck_shadow_(const char *kernel, const size_t *gid, size_t llid,
                                   const char *where, spv2c_ckobj_ *o, size_t off, size_t n,
                                   unsigned flags)
{
    size_t i;
    if (o->init && !(flags & SPV2C_CK_NOINIT_)) {
        if (flags & (SPV2C_CK_WRITE_ | SPV2C_CK_ATOMIC_)) {
            memset(o->init + off, 1, n);
        } else {
            size_t set = 0;
            for (i = 0; i < n; i++)
                set += o->init[off + i];
            if (set == 0 || (set < n && !(flags & SPV2C_CK_WHOLE_)))
                spv2c_ck_uninit_(kernel, gid, where, o, off, n);
        }
    }
    if (o->ro && (flags & SPV2C_CK_WRITE_) && o->kind == SPV2C_CK_GLOBAL_) {
        o->ro = 0;   /* written after all: from now on it has a race shadow */
        spv2c_cks_.gen++;
        o->sh = spv2c_ck_sh_get_(spv2c_ck_sh_bytes_(o));
    }
    if (o->sh && spv2c_cks_.races && !(flags & SPV2C_CK_ATOMIC_)) {
        uint64_t ep = spv2c_cks_.epoch;
        unsigned me = (unsigned)llid + 1, gs = o->gs;
        if (o->lazy)
            spv2c_ck_flush_(o);
        if (gs && ((off | n) & ((1u << gs) - 1)))
            spv2c_ck_bytes_(o);   /* not whole granules: a word a byte from now on */
        gs = o->gs;
        for (i = off >> gs; i < (off + n) >> gs; i++) {
            uint64_t s = o->sh[i];
            unsigned w, r;
            if ((s & ~(uint64_t)0xffffffffu) != ep)
                s = ep;
            w = (unsigned)(s >> 16) & 0xffffu;
            r = (unsigned)s & 0xffffu;
            if (w && w != me)
                spv2c_ck_race_(kernel, gid, llid, where, o, i << gs, flags, w, 1);
            if (flags & SPV2C_CK_WRITE_) {
                if (r && r != me)
                    spv2c_ck_race_(kernel, gid, llid, where, o, i << gs, flags, r, 0);
                w = me;
            }
            if (flags & SPV2C_CK_READ_)
                r = r == 0 || r == me ? me : 0xffffu;
            o->sh[i] = ep | (uint64_t)w << 16 | r;
        }
    }
}

/* the object holding address a (its last byte + 1 too when end), or NULL */
SPV2C_INLINE spv2c_ckobj_ *spv2c_ck_find_(uintptr_t a, int end)
{
    spv2c_ckobj_ *o = &spv2c_cks_.obj[spv2c_cks_.last];
    size_t i;
    if (spv2c_cks_.last < spv2c_cks_.n && a >= (uintptr_t)o->base &&
        a - (uintptr_t)o->base < o->size + (size_t)end)
        return o;
    for (i = spv2c_cks_.n; i-- > 0;) {
        o = &spv2c_cks_.obj[i];
        if (a >= (uintptr_t)o->base && a - (uintptr_t)o->base < o->size + (size_t)end) {
            spv2c_cks_.last = i;
            return o;
        }
    }
    return 0;
}

/* the object holding root (a pointer argument or variable): a cache by
   the root's address, each hit checked as spv2c_ck_find_ checks its own */
SPV2C_INLINE spv2c_ckobj_ *spv2c_ck_root_(const void *root)
{
    uintptr_t a = (uintptr_t)root;
    size_t h = SPV2C_CK_RC_(a), i = spv2c_cks_.rc[h].i;
    spv2c_ckobj_ *o = &spv2c_cks_.obj[i];
    if (spv2c_cks_.rc[h].root == root && i < spv2c_cks_.n && a >= (uintptr_t)o->base &&
        a - (uintptr_t)o->base < o->size)
        return o;
    o = spv2c_ck_find_(a, 0);
    if (o) {
        spv2c_cks_.gen++;
        spv2c_cks_.rc[h].root = root;
        spv2c_cks_.rc[h].i = (size_t)(o - spv2c_cks_.obj);
    }
    return o;
}

/* One access: n bytes at p (flags SPV2C_CK_*), by the work-item with
   global id gid and local linear id llid, at where (the instruction). root
   is the buffer argument or variable p was computed from (NULL: not
   known): the access must stay in root's object, not merely in some
   object (a buffer's neighbour on the heap). */
SPV2C_CK_OUTLINE_ void spv2c_ck_all_(const char *kernel, const size_t *gid, size_t llid,
                                      const char *where, const void *root, const void *p,
                                      size_t n, unsigned flags)
{
    uintptr_t a = (uintptr_t)p;
    spv2c_ckobj_ *o = root ? spv2c_ck_root_(root) : 0;
    if (!n)
        return;
    if (!o && root && spv2c_cks_.nunknown) {
        size_t i;   /* a buffer of unknown size: nothing to check */
        for (i = 0; i < spv2c_cks_.nunknown; i++)
            if (spv2c_cks_.unknown[i] == root)
                return;
    }
    if (!o)
        o = spv2c_ck_find_(a, 0);
    if (!o || a < (uintptr_t)o->base || a - (uintptr_t)o->base > o->size ||
        n > o->size - (a - (uintptr_t)o->base)) {
        if (!o && (spv2c_cks_.nunknown || spv2c_cks_.lost))
            return;   /* maybe in a buffer of unknown size, or an object given up */
        spv2c_ck_oob_(kernel, gid, where, o, p, n, flags);
        return;
    }
    if (o->stride) {   /* the slot of root's work-item (else p's) */
        uintptr_t at = (uintptr_t)(root && o == spv2c_ck_root_(root) ? root : p);
        size_t lo = (size_t)(at - (uintptr_t)o->base) / o->stride * o->stride;
        if ((size_t)(a - (uintptr_t)o->base) < lo ||
            (size_t)(a - (uintptr_t)o->base) + n > lo + o->stride) {
            spv2c_ckobj_ slot = *o;
            slot.base = o->base + lo;
            slot.size = o->stride;
            spv2c_ck_oob_(kernel, gid, where, &slot, p, n, flags);
            return;
        }
    }
    if (o->sh || o->init)
        spv2c_ck_shadow_(kernel, gid, llid, where, o, (size_t)(a - (uintptr_t)o->base), n, flags);
}

/* are the n bytes at b all set (initialised-bytes shadow)? */
SPV2C_CK_INLINE_ int spv2c_ck_set_(const unsigned char *b, size_t n)
{
    size_t k;
    uint32_t u;
    uint64_t d;
    if (n == 4) {
        memcpy(&u, b, 4);
        return u == 0x01010101u;
    }
    if (n == 8 || n == 16) {
        for (k = 0; k < n; k += 8) {
            memcpy(&d, b + k, 8);
            if (d != UINT64_C(0x0101010101010101))
                return 0;
        }
        return 1;
    }
    for (k = 0; k < n; k++)
        if (!b[k])
            return 0;
    return 1;
}

/* spv2c_ck_all_'s common case, inline and small (a kernel at clang -O0
   has thousands of accesses): the root's object is in the cache and holds
   the access, a read's bytes are all set in its initialised-bytes shadow
   if it has one (a write sets them), and the access is one
   to four 4-byte granules of its race shadow whose words show no other
   work-item (the object not lazy: its words hold the interval's records;
   a word this one set before a report shows this one only,
   as spv2c_ck_all_, starting again, would have set it anyway),
   or the object has no race shadow (private, __constant) or has none yet
   (a buffer never written) and this is a read. Anything else, a report among them, goes to
   spv2c_ck_all_. */
SPV2C_CK_INLINE_ void spv2c_ck_(const char *kernel, const size_t *gid, size_t llid,
                                const char *where, const void *root, const void *p, size_t n,
                                unsigned flags)
{
    uintptr_t r = (uintptr_t)root, off;
    size_t h = SPV2C_CK_RC_(r), i = spv2c_cks_.rc[h].i;
    const spv2c_ckobj_ *o = &spv2c_cks_.obj[i];
    if (root && spv2c_cks_.rc[h].root == root && i < spv2c_cks_.n && !o->stride &&
        r - (uintptr_t)o->base < o->size && (off = (uintptr_t)p - (uintptr_t)o->base) < o->size &&
        n <= o->size - off && n && n <= 16) {
        uint64_t ep = spv2c_cks_.epoch, me = (uint64_t)llid + 1, s, wr, rd;
        uint64_t *w;
        size_t k;
        if (o->init && !(flags & SPV2C_CK_NOINIT_)) {   /* __local, private: set bytes */
            if (flags & (SPV2C_CK_WRITE_ | SPV2C_CK_ATOMIC_))
                memset(o->init + off, 1, n);
            else if (!spv2c_ck_set_(o->init + off, n))
                goto all;
        }
        if (!o->sh) {
            if (!o->ro || !(flags & SPV2C_CK_WRITE_))
                return;
        } else if (!((off | n) & 3) && o->gs == 2 && !o->lazy && spv2c_cks_.races &&
                   !(flags & SPV2C_CK_ATOMIC_)) {
            w = o->sh + (off >> 2);
            for (k = 0; k < n >> 2; k++) {
                s = w[k];
                if ((s & ~(uint64_t)0xffffffffu) != ep)
                    s = ep;
                wr = s >> 16 & 0xffffu;
                rd = s & 0xffffu;
                if ((wr && wr != me) || (rd && rd != me && (flags & SPV2C_CK_WRITE_)))
                    break;   /* spv2c_ck_all_ reports it */
                if (flags & SPV2C_CK_WRITE_)
                    wr = me;
                if (flags & SPV2C_CK_READ_)
                    rd = rd == 0 || rd == me ? me : 0xffffu;
                w[k] = ep | wr << 16 | rd;
            }
            if (k == n >> 2)
                return;
        }
    }
all:
    spv2c_ck_all_(kernel, gid, llid, where, root, p, n, flags);
}

/* A view: what spv2c_ck_'s common case reads of the object of one root
   (a buffer argument, a __local variable), copied into the group
   function's locals once, so that the check in a work-item loop does not
   load it again at each access (every store of the kernel may alias the
   runtime's tables, so the C compiler cannot keep them in registers).
   It holds while spv2c_cks_.gen is unchanged: every change to what it
   copied (the objects, the root cache, a shadow's layout, the interval,
   the race setting) changes gen. One view a root, the same object for
   the whole launch (a kernel argument, a program-scope variable). */
typedef struct spv2c_ckv_ {
    size_t gen;
    uintptr_t base;
    size_t size;              /* 0: spv2c_ck_ would not take its common case */
    unsigned char *init;
    uint64_t *sh4;            /* the race shadow when spv2c_ck_ takes it: a word a 4-byte
                                 granule, races tracked; else NULL */
    uint64_t ep;
    unsigned mode;            /* SPV2C_CKV_* */
} spv2c_ckv_;
#define SPV2C_CKV_RO_ 1u      /* no race shadow yet: a write goes to the slow path */
#define SPV2C_CKV_SHN_ 4u     /* a race shadow spv2c_ck_ leaves to the slow path */

/* the view of root: spv2c_ck_'s conditions on root alone, taken now */
SPV2C_CK_OUTLINE_ spv2c_ckv_ spv2c_ck_view_(const void *root)
{
    uintptr_t r = (uintptr_t)root;
    size_t h = SPV2C_CK_RC_(r), i = spv2c_cks_.rc[h].i;
    const spv2c_ckobj_ *o = &spv2c_cks_.obj[i];
    spv2c_ckv_ v;
    memset(&v, 0, sizeof v);
    v.gen = spv2c_cks_.gen;
    if (root && spv2c_cks_.rc[h].root == root && i < spv2c_cks_.n && !o->stride &&
        r - (uintptr_t)o->base < o->size) {
        v.base = (uintptr_t)o->base;
        v.size = o->size;
        v.init = o->init;
        v.ep = spv2c_cks_.epoch;
        if (!o->sh)
            v.mode = o->ro ? SPV2C_CKV_RO_ : 0;
        else if (o->gs == 2 && spv2c_cks_.races && !o->lazy)
            v.sh4 = o->sh;
        else
            v.mode = SPV2C_CKV_SHN_;
    }
    return v;
}

/* spv2c_ck_ through the view *v of root: the same common case (the same
   conditions, on the view's copies), the same slow path */
SPV2C_CK_INLINE_ void spv2c_ck_v_(spv2c_ckv_ *v, const char *kernel, const size_t *gid,
                                  size_t llid, const char *where, const void *root,
                                  const void *p, size_t n, unsigned flags)
{
    uintptr_t off;
    if (v->gen != spv2c_cks_.gen)
        *v = spv2c_ck_view_(root);
    if ((off = (uintptr_t)p - v->base) < v->size && n <= v->size - off && n && n <= 16) {
        uint64_t ep = v->ep, me = (uint64_t)llid + 1, s, wr, rd;
        uint64_t *w;
        size_t k;
        if (v->init && !(flags & SPV2C_CK_NOINIT_)) {   /* __local, private: set bytes */
            if (flags & (SPV2C_CK_WRITE_ | SPV2C_CK_ATOMIC_))
                memset(v->init + off, 1, n);
            else if (!spv2c_ck_set_(v->init + off, n))
                goto all;
        }
        if (v->sh4) {
            if (((off | n) & 3) || (flags & SPV2C_CK_ATOMIC_))
                goto all;
            w = v->sh4 + (off >> 2);
            for (k = 0; k < n >> 2; k++) {
                s = w[k];
                if ((s ^ ep) >> 32)
                    s = ep;
                wr = s >> 16 & 0xffffu;
                rd = s & 0xffffu;
                if ((wr && wr != me) || (rd && rd != me && (flags & SPV2C_CK_WRITE_)))
                    goto all;   /* spv2c_ck_all_ reports it */
                if (flags & SPV2C_CK_WRITE_)
                    wr = me;
                if (flags & SPV2C_CK_READ_)
                    rd = rd == 0 || rd == me ? me : 0xffffu;
                w[k] = ep | wr << 16 | rd;
            }
            return;
        }
        if (!(v->mode & SPV2C_CKV_SHN_) &&
            (!(v->mode & SPV2C_CKV_RO_) || !(flags & SPV2C_CK_WRITE_)))
            return;
    }
all:
    spv2c_ck_all_(kernel, gid, llid, where, root, p, n, flags);
}

/* The view of a private variable of the C function, size bytes at root
   (check_views, src/body.c): spv2c_ck_view_'s, kept only if its object is
   exactly the variable and has no race shadow (a private object never
   has one; not a slot of a per-work-item array), else empty (size 0:
   every access takes the slow path) */
SPV2C_CK_OUTLINE_ spv2c_ckv_ spv2c_ck_pview_(const void *root, size_t size)
{
    spv2c_ckv_ v = spv2c_ck_view_(root);
    if (v.base != (uintptr_t)root || v.size != size || v.sh4 || v.mode)
        v.size = 0;
    return v;
}

/* spv2c_ck_v_ through the view *v of a private variable, size bytes at
   root: spv2c_ck_'s common case on such an object is the bounds, taken
   against the variable's own extent (what the C compiler knows), and
   the initialised bytes; the same slow path */
SPV2C_CK_INLINE_ void spv2c_ck_pv_(spv2c_ckv_ *v, const char *kernel, const size_t *gid,
                                   size_t llid, const char *where, const void *root,
                                   size_t size, const void *p, size_t n, unsigned flags)
{
    uintptr_t off = (uintptr_t)p - (uintptr_t)root;
    if (v->gen != spv2c_cks_.gen)
        *v = spv2c_ck_pview_(root, size);
    if (v->size && off < size && n <= size - off && n && n <= 16) {
        if (v->init && !(flags & SPV2C_CK_NOINIT_)) {
            if (flags & (SPV2C_CK_WRITE_ | SPV2C_CK_ATOMIC_))
                memset(v->init + off, 1, n);
            else if (!spv2c_ck_set_(v->init + off, n))
                goto all;
        }
        return;
    }
all:
    spv2c_ck_all_(kernel, gid, llid, where, root, p, n, flags);
}

/* The same three checks out of line, for the accesses a chunk of
   work-items checked before it ran (src/hoist.c: `if (!wi->ckfast_)`):
   they run only where a chunk's test failed and in a row's last partial
   chunk, while inlined they were compiled in every copy of the kernel's
   body (a chunked loop, its fallback, the AVX2 clone): conv5x5's 51
   hoisted accesses took gcc -O2 12.9 s, 2.1 s out of line, its run time
   the same */
SPV2C_CK_OUTLINE_ void spv2c_ck_o_(const char *kernel, const size_t *gid, size_t llid,
                                   const char *where, const void *root, const void *p, size_t n,
                                   unsigned flags)
{
    spv2c_ck_(kernel, gid, llid, where, root, p, n, flags);
}

SPV2C_CK_OUTLINE_ void spv2c_ck_vo_(spv2c_ckv_ *v, const char *kernel, const size_t *gid,
                                    size_t llid, const char *where, const void *root,
                                    const void *p, size_t n, unsigned flags)
{
    spv2c_ck_v_(v, kernel, gid, llid, where, root, p, n, flags);
}

SPV2C_CK_OUTLINE_ void spv2c_ck_pvo_(spv2c_ckv_ *v, const char *kernel, const size_t *gid,
                                     size_t llid, const char *where, const void *root,
                                     size_t size, const void *p, size_t n, unsigned flags)
{
    spv2c_ck_pv_(v, kernel, gid, llid, where, root, size, p, n, flags);
}

/* are the addresses a[t] (t < n) a[1] - a[0] apart? */
SPV2C_CK_INLINE_ int spv2c_ck_prog_(const uintptr_t *a, size_t n)
{
    uintptr_t bad = 0, k = a[1] - a[0];
    size_t t;
    for (t = 0; t < n; t++)
        bad |= a[t] - (a[0] + t * k);
    return !bad;
}

/* do n accesses of size bytes at a0 + t k (t < n, modulo 2^N) all lie in
   o? (k as a signed step; the whole stretch, with no wrap) */
SPV2C_CK_INLINE_ int spv2c_ck_in_(const spv2c_ckobj_ *o, uintptr_t a0, uintptr_t k, size_t n,
                                  size_t size)
{
    uintptr_t base = (uintptr_t)o->base, lo = a0, m = k > UINTPTR_MAX / 2 ? 0 - k : k;
    /* (n - 1) m > size; the product where it cannot overflow (a chunk's
       usual step and count), else the quotient */
    if (m && ((m | (n - 1)) > UINTPTR_MAX >> (sizeof(uintptr_t) * 4) ? n - 1 > o->size / m
                                                                      : (n - 1) * m > o->size))
        return 0;
    m *= n - 1;   /* the stretch from the first address to the last */
    if (k > UINTPTR_MAX / 2) {   /* going down: the last one is the lowest */
        if (a0 < base || a0 - base < m)
            return 0;
        lo = a0 - m;
    }
    return lo >= base && lo - base <= o->size && size <= o->size - (lo - base) &&
           m <= o->size - (lo - base) - size;
}

/* does race-shadow word s (interval ep) show a work-item other than me
   (local linear id + 1) that conflicts with an access (flags)? */
SPV2C_CK_INLINE_ uint64_t spv2c_ck_other_(uint64_t s, uint64_t ep, uint64_t me, unsigned flags)
{
    uint64_t wr, rd;
    s = (s & ~(uint64_t)0xffffffffu) == ep ? s : ep;
    wr = s >> 16 & 0xffffu;
    rd = s & 0xffffu;
    return ((uint64_t)(wr != 0) & (uint64_t)(wr != me)) |
           ((uint64_t)(rd != 0) & (uint64_t)(rd != me) &
            (uint64_t)((flags & SPV2C_CK_WRITE_) != 0));
}

/* the bytes [*lo, *hi) of an object that n accesses of size bytes at off
   + t k (t < n, k a signed step) span; spv2c_ck_in_ found them inside it */
SPV2C_CK_INLINE_ void spv2c_ck_hull_(size_t off, uintptr_t k, size_t n, size_t size, size_t *lo,
                                     size_t *hi)
{
    size_t m = (size_t)(k > UINTPTR_MAX / 2 ? 0 - k : k) * (n - 1);
    *lo = k > UINTPTR_MAX / 2 ? off - m : off;
    *hi = *lo + m + size;
}

/* a chunk's records into o's runs (o lazy; spv2c_ck_chunk_'s arguments,
   off from o's base): the last run of o, when the chunk continues it (its
   next work-items, its next addresses), else a new one; 0 if full */
SPV2C_CK_INLINE_ int spv2c_ck_run_(const spv2c_ckobj_ *o, size_t off, uintptr_t k, size_t n,
                                   size_t size, unsigned flags, size_t llid)
{
    struct spv2c_ckrun_ *u = 0;
    size_t r, lo, hi;
    flags &= SPV2C_CK_READ_ | SPV2C_CK_WRITE_;
    spv2c_ck_hull_(off, k, n, size, &lo, &hi);
    /* a run of o this chunk continues, not only the last: a region chunk
       adds one run an access (scan: three), and the runs' records, as
       the words would hold them, do not depend on their order
       (spv2c_ck_flush_) */
    for (r = spv2c_cks_.nrun; r-- > 0;) {
        u = &spv2c_cks_.run[r];
        if (u->o == o && u->k == k && u->words == size >> 2 && u->flags == flags &&
            u->llid + u->n == llid && u->off + u->n * k == off) {
            u->n += n;
            u->lo = lo < u->lo ? lo : u->lo;
            u->hi = hi > u->hi ? hi : u->hi;
            return 1;
        }
    }
    if (spv2c_cks_.nrun == SPV2C_CHECK_RUNS)
        return 0;
    u = &spv2c_cks_.run[spv2c_cks_.nrun++];
    u->o = o;
    u->off = off;
    u->k = k;
    u->n = n;
    u->llid = llid;
    u->words = (unsigned)(size >> 2);
    u->flags = flags;
    u->lo = lo;
    u->hi = hi;
    return 1;
}

/* A chunk of n work-items (n 16 or 64; local linear ids llid, llid + 1,
   ...) whose access j reads or writes (flags) size bytes at a0 + t k for
   its t-th work-item, through root (src/hoist.c). mark 0: would each
   work-item's check pass (spv2c_ck_'s: in bounds of root's object, no race
   with the shadow's words as they are)? Then 1, and nothing is reported.
   The chunk may then skip the checks: mark 1 records its accesses in the
   race shadow as the checks would have. Only where the records cannot
   depend on the order: the work-items' granules disjoint (|k| >= size,
   whole 4-byte granules), one access j an object (the kernel's other
   accesses to it go through the same address: the translator merges them
   into one j, flags READ | WRITE), and none of its accesses left to be
   checked in place (else SPV2C_CK_NOSH_: the object must have no race
   shadow). Anything else fails the test, and the chunk runs its checks one
   work-item at a time, reports as ever.
   While no access checked in place has needed the interval's records of
   the object (o->lazy), its words hold none, and the chunks' records are
   kept as runs instead (spv2c_ck_run_): the test then reads no word, and
   passes if the chunk's stretch meets no run's; one that does runs in
   place, and its first check writes the runs into the words
   (spv2c_ck_flush_), so that it sees every record it saw before. */
SPV2C_CK_INLINE_ int spv2c_ck_chunk_(const void *root, uintptr_t a0, uintptr_t k, size_t n,
                                     size_t size, unsigned flags, size_t llid, int mark,
                                     unsigned j)
{
    uintptr_t bad = 0, base;
    size_t t;
    spv2c_ckobj_ *o = spv2c_ck_root_(root);
    uint64_t ep = spv2c_cks_.epoch, *w;
    ptrdiff_t kw;
    unsigned i;

    if (!o)
        return 0;
    base = (uintptr_t)o->base;
    if (mark) {
        if (!spv2c_cks_.chunk[j])
            return 1;
        if (o->lazy && spv2c_ck_run_(o, a0 - base, k, n, size, flags, llid))
            return 1;
        if (o->lazy)
            spv2c_ck_flush_(o);   /* no room for a run: the words from now on */
        w = o->sh + ((a0 - base) >> 2);
        kw = (ptrdiff_t)k / 4;
        if ((flags & (SPV2C_CK_READ_ | SPV2C_CK_WRITE_)) == (SPV2C_CK_READ_ | SPV2C_CK_WRITE_) ||
            (flags & (SPV2C_CK_READ_ | SPV2C_CK_WRITE_)) == SPV2C_CK_WRITE_) {
            /* written (and read): the words say this work-item alone as
               writer (and reader); a write alone keeps the reader, which the
               test found to be none or this one */
            for (t = 0; t < n; t++)
                for (i = 0; i < size >> 2; i++) {
                    uint64_t *p = &w[(ptrdiff_t)t * kw + (ptrdiff_t)i], me = llid + t + 1;
                    uint64_t rd = flags & SPV2C_CK_READ_ ? me
                                  : (*p & ~(uint64_t)0xffffffffu) == ep ? *p & 0xffffu : 0;
                    *p = ep | me << 16 | rd;
                }
            return 1;
        }
        for (t = 0; t < n; t++) {   /* read: none or this one reader, else several */
            uint64_t me = (uint64_t)(llid + t) + 1;
            for (i = 0; i < size >> 2; i++) {
                uint64_t s = w[(ptrdiff_t)t * kw + (ptrdiff_t)i], wr, rd;
                s = (s & ~(uint64_t)0xffffffffu) == ep ? s : ep;
                wr = s >> 16 & 0xffffu;
                rd = s & 0xffffu;
                rd = rd == 0 || rd == me ? me : 0xffffu;
                w[(ptrdiff_t)t * kw + (ptrdiff_t)i] = ep | wr << 16 | rd;
            }
        }
        return 1;
    }
    spv2c_cks_.chunked = 1;
    if (o->stride || o->init || !size || !spv2c_ck_in_(o, a0, k, n, size))
        return 0;
    spv2c_cks_.chunk[j] = 0;
    if (!o->sh)   /* no race shadow: a write to a buffer never written makes one */
        return !(o->ro && (flags & SPV2C_CK_WRITE_));
    if (!spv2c_cks_.races)
        return 1;
    if ((flags & SPV2C_CK_NOSH_) || o->gs != 2 || (((a0 - base) | size | k) & 3) ||
        (k < size && 0 - k < size))
        return 0;
    for (i = 0; i < j; i++)
        if (spv2c_cks_.chunk[i] == o)
            return 0;   /* two accesses to one object (two arguments, one buffer) */
    spv2c_cks_.chunk[j] = o;
    if (o->lazy) {   /* no word holds a record: the stretch must meet no run */
        size_t lo, hi;
        spv2c_ck_hull_(a0 - base, k, n, size, &lo, &hi);
        for (t = 0; t < spv2c_cks_.nrun; t++)
            if (spv2c_cks_.run[t].o == o && lo < spv2c_cks_.run[t].hi &&
                spv2c_cks_.run[t].lo < hi)
                return 0;
        return 1;
    }
    w = o->sh + ((a0 - base) >> 2);
    kw = (ptrdiff_t)k / 4;
    if (kw == (ptrdiff_t)(size >> 2)) {   /* the chunk's words one after another */
        for (t = 0; t < n * (size >> 2); t++)
            bad |= spv2c_ck_other_(w[t], ep, llid + t / (size >> 2) + 1, flags);
        return !bad;
    }
    for (t = 0; t < n; t++)   /* no word shows another work-item */
        for (i = 0; i < size >> 2; i++)
            bad |= spv2c_ck_other_(w[(ptrdiff_t)t * kw + (ptrdiff_t)i], ep, llid + t + 1, flags);
    return !bad;
}

/* a chunk's test is expected to pass (src/kernel.c): gcc otherwise took
   the chunk's loop after a failed test's break for the cold path and left
   it scalar (conv5x5: twice as long) */
#if defined(__GNUC__)
#define SPV2C_CK_PASSES_(x) __builtin_expect(!!(x), 1)
#else
#define SPV2C_CK_PASSES_(x) (x)
#endif

/* a chunk of n work-items passed its tests: counted for the tests
   (SPV2C_CHECK_CHUNK_STATS: the launch's count on stderr at its end) */
#if defined(SPV2C_CHECK_CHUNK_STATS)
#define SPV2C_CK_FAST_(n) (spv2c_cks_.nfast += (n))
#else
#define SPV2C_CK_FAST_(n) ((void)0)
#endif

/* A chunk's reads of a buffer the kernel never writes, all in [lo, hi)
   (src/hoist.c): would each read's check pass, in bounds of root's object?
   Their race records are not needed: in a kernel without barriers a group
   is one interval, and no work-item writes the buffer in it, so no record
   of a read can meet a write (unless another argument is the same memory:
   then each read is recorded, one work-item at a time) */
SPV2C_CK_INLINE_ int spv2c_ck_span_(const void *root, uintptr_t lo, uintptr_t hi)
{
    spv2c_ckobj_ *o = spv2c_ck_root_(root);
    return o && !o->stride && !o->init && (!o->sh || !spv2c_cks_.alias) &&
           lo >= (uintptr_t)o->base && lo < hi && hi - (uintptr_t)o->base <= o->size;
}

/* as spv2c_ck_span_, for nq reads of size bytes, read q at a[q] + t k[q]
   by the chunk's t-th work-item (t < n, k[q] a signed step): the stretch
   each covers, which must not wrap, and the span of them all. The common
   case, one step for all (conv5x5's 25 taps), takes the lowest and the
   highest a[q] only: the stretches' span and wraps are those of theirs */
SPV2C_CK_INLINE_ int spv2c_ck_segs_(const void *root, const uintptr_t *a, const uintptr_t *k,
                                    size_t nq, size_t n, size_t size)
{
    uintptr_t lo = a[0], hi = a[0], lo2 = a[0], hi2 = a[0], s, m, e, diff = 0;
    size_t q;
    int bad = 0, down;
    for (q = 1; q + 1 < nq; q += 2) {   /* two chains: half the latency */
        lo = a[q] < lo ? a[q] : lo;
        hi = a[q] > hi ? a[q] : hi;
        lo2 = a[q + 1] < lo2 ? a[q + 1] : lo2;
        hi2 = a[q + 1] > hi2 ? a[q + 1] : hi2;
        diff |= (k[q] ^ k[0]) | (k[q + 1] ^ k[0]);
    }
    if (q < nq) {
        lo = a[q] < lo ? a[q] : lo;
        hi = a[q] > hi ? a[q] : hi;
        diff |= k[q] ^ k[0];
    }
    lo = lo2 < lo ? lo2 : lo;
    hi = hi2 > hi ? hi2 : hi;
    if (!diff) {
        down = k[0] > UINTPTR_MAX / 2;
        m = down ? 0 - k[0] : k[0];
        bad |= m > UINTPTR_MAX / (n - 1);
        m *= n - 1;   /* from the first address to the last */
        bad |= down && lo < m;
        lo = down ? lo - m : lo;   /* the lowest */
        e = down ? 0 : m;          /* from the highest a[q] to its stretch's last address */
        bad |= e > UINTPTR_MAX - hi || size > UINTPTR_MAX - hi - e;
        return !bad && spv2c_ck_span_(root, lo, hi + e + size);
    }
    lo = UINTPTR_MAX;
    hi = 0;
    for (q = 0; q < nq; q++) {
        down = k[q] > UINTPTR_MAX / 2;
        m = down ? 0 - k[q] : k[q];
        bad |= m > UINTPTR_MAX / (n - 1);
        m *= n - 1;   /* from the first address to the last */
        bad |= down && a[q] < m;
        s = down ? a[q] - m : a[q];   /* the lowest */
        bad |= m > UINTPTR_MAX - s || size > UINTPTR_MAX - s - m;
        lo = s < lo ? s : lo;
        hi = s + m + size > hi ? s + m + size : hi;
    }
    return !bad && spv2c_ck_span_(root, lo, hi);
}

/* A chunk of a region's work-item loop (src/kernel.c, region_chunk): n
   work-items (local linear ids llid, llid + 1, ...), nq accesses, access
   q by the t-th work-item at a[q * n + t] (size bytes, flags; a[nq * n]
   is there too, not looked at). The taken
   accesses (q->taken) run with no check in the chunk; the others keep
   their check in place (accesses in blocks only some work-items run).
   Would every per-item check of the taken ones pass, and could no check
   in place see the chunk's records in another state than the per-item
   order leaves it? Then their records are made (as the checks would
   make them: they do not depend on the order) and 1 is returned;
   otherwise 0, nothing recorded, and the chunk runs every check in
   place. Nothing is reported from here. */
typedef struct spv2c_ckq_ {
    const void *root;
    size_t size;
    unsigned flags;           /* SPV2C_CK_READ_ / WRITE_, NOINIT_, WHOLE_ */
    int taken;
    const unsigned char *mask;   /* per work-item: makes the access (a guarded one), or NULL */
    spv2c_ckobj_ *o;          /* set by the test: the object, or NULL if no work-item makes it */
    uintptr_t lo, hi, k;      /* the stretch the chunk's accesses cover, their step */
    size_t t0, nt;            /* the work-items that make it: t0 to t0 + nt - 1 */
    int aff;                  /* its addresses are a[t0] + k (t - t0): the probe gave
                                 those of t0, t0 + 1 and t0 + nt - 1 only (spv2c_ck_qa_) */
    int bad;                  /* aff: its guard's work-items not found one run */
} spv2c_ckq_;

/* access q's stretch (the addresses a constant step apart, no wrap) and
   object; the taken one's bounds and initialised bytes */
SPV2C_CK_INLINE_ int spv2c_ck_rq_(spv2c_ckq_ *q, const uintptr_t *a, size_t n)
{
    uintptr_t k = n > 1 ? a[1] - a[0] : 0, m, bad = 0;
    int down = k > UINTPTR_MAX / 2;
    size_t t;
    spv2c_ckobj_ *o = q->o ? q->o : q->root ? spv2c_ck_root_(q->root) : 0;
    if (!o || o->stride || !q->size || q->size > 16)
        return 0;
    if (q->aff)   /* affine (src/kernel.c proved it): the last address as the step says */
        bad = n > 1 && a[n - 1] - a[0] != k * (n - 1);
    else
        for (t = 0; t < n; t++)   /* a constant step apart (a[n] is there, not looked at:
                                     no product, n steps, so that it vectorises) */
            bad |= (a[t + 1] - a[t] - k) & (0 - (uintptr_t)(t + 1 < n));
    m = down ? 0 - k : k;
    if (bad || (n > 1 && m > UINTPTR_MAX / (n - 1)) || (down && a[0] < m * (n - 1)))
        return 0;
    q->o = o;
    q->k = k;
    q->lo = down ? a[0] - m * (n - 1) : a[0];
    q->hi = q->lo + m * (n - 1) + q->size;
    if (q->hi < q->lo)
        return 0;
    if (!q->taken)
        return 1;
    if (!spv2c_ck_in_(o, a[0], k, n, q->size))
        return 0;
    if ((q->flags & SPV2C_CK_WRITE_) && o->ro && !o->sh)
        return 0;   /* the first write makes its race shadow */
    if (!o->init || !(q->flags & SPV2C_CK_READ_) || (q->flags & SPV2C_CK_NOINIT_))
        return 1;
    if (k == 4 && q->size == 4) {   /* one stretch: 8 bytes at a time */
        const unsigned char *b = o->init + (a[0] - (uintptr_t)o->base);
        uint64_t d, all = ~(uint64_t)0;
        size_t i;
        for (t = 0; t + 64 <= n; t += 64)   /* blocks of a constant count, which gcc -O2
                                               vectorises (an affine chunk's n varies) */
            for (i = 0; i < 32; i++) {
                memcpy(&d, b + 4 * t + 8 * i, 8);
                all &= d;
            }
        for (; t + 2 <= n; t += 2) {
            memcpy(&d, b + 4 * t, 8);
            all &= d;
        }
        return all == UINT64_C(0x0101010101010101) &&   /* the bytes are 0 or 1 */
               (t == n || spv2c_ck_set_(b + 4 * t, 4));
    }
    for (t = 0; t < n; t++)
        if (!spv2c_ck_set_(o->init + (a[t] - (uintptr_t)o->base), q->size))
            return 0;
    return 1;
}

/* a taken access's race-shadow words show no other work-item; one
   written has a granule of its own in each work-item */
SPV2C_CK_INLINE_ int spv2c_ck_rrace_(const spv2c_ckq_ *q, const uintptr_t *a, size_t n, size_t llid)
{
    const spv2c_ckobj_ *o = q->o;
    uintptr_t k = q->k, base = (uintptr_t)o->base;
    uint64_t bad = 0, ep = spv2c_cks_.epoch;
    size_t t, i;
    if (!o->sh || !spv2c_cks_.races)
        return 1;
    if (o->gs != 2 || (((a[0] - base) | q->size | k) & 3))
        return 0;
    if ((q->flags & SPV2C_CK_WRITE_) && n > 1 && k < q->size && 0 - k < q->size)
        return 0;
    if (o->lazy) {   /* no word holds a record: no run a write could race with */
        size_t r, lo = q->lo - base, hi = q->hi - base;
        for (r = 0; r < spv2c_cks_.nrun; r++) {
            const struct spv2c_ckrun_ *u = &spv2c_cks_.run[r];
            if (u->o == o && lo < u->hi && u->lo < hi && ((u->flags | q->flags) & SPV2C_CK_WRITE_))
                return 0;
        }
        return 1;
    }
    if (k == 4 && q->size == 4) {   /* the chunk's words one after another */
        const uint64_t *w = o->sh + ((a[0] - base) >> 2);
        for (t = 0; t < n; t++)
            bad |= spv2c_ck_other_(w[t], ep, llid + t + 1, q->flags);
        return !bad;
    }
    for (t = 0; t < n; t++)
        for (i = 0; i < q->size >> 2; i++)
            bad |= spv2c_ck_other_(o->sh[((a[t] - base) >> 2) + i], ep, llid + t + 1, q->flags);
    return !bad;
}

/* the records of taken access q, as each work-item's check makes them;
   of a lazy object, kept as a run (spv2c_ck_run_; the words if the runs
   are full), which spv2c_ck_flush_ writes as these would */
SPV2C_CK_INLINE_ void spv2c_ck_rmark_(const spv2c_ckq_ *q, const uintptr_t *a, size_t n,
                                      size_t llid)
{
    spv2c_ckobj_ *o = q->o;
    uintptr_t base = (uintptr_t)o->base;
    uint64_t ep = spv2c_cks_.epoch, *w;
    size_t t;
    if (o->init && (q->flags & SPV2C_CK_WRITE_) && !(q->flags & SPV2C_CK_NOINIT_)) {
        if (q->k == 4 && q->size == 4)   /* one stretch */
            memset(o->init + (a[0] - base), 1, 4 * n);
        else
            for (t = 0; t < n; t++)
                memset(o->init + (a[t] - base), 1, q->size);
    }
    if (!o->sh || !spv2c_cks_.races)
        return;
    if (o->lazy) {
        if (spv2c_ck_run_(o, a[0] - base, q->k, n, q->size, q->flags, llid))
            return;
        spv2c_ck_flush_(o);   /* no room for a run: the words from now on */
    }
    if (q->k == 4 && q->size == 4) {   /* one stretch, a word a work-item */
        w = o->sh + ((a[0] - base) >> 2);
        if (q->flags & SPV2C_CK_WRITE_)   /* the test found no reader but this one */
            for (t = 0; t < n; t++) {
                uint64_t me = (uint64_t)(llid + t) + 1;
                uint64_t cur = 0 - (uint64_t)(((w[t] ^ ep) >> 32) == 0);
                w[t] = ep | me << 16 | ((q->flags & SPV2C_CK_READ_) ? me : w[t] & cur & 0xffffu);
            }
        else   /* arithmetic, not branches, so that it vectorises */
            for (t = 0; t < n; t++) {
                uint64_t me = (uint64_t)(llid + t) + 1;
                uint64_t cur = 0 - (uint64_t)(((w[t] ^ ep) >> 32) == 0);
                uint64_t s = w[t] & cur & 0xffffffffu, rd = s & 0xffffu;
                uint64_t mine = 0 - ((uint64_t)(rd == 0) | (uint64_t)(rd == me));
                w[t] = ep | (s & 0xffff0000u) | (0xffffu ^ ((0xffffu ^ me) & mine));
            }
        return;
    }
    for (t = 0; t < n; t++)
        spv2c_ck_merge_(o->sh + ((a[t] - base) >> 2), q->size >> 2, ep, (uint64_t)(llid + t) + 1,
                        q->flags);
}

/* access q of a chunk's table (the probe, src/kernel.c) */
SPV2C_CK_INLINE_ void spv2c_ck_q_(spv2c_ckq_ *q, const void *root, size_t size, unsigned flags,
                                  int taken, const unsigned char *mask)
{
    memset(q, 0, sizeof *q);
    q->root = root;
    q->size = size;
    q->flags = flags;
    q->taken = taken;
    q->mask = mask;
}

/* access q of a chunk whose probe proved its address affine in the
   work-item (src/kernel.c, region_chunk): made by all n work-items until
   spv2c_ck_grun_ says otherwise */
SPV2C_CK_INLINE_ void spv2c_ck_qa_(spv2c_ckq_ *q, const void *root, size_t size, unsigned flags,
                                   int taken, size_t n)
{
    spv2c_ck_q_(q, root, size, flags, taken, 0);
    q->aff = 1;
    q->nt = n;
}

/* a guard's comparison, x OP c (SPIR-V's integer compares; the signed
   ones on values biased by 2^63, which orders them as unsigned) */
#define SPV2C_CK_GEQ_ 0u
#define SPV2C_CK_GNE_ 1u
#define SPV2C_CK_GULT_ 2u
#define SPV2C_CK_GULE_ 3u
#define SPV2C_CK_GUGT_ 4u
#define SPV2C_CK_GUGE_ 5u
#define SPV2C_CK_GSLT_ 6u   /* the signed ones: the unsigned ones + 4 */
#define SPV2C_CK_GSLE_ 7u
#define SPV2C_CK_GSGT_ 8u
#define SPV2C_CK_GSGE_ 9u
SPV2C_CK_INLINE_ int spv2c_ck_gcmp_(unsigned op, uint64_t x, uint64_t c)
{
    switch (op) {
    case SPV2C_CK_GEQ_: return x == c;
    case SPV2C_CK_GNE_: return x != c;
    case SPV2C_CK_GULT_: return x < c;
    case SPV2C_CK_GULE_: return x <= c;
    case SPV2C_CK_GUGT_: return x > c;
    default: return x >= c;
    }
}

/* the one t in [0, n) at which x0 + k t (no wrap, k != 0) is c, or n */
SPV2C_CK_INLINE_ size_t spv2c_ck_gat_(uint64_t x0, uint64_t k, uint64_t c, size_t n)
{
    int down = k >> 63;
    uint64_t m = down ? 0 - k : k, d = down ? x0 - c : c - x0;
    if ((down ? c > x0 : c < x0) || d % m || d / m >= n)
        return n;
    return (size_t)(d / m);
}

/* the work-items of a guarded affine access that make it: those whose
   guard, x OP c or its negation (pol 0), holds, for x affine in the
   work-item (x[0], x[1], x[2]: the first two and the last work-items'
   values; src/kernel.c proved the rest between) and c the same for all
   (c[0]). With no wrap between x[0] and x[n - 1], x is monotone, so the
   guard changes at most once (twice around the one work-item where x
   equals c): the run from the ends and a binary search. Not one run, or
   a wrap: q->bad, and the chunk runs its checks in place. */
SPV2C_CK_INLINE_ void spv2c_ck_grun_(spv2c_ckq_ *q, unsigned op, int pol, const uint64_t *x,
                                     const uint64_t *c, size_t n)
{
    uint64_t bias = op >= SPV2C_CK_GSLT_ ? UINT64_C(1) << 63 : 0;
    uint64_t x0 = x[0] ^ bias, cc = c[0] ^ bias;
    uint64_t k = x[1] - x[0], m = k >> 63 ? 0 - k : k;
    size_t lo = 0, hi = n - 1, mid, at;
    int p0, p1;
    op = op >= SPV2C_CK_GSLT_ ? op - 4 : op;
    q->t0 = 0;
    q->nt = 0;
    q->bad = n < 2 || x[2] - x[0] != k * (n - 1) || m > UINT64_MAX / (n - 1) ||
             (k >> 63 ? x0 < m * (n - 1) : m * (n - 1) > UINT64_MAX - x0);
    if (q->bad)
        return;
    if (op <= SPV2C_CK_GNE_ && k) {   /* x equals c at one work-item at most */
        at = spv2c_ck_gat_(x0, k, cc, n);
        if ((op == SPV2C_CK_GEQ_) == (pol != 0)) {   /* made there only */
            q->t0 = at < n ? at : 0;
            q->nt = at < n;
        } else {   /* made everywhere else: a run if at is an end */
            q->t0 = at == 0;
            q->nt = at < n ? n - 1 : n;
            q->bad = at > 0 && at + 1 < n;
        }
        return;
    }
    p0 = spv2c_ck_gcmp_(op, x0, cc) == (pol != 0);
    p1 = spv2c_ck_gcmp_(op, x0 + k * (n - 1), cc) == (pol != 0);
    if (p0 == p1) {   /* monotone: the same all the way */
        q->nt = p0 ? n : 0;
        return;
    }
    while (hi - lo > 1) {   /* the guard is p0 at lo, p1 at hi (selects, not
                               branches: a mispredicted branch a step) */
        int same;
        mid = lo + (hi - lo) / 2;
        same = (spv2c_ck_gcmp_(op, x0 + k * mid, cc) == (pol != 0)) == p0;
        lo = same ? mid : lo;
        hi = same ? hi : mid;
    }
    q->t0 = p0 ? 0 : hi;
    q->nt = p0 ? hi : n - hi;
}

/* the work-items of a guarded access's chunk that make it (q->mask, 0 or
   1 each; mask[n] is there, not looked at), as q->t0, q->nt: 0 if they are
   not one run. Sums, so that it vectorises: a run has two changes from
   0 to 1 or back (with a 0 before and after) and t0 from the sum of its
   work-items' indices. */
SPV2C_CK_INLINE_ int spv2c_ck_rrun_(spv2c_ckq_ *q, size_t n)
{
    const unsigned char *mk = q->mask;
    unsigned t, cnt = 0, sum = 0, ch;
    if (q->aff)
        return !q->bad;   /* t0, nt: spv2c_ck_qa_'s, or spv2c_ck_grun_'s */
    q->t0 = 0;
    q->nt = n;
    if (!mk)
        return 1;
    ch = mk[0] + mk[n - 1];
    for (t = 0; t < n; t++) {
        cnt += mk[t];
        sum += t * mk[t];
        ch += (unsigned)((mk[t] ^ mk[t + 1]) & (t + 1 < n));
    }
    q->nt = cnt;
    if (!cnt)
        return 1;
    q->t0 = (sum - cnt * (cnt - 1) / 2) / cnt;
    return ch == 2;
}

/* an affine access's addresses that the probe left out (a[2] to
   a[n - 2]), for the passes that take them a work-item at a time: the
   contiguous case (4-byte elements 4 bytes apart) needs a[0] only */
SPV2C_CK_INLINE_ void spv2c_ck_afill_(const spv2c_ckq_ *q, uintptr_t *a, size_t n)
{
    uintptr_t k = a[1] - a[0];
    size_t t;
    if (n < 4 || (k == 4 && q->size == 4))
        return;
    for (t = 2; t + 1 < n; t++)
        a[t] = a[0] + k * t;
}

/* access q of the chunk, its work-items' addresses a (q->t0 on) */
SPV2C_CK_INLINE_ int spv2c_ck_racc_(spv2c_ckq_ *q, uintptr_t *a, size_t n, size_t llid)
{
    if (!q->nt) {
        q->o = 0;   /* no work-item makes it */
        return 1;
    }
    if (q->aff)
        spv2c_ck_afill_(q, a + q->t0, q->nt);
    if (q->nt == n)   /* apart, so that the common case has a constant count */
        return spv2c_ck_rq_(q, a, n) && (!q->taken || spv2c_ck_rrace_(q, a, n, llid));
    return spv2c_ck_rq_(q, a + q->t0, q->nt) &&
           (!q->taken || spv2c_ck_rrace_(q, a + q->t0, q->nt, llid + q->t0));
}

SPV2C_CK_INLINE_ int spv2c_ck_region_(spv2c_ckq_ *q, size_t nq, uintptr_t *a, size_t n,
                                      size_t llid)
{
    size_t j, i;
    spv2c_cks_.chunked = 1;   /* the launch's next intervals start lazy */
    if (spv2c_cks_.alias || n < 2)
        return 0;
    for (j = 0; j < nq; j++) {
        /* the object of the previous access's root, if this one's is the
           same (scan's three accesses): looked up once */
        q[j].o = j && q[j].root == q[j - 1].root ? q[j - 1].o : 0;
        if (!spv2c_ck_rrun_(&q[j], n) || !spv2c_ck_racc_(&q[j], a + j * n, n, llid))
            return 0;
    }
    /* a write's stretch meets no other access's to its object: no check
       in place, nor another taken access, sees the records in another
       state than the per-item order gives it */
    for (j = 0; j < nq; j++)
        for (i = j + 1; i < nq; i++)
            if (q[i].o && q[i].o == q[j].o && ((q[i].flags | q[j].flags) & SPV2C_CK_WRITE_) &&
                q[i].lo < q[j].hi && q[j].lo < q[i].hi)
                return 0;
    for (j = 0; j < nq; j++)
        if (q[j].taken && q[j].o) {
            if (q[j].nt == n)
                spv2c_ck_rmark_(&q[j], a + j * n, n, llid);
            else
                spv2c_ck_rmark_(&q[j], a + j * n + q[j].t0, q[j].nt, llid + q[j].t0);
        }
    return 1;
}

/* spv2c_ck_region_ out of line, once for each instruction set (the group
   function's isa_: 1 in its AVX2 clone, whose wrapper gets AVX2's vector
   passes): inlined at each region's chunk test of both clones, scan's
   checked C took gcc -O2 17 s, out of line 2.6 s, and the chunks ran
   faster (gcc 12, 28 November: 36 ms against 43) */
SPV2C_CK_OUTLINE_ int spv2c_ck_region_o_(spv2c_ckq_ *q, size_t nq, uintptr_t *a, size_t n,
                                         size_t llid)
{
    return spv2c_ck_region_(q, nq, a, n, llid);
}
#if SPV2C_AVX2_
SPV2C_AVX2_CLONE_ SPV2C_CK_OUTLINE_ int spv2c_ck_region_avx2_(spv2c_ckq_ *q, size_t nq,
                                                             uintptr_t *a, size_t n, size_t llid)
{
    return spv2c_ck_region_(q, nq, a, n, llid);
}
#define SPV2C_CK_REGION_(isa, q, nq, a, n, llid)                                 \
    ((isa) ? spv2c_ck_region_avx2_(q, nq, a, n, llid) : spv2c_ck_region_o_(q, nq, a, n, llid))
#else
#define SPV2C_CK_REGION_(isa, q, nq, a, n, llid) spv2c_ck_region_o_(q, nq, a, n, llid)
#endif

/* an async copy (spv2c_strided_copy's arguments; event: the incoming
   event) by work-item llid, or by the group's part for all of them (all) */
SPV2C_INLINE void spv2c_ck_async_(const char *kernel, const size_t *gid, size_t llid,
                                  const char *where, const void *dst_root, void *dst,
                                  const void *src_root, const void *src, size_t n, size_t size,
                                  size_t ds, size_t ss, size_t event, int all)
{
    size_t v[6], i;
    v[0] = (size_t)(uintptr_t)dst;
    v[1] = (size_t)(uintptr_t)src;
    v[2] = n;
    v[3] = ds * ss;
    v[4] = event;
    v[5] = size;
    spv2c_ck_site_(kernel, gid, llid, where, v, 5, all);
    if (!spv2c_cks_.pending) {
        spv2c_cks_.pending = where;
        spv2c_cks_.pending_kernel = kernel;
        spv2c_cks_.pending_gid[0] = gid[0];
        spv2c_cks_.pending_gid[1] = gid[1];
        spv2c_cks_.pending_gid[2] = gid[2];
    }
    if (llid != 0 && !all)
        return;   /* the copy is the first work-item's */
    for (i = 0; i < n; i++) {
        spv2c_ck_(kernel, gid, llid, where, src_root, (const unsigned char *)src + i * ss * size,
                  size, SPV2C_CK_READ_ | SPV2C_CK_ATOMIC_);
        spv2c_ck_(kernel, gid, llid, where, dst_root, (unsigned char *)dst + i * ds * size, size,
                  SPV2C_CK_WRITE_ | SPV2C_CK_ATOMIC_);
    }
}

#if defined(SPV2C_IMAGES_)
/* a signed coordinate of the report */
SPV2C_INLINE void spv2c_ck_i_(int32_t v)
{
    if (v < 0)
        spv2c_ck_s_("-");
    spv2c_ck_n_(v < 0 ? 0ul - (unsigned long)(long)v : (unsigned long)v);
}

/* an image write, or a read without a sampler, at integer coordinates
   (x, y, z) outside the image (its result undefined, OpenCL C s6.12.14):
   reported like a buffer overrun; the write is then dropped and the read
   gives the border colour, as without --checked */
SPV2C_INLINE void spv2c_ck_img_(const char *kernel, const size_t *gid, const char *where,
                                const spv2c_image_ *im, unsigned dims, int arrayed, int32_t x,
                                int32_t y, int32_t z, int write)
{
    unsigned n = dims + (arrayed ? 1u : 0u);
    int32_t c[3];
    unsigned k;
    if (spv2c_img_addr_(im, dims, arrayed, x, y, z))
        return;
    c[0] = x;
    c[1] = y;
    c[2] = z;
    spv2c_ck_head_(kernel, where);
    spv2c_ck_s_(write ? "image write at (" : "image read at (");
    for (k = 0; k < n; k++) {
        spv2c_ck_s_(k ? "," : "");
        spv2c_ck_i_(c[k]);
    }
    spv2c_ck_s_(") is out of bounds of the image (");
    spv2c_ck_n_((unsigned long)im->width);
    if (dims > 1) {
        spv2c_ck_s_("x");
        spv2c_ck_n_((unsigned long)im->height);
    }
    if (dims > 2) {
        spv2c_ck_s_("x");
        spv2c_ck_n_((unsigned long)im->depth);
    }
    if (arrayed) {
        spv2c_ck_s_(", ");
        spv2c_ck_n_((unsigned long)im->array_size);
        spv2c_ck_s_(" layers");
    }
    spv2c_ck_s_(")");
    spv2c_ck_end_(gid);
}
#endif

/* spv2c runtime part: check (needs: base) */
/*
 * The checking mode (spv2c --checked): generated code verifies, as it
 * runs, what the OpenCL C specification leaves undefined (misaligned
 * vector-data addresses, work-items that diverge at a barrier) and reports
 * it instead of computing something else. A report names the kernel, the
 * operation, the work-item and the address. SPV2C_CHECK_FAIL() decides
 * what happens next: by default the program stops (abort()); define it
 * before this part to do something else (e.g. longjmp out of a test).
 */
#if defined(SPV2C_FREESTANDING)
/* freestanding (no stdio, no abort): the user supplies both the report, a
   function that gets each message in pieces (text, or a number when text is
   NULL), and SPV2C_CHECK_FAIL() (docs/porting.md) */
void spv2c_check_report(const char *text, unsigned long number);
#ifndef SPV2C_CHECK_FAIL
#error "spv2c --checked with SPV2C_FREESTANDING: define SPV2C_CHECK_FAIL() (what to do after a report)"
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

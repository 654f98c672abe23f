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
#include <stdio.h>
#include <stdlib.h>

#ifndef SPV2C_CHECK_FAIL
#define SPV2C_CHECK_FAIL() abort()
#endif

/* p must be a multiple of align (a power of two) */
SPV2C_INLINE void spv2c_check_align_(const char *kernel, const char *what, const size_t *gid,
                                     const void *p, size_t align)
{
    if (((size_t)(uintptr_t)p & (align - 1)) == 0)
        return;
    fprintf(stderr, "spv2c: checked: kernel %s: %s: address %p is not %u-byte aligned "
            "(work-item %u,%u,%u)\n", kernel, what, p, (unsigned)align, (unsigned)gid[0],
            (unsigned)gid[1], (unsigned)gid[2]);
    fflush(stderr);
    SPV2C_CHECK_FAIL();
}

/* work-items of a group that do not all wait at the same barrier: the
   kernel is invalid; a and b are two of them (done: it had finished) */
SPV2C_INLINE void spv2c_check_diverge_(const char *kernel, const size_t *ga, unsigned bar_a,
                                       int done_a, const size_t *gb, unsigned bar_b, int done_b)
{
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
    SPV2C_CHECK_FAIL();
}

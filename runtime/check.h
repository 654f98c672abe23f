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

/* spv2c runtime part: async (needs: base) */
/*
 * async_work_group_copy and async_work_group_strided_copy (OpGroupAsyncCopy).
 * The copy is done at once, by the group's first work-item to arrive (local
 * linear id 0: work-items of a group run in order); waiting on the event
 * (OpGroupWaitEvents) is a barrier point of the generated code, so every
 * work-item of the group sees the data afterwards.
 *
 * spv2c_strided_copy is the one routine every copy goes through: element i
 * (elem_size bytes) goes from src + i * src_stride * elem_size to
 * dst + i * dst_stride * elem_size (strides count elements; global -> local
 * copies have dst_stride 1, local -> global ones src_stride 1). An embedded
 * program can replace it, e.g. by a DMA transfer: compile with
 * -DSPV2C_STRIDED_COPY and link a definition of
 *
 *   void spv2c_strided_copy(void *dst, const void *src, size_t n,
 *                           size_t elem_size, size_t dst_stride,
 *                           size_t src_stride);
 *
 * which must have finished the copy when it returns.
 */
#ifndef SPV2C_STRIDED_COPY

/* the strided loop for a fixed element size and strides DS, SS (a literal
   1 on the contiguous side), four elements a step: memcpy of a constant
   size compiles to a plain move, and the four moves on the contiguous
   side merge into one wide move, so more loads are in flight than with
   one element a step */
#define SPV2C_STRIDED_LOOP_(SIZE, DS, SS)                                     \
    for (i = 0; i + 4 <= n; i += 4) {                                         \
        unsigned char w_[4 * (SIZE)];                                         \
        memcpy(w_, s + i * (SS) * (SIZE), (SIZE));                            \
        memcpy(w_ + (SIZE), s + (i + 1) * (SS) * (SIZE), (SIZE));             \
        memcpy(w_ + 2 * (SIZE), s + (i + 2) * (SS) * (SIZE), (SIZE));         \
        memcpy(w_ + 3 * (SIZE), s + (i + 3) * (SS) * (SIZE), (SIZE));         \
        memcpy(d + i * (DS) * (SIZE), w_, (SIZE));                            \
        memcpy(d + (i + 1) * (DS) * (SIZE), w_ + (SIZE), (SIZE));             \
        memcpy(d + (i + 2) * (DS) * (SIZE), w_ + 2 * (SIZE), (SIZE));         \
        memcpy(d + (i + 3) * (DS) * (SIZE), w_ + 3 * (SIZE), (SIZE));         \
    }                                                                         \
    /* the last 0 to 3 elements without a loop: gcc 12 -O2 could not see    \
       that such a loop ends within 3 steps, and warned                       \
       -Waggressive-loop-optimizations on the users' build */                 \
    if (i < n)                                                                \
        memcpy(d + i * (DS) * (SIZE), s + i * (SS) * (SIZE), (SIZE));         \
    if (i + 1 < n)                                                            \
        memcpy(d + (i + 1) * (DS) * (SIZE), s + (i + 1) * (SS) * (SIZE), (SIZE)); \
    if (i + 2 < n)                                                            \
        memcpy(d + (i + 2) * (DS) * (SIZE), s + (i + 2) * (SS) * (SIZE), (SIZE))

/* the loop for elem_size, a constant where it is one of the usual sizes */
#define SPV2C_STRIDED_SIZES_(DS, SS)                                          \
    switch (elem_size) {                                                      \
    case 1: SPV2C_STRIDED_LOOP_(1, DS, SS); return;                           \
    case 2: SPV2C_STRIDED_LOOP_(2, DS, SS); return;                           \
    case 4: SPV2C_STRIDED_LOOP_(4, DS, SS); return;                           \
    case 8: SPV2C_STRIDED_LOOP_(8, DS, SS); return;                           \
    case 16: SPV2C_STRIDED_LOOP_(16, DS, SS); return;                         \
    default:                                                                  \
        for (i = 0; i < n; i++)                                               \
            memcpy(d + i * (DS) * elem_size, s + i * (SS) * elem_size, elem_size); \
        return;                                                               \
    }

SPV2C_INLINE void spv2c_strided_copy(void *dst, const void *src, size_t n, size_t elem_size,
                                     size_t dst_stride, size_t src_stride)
{
    unsigned char *d = (unsigned char *)dst;
    const unsigned char *s = (const unsigned char *)src;
    size_t i;
    if (dst_stride == 1 && src_stride == 1) {
        /* no object is larger than PTRDIFF_MAX bytes: a larger copy (a
           constant count a fuzzed module gave) is undefined, and as a
           memcpy bound gcc warns -Wstringop-overflow on the users' build */
        if (n && elem_size && n <= (size_t)PTRDIFF_MAX / elem_size)
            memcpy(d, s, n * elem_size);
        return;
    }
    if (dst_stride == 1)         /* a gather, as global to local */
        SPV2C_STRIDED_SIZES_(1, src_stride)
    else if (src_stride == 1)    /* a scatter */
        SPV2C_STRIDED_SIZES_(dst_stride, 1)
    else
        SPV2C_STRIDED_SIZES_(dst_stride, src_stride)
}

#else

void spv2c_strided_copy(void *dst, const void *src, size_t n, size_t elem_size,
                        size_t dst_stride, size_t src_stride);

#endif

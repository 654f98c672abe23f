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

/* one strided loop for a fixed element size: memcpy of a constant size
   compiles to a plain move, so the loop is a load and a store an element */
#define SPV2C_STRIDED_LOOP_(SIZE)                                             \
    for (i = 0; i < n; i++)                                                   \
        memcpy(d + i * dst_stride * (SIZE), s + i * src_stride * (SIZE), (SIZE))

/* a gather (contiguous destination) four elements at a time: four loads
   in flight, one wide store */
#define SPV2C_GATHER_LOOP_(SIZE)                                              \
    for (i = 0; i + 4 <= n; i += 4) {                                         \
        unsigned char w_[4 * (SIZE)];                                         \
        memcpy(w_, s + i * src_stride * (SIZE), (SIZE));                      \
        memcpy(w_ + (SIZE), s + (i + 1) * src_stride * (SIZE), (SIZE));       \
        memcpy(w_ + 2 * (SIZE), s + (i + 2) * src_stride * (SIZE), (SIZE));   \
        memcpy(w_ + 3 * (SIZE), s + (i + 3) * src_stride * (SIZE), (SIZE));   \
        memcpy(d + i * (SIZE), w_, 4 * (SIZE));                               \
    }                                                                         \
    for (; i < n; i++)                                                        \
        memcpy(d + i * (SIZE), s + i * src_stride * (SIZE), (SIZE))

/* a scatter (contiguous source) four elements at a time: one wide load,
   four stores */
#define SPV2C_SCATTER_LOOP_(SIZE)                                             \
    for (i = 0; i + 4 <= n; i += 4) {                                         \
        unsigned char w_[4 * (SIZE)];                                         \
        memcpy(w_, s + i * (SIZE), 4 * (SIZE));                               \
        memcpy(d + i * dst_stride * (SIZE), w_, (SIZE));                      \
        memcpy(d + (i + 1) * dst_stride * (SIZE), w_ + (SIZE), (SIZE));       \
        memcpy(d + (i + 2) * dst_stride * (SIZE), w_ + 2 * (SIZE), (SIZE));   \
        memcpy(d + (i + 3) * dst_stride * (SIZE), w_ + 3 * (SIZE), (SIZE));   \
    }                                                                         \
    for (; i < n; i++)                                                        \
        memcpy(d + i * dst_stride * (SIZE), s + i * (SIZE), (SIZE))

SPV2C_INLINE void spv2c_strided_copy(void *dst, const void *src, size_t n, size_t elem_size,
                                     size_t dst_stride, size_t src_stride)
{
    unsigned char *d = (unsigned char *)dst;
    const unsigned char *s = (const unsigned char *)src;
    size_t i;
    if (dst_stride == 1 && src_stride == 1) {
        if (n)
            memcpy(d, s, n * elem_size);
        return;
    }
    if (dst_stride == 1)
        switch (elem_size) {
        case 1: SPV2C_GATHER_LOOP_(1); return;
        case 2: SPV2C_GATHER_LOOP_(2); return;
        case 4: SPV2C_GATHER_LOOP_(4); return;
        case 8: SPV2C_GATHER_LOOP_(8); return;
        case 16: SPV2C_GATHER_LOOP_(16); return;
        default: break;
        }
    if (src_stride == 1)
        switch (elem_size) {
        case 1: SPV2C_SCATTER_LOOP_(1); return;
        case 2: SPV2C_SCATTER_LOOP_(2); return;
        case 4: SPV2C_SCATTER_LOOP_(4); return;
        case 8: SPV2C_SCATTER_LOOP_(8); return;
        case 16: SPV2C_SCATTER_LOOP_(16); return;
        default: break;
        }
    switch (elem_size) {
    case 1: SPV2C_STRIDED_LOOP_(1); break;
    case 2: SPV2C_STRIDED_LOOP_(2); break;
    case 4: SPV2C_STRIDED_LOOP_(4); break;
    case 8: SPV2C_STRIDED_LOOP_(8); break;
    case 16: SPV2C_STRIDED_LOOP_(16); break;
    default: SPV2C_STRIDED_LOOP_(elem_size); break;
    }
}

#else

void spv2c_strided_copy(void *dst, const void *src, size_t n, size_t elem_size,
                        size_t dst_stride, size_t src_stride);

#endif

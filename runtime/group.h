/* spv2c runtime part: group (needs: base) */
/*
 * Work-group collectives (OpGroupAll, OpGroupAny, OpGroupBroadcast and the
 * OpGroup{I,F,U,S}{Add,Min,Max} reductions and scans, i.e. OpenCL C 2.0
 * work_group_*) over an array of the group's values in local-linear-id
 * order, n values:
 *
 *   spv2c_wg_all(v, n), spv2c_wg_any(v, n)           int flags -> 0/1
 *   spv2c_wg_linear_id_(x, y, z, lsz0, lsz1)          broadcast's source
 *   spv2c_wg_reduce_OP_SFX(v, n)                      returns the result
 *   spv2c_wg_scan_incl_OP_SFX(inout, n)               in place
 *   spv2c_wg_scan_excl_OP_SFX(inout, n)               in place
 *
 * OP add min max; SFX u32 i32 u64 i64 f32 f64 (integers are unsigned
 * storage; _i reads it as two's complement; add_i is add_u).
 *
 * Order of evaluation (it matters for floats): one accumulator, in local
 * linear id order, as PoCL's work-group library does it (the work-item with
 * local linear id 0 folds the values left to right; PoCL 3.1, the version
 * the tests run, has no work-group collectives, so its test kernels carry
 * the same loop in OpenCL C):
 *
 *   reduce:    acc = v[0]; acc = op(acc, v[i]) for i = 1 .. n-1
 *   inclusive: out[0] = v[0]; out[i] = op(out[i-1], v[i])
 *   exclusive: out[0] = identity; out[i] = op(out[i-1], v[i-1])
 *
 * so an exclusive scan's first step is op(identity, v[0]) (for add:
 * 0.0f + -0.0f = +0.0f). The identities: 0 for add, the type's largest
 * value for min (+INF for floats), its smallest for max (-INF). Float min
 * and max are PoCL's comparisons, acc the left operand:
 *   min(a, b) = a > b ? b : a        max(a, b) = a > b ? a : b
 * (a NaN in b is skipped, a NaN in the accumulator stays; min(+0, -0) and
 * max(+0, -0) keep the accumulator).
 */

SPV2C_INLINE int spv2c_wg_any(const int *v, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (v[i])
            return 1;
    return 0;
}

SPV2C_INLINE int spv2c_wg_all(const int *v, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (!v[i])
            return 0;
    return 1;
}

/* the local linear id of local id (x, y, z) in a group of lsz0 x lsz1 x _ */
SPV2C_INLINE size_t spv2c_wg_linear_id_(size_t x, size_t y, size_t z, size_t lsz0, size_t lsz1)
{
    return (z * lsz1 + y) * lsz0 + x;
}

/* the operations, a the accumulator */
#define SPV2C_WG_ADD_(T, a, b) ((T)((a) + (b)))
#define SPV2C_WG_UMIN_(T, a, b) ((b) < (a) ? (b) : (a))
#define SPV2C_WG_UMAX_(T, a, b) ((a) < (b) ? (b) : (a))
#define SPV2C_WG_SMIN_(T, a, b) \
    (((b) ^ SPV2C_WG_SIGN_##T) < ((a) ^ SPV2C_WG_SIGN_##T) ? (b) : (a))
#define SPV2C_WG_SMAX_(T, a, b) \
    (((a) ^ SPV2C_WG_SIGN_##T) < ((b) ^ SPV2C_WG_SIGN_##T) ? (b) : (a))
#define SPV2C_WG_FMIN_(T, a, b) ((a) > (b) ? (b) : (a))
#define SPV2C_WG_FMAX_(T, a, b) ((a) > (b) ? (a) : (b))
#define SPV2C_WG_SIGN_uint32_t 0x80000000u
#define SPV2C_WG_SIGN_uint64_t UINT64_C(0x8000000000000000)

/* reduce, inclusive and exclusive scan of one operation on one type */
#define SPV2C_WG_OPS_(NAME, T, OP, ID)                                                    \
    SPV2C_INLINE T spv2c_wg_reduce_##NAME(const T *v, size_t n)                           \
    {                                                                                     \
        T acc;                                                                            \
        size_t i;                                                                         \
        if (n == 0)                                                                       \
            return ID;                                                                    \
        acc = v[0];                                                                       \
        for (i = 1; i < n; i++)                                                           \
            acc = OP(T, acc, v[i]);                                                       \
        return acc;                                                                       \
    }                                                                                     \
    SPV2C_INLINE void spv2c_wg_scan_incl_##NAME(T *inout, size_t n)                       \
    {                                                                                     \
        size_t i;                                                                         \
        for (i = 1; i < n; i++)                                                           \
            inout[i] = OP(T, inout[i - 1], inout[i]);                                     \
    }                                                                                     \
    SPV2C_INLINE void spv2c_wg_scan_excl_##NAME(T *inout, size_t n)                       \
    {                                                                                     \
        T acc = ID, x;                                                                    \
        size_t i;                                                                         \
        for (i = 0; i < n; i++) {                                                         \
            x = inout[i];                                                                 \
            inout[i] = acc;                                                               \
            acc = OP(T, acc, x);                                                          \
        }                                                                                 \
    }

SPV2C_WG_OPS_(add_u32, uint32_t, SPV2C_WG_ADD_, 0u)
SPV2C_WG_OPS_(add_i32, uint32_t, SPV2C_WG_ADD_, 0u)
SPV2C_WG_OPS_(add_u64, uint64_t, SPV2C_WG_ADD_, 0u)
SPV2C_WG_OPS_(add_i64, uint64_t, SPV2C_WG_ADD_, 0u)
SPV2C_WG_OPS_(add_f32, float, SPV2C_WG_ADD_, 0.0f)
SPV2C_WG_OPS_(add_f64, double, SPV2C_WG_ADD_, 0.0)

SPV2C_WG_OPS_(min_u32, uint32_t, SPV2C_WG_UMIN_, UINT32_MAX)
SPV2C_WG_OPS_(min_i32, uint32_t, SPV2C_WG_SMIN_, 0x7fffffffu)
SPV2C_WG_OPS_(min_u64, uint64_t, SPV2C_WG_UMIN_, UINT64_MAX)
SPV2C_WG_OPS_(min_i64, uint64_t, SPV2C_WG_SMIN_, UINT64_C(0x7fffffffffffffff))
SPV2C_WG_OPS_(min_f32, float, SPV2C_WG_FMIN_, (float)INFINITY)
SPV2C_WG_OPS_(min_f64, double, SPV2C_WG_FMIN_, (double)INFINITY)

SPV2C_WG_OPS_(max_u32, uint32_t, SPV2C_WG_UMAX_, 0u)
SPV2C_WG_OPS_(max_i32, uint32_t, SPV2C_WG_SMAX_, 0x80000000u)
SPV2C_WG_OPS_(max_u64, uint64_t, SPV2C_WG_UMAX_, 0u)
SPV2C_WG_OPS_(max_i64, uint64_t, SPV2C_WG_SMAX_, UINT64_C(0x8000000000000000))
SPV2C_WG_OPS_(max_f32, float, SPV2C_WG_FMAX_, -(float)INFINITY)
SPV2C_WG_OPS_(max_f64, double, SPV2C_WG_FMAX_, -(double)INFINITY)

/* spv2c runtime part: atomic (needs: base) */
/*
 * OpenCL atomics (OpAtomic*) on 32- and 64-bit integer storage; floats go
 * through their bits. Every function returns the value the memory held
 * before the operation (store returns nothing).
 *
 * Two families with the same operations:
 *
 *   spv2c_atomic_OP_SFX   global (and generic) memory. When the program is
 *                         compiled with SPV2C_THREADS by GCC or Clang (the
 *                         executor then spreads work-groups over threads)
 *                         these are real atomic operations (__atomic
 *                         builtins, sequentially consistent); otherwise
 *                         plain read-modify-writes.
 *   spv2c_latomic_OP_SFX  local and private memory: always plain, since a
 *                         work-group's work-items all run on one thread,
 *                         one at a time, so nothing else can interleave.
 *
 * Without threads the work-items run one at a time and an atomic operation
 * never yields, so a plain read-modify-write through memcpy is exact.
 * Memory order and scope operands are therefore ignored: sequential
 * consistency satisfies every order the kernel can ask for.
 *
 * OP: load store xchg cmpxchg add sub and or xor min max; SFX u32 u64, and
 * i32 i64 for the signed min/max (which read the unsigned storage as two's
 * complement, by flipping the sign bit: no implementation-defined
 * conversions). cmpxchg(p, cmp, v) stores v when *p == cmp.
 */

/* the signed order on N-bit storage: a < b as signed, by flipping the sign */
#define SPV2C_SLT32_(a, b) (((a) ^ 0x80000000u) < ((b) ^ 0x80000000u))
#define SPV2C_SLT64_(a, b) \
    (((a) ^ UINT64_C(0x8000000000000000)) < ((b) ^ UINT64_C(0x8000000000000000)))

/* the plain family for storage width N (T = uintN_t) */
#define SPV2C_PLAIN_ATOMICS_(PFX, N, T)                                                   \
    SPV2C_INLINE T PFX##load_u##N(const void *p)                                          \
    { T o; memcpy(&o, p, sizeof o); return o; }                                           \
    SPV2C_INLINE void PFX##store_u##N(void *p, T v) { memcpy(p, &v, sizeof v); }          \
    SPV2C_INLINE T PFX##xchg_u##N(void *p, T v)                                           \
    { T o; memcpy(&o, p, sizeof o); memcpy(p, &v, sizeof v); return o; }                  \
    SPV2C_INLINE T PFX##cmpxchg_u##N(void *p, T cmp, T v)                                 \
    { T o; memcpy(&o, p, sizeof o); if (o == cmp) memcpy(p, &v, sizeof v); return o; }   \
    SPV2C_INLINE T PFX##add_u##N(void *p, T v)                                            \
    { T o, r; memcpy(&o, p, sizeof o); r = (T)(o + v); memcpy(p, &r, sizeof r); return o; } \
    SPV2C_INLINE T PFX##sub_u##N(void *p, T v)                                            \
    { T o, r; memcpy(&o, p, sizeof o); r = (T)(o - v); memcpy(p, &r, sizeof r); return o; } \
    SPV2C_INLINE T PFX##and_u##N(void *p, T v)                                            \
    { T o, r; memcpy(&o, p, sizeof o); r = o & v; memcpy(p, &r, sizeof r); return o; }   \
    SPV2C_INLINE T PFX##or_u##N(void *p, T v)                                             \
    { T o, r; memcpy(&o, p, sizeof o); r = o | v; memcpy(p, &r, sizeof r); return o; }   \
    SPV2C_INLINE T PFX##xor_u##N(void *p, T v)                                            \
    { T o, r; memcpy(&o, p, sizeof o); r = o ^ v; memcpy(p, &r, sizeof r); return o; }   \
    SPV2C_INLINE T PFX##min_u##N(void *p, T v)                                            \
    { T o; memcpy(&o, p, sizeof o); if (v < o) memcpy(p, &v, sizeof v); return o; }      \
    SPV2C_INLINE T PFX##max_u##N(void *p, T v)                                            \
    { T o; memcpy(&o, p, sizeof o); if (o < v) memcpy(p, &v, sizeof v); return o; }      \
    SPV2C_INLINE T PFX##min_i##N(void *p, T v)                                            \
    { T o; memcpy(&o, p, sizeof o); if (SPV2C_SLT##N##_(v, o)) memcpy(p, &v, sizeof v); \
      return o; } \
    SPV2C_INLINE T PFX##max_i##N(void *p, T v)                                            \
    { T o; memcpy(&o, p, sizeof o); if (SPV2C_SLT##N##_(o, v)) memcpy(p, &v, sizeof v); \
      return o; }

SPV2C_PLAIN_ATOMICS_(spv2c_latomic_, 32, uint32_t)
SPV2C_PLAIN_ATOMICS_(spv2c_latomic_, 64, uint64_t)

#if defined(__GNUC__) && defined(SPV2C_THREADS)

/* real atomics for global memory: GCC/Clang __atomic builtins; min and max
   have no builtin in GCC, so they are compare-and-swap loops */
#define SPV2C_SC_ __ATOMIC_SEQ_CST
#define SPV2C_MINMAX_(PFX, NAME, N, T, LESS)                                              \
    SPV2C_INLINE T PFX##NAME##N(void *p, T v)                                             \
    {                                                                                     \
        T o = __atomic_load_n((T *)p, SPV2C_SC_);                                         \
        while (LESS && !__atomic_compare_exchange_n((T *)p, &o, v, 0, SPV2C_SC_, SPV2C_SC_)) \
            ;                                                                             \
        return o;                                                                         \
    }
#define SPV2C_REAL_ATOMICS_(PFX, N, T)                                                    \
    SPV2C_INLINE T PFX##load_u##N(const void *p)                                          \
    { return __atomic_load_n((const T *)p, SPV2C_SC_); }                                  \
    SPV2C_INLINE void PFX##store_u##N(void *p, T v) { __atomic_store_n((T *)p, v, SPV2C_SC_); } \
    SPV2C_INLINE T PFX##xchg_u##N(void *p, T v)                                           \
    { return __atomic_exchange_n((T *)p, v, SPV2C_SC_); }                                 \
    SPV2C_INLINE T PFX##cmpxchg_u##N(void *p, T cmp, T v)                                 \
    { __atomic_compare_exchange_n((T *)p, &cmp, v, 0, SPV2C_SC_, SPV2C_SC_); return cmp; } \
    SPV2C_INLINE T PFX##add_u##N(void *p, T v) \
        { return __atomic_fetch_add((T *)p, v, SPV2C_SC_); } \
    SPV2C_INLINE T PFX##sub_u##N(void *p, T v) \
        { return __atomic_fetch_sub((T *)p, v, SPV2C_SC_); } \
    SPV2C_INLINE T PFX##and_u##N(void *p, T v) \
        { return __atomic_fetch_and((T *)p, v, SPV2C_SC_); } \
    SPV2C_INLINE T PFX##or_u##N(void *p, T v) \
        { return __atomic_fetch_or((T *)p, v, SPV2C_SC_); } \
    SPV2C_INLINE T PFX##xor_u##N(void *p, T v) \
        { return __atomic_fetch_xor((T *)p, v, SPV2C_SC_); } \
    SPV2C_MINMAX_(PFX, min_u, N, T, v < o)                                                \
    SPV2C_MINMAX_(PFX, max_u, N, T, o < v)                                                \
    SPV2C_MINMAX_(PFX, min_i, N, T, SPV2C_SLT##N##_(v, o))                                \
    SPV2C_MINMAX_(PFX, max_i, N, T, SPV2C_SLT##N##_(o, v))

SPV2C_REAL_ATOMICS_(spv2c_atomic_, 32, uint32_t)
SPV2C_REAL_ATOMICS_(spv2c_atomic_, 64, uint64_t)

#else

SPV2C_PLAIN_ATOMICS_(spv2c_atomic_, 32, uint32_t)
SPV2C_PLAIN_ATOMICS_(spv2c_atomic_, 64, uint64_t)

#endif

// Vector alignment (OpenCL C 1.2 s6.1.5: a data item is aligned to the size
// of its type, a 3-component vector to 4 components; s6.2.5: so are the
// vector members of structs and arrays). Every vector type, char2 to
// double16 and half2 to half16 (uchar, ushort, uint and ulong vectors are
// the same SPIR-V types as char, short, int and long ones: integers are
// signless there), in every place spv2c can put one: a private
// variable, a private array's element, a member of a private struct (an
// array of vectors after a char), a __local variable and struct, a
// program-scope __global variable and struct and __constant variable, the
// private variables of a called function that is not inlined, a __local
// argument, a by-value struct argument; each slot holds the misaligned
// bits of a group of addresses (or-ed), 0 on a conformant device. The private variables are
// given a value before a barrier and read after it (-DEXEC=1: a barrier in
// the kernel's body, so they live in the work-item loops' per-work-item
// arrays; -DEXEC=2: a barrier in the called function, so in the resumable
// functions' frames; -DEXEC=0: no barrier, C locals), and a vector loaded
// from a __global variable before the barrier is kept across it (a spill).
// The generated C is built with -fsanitize=alignment: an access to a
// vector through a pointer the C compiler may assume aligned (a spill
// slot, a frame, an arena, a buffer) traps when it is not. The oracle
// (vec_align.py) is the specification's: every slot 0, the last one the
// count of slots written. Not a PoCL test: PoCL 3.1 has no cl_khr_fp16, and
// its own long16 and double16 private variables are only 64-byte aligned
// (spir, -O0).
//! kernel: vec_align
//! std: CL2.0
//! global: 16
//! local: 8
//! defines: -DEXEC=0 | -DEXEC=1 | -DEXEC=2
//! cflags: -fsanitize=alignment -fno-sanitize-recover=alignment
//! arg: out uint 2880
//! arg: local 256
//! arg: valbytes 05000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

#define NS 180   /* slots a work-item: 5 for each of 35 types, then 3 */

#define WIDTHS(X, E) X(E##2) X(E##3) X(E##4) X(E##8) X(E##16)
#define ALL(X) WIDTHS(X, char) WIDTHS(X, short) WIDTHS(X, int) WIDTHS(X, long) \
    WIDTHS(X, float) WIDTHS(X, double) WIDTHS(X, half)
/* half has no arithmetic here (a comparison is one) */
#define NOHALF(X) WIDTHS(X, char) WIDTHS(X, short) WIDTHS(X, int) WIDTHS(X, long) \
    WIDTHS(X, float) WIDTHS(X, double)

#if EXEC == 1
#define BODY_BARRIER barrier(CLK_LOCAL_MEM_FENCE)
#else
#define BODY_BARRIER
#endif
#if EXEC == 2
#define CALL_BARRIER barrier(CLK_LOCAL_MEM_FENCE)
#else
#define CALL_BARRIER
#endif

/* the misaligned bits of the addresses or-ed in x, for a type of sz bytes,
   through memory the compiler cannot see through (at -O2 clang would fold
   the test on an address it placed) */
ulong launder(ulong a)
{
    volatile ulong v = a;
    return v;
}
#define A(p) ((ulong)(uintptr_t)(p))
#define MIS(sz, x) ((uint)(launder(x) & ((sz) - 1)))

/* a byte written before the barrier must be there after it (bit 8) */
#define MARK(p, b) (*(private uchar *)(p) = (uchar)(b))
#define KEPT(p, b) ((uint)(*(private uchar *)(p) != (uchar)(b)) << 8)

#define TYPES(T) typedef struct { char c; T v[2]; } S_##T;                 \
    global T g_##T;                                                       \
    global S_##T gs_##T;                                                  \
    constant T c_##T = (T)(0);
ALL(TYPES)

typedef struct { char c; double16 v; } BV;

/* private variables: a vector, an array's element, a member of a struct
   (an array after a char); one slot a type */
#define PDECL(T) T v_##T; T a_##T[3]; S_##T s_##T;
#define PSET(T) MARK(&v_##T, b); MARK(&a_##T[1], b); MARK(&s_##T.v[1], b);
#define PGET(T) r[k++] = MIS(sizeof(T), A(&v_##T) | A(&a_##T[1]) | A(&s_##T.v[1])) | \
    KEPT(&v_##T, b) | KEPT(&a_##T[1], b) | KEPT(&s_##T.v[1], b);

/* the called function's */
__attribute__((noinline)) int callee(global uint *r, int k, uint b)
{
    ALL(PDECL)
    ALL(PSET)
    CALL_BARRIER;
    ALL(PGET)
    return k;
}

/* __local and program-scope variables: a slot each a type */
#define LDECL(T) local T l_##T; local S_##T ls_##T;
#define LGET(T) r[k++] = MIS(sizeof(T), A(&l_##T) | A(&ls_##T.v[1]));            \
    r[k++] = MIS(sizeof(T), A(&g_##T) | A(&gs_##T.v[1]) | A(&c_##T));
/* a vector loaded before the barrier, used after it: its lanes are 0 */
#define SLOAD(T) T x_##T = g_##T;
#define SUSE(T) r[k++] = any(x_##T != (T)(0));
#define SZERO(T) r[k++] = 0;

kernel void vec_align(global uint *out, local double16 *lp, BV bv)
{
    int gid = get_global_id(0);
    global uint *r = out + NS * gid;
    uint b = (uint)gid * 3u + 1u;
    int k = 0;
    ALL(PDECL)
    ALL(LDECL)
    ALL(PSET)
    NOHALF(SLOAD)
    BODY_BARRIER;
    ALL(PGET)
    ALL(LGET)
    NOHALF(SUSE)
    WIDTHS(SZERO, half)
    k = callee(r, k, b + 7u);
    r[k++] = MIS(128, A(lp));
    r[k++] = MIS(128, A(&bv.v)) | (uint)(bv.c != 5) << 8;
    r[NS - 1] = (uint)k;   /* every slot written */
}

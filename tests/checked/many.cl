// More private variables live across a barrier than the checker's object
// table holds (SPV2C_CHECK_OBJECTS, 256) under spv2c --checked (driven by
// memory.py): at clang -O0 each of the 320 variables is a per-work-item
// slot array of the work-item loops, one object each. The oldest made
// room, and a correct store into one was reported out of bounds "in no
// buffer, __local or private variable" before (tests/run/wg_async_types at
// spir64 -O0); now, once an object has been given up, an access in no
// known object is not reported. Case 1, a __global overrun, is still
// reported where the access's buffer is known (-O2); at -O0 clang keeps
// pointers in private variables, the access is checked against every
// object, and with one given up it is not reported.
//! kernel: many
//! run: --global 8 --local 4 in:a64f out:32 {which}
//! case 0: silent
//! case 1 -O2: OpStore: write of 4 bytes at address \S+ is out of bounds: 0 bytes past the end of __global buffer 'b' \(argument 1, 32 bytes\) \(work-item 7,0,0\)
#define D4(p) float p##0 = a[i] + 1.0f, p##1 = a[i] + 2.0f, p##2 = a[i] + 3.0f, p##3 = a[i] + 4.0f;
#define S4(p) (p##0 + p##1 + p##2 + p##3)
#define D16(p) D4(p##a) D4(p##b) D4(p##c) D4(p##d)
#define S16(p) (S4(p##a) + S4(p##b) + S4(p##c) + S4(p##d))
#define D64(p) D16(p##a) D16(p##b) D16(p##c) D16(p##d)
#define S64(p) (S16(p##a) + S16(p##b) + S16(p##c) + S16(p##d))
kernel void many(global const float *a, global float *b, int which)
{
    size_t i = get_global_id(0);
    D64(v) D64(w) D64(x) D64(y) D64(z)
    barrier(CLK_LOCAL_MEM_FENCE);
    b[i + (which == 1 && i == 7)] = S64(v) + S64(w) + S64(x) + S64(y) + S64(z);
}

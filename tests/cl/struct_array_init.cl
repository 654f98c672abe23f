// A private struct initialised with an array member: clang makes its
// initialiser a private-address-space global, which llvm-spirv-15 puts at
// module scope with Function storage (invalid SPIR-V). src/read.c gives
// each function that reads it its own copy. spir64 only: on spir the
// generated C refuses a struct with a pointer member (layout check).
//! kernel: struct_array_init
//! global: 32
//! targets: spir64
//! arg: in int 32 randi 0 1000
//! arg: out int 256
struct S { int a[8]; global int *p; };

int pick(int j)
{
    struct S t = {{11, 12, 13, 14, 15, 16, 17, 18}, 0};
    return t.a[j & 7];
}

kernel void struct_array_init(global const int *in, global int *o)
{
    int i = get_global_id(0);
    struct S s = {{1, 2, 3, 4, 5, 6, 7, 8}, o};
    s.a[in[i] & 7] += in[i];
    for (int j = 0; j < 8; j++)
        s.p[i * 8 + j] = s.a[(j * 3 + in[i]) & 7] + pick(j + i);
}

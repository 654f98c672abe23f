// (long)(int)get_local_id(0) where the int has no other use: clang -O2
// writes it as a shift left by 32 and an arithmetic shift right by 32,
// which spv2c turns into the id itself (local ids are below 2^31). In the
// kernel and in a called function with barriers (the per-work-item
// resumable form), with values live across the barriers.
//! kernel: local_id_shifts
//! std: CL2.0
//! launch: 4096 @ 4096
//! launch: 64,16 @ 64,8
//! launch: 12,6,4 @ 4,3,2
//! arg: out long 65536
//! arg: local 32768

__attribute__((noinline)) long neighbour(local long *sh)
{
    long a = (long)(int)get_local_id(0);
    long b = (long)(int)get_local_linear_id();
    sh[b] = a;
    barrier(CLK_LOCAL_MEM_FENCE);
    long n = (long)(int)get_local_size(0);
    long r = sh[b - a + (n - 1 - a)];
    barrier(CLK_LOCAL_MEM_FENCE);
    return r + (long)(int)get_enqueued_local_size(0) + b;
}

kernel void local_id_shifts(global long *out, local long *sh)
{
    size_t gi = (get_global_id(2) * get_global_size(1) + get_global_id(1)) * get_global_size(0) +
                get_global_id(0);
    global long *o = out + gi * 4;
    o[0] = (long)(int)get_local_id(0);
    o[1] = neighbour(sh);
    barrier(CLK_LOCAL_MEM_FENCE);
    o[2] = (long)(int)get_local_id(1) * (long)(int)get_local_size(1) + (long)(uint)get_local_id(2);
    o[3] = (long)(int)get_local_size(2);
}

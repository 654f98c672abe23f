/* issue 16: kernel-scope __local variables over the default 64 KiB arena
   (80,000 bytes here) were a C compile error, "size of array is negative".
   local_limit.py: spv2c warns at translate time with the size and the
   macro; the C stops with the same words unless the arena is made big
   enough, and then compiles cleanly. */
kernel void big_local(global const float *in, global float *out)
{
    local float big[20000];
    size_t i = get_local_id(0);
    big[i] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = big[get_local_size(0) - 1 - i];
}

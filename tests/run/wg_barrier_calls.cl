// Barriers inside called (noinline) functions, local sizes 1 to 256 in 1-D
// and 2-D.
//! kernel: wg_barrier_calls
//! global: 64,4
//! local: 1,1 | 64,1 | 8,4 | 16,2 | 64,4
//! arg: in float 256 randf -10 10
//! arg: out float 256
//! arg: out int 512
//! arg: local 1024
//! arg: val int 3
#pragma OPENCL FP_CONTRACT OFF

// Barriers inside non-inlined functions: a neighbour exchange through local
// memory (two barriers), called in a loop by another function; a counter
// in a kernel-scope __local variable reset, counted with local atomics and
// read back inside a function; a function returning after a barrier in
// one branch of a uniform condition.
__attribute__((noinline)) float neighbours(local float *s, float v, size_t l, size_t n)
{
    s[l] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    float r = s[(l + 1) % n] + s[(l + n - 1) % n];
    barrier(CLK_LOCAL_MEM_FENCE);
    return r;
}

__attribute__((noinline)) float smooth(local float *s, float v, size_t l, size_t n, int iters)
{
    for (int i = 0; i < iters; i++)
        v = 0.5f * v + 0.25f * neighbours(s, v, l, n);
    return v;
}

__attribute__((noinline)) int count_above(local int *c, float v, float t, size_t l)
{
    if (l == 0)
        *c = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (v > t)
        atomic_inc(c);
    barrier(CLK_LOCAL_MEM_FENCE);
    int r = *c;
    barrier(CLK_LOCAL_MEM_FENCE);
    return r;
}

__attribute__((noinline)) float maybe_swap(local float *s, float v, size_t l, size_t n, int uniform)
{
    if (uniform > 0) {
        s[l] = v;
        barrier(CLK_LOCAL_MEM_FENCE);
        v = s[n - 1 - l];
        barrier(CLK_LOCAL_MEM_FENCE);
        return v;
    }
    return -v;
}

kernel void wg_barrier_calls(global const float *in, global float *out, global int *cnt,
                             local float *s, int iters)
{
    local int counter;
    size_t n = get_local_size(0) * get_local_size(1);
    size_t l = get_local_id(1) * get_local_size(0) + get_local_id(0);
    size_t g = get_global_id(1) * get_global_size(0) + get_global_id(0);
    float v = in[g];
    v = smooth(s, v, l, n, iters);
    cnt[2 * g] = count_above(&counter, v, 0.0f, l);
    v = maybe_swap(s, v, l, n, iters - 2);
    v = maybe_swap(s, v, l, n, 2 - iters);
    cnt[2 * g + 1] = count_above(&counter, v, 1.0f, l);
    out[g] = v;
}

// Float rsqrt in a work-item loop: correctly rounded (1 / sqrt in double,
// runtime/math_exp.h), branch-free and with a sqrt the compilers may treat
// as pure, so the loop vectorises at plain -O2 in the SSE2 baseline and the
// AVX2 clone alike. native_rsqrt is the same function.
__kernel void rsqrt_k(__global float *restrict out, __global const float *restrict in)
{
    size_t i = get_global_id(0);
    out[i] = rsqrt(in[i]);
}

__kernel void native_rsqrt_k(__global float *restrict out, __global const float *restrict in)
{
    size_t i = get_global_id(0);
    out[i] = native_rsqrt(in[i]) * 2.0f;
}

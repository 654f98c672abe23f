// Issue 17, first kernel: two __local buffers swapped every step of a loop
// with a barrier in it, so the pointers `cur` and `nxt` are live across the
// barrier (spv2c once kept them in slots of the pointee's type: float).
// The same with int buffers and a pointer advanced through a __global
// array in the loop.
//! kernel: smooth
//! launch: 64 @ 16
//! launch: 64 @ 1
//! launch: 96 @ 32
//! arg: in float 96 randf -100 100
//! arg: out float 96
//! arg: local 128
//! arg: local 128
//! arg: val int 5
#pragma OPENCL FP_CONTRACT OFF

__kernel void smooth(__global const float *x, __global float *y, __local float *a, __local float *b, int steps) {
  int l = get_local_id(0), n = get_local_size(0);
  a[l] = x[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  __local float *cur = a, *nxt = b;
  for (int s = 0; s < steps; ++s) {
    float left = cur[l > 0 ? l - 1 : l], right = cur[l + 1 < n ? l + 1 : l];
    nxt[l] = 0.25f * left + 0.5f * cur[l] + 0.25f * right;
    barrier(CLK_LOCAL_MEM_FENCE);
    __local float *t = cur; cur = nxt; nxt = t;
  }
  y[get_global_id(0)] = cur[l];
}

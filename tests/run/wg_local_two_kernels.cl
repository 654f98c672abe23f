// Issue 17, found by the gen campaign (window 1001-1032, its OpenCL C 1.2
// batch of 21 kernels at spir64 -O0): every kernel of a module paid for
// every other kernel's kernel-scope __local variables. spv2c laid them
// all out one after the other in the one __local arena, so the module
// needed their sum (68,608 bytes: `#error ... SPV2C_LOCAL_MEM_SIZE`) where
// each kernel alone fits, and a kernel's __local arguments started after
// all of them. Kernels never run at the same time: variables that no
// kernel both uses may share bytes. Here two kernels of 40 KiB each (the
// others are in the module, not launched) and a __local argument of
// 16 KiB: 56 KiB a kernel, 96 KiB as the sum. With --checked
// (tests/checked, checked-runsuite) a launch registered every kernel's
// __local variables, so once they shared bytes an access to big_a's s
// was reported past the end of small_c's 256-byte t: a launch registers
// its own kernel's only.
//! kernel: big_a
//! launch: 1024 @ 256
//! launch: 64 @ 16
//! arg: in uint 1024 rand
//! arg: local 16384
//! arg: out uint 1024
#define N 10240

__kernel void big_a(__global const uint *in, __local uint *arg, __global uint *out) {
  __local uint s[N];
  size_t l = get_local_id(0), n = get_local_size(0);
  for (size_t i = l; i < N; i += n) s[i] = (uint)i * 2654435761u;
  for (size_t i = l; i < 4096; i += n) arg[i] = (uint)i ^ 0x5a5a5a5au;
  barrier(CLK_LOCAL_MEM_FENCE);
  uint v = in[get_global_id(0)];
  out[get_global_id(0)] = s[v % N] + s[N - 1 - l] + arg[v & 4095] + arg[4095 - l];
}

__kernel void big_b(__global const uint *in, __global uint *out) {
  __local uint t[N];
  size_t l = get_local_id(0), n = get_local_size(0);
  for (size_t i = l; i < N; i += n) t[i] = (uint)i + 7u;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = t[in[get_global_id(0)] % N] + t[l];
}

__kernel void small_c(__global const uint *in, __global uint *out) {
  __local uint t[64];
  size_t l = get_local_id(0);
  t[l % 64] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = t[(l + 1) % 64];
}

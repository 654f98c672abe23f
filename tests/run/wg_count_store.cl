// Issue 17, second kernel: a local histogram; the loop bound comparison
// `i < 1024` is proved true inside a work-item chunk by the range analysis,
// and spv2c once replaced it by the constant also where it is assigned
// (`1 = ... < ...;`, which does not compile).
//! kernel: count_then_store
//! launch: 256 @ 64
//! launch: 16 @ 1
//! launch: 512 @ 256
//! arg: in uint 4096 rand
//! arg: out uint 16384
//! arg: val int 4096
__kernel void count_then_store(__global const uint *in, __global uint *out, int n) {
  __local uint s[1024];
  for (int i = get_local_id(0); i < 1024; i += get_local_size(0)) s[i] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int t = get_global_id(0); t < n; t += get_global_size(0)) atomic_inc(&s[in[t] & 1023]);
  barrier(CLK_LOCAL_MEM_FENCE);
  int base = get_group_id(0) * 1024;
  for (int i = get_local_id(0); i < 1024; i += get_local_size(0)) out[base + i] = s[i];
}

// What a work-item keeps across barriers, in one kernel whose barriers are
// all in its own body (spv2c runs it as one loop over the work-items a
// region, with per-work-item arrays for the values that cross a barrier):
// a private array indexed at run time, a float4, a pointer chosen from
// loaded data, a value loaded before two barriers and used after both, an
// accumulator carried around a loop whose trip count is the local size,
// a barrier inside an `if` every work-item of a group takes (on the group
// id), and divergent branches and a switch between barriers. 1-D and 2-D.
//! kernel: wg_live_values
//! launch: 64 @ 1
//! launch: 64 @ 16
//! launch: 96 @ 32
//! launch: 16,8 @ 4,2
//! launch: 32,4 @ 8,4
//! arg: in int 256 randi 0 1000
//! arg: in float 256 randf -8 8
//! arg: out float 512
//! arg: out int 512
//! arg: local 1024
#pragma OPENCL FP_CONTRACT OFF

kernel void wg_live_values(global const int *ki, global const float *kf, global float *outf,
                           global int *outi, local int *sh)
{
    size_t n = get_local_size(0) * get_local_size(1);
    size_t l = get_local_id(1) * get_local_size(0) + get_local_id(0);
    size_t g = get_global_id(1) * get_global_size(0) + get_global_id(0);
    int priv[8];
    float4 v;
    int loaded = ki[g % 256];
    global const float *pick = (loaded & 1) ? kf + (loaded % 200) : kf + 255 - (loaded % 100);

    for (int j = 0; j < 8; j++)
        priv[j] = loaded * (j + 1) - (int)l;
    v = (float4)(kf[g % 256], kf[(g + 1) % 256], (float)l, (float)loaded) * 0.5f;
    sh[l] = loaded;
    barrier(CLK_LOCAL_MEM_FENCE);

    // a neighbour's value, then a private slot picked by it
    int nb = sh[(l + 1) % n];
    int slot = nb & 7;
    barrier(CLK_LOCAL_MEM_FENCE);

    // an accumulator carried around a loop with a barrier in it
    int acc = priv[slot];
    for (size_t s = 0; s < n; s++) {
        sh[l] = acc + (int)s;
        barrier(CLK_LOCAL_MEM_FENCE);
        acc = acc ^ sh[(l + s) % n];
        if ((acc & 3) == 1)          // divergent: no barrier inside
            acc += priv[(s + l) & 7];
        else
            priv[s & 7] ^= acc;
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    // a barrier under a condition the whole group shares
    if ((get_group_id(0) + get_group_id(1)) & 1) {
        sh[l] = acc;
        barrier(CLK_LOCAL_MEM_FENCE);
        acc += sh[n - 1 - l];
    }
    switch (acc % 5) {   // (not & 3: llvm-spirv-15 rejects the i2 switch clang makes of it)
    case 0: v.x += 1.0f; break;
    case 1: v.y -= 2.0f; break;
    case 2: v.z *= 3.0f; break;
    case 3: v.x = v.y; break;
    default: v.w = -v.w; break;
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    outf[2 * g] = v.x + v.y + v.z + v.w + *pick;
    outf[2 * g + 1] = (float)priv[(acc >> 2) & 7] + v.w;
    outi[2 * g] = acc + loaded;
    outi[2 * g + 1] = priv[0] + priv[7] + nb;
}

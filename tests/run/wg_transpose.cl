// Transpose through local memory with strided async copies in both
// directions: T x T tiles (local size T,T; T = 1, 4, 8, 16), a 32x48 matrix.
//! kernel: wg_transpose
//! global: 32,48
//! local: 1,1 | 4,4 | 8,8 | 16,16
//! arg: in float 1536 randf -100 100
//! arg: out float 1536
//! arg: out float 1536
//! arg: local 1024
//! arg: local 1024
#pragma OPENCL FP_CONTRACT OFF

// out1 = transpose(in) * 2 by strided copies in (columns of the source tile
// become rows of the local tile) and contiguous copies out; out2 the same
// by contiguous copies in and strided copies out (rows of the local tile
// become columns of the destination). T = the local size, W x H = global.
kernel void wg_transpose(global const float *in, global float *out1, global float *out2,
                         local float *tile, local float *tile2)
{
    size_t t = get_local_size(0), w = get_global_size(0), h = get_global_size(1);
    size_t bx = get_group_id(0) * t, by = get_group_id(1) * t;
    size_t lx = get_local_id(0), ly = get_local_id(1);
    event_t e = 0, f = 0;
    for (size_t c = 0; c < t; c++) {
        e = async_work_group_strided_copy(tile + c * t, in + by * w + bx + c, t, w, e);
        f = async_work_group_copy(tile2 + c * t, in + (by + c) * w + bx, t, f);
    }
    event_t ev[2] = { e, f };
    wait_group_events(2, ev);
    tile[ly * t + lx] *= 2.0f;
    tile2[ly * t + lx] *= 2.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    event_t o = 0;
    for (size_t r = 0; r < t; r++)
        o = async_work_group_copy(out1 + (bx + r) * h + by, tile + r * t, t, o);
    for (size_t r = 0; r < t; r++)
        o = async_work_group_strided_copy(out2 + bx * h + by + r, tile2 + r * t, t, h, o);
    wait_group_events(1, &o);
}

/* issue 16: a correct kernel with async_work_group_copy into __local and a
   wait made gcc 12 -O2 warn -Waggressive-loop-optimizations inside the
   runtime's spv2c_strided_copy (a warning from code the user did not write).
   Contiguous, strided gather and scatter, element sizes 4, 32 and 1. */
kernel void async_local(global const float *in, global float *out)
{
    local float tile[64];
    event_t e = async_work_group_copy(tile, in + get_group_id(0) * 64, 64, 0);
    wait_group_events(1, &e);
    out[get_global_id(0)] = tile[get_local_id(0)] * 2.0f;
}

kernel void async_local8(global const float8 *in, global float8 *out)
{
    local float8 tile[16];
    event_t e = async_work_group_strided_copy(tile, in + get_group_id(0) * 16, 16, 2, 0);
    wait_group_events(1, &e);
    e = async_work_group_strided_copy(out, tile, 16, 3, 0);
    wait_group_events(1, &e);
}

kernel void async_local1(global const char *in, global char *out)
{
    local char tile[16];
    event_t e = async_work_group_strided_copy(tile, in, 16, 2, 0);
    wait_group_events(1, &e);
    e = async_work_group_strided_copy(out, tile, 16, 3, 0);
    wait_group_events(1, &e);
}

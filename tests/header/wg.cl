/* --main's resource errors (tests/header/check.py main): a barrier kernel whose
   work-group state and __local argument must fit SPV2C_FRAME_MEM and
   SPV2C_LOCAL_MEM_SIZE */
kernel void wsum(global const int *in, global int *out, local int *tmp)
{
    size_t l = get_local_id(0);
    int mine = in[get_global_id(0)] * 3;
    tmp[l] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = tmp[(l + 1) % get_local_size(0)] + mine;
}

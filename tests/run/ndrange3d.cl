// A 3-D NDRange with global offsets and a local size; the result index is
// computed from group and local ids; also a per-item computation from the
// ids to check that every work-item runs exactly once.
//! kernel: ndrange3d
//! global: 8,6,4
//! local: 2,3,2
//! offset: 1,2,3
//! arg: out uint 1536
//! arg: inout int 192 iota
#pragma OPENCL FP_CONTRACT OFF

kernel void ndrange3d(global uint *out, global int *acc)
{
    size_t gx = get_group_id(0) * get_local_size(0) + get_local_id(0);
    size_t gy = get_group_id(1) * get_local_size(1) + get_local_id(1);
    size_t gz = get_group_id(2) * get_local_size(2) + get_local_id(2);
    size_t lin = (gz * get_global_size(1) + gy) * get_global_size(0) + gx;
    global uint *r = out + 8 * lin;

    r[0] = (uint)get_global_id(0);
    r[1] = (uint)get_global_id(1);
    r[2] = (uint)get_global_id(2);
    r[3] = (uint)(get_local_id(0) + 10 * get_local_id(1) + 100 * get_local_id(2));
    r[4] = (uint)(get_group_id(0) + 10 * get_group_id(1) + 100 * get_group_id(2));
    r[5] = (uint)(get_num_groups(0) * get_num_groups(1) * get_num_groups(2));
    r[6] = (uint)(get_global_offset(2) * 100 + get_global_offset(1) * 10 +
                  get_global_offset(0));
    r[7] = get_work_dim() * 1000u + (uint)get_global_size(2);
    acc[lin] = acc[lin] * 2 + (int)lin;
}

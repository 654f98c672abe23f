// A 2-D NDRange with a global offset and an explicit local size: every
// work-item records get_global_id, get_local_id, get_group_id,
// get_global_size, get_local_size, get_num_groups, get_global_offset and
// get_work_dim, at an index computed without the offset.
//! kernel: ndrange2d
//! global: 24,12
//! local: 4,3
//! offset: 5,7
//! arg: out uint 4608
#pragma OPENCL FP_CONTRACT OFF

kernel void ndrange2d(global uint *out)
{
    size_t x = get_global_id(0) - get_global_offset(0);
    size_t y = get_global_id(1) - get_global_offset(1);
    global uint *r = out + 16 * (y * get_global_size(0) + x);

    r[0] = (uint)get_global_id(0);
    r[1] = (uint)get_global_id(1);
    r[2] = (uint)get_local_id(0);
    r[3] = (uint)get_local_id(1);
    r[4] = (uint)get_group_id(0);
    r[5] = (uint)get_group_id(1);
    r[6] = (uint)get_global_size(0);
    r[7] = (uint)get_global_size(1);
    r[8] = (uint)get_local_size(0);
    r[9] = (uint)get_local_size(1);
    r[10] = (uint)get_num_groups(0);
    r[11] = (uint)get_num_groups(1);
    r[12] = (uint)get_global_offset(0) * 100u + (uint)get_global_offset(1);
    r[13] = get_work_dim();
    /* out-of-range dimension indices return the documented defaults */
    r[14] = (uint)get_global_size(2) * 10u + (uint)get_local_size(2) +
            (uint)get_global_id(2) * 1000u + (uint)get_num_groups(2) * 100u;
    r[15] = (uint)(get_group_id(1) * get_local_size(1) + get_local_id(1) +
                   get_global_offset(1));          /* == global id 1 */
}

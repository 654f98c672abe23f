// OpenCL C 2.0 work-item functions: get_global_linear_id,
// get_local_linear_id and get_enqueued_local_size, on a 2-D NDRange with a
// global offset. (PoCL 3.1 rejects non-uniform work-groups, so the global
// size is a multiple of the local size.)
//! kernel: ndrange_cl20
//! std: CL2.0
//! global: 12,6
//! local: 4,3
//! offset: 2,1
//! arg: out uint 576
#pragma OPENCL FP_CONTRACT OFF

kernel void ndrange_cl20(global uint *out)
{
    size_t lin = get_global_linear_id();
    global uint *r = out + 8 * lin;

    r[0] = (uint)lin;
    r[1] = (uint)get_local_linear_id();
    r[2] = (uint)get_local_size(0) * 10u + (uint)get_local_size(1);
    r[3] = (uint)get_enqueued_local_size(0) * 10u +
           (uint)get_enqueued_local_size(1);
    r[4] = (uint)get_global_id(0) * 100u + (uint)get_global_id(1);
    r[5] = (uint)get_group_id(0) * 10u + (uint)get_group_id(1);
    r[6] = (uint)get_num_groups(0) * 10u + (uint)get_num_groups(1);
    r[7] = (uint)get_local_id(0) * 10u + (uint)get_local_id(1);
}

// An invalid kernel: work-items with an odd local id skip the barrier.
// Under spv2c --checked the run must stop with a report naming the kernel
// and two work-items; without it, it must still finish (no hang). Each
// work-item reads back its own slot: a neighbour's would be an
// uninitialised read (the odd ones do not wait), which --checked reports
// first.
kernel void divergent(global int *out)
{
    local int s[64];
    int l = get_local_id(0);
    s[l] = l;
    if ((l & 1) == 0)
        barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = s[l];
}

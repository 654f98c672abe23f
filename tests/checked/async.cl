// async_work_group_copy and wait_group_events under spv2c --checked
// (driven by memory.py): every work-item of a group must reach each copy
// and wait, as often, with the same arguments, and every copy must be
// waited for. `which` picks the case; case 0 is correct.
//! kernel: async
//! run: --global 16 --local 8 in:a16f out:64 local:32 {which}
//! case 0: silent
//! case 1: OpGroupAsyncCopy: work-group operation reached by work-items: 2 of 8 \(work-item 0,0,0\)
//! case 2: OpGroupAsyncCopy: work-group operation with different arguments: argument 2 is 0x7 here, 0x8 in the group's first work-item to reach it \(work-item 3,0,0\)
//! case 3: OpGroupAsyncCopy: async copy whose event no work-item waits for \(wait_group_events\) before the kernel ends \(work-item 0,0,0\)
//! case 4: OpGroupAsyncCopy: read of 4 bytes at address \S+ is out of bounds: 0 bytes past the end of __global buffer '\w*' \(argument 0, 64 bytes\) \(work-item \d+,0,0\)
kernel void async(global const float *a, global float *b, local float *ls, int which)
{
    size_t i = get_global_id(0), l = get_local_id(0), n = get_local_size(0);
    size_t g = get_group_id(0);
    event_t e = 0;
    if (which == 0) {
        e = async_work_group_copy(ls, a + g * n, n, 0);
        wait_group_events(1, &e);
    } else if (which == 1) {   // started by two work-items only
        if (l < 2)
            e = async_work_group_copy(ls, a + g * n, n, 0);
        wait_group_events(1, &e);
    } else if (which == 2) {   // work-item 3 asks for one element less
        e = async_work_group_copy(ls, a + g * n, n - (l == 3), 0);
        wait_group_events(1, &e);
    } else if (which == 3) {   // never waited for
        e = async_work_group_copy(ls, a + g * n, n, 0);
        barrier(CLK_LOCAL_MEM_FENCE);
    } else {                   // the last group's copy reads 4 floats past a's end
        e = async_work_group_copy(ls, a + g * n + 4, n, 0);
        wait_group_events(1, &e);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    b[i] = ls[l];
}

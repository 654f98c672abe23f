// Double-buffered async copies in a loop (two local buffers, two events,
// prefetch), local sizes 4 to 256, 4 chunks a group. PoCL 3.1 aborts
// compiling this kernel for local sizes 1 and 2 ("Could not find a
// dominating alternative variable"), so 4 is the smallest size tested.
//! kernel: wg_double_buffer
//! global: 512
//! local: 4 | 32 | 128 | 256
//! arg: in float 4096 randf -10 10
//! arg: out float 4096
//! arg: local 4096
//! arg: val int 4
#pragma OPENCL FP_CONTRACT OFF

// A group streams its segment through two local buffers: while chunk c is
// processed, chunk c + 1 is on its way (its own event); results go out by
// an async copy too. Each work-item handles two elements a chunk.
kernel void wg_double_buffer(global const float *in, global float *out, local float *buf,
                             int nchunks)
{
    size_t n = get_local_size(0), l = get_local_id(0), cs = 2 * n;
    global const float *src = in + get_group_id(0) * nchunks * cs;
    global float *dst = out + get_group_id(0) * nchunks * cs;
    local float *b[2] = { buf, buf + cs };
    event_t ev[2];
    float carry = 0.0f;
    ev[0] = async_work_group_copy(b[0], src, cs, 0);
    for (int c = 0; c < nchunks; c++) {
        local float *cur = b[c & 1];
        if (c + 1 < nchunks) {
            ev[(c + 1) & 1] = async_work_group_copy(b[(c + 1) & 1], src + (c + 1) * cs, cs, 0);
            if (c + 2 < nchunks)
                prefetch(src + (c + 2) * cs, cs);
        }
        wait_group_events(1, &ev[c & 1]);
        float x = cur[2 * l], y = cur[2 * l + 1];
        carry = carry * 0.5f + x;
        cur[2 * l] = x + y * carry;
        cur[2 * l + 1] = x - y;
        barrier(CLK_LOCAL_MEM_FENCE);
        event_t o = async_work_group_copy(dst + c * cs, cur, cs, 0);
        wait_group_events(1, &o);
    }
}

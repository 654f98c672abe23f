// The checks in a barrier-free kernel's loops, which go through a view of
// each root's object (spv2c_ck_v_, runtime/check.h; emit_body, src/body.c),
// driven by memory.py: a matrix-vector product, one work-item a row of 8,
// whose `which` puts one bug in the last iteration of a late work-item,
// after many iterations took the view's common case. Case 0 is correct.
//! kernel: views_loop
//! run: --global 16 --local 16 out:64 in:a128f in:a16f 8 {which}
//! case 0: silent
//! case 1: vload2: read of 8 bytes at address \S+ is out of bounds: it starts at byte 508 and ends 4 bytes past the end of __global buffer '\w*' \(argument 1, 512 bytes\) \(work-item 15,0,0\)
//! case 2: OpLoad: data race: read of byte 32 of __global buffer '\w*' \(argument 0, 64 bytes\) at address \S+, which the work-item with local linear id 8 wrote with no barrier between; this one has local linear id 9 \(work-item 9,0,0\)
//! case 3: OpLoad: read of 4 bytes at byte 48 of __local variable 'views_loop.ls' \(64 bytes\) at address \S+: uninitialised \(never written\) \(work-item 12,0,0\)
kernel void views_loop(global float *y, global const float *a, global const float *x, int n,
                       int which)
{
    local float ls[16];
    size_t i = get_global_id(0), l = get_local_id(0);
    float acc = 0.0f;
    if (!(which == 3 && l == 12))   // 3: one slot never written
        ls[l] = 1.0f;
    for (int j = 0; j < n; j += 2) {
        // 1: the last row's last 8 bytes shifted by one float
        float2 t = vload2(0, a + i * n + j + (which == 1 && i == 15 && j == n - 2));
        acc += t.x * x[j] + t.y * x[j + 1];
        if (which == 2 && i == 9 && j == n - 2)   // 2: the row work-item 8 wrote
            acc += y[i - 1];
        if (which == 3)
            acc += ls[l];
    }
    y[i] = acc;
}

// The checks of a function's private arrays in its loops, which go through
// a view of the variable's object checked against the variable's own C
// extent (spv2c_ck_pv_, runtime/check.h; check_view_privates, src/body.c),
// driven by memory.py: classify's shape (samples/histogram_private.cl),
// each work-item counting over a strided slice into a private array
// indexed by the data, which keeps it in memory at -O2 too. `which` puts
// one bug in the last iteration of work-item 13 (of 16), after every
// work-item's earlier iterations took the view's common case. Case 0 is
// correct. c[k]++'s store goes unchecked (src/lower.c covered_store): the
// load of the same bytes just before it was checked; case 3 is caught there.
//! kernel: views_private
//! run: --global 16 --local 16 in:c256i out:256 out:256 {which}
//! uses: spv2c_ck_pv_(
//! case 0: silent
//! case 1: OpStore: write of 4 bytes at address \S+ is out of bounds: 0 bytes past the end of private variable '\w*' \(16 bytes\) \(work-item 13,0,0\)
//! case 2: OpLoad: read of 4 bytes at byte 12 of private variable '\w*' \(16 bytes\) at address \S+: uninitialised \(never written\) \(work-item 13,0,0\)
//! case 3: OpLoad: read of 4 bytes at address \S+ is out of bounds: 0 bytes past the end of private variable '\w*' \(16 bytes\) \(work-item 13,0,0\)
kernel void views_private(global const int *data, global uint *counts, global int *lasts,
                          int which)
{
    size_t id = get_global_id(0), n = 256, stride = get_global_size(0);
    uint c[4];
    int last[4];
    for (int k = 0; k < 4; k++) {
        if (!(which == 2 && id == 13 && k == 3))   // 2: c[3] never written
            c[k] = 0;
        last[k] = -1;
    }
    for (size_t i = id; i < n; i += stride) {
        int v = data[i];
        int k = v & 3;
        int late = id == 13 && i + stride >= n;   // work-item 13's last iteration
        if (which == 2 && late)   // 2: reads c[3]
            k = 3;
        if (which == 3 && late)   // 3: c[4]++, whose store the load's check covers
            k = 4;
        c[k]++;
        if (which == 1 && late)   // 1: one past the end of last
            k = 4;
        last[k] = v;
    }
    for (int k = 0; k < 4; k++) {
        counts[4 * id + k] = c[k];
        lasts[4 * id + k] = last[k];
    }
}

// cl_khr_fp16 built-ins on half4 (PoCL 3.1 has no cl_khr_fp16, so an
// exact oracle: half_builtins.py): dot (OpDot: the products and sums in
// lane order, each a half operation), cross (each product and difference a
// half operation), length, distance (the differences rounded to half),
// normalize (within 1 ulp of the exact values), and the work-group
// functions on halves (reduce add in local id order, each sum rounded to
// half; min; inclusive scan of max).
//! kernel: half_builtins
//! std: CL2.0
//! global: 256
//! local: 64
//! arg: in half 1024 randf -6 6
//! arg: in half 1024 randf -6 6
//! arg: out ushort 4096
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

kernel void half_builtins(global const half *a, global const half *b, global ushort *o)
{
    size_t i = get_global_id(0);
    half4 x = vload4(i, a), y = vload4(i, b), n = normalize(x);
    global ushort *p = o + i * 16;
    vstore4(as_ushort4(cross(x, y)), 0, p);
    p[4] = as_ushort(dot(x, y));
    p[5] = as_ushort(length(x));
    p[6] = as_ushort(distance(x, y));
    vstore4(as_ushort4(n), 0, p + 7);
    p[11] = as_ushort(work_group_reduce_add(x.s0));
    p[12] = as_ushort(work_group_reduce_min(x.s1));
    p[13] = as_ushort(work_group_scan_inclusive_max(x.s2));
    p[14] = as_ushort(dot(x.s01, y.s01));
    p[15] = 0;
}

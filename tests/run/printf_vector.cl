// printf of vectors: every lane count (2, 3, 4, 8, 16) with the hh, h, hl
// and l modifiers, signed and unsigned, with flags, width and precision
// applying to each lane; float (hl), double (l) and half (h) vectors, and a
// half scalar. The lanes are printed with commas between them.
// PoCL 3.1 has no cl_khr_fp16 (and prints %hf as an error), so for PoCL
// (-DPOCL_REF) the half values are read with vload_half into floats, exact,
// and printed with %hlf / %f: the text must be the same. PoCL prints doubles
// rounded to float (see printf_float.cl), so the double lanes hold floats.
// PoCL 3.1 passes a printf vector argument wider than the host CPU's vector
// registers wrongly: built for an AVX2-only CPU (device pthread-haswell) it
// prints garbage that changes from run to run for int16, long8, float16...
// (issue 36; scripts/pocl-cpu-check shows it under qemu). So PoCL's
// reference prints every vector wider than 16 bytes (SSE2's registers) as
// pieces of at most 16 bytes, joined by commas: the same text, lane by lane,
// as the wide vector spv2c prints.
//! kernel: pf
//! global: 16
//! local: 8
//! stdout: compare
//! pocl-options: -DPOCL_REF
//! arg: out int 16
//! arg: in long 256 edge
//! arg: in float 256 edge
//! arg: in half 256 edge
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#ifndef POCL_REF
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#endif
kernel void pf(global int *r, global const long *a, global const float *f,
               global const ushort *h)
{
    size_t i = get_global_id(0);
    global const char *c = (global const char *)a;
    global const short *s = (global const short *)a;
    global const int *n = (global const int *)a;
    int k = 0;
    k |= printf("%u: [%v2hhd] [%v3hhu] [%v4hhx] [%v8hho] [%v16hhd]\n", (uint)i, vload2(i, c),
                as_uchar3(vload3(i, c)), vload4(i, c), vload8(i, c), vload16(i, c));
#ifdef POCL_REF
    short16 s16 = vload16(i, s);
    int8 n8 = vload8(i, n);
    int16 n16 = vload16(i, n);
    ulong3 a3 = as_ulong3(vload3(i, a));
    long4 a4 = vload4(i, a);
    long8 a8 = vload8(i, a);
    float8 f8 = vload8(i, f);
    float16 f16 = vload16(i, f);
    double4 d4 = convert_double4(vload4(i, f));
    double3 d3 = convert_double3(vload3(i, f));
    k |= printf("  [%v2hd] [%v3hu] [%v4hX] [%v8hd] [%v8hx,%v8hx]\n", vload2(i, s),
                as_ushort3(vload3(i, s)), vload4(i, s), vload8(i, s), s16.lo, s16.hi);
    k |= printf("  [%v2hld] [%v3hlu] [%v4hlx] [%v4hli,%v4hli] [%v4hlo,%v4hlo,%v4hlo,%v4hlo]\n",
                vload2(i, n), as_uint3(vload3(i, n)), vload4(i, n), n8.lo, n8.hi,
                n16.lo.lo, n16.lo.hi, n16.hi.lo, n16.hi.hi);
    k |= printf("  [%v2ld] [%v2lu,%lu] [%v2lx,%v2lx] [%v2ld,%v2ld,%v2ld,%v2ld]\n", vload2(i, a),
                a3.s01, a3.s2, a4.lo, a4.hi, a8.lo.lo, a8.lo.hi, a8.hi.lo, a8.hi.hi);
    k |= printf("  [%+5v4hld] [%-6v2hd] [%#v4hhx] [%08.3v2hlx] [% v3hhd]\n", vload4(i, n),
                vload2(i, s), vload4(i, c), vload2(i, n), vload3(i, c));
    k |= printf("  f [%v2hlf] [%v3hle] [%v4hlg] [%v4hla,%v4hla] [%.3v4hlf,%.3v4hlf,%.3v4hlf,%.3v4hlf]\n",
                vload2(i, f), vload3(i, f), vload4(i, f), f8.lo, f8.hi,
                f16.lo.lo, f16.lo.hi, f16.hi.lo, f16.hi.hi);
    k |= printf("  [%+10.2v4hlf] [%-12.4v2hlE] [%#v3hlG] [%v2lf] [%.3v2le,%.3v2le] [%v2lg,%g] [%v2la]\n",
                vload4(i, f), vload2(i, f), vload3(i, f), convert_double2(vload2(i, f)),
                d4.lo, d4.hi, d3.s01, d3.s2, convert_double2(vload2(i, f)));
#else
    k |= printf("  [%v2hd] [%v3hu] [%v4hX] [%v8hd] [%v16hx]\n", vload2(i, s),
                as_ushort3(vload3(i, s)), vload4(i, s), vload8(i, s), vload16(i, s));
    k |= printf("  [%v2hld] [%v3hlu] [%v4hlx] [%v8hli] [%v16hlo]\n", vload2(i, n),
                as_uint3(vload3(i, n)), vload4(i, n), vload8(i, n), vload16(i, n));
    k |= printf("  [%v2ld] [%v3lu] [%v4lx] [%v8ld]\n", vload2(i, a), as_ulong3(vload3(i, a)),
                vload4(i, a), vload8(i, a));
    k |= printf("  [%+5v4hld] [%-6v2hd] [%#v4hhx] [%08.3v2hlx] [% v3hhd]\n", vload4(i, n),
                vload2(i, s), vload4(i, c), vload2(i, n), vload3(i, c));
    k |= printf("  f [%v2hlf] [%v3hle] [%v4hlg] [%v8hla] [%.3v16hlf]\n", vload2(i, f), vload3(i, f),
                vload4(i, f), vload8(i, f), vload16(i, f));
    k |= printf("  [%+10.2v4hlf] [%-12.4v2hlE] [%#v3hlG] [%v2lf] [%.3v4le] [%v3lg] [%v2la]\n",
                vload4(i, f), vload2(i, f), vload3(i, f), convert_double2(vload2(i, f)),
                convert_double4(vload4(i, f)), convert_double3(vload3(i, f)),
                convert_double2(vload2(i, f)));
#endif
#ifdef POCL_REF
    float8 h8 = vload_half8(i, (global const half *)h);
    k |= printf("  h [%v2hlf] [%.2v3hle] [%v4hlg] [%v4hla,%v4hla] [%f] [%a]\n", vload_half2(i, (global const half *)h),
                vload_half3(i, (global const half *)h), vload_half4(i, (global const half *)h),
                h8.lo, h8.hi, vload_half(i, (global const half *)h),
                vload_half(i + 1, (global const half *)h));
#else
    global const half *hh = (global const half *)h;
    k |= printf("  h [%v2hf] [%.2v3he] [%v4hg] [%v8ha] [%f] [%a]\n", vload2(i, hh), vload3(i, hh),
                vload4(i, hh), vload8(i, hh), hh[i], hh[i + 1]);
#endif
    r[i] = k;
}

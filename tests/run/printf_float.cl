// printf of float and double: f F e E g G a A with flags, widths and
// precisions (0 to 60 digits), over edge values (NaN, +-Inf, +-0,
// subnormals, the largest and smallest normals, ties), random bits and
// random finite values. A float argument reaches printf as a double; spv2c
// converts exactly (runtime/printf.h) and rounds to nearest even at the
// precision, so the text must be PoCL's byte for byte.
// PoCL 3.1 prints a double argument rounded to float (its printf library is
// built without fp64: 1e-300 prints as 0, 0.1 as 0.10000000149011612), so
// the double arguments here hold float values (exact in both): they check
// that doubles reach the formatter; tests/unit/test_printf.c checks the
// digits of arbitrary doubles against the C library.
//! kernel: pf
//! global: 64
//! local: 16
//! stdout: compare
//! arg: out int 64
//! arg: in float 64 edge
//! arg: in float 64 randbits
//! arg: in float 64 randf -1000 1000
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
kernel void pf(global int *r, global const float *a, global const float *c, global const float *e)
{
    size_t i = get_global_id(0);
    float x = a[i], z = c[i], v = e[i];
    double y = a[i], u = c[i];
    int k = 0;
    k |= printf("%u: f [%f] [%e] [%g] [%a] [%F] [%E] [%G] [%A]\n", (uint)i, x, x, x, x, x, x, x, x);
    k |= printf("  [%.0f] [%.1f] [%.3e] [%.10g] [%.0e] [%.0g] [%#.0f] [%#.0e] [%#g] [%#.3g] [%.2a] [%.0a] [%#.0a]\n",
                x, x, x, x, x, x, x, x, x, x, x, x, x);
    k |= printf("  [%12.4f] [%-12.4e] [%+g] [% g] [%012.3f] [%+015.6e] [%-+14g] [%020a] [%-20A] [% .3a]\n",
                x, x, x, x, x, x, x, x, x, x);
    k |= printf("  d [%f] [%e] [%g] [%a] [%.17g] [%.20e] [%.40f] [%.13a] [%.3a] [%G] [%lf] [%le]\n",
                y, y, y, y, y, y, y, y, y, y, y, y);
    k |= printf("  [%+.15e] [% .30g] [%#.8g] [%-30.20f] [%030.10E] [%.60f]\n", y, y, y, y, y, y);
    k |= printf("  r [%g] [%.9g] [%a] [%.3e] [%f] [%.17g] [%.25e] [%a] [%#.0f]\n",
                z, z, z, z, z, u, u, u, u);
    k |= printf("  v [%.0f] [%.1f] [%.2f] [%.3f] [%.1e] [%.2g] [%.3g] [%.4G] [%.1a] [%.2A]\n",
                v, v, v, v, v, v, v, v, v, v);
    r[i] = k;
}

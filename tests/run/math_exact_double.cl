// The exact math built-ins of math_exact.cl on double (OpenCL C 2.0):
// fabs, floor, ceil, trunc, round, rint, fmod, remainder, copysign, fma,
// sqrt, fmin/fmax with NaN, fdim, ldexp, frexp, modf, nextafter, ilogb.
//! kernel: math_exact_double
//! std: CL2.0
//! global: 256
//! arg: in double 256 edge
//! arg: in double 256 randf -1000 1000
//! arg: in double 256 rand
//! arg: out double 4608
//! arg: out int 512
#pragma OPENCL FP_CONTRACT OFF

kernel void math_exact_double(global const double *da, global const double *db,
                              global const double *dc, global double *od,
                              global int *oi)
{
    int i = get_global_id(0);
    double e = da[i], x = db[i], y = dc[i];
    double v = (i & 1) ? x : e;
    double w = (i & 2) ? x * 0.37 : y;
    global double *r = od + 18 * i;
    int k;
    double ip;

    r[0] = fabs(v);
    r[1] = floor(v);
    r[2] = ceil(v);
    r[3] = trunc(v);
    r[4] = round(v + 0.5);
    r[5] = rint(v * 2.0 + 0.5);
    r[6] = fmod(v, w);
    r[7] = remainder(x, w);
    r[8] = copysign(w, v);
    r[9] = fma(v, w, x);
    r[10] = sqrt(fabs(v) + x * x);
    r[11] = fmin(e, x) - fmax(e, y);
    r[12] = fdim(v, w);
    r[13] = ldexp(v, (i % 61) - 30);
    r[14] = frexp(v, &k);
    oi[2 * i] = isfinite(v) ? k : 0;
    r[15] = modf(v, &ip);
    r[16] = ip;
    r[17] = nextafter(v, w);
    oi[2 * i + 1] = isnormal(w) ? ilogb(w) : 99;
}

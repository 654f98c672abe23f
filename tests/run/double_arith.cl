// Double-precision arithmetic, bit exact: + - * /, negation, mixed float
// and double expressions (float promoted), double loops accumulating,
// double <-> long casts and comparisons.
//! kernel: double_arith
//! global: 256
//! arg: in double 256 edge
//! arg: in double 256 rand
//! arg: in double 256 randf -8 8
//! arg: in float 256 randf -8 8
//! arg: out double 2560
#pragma OPENCL FP_CONTRACT OFF
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

kernel void double_arith(global const double *da, global const double *db,
                         global const double *dc, global const float *fc,
                         global double *od)
{
    int i = get_global_id(0);
    double a = da[i], b = db[i], c = dc[i];
    float f = fc[i];
    global double *r = od + 10 * i;

    r[0] = a + b;
    r[1] = a - c;
    r[2] = a * c;
    r[3] = a / c;
    r[4] = -b / a;
    r[5] = c * f + (double)(f * f);   /* float product promoted afterwards */
    double s = 0.0;
    for (int k = 1; k <= 10; k++)
        s += c / (double)k;
    r[6] = s;
    r[7] = (double)(long)(c * 1e15) - c * 1e15;
    r[8] = a < c ? c - a : (a == a ? a : -1.0);
    r[9] = b * 0x1p-1060 + 0x1p-1074;  /* denormal results */
}

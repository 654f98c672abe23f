// Half conversions as kernels use them, for tests/cross/half.py: work-item i
// converts the half h[i] to float (vload_half) and the float f[i] and the
// double d[i] to half in each rounding mode (vstore_half_rte/rtz/rtp/rtn).
// Outputs: hf[i]; fh[4 * i + m] and dh[4 * i + m] for mode m = rte, rtz,
// rtp, rtn.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

kernel void half_convert(global const half *h, global float *hf,
                         global const float *f, global half *fh,
                         global const double *d, global half *dh)
{
    size_t i = get_global_id(0);
    float x = f[i];
    double y = d[i];
    hf[i] = vload_half(i, h);
    vstore_half_rte(x, 4 * i, fh);
    vstore_half_rtz(x, 4 * i + 1, fh);
    vstore_half_rtp(x, 4 * i + 2, fh);
    vstore_half_rtn(x, 4 * i + 3, fh);
    vstore_half_rte(y, 4 * i, dh);
    vstore_half_rtz(y, 4 * i + 1, dh);
    vstore_half_rtp(y, 4 * i + 2, dh);
    vstore_half_rtn(y, 4 * i + 3, dh);
}

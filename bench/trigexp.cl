// A sin/cos/exp/log/atan2/pow mix, one element a work-item: a damped
// rotation and a log-polar map as signal and imaging kernels compute them.
// Inputs in [-1, 1) are scaled to angles in [-8, 8) radians.
__kernel void trigexp(__global float *restrict out, __global const float *restrict a,
                      __global const float *restrict b)
{
    size_t i = get_global_id(0);
    float t = 8.0f * a[i], r = 2.0f + b[i];
    float c = cos(t), s = sin(t);
    float x = r * c * exp(-0.125f * t * t), y = r * s;
    float rho = log(x * x + y * y + 1.0f), phi = atan2(y, x);
    out[i] = rho * cos(phi) + pow(r, 1.5f) * sin(0.5f * t);
}

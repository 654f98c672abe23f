// Black-Scholes European call and put prices, one option a work-item, the
// cumulative normal by the Abramowitz-Stegun polynomial as in the classic
// GPU benchmark: exp (three), log, sqrt and divisions. Inputs in [-1, 1)
// are mapped to spot and strike in [10, 50), expiry in [0.5, 2.5).
static float cnd(float d)
{
    float k = 1.0f / (1.0f + 0.2316419f * fabs(d));
    float c = 0.3989422804f * exp(-0.5f * d * d)
              * (k * (0.31938153f + k * (-0.356563782f + k * (1.781477937f
                 + k * (-1.821255978f + k * 1.330274429f)))));
    return d > 0 ? 1.0f - c : c;
}

__kernel void blackscholes(__global float *call, __global float *put, __global const float *a,
                           __global const float *b, __global const float *c)
{
    size_t i = get_global_id(0);
    float s = 30.0f + 20.0f * a[i], x = 30.0f + 20.0f * b[i], t = 1.5f + c[i];
    float r = 0.02f, v = 0.30f, sq = sqrt(t);
    float d1 = (log(s / x) + (r + 0.5f * v * v) * t) / (v * sq), d2 = d1 - v * sq;
    float e = exp(-r * t);
    call[i] = s * cnd(d1) - x * e * cnd(d2);
    put[i] = x * e * cnd(-d2) - s * cnd(-d1);
}

// 5-point Jacobi step on a W x H grid, one work-item a cell (2-D NDRange
// W x H); border cells are copied. No barriers, no local memory.
__kernel void stencil(__global float *restrict out, __global const float *restrict in,
                      uint w, uint h)
{
    size_t x = get_global_id(0), y = get_global_id(1);
    size_t i = y * w + x;
    if (x == 0 || y == 0 || x + 1 == w || y + 1 == h) {
        out[i] = in[i];
        return;
    }
    out[i] = 0.2f * (in[i] + in[i - 1] + in[i + 1] + in[i - w] + in[i + w]);
}

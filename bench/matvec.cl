// Dense matrix-vector product y = A x, A row-major N x N, one work-item a
// row (global size N). The inner product is a chain of multiply-adds in
// column order: clang contracts each `acc + a * x` into a fused mad, as
// PoCL's own compiler does on FMA hardware, so the outputs are the same bits.
__kernel void matvec(__global float *restrict y, __global const float *restrict a,
                     __global const float *restrict x, uint n)
{
    size_t i = get_global_id(0);
    __global const float *row = a + i * n;
    float acc = 0.0f;
    for (uint j = 0; j < n; j++)
        acc += row[j] * x[j];
    y[i] = acc;
}

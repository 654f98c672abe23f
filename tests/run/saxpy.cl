// y = a*x + y on floats; a is passed by value. The expression is contracted
// (clang emits llvm.fmuladd, llvm-spirv emits OpenCL.std mad).
//! kernel: saxpy
//! global: 1024
//! local: 64
//! arg: val float 2.5
//! arg: in float 1024 randf -100 100
//! arg: inout float 1024 randf -100 100
//! arg: val int 1000
kernel void saxpy(float a, global const float *x, global float *y, int n)
{
    size_t i = get_global_id(0);
    if ((int)i < n)
        y[i] = a * x[i] + y[i];
}

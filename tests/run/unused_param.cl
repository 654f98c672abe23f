// A helper that ignores its parameters (found by tests/gen, seed 2): clang
// -O0 stores each parameter into a private variable nothing reads; spv2c
// drops stores to such variables, and once left them declared and unused
// (gcc -Wunused-variable, an error with -Werror).
//! kernel: unused_param
//! global: 8
//! arg: in float 8 randf -1 1
//! arg: out int 8
static int2 pick(float a, float b)
{
    return (int2)(3, 4);
}

kernel void unused_param(global const float *x, global int *o)
{
    size_t i = get_global_id(0);
    int2 r = pick(x[i], x[(i + 1) % 8]);
    o[i] = r.x + r.y * (int)i;
}

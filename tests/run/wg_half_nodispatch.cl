// A barrier kernel whose only read of the work-item state is the F16C
// choice of vstore_half/vload_half (SPV2C_F16_ISA_(wi)): without the
// run-time dispatch (-DSPV2C_NO_DISPATCH, -march=native) that read was
// erased by the macro and `wi` was an unused variable (-Werror failed).
// Found by the gen campaign (seed 1015); tests/golden cli-warning_free
// builds this kernel with -DSPV2C_NO_DISPATCH, every warning an error.
//! kernel: half_barrier
//! launch: 64 @ 16
//! launch: 12 @ 3
//! arg: in float 64 randf -100 100
//! arg: out float 64
//! arg: local 256
kernel void half_barrier(global const float *x, global float *y, local float *s)
{
    __private ushort hbs[4];
    __private half *hb = (__private half *)hbs;
    uint l = get_local_id(0);
    vstore_half(x[get_global_id(0)], 0, hb);
    s[l] = vload_half(0, hb);
    barrier(CLK_LOCAL_MEM_FENCE);
    y[get_global_id(0)] = s[(l + 1) % get_local_size(0)];
}

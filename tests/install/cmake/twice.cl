/* FACTOR comes from spv2c_add_kernels(... OPTIONS -DFACTOR=3) */
kernel void twice(global int *a)
{
    a[get_global_id(0)] *= FACTOR;
}

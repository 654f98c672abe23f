/* issue 16: the --main program must allocate an in: buffer exactly, so that
   this kernel's read one element past the end of `in` is seen by a host
   AddressSanitizer (main_exact.py) */
kernel void over(global const float *in, global float *out)
{
    size_t i = get_global_id(0);
    out[i] = in[i + 1];
}

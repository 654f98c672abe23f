/* The typed header's test kernel (tests/header/check.py): const buffers,
   signed scalars, a struct by value and one through a pointer, a half
   buffer, a vector buffer, __local memory. host.c and host.cc call it
   through spv2c_run_sig and compute what it must give. */
typedef struct { int bias; float scale; char tag; long big; } params_t;
struct cell { float2 pos; int id; };

kernel void sig(global const int *in, global int *out, int shift, short neg, params_t p,
                global struct cell *cells, global half *h, constant float4 *v,
                local int *tmp, global const uchar *bytes)
{
    size_t i = get_global_id(0), l = get_local_id(0);
    tmp[l] = in[i] >> shift;
    out[i] = tmp[l] + neg + p.bias + p.tag + (int)(p.big >> 32) + bytes[i];
    cells[i].pos.x = cells[i].pos.x * p.scale + v[i].y;
    cells[i].id = -cells[i].id;
    vstore_half(vload_half(i, h) * 2.0f + 1.0f, i, h);
}

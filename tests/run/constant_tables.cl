// The constant address space: program-scope __constant scalar, array,
// vector-array, 2-D array, string and struct tables indexed dynamically,
// and a __constant kernel argument.
//! kernel: constant_tables
//! global: 256
//! arg: in uint 256 rand
//! arg: in int 64 randi -1000000 1000000
//! arg: out int 1536
//! arg: out float4 256
#pragma OPENCL FP_CONTRACT OFF

typedef struct { short id; float w; char name[5]; } Entry;

__constant int primes[16] = {2, 3, 5, 7, 11, 13, 17, 19,
                             23, 29, 31, 37, 41, 43, 47, 53};
__constant float4 dirs[4] = {(float4)(1.0f, 0.0f, 0.0f, 0.5f),
                             (float4)(0.0f, -1.0f, 0.0f, 0.25f),
                             (float4)(0.0f, 0.0f, 2.0f, -1.0f),
                             (float4)(-3.0f, 1.5f, 0.125f, 8.0f)};
__constant uchar grid[3][5] = {{1, 2, 3, 4, 5}, {6, 7, 8, 9, 10},
                               {200, 201, 202, 203, 255}};
__constant char text[] = "spv2c constant";
__constant Entry entries[3] = {{7, 0.5f, "abc"}, {-9, -2.0f, "defg"},
                               {300, 1e5f, ""}};
__constant ulong big = 0xfedcba9876543210ul;
__constant float scale = 1.0f / 3.0f;

kernel void constant_tables(global const uint *in, constant int *lut,
                            global int *out, global float4 *of)
{
    int i = get_global_id(0);
    uint x = in[i];
    global int *r = out + 6 * i;
    constant Entry *e = &entries[x % 3u];

    r[0] = primes[x & 15u] * lut[(x >> 4) & 63u];
    r[1] = grid[(x >> 10) % 3u][(x >> 12) % 5u];
    r[2] = text[x % (uint)(sizeof(text) - 1)];
    r[3] = e->id + e->name[(x >> 3) & 3u] * 1000;
    r[4] = (int)(big >> (x & 63u));
    r[5] = (int)(e->w * scale * 1000.0f) + (int)sizeof(Entry);
    of[i] = dirs[x & 3u] * dirs[(x >> 2) & 3u].w + scale;
}

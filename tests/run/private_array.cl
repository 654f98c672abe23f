// Private arrays: dynamic indexing (insertion sort), a 2-D array, an array
// of vectors, an initialised constant-like private table (copied from a
// module constant), array element updates through a pointer, an array read
// only through a pointer 17 additions away from it.
//! kernel: private_array
//! global: 128
//! arg: in int 2048 rand
//! arg: in uchar 128 randi 0 255
//! arg: out int 2048
//! arg: out float 256
#pragma OPENCL FP_CONTRACT OFF

#define P1(p) ((p) + 1)
#define P4(p) P1(P1(P1(P1(p))))
#define P16(p) P4(P4(P4(P4(p))))

kernel void private_array(global const int *in, global const uchar *idx,
                          global int *out, global float *fo)
{
    int i = get_global_id(0);
    int a[16];
    int m[4][4];
    float4 fv[3];
    const int primes[8] = {2, 3, 5, 7, 11, 13, 17, 19};
    int sel = idx[i];

    for (int k = 0; k < 16; k++)
        a[k] = in[16 * i + k];
    for (int k = 1; k < 16; k++) {        /* insertion sort */
        int v = a[k];
        int j = k - 1;
        while (j >= 0 && a[j] > v) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = v;
    }
    a[sel & 15] ^= primes[sel & 7];       /* dynamic store */
    for (int r = 0; r < 4; r++)
        for (int c = 0; c < 4; c++)
            m[r][c] = a[4 * c + r] >> (r + c);
    int *p = &m[sel & 3][0];
    p[sel >> 6] ^= 1000;
    for (int k = 0; k < 16; k++)
        out[16 * i + k] = m[k & 3][k >> 2] ^ (a[15 - k] >> 8) * primes[k & 7] / 4;

    int b[24];
    for (int k = 0; k < 24; k++)
        b[k] = in[(16 * i + 3 * k) % 2048];
    out[16 * i] += *P1(P16(b));

    for (int k = 0; k < 3; k++)
        fv[k] = (float4)((float)k, (float)sel, (float)(a[k] & 0xff), 0.5f);
    fv[sel % 3].w *= -2.0f;
    fo[2 * i] = fv[(sel >> 2) % 3].w + fv[2].z;
    fo[2 * i + 1] = fv[sel % 3][sel & 3]; /* vector lane by dynamic index */
}

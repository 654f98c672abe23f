// Out-of-bounds accesses under spv2c --checked (driven by memory.py):
// `which` picks the case, only work-item 5 (global id) does it; case 0 is
// correct and must run silently. At -O2 clang keeps the pointers' origins
// (the report names the buffer); at -O0 they go through private memory,
// and the report can only say the address is in no object.
//! kernel: bounds
//! run: --global 16 --local 16 in:a16f out:64 in:c4i local:64 {which} 16
//! case 0: silent
//! case 1: OpLoad: read of 4 bytes at address \S+ is out of bounds: 20 bytes past the end of __global buffer '\w*' \(argument 0, 64 bytes\) \(work-item 5,0,0\)
//! case 2 -O2: OpStore: write of 4 bytes at address \S+ is out of bounds: 20 bytes past the end of __global buffer '\w*' \(argument 1, 64 bytes\) \(work-item 5,0,0\)
//! case 2 -O0: OpStore: write of 4 bytes at address \S+ is out of bounds: .* \(work-item 5,0,0\)
//! case 3: OpStore: write of 4 bytes at address \S+ is out of bounds: 20 bytes past the end of __local variable 'bounds.ls' \(64 bytes\) \(work-item 5,0,0\)
//! case 4: OpLoad: read of 4 bytes at address \S+ is out of bounds: 20 bytes past the end of __local buffer '\w*' \(argument 3, 64 bytes\) \(work-item 5,0,0\)
//! case 5: OpLoad: read of 4 bytes at address \S+ is out of bounds: 20 bytes past the end of private variable '\w+' \(32 bytes\) \(work-item 5,0,0\)
//! case 6 -O2: OpLoad: read of 4 bytes at address \S+ is out of bounds: 4 bytes past the end of __constant buffer '\w*' \(argument 2, 16 bytes\) \(work-item 5,0,0\)
//! case 6 -O0: OpLoad: read of 4 bytes at address \S+ is out of bounds: .* \(work-item 5,0,0\)
kernel void bounds(global float *a, global float *b, constant int *c, local float *la,
                   int which, int n)
{
    local float ls[16];
    float priv[8];
    size_t i = get_global_id(0), l = get_local_id(0);
    int bad = i == 5;
    for (int k = 0; k < 8; k++)
        priv[k] = (float)(k + (int)i);
    ls[l] = a[i];
    la[l] = a[i] + 1.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (which == 0)
        b[i] = ls[(l + 1) % 16] + la[l] + (float)c[i % 4] + priv[i % 8];
    else if (which == 1)   // global read past the end
        b[i] = a[i + bad * n];
    else if (which == 2)   // global write past the end
        b[i + bad * n] = 1.0f;
    else if (which == 3)   // __local array written one past its end
        ls[l + bad * 16] = 2.0f;
    else if (which == 4)   // __local argument read one past its end
        b[i] = la[l + bad * 16];
    else if (which == 5)   // private array read one past its end
        b[i] = priv[i % 8 + bad * 8];
    else if (which == 6)   // constant buffer read past its end
        b[i] = (float)c[i % 4 + bad * 4];
}

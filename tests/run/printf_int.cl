// printf of integers, characters and strings: every integer conversion with
// flags, width, precision and the hh, h, l modifiers, %c, %s, %p (null) and
// %%, over edge values; the return value; output in work-item order over
// several work-groups. Text compared byte for byte with PoCL's.
//! kernel: pf
//! global: 24
//! local: 8
//! stdout: compare
//! arg: out int 24
//! arg: in int 24 edge
//! arg: in long 24 edge
//! arg: in short 24 edge
//! arg: in char 24 edge
kernel void pf(global int *r, global const int *a, global const long *b,
               global const short *c, global const char *d)
{
    size_t i = get_global_id(0);
    int x = a[i];
    long y = b[i];
    int k = 0;
    k |= printf("%u: [%d] [%i] [%o] [%u] [%x] [%X]\n", (uint)i, x, x, x, x, x, x);
    k |= printf("  [%8d] [%-8d] [%+d] [% d] [%08d] [%.5d] [%8.3d] [%-+8.3d] [%.0d] [%+.0d]\n",
                x, x, x, x, x, x, x, x, x & 1, x & 1);
    k |= printf("  [%#o] [%#x] [%#X] [%#10x] [%#010x] [%-#10o] [%#.0o] [%#.8x] [%010o]\n",
                x, x, x, x, x, x, x & 1, x, x);
    k |= printf("  [%ld] [%lu] [%lx] [%lo] [%+ld] [%25ld] [%-25lu] [%.20lx]\n", y, y, y, y, y, y, y, y);
    k |= printf("  [%hd] [%hu] [%hx] [%hhd] [%hhu] [%hhx] [%hho] [%6hhd] [%-6hd] [%06hx]\n",
                c[i], c[i], c[i], d[i], d[i], d[i], d[i], d[i], c[i], c[i]);
    k |= printf("  [%c] [%3c] [%-3c] [%s] [%10s] [%-10s] [%s] [%p] [%%]\n",
                'A' + (int)(i % 26), 'a' + (int)(i % 26), '0' + (int)(i % 10), "text", "right", "left",
                "", (void *)0);
    r[i] = k;
}

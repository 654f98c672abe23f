// More than 64 module-scope variables: 32 program-scope constants, and a
// private array initialiser (a constant clang puts at module scope). The
// interface-list repair of src/read.c gave up above 64 variables.
//! kernel: many_globals
//! global: 64
//! arg: in int 64 randi -1000 1000
//! arg: out int 64
#define C(n) constant int c##n = n * 7 + 1;
C(0) C(1) C(2) C(3) C(4) C(5) C(6) C(7) C(8) C(9) C(10) C(11) C(12) C(13) C(14) C(15)
C(16) C(17) C(18) C(19) C(20) C(21) C(22) C(23) C(24) C(25) C(26) C(27) C(28) C(29) C(30)
C(31)
#define U(n) c##n * (x & (n + 1))
int more(int x)
{
    return U(16) + U(17) + U(18) + U(19) + U(20) + U(21) + U(22) + U(23) + U(24) + U(25) +
           U(26) + U(27) + U(28) + U(29) + U(30) + U(31);
}

kernel void many_globals(global const int *in, global int *out)
{
    int i = get_global_id(0), x = in[i];
    int a[4] = {0};
    a[i & 3] = x;
    a[(i + 1) & 3] += 3;
    out[i] = U(0) + U(1) + U(2) + U(3) + U(4) + U(5) + U(6) + U(7) + U(8) + U(9) + U(10) +
             U(11) + U(12) + U(13) + U(14) + U(15) + more(x) + a[0] - a[1] + a[2] * a[3];
}

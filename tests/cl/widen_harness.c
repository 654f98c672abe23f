/* tests/cl/widen_test.py's harness: FILE's textual LLVM IR through
   ir_widen_odd (src/cl/widen.c) to stdout; the count of widened functions
   on stderr */
#include <stdio.h>
#include <stdlib.h>

#include "spv2c.h"
#include "cl/ir.h"

int main(int argc, char **argv)
{
    static char text[1 << 20];
    Buf out = { 0 };
    size_t n;
    FILE *f;

    if (argc != 2 || !(f = fopen(argv[1], "rb"))) {
        fprintf(stderr, "usage: widen_harness FILE.ll\n");
        return 2;
    }
    n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = 0;
    fprintf(stderr, "%d functions widened\n", ir_widen_odd(&out, text));
    fwrite(out.s, 1, out.len, stdout);
    return 0;
}

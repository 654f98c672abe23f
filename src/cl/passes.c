/*
 * passes: the front end's LLVM-IR passes, in the order they run.
 *
 * clang-15 -S -emit-llvm prints k.ll; these passes rewrite its text into
 * k2.ll, which clang reads back without optimising and llvm-spirv-15
 * translates. Each pass works around one defect of llvm-spirv-15 (or one
 * shape clang-15's optimiser makes that llvm-spirv-15 cannot take), in a
 * file of its own that says why the rewrite keeps the program's meaning
 * (docs/design/frontend.md, "OpenCL C input", has the long form). All of them
 * read the IR through lex.c, so none rewrites a string constant, a quoted
 * name or a comment (tests/run/lexical.cl). One row a pass: to add one,
 * add a row and the test that fails without it.
 *
 * SPV2C_CL_SKIP=NAME[,NAME...] in the environment skips the passes named
 * (scripts/check-passes uses it to show each row's test fails without it).
 */
#include <stdio.h>
#include <stdlib.h>

#include "ir.h"

typedef struct Pass {
    const char *name;
    IrPass *run;
    int (*when)(const char *ll);   /* whether it runs (NULL: always) */
    const char *defect;            /* what it works around */
    const char *test;              /* the test that fails without it */
} Pass;

static int has_odd_width(const char *ll)
{
    return ir_odd_width_in(ll, ll + strlen(ll)) != 0;
}

static const Pass PASSES[] = {
    {"switch", ir_widen_switches, NULL,
     "clang -O2 narrows a switch's value to an odd width (switch i3); llvm-spirv-15 "
     "refuses the width (gen seed 2483)", "tests/cl/narrow_switch.cl"},
    {"bitreverse", ir_define_bitreverse, NULL,
     "llvm-spirv-15 translates llvm.bitreverse to OpBitReverse, a Shader capability "
     "(gen seed 3131)", "tests/cl/bitreverse.cl"},
    {"fence", ir_fence_flags, NULL,
     "clang -O2 merges barriers into one whose flags are a phi; llvm-spirv-15 asserts "
     "on a fence argument that is no constant (gen seeds 2963, 3004, ...)",
     "tests/cl/barrier_flags.cl"},
    {"convert", ir_fix_conversions, NULL,
     "llvm-spirv-15 decorates an id nothing defines for a conversion whose result is "
     "unused or that a phi names through a back edge (gen seeds 1831, 1953)",
     "tests/cl/conv_forward.cl"},
    {"order", ir_order_blocks, NULL,
     "llvm-spirv-15 loses a conversion's decorations when a block uses a value a later "
     "block defines (rotated loops; gen seed 3286). read.c's reorder_blocks cannot: the "
     "decorations are already on the wrong id", "tests/cl/forward_ref.cl"},
    {"widen", ir_widen_odd, has_odd_width,
     "clang -O2 narrows arithmetic to odd widths (trunc to i4, urem i4); llvm-spirv-15 "
     "refuses them (InvalidBitWidth; gen seed 8172)", "tests/cl/narrow_arith.cl"},
    {"freeze", ir_unfreeze, NULL,
     "clang -O2 makes freeze (x / y and x % y); llvm-spirv-15 rejects it",
     "tests/cl/freeze.cl"},
};

/* whether $SPV2C_CL_SKIP names the pass */
static int skipped(const char *name)
{
    const char *s = getenv("SPV2C_CL_SKIP"), *p;
    size_t n = strlen(name);

    for (p = s; p && (p = strstr(p, name)) != NULL; p += n)
        if ((p == s || p[-1] == ',') && (p[n] == ',' || !p[n]))
            return 1;
    return 0;
}

/* what no pass mends: llvm.vector.reduce (the vectorisers are off, so
   none has been seen) before the passes, an odd width after them */
static int refused(const char *ll, const char *input, int after)
{
    unsigned long odd;

    if (!after && ir_find_global(ll, ll + strlen(ll), "@llvm.vector.reduce.")) {
        fprintf(stderr, "%s: error: clang's optimiser made llvm.vector.reduce.* calls, which "
                "llvm-spirv-15 cannot translate; compile with -O0\n", input);
        return 1;
    }
    if (after && (odd = ir_odd_width_in(ll, ll + strlen(ll))) != 0) {
        fprintf(stderr, "%s: error: a %lu-bit integer (a _BitInt, or a value clang -O2 "
                "narrowed) reaches an operation spv2c does not widen (a call, a parameter, a "
                "load or store, a vector), which llvm-spirv-15 cannot translate; without "
                "_BitInt, -O0 avoids it\n", input, odd);
        return 1;
    }
    return 0;
}

int ir_passes(Buf *out, char *ll, const char *input)
{
    size_t k;
    Buf b;

    if (refused(ll, input, 0)) {
        free(ll);
        return -1;
    }
    for (k = 0; k < sizeof PASSES / sizeof PASSES[0]; k++) {
        if (skipped(PASSES[k].name) || (PASSES[k].when && !PASSES[k].when(ll)))
            continue;
        memset(&b, 0, sizeof b);
        PASSES[k].run(&b, ll);
        free(ll);
        ll = b.s;
    }
    if (refused(ll, input, 1)) {
        free(ll);
        return -1;
    }
    out->s = ll;
    out->len = strlen(ll);
    out->cap = out->len + 1;
    return 0;
}

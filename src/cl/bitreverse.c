/*
 * bitreverse: llvm.bitreverse defined in plain shifts and masks, in
 * textual LLVM IR.
 *
 * clang -O2 makes llvm.bitreverse from bit-reversing idioms (and
 * InstCombine even makes llvm.bitreverse.i1, the identity: gen seed 3131),
 * and llvm-spirv-15 translates it to OpBitReverse, which needs the Shader
 * capability: the module is then no OpenCL module (spirv-val rejects its
 * WorkgroupSize variable). Each declaration `declare T @llvm.bitreverse.S(T)`
 * becomes a definition `@spv2c.bitreverse.S` (bitreverse_def: for s = 1,
 * 2, 4 ... w/2, swap the halves of every 2s-bit block, which puts bit i at
 * w - 1 - i), and the calls call it. Only names are renamed: the same text
 * in a string constant stays (lex.c; tests/run/lexical.cl).
 */
#include <stdlib.h>

#include "ir.h"

static const char BR_LLVM[] = "@llvm.bitreverse.", BR_OURS[] = "@spv2c.bitreverse.";

/* constant c of type t (lanes of width w; an integer lane or a vector of k) */
static void br_const(Buf *b, unsigned k, unsigned w, long long c)
{
    unsigned i;

    if (!k) {
        buf_printf(b, "%lld", c);
        return;
    }
    buf_put(b, "<");
    for (i = 0; i < k; i++)
        buf_printf(b, "%si%u %lld", i ? ", " : "", w, c);
    buf_put(b, ">");
}

/* the definition for suffix S (`i32`, `v4i32`, up to the '('): swap the
   halves of every 2s-bit block, s = 1, 2, 4 ... w/2 (masks 0x55.., 0x33..,
   0x0f..: their top bit is 0, so each prints as a positive number) */
static int bitreverse_def(Buf *b, const char *sfx, size_t n)
{
    unsigned long k = 0, w;
    unsigned s, step = 0, i;
    char *end, t[32];
    const char *p = sfx;

    if (*p == 'v')
        k = strtoul(p + 1, (char **)&p, 10);
    if (*p != 'i')
        return -1;
    w = strtoul(p + 1, &end, 10);
    if (end != sfx + n || ir_odd_width(w) || k > 16)
        return -1;
    if (k)
        snprintf(t, sizeof t, "<%lu x i%lu>", k, w);
    else
        snprintf(t, sizeof t, "i%lu", w);
    buf_printf(b, "define internal %s %s%.*s(%s %%v0) {\n", t, BR_OURS, (int)n, sfx, t);
    for (s = 1; s < w; s *= 2, step++) {
        unsigned long long m = 0;
        for (i = 0; i < w; i++)
            if (!(i / s % 2))
                m |= 1ull << i;
        buf_printf(b, "  %%h%u = lshr %s %%v%u, ", step, t, step);
        br_const(b, (unsigned)k, (unsigned)w, s);
        buf_printf(b, "\n  %%a%u = and %s %%h%u, ", step, t, step);
        br_const(b, (unsigned)k, (unsigned)w, (long long)m);
        buf_printf(b, "\n  %%m%u = and %s %%v%u, ", step, t, step);
        br_const(b, (unsigned)k, (unsigned)w, (long long)m);
        buf_printf(b, "\n  %%l%u = shl %s %%m%u, ", step, t, step);
        br_const(b, (unsigned)k, (unsigned)w, s);
        buf_printf(b, "\n  %%v%u = or %s %%a%u, %%l%u\n", step + 1, t, step, step);
    }
    buf_printf(b, "  ret %s %%v%u\n}\n", t, step);
    return 0;
}

/* the line [ln, e) with its llvm.bitreverse names renamed, or, when it
   declares one bitreverse_def knows, its definition instead; 1 if changed */
static int rename_line(Buf *b, const char *ln, const char *e)
{
    const char *p = ln, *q = ln, *sfx;
    int decl = !strncmp(ln, "declare ", 8), changed = 0;
    IrTok t, par;

    for (p = ir_code_token(p, e, &t); t.kind != IR_END; p = ir_code_token(p, e, &t)) {
        if (t.kind != IR_GLOBAL || t.n < sizeof BR_LLVM || memcmp(t.s, BR_LLVM, sizeof BR_LLVM - 1))
            continue;
        sfx = t.s + sizeof BR_LLVM - 1;
        ir_code_token(p, e, &par);
        if (decl && ir_tok_is(&par, "(", 1) && !bitreverse_def(b, sfx, (size_t)(par.s - sfx)))
            return 1;   /* the line is replaced */
        if (decl)
            continue;
        buf_putn(b, q, (size_t)(t.s - q));
        buf_put(b, BR_OURS);
        q = sfx;
        changed = 1;
    }
    buf_putn(b, q, (size_t)(e - q));
    return changed;
}

int ir_define_bitreverse(Buf *out, const char *ll)
{
    const char *p, *end = ll + strlen(ll);
    int n = 0;

    buf_putn(out, "", 0);
    if (!ir_find_global(ll, end, BR_LLVM)) {   /* the common case: one search, one copy */
        buf_putn(out, ll, (size_t)(end - ll));
        return 0;
    }
    for (p = ll; p < end; p = ir_line_end(p, end))
        n += rename_line(out, p, ir_line_end(p, end));
    return n;
}

/*
 * freeze: `freeze` as a no-op, in textual LLVM IR.
 *
 * clang-15 -O2 makes `%x = freeze T %v` (for a division and a remainder
 * of the same operands, among others) and llvm-spirv-15 rejects it. Each
 * becomes `%x = bitcast T %v to T`, or, for an aggregate (which bitcast
 * does not take), `%x = select i1 true, T %v, T %v`. Sound because spv2c
 * gives every SPIR-V value one defined C value, computed once and read at
 * every use: that value is one `freeze` may choose (docs/design/frontend.md,
 * "OpenCL C input"). Only an instruction is rewritten: the reader (lex.c)
 * keeps ` = freeze ` inside a string constant, a quoted name or a comment
 * for what it is (tests/run/lexical.cl).
 */
#include "ir.h"

/* the parts of a line `%x = freeze T V[, !md ...]`: where T starts, where
   V starts, where V ends (the metadata tail, the comment or the line's end
   follows); 0 when the line is no freeze */
static int freeze_parts(const char *ln, const char *e, const char **ty, const char **v,
                        const char **ve)
{
    IrTok t, prev;
    const char *p = ir_code_token(ln, e, &t);
    int depth = 0;

    if (t.kind != IR_LOCAL || (p = ir_code_token(p, e, &t), !ir_tok_is(&t, "=", 1)) ||
        (p = ir_code_token(p, e, &t), !ir_tok_is(&t, "freeze", 6)))
        return 0;
    p = ir_code_token(p, e, &t);
    *ty = t.s;
    prev = t;
    for (; t.kind != IR_END; prev = t, p = ir_code_token(p, e, &t)) {
        IrTok next;

        depth += t.kind == IR_PUNCT && strchr("([{<", *t.s) ? 1 :
                 t.kind == IR_PUNCT && strchr(")]}>", *t.s) ? -1 : 0;
        if (depth == 0 && ir_tok_is(&t, ",", 1) && (ir_code_token(p, e, &next), next.kind == IR_META))
            break;
    }
    if (prev.s == *ty)
        return 0;
    *v = prev.s;
    *ve = prev.s + prev.n;
    return 1;
}

/* one line: a freeze as a no-op of the same value, any other as it is */
static int unfreeze_line(Buf *b, const char *ln, const char *e)
{
    const char *ty, *v, *ve;
    size_t k;

    if (!freeze_parts(ln, e, &ty, &v, &ve)) {
        buf_putn(b, ln, (size_t)(e - ln));
        return 0;
    }
    k = (size_t)(v - ty) - 1;    /* the type, without its space */
    buf_putn(b, ln, (size_t)(ty - ln) - 7);   /* up to " = " */
    if (ty[0] == '{' || ty[0] == '[' || (ty[0] == '<' && ty[1] == '{') ||
        (ty[0] == '%' && ty[k - 1] != '*')) {
        buf_put(b, "select i1 true, ");
        buf_putn(b, ty, (size_t)(ve - ty));
        buf_put(b, ", ");
        buf_putn(b, ty, (size_t)(ve - ty));
    } else {
        buf_put(b, "bitcast ");
        buf_putn(b, ty, (size_t)(ve - ty));
        buf_put(b, " to ");
        buf_putn(b, ty, k);
    }
    buf_putn(b, ve, (size_t)(e - ve));
    return 1;
}

int ir_unfreeze(Buf *out, const char *ll)
{
    const char *p, *end = ll + strlen(ll);
    int n = 0;

    buf_putn(out, "", 0);
    for (p = ll; p < end; p = ir_line_end(p, end))
        n += unfreeze_line(out, p, ir_line_end(p, end));
    return n;
}

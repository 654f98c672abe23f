/*
 * widen: odd-width integer arithmetic widened to the widths SPIR-V has,
 * in textual LLVM IR.
 *
 * clang -O2 narrows arithmetic whose operands it knows to be small: seed
 * 8172 of the gen campaign has `%t = trunc i64 %m to i4`, `%r = urem i4
 * %t, 3`, `%s = trunc i4 %r to i2` and a switch on %s. SPIR-V has no i4
 * or i2, and llvm-spirv-15 refuses them (InvalidBitWidth). In each
 * function with such a value, every odd width K becomes the next width
 * SPIR-V has (W: 8, 16, 32 or 64), the value held zero-extended: its low K
 * bits are the iK value, the others 0. Each instruction keeps that:
 *   - trunc to iK, and add, sub, mul, shl: the same operation at W, then
 *     `and` with 2^K - 1 (the bits an iK operation drops);
 *   - udiv, urem, lshr, and, or, xor, icmp eq/ne/unsigned, phi, select,
 *     switch: the same at W (their results on zero-extended operands are
 *     the zero-extended results);
 *   - zext from iK: zext from W (or an `or 0` copy when the width is W);
 *   - sext from iK, sdiv, srem, ashr and signed icmp: on the operands
 *     sign-extended from bit K-1 (shl and ashr by W - K), then masked;
 *   - a constant c of type iK (LLVM prints it signed) is c mod 2^K, where
 *     the operation reads the value unsigned, and c itself where it reads
 *     it signed.
 * Flags (nuw, nsw, exact) are dropped, which is always sound. Any other
 * instruction on an odd width (a call, a load or store, a vector of them,
 * a function's parameter) leaves the function as it was (passes.c then
 * reports the width). Odd widths are found, and lines split into words,
 * by lex.c, so a string or a name that spells `i4` is none.
 */
#include <stdlib.h>
#include <string.h>

#include "ir.h"

typedef struct {
    Buf *out;
    unsigned serial;          /* the next %spv2c.wN */
} Widen;

static int legal(unsigned long w)
{
    return !ir_odd_width(w);
}

static unsigned wide(unsigned k)
{
    return k <= 8 ? 8 : k <= 16 ? 16 : k <= 32 ? 32 : 64;
}

/* the first odd width on the line [ln, e), 0 for none, -1 for one past 64 */
static int odd_on(const char *ln, const char *e)
{
    unsigned long w = ir_odd_width_in(ln, e);

    return w > 64 ? -1 : (int)w;
}

/* the tokens of the line [p, e): words between blanks, a trailing ','
   cut off; the tail, from `, !md` or else the line's end, is kept apart */
typedef struct {
    const char *s[64];
    size_t n[64];
    int count;
    const char *tail;         /* `, !md ...` after the operands, or the code's end */
} Toks;

/* where the line's metadata tail (`, !md ...`) starts, else where its code ends */
static const char *tail_of(const char *p, const char *e)
{
    IrTok t, next;

    for (p = ir_code_token(p, e, &t); t.kind != IR_END; p = ir_code_token(p, e, &t))
        if (ir_tok_is(&t, ",", 1) && (ir_code_token(p, e, &next), next.kind == IR_META))
            return t.s;
    return t.s;
}

static int split(const char *p, const char *e, Toks *t)
{
    IrTok k;
    const char *w = NULL, *we = NULL;

    t->tail = tail_of(p, e);
    t->count = 0;
    for (p = ir_code_token(p, t->tail, &k); ; p = ir_code_token(p, t->tail, &k)) {
        if (w && (k.kind == IR_END || k.s != we)) {   /* a blank ends the word */
            if (t->count == 64)
                return -1;
            t->s[t->count] = w;
            t->n[t->count] = (size_t)(we - w) - (we[-1] == ',' && we - w > 1);
            t->count++;
            w = NULL;
        }
        if (k.kind == IR_END)
            return 0;
        w = w ? w : k.s;
        we = k.s + k.n;
    }
}

static int is_literal(const char *s, size_t n)
{
    size_t i = *s == '-';

    if (i >= n)
        return 0;
    for (; i < n; i++)
        if (s[i] < '0' || s[i] > '9')
            return 0;
    return 1;
}

static unsigned long long mask(unsigned k)
{
    return k >= 64 ? ~0ull : (1ull << k) - 1;
}

static int tok_is(const Toks *t, int i, const char *word)
{
    return i < t->count && t->n[i] == strlen(word) && !memcmp(t->s[i], word, t->n[i]);
}

/* the width of token i when it is an integer type (up to i64), else 0 */
static unsigned tok_type(const Toks *t, int i)
{
    IrTok k;
    unsigned long w;

    if (i >= t->count)
        return 0;
    k.kind = IR_WORD;
    k.s = t->s[i];
    k.n = t->n[i];
    w = ir_int_type(&k);
    return w <= 64 ? (unsigned)w : 0;
}

/* token s[0..n) into b: the odd type iK as iW, a literal (of type iK) mod
   2^K (every caller's operation reads its operands unsigned), other text
   as it is */
static void put_tok(Buf *b, const char *s, size_t n, unsigned k)
{
    char ty[8];

    snprintf(ty, sizeof ty, "i%u", k);
    if (n == strlen(ty) && !memcmp(s, ty, n))
        buf_printf(b, "i%u", wide(k));
    else if (is_literal(s, n))
        buf_printf(b, "%llu", (unsigned long long)strtoll(s, NULL, 10) & mask(k));
    else
        buf_putn(b, s, n);
}

/* the tokens from *from on, each followed by the separator it had */
static void put_rest(Buf *b, const Toks *t, int from, const char *e, unsigned k)
{
    int i;

    for (i = from; i < t->count; i++) {
        const char *after = t->s[i] + t->n[i];
        put_tok(b, t->s[i], t->n[i], k);
        if (after < t->tail && *after == ',')
            buf_put(b, ",");
        if (i + 1 < t->count)
            buf_put(b, " ");
    }
    buf_putn(b, t->tail, (size_t)(e - t->tail));
}

/* a fresh name into nm (`%spv2c.wN`) */
static void fresh(Widen *w, char *nm, size_t cap)
{
    snprintf(nm, cap, "%%spv2c.w%u", w->serial++);
}

/* operand token i, sign-extended from bit K-1 when it is a name: into nm
   the name of its sign extension (two lines out), or the token as it is */
static void signed_operand(Widen *w, const Toks *t, int i, unsigned k, char *nm, size_t cap)
{
    char a[40];
    unsigned wd = wide(k);

    if (t->s[i][0] != '%') {
        snprintf(nm, cap, "%.*s", (int)t->n[i], t->s[i]);
        return;
    }
    fresh(w, a, sizeof a);
    buf_printf(w->out, "  %s = shl i%u %.*s, %u\n", a, wd, (int)t->n[i], t->s[i], wd - k);
    fresh(w, nm, cap);
    buf_printf(w->out, "  %s = ashr i%u %s, %u\n", nm, wd, a, wd - k);
}

/* `%r = and iW X, 2^K - 1` (X: a name of the widened result) */
static void put_masked(Widen *w, const Toks *t, const char *x, unsigned k)
{
    buf_printf(w->out, "  %.*s = and i%u %s, %llu\n", (int)t->n[0], t->s[0], wide(k), x, mask(k));
}

/* trunc, zext or sext `%r = OP iA X to iB` with A or B odd: X (widened;
   sign-extended first for sext) converted from A's width to B's, then
   masked to B bits when B is odd and the bits above it may be set */
static int widen_cast(Widen *w, const Toks *t, int op)
{
    unsigned a = tok_type(t, 3), b = tok_type(t, 6), wa, wb;
    char x[40], y[40];
    const char *conv;

    if (!a || !b || t->count != 7 || !tok_is(t, 5, "to"))
        return -1;
    wa = legal(a) ? a : wide(a);
    wb = legal(b) ? b : wide(b);
    snprintf(x, sizeof x, "%.*s", (int)t->n[4], t->s[4]);
    if (op == 's' && !legal(a))
        signed_operand(w, t, 4, a, x, sizeof x);
    else if (is_literal(x, strlen(x)) && !legal(a))
        snprintf(x, sizeof x, "%llu", (unsigned long long)strtoll(x, NULL, 10) & mask(a));
    conv = wa == wb ? NULL : wa > wb ? "trunc" : op == 's' ? "sext" : "zext";
    if (legal(b) || op == 'z') {
        if (conv)
            buf_printf(w->out, "  %.*s = %s i%u %s to i%u\n", (int)t->n[0], t->s[0], conv,
                       wa, x, wb);
        else
            buf_printf(w->out, "  %.*s = or i%u %s, 0\n", (int)t->n[0], t->s[0], wb, x);
        return 0;
    }
    if (conv) {
        fresh(w, y, sizeof y);
        buf_printf(w->out, "  %s = %s i%u %s to i%u\n", y, conv, wa, x, wb);
        put_masked(w, t, y, b);
    } else {
        put_masked(w, t, x, b);
    }
    return 0;
}

/* `%r = OP [flags] iK A, B` and `%r = icmp PRED iK A, B` */
static int widen_binary(Widen *w, const Toks *t, const char *op, size_t opn, int i)
{
    static const char *const wrap[] = { "add", "sub", "mul", "shl" };
    static const char *const same[] = { "udiv", "urem", "lshr", "and", "or", "xor" };
    static const char *const sign[] = { "sdiv", "srem", "ashr" };
    int icmp = opn == 4 && !memcmp(op, "icmp", 4), kind = -1;
    unsigned k, wd;
    size_t j;
    char a[40], b[40], r[40];

    for (j = 0; j < 4 && kind < 0; j++)
        if (opn == strlen(wrap[j]) && !memcmp(op, wrap[j], opn))
            kind = 0;
    for (j = 0; j < 6 && kind < 0; j++)
        if (opn == strlen(same[j]) && !memcmp(op, same[j], opn))
            kind = 1;
    for (j = 0; j < 3 && kind < 0; j++)
        if (opn == strlen(sign[j]) && !memcmp(op, sign[j], opn))
            kind = 2;
    if (icmp)
        kind = t->s[i][0] == 's' ? 3 : 1, i++;
    while (kind >= 0 && !icmp && (tok_is(t, i, "nuw") || tok_is(t, i, "nsw") || tok_is(t, i, "exact")))
        i++;
    if (kind < 0 || t->count != i + 3 || (k = tok_type(t, i)) == 0 || legal(k))
        return -1;
    wd = wide(k);
    if (kind == 1) {
        buf_printf(w->out, "  %.*s = %.*s ", (int)t->n[0], t->s[0], (int)opn, op);
        if (icmp)
            buf_printf(w->out, "%.*s ", (int)t->n[i - 1], t->s[i - 1]);
        put_rest(w->out, t, i, t->tail, k);
        buf_put(w->out, "\n");
        return 0;
    }
    if (kind == 0) {
        fresh(w, r, sizeof r);
        buf_printf(w->out, "  %s = %.*s ", r, (int)opn, op);
        put_rest(w->out, t, i, t->tail, k);
        buf_put(w->out, "\n");
        put_masked(w, t, r, k);
        return 0;
    }
    signed_operand(w, t, i + 1, k, a, sizeof a);
    signed_operand(w, t, i + 2, k, b, sizeof b);
    if (kind == 3) {
        buf_printf(w->out, "  %.*s = icmp %.*s i%u %s, %s\n", (int)t->n[0], t->s[0],
                   (int)t->n[i - 1], t->s[i - 1], wd, a, b);
        return 0;
    }
    fresh(w, r, sizeof r);
    buf_printf(w->out, "  %s = %.*s i%u %s, %s\n", r, (int)opn, op, wd, a, b);
    put_masked(w, t, r, k);
    return 0;
}

/* one line with odd width k on it into w->out; -1 when not widened */
static int widen_line(Widen *w, const char *ln, const char *e, unsigned k)
{
    Toks t;
    const char *p = ln;
    const char *op;

    while (p < e && *p == ' ')
        p++;
    if (split(p, e, &t) || t.count < 2)
        return -1;
    if (tok_is(&t, 0, "switch") || (tok_type(&t, 0) == k && tok_is(&t, 2, "label"))) {
        buf_putn(w->out, ln, (size_t)(p - ln));   /* a switch, or one of its cases */
        put_rest(w->out, &t, 0, e, k);
        return 0;
    }
    if (t.count < 5 || t.s[0][0] != '%' || !tok_is(&t, 1, "="))
        return -1;
    op = t.s[2];
    if (tok_is(&t, 2, "trunc") || tok_is(&t, 2, "zext") || tok_is(&t, 2, "sext"))
        return widen_cast(w, &t, *op);
    if ((tok_is(&t, 2, "phi") && tok_type(&t, 3) == k) ||
        (tok_is(&t, 2, "select") && tok_type(&t, 5) == k && tok_type(&t, 7) == k)) {
        buf_putn(w->out, ln, (size_t)(p - ln));
        put_rest(w->out, &t, 0, e, k);
        return 0;
    }
    return widen_binary(w, &t, op, t.n[2], 3);
}

/* the function [fn, fe) widened into out; -1 (out as it was) when some
   line on an odd width is none of the forms above */
static int widen_function(Widen *w, const char *fn, const char *fe)
{
    const char *ln, *e;
    size_t at = w->out->len;
    int k;

    for (ln = fn; ln < fe; ln = e) {
        e = ir_line_end(ln, fe);
        k = odd_on(ln, e);
        if (k == 0) {
            buf_putn(w->out, ln, (size_t)(e - ln));
            continue;
        }
        if (k < 0 || !strncmp(ln, "define ", 7) || widen_line(w, ln, e, (unsigned)k)) {
            w->out->len = at;
            return -1;
        }
        /* a second odd width on the line (trunc i4 to i2): widen_cast
           took both; any other form was refused above */
    }
    return 0;
}

/* the function [fn, fe) into out, widened when it has an odd width and
   every line on one is widened, else as it is; 1 when widened */
static int widen_or_copy(void *ctx, Buf *out, const char *fn, const char *fe)
{
    Widen *w = ctx;

    if (odd_on(fn, fe) != 0 && !widen_function(w, fn, fe))
        return 1;
    buf_putn(out, fn, (size_t)(fe - fn));
    return 0;
}

int ir_widen_odd(Buf *out, const char *ll)
{
    Widen w = { out, 0 };

    return ir_each_function(out, ll, widen_or_copy, &w);
}

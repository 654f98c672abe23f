/*
 * switch: switches on an odd-width integer made for them alone, widened
 * back, in textual LLVM IR.
 *
 * clang -O2's InstCombine narrows a switch's value when its high bits are
 * known zero (`%n = trunc i32 %x to i3`, `switch i3 %n, label %d [ i3 -1,
 * label %a ...]`: gen seed 2483), and llvm-spirv-15 takes no such width.
 * Widened back: `%n = and i32 %x, 7`, `switch i32 %n`, each case value
 * modulo 8; the and keeps the bits the trunc kept, so every case matches
 * the same values. A trunc with any other use is left (widen.c, then
 * passes.c's check of odd widths, see to it).
 */
#include <stdlib.h>

#include "ir.h"

typedef struct Narrow {
    const char *def, *sw;     /* the trunc's line, the switch's line */
    IrTok name;               /* %n */
    unsigned w, k;            /* widths: the source's, the narrowed one */
} Narrow;

/* the uses of the name t in the code of [from, to), its definition included */
static int count_name(const char *from, const char *to, const IrTok *name)
{
    IrTok t;
    const char *p;
    int c = 0;

    for (p = ir_token(from, to, &t); t.kind != IR_END; p = ir_token(p, to, &t))
        c += t.kind == IR_LOCAL && ir_tok_is(&t, name->s, name->n);
    return c;
}

/* the line [ln, e) as `  %N = trunc iW %X to iK[, ...]` with K odd, W not
   and K < W: 1 (nw filled), else 0 */
static int narrowing(const char *ln, const char *e, Narrow *nw)
{
    IrTok t[7];
    const char *p = ln;
    int i;

    for (i = 0; i < 7; i++)
        p = ir_code_token(p, e, &t[i]);
    if (t[0].kind != IR_LOCAL || ir_quoted(&t[0]) || t[0].s != ln + 2 ||
        !ir_tok_is(&t[1], "=", 1) || !ir_tok_is(&t[2], "trunc", 5) || !ir_tok_is(&t[5], "to", 2))
        return 0;
    nw->w = (unsigned)ir_int_type(&t[3]);
    nw->k = (unsigned)ir_int_type(&t[6]);
    ir_code_token(p, e, &t[0]);
    if (!nw->w || ir_odd_width(nw->w) || !nw->k || !ir_odd_width(nw->k) || nw->k >= nw->w ||
        (t[0].kind != IR_END && !ir_tok_is(&t[0], ",", 1)))
        return 0;
    ir_code_token(ln, e, &nw->name);
    return 1;
}

/* the line `  switch iK %N, ...` in [from, to), or NULL */
static const char *find_switch(const char *from, const char *to, const Narrow *nw)
{
    const char *ln, *p;
    IrTok t[4];
    int i;

    for (ln = from; ln < to; ln = ir_line_end(ln, to)) {
        if (strncmp(ln, "  switch ", 9))
            continue;
        for (p = ln, i = 0; i < 4; i++)
            p = ir_code_token(p, to, &t[i]);
        if (ir_int_type(&t[1]) == nw->k && ir_tok_is(&t[2], nw->name.s, nw->name.n) &&
            ir_tok_is(&t[3], ",", 1))
            return ln;
    }
    return NULL;
}

/* the narrowed switches of the function body [from, to) into nw[] */
static size_t find_narrow(const char *from, const char *to, Narrow *nw, size_t cap)
{
    const char *ln, *e, *sw;
    size_t n = 0;

    for (ln = from; ln < to && n < cap; ln = e) {
        e = ir_line_end(ln, to);
        if (!narrowing(ln, e, &nw[n]) || nw[n].name.n > 100)
            continue;
        sw = find_switch(e, to, &nw[n]);
        if (sw && count_name(from, to, &nw[n].name) == 2 &&
            count_name(sw, ir_line_end(sw, to), &nw[n].name) == 1) {
            nw[n].def = ln;
            nw[n++].sw = sw;
        }
    }
    return n;
}

/* a narrowed switch's line and its case lines, widened; returns the
   switch's closing `  ]` line, which is copied as it is */
static const char *widen_switch(Buf *b, const char *sw, const Narrow *nw)
{
    const char *p, *eol = strchr(sw, '\n');
    unsigned long long mask = (1ull << nw->k) - 1;
    char *end;

    strtoul(sw + 10, &end, 10);                /* past "  switch iK" */
    buf_printf(b, "  switch i%u", nw->w);
    buf_putn(b, end, (size_t)(eol + 1 - end));
    for (p = eol + 1; *p && strncmp(p, "  ]", 3); p = eol + 1) {
        long long v;

        eol = strchr(p, '\n');
        if (!eol)
            break;
        while (*p == ' ')
            buf_putn(b, p++, 1);
        if (*p != 'i') {
            buf_putn(b, p, (size_t)(eol + 1 - p));
            continue;
        }
        strtoul(p + 1, &end, 10);
        v = strtoll(end + 1, &end, 10);
        buf_printf(b, "i%u %llu", nw->w, (unsigned long long)v & mask);
        buf_putn(b, end, (size_t)(eol + 1 - end));
    }
    return p;
}

/* the trunc line of nw as an and: `  %n = and iW %x, 2^K - 1` */
static void put_and(Buf *b, const char *ln, const char *e, const Narrow *nw)
{
    const char *t = strstr(ln, " = trunc "), *to = strstr(t, " to i");
    char *end;

    buf_putn(b, ln, (size_t)(t - ln));
    buf_put(b, " = and");
    buf_putn(b, t + 8, (size_t)(to - t - 8));
    buf_printf(b, ", %llu", (1ull << nw->k) - 1);
    strtoul(to + 5, &end, 10);
    buf_putn(b, end, (size_t)(e - end));
}

int ir_widen_switches(Buf *out, const char *ll)
{
    Narrow nw[64];
    size_t n = 0, i;
    const char *p = ll, *e, *end = ll + strlen(ll), *fend;
    int changed = 0;

    buf_putn(out, "", 0);                      /* out->s is a string even for "" */
    for (; p < end; p = e) {
        e = ir_line_end(p, end);
        if (!strncmp(p, "define ", 7))
            n = (fend = strstr(p, "\n}\n")) ? find_narrow(p, fend, nw, sizeof nw / sizeof nw[0])
                                             : 0;
        for (i = 0; i < n && nw[i].def != p && nw[i].sw != p; i++)
            ;
        if (i < n && nw[i].def == p) {
            put_and(out, p, e, &nw[i]);
            changed++;
        } else if (i < n) {
            e = widen_switch(out, p, &nw[i]);
        } else {
            buf_putn(out, p, (size_t)(e - p));
        }
    }
    return changed;
}

/* spv2c runtime part: printf (needs: base) */
/*
 * OpenCL C printf (OpenCL C 1.2 s6.12.13). templates/printf.lua reads the
 * format string when it translates the call (OpenCL C requires a literal)
 * and emits one call here a literal run or conversion, lane by lane for
 * vectors; these functions only format one value each. Nothing here calls
 * the C library's printf: the text is the same bytes on every platform.
 *
 * Output hook: each printf call collects its text in a small buffer and
 * hands it to SPV2C_PRINTF_WRITE(text, n), a function returning 0 on
 * success (printf then returns 0) or nonzero (printf returns -1). Define it
 * before this part (`cc -DSPV2C_PRINTF_WRITE=my_write`, with
 * `int my_write(const char *text, size_t n);` in the program): then no
 * stdio is used. By default it is fwrite to stdout. SPV2C_FREESTANDING
 * needs it defined.
 *
 * Flags (the `fl` argument): 1 '-', 2 '+', 4 ' ', 8 '#', 16 '0'. A width or
 * precision of -1 is "not given".
 */
#if !defined(SPV2C_PRINTF_WRITE)
#if defined(SPV2C_FREESTANDING)
#error "printf, SPV2C_FREESTANDING: define SPV2C_PRINTF_WRITE (int f(const char *, size_t))"
#endif
#include <stdio.h>
SPV2C_INLINE int spv2c_printf_stdout_(const char *text, size_t n)
{
    return fwrite(text, 1, n, stdout) == n ? 0 : -1;
}
#define SPV2C_PRINTF_WRITE spv2c_printf_stdout_
#else
int SPV2C_PRINTF_WRITE(const char *text, size_t n);
#endif

#define SPV2C_PF_LEFT 1
#define SPV2C_PF_PLUS 2
#define SPV2C_PF_SPACE 4
#define SPV2C_PF_ALT 8
#define SPV2C_PF_ZERO 16

typedef struct spv2c_pf_ {
    char buf[256];
    size_t n;
    int err;
} spv2c_pf_;

SPV2C_INLINE void spv2c_pf_flush_(spv2c_pf_ *p)
{
    if (p->n && SPV2C_PRINTF_WRITE(p->buf, p->n) != 0)
        p->err = 1;
    p->n = 0;
}

SPV2C_INLINE void spv2c_pf_c_(spv2c_pf_ *p, char c)
{
    if (p->n == sizeof p->buf)
        spv2c_pf_flush_(p);
    p->buf[p->n++] = c;
}

/* n bytes of s (a literal run of the format, or formatted text) */
SPV2C_INLINE void spv2c_pf_s_(spv2c_pf_ *p, const char *s, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        spv2c_pf_c_(p, s[i]);
}

SPV2C_INLINE void spv2c_pf_pad_(spv2c_pf_ *p, char c, long n)
{
    for (; n > 0; n--)
        spv2c_pf_c_(p, c);
}

/* the end of one printf call: its return value */
SPV2C_INLINE uint32_t spv2c_pf_end_(spv2c_pf_ *p)
{
    spv2c_pf_flush_(p);
    return p->err ? 0xffffffffu : 0u;
}

/* one field: prefix (sign, 0x), then zeros, then body, padded to width */
SPV2C_INLINE void spv2c_pf_field_(spv2c_pf_ *p, int fl, long w, const char *pre, size_t npre,
                                  long zeros, const char *body, size_t nbody)
{
    long len = (long)npre + zeros + (long)nbody;
    if (!(fl & SPV2C_PF_LEFT) && (fl & SPV2C_PF_ZERO) && w > len) {
        zeros += w - len;
        len = w;
    }
    if (!(fl & SPV2C_PF_LEFT))
        spv2c_pf_pad_(p, ' ', w - len);
    spv2c_pf_s_(p, pre, npre);
    spv2c_pf_pad_(p, '0', zeros);
    spv2c_pf_s_(p, body, nbody);
    if (fl & SPV2C_PF_LEFT)
        spv2c_pf_pad_(p, ' ', w - len);
}

/* d i o u x X: v holds the value in its low `bits` bits (8, 16, 32, 64),
   signed for d and i (C99 7.19.6.1) */
SPV2C_INLINE void spv2c_pf_i_(spv2c_pf_ *p, int fl, long w, long pr, char conv, uint64_t v,
                              unsigned bits)
{
    char digits[24], pre[2] = { 0, 0 };
    const char *hex = conv == 'X' ? "0123456789ABCDEF" : "0123456789abcdef";
    unsigned base = conv == 'o' ? 8u : (conv == 'x' || conv == 'X') ? 16u : 10u;
    size_t nd = 0, np = 0;
    long zeros;
    uint64_t mask = bits >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << bits) - 1);
    v &= mask;
    if (conv == 'd' || conv == 'i') {
        if (v >> (bits - 1) & 1) {
            v = (0 - v) & mask;
            pre[np++] = '-';
        } else if (fl & SPV2C_PF_PLUS) {
            pre[np++] = '+';
        } else if (fl & SPV2C_PF_SPACE) {
            pre[np++] = ' ';
        }
    }
    if (pr >= 0)
        fl &= ~SPV2C_PF_ZERO;
    else
        pr = 1;
    while (v) {
        digits[sizeof digits - 1 - nd++] = hex[v % base];
        v /= base;
    }
    zeros = pr > (long)nd ? pr - (long)nd : 0;
    if (conv == 'o' && (fl & SPV2C_PF_ALT) && zeros == 0 &&
        (nd == 0 || digits[sizeof digits - nd] != '0'))
        zeros = 1;
    if ((conv == 'x' || conv == 'X') && (fl & SPV2C_PF_ALT) && nd) {
        pre[np++] = '0';
        pre[np++] = conv;
    }
    spv2c_pf_field_(p, fl, w, pre, np, zeros, digits + sizeof digits - nd, nd);
}

/* c: the int argument converted to unsigned char */
SPV2C_INLINE void spv2c_pf_char_(spv2c_pf_ *p, int fl, long w, uint32_t c)
{
    char ch = (char)(unsigned char)c;
    spv2c_pf_field_(p, fl & SPV2C_PF_LEFT, w, "", 0, 0, &ch, 1);
}

/* s: at most pr bytes (all when pr < 0) of the string at s */
SPV2C_INLINE void spv2c_pf_str_(spv2c_pf_ *p, int fl, long w, long pr, const void *s)
{
    const char *t = (const char *)s;
    size_t n = 0;
    if (!t) {
        t = "(null)";
    }
    while ((pr < 0 || (long)n < pr) && t[n])
        n++;
    spv2c_pf_field_(p, fl & SPV2C_PF_LEFT, w, "", 0, 0, t, n);
}

/* p: "0x" and the address in lowercase hexadecimal, as PoCL prints it (the
   format is implementation-defined; a null pointer gives "0x", as PoCL's) */
SPV2C_INLINE void spv2c_pf_ptr_(spv2c_pf_ *p, int fl, long w, const void *ptr)
{
    char digits[24];
    uint64_t v = (uint64_t)(uintptr_t)ptr;
    size_t nd = 0;
    while (v) {
        digits[sizeof digits - 1 - nd++] = "0123456789abcdef"[v % 16];
        v /= 16;
    }
    spv2c_pf_field_(p, fl & SPV2C_PF_LEFT, w, "0x", 2, 0, digits + sizeof digits - nd, nd);
}

/* ---- floating point: exact decimal digits of a double ----
   x = m 2^e is split into its integer part, held in base 10^9 (at most
   309 digits), and its fraction f / 2^(32 nfw) (at most 1074 bits), whose
   decimal digits come out nine at a time by multiplying by 10^9. Every
   digit is exact, so rounding at any precision is round-to-nearest-even on
   the true value, as glibc prints. About 300 bytes of state; the digits
   are made twice (once to decide the rounding, once to print). */
typedef struct spv2c_dec_ {
    uint32_t ip[36];   /* integer part, base 10^9, least significant first */
    int nip;
    uint32_t fw[35];   /* fraction, 32-bit words, least significant first */
    int nfw;
    int nd;            /* digits of the integer part (0 when it is 0) */
    int ci;            /* next chunk of ip to read; -1: the fraction */
    uint32_t cur;      /* the chunk being read */
    int curn;          /* its digits not read yet */
} spv2c_dec_;

static const uint32_t spv2c_pf_p10_[10] = { 1u, 10u, 100u, 1000u, 10000u, 100000u, 1000000u,
                                            10000000u, 100000000u, 1000000000u };

/* the integer m 2^sh (words w[0..n-1]) in base 10^9, into d->ip */
SPV2C_INLINE void spv2c_dec_int_(spv2c_dec_ *d, uint32_t *w, int n)
{
    int i, k;
    d->nip = 0;
    while (n > 0 && w[n - 1] == 0)
        n--;
    while (n > 0) {
        uint64_t rem = 0;
        for (i = n - 1; i >= 0; i--) {
            uint64_t t = (rem << 32) | w[i];
            w[i] = (uint32_t)(t / 1000000000u);
            rem = t % 1000000000u;
        }
        d->ip[d->nip++] = (uint32_t)rem;
        while (n > 0 && w[n - 1] == 0)
            n--;
    }
    d->nd = 0;
    if (d->nip) {
        for (k = 1; k < 10 && d->ip[d->nip - 1] >= spv2c_pf_p10_[k]; k++)
            ;
        d->nd = k + 9 * (d->nip - 1);
    }
}

/* x: positive and finite */
SPV2C_INLINE void spv2c_dec_init_(spv2c_dec_ *d, double x)
{
    uint64_t b, m;
    int e, i;
    uint32_t w[33];
    memcpy(&b, &x, sizeof b);
    e = (int)((b >> 52) & 0x7ff);
    m = b & 0xfffffffffffffu;
    if (e)
        m |= (uint64_t)1 << 52;
    e = (e ? e : 1) - 1075;
    for (i = 0; i < 33; i++)
        w[i] = 0;
    d->nfw = 0;
    if (e >= 0) {
        /* integer: m << e, e <= 971 */
        int q = e / 32, r = e % 32;
        w[q] = (uint32_t)(m << r);
        w[q + 1] = (uint32_t)((m << r) >> 32);
        w[q + 2] = r ? (uint32_t)(m >> (64 - r)) : 0;
        spv2c_dec_int_(d, w, q + 3);
    } else {
        int s = -e, sh;
        uint64_t ipart = s < 64 ? m >> s : 0, f = s < 64 ? m & (((uint64_t)1 << s) - 1) : m;
        w[0] = (uint32_t)ipart;
        w[1] = (uint32_t)(ipart >> 32);
        spv2c_dec_int_(d, w, 2);
        d->nfw = (s + 31) / 32;
        sh = 32 * d->nfw - s;
        for (i = 0; i < d->nfw; i++)
            d->fw[i] = 0;
        d->fw[0] = (uint32_t)(f << sh);
        if (d->nfw > 1)
            d->fw[1] = (uint32_t)((f << sh) >> 32);
        if (d->nfw > 2 && sh)
            d->fw[2] = (uint32_t)(f >> (64 - sh));
    }
    d->ci = d->nip - 1;
    d->curn = 0;
    d->cur = 0;
}

/* the next decimal digit (zeros after the last one) */
SPV2C_INLINE int spv2c_dec_next_(spv2c_dec_ *d)
{
    if (d->curn == 0) {
        if (d->ci >= 0) {
            d->cur = d->ip[d->ci];
            d->curn = d->ci == d->nip - 1 ? d->nd - 9 * (d->nip - 1) : 9;
            d->ci--;
        } else {
            uint64_t carry = 0;
            int i;
            for (i = 0; i < d->nfw; i++) {
                uint64_t t = (uint64_t)d->fw[i] * 1000000000u + carry;
                d->fw[i] = (uint32_t)t;
                carry = t >> 32;
            }
            d->cur = (uint32_t)carry;
            d->curn = 9;
        }
    }
    d->curn--;
    return (int)(d->cur / spv2c_pf_p10_[d->curn] % 10u);
}

/* whether any digit after the ones read is nonzero */
SPV2C_INLINE int spv2c_dec_rest_(const spv2c_dec_ *d)
{
    int i;
    if (d->cur % spv2c_pf_p10_[d->curn])
        return 1;
    for (i = d->ci; i >= 0; i--)
        if (d->ip[i])
            return 1;
    for (i = 0; i < d->nfw; i++)
        if (d->fw[i])
            return 1;
    return 0;
}

/* the rounding of n digits after `skip` digits of x: whether it rounds up,
   the last digit that is not 9 (-1: none, a carry out), the last nonzero
   digit after rounding (-1: none) */
typedef struct spv2c_round_ {
    int up, last_non9, last_nz;
} spv2c_round_;

SPV2C_INLINE spv2c_round_ spv2c_dec_round_(double x, long skip, long n)
{
    spv2c_dec_ d;
    spv2c_round_ r;
    long i;
    int dig = 0, next;
    r.last_non9 = r.last_nz = -1;
    spv2c_dec_init_(&d, x);
    for (i = 0; i < skip; i++)
        spv2c_dec_next_(&d);
    for (i = 0; i < n; i++) {
        dig = spv2c_dec_next_(&d);
        if (dig != 9)
            r.last_non9 = (int)i;
        if (dig != 0)
            r.last_nz = (int)i;
    }
    next = spv2c_dec_next_(&d);
    r.up = next > 5 || (next == 5 && (spv2c_dec_rest_(&d) || (dig & 1)));
    if (r.up)
        r.last_nz = r.last_non9;
    return r;
}

/* print the digits [from, to) of the run that spv2c_dec_round_(x, skip, n)
   rounded, as rounded */
SPV2C_INLINE void spv2c_dec_put_(spv2c_pf_ *p, double x, long skip, long from, long to,
                                 spv2c_round_ r)
{
    spv2c_dec_ d;
    long i;
    spv2c_dec_init_(&d, x);
    for (i = 0; i < skip; i++)
        spv2c_dec_next_(&d);
    for (i = 0; i < to; i++) {
        int dig = spv2c_dec_next_(&d);
        if (r.up && i == r.last_non9)
            dig++;
        else if (r.up && i > r.last_non9)
            dig = 0;
        if (i >= from)
            spv2c_pf_c_(p, (char)('0' + dig));
    }
}

/* the decimal exponent of x's first digit, and how many zero digits come
   before it in the digit stream (x > 0; for 0: 0 and 0) */
SPV2C_INLINE long spv2c_dec_exp_(double x, long *skip)
{
    spv2c_dec_ d;
    long z = 0;
    *skip = 0;
    if (x == 0)
        return 0;
    spv2c_dec_init_(&d, x);
    if (d.nd)
        return d.nd - 1;
    while (spv2c_dec_next_(&d) == 0)
        z++;
    *skip = z;
    return -z - 1;
}

/* padding before and after a field of len characters whose prefix (sign,
   0x) is pre: spaces, or zeros after the prefix */
SPV2C_INLINE long spv2c_pf_open_(spv2c_pf_ *p, int fl, long w, const char *pre, size_t npre,
                                 long len)
{
    long pad = w > len ? w - len : 0;
    if (!(fl & (SPV2C_PF_LEFT | SPV2C_PF_ZERO)))
        spv2c_pf_pad_(p, ' ', pad);
    spv2c_pf_s_(p, pre, npre);
    if ((fl & SPV2C_PF_ZERO) && !(fl & SPV2C_PF_LEFT))
        spv2c_pf_pad_(p, '0', pad);
    return fl & SPV2C_PF_LEFT ? pad : 0;
}

/* style f with pr digits after the point; strip: drop trailing zeros (g
   without #) */
SPV2C_INLINE void spv2c_pf_fixed_(spv2c_pf_ *p, int fl, long w, const char *pre, size_t npre,
                                  double x, long pr, int strip)
{
    spv2c_dec_ d;
    long nd, nfrac = pr, right;
    spv2c_round_ r;
    int carry, point;
    spv2c_dec_init_(&d, x);
    nd = d.nd;
    r = spv2c_dec_round_(x, 0, nd + pr);
    carry = r.up && r.last_non9 < 0;
    if (strip)
        nfrac = carry || r.last_nz < nd ? 0 : r.last_nz - nd + 1;
    point = nfrac > 0 || (fl & SPV2C_PF_ALT);
    right = spv2c_pf_open_(p, fl, w, pre, npre,
                           (long)npre + (nd ? nd + carry : 1) + point + nfrac);
    if (carry || !nd)
        spv2c_pf_c_(p, carry ? '1' : '0');
    spv2c_dec_put_(p, x, 0, 0, nd, r);
    if (point)
        spv2c_pf_c_(p, '.');
    spv2c_dec_put_(p, x, 0, nd, nd + nfrac, r);
    spv2c_pf_pad_(p, ' ', right);
}

/* style e with pr digits after the point; strip as above */
SPV2C_INLINE void spv2c_pf_expo_(spv2c_pf_ *p, int fl, long w, const char *pre, size_t npre,
                                 double x, long pr, int strip, char e)
{
    long skip, ex = spv2c_dec_exp_(x, &skip), nfrac = pr, right, ax;
    spv2c_round_ r = spv2c_dec_round_(x, skip, pr + 1);
    int carry = r.up && r.last_non9 < 0, point, nex = 2;
    char digits[8];
    if (carry)
        ex++;
    if (strip)
        nfrac = carry || r.last_nz < 1 ? 0 : r.last_nz;
    point = nfrac > 0 || (fl & SPV2C_PF_ALT);
    ax = ex < 0 ? -ex : ex;
    while (ax >= (long)spv2c_pf_p10_[nex])
        nex++;
    right = spv2c_pf_open_(p, fl, w, pre, npre, (long)npre + 1 + point + nfrac + 2 + nex);
    if (carry)
        spv2c_pf_c_(p, '1');
    else
        spv2c_dec_put_(p, x, skip, 0, 1, r);
    if (point)
        spv2c_pf_c_(p, '.');
    if (carry)
        spv2c_pf_pad_(p, '0', nfrac);
    else
        spv2c_dec_put_(p, x, skip, 1, 1 + nfrac, r);
    spv2c_pf_c_(p, e);
    spv2c_pf_c_(p, ex < 0 ? '-' : '+');
    for (ax = nex - 1; ax >= 0; ax--)
        digits[ax] = (char)('0' + (ex < 0 ? -ex : ex) / (long)spv2c_pf_p10_[nex - 1 - ax] % 10);
    spv2c_pf_s_(p, digits, (size_t)nex);
    spv2c_pf_pad_(p, ' ', right);
}

/* style a: glibc's form, 0x1.hhh (0x0.hhh for subnormals, exponent -1022),
   the fraction's trailing zeros dropped when no precision is given; a
   precision rounds to nearest even (the leading digit may become 2) */
SPV2C_INLINE void spv2c_pf_hex_(spv2c_pf_ *p, int fl, long w, char *pre, size_t npre, double x,
                                long pr, int upper)
{
    const char *hex = upper ? "0123456789ABCDEF" : "0123456789abcdef";
    uint64_t b, m, lead;
    long ex, n = 13, right, ax;
    char body[40];
    size_t k = 0;
    int nex = 1;
    memcpy(&b, &x, sizeof b);
    ex = (long)((b >> 52) & 0x7ff);
    m = b & 0xfffffffffffffu;
    lead = ex ? 1 : 0;
    ex = x == 0 ? 0 : (ex ? ex : 1) - 1023;
    if (pr >= 0 && pr < 13) {
        int sh = (int)(4 * (13 - pr));
        uint64_t full = lead << 52 | m, rem = full & (((uint64_t)1 << sh) - 1);
        uint64_t half = (uint64_t)1 << (sh - 1);
        full >>= sh;
        if (rem > half || (rem == half && (full & 1)))
            full++;
        lead = full >> (4 * pr);
        m = (full & (((uint64_t)1 << (4 * pr)) - 1)) << sh;
    }
    if (pr < 0)
        while (n > 0 && !((m >> (4 * (13 - n))) & 0xf))
            n--;
    else
        n = pr;
    body[k++] = hex[lead];
    if (n > 0 || (fl & SPV2C_PF_ALT))
        body[k++] = '.';
    for (ax = 0; ax < n && ax < 13; ax++)
        body[k++] = hex[(m >> (48 - 4 * ax)) & 0xf];
    ax = ex < 0 ? -ex : ex;
    while (ax >= (long)spv2c_pf_p10_[nex])
        nex++;
    pre[npre++] = '0';
    pre[npre++] = upper ? 'X' : 'x';
    right = spv2c_pf_open_(p, fl, w, pre, npre,
                           (long)npre + (long)k + (n > 13 ? n - 13 : 0) + 2 + nex);
    spv2c_pf_s_(p, body, k);
    spv2c_pf_pad_(p, '0', n > 13 ? n - 13 : 0);
    spv2c_pf_c_(p, upper ? 'P' : 'p');
    spv2c_pf_c_(p, ex < 0 ? '-' : '+');
    for (k = 0; k < (size_t)nex; k++)
        body[k] = (char)('0' + ax / (long)spv2c_pf_p10_[nex - 1 - (long)k] % 10);
    spv2c_pf_s_(p, body, (size_t)nex);
    spv2c_pf_pad_(p, ' ', right);
}

/* f F e E g G a A of a double (float and half arguments are exact in it).
   Infinities and NaNs as PoCL prints them: inf, nan (INF, NAN), a NaN never
   with a '-', no zero padding */
SPV2C_INLINE void spv2c_pf_f_(spv2c_pf_ *p, int fl, long w, long pr, char conv, double x)
{
    char pre[4] = { 0, 0, 0, 0 };
    size_t np = 0;
    uint64_t b;
    int upper = conv < 'a', c = conv | 32;
    memcpy(&b, &x, sizeof b);
    if (x != x)
        b &= ~((uint64_t)1 << 63);
    if (b >> 63) {
        pre[np++] = '-';
        b &= ~((uint64_t)1 << 63);
        memcpy(&x, &b, sizeof x);
    } else if (fl & SPV2C_PF_PLUS) {
        pre[np++] = '+';
    } else if (fl & SPV2C_PF_SPACE) {
        pre[np++] = ' ';
    }
    if (((b >> 52) & 0x7ff) == 0x7ff) {
        const char *t = (b & 0xfffffffffffffu) ? (upper ? "NAN" : "nan") : (upper ? "INF" : "inf");
        spv2c_pf_field_(p, fl & ~SPV2C_PF_ZERO, w, pre, np, 0, t, 3);
        return;
    }
    if (c == 'a') {
        spv2c_pf_hex_(p, fl, w, pre, np, x, pr, upper);
        return;
    }
    if (pr < 0)
        pr = 6;
    if (c == 'f') {
        spv2c_pf_fixed_(p, fl, w, pre, np, x, pr, 0);
    } else if (c == 'e') {
        spv2c_pf_expo_(p, fl, w, pre, np, x, pr, 0, upper ? 'E' : 'e');
    } else {
        long skip, ex = spv2c_dec_exp_(x, &skip), g = pr ? pr : 1;
        spv2c_round_ r = spv2c_dec_round_(x, skip, g);
        int strip = !(fl & SPV2C_PF_ALT);
        if (r.up && r.last_non9 < 0 && x != 0)
            ex++;
        if (g > ex && ex >= -4)
            spv2c_pf_fixed_(p, fl, w, pre, np, x, g - ex - 1, strip);
        else
            spv2c_pf_expo_(p, fl, w, pre, np, x, g - 1, strip, upper ? 'E' : 'e');
    }
}

/* a half's bits as the double of the same value (exact) */
SPV2C_INLINE double spv2c_pf_half_(uint16_t h)
{
    uint64_t s = (uint64_t)(h >> 15) << 63, e = (h >> 10) & 0x1f, m = h & 0x3ffu, b;
    double x;
    if (e == 0) {
        x = (double)m * (1.0 / 16777216.0);
        return s ? -x : x;
    }
    b = s | (e == 31 ? (uint64_t)0x7ff << 52 : (e - 15 + 1023) << 52) | m << 42;
    memcpy(&x, &b, sizeof x);
    return x;
}

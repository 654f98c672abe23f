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
#error "printf with SPV2C_FREESTANDING: define SPV2C_PRINTF_WRITE (int f(const char *, size_t)), docs/porting.md"
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

/*
 * Prints the constant tables of runtime/math_exp.h, computed with MPFR:
 *   cc -O2 gen_tables.c -lmpfr -o gen_tables && ./gen_tables
 * and paste the output over the "tables" section. Not built by the suite
 * (the suite's harness checks the functions that use the tables).
 *
 * exp: 2^(j/128) for j = 0..127 as a double-double (hi + lo).
 * log: the reduced argument m of x = 2^e m lies in [OFF, 2 OFF), OFF the
 * double whose bits are 0x3fe6700000000000 (about 0.7012); its top seven
 * mantissa-offset bits (bits(m) - bits(OFF)) >> 45 pick interval j. c_j is
 * 1 / (the interval's centre) rounded to double (interval 76 is centred on
 * 1, so c_76 = 1 exactly), and -log(c_j) is stored as a double-double.
 */
#include <mpfr.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static double bits_f64(uint64_t u) { double d; memcpy(&d, &u, 8); return d; }

static void dd(mpfr_t v, double *hi, double *lo)
{
    mpfr_t t;
    mpfr_init2(t, 300);
    *hi = mpfr_get_d(v, MPFR_RNDN);
    if (*hi == 0)
        *hi = 0;   /* +0, not -0 */
    mpfr_sub_d(t, v, *hi, MPFR_RNDN);
    *lo = mpfr_get_d(t, MPFR_RNDN);
    if (*lo == 0)
        *lo = 0;
    mpfr_clear(t);
}

int main(void)
{
    mpfr_t v;
    double hi, lo;
    int j;
    const uint64_t off = 0x3fe6700000000000u;
    mpfr_init2(v, 300);
    printf("static const double spv2c__exp_t[128][2] = {\n");
    for (j = 0; j < 128; j++) {
        mpfr_set_si(v, j, MPFR_RNDN);
        mpfr_div_ui(v, v, 128, MPFR_RNDN);
        mpfr_exp2(v, v, MPFR_RNDN);
        dd(v, &hi, &lo);
        printf("    { %a, %a },\n", hi, lo);
    }
    printf("};\n");
    printf("/* c_j, then -log(c_j) as hi, lo */\n");
    printf("static const double spv2c__log_t[128][3] = {\n");
    for (j = 0; j < 128; j++) {
        double centre = bits_f64(off + ((uint64_t)j << 45) + ((uint64_t)1 << 44)), c;
        mpfr_set_d(v, centre, MPFR_RNDN);
        mpfr_ui_div(v, 1, v, MPFR_RNDN);
        c = mpfr_get_d(v, MPFR_RNDN);
        mpfr_set_d(v, c, MPFR_RNDN);
        mpfr_log(v, v, MPFR_RNDN);
        mpfr_neg(v, v, MPFR_RNDN);
        dd(v, &hi, &lo);
        printf("    { %a, %a, %a },\n", c, hi, lo);
    }
    printf("};\n");
    /* constants: ln2/128 split, ln2, 1/ln2, ln10, log10(2), log2(10), 1/ln10 */
    {
        static const char *names[] = { "ln2", "ln10", "1/ln2", "1/ln10", "log10(2)", "log2(e)" };
        for (j = 0; j < 6; j++) {
            mpfr_const_log2(v, MPFR_RNDN);
            if (j == 1) { mpfr_set_ui(v, 10, MPFR_RNDN); mpfr_log(v, v, MPFR_RNDN); }
            if (j == 2) mpfr_ui_div(v, 1, v, MPFR_RNDN);
            if (j == 3) { mpfr_set_ui(v, 10, MPFR_RNDN); mpfr_log(v, v, MPFR_RNDN);
                          mpfr_ui_div(v, 1, v, MPFR_RNDN); }
            if (j == 4) { mpfr_set_ui(v, 2, MPFR_RNDN); mpfr_log10(v, v, MPFR_RNDN); }
            if (j == 5) { mpfr_const_log2(v, MPFR_RNDN); mpfr_ui_div(v, 1, v, MPFR_RNDN); }
            dd(v, &hi, &lo);
            printf("/* %s: %a + %a */\n", names[j], hi, lo);
        }
        /* ln2/128 with its low 20 bits of the double cleared, and the rest */
        mpfr_const_log2(v, MPFR_RNDN);
        mpfr_div_ui(v, v, 128, MPFR_RNDN);
        hi = mpfr_get_d(v, MPFR_RNDN);
        { uint64_t u; memcpy(&u, &hi, 8); u &= ~(uint64_t)0xfffff; memcpy(&hi, &u, 8); }
        mpfr_sub_d(v, v, hi, MPFR_RNDN);
        lo = mpfr_get_d(v, MPFR_RNDN);
        printf("/* ln2/128 = %a + %a */\n", hi, lo);
        mpfr_const_log2(v, MPFR_RNDN);
        hi = mpfr_get_d(v, MPFR_RNDN);
        { uint64_t u; memcpy(&u, &hi, 8); u &= ~(uint64_t)0xfff; memcpy(&hi, &u, 8); }
        mpfr_sub_d(v, v, hi, MPFR_RNDN);
        lo = mpfr_get_d(v, MPFR_RNDN);
        printf("/* ln2 (12 low bits clear) = %a + %a */\n", hi, lo);
    }
    mpfr_clear(v);
    return 0;
}

/*
 * irbarrier: the driver's repair of fence flags that are not constants, in
 * textual LLVM IR.
 *
 * clang -O2 merges two barriers with different flags on the two sides of a
 * group-uniform branch into one call after it, whose flags are a phi
 *     %f = phi i32 [ 1, %a ], [ 3, %b ]
 *     call spir_func void @_Z7barrierj(i32 noundef %f)
 * (gen seeds 2963, 3004, 3892, 7375, 8501, 8578), and llvm-spirv-15 asserts
 * on a fence that is not a constant (cast<ConstantInt>). The first argument
 * (cl_mem_fence_flags) of each built-in that takes one becomes a constant:
 * the OR of every constant the phis and selects it comes from can give,
 * else every flag (CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE |
 * CLK_IMAGE_MEM_FENCE). Either fence orders at least what the fence of
 * each path ordered, and a fence stronger than asked is a conformant one
 * (each path still meets one barrier, the same as before the repair). The
 * phi stays, unused. Other arguments (memory_order, memory_scope) are left.
 */
#include <stdlib.h>
#include <string.h>

#include "spv2c.h"
#include "driver.h"

#define ALL_FENCES 7u   /* CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE | CLK_IMAGE_MEM_FENCE */

/* the built-ins whose first argument is cl_mem_fence_flags, as mangled
   after `@_Z<length>` (each then takes `j`, the flags) */
static const char *const FENCED[] = {
    "barrier", "work_group_barrier", "sub_group_barrier", "mem_fence", "read_mem_fence",
    "write_mem_fence", "atomic_work_item_fence",
};

/* the length of the name at p (after its '%'), 0 for none or a quoted one */
static size_t name_len(const char *p)
{
    size_t k = 0;

    while (ir_name_char(p[k]))
        k++;
    return k;
}

/* at p, `@_Z<n>NAME j(` with NAME one of FENCED: the '(' of the call's
   arguments, else NULL */
static const char *fenced_call(const char *p)
{
    char *end;
    unsigned long n;
    size_t i;

    if (strncmp(p, "@_Z", 3) != 0 || p[3] < '1' || p[3] > '9')
        return NULL;
    n = strtoul(p + 3, &end, 10);
    for (i = 0; i < sizeof FENCED / sizeof FENCED[0]; i++)
        if (strlen(FENCED[i]) == n && !strncmp(end, FENCED[i], n) && end[n] == 'j') {
            const char *par = strchr(end + n, '(');
            const char *nl = strchr(end + n, '\n');
            return par && (!nl || par < nl) ? par : NULL;
        }
    return NULL;
}

/* the line of the function [fn, fe) that defines %name[0..n) */
static const char *definition(const char *fn, const char *fe, const char *name, size_t n)
{
    const char *ln, *p;

    for (ln = fn; ln < fe; ln = ir_line_end(ln, fe)) {
        for (p = ln; p < fe && *p == ' '; p++)
            ;
        if (p + n + 4 < fe && *p == '%' && !memcmp(p + 1, name, n) &&
            !strncmp(p + 1 + n, " = ", 3))
            return p + 1 + n + 3;
    }
    return NULL;
}

static int flags_of(const char *fn, const char *fe, const char *v, unsigned *out, int depth);

/* the operand at *pp (an integer or %name, before ',' ']' or a space)
   into *out; *pp moves past it. 0 on success */
static int operand(const char *fn, const char *fe, const char **pp, unsigned *out, int depth)
{
    const char *p = *pp;
    char *end;

    while (*p == ' ')
        p++;
    if (*p == '%') {
        size_t n = name_len(p + 1);
        *pp = p + 1 + n;
        return n ? flags_of(fn, fe, p + 1, out, depth + 1) : -1;
    }
    if (*p < '0' || *p > '9')
        return -1;
    *out |= (unsigned)strtoul(p, &end, 10);
    *pp = end;
    return 0;
}

/* the flags %v can hold (v: the name, after '%'), ORed into *out: from
   its definition in [fn, fe), a phi or select of constants, or of such
   values; 0 on success, -1 when some source is no constant */
static int flags_of(const char *fn, const char *fe, const char *v, unsigned *out, int depth)
{
    const char *d = definition(fn, fe, v, name_len(v)), *e, *p;

    if (!d || depth > 16)
        return -1;
    e = ir_line_end(d, fe);
    if (!strncmp(d, "phi i32 ", 8)) {
        for (p = d + 8; p < e && *p == '['; ) {
            p++;
            if (operand(fn, fe, &p, out, depth))
                return -1;
            p = memchr(p, ']', (size_t)(e - p));
            if (!p)
                return -1;
            for (p++; p < e && (*p == ',' || *p == ' '); p++)
                ;
        }
        return 0;
    }
    if (!strncmp(d, "select i1 ", 10)) {
        int k;

        p = d + 10;
        for (k = 0; k < 2; k++) {
            p = strstr(p, ", i32 ");
            if (!p || p >= e)
                return -1;
            p += 6;
            if (operand(fn, fe, &p, out, depth))
                return -1;
        }
        return 0;
    }
    return -1;
}

/* the function [fn, fe) into out, each fenced call's non-constant flags
   made a constant; returns how many */
static int fix_function(void *ctx, Buf *out, const char *fn, const char *fe)
{
    const char *p = fn, *q = fn, *par, *a;
    int fixed = 0;

    (void)ctx;
    for (; (p = memchr(p, '@', (size_t)(fe - p))) != NULL; p++) {
        if (!(par = fenced_call(p)))
            continue;
        a = par + 1;
        if (strncmp(a, "i32 ", 4))
            continue;
        for (a += 4; !strncmp(a, "noundef ", 8) || !strncmp(a, "zeroext ", 8); a += 8)
            ;
        if (*a == '%') {
            unsigned flags = 0;
            size_t n = name_len(a + 1);
            const char *after = a + 1 + n;

            if (a[1] == '"') {   /* a quoted name: its text ends at the quote */
                after = strchr(a + 2, '"');
                after = after ? after + 1 : a + 1;
            }
            if (!n || flags_of(fn, fe, a + 1, &flags, 0))
                flags = ALL_FENCES;
            buf_putn(out, q, (size_t)(a - q));
            buf_printf(out, "%u", flags);
            q = after;
            fixed++;
        }
    }
    buf_putn(out, q, (size_t)(fe - q));
    return fixed;
}

int ir_fence_flags(Buf *out, const char *ll)
{
    return ir_each_function(out, ll, fix_function, NULL);
}

/*
 * fence: fence arguments that are not constants made constants, in
 * textual LLVM IR.
 *
 * clang -O2 merges two barriers on the two sides of a group-uniform branch
 * into one call after it when one argument differs, and that argument
 * becomes a phi or a select of the two constants:
 *     %f = phi i32 [ 1, %a ], [ 3, %b ]
 *     call spir_func void @_Z7barrierj(i32 noundef %f)
 * (gen seeds 2963, 3004, 3892, 7375, 8501, 8578: the flags; the scope of
 * work_group_barrier and the order of atomic_work_item_fence the same
 * way), and llvm-spirv-15 asserts on a fence argument that is not a
 * constant (cast<ConstantInt>). Each such argument of the built-ins that
 * take cl_mem_fence_flags first (then memory_order and memory_scope, as
 * their mangled names say) becomes the constant that covers every
 * constant its phis and selects can give: the OR of the flags; the
 * widest scope (work_item, sub_group, work_group, device, all_svm_devices);
 * the order that has every acquire and release side asked for (acq_rel
 * for acquire and release; seq_cst when one is seq_cst). When a source is
 * no constant: every flag, all_svm_devices, seq_cst. A fence at least as
 * strong as the one asked for is a conformant implementation of it, and
 * each path still meets exactly one barrier, the same as before. The phi
 * stays, unused.
 */
#include <stdlib.h>
#include <string.h>

#include "ir.h"

enum { FLAGS, ORDER, SCOPE };   /* the kinds of a fenced call's arguments */

/* the built-ins whose first argument is cl_mem_fence_flags, as mangled
   after `@_Z<length>` (each then takes `j`, the flags) */
static const char *const FENCED[] = {
    "barrier", "work_group_barrier", "sub_group_barrier", "mem_fence", "read_mem_fence",
    "write_mem_fence", "atomic_work_item_fence",
};

/* the length of the name at p (after its '%'), 0 for none or a quoted one */
static size_t name_len(const char *p)
{
    return *p == '"' ? 0 : ir_name_len(p);
}

/* at p, `@_Z<n>NAME j[12memory_order][12memory_scope](` with NAME one of
   FENCED: the '(' of the call's arguments, their kinds in kinds[] and
   their count in *nk; else NULL */
static const char *fenced_call(const char *p, int *kinds, int *nk)
{
    char *end;
    const char *q, *nl;
    unsigned long n;
    size_t i;

    if (strncmp(p, "@_Z", 3) != 0 || p[3] < '1' || p[3] > '9')
        return NULL;
    n = strtoul(p + 3, &end, 10);
    for (i = 0; i < sizeof FENCED / sizeof FENCED[0]; i++)
        if (strlen(FENCED[i]) == n && !strncmp(end, FENCED[i], n) && end[n] == 'j')
            break;
    if (i == sizeof FENCED / sizeof FENCED[0])
        return NULL;
    kinds[0] = FLAGS;
    *nk = 1;
    for (q = end + n + 1; *nk < 3; q += 14) {
        if (!strncmp(q, "12memory_order", 14))
            kinds[(*nk)++] = ORDER;
        else if (!strncmp(q, "12memory_scope", 14))
            kinds[(*nk)++] = SCOPE;
        else
            break;
    }
    nl = strchr(q, '\n');
    return *q == '(' && (!nl || q < nl) ? q : NULL;
}

/* the line of the function [fn, fe) that defines %name[0..n): where the
   text after its " = " starts */
static const char *definition(const char *fn, const char *fe, const char *name, size_t n)
{
    const char *ln, *nm, *rest;
    size_t len;

    for (ln = fn; ln < fe; ln = ir_line_end(ln, fe))
        if ((nm = ir_defines(ln, ir_line_end(ln, fe), &len, &rest)) != NULL && len == n &&
            !memcmp(nm, name, n))
            return rest;
    return NULL;
}

static int values_of(const char *fn, const char *fe, const char *v, unsigned *out, int depth);

/* the operand at *pp (an integer below 32 or %name, before ',' ']' or a
   space) into the set *out (bit c for the value c); *pp moves past it. 0
   on success */
static int operand(const char *fn, const char *fe, const char **pp, unsigned *out, int depth)
{
    const char *p = *pp;
    char *end;

    while (*p == ' ')
        p++;
    if (*p == '%') {
        size_t n = name_len(p + 1);
        *pp = p + 1 + n;
        return n ? values_of(fn, fe, p + 1, out, depth + 1) : -1;
    }
    if (*p < '0' || *p > '9' || strtoul(p, &end, 10) >= 32)
        return -1;
    *out |= 1u << strtoul(p, &end, 10);
    *pp = end;
    return 0;
}

/* the values %v can hold (v: the name, after '%') into the set *out: from
   its definition in [fn, fe), a phi or select of constants, or of such
   values; 0 on success, -1 when some source is no constant */
static int values_of(const char *fn, const char *fe, const char *v, unsigned *out, int depth)
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

/* the constant of kind k that covers every value of the set v (bit c for
   the value c; 0: some value is unknown) */
static unsigned covering(int k, unsigned v)
{
    static const unsigned scope_rank[] = { 0, 2, 3, 4, 1 };   /* work_item 0 ... sub_group 4 */
    unsigned c, out = 0;
    int acquire = (v & (1u << 1 | 1u << 2 | 1u << 4)) != 0;   /* consume, acquire, acq_rel */
    int release = (v & (1u << 3 | 1u << 4)) != 0;

    if (!v)
        return k == FLAGS ? 7u : k == ORDER ? 5u : 3u;
    if (k == ORDER)
        return v & ~0x1fu ? 5u : acquire && release ? 4u : acquire ? 2u : release ? 3u : 0u;
    for (c = 0; c < 32; c++) {
        if (!(v & 1u << c))
            continue;
        if (k == FLAGS)
            out |= c;
        else if (c > 4)
            return 3u;
        else if (scope_rank[c] >= scope_rank[out])
            out = c;
    }
    return out;
}

/* the argument at a (`i32 [noundef] X`) of kind k: when X is a name, the
   text before it copied from *q, the covering constant written and *q
   moved past the name; returns the argument's end (',' or ')'), or NULL */
static const char *fix_argument(Buf *out, const char *fn, const char *fe, const char *a,
                                int k, const char **q)
{
    unsigned v = 0;
    size_t n;
    const char *after;

    if (strncmp(a, "i32 ", 4))
        return NULL;
    for (a += 4; !strncmp(a, "noundef ", 8) || !strncmp(a, "zeroext ", 8); a += 8)
        ;
    if (*a == '%') {
        n = name_len(a + 1);
        after = a + 1 + n;
        if (a[1] == '"') {   /* a quoted name: its text ends at the quote */
            after = strchr(a + 2, '"');
            after = after ? after + 1 : a + 1;
        }
        if (!n || values_of(fn, fe, a + 1, &v, 0))
            v = 0;
        buf_putn(out, *q, (size_t)(a - *q));
        buf_printf(out, "%u", covering(k, v));
        *q = after;
    }
    return strpbrk(a, ",)\n");
}

/* the function [fn, fe) into out, each fenced call's arguments that are
   no constant made the covering constant; returns how many calls */
static int fix_function(void *ctx, Buf *out, const char *fn, const char *fe)
{
    const char *p = fn, *q = fn, *a;
    int fixed = 0, kinds[3], nk, i;
    IrTok t;

    (void)ctx;
    for (p = ir_token(p, fe, &t); t.kind != IR_END; p = ir_token(p, fe, &t)) {
        const char *was = q;

        if (t.kind != IR_GLOBAL || !(a = fenced_call(t.s, kinds, &nk)))
            continue;
        for (i = 0; i < nk && a && *a != ')' && *a != '\n'; i++)
            a = fix_argument(out, fn, fe, a + 1 + (i > 0), kinds[i], &q);
        fixed += q != was;
    }
    buf_putn(out, q, (size_t)(fe - q));
    return fixed;
}

int ir_fence_flags(Buf *out, const char *ll)
{
    return ir_each_function(out, ll, fix_function, NULL);
}

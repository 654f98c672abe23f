/*
 * options: the command line's one table. Every option spv2c takes is one
 * row (its name, how its value is spelled, the value's name, its help and
 * what it sets); the parser (lib.c, main.c), `spv2c --help` and the test
 * that compares them with docs/spv2c.1 all read this table.
 *
 * Values are spelled as gcc spells them: a long option's as `--opt=V` or
 * `--opt V`; a short one's as `-oV` or `-o V` (also -D -U -I -x -MF -MT);
 * a word option's as the next word (`-include F`, `-Xclang A`); a prefix
 * option is the whole word (`-O2`, `-cl-std=CL1.2`). A value with choices
 * (`a|b`) is checked here.
 */
#include <string.h>

#include "spv2c.h"

#define SEC(title) { NULL, 0, 0, NULL, title }

/* Rows whose help is NULL are listed on the line of the row after them. */
static const OptSpec table[] = {
    { "-o", OPTF_SHORT, OPT_OUTPUT, "<file>", "the C output (- for stdout)" },
    { "--header", OPTF_LONG, OPT_HEADER, "<file>", "also write the API declarations to FILE" },
    { "--entry", OPTF_LONG, OPT_ENTRY, "<name>", "translate only this kernel (repeatable)" },
    { "--prefix", OPTF_LONG, OPT_PREFIX, "<p>",
      "start every public symbol with P instead of spv2c_" },
    { "--main", OPTF_FLAG, OPT_MAIN, NULL, "add a main() that runs any kernel from the command "
      "line" },
    { "--checked", OPTF_FLAG, OPT_CHECKED, NULL,
      "generated code checks alignment and barrier use as it runs" },
    { "--mad", OPTF_LONG, OPT_MAD, "fused|unfused",
      "mad (and every a * b + c clang contracted) as one fma,\n"
      "rounded once (default), or a product rounded, then a sum" },
    { "--math", OPTF_LONG, OPT_MATH, "auto|precise|relaxed",
      "the precise math library (precise), the fast native_*\n"
      "forms of exp, log, sin... (relaxed), or relaxed when the\n"
      "module was built with -cl-fast-relaxed-math or\n"
      "-cl-unsafe-math-optimizations (auto, the default)" },
    { "--templates", OPTF_LONG, OPT_TEMPLATES, "<dir>",
      "load lowering templates from DIR instead of the built-in ones" },
    { "--no-line", OPTF_FLAG, OPT_NO_LINE, NULL, "no #line directives (by default the kernel's "
      "code points\nat its OpenCL C lines when the module has OpLine)" },
    { "-w", OPTF_FLAG, OPT_WNONE, NULL, "no warnings (spv2c's and clang's)" },
    { "-Werror", OPTF_FLAG, OPT_WERROR, NULL, "warnings are errors (spv2c's and clang's)" },
    { "-fdiagnostics-format=", OPTF_PREFIX, OPT_DIAG_FORMAT, "text|json",
      "json: one JSON object a line on stderr for each\n"
      "diagnostic (file, line, column, word, severity, message)" },
    { "--time", OPTF_FLAG, OPT_TIME, NULL, "print the time each phase took to stderr" },
    { "--dump", OPTF_LONG, OPT_DUMP, "regions", "print each barrier kernel's regions and "
      "spills to stderr" },
    { "--emit-spirv", OPTF_FLAG, OPT_EMIT_SPIRV, NULL,
      "write the SPIR-V module (as read and repaired), not C" },
    { "--version", OPTF_FLAG, OPT_VERSION, NULL, "print the version" },
    { "-h", OPTF_FLAG, OPT_HELP, NULL, NULL },
    { "--help", OPTF_FLAG, OPT_HELP, NULL, "print this help" },
    SEC("OpenCL C input (compiled with clang-15 and llvm-spirv-15):"),
    { "-x", OPTF_SHORT, OPT_LANG, "cl|spirv", "the input's language (default: .cl is OpenCL C)" },
    { "-D", OPTF_SHORT, OPT_CLANG_JOIN, "<name>[=<v>]", NULL },
    { "-U", OPTF_SHORT, OPT_CLANG_JOIN, "<name>", NULL },
    { "-I", OPTF_SHORT, OPT_CLANG_JOIN, "<dir>", "passed to clang" },
    { "-include", OPTF_WORD, OPT_CLANG_PAIR, "<file>", "include FILE first (passed to clang)" },
    { "-Xclang", OPTF_WORD, OPT_CLANG_PAIR, "<arg>", "pass ARG to clang's compiler (cc1)" },
    { "-cl-std=", OPTF_PREFIX, OPT_CLANG_WORD, "<CLx.y>", "the OpenCL C version (default CL2.0)" },
    { "-cl-ext=", OPTF_PREFIX, OPT_CLANG_CC1, "<+ext,-ext>",
      "the extensions the kernel may use (+) or not (-)" },
    { "-cl-", OPTF_PREFIX, OPT_CLANG_WORD, "<option>",
      "an OpenCL build option (-cl-fast-relaxed-math...)" },
    { "-O", OPTF_PREFIX, OPT_CLANG_WORD, "0|1|2|3|s", "clang's optimisation level (default -O2)" },
    { "-g", OPTF_FLAG, OPT_DEBUG, NULL, "#line directives (the default; undoes --no-line)" },
    { "-ffile-prefix-map=", OPTF_PREFIX, OPT_PREFIX_MAP, "<old>=<new>",
      "paths starting with OLD written with NEW instead\n(#line, --checked reports, __FILE__; "
      "the last match wins)" },
    { "-fdebug-prefix-map=", OPTF_PREFIX, OPT_PREFIX_MAP, "<old>=<new>",
      "the same, except in __FILE__" },
    { "-fmacro-prefix-map=", OPTF_PREFIX, OPT_PREFIX_MAP, "<old>=<new>",
      "the same, in __FILE__ only" },
    { "-target", OPTF_WORD, OPT_TARGET, "spir|spir64", NULL },
    { "--target", OPTF_LONG, OPT_TARGET, "spir|spir64",
      "the SPIR-V target (default spir64)" },
    { "--clang", OPTF_LONG, OPT_CLANG, "<path>",
      "the compiler (default $SPV2C_CLANG, else clang-15)" },
    { "--llvm-spirv", OPTF_LONG, OPT_LLVM_SPIRV, "<path>",
      "the translator (default $SPV2C_LLVM_SPIRV, else\nllvm-spirv-15; clang and llvm-spirv of one "
      "LLVM version:\n15 or 14)" },
    { "--spirv-link", OPTF_LONG, OPT_SPIRV_LINK, "<path>",
      "the linker of several inputs (default $SPV2C_SPIRV_LINK,\nelse spirv-link)" },
    SEC("Dependency files (as gcc's):"),
    { "-MD", OPTF_FLAG, OPT_MD, NULL, NULL },
    { "-MMD", OPTF_FLAG, OPT_MMD, NULL, "also write a make rule of the input, its headers (-MMD:\n"
      "not the system ones) and the --templates files read\n(to OUT.d unless -MF)" },
    { "-MF", OPTF_SHORT, OPT_MF, "<file>", "write it to FILE" },
    { "-MT", OPTF_SHORT, OPT_MT, "<target>", "its target (default OUT.c; repeatable)" },
    { "-MP", OPTF_FLAG, OPT_MP, NULL, "add an empty rule for each header" },
};

#define NTABLE (sizeof table / sizeof table[0])

static int opt_usage(const char *msg, const char *arg)
{
    fprintf(stderr, "spv2c: %s: %s\nTry 'spv2c --help'.\n", msg, arg);
    return -1;
}

/* the row whose name is a (exact), else the one a starts with (joined
   values, prefixes): NULL when none */
static const OptSpec *find(const char *a)
{
    size_t k;

    for (k = 0; k < NTABLE; k++)
        if (table[k].name && !strcmp(a, table[k].name))
            return &table[k];
    for (k = 0; k < NTABLE; k++) {
        const OptSpec *s = &table[k];
        size_t n = s->name ? strlen(s->name) : 0;
        if (!n || strncmp(a, s->name, n))
            continue;
        if (s->form == OPTF_PREFIX || s->form == OPTF_SHORT ||
            (s->form == OPTF_LONG && a[n] == '='))
            return s;
    }
    return NULL;
}

/* v one of the choices "a|b|c" */
static int is_choice(const char *choices, const char *v)
{
    size_t n = strlen(v);
    const char *p = choices;

    while (n) {
        if (!strncmp(p, v, n) && (p[n] == '|' || !p[n]))
            return 1;
        p = strchr(p, '|');
        if (!p++)
            break;
    }
    return 0;
}

/* a value not among s's choices: "-x takes cl or spirv, not 'c'" */
static int bad_choice(const OptSpec *s, const char *v)
{
    const char *p = s->arg, *bar;

    fprintf(stderr, "spv2c: %s takes ", s->name);
    while ((bar = strchr(p, '|')) != NULL) {
        fprintf(stderr, "%.*s%s", (int)(bar - p), p, strchr(bar + 1, '|') ? ", " : " or ");
        p = bar + 1;
    }
    fprintf(stderr, "%s, not '%s'\nTry 'spv2c --help'.\n", p, v);
    return -1;
}

/* the value of s in w[0] (and w[1]); *words the words it took */
static const char *value_of(const OptSpec *s, int n, const char *const *w, int *words)
{
    size_t len = strlen(s->name);

    *words = 1;
    if (s->form == OPTF_FLAG)
        return NULL;
    if (s->form == OPTF_PREFIX)
        return w[0] + len;
    if (w[0][len])
        return w[0] + len + (s->form == OPTF_LONG);   /* --opt=V, -oV */
    if (n < 2)
        return NULL;
    *words = 2;
    return w[1];
}

int opt_match(int n, const char *const *w, OptMatch *m)
{
    const OptSpec *s = find(w[0]);

    memset(m, 0, sizeof *m);
    if (!s)
        return 0;
    m->spec = s;
    m->value = value_of(s, n, w, &m->words);
    if (s->form != OPTF_FLAG && (!m->value || (s->form != OPTF_PREFIX && !*m->value)))
        return opt_usage("option needs a value", w[0]);
    if (m->value && s->arg && s->arg[0] != '<' && !is_choice(s->arg, m->value))
        return bad_choice(s, m->value);
    return 1;
}

/* a row's spelling in the help: -o<file>, --header <file>, -O0|1|2|3|s */
static void put_name(Buf *b, const OptSpec *s)
{
    buf_put(b, s->name);
    if (!s->arg)
        return;
    if (s->form == OPTF_LONG && s->arg[0] != '<')
        buf_put(b, "=");
    else if (s->form == OPTF_LONG || s->form == OPTF_WORD || s->form == OPTF_SHORT)
        buf_put(b, " ");
    buf_put(b, s->arg);
}

/* one option line: the names, then the help (its lines) from column 25 */
static void put_row(Buf *b, const OptSpec *first, const OptSpec *s)
{
    size_t start = b->len, col;
    const char *h = s->help, *nl;

    buf_put(b, "  ");
    for (; first <= s; first++) {
        put_name(b, first);
        if (first < s)
            buf_put(b, ", ");
    }
    col = b->len - start;
    if (col >= 23) {
        buf_put(b, "\n");
        col = 0;
    }
    for (;;) {
        nl = strchr(h, '\n');
        buf_printf(b, "%*s%.*s\n", (int)(24 - col), "", nl ? (int)(nl - h) : (int)strlen(h), h);
        if (!nl)
            break;
        h = nl + 1;
        col = 0;
    }
}

void opt_help(FILE *f)
{
    Buf b = {0};
    size_t k, first = 0;

    buf_put(&b, "usage: spv2c [options] INPUT... -o OUT.c\n"
            "  INPUT                 OpenCL C (.cl, or -x cl), a SPIR-V binary, SPIR-V\n"
            "                        assembly (.spvasm), or - for stdin; several OpenCL C or\n"
            "                        SPIR-V binary inputs are linked into one module\n"
            "  Values as gcc's: --header=FILE or --header FILE, -oFILE or -o FILE.\n");
    for (k = 0; k < NTABLE; k++) {
        if (!table[k].name) {
            buf_printf(&b, "%s\n", table[k].help);
            first = k + 1;
        } else if (table[k].help) {
            put_row(&b, &table[first], &table[k]);
            first = k + 1;
        }
    }
    buf_put(&b, "Exit status: 0 success, 1 bad or unsupported input, 2 usage error.\n");
    fputs(b.s, f);
    buf_free(&b);
}

/*
 * driver: OpenCL C in (clang-15 and llvm-spirv-15 as child processes) and
 * dependency files out. Only main.c uses it; it uses diag.c's helpers and
 * nothing of the back end.
 */
#ifndef SPV2C_DRIVER_H
#define SPV2C_DRIVER_H

#include <string.h>

typedef struct Driver {
    int lang;                 /* 0: by extension, 1: -x cl, 2: -x spirv */
    const char *clang;        /* --clang, $SPV2C_CLANG, or clang-15 */
    const char *llvm_spirv;   /* --llvm-spirv, $SPV2C_LLVM_SPIRV, or llvm-spirv-15 */
    const char *target;       /* -target: spir or spir64 (default) */
    const char **cl_args;     /* -D -U -I -O -cl-* options, in command-line order */
    int ncl_args;
    int emit_spirv;           /* --emit-spirv: SPIR-V out, not C */
    int md, mp;               /* -MD (1) or -MMD (2: no system headers), -MP */
    const char *mf;           /* -MF FILE */
    const char **mt;          /* -MT TARGET (repeatable) */
    int nmt;
    char *tmpdir;             /* the temporary directory of a .cl compile */
    char **deps;              /* what clang read: the input, then the headers */
    int ndeps;
    int deps_done;            /* deps complete (driver_collect_deps ran) */
    const char **inputs;      /* every input (several: linked into one module) */
    int ninputs;
    const char *spirv_link;   /* --spirv-link, $SPV2C_SPIRV_LINK, or spirv-link */
} Driver;

/* Set up for argc arguments. */
void driver_init(Driver *d, int argc);
/* If argv[*i] is a driver option, consume it (and its value) and return 1;
   0 when it is not one; 2 after a usage error message. */
int driver_option(Driver *d, int argc, char **argv, int *i);
/* Whether INPUT is OpenCL C (by -x, else by its .cl extension). */
int driver_is_cl(const Driver *d, const char *input);
/* Compile OpenCL C to a temporary SPIR-V file; its path in *spv. 0 on
   success; -1 after clang's or the driver's own messages. */
int driver_compile(Driver *d, const char *input, char **spv);
/* Several inputs: each OpenCL C one compiled, each module normalised
   (normalise(ctx, in, out): read, repaired, validated and written back
   without debug info, which spirv-link mishandles), then all linked with
   spirv-link into one temporary module (its path in *spv), as clLinkProgram
   would link them. 0 on success; -1 after the tools' or its own messages. */
int driver_link(Driver *d, char **spv, int (*normalise)(void *ctx, const char *in,
                                                        const char *out), void *ctx);
/* If -MD asked for a dependency file: what it will list into deps (clang's
   own depfile is read from the temporary directory, so before it goes). */
void driver_collect_deps(Driver *d, const char *input);
/* Write the dependency file if -MD asked for one. 0 on success. */
int driver_depfile(Driver *d, const char *input, const char *output, const char *templates);
/* Remove temporary files and free everything. */
/* Removes a partly written output, if it is a regular file. */
void driver_remove_output(const char *path);

void driver_free(Driver *d);

/* irorder.c, irconv.c: whether c can be in an LLVM IR name (after % or @) */
static inline int ir_name_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           c == '-' || c == '$' || c == '.' || c == '_';
}

/* the start of the line after the one at p, in text ending at end */
static inline const char *ir_line_end(const char *p, const char *end)
{
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    return nl ? nl + 1 : end;
}

/* irbarrier.c, irwiden.c: out gets the IR ll, each function's text [fn, fe)
   (its `define` line to its closing `}` line) written by each(ctx, out, fn,
   fe), the text between functions copied; returns the sum of what each
   returned */
typedef int IrEach(void *ctx, Buf *out, const char *fn, const char *fe);
static inline int ir_each_function(Buf *out, const char *ll, IrEach *each, void *ctx)
{
    const char *p = ll, *fn, *fe;
    int sum = 0;

    buf_putn(out, "", 0);
    while ((fn = strstr(p, "\ndefine ")) != NULL) {
        fn++;
        fe = strstr(fn, "\n}\n");
        fe = fe ? fe + 3 : fn + strlen(fn);
        buf_putn(out, p, (size_t)(fn - p));
        sum += each(ctx, out, fn, fe);
        p = fe;
    }
    buf_put(out, p);
    return sum;
}

/* irorder.c: out gets the textual LLVM IR ll with the blocks of every
   function in which a block uses a value that a later block defines laid
   out in reverse post-order (llvm-spirv-15 mistranslates such forward
   references); returns how many functions it reordered */
int ir_order_blocks(Buf *out, const char *ll);
/* irconv.c: when the function text [def, end) has a conversion call
   (convert_T_sat, _rtX) whose result is unused, or that a phi before it
   names, out gets the text with every unused one deleted and every one a
   phi names copied for the phis (llvm-spirv-15 loses their decorations);
   returns 1 then, else 0 (out untouched) */
int ir_fix_conversions(Buf *out, const char *def, const char *end);

/* irbarrier.c: out gets the textual LLVM IR ll with every argument of a
   barrier or fence call that is no constant (clang -O2 merges barriers
   that differ in one argument into one with a phi) made the constant that
   covers what it can be (flags ORed, the widest scope, the strongest
   order); returns how many calls it changed */
int ir_fence_flags(Buf *out, const char *ll);

/* irwiden.c: out gets the textual LLVM IR ll with every function whose
   integers of odd widths (i2, i4: clang -O2 narrows arithmetic) are all in
   instructions it knows computing them at the next width SPIR-V has,
   zero-extended; returns how many functions it widened */
int ir_widen_odd(Buf *out, const char *ll);

/* diag.c: name the OpLine source line in messages (a .cl input; NULL: off) */
void diag_source_lines(const char *input);
/* read.c: the SPIRV-Tools version spv2c was built with */
const char *read_tools_version(void);

#endif

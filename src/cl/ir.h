/*
 * ir.h: the OpenCL C front end's internals (src/cl/): the LLVM-IR reader
 * (lex.c) that every pass reads the textual IR with, and the passes
 * (one file each, run in the order of passes.c's table).
 */
#ifndef SPV2C_CL_IR_H
#define SPV2C_CL_IR_H

#include <string.h>

#include "spv2c.h"

/* ---- lex.c: the LLVM-IR reader ---- */

/* The kinds of tokens of textual LLVM IR. Text in quotes and comments are
   tokens of their own, so no pass ever matches inside them. */
typedef enum IrKind {
    IR_END,       /* the end of the text */
    IR_NEWLINE,   /* "\n" */
    IR_WORD,      /* a keyword, a type (i32), a number, a label's name, #0 */
    IR_LOCAL,     /* %name, %7, %"quoted name" */
    IR_GLOBAL,    /* @name, @7, @"quoted name" */
    IR_META,      /* !name, !7, !"string", or a lone ! before { */
    IR_STRING,    /* "text", c"bytes" (a quote inside is written \22) */
    IR_COMMENT,   /* ; to the end of the line (the "\n" excluded) */
    IR_PUNCT      /* one character: = , ( ) [ ] { } < > * : ... */
} IrKind;

typedef struct IrTok {
    IrKind kind;
    const char *s;    /* its text, sigils and quotes included */
    size_t n;
} IrTok;

/* the token at p or after the blanks there (text ending at e) into *t;
   returns where the next one may start */
const char *ir_token(const char *p, const char *e, IrTok *t);
/* the next token of the line's code: like ir_token, but a comment, the
   line's "\n" and the text's end all give IR_END (and stay unread) */
const char *ir_code_token(const char *p, const char *e, IrTok *t);
/* whether c can be in an unquoted name (after %, @, !) or a word */
int ir_name_char(char c);
/* the length of the name after a sigil at p (a quoted one with its
   quotes), 0 for none */
size_t ir_name_len(const char *p);
/* whether token t is the name %s[0..n) (s with its sigil) */
int ir_tok_is(const IrTok *t, const char *s, size_t n);
/* whether the token is a quoted name (%"..." or @"...") */
int ir_quoted(const IrTok *t);
/* the width of an integer type token (i32: 32), else 0 */
unsigned long ir_int_type(const IrTok *t);
/* whether SPIR-V lacks integers of width w (all but 1, 8, 16, 32, 64):
   clang narrows values to such widths, llvm-spirv-15 refuses them */
int ir_odd_width(unsigned long w);
/* the first odd integer width of the code in [p, e), 0 for none */
unsigned long ir_odd_width_in(const char *p, const char *e);
/* the first GLOBAL token of [p, e) that starts with s (its sigil
   included): where it starts, or NULL */
const char *ir_find_global(const char *p, const char *e, const char *s);
/* the start of the line after the one at p, in text ending at end */
const char *ir_line_end(const char *p, const char *end);
/* a line `  %x = REST` (x unquoted): x (*len its length, *rest where
   REST starts), else NULL */
const char *ir_defines(const char *ln, const char *e, size_t *len, const char **rest);
/* the length of the label a line starts with (`name:` at column 0), or 0 */
size_t ir_label_len(const char *ln, const char *e);

/* out gets the IR ll, each function's text [fn, fe) (its `define` line to
   its closing `}` line) written by each(ctx, out, fn, fe), the text
   between functions copied; returns the sum of what each returned */
typedef int IrEach(void *ctx, Buf *out, const char *fn, const char *fe);
int ir_each_function(Buf *out, const char *ll, IrEach *each, void *ctx);

/* ---- the passes (passes.c's table says what each works around) ---- */

/* A pass: out gets the IR ll, rewritten; returns how many places (lines,
   calls, functions) it changed. */
typedef int IrPass(Buf *out, const char *ll);

IrPass ir_widen_switches;     /* switch.c */
IrPass ir_define_bitreverse;  /* bitreverse.c */
IrPass ir_fence_flags;        /* fence.c */
IrPass ir_fix_conversions;    /* convert.c */
IrPass ir_order_blocks;       /* order.c */
IrPass ir_widen_odd;          /* widen.c */
IrPass ir_unfreeze;           /* freeze.c */

/* passes.c: the IR in (k.ll's text, ll), the IR for llvm-spirv-15 out; -1
   after a message naming input when the IR has what no pass mends */
int ir_passes(Buf *out, char *ll, const char *input);

#endif

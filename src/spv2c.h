/*
 * spv2c internal header: one section a source file, in pipeline order.
 *
 * The module is kept as its words; every instruction records its word
 * offset so any phase can point back at the input. Ids index a flat table
 * that carries what the phases learn about them (definition, name,
 * decorations, type, C spelling).
 */
#ifndef SPV2C_H
#define SPV2C_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define SPV2C_VERSION "0.1.0"

/* ---- options (main.c) ---- */
typedef struct Options {
    const char *input;        /* path, or "-" */
    const char *output;       /* path, or "-" */
    const char *header;       /* NULL: none */
    const char *prefix;       /* "spv2c_" */
    const char *templates;    /* NULL: embedded */
    const char **entries;     /* --entry names */
    int nentries;
    int with_main;            /* --main */
    int line_directives;      /* #line from OpLine (--no-line: 0) */
    int dump_regions;         /* --dump=regions */
    int checked;              /* --checked */
    int mad_unfused;          /* --mad=unfused: OpenCL.std mad as a product, then a sum */
    int math;                 /* --math=auto (0), precise (1), relaxed (2) */
    int timing;               /* --time */
    int warnings;             /* -w: -1, -Werror: 1, else 0 */
    const char *const *path_maps;   /* -ffile-prefix-map/-fdebug-prefix-map OLD=NEW, in order */
    int npath_maps;
    int module_mapped;        /* clang applied them to the module's paths already */
} Options;

/* ---- options.c: the table of options ---- */
/* how an option's value is spelled: none; --opt=V or --opt V; -oV or -o V;
   -opt V; the rest of the word (-O2, -cl-std=CL1.2) */
enum { OPTF_FLAG, OPTF_LONG, OPTF_SHORT, OPTF_WORD, OPTF_PREFIX };
/* what an option sets (lib.c's apply_option; main.c takes the first four) */
enum OptId {
    OPT_HELP, OPT_VERSION, OPT_HEADER, OPT_DIAG_FORMAT,
    OPT_OUTPUT, OPT_ENTRY, OPT_PREFIX, OPT_MAIN, OPT_CHECKED, OPT_MAD, OPT_MATH,
    OPT_TEMPLATES, OPT_NO_LINE, OPT_DEBUG, OPT_WNONE, OPT_WERROR, OPT_TIME, OPT_DUMP,
    OPT_EMIT_SPIRV, OPT_LANG, OPT_TARGET, OPT_CLANG, OPT_LLVM_SPIRV, OPT_SPIRV_LINK,
    OPT_CLANG_JOIN,   /* -D -U -I: the name and the value as one clang word */
    OPT_CLANG_WORD,   /* -O2, -cl-...: the word to clang as it is */
    OPT_CLANG_CC1,    /* -cl-ext=: the word to clang after -Xclang */
    OPT_CLANG_PAIR,   /* -include F, -Xclang A: both words to clang */
    OPT_MD, OPT_MMD, OPT_MF, OPT_MT, OPT_MP,
    OPT_PREFIX_MAP    /* -ffile-, -fdebug-, -fmacro-prefix-map=OLD=NEW */
};
typedef struct OptSpec {
    const char *name;   /* as typed (a prefix: its beginning); NULL: a section title */
    int form;           /* OPTF_* */
    enum OptId id;
    const char *arg;    /* the value: "<file>", or its choices "a|b"; NULL: none */
    const char *help;   /* NULL: listed on the line of the next row */
} OptSpec;
typedef struct OptMatch {
    const OptSpec *spec;
    const char *value;  /* NULL for a flag */
    int words;          /* 1 or 2 */
} OptMatch;
/* the option at w[0] (of n words): 1 (m filled), 0 when no row names it,
   -1 after a usage message (a missing value, a value not among its choices) */
int opt_match(int n, const char *const *w, OptMatch *m);
void opt_help(FILE *f);   /* spv2c --help */

/* ---- diag.c ---- */
typedef struct Module Module;
void diag_init(const char *file);
void diag_error(const Module *m, uint32_t word, const char *fmt, ...);
void diag_plain(const char *fmt, ...);
int diag_count(void);
/* one diagnostic: at a source line (line > 0; col 0 when unknown) or at
   word (0: the whole module); inst: the instruction disassembled, or NULL */
typedef struct DiagRec {
    const char *file;
    uint32_t line, col, word;
    char *msg, *inst;
} DiagRec;
typedef void DiagSink(void *ctx, const DiagRec *r);
/* send diagnostics to fn (NULL: printed to stderr, the default) */
void diag_set_sink(DiagSink *fn, void *ctx);
typedef struct Buf Buf;
void diag_format(Buf *b, const DiagRec *r);   /* r as printed, lines ending in \n */
char *diag_where(const Module *m, uint32_t word);   /* --checked reports */
/* the source line of the instruction at word, from the module's record of
   the OpLines read.c took out (Module.lines): its file's OpString id, the
   line and column; 0 when it has none */
int source_line_of(const Module *m, uint32_t word, uint32_t *file, uint32_t *line,
                   uint32_t *col);
char *literal_string(const uint32_t *w, size_t n);  /* a literal string's n words */
void diag_fatal_oom(void);
/* name the OpLine source line in messages (a .cl input; NULL: off) */
void diag_source_lines(const char *input);
/* clang mapped the module's paths with o's -f*-prefix-map: messages undo it */
void diag_path_maps(const Options *o);
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xsprintf(const char *fmt, ...);
/* path as the output names it: the OLD prefix of the last of o's
   -ffile-prefix-map/-fdebug-prefix-map OLD=NEW that matches replaced by
   NEW (gcc's rule); malloc'd */
char *map_path(const Options *o, const char *path);
/* a path the module names (OpLine's file): map_path unless clang mapped it */
char *map_module_path(const Options *o, const char *path);

/* a growable string */
struct Buf {
    char *s;
    size_t len, cap;
};
void buf_put(Buf *b, const char *s);
void buf_putn(Buf *b, const char *s, size_t n);
void buf_printf(Buf *b, const char *fmt, ...);
void buf_free(Buf *b);
/* sep and item, or sep's comma, a new line, cont and item where the line
   would pass 100 columns */
void buf_wrap(Buf *b, const char *sep, const char *item, const char *cont);
void indent_text(Buf *b, const char *text, const char *ind); /* non-empty lines, each after ind */
void c_string(Buf *b, const char *s);   /* s as a C string literal */
/* text's lines, those that start with a blank after ind (labels, #line
   stay at column 0) */
void indent_code(Buf *b, const char *text, const char *ind);

/* ---- read.c ---- */
enum { OPND_ID, OPND_LIT, OPND_STR, OPND_OTHER };

typedef struct Opnd {
    uint32_t off;     /* word offset in the module */
    uint16_t n;       /* words */
    uint8_t kind;     /* OPND_* */
} Opnd;

typedef struct Inst {
    uint32_t word;    /* word offset of the instruction */
    uint16_t op, nwords;
    uint32_t type, result;
    uint32_t ext_set; /* OpExtInst: the import id, else 0 */
    uint32_t ext_op;
    uint32_t opnd0;   /* index of the first operand in Module.opnds */
    uint16_t nopnds;
} Inst;

enum TypeKind {
    T_VOID, T_BOOL, T_INT, T_FLOAT, T_VECTOR, T_ARRAY, T_STRUCT, T_POINTER,
    T_FUNCTION, T_EVENT, T_IMAGE, T_SAMPLER, T_SAMPLED_IMAGE, T_OTHER
};

typedef struct Type {
    enum TypeKind kind;
    uint32_t id;
    unsigned width;       /* bool 1, int/float bits */
    unsigned n;           /* vector lanes, array length; 1 for scalars */
    uint32_t elem;        /* vector/array element, pointer pointee */
    uint32_t sc;          /* pointer storage class */
    uint32_t *members;    /* struct member type ids */
    size_t *offsets;      /* struct member offsets */
    unsigned nmembers;
    int packed;
    size_t size, align;   /* OpenCL C layout */
    char *c;              /* C type name */
    unsigned img_dims;    /* an image: its spatial dimensions (1, 2, 3; a buffer 1) */
    int img_arrayed;      /* an image: an array of images */
} Type;

typedef struct Id {
    int32_t inst;         /* defining instruction index, -1 if none */
    const char *name;     /* OpName, NULL if none */
    Type *type;           /* when the id is a type */
    char *cname;          /* the value's C name as analyse.c gave it; the
                             writers' spellings are theirs (Emit.nm) */
    uint32_t uses;
    int32_t fpround;      /* -1 none, else SpvFPRoundingMode */
    int32_t builtin;      /* -1 none, else SpvBuiltIn */
    unsigned sat : 1, noalias : 1, byval : 1, is_const : 1, is_global : 1,
             is_phi : 1, is_label : 1, is_func : 1,
             is_builtin_var : 1, is_ext_import : 1,
             opencl_std : 1, volatile_ : 1, nowrite : 1, func_has_barrier : 1;
    uint32_t spec_id_set : 1, cpacked : 1,
             unread : 1,   /* a function-scope variable nothing reads (analyse.c) */
             fast_math : 1; /* FPFastMathMode with Fast */
    uint32_t align;       /* Alignment decoration */
    uint32_t func1;       /* an OpFunction: 1 + its index in Module.funcs, else 0 */
} Id;

typedef struct Kernel {
    uint32_t func;        /* OpFunction id */
    const char *name;
    uint32_t word;
    uint32_t local_size[3];   /* reqd_work_group_size, 0 if none */
    int needs_barrier;
    unsigned dup;         /* earlier entry points on the same function */
    char *stem;           /* its helpers' name (kernel_stem) */
} Kernel;

typedef struct Func {
    uint32_t id;
    size_t first, last;   /* instruction indices: OpFunction .. OpFunctionEnd */
    uint32_t *params;
    unsigned nparams;
    int reachable;        /* from a selected kernel */
} Func;

struct Module {
    const char *file;
    uint32_t *words;
    size_t nwords;
    uint32_t version, bound, generator;
    unsigned addr_bits;   /* 32 or 64 */
    Inst *insts;
    size_t ninsts, cap_insts;
    Opnd *opnds;
    size_t nopnds, cap_opnds;
    Id *ids;
    Kernel *kernels;
    size_t nkernels;
    Func *funcs;
    size_t nfuncs;
    size_t first_func_inst;
    uint32_t parse_next;  /* where the instruction after the last parsed one starts */
    int has_images;       /* an image or sampler type: the runtime's image part */
    int relaxed_math;     /* an FPFastMathMode with AllowRecip or Fast: built with
                             -cl-unsafe-math-optimizations or -cl-fast-relaxed-math */
    struct {              /* the OpLine in force for each instruction that has one
                             (read.c records them as it strips OpLine/OpNoLine;
                             source_line_of looks them up) */
        uint32_t *word, *file, *line, *col;   /* sorted by word */
        size_t n;
    } lines;
    struct {              /* each function's declared line, from the debug
                             info's DebugFunction (read.c records them as it
                             strips the debug info): a kernel's parameters are
                             on this line */
        uint32_t *fn, *file, *line, *col;   /* file: an OpString id */
        size_t n;
    } fn_lines;
};

int read_module(Module *m, const char *file, const Options *o);
void module_free(Module *m);
/* the instruction's operand words */
static inline const uint32_t *opnd_words(const Module *m, const Inst *in, unsigned k)
{
    return m->words + m->opnds[in->opnd0 + k].off;
}
static inline uint32_t opnd_id(const Module *m, const Inst *in, unsigned k)
{
    return m->words[m->opnds[in->opnd0 + k].off];
}
const char *read_opname(unsigned op);
const char *read_tools_version(void);   /* the SPIRV-Tools version spv2c was built with */
char *read_string(const Module *m, uint32_t id);   /* OpString's text; caller frees */

/* ---- analyse.c ---- */
int analyse(Module *m, const Options *o);
Type *type_of(const Module *m, uint32_t id);     /* the type of a value id */
const Inst *def_of(const Module *m, uint32_t id);
int pointer_step(unsigned op);   /* a pointer into operand 0's object (chain, cast, copy) */
uint32_t var_root(const Module *m, uint32_t p);   /* the variable p points into */
/* The writers' state of each id: its C spelling and how it is declared.
   The module is read-only after analysis; the writers keep this table
   (Emit.nm, made by module.c from the names analyse.c gave) */
typedef struct Name {
    char *c;              /* C spelling of the value: where it is assigned (owned) */
    const char *fold;     /* if not NULL, a constant the value is known to be
                             where it is read (c_name): never assigned to */
    const char *field;    /* in a resumable function: the frame field's name */
    int in_frame;         /* lives in its function's frame (resumable functions) */
    unsigned label_used : 1, declared : 1;
} Name;
typedef struct Names {
    Name *v;              /* per id */
    uint32_t bound;
} Names;
const char *c_name(const Names *nm, uint32_t id); /* C spelling of a value read */
void id_set_c(Name *d, char *c);                  /* its spelling, the old one freed */
void c_decl(Buf *b, const Type *t, const char *fmt, ...);  /* declares one value */
void c_decl_name(Buf *b, const Type *t, const char *name);  /* c_decl(b, t, "%s", name) */
const char *storage_class_name(uint32_t sc);
const char *builtin_name(int32_t b);
const char *scalar_sfx(const Type *t);
/* opcode properties, all from one table (analyse.c, op_props) */
int inst_is_pure(const Inst *in);       /* no side effects: droppable when unread */
int inst_unread(const Module *m, const Inst *in);  /* pure (or a phi) and never read */
int inst_emits_nothing(const Module *m, const Inst *in);  /* unread, a dead store, a lifetime hint */
int inst_is_terminator(const Inst *in);   /* ends a block */
int inst_writes_no_code(const Inst *in);  /* debug lines, merge and lifetime hints, memory barriers */
unsigned inst_ntargets(const Inst *t);    /* the labels a terminator may jump to */
uint32_t inst_target(const Module *m, const Inst *t, unsigned k);  /* the k-th of them */
int inst_is_atomic(const Inst *in);
int inst_is_collective(const Inst *in); /* a work-group or sub-group function */
int inst_is_group_sync(const Inst *in); /* a barrier, wait or group function, any scope */
int inst_scope(const Module *m, const Inst *in);  /* its execution scope, -1 if not constant */
int inst_waits(const Module *m, const Inst *in);  /* a suspension point: the scope rule */
/* how --checked's chunk probe (hoist.c) reads an integer or pointer value's
   definition: a constant, a kernel argument, a lane of an id builtin, a
   shift by a constant, + - *, & | ^, a unary operator, a conversion, a
   copy of the same bits, a pointer cast, a one-index access chain */
enum { IX_NONE, IX_CONST, IX_PARAM, IX_LANE, IX_SHIFT, IX_RING, IX_BITS, IX_UNARY, IX_CONV,
       IX_COPY, IX_PTRCAST, IX_CHAIN };
int op_ix(unsigned op);
enum { CST_NONE, CST_TRUE, CST_FALSE, CST_SCALAR, CST_ZERO, CST_COMPOSITE };
int op_constant_kind(unsigned op);      /* spec constants as constants */
const char *op_c_operator(unsigned op);  /* on uint64_t values holding w-bit integers */
int op_wraps(unsigned op);     /* its result must be masked back to w bits */
int op_scales(unsigned op);    /* a constant multiple of its first operand, modulo 2^w */
int op_signed(unsigned op);    /* reads its operand as signed */
const Func *find_func(const Module *m, uint32_t id);
const Func *stub_target(const Module *m, const Func *f);  /* llvm-spirv's entry stub calls */
const char *kernel_stem(const Module *m, const Kernel *k);
int any_resumable(const Module *m);   /* a kernel waits at barriers */
uint64_t lit_words(const Module *m, const Inst *in, unsigned k); /* a literal operand */
/* a kernel parameter's kind, as the generated table and the launchers see it */
enum { ARG_GLOBAL, ARG_CONSTANT, ARG_LOCAL, ARG_VALUE };
int arg_kind(const Module *m, uint32_t p);
Type *value_type(const Module *m, uint32_t p);   /* by-value parameters: the value's type */

/* ---- lower.c: the Lua host ---- */
typedef struct Lower Lower;
Lower *lower_open(const Module *m, const Options *o);
void lower_close(Lower *L);
/* C text for one instruction; NULL after a diagnostic. llid: the C expression
   of the work-item's local linear id where the text runs (ins.llid), NULL
   for the work-item state's; *reads_wi: the text reads the work-item state
   wi (the template called wi() or read ins.llid as wi's) */
char *lower_inst(Lower *L, const Inst *in, const char *llid, int *reads_wi);
void lower_names(Lower *L, const Names *nm);
void lower_hoisted(Lower *L, const unsigned char *hoisted);   /* per instruction (hoist.c) */
/* the --checked chunk probe's values (hoist.c): uint64_t arithmetic on
   w-bit integers zero-extended, from op_props (no template: unchecked) */
char *lower_u64(const Module *m, const Inst *d, unsigned w, const char *a, const char *b);
char *lower_u64_mask(unsigned w, char *x);
void lower_views(Lower *L, unsigned char *views);   /* per id: roots a check may view */
/* --checked: a region loop's checks (kernel.c, region_chunk) */
#define CKREC_MAX 16
typedef struct CkAcc {
    size_t inst;          /* the instruction's index */
    uint32_t ptr;         /* its pointer operand's id */
    char *root, *addr, *size, *flags;   /* the check's C texts */
    int taken;            /* run without its check in a chunk that passed */
    uint32_t cond;        /* a guarded one's: made where cond is pol (else 0) */
    int pol;
} CkAcc;
typedef struct CkRec {
    CkAcc v[CKREC_MAX];
    size_t n;
    int bad;              /* a check a chunk cannot take: not a plain load or store,
                             no root, two in one instruction, too many */
    const unsigned char *omit;   /* per instruction: its check left out, or NULL: record */
    unsigned char *sure;  /* per instruction: not in a block of the region's copy
                             some work-items skip (region_ck_taken), or NULL */
} CkRec;
void lower_ckrec(Lower *L, CkRec *r);
/* lower an instruction given as (opcode, operand id list) for spec constant ops */
int lower_need(Lower *L, const char *part);      /* was a runtime part asked for */
void lower_use(Lower *L, const char *part);      /* mark a part used (need() from C) */
const char *lower_runtime(Lower *L, const char *part); /* the part's text */
const char *lower_part_name(int i);   /* the runtime parts in file order; NULL after the last */

/* ---- the back end's state (module.c, kernel.c, region.c, body.c, affine.c) ---- */
typedef struct Aff Aff;
/* hoistplan.c's plan of a kernel's chunk checks, hoist.c writes it */
#define HMAX 16      /* hoisted accesses with race records a kernel (spv2c_ck_chunk_'s table) */
#define SMAX 256     /* hoisted reads of buffers the kernel never writes */

enum { H_READ = 1, H_WRITE = 2, H_NOSH = 32, H_SPAN = 64 };

typedef struct HAcc {
    uint32_t ptr;      /* the pointer's id */
    uint32_t off;      /* vector data: the offset's id, else 0 */
    unsigned stride;   /* vector data: elements an offset */
    unsigned arg;      /* the kernel argument it is computed from */
    char size[48];     /* the C expression of the bytes it accesses */
    unsigned align;    /* vector data: the address's alignment, else 1 */
    const char *el;    /* vector data: the C type of the pointer's element */
    int aff;           /* the address is A + K (l0 - c0) modulo 2^64 for any l0 (K may be 0) */
    unsigned flags;    /* H_* */
} HAcc;

typedef struct Hoist {
    HAcc v[HMAX];      /* the accesses with race records, one a buffer */
    size_t n;
    HAcc sp[SMAX];     /* reads of buffers the kernel never writes (H_SPAN) */
    size_t nsp;
    const Func *kf;    /* the kernel's function */
    int clean;         /* every access of the kernel is hoisted: no check in the loop */
    uint32_t *pid;     /* chain functions' parameters, and their kernel argument */
    unsigned *parg;
    size_t np;
} Hoist;

typedef struct Emit {
    const Module *m;      /* read-only: what the writers change is theirs (nm) */
    Lower *L;
    const Options *o;
    const char *P;        /* public prefix, e.g. "spv2c_" */
    char *PU;             /* upper-case prefix for macros */
    Buf types, globals, funcs, api;
    size_t *fn_end, nfn_end; /* where each function in funcs ends (after its "}\n") */
    Names nm;             /* per id: its C spelling, declaration, frame field */
    unsigned char *type_done; /* per id: the type's definition is written */
    unsigned char *fn_out;    /* per function (Module.funcs): written as a C function
                                 (reachable and not only run as work-item loops) */
    unsigned char *fn_inline; /* per function: a barrier-free kernel's body, inlined
                                 into its work-item loops (SPV2C_ITEM_INLINE_) */
    int ok;
    int res;              /* the function being emitted is resumable */
    unsigned nres;        /* its resume points so far */
    Buf frame;            /* its frame's fields */
    char **frames;        /* per function: its frame's definition, or NULL */
    size_t wg_bytes;      /* kernel-scope __local variables' share of the arena:
                             the most any kernel needs */
    size_t *wg_off;       /* per id: a kernel-scope __local variable's offset */
    size_t *wg_need;      /* per kernel: the end of its __local variables */
    unsigned char *wg_uses;   /* [variable * nkernels + kernel]: it uses the variable */
    uint32_t *wg_vix;     /* per id: 1 + its index among those variables, else 0 */
    struct Region *rg;    /* emitting a region of a work-item-loop kernel, else NULL */
    const char *sfx;      /* then: the suffix of its labels */
    int head;             /* then: emitting the group's part (local id 0 reads 0) */
    Hoist **hoist;        /* --checked: per kernel, the accesses its chunks check at once
                             (hoist.c), or NULL */
    Aff *aff;             /* then: emitting a work-item body whose values affine.c
                             records (or, in its fast copy, rewrites) */
    const char *wi_pre;   /* kernel.c: where the builtins being set live ("wi.", "bi_"...) */
    int no_gid;           /* kernel.c: a region chunk's copy with no check left, which
                             leaves the work-item state for the reports alone */
    unsigned reads;       /* what the function (or group function) being written reads of
                             the names it always has, READS_*: their (void) casts go */
    uint64_t bi_read;     /* a region's code: the builtin locals bi_X read (by SpvBuiltIn) */
    uint32_t line_file;   /* body.c: the OpString of the last #line's file */
    char *line_file_c;    /* and its text */
#define NBUILTIN_VARS 64
    uint32_t builtin_var[NBUILTIN_VARS]; /* per SpvBuiltIn: the module's variable, or 0 */
} Emit;

/* Does kernel k (its index) use the kernel-scope __local variable id? Its
   place is shared with other kernels' variables (module.c, local_layout) */
static inline int local_var_used(const Emit *e, uint32_t id, size_t k)
{
    uint32_t v = id < e->m->bound ? e->wg_vix[id] : 0;
    return v && e->wg_uses[(size_t)(v - 1) * e->m->nkernels + k];
}

enum { READS_WI = 1, READS_J = 2, READS_RANGE = 4 };

/* a function's blocks: each one's extent, and the block of each label id */
typedef struct Blocks {
    size_t n, *start, *end;
    uint32_t *of;         /* per id: block + 1 */
} Blocks;

/* A kernel run as work-item loops (region.c): its body split at the
   suspension points (barriers, waits for events, work-group functions) */
typedef struct Region {
    const Func *f;        /* the body: the kernel, or the function its entry stub calls */
    Blocks bl;            /* its blocks */
    size_t npoints;       /* suspension points, numbered 1.. in instruction order */
    size_t *point;        /* their instruction indices ([0] unused) */
    uint32_t **live;      /* per point: the ids live after it, 0-terminated */
    unsigned char *spill; /* per id: kept in a per-work-item array F_x */
    unsigned char *remat; /* per id: recomputed where a region needs it */
    unsigned char *uniform; /* per id: the same in every work-item (one F_x, not an array) */
    unsigned char *dead;  /* per id: in code no region writes (a block neither the
                             entry nor a suspension point reaches): never declared */
    Buf decls;            /* extra declarations (folds' results) */
    int calls;            /* the body calls functions (which read the work-item state) */
    int independent;      /* no atomics and no calls: between suspension points no
                             work-item can see another's memory accesses (that would
                             be a data race), so iterations of a loop over work-items
                             are independent (SPV2C_IVDEP_) */
    int nexits;           /* the region being emitted: its different ends so far */
    size_t exit;          /* the first of them */
    int uexit;            /* its work-items all end at the same point (only uniform
                             branches choose between its ends) */
    unsigned char *jumped; /* per point: a uniform region's end jumps to its region */
} Region;

/* liveness.c: a barrier kernel's body: live values at each suspension
   point, which are recomputed, kept per work-item, uniform, dead */
int live_region(const Module *m, const Func *f, Region *rg);

/* the liveness sets of one function's body (liveness.c), which uniform.c reads */
typedef struct Live {
    const Module *m;
    const Func *f;
    uint32_t *dense;      /* per id: 1 + its index among the body's values, or 0 */
    uint32_t *ids;        /* per index: the id */
    size_t nvals, nw;     /* values, 32-bit words a set */
    size_t nblocks;
    size_t *bstart;       /* per block: its label's instruction index */
    size_t *bend;         /* per block: its terminator's index */
    uint32_t *blk;        /* per label id - none: the block index + 1 (indexed by id) */
    uint32_t *in, *out, *use, *def, *phiuse;
} Live;
/* uniform.c: per id, the same in every work-item of the group */
unsigned char *uniformity(const Live *lv);

/* A region's group part (region.c): the code from its start that every
   work-item runs alike (uniform values and branches, async copies), run
   once before the work-item loops; each place where it stops starts one */
typedef struct Head {
    size_t *stop;         /* per block: the instruction a loop starts at, or SIZE_MAX */
    char *visited;        /* per block: the group part runs (a prefix of) it */
    char *peritem;        /* per block: a loop's code reaches it in full */
    char *nonhoist;       /* per block: kept out of the group part */
    unsigned char *deferred; /* per instruction of the body: a per-item pure value
                                the group part passes over, computed at a loop's start */
    size_t start;         /* the loop being emitted starts in this block */
    uint32_t cond;        /* and, if not 0, runs only where this id is cval */
    int cval;
} Head;

static inline int resumable(const Module *m, uint32_t func)
{
    return m->ids[func].func_has_barrier;
}

/* The back end, from the top down: each file calls only the files after it
   (and lower.c, analyse.c, diag.c); tests/layering checks it. */

/* module.c: the module writer: the file's order, types, constants, globals, frames */
int emit(const Module *m, Lower *L, const Options *o, FILE *out, FILE *header);

/* api.c: the table of kernels and the public API (declarations, definitions) */
void emit_table(Emit *e);
void api_runtime_names(Emit *e, Buf *b);   /* the API's names the runtime uses */
void api_decls(Emit *e, Buf *b);
void api_defs(Emit *e, Buf *b);

/* kernel.c: the work-item state, the executors and their launchers */
void emit_wi(Emit *e);
void emit_executor(Emit *e, const Kernel *k, Region *rg);

/* region.c: a kernel's barrier regions, their group parts and their code */
int region_plan(Emit *e, const Kernel *k, Region *rg);
int region_ck_taken(const Module *m, const Region *rg, size_t r, const Head *h, CkRec *rec);
void region_free(Region *rg);
void region_code(Emit *e, Buf *b, Region *rg, size_t r, const char *sfx, const char *pre_item,
                 const Head *h);
int region_head_plan(Emit *e, Region *rg, size_t r, Head *h);
int region_refine(Emit *e, const Region *rg, size_t r, Head *h, size_t c, char **lo, char **hi,
                  size_t *skip);
void region_head_code(Emit *e, Buf *b, Region *rg, size_t r, Head *h, char **loops,
                      const char *sfx);
void region_head_free(Head *h);
uint32_t region_uniform_branch(Emit *e, const Region *rg, const Head *h, size_t c);
void region_snapshot(Emit *e, Buf *b, const Region *rg, size_t r);
void region_dump(Emit *e, const Kernel *k, const Region *rg, FILE *f);  /* --dump=regions */

/* body.c: the function-body writer (labels, phis, calls, instructions) */
void emit_function(Emit *e, const Func *f, size_t fi);
void end_function(Emit *e, Buf *b);
void emit_signature(Emit *e, Buf *b, const Func *f);
void emit_name_fields(Emit *e, const Func *f);
void emit_names(Emit *e, const Func *f);
void emit_prologue(Emit *e, Buf *b, const Func *f);
int emit_inst(Emit *e, Buf *b, size_t i, uint32_t *cur, uint32_t nx);
void mark_jumps(Emit *e, const Inst *t, uint32_t nx);  /* the labels t jumps to by goto */
void collective_start(Emit *e, Buf *pre, Buf *item, const Inst *in);
char *scalar_lit(const Type *t, uint64_t bits);
char *zero_expr(const Type *t);
const char *emit_llid(const Emit *e);
/* --checked: per id, a root whose checks may go through a view (check_views) */
enum { VIEW_ROOT = 1, VIEW_USED = 2, VIEW_PRIVATE = 4 };
unsigned char *check_views(const Module *m, const Func *f);   /* --checked: roots a check may view */
void check_views_decl(const Module *m, Buf *b, const unsigned char *views);
char *emit_lower(Emit *e, const Inst *in);   /* lower_inst, recording what the text reads */
size_t region_point(const Region *rg, size_t inst);
void region_finish(Emit *e, Buf *b, size_t point);
void spill(Emit *e, Buf *b, uint32_t id);

/* affine.c: index arithmetic affine in the work-item loop's counter, recorded
   as body.c writes a work-item body */
Aff *aff_new(const Module *m);
void aff_free(Aff *a);
void aff_other(Emit *e, uint32_t id);
void aff_label(Emit *e);
void aff_phi(Emit *e, uint32_t id);
void aff_copy(Emit *e, uint32_t phi, uint32_t value);
char *aff_inst(Emit *e, const Inst *in, char *text);
size_t aff_solve(Emit *e, Aff *a);
void aff_decls(const Aff *a, Buf *b, const char *ind);
void aff_probe(const Emit *e, const Aff *a, Buf *b, const char *ind);
void aff_test(const Emit *e, const Aff *a, Buf *b, unsigned len);
int aff_pure(const Emit *e, const Aff *a, uint32_t id);
int aff_lin(const Emit *e, const Aff *a, uint32_t id);
int aff_guard(const Emit *e, const Aff *a, uint32_t cond, unsigned *op, uint32_t *x, uint32_t *c);
void aff_undone(Aff *a);
void aff_needed(const Emit *e, Aff *a, uint32_t id);
int aff_needed_within(const Emit *e, Aff *a, const unsigned char *inst_ok);
void aff_needed_code(Aff *a, Buf *b, const char *ind, int settle);

/* hoistplan.c (analysis): which accesses --checked's chunks check at once
   (plain: is a kernel's function run by the plain executor) */
Hoist **hoist_plan(Emit *e, unsigned char *hoisted, int (*plain)(const Module *, uint32_t));
void hoist_free(Hoist *h);
unsigned hoist_iwidth(const Type *t);   /* an integer's width, 0 if not 8, 16, 32, 64 */
int hoist_param_arg(const Hoist *h, uint32_t p);   /* the argument p stands for, or -1 */

/* hoist.c: --checked's checks of a chunk of work-items at once: the C */
int hoist_clean(const Hoist *h);
int hoist_any(const Hoist *h);
void hoist_probe(const Emit *e, const Hoist *h, Buf *b, const char *ind, const char *const *args,
                 unsigned len);
void hoist_test(const Hoist *h, Buf *b, const char *ind, const char *const *args, int mark,
                unsigned len);

/* ---- embedded files (generated by embed) ---- */
typedef struct Embedded {
    const char *name;
    const char *text;
    size_t len;
} Embedded;
extern const Embedded embedded_templates[];
extern const size_t embedded_templates_count;
extern const Embedded embedded_runtime[];
extern const size_t embedded_runtime_count;
/* each runtime part's own text (name "") and its sections, in file order,
   with what each needs ("part" or "part.section"): embed reads them from
   the part's declaration lines at build time */
typedef struct RuntimeSection {
    const char *part, *name;
    size_t start, len;        /* its text in the part's, marker line left out */
    const char *const *needs; /* NULL-terminated */
} RuntimeSection;
extern const RuntimeSection embedded_runtime_sections[];
extern const size_t embedded_runtime_sections_count;

#endif

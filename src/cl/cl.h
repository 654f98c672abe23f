/*
 * cl.h: the OpenCL C front end's public API (src/cl/). OpenCL C in, a
 * temporary SPIR-V file out: clang-15, the LLVM-IR passes of passes.c (the
 * llvm-spirv-15 and clang-15 defects they work around) and llvm-spirv-15,
 * as child processes; dependency files; several inputs linked with
 * spirv-link. libspv2c (lib.c) is its only user; it uses diag.c's helpers and
 * nothing else of the back end (tests/layering checks both).
 */
#ifndef SPV2C_CL_H
#define SPV2C_CL_H

typedef struct Driver {
    int lang;                 /* 0: by extension, 1: -x cl, 2: -x spirv */
    const char *clang;        /* --clang, $SPV2C_CLANG, or clang-15 */
    const char *llvm_spirv;   /* --llvm-spirv, $SPV2C_LLVM_SPIRV, or llvm-spirv-15 */
    const char *target;       /* -target: spir or spir64 (default) */
    const char **cl_args;     /* the clang options (-D -U -I -O -cl-* ...), in order */
    int ncl_args;
    int emit_spirv;           /* --emit-spirv: SPIR-V out, not C */
    int linking;              /* --emit-spirv or several inputs: a called function
                                 may be defined in another module */
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
    const char **path_maps;   /* OLD=NEW of -ffile-prefix-map and -fdebug-prefix-map, in
                                 order: the paths the output names (lib.c hands them on) */
    int npath_maps;
    const char **clang_maps;  /* every -f*-prefix-map word, in order (clang takes them
                                 last first: its own rule is the first that matches) */
    int nclang_maps;
} Driver;

/* Set up for argc arguments. */
void driver_init(Driver *d, int argc);
/* A -f*-prefix-map=OLD=NEW word into d: 0, or 2 after a usage message. */
int driver_prefix_map(Driver *d, const char *word);
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
/* Removes a partly written output, if it is a regular file. */
void driver_remove_output(const char *path);
/* Remove temporary files and free everything. */
void driver_free(Driver *d);

#endif

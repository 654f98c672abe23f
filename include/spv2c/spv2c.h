/*
 * libspv2c: the spv2c translator as a C library.
 *
 * One call translates a SPIR-V module (binary or assembly text) or OpenCL C
 * source into one self-contained C99 file, with the same options and the
 * same bytes as the spv2c command (which is a client of this library).
 * Problems with the input come back as structured records (file, line,
 * column, SPIR-V word, message), never on stderr unless asked for.
 *
 *     spv2c_options *o = spv2c_options_new();
 *     const char *entry[] = { "--entry", "vadd" };
 *     spv2c_options_add(o, 2, entry);
 *     spv2c_result *r;
 *     int e = spv2c_translate_file("k.spv", o, &r);
 *     if (e == 0)
 *         fputs(spv2c_result_text(r, SPV2C_OUT_C, NULL), f);
 *     else
 *         for (size_t i = 0; i < spv2c_result_diagnostic_count(r); i++)
 *             puts(spv2c_result_diagnostic(r, i)->text);
 *     spv2c_result_free(r);
 *     spv2c_options_free(o);
 *
 * Every function returning int gives 0 (spv2c_options_add: a count) on
 * success or a negative SPV2C_E* code. Link with `pkg-config --libs
 * libspv2c` (static: add --static, and the C++ runtime, -lstdc++, last:
 * SPIRV-Tools is C++). Translations are serialised inside the library (the
 * translator keeps per-run state), so any thread may call it. OpenCL C
 * input runs clang-15 and llvm-spirv-15 as child processes, as the command
 * does; running out of memory aborts.
 */
#ifndef SPV2C_SPV2C_H
#define SPV2C_SPV2C_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) && !defined(SPV2C_STATIC)
#define SPV2C_API __attribute__((visibility("default")))
#else
#define SPV2C_API
#endif

#define SPV2C_EUSAGE (-1)   /* a bad option, or a bad argument to a call */
#define SPV2C_EINPUT (-2)   /* the input cannot be translated: see the diagnostics */
#define SPV2C_EIO (-3)      /* a file cannot be read or written */
#define SPV2C_ENOMEM (-4)

/* what a result holds */
#define SPV2C_OUT_C 0       /* the C file */
#define SPV2C_OUT_HEADER 1  /* the API declarations (the command's --header file) */
#define SPV2C_OUT_SPIRV 2   /* the SPIR-V module as read (option --emit-spirv) */
#define SPV2C_OUT_LOG 3     /* every message, as the command prints them */

typedef struct spv2c_diagnostic {
    const char *file;      /* the file it is about (an OpenCL C file when line > 0) */
    unsigned line, column; /* 0 when unknown */
    unsigned long word;    /* the SPIR-V word offset of the instruction; 0: none */
    const char *severity;  /* "error" or "warning" */
    const char *message;   /* one line, without the location or severity */
    const char *text;      /* the whole message as the command prints it */
} spv2c_diagnostic;

typedef struct spv2c_options spv2c_options;
typedef struct spv2c_result spv2c_result;

/* "0.1.0" */
SPV2C_API const char *spv2c_version(void);
/* the version of SPIRV-Tools it was built with */
SPV2C_API const char *spv2c_spirv_tools_version(void);

/* Options as the spv2c command takes them (see spv2c --help): --entry
   NAME, --prefix P, --main, --checked, --mad=..., --math=..., --no-line,
   -ffile-prefix-map=OLD=NEW (and -fdebug-/-fmacro-prefix-map),
   --templates DIR, --emit-spirv, -o NAME (the name #line directives and
   the dependency file give the C file), -MD -MF -MT -MP, and for OpenCL C
   input -D, -U, -I, -O, -cl-*, -include, -Xclang, -w, -Werror, -target,
   -x cl|spirv, --clang... Values as gcc spells them (--entry=NAME or
   --entry NAME, -oNAME or -o NAME). Takes the option at words[0] (of n
   words) and its value: returns how many words it took (1 or 2), or
   SPV2C_EUSAGE after a message on stderr. */
SPV2C_API spv2c_options *spv2c_options_new(void);
SPV2C_API int spv2c_options_add(spv2c_options *o, int n, const char *const *words);
/* Call fn as each diagnostic is made (besides recording it). */
SPV2C_API void spv2c_options_on_diagnostic(spv2c_options *o,
                                           void (*fn)(void *ctx, const spv2c_diagnostic *d),
                                           void *ctx);
/* capture 1: the messages of the tools (clang) and the translator's own
   go into the result's log (SPV2C_OUT_LOG) and records, not to stderr;
   stderr (file descriptor 2) is redirected for the call's duration. */
SPV2C_API void spv2c_options_capture(spv2c_options *o, int capture);
SPV2C_API void spv2c_options_free(spv2c_options *o);

/* Translate a file (OpenCL C by its .cl extension or -x cl, else SPIR-V
   binary or assembly). *out gets a result even on failure (its
   diagnostics), NULL only on SPV2C_EUSAGE or SPV2C_ENOMEM. */
SPV2C_API int spv2c_translate_file(const char *path, const spv2c_options *o,
                                   spv2c_result **out);
/* Several files linked into one module (as clLinkProgram would). */
SPV2C_API int spv2c_translate_files(const char *const *paths, size_t n,
                                    const spv2c_options *o, spv2c_result **out);
/* OpenCL C source text; name is what messages call it ("k.cl"). */
SPV2C_API int spv2c_translate_source(const char *source, size_t size, const char *name,
                                     const spv2c_options *o, spv2c_result **out);
/* A SPIR-V binary module in memory. */
SPV2C_API int spv2c_translate_spirv(const uint32_t *words, size_t nwords, const char *name,
                                    const spv2c_options *o, spv2c_result **out);

/* 0 when the translation succeeded, else its negative code */
SPV2C_API int spv2c_result_status(const spv2c_result *r);
/* One of the texts (SPV2C_OUT_*); NULL when the result has none; its size
   in *size when size is not NULL (a SPIR-V module is binary). */
SPV2C_API const char *spv2c_result_text(const spv2c_result *r, int which, size_t *size);
SPV2C_API size_t spv2c_result_diagnostic_count(const spv2c_result *r);
SPV2C_API const spv2c_diagnostic *spv2c_result_diagnostic(const spv2c_result *r, size_t i);
/* Write the C file (or the SPIR-V module with --emit-spirv) to path ("-":
   stdout) and, when header is not NULL, the API declarations to header.
   A file that holds those bytes already is left alone (its mtime too); a
   changed one is written beside it and renamed over it. A partly written
   file is removed; a failed result removes the files at path and header
   (regular files only) and returns its status. */
SPV2C_API int spv2c_result_write(const spv2c_result *r, const char *path, const char *header);
SPV2C_API void spv2c_result_free(spv2c_result *r);

#ifdef __cplusplus
}
#endif

#endif

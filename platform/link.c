/*
 * link: clCompileProgram and clLinkProgram. A compiled object is the
 * SPIR-V module libspv2c's front end makes of the program's source
 * (--emit-spirv: clang and llvm-spirv, with the input headers written to a
 * folder of their own that -I names), or the program's IL as it is; a
 * library is the modules of the programs linked into it; an executable is
 * the modules linked by libspv2c (spirv-link, as `spv2c a.cl b.cl` links
 * several inputs) and built as program.c builds any program, with the same
 * cache. A called function a module only declares is resolved by the link;
 * one no module defines is the link's error, in its log.
 *
 * The binary of a compiled object or a library (CL_PROGRAM_BINARIES) is
 * "SPV2CPRT", its kind and its modules' sizes as 32-bit words, then the
 * modules; clCreateProgramWithBinary takes it back.
 */
#define _XOPEN_SOURCE 700   /* nftw */
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <spv2c/spv2c.h>

#include "icd.h"

#define PARTS_MAGIC "SPV2CPRT"

void spv2c_cl_parts_free(cl_program p)
{
    size_t k;

    for (k = 0; k < p->nparts; k++)
        free(p->parts[k]);
    free(p->parts);
    free(p->part_size);
    p->parts = NULL;
    p->part_size = NULL;
    p->nparts = 0;
}

/* append a copy of the n bytes at m to p's modules; 0 or -1 */
static int add_part(cl_program p, const void *m, size_t n)
{
    unsigned char **pa = realloc(p->parts, (p->nparts + 1) * sizeof *pa);
    size_t *ps;

    if (pa)
        p->parts = pa;
    ps = pa ? realloc(p->part_size, (p->nparts + 1) * sizeof *ps) : NULL;
    if (ps)
        p->part_size = ps;
    if (!ps || (pa[p->nparts] = malloc(n ? n : 1)) == NULL)
        return -1;
    memcpy(pa[p->nparts], m, n);
    ps[p->nparts++] = n;
    return 0;
}

unsigned char *spv2c_cl_parts_binary(cl_program p, size_t *n)
{
    size_t k, at = 8 + 4 * (2 + p->nparts);
    unsigned char *b;
    uint32_t w;

    for (*n = at, k = 0; k < p->nparts; k++)
        *n += p->part_size[k];
    if ((b = malloc(*n)) == NULL) {
        *n = 0;
        return NULL;
    }
    memcpy(b, PARTS_MAGIC, 8);
    w = (uint32_t)p->type;
    memcpy(b + 8, &w, 4);
    w = (uint32_t)p->nparts;
    memcpy(b + 12, &w, 4);
    for (k = 0; k < p->nparts; k++) {
        w = (uint32_t)p->part_size[k];
        memcpy(b + 16 + 4 * k, &w, 4);
        memcpy(b + at, p->parts[k], p->part_size[k]);
        at += p->part_size[k];
    }
    return b;
}

/* is the n bytes at m a SPIR-V module (its magic, whole words)? */
static int spirv_module(const unsigned char *m, size_t n)
{
    uint32_t magic;

    if (n < 20 || n % 4)
        return 0;
    memcpy(&magic, m, 4);
    return magic == 0x07230203u;
}

cl_int spv2c_cl_parts_from_binary(cl_program p, const unsigned char *b, size_t n)
{
    uint32_t type, count, size, k;
    size_t at;

    if (n < 16 || memcmp(b, PARTS_MAGIC, 8))
        return CL_INVALID_BINARY;
    memcpy(&type, b + 8, 4);
    memcpy(&count, b + 12, 4);
    if ((type != CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT &&
         type != CL_PROGRAM_BINARY_TYPE_LIBRARY) || count == 0 || count > (n - 16) / 4)
        return CL_INVALID_BINARY;
    for (at = 16 + 4 * (size_t)count, k = 0; k < count; k++, at += size) {
        memcpy(&size, b + 16 + 4 * k, 4);
        if (size > n - at || !spirv_module(b + at, size) || add_part(p, b + at, size)) {
            spv2c_cl_parts_free(p);
            return CL_INVALID_BINARY;
        }
    }
    if (at != n) {
        spv2c_cl_parts_free(p);
        return CL_INVALID_BINARY;
    }
    p->type = type;
    return CL_SUCCESS;
}

/* ---- clCompileProgram ---- */

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st, (void)flag, (void)ftw;
    return remove(path);
}

/* mkdir -p of path's folders (not its last part) */
static void make_parents(char *path)
{
    char *s;

    for (s = path + 1; *s; s++)
        if (*s == '/') {
            *s = 0;
            mkdir(path, 0755);
            *s = '/';
        }
}

/* each input header's source into dir, under its include name; 0, or -1
   after a log line (a name that would leave the folder, a header that is
   not a program from source, a write that failed) */
static int write_headers(cl_program p, const char *dir, cl_uint nh, const cl_program *hdrs,
                         const char **names)
{
    char path[4200];
    cl_uint i;
    FILE *f;
    int bad;

    for (i = 0; i < nh; i++) {
        const char *n = names[i];
        if (!n || !*n || n[0] == '/' || strstr(n, "..") || !hdrs[i]->source) {
            spv2c_cl_log(p, "spv2c-cl: an input header is not a relative name with a source: ");
            spv2c_cl_log(p, n ? n : "(null)");
            spv2c_cl_log(p, "\n");
            return -1;
        }
        if (strlen(dir) + strlen(n) + 2 > sizeof path) {
            spv2c_cl_log(p, "spv2c-cl: an input header's name is too long\n");
            return -1;
        }
        memcpy(path, dir, strlen(dir));
        path[strlen(dir)] = '/';
        memcpy(path + strlen(dir) + 1, n, strlen(n) + 1);
        make_parents(path);
        f = fopen(path, "w");
        bad = !f || fputs(hdrs[i]->source, f) < 0;
        if ((f && fclose(f)) || bad) {
            spv2c_cl_log(p, "spv2c-cl: cannot write an input header\n");
            return -1;
        }
    }
    return 0;
}

/* p's source to SPIR-V, its headers in folder inc (or NULL): its one part */
static cl_int compile_source(cl_program p, const char *options, const char *inc)
{
    spv2c_options *o = spv2c_options_new();
    spv2c_result *r = NULL;
    const char *emit[] = { "--emit-spirv" }, *incw[] = { "-I", inc }, *m;
    size_t size = 0;
    cl_int e = CL_SUCCESS;

    spv2c_options_capture(o, 1);
    spv2c_options_add(o, 1, emit);
    if (inc)
        spv2c_options_add(o, 2, incw);
    if (spv2c_cl_add_options(o, options) != 0) {
        spv2c_cl_log(p, "spv2c: invalid compile options: ");
        spv2c_cl_log(p, options);
        spv2c_cl_log(p, "\n");
        e = CL_INVALID_COMPILER_OPTIONS;
    } else if (spv2c_translate_source(p->source, strlen(p->source), "program.cl", o, &r) != 0 ||
               (m = spv2c_result_text(r, SPV2C_OUT_SPIRV, &size)) == NULL ||
               add_part(p, m, size) != 0) {
        e = CL_COMPILE_PROGRAM_FAILURE;
    } else {
        p->arg_full = spv2c_cl_has_word(options, "-cl-kernel-arg-info");
    }
    if (r)
        spv2c_cl_log(p, spv2c_result_text(r, SPV2C_OUT_LOG, NULL));
    spv2c_result_free(r);
    spv2c_options_free(o);
    return e;
}

/* p compiled: its source with the headers, or its IL as it is */
static cl_int compile(cl_program p, const char *options, cl_uint nh, const cl_program *hdrs,
                      const char **names)
{
    static unsigned serial;
    char *dir, inc[4200];
    cl_int e;

    if (!p->source)
        return add_part(p, p->il, p->il_size) ? CL_OUT_OF_HOST_MEMORY : CL_SUCCESS;
    if (!nh)
        return compile_source(p, options, NULL);
    if ((dir = spv2c_cl_cache_dir()) == NULL) {
        spv2c_cl_log(p, "spv2c-cl: no cache folder (set SPV2C_CL_CACHE_DIR)\n");
        return CL_COMPILE_PROGRAM_FAILURE;
    }
    snprintf(inc, sizeof inc, "%s/include-%ld-%u", dir, (long)getpid(), serial++);
    free(dir);
    e = mkdir(inc, 0755) || write_headers(p, inc, nh, hdrs, names) ? CL_COMPILE_PROGRAM_FAILURE
                                                                   : compile_source(p, options, inc);
    nftw(inc, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
    return e;
}

/* clCompileProgram's arguments: CL_SUCCESS or the specification's error */
static cl_int compile_args(cl_program p, cl_uint n, const cl_device_id *devs, cl_uint nh,
                           const cl_program *hdrs, const char **names, int notify, void *user)
{
    cl_uint i;

    if (!OK_OBJ(p, MAGIC_PROGRAM))
        return CL_INVALID_PROGRAM;
    if ((n == 0) != (devs == NULL) || (!notify && user) ||
        (nh == 0) != (hdrs == NULL) || (nh == 0) != (names == NULL))
        return CL_INVALID_VALUE;
    if (n && (n != 1 || devs[0] != &spv2c_cl_device))
        return CL_INVALID_DEVICE;
    for (i = 0; i < nh; i++)
        if (!OK_OBJ(hdrs[i], MAGIC_PROGRAM))
            return CL_INVALID_PROGRAM;
    if (p->attached || (!p->source && !p->il))
        return CL_INVALID_OPERATION;
    return CL_SUCCESS;
}

cl_int CL_API_CALL spv2c_cl_CompileProgram(cl_program p, cl_uint n, const cl_device_id *devs,
    const char *options, cl_uint nh, const cl_program *hdrs, const char **names,
    void (CL_CALLBACK *notify)(cl_program, void *), void *user)
{
    cl_int e = compile_args(p, n, devs, nh, hdrs, names, notify != NULL, user);

    if (e != CL_SUCCESS)
        return e;
    options = options ? options : "";
    free(p->log);
    free(p->options);
    p->log = NULL;
    p->options = strdup(options);
    spv2c_cl_parts_free(p);
    p->arg_full = 0;
    e = compile(p, options, nh, hdrs, names);
    if (!p->log)
        spv2c_cl_log(p, "");
    p->type = e == CL_SUCCESS ? CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT
                              : CL_PROGRAM_BINARY_TYPE_NONE;
    p->status = e == CL_SUCCESS ? CL_BUILD_SUCCESS : CL_BUILD_ERROR;
    if (notify)
        notify(p, user);
    return e;
}

/* ---- clLinkProgram ---- */

/* the link options: CL_SUCCESS, *library set by -create-library; the
   -cl-* ones only allow less exact math, which the build need not take */
static cl_int link_options(const char *options, int *library)
{
    static const char *const ok[] = { "-cl-denorms-are-zero", "-cl-no-signed-zeros",
        "-cl-no-signed-zeroes" /* the 1.2 specification's spelling */,
        "-cl-unsafe-math-optimizations", "-cl-finite-math-only", "-cl-fast-relaxed-math",
        "-cl-no-subgroup-ifp" };
    char *copy = strdup(options), *s;
    int enable = 0;
    size_t k;
    cl_int e = copy ? CL_SUCCESS : CL_OUT_OF_HOST_MEMORY;

    *library = 0;
    for (s = copy ? strtok(copy, " \t\n") : NULL; s && e == CL_SUCCESS; s = strtok(NULL, " \t\n")) {
        for (k = 0; k < sizeof ok / sizeof *ok && strcmp(s, ok[k]); k++)
            ;
        if (!strcmp(s, "-create-library"))
            *library = 1;
        else if (!strcmp(s, "-enable-link-options"))
            enable = 1;
        else if (k == sizeof ok / sizeof *ok)
            e = CL_INVALID_LINKER_OPTIONS;
    }
    free(copy);
    return e == CL_SUCCESS && enable && !*library ? CL_INVALID_LINKER_OPTIONS : e;
}

/* clLinkProgram's arguments: CL_SUCCESS or the specification's error */
static cl_int link_args(cl_context c, cl_uint n, const cl_device_id *devs, cl_uint np,
                        const cl_program *ps, int notify, void *user)
{
    cl_uint i;

    if (!OK_OBJ(c, MAGIC_CONTEXT))
        return CL_INVALID_CONTEXT;
    if ((n == 0) != (devs == NULL) || np == 0 || !ps || (!notify && user))
        return CL_INVALID_VALUE;
    if (n && (n != 1 || devs[0] != &spv2c_cl_device))
        return CL_INVALID_DEVICE;
    for (i = 0; i < np; i++)
        if (!OK_OBJ(ps[i], MAGIC_PROGRAM))
            return CL_INVALID_PROGRAM;
    for (i = 0; i < np; i++)
        if (ps[i]->type != CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT &&
            ps[i]->type != CL_PROGRAM_BINARY_TYPE_LIBRARY)
            return CL_INVALID_OPERATION;
    return CL_SUCCESS;
}

/* a new program holding the modules of ps (NULL: *errp says why) */
static cl_program gather(cl_context c, cl_uint np, const cl_program *ps, const char *options,
                         cl_int *errp)
{
    cl_program p = spv2c_cl_new_program(c, errp);
    cl_uint i;
    size_t k;

    if (!p)
        return NULL;
    p->options = strdup(options);
    p->linked_nonuniform = 2;
    p->arg_full = 1;
    for (i = 0; i < np; i++) {
        if (!spv2c_cl_non_uniform(ps[i]))
            p->linked_nonuniform = 1;
        p->arg_full &= ps[i]->arg_full;
    }
    for (i = 0; i < np; i++)
        for (k = 0; k < ps[i]->nparts; k++)
            if (add_part(p, ps[i]->parts[k], ps[i]->part_size[k])) {
                *errp = CL_OUT_OF_HOST_MEMORY;
                c->obj.dispatch->clReleaseProgram(p);
                return NULL;
            }
    return p;
}

cl_program CL_API_CALL spv2c_cl_LinkProgram(cl_context c, cl_uint n, const cl_device_id *devs,
    const char *options, cl_uint np, const cl_program *ps,
    void (CL_CALLBACK *notify)(cl_program, void *), void *user, cl_int *errp)
{
    cl_int dummy, e;
    cl_program p;
    int library = 0;

    if (!errp)
        errp = &dummy;
    options = options ? options : "";
    if ((*errp = link_args(c, n, devs, np, ps, notify != NULL, user)) != CL_SUCCESS ||
        (*errp = link_options(options, &library)) != CL_SUCCESS ||
        (p = gather(c, np, ps, options, errp)) == NULL)
        return NULL;
    if (library) {
        p->type = CL_PROGRAM_BINARY_TYPE_LIBRARY;
        e = CL_SUCCESS;
    } else {
        e = spv2c_cl_build(p, "") == CL_SUCCESS ? CL_SUCCESS : CL_LINK_PROGRAM_FAILURE;
    }
    if (!p->log)
        spv2c_cl_log(p, "");
    p->status = e == CL_SUCCESS ? CL_BUILD_SUCCESS : CL_BUILD_ERROR;
    *errp = e;
    if (notify)
        notify(p, user);
    return p;
}

/*
 * program: programs from OpenCL C source, from IL (SPIR-V) and from
 * binaries, and their build: libspv2c translates (the build options passed
 * through: -D, -I, -cl-std=, -cl-*), the system C compiler compiles the C
 * into a shared object ($SPV2C_CL_CC, else $CC, else cc; flags
 * $SPV2C_CL_CFLAGS, else -O2; always -std=c99 -fPIC -shared -fopenmp
 * -DSPV2C_THREADS so a launch runs its work-groups on all cores), dlopen
 * loads it and its kernel table (spv2c_kernels) says what the kernels are.
 *
 * Compiled programs are cached on disk ($SPV2C_CL_CACHE_DIR, else
 * $XDG_CACHE_HOME/spv2c-cl, else ~/.cache/spv2c-cl), keyed by a hash of the
 * source or IL, the options, spv2c's version, the compiler and its flags:
 * a second build of the same program translates and compiles nothing. A
 * binary (CL_PROGRAM_BINARIES) is the shared object itself.
 *
 * Under SPV2C_CL_CHECKED (checked.c) a build translates with --checked, puts
 * checked.c's prelude before the C and compiles without threads; the mode is
 * in the cache key, and a binary of the other kind is CL_INVALID_BINARY, so
 * checked and unchecked programs never mix.
 */
#define _GNU_SOURCE   /* RTLD_NODELETE */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <spv2c/spv2c.h>

#include "icd.h"

extern char **environ;

static char *dup_n(const void *s, size_t n)
{
    char *d = malloc(n + 1);
    if (d) {
        memcpy(d, s, n);
        d[n] = 0;
    }
    return d;
}

cl_program spv2c_cl_new_program(cl_context c, cl_int *errp)
{
    cl_program p;

    if (!OK_OBJ(c, MAGIC_CONTEXT)) {
        *errp = CL_INVALID_CONTEXT;
        return NULL;
    }
    if ((p = calloc(1, sizeof *p)) == NULL) {
        *errp = CL_OUT_OF_HOST_MEMORY;
        return NULL;
    }
    spv2c_cl_obj_init(&p->obj, MAGIC_PROGRAM, &c->obj);
    p->ctx = c;
    p->status = CL_BUILD_NONE;
    *errp = CL_SUCCESS;
    return p;
}

cl_program CL_API_CALL spv2c_cl_CreateProgramWithSource(cl_context c, cl_uint n,
    const char **strings, const size_t *lengths, cl_int *errp)
{
    cl_int dummy;
    cl_program p;
    size_t total = 0, k, len;
    cl_uint i;

    if (!errp)
        errp = &dummy;
    if (!OK_OBJ(c, MAGIC_CONTEXT)) {
        *errp = CL_INVALID_CONTEXT;
        return NULL;
    }
    for (i = 0; strings && i < n; i++)
        if (!strings[i])
            break;
    if (n == 0 || !strings || i < n) {
        *errp = CL_INVALID_VALUE;
        return NULL;
    }
    for (i = 0; i < n; i++)
        total += lengths && lengths[i] ? lengths[i] : strlen(strings[i]);
    if ((p = spv2c_cl_new_program(c, errp)) == NULL)
        return NULL;
    if ((p->source = malloc(total + 1)) == NULL) {
        *errp = CL_OUT_OF_HOST_MEMORY;
        free(p);
        return NULL;
    }
    for (i = 0, k = 0; i < n; i++, k += len) {
        len = lengths && lengths[i] ? lengths[i] : strlen(strings[i]);
        memcpy(p->source + k, strings[i], len);
    }
    p->source[total] = 0;
    return p;
}

cl_program CL_API_CALL spv2c_cl_CreateProgramWithIL(cl_context c, const void *il, size_t n,
                                                    cl_int *errp)
{
    cl_int dummy;
    cl_program p;

    if (!errp)
        errp = &dummy;
    if (!OK_OBJ(c, MAGIC_CONTEXT)) {
        *errp = CL_INVALID_CONTEXT;
        return NULL;
    }
    if (!il || n == 0 || n % 4 || *(const uint32_t *)il != 0x07230203u) {
        *errp = CL_INVALID_VALUE;
        return NULL;
    }
    if ((p = spv2c_cl_new_program(c, errp)) == NULL)
        return NULL;
    p->il = (unsigned char *)dup_n(il, n);
    p->il_size = n;
    return p;
}

/* ---- the build ---- */

void spv2c_cl_log(cl_program p, const char *s)
{
    size_t a = p->log ? strlen(p->log) : 0, b = strlen(s);
    char *n = realloc(p->log, a + b + 1);

    if (!n)
        return;
    memcpy(n + a, s, b + 1);
    p->log = n;
}

uint64_t spv2c_cl_fnv(uint64_t h, const void *data, size_t n)
{
    const unsigned char *s = data;
    size_t i;

    for (i = 0; i < n; i++)
        h = (h ^ s[i]) * 0x100000001b3ull;
    return h;
}

static const char *env_or(const char *a, const char *b, const char *dflt)
{
    const char *v = getenv(a);
    if (v && *v)
        return v;
    v = b ? getenv(b) : NULL;
    return v && *v ? v : dflt;
}

/* the cache folder, made if need be (malloc'd), or NULL */
char *spv2c_cl_cache_dir(void)
{
    const char *d = getenv("SPV2C_CL_CACHE_DIR"), *x = getenv("XDG_CACHE_HOME");
    const char *h = getenv("HOME");
    char path[4096], *s;

    if (d && *d)
        snprintf(path, sizeof path, "%s", d);
    else if (x && *x)
        snprintf(path, sizeof path, "%s/spv2c-cl", x);
    else if (h && *h)
        snprintf(path, sizeof path, "%s/.cache/spv2c-cl", h);
    else
        snprintf(path, sizeof path, "/tmp/spv2c-cl-%ld", (long)getuid());
    for (s = path + 1; *s; s++)   /* mkdir -p */
        if (*s == '/') {
            *s = 0;
            mkdir(path, 0755);
            *s = '/';
        }
    if (mkdir(path, 0755) && errno != EEXIST)
        return NULL;
    return dup_n(path, strlen(path));
}

/* the cache key of p built with options */
static uint64_t cache_key(cl_program p, const char *options)
{
    uint64_t h = 0xcbf29ce484222325ull;
    const char *cc = env_or("SPV2C_CL_CC", "CC", "cc");
    const char *fl = env_or("SPV2C_CL_CFLAGS", NULL, "-O2");
    size_t k;

    h = p->source ? spv2c_cl_fnv(h, p->source, strlen(p->source))
                  : spv2c_cl_fnv(h, p->il_spec ? p->il_spec : p->il, p->il ? p->il_size : 0);
    h = spv2c_cl_fnv(h, p->source ? "\1" : "\2", 1);
    for (k = 0; k < p->nparts; k++)   /* a linked program: its modules */
        h = spv2c_cl_fnv(spv2c_cl_fnv(h, p->parts[k], p->part_size[k]), "\3", 1);
    if (p->nparts && p->arg_full)     /* and whether they give argument names */
        h = spv2c_cl_fnv(h, "\4", 1);
    h = spv2c_cl_fnv(h, options, strlen(options) + 1);
    h = spv2c_cl_fnv(h, spv2c_cl_cl30_key(), strlen(spv2c_cl_cl30_key()) + 1);
    h = spv2c_cl_fnv(h, spv2c_version(), strlen(spv2c_version()) + 1);
    h = spv2c_cl_fnv(h, cc, strlen(cc) + 1);
    h = spv2c_cl_fnv(h, spv2c_cl_checked() > 0 ? "checked" : "", spv2c_cl_checked() > 0 ? 8 : 1);
    return spv2c_cl_fnv(h, fl, strlen(fl) + 1);
}

/* the option words of a build, for libspv2c: -1 on one it does not take */
int spv2c_cl_add_options(spv2c_options *o, const char *options)
{
    char *copy = dup_n(options, strlen(options)), *w[256], *s;
    int n = 0, i, r, std = 0, cl30 = 0;

    for (s = strtok(copy, " \t\n"); s && n < 255; s = strtok(NULL, " \t\n"))
        if (strcmp(s, "-w") && strcmp(s, "-Werror"))   /* clang's defaults serve */
            w[n++] = s;
    for (i = 0; i < n; i += r) {
        std |= !strncmp(w[i], "-cl-std=", 8);
        cl30 = !strcasecmp(w[i], "-cl-std=CL3.0") ? 1 : strncmp(w[i], "-cl-std=", 8) ? cl30 : 0;
        if ((r = spv2c_options_add(o, n - i, (const char *const *)w + i)) < 0)
            break;
    }
    if (i >= n && !std) {
        const char *d[] = { "-cl-std=CL1.2" };
        spv2c_options_add(o, 1, d);
    }
    if (i >= n && cl30 && spv2c_cl_add_cl30_options(o) != 0)
        i = -1;   /* no cache folder for the header */
    free(copy);
    return i < n ? -1 : 0;
}

/* r's C into c_path, after the checked prelude in a checked build, before
   cl30.c's trailer (global and local memory sizes) and args (arginfo.c's
   text as C); 0 or -1 */
static int write_c(const spv2c_result *r, const char *c_path, const char *args)
{
    const char *text = spv2c_result_text(r, SPV2C_OUT_C, NULL);
    char *trailer;
    FILE *f;
    int e;

    if (!text || (f = fopen(c_path, "w")) == NULL)
        return -1;
    trailer = spv2c_cl_trailer(text);
    e = !trailer || (spv2c_cl_checked() > 0 && fputs(spv2c_cl_check_prelude, f) < 0) ||
        fputs(text, f) < 0 || fputs(trailer, f) < 0 || fputs(args, f) < 0;
    free(trailer);
    return fclose(f) || e ? -1 : 0;
}

int spv2c_cl_has_word(const char *options, const char *w)
{
    size_t n = strlen(w);
    const char *s;

    for (s = strstr(options, w); s; s = strstr(s + 1, w))
        if ((s == options || strchr(" \t\n", s[-1])) && strchr(" \t\n", s[n]))
            return 1;
    return 0;
}

/* the SPIR-V module of p's source (its arguments' names and types), as
   link.c's clCompileProgram makes it; arginfo.c's full text of it */
static char *source_arg_info(cl_program p, const char *options)
{
    spv2c_options *o = spv2c_options_new();
    spv2c_result *r = NULL;
    const char *emit[] = { "--emit-spirv" };
    const void *m = NULL;
    size_t size = 0;
    char *t = NULL;

    spv2c_options_capture(o, 1);
    spv2c_options_add(o, 1, emit);
    if (spv2c_cl_add_options(o, options) == 0 &&
        spv2c_translate_source(p->source, strlen(p->source), "program.cl", o, &r) == 0 &&
        (m = spv2c_result_text(r, SPV2C_OUT_SPIRV, &size)) != NULL)
        t = spv2c_cl_arg_info(m, size, 1);
    spv2c_result_free(r);
    spv2c_options_free(o);
    return t;
}

/* a then b (both malloc'd, taken; NULL: none) */
static char *cat(char *a, char *b)
{
    char *c;

    if (!a || !b)
        return a ? a : b;
    if ((c = realloc(a, strlen(a) + strlen(b) + 1)) != NULL)
        strcat(c, b);
    else
        free(a);
    free(b);
    return c;
}

/* arginfo.c's text of p built with options, as C (malloc'd; NULL: no memory) */
static char *arg_info(cl_program p, const char *options)
{
    char *t = NULL, *c;
    size_t k;

    if (p->source)
        t = spv2c_cl_has_word(options, "-cl-kernel-arg-info") ? source_arg_info(p, options) : NULL;
    else if (!p->nparts)
        t = spv2c_cl_arg_info(p->il_spec ? p->il_spec : p->il, p->il_size, 0);
    for (k = 0; k < p->nparts; k++)
        t = cat(t, spv2c_cl_arg_info(p->parts[k], p->part_size[k], p->arg_full));
    c = spv2c_cl_arg_info_c(t ? t : "");
    free(t);
    return c;
}

/* a checked build of p's source: translated from a file beside c_path whose
   path the reports write as program.cl (-ffile-prefix-map; libspv2c's own
   copy would be in a temporary folder whose name they would show) */
static int translate_named(cl_program p, spv2c_options *o, const char *c_path,
                           spv2c_result **r)
{
    size_t n = strlen(c_path);
    char *cl = malloc(n + 2), *map = malloc(n + 40);
    const char *w[1];
    FILE *f;
    int e = -1;

    if (cl && map) {
        sprintf(cl, "%.*s.cl", (int)(n - 2), c_path);
        sprintf(map, "-ffile-prefix-map=%s=program.cl", cl);
        w[0] = map;
        f = fopen(cl, "w");
        if (f && fputs(p->source, f) >= 0 && fclose(f) == 0 && spv2c_options_add(o, 1, w) == 1)
            e = spv2c_translate_file(cl, o, r);
        else if (f)
            fclose(f);
        unlink(cl);
    }
    free(cl);
    free(map);
    return e;
}

/* a linked program: its modules (compiled objects, libraries) written
   beside c_path and linked by libspv2c (spirv-link), as the command links
   several inputs */
static int translate_parts(cl_program p, spv2c_options *o, const char *c_path,
                           spv2c_result **r)
{
    size_t k, n = strlen(c_path) + 24;
    char **paths = calloc(p->nparts, sizeof *paths);
    int e = paths ? 0 : -1;

    for (k = 0; e == 0 && k < p->nparts; k++) {
        FILE *f;
        if ((paths[k] = malloc(n)) == NULL) {
            e = -1;
            break;
        }
        snprintf(paths[k], n, "%s-%zu.spv", c_path, k);
        f = fopen(paths[k], "wb");
        if (!f || fwrite(p->parts[k], 1, p->part_size[k], f) != p->part_size[k])
            e = -1;
        if (f && fclose(f))
            e = -1;
    }
    if (e == 0)
        e = spv2c_translate_files((const char *const *)paths, p->nparts, o, r);
    for (k = 0; paths && k < p->nparts && paths[k]; k++) {
        unlink(paths[k]);
        free(paths[k]);
    }
    free(paths);
    return e;
}

/* the C (translated from p with options) written to c_path; 0, or -1 with
   the log saying why */
static int translate(cl_program p, const char *options, const char *c_path)
{
    spv2c_options *o = spv2c_options_new();
    spv2c_result *r = NULL;
    const char *words[] = { "-o", c_path }, *checked[] = { "--checked" };
    char *args = NULL;
    int e;

    spv2c_options_capture(o, 1);
    spv2c_options_add(o, 2, words);
    if (spv2c_cl_checked() > 0)
        spv2c_options_add(o, 1, checked);
    if (spv2c_cl_add_options(o, options) != 0) {
        spv2c_options_free(o);
        spv2c_cl_log(p, "spv2c: invalid build options: ");
        spv2c_cl_log(p, options);
        spv2c_cl_log(p, "\n");
        return -2;
    }
    if (p->source && spv2c_cl_checked() > 0)
        e = translate_named(p, o, c_path, &r);
    else if (p->source)
        e = spv2c_translate_source(p->source, strlen(p->source), "program.cl", o, &r);
    else if (p->nparts)
        e = translate_parts(p, o, c_path, &r);
    else
        e = spv2c_translate_spirv((const uint32_t *)(void *)(p->il_spec ? p->il_spec : p->il),
                                  p->il_size / 4, "program.spv", o, &r);
    if (r)
        spv2c_cl_log(p, spv2c_result_text(r, SPV2C_OUT_LOG, NULL));
    if (e == 0 && ((args = arg_info(p, options)) == NULL || write_c(r, c_path, args) != 0))
        e = -1;
    free(args);
    spv2c_result_free(r);
    spv2c_options_free(o);
    return e == 0 ? 0 : -1;
}

/* run argv with its output into the file log_path; 0 when it exits 0 */
static int run(char **argv, const char *log_path)
{
    posix_spawn_file_actions_t fa;
    pid_t pid;
    int st = 1, r;

    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, log_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_adddup2(&fa, 1, 2);
    r = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    if (r)
        return -1;
    while (waitpid(pid, &st, 0) < 0)
        if (errno != EINTR)
            return -1;
    return WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : -1;
}

/* the file at path into the log */
static void log_file(cl_program p, const char *path)
{
    char buf[4096];
    size_t n;
    FILE *f = fopen(path, "r");

    while (f && (n = fread(buf, 1, sizeof buf - 1, f)) > 0) {
        buf[n] = 0;
        spv2c_cl_log(p, buf);
    }
    if (f)
        fclose(f);
}

/* cc the C at c_path into the shared object so_path; 0 or -1 (log) */
static int compile(cl_program p, const char *c_path, const char *so_path, const char *log_path)
{
    char *words = NULL, *argv[96], *s;
    int n = 0, r;
    size_t k;
    static const char *fixed[] = { "-std=c99", "-fPIC", "-shared", "-Wno-unknown-pragmas",
                                   "-fopenmp", "-DSPV2C_THREADS" };
    size_t nfixed = sizeof fixed / sizeof *fixed - (spv2c_cl_checked() > 0 ? 2 : 0);

    s = malloc(strlen(env_or("SPV2C_CL_CC", "CC", "cc")) + strlen(env_or("SPV2C_CL_CFLAGS", NULL,
                                                                         "-O2")) + 2);
    if (!s)
        return -1;
    sprintf(s, "%s %s", env_or("SPV2C_CL_CC", "CC", "cc"), env_or("SPV2C_CL_CFLAGS", NULL, "-O2"));
    words = s;
    for (s = strtok(words, " \t"); s && n < 80; s = strtok(NULL, " \t"))
        argv[n++] = s;
    for (k = 0; k < nfixed; k++)   /* checked: without the threads */
        argv[n++] = (char *)fixed[k];
    argv[n++] = (char *)c_path;
    argv[n++] = "-o";
    argv[n++] = (char *)so_path;
    argv[n++] = "-lm";
    argv[n] = NULL;
    r = run(argv, log_path);
    log_file(p, log_path);
    if (r)
        spv2c_cl_log(p, "spv2c-cl: the C compiler failed on the generated C\n");
    free(words);
    return r;
}

/* dlopen so_path and take its kernel table; 0 or -1 (log) */
static int load(cl_program p, const char *so_path)
{
    const size_t *nk;
    const unsigned long long *gb;

    /* never unloaded: libgomp, which it brings in, keeps threads running */
    p->dl = dlopen(so_path, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
    if (!p->dl) {
        spv2c_cl_log(p, "spv2c-cl: cannot load the compiled program: ");
        spv2c_cl_log(p, dlerror());
        spv2c_cl_log(p, "\n");
        return -1;
    }
    p->kernels = dlsym(p->dl, "spv2c_kernels");
    nk = dlsym(p->dl, "spv2c_num_kernels");
    *(void **)&p->launch = dlsym(p->dl, "spv2c_launch");
    if (!p->kernels || !nk || !p->launch) {
        spv2c_cl_log(p, "spv2c-cl: the compiled program has no kernel table\n");
        dlclose(p->dl);
        p->dl = NULL;
        return -1;
    }
    if (spv2c_cl_set_check_hook(dlsym(p->dl, "spv2c_cl_check_hook")) != 0) {
        spv2c_cl_log(p, spv2c_cl_checked() > 0 ? "spv2c-cl: an unchecked program in a checked run\n"
                                          : "spv2c-cl: a checked program in an unchecked run\n");
        dlclose(p->dl);
        p->dl = NULL;
        return -1;
    }
    p->nkernels = *nk;
    gb = dlsym(p->dl, "spv2c_cl_global_bytes");
    p->global_bytes = gb ? (size_t)*gb : 0;
    *(void **)&p->local_bytes = dlsym(p->dl, "spv2c_cl_local_bytes");
    p->arg_info = dlsym(p->dl, "spv2c_cl_arg_info");
    *(void **)&p->private_bytes = dlsym(p->dl, "spv2c_cl_private_bytes");
    return 0;
}

/* build p (its key's shared object from the cache, or made and put there) */
cl_int spv2c_cl_build(cl_program p, const char *options)
{
    char *dir = spv2c_cl_cache_dir(), c[4200], so[4200], tmp[4200], lg[4200];
    unsigned long long key = cache_key(p, options);
    int r = 0;

    if (spv2c_cl_checked() < 0) {
        spv2c_cl_log(p, "spv2c-cl: SPV2C_CL_CHECKED is not stop, continue or empty\n");
        free(dir);
        return CL_BUILD_PROGRAM_FAILURE;
    }
    if (!dir) {
        spv2c_cl_log(p, "spv2c-cl: no cache folder (set SPV2C_CL_CACHE_DIR)\n");
        return CL_BUILD_PROGRAM_FAILURE;
    }
    snprintf(so, sizeof so, "%s/%016llx.so", dir, key);
    if (access(so, R_OK) != 0) {
        snprintf(c, sizeof c, "%s/%016llx-%ld.c", dir, key, (long)getpid());
        snprintf(tmp, sizeof tmp, "%s/%016llx-%ld.so", dir, key, (long)getpid());
        snprintf(lg, sizeof lg, "%s/%016llx-%ld.log", dir, key, (long)getpid());
        r = translate(p, options, c);
        if (r == 0 && (r = compile(p, c, tmp, lg)) == 0 && rename(tmp, so) != 0)
            r = -1;
        unlink(c);
        unlink(tmp);
        unlink(lg);
    }
    free(dir);
    if (r == -2)
        return CL_INVALID_BUILD_OPTIONS;
    if (r != 0 || load(p, so) != 0)
        return CL_BUILD_PROGRAM_FAILURE;
    p->so_path = dup_n(so, strlen(so));
    return CL_SUCCESS;
}

cl_int CL_API_CALL spv2c_cl_BuildProgram(cl_program p, cl_uint n, const cl_device_id *devs,
    const char *options, void (CL_CALLBACK *notify)(cl_program, void *), void *user)
{
    cl_int e;

    if (!OK_OBJ(p, MAGIC_PROGRAM))
        return CL_INVALID_PROGRAM;
    if ((n == 0) != (devs == NULL) || (!notify && user))
        return CL_INVALID_VALUE;
    if (n && (n != 1 || devs[0] != &spv2c_cl_device))
        return CL_INVALID_DEVICE;
    if (p->attached)
        return CL_INVALID_OPERATION;
    if (!p->source && !p->il && !p->nparts)
        return p->dl ? CL_SUCCESS : CL_INVALID_BINARY;
    free(p->log);
    free(p->options);
    p->log = NULL;
    p->options = dup_n(options ? options : "", strlen(options ? options : ""));
    if (p->dl)
        dlclose(p->dl);
    p->dl = NULL;
    p->arg_info = NULL;
    free(p->so_path);
    p->so_path = NULL;
    e = spv2c_cl_build(p, p->options);
    if (!p->log)
        spv2c_cl_log(p, "");
    p->status = e == CL_SUCCESS ? CL_BUILD_SUCCESS : CL_BUILD_ERROR;
    if (notify)
        notify(p, user);
    return e;
}

cl_program CL_API_CALL spv2c_cl_CreateProgramWithBinary(cl_context c, cl_uint n,
    const cl_device_id *devs, const size_t *lengths, const unsigned char **bins,
    cl_int *status, cl_int *errp)
{
    cl_int dummy;
    cl_program p;
    char *dir, so[4200];
    FILE *f;

    if (!errp)
        errp = &dummy;
    *errp = !OK_OBJ(c, MAGIC_CONTEXT) ? CL_INVALID_CONTEXT :
            n != 1 || !devs || !lengths || !bins ? CL_INVALID_VALUE :
            devs[0] != &spv2c_cl_device ? CL_INVALID_DEVICE :
            !lengths[0] || !bins[0] ? CL_INVALID_VALUE :
            lengths[0] < 4 ? CL_INVALID_BINARY : CL_SUCCESS;
    if (status)
        status[0] = *errp == CL_INVALID_BINARY ? CL_INVALID_BINARY : CL_SUCCESS;
    if (*errp != CL_SUCCESS || (p = spv2c_cl_new_program(c, errp)) == NULL)
        return NULL;
    if (memcmp(bins[0], "\177ELF", 4)) {   /* a compiled object or a library */
        if (spv2c_cl_parts_from_binary(p, bins[0], lengths[0]) == CL_SUCCESS) {
            p->status = CL_BUILD_SUCCESS;
            return p;
        }
    } else if ((dir = spv2c_cl_cache_dir()) != NULL) {
        snprintf(so, sizeof so, "%s/bin-%016llx.so", dir,
                 (unsigned long long)spv2c_cl_fnv(0xcbf29ce484222325ull, bins[0], lengths[0]));
        free(dir);
        f = fopen(so, "wb");
        if (f && fwrite(bins[0], 1, lengths[0], f) == lengths[0] && fclose(f) == 0 &&
            load(p, so) == 0) {
            p->so_path = dup_n(so, strlen(so));
            p->status = CL_BUILD_SUCCESS;
            return p;
        }
    }
    if (status)
        status[0] = CL_INVALID_BINARY;
    *errp = CL_INVALID_BINARY;
    c->obj.dispatch->clReleaseContext(c);
    free(p->log);
    free(p);
    return NULL;
}

/* ---- queries ---- */

/* the shared object's bytes (malloc'd) and their count, or NULL */
static unsigned char *binary(cl_program p, size_t *n)
{
    FILE *f;
    unsigned char *b = NULL;
    long len;

    if (!p->dl && (p->type == CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT ||
                   p->type == CL_PROGRAM_BINARY_TYPE_LIBRARY))
        return spv2c_cl_parts_binary(p, n);
    f = p->so_path ? fopen(p->so_path, "rb") : NULL;
    *n = 0;
    if (!f)
        return NULL;
    if (fseek(f, 0, SEEK_END) == 0 && (len = ftell(f)) > 0 && fseek(f, 0, SEEK_SET) == 0 &&
        (b = malloc((size_t)len)) != NULL && fread(b, 1, (size_t)len, f) == (size_t)len)
        *n = (size_t)len;
    fclose(f);
    if (!*n) {
        free(b);
        b = NULL;
    }
    return b;
}

static cl_int kernel_names(cl_program p, size_t size, void *out, size_t *ret)
{
    size_t k, n = 0;
    char *s;
    cl_int e;

    for (k = 0; k < p->nkernels; k++)
        n += strlen(p->kernels[k].name) + 1;
    if ((s = calloc(1, n + 1)) == NULL)
        return CL_OUT_OF_HOST_MEMORY;
    for (k = 0; k < p->nkernels; k++) {
        if (k)
            strcat(s, ";");
        strcat(s, p->kernels[k].name);
    }
    e = spv2c_cl_info(s, strlen(s) + 1, size, out, ret);
    free(s);
    return e;
}

static cl_int binaries(cl_program p, cl_program_info what, size_t size, void *out, size_t *ret)
{
    size_t n;
    unsigned char *b = binary(p, &n), **dst = out;
    cl_int e;

    if (what == CL_PROGRAM_BINARY_SIZES)
        e = spv2c_cl_info(&n, sizeof n, size, out, ret);
    else if ((e = spv2c_cl_info(out, sizeof(void *), size, NULL, ret)) == CL_SUCCESS && out) {
        if (size < sizeof(void *))
            e = CL_INVALID_VALUE;
        else if (dst[0] && b)
            memcpy(dst[0], b, n);
    }
    free(b);
    return e;
}

cl_int CL_API_CALL spv2c_cl_GetProgramInfo(cl_program p, cl_program_info what, size_t size,
                                           void *out, size_t *ret)
{
    cl_device_id d = &spv2c_cl_device;
    cl_uint u;

    if (!OK_OBJ(p, MAGIC_PROGRAM))
        return CL_INVALID_PROGRAM;
    switch (what) {
    case CL_PROGRAM_REFERENCE_COUNT: u = spv2c_cl_refs(&p->obj); return spv2c_cl_info(&u, 4, size, out, ret);
    case CL_PROGRAM_CONTEXT: return spv2c_cl_info(&p->ctx, sizeof p->ctx, size, out, ret);
    case CL_PROGRAM_NUM_DEVICES: u = 1; return spv2c_cl_info(&u, 4, size, out, ret);
    case CL_PROGRAM_DEVICES: return spv2c_cl_info(&d, sizeof d, size, out, ret);
    case CL_PROGRAM_SOURCE:
        return spv2c_cl_info(p->source ? p->source : "", p->source ? strlen(p->source) + 1 : 1,
                             size, out, ret);
    case CL_PROGRAM_IL: return spv2c_cl_info(p->il, p->il ? p->il_size : 0, size, out, ret);
    case CL_PROGRAM_BINARY_SIZES: case CL_PROGRAM_BINARIES:
        return binaries(p, what, size, out, ret);
    case CL_PROGRAM_NUM_KERNELS:
        if (!p->dl)
            return CL_INVALID_PROGRAM_EXECUTABLE;
        return spv2c_cl_info(&p->nkernels, sizeof p->nkernels, size, out, ret);
    case CL_PROGRAM_KERNEL_NAMES:
        return p->dl ? kernel_names(p, size, out, ret) : CL_INVALID_PROGRAM_EXECUTABLE;
    default: return spv2c_cl_program_info30(p, what, size, out, ret);
    }
}

cl_int CL_API_CALL spv2c_cl_GetProgramBuildInfo(cl_program p, cl_device_id d,
    cl_program_build_info what, size_t size, void *out, size_t *ret)
{
    cl_program_binary_type t;
    const char *s;

    if (!OK_OBJ(p, MAGIC_PROGRAM))
        return CL_INVALID_PROGRAM;
    if (d != &spv2c_cl_device)
        return CL_INVALID_DEVICE;
    switch (what) {
    case CL_PROGRAM_BUILD_STATUS: return spv2c_cl_info(&p->status, sizeof p->status, size, out, ret);
    case CL_PROGRAM_BUILD_OPTIONS: s = p->options ? p->options : ""; break;
    case CL_PROGRAM_BUILD_LOG: s = p->log ? p->log : ""; break;
    case CL_PROGRAM_BINARY_TYPE:
        t = p->dl ? CL_PROGRAM_BINARY_TYPE_EXECUTABLE : p->type;
        return spv2c_cl_info(&t, sizeof t, size, out, ret);
    case CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE:
        return spv2c_cl_info(&p->global_bytes, sizeof p->global_bytes, size, out, ret);
    default: return CL_INVALID_VALUE;
    }
    return spv2c_cl_info(s, strlen(s) + 1, size, out, ret);
}

cl_int CL_API_CALL spv2c_cl_RetainProgram(cl_program p)
{
    if (!OK_OBJ(p, MAGIC_PROGRAM))
        return CL_INVALID_PROGRAM;
    spv2c_cl_retain(&p->obj);
    return CL_SUCCESS;
}

cl_int CL_API_CALL spv2c_cl_ReleaseProgram(cl_program p)
{
    if (!OK_OBJ(p, MAGIC_PROGRAM))
        return CL_INVALID_PROGRAM;
    if (spv2c_cl_release(&p->obj))
        return CL_SUCCESS;
    if (p->dl)
        dlclose(p->dl);
    p->ctx->obj.dispatch->clReleaseContext(p->ctx);
    free(p->source);
    free(p->il);
    free(p->il_spec);
    free(p->options);
    free(p->log);
    free(p->so_path);
    spv2c_cl_parts_free(p);
    p->obj.magic = 0;
    free(p);
    return CL_SUCCESS;
}

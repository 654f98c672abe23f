/*
 * link.c: clCompileProgram and clLinkProgram, run on spv2c and on PoCL
 * (with_pocl.py gives the loader both):
 *
 *  - a kernel program that includes an input header (a name with a folder)
 *    and calls functions another program defines, compiled apart (each with
 *    its own -D), linked into an executable; linked again through a library
 *    (-create-library); linked again with the helper program re-created from
 *    its compiled object's binary. Each run's results must equal the host's
 *    own computation (exact integer arithmetic) on both platforms;
 *  - the binary types each step reports;
 *  - on spv2c, the error paths: a function no module defines
 *    (CL_LINK_PROGRAM_FAILURE with a log naming it), a compile error
 *    (CL_COMPILE_PROGRAM_FAILURE, the log has clang's line), invalid link
 *    options, an executable as a link input, missing inputs and headers.
 */
#define CL_TARGET_OPENCL_VERSION 120
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "platforms.h"

#define N 64

static const char *kernel_src =
    "#include \"inc/mix.h\"\n"
    "kernel void apply(global int *o, int b) {\n"
    "    int i = (int)get_global_id(0);\n"
    "    o[i] = mix_in(i, b) + SHIFT + twice(i);\n"
    "}\n";
static const char *header_src =
    "#define SHIFT 7\n"
    "int mix_in(int x, int b);\n"
    "int twice(int x);\n";
static const char *helper_src =
    "int mix_in(int x, int b) { return x * FACTOR - b; }\n";
static const char *twice_src =
    "int twice(int x) { return 2 * x; }\n";

static int fails;

#define CHECK(e, what) check_((e), (what), __LINE__)
static void check_(cl_int e, const char *what, int line)
{
    if (e != CL_SUCCESS) {
        printf("FAIL: line %d: %s: %d\n", line, what, e);
        exit(1);
    }
}

static void expect(int ok, const char *what)
{
    if (!ok) {
        printf("FAIL: %s\n", what);
        fails++;
    }
}

static cl_program source(cl_context c, const char *s)
{
    cl_int e;
    cl_program p = clCreateProgramWithSource(c, 1, &s, NULL, &e);

    CHECK(e, "program from source");
    return p;
}

static cl_program_binary_type type_of(cl_program p, cl_device_id d)
{
    cl_program_binary_type t = 0;

    clGetProgramBuildInfo(p, d, CL_PROGRAM_BINARY_TYPE, sizeof t, &t, NULL);
    return t;
}

/* the build log of p (static) */
static const char *log_of(cl_program p, cl_device_id d)
{
    static char log[1 << 16];

    log[0] = 0;
    clGetProgramBuildInfo(p, d, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
    return log;
}

/* run apply of the executable p with b; 0 when o[i] is what the host computes */
static int run(cl_context c, cl_device_id d, cl_program p, int b, const char *what)
{
    cl_int e, o[N];
    cl_command_queue q = clCreateCommandQueue(c, d, 0, &e);
    cl_kernel k = clCreateKernel(p, "apply", &e);
    cl_mem bo = clCreateBuffer(c, CL_MEM_WRITE_ONLY, sizeof o, NULL, &e);
    size_t g = N;
    int i, bad = 0;

    CHECK(e, what);
    clSetKernelArg(k, 0, sizeof bo, &bo);
    clSetKernelArg(k, 1, sizeof b, &b);
    CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, NULL), what);
    CHECK(clEnqueueReadBuffer(q, bo, CL_TRUE, 0, sizeof o, o, 0, NULL, NULL), what);
    for (i = 0; i < N; i++)
        bad |= o[i] != i * 5 - b + 7 + 2 * i;   /* FACTOR 5, SHIFT 7 */
    if (bad) {
        printf("FAIL: %s: o[1] = %d, want %d\n", what, o[1], 5 - b + 7 + 2);
        fails++;
    }
    clReleaseMemObject(bo);
    clReleaseKernel(k);
    clReleaseCommandQueue(q);
    return bad;
}

/* the compiled kernel program, its header given as "inc/mix.h" */
static cl_program compiled_kernel(cl_context c, cl_device_id d)
{
    cl_program k = source(c, kernel_src), h = source(c, header_src);
    const char *name = "inc/mix.h";

    CHECK(clCompileProgram(k, 1, &d, "-DUNUSED=1", 1, &h, &name, NULL, NULL), "compile kernel");
    clReleaseProgram(h);
    expect(type_of(k, d) == CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT, "compiled object's type");
    return k;
}

/* the helper program re-created from its compiled object's binary */
static cl_program from_binary(cl_context c, cl_device_id d, cl_program h)
{
    size_t n = 0;
    unsigned char *b;
    cl_int e, st;
    cl_program p;

    CHECK(clGetProgramInfo(h, CL_PROGRAM_BINARY_SIZES, sizeof n, &n, NULL), "binary size");
    b = malloc(n);
    CHECK(clGetProgramInfo(h, CL_PROGRAM_BINARIES, sizeof b, &b, NULL), "binary");
    p = clCreateProgramWithBinary(c, 1, &d, &n, (const unsigned char **)&b, &st, &e);
    CHECK(e, "program from a compiled object's binary");
    free(b);
    return p;
}

static void linked(cl_platform_id pl)
{
    cl_device_id d;
    cl_int e;
    cl_context c;
    cl_program k, h, t, in[3], exe, lib, again, h2;

    CHECK(clGetDeviceIDs(pl, CL_DEVICE_TYPE_ALL, 1, &d, NULL), "device");
    c = clCreateContext(NULL, 1, &d, NULL, NULL, &e);
    k = compiled_kernel(c, d);
    h = source(c, helper_src);
    t = source(c, twice_src);
    CHECK(clCompileProgram(h, 1, &d, "-DFACTOR=5", 0, NULL, NULL, NULL, NULL), "compile helper");
    CHECK(clCompileProgram(t, 1, &d, NULL, 0, NULL, NULL, NULL, NULL), "compile twice");
    in[0] = k, in[1] = h, in[2] = t;
    exe = clLinkProgram(c, 1, &d, NULL, 3, in, NULL, NULL, &e);
    CHECK(e, "link three objects");
    expect(type_of(exe, d) == CL_PROGRAM_BINARY_TYPE_EXECUTABLE, "executable's type");
    run(c, d, exe, 3, "three objects");
    lib = clLinkProgram(c, 1, &d, "-create-library", 2, in + 1, NULL, NULL, &e);
    CHECK(e, "link a library");
    expect(type_of(lib, d) == CL_PROGRAM_BINARY_TYPE_LIBRARY, "library's type");
    in[1] = lib;
    again = clLinkProgram(c, 1, &d, NULL, 2, in, NULL, NULL, &e);
    CHECK(e, "link an object and a library");
    run(c, d, again, -11, "object and library");
    h2 = from_binary(c, d, h);
    in[1] = h2, in[2] = t;
    clReleaseProgram(again);
    again = clLinkProgram(c, 1, &d, NULL, 3, in, NULL, NULL, &e);
    CHECK(e, "link with an object from its binary");
    run(c, d, again, 100, "object from its binary");
    clReleaseProgram(again);
    clReleaseProgram(h2);
    clReleaseProgram(lib);
    clReleaseProgram(exe);
    clReleaseProgram(t);
    clReleaseProgram(h);
    clReleaseProgram(k);
    clReleaseContext(c);
}

/* spv2c only: each error path's code (PoCL's 3.1 codes differ on some) */
static void errors(cl_platform_id pl)
{
    cl_device_id d;
    cl_int e;
    cl_context c;
    cl_program k, bad, in[2], exe;
    const char *name = "x.h", *bad_src = "kernel void f(global int *o) { o[0] = nope; }\n";

    CHECK(clGetDeviceIDs(pl, CL_DEVICE_TYPE_ALL, 1, &d, NULL), "device");
    c = clCreateContext(NULL, 1, &d, NULL, NULL, &e);
    k = compiled_kernel(c, d);
    exe = clLinkProgram(c, 1, &d, NULL, 1, &k, NULL, NULL, &e);
    expect(e == CL_LINK_PROGRAM_FAILURE && exe != NULL, "an undefined function: link failure");
    expect(exe && strstr(log_of(exe, d), "mix_in") != NULL, "the link log names mix_in");
    if (exe)
        clReleaseProgram(exe);
    bad = source(c, bad_src);
    e = clCompileProgram(bad, 1, &d, NULL, 0, NULL, NULL, NULL, NULL);
    expect(e == CL_COMPILE_PROGRAM_FAILURE, "a compile error: CL_COMPILE_PROGRAM_FAILURE");
    expect(strstr(log_of(bad, d), ":1:") && strstr(log_of(bad, d), "nope"),
           "the compile log has clang's line");
    expect(clCompileProgram(bad, 1, &d, NULL, 1, NULL, &name, NULL, NULL) == CL_INVALID_VALUE,
           "headers counted but not given: CL_INVALID_VALUE");
    expect(clCompileProgram(NULL, 0, NULL, NULL, 0, NULL, NULL, NULL, NULL) ==
           CL_INVALID_PROGRAM, "compile NULL: CL_INVALID_PROGRAM");
    in[0] = k, in[1] = k;
    exe = clLinkProgram(c, 1, &d, "-create-library -enable-link-options -cl-fast-relaxed-math "
                        "-cl-no-signed-zeroes -cl-denorms-are-zero", 1, in, NULL, NULL, &e);
    expect(e == CL_SUCCESS && exe && type_of(exe, d) == CL_PROGRAM_BINARY_TYPE_LIBRARY,
           "the specification's link options are taken");
    if (exe)
        clReleaseProgram(exe);
    expect(clLinkProgram(c, 1, &d, "-bogus", 1, in, NULL, NULL, &e) == NULL &&
           e == CL_INVALID_LINKER_OPTIONS, "-bogus: CL_INVALID_LINKER_OPTIONS");
    expect(clLinkProgram(c, 1, &d, "-enable-link-options", 1, in, NULL, NULL, &e) == NULL &&
           e == CL_INVALID_LINKER_OPTIONS, "-enable-link-options alone: invalid");
    expect(clLinkProgram(c, 1, &d, NULL, 0, in, NULL, NULL, &e) == NULL && e == CL_INVALID_VALUE,
           "no inputs: CL_INVALID_VALUE");
    in[1] = bad;   /* its compile failed: not a compiled object */
    expect(clLinkProgram(c, 1, &d, NULL, 2, in, NULL, NULL, &e) == NULL &&
           e == CL_INVALID_OPERATION, "a failed compile as an input: CL_INVALID_OPERATION");
    clReleaseProgram(bad);
    clReleaseProgram(k);
    clReleaseContext(c);
}

int main(void)
{
    cl_platform_id spv, pocl;

    if (find_platforms(&spv, &pocl))
        return 1;
    linked(pocl);
    if (fails) {
        printf("FAIL: the test itself is wrong: PoCL fails it\n");
        return 1;
    }
    linked(spv);
    errors(spv);
    printf("%s: compile and link on spv2c and PoCL, error paths on spv2c\n",
           fails ? "FAIL" : "ok");
    return fails != 0;
}

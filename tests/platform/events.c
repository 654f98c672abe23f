/*
 * events.c: user events, wait lists, markers, barriers, callbacks and
 * clWaitForEvents, run on spv2c and on PoCL (with_pocl.py), each platform
 * held to the same expectations (computed here, from the kernel's formula):
 *
 *  - a write, a launch and a read waiting on a user event, enqueued
 *    non-blocking: nothing happens until clSetUserEventStatus(CL_COMPLETE),
 *    then the results are right; the launch keeps the arguments of its
 *    enqueue (a clSetKernelArg after it changes nothing); profiling times
 *    in order; it holds its buffers and kernel, released before the event
 *    is set, until it has run (a destructor callback says when);
 *  - retains and releases from four threads at once leave the counts right;
 *  - a second thread sets the event while this one blocks in clFinish, in
 *    a blocking read, in clWaitForEvents;
 *  - a negative status fails the commands waiting for it
 *    (CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST), their data untouched;
 *  - callbacks: each once, SUBMITTED before RUNNING before COMPLETE, with
 *    the status they were registered for (or the error); at once on an
 *    event already complete;
 *  - markers and barriers with wait lists, and a command of a second queue
 *    waiting for one of the first; rect copies and reads, maps and
 *    unmaps, every image command waiting;
 *  - the error codes of clSetUserEventStatus and of wait lists.
 * Prints FAIL lines and exits 1 on any mismatch.
 */
#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "platforms.h"

#define N 64

static const char *src =
    "__kernel void scale(__global int *a, int b) {\n"
    "    size_t i = get_global_id(0);\n"
    "    a[i] = a[i] * b + 1;\n"
    "}\n"
    "__kernel void add1(__global const int *in, __global int *out) {\n"
    "    size_t i = get_global_id(0);\n"
    "    out[i] = in[i] + 1;\n"
    "}\n";

static const char *name;   /* the platform being run */
static int fails;

#define EXPECT(got, want) expect_((got), (want), #got, __LINE__)
static void expect_(long got, long want, const char *what, int line)
{
    if (got != want) {
        printf("FAIL: %s: events.c:%d: %s gave %ld, wanted %ld\n", name, line, what, got, want);
        fails++;
    }
}

typedef struct Env {
    cl_context c;
    cl_command_queue q, q2;
    cl_program p;
    cl_kernel k;
    cl_mem b;
} Env;

static void sleep_ms(long ms)
{
    struct timespec t = { ms / 1000, (ms % 1000) * 1000000L };
    nanosleep(&t, NULL);
}

static cl_int status(cl_event e)
{
    cl_int s = 99;
    clGetEventInfo(e, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof s, &s, NULL);
    return s;
}

/* how many of a's n ints are v */
static int count(const int *a, int n, int v)
{
    int i, k = 0;
    for (i = 0; i < n; i++)
        k += a[i] == v;
    return k;
}

static cl_ulong prof(cl_event e, cl_profiling_info what)
{
    cl_ulong t = 0;
    clGetEventProfilingInfo(e, what, sizeof t, &t, NULL);
    return t;
}

/* write, launch, read, each waiting on u; the argument changed after the launch */
static void deferred(Env *v)
{
    int in[N], out[N], i, b = 3, later = 100;
    size_t g = N;
    cl_event u = clCreateUserEvent(v->c, NULL), ev[3];

    for (i = 0; i < N; i++)
        in[i] = i, out[i] = -1;
    EXPECT(clEnqueueWriteBuffer(v->q, v->b, CL_FALSE, 0, sizeof in, in, 1, &u, &ev[0]),
           CL_SUCCESS);
    clSetKernelArg(v->k, 0, sizeof v->b, &v->b);
    clSetKernelArg(v->k, 1, sizeof b, &b);
    EXPECT(clEnqueueNDRangeKernel(v->q, v->k, 1, NULL, &g, NULL, 1, &u, &ev[1]), CL_SUCCESS);
    clSetKernelArg(v->k, 1, sizeof later, &later);
    EXPECT(clEnqueueReadBuffer(v->q, v->b, CL_FALSE, 0, sizeof out, out, 1, &u, &ev[2]),
           CL_SUCCESS);
    clFlush(v->q);
    sleep_ms(20);
    EXPECT(count(out, N, -1), N);
    for (i = 0; i < 3; i++)
        EXPECT(status(ev[i]) > CL_COMPLETE, 1);
    EXPECT(clSetUserEventStatus(u, CL_COMPLETE), CL_SUCCESS);
    EXPECT(clFinish(v->q), CL_SUCCESS);
    for (i = 0; i < N; i++)
        if (out[i] != i * 3 + 1)
            break;
    EXPECT(i, N);
    for (i = 0; i < 3; i++)
        EXPECT(status(ev[i]), CL_COMPLETE);
    EXPECT(prof(ev[1], CL_PROFILING_COMMAND_QUEUED) <= prof(ev[1], CL_PROFILING_COMMAND_SUBMIT) &&
           prof(ev[1], CL_PROFILING_COMMAND_SUBMIT) <= prof(ev[1], CL_PROFILING_COMMAND_START) &&
           prof(ev[1], CL_PROFILING_COMMAND_START) <= prof(ev[1], CL_PROFILING_COMMAND_END) &&
           prof(ev[1], CL_PROFILING_COMMAND_QUEUED) > 0, 1);
    for (i = 0; i < 3; i++)
        clReleaseEvent(ev[i]);
    clReleaseEvent(u);
}

static void CL_CALLBACK gone(cl_mem m, void *user)
{
    (void)m;
    *(volatile int *)user = 1;
}

/* a launch behind u whose input buffer and kernel are released before u is
   set: the launch holds them until it has run, then lets them go */
static void held(Env *v)
{
    int in[N], out[N], i;
    volatile int freed = 0;
    size_t g = N;
    cl_int e;
    cl_event u = clCreateUserEvent(v->c, NULL);
    cl_kernel k = clCreateKernel(v->p, "add1", &e);
    cl_mem b = clCreateBuffer(v->c, CL_MEM_COPY_HOST_PTR, sizeof in, in, &e), o;

    for (i = 0; i < N; i++)
        in[i] = 7 * i, out[i] = -1;
    clEnqueueWriteBuffer(v->q, b, CL_TRUE, 0, sizeof in, in, 0, NULL, NULL);
    o = clCreateBuffer(v->c, CL_MEM_COPY_HOST_PTR, sizeof out, out, &e);
    EXPECT(clSetMemObjectDestructorCallback(b, gone, (void *)&freed), CL_SUCCESS);
    clSetKernelArg(k, 0, sizeof b, &b);
    clSetKernelArg(k, 1, sizeof o, &o);
    EXPECT(clEnqueueNDRangeKernel(v->q, k, 1, NULL, &g, NULL, 1, &u, NULL), CL_SUCCESS);
    EXPECT(clReleaseMemObject(b), CL_SUCCESS);
    EXPECT(clReleaseKernel(k), CL_SUCCESS);
    EXPECT(freed, 0);
    EXPECT(clSetUserEventStatus(u, CL_COMPLETE), CL_SUCCESS);
    EXPECT(clEnqueueReadBuffer(v->q, o, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL), CL_SUCCESS);
    for (i = 0; i < N && out[i] == 7 * i + 1; i++)
        ;
    EXPECT(i, N);
    for (i = 0; i < 100 && !freed; i++)   /* PoCL may free it on its own thread */
        sleep_ms(10);
    EXPECT(freed, 1);
    clReleaseMemObject(o);
    clReleaseEvent(u);
}

/* retains and releases from several threads at once: the counts stay right */
#define HAMMER 200000
static void *hammer(void *p)
{
    Env *v = p;
    int i;

    for (i = 0; i < HAMMER; i++) {
        clRetainMemObject(v->b), clReleaseMemObject(v->b);
        clRetainKernel(v->k), clReleaseKernel(v->k);
        clRetainProgram(v->p), clReleaseProgram(v->p);
        clRetainCommandQueue(v->q2), clReleaseCommandQueue(v->q2);
    }
    return NULL;
}

static cl_uint refs(cl_int e, const cl_uint *n)   /* n read after the query */
{
    return e == CL_SUCCESS ? *n : 0;
}

static void threads(Env *v)
{
    pthread_t t[4];
    cl_uint n = 0;
    int i;

    for (i = 0; i < 4; i++)
        pthread_create(&t[i], NULL, hammer, v);
    for (i = 0; i < 4; i++)
        pthread_join(t[i], NULL);
    EXPECT(refs(clGetMemObjectInfo(v->b, CL_MEM_REFERENCE_COUNT, sizeof n, &n, NULL), &n), 1);
    EXPECT(refs(clGetKernelInfo(v->k, CL_KERNEL_REFERENCE_COUNT, sizeof n, &n, NULL), &n), 1);
    EXPECT(refs(clGetCommandQueueInfo(v->q2, CL_QUEUE_REFERENCE_COUNT, sizeof n, &n, NULL), &n),
           1);
}

typedef struct Setter {
    cl_event u;
    cl_int s;
    long ms;
    volatile int done;
} Setter;

static void *set_later(void *p)
{
    Setter *t = p;
    sleep_ms(t->ms);
    t->done = 1;
    clSetUserEventStatus(t->u, t->s);
    return NULL;
}

/* a thread sets u after ms while this one blocks in how (0 clFinish, 1 a blocking
   read, 2 clWaitForEvents); the blocking call returns after the set */
static void blocked(Env *v, int how)
{
    int in[N], out[N], i;
    Setter t;
    pthread_t th;
    cl_event w = NULL;

    t.u = clCreateUserEvent(v->c, NULL);
    t.s = CL_COMPLETE;
    t.ms = 60;
    t.done = 0;
    for (i = 0; i < N; i++)
        in[i] = 7 * i + how, out[i] = -1;
    EXPECT(clEnqueueWriteBuffer(v->q, v->b, CL_FALSE, 0, sizeof in, in, 1, &t.u, &w),
           CL_SUCCESS);
    pthread_create(&th, NULL, set_later, &t);
    if (how == 0)
        EXPECT(clFinish(v->q), CL_SUCCESS);
    else if (how == 2)
        EXPECT(clWaitForEvents(1, &w), CL_SUCCESS);
    EXPECT(clEnqueueReadBuffer(v->q, v->b, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL),
           CL_SUCCESS);
    EXPECT(t.done, 1);
    EXPECT(status(w), CL_COMPLETE);
    for (i = 0; i < N && out[i] == 7 * i + how; i++)
        ;
    EXPECT(i, N);
    pthread_join(th, NULL);
    clReleaseEvent(w);
    clReleaseEvent(t.u);
}

/* u set to an error: the write and the read waiting for it fail, data untouched,
   a blocking read and clWaitForEvents say so; the queue still works after */
static void failed(Env *v)
{
    int in[N], out[N], zero[N], i;
    cl_event u = clCreateUserEvent(v->c, NULL), w, r;

    memset(zero, 0, sizeof zero);
    EXPECT(clEnqueueWriteBuffer(v->q, v->b, CL_TRUE, 0, sizeof zero, zero, 0, NULL, NULL),
           CL_SUCCESS);
    for (i = 0; i < N; i++)
        in[i] = 5, out[i] = -1;
    EXPECT(clEnqueueWriteBuffer(v->q, v->b, CL_FALSE, 0, sizeof in, in, 1, &u, &w), CL_SUCCESS);
    EXPECT(clEnqueueReadBuffer(v->q, v->b, CL_FALSE, 0, sizeof out, out, 1, &w, &r), CL_SUCCESS);
    EXPECT(clSetUserEventStatus(u, -1234), CL_SUCCESS);
    EXPECT(clWaitForEvents(1, &r), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
    EXPECT(status(u), -1234);
    EXPECT(status(w) < 0, 1);
    EXPECT(status(r) < 0, 1);
    EXPECT(count(out, N, -1), N);
    if (!strcmp(name, "spv2c"))   /* (PoCL 2.10 never returns from this one) */
        EXPECT(clEnqueueReadBuffer(v->q, v->b, CL_TRUE, 0, sizeof out, out, 1, &u, NULL),
               CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
    EXPECT(count(out, N, -1), N);
    clFinish(v->q);
    EXPECT(clEnqueueReadBuffer(v->q, v->b, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL),
           CL_SUCCESS);
    EXPECT(count(out, N, 0), N);
    clReleaseEvent(u);
    clReleaseEvent(w);
    clReleaseEvent(r);
}

/* callbacks log their status (the order they came in) and count */
static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;
static cl_int log_of[16];
static int nlog, nother;

/* user NULL: logged; else counted in nother, its status into *user */
static void CL_CALLBACK note(cl_event e, cl_int s, void *user)
{
    (void)e;
    pthread_mutex_lock(&log_lock);
    if (user) {
        nother++;
        *(cl_int *)user = s;
    } else if (nlog < 16)
        log_of[nlog++] = s;
    pthread_mutex_unlock(&log_lock);
}

/* nlog once it reaches n, or after a second (PoCL calls from its own thread) */
static int logged(int n)
{
    int k, tries;
    for (tries = 0; tries < 100; tries++, sleep_ms(10)) {
        pthread_mutex_lock(&log_lock);
        k = nlog;
        pthread_mutex_unlock(&log_lock);
        if (k >= n)
            break;
    }
    sleep_ms(20);   /* and no more */
    return nlog;
}

static void callbacks(Env *v)
{
    int fill = 9;
    cl_int us = 99, us2 = 99;
    cl_event u = clCreateUserEvent(v->c, NULL), f, u2 = clCreateUserEvent(v->c, NULL);

    nlog = nother = 0;
    EXPECT(clEnqueueFillBuffer(v->q, v->b, &fill, sizeof fill, 0, 4 * N, 1, &u, &f), CL_SUCCESS);
    EXPECT(clSetEventCallback(f, CL_COMPLETE, note, NULL), CL_SUCCESS);
    EXPECT(clSetEventCallback(f, CL_RUNNING, note, NULL), CL_SUCCESS);
    EXPECT(clSetEventCallback(f, CL_SUBMITTED, note, NULL), CL_SUCCESS);
    EXPECT(clSetEventCallback(u, CL_COMPLETE, note, &us), CL_SUCCESS);
    sleep_ms(20);
    EXPECT(nlog + nother, 0);
    EXPECT(clSetUserEventStatus(u, CL_COMPLETE), CL_SUCCESS);
    clFinish(v->q);
    EXPECT(logged(3), 3);
    EXPECT(log_of[0], CL_SUBMITTED);
    EXPECT(log_of[1], CL_RUNNING);
    EXPECT(log_of[2], CL_COMPLETE);
    EXPECT(nother, 1);
    EXPECT(us, CL_COMPLETE);
    nlog = 0;   /* complete already: called at once, each registered status */
    EXPECT(clSetEventCallback(f, CL_SUBMITTED, note, NULL), CL_SUCCESS);
    EXPECT(clSetEventCallback(f, CL_COMPLETE, note, NULL), CL_SUCCESS);
    EXPECT(logged(2), 2);
    EXPECT(log_of[0] + log_of[1], CL_SUBMITTED + CL_COMPLETE);
    EXPECT(clSetEventCallback(u2, CL_COMPLETE, note, &us2), CL_SUCCESS);
    EXPECT(clSetUserEventStatus(u2, -5), CL_SUCCESS);
    sleep_ms(50);
    if (!strcmp(name, "spv2c")) {   /* an error: the callback gets it (PoCL 2.10: none) */
        EXPECT(nother, 2);
        EXPECT(us2, -5);
    }
    clReleaseEvent(u);
    clReleaseEvent(u2);
    clReleaseEvent(f);
}

/* a marker and a barrier waiting on u; a write after the barrier waits too; a
   read on q2 waits for the marker of q */
static void markers(Env *v)
{
    int in[N], out[N], i;
    cl_event u = clCreateUserEvent(v->c, NULL), m, b, w;

    for (i = 0; i < N; i++)
        in[i] = 40 + i, out[i] = -1;
    EXPECT(clEnqueueMarkerWithWaitList(v->q, 1, &u, &m), CL_SUCCESS);
    EXPECT(clEnqueueBarrierWithWaitList(v->q, 1, &u, &b), CL_SUCCESS);
    EXPECT(clEnqueueWriteBuffer(v->q, v->b, CL_FALSE, 0, sizeof in, in, 0, NULL, &w),
           CL_SUCCESS);
    EXPECT(clEnqueueReadBuffer(v->q2, v->b, CL_FALSE, 0, sizeof out, out, 1, &w, NULL),
           CL_SUCCESS);
    clFlush(v->q);
    clFlush(v->q2);
    sleep_ms(20);
    EXPECT(status(m) > CL_COMPLETE && status(b) > CL_COMPLETE && status(w) > CL_COMPLETE, 1);
    EXPECT(count(out, N, -1), N);
    EXPECT(clSetUserEventStatus(u, CL_COMPLETE), CL_SUCCESS);
    EXPECT(clFinish(v->q), CL_SUCCESS);
    EXPECT(clFinish(v->q2), CL_SUCCESS);
    EXPECT(status(m), CL_COMPLETE);
    EXPECT(status(b), CL_COMPLETE);
    for (i = 0; i < N && out[i] == 40 + i; i++)
        ;
    EXPECT(i, N);
    clReleaseEvent(u);
    clReleaseEvent(m);
    clReleaseEvent(b);
    clReleaseEvent(w);
}

/* a write, a rect copy (rows 0-1 to rows 4-5 of 8 ints) and a rect read of rows 4-5,
   each waiting on u */
static void rects(Env *v)
{
    int in[N], out[8], i;
    size_t zero[3] = { 0, 0, 0 }, row4[3] = { 0, 4, 0 }, reg[3] = { 16, 2, 1 };
    cl_event u = clCreateUserEvent(v->c, NULL);

    for (i = 0; i < N; i++)
        in[i] = 3 * i + 1;
    for (i = 0; i < 8; i++)
        out[i] = -1;
    EXPECT(clEnqueueWriteBuffer(v->q, v->b, CL_FALSE, 0, sizeof in, in, 1, &u, NULL),
           CL_SUCCESS);
    EXPECT(clEnqueueCopyBufferRect(v->q, v->b, v->b, zero, row4, reg, 32, 0, 32, 0, 1, &u,
                                   NULL), CL_SUCCESS);
    EXPECT(clEnqueueReadBufferRect(v->q, v->b, CL_FALSE, row4, zero, reg, 32, 0, 16, 0, out, 1,
                                   &u, NULL), CL_SUCCESS);
    sleep_ms(20);
    EXPECT(count(out, 8, -1), 8);
    EXPECT(clSetUserEventStatus(u, CL_COMPLETE), CL_SUCCESS);
    EXPECT(clFinish(v->q), CL_SUCCESS);
    for (i = 0; i < 8 && out[i] == 3 * (i < 4 ? i : i + 4) + 1; i++)
        ;
    EXPECT(i, 8);
    clReleaseEvent(u);
}

/* a map waiting on u (its pointer at once, the data once u is set), an unmap
   waiting on u2: what was written through the map is read back after it */
static void maps(Env *v)
{
    int in[N], out[N], i, *p;
    cl_int e = 1;
    cl_event u = clCreateUserEvent(v->c, NULL), u2 = clCreateUserEvent(v->c, NULL), m;

    for (i = 0; i < N; i++)
        in[i] = 11 * i;
    EXPECT(clEnqueueWriteBuffer(v->q, v->b, CL_FALSE, 0, sizeof in, in, 1, &u, NULL),
           CL_SUCCESS);
    p = clEnqueueMapBuffer(v->q, v->b, CL_FALSE, CL_MAP_READ | CL_MAP_WRITE, 0, sizeof in, 1,
                           &u, &m, &e);
    EXPECT(e, CL_SUCCESS);
    EXPECT(p != NULL, 1);
    EXPECT(status(m) > CL_COMPLETE, 1);
    EXPECT(clSetUserEventStatus(u, CL_COMPLETE), CL_SUCCESS);
    EXPECT(clWaitForEvents(1, &m), CL_SUCCESS);
    for (i = 0; p && i < N && p[i] == 11 * i; i++)
        p[i] = -i;
    EXPECT(i, N);
    EXPECT(clEnqueueUnmapMemObject(v->q, v->b, p, 1, &u2, NULL), CL_SUCCESS);
    EXPECT(clSetUserEventStatus(u2, CL_COMPLETE), CL_SUCCESS);
    EXPECT(clEnqueueReadBuffer(v->q, v->b, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL),
           CL_SUCCESS);
    for (i = 0; i < N && out[i] == -i; i++)
        ;
    EXPECT(i, N);
    clReleaseEvent(u);
    clReleaseEvent(u2);
    clReleaseEvent(m);
}

/* the image commands waiting on u: a write, a fill of two texels, a copy to a
   second image, its copy to the buffer, a read of it, a map of the first */
static void images(Env *v)
{
    cl_image_format f = { CL_R, CL_UNSIGNED_INT32 };
    cl_image_desc d;
    cl_uint in[16], out[16], back[16], colour[4] = { 77, 0, 0, 0 }, *p;
    size_t o[3] = { 0, 0, 0 }, r[3] = { 4, 4, 1 }, two[3] = { 2, 1, 1 }, row = 0;
    cl_event u = clCreateUserEvent(v->c, NULL), m;
    cl_mem a, b;
    cl_int e = 1;
    int i;

    memset(&d, 0, sizeof d);
    d.image_type = CL_MEM_OBJECT_IMAGE2D;
    d.image_width = d.image_height = 4;
    a = clCreateImage(v->c, CL_MEM_READ_WRITE, &f, &d, NULL, &e);
    b = clCreateImage(v->c, CL_MEM_READ_WRITE, &f, &d, NULL, &e);
    for (i = 0; i < 16; i++)
        in[i] = 1000 + i, out[i] = back[i] = 0xffffffffu;
    EXPECT(clEnqueueWriteImage(v->q, a, CL_FALSE, o, r, 0, 0, in, 1, &u, NULL), CL_SUCCESS);
    EXPECT(clEnqueueFillImage(v->q, a, colour, o, two, 1, &u, NULL), CL_SUCCESS);
    EXPECT(clEnqueueCopyImage(v->q, a, b, o, o, r, 1, &u, NULL), CL_SUCCESS);
    EXPECT(clEnqueueCopyImageToBuffer(v->q, b, v->b, o, r, 0, 1, &u, NULL), CL_SUCCESS);
    EXPECT(clEnqueueReadImage(v->q, b, CL_FALSE, o, r, 0, 0, out, 1, &u, NULL), CL_SUCCESS);
    p = clEnqueueMapImage(v->q, a, CL_FALSE, CL_MAP_READ, o, r, &row, NULL, 1, &u, &m, &e);
    EXPECT(e, CL_SUCCESS);
    sleep_ms(20);
    EXPECT(count((int *)out, 16, -1), 16);
    EXPECT(status(m) > CL_COMPLETE, 1);
    EXPECT(clSetUserEventStatus(u, CL_COMPLETE), CL_SUCCESS);
    EXPECT(clFinish(v->q), CL_SUCCESS);
    EXPECT(clEnqueueReadBuffer(v->q, v->b, CL_TRUE, 0, sizeof back, back, 0, NULL, NULL),
           CL_SUCCESS);
    for (i = 0; i < 16 && out[i] == (i < 2 ? 77u : 1000u + i) && back[i] == out[i] && p &&
                row >= 16 && p[i / 4 * (row / 4) + i % 4] == out[i]; i++)
        ;
    EXPECT(i, 16);
    EXPECT(clEnqueueUnmapMemObject(v->q, a, p, 0, NULL, NULL), CL_SUCCESS);
    clFinish(v->q);
    clReleaseMemObject(a);
    clReleaseMemObject(b);
    clReleaseEvent(m);
    clReleaseEvent(u);
}

/* the error codes */
static void errors(Env *v, cl_device_id d)
{
    int x = 0;
    cl_context c2 = clCreateContext(NULL, 1, &d, NULL, NULL, NULL);
    cl_event u = clCreateUserEvent(v->c, NULL), o = clCreateUserEvent(c2, NULL), m, bad[2];

    EXPECT(clSetUserEventStatus(u, CL_SUBMITTED), CL_INVALID_VALUE);
    EXPECT(clSetUserEventStatus(u, CL_COMPLETE), CL_SUCCESS);
    EXPECT(clSetUserEventStatus(u, CL_COMPLETE), CL_INVALID_OPERATION);
    EXPECT(clSetUserEventStatus(u, -1), CL_INVALID_OPERATION);
    EXPECT(clEnqueueMarkerWithWaitList(v->q, 1, &u, &m), CL_SUCCESS);
    EXPECT(clSetUserEventStatus(m, CL_COMPLETE), CL_INVALID_EVENT);
    bad[0] = u, bad[1] = NULL;
    EXPECT(clEnqueueWriteBuffer(v->q, v->b, CL_FALSE, 0, 4, &x, 2, bad, NULL),
           CL_INVALID_EVENT_WAIT_LIST);
    EXPECT(clEnqueueWriteBuffer(v->q, v->b, CL_FALSE, 0, 4, &x, 1, NULL, NULL),
           CL_INVALID_EVENT_WAIT_LIST);
    EXPECT(clEnqueueMarkerWithWaitList(v->q, 2, bad, NULL), CL_INVALID_EVENT_WAIT_LIST);
    EXPECT(clEnqueueWriteBuffer(v->q, v->b, CL_FALSE, 0, 4, &x, 1, &o, NULL), CL_INVALID_CONTEXT);
    EXPECT(clEnqueueBarrierWithWaitList(v->q, 1, &o, NULL), CL_INVALID_CONTEXT);
    bad[1] = o;
    EXPECT(clWaitForEvents(2, bad), CL_INVALID_CONTEXT);
    EXPECT(clWaitForEvents(1, NULL), CL_INVALID_VALUE);
    EXPECT(clSetEventCallback(u, CL_QUEUED, note, NULL), CL_INVALID_VALUE);
    EXPECT(clSetEventCallback(u, CL_COMPLETE, NULL, NULL), CL_INVALID_VALUE);
    clSetUserEventStatus(o, CL_COMPLETE);
    clReleaseEvent(u);
    clReleaseEvent(o);
    clReleaseEvent(m);
    clReleaseContext(c2);
}

static int setup(cl_platform_id p, cl_device_id *d, Env *v)
{
    cl_int e;
    cl_queue_properties pr[] = { CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0 };
    int zero[N] = { 0 };

    if (clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 1, d, NULL) != CL_SUCCESS)
        return 1;
    v->c = clCreateContext(NULL, 1, d, NULL, NULL, &e);
    v->q = clCreateCommandQueueWithProperties(v->c, *d, pr, &e);
    v->q2 = clCreateCommandQueueWithProperties(v->c, *d, NULL, &e);
    v->p = clCreateProgramWithSource(v->c, 1, &src, NULL, &e);
    if (clBuildProgram(v->p, 1, d, NULL, NULL, NULL) != CL_SUCCESS)
        return 1;
    v->k = clCreateKernel(v->p, "scale", &e);
    v->b = clCreateBuffer(v->c, CL_MEM_COPY_HOST_PTR, sizeof zero, zero, &e);
    return e != CL_SUCCESS;
}

static void run(cl_platform_id p, const char *what)
{
    Env v;
    cl_device_id d;
    int how;

    name = what;
    if (setup(p, &d, &v)) {
        printf("FAIL: %s: setup\n", what);
        fails++;
        return;
    }
    deferred(&v);
    held(&v);
    threads(&v);
    for (how = 0; how < 3; how++)
        blocked(&v, how);
    failed(&v);
    callbacks(&v);
    markers(&v);
    rects(&v);
    maps(&v);
    images(&v);
    errors(&v, d);
    clReleaseMemObject(v.b);
    clReleaseKernel(v.k);
    clReleaseProgram(v.p);
    clReleaseCommandQueue(v.q);
    clReleaseCommandQueue(v.q2);
    clReleaseContext(v.c);
}

int main(void)
{
    cl_platform_id spv, pocl;

    setvbuf(stdout, NULL, _IONBF, 0);
    if (find_platforms(&spv, &pocl))
        return 1;
    run(pocl, "pocl");
    run(spv, "spv2c");
    printf("%s\n", fails ? "FAIL" : "ok");
    return fails != 0;
}

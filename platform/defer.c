/*
 * defer: commands that must wait. A command runs when it is enqueued, on the
 * caller's thread, unless its wait list holds an event that is not complete
 * (a user event not yet set, a command still deferred) or its queue holds a
 * deferred command: then it is captured as a Command (icd.h: its entry point
 * to call again with no wait list, a copy of its arguments, the objects it
 * holds) on one list of every queue's deferred commands, in enqueue order,
 * and gets an event CL_QUEUED. pump runs, on whichever thread made the list
 * progress (clSetUserEventStatus, a blocking call, clFlush), each command
 * first of its queue whose wait list is complete: SUBMITTED, RUNNING, then
 * COMPLETE, or CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST without running
 * when an event waited for failed. One mutex guards the list and every
 * event's status; blocking calls wait on one condition variable. Event
 * callbacks are called without the mutex held, in the order they were
 * registered, once each.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "icd.h"

typedef struct Deferred {
    struct Deferred *next;
    cl_command_queue q;
    cl_event ev;                /* held until it has run */
    cl_event *wl;               /* held too */
    cl_uint nw;
    Command c;                  /* c.args: a malloc'd copy */
    int running;
} Deferred;

typedef struct EventCallback {
    struct EventCallback *next;
    void (CL_CALLBACK *fn)(cl_event, cl_int, void *);
    void *user;
    cl_int type;
} EventCallback;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t changed = PTHREAD_COND_INITIALIZER;
static Deferred *first;
static int pumping, replaying;  /* a thread runs the list; it is running a command */
static pthread_t pumper;

void spv2c_cl_lock(void) { pthread_mutex_lock(&lock); }
void spv2c_cl_unlock(void) { pthread_mutex_unlock(&lock); }

/* whether q holds a deferred command (the lock held) */
static int pending(cl_command_queue q)
{
    Deferred *d;
    for (d = first; d; d = d->next)
        if (d->q == q)
            return 1;
    return 0;
}

int spv2c_cl_must_wait(cl_command_queue q, cl_uint nw, const cl_event *wl)
{
    cl_uint i;
    int wait = 0;

    pthread_mutex_lock(&lock);
    if (!(replaying && pthread_equal(pumper, pthread_self()))) {
        for (i = 0; i < nw && !wait; i++)
            wait = wl[i]->status != CL_COMPLETE;
        wait = wait || pending(q);
    }
    pthread_mutex_unlock(&lock);
    return wait;
}

/* e's status to s (its time into t[k] unless k < 0); its callbacks now due, called */
void spv2c_cl_set_status(cl_event e, cl_int s, int k)
{
    EventCallback *due = NULL, **tail = &due, **p, *cb;

    pthread_mutex_lock(&lock);
    e->status = s;
    if (k >= 0)
        e->t[k] = spv2c_cl_now();
    for (p = &e->callbacks; (cb = *p) != NULL;)
        if (s <= cb->type) {
            *p = cb->next;
            cb->next = NULL;
            *tail = cb;
            tail = &cb->next;
        } else
            p = &cb->next;
    pthread_cond_broadcast(&changed);
    pthread_mutex_unlock(&lock);
    while ((cb = due) != NULL) {
        due = cb->next;
        cb->fn(e, s < 0 ? s : cb->type, cb->user);
        free(cb);
    }
}

cl_int spv2c_cl_add_callback(cl_event e, cl_int type,
                             void (CL_CALLBACK *fn)(cl_event, cl_int, void *), void *user)
{
    EventCallback *cb = calloc(1, sizeof *cb), **p;
    cl_int s;

    if (!cb)
        return CL_OUT_OF_HOST_MEMORY;
    cb->fn = fn;
    cb->user = user;
    cb->type = type;
    pthread_mutex_lock(&lock);
    s = e->status;
    if (s > type) {
        for (p = &e->callbacks; *p; p = &(*p)->next)
            ;
        *p = cb;
        cb = NULL;
    }
    pthread_mutex_unlock(&lock);
    if (cb) {                   /* reached already: now */
        fn(e, s < 0 ? s : type, user);
        free(cb);
    }
    return CL_SUCCESS;
}

void spv2c_cl_free_callbacks(cl_event e)
{
    EventCallback *cb;
    while ((cb = e->callbacks) != NULL) {
        e->callbacks = cb->next;
        free(cb);
    }
}

/* the first deferred command of its queue whose wait list is complete (lock held) */
static Deferred *next_ready(void)
{
    Deferred *d, *e;
    cl_uint i;

    for (d = first; d; d = d->next) {
        for (e = first; e != d && e->q != d->q; e = e->next)
            ;
        if (e != d || d->running)
            continue;
        for (i = 0; i < d->nw && d->wl[i]->status <= CL_COMPLETE; i++)
            ;
        if (i == d->nw)
            return d;
    }
    return NULL;
}

/* run d (the lock not held): its status through to complete or an error */
static void execute(Deferred *d)
{
    cl_event done = NULL;
    cl_int e = CL_SUCCESS;
    cl_uint i;

    for (i = 0; i < d->nw; i++)
        if (d->wl[i]->status < 0)
            e = CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;
    spv2c_cl_set_status(d->ev, CL_SUBMITTED, 1);
    if (e == CL_SUCCESS) {
        spv2c_cl_set_status(d->ev, CL_RUNNING, 2);
        if (d->c.run) {
            pthread_mutex_lock(&lock);
            replaying = 1;
            pthread_mutex_unlock(&lock);
            e = d->c.run(d->c.args, &done);
            pthread_mutex_lock(&lock);
            replaying = 0;
            pthread_mutex_unlock(&lock);
        }
        if (e == CL_SUCCESS && done)
            spv2c_cl_ReleaseEvent(done);
    }
    spv2c_cl_set_status(d->ev, e == CL_SUCCESS ? CL_COMPLETE : e < 0 ? e : CL_INVALID_OPERATION,
                        3);
}

static void drop(Deferred *d)
{
    cl_uint i;

    for (i = 0; i < 2; i++)
        if (d->c.mem[i])
            spv2c_cl_ReleaseMemObject(d->c.mem[i]);
    if (d->c.kernel)
        spv2c_cl_ReleaseKernel(d->c.kernel);
    for (i = 0; i < d->nw; i++)
        spv2c_cl_ReleaseEvent(d->wl[i]);
    spv2c_cl_ReleaseEvent(d->ev);
    free(d->wl);
    free((void *)d->c.args);
    free(d);
}

/* run every deferred command that can run, here, unless another thread is at it */
void spv2c_cl_pump(void)
{
    Deferred *d, **p;

    pthread_mutex_lock(&lock);
    if (pumping) {
        pthread_mutex_unlock(&lock);
        return;
    }
    pumping = 1;
    pumper = pthread_self();
    while ((d = next_ready()) != NULL) {
        d->running = 1;
        pthread_mutex_unlock(&lock);
        execute(d);
        pthread_mutex_lock(&lock);
        for (p = &first; *p != d; p = &(*p)->next)
            ;
        *p = d->next;
        pthread_cond_broadcast(&changed);
        pthread_mutex_unlock(&lock);
        drop(d);
        pthread_mutex_lock(&lock);
    }
    pumping = 0;
    pthread_mutex_unlock(&lock);
}

/* wait until every one of the n events is complete or failed: CL_SUCCESS, or
   CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST (an event set by no other
   thread: waits for ever, as the specification lets it) */
cl_int spv2c_cl_wait(cl_uint n, const cl_event *list)
{
    cl_int e = CL_SUCCESS;
    cl_uint i;

    spv2c_cl_pump();
    pthread_mutex_lock(&lock);
    for (i = 0; i < n; i++) {
        while (list[i]->status > CL_COMPLETE)
            pthread_cond_wait(&changed, &lock);
        if (list[i]->status < 0)
            e = CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;
    }
    pthread_mutex_unlock(&lock);
    return e;
}

/* wait until q holds no deferred command */
void spv2c_cl_finish(cl_command_queue q)
{
    spv2c_cl_pump();
    pthread_mutex_lock(&lock);
    while (pending(q))
        pthread_cond_wait(&changed, &lock);
    pthread_mutex_unlock(&lock);
}

static Deferred *new_deferred(cl_command_queue q, cl_command_type type, cl_uint nw,
                              const cl_event *wl, const Command *c)
{
    Deferred *d = calloc(1, sizeof *d);
    void *args = c->size ? malloc(c->size) : NULL;
    cl_event *w = nw ? malloc(nw * sizeof *w) : NULL;

    if (!d || (c->size && !args) || (nw && !w) ||
        spv2c_cl_done(q, type, spv2c_cl_now(), &d->ev) != CL_SUCCESS) {
        free(d), free(args), free(w);
        return NULL;
    }
    d->ev->status = CL_QUEUED;
    d->q = q;
    d->c = *c;
    if (c->size)
        memcpy(args, c->args, c->size);
    d->c.args = args;
    if (nw)
        memcpy(w, wl, nw * sizeof *w);
    d->wl = w;
    d->nw = nw;
    return d;
}

cl_int spv2c_cl_defer(cl_command_queue q, cl_command_type type, cl_uint nw, const cl_event *wl,
                      cl_event *ev, cl_bool block, const Command *c)
{
    Deferred *d = new_deferred(q, type, nw, wl, c), **p;
    cl_event e;
    cl_int s;
    cl_uint i;

    if (!d) {
        if (c->kernel)
            spv2c_cl_ReleaseKernel(c->kernel);
        return CL_OUT_OF_HOST_MEMORY;
    }
    for (i = 0; i < nw; i++)
        spv2c_cl_RetainEvent(wl[i]);
    for (i = 0; i < 2; i++)
        if (c->mem[i])
            spv2c_cl_RetainMemObject(c->mem[i]);
    if (ev) {
        spv2c_cl_RetainEvent(d->ev);
        *ev = d->ev;
    }
    if (block)
        spv2c_cl_RetainEvent(d->ev);
    e = d->ev;
    pthread_mutex_lock(&lock);
    for (p = &first; *p; p = &(*p)->next)
        ;
    *p = d;
    pthread_mutex_unlock(&lock);
    spv2c_cl_pump();
    if (!block)
        return CL_SUCCESS;
    spv2c_cl_wait(1, &e);
    s = e->status;
    spv2c_cl_ReleaseEvent(e);
    return s;                   /* CL_COMPLETE (CL_SUCCESS), or the error */
}

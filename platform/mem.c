/*
 * mem: buffers and sub-buffers (host pointers with every flag) and the
 * commands on them: read, write, copy, fill, map and unmap, and the rect
 * variants. A buffer's bytes are host memory (CL_MEM_USE_HOST_PTR: the
 * application's own), so a map returns a pointer into them and every
 * command is a memcpy that completes before its enqueue returns. In a
 * checked run (checked.c) a buffer the platform allocates has 4 KiB after
 * its end that no buffer owns, as the spv2c --main program lays buffers
 * out: an overrun a report names (and --checked=continue goes past) lands
 * there, not in another buffer or the heap.
 */
#define _POSIX_C_SOURCE 200112L   /* posix_memalign */
#include <stdlib.h>
#include <string.h>

#include "icd.h"

typedef void (CL_CALLBACK *MemFn)(cl_mem, void *);

#define ACCESS (CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY)
#define HOST_ACCESS (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS)

/* at most one bit of mask set in f */
static int one_of(cl_mem_flags f, cl_mem_flags mask)
{
    f &= mask;
    return (f & (f - 1)) == 0;
}

static cl_int buffer_flags(cl_mem_flags f, void *host)
{
    const cl_mem_flags known = ACCESS | HOST_ACCESS | CL_MEM_USE_HOST_PTR |
        CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR;

    if ((f & ~known) || !one_of(f, ACCESS) || !one_of(f, HOST_ACCESS) ||
        ((f & CL_MEM_USE_HOST_PTR) && (f & (CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR))))
        return CL_INVALID_VALUE;
    if ((host != NULL) != ((f & (CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR)) != 0))
        return CL_INVALID_HOST_PTR;
    return CL_SUCCESS;
}

static cl_mem new_mem(cl_context c, cl_mem_flags f, size_t size)
{
    cl_mem m = calloc(1, sizeof *m);

    if (!m)
        return NULL;
    spv2c_cl_obj_init(&m->obj, MAGIC_MEM, &c->obj);
    m->ctx = c;
    m->flags = f;
    m->size = size;
    return m;
}

cl_mem CL_API_CALL spv2c_cl_CreateBuffer(cl_context c, cl_mem_flags f, size_t size, void *host,
                                         cl_int *errp)
{
    cl_int dummy, e;
    cl_mem m;

    if (!errp)
        errp = &dummy;
    if (!OK_OBJ(c, MAGIC_CONTEXT)) {
        *errp = CL_INVALID_CONTEXT;
        return NULL;
    }
    if (f == 0)
        f = CL_MEM_READ_WRITE;
    if ((e = buffer_flags(f, host)) != CL_SUCCESS || size == 0 || size > ((size_t)1 << 30)) {
        *errp = e != CL_SUCCESS ? e : CL_INVALID_BUFFER_SIZE;
        return NULL;
    }
    if ((m = new_mem(c, f, size)) == NULL) {
        *errp = CL_OUT_OF_HOST_MEMORY;
        return NULL;
    }
    if (f & CL_MEM_USE_HOST_PTR) {
        m->host = host;
        m->data = host;
    } else if (posix_memalign((void **)&m->data, 128,
                              size + (spv2c_cl_checked() > 0 ? 4096 : 0)) == 0) {
        m->owns = 1;
        if (f & CL_MEM_COPY_HOST_PTR)
            memcpy(m->data, host, size);
    } else {
        free(m);
        *errp = CL_MEM_OBJECT_ALLOCATION_FAILURE;
        return NULL;
    }
    *errp = CL_SUCCESS;
    return m;
}

cl_mem CL_API_CALL spv2c_cl_CreateSubBuffer(cl_mem b, cl_mem_flags f,
    cl_buffer_create_type type, const void *info, cl_int *errp)
{
    const cl_buffer_region *r = info;
    cl_int dummy;
    cl_mem m;

    if (!errp)
        errp = &dummy;
    *errp = !OK_OBJ(b, MAGIC_MEM) || b->parent || b->img ? CL_INVALID_MEM_OBJECT :
            type != CL_BUFFER_CREATE_TYPE_REGION || !r ? CL_INVALID_VALUE :
            (f & (CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR)) ||
            !one_of(f, ACCESS) || !one_of(f, HOST_ACCESS) ? CL_INVALID_VALUE :
            r->size == 0 ? CL_INVALID_BUFFER_SIZE :
            r->origin > b->size || r->size > b->size - r->origin ? CL_INVALID_VALUE :
            r->origin % 128 ? CL_MISALIGNED_SUB_BUFFER_OFFSET : CL_SUCCESS;
    if (*errp != CL_SUCCESS)
        return NULL;
    if ((m = new_mem(b->ctx, (f & (ACCESS | HOST_ACCESS)) ? f : b->flags, r->size)) == NULL) {
        *errp = CL_OUT_OF_HOST_MEMORY;
        return NULL;
    }
    if (!(f & ACCESS))
        m->flags = (m->flags & ~ACCESS) | (b->flags & ACCESS);
    m->parent = b;
    m->origin = r->origin;
    m->data = b->data + r->origin;
    m->host = b->host ? (unsigned char *)b->host + r->origin : NULL;
    spv2c_cl_retain(&b->obj);
    return m;
}

cl_int CL_API_CALL spv2c_cl_RetainMemObject(cl_mem m)
{
    if (!OK_OBJ(m, MAGIC_MEM))
        return CL_INVALID_MEM_OBJECT;
    spv2c_cl_retain(&m->obj);
    return CL_SUCCESS;
}

cl_int CL_API_CALL spv2c_cl_ReleaseMemObject(cl_mem m)
{
    void (*fn)(void);
    void *user;

    if (!OK_OBJ(m, MAGIC_MEM))
        return CL_INVALID_MEM_OBJECT;
    if (spv2c_cl_release(&m->obj))
        return CL_SUCCESS;
    while (spv2c_cl_callback_next(&m->callbacks, &fn, &user))   /* the last one set first */
        ((MemFn)fn)(m, user);
    if (m->parent)
        spv2c_cl_ReleaseMemObject(m->parent);
    if (m->owns)
        free(m->data);
    free(m->img);
    m->ctx->obj.dispatch->clReleaseContext(m->ctx);
    m->obj.magic = 0;
    free(m);
    return CL_SUCCESS;
}

cl_int CL_API_CALL spv2c_cl_SetMemObjectDestructorCallback(cl_mem m,
    void (CL_CALLBACK *fn)(cl_mem, void *), void *user)
{
    if (!OK_OBJ(m, MAGIC_MEM))
        return CL_INVALID_MEM_OBJECT;
    if (!fn)
        return CL_INVALID_VALUE;
    return spv2c_cl_callback_add(&m->callbacks, (void (*)(void))fn, user);
}

cl_int CL_API_CALL spv2c_cl_GetMemObjectInfo(cl_mem m, cl_mem_info what, size_t size, void *out,
                                            size_t *ret)
{
    cl_uint u;
    cl_mem_object_type t;

    if (!OK_OBJ(m, MAGIC_MEM))
        return CL_INVALID_MEM_OBJECT;
    t = spv2c_cl_mem_type(m);
    switch (what) {
    case CL_MEM_TYPE: return spv2c_cl_info(&t, sizeof t, size, out, ret);
    case CL_MEM_FLAGS: return spv2c_cl_info(&m->flags, sizeof m->flags, size, out, ret);
    case CL_MEM_SIZE: return spv2c_cl_info(&m->size, sizeof m->size, size, out, ret);
    case CL_MEM_HOST_PTR: return spv2c_cl_info(&m->host, sizeof m->host, size, out, ret);
    case CL_MEM_MAP_COUNT: u = m->maps; return spv2c_cl_info(&u, sizeof u, size, out, ret);
    case CL_MEM_REFERENCE_COUNT: u = spv2c_cl_refs(&m->obj); return spv2c_cl_info(&u, sizeof u, size, out, ret);
    case CL_MEM_CONTEXT: return spv2c_cl_info(&m->ctx, sizeof m->ctx, size, out, ret);
    case CL_MEM_ASSOCIATED_MEMOBJECT:
        return spv2c_cl_info(&m->parent, sizeof m->parent, size, out, ret);
    case CL_MEM_OFFSET: return spv2c_cl_info(&m->origin, sizeof m->origin, size, out, ret);
    default: return spv2c_cl_mem_info30(m, what, size, out, ret);
    }
}

/* ---- commands ---- */

/* the checks every command makes on q, m (a buffer or an image), [off, off + n) */
static cl_int mem_ok(cl_command_queue q, cl_mem m, size_t off, size_t n, cl_uint nw,
                     const cl_event *wl)
{
    cl_int e = spv2c_cl_queue_valid(q, nw, wl);   /* each command defers or refuses */

    if (e != CL_SUCCESS)
        return e;
    if (!OK_OBJ(m, MAGIC_MEM))
        return CL_INVALID_MEM_OBJECT;
    if (m->ctx != q->ctx)
        return CL_INVALID_CONTEXT;
    if (off > m->size || n > m->size - off)
        return CL_INVALID_VALUE;
    return CL_SUCCESS;
}

/* the checks every buffer command makes: mem_ok's, and m not an image */
static cl_int command_ok(cl_command_queue q, cl_mem m, size_t off, size_t n, cl_uint nw,
                         const cl_event *wl)
{
    cl_int e = mem_ok(q, m, off, n, nw, wl);

    return e == CL_SUCCESS && m->img ? CL_INVALID_MEM_OBJECT : e;
}

/* a deferred read, write, copy or fill (defer.c): its arguments, and the calls again */
typedef struct BufArgs {
    cl_command_queue q;
    cl_mem s, d;
    size_t so, dof, n, psize;
    void *p;
    unsigned char pat[128];
} BufArgs;

static cl_int run_read(const void *v, cl_event *ev)
{
    const BufArgs *a = v;
    return spv2c_cl_EnqueueReadBuffer(a->q, a->s, CL_FALSE, a->so, a->n, a->p, 0, NULL, ev);
}

static cl_int run_write(const void *v, cl_event *ev)
{
    const BufArgs *a = v;
    return spv2c_cl_EnqueueWriteBuffer(a->q, a->d, CL_FALSE, a->dof, a->n, a->p, 0, NULL, ev);
}

static cl_int run_copy(const void *v, cl_event *ev)
{
    const BufArgs *a = v;
    return spv2c_cl_EnqueueCopyBuffer(a->q, a->s, a->d, a->so, a->dof, a->n, 0, NULL, ev);
}

static cl_int run_fill(const void *v, cl_event *ev)
{
    const BufArgs *a = v;
    return spv2c_cl_EnqueueFillBuffer(a->q, a->d, a->pat, a->psize, a->dof, a->n, 0, NULL, ev);
}

static cl_int defer(BufArgs *a, cl_int (*run)(const void *, cl_event *), cl_command_type type,
                    cl_bool block, cl_uint nw, const cl_event *wl, cl_event *ev)
{
    Command c = { run, a, sizeof *a, { a->s, a->d }, NULL };
    return spv2c_cl_defer(a->q, type, nw, wl, ev, block, &c);
}

/* a deferred map or unmap */
typedef struct MapArgs {
    cl_command_queue q;
    cl_mem m;
    cl_map_flags f;
    size_t off, n;
    void *p;
} MapArgs;

static cl_int run_map(const void *v, cl_event *ev)
{
    const MapArgs *a = v;
    cl_int e;
    spv2c_cl_EnqueueMapBuffer(a->q, a->m, CL_FALSE, a->f, a->off, a->n, 0, NULL, ev, &e);
    return e;
}

static cl_int run_unmap(const void *v, cl_event *ev)
{
    const MapArgs *a = v;
    return spv2c_cl_EnqueueUnmapMemObject(a->q, a->m, a->p, 0, NULL, ev);
}

static cl_int defer_map(cl_command_queue q, cl_mem m, cl_bool block, cl_map_flags f,
    size_t off, size_t n, cl_uint nw, const cl_event *wl, cl_event *ev)
{
    MapArgs a = { q, m, f, off, n, NULL };
    Command c = { run_map, &a, sizeof a, { m, NULL }, NULL };
    return spv2c_cl_defer(q, CL_COMMAND_MAP_BUFFER, nw, wl, ev, block, &c);
}

cl_int CL_API_CALL spv2c_cl_EnqueueReadBuffer(cl_command_queue q, cl_mem m, cl_bool block,
    size_t off, size_t n, void *p, cl_uint nw, const cl_event *wl, cl_event *ev)
{
    cl_ulong t = spv2c_cl_now();
    cl_int e = command_ok(q, m, off, n, nw, wl);

    if (e != CL_SUCCESS)
        return e;
    if (!p || n == 0)
        return CL_INVALID_VALUE;
    if (m->flags & (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS))
        return CL_INVALID_OPERATION;
    if (spv2c_cl_must_wait(q, nw, wl)) {
        BufArgs a = { q, m, NULL, off, 0, n, 0, p, { 0 } };
        return defer(&a, run_read, CL_COMMAND_READ_BUFFER, block, nw, wl, ev);
    }
    memmove(p, m->data + off, n);
    return spv2c_cl_done(q, CL_COMMAND_READ_BUFFER, t, ev);
}

cl_int CL_API_CALL spv2c_cl_EnqueueWriteBuffer(cl_command_queue q, cl_mem m, cl_bool block,
    size_t off, size_t n, const void *p, cl_uint nw, const cl_event *wl, cl_event *ev)
{
    cl_ulong t = spv2c_cl_now();
    cl_int e = command_ok(q, m, off, n, nw, wl);

    if (e != CL_SUCCESS)
        return e;
    if (!p || n == 0)
        return CL_INVALID_VALUE;
    if (m->flags & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS))
        return CL_INVALID_OPERATION;
    if (spv2c_cl_must_wait(q, nw, wl)) {   /* p as given: the application keeps it */
        BufArgs a = { q, NULL, m, 0, off, n, 0, (void *)p, { 0 } };
        return defer(&a, run_write, CL_COMMAND_WRITE_BUFFER, block, nw, wl, ev);
    }
    memmove(m->data + off, p, n);
    return spv2c_cl_done(q, CL_COMMAND_WRITE_BUFFER, t, ev);
}

/* whether [a, a + n) and [b, b + n) of the same memory overlap */
static int overlap(const unsigned char *a, const unsigned char *b, size_t n)
{
    return a < b + n && b < a + n;
}

cl_int CL_API_CALL spv2c_cl_EnqueueCopyBuffer(cl_command_queue q, cl_mem s, cl_mem d,
    size_t so, size_t dof, size_t n, cl_uint nw, const cl_event *wl, cl_event *ev)
{
    cl_ulong t = spv2c_cl_now();
    cl_int e = command_ok(q, s, so, n, nw, wl);

    if (e == CL_SUCCESS)
        e = command_ok(q, d, dof, n, 0, NULL);
    if (e != CL_SUCCESS)
        return e;
    if (n == 0)
        return CL_INVALID_VALUE;
    if ((s == d || s->data == d->data || s->parent == d || d->parent == s ||
         (s->parent && s->parent == d->parent)) && overlap(s->data + so, d->data + dof, n))
        return CL_MEM_COPY_OVERLAP;
    if (spv2c_cl_must_wait(q, nw, wl)) {
        BufArgs a = { q, s, d, so, dof, n, 0, NULL, { 0 } };
        return defer(&a, run_copy, CL_COMMAND_COPY_BUFFER, CL_FALSE, nw, wl, ev);
    }
    memmove(d->data + dof, s->data + so, n);
    return spv2c_cl_done(q, CL_COMMAND_COPY_BUFFER, t, ev);
}

cl_int CL_API_CALL spv2c_cl_EnqueueFillBuffer(cl_command_queue q, cl_mem m, const void *pat,
    size_t psize, size_t off, size_t n, cl_uint nw, const cl_event *wl, cl_event *ev)
{
    cl_ulong t = spv2c_cl_now();
    cl_int e = command_ok(q, m, off, n, nw, wl);
    size_t k;

    if (e != CL_SUCCESS)
        return e;
    if (!pat || psize == 0 || psize > 128 || (psize & (psize - 1)) || off % psize || n % psize)
        return CL_INVALID_VALUE;
    if (spv2c_cl_must_wait(q, nw, wl)) {   /* the pattern copied now, as the spec says */
        BufArgs a = { q, NULL, m, 0, off, n, psize, NULL, { 0 } };
        memcpy(a.pat, pat, psize);
        return defer(&a, run_fill, CL_COMMAND_FILL_BUFFER, CL_FALSE, nw, wl, ev);
    }
    for (k = 0; k < n; k += psize)
        memcpy(m->data + off + k, pat, psize);
    return spv2c_cl_done(q, CL_COMMAND_FILL_BUFFER, t, ev);
}

void *CL_API_CALL spv2c_cl_EnqueueMapBuffer(cl_command_queue q, cl_mem m, cl_bool block,
    cl_map_flags f, size_t off, size_t n, cl_uint nw, const cl_event *wl, cl_event *ev,
    cl_int *errp)
{
    cl_ulong t = spv2c_cl_now();
    cl_int dummy, e = command_ok(q, m, off, n, nw, wl);

    if (!errp)
        errp = &dummy;
    if (e == CL_SUCCESS && (n == 0 || (f & ~(cl_map_flags)(CL_MAP_READ | CL_MAP_WRITE |
                                                            CL_MAP_WRITE_INVALIDATE_REGION)) ||
                            ((f & CL_MAP_WRITE_INVALIDATE_REGION) &&
                             (f & (CL_MAP_READ | CL_MAP_WRITE)))))
        e = CL_INVALID_VALUE;
    if (e == CL_SUCCESS && spv2c_cl_must_wait(q, nw, wl)) {   /* the pointer known now */
        *errp = defer_map(q, m, block, f, off, n, nw, wl, ev);
        return *errp == CL_SUCCESS ? m->data + off : NULL;
    }
    if (e == CL_SUCCESS)
        e = spv2c_cl_done(q, CL_COMMAND_MAP_BUFFER, t, ev);
    *errp = e;
    if (e != CL_SUCCESS)
        return NULL;
    m->maps++;
    return m->data + off;
}

cl_int CL_API_CALL spv2c_cl_EnqueueUnmapMemObject(cl_command_queue q, cl_mem m, void *p,
    cl_uint nw, const cl_event *wl, cl_event *ev)
{
    cl_ulong t = spv2c_cl_now();
    cl_int e = mem_ok(q, m, 0, 0, nw, wl);   /* a buffer's or an image's map */
    unsigned char *b = p;

    if (e != CL_SUCCESS)
        return e;
    if (b < m->data || b > m->data + m->size)
        return CL_INVALID_VALUE;
    if (spv2c_cl_must_wait(q, nw, wl)) {   /* its map may be deferred too: checked then */
        MapArgs a = { q, m, 0, 0, 0, p };
        Command c = { run_unmap, &a, sizeof a, { m, NULL }, NULL };
        return spv2c_cl_defer(q, CL_COMMAND_UNMAP_MEM_OBJECT, nw, wl, ev, CL_FALSE, &c);
    }
    if (!m->maps)
        return CL_INVALID_VALUE;
    m->maps--;
    return spv2c_cl_done(q, CL_COMMAND_UNMAP_MEM_OBJECT, t, ev);
}

/* ---- rect commands ---- */

typedef struct Rect {
    size_t origin[3], row, slice;   /* pitches after the 0 defaults */
} Rect;

/* r from origin and pitches (0: tight) for region; 0 or CL_INVALID_VALUE */
static cl_int rect(Rect *r, const size_t *o, const size_t *reg, size_t row, size_t slice)
{
    if (!o || !reg || !reg[0] || !reg[1] || !reg[2])
        return CL_INVALID_VALUE;
    r->row = row ? row : reg[0];
    r->slice = slice ? slice : reg[1] * r->row;
    if (r->row < reg[0] || r->slice < reg[1] * r->row || (slice && slice % r->row))
        return CL_INVALID_VALUE;
    memcpy(r->origin, o, sizeof r->origin);
    return CL_SUCCESS;
}

static size_t rect_at(const Rect *r, size_t y, size_t z)
{
    return r->origin[0] + (r->origin[1] + y) * r->row + (r->origin[2] + z) * r->slice;
}

/* the last byte a region touches must be in m */
static int rect_fits(const Rect *r, const size_t *reg, size_t size)
{
    size_t last = rect_at(r, reg[1] - 1, reg[2] - 1) + reg[0];
    return last <= size;
}

/* whether rects a and b of one buffer overlap: the specification's
   check_copy_overlap (OpenCL 1.2 appendix E) when the pitches agree (rows of
   one in the gap between the other's rows, or slices in the gap between
   slices, do not overlap); otherwise whether their byte spans overlap */
static int rect_overlap(const Rect *a, const Rect *b, const size_t *reg)
{
    size_t rowsz = (reg[1] - 1) * a->row + reg[0], sa = rect_at(a, 0, 0), sb = rect_at(b, 0, 0);
    size_t n = (reg[2] - 1) * a->slice + rowsz, dxa, dxb, dya, dyb;

    if (sb + n <= sa || sa + n <= sb)
        return 0;
    if (a->row != b->row || a->slice != b->slice)
        return 1;
    dxa = a->origin[0] % a->row;
    dxb = b->origin[0] % a->row;
    if ((dxb >= dxa + reg[0] && dxb + reg[0] <= dxa + a->row) ||
        (dxa >= dxb + reg[0] && dxa + reg[0] <= dxb + a->row))
        return 0;
    dya = (a->origin[1] * a->row + a->origin[0]) % a->slice;
    dyb = (b->origin[1] * a->row + b->origin[0]) % a->slice;
    return !((dyb >= dya + rowsz && dyb + rowsz <= dya + a->slice) ||
             (dya >= dyb + rowsz && dya + rowsz <= dyb + a->slice));
}

static void rect_copy(unsigned char *d, const Rect *dr, const unsigned char *s, const Rect *sr,
                      const size_t *reg)
{
    size_t y, z;
    for (z = 0; z < reg[2]; z++)
        for (y = 0; y < reg[1]; y++)
            memmove(d + rect_at(dr, y, z), s + rect_at(sr, y, z), reg[0]);
}

/* a deferred rect command: to_host 1 a read, 0 a write (s the buffer), 2 a copy */
typedef struct RectArgs {
    cl_command_queue q;
    cl_mem s, d;
    int to_host;
    size_t so[3], dof[3], reg[3], srow, sslice, drow, dslice;
    void *p;
} RectArgs;

static cl_int host_rect(cl_command_queue q, cl_mem m, int to_host, cl_bool block,
    const size_t *bo, const size_t *ho, const size_t *reg, size_t brow, size_t bslice,
    size_t hrow, size_t hslice, void *p, cl_uint nw, const cl_event *wl, cl_event *ev);

static cl_int run_rect(const void *v, cl_event *ev)
{
    const RectArgs *a = v;
    if (a->to_host == 2)
        return spv2c_cl_EnqueueCopyBufferRect(a->q, a->s, a->d, a->so, a->dof, a->reg, a->srow,
                                              a->sslice, a->drow, a->dslice, 0, NULL, ev);
    return host_rect(a->q, a->s, a->to_host, CL_FALSE, a->so, a->dof, a->reg, a->srow,
                     a->sslice, a->drow, a->dslice, a->p, 0, NULL, ev);
}

static cl_int defer_rect(RectArgs *a, const size_t *so, const size_t *dof, const size_t *reg,
                         cl_bool block, cl_uint nw, const cl_event *wl, cl_event *ev)
{
    static const cl_command_type types[3] = { CL_COMMAND_WRITE_BUFFER_RECT,
        CL_COMMAND_READ_BUFFER_RECT, CL_COMMAND_COPY_BUFFER_RECT };
    Command c = { run_rect, a, sizeof *a, { a->s, a->d }, NULL };

    memcpy(a->so, so, sizeof a->so);
    memcpy(a->dof, dof, sizeof a->dof);
    memcpy(a->reg, reg, sizeof a->reg);
    return spv2c_cl_defer(a->q, types[a->to_host], nw, wl, ev, block, &c);
}

/* read (to_host) or write a rect of m */
static cl_int host_rect(cl_command_queue q, cl_mem m, int to_host, cl_bool block,
    const size_t *bo, const size_t *ho, const size_t *reg, size_t brow, size_t bslice,
    size_t hrow, size_t hslice, void *p, cl_uint nw, const cl_event *wl, cl_event *ev)
{
    cl_ulong t = spv2c_cl_now();
    cl_int e = command_ok(q, m, 0, 0, nw, wl);
    Rect b, h;

    if (e == CL_SUCCESS && ((e = rect(&b, bo, reg, brow, bslice)) != CL_SUCCESS ||
                            (e = rect(&h, ho, reg, hrow, hslice)) != CL_SUCCESS))
        return e;
    if (e != CL_SUCCESS)
        return e;
    if (!p || !rect_fits(&b, reg, m->size))
        return CL_INVALID_VALUE;
    if (spv2c_cl_must_wait(q, nw, wl)) {
        RectArgs a = { q, m, NULL, to_host, { 0 }, { 0 }, { 0 }, brow, bslice, hrow, hslice, p };
        return defer_rect(&a, bo, ho, reg, block, nw, wl, ev);
    }
    if (to_host)
        rect_copy(p, &h, m->data, &b, reg);
    else
        rect_copy(m->data, &b, p, &h, reg);
    return spv2c_cl_done(q, to_host ? CL_COMMAND_READ_BUFFER_RECT : CL_COMMAND_WRITE_BUFFER_RECT,
                         t, ev);
}

cl_int CL_API_CALL spv2c_cl_EnqueueReadBufferRect(cl_command_queue q, cl_mem m, cl_bool block,
    const size_t *bo, const size_t *ho, const size_t *reg, size_t brow, size_t bslice,
    size_t hrow, size_t hslice, void *p, cl_uint nw, const cl_event *wl, cl_event *ev)
{
    return host_rect(q, m, 1, block, bo, ho, reg, brow, bslice, hrow, hslice, p, nw, wl, ev);
}

cl_int CL_API_CALL spv2c_cl_EnqueueWriteBufferRect(cl_command_queue q, cl_mem m, cl_bool block,
    const size_t *bo, const size_t *ho, const size_t *reg, size_t brow, size_t bslice,
    size_t hrow, size_t hslice, const void *p, cl_uint nw, const cl_event *wl, cl_event *ev)
{
    return host_rect(q, m, 0, block, bo, ho, reg, brow, bslice, hrow, hslice, (void *)p, nw, wl, ev);
}

cl_int CL_API_CALL spv2c_cl_EnqueueCopyBufferRect(cl_command_queue q, cl_mem s, cl_mem d,
    const size_t *so, const size_t *dof, const size_t *reg, size_t srow, size_t sslice,
    size_t drow, size_t dslice, cl_uint nw, const cl_event *wl, cl_event *ev)
{
    cl_ulong t = spv2c_cl_now();
    cl_int e = command_ok(q, s, 0, 0, nw, wl);
    Rect a, b;

    if (e == CL_SUCCESS)
        e = command_ok(q, d, 0, 0, 0, NULL);
    if (e == CL_SUCCESS && (e = rect(&a, so, reg, srow, sslice)) == CL_SUCCESS)
        e = rect(&b, dof, reg, drow, dslice);
    if (e != CL_SUCCESS)
        return e;
    if (!rect_fits(&a, reg, s->size) || !rect_fits(&b, reg, d->size))
        return CL_INVALID_VALUE;
    if (s == d && rect_overlap(&a, &b, reg))
        return CL_MEM_COPY_OVERLAP;
    if (spv2c_cl_must_wait(q, nw, wl)) {
        RectArgs r = { q, s, d, 2, { 0 }, { 0 }, { 0 }, srow, sslice, drow, dslice, NULL };
        return defer_rect(&r, so, dof, reg, CL_FALSE, nw, wl, ev);
    }
    rect_copy(d->data, &b, s->data, &a, reg);
    return spv2c_cl_done(q, CL_COMMAND_COPY_BUFFER_RECT, t, ev);
}

/*
 * image: images (clCreateImage and 1.1's clCreateImage2D/3D, image1d_buffer
 * over a buffer's bytes) and the commands on them (read, write, copy, fill,
 * the copies to and from buffers, map; unmap is mem.c's), samplers, and the
 * kernel arguments of both. An image is a cl_mem whose img holds its format
 * and extents; its bytes are host memory laid out as the generated image
 * struct (PREFIXimage, runtime/image.h) reads them, so an argument is that
 * struct built from the cl_mem and a sampler argument its OpenCL C bit
 * field. The formats are exactly those runtime/image.h holds (included
 * here: its spv2c_img_esize_ decides, and a fill converts its colour with
 * the kernels' own spv2c_img_write).
 */
#include <stdlib.h>
#include <string.h>

#include "icd.h"

#include "../runtime/base.h"
typedef struct spv2c_image_ {   /* the generated PREFIXimage */
    void *data;
    uint32_t order, type;
    size_t width, height, depth, array_size;
    size_t row_pitch, slice_pitch;
} spv2c_image_;
#include "../runtime/half.h"
#include "../runtime/image.h"

/* the limits the device reports (icd.c), OpenCL 1.2's minimums */
#define MAX2D 8192
#define MAX3D 2048
#define MAX_LAYERS 2048
#define MAX_BUFFER_TEXELS 65536
#define MAX_BYTES ((size_t)1 << 30)   /* CL_DEVICE_MAX_MEM_ALLOC_SIZE */

#define ACCESS (CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY)
#define HOST_ACCESS (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS)
#define HOST_PTR (CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR)

/* ---- formats ---- */

/* bytes a texel of f takes; 0 when runtime/image.h does not hold f or
   OpenCL 1.2 forbids it (BGRA and ARGB only with 8-bit channels, which the
   runtime would read in any size) */
static size_t format_size(const cl_image_format *f)
{
    cl_uint t = f->image_channel_data_type;
    spv2c_image_ im;

    if ((f->image_channel_order == CL_BGRA || f->image_channel_order == CL_ARGB) &&
        t != CL_UNORM_INT8 && t != CL_SNORM_INT8 && t != CL_SIGNED_INT8 && t != CL_UNSIGNED_INT8)
        return 0;
    memset(&im, 0, sizeof im);
    im.order = f->image_channel_order;
    im.type = f->image_channel_data_type;
    return spv2c_img_esize_(&im);
}

/* CL_SUCCESS, CL_INVALID_IMAGE_FORMAT_DESCRIPTOR (not an OpenCL 1.2 format)
   or CL_IMAGE_FORMAT_NOT_SUPPORTED (a later version's: sRGB, depth, ABGR) */
static cl_int format_ok(const cl_image_format *f)
{
    cl_uint o, t;

    if (!f)
        return CL_INVALID_IMAGE_FORMAT_DESCRIPTOR;
    if (format_size(f))
        return CL_SUCCESS;
    o = f->image_channel_order;
    t = f->image_channel_data_type;
    if (o >= CL_R && o <= CL_RGBx && t >= CL_SNORM_INT8 && t <= CL_FLOAT)
        return CL_INVALID_IMAGE_FORMAT_DESCRIPTOR;   /* 1.2's rules refuse the pair */
    if (o >= CL_R && o <= 0x10C3 && t >= CL_SNORM_INT8 && t <= 0x10E0)
        return CL_IMAGE_FORMAT_NOT_SUPPORTED;
    return CL_INVALID_IMAGE_FORMAT_DESCRIPTOR;
}

static int image_type(cl_mem_object_type t)
{
    return t == CL_MEM_OBJECT_IMAGE1D || t == CL_MEM_OBJECT_IMAGE1D_BUFFER ||
           t == CL_MEM_OBJECT_IMAGE1D_ARRAY || t == CL_MEM_OBJECT_IMAGE2D ||
           t == CL_MEM_OBJECT_IMAGE2D_ARRAY || t == CL_MEM_OBJECT_IMAGE3D;
}

/* at most one bit of mask set in f */
static int one_of(cl_mem_flags f, cl_mem_flags mask)
{
    f &= mask;
    return (f & (f - 1)) == 0;
}

static int flags_ok(cl_mem_flags f)
{
    return !(f & ~(cl_mem_flags)(ACCESS | HOST_ACCESS | HOST_PTR)) && one_of(f, ACCESS) &&
           one_of(f, HOST_ACCESS) &&
           !((f & CL_MEM_USE_HOST_PTR) && (f & (CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR)));
}

/* every format runtime/image.h holds, for every image type and flags */
cl_int CL_API_CALL spv2c_cl_GetSupportedImageFormats(cl_context c, cl_mem_flags f,
    cl_mem_object_type t, cl_uint n, cl_image_format *out, cl_uint *nret)
{
    cl_image_format fmt;
    cl_uint k = 0;

    if (!OK_OBJ(c, MAGIC_CONTEXT))
        return CL_INVALID_CONTEXT;
    if (!flags_ok(f) || !image_type(t) || (n == 0 && out))
        return CL_INVALID_VALUE;
    for (fmt.image_channel_order = CL_R; fmt.image_channel_order <= CL_RGBx;
         fmt.image_channel_order++)
        for (fmt.image_channel_data_type = CL_SNORM_INT8; fmt.image_channel_data_type <= CL_FLOAT;
             fmt.image_channel_data_type++) {
            if (!format_size(&fmt))
                continue;
            if (out && k < n)
                out[k] = fmt;
            k++;
        }
    if (nret)
        *nret = k;
    return CL_SUCCESS;
}

/* ---- images ---- */

/* the extents' checks: CL_SUCCESS, CL_INVALID_IMAGE_DESCRIPTOR (a 0 where one
   is needed) or CL_INVALID_IMAGE_SIZE (beyond the device's limits) */
static cl_int extents_ok(const cl_image_desc *d)
{
    cl_mem_object_type t = d->image_type;
    int arr = t == CL_MEM_OBJECT_IMAGE1D_ARRAY || t == CL_MEM_OBJECT_IMAGE2D_ARRAY;
    int two = t == CL_MEM_OBJECT_IMAGE2D || t == CL_MEM_OBJECT_IMAGE2D_ARRAY;
    size_t maxw = t == CL_MEM_OBJECT_IMAGE3D ? MAX3D :
                  t == CL_MEM_OBJECT_IMAGE1D_BUFFER ? MAX_BUFFER_TEXELS : MAX2D;

    if (!d->image_width || ((two || t == CL_MEM_OBJECT_IMAGE3D) && !d->image_height) ||
        (t == CL_MEM_OBJECT_IMAGE3D && !d->image_depth) || (arr && !d->image_array_size))
        return CL_INVALID_IMAGE_DESCRIPTOR;
    if (d->image_width > maxw || (two && d->image_height > MAX2D) ||
        (t == CL_MEM_OBJECT_IMAGE3D && (d->image_height > MAX3D || d->image_depth > MAX3D)) ||
        (arr && d->image_array_size > MAX_LAYERS))
        return CL_INVALID_IMAGE_SIZE;
    return CL_SUCCESS;
}

/* ii's bounds and steps from its descriptor and pitches (row, slice: 0 tight) */
static cl_int layout(ImageInfo *ii, size_t row, size_t slice)
{
    const cl_image_desc *d = &ii->desc;
    cl_mem_object_type t = d->image_type;
    int one = t == CL_MEM_OBJECT_IMAGE1D || t == CL_MEM_OBJECT_IMAGE1D_BUFFER ||
              t == CL_MEM_OBJECT_IMAGE1D_ARRAY;
    size_t h = one ? 1 : d->image_height, tight = d->image_width * ii->esize;

    ii->ext[0] = d->image_width;
    ii->ext[1] = t == CL_MEM_OBJECT_IMAGE1D_ARRAY ? d->image_array_size : h;
    ii->ext[2] = t == CL_MEM_OBJECT_IMAGE3D ? d->image_depth :
                 t == CL_MEM_OBJECT_IMAGE2D_ARRAY ? d->image_array_size : 1;
    row = row ? row : tight;
    slice = slice ? slice : row * h;
    if (row < tight || row % ii->esize || slice < row * h || slice % row)
        return CL_INVALID_IMAGE_DESCRIPTOR;
    ii->step[0] = ii->esize;
    ii->step[1] = t == CL_MEM_OBJECT_IMAGE1D_ARRAY ? slice : row;
    ii->step[2] = slice;
    ii->desc.image_row_pitch = row;
    ii->desc.image_slice_pitch = slice;
    return CL_SUCCESS;
}

/* the bytes an image with ii's layout spans; 0 past MAX_BYTES */
static size_t span(const ImageInfo *ii)
{
    size_t n = 1, k;

    for (k = 1; k < 3; k++)
        if (ii->ext[k] > 1) {
            if (ii->step[k] > MAX_BYTES / ii->ext[k])
                return 0;
            n = ii->step[k] * ii->ext[k];
        }
    if (n == 1)
        n = ii->esize * ii->ext[0];
    return n > MAX_BYTES ? 0 : n;
}

/* image1d_buffer's buffer and flags: CL_SUCCESS or the error */
static cl_int buffer_ok(const cl_image_desc *d, cl_mem_flags *f, void *host, size_t bytes)
{
    cl_mem b = d->buffer;

    if (d->image_type != CL_MEM_OBJECT_IMAGE1D_BUFFER)
        return b ? CL_INVALID_IMAGE_DESCRIPTOR : CL_SUCCESS;
    if (!OK_OBJ(b, MAGIC_MEM) || b->img)
        return CL_INVALID_IMAGE_DESCRIPTOR;
    if ((*f & HOST_PTR) || host)
        return CL_INVALID_VALUE;
    if (((b->flags & CL_MEM_WRITE_ONLY) && (*f & (CL_MEM_READ_WRITE | CL_MEM_READ_ONLY))) ||
        ((b->flags & CL_MEM_READ_ONLY) && (*f & (CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY))) ||
        ((b->flags & CL_MEM_HOST_WRITE_ONLY) && (*f & CL_MEM_HOST_READ_ONLY)) ||
        ((b->flags & CL_MEM_HOST_READ_ONLY) && (*f & CL_MEM_HOST_WRITE_ONLY)) ||
        ((b->flags & CL_MEM_HOST_NO_ACCESS) && (*f & (CL_MEM_HOST_READ_ONLY |
                                                       CL_MEM_HOST_WRITE_ONLY))))
        return CL_INVALID_VALUE;
    if (bytes > b->size)
        return CL_INVALID_IMAGE_SIZE;
    if (!(*f & ACCESS))
        *f |= b->flags & ACCESS;
    if (!(*f & HOST_ACCESS))
        *f |= b->flags & HOST_ACCESS;
    *f |= b->flags & HOST_PTR;
    return CL_SUCCESS;
}

/* the descriptor's checks before the layout: CL_SUCCESS or the error */
static cl_int desc_ok(const cl_image_desc *d, cl_mem_flags f, void *host)
{
    if (!d || !image_type(d->image_type) || d->num_mip_levels || d->num_samples)
        return CL_INVALID_IMAGE_DESCRIPTOR;
    if (!host && (d->image_row_pitch || d->image_slice_pitch))
        return CL_INVALID_IMAGE_DESCRIPTOR;
    if (d->image_type != CL_MEM_OBJECT_IMAGE1D_BUFFER &&
        (host != NULL) != ((f & (CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR)) != 0))
        return CL_INVALID_HOST_PTR;
    return extents_ok(d);
}

/* copy a region of reg[0] bytes by reg[1] rows by reg[2] slices */
static void region_copy(unsigned char *d, size_t drow, size_t dslice, const unsigned char *s,
                        size_t srow, size_t sslice, const size_t *reg)
{
    size_t y, z;

    for (z = 0; z < reg[2]; z++)
        for (y = 0; y < reg[1]; y++)
            memmove(d + y * drow + z * dslice, s + y * srow + z * sslice, reg[0]);
}

/* the image's bytes: its buffer's, the host's (USE_HOST_PTR) or new ones */
static cl_int image_data(cl_mem m, cl_mem_flags f, const cl_image_desc *d, void *host)
{
    ImageInfo *ii = m->img;
    size_t reg[3];

    if (d->image_type == CL_MEM_OBJECT_IMAGE1D_BUFFER) {
        m->parent = d->buffer;
        spv2c_cl_retain(&m->parent->obj);
        m->data = m->parent->data;
        m->host = m->parent->host;
        return CL_SUCCESS;
    }
    if (f & CL_MEM_USE_HOST_PTR) {
        m->data = m->host = host;
        return CL_SUCCESS;
    }
    if ((m->data = malloc(m->size)) == NULL)
        return CL_MEM_OBJECT_ALLOCATION_FAILURE;
    m->owns = 1;
    reg[0] = ii->ext[0] * ii->esize;
    reg[1] = ii->ext[1];
    reg[2] = ii->ext[2];
    if (f & CL_MEM_COPY_HOST_PTR) {   /* the host's pitches, then tight ones */
        size_t row = d->image_row_pitch ? d->image_row_pitch : reg[0];
        size_t slice = d->image_slice_pitch ? d->image_slice_pitch :
                       d->image_type == CL_MEM_OBJECT_IMAGE1D_ARRAY ? row : row * reg[1];
        region_copy(m->data, ii->step[1], ii->step[2], host,
                    d->image_type == CL_MEM_OBJECT_IMAGE1D_ARRAY ? slice : row, slice, reg);
    }
    return CL_SUCCESS;
}

/* a new image, its checks passed: CL_SUCCESS or the error */
static cl_int new_image(cl_context c, cl_mem_flags f, const ImageInfo *ii, const cl_image_desc *d,
                        void *host, cl_mem *out)
{
    cl_mem m = calloc(1, sizeof *m);
    cl_int e;

    if (!m || (m->img = malloc(sizeof *ii)) == NULL) {
        free(m);
        return CL_OUT_OF_HOST_MEMORY;
    }
    *m->img = *ii;
    m->ctx = c;
    m->flags = f;
    m->size = span(ii);
    if ((e = image_data(m, f, d, host)) != CL_SUCCESS) {
        free(m->img);
        free(m);
        return e;
    }
    spv2c_cl_obj_init(&m->obj, MAGIC_MEM, &c->obj);
    *out = m;
    return CL_SUCCESS;
}

/* the checks, in the order the specification lists them, then the image */
static cl_int create_image(cl_context c, cl_mem_flags f, const cl_image_format *fmt,
                           const cl_image_desc *d, void *host, cl_mem *out)
{
    ImageInfo ii;
    cl_int e, e2;

    if (!OK_OBJ(c, MAGIC_CONTEXT))
        return CL_INVALID_CONTEXT;
    if (f == 0 && !(d && d->image_type == CL_MEM_OBJECT_IMAGE1D_BUFFER))
        f = CL_MEM_READ_WRITE;
    if (!flags_ok(f))
        return CL_INVALID_VALUE;
    if ((e = format_ok(fmt)) == CL_INVALID_IMAGE_FORMAT_DESCRIPTOR)
        return e;
    if ((e2 = desc_ok(d, f, host)) != CL_SUCCESS)
        return e2;
    if (e != CL_SUCCESS)   /* CL_IMAGE_FORMAT_NOT_SUPPORTED */
        return e;
    memset(&ii, 0, sizeof ii);
    ii.fmt = *fmt;
    ii.desc = *d;
    ii.esize = format_size(fmt);
    if ((e = layout(&ii, d->image_row_pitch, d->image_slice_pitch)) != CL_SUCCESS)
        return e;
    if (!span(&ii))
        return CL_INVALID_IMAGE_SIZE;
    if ((e = buffer_ok(d, &f, host, ii.esize * ii.ext[0])) != CL_SUCCESS)
        return e;
    if (f == 0)
        f = CL_MEM_READ_WRITE;
    return new_image(c, f, &ii, d, host, out);
}

cl_mem CL_API_CALL spv2c_cl_CreateImage(cl_context c, cl_mem_flags f, const cl_image_format *fmt,
                                        const cl_image_desc *d, void *host, cl_int *errp)
{
    cl_mem m = NULL;
    cl_int e = create_image(c, f, fmt, d, host, &m);

    if (errp)
        *errp = e;
    return e == CL_SUCCESS ? m : NULL;
}

/* 1.1's entry points: their descriptors' errors are CL_INVALID_IMAGE_SIZE */
static cl_mem legacy(cl_context c, cl_mem_flags f, const cl_image_format *fmt,
                     const cl_image_desc *d, void *host, cl_int *errp)
{
    cl_mem m = NULL;
    cl_int e = OK_OBJ(c, MAGIC_CONTEXT) && d->image_type == CL_MEM_OBJECT_IMAGE3D &&
               d->image_depth == 1 ? CL_INVALID_IMAGE_SIZE   /* 1.1: a depth over 1 */
                                   : create_image(c, f, fmt, d, host, &m);

    if (e == CL_INVALID_IMAGE_DESCRIPTOR)
        e = CL_INVALID_IMAGE_SIZE;
    if (errp)
        *errp = e;
    return e == CL_SUCCESS ? m : NULL;
}

cl_mem CL_API_CALL spv2c_cl_CreateImage2D(cl_context c, cl_mem_flags f,
    const cl_image_format *fmt, size_t w, size_t h, size_t row, void *host, cl_int *errp)
{
    cl_image_desc d;

    memset(&d, 0, sizeof d);
    d.image_type = CL_MEM_OBJECT_IMAGE2D;
    d.image_width = w;
    d.image_height = h;
    d.image_row_pitch = row;
    return legacy(c, f, fmt, &d, host, errp);
}

cl_mem CL_API_CALL spv2c_cl_CreateImage3D(cl_context c, cl_mem_flags f,
    const cl_image_format *fmt, size_t w, size_t h, size_t depth, size_t row, size_t slice,
    void *host, cl_int *errp)
{
    cl_image_desc d;

    memset(&d, 0, sizeof d);
    d.image_type = CL_MEM_OBJECT_IMAGE3D;
    d.image_width = w;
    d.image_height = h;
    d.image_depth = depth;
    d.image_row_pitch = row;
    d.image_slice_pitch = slice;
    return legacy(c, f, fmt, &d, host, errp);
}

cl_mem_object_type spv2c_cl_mem_type(cl_mem m)
{
    return m->img ? m->img->desc.image_type : CL_MEM_OBJECT_BUFFER;
}

cl_int CL_API_CALL spv2c_cl_GetImageInfo(cl_mem m, cl_image_info what, size_t size, void *out,
                                         size_t *ret)
{
    const cl_image_desc *d;
    cl_mem_object_type t;
    size_t v;
    cl_uint z = 0;

    if (!OK_OBJ(m, MAGIC_MEM) || !m->img)
        return CL_INVALID_MEM_OBJECT;
    d = &m->img->desc;
    t = d->image_type;
    switch (what) {
    case CL_IMAGE_FORMAT:
        return spv2c_cl_info(&m->img->fmt, sizeof m->img->fmt, size, out, ret);
    case CL_IMAGE_ELEMENT_SIZE: v = m->img->esize; break;
    case CL_IMAGE_ROW_PITCH: v = d->image_row_pitch; break;
    case CL_IMAGE_SLICE_PITCH:
        v = t == CL_MEM_OBJECT_IMAGE3D || t == CL_MEM_OBJECT_IMAGE1D_ARRAY ||
            t == CL_MEM_OBJECT_IMAGE2D_ARRAY ? d->image_slice_pitch : 0;
        break;
    case CL_IMAGE_WIDTH: v = d->image_width; break;
    case CL_IMAGE_HEIGHT:
        v = t == CL_MEM_OBJECT_IMAGE2D || t == CL_MEM_OBJECT_IMAGE2D_ARRAY ||
            t == CL_MEM_OBJECT_IMAGE3D ? d->image_height : 0;
        break;
    case CL_IMAGE_DEPTH: v = t == CL_MEM_OBJECT_IMAGE3D ? d->image_depth : 0; break;
    case CL_IMAGE_ARRAY_SIZE:
        v = t == CL_MEM_OBJECT_IMAGE1D_ARRAY || t == CL_MEM_OBJECT_IMAGE2D_ARRAY
            ? d->image_array_size : 0;
        break;
    case CL_IMAGE_BUFFER: return spv2c_cl_info(&d->buffer, sizeof d->buffer, size, out, ret);
    case CL_IMAGE_NUM_MIP_LEVELS: case CL_IMAGE_NUM_SAMPLES:
        return spv2c_cl_info(&z, sizeof z, size, out, ret);
    default: return CL_INVALID_VALUE;
    }
    return spv2c_cl_info(&v, sizeof v, size, out, ret);
}

/* ---- commands ---- */

/* the checks every image command makes on q and the image m */
static cl_int image_cmd_ok(cl_command_queue q, cl_mem m, cl_uint nw, const cl_event *wl)
{
    cl_int e = spv2c_cl_queue_valid(q, nw, wl);   /* each command defers when it waits */

    if (e != CL_SUCCESS)
        return e;
    if (!OK_OBJ(m, MAGIC_MEM) || !m->img)
        return CL_INVALID_MEM_OBJECT;
    return m->ctx != q->ctx ? CL_INVALID_CONTEXT : CL_SUCCESS;
}

/* a buffer the image commands copy to or from */
static cl_int buffer_cmd_ok(cl_command_queue q, cl_mem b)
{
    if (!OK_OBJ(b, MAGIC_MEM) || b->img)
        return CL_INVALID_MEM_OBJECT;
    return b->ctx != q->ctx ? CL_INVALID_CONTEXT : CL_SUCCESS;
}

/* origin o and region r inside ii (unused dimensions: origin 0, region 1) */
static cl_int region_ok(const ImageInfo *ii, const size_t *o, const size_t *r)
{
    unsigned k;

    if (!o || !r)
        return CL_INVALID_VALUE;
    for (k = 0; k < 3; k++)
        if (!r[k] || o[k] > ii->ext[k] || r[k] > ii->ext[k] - o[k])
            return CL_INVALID_VALUE;
    return CL_SUCCESS;
}

static unsigned char *texel(cl_mem m, const size_t *o)
{
    const size_t *s = m->img->step;
    return m->data + o[0] * s[0] + o[1] * s[1] + o[2] * s[2];
}

/* the region r of m in bytes by rows by slices */
static void bytes_of(cl_mem m, const size_t *r, size_t *b)
{
    b[0] = r[0] * m->img->esize;
    b[1] = r[1];
    b[2] = r[2];
}

/* the host's steps for region r (row, slice: 0 tight): 0 or CL_INVALID_VALUE */
static cl_int host_steps(cl_mem m, const size_t *r, size_t row, size_t slice, size_t *st)
{
    int arr1 = m->img->desc.image_type == CL_MEM_OBJECT_IMAGE1D_ARRAY;
    size_t tight = r[0] * m->img->esize;

    row = row ? row : tight;
    slice = slice ? slice : arr1 ? row : row * r[1];
    if (row < tight || slice < (arr1 ? row : row * r[1]))
        return CL_INVALID_VALUE;
    st[0] = arr1 ? slice : row;   /* a 1-D array's layers are its rows */
    st[1] = slice;
    return CL_SUCCESS;
}

/* a deferred image command (defer.c): its kind, arguments, and the call again */
enum { IMG_WRITE, IMG_READ, IMG_COPY, IMG_FILL, IMG_TO_BUFFER, IMG_FROM_BUFFER, IMG_MAP };
typedef struct ImgArgs {
    cl_command_queue q;
    cl_mem s, d;                        /* the image is s, the buffer d (IMG_FROM_BUFFER too) */
    int kind;
    size_t so[3], dof[3], r[3], row, slice, off;
    void *p;
    cl_map_flags f;
    unsigned char colour[16];
} ImgArgs;

static cl_int host_image(cl_command_queue q, cl_mem m, int to_host, cl_bool block,
    const size_t *o, const size_t *r, size_t row, size_t slice, void *p, cl_uint nw,
    const cl_event *wl, cl_event *ev);
static cl_int image_buffer(cl_command_queue q, cl_mem im, cl_mem buf, int to_buffer,
    const size_t *o, const size_t *r, size_t off, cl_uint nw, const cl_event *wl, cl_event *ev);

static cl_int run_image(const void *v, cl_event *ev)
{
    const ImgArgs *a = v;
    size_t row, slice;
    cl_int e;

    switch (a->kind) {
    case IMG_WRITE: case IMG_READ:
        return host_image(a->q, a->s, a->kind == IMG_READ, CL_FALSE, a->so, a->r, a->row,
                          a->slice, a->p, 0, NULL, ev);
    case IMG_COPY:
        return spv2c_cl_EnqueueCopyImage(a->q, a->s, a->d, a->so, a->dof, a->r, 0, NULL, ev);
    case IMG_FILL:
        return spv2c_cl_EnqueueFillImage(a->q, a->s, a->colour, a->so, a->r, 0, NULL, ev);
    case IMG_TO_BUFFER: case IMG_FROM_BUFFER:
        return image_buffer(a->q, a->s, a->d, a->kind == IMG_TO_BUFFER, a->so, a->r, a->off,
                            0, NULL, ev);
    default:
        spv2c_cl_EnqueueMapImage(a->q, a->s, CL_FALSE, a->f, a->so, a->r, &row, &slice, 0,
                                 NULL, ev, &e);
        return e;
    }
}

static cl_int defer_image(ImgArgs *a, const size_t *so, const size_t *dof, const size_t *r,
                          cl_bool block, cl_uint nw, const cl_event *wl, cl_event *ev)
{
    static const cl_command_type types[] = { CL_COMMAND_WRITE_IMAGE, CL_COMMAND_READ_IMAGE,
        CL_COMMAND_COPY_IMAGE, CL_COMMAND_FILL_IMAGE, CL_COMMAND_COPY_IMAGE_TO_BUFFER,
        CL_COMMAND_COPY_BUFFER_TO_IMAGE, CL_COMMAND_MAP_IMAGE };
    Command c = { run_image, a, sizeof *a, { a->s, a->d }, NULL };

    memcpy(a->so, so, sizeof a->so);
    if (dof)
        memcpy(a->dof, dof, sizeof a->dof);
    memcpy(a->r, r, sizeof a->r);
    return spv2c_cl_defer(a->q, types[a->kind], nw, wl, ev, block, &c);
}

/* an ImgArgs of kind for q and s, d, the rest 0 */
static ImgArgs img_args(cl_command_queue q, cl_mem s, cl_mem d, int kind)
{
    ImgArgs a;
    memset(&a, 0, sizeof a);
    a.q = q;
    a.s = s;
    a.d = d;
    a.kind = kind;
    return a;
}

/* clEnqueueReadImage (to_host) and clEnqueueWriteImage */
static cl_int host_image(cl_command_queue q, cl_mem m, int to_host, cl_bool block,
    const size_t *o, const size_t *r, size_t row, size_t slice, void *p, cl_uint nw,
    const cl_event *wl, cl_event *ev)
{
    ImgArgs a;
    cl_ulong t = spv2c_cl_now();
    cl_int e = image_cmd_ok(q, m, nw, wl);
    size_t st[2], b[3];

    if (e != CL_SUCCESS || (e = region_ok(m->img, o, r)) != CL_SUCCESS)
        return e;
    if (!p || host_steps(m, r, row, slice, st) != CL_SUCCESS)
        return CL_INVALID_VALUE;
    if (m->flags & (CL_MEM_HOST_NO_ACCESS |
                    (to_host ? CL_MEM_HOST_WRITE_ONLY : CL_MEM_HOST_READ_ONLY)))
        return CL_INVALID_OPERATION;
    if (spv2c_cl_must_wait(q, nw, wl)) {   /* p as given: the application keeps it */
        a = img_args(q, m, NULL, to_host ? IMG_READ : IMG_WRITE);
        a.row = row;
        a.slice = slice;
        a.p = p;
        return defer_image(&a, o, NULL, r, block, nw, wl, ev);
    }
    bytes_of(m, r, b);
    if (to_host)
        region_copy(p, st[0], st[1], texel(m, o), m->img->step[1], m->img->step[2], b);
    else
        region_copy(texel(m, o), m->img->step[1], m->img->step[2], p, st[0], st[1], b);
    return spv2c_cl_done(q, to_host ? CL_COMMAND_READ_IMAGE : CL_COMMAND_WRITE_IMAGE, t, ev);
}

cl_int CL_API_CALL spv2c_cl_EnqueueReadImage(cl_command_queue q, cl_mem m, cl_bool block,
    const size_t *o, const size_t *r, size_t row, size_t slice, void *p, cl_uint nw,
    const cl_event *wl, cl_event *ev)
{
    return host_image(q, m, 1, block, o, r, row, slice, p, nw, wl, ev);
}

cl_int CL_API_CALL spv2c_cl_EnqueueWriteImage(cl_command_queue q, cl_mem m, cl_bool block,
    const size_t *o, const size_t *r, size_t row, size_t slice, const void *p, cl_uint nw,
    const cl_event *wl, cl_event *ev)
{
    return host_image(q, m, 0, block, o, r, row, slice, (void *)p, nw, wl, ev);
}

/* the boxes at a and b of extent r overlap */
static int boxes_overlap(const size_t *a, const size_t *b, const size_t *r)
{
    unsigned k;

    for (k = 0; k < 3; k++)
        if (a[k] >= b[k] + r[k] || b[k] >= a[k] + r[k])
            return 0;
    return 1;
}

cl_int CL_API_CALL spv2c_cl_EnqueueCopyImage(cl_command_queue q, cl_mem s, cl_mem d,
    const size_t *so, const size_t *dof, const size_t *r, cl_uint nw, const cl_event *wl,
    cl_event *ev)
{
    cl_ulong t = spv2c_cl_now();
    cl_int e = image_cmd_ok(q, s, nw, wl);
    size_t b[3];

    if (e == CL_SUCCESS)
        e = image_cmd_ok(q, d, 0, NULL);
    if (e != CL_SUCCESS)
        return e;
    if (memcmp(&s->img->fmt, &d->img->fmt, sizeof s->img->fmt))
        return CL_IMAGE_FORMAT_MISMATCH;
    if ((e = region_ok(s->img, so, r)) != CL_SUCCESS ||
        (e = region_ok(d->img, dof, r)) != CL_SUCCESS)
        return e;
    if (s == d && boxes_overlap(so, dof, r))
        return CL_MEM_COPY_OVERLAP;
    if (spv2c_cl_must_wait(q, nw, wl)) {
        ImgArgs a = img_args(q, s, d, IMG_COPY);
        return defer_image(&a, so, dof, r, CL_FALSE, nw, wl, ev);
    }
    bytes_of(s, r, b);
    region_copy(texel(d, dof), d->img->step[1], d->img->step[2], texel(s, so), s->img->step[1],
                s->img->step[2], b);
    return spv2c_cl_done(q, CL_COMMAND_COPY_IMAGE, t, ev);
}

/* the texel colour (float4, int4 or uint4 by the format) at out */
static void fill_texel(const ImageInfo *ii, const void *colour, unsigned char *out)
{
    spv2c_image_ im;
    uint32_t type = ii->fmt.image_channel_data_type;
    int fl = type < CL_SIGNED_INT8 || type > CL_UNSIGNED_INT32;
    float f[4];
    uint32_t u[4];

    memset(&im, 0, sizeof im);
    im.data = out;
    im.order = ii->fmt.image_channel_order;
    im.type = type;
    im.width = im.height = im.depth = im.array_size = 1;
    memcpy(fl ? (void *)f : (void *)u, colour, 16);
    memset(out, 0, 16);
    spv2c_img_write(&im, 1, 0, 0, 0, 0, fl, f, u);
}

cl_int CL_API_CALL spv2c_cl_EnqueueFillImage(cl_command_queue q, cl_mem m, const void *colour,
    const size_t *o, const size_t *r, cl_uint nw, const cl_event *wl, cl_event *ev)
{
    cl_ulong t = spv2c_cl_now();
    cl_int e = image_cmd_ok(q, m, nw, wl);
    unsigned char px[16];
    size_t x, y, z, es;

    if (e != CL_SUCCESS || (e = region_ok(m->img, o, r)) != CL_SUCCESS)
        return e;
    if (!colour)
        return CL_INVALID_VALUE;
    if (spv2c_cl_must_wait(q, nw, wl)) {   /* the colour copied now */
        ImgArgs a = img_args(q, m, NULL, IMG_FILL);
        memcpy(a.colour, colour, sizeof a.colour);
        return defer_image(&a, o, NULL, r, CL_FALSE, nw, wl, ev);
    }
    fill_texel(m->img, colour, px);
    es = m->img->esize;
    for (z = 0; z < r[2]; z++)
        for (y = 0; y < r[1]; y++)
            for (x = 0; x < r[0]; x++)
                memcpy(texel(m, o) + x * es + y * m->img->step[1] + z * m->img->step[2], px, es);
    return spv2c_cl_done(q, CL_COMMAND_FILL_IMAGE, t, ev);
}

/* clEnqueueCopyImageToBuffer (to_buffer) and clEnqueueCopyBufferToImage */
static cl_int image_buffer(cl_command_queue q, cl_mem im, cl_mem buf, int to_buffer,
                           const size_t *o, const size_t *r, size_t off, cl_uint nw,
                           const cl_event *wl, cl_event *ev)
{
    cl_ulong t = spv2c_cl_now();
    cl_int e = image_cmd_ok(q, im, nw, wl);
    size_t b[3];

    if (e == CL_SUCCESS)
        e = buffer_cmd_ok(q, buf);
    if (e != CL_SUCCESS || (e = region_ok(im->img, o, r)) != CL_SUCCESS)
        return e;
    bytes_of(im, r, b);
    if (off > buf->size || b[0] * b[1] * b[2] > buf->size - off)
        return CL_INVALID_VALUE;
    if (spv2c_cl_must_wait(q, nw, wl)) {
        ImgArgs a = img_args(q, im, buf, to_buffer ? IMG_TO_BUFFER : IMG_FROM_BUFFER);
        a.off = off;
        return defer_image(&a, o, NULL, r, CL_FALSE, nw, wl, ev);
    }
    if (to_buffer)
        region_copy(buf->data + off, b[0], b[0] * b[1], texel(im, o), im->img->step[1],
                    im->img->step[2], b);
    else
        region_copy(texel(im, o), im->img->step[1], im->img->step[2], buf->data + off, b[0],
                    b[0] * b[1], b);
    return spv2c_cl_done(q, to_buffer ? CL_COMMAND_COPY_IMAGE_TO_BUFFER
                                      : CL_COMMAND_COPY_BUFFER_TO_IMAGE, t, ev);
}

cl_int CL_API_CALL spv2c_cl_EnqueueCopyImageToBuffer(cl_command_queue q, cl_mem s, cl_mem d,
    const size_t *so, const size_t *r, size_t off, cl_uint nw, const cl_event *wl, cl_event *ev)
{
    return image_buffer(q, s, d, 1, so, r, off, nw, wl, ev);
}

cl_int CL_API_CALL spv2c_cl_EnqueueCopyBufferToImage(cl_command_queue q, cl_mem s, cl_mem d,
    size_t off, const size_t *dof, const size_t *r, cl_uint nw, const cl_event *wl,
    cl_event *ev)
{
    cl_int e = spv2c_cl_queue_valid(q, nw, wl);

    if (e == CL_SUCCESS && (e = buffer_cmd_ok(q, s)) == CL_SUCCESS)
        e = image_buffer(q, d, s, 0, dof, r, off, nw, wl, ev);
    return e;
}

/* map's flags against the image's host access: CL_SUCCESS or the error */
static cl_int map_flags_ok(cl_mem m, cl_map_flags f)
{
    cl_map_flags w = CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION;

    if ((f & ~(CL_MAP_READ | w)) || ((f & CL_MAP_WRITE_INVALIDATE_REGION) &&
                                     (f & (CL_MAP_READ | CL_MAP_WRITE))))
        return CL_INVALID_VALUE;
    if (((f & CL_MAP_READ) && (m->flags & (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS))) ||
        ((f & w) && (m->flags & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS))))
        return CL_INVALID_OPERATION;
    return CL_SUCCESS;
}

void *CL_API_CALL spv2c_cl_EnqueueMapImage(cl_command_queue q, cl_mem m, cl_bool block,
    cl_map_flags f, const size_t *o, const size_t *r, size_t *row, size_t *slice, cl_uint nw,
    const cl_event *wl, cl_event *ev, cl_int *errp)
{
    cl_ulong t = spv2c_cl_now();
    cl_int dummy, e = image_cmd_ok(q, m, nw, wl);
    cl_mem_object_type ty;
    int deferred = 0;

    if (!errp)
        errp = &dummy;
    if (e == CL_SUCCESS && (e = region_ok(m->img, o, r)) == CL_SUCCESS) {
        ty = m->img->desc.image_type;
        if (!row || (!slice && (ty == CL_MEM_OBJECT_IMAGE3D || ty == CL_MEM_OBJECT_IMAGE1D_ARRAY ||
                                ty == CL_MEM_OBJECT_IMAGE2D_ARRAY)))
            e = CL_INVALID_VALUE;
    }
    if (e == CL_SUCCESS && (e = map_flags_ok(m, f)) == CL_SUCCESS &&
        spv2c_cl_must_wait(q, nw, wl)) {   /* the pointer and pitches known now */
        ImgArgs a = img_args(q, m, NULL, IMG_MAP);
        a.f = f;
        e = defer_image(&a, o, NULL, r, block, nw, wl, ev);
        deferred = 1;
    } else if (e == CL_SUCCESS)
        e = spv2c_cl_done(q, CL_COMMAND_MAP_IMAGE, t, ev);
    if ((*errp = e) != CL_SUCCESS)
        return NULL;
    *row = m->img->desc.image_row_pitch;
    if (slice)
        *slice = ty == CL_MEM_OBJECT_IMAGE3D || ty == CL_MEM_OBJECT_IMAGE1D_ARRAY ||
                 ty == CL_MEM_OBJECT_IMAGE2D_ARRAY ? m->img->desc.image_slice_pitch : 0;
    if (!deferred)   /* a deferred map counts when it runs */
        m->maps++;
    return texel(m, o);
}

/* ---- samplers ---- */

cl_sampler CL_API_CALL spv2c_cl_CreateSampler(cl_context c, cl_bool norm, cl_addressing_mode a,
                                              cl_filter_mode fm, cl_int *errp)
{
    cl_int dummy;
    cl_sampler s;

    if (!errp)
        errp = &dummy;
    *errp = !OK_OBJ(c, MAGIC_CONTEXT) ? CL_INVALID_CONTEXT :
            (norm != CL_TRUE && norm != CL_FALSE) || a < CL_ADDRESS_NONE ||
            a > CL_ADDRESS_MIRRORED_REPEAT || (fm != CL_FILTER_NEAREST && fm != CL_FILTER_LINEAR)
            ? CL_INVALID_VALUE :
            !norm && (a == CL_ADDRESS_REPEAT || a == CL_ADDRESS_MIRRORED_REPEAT)
            ? CL_INVALID_VALUE : CL_SUCCESS;
    if (*errp != CL_SUCCESS)
        return NULL;
    if ((s = calloc(1, sizeof *s)) == NULL) {
        *errp = CL_OUT_OF_HOST_MEMORY;
        return NULL;
    }
    spv2c_cl_obj_init(&s->obj, MAGIC_SAMPLER, &c->obj);
    s->ctx = c;
    s->norm = norm;
    s->addressing = a;
    s->filter = fm;
    return s;
}

cl_int CL_API_CALL spv2c_cl_RetainSampler(cl_sampler s)
{
    if (!OK_OBJ(s, MAGIC_SAMPLER))
        return CL_INVALID_SAMPLER;
    spv2c_cl_retain(&s->obj);
    return CL_SUCCESS;
}

cl_int CL_API_CALL spv2c_cl_ReleaseSampler(cl_sampler s)
{
    if (!OK_OBJ(s, MAGIC_SAMPLER))
        return CL_INVALID_SAMPLER;
    if (spv2c_cl_release(&s->obj))
        return CL_SUCCESS;
    s->ctx->obj.dispatch->clReleaseContext(s->ctx);
    s->obj.magic = 0;
    free(s);
    return CL_SUCCESS;
}

cl_int CL_API_CALL spv2c_cl_GetSamplerInfo(cl_sampler s, cl_sampler_info what, size_t size,
                                           void *out, size_t *ret)
{
    cl_uint u;

    if (!OK_OBJ(s, MAGIC_SAMPLER))
        return CL_INVALID_SAMPLER;
    switch (what) {
    case CL_SAMPLER_REFERENCE_COUNT: u = spv2c_cl_refs(&s->obj); break;
    case CL_SAMPLER_CONTEXT: return spv2c_cl_info(&s->ctx, sizeof s->ctx, size, out, ret);
    case CL_SAMPLER_NORMALIZED_COORDS: u = s->norm; break;
    case CL_SAMPLER_ADDRESSING_MODE: u = s->addressing; break;
    case CL_SAMPLER_FILTER_MODE: u = s->filter; break;
    default: return CL_INVALID_VALUE;
    }
    return spv2c_cl_info(&u, sizeof u, size, out, ret);
}

/* OpenCL C's sampler_t bits (runtime/image.h) */
static uint32_t sampler_bits(cl_sampler s)
{
    return (s->norm ? 1u : 0u) | (uint32_t)(s->addressing - CL_ADDRESS_NONE) * 2u |
           (s->filter == CL_FILTER_LINEAR ? 0x20u : 0x10u);
}

/* the generated image struct of image m */
static void image_struct(cl_mem m, spv2c_image_ *im)
{
    const ImageInfo *ii = m->img;
    cl_mem_object_type t = ii->desc.image_type;

    im->data = m->data;
    im->order = ii->fmt.image_channel_order;
    im->type = ii->fmt.image_channel_data_type;
    im->width = ii->desc.image_width;
    im->height = t == CL_MEM_OBJECT_IMAGE1D_ARRAY ? 1 : ii->ext[1];
    im->depth = t == CL_MEM_OBJECT_IMAGE3D ? ii->ext[2] : 1;
    im->array_size = t == CL_MEM_OBJECT_IMAGE1D_ARRAY ? ii->ext[1] :
                     t == CL_MEM_OBJECT_IMAGE2D_ARRAY ? ii->ext[2] : 1;
    im->row_pitch = ii->desc.image_row_pitch;
    im->slice_pitch = ii->desc.image_slice_pitch;
}

cl_int spv2c_cl_image_arg(cl_context c, const ArgInfo *a, size_t size, const void *value,
                          KernelArg *ka)
{
    cl_mem m = NULL;
    cl_sampler s = NULL;
    void *v;

    if (size != (a->scalar == 3 ? sizeof(cl_mem) : sizeof(cl_sampler)))
        return CL_INVALID_ARG_SIZE;
    if (!value)
        return CL_INVALID_ARG_VALUE;
    if (a->scalar == 3 && (m = *(const cl_mem *)value, !OK_OBJ(m, MAGIC_MEM) || !m->img ||
                           m->ctx != c))
        return CL_INVALID_MEM_OBJECT;
    if (a->scalar == 4 && (s = *(const cl_sampler *)value, !OK_OBJ(s, MAGIC_SAMPLER) ||
                           s->ctx != c))
        return CL_INVALID_SAMPLER;
    if (a->size != (a->scalar == 3 ? sizeof(spv2c_image_) : sizeof(uint32_t)))
        return CL_INVALID_KERNEL;   /* not the generated struct this file knows */
    if ((v = calloc(1, a->size)) == NULL)
        return CL_OUT_OF_HOST_MEMORY;
    if (m)
        image_struct(m, v);
    else
        *(uint32_t *)v = sampler_bits(s);
    free(ka->value);
    ka->value = v;
    ka->mem = m;
    ka->size = a->size;
    ka->set = 1;
    return CL_SUCCESS;
}

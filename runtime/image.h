/* spv2c runtime part: image (needs: half) */
/*
 * Images and samplers (templates/image.lua): the texel formats and the
 * sampler's addressing and filtering, as the OpenCL C specification's
 * "Image Addressing and Filtering" and "Conversion Rules" sections
 * compute them.
 *
 * An image is the public struct PREFIXimage (the generated API; the
 * runtime names it spv2c_image_): its data, its format as OpenCL's
 * cl_image_format values (CL_RGBA, CL_UNORM_INT8, ...), its extents and
 * its pitches in bytes (0: packed). The layer of a 1-D or 2-D array is
 * its third coordinate, slice_pitch bytes apart. A sampler is the
 * OpenCL C bit field: CLK_NORMALIZED_COORDS_TRUE 1, addressing (none 0,
 * clamp-to-edge 2, clamp 4, repeat 6, mirrored repeat 8), filter
 * (nearest 0x10, linear 0x20).
 *
 * Where the specification leaves a result undefined (a read outside the
 * image with addressing none, a write outside it) no memory outside the
 * image is touched: the read gives the border colour, the write is
 * dropped. NaN coordinates address texel 0 and infinite ones the first
 * or last texel before addressing (the float to int conversion saturates
 * and takes NaN to 0), so C never sees an out-of-range conversion; with
 * mirrored repeat a NaN or infinite coordinate gives the border colour.
 * PoCL 3.1 differs there (+Inf is texel 0 to it): tests/spvasm/image_nan.cl
 * checks these under AddressSanitizer, not against PoCL.
 */

#define SPV2C_IMAGES_ 1   /* main.h's image arguments */

/* The kernel's AVX2 clone (runtime/base.h) compiles for AVX2 only what is
   inlined into it. A function left out of line is SSE code, and gcc (its
   -fipa-ra sees such a callee leave the 256-bit registers alone) keeps
   the clone's 256-bit registers live across the call without a
   vzeroupper: every SSE instruction in the callee then pays the AVX-SSE
   transition (a 3x3 box filter through a sampler ran 20 times slower than
   with -DSPV2C_NO_DISPATCH). So the nearest read path (addressing, the
   fast formats) always inlines when optimising (HOT: the sampler's
   constant bits, the dimensions and the result kind fold), and the
   general format conversions, linear filtering's weighted sum and writes
   stay out of line and opaque to gcc's interprocedural analysis (COLD:
   noipa, gcc 8 on), so that the clone assumes the full ABI clobbers and
   clears the upper halves before the call. A function left to gcc's
   choice would be either. Inlining everything instead took gcc -O2 14
   times as long on tests/run/image_formats.cl (254 s against 18 s);
   inlining the weighted sum too, 60% longer on image_nan.cl (ASan). */
#if defined(__GNUC__) && defined(__OPTIMIZE__)
#define SPV2C_IMG_HOT_ static inline __attribute__((unused, always_inline))
#else
#define SPV2C_IMG_HOT_ SPV2C_INLINE
#endif
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 8
#define SPV2C_IMG_COLD_ static __attribute__((unused, noipa))
#elif defined(__GNUC__)
#define SPV2C_IMG_COLD_ static __attribute__((unused, noinline))
#else
#define SPV2C_IMG_COLD_ SPV2C_INLINE
#endif

/* OpSampledImage's value: an image and its sampler */
typedef struct spv2c_sampled_ {
    spv2c_image_ im;
    uint32_t smp;
} spv2c_sampled_;

#define SPV2C_IMG_SNORM_INT8_ 0x10D0
#define SPV2C_IMG_SNORM_INT16_ 0x10D1
#define SPV2C_IMG_UNORM_INT8_ 0x10D2
#define SPV2C_IMG_UNORM_INT16_ 0x10D3
#define SPV2C_IMG_UNORM_565_ 0x10D4
#define SPV2C_IMG_UNORM_555_ 0x10D5
#define SPV2C_IMG_UNORM_101010_ 0x10D6
#define SPV2C_IMG_SINT8_ 0x10D7
#define SPV2C_IMG_SINT16_ 0x10D8
#define SPV2C_IMG_SINT32_ 0x10D9
#define SPV2C_IMG_UINT8_ 0x10DA
#define SPV2C_IMG_UINT16_ 0x10DB
#define SPV2C_IMG_UINT32_ 0x10DC
#define SPV2C_IMG_HALF_ 0x10DD
#define SPV2C_IMG_FLOAT_ 0x10DE

/* channel orders, CL_R (0x10B0) on: the stored channels of each, and
   where the four of (r, g, b, a) come from: a stored channel, or -1 for
   0 and -2 for 1 */
static const signed char spv2c_img_orders_[13][5] = {
    { 1, 0, -1, -1, -2 },   /* CL_R */
    { 1, -1, -1, -1, 0 },   /* CL_A */
    { 2, 0, 1, -1, -2 },    /* CL_RG */
    { 2, 0, -1, -1, 1 },    /* CL_RA */
    { 3, 0, 1, 2, -2 },     /* CL_RGB (packed types only) */
    { 4, 0, 1, 2, 3 },      /* CL_RGBA */
    { 4, 2, 1, 0, 3 },      /* CL_BGRA */
    { 4, 1, 2, 3, 0 },      /* CL_ARGB */
    { 1, 0, 0, 0, 0 },      /* CL_INTENSITY */
    { 1, 0, 0, 0, -2 },     /* CL_LUMINANCE */
    { 1, 0, -1, -1, -2 },   /* CL_Rx */
    { 2, 0, 1, -1, -2 },    /* CL_RGx */
    { 3, 0, 1, 2, -2 },     /* CL_RGBx (packed types only) */
};

/* bytes a channel of the data type takes; 0: a packed type, 0 an unknown one */
SPV2C_INLINE unsigned spv2c_img_csize_(uint32_t type)
{
    static const unsigned char n[15] = { 1, 2, 1, 2, 0, 0, 0, 1, 2, 4, 1, 2, 4, 2, 4 };
    return type >= 0x10D0 && type <= 0x10DE ? n[type - 0x10D0] : 0;
}

SPV2C_INLINE int spv2c_img_packed_(uint32_t type)
{
    return type >= SPV2C_IMG_UNORM_565_ && type <= SPV2C_IMG_UNORM_101010_;
}

/* bytes a texel takes; 0 for a format this runtime does not hold */
SPV2C_INLINE size_t spv2c_img_esize_(const spv2c_image_ *im)
{
    unsigned o = im->order - 0x10B0u, rgb;
    if (o >= 13)
        return 0;
    rgb = o == 4 || o == 12;
    if (spv2c_img_packed_(im->type))
        return rgb ? (im->type == SPV2C_IMG_UNORM_101010_ ? 4 : 2) : 0;
    if (rgb || !spv2c_img_csize_(im->type))
        return 0;
    if (o == 8 || o == 9)   /* intensity, luminance: normalized, half and float only */
        return im->type <= SPV2C_IMG_UNORM_INT16_ || im->type >= SPV2C_IMG_HALF_
                   ? spv2c_img_csize_(im->type) : 0;
    return (size_t)spv2c_img_orders_[o][0] * spv2c_img_csize_(im->type);
}

/* the launchers' check: a format this runtime holds, extents of at least 1 */
SPV2C_INLINE int spv2c_img_ok_(const spv2c_image_ *im)
{
    return im->data && spv2c_img_esize_(im) && im->width && im->height && im->depth &&
           im->array_size;
}

SPV2C_INLINE unsigned char *spv2c_img_at_(const spv2c_image_ *im, int32_t x, int32_t y,
                                          int32_t z)
{
    size_t es = spv2c_img_esize_(im);
    size_t rp = im->row_pitch ? im->row_pitch : im->width * es;
    size_t sp = im->slice_pitch ? im->slice_pitch : rp * im->height;
    return (unsigned char *)im->data + (size_t)z * sp + (size_t)y * rp + (size_t)x * es;
}

SPV2C_INLINE uint32_t spv2c_img_ld_(const unsigned char *p, unsigned n)
{
    uint8_t b;
    uint16_t h;
    uint32_t w;
    if (n == 1) {
        memcpy(&b, p, 1);
        return b;
    }
    if (n == 2) {
        memcpy(&h, p, 2);
        return h;
    }
    memcpy(&w, p, 4);
    return w;
}

SPV2C_INLINE void spv2c_img_st_(unsigned char *p, unsigned n, uint32_t v)
{
    uint8_t b = (uint8_t)v;
    uint16_t h = (uint16_t)v;
    if (n == 1)
        memcpy(p, &b, 1);
    else if (n == 2)
        memcpy(p, &h, 2);
    else
        memcpy(p, &v, 4);
}

/* ---- texels to (r, g, b, a) ---- */

/* the stored channels' bits, c[0..3]; the count */
SPV2C_INLINE unsigned spv2c_img_raw_(const spv2c_image_ *im, const unsigned char *p, uint32_t *c)
{
    unsigned k, n = (unsigned)spv2c_img_orders_[im->order - 0x10B0u][0];
    unsigned cs = spv2c_img_csize_(im->type);
    uint32_t v;
    if (!spv2c_img_packed_(im->type)) {
        for (k = 0; k < n; k++)
            c[k] = spv2c_img_ld_(p + k * cs, cs);
        return n;
    }
    v = spv2c_img_ld_(p, im->type == SPV2C_IMG_UNORM_101010_ ? 4 : 2);
    if (im->type == SPV2C_IMG_UNORM_565_) {
        c[0] = v >> 11 & 31;
        c[1] = v >> 5 & 63;
        c[2] = v & 31;
    } else if (im->type == SPV2C_IMG_UNORM_555_) {
        c[0] = v >> 10 & 31;
        c[1] = v >> 5 & 31;
        c[2] = v & 31;
    } else {
        c[0] = v >> 20 & 1023;
        c[1] = v >> 10 & 1023;
        c[2] = v & 1023;
    }
    return 3;
}

/* channel k's bits as a float (read_imagef) */
SPV2C_INLINE float spv2c_img_tof_(uint32_t type, uint32_t c, unsigned k)
{
    float f;
    switch (type) {
    case SPV2C_IMG_SNORM_INT8_:
        f = (float)(int8_t)(uint8_t)c / 127.0f;
        return f < -1.0f ? -1.0f : f;
    case SPV2C_IMG_SNORM_INT16_:
        f = (float)(int16_t)(uint16_t)c / 32767.0f;
        return f < -1.0f ? -1.0f : f;
    case SPV2C_IMG_UNORM_INT8_: return (float)c / 255.0f;
    case SPV2C_IMG_UNORM_INT16_: return (float)c / 65535.0f;
    case SPV2C_IMG_UNORM_565_: return (float)c / (k == 1 ? 63.0f : 31.0f);
    case SPV2C_IMG_UNORM_555_: return (float)c / 31.0f;
    case SPV2C_IMG_UNORM_101010_: return (float)c / 1023.0f;
    case SPV2C_IMG_HALF_: return spv2c_conv_f32_f16((uint16_t)c);
    case SPV2C_IMG_FLOAT_: return spv2c_bits_f32(c);
    default: return 0.0f;   /* an integer type: read_imagef's result is undefined */
    }
}

/* channel bits as the int/uint a read_imagei/ui returns */
SPV2C_INLINE uint32_t spv2c_img_toi_(uint32_t type, uint32_t c)
{
    switch (type) {
    case SPV2C_IMG_SINT8_: return (uint32_t)(int32_t)(int8_t)(uint8_t)c;
    case SPV2C_IMG_SINT16_: return (uint32_t)(int32_t)(int16_t)(uint16_t)c;
    default: return c;
    }
}

/* texel (x, y, z) as floats in the formats most kernels read (R and RGBA
   FLOAT, RGBA UNORM_INT8) without the general path's tables and loops, the
   same values; 0 for another format. With a constant texel size the
   address folds, and the format test is one well-predicted branch a read
   (gcc -O2 does not hoist it out of the work-item loop; -O3 can) */
SPV2C_IMG_HOT_ int spv2c_img_fast_(const spv2c_image_ *im, int32_t x, int32_t y, int32_t z,
                                  float *f)
{
    const unsigned char *p;
    size_t es, rp, sp;
    unsigned k;
    if (im->type == SPV2C_IMG_FLOAT_ && im->order == 0x10B0u)
        es = 4;
    else if (im->type == SPV2C_IMG_FLOAT_ && im->order == 0x10B5u)
        es = 16;
    else if (im->type == SPV2C_IMG_UNORM_INT8_ && im->order == 0x10B5u)
        es = 4;
    else
        return 0;
    rp = im->row_pitch ? im->row_pitch : im->width * es;
    sp = im->slice_pitch ? im->slice_pitch : rp * im->height;
    p = (const unsigned char *)im->data + (size_t)z * sp + (size_t)y * rp + (size_t)x * es;
    if (es == 16) {
        memcpy(f, p, 16);
    } else if (im->type == SPV2C_IMG_FLOAT_) {
        memcpy(f, p, 4);
        f[1] = f[2] = 0.0f;
        f[3] = 1.0f;
    } else {
        for (k = 0; k < 4; k++)
            f[k] = (float)p[k] / 255.0f;
    }
    return 1;
}

/* texel (x, y, z) as floats, or as integers (fl 0): any format */
SPV2C_IMG_COLD_ void spv2c_img_texel_slow_(const spv2c_image_ *im, int32_t x, int32_t y,
                                           int32_t z, int fl, float *f, uint32_t *u)
{
    const signed char *o = spv2c_img_orders_[im->order - 0x10B0u];
    uint32_t c[4];
    unsigned k;
    spv2c_img_raw_(im, spv2c_img_at_(im, x, y, z), c);
    for (k = 0; k < 4; k++) {
        int s = o[k + 1];
        if (fl)
            f[k] = s >= 0 ? spv2c_img_tof_(im->type, c[s], (unsigned)s) : s == -2 ? 1.0f : 0.0f;
        else
            u[k] = s >= 0 ? spv2c_img_toi_(im->type, c[s]) : s == -2 ? 1u : 0u;
    }
}

/* texel (x, y, z) as floats, or as integers (fl 0) */
SPV2C_IMG_HOT_ void spv2c_img_texel_(const spv2c_image_ *im, int32_t x, int32_t y, int32_t z,
                                     int fl, float *f, uint32_t *u)
{
    if (!fl || !spv2c_img_fast_(im, x, y, z, f))
        spv2c_img_texel_slow_(im, x, y, z, fl, f, u);
}

/* the border colour: (0, 0, 0, 0) where the order has alpha, else (0, 0, 0, 1) */
SPV2C_IMG_HOT_ void spv2c_img_border_(const spv2c_image_ *im, float *f, uint32_t *u)
{
    int one = spv2c_img_orders_[im->order - 0x10B0u][4] == -2;
    unsigned k;
    for (k = 0; k < 4; k++) {
        if (f)
            f[k] = k == 3 && one ? 1.0f : 0.0f;
        if (u)
            u[k] = k == 3 && one ? 1u : 0u;
    }
}

/* ---- (r, g, b, a) to texels ---- */

/* convert_<T>_sat_rte(f) for the range lo..hi: NaN to 0 */
SPV2C_INLINE uint32_t spv2c_img_sat_rte_(float f, float lo, float hi)
{
    if (f != f)
        return 0;
    if (f <= lo)
        return (uint32_t)(int32_t)lo;
    if (f >= hi)
        return (uint32_t)(int32_t)hi;
    f = (f + 12582912.0f) - 12582912.0f;   /* |f| < 2^22: rounds to nearest even */
    return (uint32_t)(int32_t)f;
}

/* float f as channel k of a normalized, half or float type */
SPV2C_INLINE uint32_t spv2c_img_fromf_(uint32_t type, float f, unsigned k)
{
    switch (type) {
    case SPV2C_IMG_SNORM_INT8_: return spv2c_img_sat_rte_(f * 127.0f, -128.0f, 127.0f);
    case SPV2C_IMG_SNORM_INT16_: return spv2c_img_sat_rte_(f * 32767.0f, -32768.0f, 32767.0f);
    case SPV2C_IMG_UNORM_INT8_: return spv2c_img_sat_rte_(f * 255.0f, 0.0f, 255.0f);
    case SPV2C_IMG_UNORM_INT16_: return spv2c_img_sat_rte_(f * 65535.0f, 0.0f, 65535.0f);
    case SPV2C_IMG_UNORM_565_:
        return k == 1 ? spv2c_img_sat_rte_(f * 63.0f, 0.0f, 63.0f)
                      : spv2c_img_sat_rte_(f * 31.0f, 0.0f, 31.0f);
    case SPV2C_IMG_UNORM_555_: return spv2c_img_sat_rte_(f * 31.0f, 0.0f, 31.0f);
    case SPV2C_IMG_UNORM_101010_: return spv2c_img_sat_rte_(f * 1023.0f, 0.0f, 1023.0f);
    case SPV2C_IMG_HALF_: return spv2c__f16_from_f32(f, 0);
    case SPV2C_IMG_FLOAT_: return spv2c_f32_bits(f);
    default: return 0;   /* an integer type: write_imagef's result is undefined */
    }
}

/* an int or uint (write_imagei/ui) as a channel: convert_<T>_sat */
SPV2C_INLINE uint32_t spv2c_img_fromi_(uint32_t type, uint32_t v)
{
    int32_t s = (int32_t)v;
    switch (type) {
    case SPV2C_IMG_SINT8_: return (uint32_t)(s < -128 ? -128 : s > 127 ? 127 : s);
    case SPV2C_IMG_SINT16_: return (uint32_t)(s < -32768 ? -32768 : s > 32767 ? 32767 : s);
    case SPV2C_IMG_UINT8_: return v > 255u ? 255u : v;
    case SPV2C_IMG_UINT16_: return v > 65535u ? 65535u : v;
    default: return v;
    }
}

/* stores channels c[0..3] of (r, g, b, a) at p */
SPV2C_INLINE void spv2c_img_put_(const spv2c_image_ *im, unsigned char *p, const uint32_t *c)
{
    const signed char *o = spv2c_img_orders_[im->order - 0x10B0u];
    unsigned k, cs = spv2c_img_csize_(im->type);
    uint32_t v;
    if (!spv2c_img_packed_(im->type)) {
        for (k = 0; k < 4; k++)     /* intensity and luminance store r */
            if (o[k + 1] >= 0 && (k == 0 || o[k + 1] != o[1]))
                spv2c_img_st_(p + (unsigned)o[k + 1] * cs, cs, c[k]);
        return;
    }
    if (im->type == SPV2C_IMG_UNORM_565_)
        v = c[0] << 11 | c[1] << 5 | c[2];
    else if (im->type == SPV2C_IMG_UNORM_555_)
        v = c[0] << 10 | c[1] << 5 | c[2];
    else
        v = c[0] << 20 | c[1] << 10 | c[2];
    spv2c_img_st_(p, im->type == SPV2C_IMG_UNORM_101010_ ? 4 : 2, v);
}

/* the image's extent in dimension d (0 x, 1 y, 2 z) */
SPV2C_IMG_HOT_ int32_t spv2c_img_ext_(const spv2c_image_ *im, unsigned d)
{
    size_t n = d == 0 ? im->width : d == 1 ? im->height : im->depth;
    return n > 0x7fffffff ? 0x7fffffff : (int32_t)n;
}

/* integer coordinates (x, y, z): the texel's address, or NULL outside.
   dims: spatial dimensions; arrayed: the next coordinate is the layer */
SPV2C_INLINE unsigned char *spv2c_img_addr_(const spv2c_image_ *im, unsigned dims, int arrayed,
                                            int32_t x, int32_t y, int32_t z)
{
    int32_t c[3];
    unsigned d;
    c[0] = x;
    c[1] = dims > 1 || arrayed ? y : 0;
    c[2] = dims > 2 || (dims == 2 && arrayed) ? z : 0;
    if (arrayed && dims == 1) {   /* 1-D array: the layer is the third index */
        c[2] = c[1];
        c[1] = 0;
    }
    for (d = 0; d < dims; d++)
        if (c[d] < 0 || c[d] >= spv2c_img_ext_(im, d))
            return 0;
    if (arrayed && (c[2] < 0 || (size_t)c[2] >= im->array_size))
        return 0;
    return spv2c_img_at_(im, c[0], c[1], c[2]);
}

/* write_image{f,i,ui}: float texel (fl) or integer one */
SPV2C_IMG_COLD_ void spv2c_img_write(const spv2c_image_ *im, unsigned dims, int arrayed,
                                  int32_t x, int32_t y, int32_t z, int fl, const float *f,
                                  const uint32_t *u)
{
    unsigned char *p = spv2c_img_addr_(im, dims, arrayed, x, y, z);
    uint32_t c[4];
    unsigned k;
    if (!p)
        return;
    for (k = 0; k < 4; k++)
        c[k] = fl ? spv2c_img_fromf_(im->type, f[k], k) : spv2c_img_fromi_(im->type, u[k]);
    spv2c_img_put_(im, p, c);
}

/* ---- the sampler ---- */

#define SPV2C_SMP_NORM_ 1u
#define SPV2C_SMP_ADDR_(s) ((s) >> 1 & 7u)   /* 0 none, 1 edge, 2 clamp, 3 repeat, 4 mirror */
#define SPV2C_SMP_LINEAR_(s) (((s) & 0x30u) == 0x20u)

/* (int)floor(u), saturated, NaN to 0 */
SPV2C_IMG_HOT_ int32_t spv2c_img_floor_(float u)
{
    float f;
    if (u != u)
        return 0;
    if (u >= 2147483648.0f)
        return 0x7fffffff;
    if (u < -2147483648.0f)
        return -0x7fffffff - 1;
    f = (float)(int32_t)u;   /* truncation */
    return (int32_t)u - (f > u);
}

/* rint(x) for the mirrored modes (round half to even) */
SPV2C_IMG_HOT_ float spv2c_img_rint_(float x)
{
    float a = x < 0 ? -x : x;
    if (!(a < 8388608.0f))
        return x;
    a = (a + 8388608.0f) - 8388608.0f;
    return x < 0 ? -a : a;
}

SPV2C_IMG_HOT_ float spv2c_img_floorf_(float x)
{
    float t;
    if (!(x > -8388608.0f && x < 8388608.0f))
        return x;
    t = (float)(int32_t)x;
    return t > x ? t - 1.0f : t;
}

/* an index after addressing none, clamp-to-edge or clamp; -1 or n: the
   border (clamp, or none outside the image) */
SPV2C_IMG_HOT_ int32_t spv2c_img_clampi_(int32_t i, int32_t n, unsigned mode)
{
    if (mode == 1)
        return i < 0 ? 0 : i >= n ? n - 1 : i;
    return i < 0 ? -1 : i >= n ? n : i;
}

/* nearest: the index of coordinate s in an extent of n */
SPV2C_IMG_HOT_ int32_t spv2c_img_near_(float s, int32_t n, uint32_t smp)
{
    unsigned mode = SPV2C_SMP_ADDR_(smp);
    int32_t i;
    if ((smp & SPV2C_SMP_NORM_) && mode == 3) {
        i = spv2c_img_floor_((s - spv2c_img_floorf_(s)) * (float)n);
        return i > n - 1 ? i - n : i;
    }
    if ((smp & SPV2C_SMP_NORM_) && mode == 4) {
        float t = 2.0f * spv2c_img_rint_(0.5f * s);
        t = s - t;
        if (t != t)   /* a NaN or infinite coordinate: the border colour (as PoCL) */
            return -1;
        i = spv2c_img_floor_((t < 0 ? -t : t) * (float)n);
        return i > n - 1 ? n - 1 : i;
    }
    if (smp & SPV2C_SMP_NORM_)
        s = s * (float)n;
    return spv2c_img_clampi_(spv2c_img_floor_(s), n, mode);
}

/* linear: the indices i0, i1 of coordinate s and the weight of i1 */
SPV2C_IMG_HOT_ float spv2c_img_lin_(float s, int32_t n, uint32_t smp, int32_t *i)
{
    unsigned mode = SPV2C_SMP_ADDR_(smp);
    float u;
    if ((smp & SPV2C_SMP_NORM_) && mode == 3) {
        u = (s - spv2c_img_floorf_(s)) * (float)n;
        i[0] = spv2c_img_floor_(u - 0.5f);
        i[1] = i[0] + 1;
        if (i[0] < 0)
            i[0] += n;
        if (i[1] > n - 1)
            i[1] -= n;
    } else if ((smp & SPV2C_SMP_NORM_) && mode == 4) {
        float t = 2.0f * spv2c_img_rint_(0.5f * s);
        t = s - t;
        u = (t < 0 ? -t : t) * (float)n;
        i[0] = spv2c_img_floor_(u - 0.5f);
        i[1] = i[0] + 1;
        i[0] = i[0] < 0 ? 0 : i[0];
        i[1] = i[1] > n - 1 ? n - 1 : i[1];
    } else {
        u = smp & SPV2C_SMP_NORM_ ? s * (float)n : s;
        i[0] = spv2c_img_floor_(u - 0.5f);
        i[1] = spv2c_img_clampi_(i[0] == 0x7fffffff ? i[0] : i[0] + 1, n, mode);
        i[0] = spv2c_img_clampi_(i[0], n, mode);
    }
    u = u - 0.5f;
    return u - spv2c_img_floorf_(u);
}

/* texel (x, y, z), or the border colour for an index out of range */
SPV2C_IMG_HOT_ void spv2c_img_fetch_(const spv2c_image_ *im, unsigned dims, const int32_t *c,
                                   int fl, float *f, uint32_t *u)
{
    unsigned d;
    for (d = 0; d < dims; d++)
        if (c[d] < 0 || c[d] >= spv2c_img_ext_(im, d)) {
            spv2c_img_border_(im, fl ? f : 0, fl ? 0 : u);
            return;
        }
    spv2c_img_texel_(im, c[0], c[1], c[2], fl, f, u);
}

/* the layer of an array image from its coordinate: clamp(rint(l), 0, size - 1) */
SPV2C_IMG_HOT_ int32_t spv2c_img_layer_(const spv2c_image_ *im, float l)
{
    float r = spv2c_img_rint_(l);
    int32_t n = im->array_size > 0x7fffffff ? 0x7fffffff : (int32_t)im->array_size;
    int32_t i = r != r ? 0 : r >= (float)n ? n - 1 : r <= 0.0f ? 0 : (int32_t)r;
    return i;
}

/* linear filtering over dims dimensions: the weighted sum of the 2^dims
   texels in the specification's order (i0 before i1, x fastest) */
SPV2C_IMG_COLD_ void spv2c_img_linear_(const spv2c_image_ *im, unsigned dims, const int32_t *i0,
                                    const int32_t *i1, const float *w, float *out)
{
    unsigned k, j, d;
    for (k = 0; k < 4; k++)
        out[k] = 0.0f;
    for (j = 0; j < (1u << dims); j++) {
        int32_t c[3];
        float t[4], wt = 1.0f;
        for (d = 0; d < 3; d++) {
            c[d] = d < dims && (j >> d & 1) ? i1[d] : i0[d];
            if (d < dims)
                wt = wt * (j >> d & 1 ? w[d] : 1.0f - w[d]);
        }
        spv2c_img_fetch_(im, dims, c, 1, t, 0);
        for (k = 0; k < 4; k++)
            out[k] = out[k] + wt * t[k];
    }
}

/* read_image{f,i,ui} with a sampler and float coordinates s[0..2] */
SPV2C_IMG_HOT_ void spv2c_img_sample(const spv2c_image_ *im, uint32_t smp, unsigned dims,
                                   int arrayed, float x, float y, float z, int fl, float *f,
                                   uint32_t *u)
{
    float s[3], w[3];
    int32_t i0[3] = { 0, 0, 0 }, i1[3] = { 0, 0, 0 }, pair[2];
    unsigned d;
    s[0] = x;
    s[1] = y;
    s[2] = z;
    if (arrayed)
        i0[2] = i1[2] = spv2c_img_layer_(im, s[dims]);
    for (d = 0; d < dims; d++) {
        int32_t n = spv2c_img_ext_(im, d);
        if (fl && SPV2C_SMP_LINEAR_(smp)) {
            w[d] = spv2c_img_lin_(s[d], n, smp, pair);
            i0[d] = pair[0];
            i1[d] = pair[1];
        } else {
            i0[d] = spv2c_img_near_(s[d], n, smp);
        }
    }
    if (fl && SPV2C_SMP_LINEAR_(smp))
        spv2c_img_linear_(im, dims, i0, i1, w, f);
    else
        spv2c_img_fetch_(im, dims, i0, fl, f, u);
}

/* read_image{f,i,ui} with integer coordinates: with a sampler (its
   addressing: none, clamp-to-edge or clamp) or without one (smp 0) */
SPV2C_IMG_HOT_ void spv2c_img_read(const spv2c_image_ *im, uint32_t smp, unsigned dims,
                                 int arrayed, int32_t x, int32_t y, int32_t z, int fl, float *f,
                                 uint32_t *u)
{
    int32_t s[3], c[3] = { 0, 0, 0 };
    unsigned d, mode = SPV2C_SMP_ADDR_(smp) == 1 ? 1u : 0u;
    s[0] = x;
    s[1] = y;
    s[2] = z;
    if (arrayed) {
        int32_t n = im->array_size > 0x7fffffff ? 0x7fffffff : (int32_t)im->array_size;
        c[2] = s[dims] < 0 ? 0 : s[dims] >= n ? n - 1 : s[dims];
    }
    for (d = 0; d < dims; d++)
        c[d] = spv2c_img_clampi_(s[d], spv2c_img_ext_(im, d), mode);
    spv2c_img_fetch_(im, dims, c, fl, f, u);
}

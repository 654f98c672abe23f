// Structs in global buffers: layout with char/int/float4/short[3] members
// and a nested struct, field loads and stores through global pointers,
// pointers to members, arrays of structs, member offsets.
//! kernel: struct_global
//! global: 128
//! arg: in float 1536 randf -10 10
//! arg: out uchar 8192
//! arg: out int 512
#pragma OPENCL FP_CONTRACT OFF

typedef struct {
    char tag;           /* 0 */
    int count;          /* 4 */
    float4 v;           /* 16 */
    short s[3];         /* 32; size 48 */
} Item;

typedef struct {
    Item it;            /* 0 */
    uchar flags;        /* 48 */
    long id;            /* 56; size 64 */
} Outer;

kernel void struct_global(global const Item *in, global Outer *out,
                          global int *oi)
{
    int i = get_global_id(0);
    global const Item *p = &in[i];
    global const Item *q = &in[(i * 7 + 3) % 128];
    global Outer *o = out + i;

    /* every field written separately: padding bytes stay zero */
    o->it.tag = (char)(p->tag + q->tag);
    o->it.count = p->count ^ q->count;
    o->it.v = p->v * q->v.wzyx;
    for (int k = 0; k < 3; k++)
        o->it.s[k] = (short)(p->s[k] - q->s[2 - k]);
    o->flags = (uchar)(p->v.x > q->v.x) | (uchar)((p->tag < 0) << 1);
    o->id = (long)p->count * (long)(q->s[1] | 1);

    global const float4 *pv = &p->v;
    global const char *base = (global const char *)p;
    oi[4 * i] = (int)((global const char *)pv - base);
    oi[4 * i + 1] = (int)((global const char *)&o->id - (global const char *)o);
    oi[4 * i + 2] = (int)sizeof(Item) * 100 + (int)sizeof(Outer);
    oi[4 * i + 3] = (int)(pv->y * 100.0f) + q->s[0];
}

// Issue 17, found by the gen campaign (seed 1597, window 1577-1608, the
// sampled build at -O0 under the sanitizers; reduced with cvise): a pointer
// chosen by a group-uniform condition, p2 = (grp % 3 > T) ? gi + (a load
// through lk[grp % ...]) : gi + 511, in a region whose group part stops at
// that branch. The region executor writes the work-item loops once for each
// way; the loops of the way where the condition is false also computed the
// true arm's per-work-item values (the load through lk's element), because
// the phi joining the arms named them, though that way never runs the true
// arm's block. The element's address is a group value only the true way's
// group part computes: a read through an unassigned pointer (ASan: SEGV at
// -O0; the -O2 builds drop the dead load). A loop now counts a phi's value
// only from blocks the loop runs (region.c, deferred_code/mark_uses). Built
// at -O0 under the sanitizers (cflags), every variant.
//! kernel: wg_uniform_way_phi
//! cflags: -O0 -fsanitize=address,undefined -fno-sanitize-recover=all
//! launch: 4,3,4 @ 2,3,2
//! launch: 1,2,2 @ 1,1,1
//! offset: 4,1,2
//! arg: in int 4096 rand
//! arg: in float 4096 edge
//! arg: out uint 48
//! arg: inout uint 16 rand
//! arg: out uint 8192
//! arg: local 1024
//! arg: val int 2
#pragma OPENCL FP_CONTRACT OFF
static uint mixu(uint h, uint v) { return (h ^ v) * 0x01000193u + 0x9e3779b9u; }
static uint cf(float f) { return isnan(f) ? 0x7fc00000u : as_uint(f); }
static uint udiv(uint a, uint b) { return b ? a / b : 0u; }
typedef struct {
    uint a;
    float b;
    int4 c;
} S;
static uint fold_float8(float8 v) {
    uint h = 0u;
    h = mixu(h, cf(v.s0));
    h = mixu(h, cf(v.s1));
    h = mixu(h, cf(v.s2));
    h = mixu(h, cf(v.s3));
    h = mixu(h, cf(v.s4));
    h = mixu(h, cf(v.s5));
    h = mixu(h, cf(v.s6));
    h = mixu(h, cf(v.s7));
    return h;
}
kernel void wg_uniform_way_phi(global const int *gi, global const float *gf, global uint *out,
                               global uint *atom, global uint *gout, local int *larg, int T) {
    local int lk[256];
    local float lf[256], lf2[256];
    local uint lacc[4], lwg[64];
    uint lid = (uint)(get_local_id(0) +
                      get_local_size(0) * (get_local_id(1) + get_local_size(1) * get_local_id(2)));
    uint lsz = (uint)(get_local_size(0) * get_local_size(1) * get_local_size(2));
    uint gid = (uint)((get_global_id(0) - get_global_offset(0)) +
                      get_global_size(0) *
                          ((get_global_id(1) - get_global_offset(1)) +
                           get_global_size(1) * (get_global_id(2) - get_global_offset(2))));
    uint grp = (uint)(get_group_id(0) +
                      get_num_groups(0) * (get_group_id(1) + get_num_groups(1) * get_group_id(2)));
    __private ushort hbs[64];
    __private half *hb = (__private half *)hbs;
    for (int k = 0; k < 64; k++)
        vstore_half(0.0f, k, hb);
    for (uint k = 0; k < 4u; k++) {
        lk[lid * 4u + k] = 0;
        larg[lid * 4u + k] = 0;
        lf[lid * 4u + k] = 0.0f;
        lf2[lid * 4u + k] = 0.0f;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    uint h = 0x811c9dc5u ^ gid;
    global const int *p2 =
        (((int)(get_group_id(0) % 3u) > T)
             ? gi + (convert_uint(gi[(as_uint(lk[(uint)get_group_id(0) % (lsz * 4u)]) & 4095u)]) &
                     2047u)
             : gi + 511);
    h = mixu(h, as_uint(p2[0]));
    h = mixu(h, as_uint(p2[0]));
    float8 v3 = ((float8)(0x1.0000000000000p+31f, 0x1.c363cc0000000p+127f, 0x1.c363cc0000000p+127f,
                          0x1.0000000000000p-126f, 0x1.16c2000000000p-133f, 0x1.0000000000000p-126f,
                          0x1.0000000000000p+31f, 0x1.0000000000000p-1f));
    int e4 = as_int(
        as_uint(as_int(
            as_uint(gi[(
                convert_uint(gi[(as_uint(lk[as_uint(larg[4294967295u % (lsz * 4u)]) % (lsz * 4u)]) &
                                 4095u)]) &
                4095u)]) +
            as_uint(gi[(32u & 4095u)]))) *
        as_uint(popcount(
            p2[(convert_uint(gi[(
                    convert_uint_sat(gi[(convert_uint_sat(gi[(0u & 4095u)]) & 4095u)]) & 4095u)]) &
                1023u)])));
    barrier(CLK_LOCAL_MEM_FENCE);
    larg[lid * 4u + 3u] = e4;
    barrier(CLK_LOCAL_MEM_FENCE);
    int x5 = larg[(lsz - 1u - lid) * 4u + 3u];
    int e10 = gi[(
        ((gf[(convert_uint(gi[(convert_uint(gi[(4294967295u & 4095u)]) & 4095u)]) & 4095u)] >=
          gf[(convert_uint(gi[(5u & 4095u)]) & 4095u)])
             ? as_uint(p2[(convert_uint_sat(gi[(
                               convert_uint_sat(gi[(
                                   convert_uint(gi[(
                                       convert_uint(gi[(
                                           as_uint(p2[((uint)get_local_id(1) & 1023u)]) & 4095u)]) &
                                       4095u)]) &
                                   4095u)]) &
                               4095u)]) &
                           1023u)])
             : 2147483648u) &
        4095u)];
    barrier(CLK_LOCAL_MEM_FENCE);
    lk[lid] = e10;
    barrier(CLK_LOCAL_MEM_FENCE);
    local int *cur6 = lk, *nxt7 = larg;
    for (int s9 = 0; s9 < 3; ++s9) {
        nxt7[lid] = as_int(as_uint(cur6[lid > 0u ? lid - 1u : lid]) + as_uint(cur6[lid]) * 3u +
                           as_uint(cur6[lid + 1u < lsz ? lid + 1u : lid]) + (uint)s9);
        barrier(CLK_LOCAL_MEM_FENCE);
        local int *t8 = cur6;
        cur6 = nxt7;
        nxt7 = t8;
    }
    int x11 = cur6[lid];
    switch (((uint)(T)) % 3u + (uint)T * 65536u) {
    case 131073u: {
        uint v12 = convert_uint_sat_rtn(
            (fmax((gf[(as_uint(lk[as_uint(p2[(31u & 1023u)]) % (lsz * 4u)]) & 4095u)] -
                   gf[(convert_uint_sat(gi[(convert_uint(gi[(255u & 4095u)]) & 4095u)]) & 4095u)]),
                  (gf[(4294967295u & 4095u)] + 0.0f)) +
             0.0f));
        float e13 = convert_float_rtz(as_int((uint)get_global_id(2)));
        barrier(CLK_LOCAL_MEM_FENCE);
        lf[lid * 4u + 3u] = e13;
        barrier(CLK_LOCAL_MEM_FENCE);
        float x14 = lf[(((uint)(gi[(v12 & 4095u)] < x5)) % lsz) * 4u + 0u];
    }
    case 131074u: {
        h = mixu(h, as_uint(x5));
        switch (((uint)((int)(get_group_id(1) % 3u))) % 5u + (uint)T * 65536u) {
        case 131072u: {
            x11 = as_int(as_uint(convert_int_sat(convert_uint_sat(gi[(5u & 4095u)]))) -
                         as_uint((~3)));
            break;
        }
        case 131076u: {
            x5 = cur6[(
                udiv(convert_uint_sat(gi[(
                         convert_uint(gi[(convert_uint_sat(gi[(gid & 4095u)]) & 4095u)]) & 4095u)]),
                     lid) &
                0u)];
            break;
        }
        default: {
            x11 = x5;
            break;
        }
        }
        break;
    }
    case 131072u: {
        break;
    }
    default: {
        break;
    }
    }
    h = mixu(h, as_uint(p2[0]));
    h = mixu(h, fold_float8(v3));
    h = mixu(h, as_uint(x5));
    h = mixu(h, as_uint(x11));
    h = mixu(h, as_uint(cur6[0]));
    out[gid] = h;
}

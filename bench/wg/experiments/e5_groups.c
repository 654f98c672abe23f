/* A fragment, not a file to compile: edit.py splices it into the generated
   o2.c of bench/wg/kernels.cl in place of the three group_* executors.

   E5: work-item loops. Each barrier-free region of the kernel runs as one
   loop over the group's work-items; values live across a barrier are kept
   in per-work-item arrays (struct of arrays in the frame arena); values
   computed from builtins, parameters and constants are recomputed in each
   region from the loop indices instead of being stored; the next resume
   point is the group's (a valid kernel has every work-item at the same
   barrier). Written by hand in the form an emitter would produce from the
   SPIR-V (value names are the generated ones). */
static void group_f_v_263(const spv2c_nd_ *nd, size_t g0, size_t g1, size_t g2, float * a0, float * a1, float * a2, uint32_t a3)
{
    size_t l0, l1, n0, n1, i, nmax = nd->lsz[0] * nd->lsz[1] * nd->lsz[2];
    uint32_t *F109 = (uint32_t *)(void *)spv2c_frames_.b;
    float *F110 = (float *)(void *)(spv2c_frames_.b + nmax * 4);
    float *F103 = (float *)(void *)(spv2c_frames_.b + nmax * 8);
    size_t b0 = nd->off[0] + g0 * nd->lsz[0], b1 = nd->off[1] + g1 * nd->lsz[1];
    int rp = 0, nrp = 0;
    (void)g2;
    n0 = spv2c_group_size_(nd, 0, g0);
    n1 = spv2c_group_size_(nd, 1, g1);
    do {
        switch (rp) {
        case 0:
            for (l1 = 0; l1 < n1; l1++)
            for (l0 = 0; l0 < n0; l0++) {
                uint32_t v_34 = (uint32_t)l1, v_37 = (uint32_t)(b0 + l0), v_40 = (uint32_t)(b1 + l1);
                uint32_t v_45 = (uint32_t)l0, v_46 = v_40 * a3, v_47 = v_46 + v_45;
                uint64_t v_48 = spv2c_conv_i64_i32(v_34), v_49 = spv2c_conv_i64_i32(v_45);
                i = l1 * n0 + l0;
                if (!((a3 ^ 0x80000000u) > (0u ^ 0x80000000u))) {
                    float t_ = 0.0f;
                    memcpy(a2 + (ptrdiff_t)spv2c_sext(spv2c_conv_i64_i32(v_46 + v_37), 64), &t_, 4);
                    nrp = 0;
                    continue;
                }
                F109[i] = 0u;
                F110[i] = 0.0f;
                {   /* L_29 */
                    float v_114, v_120;
                    memcpy(&v_114, a0 + (ptrdiff_t)spv2c_sext(spv2c_conv_i64_i32(v_47 + 0u), 64), 4);
                    memcpy(&g_8.v.a[v_48].a[v_49], &v_114, 4);
                    memcpy(&v_120, a1 + (ptrdiff_t)spv2c_sext(spv2c_conv_i64_i32((0u + v_34) * a3 + v_37), 64), 4);
                    memcpy(&g_9.v.a[v_48].a[v_49], &v_120, 4);
                }
                nrp = 1;
            }
            break;
        case 1:
            for (l1 = 0; l1 < n1; l1++)
            for (l0 = 0; l0 < n0; l0++) {
                uint64_t v_48 = spv2c_conv_i64_i32((uint32_t)l1), v_49 = spv2c_conv_i64_i32((uint32_t)l0);
                float acc;
                unsigned j;
                i = l1 * n0 + l0;
                acc = F110[i];
                for (j = 0; j < 16; j++)   /* the generated code has these 16 unrolled */
                    acc = acc + g_8.v.a[v_48].a[j] * g_9.v.a[j].a[v_49];
                F103[i] = acc;
                nrp = 2;
            }
            break;
        case 2:
            for (l1 = 0; l1 < n1; l1++)
            for (l0 = 0; l0 < n0; l0++) {
                uint32_t v_34 = (uint32_t)l1, v_37 = (uint32_t)(b0 + l0), v_40 = (uint32_t)(b1 + l1);
                uint32_t v_45 = (uint32_t)l0, v_46 = v_40 * a3, v_47 = v_46 + v_45;
                uint64_t v_48 = spv2c_conv_i64_i32(v_34), v_49 = spv2c_conv_i64_i32(v_45);
                uint32_t v_108;
                i = l1 * n0 + l0;
                v_108 = F109[i] + 0x10u;
                if ((v_108 ^ 0x80000000u) < (a3 ^ 0x80000000u)) {
                    float v_114, v_120;
                    F109[i] = v_108;
                    F110[i] = F103[i];
                    memcpy(&v_114, a0 + (ptrdiff_t)spv2c_sext(spv2c_conv_i64_i32(v_47 + v_108), 64), 4);
                    memcpy(&g_8.v.a[v_48].a[v_49], &v_114, 4);
                    memcpy(&v_120, a1 + (ptrdiff_t)spv2c_sext(spv2c_conv_i64_i32((v_108 + v_34) * a3 + v_37), 64), 4);
                    memcpy(&g_9.v.a[v_48].a[v_49], &v_120, 4);
                    nrp = 1;
                } else {
                    float t_ = F103[i];
                    memcpy(a2 + (ptrdiff_t)spv2c_sext(spv2c_conv_i64_i32(v_46 + v_37), 64), &t_, 4);
                    nrp = 0;
                }
            }
            break;
        }
        rp = nrp;
    } while (rp);
}

static void group_f_v_270(const spv2c_nd_ *nd, size_t g0, size_t g1, size_t g2, float * a0, float * a1, size_t a2)
{
    size_t l0, n0 = spv2c_group_size_(nd, 0, g0);
    size_t nmax = nd->lsz[0] * nd->lsz[1] * nd->lsz[2];
    uint64_t *F214 = (uint64_t *)(void *)spv2c_frames_.b;
    uint64_t *F213 = (uint64_t *)(void *)(spv2c_frames_.b + nmax * 8);
    float * lp2 = (float *)(void *)(spv2c_local_base_() + a2);
    size_t b0 = nd->off[0] + g0 * nd->lsz[0];
    int rp = 0, nrp = 0;
    (void)g1; (void)g2;
    do {
        switch (rp) {
        case 0:
            for (l0 = 0; l0 < n0; l0++) {
                float v_207;
                memcpy(&v_207, a0 + (ptrdiff_t)spv2c_sext(b0 + l0, 64), 4);
                memcpy(lp2 + (ptrdiff_t)spv2c_sext(l0, 64), &v_207, 4);
                nrp = 1;
            }
            break;
        case 1:
        case 2:
            for (l0 = 0; l0 < n0; l0++) {
                uint64_t v_214, v_213;
                if (rp == 1) {
                    if (n0 < 2)
                        goto L_196;
                    v_214 = n0;
                } else {
                    if (F214[l0] < 4)
                        goto L_196;
                    v_214 = F213[l0];
                }
                v_213 = v_214 >> 1;
                F214[l0] = v_214;
                F213[l0] = v_213;
                if (l0 < v_213) {
                    float v_217, v_220, v_221;
                    memcpy(&v_217, lp2 + l0, 4);
                    memcpy(&v_220, lp2 + (ptrdiff_t)spv2c_sext(v_213 + l0, 64), 4);
                    v_221 = v_217 + v_220;
                    memcpy(lp2 + l0, &v_221, 4);
                }
                nrp = 2;
                continue;
            L_196:
                if (l0 == 0) {
                    float v_223;
                    memcpy(&v_223, lp2, 4);
                    memcpy(a1 + (ptrdiff_t)spv2c_sext(g0, 64), &v_223, 4);
                }
                nrp = 0;
            }
            break;
        }
        rp = nrp;
    } while (rp);
}

static void group_f_v_276(const spv2c_nd_ *nd, size_t g0, size_t g1, size_t g2, float * a0, float * a1, size_t a2, uint32_t a3)
{
    size_t l0, n0 = spv2c_group_size_(nd, 0, g0);
    float * lp2 = (float *)(void *)(spv2c_local_base_() + a2);
    int rp = 0, nrp = 0;
    (void)g1; (void)g2;
    do {
        switch (rp) {
        case 0:
            for (l0 = 0; l0 < n0; l0++) {
                uint64_t v_246 = (uint64_t)g0 * n0, v_247 = spv2c_conv_i64_i32(a3);
                float *v_249 = a0 + (ptrdiff_t)spv2c_sext(v_246 * v_247, 64);
                if (l0 == 0) spv2c_strided_copy(lp2, v_249, (size_t)n0, 4, 1, (size_t)v_247);
                nrp = 1;
            }
            break;
        case 1:
            for (l0 = 0; l0 < n0; l0++) {
                float *v_255 = lp2 + (ptrdiff_t)spv2c_sext(l0, 64), v_256, v_260;
                memcpy(&v_256, v_255, 4);
                v_260 = v_256 * 0x1p+1f + 0x1p+0f;
                memcpy(v_255, &v_260, 4);
                nrp = 2;
            }
            break;
        case 2:
            for (l0 = 0; l0 < n0; l0++) {
                uint64_t v_246 = (uint64_t)g0 * n0;
                if (l0 == 0) spv2c_strided_copy(a1 + (ptrdiff_t)spv2c_sext(v_246, 64), lp2, (size_t)n0, 4, 1, 1);
                nrp = 3;
            }
            break;
        case 3:
            nrp = 0;
            break;
        }
        rp = nrp;
    } while (rp);
}

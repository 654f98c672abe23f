/* A fragment: edit.py e5b splices it into the generated o2.c in place of
   e5_groups.c's reduce executor. */
static void group_f_v_270(const spv2c_nd_ *nd, size_t g0, size_t g1, size_t g2, float * a0, float * a1, size_t a2)
{
    /* E5b: as E5, and the values that are the same for every work-item
       (from parameters, group ids and sizes, constants, and phis of those
       at branches on them) are scalars computed once a region; branches on
       them are taken once, outside the work-item loop */
    size_t l0, n0 = spv2c_group_size_(nd, 0, g0);
    float * lp2 = (float *)(void *)(spv2c_local_base_() + a2);
    size_t b0 = nd->off[0] + g0 * nd->lsz[0];
    uint64_t v_214, v_213 = 0;
    int rp = 0, nrp = 0;
    (void)g1; (void)g2;
    do {
        switch (rp) {
        case 0:
            for (l0 = 0; l0 < n0; l0++) {
                float v_207;
                memcpy(&v_207, a0 + (ptrdiff_t)spv2c_sext(b0 + l0, 64), 4);
                memcpy(lp2 + (ptrdiff_t)spv2c_sext(l0, 64), &v_207, 4);
            }
            nrp = 1;
            break;
        case 1:
        case 2:
            if (rp == 1) {
                if (n0 < 2)
                    goto L_196;
                v_214 = n0;
            } else {
                if (v_214 < 4)
                    goto L_196;
                v_214 = v_213;
            }
            v_213 = v_214 >> 1;
            for (l0 = 0; l0 < n0; l0++)
                if (l0 < v_213) {
                    float v_217, v_220, v_221;
                    memcpy(&v_217, lp2 + l0, 4);
                    memcpy(&v_220, lp2 + (ptrdiff_t)spv2c_sext(v_213 + l0, 64), 4);
                    v_221 = v_217 + v_220;
                    memcpy(lp2 + l0, &v_221, 4);
                }
            nrp = 2;
            break;
        L_196:
            for (l0 = 0; l0 < n0; l0++)
                if (l0 == 0) {
                    float v_223;
                    memcpy(&v_223, lp2, 4);
                    memcpy(a1 + (ptrdiff_t)spv2c_sext(g0, 64), &v_223, 4);
                }
            nrp = 0;
            break;
        }
        rp = nrp;
    } while (rp);
}

// Races between chunks of one work-group, found through the records the
// chunks keep as runs (runtime/check.h, spv2c_ck_run_; driven by
// memory.py). Three groups of 64 rows of 16 work-items, a chunk of 16 a
// row; the first group, which runs before any chunk was tested (its
// records go to the words), writes rows one after another; in the others
// (their records kept as runs, the third's meeting the second's if they
// were kept past its end) row l writes y[i * st + p(l) * s], where p(l)
// is l except that row 3 takes row 1's place (bit a of `which`) or row 33
// row 32's (bit b) (st, s from `which`; only the probe's operations). A
// row whose stretch meets a run runs in place, which writes the runs into
// the words first, and finds the race (65536: row 1 on row 0; 65808: row
// 3 on row 1, inside the run that rows 0 to 2 merged into; 66080: row 33
// on row 32, the row that found the 32 runs full and went to the words).
// Rows that continue each other merge into one run (65552); 32 floats
// apart they fill the runs (65568); rows that interleave meet no granule
// of each other: no report, though row 1's chunks run in place (4194305).
//! kernel: runs
//! hoisted: yes
//! items: 3072
//! run: --global 16,192 --local 16,64 in:a2048f in:b3072f {which}
//! case 65536: OpLoad: data race: read of byte 0 of __global buffer '\w*' \(argument 0, 8192 bytes\) at address \S+, which the work-item with local linear id 0 wrote with no barrier between; this one has local linear id 16 \(work-item 0,65,0\)
//! case 65808: OpLoad: data race: read of byte 64 of __global buffer '\w*' \(argument 0, 8192 bytes\) at address \S+, which the work-item with local linear id 16 wrote with no barrier between; this one has local linear id 48 \(work-item 0,67,0\)
//! case 66080: OpLoad: data race: read of byte 4096 of __global buffer '\w*' \(argument 0, 8192 bytes\) at address \S+, which the work-item with local linear id 512 wrote with no barrier between; this one has local linear id 528 \(work-item 0,97,0\)
//! case 65552: silent
//! case 65568: silent
//! case 4194305: silent 3040
kernel void runs(global float *y, global const float *x, uint which)
{
    size_t i = get_global_id(0), j = get_global_id(1), l = j & 63, g = ((j >> 6) + 1) >> 1;
    size_t st = (which >> 16) & 127, s = which & 255, a = (which >> 8) & 1, b = (which >> 9) & 1;
    size_t p = l - ((l & 1 & (l >> 1) & a & g) << 1) - (l & 1 & (l >> 5) & b & g);
    size_t k = i * (g * st + 1 - g) + p * (g * s + 16 * (1 - g));
    y[k] = 2.0f * x[i + 16 * j] + y[k];
}

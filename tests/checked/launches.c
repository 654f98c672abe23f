/*
 * spv2c --checked across launches (driven by launches.py): the race
 * shadows of one launch are kept for the next (runtime/check.h's pool),
 * their words stale. Launches the kernel of races.cl, spir64 -O2, once a
 * case number given on the command line, in order, with the same
 * buffers: correct launches (case 0) before and after others must stay
 * silent, and a racy one (case 3: a work-item reads what its neighbour
 * wrote) after them must still be reported, so stale words neither make
 * nor hide a race.
 */
#include <stdio.h>
#include <stdlib.h>

#include "spv2c_api.h"

int main(int argc, char **argv)
{
    static float a[16], b[16];
    spv2c_ndrange nd = { 0 };
    spv2c_arg args[4];
    int i, which, rc;

    for (i = 0; i < 16; i++)
        a[i] = (float)i;
    nd.work_dim = 1;
    nd.global_size[0] = 16;
    nd.local_size[0] = 8;
    args[0].ptr = a;
    args[0].size = sizeof a;
    args[1].ptr = b;
    args[1].size = sizeof b;
    args[2].ptr = NULL;
    args[2].size = 8 * sizeof(float);
    args[3].ptr = &which;
    args[3].size = sizeof which;
    for (i = 1; i < argc; i++) {
        which = atoi(argv[i]);
        rc = spv2c_launch("races", &nd, args, 4);
        if (rc) {
            fprintf(stderr, "launches: spv2c_launch returned %d\n", rc);
            return 1;
        }
        printf("launch %d (case %d) done\n", i, which);
        fflush(stdout);
    }
    return 0;
}

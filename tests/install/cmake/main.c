/* my_ (PREFIX) and negate_ (the file's name): both modules in one program.
   Exit 0 and "ok" when twice multiplied by FACTOR=3 and negate negated.
   (negate.spvasm's int is unsigned: SPIR-V integers have no sign.) */
#include <stdio.h>
#include <string.h>

#include "negate.h"
#include "twice.h"

int main(void)
{
    int32_t a[8];
    my_ndrange r1;
    negate_ndrange r2;
    int i, bad = 0;

    for (i = 0; i < 8; i++)
        a[i] = i + 1;
    memset(&r1, 0, sizeof r1);
    r1.work_dim = 1;
    r1.global_size[0] = 8;
    memset(&r2, 0, sizeof r2);
    r2.work_dim = 1;
    r2.global_size[0] = 8;
    if (my_run_twice(&r1, a, sizeof a) != 0 || negate_run_negate(&r2, (uint32_t *)a, sizeof a) != 0)
        return 1;
    for (i = 0; i < 8; i++)
        bad |= a[i] != -3 * (i + 1);
    puts(bad ? "MISMATCH" : "ok");
    return bad;
}

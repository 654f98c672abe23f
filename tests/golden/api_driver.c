/* api_driver: exercises the generated API of api.spvasm (kernels affine,
   reqd_work_group_size(4,1,1), and fill) through spv2c_launch, the typed
   entry points and the kernel table. Expected values are computed here
   with plain integer arithmetic. Exit 0 when every check holds. */
#include <stdio.h>
#include <string.h>

#include "api.h"

static int failures;

#define CHECK(cond) do { if (!(cond)) { printf("FAIL line %d: %s\n", __LINE__, #cond); \
                                        failures++; } } while (0)

int main(void)
{
    int out[16], in[16], i;
    int params[2] = { 3, -7 };
    unsigned u[8], v = 100;
    spv2c_ndrange r;
    spv2c_arg args[3];

    for (i = 0; i < 16; i++)
        in[i] = i * 11 - 50;
    memset(&r, 0, sizeof r);
    r.work_dim = 1;
    r.global_size[0] = 16;
    args[0].ptr = out; args[0].size = sizeof out;
    args[1].ptr = in; args[1].size = sizeof in;
    args[2].ptr = params; args[2].size = sizeof params;
    CHECK(spv2c_launch("affine", &r, args, 3) == 0);
    for (i = 0; i < 16; i++)
        CHECK(out[i] == in[i] * 3 - 7);

    /* errors */
    CHECK(spv2c_launch("nosuch", &r, args, 3) == SPV2C_ERR_UNKNOWN_KERNEL);
    CHECK(spv2c_launch("affine", &r, args, 2) == SPV2C_ERR_ARG_COUNT);
    CHECK(spv2c_launch("affine", &r, args, 99) == SPV2C_ERR_ARG_COUNT);
    args[2].size = 4;
    CHECK(spv2c_launch("affine", &r, args, 3) == SPV2C_ERR_ARG_SIZE);
    args[2].size = sizeof params;
    r.work_dim = 0;
    CHECK(spv2c_launch("affine", &r, args, 3) == SPV2C_ERR_NDRANGE);
    r.work_dim = 4;
    CHECK(spv2c_launch("affine", &r, args, 3) == SPV2C_ERR_NDRANGE);
    r.work_dim = 1;
    r.local_size[0] = 8;  /* the kernel requires 4 */
    CHECK(spv2c_launch("affine", &r, args, 3) == SPV2C_ERR_LOCAL_SIZE);
    r.local_size[0] = 4;
    CHECK(spv2c_launch("affine", &r, args, 3) == 0);
    args[0].ptr = NULL;
    CHECK(spv2c_launch("affine", &r, args, 3) == SPV2C_ERR_NULL_BUFFER);

    /* typed entry point, with a global offset */
    memset(&r, 0, sizeof r);
    r.work_dim = 1;
    r.global_offset[0] = 2;
    r.global_size[0] = 6;
    memset(u, 0, sizeof u);
    CHECK(spv2c_run_fill(&r, u, sizeof u, v) == 0);
    for (i = 0; i < 8; i++)
        CHECK(u[i] == (i >= 2 ? v + (unsigned)i : 0u));

    /* work-groups of more than 2^31 - 1 work-items are refused (local ids
       must fit an int), before anything runs */
    memset(&r, 0, sizeof r);
    r.work_dim = 3;
    r.global_size[0] = r.local_size[0] = 65536;
    r.global_size[1] = r.local_size[1] = 32768;
    r.global_size[2] = r.local_size[2] = 1;
    CHECK(spv2c_run_fill(&r, u, sizeof u, v) == SPV2C_ERR_LOCAL_SIZE);   /* 2^31 */
    r.global_size[0] = r.local_size[0] = 1;
    r.global_size[1] = r.local_size[1] = 2;
    r.global_size[2] = r.local_size[2] = (size_t)1 << 30;
    CHECK(spv2c_run_fill(&r, u, sizeof u, v) == SPV2C_ERR_LOCAL_SIZE);   /* 2^31 */
    r.work_dim = 1;
    r.global_size[0] = r.local_size[0] = (size_t)0x80000000u;
    CHECK(spv2c_run_fill(&r, u, sizeof u, v) == SPV2C_ERR_LOCAL_SIZE);
    for (i = 0; i < 8; i++)   /* nothing ran */
        CHECK(u[i] == (i >= 2 ? v + (unsigned)i : 0u));
    r.local_size[0] = (size_t)0x7fffffffu;   /* the largest: one work-item runs */
    r.global_size[0] = 1;
    CHECK(spv2c_run_fill(&r, u, sizeof u, 5u) == 0);
    CHECK(u[0] == 5u && u[1] == 0u && u[2] == v + 2u);

    /* the table */
    CHECK(spv2c_num_kernels == 2);
    CHECK(!strcmp(spv2c_kernels[0].name, "affine"));
    CHECK(spv2c_kernels[0].nargs == 3);
    CHECK(spv2c_kernels[0].reqd_local_size[0] == 4);
    CHECK(spv2c_kernels[0].args[0].kind == SPV2C_ARG_GLOBAL);
    CHECK(spv2c_kernels[0].args[2].kind == SPV2C_ARG_VALUE);
    CHECK(spv2c_kernels[0].args[2].size == 8);
    CHECK(!strcmp(spv2c_kernels[1].name, "fill"));
    CHECK(spv2c_kernels[1].args[1].kind == SPV2C_ARG_VALUE);
    CHECK(spv2c_kernels[1].args[1].scalar == 1 && spv2c_kernels[1].args[1].bits == 32);
    printf("%s\n", failures ? "api_driver: FAILED" : "api_driver: all checks passed");
    return failures != 0;
}

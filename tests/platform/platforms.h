/* platforms.h: the spv2c and PoCL platforms among those the loader sees
   (with_pocl.py gives it both), for the platform suite's host programs */
#ifndef PLATFORMS_H
#define PLATFORMS_H

#include <stdio.h>
#include <string.h>

/* *spv and *pocl by their names; 0, or 1 after a FAIL line when one lacks */
static int find_platforms(cl_platform_id *spv, cl_platform_id *pocl)
{
    cl_platform_id ps[8];
    cl_uint np = 0, i;
    char name[256];

    *spv = *pocl = NULL;
    clGetPlatformIDs(8, ps, &np);
    for (i = 0; i < np && i < 8; i++) {
        clGetPlatformInfo(ps[i], CL_PLATFORM_NAME, sizeof name, name, NULL);
        if (!strcmp(name, "spv2c"))
            *spv = ps[i];
        else if (strstr(name, "Portable Computing Language"))
            *pocl = ps[i];
    }
    if (*spv && *pocl)
        return 0;
    printf("FAIL: wanted the spv2c and PoCL platforms: %u platforms\n", np);
    return 1;
}

#endif

/*
 * checked: the checking mode of the platform (spv2c-run --checked, which
 * sets SPV2C_CL_CHECKED=stop or continue). A checked build translates with
 * spv2c's --checked, compiles without threads (the checks run work-groups
 * on one thread) and is cached under its own key; a launch passes every
 * buffer's size (a sub-buffer's own) and every __local argument's, so the
 * generated checks use the real extents. The generated C reports on stderr
 * (kernel, OpenCL C line, work-item, buffer, distance past its end), then
 * calls SPV2C_CHECK_FAIL(): the prelude below makes that call the hook the
 * compiled program exports, which load() points at check_fail here.
 *
 * stop: the first report ends the program, exit status SPV2C_CL_CHECK_STATUS
 * (70). continue: the launch goes on (the access the report names is done,
 * as unchecked code would do it: the platform's own buffers have 4 KiB past
 * their end that no buffer owns) and returns CL_SUCCESS; at exit the
 * number of reports is printed. Checked launches run one at a time (the
 * checks keep their state in the compiled program's statics, and the count
 * is the platform's), whichever threads of the application make them.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "icd.h"

const char spv2c_cl_check_prelude[] =
    "/* spv2c-cl: a checked build: a report calls the platform's hook */\n"
    "void (*spv2c_cl_check_hook)(void);\n"
    "#define SPV2C_CHECK_FAIL() \\\n"
    "    (spv2c_cl_check_hook ? spv2c_cl_check_hook() : abort())\n";

static unsigned long reports;
static pthread_mutex_t one_launch = PTHREAD_MUTEX_INITIALIZER;

static void print_count(void)
{
    fprintf(stderr, "spv2c-cl: checked: %lu report%s\n", reports, reports == 1 ? "" : "s");
}

/* SPV2C_CL_CHECKED: 0 unset or empty, 1 stop, 2 continue, -1 another value */
int spv2c_cl_checked(void)
{
    static int mode = -2;
    const char *v;

    if (mode != -2)
        return mode;
    v = getenv("SPV2C_CL_CHECKED");
    mode = !v || !*v ? 0 : !strcmp(v, "stop") ? 1 : !strcmp(v, "continue") ? 2 : -1;
    if (mode == 2)
        atexit(print_count);
    return mode;
}

/* after a report (the generated C has printed it) */
static void check_fail(void)
{
    if (spv2c_cl_checked() == 2) {
        reports++;
        return;
    }
    fprintf(stderr, "spv2c-cl: checked: the program stops at its first report (exit status "
            "%d; spv2c-run --checked=continue counts the reports instead)\n",
            SPV2C_CL_CHECK_STATUS);
    exit(SPV2C_CL_CHECK_STATUS);
}

/* p's launch of kernel (spv2c_launch's arguments), one checked launch at a time */
int spv2c_cl_launch_checked(cl_program p, const char *kernel, const void *range,
                            const void *args, size_t nargs)
{
    int rc;

    pthread_mutex_lock(&one_launch);
    rc = p->launch(kernel, range, args, nargs);
    pthread_mutex_unlock(&one_launch);
    return rc;
}

/* the compiled program's hook (dlsym'd, or NULL) pointed at check_fail: 0,
   or -1 when the program is not of the mode's kind (a checked program
   unchecked, or the other way round) */
int spv2c_cl_set_check_hook(void *hook)
{
    if ((hook != NULL) != (spv2c_cl_checked() > 0))
        return -1;
    if (hook)
        *(void (**)(void))hook = check_fail;
    return 0;
}

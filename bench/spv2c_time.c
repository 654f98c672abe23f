/*
 * spv2c_time: time one kernel of a spv2c-generated C file through its API.
 *
 *   spv2c_time KERNEL [bench.h options] ARG...
 *
 * Linked with the generated C (spv2c IN.spv -o k.c --header spv2c_api.h);
 * both compiled with the flags under test. Times --runs calls of
 * spv2c_launch (the generic entry point: one name lookup a launch, then the
 * generated work-item executor), after --warmup calls, and prints the
 * median. Build: cc -std=c99 -O2 -I DIR k.c spv2c_time.c -o t -lm; a kernel
 * with image arguments (bench.h's img:) needs -DBENCH_IMAGES (the header
 * declares spv2c_image only then).
 */
#include "bench.h"
#include "spv2c_api.h"

int main(int argc, char **argv)
{
    bench_cfg c;
    spv2c_ndrange nd;
    spv2c_arg args[BENCH_MAX_ARGS];
#ifdef BENCH_IMAGES
    spv2c_image imgs[BENCH_MAX_ARGS];
#endif
    double t[BENCH_MAX_RUNS];
    const char *kernel;
    int i, r, rc;

    if (argc < 2)
        bench_die("usage: spv2c_time KERNEL [--global ...] ARG...", NULL);
    kernel = argv[1];
    argv[1] = argv[0];
    bench_parse(argc - 1, argv + 1, &c);
    memset(&nd, 0, sizeof nd);
    nd.work_dim = c.dim;
    for (i = 0; i < 3; i++) {
        nd.global_size[i] = c.global[i] ? c.global[i] : 1;
        nd.local_size[i] = c.local[i];
    }
    for (i = 0; i < c.nargs; i++) {
        args[i].ptr = c.args[i].data;
        args[i].size = c.args[i].size;
        if (c.args[i].is_img) {
#ifdef BENCH_IMAGES
            spv2c_image *im = &imgs[i];
            memset(im, 0, sizeof *im);
            im->data = c.args[i].data;
            im->order = c.args[i].order;
            im->type = c.args[i].type;
            im->width = c.args[i].w;
            im->height = c.args[i].h;
            im->depth = im->array_size = 1;
            args[i].ptr = im;
            args[i].size = sizeof *im;
#else
            bench_die("an image argument: compile with -DBENCH_IMAGES", NULL);
#endif
        }
    }
    for (r = -c.warmup; r < c.runs; r++) {
        double t0;
        if (r == 0)
            bench_cpu_mark();
        t0 = bench_now();
        rc = spv2c_launch(kernel, &nd, args, (size_t)c.nargs);
        if (r >= 0)
            t[r] = bench_now() - t0;
        if (rc) {
            fprintf(stderr, "spv2c_time: spv2c_launch returned %d\n", rc);
            return 1;
        }
    }
    bench_report(&c, t, c.runs);
    return 0;
}

#!/usr/bin/env python3
"""one_group_serial: the threaded executor (-fopenmp -DSPV2C_THREADS) runs a
launch of one work-group on the calling thread and forks a team for two.
bench/launch.cl through scripts/cl2spv and spv2c, then a harness that
counts the process's threads (/proc/self/task; OpenMP's workers stay alive
after their first team) with OMP_NUM_THREADS=2: 1 after launches of the
empty kernel (one group), 2 after one launch of onewg over two groups.
Built also with -DSPV2C_THREAD_MIN_GROUPS=0 (every launch forks), where
the count after the one-group launches must be 2: the check can fail.
Linux only (exit 77, skipped, without /proc/self/task).
"""
import argparse, os, subprocess, sys, tempfile

HARNESS = r"""
#include <dirent.h>
#include <stdio.h>
#include "spv2c_api.h"

static int tasks(void)
{
    DIR *d = opendir("/proc/self/task");
    struct dirent *e;
    int n = 0;
    while (d && (e = readdir(d)))
        n += e->d_name[0] != '.';
    if (d)
        closedir(d);
    return n;
}

int main(void)
{
    static float p[128];
    spv2c_arg a = { p, sizeof p };
    spv2c_ndrange nd = { 1, { 0 }, { 1 }, { 1 } };
    int i, one, two;
    for (i = 0; i < 3; i++)
        if (spv2c_launch("empty", &nd, &a, 1))
            return 1;
    one = tasks();
    nd.global_size[0] = 128;
    nd.local_size[0] = 64;
    if (spv2c_launch("onewg", &nd, &a, 1))
        return 1;
    two = tasks();
    printf("%d %d %g\n", one, two, p[0]);
    return 0;
}
"""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--spv2c", required=True)
    ap.add_argument("--root", required=True)
    a = ap.parse_args()
    if not os.path.isdir("/proc/self/task"):
        return 77
    with tempfile.TemporaryDirectory() as d:
        spv, gen = os.path.join(d, "l.spv"), os.path.join(d, "l.c")
        subprocess.run([os.path.join(a.root, "scripts", "cl2spv"),
                        os.path.join(a.root, "bench", "launch.cl"), spv, "-cl-std=CL1.2",
                        "-target", "spir64", "-O2"], check=True)
        subprocess.run([a.spv2c, spv, "-o", gen, "--header", os.path.join(d, "spv2c_api.h")],
                       check=True)
        open(os.path.join(d, "h.c"), "w").write(HARNESS)
        bad = 0
        for extra, want in (([], "1 2 1"), (["-DSPV2C_THREAD_MIN_GROUPS=0"], "2 2 1")):
            exe = os.path.join(d, "t")
            subprocess.run([os.environ.get("CC", "cc"), "-std=c99", "-O2", "-fopenmp", "-DSPV2C_THREADS", *extra,
                            "-I", d, gen, os.path.join(d, "h.c"), "-o", exe, "-lm"],
                           check=True)
            out = subprocess.run([exe], capture_output=True, text=True,
                                 env=dict(os.environ, OMP_NUM_THREADS="2")).stdout.strip()
            ok = out == want
            bad += not ok
            print(f"{'ok' if ok else 'FAIL'}: {' '.join(extra) or 'default'}: threads after "
                  f"one-group launches, after a two-group launch, p[0]: {out!r}, want {want!r}")
        return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

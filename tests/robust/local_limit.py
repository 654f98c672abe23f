#!/usr/bin/env python3
"""A __local arena too small for a kernel's __local variables is reported at
translate time with the size needed and the macro to set (issue 16).

usage: local_limit.py --spv2c PATH --workdir DIR [--cc gcc]

local-arena-limit.cl needs 80,000 bytes of kernel-scope __local memory:
spv2c must exit 0 with a warning naming 80000 and SPV2C_LOCAL_MEM_SIZE;
the C must fail to compile with an #error saying the same (not "size of
array is negative"); with -DSPV2C_LOCAL_MEM_SIZE=80000 it must compile
with -Wall -Wextra -pedantic -Werror. Exit 0 pass, 1 fail, 77 skip.
"""
import argparse, os, re, shutil, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--spv2c", required=True)
    ap.add_argument("--workdir", required=True)
    ap.add_argument("--cc", default="gcc")
    a = ap.parse_args()
    if not (shutil.which("clang-15") and shutil.which("llvm-spirv-15") and shutil.which(a.cc)):
        print("SKIP: needs clang-15, llvm-spirv-15 and", a.cc)
        return 77
    os.makedirs(a.workdir, exist_ok=True)
    w = lambda n: os.path.join(a.workdir, n)
    env = dict(os.environ)
    env.pop("MALLOC_PERTURB_", None)
    r = subprocess.run([os.path.join(ROOT, "scripts", "cl2spv"),
                        os.path.join(HERE, "local-arena-limit.cl"), w("k.spv")],
                       capture_output=True, text=True, env=env)
    if r.returncode:
        print("FAIL: cl2spv:", r.stderr)
        return 1
    fails = []
    r = subprocess.run([a.spv2c, w("k.spv"), "-o", w("k.c")], capture_output=True, text=True)
    if r.returncode != 0:
        fails.append("spv2c exit %d: %s" % (r.returncode, r.stderr))
    elif not re.search(r"warning: .*80000 bytes.*-DSPV2C_LOCAL_MEM_SIZE=80000", r.stderr):
        fails.append("no translate-time warning with the size and the macro: %r" % r.stderr)
    base = [a.cc, "-std=c99", "-Wall", "-Wextra", "-pedantic", "-Werror", "-c", w("k.c"),
            "-o", w("k.o")]
    c = subprocess.run(base, capture_output=True, text=True)
    if c.returncode == 0 or not re.search(r"#error.*80000 bytes.*SPV2C_LOCAL_MEM_SIZE", c.stderr):
        fails.append("without the macro the C must stop with the size and the macro:\n"
                     + c.stderr[-1500:])
    c = subprocess.run(base + ["-DSPV2C_LOCAL_MEM_SIZE=80000"], capture_output=True, text=True)
    if c.returncode:
        fails.append("with -DSPV2C_LOCAL_MEM_SIZE=80000 the C must compile:\n" + c.stderr[-1500:])
    if fails:
        print("FAIL local-arena-limit\n  - " + "\n  - ".join(fails))
        return 1
    print("ok   local-arena-limit: warned at translate time; #error names the macro")
    return 0


if __name__ == "__main__":
    sys.exit(main())

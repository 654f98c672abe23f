#!/usr/bin/env python3
"""run.py's batch reference for kernels PoCL aborts on: seed 6 (PoCL 3.1
aborts on it at -O2) in a batch with seed 7 takes PoCL -cl-opt-disable's
outputs in the batch (b.pocl_o0) and passes as class pocl-O0 with no seed
run alone; with one bit of that reference flipped, the batch must find
the difference (seed 6 a suspect), which shows the comparison is made.

usage: batch_o0_test.py SPV2C POCL_RUN WORKDIR"""
import glob
import os
import shutil
import sys
from types import SimpleNamespace

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen  # noqa: E402
import run  # noqa: E402


def batch(o, tools, flip):
    """seeds 6 and 7 as one batch: (pocl_o0, pocl_bad, suspects)"""
    b = run.Batch([gen.Gen(s).generate() for s in (6, 7)], 0, o)
    run.batch_references(b, tools)
    if flip:
        for s in b.pocl_o0:
            f = sorted(glob.glob(os.path.join(b.wd, "s%d" % s, "pocl", "L0", "arg*.out")))[0]
            data = bytearray(open(f, "rb").read())
            data[0] ^= 1
            open(f, "wb").write(data)
    suspects = {}
    for v, flags, label, _ in run.batch_builds(b, o):
        exe = run.batch_build(b, tools, v, flags, label)
        suspects.update({s: True for s in run.batch_runs(b, exe, v)})
    return sorted(b.pocl_o0), sorted(b.pocl_bad), sorted(suspects)


def main():
    spv2c, pocl_run, wd = (os.path.abspath(a) for a in sys.argv[1:4])
    shutil.rmtree(wd, ignore_errors=True)
    o = SimpleNamespace(workdir=wd, dispatch=0, sample=0, variants=["spir64-O2"])
    tools = {"spv2c": spv2c, "pocl_run": pocl_run, "cc": "cc", "clang": "clang-15",
             "llvm-spirv": "llvm-spirv-15"}
    ok = True
    for flip, want in ((False, ([6], [], [])), (True, ([6], [], [6]))):
        got = batch(o, tools, flip)
        print("reference flipped: %s: pocl_o0 %s, pocl_bad %s, suspects %s" % ((flip,) + got))
        if got != want:
            print("FAIL: want pocl_o0 %s, pocl_bad %s, suspects %s" % want)
            ok = False
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

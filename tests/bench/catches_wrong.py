#!/usr/bin/env python3
"""bench_catches_wrong: scripts/bench-run must reject a program whose output
is off by one ulp. Runs `bench-run --smoke --kernels stencil` with SPV2C set
to a wrapper that transpiles with the real spv2c and then changes the
stencil's 0.2f (0x1.99999ap-3f) to the next float up in the generated C:
the run must exit 1 and name the kernel and program as WRONG. Also checks
that the same run with the real spv2c passes (so the failure is the edit's).
"""
import argparse, os, stat, subprocess, sys, tempfile

WRAPPER = """#!/usr/bin/env python3
import subprocess, sys
args = sys.argv[1:]
r = subprocess.run([{real!r}] + args)
if r.returncode:
    sys.exit(r.returncode)
out = args[args.index("-o") + 1]
src = open(out).read()
if "0x1.99999ap-3f" not in src:
    sys.exit("catches_wrong: the stencil's 0.2f is not in the generated C")
open(out, "w").write(src.replace("0x1.99999ap-3f", "0x1.99999cp-3f"))
"""


def run(bench_run, spv2c):
    env = dict(os.environ, SPV2C=spv2c)
    r = subprocess.run([sys.executable, bench_run, "--smoke", "--kernels", "stencil"],
                       capture_output=True, text=True, env=env)
    return r.returncode, r.stdout + r.stderr


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bench-run", required=True)
    ap.add_argument("--spv2c", required=True)
    a = ap.parse_args()
    rc, out = run(a.bench_run, os.path.abspath(a.spv2c))
    if rc != 0 or "| stencil |" not in out or "exact" not in out:
        sys.exit(f"FAIL: the unmodified run did not pass (exit {rc}):\n{out}")
    with tempfile.TemporaryDirectory() as d:
        w = os.path.join(d, "spv2c-wrong")
        with open(w, "w") as f:
            f.write(WRAPPER.format(real=os.path.abspath(a.spv2c)))
        os.chmod(w, os.stat(w).st_mode | stat.S_IXUSR)
        rc, out = run(a.bench_run, w)
    if rc != 1 or "WRONG: stencil, gcc -O2" not in out:
        sys.exit(f"FAIL: a 1-ulp error in the stencil was not reported (exit {rc}):\n{out}")
    print("ok: exact run passes; the 1-ulp edit is reported WRONG")


if __name__ == "__main__":
    main()

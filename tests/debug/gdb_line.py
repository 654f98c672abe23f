#!/usr/bin/env python3
"""#line directives from OpLine, checked with a debugger (issue 20).

For each case: `spv2c K.cl --main -o k.c` (the .cl path compiles with line
tables, so the module carries OpLine), `cc -g -O0`, then gdb in batch mode
sets a breakpoint by the kernel's own FILE:LINE, runs the program, and the
test passes only if the breakpoint is hit at that line in the .cl file.
Also: with --no-line the output has no #line, and the C names come from
the kernel's OpName (parameters keep their OpenCL C names).
"""
import argparse, os, re, shutil, subprocess, sys

# kernel file, kernel name, line to break on (1-based, in the .cl text, found
# by the marker comment), launch arguments after the kernel name
CASES = [
    ("saxpy.cl", "saxpy", "y[i] =",
     ["--global", "16", "inout:x.bin:y.out", "in:x.bin", "2.0"]),
    ("barrier.cl", "rev", "out[gid] =",
     ["--global", "16", "--local", "8", "in:x.bin", "out:64:o.out", "local:32"]),
]

SAXPY = """// saxpy for the debugger test
__kernel void saxpy(__global float *y, __global const float *x, float a)
{
    size_t i = get_global_id(0);
    y[i] = a * x[i] + y[i];
}
"""
BARRIER = """// a barrier kernel: the executor's loops around the kernel's lines
__kernel void rev(__global const float *in, __global float *out, __local float *t)
{
    size_t l = get_local_id(0), n = get_local_size(0), gid = get_global_id(0);
    t[l] = in[gid];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[gid] = t[n - 1 - l];
}
"""


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=300, **kw)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--spv2c", required=True)
    ap.add_argument("--workdir", required=True)
    a = ap.parse_args()
    a.spv2c = os.path.abspath(a.spv2c)
    for tool in ("gdb", "cc", "clang-15", "llvm-spirv-15"):
        if not shutil.which(tool):
            print(f"SKIP: {tool} not found (scripts/setup installs it)")
            return 77
    wd = os.path.abspath(a.workdir)
    os.makedirs(wd, exist_ok=True)
    with open(os.path.join(wd, "saxpy.cl"), "w") as f:
        f.write(SAXPY)
    with open(os.path.join(wd, "barrier.cl"), "w") as f:
        f.write(BARRIER)
    with open(os.path.join(wd, "x.bin"), "wb") as f:
        f.write(bytes(64))
    bad = 0
    for cl, kernel, marker, args in CASES:
        text = open(os.path.join(wd, cl)).read().splitlines()
        line = next(i + 1 for i, t in enumerate(text) if marker in t)
        c = os.path.join(wd, cl[:-3] + ".c")
        exe = os.path.join(wd, cl[:-3])
        r = run([a.spv2c, cl, "--main", "-o", c], cwd=wd)
        if r.returncode:
            print(f"FAIL {cl}: spv2c: {r.stderr}")
            bad += 1
            continue
        gen = open(c).read()
        if f'#line {line} "' not in gen:
            print(f"FAIL {cl}: no #line {line} in the output")
            bad += 1
        r = run(["cc", "-std=c99", "-g", "-O0", "-Wall", "-Wextra", "-pedantic", "-Werror",
                 c, "-o", exe, "-lm"], cwd=wd)
        if r.returncode:
            print(f"FAIL {cl}: cc: {r.stderr[:2000]}")
            bad += 1
            continue
        r = run(["gdb", "-nx", "-batch", "-ex", f"break {cl}:{line}", "-ex", "run",
                 "-ex", "info line", "--args", exe, kernel] + args, cwd=wd)
        hit = re.search(r"Breakpoint 1(?:\.\d+)?, .* at (\S+):(\d+)", r.stdout)   # (1.N: one of several copies)
        if not hit or os.path.basename(hit.group(1)) != cl or int(hit.group(2)) != line:
            print(f"FAIL {cl}: breakpoint {cl}:{line} not hit there; gdb said:\n{r.stdout[-1500:]}")
            bad += 1
        else:
            print(f"ok   {cl}: breakpoint hit at {hit.group(1)}:{hit.group(2)}")
        # names from OpName: saxpy's parameters, the barrier kernel's
        # values (its executor names the parameters a0, a1...)
        param = "y_" if kernel == "saxpy" else "call_"
        if not re.search(r"\b" + param + r"\d+\b", gen):
            print(f"FAIL {cl}: no C name from OpName ({param}N) in the output")
            bad += 1
        r = run([a.spv2c, cl, "--no-line", "-o", c + ".noline.c"], cwd=wd)
        if r.returncode or "#line" in open(c + ".noline.c").read():
            print(f"FAIL {cl}: --no-line still writes #line (or failed: {r.stderr})")
            bad += 1
        # after the kernel's functions, lines map back to the C file:
        # the lines of the API and main() are where cc says they are
        r = run(["cc", "-std=c99", "-c", "-Dspv2c_main_=1+", c, "-o", exe + ".o"],
                cwd=wd)
        m = re.search(r"^(\S+?\.c):(\d+):\d+: ", r.stderr, re.M)
        if not m:
            print(f"FAIL {cl}: an error after the kernel is not reported in the C file: "
                  f"{r.stderr[:800]}")
            bad += 1
        else:
            ln = int(m.group(2))
            if "spv2c_main_" not in gen.splitlines()[ln - 1]:
                print(f"FAIL {cl}: cc reports line {ln} of {c}, which does not hold the error: "
                      f"{gen.splitlines()[ln - 1]!r}")
                bad += 1
    print(f"{len(CASES)} cases, {bad} failures")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

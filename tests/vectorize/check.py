#!/usr/bin/env python3
"""Does the work-item loop of a barrier-free kernel vectorise at plain -O2?

For each OpenCL C file given (the benchmark kernels), spv2c translates it
(`spv2c K.cl -o K.c`, its own clang-15 + llvm-spirv-15 step), then the C
is compiled as a user would, `-std=c99 -O2` and nothing else, by gcc with
-fopt-info-vec-optimized and by clang-15 with -Rpass=loop-vectorize. The
test reads the compilers' reports and fails unless, in the work-group
function compiled for AVX2 + FMA (group_K_avx2_, which the launcher runs
on this machine's CPUs: runtime/base.h, SPV2C_AVX2_), the loop over a
chunk of 16 work-items (`for (k0 = 0; k0 < 16; k0++)`) is reported
vectorised by gcc, and that chunk loop or the remainder loop after it by
clang (clang may instead unroll the chunk completely and vectorise it as
straight-line code; its remainder loop is then the one its report names).
A kernel given as K.cl:fma (one whose a * b + c clang contracts to
SPIR-V `mad`) must also use a packed FMA instruction (vfmadd...ps/pd) in
gcc's clone: the fused multiply-add is one instruction there, not a call to
the C library's fmaf. A file given as K.cl:base must vectorise the same way
in the baseline work-group function (group_K, SSE2 on x86-64) as well: the
math functions, whose vectorisation depends on the C they are written in
(a sqrt the compiler may treat as pure), not on the instructions the clone
adds.

usage: check.py --spv2c PATH --workdir DIR [--cc gcc] [--clang clang-15]
                K.cl[:fma][:base]...
"""
import argparse, os, re, shutil, subprocess, sys


def run(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode:
        sys.exit(f"FAIL: {' '.join(cmd)} exited {r.returncode}:\n{r.stdout}{r.stderr}")
    return r.stdout + r.stderr


def func_lines(text, name):
    """first and last line (1-based) of the definition of function NAME"""
    lines = text.splitlines()
    head = re.compile(r"^(?:SPV2C_GROUP_ )?static void %s\(" % re.escape(name))
    for i, l in enumerate(lines):
        if head.match(l):
            for j in range(i + 1, len(lines)):
                if lines[j] == "}":
                    return i + 1, j + 1
    return None


def loop_lines(text, first, last):
    """(chunk loop lines, remainder loop lines) inside [first, last]"""
    lines = text.splitlines()
    chunk, rest = [], []
    for n in range(first, last + 1):
        l = lines[n - 1].strip()
        if l.startswith("for (k0 = 0; k0 < 16; k0++)"):
            chunk.append(n)
        elif l.startswith("for (l0 = c0; l0 < n0; l0++)"):
            rest.append(n)
    return chunk, rest


def reported(report, cfile, pattern):
    base = re.escape(os.path.basename(cfile))
    rx = re.compile(r"(?:^|/)%s:(\d+):\d+: .*%s" % (base, pattern))
    return {int(m.group(1)) for m in map(rx.search, report.splitlines()) if m}


def check_kernel(args, cl):
    cl, *opts = cl.split(":")
    want_fma, want_base = "fma" in opts, "base" in opts
    name = os.path.splitext(os.path.basename(cl))[0]
    c = os.path.join(args.workdir, name + ".c")
    run([args.spv2c, cl, "-o", c, "-cl-std=CL1.2"])
    text = open(c).read()
    kernels = re.findall(r"^(?:SPV2C_GROUP_ )?static void group_(\w+)_avx2_\(", text, re.M)
    if not kernels:
        return [f"{name}: no AVX2 work-group function in the generated C"]
    errors = []
    obj = os.path.join(args.workdir, name + ".o")
    gcc = run([args.cc, "-std=c99", "-O2", "-fopt-info-vec-optimized", "-c", c, "-o", obj])
    dis = run(["objdump", "-d", "--no-show-raw-insn", obj])
    clang = run([args.clang, "-std=c99", "-O2", "-Rpass=loop-vectorize", "-c", c, "-o",
                 obj + ".clang"])
    gcc_vec = reported(gcc, c, r"optimized: loop vectorized")
    clang_vec = reported(clang, c, r"remark: vectorized loop")
    funcs = [f"group_{k}_avx2_" for k in kernels] + [f"group_{k}" for k in kernels if want_base]
    for f in funcs:
        span = func_lines(text, f)
        chunk, rest = loop_lines(text, *span) if span else ([], [])
        if not chunk or not rest:
            errors.append(f"{name}: {f} has no chunk/remainder work-item loops")
            continue
        if not set(chunk) & gcc_vec:
            errors.append(f"{name}: gcc -O2 did not vectorise the chunk loop of {f} "
                          f"(line {chunk[0]}); its report:\n" +
                          "\n".join(l for l in gcc.splitlines() if "optimized" in l))
        if not set(chunk + rest) & clang_vec:
            errors.append(f"{name}: clang -O2 vectorised no work-item loop of {f} "
                          f"(lines {chunk + rest}); its remarks:\n" +
                          "\n".join(l for l in clang.splitlines() if "remark" in l))
    if want_fma:
        clone = dis[dis.find("_avx2_>:"):]
        if not re.search(r"vfmadd\d+p[sd]", clone):
            errors.append(f"{name}: no packed vfmadd in the AVX2 clone")
    if not errors:
        print(f"ok: {name}: {', '.join(funcs)} vectorised at -O2 (gcc lines "
              f"{sorted(gcc_vec)}, clang lines {sorted(clang_vec)})")
    return errors


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--spv2c", required=True)
    ap.add_argument("--workdir", required=True)
    ap.add_argument("--cc", default="gcc")
    ap.add_argument("--clang", default="clang-15")
    ap.add_argument("kernels", nargs="+")
    args = ap.parse_args()
    if not shutil.which(args.clang) or not shutil.which("llvm-spirv-15"):
        if os.environ.get("CI") == "true":
            sys.exit(f"FAIL: {args.clang} or llvm-spirv-15 missing (CI=true)")
        print(f"SKIP: {args.clang} or llvm-spirv-15 missing")
        sys.exit(77)
    os.makedirs(args.workdir, exist_ok=True)
    errors = []
    for cl in args.kernels:
        errors += check_kernel(args, cl)
    for e in errors:
        print("FAIL:", e)
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()

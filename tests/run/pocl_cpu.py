#!/usr/bin/env python3
"""Does PoCL's reference depend on the CPU it builds for? (issue 36)

usage: pocl_cpu.py --check CHECK.PY --pocl-run PATH --workdir DIR
                   [--cpu NAME]... KERNEL.cl...

PoCL 3.1 picks its kernel library and code generation from the host CPU
(LLVM's cpuid), with no setting to choose another. pocl_run's
SPV2C_POCL_CPU runs it under qemu-x86_64 -cpu MODEL instead, so one machine
can show what PoCL computes on others. For each kernel this runs check.py's
PoCL step (--pocl-only: every launch, every out/inout buffer and printf
text) natively and under each CPU below, and compares the reference files
byte for byte. A kernel whose reference differs is a place where the suite
would depend on the machine CI gets: its reference must be made
CPU-independent (tests/run/printf_vector.cl shows how for printf).

--cpu NAME: avx2 (an AVX2-only CPU with FMA: PoCL's device is
pthread-haswell, the machine issue 36 was filed from), avx (AVX without
FMA or F16C: pthread-sandybridge), sse4 (SSE4.1, no AVX: pthread-penryn),
or any qemu-x86_64 -cpu string. Default: avx2.
Exit status: 0 all the same, 1 some differ or a run failed.
"""
import argparse
import filecmp
import os
import subprocess
import sys

# TCG lacks these features of EPYC-Rome; listing them keeps qemu quiet
_ROME_QUIET = ("-rdseed,-sha-ni,-rdpid,-fxsr-opt,-misalignsse,-3dnowprefetch,-osvw,"
               "-topoext,-perfctr-core,-clzero,-xsaveerptr,-wbnoinvd,-ibpb,-amd-stibp,"
               "-nrip-save,-xsavec,-xsaves")
CPUS = {
    "avx2": "EPYC-Rome," + _ROME_QUIET,
    "avx": "SandyBridge",
    "sse4": "Nehalem",
}


def pocl_reference(o, kernel, cpu, outdir):
    """check.py's PoCL step for kernel into outdir (cpu None: native)"""
    env = dict(os.environ)
    env.pop("SPV2C_POCL_CPU", None)
    env.pop("SPV2C_POCL_CPU_ACTIVE", None)
    if cpu:
        env["SPV2C_POCL_CPU"] = CPUS.get(cpu, cpu)
    cmd = [sys.executable, o.check, kernel, "--pocl-only", "--pocl-run", o.pocl_run,
           "--workdir", outdir]
    p = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    return p.returncode, p.stdout.decode("utf-8", "replace")


def pocl_files(root):
    """the files of PoCL's references under root (relative paths): its
    pocl/ folder, or each define alternative's D*/pocl/"""
    out = set()
    for dirpath, _, files in os.walk(root):
        rel = os.path.relpath(dirpath, root)
        if "pocl" in rel.split(os.sep):
            out.update(os.path.join(rel, f) for f in files)
    return out


def tree_diff(a, b):
    """PoCL reference files under a and b that differ or exist on one side only"""
    fa, fb = pocl_files(a), pocl_files(b)
    out = sorted(os.path.join(b, f) for f in fa ^ fb)
    for f in sorted(fa & fb):
        if not filecmp.cmp(os.path.join(a, f), os.path.join(b, f), shallow=False):
            out.append(os.path.join(b, f))
    if not fa:
        out.append(os.path.join(a, "(no PoCL reference)"))
    return out


def check_kernel(o, kernel):
    """0 if every CPU gives the native reference, else 1 (messages printed)"""
    name = os.path.splitext(os.path.basename(kernel))[0]
    base = os.path.join(o.workdir, "native", name)
    rc, text = pocl_reference(o, kernel, None, base)
    if rc != 0:
        print("FAIL %s: native PoCL run failed:\n%s" % (name, text))
        return 1
    bad = 0
    for cpu in o.cpu:
        wd = os.path.join(o.workdir, cpu.split(",")[0], name)
        rc, text = pocl_reference(o, kernel, cpu, wd)
        if rc != 0:
            print("FAIL %s [%s]: PoCL run failed:\n%s" % (name, cpu, text))
            bad = 1
            continue
        diff = tree_diff(base, wd)
        if diff:
            print("DIFFERS %s [%s]: %s" % (name, cpu, " ".join(diff)))
            bad = 1
        else:
            print("same %s [%s]" % (name, cpu.split(",")[0]))
    return bad


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--check", required=True)
    ap.add_argument("--pocl-run", required=True)
    ap.add_argument("--workdir", required=True)
    ap.add_argument("--cpu", action="append")
    ap.add_argument("kernels", nargs="+")
    o = ap.parse_args()
    o.cpu = o.cpu or ["avx2"]
    bad = 0
    for k in o.kernels:
        bad |= check_kernel(o, k)
    print("%d kernels, CPUs %s: %s" % (len(o.kernels), " ".join(o.cpu),
                                      "some references differ" if bad else "all the same"))
    return bad


if __name__ == "__main__":
    sys.exit(main())

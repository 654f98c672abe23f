#!/usr/bin/env python3
"""One robustness regression case of spv2c (tests/robust/README.md).

usage: check.py CASE --spv2c PATH --workdir DIR [--want compiles|error]
                [--expect REGEX] [--env ENV] [--args "..."] [--max-seconds S]
                [--cflags "..."] [--vs-spirv-val FACTOR]

CASE is a SPIR-V binary (.spv), assembly (.spvasm, assembled here with
`spirv-as --target-env ENV --preserve-numeric-ids`, default spv1.0) or
OpenCL C (.cl, through scripts/cl2spv with the --cl options), or
`gen:KIND:N`, a module gen_big.py writes (inst, chain, kernels or nest).

spv2c must not crash (no signal, no sanitizer report), must finish within
--max-seconds, and then:
  --want compiles: exit 0, and the C compiles with gcc and with clang (each
      if installed; at least one must be) under
      -std=c99 -Wall -Wextra -pedantic -Werror at -O0 and -O2;
  --want translates: exit 0 (for cases too big to compile in the suite);
  --want error: exit 1, a `CASE: word N: error: ` line matching --expect,
      no output file left behind.
With --vs-spirv-val F, spv2c's CPU time (its validator child included) must
stay within F times `spirv-val --target-env opencl2.1`'s on the same module,
plus 0.5 s: CPU time, not wall time, so a loaded machine does not decide it.
Exit status 0 pass, 1 fail, 77 skip (a tool the case needs is missing).
"""
import argparse, os, re, resource, shutil, subprocess, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SKIP = 77
CRASH = ("AddressSanitizer", "LeakSanitizer", "runtime error:", "Segmentation fault",
         "Assertion", "internal error", "stack traceback")


def fail(case, msgs, err=""):
    print("FAIL %s" % case)
    for m in msgs:
        print("  - " + m)
    if err:
        print("  stderr:\n" + "".join("    | " + l + "\n" for l in err.splitlines()[:40]))
    sys.exit(1)


def env_without_perturb():
    # llvm-spirv-15 crashes under meson's MALLOC_PERTURB_ (its own bug)
    env = dict(os.environ)
    env.pop("MALLOC_PERTURB_", None)
    return env


def cpu_run(cmd, timeout):
    """(CompletedProcess, CPU seconds of the command and its children)"""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def prepare(a, case):
    name = os.path.basename(case)
    if case.startswith("gen:"):
        _, kind, n = case.split(":")
        src = os.path.join(a.workdir, "%s%s.spvasm" % (kind, n))
        subprocess.run([sys.executable, os.path.join(HERE, "gen_big.py"), kind, n, src],
                       check=True)
        case, name = src, os.path.basename(src)
    if case.endswith(".spv"):
        return case
    out = os.path.join(a.workdir, name + ".spv")
    if case.endswith(".spvasm"):
        tool = shutil.which("spirv-as")
        if not tool:
            print("SKIP: spirv-as not found")
            sys.exit(SKIP)
        cmd = [tool, "--target-env", a.env, "--preserve-numeric-ids", case, "-o", out]
    elif case.endswith(".cl"):
        if not (shutil.which("clang-15") and shutil.which("llvm-spirv-15")):
            print("SKIP: clang-15 or llvm-spirv-15 not found")
            sys.exit(SKIP)
        cmd = [os.path.join(ROOT, "scripts", "cl2spv"), case, out] + a.cl.split()
    else:
        fail(case, ["unknown case kind"])
    r = subprocess.run(cmd, capture_output=True, text=True, env=env_without_perturb())
    if r.returncode:
        fail(case, ["preparing the case failed: " + " ".join(cmd)], r.stderr)
    return out


def compilers():
    found = [c for c in ("gcc", "clang", "clang-15") if shutil.which(c)]
    if "clang" in found and "clang-15" in found:
        found.remove("clang-15")
    return found


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("case")
    ap.add_argument("--spv2c", required=True)
    ap.add_argument("--workdir", required=True)
    ap.add_argument("--want", choices=("compiles", "translates", "error"), default="compiles")
    ap.add_argument("--expect", default="")
    ap.add_argument("--env", default="spv1.0")
    ap.add_argument("--cl", default="-cl-std=CL2.0 -target spir64 -O2")
    ap.add_argument("--args", default="")
    ap.add_argument("--cflags", default="")
    ap.add_argument("--max-seconds", type=float, default=60)
    ap.add_argument("--vs-spirv-val", type=float, default=0)
    a = ap.parse_args()
    os.makedirs(a.workdir, exist_ok=True)
    case = a.case
    spv = prepare(a, case)
    out = os.path.join(a.workdir, os.path.basename(case) + ".c")
    if os.path.exists(out):
        os.unlink(out)
    cmd = [a.spv2c] + a.args.split() + [spv, "-o", out]
    try:
        r, secs = cpu_run(cmd, a.max_seconds)
    except subprocess.TimeoutExpired:
        fail(case, ["spv2c took over %g s: %s" % (a.max_seconds, " ".join(cmd))])
    err = r.stderr
    msgs = []
    if r.returncode < 0:
        fail(case, ["spv2c killed by signal %d" % -r.returncode], err)
    # the crash words may appear in spv2c's own message (a validator crash)
    other = "\n".join(l for l in err.splitlines() if not re.match(r".*: word \d+: error: ", l))
    for c in CRASH:
        if c in other:
            msgs.append("stderr shows a crash (%r)" % c)
    if a.want == "error":
        if r.returncode != 1:
            msgs.append("exit status %d, want 1" % r.returncode)
        pat = r"^" + re.escape(spv) + r": word \d+: error: "
        if not re.search(pat, err, re.M):
            msgs.append("no line `%s: word N: error: `" % spv)
        if a.expect and not re.search(a.expect, err, re.M | re.I):
            msgs.append("stderr does not match /%s/" % a.expect)
        if os.path.exists(out) and os.path.getsize(out):
            msgs.append("output file left behind")
        if msgs:
            fail(case, msgs, err)
        print("ok   %s: clean error in %.2f s of CPU" % (case, secs))
        return 0
    if r.returncode != 0:
        fail(case, msgs + ["exit status %d, want 0" % r.returncode], err)
    if msgs:
        fail(case, msgs, err)
    if a.vs_spirv_val:
        tool = shutil.which("spirv-val")
        if not tool:
            print("SKIP: spirv-val not found")
            return SKIP
        rv, vsecs = cpu_run([tool, "--target-env", "opencl2.1", spv], a.max_seconds)
        if rv.returncode:
            fail(case, ["spirv-val rejects the case"], rv.stderr)
        if secs > a.vs_spirv_val * vsecs + 0.5:
            fail(case, ["spv2c took %.2f s of CPU, over %g x spirv-val's %.2f s + 0.5 s"
                        % (secs, a.vs_spirv_val, vsecs)])
        print("     CPU: spv2c %.2f s, spirv-val %.2f s" % (secs, vsecs))
    if a.want == "translates":
        print("ok   %s: translated in %.2f s of CPU" % (case, secs))
        return 0
    ccs = compilers()
    if not ccs:
        print("SKIP: no C compiler")
        return SKIP
    for cc in ccs:
        for opt in ("-O0", "-O2"):
            c = [cc, "-std=c99", "-Wall", "-Wextra", "-pedantic", "-Werror", opt] + \
                a.cflags.split() + ["-c", out, "-o", out + ".o"]
            rc = subprocess.run(c, capture_output=True, text=True)
            if rc.returncode:
                fail(case, ["generated C does not compile cleanly: " + " ".join(c)], rc.stderr)
    print("ok   %s: translated in %.2f s of CPU, compiles cleanly with %s" % (case, secs, ", ".join(ccs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())

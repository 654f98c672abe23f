#!/usr/bin/env python3
"""Differential campaign: random kernels (gen.py) on PoCL and through spv2c.

usage: run.py --seeds A:B [--jobs N] --spv2c PATH --pocl-run PATH
              --workdir DIR [--sample K] [--reduce] [--variants LIST]
              [--keep-going] [--cc cc]

For every seed in [A, B) the kernel of gen.py SEED is run once on PoCL
(through tests/run/pocl_run, every launch of its header) and, for spir64
and spir at -O0 and -O2, compiled with clang-15 and llvm-spirv-15,
translated by `spv2c --main`, built with cc -O2 (warnings are errors:
generated C must compile warning-free) and run; every out/inout buffer is
compared bit for bit with PoCL's (tests/run/check.py's header format,
inputs, comparison and step runner are reused, not copied). One seed in K
(--sample, default 8) also builds the spir64 -O2 C at -O0 and with
-fsanitize=address,undefined (any report fails).

A failing seed keeps its folder (DIR/seed-N: the kernel, every step's
command and output) and a line in DIR/failures.txt with its class:
  spv2c      spv2c exits non-zero (rejects or crashes on a valid module)
  cc         spv2c's C does not compile (or warns)
  run        the generated program crashes or fails
  diff       outputs differ from PoCL's
  sanitizer  -fsanitize=address,undefined reports something
  gen        PoCL or clang rejects the kernel (a generator bug)
  pocl       PoCL crashes on the kernel (no reference: not counted as ours)
  llvm-spirv llvm-spirv-15 wrote a module SPIRV-Tools finds invalid (spv2c
             says so and stops, as it should: not counted as ours)
  timeout    a step took more than 600 s (a loaded machine, or a hang)
With --reduce each failure is reduced (reduce.py) to DIR/seed-N/small.cl.
Summary on stdout: kernels, passes, failures by class, CPU time of this
process and its children. Exit status 0 when every seed passed.
"""

import argparse
import concurrent.futures
import os
import resource
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "run"))
import check  # noqa: E402  (tests/run/check.py: header, inputs, compare, run)
import gen    # noqa: E402

# a step may take long on a loaded machine; a step that times out is
# reported as class "timeout" (not as a failure of that step)
check.STEP_TIMEOUT = 600
VARIANTS = ("spir64-O2", "spir-O2", "spir64-O0", "spir-O0")
WARN = ["-std=c99", "-Wall", "-Wextra", "-pedantic", "-Werror"]
SAN = ["-fsanitize=address,undefined", "-fno-sanitize-recover=all", "-g"]


class Failure(Exception):
    def __init__(self, cls, text):
        Exception.__init__(self, text)
        self.cls = cls
        self.text = text


def step(cmd, cwd, what, cls):
    try:
        return check.run(cmd, cwd=cwd, what=what)
    except check.StepFailed as e:
        text = str(e)
        if "timed out after" in text.splitlines()[0]:
            cls = "timeout"
        raise Failure(cls, text)


def pocl(h, tools, kpath, inpaths, wd):
    opts = "-cl-std=" + h["std"] + " " + h["pocl-options"]
    for k, (g, l) in enumerate(h["launch_list"]):
        d = os.path.join(wd, "pocl", "L%d" % k)
        os.makedirs(d, exist_ok=True)
        cmd = ([tools["pocl_run"], kpath, opts.strip(), h["kernel"]]
               + check.launch_options(h, g, l) + check.arg_list(h, inpaths, d, False))
        try:
            step(cmd, wd, "PoCL", "gen")
        except Failure as e:
            if "exit status -" in e.text.splitlines()[0]:
                e.cls = "pocl"   # PoCL itself crashed on a valid kernel
            raise


def run_exe(h, exe, label, inpaths, wd, vd, cls="run"):
    """runs every launch of the header with exe; raises Failure on a difference"""
    for k, (g, l) in enumerate(h["launch_list"]):
        od = os.path.join(vd, "L%d" % k)
        os.makedirs(od, exist_ok=True)
        cmd = ([exe, h["kernel"]] + check.launch_options(h, g, l)
               + check.arg_list(h, inpaths, od, True))
        step(cmd, od, "generated program", cls)
        msgs = []
        for i, a in enumerate(h["args"]):
            if a.kind in ("out", "inout"):
                msgs += check.compare(h, "%s launch %d" % (label, k), i, a,
                                      os.path.join(wd, "pocl", "L%d" % k, "arg%d.out" % i),
                                      os.path.join(od, "arg%d.out" % i))
        if msgs:
            raise Failure("diff", "\n".join(msgs + ["  $ " + check.shell_quote(cmd)]))


def variant(h, tools, kpath, inpaths, wd, v, sanitize, extra_cc=()):
    target, opt = v.split("-")
    vd = os.path.join(wd, v)
    os.makedirs(vd, exist_ok=True)
    bc, spv, c, exe = (os.path.join(vd, x) for x in ("k.bc", "k.spv", "k.c", "k"))
    step([tools["clang"], "-cl-std=" + h["std"], "-target", target, "-" + opt, "-emit-llvm",
          "-c", kpath, "-o", bc, "-Xclang", "-finclude-default-header"], vd, "clang", "gen")
    step([tools["llvm-spirv"], bc, "-o", spv], vd, "llvm-spirv", "gen")
    try:
        step([tools["spv2c"], spv, "--main", "-o", c], vd, "spv2c", "spv2c")
    except Failure as e:
        if "invalid SPIR-V" in e.text:
            e.cls = "llvm-spirv"   # SPIRV-Tools rejects llvm-spirv's module
        raise
    step([tools["cc"]] + WARN + ["-O2"] + list(extra_cc) + [c, "-o", exe, "-lm"], vd, "cc", "cc")
    run_exe(h, exe, v, inpaths, wd, vd)
    if sanitize:
        for label, flags in (("cc -O0", ["-O0"]), ("sanitizer", ["-O1"] + SAN)):
            sd = os.path.join(vd, label.replace(" ", "_"))
            os.makedirs(sd, exist_ok=True)
            e2 = os.path.join(sd, "k")
            step([tools["cc"], "-std=c99"] + flags + [c, "-o", e2, "-lm"], sd, label,
                 "cc" if label == "cc -O0" else "sanitizer")
            run_exe(h, e2, v + " " + label, inpaths, wd, sd,
                    "run" if label == "cc -O0" else "sanitizer")


def one_seed(seed, o, tools):
    wd = os.path.join(o.workdir, "seed-%d" % seed)
    shutil.rmtree(wd, ignore_errors=True)
    os.makedirs(wd)
    kpath = os.path.join(wd, "k.cl")
    with open(kpath, "w", encoding="utf-8") as f:
        f.write(gen.kernel_text(seed))
    try:
        h = check.parse_header(kpath)
        inpaths = check.write_inputs(h, os.path.join(wd, "inputs"))
        pocl(h, tools, kpath, inpaths, wd)
        sanitize = o.sample > 0 and seed % o.sample == 0
        for v in o.variants:
            variant(h, tools, kpath, inpaths, wd, v, sanitize and v == "spir64-O2")
    except Failure as e:
        with open(os.path.join(wd, "failure.txt"), "w", encoding="utf-8") as f:
            f.write("%s\n%s\n" % (e.cls, e.text))
        return seed, e.cls, e.text
    except check.HeaderError as e:
        return seed, "gen", "header: %s" % e
    if not o.keep:
        shutil.rmtree(wd, ignore_errors=True)
    return seed, "pass", ""


def parse_seeds(text):
    a, _, b = text.partition(":")
    return range(int(a), int(b) if b else int(a) + 1)


def tool_paths(o):
    tools = {"clang": o.clang, "llvm-spirv": o.llvm_spirv, "pocl_run": o.pocl_run,
             "spv2c": o.spv2c, "cc": o.cc}
    found = {}
    for k, v in tools.items():
        found[k] = check.find_tool(v)
        if not found[k]:
            print("SKIP: %s not found (%s)" % (k, v))
            sys.exit(77)
    return found


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", required=True, help="A:B, the seeds A to B-1")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--spv2c", required=True)
    ap.add_argument("--pocl-run", required=True)
    ap.add_argument("--workdir", required=True)
    ap.add_argument("--cc", default="cc")
    ap.add_argument("--clang", default="clang-15")
    ap.add_argument("--llvm-spirv", default="llvm-spirv-15")
    ap.add_argument("--sample", type=int, default=8,
                    help="one seed in K also runs at -O0 and under sanitizers (0: none)")
    ap.add_argument("--variants", default=",".join(VARIANTS))
    ap.add_argument("--keep", action="store_true", help="keep the folders of passing seeds")
    ap.add_argument("--reduce", action="store_true", help="reduce every failure (reduce.py)")
    o = ap.parse_args()
    o.variants = o.variants.split(",")
    o.workdir = os.path.abspath(o.workdir)
    os.makedirs(o.workdir, exist_ok=True)
    tools = tool_paths(o)
    seeds = parse_seeds(o.seeds)
    t0 = time.time()
    counts = {}
    failed = []
    log = open(os.path.join(o.workdir, "failures.txt"), "a", encoding="utf-8")
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, o.jobs)) as ex:
        for seed, cls, text in ex.map(lambda s: one_seed(s, o, tools), seeds):
            counts[cls] = counts.get(cls, 0) + 1
            if cls != "pass":
                failed.append((seed, cls))
                first = text.splitlines()[0] if text else ""
                log.write("seed %d: %s: %s\n" % (seed, cls, first))
                log.flush()
                print("FAIL seed %d (%s)\n%s" % (seed, cls, text), flush=True)
    log.close()
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    me = resource.getrusage(resource.RUSAGE_SELF)
    cpu = ru.ru_utime + ru.ru_stime + me.ru_utime + me.ru_stime
    print("%d kernels: %d passed, %s; CPU %.0f s, wall %.0f s"
          % (len(seeds), counts.get("pass", 0),
             ", ".join("%d %s" % (n, c) for c, n in sorted(counts.items()) if c != "pass")
             or "0 failed", cpu, time.time() - t0))
    if o.reduce:
        for seed, cls in failed:
            if cls in ("gen", "pocl", "timeout", "llvm-spirv"):
                continue
            subprocess.run([sys.executable, os.path.join(HERE, "reduce.py"),
                            os.path.join(o.workdir, "seed-%d" % seed),
                            "--spv2c", tools["spv2c"], "--pocl-run", tools["pocl_run"]])
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

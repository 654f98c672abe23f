#!/usr/bin/env python3
"""Differential campaign: random kernels (gen.py) on PoCL and through spv2c.

usage: run.py --seeds A:B [--jobs N] --spv2c PATH --pocl-run PATH
              --workdir DIR [--batch B] [--sample K] [--dispatch D]
              [--reduce] [--variants LIST] [--log FILE] [--keep] [--profile] [--cc cc]
       run.py --totals --log FILE   (the totals of a campaign log)

The seeds in [A, B) go in windows of B consecutive seeds (--batch, default
32), each split by OpenCL C version into batches: one program holding the
batch's kernels (gen.batch_text; each kernel is the text of its seed's own
file, names ending in the seed). A batch is run once on PoCL (one
tests/run/pocl_run process building it once and running every launch of
every kernel) and, for spir64 and spir at -O0 and -O2, compiled with
clang-15 and llvm-spirv-15, translated by `spv2c --main`, built with cc -O2
(warnings are errors: generated C must compile warning-free) and run, each
launch of each kernel; every out/inout buffer is compared bit for bit with
PoCL's (tests/run/check.py's header format, inputs, comparison and step
runner are reused, not copied). Most batches build with
-DSPV2C_NO_DISPATCH; in one in D (--dispatch, default 3) the spir64 -O2
build keeps the run-time dispatch (the AVX2 clone). One batch in K (--sample, default 7) also
builds the spir64 -O2 C at -O0 with -fsanitize=address,undefined (any
report fails; the sample at -O0 and under the sanitizers in one build).

When a step of the whole batch fails, the kernels that make it fail are
found (cc's messages name the function; otherwise bisection repeating
that step alone on halves), run alone, and the others run again as a
batch. A kernel whose run fails or differs is run alone too. Run alone
(--batch 1 does it for every seed), a seed gets the full pipeline with
the dispatch build, and its folder is kept when it fails (DIR/seed-N:
the kernel, every step's command and output) with a line in
DIR/failures.txt giving its class:
  spv2c      spv2c exits non-zero (rejects or crashes on a valid module)
  cc         spv2c's C does not compile (or warns)
  run        the generated program crashes or fails
  diff       outputs differ from PoCL's
  sanitizer  -fsanitize=address,undefined reports something
  gen        PoCL or clang rejects the kernel (a generator bug)
  pocl-O0    PoCL crashes on the kernel (its compiler's barrier handling
             aborts on some valid kernels: "Could not find a dominating
             alternative variable"), so PoCL's outputs built with
             -cl-opt-disable were the reference (in the batch: the kernels
             PoCL aborted on, in one more PoCL process; alone when one of
             them differs there), and every output matched them bit for
             bit: a pass, counted apart
  oclgrind   PoCL crashes on the kernel, with -cl-opt-disable too (or its
             run never ends), so the seed ran alone with Oclgrind as the
             reference (pocl_run under `oclgrind --data-races`,
             POCL_RUN_PLATFORM=Oclgrind; any Oclgrind report makes that
             reference unusable; its --uninitialized crashes on some
             kernels) and every output matched it bit for bit: a pass,
             counted apart
  pocl-O2    spv2c's outputs differ from PoCL's but match, at every variant
             and launch, PoCL's built with -cl-opt-disable and Oclgrind's
             (where Oclgrind runs the kernel): PoCL's optimiser changed the
             results (seeds 1573, 2214); not counted as ours, kept
  pocl       PoCL crashes on the kernel (-cl-opt-disable too) and Oclgrind
             gives no reference
             either (not installed, fails, or reports something): not
             counted as ours; spv2c's builds still compile and run it, in
             the batch and alone, with the sanitizers when sampled, so a
             failure of spv2c's is seen; a batch suspect whose PoCL aborts
             alone takes PoCL's outputs from its batch
  llvm-spirv llvm-spirv-15 wrote a module SPIRV-Tools finds invalid (spv2c
             says so and stops, as it should: not counted as ours), or
             crashed on clang's module (an assertion: seeds 1172, 1286)
  clang      clang-15 crashed on the kernel (LLVM's crash report, e.g. in
             IR generation: seed 1233): not ours
  timeout    a step took more than 600 s (a loaded machine, or a hang; a
             batch whose step times out is split in halves instead)
  batch      failed in its batch but passes alone (an interaction to study;
             the message says which step failed in the batch)
When llvm-spirv-15 refuses clang's `freeze` (clang -O2 makes it in some
batches whose kernels alone have none), the module comes from
`spv2c --emit-spirv` instead (spirv(): its driver makes each freeze a
no-op) and the folder gets freeze.txt.
The campaign log (--log FILE; keep it outside the build folder so that
campaigns accumulate across sessions; without --log, DIR/progress.txt gets
the lines but nothing is skipped; the project's own record is
tests/gen/campaign.log, committed, since the machines are not kept from
one session to the next) gets a line per finished window:
  window A:B kernels N cpu S wall S at TIME commit C [CLASS=N...] [fail SEED:CLASS...]
(C: `git describe --always --dirty` of the tree this script runs from)
(CPU: of this process and its children since the previous line, exact with
--jobs 1; with --jobs 2 overlapping windows share it out, the sum stays
exact). With --log, a window already in the log is skipped, so the same
command continues a stopped campaign; --seeds can be widened to go on. At
the end the totals of the whole log are printed (kernels, CPU time, and each class:
differences, non-compiling outputs, sanitizer reports, PoCL aborts...).
With --reduce each failure is reduced (reduce.py) to DIR/seed-N/small.cl.
Summary on stdout: kernels, passes, failures by class, CPU time of this
process and its children. Exit status 0 when every seed passed or failed
in a class that is not spv2c's (pocl, llvm-spirv).
"""

import argparse
import concurrent.futures
import os
import re
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
# failures of the other tools (kept and counted, but not spv2c's: the exit
# status is 0 when every failure is one of these)
EXTERNAL = ("pocl", "pocl-O2", "llvm-spirv", "clang")
# seconds of wall time one PoCL run (its kernel's compilation included) may
# take: PoCL 3.1 makes some valid kernels loop forever (triage.txt, 3180);
# pocl_run then dies of SIGALRM, which counts as PoCL aborting on the
# kernel, and the seed goes straight to Oclgrind (run_batch). A run takes
# seconds even under load.
POCL_TIMEOUT = 120
# results that are passes: against PoCL, or where PoCL aborts against PoCL
# built with -cl-opt-disable or else Oclgrind
PASSES = ("pass", "pocl-O0", "oclgrind")
VARIANTS = ("spir64-O2", "spir-O2", "spir64-O0", "spir-O0")
WARN = ["-std=c99", "-Wall", "-Wextra", "-pedantic", "-Werror"]
SAN = ["-fsanitize=address,undefined", "-fno-sanitize-recover=all", "-g"]


class Failure(Exception):
    def __init__(self, cls, text):
        Exception.__init__(self, text)
        self.cls = cls
        self.text = text


# CPU seconds of the child processes by step (--profile; exact with --jobs 1)
PROFILE = {}


def step(cmd, cwd, what, cls):
    t0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        return check.run(cmd, cwd=cwd, what=what)
    except check.StepFailed as e:
        text = str(e)
        if "timed out after" in text.splitlines()[0]:
            cls = "timeout"
        raise Failure(cls, text)
    finally:
        t1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        k = what.split(" ")[0]
        PROFILE[k] = PROFILE.get(k, 0.0) + (t1.ru_utime + t1.ru_stime - t0.ru_utime - t0.ru_stime)


def pocl(h, tools, kpath, inpaths, wd, extra=""):
    opts = "-cl-std=" + h["std"] + " " + h["pocl-options"] + " " + extra
    for k, (g, l) in enumerate(h["launch_list"]):
        d = os.path.join(wd, "pocl", "L%d" % k)
        os.makedirs(d, exist_ok=True)
        cmd = (["env", "POCL_RUN_TIMEOUT=%d" % POCL_TIMEOUT,
                tools["pocl_run"], kpath, opts.strip(), h["kernel"]]
               + check.launch_options(h, g, l) + check.arg_list(h, inpaths, d, False))
        try:
            step(cmd, wd, "PoCL", "gen")
        except Failure as e:
            if "exit status -" in e.text.splitlines()[0]:
                e.cls = "pocl"   # PoCL itself crashed on a valid kernel
            raise


def oclgrind(h, tools, kpath, inpaths, wd, why):
    """Oclgrind's outputs for a seed alone in wd/pocl (where the comparison
    reads the reference), through the same host program as PoCL's; raises
    Failure (class pocl, with why: PoCL's own failure) when Oclgrind fails
    or reports anything (an invalid access, a data race; Oclgrind 21.10
    cannot run OpenCL C 2.0's generic pointers: "Unsupported instruction:
    addrspacecast")"""
    if not tools.get("oclgrind"):
        raise Failure("pocl", why)
    shutil.rmtree(os.path.join(wd, "pocl"), ignore_errors=True)
    # -DNAN_SAT_ZERO: gen.py's guard for Oclgrind's convert_T_sat of NaN
    opts = "-cl-std=" + h["std"] + " -DNAN_SAT_ZERO " + h["pocl-options"]
    for k, (g, l) in enumerate(h["launch_list"]):
        d = os.path.join(wd, "pocl", "L%d" % k)
        os.makedirs(d)
        log = os.path.join(d, "oclgrind.log")
        cmd = (["env", "POCL_RUN_PLATFORM=Oclgrind", tools["oclgrind"], "--log", log,
                "--data-races", "--num-threads", "1",
                tools["pocl_run"], kpath, opts.strip(), h["kernel"]]
               + check.launch_options(h, g, l) + check.arg_list(h, inpaths, d, False))
        try:
            step(cmd, wd, "Oclgrind", "pocl")
        except Failure as e:
            raise Failure("pocl", why + "\nand Oclgrind failed too:\n" + e.text)
        if os.path.exists(log) and os.path.getsize(log):
            with open(log, encoding="utf-8", errors="replace") as f:
                text = f.read()
            raise Failure("pocl", why + "\nand Oclgrind reported (launch %d):\n%s\n  $ %s"
                          % (k, text.strip()[:2000], check.shell_quote(cmd)))
    with open(os.path.join(wd, "reference.txt"), "w", encoding="utf-8") as f:
        f.write("Oclgrind (PoCL aborted on the kernel)\n%s\n" % why)


def run_exe(h, exe, label, inpaths, wd, vd, cls="run", ref=True):
    """runs every launch of the header with exe; raises Failure on a
    difference (ref: PoCL's outputs are in wd/pocl; without them the runs
    must only succeed)"""
    for k, (g, l) in enumerate(h["launch_list"]):
        od = os.path.join(vd, "L%d" % k)
        os.makedirs(od, exist_ok=True)
        cmd = ([exe, h["kernel"]] + check.launch_options(h, g, l)
               + check.arg_list(h, inpaths, od, True))
        step(cmd, od, "generated program", cls)
        if not ref:
            continue
        msgs = []
        for i, a in enumerate(h["args"]):
            if a.kind in ("out", "inout"):
                msgs += check.compare(h, "%s launch %d" % (label, k), i, a,
                                      os.path.join(wd, "pocl", "L%d" % k, "arg%d.out" % i),
                                      os.path.join(od, "arg%d.out" % i))
        if msgs:
            raise Failure("diff", "\n".join(msgs + ["  $ " + check.shell_quote(cmd)]))


def crashed(e, tool):
    """a failure of clang or llvm-spirv: class TOOL when the tool crashed
    (killed by a signal, or LLVM's crash report: a bug of the tool, not of
    the kernel), else as it was (gen: the kernel is refused)"""
    if e.cls == "gen" and re.search(r"exit status -\d+|PLEASE submit a bug report", e.text):
        e.cls = tool
    return e


def spirv(tools, std, target, opt, kpath, vd, forward=None):
    """vd/k.spv from the OpenCL C kpath: clang-15 and llvm-spirv-15 as they
    are. llvm-spirv-15 cannot translate the `freeze` clang -O2 makes of
    some code (a division and a remainder of the same operands, once
    inlined: seen in batches whose kernels pass alone, seeds 1135-1156,
    filed `batch` before); for those the module comes from
    `spv2c --emit-spirv`, the route users have, whose driver makes each
    freeze a no-op (docs/design/frontend.md) and says so in vd/freeze.txt;
    when the driver refuses what llvm-spirv-15 cannot translate either, the
    class is llvm-spirv. The same route for clang's llvm.bitreverse (seed
    3131: clang -O2 made llvm.bitreverse.i1), which llvm-spirv-15 turns
    into OpBitReverse and the Shader capability, a module spv2c refuses;
    the driver defines it with shifts (vd/bitreverse.txt says so). And
    (forward: spv2c's message) when llvm-spirv-15's forward references
    left decorations on an undefined id, which the driver avoids by laying
    the blocks out in reverse post-order (vd/forward.txt). And when
    llvm-spirv-15 crashes (vd/crash.txt): the driver makes a barrier's
    non-constant flags a constant (src/cl/fence.c), and a crash it does
    not avoid is class llvm-spirv. And when llvm-spirv-15 refuses the
    llvm.vector.reduce.* of clang -O2's vectorisers (vd/vector.txt): the
    driver compiles without them"""
    bc, spv = os.path.join(vd, "k.bc"), os.path.join(vd, "k.spv")
    try:
        step([tools["clang"], "-cl-std=" + std, "-target", target, "-" + opt, "-emit-llvm",
              "-c", kpath, "-o", bc, "-Xclang", "-finclude-default-header"], vd, "clang", "gen")
    except Failure as e:
        raise crashed(e, "clang")
    with open(bc, "rb") as f:   # the bitcode's string table holds the names
        why = "bitreverse.txt" if b"llvm.bitreverse." in f.read() else None
    note = "clang made llvm.bitreverse (llvm-spirv-15: OpBitReverse, Shader)"
    if forward:
        why, note = "forward.txt", "llvm-spirv-15's module:\n" + forward
    if not why:
        try:
            step([tools["llvm-spirv"], bc, "-o", spv], vd, "llvm-spirv", "gen")
        except Failure as e:
            if re.search(r"InvalidBitWidth", e.text):
                # an odd-width integer clang -O2 made: the driver widens a
                # narrowed switch and arithmetic (seed 8172: an i4 urem), and
                # refuses any other naming llvm-spirv-15 (class llvm-spirv)
                why, note = "narrow.txt", "llvm-spirv-15 refused an odd width\n" + e.text
            elif re.search(r"Can't translate llvm instruction:\s*(\|\s*)?%\S+ = freeze ",
                           e.text):
                why, note = "freeze.txt", "llvm-spirv-15 refused clang's freeze\n" + e.text
            elif re.search(r"Unexpected llvm intrinsic:\s*(\|\s*)?llvm\.vector\.reduce\.", e.text):
                # clang -O2's vectorisers (seed 4683: llvm.vector.reduce.or);
                # the driver compiles without them (-fno-vectorize)
                why, note = "vector.txt", "llvm-spirv-15 refused a vector reduction\n" + e.text
            elif crashed(e, "llvm-spirv").cls == "llvm-spirv":
                # an assertion (seeds 2963 3004 3892 7375 8501 8578: a
                # barrier whose flags clang -O2 made a phi or a select):
                # the driver's route, which repairs what it knows
                why, note = "crash.txt", "llvm-spirv-15 crashed on clang's module\n" + e.text
            else:
                raise
    if why:
        try:
            step([tools["spv2c"], "--emit-spirv", "--clang", tools["clang"],
                  "--llvm-spirv", tools["llvm-spirv"], "-cl-std=" + std,
                  "-target", target, "-" + opt, kpath, "-o", spv], vd, "spv2c --emit-spirv",
                 "spv2c")
        except Failure as e2:
            # the driver names what llvm-spirv-15 cannot take (seed 2483: an
            # odd-width integer clang -O2 made): llvm-spirv's limit, not ours
            if re.search(r"which llvm-spirv-15 cannot translate|"
                         r"llvm-spirv\S* could not translate the kernel", e2.text):
                e2.cls = "llvm-spirv"
            raise
        with open(os.path.join(vd, why), "w", encoding="utf-8") as f:
            f.write("k.spv is spv2c --emit-spirv's: %s\n" % note)
    return spv


def translate(tools, std, target, opt, kpath, vd):
    """vd/k.c from the OpenCL C kpath: spirv(), then spv2c. When spv2c
    finds llvm-spirv-15's forward references lost decorations, the module
    comes from the driver instead, which avoids them (users' route)"""
    spv, c = os.path.join(vd, "k.spv"), os.path.join(vd, "k.c")
    spirv(tools, std, target, opt, kpath, vd)
    try:
        step([tools["spv2c"], spv, "--main", "-o", c], vd, "spv2c", "spv2c")
    except Failure as e:
        if "decorated an id that nothing defines" not in e.text:
            if "invalid SPIR-V" in e.text:
                e.cls = "llvm-spirv"   # SPIRV-Tools rejects llvm-spirv's module
            raise
        spirv(tools, std, target, opt, kpath, vd, e.text)
        step([tools["spv2c"], spv, "--main", "-o", c], vd, "spv2c", "spv2c")
    return c


def variant(h, tools, kpath, inpaths, wd, v, sanitize, extra_cc=(), ref=True):
    target, opt = v.split("-")
    vd = os.path.join(wd, v)
    os.makedirs(vd, exist_ok=True)
    exe = os.path.join(vd, "k")
    c = translate(tools, h["std"], target, opt, kpath, vd)
    step([tools["cc"]] + WARN + ["-O2"] + list(extra_cc) + [c, "-o", exe, "-lm"], vd, "cc", "cc")
    run_exe(h, exe, v, inpaths, wd, vd, ref=ref)
    if sanitize:   # -O0 under the sanitizers: the sample at -O0 too
        sd = os.path.join(vd, "sanitizer")
        os.makedirs(sd, exist_ok=True)
        e2 = os.path.join(sd, "k")
        step([tools["cc"], "-std=c99", "-O0"] + SAN + [c, "-o", e2, "-lm"], sd, "sanitizer",
             "sanitizer")
        run_exe(h, e2, v + " sanitizer", inpaths, wd, sd, "sanitizer", ref)


def reference(h, tools, kpath, inpaths, wd, batch_ref, force=None):
    """the reference outputs for a seed alone in wd/pocl: PoCL's; when PoCL
    aborts on the kernel alone, its outputs from the batch (batch_ref: the
    seed's batch folder, where PoCL ran it) if they are there, else
    PoCL's with -cl-opt-disable (its aborts are in passes over optimised
    code), else Oclgrind's (force="oclgrind": Oclgrind's without trying
    PoCL). Returns the name of the reference ("pocl", "pocl-O0" or
    "oclgrind"), or the Failure when there is none"""
    try:
        if force == "oclgrind":
            raise Failure("pocl", "--reference oclgrind")
        pocl(h, tools, kpath, inpaths, wd)
        return "pocl"
    except Failure as e:
        if e.cls != "pocl":
            raise
        src = batch_ref and os.path.join(batch_ref, "pocl")
        if src and all(os.path.exists(os.path.join(src, "L%d" % k))
                       for k in range(len(h["launch_list"]))):
            shutil.rmtree(os.path.join(wd, "pocl"), ignore_errors=True)
            shutil.copytree(src, os.path.join(wd, "pocl"))
            with open(os.path.join(wd, "pocl-alone.txt"), "w", encoding="utf-8") as f:
                f.write("PoCL aborted on the kernel alone; reference from its batch\n%s\n"
                        % e.text)
            return "pocl"
        why = e.text
        if force != "oclgrind":
            try:
                pocl(h, tools, kpath, inpaths, wd, "-cl-opt-disable")
                with open(os.path.join(wd, "reference.txt"), "w", encoding="utf-8") as f:
                    f.write("PoCL with -cl-opt-disable (PoCL aborted on the kernel)\n%s\n" % why)
                return "pocl-O0"
            except Failure as e2:
                if e2.cls not in ("pocl", "gen"):
                    raise
                why += "\nand with -cl-opt-disable:\n" + e2.text
        try:
            oclgrind(h, tools, kpath, inpaths, wd, why)
            return "oclgrind"
        except Failure as e2:
            return e2


def other_references(h, tools, kpath, inpaths, wd, diff, run_variants):
    """spv2c differs from PoCL (diff): every variant again against PoCL
    built with -cl-opt-disable, then against Oclgrind where it runs the
    kernel. When both match (or PoCL -cl-opt-disable alone, where Oclgrind
    cannot run it), it is PoCL's optimiser that changed the results:
    "pocl-O2" (PoCL's outputs stay in wd/pocl-O2). Raises the difference
    (the first reference's, with diff's text) otherwise"""
    os.rename(os.path.join(wd, "pocl"), os.path.join(wd, "pocl-O2"))
    try:
        pocl(h, tools, kpath, inpaths, wd, "-cl-opt-disable")
    except Failure:
        shutil.rmtree(os.path.join(wd, "pocl"), ignore_errors=True)
        os.rename(os.path.join(wd, "pocl-O2"), os.path.join(wd, "pocl"))
        raise diff
    refs = ["PoCL -cl-opt-disable"]
    for name in ("PoCL -cl-opt-disable", "Oclgrind"):
        try:
            if name == "Oclgrind":
                oclgrind(h, tools, kpath, inpaths, wd, "(a second reference)")
                refs.append(name)
            run_variants()
        except Failure as e:
            if name == "Oclgrind" and e.cls == "pocl":
                break   # Oclgrind cannot run it: PoCL -cl-opt-disable's verdict stands
            e.text = ("against %s:\n%s\n(and against PoCL -O2:)\n%s"
                      % (name, e.text, diff.text))
            raise e
    with open(os.path.join(wd, "pocl-O2.txt"), "w", encoding="utf-8") as f:
        f.write("every output differed from PoCL -O2's (pocl-O2/) and matched %s's:\n%s\n"
                % (" and ".join(refs), diff.text))
    return "pocl-O2"


def one_seed(seed, o, tools, sanitize=None, batch_ref=None, reference_=None):
    """the whole pipeline for one seed alone (a batch's suspect, or --batch
    1). When PoCL aborts on the kernel (and its batch gave no reference),
    PoCL built with -cl-opt-disable gives the reference, else Oclgrind
    (classes pocl-O0 and oclgrind when all matches it); when
    it cannot either, spv2c's variants still run (compile, run, sanitizers)
    without the comparison: a failure of spv2c's is its class, else class
    pocl"""
    wd = os.path.join(o.workdir, "seed-%d" % seed)
    shutil.rmtree(wd, ignore_errors=True)
    os.makedirs(wd)
    kpath = os.path.join(wd, "k.cl")
    with open(kpath, "w", encoding="utf-8") as f:
        f.write(gen.kernel_text(seed))
    try:
        h = check.parse_header(kpath)
        inpaths = check.write_inputs(h, os.path.join(wd, "inputs"))
        ref = reference(h, tools, kpath, inpaths, wd, batch_ref, reference_ or o.reference)
        no_ref = ref if isinstance(ref, Failure) else None
        if sanitize is None:
            sanitize = o.sample > 0 and seed % o.sample == 0
        run_variants = lambda: [variant(h, tools, kpath, inpaths, wd, v,
                                        sanitize and v == "spir64-O2", ref=no_ref is None)
                                for v in o.variants]
        try:
            run_variants()
        except Failure as e:
            if e.cls != "diff" or ref != "pocl":
                raise
            ref = other_references(h, tools, kpath, inpaths, wd, e, run_variants)
        if no_ref:
            raise no_ref
    except Failure as e:
        with open(os.path.join(wd, "failure.txt"), "w", encoding="utf-8") as f:
            f.write("%s\n%s\n" % (e.cls, e.text))
        return seed, e.cls, e.text
    except check.HeaderError as e:
        return seed, "gen", "header: %s" % e
    if ref == "pocl-O2":   # kept, as failures are
        text = "spv2c matches PoCL -cl-opt-disable (and Oclgrind where it runs), " \
            "not PoCL -O2 (pocl-O2.txt)"
        with open(os.path.join(wd, "failure.txt"), "w", encoding="utf-8") as f:
            f.write("%s\n%s\n" % (ref, text))
        return seed, ref, text
    if not o.keep:
        shutil.rmtree(wd, ignore_errors=True)
    return seed, ("pass" if ref == "pocl" else ref), ""


# ------------------------------------------------------------------ batches
class Batch:
    """the kernels of several seeds in one program (gen.batch_text): one
    PoCL process building it once, and per variant one clang, llvm-spirv,
    spv2c and cc; every kernel's launches then run one by one"""

    def __init__(self, gens, index, o):
        self.gens = gens
        self.index = index
        self.wd = os.path.join(o.workdir, "batch-%d-%d" % (gens[0].seed, len(gens)))
        shutil.rmtree(self.wd, ignore_errors=True)
        os.makedirs(self.wd)
        self.kpath = os.path.join(self.wd, "k.cl")
        with open(self.kpath, "w", encoding="utf-8") as f:
            f.write(gen.batch_text(gens))
        self.items = []      # (seed, header, inpaths, folder)
        for g in gens:
            d = os.path.join(self.wd, "s%d" % g.seed)
            os.makedirs(d)
            kp = os.path.join(d, "k.cl")
            with open(kp, "w", encoding="utf-8") as f:
                f.write(g.header + gen.COMMON + g.unit)
            h = check.parse_header(kp)
            self.items.append((g.seed, h, check.write_inputs(h, os.path.join(d, "inputs")), d))
        self.h = self.items[0][1]   # std and pocl-options are the batch's
        self.pocl_bad = {}   # seed: PoCL's message, for kernels PoCL aborts on
        self.pocl_o0 = set()   # seeds whose reference is PoCL -cl-opt-disable's


def batch_pocl(b, tools, extra="", seeds=None):
    """every launch of every kernel (of seeds, when given) in one PoCL
    process (pocl_run --then), built with the options extra too. When
    PoCL's compiler aborts on a kernel (pocl_run names each run before it
    starts), PoCL goes on from the next kernel: the same program and kernel
    cache, so nothing is compiled twice and no bisection is needed.
    Returns {seed: PoCL's message} of the kernels it aborted on"""
    h = b.h
    head = [tools["pocl_run"], b.kpath,
            ("-cl-std=" + h["std"] + " " + h["pocl-options"] + " " + extra).strip()]
    done, bad = set(), {}
    while True:
        cmd = list(head)
        for seed, hk, inpaths, d in b.items:
            if seed in done or seed in bad or (seeds is not None and seed not in seeds):
                continue
            for k, (g, l) in enumerate(hk["launch_list"]):
                od = os.path.join(d, "pocl", "L%d" % k)
                os.makedirs(od, exist_ok=True)
                if len(cmd) > 3:
                    cmd.append("--then")
                cmd += [hk["kernel"]] + check.launch_options(hk, g, l) + \
                    check.arg_list(hk, inpaths, od, False)
        if len(cmd) == 3:
            return bad
        # a kernel cache of its own, removed with the batch (every program is
        # new): PoCL's default cache in the home folder would grow without end
        try:
            step(["env", "POCL_CACHE_DIR=" + os.path.join(b.wd, "pocl-cache"),
                  "POCL_RUN_TIMEOUT=%d" % POCL_TIMEOUT] + cmd, b.wd,
                 "PoCL", "gen")
            return bad
        except Failure as e:
            ran = re.findall(r"pocl_run: run (\w+)", e.text)
            if "exit status -" not in e.text.splitlines()[0] or not ran:
                raise
            names = {hk["kernel"]: seed for seed, hk, _, _ in b.items}
            bad[names[ran[-1]]] = e.text
            done |= {names[k] for k in ran if k != ran[-1]}


def batch_references(b, tools):
    """PoCL's outputs of every kernel of the batch. The kernels PoCL aborts
    on (its aborts are in passes over optimised code) run again in one more
    PoCL process built with -cl-opt-disable: those it runs are b.pocl_o0,
    compared with it in the batch (class pocl-O0); those it aborts on too,
    and those whose run never ended (they go straight to Oclgrind, run_batch),
    stay in b.pocl_bad: no reference in the batch, spv2c's runs of them
    must only succeed"""
    b.pocl_bad = batch_pocl(b, tools)
    retry = {s for s, text in b.pocl_bad.items() if "(POCL_RUN_TIMEOUT)" not in text}
    if retry:
        still = batch_pocl(b, tools, "-cl-opt-disable", retry)
        b.pocl_o0 = retry - set(still)
        for s in b.pocl_o0:
            del b.pocl_bad[s]


def batch_front(b, tools, v):
    """clang, llvm-spirv and spv2c of the batch for variant v: its C file"""
    target, opt = v.split("-")
    vd = os.path.join(b.wd, v)
    os.makedirs(vd, exist_ok=True)
    c = os.path.join(vd, "k.c")
    if not os.path.exists(c):
        translate(tools, b.h["std"], target, opt, b.kpath, vd)
    return c


def batch_build(b, tools, v, flags, label):
    """spv2c's program of the batch for variant v, built with cc flags"""
    c = batch_front(b, tools, v)
    exe = os.path.join(os.path.dirname(c), label)
    step([tools["cc"]] + flags + [c, "-o", exe, "-lm"], os.path.dirname(c), "cc " + label, "cc")
    return exe


def batch_runs(b, exe, label):
    """runs every kernel's launches; returns the seeds whose run failed or
    whose outputs differ from PoCL's (a kernel PoCL aborted on has no
    reference: its runs must only succeed)"""
    bad = []
    for seed, h, inpaths, d in b.items:
        try:
            run_exe(h, exe, label, inpaths, d, os.path.join(d, label),
                    ref=seed not in b.pocl_bad)
        except Failure:
            bad.append(seed)
    return bad


def batch_builds(b, o):
    """(variant, cc flags, label, sanitize) of every build of the batch: -O2
    of each variant (on one batch in --dispatch, the first variant with the
    run-time dispatch, whose AVX2 clone doubles cc's time), and on one batch
    in --sample the first variant at -O0 under the sanitizers too (at -O1
    the sanitizers' build of a batch of 21 kernels, 147,000 lines, took
    over 600 s: a timeout; at -O0 28 CPU-s; a separate plain -O0 build would
    only repeat it)"""
    disp = o.dispatch > 0 and b.index % o.dispatch == 0
    out = [(v, WARN + ["-O2"] + ([] if disp and k == 0 else ["-DSPV2C_NO_DISPATCH"]), "O2", False)
           for k, v in enumerate(o.variants)]
    if o.sample > 0 and b.index % o.sample == 0:
        out += [(o.variants[0], ["-std=c99", "-O0"] + SAN, "san", True)]
    return out


def batch_check(b, o, tools):
    """the batch's suspects: {seed: sanitize when re-run alone}; a step of
    the whole batch that fails raises Failure with .stage, a function that
    repeats that step on a sub-batch"""
    try:
        batch_references(b, tools)
    except Failure as e:
        e.stage = lambda sb: batch_references(sb, tools)
        raise
    suspects = {}
    for v, flags, label, san in batch_builds(b, o):
        try:
            batch_front(b, tools, v)
        except Failure as e:
            e.stage = lambda sb, v=v: batch_front(sb, tools, v)
            raise
        try:
            exe = batch_build(b, tools, v, flags, label)
        except Failure as e:
            e.stage = lambda sb, v=v, f=flags, l=label: batch_build(sb, tools, v, f, l)
            e.named = named_kernels(b, e.text)
            raise
        for s in batch_runs(b, exe, v if label == "O2" else v + "-" + label):
            suspects[s] = suspects.get(s, False) or san
    return suspects


def named_kernels(b, text):
    """the seeds whose kernels cc's messages name (`In function
    'group_k_k203'`: kernel k203 of seed 203)"""
    seeds = {x[0] for x in b.items}
    found = set()
    for m in re.finditer(r"In function .(\w+)", text):
        for k in re.findall(r"(?:^|_)k(\d+)(?:_|$)", m.group(1)):
            if int(k) in seeds:
                found.add(int(k))
    return found


def culprits(gens, index, o, stage):
    """the seeds of gens whose kernels make stage fail (bisection; seeds
    that fail only together are all returned)"""
    def fails(part):
        sb = Batch(part, index, o)
        try:
            stage(sb)
            return False
        except Failure:
            return True
        finally:
            shutil.rmtree(sb.wd, ignore_errors=True)
    if len(gens) == 1:
        return [gens[0].seed]
    half = len(gens) // 2
    a, b = gens[:half], gens[half:]
    fa, fb = fails(a), fails(b)
    if not fa and not fb:
        return [g.seed for g in gens]
    return (culprits(a, index, o, stage) if fa else []) + (culprits(b, index, o, stage) if fb else [])


def alone(seed, o, tools, why, sanitize=None, batch_ref=None):
    """a batch's suspect run alone: its result, or class "batch" when it
    passes alone (why: what failed in the batch, kept in the message)"""
    r = one_seed(seed, o, tools, sanitize, batch_ref)
    if r[1] in PASSES:
        return (seed, "batch", "fails in a batch (%s), passes alone (run.py --batch 1 --keep "
                "and the batch's seeds to see it)" % why)
    return r


def run_batch(gens, index, o, tools):
    """[(seed, class, text)] for the seeds of gens. When a step of the whole
    batch fails, the kernels that make it fail are found (cc's messages name
    them, or bisection on that step alone), run alone by one_seed (which
    keeps and classifies them) and the rest run again as a batch; a kernel
    whose run fails or differs is also re-run alone."""
    if len(gens) == 1:
        return [one_seed(gens[0].seed, o, tools)]
    out = []
    while len(gens) > 1:
        b = Batch(gens, index, o)
        try:
            suspects = batch_check(b, o, tools)
        except Failure as e:
            shutil.rmtree(b.wd, ignore_errors=True)
            if e.cls == "timeout":
                # a loaded machine, not a kernel: smaller batches
                half = len(gens) // 2
                return out + run_batch(gens[:half], index, o, tools) + \
                    run_batch(gens[half:], index, o, tools)
            bad = getattr(e, "named", None) or culprits(gens, index, o, e.stage)
            why = e.text.splitlines()[0] if e.text else e.cls
            out += [alone(s, o, tools, why) for s in sorted(bad)]
            gens = [g for g in gens if g.seed not in bad]
            continue
        for g in gens:
            if g.seed in b.pocl_bad and g.seed not in suspects:
                # no reference in the batch: alone (PoCL tried again, then
                # built with -cl-opt-disable, then Oclgrind; straight to
                # Oclgrind when its run never ended: it would not end alone
                # either, and it spins on every core meanwhile)
                hung = "(POCL_RUN_TIMEOUT)" in b.pocl_bad[g.seed]
                out.append(one_seed(g.seed, o, tools, reference_="oclgrind" if hung else None))
            elif g.seed in suspects:
                # alone, it finds its own reference when the batch's is not PoCL -O2's
                ref = None if g.seed in b.pocl_bad or g.seed in b.pocl_o0 \
                    else os.path.join(b.wd, "s%d" % g.seed)
                out.append(alone(g.seed, o, tools, "its run or outputs", suspects[g.seed], ref))
            else:
                out.append((g.seed, "pocl-O0" if g.seed in b.pocl_o0 else "pass", ""))
        if not o.keep:
            shutil.rmtree(b.wd, ignore_errors=True)
        return out
    return out + [one_seed(g.seed, o, tools) for g in gens]


def run_window(index, seeds, o, tools):
    """the seeds of one window (--batch consecutive seeds) in two batches,
    one for each OpenCL C version: a seed's batch depends only on the seeds
    and --batch"""
    gens = [gen.Gen(s).generate() for s in seeds]
    out = []
    for std in (False, True):
        part = [g for g in gens if g.std20 == std]
        if part:
            out += run_batch(part, 2 * index + std, o, tools)
    return out


# ------------------------------------------------------------ campaign log
def source_commit():
    """the commit of the tree this script runs from ("-dirty" when it has
    uncommitted changes), so that each log line says which code it tested"""
    try:
        return subprocess.run(["git", "-C", HERE, "describe", "--always", "--dirty",
                               "--abbrev=10"], capture_output=True, text=True,
                              check=True).stdout.strip() or "unknown"
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def log_line(seeds, results, cpu, wall, commit):
    """a window's line of the campaign log"""
    counts = {}
    for _, cls, _ in results:
        counts[cls] = counts.get(cls, 0) + 1
    fails = ["%d:%s" % (seed, cls) for seed, cls, _ in results if cls not in PASSES]
    return "window %d:%d kernels %d cpu %.1f wall %.1f at %s commit %s%s%s\n" % (
        seeds[0], seeds[-1] + 1, len(results), cpu, wall,
        time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), commit,
        "".join(" %s=%d" % kv for kv in sorted(counts.items())),
        " fail " + " ".join(fails) if fails else "")


def read_log(path):
    """the windows a campaign log holds ({(A, B)}) and its totals: kernels,
    cpu, wall and each class's count; lines of other forms (older logs)
    are ignored"""
    done, tot = set(), {"kernels": 0, "cpu": 0.0, "wall": 0.0, "windows": 0}
    if not os.path.exists(path):
        return done, tot
    with open(path, encoding="utf-8") as f:
        for line in f:
            w = line.split()
            if len(w) < 10 or w[0] != "window" or w[2] != "kernels":
                continue
            a, b = (int(x) for x in w[1].split(":"))
            if (a, b) in done:
                continue
            done.add((a, b))
            tot["windows"] += 1
            tot["kernels"] += int(w[3])
            tot["cpu"] += float(w[5])
            tot["wall"] += float(w[7])
            rest = w[10:]
            cut = rest.index("fail") if "fail" in rest else len(rest)
            for x in rest[:cut]:
                k, _, n = x.partition("=")
                if not n:      # "commit HASH" (lines written before it lack it)
                    continue
                tot[k] = tot.get(k, 0) + int(n)
            for x in rest[cut + 1:]:
                seed, _, cls = x.partition(":")
                tot.setdefault("fails", []).append((int(seed), cls))
    return done, tot


# classes that are spv2c's until a person shows otherwise
OURS = ("diff", "cc", "sanitizer", "run", "spv2c", "batch", "timeout")
TRIAGE = os.path.join(HERE, "triage.txt")


def read_triage(path=TRIAGE):
    """{(seed, class): verdict} from the triage file: failures of our
    classes that were reduced and either shown to be another tool's
    ("PoCL's") or fixed in spv2c since ("fixed-in-HASH"; docs/testing.md)"""
    out = {}
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            for line in f:
                w = line.split()
                if len(w) >= 3 and not line.startswith("#"):
                    out[(int(w[0]), w[1])] = w[2]
    return out


def open_text(tot, triage):
    """the log's failures of our classes: those triaged and those open"""
    ours = [f for f in tot.get("fails", []) if f[1] in OURS]
    done = ["%d %s (%s)" % (s, c, triage[(s, c)]) for s, c in ours if (s, c) in triage]
    left = ["%d %s" % (s, c) for s, c in ours if (s, c) not in triage]
    return ("  of %s: %d triaged (tests/gen/triage.txt)%s; %d open%s"
            % ("/".join(OURS), len(done), ": " + ", ".join(done) if done else "",
               len(left), ": " + ", ".join(left) if left else ""))


def totals_text(tot):
    """the campaign's totals: every class named, zero or not"""
    names = ("pass", "pocl-O0", "oclgrind", "diff", "cc", "sanitizer", "run", "spv2c", "batch", "timeout",
             "gen", "pocl", "pocl-O2", "llvm-spirv", "clang")
    parts = ["%s %d" % (k, tot.get(k, 0)) for k in names]
    parts += ["%s %d" % (k, v) for k, v in sorted(tot.items())
              if k not in names and k not in ("kernels", "cpu", "wall", "windows", "fails")]
    return ("campaign log: %d windows, %d kernels, CPU %.0f s (%.2f s a kernel), wall %.0f s\n"
            "  %s\n%s" % (tot["windows"], tot["kernels"], tot["cpu"],
                          tot["cpu"] / max(1, tot["kernels"]), tot["wall"], ", ".join(parts),
                          open_text(tot, read_triage())))


def cpu_now():
    """CPU seconds of this process and its finished children"""
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    me = resource.getrusage(resource.RUSAGE_SELF)
    return ru.ru_utime + ru.ru_stime + me.ru_utime + me.ru_stime


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
    # Oclgrind is the second reference, only where PoCL aborts: without it
    # those kernels are class pocl (unless --reference oclgrind asks for it)
    found["oclgrind"] = o.oclgrind and check.find_tool(o.oclgrind)
    if o.reference == "oclgrind" and not found["oclgrind"]:
        print("SKIP: oclgrind not found (%s)" % o.oclgrind)
        sys.exit(77)
    return found


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", help="A:B, the seeds A to B-1")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--spv2c")
    ap.add_argument("--pocl-run")
    ap.add_argument("--workdir")
    ap.add_argument("--cc", default="cc")
    ap.add_argument("--clang", default="clang-15")
    ap.add_argument("--llvm-spirv", default="llvm-spirv-15")
    ap.add_argument("--oclgrind", default="oclgrind",
                    help="the reference where PoCL aborts ('' for none)")
    ap.add_argument("--reference", choices=("pocl", "oclgrind"), default="pocl",
                    help="oclgrind: Oclgrind as every seed's reference (with --batch 1;"
                    " to check that Oclgrind and PoCL agree)")
    ap.add_argument("--sample", type=int, default=7,
                    help="one batch in K also runs at -O0 and under sanitizers (0: none;"
                    " batch i of a window is number 2 * window + i: keep K odd)")
    ap.add_argument("--batch", type=int, default=32,
                    help="kernels in one program (1: each seed alone)")
    ap.add_argument("--dispatch", type=int, default=3,
                    help="one batch in K builds with the run-time dispatch (0: none; odd)")
    ap.add_argument("--variants", default=",".join(VARIANTS))
    ap.add_argument("--profile", action="store_true", help="print the CPU time of each step")
    ap.add_argument("--log", help="the campaign log (default DIR/progress.txt): a line per"
                    " finished window; windows in it are skipped")
    ap.add_argument("--keep", action="store_true", help="keep the folders of passing seeds")
    ap.add_argument("--reduce", action="store_true", help="reduce every failure (reduce.py)")
    ap.add_argument("--totals", action="store_true",
                    help="only print the totals of the campaign log (--log FILE)")
    o = ap.parse_args()
    if o.totals and o.log:
        print(totals_text(read_log(o.log)[1]))
        return 0
    for k in ("seeds", "spv2c", "pocl_run", "workdir"):
        if getattr(o, k) is None:
            ap.error("--%s is required" % k.replace("_", "-"))
    if o.reference == "oclgrind" and o.batch != 1:
        ap.error("--reference oclgrind needs --batch 1")
    o.variants = o.variants.split(",")
    o.workdir = os.path.abspath(o.workdir)
    os.makedirs(o.workdir, exist_ok=True)
    tools = tool_paths(o)
    seeds = parse_seeds(o.seeds)
    # PoCL's kernel cache (of the seeds run alone) stays in the workdir
    os.environ["POCL_CACHE_DIR"] = os.path.join(o.workdir, "pocl-cache")
    t0 = time.time()
    counts = {}
    failed = []
    log = open(os.path.join(o.workdir, "failures.txt"), "a", encoding="utf-8")
    # only a log named with --log is a campaign's to continue: without it
    # (the suite's runs, in a build folder kept between runs) every window
    # runs again
    logpath = os.path.abspath(o.log or os.path.join(o.workdir, "progress.txt"))
    done = read_log(logpath)[0] if o.log else set()
    progress = open(logpath, "a", encoding="utf-8")
    if o.batch > 1:
        work = [seeds[i:i + o.batch] for i in range(0, len(seeds), o.batch)]
        job = lambda iw: run_window(iw[0], iw[1], o, tools)
    else:
        work = [seeds[i:i + 1] for i in range(len(seeds))]
        job = lambda iw: [one_seed(iw[1][0], o, tools)]
    # a window already in the log is done (the index keeps each batch's
    # number, on which --sample and --dispatch depend, as it was)
    todo = [(i, w) for i, w in enumerate(work) if (w[0], w[-1] + 1) not in done]
    if len(todo) < len(work):
        print("%s: %d of %d windows already done" % (logpath, len(work) - len(todo), len(work)),
              flush=True)
    last = [cpu_now(), time.time()]
    ran = 0
    commit = source_commit()
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, o.jobs)) as ex:
        for (i, w), results in zip(todo, ex.map(job, todo)):
            ran += len(results)
            for seed, cls, text in results:
                counts[cls] = counts.get(cls, 0) + 1
                if cls not in PASSES:
                    failed.append((seed, cls))
                    first = text.splitlines()[0] if text else ""
                    log.write("seed %d: %s: %s\n" % (seed, cls, first))
                    log.flush()
                    print("FAIL seed %d (%s)\n%s" % (seed, cls, text), flush=True)
            now = [cpu_now(), time.time()]
            progress.write(log_line(w, results, now[0] - last[0], now[1] - last[1], commit))
            progress.flush()
            last = now
    log.close()
    progress.close()
    shutil.rmtree(os.environ["POCL_CACHE_DIR"], ignore_errors=True)
    cpu = cpu_now()
    print("%d kernels: %d passed, %s; CPU %.0f s, wall %.0f s"
          % (ran, counts.get("pass", 0),
             ", ".join("%d %s" % (n, c) for c, n in sorted(counts.items()) if c != "pass")
             or "0 failed", cpu, time.time() - t0))
    if o.log:
        print(totals_text(read_log(logpath)[1]))
    if o.profile:
        print("CPU by step: " + ", ".join("%s %.1f s" % kv for kv in sorted(PROFILE.items())))
    if o.reduce:
        for seed, cls in failed:
            if cls in ("gen", "pocl", "pocl-O2", "timeout", "llvm-spirv", "clang"):
                continue
            subprocess.run([sys.executable, os.path.join(HERE, "reduce.py"),
                            os.path.join(o.workdir, "seed-%d" % seed),
                            "--spv2c", tools["spv2c"], "--pocl-run", tools["pocl_run"]])
    return 1 if any(cls not in EXTERNAL for _, cls in failed) else 0


if __name__ == "__main__":
    sys.exit(main())

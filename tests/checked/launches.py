#!/usr/bin/env python3
"""spv2c --checked across launches: races.cl's kernel (spir64 -O2) launched
several times in one program by launches.c, with the race shadows the
first launch made reused by the next (runtime/check.h keeps them). Correct
launches stay silent however many came before; a racy launch after
correct ones is still reported; a correct launch after a racy one (with
SPV2C_CHECK_FAIL defined not to stop) is silent again.

usage: launches.py --spv2c PATH --workdir DIR --races races.cl --driver launches.c
Exit status 0 pass, 1 fail, 77 skip (a tool is missing).
"""
import argparse, os, re, shutil, subprocess, sys

RACE = re.compile(r"^spv2c: checked: kernel races: .*OpLoad: data race: read of byte 0 of "
                  r"__global buffer '\w*' \(argument 1, 64 bytes\) at address \S+, which the "
                  r"work-item with local linear id 0 wrote with no barrier between; this one "
                  r"has local linear id 1 \(work-item 1,0,0\)$")
ADDR = r"0x[0-9a-f]+"   # the buffers' addresses differ from run to run


def run(cmd):
    env = dict(os.environ)
    env.pop("MALLOC_PERTURB_", None)   # llvm-spirv-15 crashes under it (its own bug)
    return subprocess.run(cmd, capture_output=True, text=True, timeout=300, env=env)


def fail(msg):
    print("FAIL checked-launches:", msg)
    sys.exit(1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--spv2c", required=True)
    ap.add_argument("--workdir", required=True)
    ap.add_argument("--races", required=True)
    ap.add_argument("--driver", required=True)
    ap.add_argument("--cc", default="cc")
    a = ap.parse_args()
    for tool in ("clang-15", "llvm-spirv-15", a.cc):
        if not shutil.which(tool):
            print("SKIP checked-launches: %s not found" % tool)
            return 77
    wd = os.path.abspath(a.workdir)
    os.makedirs(wd, exist_ok=True)
    c = os.path.join(wd, "races.c")
    r = run([a.spv2c, "-O2", "-target", "spir64", "--checked", a.races, "-o", c,
             "--header", os.path.join(wd, "spv2c_api.h")])
    if r.returncode:
        fail("spv2c: " + r.stderr)
    exes = {}
    # stop: abort at a report (the default); go: report and carry on
    for name, flags in (("stop", []), ("go", ["-DSPV2C_CHECK_FAIL()=((void)0)"])):
        exes[name] = os.path.join(wd, "launches-" + name)
        r = run([a.cc, "-std=c99", "-Wall", "-Wextra", "-pedantic", "-Werror", "-O2", "-I", wd,
                 c, a.driver, "-o", exes[name], "-lm"] + flags)
        if r.returncode:
            fail("cc: " + r.stderr)
    r = run([exes["stop"], "0", "0", "0", "0"])
    if r.returncode or r.stderr or r.stdout.count("done") != 4:
        fail("four correct launches: status %d, stderr %r" % (r.returncode, r.stderr))
    r = run([exes["stop"], "0", "0", "3", "0"])
    lines = r.stderr.splitlines()
    if r.returncode == 0 or len(lines) != 1 or not RACE.match(lines[0]) or \
            r.stdout.count("done") != 2:
        fail("a racy launch after two correct ones: status %d, stdout %r, stderr %r"
             % (r.returncode, r.stdout, r.stderr))
    alone = run([exes["go"], "3"])
    r = run([exes["go"], "3", "0", "0"])
    if alone.returncode or not alone.stderr or not RACE.match(alone.stderr.splitlines()[0]) or \
            r.returncode or r.stdout.count("done") != 3 or \
            re.sub(ADDR, "P", r.stderr) != re.sub(ADDR, "P", alone.stderr):
        fail("correct launches after a racy one: the reports differ from the racy launch's "
             "alone: %r against %r" % (r.stderr, alone.stderr))
    print("PASS checked-launches (a race found, and none made, across launches whose "
          "race shadows are reused)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""pocl_run's POCL_RUN_TIMEOUT watchdog (the campaign's guard against PoCL
3.1 looping forever on valid kernels, tests/gen/triage.txt 3180): a run that
ends is unaffected and writes its outputs; a run that never ends is named on
stderr and the process dies of SIGALRM within the bound; a bad value is a
usage error.

usage: pocl_watchdog.py --pocl-run PATH --workdir DIR"""
import argparse
import os
import signal
import subprocess
import sys
import time

KERNELS = """kernel void fine(global int *o) { o[get_global_id(0)] = 7; }
kernel void spin(volatile global int *f) { while (f[0] == 0) { } }
"""


def run(pocl_run, wd, timeout, runs):
    env = dict(os.environ)
    env["POCL_RUN_TIMEOUT"] = timeout
    env["POCL_CACHE_DIR"] = os.path.join(wd, "pocl-cache")
    t0 = time.monotonic()
    p = subprocess.run([pocl_run, "k.cl", ""] + runs, cwd=wd, env=env, timeout=300,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    return p.returncode, p.stdout.decode("utf-8", "replace"), time.monotonic() - t0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pocl-run", required=True)
    ap.add_argument("--workdir", required=True)
    o = ap.parse_args()
    o.pocl_run = os.path.abspath(o.pocl_run)
    os.makedirs(o.workdir, exist_ok=True)
    with open(os.path.join(o.workdir, "k.cl"), "w", encoding="utf-8") as f:
        f.write(KERNELS)
    with open(os.path.join(o.workdir, "zero.bin"), "wb") as f:
        f.write(bytes(4))
    out = os.path.join(o.workdir, "o.bin")
    fine = ["fine", "--global", "4", "out:16:o.bin"]
    bad = []

    rc, text, _ = run(o.pocl_run, o.workdir, "100", fine)
    with open(out, "rb") as f:
        got = f.read()
    if rc != 0 or got != (7).to_bytes(4, "little") * 4:
        bad.append("a run that ends: status %d, output %s\n%s" % (rc, got.hex(), text))

    os.remove(out)
    rc, text, secs = run(o.pocl_run, o.workdir, "3",
                         fine + ["--then", "spin", "--global", "1", "in:zero.bin"])
    want = "pocl_run: run spin did not finish in 3 s (POCL_RUN_TIMEOUT)"
    if rc != -signal.SIGALRM or want not in text:
        bad.append("a run that never ends: status %d (want %d), stderr:\n%s"
                   % (rc, -signal.SIGALRM, text))
    if secs > 60:
        bad.append("a run that never ends: stopped after %.0f s, not about 3" % secs)
    if not os.path.exists(out):
        bad.append("the run before the endless one wrote no output")

    rc, text, _ = run(o.pocl_run, o.workdir, "3s", fine)
    if rc != 2 or "POCL_RUN_TIMEOUT must be" not in text:
        bad.append("POCL_RUN_TIMEOUT=3s: status %d, want 2 and a message\n%s" % (rc, text))

    for b in bad:
        print("FAIL: " + b)
    if not bad:
        print("ok: the run that ends is unaffected; the endless one stopped in %.1f s" % secs)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

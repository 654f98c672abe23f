#!/usr/bin/env python3
"""clinfo_cache.py SPV2C_RUN PROGRAM WORKDIR

  - `spv2c-run clinfo` exits 0, lists the spv2c platform and its device,
    and prints no error;
  - PROGRAM (an OpenCL program that builds programs) run twice through
    spv2c-run with a fresh cache folder: the first run calls the C compiler
    (a wrapper counts the calls), the second calls it no more."""
import os
import shutil
import stat
import subprocess
import sys

run, prog, work = sys.argv[1:4]
fails = []
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
r = subprocess.run(["sh", run, "clinfo"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                   text=True)
out = r.stdout
if r.returncode != 0:
    fails.append("clinfo exit %d" % r.returncode)
for want in ("Number of platforms                               1", "Platform Name  ",
             "spv2c CPU", "OpenCL 3.0 spv2c"):
    if want not in out:
        fails.append("clinfo did not print %r" % want)
bad = [ln for ln in out.splitlines() if ("error" in ln.lower() and "Error Correction" not in ln)
       or "<" in ln]
if bad:
    fails.append("clinfo printed errors: %s" % bad[:5])

count = os.path.join(work, "cc-calls")
cc = os.path.join(work, "cc")
with open(cc, "w") as f:
    f.write("#!/bin/sh\necho x >> '%s'\nexec cc \"$@\"\n" % count)
os.chmod(cc, os.stat(cc).st_mode | stat.S_IEXEC)
env = dict(os.environ, SPV2C_CL_CC=cc, SPV2C_CL_CACHE_DIR=os.path.join(work, "cache"))
calls = []
for k in range(2):
    r = subprocess.run(["sh", run, prog], env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True)
    if r.returncode:
        fails.append("run %d of %s: exit %d: %s" % (k + 1, prog, r.returncode, r.stdout[-800:]))
    calls.append(len(open(count).read().split()) if os.path.exists(count) else 0)
if calls[0] == 0 or calls[1] != calls[0]:
    fails.append("compiler calls: %d in the first run, %d after the second (wanted > 0, then "
                 "none)" % (calls[0], calls[1]))
for f in fails:
    print("FAIL: " + f)
print("ok: clinfo lists spv2c; the second run compiled nothing (%d compiles, then 0)" % calls[0]
      if not fails else "")
sys.exit(1 if fails else 0)

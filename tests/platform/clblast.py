#!/usr/bin/env python3
"""clblast.py SPV2C_RUN CACHE PROGRAM [ARGS...]

One of Debian's CLBlast test programs (clblast-tests) through spv2c-run,
unchanged, at its default sizes, against CLBlast's reference CBLAS. It
tests its routine in every precision (S, D, C, Z, H); every routine block
must end with "0 test(s) failed", the passed counts must add up to more
than zero, and the program must exit 0. CACHE is the kernel cache folder
(emptied first, so every kernel is built). Skipped (77) when the program
is not installed (scripts/setup installs clblast-tests)."""
import os
import re
import shutil
import subprocess
import sys

run, cache, prog = sys.argv[1:4]
if shutil.which(prog) is None:
    print("skip: %s is not installed (clblast-tests)" % prog)
    sys.exit(77)
shutil.rmtree(cache, ignore_errors=True)
env = dict(os.environ, SPV2C_CL_CACHE_DIR=cache)
r = subprocess.run(["sh", run, prog] + sys.argv[4:], env=env, stdout=subprocess.PIPE,
                   stderr=subprocess.STDOUT)
out = re.sub(r"\x1b\[[0-9;]*m", "", r.stdout.decode("utf-8", "replace"))
fails, passed = [], 0
blocks = re.split(r"\* Starting tests for the '", out)[1:]
for b in blocks:
    name = b.split("'", 1)[0]
    got = re.search(r"(\d+) test\(s\) passed\s+(\d+) test\(s\) skipped\s+(\d+) test\(s\) failed",
                    b)
    if not got:
        fails.append("%s: no result lines" % name)
        continue
    passed += int(got.group(1))
    if got.group(3) != "0":
        fails.append("%s: %s test(s) failed" % (name, got.group(3)))
    print("%s: %s passed, %s skipped, %s failed" % (name, *got.groups()))
if not blocks:
    fails.append("no routine ran")
if passed == 0:
    fails.append("no test passed")
if r.returncode != 0:
    fails.append("exit status %d" % r.returncode)
for f in fails:
    print("FAIL: " + f)
if fails:
    print(out[-3000:])
    sys.exit(1)
print("ok: %s: %d tests passed, 0 failed" % (prog, passed))

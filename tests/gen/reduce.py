#!/usr/bin/env python3
"""Reduce a failing random kernel with cvise, keeping its failure.

usage: reduce.py SEED_DIR --spv2c PATH --pocl-run PATH [--timeout S]
       reduce.py --test SEED_DIR ...   (the interestingness test; cvise runs
                                        it in a copy holding k.cl)

SEED_DIR is a folder run.py kept (k.cl, failure.txt). The failure's class
and the variant it showed in are read from failure.txt; the test keeps a
candidate when:
  spv2c, cc  the candidate is valid (clang-15 compiles it for that variant
             without warnings about uninitialised values, and llvm-spirv-15
             takes it) and spv2c fails, or cc fails on spv2c's C, with the
             same first message (identifiers and numbers masked);
  diff, run, sanitizer
             the same, and PoCL runs it, and the spv2c program of that
             variant gives different outputs (or crashes, or the sanitizer
             reports).
The result is SEED_DIR/small/k.cl (cvise --n 1: the machine is shared).
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import run as runner  # noqa: E402
check = runner.check

STRICT = ["-Werror=uninitialized", "-Werror=sometimes-uninitialized",
          "-Werror=implicit-function-declaration", "-Werror=return-type"]


def signature(cls, text):
    """the first error message, with names and numbers masked"""
    for ln in text.splitlines():
        m = re.search(r"error: (.*)", ln)
        if m:
            s = m.group(1)
            s = re.sub(r"\b[A-Za-z_]*\d+\w*\b", "N", s)
            s = re.sub(r"\d+", "N", s)
            return cls + ": " + s.strip()
    return cls


def read_failure(d):
    with open(os.path.join(d, "failure.txt"), encoding="utf-8") as f:
        cls = f.readline().strip()
        text = f.read()
    m = re.search(r"\b(spir64|spir)-(O0|O2)\b", text)
    var = m.group(0) if m else "spir64-O2"
    return cls, text, var


def interesting(kpath, d, o):
    cls, text, var = read_failure(d)
    want = signature(cls, text)
    tools = {"clang": "clang-15", "llvm-spirv": "llvm-spirv-15", "pocl_run": o.pocl_run,
             "spv2c": o.spv2c, "cc": o.cc}
    wd = tempfile.mkdtemp(prefix="reduce-")
    try:
        h = check.parse_header(kpath)
        target, opt = var.split("-")
        subprocess.run(["clang-15", "-cl-std=" + h["std"], "-target", target, "-" + opt,
                        "-fsyntax-only", kpath, "-Xclang", "-finclude-default-header"]
                       + STRICT + (["-DNO_WG"] if "NO_WG" in h["pocl-options"] else []),
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       timeout=60)
        inpaths = check.write_inputs(h, os.path.join(wd, "inputs"))
        if cls in ("diff", "run", "sanitizer"):
            runner.pocl(h, tools, kpath, inpaths, wd)
        runner.variant(h, tools, kpath, inpaths, wd, var, cls == "sanitizer")
        return False
    except runner.Failure as e:
        if e.cls == "gen":
            return False
        if cls in ("spv2c", "cc"):
            return signature(e.cls, e.text) == want
        return e.cls == cls
    except (check.HeaderError, ValueError, subprocess.SubprocessError, OSError):
        return False
    finally:
        shutil.rmtree(wd, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dir")
    ap.add_argument("--test", action="store_true")
    ap.add_argument("--spv2c", required=True)
    ap.add_argument("--pocl-run", required=True)
    ap.add_argument("--cc", default="cc")
    ap.add_argument("--timeout", type=int, default=1800, help="seconds cvise may take")
    o = ap.parse_args()
    d = os.path.abspath(o.dir)
    o.spv2c, o.pocl_run = os.path.abspath(o.spv2c), os.path.abspath(o.pocl_run)
    if o.test:
        return 0 if interesting(os.path.abspath("k.cl"), d, o) else 1
    # the reduced kernel keeps the name k.cl: check.py seeds its input data
    # with the file name
    os.makedirs(os.path.join(d, "small"), exist_ok=True)
    small = os.path.join(d, "small", "k.cl")
    shutil.copy(os.path.join(d, "k.cl"), small)
    if not interesting(small, d, o):
        print("%s: the failure does not reproduce" % d)
        return 1
    script = os.path.join(d, "interesting.sh")
    with open(script, "w", encoding="utf-8") as f:
        f.write("#!/bin/sh\nexec %s %s %s --test --spv2c %s --pocl-run %s --cc %s\n"
                % (sys.executable, os.path.abspath(__file__), d, o.spv2c, o.pocl_run, o.cc))
    os.chmod(script, 0o755)
    try:
        subprocess.run(["cvise", "--n", "1", "--tidy", "--timeout", "120", script, "k.cl"],
                       cwd=os.path.dirname(small), timeout=o.timeout, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        print("%s: cvise stopped after %d s (small.cl is the best so far)" % (d, o.timeout))
    except OSError as e:
        print("%s: cvise: %s" % (d, e))
        return 1
    with open(small, encoding="utf-8") as f:
        n = sum(1 for _ in f)
    print("%s: reduced to %s (%d lines)" % (d, small, n))
    return 0


if __name__ == "__main__":
    sys.exit(main())

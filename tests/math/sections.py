#!/usr/bin/env python3
"""Only the math a module uses reaches its output: spv2c on sections.spvasm
(exp on float, pown on double) must put out the sections exp and pown and
what they need (dd, log, powcore, pow), and none of the others of
runtime/math_exp.h; the C must compile warning-free.

usage: sections.py SPV2C SPVASM WORKDIR [CC]"""
import os
import re
import subprocess
import sys


def sections():
    """(name, text) of each section of runtime/math_exp.h: the output holds a
    section's text, without its marker line, when the section went out"""
    here = os.path.dirname(os.path.abspath(__file__))
    src = open(os.path.join(here, "..", "..", "runtime", "math_exp.h")).read()
    parts = re.split(r"^/\* spv2c section: (\w+) [^\n]*\n", src, flags=re.M)
    return list(zip(parts[1::2], parts[2::2]))


def main():
    spv2c, src, work = sys.argv[1:4]
    cc = sys.argv[4] if len(sys.argv) > 4 else "cc"
    os.makedirs(work, exist_ok=True)
    out = os.path.join(work, "sections.c")
    subprocess.run([spv2c, src, "-o", out], check=True)
    text = open(out).read()
    got = {name for name, body in sections() if body.strip() and body in text}
    want = {"dd", "exp", "log", "powcore", "pow", "pown"}
    ok = True
    if got != want:
        print("sections put out: %s; expected: %s" % (sorted(got), sorted(want)))
        ok = False
    for name in ("spv2c_exp_f32", "spv2c_pown_f64"):
        if name + "(" not in text:
            print("%s is not in the output" % name)
            ok = False
    r = subprocess.run([cc, "-std=c99", "-Wall", "-Wextra", "-pedantic", "-Werror", "-c", out,
                        "-o", os.path.join(work, "sections.o")],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if r.returncode:
        print("cc failed:\n" + r.stdout)
        ok = False
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

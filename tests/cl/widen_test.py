#!/usr/bin/env python3
"""The driver's widening of odd-width integers (src/cl/widen.c) against
LLVM itself: widen_ops.ll holds functions computing on i2 to i12 (each
form widen.c knows: the wrapping, plain and signed operations, icmp,
select, phi, switch, trunc/zext/sext between odd and legal widths,
constants); clang-15 compiles it for the host as it is, where LLVM gives
odd widths their exact meaning, and again after widen_harness (which
calls ir_widen_odd) with every function renamed f_ -> w_. A C program
then calls both versions of each function on every pair of operands in
[0, 4096) (all values of every width up to 12) and counts the pairs that
differ. Also checks that every function was widened (none left alone)
and that the widened text has no odd width left.

usage: widen_test.py WIDEN_HARNESS WIDEN_OPS.ll WORKDIR"""
import os
import re
import shutil
import subprocess
import sys

CHECK = r'''
#include <stdio.h>
#define F(n) int f_##n(int, int); int w_##n(int, int);
FUNCS
#undef F
int main(void)
{
    long bad = 0;
#define F(n) for (int a = 0; a < 4096; a++) for (int b = 0; b < 4096; b++) \
        if (f_##n(a, b) != w_##n(a, b)) { \
            if (bad++ < 10) printf("%s(%d, %d): LLVM %d, widened %d\n", #n, a, b, \
                                   f_##n(a, b), w_##n(a, b)); }
FUNCS
    printf("%ld pairs differ\n", bad);
    return bad != 0;
}
'''


def main():
    harness, ops, wd = (os.path.abspath(a) for a in sys.argv[1:4])
    shutil.rmtree(wd, ignore_errors=True)
    os.makedirs(wd)
    text = open(ops, encoding="utf-8").read()
    names = re.findall(r"^define i32 @f_(\w+)\(", text, re.M)
    r = subprocess.run([harness, ops], capture_output=True, text=True, check=True)
    widened = r.stdout.replace("@f_", "@w_")
    print(r.stderr.strip())
    ok = r.stderr.strip() == "%d functions widened" % len(names)
    code = "\n".join(ln for ln in widened.splitlines() if not ln.startswith(";"))
    left = re.findall(r"[ (<\[]i(\d+)\b", code)
    odd = sorted({w for w in left if int(w) not in (1, 8, 16, 32, 64)})
    if odd or not ok:
        print("FAIL: %d functions, odd widths left: %s" % (len(names), odd))
        return 1
    wpath = os.path.join(wd, "widened.ll")
    open(wpath, "w", encoding="utf-8").write(widened)
    funcs = " ".join("F(%s)" % n for n in names)
    cpath = os.path.join(wd, "check.c")
    open(cpath, "w", encoding="utf-8").write(CHECK.replace("FUNCS", funcs))
    exe = os.path.join(wd, "check")
    subprocess.run(["clang-15", "-O1", "-w", ops, wpath, cpath, "-o", exe], check=True)
    r = subprocess.run([exe], capture_output=True, text=True)
    print(r.stdout.strip())
    print("PASS" if r.returncode == 0 else "FAIL")
    return r.returncode


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""The typed header as a user meets it: sig.cl (const buffers, signed
scalars, a struct by value and through a pointer, a half buffer, a vector
buffer, __local memory) translated with --header; the header's entry point
read as text (the kernel's names, const, signed types, a size after each
buffer); host.c built with gcc and clang (C99 and C11: the C11 builds check
the structs' and vectors' layout with _Static_assert) and host.cc with g++
and clang++ (C++11), all with -Wall -Wextra -pedantic -Werror, and run:
each computes the kernel's exact results itself. Then the --checked C with
out's size given 4 bytes short must stop with the report of the write past
its end, and run clean with the right sizes.
main: sig.cl as a --main program: --help on stdout (exit 0); fill:, range:,
print: and an inline struct give the outputs computed here (the halves with
Python's binary16, ties to even); values outside their parameter's type are
refused with its range; wg.cl's __local and work-group memory errors name
the bytes needed and the macro, and that size is exactly enough.

usage: check.py CASE --spv2c PATH --workdir DIR   (CASE: build, checked, main)
Exit status 0 pass, 1 fail, 77 skip (a compiler is missing).
"""
import argparse, os, re, shutil, struct, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
WARN = ["-Wall", "-Wextra", "-pedantic", "-Werror"]
SIG = ("int spv2c_run_sig(const spv2c_ndrange *range, const int32_t *in, size_t in_bytes, "
       "int32_t *out, size_t out_bytes, int32_t shift, int16_t neg, const spv2c_params_t *p, "
       "spv2c_cell *cells, size_t cells_bytes, spv2c_half *h, size_t h_bytes, "
       "const spv2c_float4 *v, size_t v_bytes, size_t tmp_bytes, "
       "const uint8_t *bytes, size_t bytes_bytes);")


def run(cmd, **kw):
    env = dict(os.environ)
    env.pop("MALLOC_PERTURB_", None)   # llvm-spirv-15 crashes under it (its own bug)
    return subprocess.run(cmd, capture_output=True, text=True, timeout=300, env=env, **kw)


def fail(msg):
    print("FAIL header:", msg)
    sys.exit(1)


def must(cmd, what, **kw):
    r = run(cmd, **kw)
    if r.returncode:
        fail("%s: %s\n%s%s" % (what, " ".join(cmd), r.stdout, r.stderr))
    return r


def translate(a, wd, extra, out):
    must([a.spv2c, os.path.join(HERE, "sig.cl"), "-o", os.path.join(wd, out), "--header",
          os.path.join(wd, "sig.h")] + extra, "spv2c")


def case_build(a, wd):
    translate(a, wd, [], "sig.c")
    text = open(os.path.join(wd, "sig.h")).read()
    m = re.search(r"^int spv2c_run_sig\([^;]*;", text, re.M)
    if not m or " ".join(m.group(0).split()) != SIG:
        fail("the entry point reads\n%s\nwanted\n%s" % (m and m.group(0), SIG))
    for cc in ("gcc", "clang-15"):
        for std in ("c99", "c11"):
            exe = os.path.join(wd, "host-%s-%s" % (cc, std))
            must([cc, "-std=" + std] + WARN + ["-O2", "-I", wd, os.path.join(wd, "sig.c"),
                  os.path.join(HERE, "host.c"), "-o", exe, "-lm"], cc + " " + std)
            r = must([exe], exe)
            print("%s %s: %s" % (cc, std, r.stdout.strip()))
    must(["gcc", "-std=c99", "-O2", "-c", os.path.join(wd, "sig.c"), "-o",
          os.path.join(wd, "sig.o")], "gcc")
    for cxx in ("g++", "clang++-15"):
        exe = os.path.join(wd, "host-" + cxx)
        must([cxx, "-std=c++11"] + WARN + ["-O2", "-I", wd, "-I", HERE,
              os.path.join(HERE, "host.cc"), os.path.join(wd, "sig.o"), "-o", exe, "-lm"], cxx)
        r = must([exe], exe)
        print("%s: %s" % (cxx, r.stdout.strip()))


def case_checked(a, wd):
    translate(a, wd, ["--checked"], "sigck.c")
    exe = os.path.join(wd, "host-checked")
    must(["gcc", "-std=c99"] + WARN + ["-O1", "-I", wd, os.path.join(wd, "sigck.c"),
          os.path.join(HERE, "host.c"), "-o", exe, "-lm"], "gcc --checked")
    r = run([exe])
    if r.returncode or r.stderr or r.stdout.strip() != "ok":
        fail("checked, right sizes: exit %d\n%s%s" % (r.returncode, r.stdout, r.stderr))
    r = run([exe, "short"])
    want = re.compile(r"spv2c: checked: kernel sig: .*OpStore: write of 4 bytes at address \S+ is "
                      r"out of bounds: 0 bytes past the end of __global buffer 'out' \(argument 1, "
                      r"28 bytes\) \(work-item 7,0,0\)")
    if r.returncode == 0 or not want.search(r.stderr):
        fail("checked, out 4 bytes short: exit %d, not reported:\n%s%s"
             % (r.returncode, r.stdout, r.stderr))
    print(r.stderr.strip().splitlines()[0])


def half(x):
    """x rounded to binary16 (ties to even), as a float"""
    return struct.unpack("<e", struct.pack("<e", x))[0]


def main_expected():
    """what sig's run with MAIN_ARGS prints: out, cells, h"""
    lines = ["# out (argument 1): 8 int"]
    lines += ["%d" % (((-150 + 37 * i) >> 2) - 3 + 7 + 5 + 3 + 200 + i) for i in range(8)]
    lines.append("# cells (argument 5): 8 struct cell")
    for e in range(8):
        lines.append("%s %s %d" % ("%.9g" % (3 * e * 2.5 + 0.25), "%.9g" % (3 * e + 1),
                                   2 ** 32 - (3 * e + 2)))
    lines.append("# h (argument 6): 8 half")
    lines += ["%.9g" % half(half(0.1 + i * 0.3) * 2 + 1) for i in range(8)]
    return "\n".join(lines) + "\n"


MAIN_ARGS = ["sig", "--global", "8", "--local", "4", "range:8:-150:37", "print:8", "2", "-3",
             "7,2.5,5,12884901888", "print:range:8:0:1", "print:range:8:0.1:0.3",
             "fill:8:0,0.25,0,0", "local:16", "range:8:200"]


def bad_args(i, value):
    """MAIN_ARGS with argument i (after the NDRange) replaced"""
    a = list(MAIN_ARGS)
    a[5 + i] = value
    return a


def case_main(a, wd):
    translate(a, wd, ["--main"], "sigm.c")
    exe = os.path.join(wd, "sigm")
    must(["gcc", "-std=c99"] + WARN + ["-O1", os.path.join(wd, "sigm.c"), "-o", exe, "-lm"],
         "gcc --main")
    r = run([exe, "--help"])
    if r.returncode or r.stderr or not r.stdout.startswith("usage: ") or \
            "sig(global int* in, global int* out, int shift, short neg, params_t p, " \
            "global struct cell* cells, global half* h, constant float4* v, local tmp, " \
            "global uchar* bytes)" not in r.stdout:
        fail("--help: exit %d\n%s%s" % (r.returncode, r.stdout, r.stderr))
    r = run([exe])
    if r.returncode != 2 or r.stdout or "usage: " not in r.stderr:
        fail("no arguments: exit %d (wanted 2, usage on stderr)" % r.returncode)
    r = must([exe] + MAIN_ARGS, "sig --main")
    if r.stdout != main_expected():
        fail("--main outputs:\n%s\nwanted\n%s" % (r.stdout, main_expected()))
    print("--main run: %d lines as computed" % len(r.stdout.splitlines()))
    for i, value, msg in ((2, "5000000000", "'5000000000' is out of range for int "
                                             "(-2147483648..2147483647)"),
                          (3, "-40000", "'-40000' is out of range for short (-32768..32767)"),
                          (9, "range:8:250", "out of range for uchar (0..255)"),
                          (9, "fill:8:-1", "'-1' is out of range for uchar (0..255)"),
                          (4, "7,2.5,5", "'7,2.5,5' is not a value of type params_t"),
                          (6, "fill:8:70000", "'70000' is out of range for half"),
                          (0, "range:8:1.5", "is not a value of type int")):
        r = run([exe] + bad_args(i, value))
        if r.returncode != 2 or msg not in r.stderr:
            fail("%s for argument %d: exit %d, stderr %r (wanted %r)"
                 % (value, i, r.returncode, r.stderr, msg))
    for i, value in ((2, "2147483647"), (2, "-2147483648"), (3, "-32768"), (9, "fill:8:255")):
        must([exe] + bad_args(i, value), "%s for argument %d" % (value, i))
    main_resources(a, wd)


def main_resources(a, wd):
    """the bytes a resource error names are exactly enough"""
    c = os.path.join(wd, "wg.c")
    must([a.spv2c, os.path.join(HERE, "wg.cl"), "--main", "-o", c], "spv2c wg.cl")
    args = ["wsum", "--global", "64", "--local", "64", "range:64:0", "print:64", "local:256"]
    for macro, small, what in (("SPV2C_FRAME_MEM", 64, "a work-group's state needs"),
                               ("SPV2C_LOCAL_MEM_SIZE", 64, "of __local memory")):
        exe = os.path.join(wd, "wg-" + macro)
        must(["gcc", "-std=c99"] + WARN + ["-O1", "-D%s=%d" % (macro, small), c, "-o", exe,
              "-lm"], "gcc wg.c")
        r = run([exe] + args)
        m = re.search(r"(\d+) (bytes of __local memory|bytes), %s is %d \(compile with -D%s=(\d+) "
                      r"or more" % (macro, small, macro), r.stderr)
        if r.returncode != 1 or what not in r.stderr or not m or m.group(1) != m.group(3):
            fail("%s=%d: exit %d, stderr %r" % (macro, small, r.returncode, r.stderr))
        need = int(m.group(1))
        for size, ok in ((need - 1, False), (need, True)):
            must(["gcc", "-std=c99", "-O1", "-D%s=%d" % (macro, size), c, "-o", exe, "-lm"], "gcc")
            r = run([exe] + args)
            if (r.returncode == 0) != ok:
                fail("%s=%d: exit %d (the message said %d)" % (macro, size, r.returncode, need))
        print("%s: the message names %d bytes; %d runs, %d does not" % (macro, need, need,
                                                                         need - 1))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("case", choices=["build", "checked", "main"])
    ap.add_argument("--spv2c", required=True)
    ap.add_argument("--workdir", required=True)
    a = ap.parse_args()
    for tool in ("gcc", "clang-15", "g++", "clang++-15", "llvm-spirv-15"):
        if not shutil.which(tool):
            print("SKIP header: %s not found (scripts/setup installs it)" % tool)
            return 77
    wd = os.path.join(os.path.abspath(a.workdir), a.case)
    os.makedirs(wd, exist_ok=True)
    {"build": case_build, "checked": case_checked, "main": case_main}[a.case](a, wd)
    return 0


if __name__ == "__main__":
    sys.exit(main())

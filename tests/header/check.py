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

usage: check.py CASE --spv2c PATH --workdir DIR   (CASE: build, checked)
Exit status 0 pass, 1 fail, 77 skip (a compiler is missing).
"""
import argparse, os, re, shutil, subprocess, sys

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


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("case", choices=["build", "checked"])
    ap.add_argument("--spv2c", required=True)
    ap.add_argument("--workdir", required=True)
    a = ap.parse_args()
    for tool in ("gcc", "clang-15", "g++", "clang++-15", "llvm-spirv-15"):
        if not shutil.which(tool):
            print("SKIP header: %s not found (scripts/setup installs it)" % tool)
            return 77
    wd = os.path.join(os.path.abspath(a.workdir), a.case)
    os.makedirs(wd, exist_ok=True)
    {"build": case_build, "checked": case_checked}[a.case](a, wd)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""install.py --build DIR --spv2c SPV2C --src translate.c --workdir W SPV BAD...

libspv2c as a user gets it: `meson install --destdir` into a temporary
tree, then translate.c built against that tree's pkg-config file
(`pkg-config --cflags --libs libspv2c`, and once with --static) and run:

  - on SPV with --main, its C must be byte-identical to the spv2c
    command's (the command is the library's other client);
  - on each BAD module, it must fail, and its structured records (file,
    word, message) must be exactly the `FILE: word N: error: MESSAGE` lines
    the command prints for the same input, in order.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys


def run(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)


def pkg(tree, args):
    libdirs = [os.path.join(d, "pkgconfig") for d, _, fs in os.walk(tree) if "libspv2c.so" in fs]
    env = dict(os.environ, PKG_CONFIG_SYSROOT_DIR=tree, PKG_CONFIG_PATH=":".join(libdirs))
    r = run(["pkg-config"] + args + ["libspv2c"], env=env)
    if r.returncode:
        sys.exit("FAIL: pkg-config %s: %s" % (" ".join(args), r.stderr))
    return r.stdout.split(), libdirs


def records_of_command(text):
    """the command's messages as (file, word, message)"""
    out = []
    for ln in text.splitlines():
        m = re.match(r"(.*): word (\d+): error: (.*)$", ln)
        if m:
            out.append((m.group(1), m.group(2), m.group(3)))
    return out


def check(a, exe, env, fails):
    ref = os.path.join(a.workdir, "ref.c")
    r = run([a.spv2c, a.spv, "-o", ref, "--main"])
    got = run([exe, a.spv, "--main"], env=env)
    if r.returncode or got.returncode or got.stdout != open(ref).read():
        fails.append("%s: C differs from the command's (exit %d): %s" %
                     (exe, got.returncode, got.stderr[:500]))
    for bad in a.bad:
        cmd = run([a.spv2c, bad, "-o", os.path.join(a.workdir, "bad.c")])
        lib = run([exe, bad], env=env)
        want = records_of_command(cmd.stderr)
        have = [tuple(ln.split("|")[i] for i in (0, 3, 4)) for ln in lib.stderr.splitlines()]
        if lib.returncode != 1 or not want or have != want:
            fails.append("%s %s: exit %d, records %s, command said %s" %
                         (exe, bad, lib.returncode, have, want))


def main():
    ap = argparse.ArgumentParser()
    for o in ("--build", "--spv2c", "--src", "--workdir", "--spv"):
        ap.add_argument(o, required=True)
    ap.add_argument("bad", nargs="+")
    a = ap.parse_args()
    tree = os.path.join(a.workdir, "tree")
    shutil.rmtree(tree, ignore_errors=True)
    os.makedirs(tree)
    r = run(["meson", "install", "-C", a.build, "--no-rebuild", "--destdir", tree])
    if r.returncode:
        sys.exit("FAIL: meson install: " + r.stdout[-2000:] + r.stderr[-2000:])
    fails = []
    for kind in ("shared", "static"):
        flags, libdirs = pkg(tree, ["--cflags", "--libs"] + (["--static"] if kind == "static"
                                                             else []))
        if kind == "static":   # the archive, not the .so beside it; SPIRV-Tools is
            # C++: its runtime last (spv2c.h says so)
            flags = [f if f != "-lspv2c" else "-l:libspv2c.a" for f in flags] + ["-lstdc++"]
        exe = os.path.join(a.workdir, "translate-" + kind)
        r = run(["cc", "-std=c99", "-Wall", "-Wextra", "-pedantic", "-Werror", a.src, "-o", exe]
                + flags)
        if r.returncode:
            sys.exit("FAIL: building translate.c (%s) with %s: %s" % (kind, flags, r.stderr))
        env = dict(os.environ, LD_LIBRARY_PATH=":".join(os.path.dirname(d) for d in libdirs))
        check(a, exe, env, fails)
    for f in fails:
        print("FAIL: " + f)
    if not fails:
        print("ok: libspv2c installed, built against its pkg-config file (shared, static), "
              "translates as the command does")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())

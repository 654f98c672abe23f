#!/usr/bin/env python3
"""`meson install` into a temporary directory (--destdir) leaves a working
spv2c, its templates and a man page `man -l` renders, documenting every
option `spv2c --help` lists.

usage: install.py --build BUILDDIR --workdir DIR
"""
import argparse, os, re, shutil, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))


def fail(msg):
    print("FAIL:", msg)
    sys.exit(1)


def find(root, name):
    for d, _, files in os.walk(root):
        if name in files:
            return os.path.join(d, name)
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", required=True)
    ap.add_argument("--workdir", required=True)
    a = ap.parse_args()
    if not shutil.which("man"):
        print("skip: man missing")
        return 77
    wd = os.path.abspath(a.workdir)
    if os.path.exists(wd):
        shutil.rmtree(wd)
    dest = os.path.join(wd, "dest")
    env = {k: v for k, v in os.environ.items() if not k.startswith("MESON")}
    r = subprocess.run(["meson", "install", "-C", a.build, "--no-rebuild", "--destdir", dest],
                       capture_output=True, text=True, env=env)
    if r.returncode:
        fail("meson install: " + r.stdout[-2000:] + r.stderr[-2000:])
    exe = find(dest, "spv2c")
    page = find(dest, "spv2c.1")
    if not exe or not os.access(exe, os.X_OK) or not exe.endswith("/bin/spv2c"):
        fail("no installed bin/spv2c under " + dest)
    if not page or "/man1/" not in page:
        fail("no man1/spv2c.1 under " + dest)
    tdir = os.path.join(os.path.dirname(os.path.dirname(exe)), "share", "spv2c", "templates")
    want = sorted(f for f in os.listdir(os.path.join(HERE, "..", "..", "templates"))
                  if f.endswith(".lua"))
    if not os.path.isdir(tdir) or sorted(os.listdir(tdir)) != want:
        fail("templates in %s: %s" % (tdir, os.listdir(tdir) if os.path.isdir(tdir) else None))

    r = subprocess.run([exe, "--version"], capture_output=True, text=True)
    if r.returncode or not re.match(r"spv2c \d+\.\d+\.\d+\nSPIRV-Tools ", r.stdout):
        fail("installed --version: " + r.stdout + r.stderr)
    k = os.path.join(wd, "k.cl")
    with open(k, "w") as f:
        f.write("kernel void k(global int *o) { o[get_global_id(0)] *= 2; }\n")
    r = subprocess.run([exe, k, "-o", os.path.join(wd, "k.c"), "--templates", tdir, "-MD"],
                       capture_output=True, text=True)
    if r.returncode or not os.path.exists(os.path.join(wd, "k.c")):
        fail("the installed spv2c on a .cl file with the installed templates: " + r.stderr)
    with open(os.path.join(wd, "k.d")) as f:
        if "templates/arith.lua" not in f.read():
            fail("the depfile lists the installed templates read")

    r = subprocess.run(["man", "-l", page], capture_output=True, text=True,
                       env=dict(os.environ, MANPAGER="cat", PAGER="cat", MANWIDTH="100"))
    text = r.stdout
    if r.returncode or "EXIT STATUS" not in text or "EXAMPLES" not in text:
        fail("man -l: %d %s" % (r.returncode, r.stderr + text[:500]))
    text = text.replace("\u2010", "-").replace("\u2212", "-")
    text = re.sub(r"-\n\s*", "-", text)
    r = subprocess.run([exe, "--help"], capture_output=True, text=True)
    opts = set(re.findall(r"(?<![\w-])(--?[a-zA-Z][\w-]*)", r.stdout))
    missing = sorted(o for o in opts if o not in text)
    if missing:
        fail("options in --help the man page does not document: %s" % missing)
    print("ok: installed spv2c, %d templates, man page with %d options" % (len(want), len(opts)))
    return 0


if __name__ == "__main__":
    sys.exit(main())

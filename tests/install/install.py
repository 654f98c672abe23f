#!/usr/bin/env python3
"""Finding spv2c as a user does: `meson install --destdir` into a temporary
tree, then one CHECK of that tree.

usage: install.py --build BUILD --source SRC --workdir W --examples EXAMPLES_PY CHECK

  cmake       examples/cmake configured with find_package(spv2c) from the
              tree (-DCMAKE_PREFIX_PATH, no spv2c on PATH), built, run,
              rebuilt after a header changes (tests/cl/examples.py)
  meson       examples/meson with the tree's bin on PATH, likewise
  subproject  examples/meson with spv2c as its subproject, no spv2c on PATH
              (nothing installed: meson.override_find_program)
  function    tests/install/cmake: spv2c_add_kernels() with PREFIX, OPTIONS
              and a .spvasm input, built and run; the mistakes it refuses
  pkgconfig   PKG_CONFIG_PATH into the tree: libspv2c.pc's flags name the
              tree's header and library, spv2c.pc's spv2c variable the tree's
              spv2c, which runs
"""
import argparse, os, shutil, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))


def fail(msg):
    print("FAIL:", msg)
    sys.exit(1)


def run(cmd, env=None, cwd=None, ok=True):
    r = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=cwd, timeout=600)
    if ok and r.returncode:
        fail("%s: exit %d\n%s%s" % (" ".join(cmd), r.returncode, r.stdout[-3000:],
                                    r.stderr[-3000:]))
    return r


def clean_env(**kw):
    env = {k: v for k, v in os.environ.items() if not k.startswith("MESON")}
    env.update(kw)
    return env


def install(build, wd):
    """meson install into WD/dest; the installed prefix inside it"""
    dest = os.path.join(wd, "dest")
    run(["meson", "install", "-C", build, "--no-rebuild", "--destdir", dest], env=clean_env())
    for d, _, files in os.walk(dest):
        if "spv2c" in files and os.path.basename(d) == "bin":
            return os.path.dirname(d)
    fail("no bin/spv2c under " + dest)


def examples(a, kind, extra):
    r = run([sys.executable, a.examples, "--workdir", os.path.join(a.workdir, "example")]
            + extra + [kind], ok=False)
    print(r.stdout + r.stderr)
    return r.returncode


def function(prefix, wd):
    src = os.path.join(wd, "function")
    shutil.copytree(os.path.join(HERE, "cmake"), src)
    env = clean_env()
    prefix_arg = "-DCMAKE_PREFIX_PATH=" + prefix
    run(["cmake", "-G", "Ninja", "-S", ".", "-B", "b", prefix_arg], env, src)
    log = run(["ninja", "-C", "b", "-v"], env, src).stdout
    if log.count(os.path.join(prefix, "bin", "spv2c") + " ") != 2:
        fail("the build did not run the installed spv2c twice:\n" + log)
    for want in ("--prefix my_ -MD", "-DFACTOR=3 --checked", "--prefix negate_"):
        if want not in log:
            fail("no '%s' in the spv2c commands:\n%s" % (want, log))
    out = run([os.path.join(src, "b", "app")], env, src).stdout
    if out.split() != ["ok"]:
        fail("app: " + out)
    refused = {"prefix": "PREFIX takes one file, not 2", "keyword": "no file",
               "target": "no target named no_such_target"}
    for bad, msg in refused.items():
        r = run(["cmake", "-S", ".", "-B", "b-" + bad, "-DBAD=" + bad, prefix_arg], env, src,
                ok=False)
        text = " ".join((r.stdout + r.stderr).split())
        if r.returncode == 0 or msg not in text:
            fail("-DBAD=%s: exit %d, no '%s':\n%s" % (bad, r.returncode, msg, text))
    print("ok: spv2c_add_kernels with PREFIX, OPTIONS and .spvasm built and ran; "
          "%d mistakes refused" % len(refused))
    return 0


def pkgconfig(prefix, wd):
    pcs = [d for d, _, files in os.walk(os.path.dirname(prefix)) if "spv2c.pc" in files
           or "libspv2c.pc" in files]
    env = clean_env(PKG_CONFIG_PATH=os.pathsep.join(pcs),
                    PKG_CONFIG_SYSROOT_DIR=wd + "/dest")
    flags = run(["pkg-config", "--cflags", "--libs", "libspv2c"], env).stdout.split()
    inc = [f[2:] for f in flags if f.startswith("-I")]
    lib = [f[2:] for f in flags if f.startswith("-L")]
    if "-lspv2c" not in flags or not any(os.path.exists(os.path.join(d, "spv2c", "spv2c.h"))
                                          for d in inc) \
            or not any(os.path.exists(os.path.join(d, "libspv2c.so")) for d in lib):
        fail("libspv2c's flags %s do not name the tree's spv2c/spv2c.h and libspv2c.so" % flags)
    exe = run(["pkg-config", "--variable=spv2c", "spv2c"], env).stdout.strip()
    tdir = run(["pkg-config", "--variable=templatesdir", "spv2c"], env).stdout.strip()
    # pkgconf puts the sysroot before paths in variables too; pkg-config does not
    exe, tdir = [p if p.startswith(wd + "/dest/") else wd + "/dest" + p for p in (exe, tdir)]
    if os.path.realpath(exe) != os.path.realpath(os.path.join(prefix, "bin", "spv2c")):
        fail("spv2c.pc names %s, not the installed %s/bin/spv2c" % (exe, prefix))
    if not os.path.exists(os.path.join(tdir, "arith.lua")):
        fail("spv2c.pc's templatesdir %s holds no arith.lua" % tdir)
    if not run([exe, "--version"], env).stdout.startswith("spv2c "):
        fail(exe + " --version")
    print("ok: libspv2c.pc names the tree's header and library; spv2c.pc its spv2c and templates")
    return 0


def main():
    ap = argparse.ArgumentParser()
    for o in ("--build", "--source", "--workdir", "--examples"):
        ap.add_argument(o, required=True)
    ap.add_argument("check", choices=["cmake", "meson", "subproject", "function", "pkgconfig"])
    a = ap.parse_args()
    a.workdir = os.path.abspath(a.workdir)
    need = {"cmake": "cmake", "function": "cmake", "pkgconfig": "pkg-config"}.get(a.check, "meson")
    for t in (need, "ninja", "cc"):
        if not shutil.which(t):
            print("skip: %s missing" % t)
            return 77
    if os.path.exists(a.workdir):
        shutil.rmtree(a.workdir)
    os.makedirs(a.workdir)
    if a.check == "subproject":
        # the subproject's spv2c, as the example's build commands name it
        return examples(a, "meson", ["--subproject", a.source, "--spv2c", os.path.join(
            a.workdir, "example", "meson", "b", "subprojects", "spv2c", "src", "spv2c")])
    prefix = install(a.build, a.workdir)
    if a.check in ("cmake", "meson"):
        return examples(a, a.check, ["--prefix", prefix,
                                     "--spv2c", os.path.join(prefix, "bin", "spv2c")])
    return function(prefix, a.workdir) if a.check == "function" else pkgconfig(prefix, a.workdir)


if __name__ == "__main__":
    sys.exit(main())

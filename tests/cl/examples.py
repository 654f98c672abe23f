#!/usr/bin/env python3
"""The Meson and CMake examples (examples/meson, examples/cmake), built in a
temporary directory with the spv2c under test.

usage: examples.py --spv2c PATH --workdir DIR [--cmake-dir D | --prefix P | --subproject S]
                   {meson|cmake}

How the example finds spv2c: by default PATH, with PATH's folder first
(meson), or -Dspv2c_DIR=D, the build tree's CMake package (cmake).
--prefix P: an installed tree; PATH holds P/bin (meson) or
-DCMAKE_PREFIX_PATH=P (cmake: find_package); no other spv2c is on PATH.
--subproject S: subprojects/spv2c links to the checkout S and no spv2c is on
PATH (meson); --spv2c is then the path the subproject's spv2c will have. Every build command that runs spv2c must name --spv2c.

Builds the example, runs its program (which checks the kernels' results
itself), checks a second build does nothing, then touches
kernels/params.h (included by scale.cl only) and checks the next build
runs spv2c exactly once, on scale.cl, and the program still passes.
"""
import argparse, os, shutil, subprocess, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))


def fail(msg):
    print("FAIL:", msg)
    sys.exit(1)


def run(cmd, env, cwd):
    r = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=cwd, timeout=600)
    if r.returncode:
        fail("%s: exit %d\n%s%s" % (" ".join(cmd), r.returncode, r.stdout[-3000:],
                                    r.stderr[-3000:]))
    return r.stdout + r.stderr


def spv2c_runs(log, spv2c):
    """the .cl files of the spv2c commands in ninja -v output"""
    got = []
    for line in log.splitlines():
        if spv2c + " " in line:
            words = line.split(spv2c + " ", 1)[1].split()
            got.append(os.path.basename(words[0]))
    return got


def path_without_spv2c(wd):
    """PATH with no spv2c: a folder that holds one (/usr/bin once the Debian
    package is installed) is replaced by WD/path-N, links to all else in it"""
    dirs = []
    for i, d in enumerate(os.environ["PATH"].split(os.pathsep)):
        if d and os.access(os.path.join(d, "spv2c"), os.X_OK):
            shadow = os.path.join(wd, "path-%d" % i)
            os.makedirs(shadow)
            for name in os.listdir(d):
                if name != "spv2c":
                    os.symlink(os.path.join(d, name), os.path.join(shadow, name))
            d = shadow
        dirs.append(d)
    return os.pathsep.join(dirs)


def environment(a, spv2c, src, wd):
    """the environment and the extra cmake arguments of how spv2c is found"""
    path = path_without_spv2c(wd)
    cmake_args = []
    if a.prefix:
        path = os.path.join(a.prefix, "bin") + os.pathsep + path
        cmake_args = ["-DCMAKE_PREFIX_PATH=" + a.prefix]
    elif a.subproject:
        os.makedirs(os.path.join(src, "subprojects"))
        os.symlink(os.path.abspath(a.subproject), os.path.join(src, "subprojects", "spv2c"))
    else:
        path = os.path.dirname(spv2c) + os.pathsep + path
        if a.cmake_dir:
            cmake_args = ["-Dspv2c_DIR=" + os.path.abspath(a.cmake_dir)]
    env = dict(os.environ, PATH=path)
    for k in [k for k in env if k.startswith("MESON")]:
        del env[k]          # the test runs under meson test: a clean outer build
    return env, cmake_args


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--spv2c", required=True)
    ap.add_argument("--workdir", required=True)
    ap.add_argument("--cmake-dir")
    ap.add_argument("--prefix")
    ap.add_argument("--subproject")
    ap.add_argument("kind", choices=["meson", "cmake"])
    a = ap.parse_args()
    tool = a.kind if a.kind == "meson" else "cmake"
    for t in (tool, "ninja", "cc"):
        if not shutil.which(t):
            print("skip: %s missing" % t)
            return 77
    spv2c = os.path.abspath(a.spv2c)
    wd = os.path.abspath(a.workdir)
    if os.path.exists(wd):
        shutil.rmtree(wd)
    src = os.path.join(wd, a.kind)
    shutil.copytree(os.path.join(HERE, "..", "..", "examples", a.kind), src)
    env, cmake_args = environment(a, spv2c, src, wd)
    b = os.path.join(src, "b")
    if a.kind == "meson":
        run(["meson", "setup", "b"], env, src)
    else:
        run(["cmake", "-G", "Ninja", "-S", ".", "-B", "b"] + cmake_args, env, src)
    log = run(["ninja", "-C", "b", "-v"], env, src)
    if sorted(spv2c_runs(log, spv2c)) != ["blur.cl", "scale.cl"]:
        fail("first build: spv2c ran on %s\n%s" % (spv2c_runs(log, spv2c), log))
    out = run([os.path.join(b, "demo")], env, src)
    if "ok" not in out.split():
        fail("demo: " + out)
    log = run(["ninja", "-C", "b", "-v"], env, src)
    if spv2c_runs(log, spv2c) or "no work to do" not in log:
        fail("a second build did something:\n" + log)
    time.sleep(1.1)     # coarse file times
    os.utime(os.path.join(src, "kernels", "params.h"))
    log = run(["ninja", "-C", "b", "-v"], env, src)
    if spv2c_runs(log, spv2c) != ["scale.cl"]:
        fail("after touching params.h spv2c ran on %s, not on scale.cl alone\n%s"
             % (spv2c_runs(log, spv2c), log))
    out = run([os.path.join(b, "demo")], env, src)
    if "ok" not in out.split():
        fail("demo after the rebuild: " + out)
    print("ok: %s example built, ran, and re-transpiled scale.cl alone" % a.kind)
    return 0


if __name__ == "__main__":
    sys.exit(main())

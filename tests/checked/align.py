#!/usr/bin/env python3
"""spv2c --checked: the vector data family reports misaligned addresses.

usage: align.py --spv2c PATH --workdir DIR [--cc cc] [--clang clang-15]
                [--llvm-spirv llvm-spirv-15]

align.cl is compiled for spir64 and spir at -O0 and -O2, translated with
`spv2c --checked --main`, compiled and run with `which` = 0..4 (see
align.cl). Case 0 (aligned) must exit 0 and leave the padding half of every
vstorea_half3 untouched; cases 1-4 must end by abort() with the report

  spv2c: checked: kernel align: FUNCTION: address 0x... is not N-byte
  aligned (work-item 2,0,0)

The same program built without --checked must run case 1 to completion
(the checks cost nothing unless asked for). Exit status 0 pass, 1 fail, 77
skip (a tool is missing).
"""
import argparse, os, re, shutil, signal, struct, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
CASES = {1: ("vloada_half4", 8), 2: ("vstore4", 4), 3: ("vstorea_half3_rtz", 8),
         4: ("vload_half", 2)}
FILL = 0x7777


def run(cmd, **kw):
    # llvm-spirv-15 crashes under meson's MALLOC_PERTURB_=1 (its own bug):
    # the compilers run without it
    env = dict(os.environ)
    if os.path.basename(cmd[0]).startswith(("clang", "llvm-spirv")):
        env.pop("MALLOC_PERTURB_", None)
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120, env=env, **kw)


def fail(msg):
    print("FAIL checked-align:", msg)
    sys.exit(1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--spv2c", required=True)
    ap.add_argument("--workdir", required=True)
    ap.add_argument("--cc", default="cc")
    ap.add_argument("--clang", default="clang-15")
    ap.add_argument("--llvm-spirv", default="llvm-spirv-15")
    a = ap.parse_args()
    for t in (a.cc, a.clang, a.llvm_spirv):
        if not shutil.which(t):
            print("SKIP: %s not found" % t)
            return 77
    spv2c = os.path.abspath(a.spv2c)
    os.makedirs(a.workdir, exist_ok=True)
    wd = os.path.abspath(a.workdir)
    src = os.path.join(HERE, "align.cl")
    hin = os.path.join(wd, "h.bin")
    fin = os.path.join(wd, "f.bin")
    with open(hin, "wb") as f:   # halves 1.0, 2.0, ... then the fill
        f.write(struct.pack("<64H", *([0x3c00 + 0x400 * (k % 8) for k in range(32)]
                                      + [FILL] * 32)))
    with open(fin, "wb") as f:
        f.write(struct.pack("<64f", *[float(k) for k in range(64)]))
    for target in ("spir64", "spir"):
        for opt in ("-O0", "-O2"):
            v = "%s%s" % (target, opt)
            bc, spv = os.path.join(wd, v + ".bc"), os.path.join(wd, v + ".spv")
            r = run([a.clang, "-cl-std=CL1.2", "-target", target, opt, "-emit-llvm", "-c", src,
                     "-o", bc, "-Xclang", "-finclude-default-header"])
            if r.returncode:
                fail("%s: clang: %s" % (v, r.stderr))
            r = run([a.llvm_spirv, bc, "-o", spv])
            if r.returncode:
                fail("%s: llvm-spirv: %s" % (v, r.stderr))
            exes = {}
            for checked in (True, False):
                c, exe = os.path.join(wd, v + "%s.c" % checked), os.path.join(wd, v + str(checked))
                r = run([spv2c, spv, "--main", "-o", c] + (["--checked"] if checked else []))
                if r.returncode:
                    fail("%s: spv2c: %s" % (v, r.stderr))
                r = run([a.cc, "-std=c99", "-Wall", "-Wextra", "-pedantic", "-Werror", "-O2", c,
                         "-o", exe, "-lm"])
                if r.returncode:
                    fail("%s: cc: %s" % (v, r.stderr))
                exes[checked] = exe
            for which in range(5):
                hout = os.path.join(wd, v + "h%d.out" % which)
                cmd = [exes[True], "align", "--global", "4", "inout:%s:%s" % (hin, hout),
                       "inout:%s:%s" % (fin, os.path.join(wd, "f.out")), "size:256", str(which)]
                r = run(cmd)
                if which == 0:
                    if r.returncode:
                        fail("%s: aligned case: exit %d: %s" % (v, r.returncode, r.stderr))
                    h = struct.unpack("<64H", open(hout, "rb").read())
                    for i in range(4):   # vstorea_half3_rtz(.., i + 4, h): halves 16+4i .. +2
                        if h[16 + 4 * i + 3] != [0x3c00 + 0x400 * (k % 8) for k in range(32)][16 + 4 * i + 3]:
                            fail("%s: vstorea_half3 wrote its padding half %d: 0x%04x"
                                 % (v, 16 + 4 * i + 3, h[16 + 4 * i + 3]))
                    continue
                what, align = CASES[which]
                want = (r"spv2c: checked: kernel align: %s: address (0x)?[0-9a-f]+ is not %d-byte "
                        r"aligned \(work-item 2,0,0\)" % (what, align))
                if r.returncode != -signal.SIGABRT:
                    fail("%s: case %d: exit %d, wanted abort\n%s" % (v, which, r.returncode, r.stderr))
                if not re.search(want, r.stderr):
                    fail("%s: case %d: no report matching %r in:\n%s" % (v, which, want, r.stderr))
            r = run([exes[False], "align", "--global", "4", "inout:%s:%s" % (hin, hin + ".x"),
                     "inout:%s:%s" % (fin, fin + ".x"), "size:256", "1"])
            if r.returncode:
                fail("%s: unchecked build, case 1: exit %d: %s" % (v, r.returncode, r.stderr))
    print("PASS checked-align (spir64, spir at -O0, -O2; 4 misaligned cases and an aligned one)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

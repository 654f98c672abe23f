#!/usr/bin/env python3
"""Differential test of spv2c's OpenCL C front end against PoCL.

usage: cl_check.py KERNEL.cl --check check.py --spv2c PATH --pocl-run PATH --workdir DIR

Runs tests/run/check.py on the kernel with its compile steps replaced by
spv2c's own: the "clang" it is given records clang's arguments, and the
"llvm-spirv" runs `spv2c --emit-spirv` with them (spv2c then drives
clang-15 and llvm-spirv-15 itself: debug info, freeze, inline, the SPIR-V
repairs). Everything else (PoCL, the four variants, the comparison) is
check.py's. @DIR@ in the kernel's header stands for this folder.
"""
import argparse, os, stat, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))

CLANG = r'''#!/usr/bin/env python3
import json, os, sys
a = sys.argv[1:]
if "-emit-llvm" not in a:      # check.py's clang -fsyntax-only of the generated C
    os.execvp("clang-15", ["clang-15"] + a)
out = a[a.index("-o") + 1]
with open(out, "w") as f:
    json.dump(a, f)
'''

SPIRV = r'''#!/usr/bin/env python3
import json, os, sys
a = sys.argv[1:]
with open(a[0]) as f:
    c = json.load(f)
i = c.index("-o")
del c[i:i + 2]
drop = {"-emit-llvm", "-c", "-Xclang", "-finclude-default-header"}
c = [x for x in c if x not in drop]
os.execv(os.environ["SPV2C_UNDER_TEST"],
         [os.environ["SPV2C_UNDER_TEST"], "--emit-spirv"] + c + ["-o", a[a.index("-o") + 1]])
'''


def shim(path, text):
    with open(path, "w") as f:
        f.write(text)
    os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("kernel")
    ap.add_argument("--check", required=True)
    ap.add_argument("--spv2c", required=True)
    ap.add_argument("--pocl-run", required=True)
    ap.add_argument("--workdir", required=True)
    a = ap.parse_args()
    wd = os.path.abspath(a.workdir)
    os.makedirs(wd, exist_ok=True)
    with open(a.kernel) as f:
        text = f.read().replace("@DIR@", HERE)
    kernel = os.path.join(wd, os.path.basename(a.kernel))
    with open(kernel, "w") as f:
        f.write(text)
    shim(os.path.join(wd, "clang-shim"), CLANG)
    shim(os.path.join(wd, "llvm-spirv-shim"), SPIRV)
    env = dict(os.environ, SPV2C_UNDER_TEST=os.path.abspath(a.spv2c))
    r = subprocess.run([sys.executable, a.check, kernel, "--spv2c", a.spv2c,
                        "--pocl-run", a.pocl_run, "--workdir", os.path.join(wd, "work"),
                        "--clang", os.path.join(wd, "clang-shim"),
                        "--llvm-spirv", os.path.join(wd, "llvm-spirv-shim")], env=env)
    return r.returncode


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""spv2c --checked: memory errors are reported with the kernel, the
instruction (source line and SPIR-V word), the access, the object and the
work-item; correct runs stay silent.

usage: memory.py --spv2c PATH --workdir DIR [--cc cc] CASEFILE.cl...

Each CASEFILE.cl holds one kernel and, in `//!` lines, how to run it:

  //! kernel: NAME
  //! run: --global 16 --local 16 in:a16f out:64 local:64 {which} 16
  //! case 0: silent
  //! case 3: silent 240        (at -O2 with `hoisted`: silent, 240 of the
                                work-items checked a chunk at a time)
  //! case 1 -O2: REGEX        (the report; -O0/-O2: only at that level)
  //! case 2: ^REGEX           (a report naming no instruction: alignment)
  //! hoisted: yes              (at -O2 some access is checked a chunk of
                                work-items at a time, src/hoist.c, and the
  //! items: 256                 silent cases check all 256 work-items so)
  //! regions: yes              (the same for a region's work-item loop,
                                src/kernel.c region_chunk; items: the work-items
                                times the regions, each counted in each)
  //! ubsan: yes                (at -O2 the silent cases also run built by
                                clang-15 -fsanitize=undefined: no undefined
                                behaviour, such as an index out of its array)
  //! uses: TEXT                (every variant's C holds TEXT: the path the
                                file tests is the one taken; `uses spir64
                                -O2: TEXT` only those variants; several
                                lines, each holds)

Arguments: `in:aNf` is a file of N floats 0, 1, ...; `in:cNi` N ints
0, 1, ...; `out:SIZE` an output buffer; {which} the case number. The file is
translated by `spv2c -O0` and `spv2c -O2` (OpenCL C through clang-15 and
llvm-spirv-15, with its source lines) for spir64 and spir, with
--checked --main, compiled with cc -Wall -Wextra -pedantic -Werror (at -O0
with -DSPV2C_CHECK_CALLS: the checks called, not inlined), and run
once a case: a silent case must exit 0 with nothing on stderr, any other
must abort with one report that matches REGEX after
`spv2c: checked: kernel NAME: FILE:LINE: word N: `. Exit status 0 pass,
1 fail, 77 skip (a tool is missing).
"""
import argparse, os, re, shutil, signal, struct, subprocess, sys


def run(cmd, **kw):
    env = dict(os.environ)
    env.pop("MALLOC_PERTURB_", None)   # llvm-spirv-15 crashes under it (its own bug)
    return subprocess.run(cmd, capture_output=True, text=True, timeout=300, env=env, **kw)


def fail(msg):
    print("FAIL checked-memory:", msg)
    sys.exit(1)


def parse(path):
    spec = {"cases": []}
    for line in open(path):
        m = re.match(r"//!\s*(\w+)(.*?):\s*(.*?)\s*$", line)
        if not m:
            continue
        key, rest, val = m.groups()
        if key == "case":
            words = rest.split()
            spec["cases"].append((int(words[0]), words[1] if len(words) > 1 else None, val))
        elif key == "uses":
            spec.setdefault("uses", []).append((rest.split(), val))
        else:
            spec[key] = val
    return spec


def data_file(wd, tok):
    m = re.match(r"([a-z])(\d+)([fi])$", tok)
    n, kind = int(m.group(2)), m.group(3)
    path = os.path.join(wd, tok + ".bin")
    with open(path, "wb") as f:
        f.write(struct.pack("<%d%s" % (n, kind), *([float(k) for k in range(n)] if kind == "f"
                                                  else list(range(n)))))
    return path


def args_for(wd, tmpl, which):
    out = []
    for k, a in enumerate(tmpl.split()):
        if a.startswith("in:"):
            a = "in:" + data_file(wd, a[3:])
        elif a.startswith("out:"):
            a = "%s:%s" % (a, os.path.join(wd, "out%d.bin" % k))
        out.append(a.replace("{which}", str(which)))
    return out


def ubsan(a, spec, wd, c, exe, v):
    """the silent cases, built by clang-15 with -fsanitize=undefined (its
    array-bounds check sees an index out of a fixed-size array, as in a
    pointer to an element formed out of its object): exit 0, nothing on
    stderr. The cases that report are left out: their kernels' own bugs
    are undefined behaviour too."""
    r = run(["clang-15", "-std=c99", "-O1", "-fsanitize=undefined", "-fno-sanitize-recover=all",
             "-w", c, "-o", exe, "-lm"])
    if r.returncode:
        fail("%s: clang-15 -fsanitize=undefined: %s" % (v, r.stderr))
    for which, only, want in spec["cases"]:
        if (only and only != "-O2") or not re.fullmatch(r"silent(?: \d+)?", want):
            continue
        r = run([exe, spec["kernel"]] + args_for(wd, spec["run"], which))
        if r.returncode or r.stderr:
            fail("%s: case %d under -fsanitize=undefined: exit %d, wanted a silent run:\n%s"
                 % (v, which, r.returncode, r.stderr))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--spv2c", required=True)
    ap.add_argument("--workdir", required=True)
    ap.add_argument("--cc", default="cc")
    ap.add_argument("files", nargs="+")
    a = ap.parse_args()
    for t in (a.cc, "clang-15", "llvm-spirv-15"):
        if not shutil.which(t):
            print("SKIP: %s not found" % t)
            return 77
    os.makedirs(a.workdir, exist_ok=True)
    wd = os.path.abspath(a.workdir)
    count = 0
    for src in a.files:
        spec = parse(src)
        base = os.path.splitext(os.path.basename(src))[0]
        for target in ("spir64", "spir"):
            for opt in ("-O0", "-O2"):
                v = "%s-%s%s" % (base, target, opt)
                c, exe = os.path.join(wd, v + ".c"), os.path.join(wd, v)
                r = run([a.spv2c, opt, "-target", target, "--checked", "--main", src, "-o", c])
                if r.returncode:
                    fail("%s: spv2c: %s" % (v, r.stderr))
                # the chunks' checks (src/hoist.c; a region's loop: kernel.c,
                # region_chunk) are what the file tests
                chunked = spec.get("hoisted") == "yes" or spec.get("regions") == "yes"
                needle = "spv2c_ck_chunk_(" if spec.get("hoisted") == "yes" else "spv2c_ck_region_("
                if chunked and opt == "-O2" and needle not in open(c).read():
                    fail("%s: no access checked a chunk at a time" % v)
                for only, text in spec.get("uses", []):
                    if all(w in (target, opt) for w in only) and text not in open(c).read():
                        fail("%s: the C holds no %s" % (v, text))
                # the checks' common case inline (runtime/check.h) at -O2; at -O0,
                # where clang hides most pointers' buffers and the inline part
                # mostly calls the rest, called (a third of the compile time)
                calls = ["-DSPV2C_CHECK_CALLS"] if opt == "-O0" else []
                # the chunks at -O2: a silent run says how many work-items
                # were checked a chunk at a time, which must be all of them
                stats = chunked and opt == "-O2"
                if stats:
                    calls.append("-DSPV2C_CHECK_CHUNK_STATS")
                r = run([a.cc, "-std=c99", "-Wall", "-Wextra", "-pedantic", "-Werror", "-O1", c,
                         "-o", exe, "-lm"] + calls)
                if r.returncode:
                    fail("%s: cc: %s" % (v, r.stderr))
                if spec.get("ubsan") == "yes" and opt == "-O2":
                    ubsan(a, spec, wd, c, exe + "-ubsan", v)
                for which, only, want in spec["cases"]:
                    if only and only != opt:
                        continue
                    cmd = [exe, spec["kernel"]] + args_for(wd, spec["run"], which)
                    r = run(cmd)
                    count += 1
                    quiet = re.fullmatch(r"silent(?: (\d+))?", want)
                    if quiet and stats:
                        m = re.fullmatch(r"spv2c: checked: (\d+) work-items checked a chunk at "
                                         r"a time\n", r.stderr)
                        items = int(quiet.group(1) or spec["items"])
                        if r.returncode or not m or int(m.group(1)) != items:
                            fail("%s: case %d: exit %d, wanted a silent run with %d "
                                 "work-items checked a chunk at a time:\n%s"
                                 % (v, which, r.returncode, items, r.stderr))
                        continue
                    if quiet:
                        if r.returncode or r.stderr:
                            fail("%s: case %d: exit %d, wanted a silent run:\n%s"
                                 % (v, which, r.returncode, r.stderr))
                        continue
                    if r.returncode != -signal.SIGABRT:
                        fail("%s: case %d: exit %d, wanted abort\n%s"
                             % (v, which, r.returncode, r.stderr))
                    head = r"^spv2c: checked: kernel %s: (\S*%s:\d+: )?word \d+: " % (
                        re.escape(spec["kernel"]), re.escape(os.path.basename(src)))
                    if want.startswith("^"):   # a report without the instruction
                        head, want = r"^spv2c: checked: kernel %s: " % re.escape(
                            spec["kernel"]), want[1:]
                    if not re.search(head + want, r.stderr, re.M):
                        fail("%s: case %d: no report matching %r in:\n%s"
                             % (v, which, head + want, r.stderr))
    print("PASS checked-memory (%d runs of %s)" % (count, ", ".join(map(os.path.basename, a.files))))
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""CLI and generated-API checks for spv2c: one named case per invocation.

usage: cli.py CASE --spv2c PATH --workdir DIR
Cases compare against facts fixed here (exit codes from the README, error
shapes, symbol names) or against the golden .c files that
scripts/update-golden refreshes; the API driver computes its own expected
values with integer arithmetic.
"""
import argparse, os, re, shutil, stat, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
CFLAGS = ["-std=c99", "-Wall", "-Wextra", "-pedantic", "-Werror"]


def run(cmd, **kw):
    # llvm-spirv-15 crashes under meson's MALLOC_PERTURB_=1 (its own bug):
    # the compilers run without it
    env = dict(os.environ)
    if os.path.basename(cmd[0]).startswith(("clang", "llvm-spirv")):
        env.pop("MALLOC_PERTURB_", None)
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120, env=env, **kw)


def expect(cond, msg):
    if not cond:
        print("FAIL:", msg)
        sys.exit(1)


def compilers():
    return [c for c in ("gcc", "clang-15") if shutil.which(c)]


def case_version(a):
    r = run([a.spv2c, "--version"])
    expect(r.returncode == 0 and re.match(r"spv2c \d+\.\d+\.\d+", r.stdout), r.stdout + r.stderr)


def case_help(a):
    r = run([a.spv2c, "--help"])
    expect(r.returncode == 0 and "usage: spv2c" in r.stdout, r.stdout)


def case_usage_errors(a):
    api = os.path.join(HERE, "api.spvasm")
    for args in ([], [api], ["--bogus", api, "-o", "x.c"], [api, "-o"], ["-", api, "-o", "x.c"],
                 ["--prefix", "9bad", api, "-o", "x.c"], ["--prefix", "a-b", api, "-o", "x.c"]):
        r = run([a.spv2c] + args, cwd=a.workdir)
        expect(r.returncode == 2, "%s: exit %d, wanted 2" % (args, r.returncode))
        expect("spv2c:" in r.stderr, "%s: no message" % args)


def option_names(text, pattern):
    """the option names a text lists, a trailing = left off (--mad= and --mad are one)"""
    return {m.rstrip("=") for m in re.findall(pattern, text)}


def case_options_table(a):
    """src/options.c's table, --help and the man page's OPTIONS list the same options"""
    root = os.path.dirname(os.path.dirname(HERE))
    table = option_names(open(os.path.join(root, "src", "options.c")).read(),
                         r'\{ "(-[^"]*)", OPTF_')
    r = run([a.spv2c, "--help"])
    expect(r.returncode == 0, r.stderr)
    cols = []
    for line in r.stdout.split("\n"):
        m = re.match(r"  (-\S.*?)(?:  |$)", line)
        if m:
            cols += m.group(1).split(", ")
    helped = set()
    for c in cols:
        helped |= option_names(c, r"^-{1,2}[A-Za-z][A-Za-z-]*=?")
    man = open(os.path.join(root, "docs", "spv2c.1")).read()
    man = man[man.index(".SH OPTIONS"):]
    man = man[:man.index("\n.SH", 5)]
    tags = [ln for prev, ln in zip(man.split("\n"), man.split("\n")[1:]) if prev == ".TP"]
    tags = re.sub(r"-O[0-3s]\b", "-O", " ".join(tags).replace("\\-", "-"))   # -O0 ... -Os
    manned = option_names(tags, r"(?<![\w+-])-{1,2}[A-Za-z][A-Za-z-]*=?")
    expect(len(table) >= 35, "the table lost its rows: %s" % sorted(table))
    expect(table == helped, "table vs --help: only in the table %s, only in --help %s"
           % (sorted(table - helped), sorted(helped - table)))
    expect(table == manned, "table vs docs/spv2c.1: only in the table %s, only in the man page %s"
           % (sorted(table - manned), sorted(manned - table)))


def case_value_forms(a):
    """every option with a value as --opt=V and --opt V (-oV and -o V): the same bytes"""
    api = os.path.join(HERE, "api.spvasm")
    tpl = os.path.join(os.path.dirname(os.path.dirname(HERE)), "templates")
    forms = [
        (["-o", "s.c", "--header", "s.h", "--entry", "affine", "--prefix", "p_", "--math",
          "precise", "--mad", "unfused", "--templates", tpl, "-MD", "-MF", "s.dep"], "s"),
        (["-oj.c", "--header=j.h", "--entry=affine", "--prefix=p_", "--math=precise",
          "--mad=unfused", "--templates=" + tpl, "-MD", "-MFj.dep"], "j"),
    ]
    for args, n in forms:
        r = run([a.spv2c, api] + args, cwd=a.workdir)
        expect(r.returncode == 0, "%s: %s" % (args, r.stderr))
    c = [open(os.path.join(a.workdir, n + ".c")).read() for n in "sj"]
    h = [open(os.path.join(a.workdir, n + ".h")).read() for n in "sj"]
    expect(c[0].replace("s.c", "j.c") == c[1] and h[0] == h[1], "the two forms differ")
    expect("p_launch" in h[1] and "spv2c_launch" not in h[1], "--prefix=p_ not honoured")
    expect("p_run_affine" in h[1] and "p_run_fill" not in h[1], "--entry=affine not honoured")
    for d in ("s.dep", "j.dep"):
        expect(os.path.exists(os.path.join(a.workdir, d)), "-MF: no %s" % d)
    r = run([a.spv2c, api, "-o", "u.c"], cwd=a.workdir)
    expect(open(os.path.join(a.workdir, "u.c")).read() != c[1].replace("j.c", "u.c"),
           "the options changed nothing: the test proves nothing")
    for args, want in ((["--math=fast"], "--math takes auto, precise or relaxed"),
                       (["--mad", "fma"], "--mad takes fused or unfused"),
                       (["--header="], "spv2c:"), (["--dump=x"], "--dump takes regions"),
                       (["-o"], "needs a value"), (["--entry"], "needs a value")):
        r = run([a.spv2c, api, "-ox.c"] + args, cwd=a.workdir)
        expect(r.returncode == 2 and want in r.stderr, "%s: exit %d, %s" % (args, r.returncode,
                                                                            r.stderr))


def case_file_errors(a):
    """file errors say why (strerror); text that is not SPIR-V, in a file whose
    name does not say SPIR-V, gets the -x cl hint"""
    api = os.path.join(HERE, "api.spvasm")
    r = run([a.spv2c, api, "-o", "/nonexistent/dir/x.c"], cwd=a.workdir)
    expect(r.returncode == 1 and "spv2c: cannot write /nonexistent/dir/x.c: No such file or "
           "directory" in r.stderr, r.stderr)
    r = run([a.spv2c, api, "-o", "x.c", "--header", "/nonexistent/dir/x.h"], cwd=a.workdir)
    expect(r.returncode == 1 and "cannot write /nonexistent/dir/x.h: No such file or directory"
           in r.stderr, r.stderr)
    r = run([a.spv2c, "/nonexistent.spv", "-o", "x.c"], cwd=a.workdir)
    expect(r.returncode == 1 and "cannot read the input: No such file or directory" in r.stderr,
           r.stderr)
    os.makedirs(os.path.join(a.workdir, "adir.spv"), exist_ok=True)
    r = run([a.spv2c, "adir.spv", "-o", "x.c"], cwd=a.workdir)
    expect(r.returncode == 1 and "Is a directory" in r.stderr, "a directory: " + r.stderr)
    kernel = "kernel void k(global int *o) { o[0] = 1; }\n"
    for name in ("k.CL", "k.txt"):
        with open(os.path.join(a.workdir, name), "w") as f:
            f.write(kernel)
        r = run([a.spv2c, name, "-o", "x.c"], cwd=a.workdir)
        expect(r.returncode == 1 and "(use -x cl for OpenCL C)" in r.stderr, name + r.stderr)
    with open(os.path.join(a.workdir, "k.spvasm"), "w") as f:
        f.write(kernel)
    r = run([a.spv2c, "k.spvasm", "-o", "x.c"], cwd=a.workdir)
    expect(r.returncode == 1 and "-x cl" not in r.stderr, ".spvasm says SPIR-V: " + r.stderr)


def case_missing_input(a):
    r = run([a.spv2c, "/nonexistent.spv", "-o", "x.c"], cwd=a.workdir)
    expect(r.returncode == 1 and "error:" in r.stderr, r.stderr)


def transpile(a, *extra, src="api.spvasm", out="api.c"):
    r = run([a.spv2c, os.path.join(HERE, src), "-o", out] + list(extra), cwd=a.workdir)
    expect(r.returncode == 0, "spv2c failed: " + r.stderr)
    return os.path.join(a.workdir, out)


def case_deterministic(a):
    p1 = open(transpile(a, "--main", out="d1.c"), "rb").read()
    p2 = open(transpile(a, "--main", out="d2.c"), "rb").read()
    expect(p1 == p2, "two runs gave different bytes")


def case_golden(a):
    """every NAME.spvasm here against its whole output NAME.c.golden (api: the API;
    saxpy, histogram_private: samples/; reduce: work-item loops; exchange: the
    per-work-item form), so every change to generated text is a reviewed diff"""
    names = sorted(f[:-7] for f in os.listdir(HERE) if f.endswith(".spvasm"))
    expect(len(names) >= 5, "golden inputs missing: %s" % names)
    for name in names:
        got = open(transpile(a, "--main", src=name + ".spvasm", out=name + ".golden.c")).read()
        want = open(os.path.join(HERE, name + ".c.golden")).read()
        expect(got == want, "%s: output differs from %s.c.golden (scripts/update-golden refreshes "
               "it after a reviewed change)" % (name, name))


def dump_regions(a, src):
    r = run([a.spv2c, os.path.join(HERE, src), "-o", "dump.c", "--dump=regions"], cwd=a.workdir)
    expect(r.returncode == 0, "%s: spv2c --dump=regions failed: %s" % (src, r.stderr))
    plain = open(transpile(a, src=src, out="nodump.c"), "rb").read()
    expect(open(os.path.join(a.workdir, "dump.c"), "rb").read() == plain,
           "%s: --dump=regions changed the C output" % src)
    return r.stderr


def live_after(dump, point):
    """the decisions for the values live after a point: [(id, decision)]"""
    m = re.search(r"^  live after point %d:(.*)$" % point, dump, re.M)
    expect(m is not None, "no line for point %d in:\n%s" % (point, dump))
    return re.findall(r"%(\d+)(?: \([^)]*\))? (recomputed|spilled-uniform|spilled)\b", m.group(1))


def case_dump_regions(a):
    """the region planner's decisions, on kernels whose right answer is known
    from their source (regions/spill.cl, reduce.cl; see the comments there)"""
    d = dump_regions(a, "regions/spill.spvasm")
    expect("kernel spill: work-item loops" in d and "1 suspension point," in d, d)
    expect(re.search(r"point 1: word \d+ OpControlBarrier", d) is not None, d)
    dec = sorted(x for _, x in live_after(d, 1))
    # l, the global id and m = n * 3 + group id come from builtins and an
    # argument (recomputed); v was loaded by each work-item (one slot each)
    expect(dec == ["recomputed"] * 3 + ["spilled"], "spill: %s\n%s" % (dec, d))
    d = dump_regions(a, "reduce.spvasm")
    expect("kernel reduce: work-item loops" in d and "2 suspension points," in d, d)
    # point 1 is the barrier after the loop (first in the module's order):
    # only l (the local id) is needed after it
    expect([x for _, x in live_after(d, 1)] == ["recomputed"], d)
    # the loop's barrier: l and &s[l] recomputed; k and k / 2 are the same
    # in every work-item (from get_local_size through phis): one slot a group
    dec = sorted(x for _, x in live_after(d, 2))
    expect(dec == ["recomputed"] * 2 + ["spilled-uniform"] * 2, "reduce: %s\n%s" % (dec, d))
    d = dump_regions(a, "exchange.spvasm")
    expect("kernel exchange: per-work-item form" in d, d)
    d = dump_regions(a, "saxpy.spvasm")
    expect("kernel saxpy: no suspension points" in d, d)


def case_header_alone(a):
    transpile(a, "--header", "api.h")
    with open(os.path.join(a.workdir, "hdr.c"), "w") as f:
        f.write('#include "api.h"\n')
    for cc in compilers():
        r = run([cc] + CFLAGS + ["-fsyntax-only", "hdr.c"], cwd=a.workdir)
        expect(r.returncode == 0, cc + ": header alone: " + r.stderr)


def case_warning_free(a):
    transpile(a, "--main")
    for cc in compilers():
        r = run([cc] + CFLAGS + ["-O2", "-c", "api.c", "-o", "api.o"], cwd=a.workdir)
        expect(r.returncode == 0, cc + ": " + r.stderr)
    # without the run-time dispatch too: a barrier kernel whose only read of
    # the work-item state is the F16C choice (tests/run/wg_half_nodispatch.cl)
    transpile(a, "--main", "-cl-std=CL1.2",
              src=os.path.join("..", "run", "wg_half_nodispatch.cl"), out="hnd.c")
    for cc in compilers():
        r = run([cc] + CFLAGS + ["-O2", "-DSPV2C_NO_DISPATCH", "-c", "hnd.c", "-o", "hnd.o"],
                cwd=a.workdir)
        expect(r.returncode == 0, cc + " -DSPV2C_NO_DISPATCH: " + r.stderr)


def case_api(a):
    transpile(a, "--header", "api.h")
    r = run(["cc", "-std=c99", "-O1", "-I.", "api.c", os.path.join(HERE, "api_driver.c"),
             "-o", "driver", "-lm"], cwd=a.workdir)
    expect(r.returncode == 0, r.stderr)
    r = run([os.path.join(a.workdir, "driver")])
    print(r.stdout.strip())
    expect(r.returncode == 0, "driver failed")


def case_workspace(a):
    """the caller's workspace (-DSPV2C_WORKSPACE: spv2c_launch_ws, sizes from
    spv2c_workspace_size, too small refused and nothing overrun) and the
    static arenas (a section attribute on them, SPV2C_FRAME_MEM too small
    for local size 48: wsum's frames take 640 bytes at 32 work-items and 960
    at 48, 4-byte int); workspace/driver.c holds the checks"""
    transpile(a, "--header", "ws.h", src="workspace/workspace.spvasm", out="ws.c")
    driver = os.path.join(HERE, "workspace", "driver.c")
    static = ["-DSPV2C_FRAME_MEM=800",
              "-DSPV2C_ARENA_ATTR=__attribute__((section(\".spv2c_arena\")))"]
    for cc in compilers():
        for mode, flags in (("ws", ["-DSPV2C_WORKSPACE"]), ("static", static)):
            exe = os.path.join(a.workdir, "ws_%s_%s" % (mode, cc))
            r = run([cc] + CFLAGS + ["-O2", "-I."] + flags + ["ws.c", driver, "-o", exe, "-lm"],
                    cwd=a.workdir)
            expect(r.returncode == 0, "%s %s: %s" % (cc, mode, r.stderr))
            r = run([exe])
            print("%s %s: %s" % (cc, mode, r.stdout.strip().splitlines()[-1:]))
            expect(r.returncode == 0, "%s %s: driver failed:\n%s" % (cc, mode, r.stdout))
            syms = run(["objdump", "-t", exe]).stdout
            for arena in ("spv2c_local_", "spv2c_frames_"):
                line = [l for l in syms.splitlines() if l.split()[-1:] == [arena]]
                if mode == "ws":
                    expect(not line, "%s: %s exists with SPV2C_WORKSPACE" % (cc, arena))
                else:
                    expect(line and " .spv2c_arena\t" in line[0],
                           "%s: %s not in the section SPV2C_ARENA_ATTR names: %s"
                           % (cc, arena, line))


def case_prefix(a):
    """two modules with different prefixes link into one program"""
    transpile(a, "--prefix", "one_", "--header", "one.h", out="one.c")
    transpile(a, "--prefix", "two_", "--header", "two.h", out="two.c")
    with open(os.path.join(a.workdir, "both.c"), "w") as f:
        f.write('#include "one.h"\n#include "two.h"\n#include <stdio.h>\n'
                'int main(void) { unsigned u[4] = {0}; one_ndrange r = {1, {0,0,0}, {4,1,1}, {0,0,0}};\n'
                '  two_ndrange r2 = {1, {0,0,0}, {4,1,1}, {0,0,0}};\n'
                '  if (one_run_fill(&r, u, sizeof u, 5) || u[3] != 8) return 1;\n'
                '  if (two_run_fill(&r2, u, sizeof u, 9) || u[3] != 12) return 1;\n'
                '  return one_num_kernels == 2 && two_kernels[1].nargs == 2 ? 0 : 1; }\n')
    r = run(["cc", "-std=c99", "-Wall", "-Wextra", "-pedantic", "-Werror", "one.c", "two.c",
             "both.c", "-o", "both", "-lm"], cwd=a.workdir)
    expect(r.returncode == 0, r.stderr)
    r = run([os.path.join(a.workdir, "both")])
    expect(r.returncode == 0, "the two-module program failed")
    r = run(["nm", "-g", "--defined-only", "one.o" if False else "both"], cwd=a.workdir)
    bad = [l for l in r.stdout.splitlines() if " spv2c_" in l]
    expect(not bad, "symbols left with the default prefix: %s" % bad)


def case_stdio(a):
    src = open(os.path.join(HERE, "api.spvasm"), "rb").read()
    r = subprocess.run([a.spv2c, "-", "-o", "-"], input=src, capture_output=True, timeout=60)
    expect(r.returncode == 0 and b"spv2c_launch" in r.stdout, r.stderr.decode())


def case_entry(a):
    c = open(transpile(a, "--entry", "fill")).read()
    expect('"fill"' in c and '"affine"' not in c, "--entry did not select one kernel")
    r = run([a.spv2c, os.path.join(HERE, "api.spvasm"), "-o", "x.c", "--entry", "nope"],
            cwd=a.workdir)
    expect(r.returncode == 1 and "nope" in r.stderr, r.stderr)


def case_failed_output(a):
    """On failure spv2c removes a partly written output only when it is a
    regular file: an output named /dev/null (or a FIFO, a device) stays."""
    bad = os.path.join(HERE, "..", "bad", "three-unsupported.spvasm")
    reg = os.path.join(a.workdir, "failed-output.c")
    open(reg, "w").close()
    r = run([a.spv2c, bad, "-o", reg])
    expect(r.returncode == 1 and not os.path.exists(reg), "a failed run left its output file")
    fifo = os.path.join(a.workdir, "failed-output.fifo")
    if os.path.lexists(fifo):
        os.remove(fifo)
    os.mkfifo(fifo)
    rd = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # so spv2c's open for writing does not block
    try:
        r = run([a.spv2c, bad, "-o", fifo])
    finally:
        os.close(rd)
    expect(r.returncode == 1, "exit %d, wanted 1: %s" % (r.returncode, r.stderr))
    expect(os.path.lexists(fifo) and stat.S_ISFIFO(os.lstat(fifo).st_mode),
           "a failed run removed the FIFO it was writing to")
    os.remove(fifo)


def case_main_errors(a):
    transpile(a, "--main")
    r = run(["cc", "-std=c99", "api.c", "-o", "prog", "-lm"], cwd=a.workdir)
    expect(r.returncode == 0, r.stderr)
    prog = os.path.join(a.workdir, "prog")
    with open(os.path.join(a.workdir, "in.bin"), "wb") as f:
        f.write(bytes(64))
    for args, code in ((["nosuch", "--global", "4"], 2),
                       (["fill", "--global", "4", "out:16:o.bin"], 2),               # too few
                       (["fill", "--global", "4", "out:16:o.bin", "1", "2"], 2),     # too many
                       (["fill", "--global", "4", "out:16:o.bin", "abc"], 2),        # bad value
                       (["fill", "--global", "4", "in:/nonexistent", "1"], 2),       # missing file
                       (["fill", "--global", "4", "local:16", "1"], 2),              # wrong form
                       (["fill", "out:16:o.bin", "1"], 2),                           # no --global
                       (["affine", "--global", "8", "--local", "8", "out:32:o.bin",
                         "in:in.bin", "val:in.bin"], 2),                             # value size
                       (["affine", "--global", "8", "--local", "2", "out:32:o.bin",
                         "in:in.bin", "1,2,3"], 2),                                  # 3 fields of 2
                       (["fill", "--global", "4", "out:16:o.bin", "4294967296"], 2)):  # > 32 bits
        r = run([prog] + args, cwd=a.workdir)
        expect(r.returncode == code and "error" in r.stderr,
               "%s: exit %d, stderr %r" % (args, r.returncode, r.stderr))
    with open(os.path.join(a.workdir, "p.bin"), "wb") as f:
        f.write((3).to_bytes(4, "little") + (5).to_bytes(4, "little"))
    r = run([prog, "affine", "--global", "8", "--local", "8", "out:32:o.bin", "in:in.bin",
             "val:p.bin"], cwd=a.workdir)
    expect(r.returncode == 1 and "local size" in r.stderr, "reqd local size: " + r.stderr)
    r = run([prog, "affine", "--global", "8", "--local", "8", "out:32:o.bin", "in:in.bin",
             "3,5"], cwd=a.workdir)   # the struct by its fields: parsed, then the same refusal
    expect(r.returncode == 1 and "local size" in r.stderr, "struct by fields: " + r.stderr)
    r = run([prog, "fill", "--global", "4", "--offset", "1", "out:20:o.bin", "7"], cwd=a.workdir)
    expect(r.returncode == 0, r.stderr)
    got = open(os.path.join(a.workdir, "o.bin"), "rb").read()
    want = b"".join((7 + i if i >= 1 else 0).to_bytes(4, "little") for i in range(5))
    expect(got == want, "fill with offset: %r" % got)


def case_templates_override(a):
    tdir = os.path.join(a.workdir, "tpl")
    os.makedirs(tdir, exist_ok=True)
    with open(os.path.join(tdir, "arith.lua"), "w") as f:
        f.write('lower("OpIAdd", function(ins)\n  error("deliberate")\nend)\n'
                'lower("OpIMul", function(ins)\n  return os.execute("true")\nend)\n')
    r = run([a.spv2c, os.path.join(HERE, "api.spvasm"), "-o", "x.c", "--templates", tdir],
            cwd=a.workdir)
    expect(r.returncode == 1, "exit %d" % r.returncode)
    expect(re.search(r"word \d+: error: template error.*templates/arith.lua:2: deliberate",
                     r.stderr), "no file:line for the template error: " + r.stderr)
    expect(re.search(r"templates/arith.lua:5: attempt to index a nil value \(global 'os'\)",
                     r.stderr), "the sandbox let os through: " + r.stderr)
    expect(not os.path.exists(os.path.join(a.workdir, "x.c")), "output left behind")


def case_checked_divergence(a):
    """a divergent barrier is reported under --checked; without it the run ends"""
    if not (shutil.which("clang-15") and shutil.which("llvm-spirv-15")):
        print("skip: clang-15/llvm-spirv-15 missing")
        sys.exit(77)
    src = os.path.join(HERE, "divergent.cl")
    r = run(["clang-15", "-cl-std=CL1.2", "-target", "spir64", "-O2", "-emit-llvm", "-c", src,
             "-o", "d.bc", "-Xclang", "-finclude-default-header"], cwd=a.workdir)
    expect(r.returncode == 0, r.stderr)
    r = run(["llvm-spirv-15", "d.bc", "-o", "d.spv"], cwd=a.workdir)
    expect(r.returncode == 0, r.stderr)
    for flags, exe in ((["--checked"], "dc"), ([], "dn")):
        r = run([a.spv2c, "d.spv", "--main", "-o", exe + ".c"] + flags, cwd=a.workdir)
        expect(r.returncode == 0, r.stderr)
        r = run(["cc", "-std=c99", "-O1", exe + ".c", "-o", exe, "-lm"], cwd=a.workdir)
        expect(r.returncode == 0, r.stderr)
    r = run([os.path.join(a.workdir, "dc"), "divergent", "--global", "8", "--local", "4",
             "out:32:o.bin"], cwd=a.workdir)
    expect(r.returncode != 0, "the divergent barrier was not reported")
    expect(re.search(r"checked: kernel divergent: work-items diverge at a barrier: "
                     r"work-item 0,0,0 waits at the barrier at word \d+, work-item 1,0,0 "
                     r"has finished", r.stderr), "report: " + r.stderr)
    r = run([os.path.join(a.workdir, "dn"), "divergent", "--global", "8", "--local", "4",
             "out:32:o.bin"], cwd=a.workdir)
    expect(r.returncode == 0, "unchecked run: " + r.stderr)

# local ids widened and narrowed, and shifted left and back: spv2c rewrites
# the conversions and shift pairs that keep the value (they read the id
# itself) and must leave the lossy ones alone
CONVERSIONS = """\
               OpCapability Addresses
               OpCapability Kernel
               OpCapability Int64
               OpCapability Int16
               OpCapability Int8
               OpMemoryModel Physical64 OpenCL
               OpEntryPoint Kernel %k "conv" %lid
               OpDecorate %lid BuiltIn LocalInvocationId
               OpDecorate %lid Constant
      %ulong = OpTypeInt 64 0
       %uint = OpTypeInt 32 0
     %ushort = OpTypeInt 16 0
      %uchar = OpTypeInt 8 0
    %v3ulong = OpTypeVector %ulong 3
        %pv3 = OpTypePointer Input %v3ulong
       %void = OpTypeVoid
      %puint = OpTypePointer CrossWorkgroup %uint
         %fn = OpTypeFunction %void %puint
    %ulong_1 = OpConstant %ulong 1
   %ulong_16 = OpConstant %ulong 16
   %ulong_31 = OpConstant %ulong 31
   %ulong_32 = OpConstant %ulong 32
   %ulong_33 = OpConstant %ulong 33
   %ulong_56 = OpConstant %ulong 56
        %lid = OpVariable %pv3 Input
          %k = OpFunction %void None %fn
        %out = OpFunctionParameter %puint
          %e = OpLabel
          %v = OpLoad %v3ulong %lid
          %x = OpCompositeExtract %ulong %v 0
       %base = OpIMul %ulong %x %ulong_16
         %p0 = OpInBoundsPtrAccessChain %puint %out %base
         %a0 = OpUConvert %uchar %x
         %a1 = OpUConvert %uint %a0
               OpStore %p0 %a1
         %p1 = OpInBoundsPtrAccessChain %puint %p0 %ulong_1
         %b0 = OpUConvert %uchar %x
         %b1 = OpSConvert %ulong %b0
         %b2 = OpUConvert %uint %b1
               OpStore %p1 %b2
         %p2 = OpInBoundsPtrAccessChain %puint %p1 %ulong_1
         %c0 = OpUConvert %ushort %x
         %c1 = OpUConvert %ulong %c0
         %c2 = OpUConvert %uint %c1
               OpStore %p2 %c2
         %p3 = OpInBoundsPtrAccessChain %puint %p2 %ulong_1
         %d0 = OpUConvert %uint %x
         %d1 = OpSConvert %ulong %d0
         %d2 = OpShiftRightLogical %ulong %d1 %ulong_32
         %d3 = OpUConvert %uint %d2
               OpStore %p3 %d3
         %p4 = OpInBoundsPtrAccessChain %puint %p3 %ulong_1
         %e0 = OpUConvert %ushort %x
         %e1 = OpSConvert %uint %e0
               OpStore %p4 %e1
         %p5 = OpInBoundsPtrAccessChain %puint %p4 %ulong_1
         %f0 = OpUConvert %uchar %x
         %f1 = OpUConvert %ushort %f0
         %f2 = OpUConvert %uint %f1
               OpStore %p5 %f2
         %p6 = OpInBoundsPtrAccessChain %puint %p5 %ulong_1
         %g0 = OpUConvert %ushort %x
         %g1 = OpUConvert %uchar %g0
         %g2 = OpSConvert %uint %g1
               OpStore %p6 %g2
         %p7 = OpInBoundsPtrAccessChain %puint %p6 %ulong_1
         %h0 = OpUConvert %uint %x
         %h1 = OpUConvert %ushort %h0
         %h2 = OpSConvert %ulong %h1
         %h3 = OpUConvert %uint %h2
               OpStore %p7 %h3
         %p8 = OpInBoundsPtrAccessChain %puint %p7 %ulong_1
         %i0 = OpShiftLeftLogical %ulong %x %ulong_32
         %i1 = OpShiftRightArithmetic %ulong %i0 %ulong_32
         %i2 = OpUConvert %uint %i1
               OpStore %p8 %i2
         %p9 = OpInBoundsPtrAccessChain %puint %p8 %ulong_1
         %j0 = OpShiftLeftLogical %ulong %x %ulong_56
         %j1 = OpShiftRightArithmetic %ulong %j0 %ulong_56
         %j2 = OpUConvert %uint %j1
               OpStore %p9 %j2
        %p10 = OpInBoundsPtrAccessChain %puint %p9 %ulong_1
         %k0 = OpShiftLeftLogical %ulong %x %ulong_33
         %k1 = OpShiftRightLogical %ulong %k0 %ulong_33
         %k2 = OpUConvert %uint %k1
               OpStore %p10 %k2
        %p11 = OpInBoundsPtrAccessChain %puint %p10 %ulong_1
         %m0 = OpShiftLeftLogical %ulong %x %ulong_32
         %m1 = OpShiftRightArithmetic %ulong %m0 %ulong_31
         %m2 = OpUConvert %uint %m1
               OpStore %p11 %m2
        %p12 = OpInBoundsPtrAccessChain %puint %p11 %ulong_1
         %n0 = OpShiftLeftLogical %ulong %x %ulong_56
         %n1 = OpShiftRightLogical %ulong %n0 %ulong_56
         %n2 = OpUConvert %uint %n1
               OpStore %p12 %n2
               OpReturn
               OpFunctionEnd
"""


def spvasm_program(a, name, text):
    """hand-written SPIR-V -> NAME.c (--main), compiled warning-free by every
    compiler and linked by cc into the program NAME; returns the C text"""
    with open(os.path.join(a.workdir, name + ".spvasm"), "w") as f:
        f.write(text)
    r = run([a.spv2c, name + ".spvasm", "--main", "-o", name + ".c"], cwd=a.workdir)
    expect(r.returncode == 0, r.stderr)
    for cc in compilers():
        r = run([cc] + CFLAGS + ["-O2", "-c", name + ".c", "-o", name + ".o"], cwd=a.workdir)
        expect(r.returncode == 0, cc + ": " + r.stderr)
    r = run(["cc"] + CFLAGS + ["-O2", name + ".c", "-o", name, "-lm"], cwd=a.workdir)
    expect(r.returncode == 0, r.stderr)
    return open(os.path.join(a.workdir, name + ".c")).read()


def run_output(a, name, args, out):
    """runs the program NAME with args; returns the bytes of its file out"""
    r = run([os.path.join(a.workdir, name)] + args, cwd=a.workdir)
    expect(r.returncode == 0, r.stderr)
    return open(os.path.join(a.workdir, out), "rb").read()


def case_exact_conversions(a):
    """conversions of local ids, run, against integer arithmetic here"""
    text = spvasm_program(a, "conv", CONVERSIONS)
    expect(re.search(r"v_\d+ = v_\d+;", text), "(ulong)(uint)get_local_id(0) was not read as the id")
    # the pairs by 32 and 33 are gone (their shifts left are dead); the
    # pair by 32 and 31 stays
    expect(text.count("<< (UINT64_C(0x20)") == 1 and "<< (UINT64_C(0x21)" not in text,
           "shift pairs that keep the id were not read as the id")
    got = run_output(a, "conv", ["conv", "--global", "1200", "--local", "600",
                                 "out:38400:o.bin"], "o.bin")

    def sx(v, bits):
        v &= (1 << bits) - 1
        return v - (1 << bits) if v >> (bits - 1) else v

    want = []
    for x in range(600):   # (both groups write the same slots)
        want += [x & 255, sx(x, 8), x & 0xffff, 0, sx(x, 16), x & 255, sx(x, 8), sx(x, 16),
                 x, sx(x, 8), x, x * 2, x & 255, 0, 0, 0]
    want = b"".join((v & 0xffffffff).to_bytes(4, "little") for v in want)
    bad = [i for i in range(0, len(want), 4) if got[i:i + 4] != want[i:i + 4]]
    expect(not bad, "%d values differ, first: item %d slot %d" %
           (len(bad), bad[0] // 64 if bad else 0, bad[0] % 64 // 4 if bad else 0))

# a barrier in the kernel's own body, as hand-written SPIR-V has it
# (llvm-spirv puts the body in a function the kernel calls)
ENTRY_BARRIER = """\
               OpCapability Addresses
               OpCapability Kernel
               OpCapability Int64
               OpMemoryModel Physical64 OpenCL
               OpEntryPoint Kernel %k "swap" %gid
               OpDecorate %gid BuiltIn GlobalInvocationId
               OpDecorate %gid Constant
      %ulong = OpTypeInt 64 0
       %uint = OpTypeInt 32 0
    %v3ulong = OpTypeVector %ulong 3
        %pv3 = OpTypePointer Input %v3ulong
       %void = OpTypeVoid
      %puint = OpTypePointer CrossWorkgroup %uint
         %fn = OpTypeFunction %void %puint %puint
    %ulong_1 = OpConstant %ulong 1
     %uint_2 = OpConstant %uint 2
     %uint_3 = OpConstant %uint 3
   %uint_528 = OpConstant %uint 528
        %gid = OpVariable %pv3 Input
          %k = OpFunction %void None %fn
        %o1 = OpFunctionParameter %puint
        %o2 = OpFunctionParameter %puint
          %e = OpLabel
          %v = OpLoad %v3ulong %gid
          %g = OpCompositeExtract %ulong %v 0
         %p1 = OpInBoundsPtrAccessChain %puint %o1 %g
         %g32 = OpUConvert %uint %g
         %t = OpIMul %uint %g32 %uint_3
               OpStore %p1 %t
               OpControlBarrier %uint_2 %uint_2 %uint_528
         %h = OpBitwiseXor %ulong %g %ulong_1
         %q1 = OpInBoundsPtrAccessChain %puint %o1 %h
         %w = OpLoad %uint %q1
         %p2 = OpInBoundsPtrAccessChain %puint %o2 %g
               OpStore %p2 %w
               OpReturn
               OpFunctionEnd
"""


def case_entry_barrier(a):
    """work-item loops for a kernel without a stub, run, against integer arithmetic"""
    text = spvasm_program(a, "eb", ENTRY_BARRIER)   # (warning-free with SPV2C_IVDEP_)
    expect("SPV2C_IVDEP_\n" in text,
           "the work-item loops of a kernel without atomics or calls are not marked independent")
    got = run_output(a, "eb", ["swap", "--global", "64", "--local", "16", "out:256:o1.bin",
                               "out:256:o2.bin"], "o2.bin")
    want = b"".join(((g ^ 1) * 3).to_bytes(4, "little") for g in range(64))
    expect(got == want, "out2[g] is not out1[g ^ 1] = (g ^ 1) * 3")


# float exp of a value, and a division: DECOR is put before the types
RELAXED = """\
               OpCapability Addresses
               OpCapability Kernel
               OpCapability Vector16
               OpCapability Int64
          %1 = OpExtInstImport "OpenCL.std"
               OpMemoryModel Physical64 OpenCL
               OpEntryPoint Kernel %k "k"
%DECOR%
       %void = OpTypeVoid
      %float = OpTypeFloat 32
     %v4float = OpTypeVector %float 4
      %ptr = OpTypePointer CrossWorkgroup %float
     %ptr4 = OpTypePointer CrossWorkgroup %v4float
         %fn = OpTypeFunction %void %ptr %ptr4
          %k = OpFunction %void None %fn
          %p = OpFunctionParameter %ptr
          %q = OpFunctionParameter %ptr4
      %entry = OpLabel
          %x = OpLoad %float %p Aligned 4
          %e = OpExtInst %float %1 sin %x
          %d = OpFDiv %float %e %x
               OpStore %p %d Aligned 4
          %v = OpLoad %v4float %q Aligned 16
          %w = OpExtInst %v4float %1 exp %v
               OpStore %q %w Aligned 16
               OpReturn
               OpFunctionEnd
"""


def case_relaxed_math(a):
    """--math=auto|precise|relaxed and the module's FPFastMathMode decide
    whether float sin and exp take their native_ forms"""
    variants = [  # (decorations, option, native expected)
        ("", None, False),
        ("", "--math=relaxed", True),
        ("OpDecorate %d FPFastMathMode NSZ|AllowRecip", None, True),
        ("OpDecorate %d FPFastMathMode NSZ|AllowRecip", "--math=precise", False),
        ("OpDecorate %d FPFastMathMode NotNaN|NotInf", None, False),
        ("OpDecorate %e FPFastMathMode Fast", None, True),
    ]
    for k, (decor, opt, native) in enumerate(variants):
        src = os.path.join(a.workdir, "relaxed%d.spvasm" % k)
        with open(src, "w") as f:
            f.write(RELAXED.replace("%DECOR%", decor))
        out = transpile(a, *([opt] if opt else []), src=src, out="relaxed%d.c" % k)
        text = open(out).read()
        for cc in compilers():
            r = run([cc] + CFLAGS + ["-O2", "-c", out, "-o", out + ".o"], cwd=a.workdir)
            expect(r.returncode == 0, cc + ": " + r.stderr)
        calls = re.findall(r"spv2c_(native_)?(sin|exp)_f32\(v_", text)
        got = sorted(set(n + f for n, f in calls))
        want = ["native_exp", "native_sin"] if native else ["exp", "sin"]
        expect(got == want, "%r %s: calls %s, want %s" % (decor, opt, got, want))


CASES = {n[5:]: f for n, f in globals().items() if n.startswith("case_")}

if __name__ == "__main__":
    p = argparse.ArgumentParser()
    p.add_argument("case", choices=sorted(CASES))
    p.add_argument("--spv2c", required=True)
    p.add_argument("--workdir", required=True)
    a = p.parse_args()
    a.spv2c = os.path.abspath(a.spv2c)
    a.workdir = os.path.join(os.path.abspath(a.workdir), a.case)
    os.makedirs(a.workdir, exist_ok=True)
    CASES[a.case](a)
    print("ok:", a.case)

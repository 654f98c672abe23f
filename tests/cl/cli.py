#!/usr/bin/env python3
"""spv2c's OpenCL C front end and dependency files, from the command line.

usage: cli.py --spv2c PATH --workdir DIR
"""
import argparse, json, os, re, shutil, struct, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
A = None


def run(args, env=None, **kw):
    e = dict(os.environ)
    e.update(env or {})
    return subprocess.run([A.spv2c] + args, capture_output=True, text=True, env=e,
                          cwd=A.workdir, timeout=300, **kw)


def expect(cond, msg):
    if not cond:
        print("FAIL:", msg)
        sys.exit(1)


def write(name, text):
    path = os.path.join(A.workdir, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)
    return path


def addressing(spv):
    """the addressing model of a SPIR-V binary (1 Physical32, 2 Physical64)"""
    with open(os.path.join(A.workdir, spv), "rb") as f:
        data = f.read()
    w = struct.unpack("<%dI" % (len(data) // 4), data)
    i = 5
    while i < len(w):
        n, op = w[i] >> 16, w[i] & 0xffff
        if op == 14:
            return w[i + 1]
        i += n
    return None


def case_compile_error():
    write("bad.cl", "kernel void k(global int *o) { o[0] = undeclared; }\n")
    r = run(["bad.cl", "-o", "bad.c"])
    expect(r.returncode == 1, "a compile error exits 1: %d" % r.returncode)
    expect("bad.cl:1:39: error: use of undeclared identifier 'undeclared'" in r.stderr,
           "clang's message in clang's form: " + r.stderr)
    expect(not os.path.exists(os.path.join(A.workdir, "bad.c")), "no output after an error")


def case_inline():
    # C99 inline at -O0: `extern inline` has a body as it is; a plain
    # `inline` one gets it from the second, gnu89 compile; both in one file
    # cannot have both, and the message says what to change
    write("ei.cl", "extern inline int tw(int x) { return 2 * x; }\n"
          "kernel void k(global int *o) { o[0] = tw(o[1]); }\n")
    write("pi.cl", "inline int th(int x) { return 3 * x; }\n"
          "kernel void k(global int *o) { o[0] = th(o[1]); }\n")
    write("both.cl", "inline int th(int x) { return 3 * x; }\n"
          "extern inline int tw(int x) { return 2 * x; }\n"
          "kernel void k(global int *o) { o[0] = tw(o[1]) + th(o[2]); }\n")
    for f in ("ei.cl", "pi.cl", "both.cl"):
        r = run([f, "-O2", "-o", "x.c"])
        expect(r.returncode == 0, "%s -O2: %s" % (f, r.stderr))
    for f in ("ei.cl", "pi.cl"):
        r = run([f, "-O0", "-o", "x.c"])
        expect(r.returncode == 0, "%s -O0: %s" % (f, r.stderr))
    r = run(["both.cl", "-O0", "-o", "x.c"])
    expect(r.returncode == 1 and "function 'tw'" in r.stderr and "static inline" in r.stderr,
           "both -O0: " + r.stderr)


def case_debug_info_spirv():
    # a module of clang -g + llvm-spirv-15 (OpenCL.DebugInfo.100, which
    # SPIRV-Tools' validator refuses, and OpLine) is accepted as SPIR-V input;
    # messages about SPIR-V input keep the word form
    write("dbg.cl", "int f(int x, int y) { return x / y + x % y; }\n"
          "kernel void k(global int *o) { o[get_global_id(0)] = f(o[0], o[1] | 1); }\n"
          "kernel void p(global int *o) { o[0] = printf(\"%*d\", o[1], 2); }\n")
    env = {k: v for k, v in os.environ.items() if k != "MALLOC_PERTURB_"}
    for cmd in (["clang-15", "-cl-std=CL2.0", "-target", "spir64", "-O0", "-g", "-emit-llvm",
                 "-c", "dbg.cl", "-o", "dbg.bc", "-Xclang", "-finclude-default-header"],
                ["llvm-spirv-15", "dbg.bc", "-o", "dbg.spv"]):
        r = subprocess.run(cmd, cwd=A.workdir, capture_output=True, text=True, env=env)
        expect(r.returncode == 0, " ".join(cmd) + ": " + r.stderr)
    if shutil.which("spirv-val"):
        r = subprocess.run(["spirv-val", "dbg.spv"], cwd=A.workdir, capture_output=True)
        expect(r.returncode != 0, "spirv-val now takes llvm-spirv-15's debug info: "
               "the stripping may no longer be needed")
    r = run(["dbg.spv", "--entry", "k", "-o", "dbg.c"])
    expect(r.returncode == 0, "SPIR-V with debug info: " + r.stderr)
    r = run(["dbg.spv", "-o", "dbg.c"])
    expect(r.returncode == 1 and re.search(r"^dbg\.spv: word \d+: error: unsupported: printf",
                                           r.stderr, re.M), "SPIR-V input's messages: " + r.stderr)


def case_source_line():
    # spv2c's own message names the OpenCL C line (the module carries OpLine)
    write("pf.cl", "kernel void k(global int *o)\n{\n    o[0] = printf(\"%*d\", 2, 1);\n}\n")
    r = run(["pf.cl", "-o", "pf.c"])
    expect(r.returncode == 1, "a printf format OpenCL C does not allow exits 1")
    expect(re.search(r"^pf\.cl:3:\d+: error: unsupported: printf", r.stderr, re.M),
           "the source line: " + r.stderr)


def case_type_lines():
    # a type, a parameter and a kernel have no OpLine of their own: an
    # unsupported type names the line of its first use, else the kernel's line
    # (issue 40, point 3), at -O0 and -O2
    write("rw.cl", "kernel void k(read_write image2d_t img,\n"
                   "              global float *o)\n{\n"
                   "    o[0] = 1.0f;\n"
                   "    o[1] = read_imagef(img, (int2)(0, 0)).x;\n}\n")
    write("pipe.cl", "kernel void k(read_only pipe int p, global int *o)\n{\n"
                     "    int v = 0;\n\n    read_pipe(p, &v);\n    o[0] = v;\n}\n")
    write("unused.cl", "float twice(float x) { return x * 2.0f; }\n\n"
                       "kernel void k(read_write image2d_t img,\n"
                       "              global float *o)\n{\n"
                       "    o[0] = twice(1.0f);\n}\n")
    want = [("rw.cl", r"rw\.cl:5:\d+: error: unsupported: read_write images"),
            ("pipe.cl", r"pipe\.cl:5:\d+: error: unsupported: type TypePipe"),
            ("unused.cl", r"unused\.cl:3: error: unsupported: read_write images")]
    for f, pat in want:
        for opt in ("-O0", "-O2"):
            r = run([f, "-cl-std=CL2.0", opt, "-o", "t.c"])
            expect(r.returncode == 1 and re.search("^" + pat, r.stderr, re.M)
                   and "word" not in r.stderr.splitlines()[0],
                   "%s %s: the source line: %s" % (f, opt, r.stderr))


def case_tools():
    r = run(["ok.cl", "-o", "ok.c", "--clang", "/nonexistent/clang"])
    expect(r.returncode == 1 and "cannot run /nonexistent/clang" in r.stderr,
           "--clang names the compiler: " + r.stderr)
    r = run(["ok.cl", "-o", "ok.c"], env={"SPV2C_LLVM_SPIRV": "/nonexistent/llvm-spirv"})
    expect(r.returncode == 1 and "cannot run /nonexistent/llvm-spirv" in r.stderr,
           "SPV2C_LLVM_SPIRV names the translator: " + r.stderr)
    r = run(["ok.cl", "-o", "ok.c", "--llvm-spirv", "llvm-spirv-15"],
            env={"SPV2C_LLVM_SPIRV": "/nonexistent/llvm-spirv"})
    expect(r.returncode == 0, "--llvm-spirv wins over the variable: " + r.stderr)
    shutil.copy(os.path.join(A.workdir, "ok.cl"), os.path.join(A.workdir, "ok.txt"))
    r = run(["-x", "cl", "ok.txt", "-o", "ok2.c"])
    expect(r.returncode == 0, "-x cl: " + r.stderr)


def case_target_defaults():
    # options added keep the other defaults (spir64), unlike cl2spv did
    r = run(["ok.cl", "-O0", "--emit-spirv", "-o", "ok64.spv"])
    expect(r.returncode == 0 and addressing("ok64.spv") == 2, "-O0 alone keeps spir64")
    r = run(["ok.cl", "-target", "spir", "--emit-spirv", "-o", "ok32.spv"])
    expect(r.returncode == 0 and addressing("ok32.spv") == 1, "-target spir is 32-bit")
    r = run(["ok.cl", "-target", "x86_64", "-o", "x.c"])
    expect(r.returncode == 2 and "spir or spir64" in r.stderr, "other targets: usage error")


def case_temporaries():
    tmp = os.path.join(A.workdir, "tmp")
    os.makedirs(tmp, exist_ok=True)
    run(["ok.cl", "-o", "ok.c"], env={"TMPDIR": tmp})
    run(["bad.cl", "-o", "bad.c"], env={"TMPDIR": tmp})
    expect(os.listdir(tmp) == [], "temporary files left: %s" % os.listdir(tmp))


def deps(path):
    """a make rule's targets and prerequisites, and the phony rules"""
    with open(os.path.join(A.workdir, path)) as f:
        text = f.read().replace("\\\n", " ")
    rules = [l for l in text.split("\n") if l.strip()]
    first = rules[0]
    target, pre = first.split(": ", 1) if ": " in first else (first.rstrip(":"), "")
    return target.split(), pre.split(), [r.rstrip(":").strip() for r in rules[1:]]


def case_depfile():
    write("dep/inc/a.h", "#define A 3\n#include \"b.h\"\n")
    write("dep/inc/b.h", "#define B 4\n")
    write("dep/k.cl", "#include \"a.h\"\nkernel void k(global int *o) { o[0] = A + B + C; }\n")
    r = run(["dep/k.cl", "-Idep/inc", "-DC=5", "-MD", "-o", "dep/k.c"])
    expect(r.returncode == 0, "depfile compile: " + r.stderr)
    t, p, phony = deps("dep/k.d")
    # -MD lists system headers too (clang's opencl-c-base.h), as gcc's does
    expect(any(x.endswith("opencl-c-base.h") for x in p), "-MD system headers: %s" % p)
    r = run(["dep/k.cl", "-Idep/inc", "-DC=5", "-MMD", "-o", "dep/k.c"])
    t, p, phony = deps("dep/k.d")
    expect(t == ["dep/k.c"] and p == ["dep/k.cl", "dep/inc/a.h", "dep/inc/b.h"] and not phony,
           "-MMD: %s %s %s" % (t, p, phony))
    r = run(["dep/k.cl", "-Idep/inc", "-DC=5", "-MMD", "-MF", "dep/x.dep", "-MT", "gen/k.c",
             "-MT", "other", "-MP", "-o", "dep/k.c"])
    t, p, phony = deps("dep/x.dep")
    expect(t == ["gen/k.c", "other"] and p == ["dep/k.cl", "dep/inc/a.h", "dep/inc/b.h"] and
           phony == ["dep/inc/a.h", "dep/inc/b.h"], "-MF -MT -MP: %s %s %s" % (t, p, phony))
    # --templates: the template files read are prerequisites too
    tdir = os.path.join(A.workdir, "dep", "tpl")
    os.makedirs(tdir, exist_ok=True)
    shutil.copy(os.path.join(HERE, "..", "..", "templates", "arith.lua"), tdir)
    r = run(["dep/k.cl", "-Idep/inc", "-DC=5", "-MMD", "--templates", "dep/tpl", "-o", "dep/k.c"])
    t, p, phony = deps("dep/k.d")
    expect(r.returncode == 0 and p == ["dep/k.cl", "dep/inc/a.h", "dep/inc/b.h",
                                       "dep/tpl/arith.lua"], "--templates: %s" % p)
    # SPIR-V input: the input alone; a space in a name is escaped
    r = run(["dep/k.cl", "--emit-spirv", "-o", "dep/my k.spv", "-Idep/inc", "-DC=1"])
    r = run(["dep/my k.spv", "-MD", "-MF", "dep/s.d", "-o", "dep/s.c"])
    with open(os.path.join(A.workdir, "dep/s.d")) as f:
        text = f.read()
    expect(r.returncode == 0 and text == "dep/s.c: \\\n  dep/my\\ k.spv\n", "spv: " + text)
    # a failed translation leaves no depfile behind
    os.remove(os.path.join(A.workdir, "dep/k.d"))
    r = run(["dep/k.cl", "-MD", "-o", "dep/k.c"])   # C is undefined
    expect(r.returncode == 1 and not os.path.exists(os.path.join(A.workdir, "dep/k.d")),
           "no depfile after an error")


def case_printf_hook():
    # printf's output hook (runtime/printf.h): replaced with -DSPV2C_PRINTF_WRITE,
    # the object needs no stdio; freestanding it needs only memcpy, memset,
    # memmove and the hook; the default hook writes to stdout
    write("pfh.cl", "kernel void k(global int *o)\n{\n    int i = get_global_id(0);\n"
          "    o[i] = printf(\"%d:%5.3x|%s|%c\\n\", i, i * 77, \"str\", 'a' + i);\n"
          "    if (i == 7) printf(\"%g %.3e %v2hlf\\n\", 0.1f * i, 1.0 / i, (float2)(i, -i));\n}\n")
    r = run(["pfh.cl", "-o", "pfh.c"])
    expect(r.returncode == 0, "printf kernel: " + r.stderr)
    cc = shutil.which("cc")
    if not cc or not shutil.which("nm"):
        print("note: printf_hook: no cc/nm, the link checks skipped")
        return
    # hosted: also libgcc's CPU check of the run-time AVX2 dispatch
    # (__cpu_model, __cpu_indicator_init) and the linker's GOT symbol (PIC)
    for flags, allowed in ((["-DSPV2C_PRINTF_WRITE=my_write"],
                            {"memcpy", "memset", "memmove", "my_write", "strcmp", "strlen",
                             "__cpu_model", "__cpu_indicator_init", "_GLOBAL_OFFSET_TABLE_"}),
                           (["-ffreestanding", "-DSPV2C_FREESTANDING",
                             "-DSPV2C_PRINTF_WRITE=my_write"],
                            {"memcpy", "memset", "memmove", "my_write"})):
        c = subprocess.run([cc, "-std=c99", "-Wall", "-Wextra", "-pedantic", "-Werror", "-O2", "-c",
                            "pfh.c", "-o", "pfh.o"] + flags, cwd=A.workdir, capture_output=True,
                           text=True)
        expect(c.returncode == 0, "cc %s: %s" % (" ".join(flags), c.stderr))
        nm = subprocess.run(["nm", "-u", "pfh.o"], cwd=A.workdir, capture_output=True, text=True)
        und = {ln.split()[-1] for ln in nm.stdout.splitlines() if ln.strip()}
        expect("my_write" in und and und <= allowed,
               "with %s the object needs %s (allowed: %s)" % (" ".join(flags), sorted(und),
                                                             sorted(allowed)))
    arm = shutil.which("arm-none-eabi-gcc")
    if arm and shutil.which("arm-none-eabi-nm"):
        # a soft-float Cortex-M3: the 64-bit divisions come from libgcc
        cpu = ["-mcpu=cortex-m3", "-mthumb", "-mfloat-abi=soft"]
        lib = subprocess.run([arm] + cpu + ["-print-libgcc-file-name"], capture_output=True,
                             text=True).stdout.strip()
        nm = subprocess.run(["arm-none-eabi-nm", "--defined-only", "-g", lib],
                            capture_output=True, text=True).stdout
        libgcc = {ln.split()[-1] for ln in nm.splitlines() if len(ln.split()) == 3}
        c = subprocess.run([arm] + cpu + ["-std=c99", "-Wall", "-Wextra", "-pedantic", "-Werror",
                                          "-Os", "-ffreestanding", "-DSPV2C_FREESTANDING",
                                          "-DSPV2C_PRINTF_WRITE=my_write", "-c", "pfh.c", "-o",
                                          "pfh-m3.o"], cwd=A.workdir, capture_output=True, text=True)
        expect(c.returncode == 0, "arm-none-eabi-gcc: " + c.stderr)
        nm = subprocess.run(["arm-none-eabi-nm", "-u", "pfh-m3.o"], cwd=A.workdir,
                            capture_output=True, text=True)
        und = {ln.split()[-1] for ln in nm.stdout.splitlines() if ln.strip()}
        other = und - {"memcpy", "memset", "memmove", "my_write"} - libgcc
        expect("my_write" in und and not other, "Cortex-M3 object needs %s" % sorted(other))
    c = subprocess.run([cc, "-std=c99", "-O2", "-ffreestanding", "-DSPV2C_FREESTANDING", "-c",
                        "pfh.c", "-o", "pfh.o"], cwd=A.workdir, capture_output=True, text=True)
    expect(c.returncode != 0 and "SPV2C_PRINTF_WRITE" in c.stderr,
           "freestanding without a hook: a clear #error: " + c.stderr)
    r = run(["pfh.cl", "--main", "-o", "pfhm.c"])
    c = subprocess.run([cc, "-std=c99", "-O2", "pfhm.c", "-o", "pfhm", "-lm"], cwd=A.workdir,
                       capture_output=True, text=True)
    expect(r.returncode == 0 and c.returncode == 0, "--main build: " + r.stderr + c.stderr)
    p = subprocess.run(["./pfhm", "k", "--global", "3", "out:12:o.bin"], cwd=A.workdir,
                       capture_output=True)
    expect(p.stdout == b"0:  000|str|a\n1:  04d|str|b\n2:  09a|str|c\n",
           "the default hook writes to stdout: %r" % p.stdout)


def case_link():
    # several inputs into one output: each .cl compiled, SPIR-V binaries as
    # they are, linked (spirv-link) into one module: one C file, one
    # spv2c_launch for every kernel; the depfile lists every input and header
    if not shutil.which("spirv-link"):
        print("note: link: no spirv-link, skipped")
        return
    write("lk/common.h", "#define SCALE 3\n")
    write("lk/one.cl", "#include \"common.h\"\nstatic int f(int x) { return x * SCALE; }\n"
          "kernel void one(global int *o) { o[get_global_id(0)] = f(get_global_id(0)); }\n")
    write("lk/two.cl", "static int f(int x) { return x + 100; }\n"
          "kernel void two(global int *o) { o[get_global_id(0)] = f(get_global_id(0)); }\n")
    write("lk/three.cl", "kernel void three(global int *o) { o[get_global_id(0)] = -1; }\n")
    r = run(["lk/three.cl", "--emit-spirv", "-o", "lk/three.spv"])
    expect(r.returncode == 0, "three.spv: " + r.stderr)
    r = run(["lk/one.cl", "lk/two.cl", "lk/three.spv", "--main", "-o", "lk/all.c", "-MD"])
    expect(r.returncode == 0, "linking three inputs: " + r.stderr)
    pre = deps("lk/all.d")[1]
    expect(pre[0] == "lk/one.cl" and "lk/common.h" in pre and "lk/two.cl" in pre and
           "lk/three.spv" in pre, "the depfile names every input: %s" % pre)
    c = subprocess.run(["cc", "-std=c99", "-Wall", "-Wextra", "-pedantic", "-Werror", "-O2",
                        "lk/all.c", "-o", "lk/all", "-lm"], cwd=A.workdir, capture_output=True,
                       text=True)
    expect(c.returncode == 0, "cc all.c: " + c.stderr)
    for k, want in (("one", [0, 3, 6, 9]), ("two", [100, 101, 102, 103]), ("three", [-1] * 4)):
        p = subprocess.run(["./lk/all", k, "--global", "4", "out:16:lk/%s.bin" % k],
                           cwd=A.workdir, capture_output=True, text=True)
        with open(os.path.join(A.workdir, "lk/%s.bin" % k), "rb") as f:
            got = list(struct.unpack("<4i", f.read()))
        expect(p.returncode == 0 and got == want, "kernel %s: %s, want %s %s" % (k, got, want,
                                                                             p.stderr))
    # a function one input calls and another defines (clLinkProgram's case):
    # compiled apart, resolved by the link; alone, the call has no body
    write("lk/use.cl", "int helper(int x);\n"
          "kernel void use(global int *o) { o[get_global_id(0)] = helper(get_global_id(0)); }\n")
    write("lk/def.cl", "int helper(int x) { return x * x + 1; }\n")
    r = run(["lk/use.cl", "lk/def.cl", "--main", "-o", "lk/use.c"])
    expect(r.returncode == 0, "a call across inputs: " + r.stderr)
    c = subprocess.run(["cc", "-std=c99", "-O2", "lk/use.c", "-o", "lk/use", "-lm"],
                       cwd=A.workdir, capture_output=True, text=True)
    p = subprocess.run(["./lk/use", "use", "--global", "4", "out:16:lk/use.bin"],
                       cwd=A.workdir, capture_output=True, text=True)
    with open(os.path.join(A.workdir, "lk/use.bin"), "rb") as f:
        got = list(struct.unpack("<4i", f.read()))
    expect(c.returncode == 0 and p.returncode == 0 and got == [1, 2, 5, 10],
           "a call across inputs runs: %s %s" % (got, c.stderr + p.stderr))
    r = run(["lk/use.cl", "-o", "lk/alone.c"])
    expect(r.returncode == 1 and "'helper' is called but has no definition" in r.stderr,
           "the call alone: " + r.stderr)
    r = run(["lk/use.cl", "--emit-spirv", "-o", "lk/use.spv"])
    expect(r.returncode == 0, "--emit-spirv leaves the call to a link: " + r.stderr)
    r = run(["lk/use.spv", "-o", "lk/alone.c"])
    expect(r.returncode == 1 and "imported" in r.stderr and "helper" in r.stderr,
           "the module alone names the import: " + r.stderr)
    # the same kernel in two inputs: the linker's message, exit 1, no output
    write("lk/one_again.cl", "kernel void one(global int *o) { o[0] = 1; }\n")
    r = run(["lk/one.cl", "lk/one_again.cl", "-o", "lk/dup.c"])
    expect(r.returncode == 1 and "could not link" in r.stderr and
           not os.path.exists(os.path.join(A.workdir, "lk/dup.c")),
           "a kernel defined twice: " + r.stderr)
    write("lk/x.spvasm", "; nothing\n")
    r = run(["lk/one.cl", "lk/x.spvasm", "-o", "lk/asm.c"])
    expect(r.returncode == 1 and "assemble it first" in r.stderr, "spvasm among inputs: " + r.stderr)


def case_odd_int_width():
    # clang -O2 narrows a switch on x & 7 to a 3-bit integer, which
    # llvm-spirv-15 cannot translate (gen seed 2483): the driver widens it
    # back (narrow_switch.cl checks the results against PoCL), and the
    # module has no 3-bit type left
    write("ow.cl", "kernel void k(global int *o, int x) {\n int r = o[1];\n"
          " for (int i = 0; i < (int)(clz(2147483648u) & 7u); i++) {\n"
          "  switch (x & 7) { case 0: r += 5; break; case 1: r = 0; break; default: r ^= 1; }\n"
          "  barrier(CLK_LOCAL_MEM_FENCE);\n }\n o[0] = r;\n}\n")
    r = run(["--emit-spirv", "ow.cl", "-O2", "-o", "ow.spv"])
    expect(r.returncode == 0, "a narrowed switch at -O2: " + r.stderr)
    d = subprocess.run(["spirv-dis", os.path.join(A.workdir, "ow.spv")], capture_output=True,
                       text=True)
    expect("OpSwitch" in d.stdout and "OpTypeInt 3 " not in d.stdout,
           "the switch kept, on a 32-bit value: " + d.stdout[-500:])


def case_odd_width_refused():
    # an odd width src/cl/widen.c does not widen (a _BitInt(4) parameter of a
    # function clang -O0 keeps) is refused naming the width; _BitInt(4)
    # arithmetic alone (trunc, mul, sext) is widened
    write("bi.cl", "int f(_BitInt(4) x) { return (int)x + 1; }\n"
          "kernel void k(global int *o) { o[2] = f((_BitInt(4))o[0]); }\n")
    r = run(["bi.cl", "-O0", "-o", "bi.c"])
    expect(r.returncode == 1 and "a 4-bit integer" in r.stderr and "does not widen" in r.stderr,
           "an i4 parameter refused: %d %s" % (r.returncode, r.stderr))
    write("bw.cl", "kernel void k(global int *o) {\n _BitInt(4) x = (_BitInt(4))o[0];\n"
          " o[1] = (int)(x * (_BitInt(4))3);\n}\n")
    r = run(["bw.cl", "-O2", "-o", "bw.c"])
    expect(r.returncode == 0, "i4 arithmetic widened: " + r.stderr)


def case_gcc_warnings():
    # -w and -Werror reach clang and rule spv2c's own warning (the __local arena)
    write("warn.cl", "kernel void w(global int *o) { o[0] == 1; o[1] = 2; }\n")
    write("big.cl", "kernel void big(global int *o) { local int t[20000];\n"
          " t[get_local_id(0)] = o[0]; barrier(CLK_LOCAL_MEM_FENCE); o[1] = t[3]; }\n")
    for f, what in (("warn.cl", "-Wunused-comparison"), ("big.cl", "SPV2C_LOCAL_MEM_SIZE")):
        c = f.replace(".cl", ".c")
        r = run([f, "-o", c])
        expect(r.returncode == 0 and "warning:" in r.stderr and what in r.stderr,
               "%s warns: %s" % (f, r.stderr))
        r = run([f, "-w", "-o", c])
        expect(r.returncode == 0 and "warning" not in r.stderr, "%s -w: %s" % (f, r.stderr))
        os.remove(os.path.join(A.workdir, c))
        r = run([f, "-Werror", "-o", c])
        expect(r.returncode == 1 and "error:" in r.stderr and what in r.stderr,
               "%s -Werror: %d %s" % (f, r.returncode, r.stderr))
        expect(not os.path.exists(os.path.join(A.workdir, c)), "-Werror: no output")


def case_clang_options():
    # -include, -Xclang and -cl-ext= reach clang in a form it uses
    write("two.h", "#define TWO 2\n")
    write("inc.cl", "kernel void k(global int *o) { o[0] = TWO; }\n")
    r = run(["inc.cl", "-o", "inc.c"])
    expect(r.returncode == 1 and "TWO" in r.stderr, "inc.cl needs its -include")
    r = run(["inc.cl", "-include", "two.h", "-o", "inc.c"])
    expect(r.returncode == 0, "-include two.h: " + r.stderr)
    write("fp16.cl", "#ifndef cl_khr_fp16\n#error no cl_khr_fp16\n#endif\n"
          "#pragma OPENCL EXTENSION cl_khr_fp16 : enable\n"
          "kernel void h(global half *o) { half x = o[0]; o[1] = x * x; }\n")
    r = run(["fp16.cl", "-o", "h.c"])
    expect(r.returncode == 0, "fp16.cl: " + r.stderr)
    for args in (["-cl-ext=-cl_khr_fp16"], ["-Xclang", "-cl-ext=-cl_khr_fp16"]):
        r = run(["fp16.cl", "-o", "h.c"] + args)
        expect(r.returncode == 1 and "no cl_khr_fp16" in r.stderr, "%s: %s" % (args, r.stderr))
        expect("unused" not in r.stderr, "%s unused by clang: %s" % (args, r.stderr))
    r = run(["fp16.cl", "-o", "h.c", "-cl-ext=-cl_khr_fp16", "-cl-ext=+cl_khr_fp16"])
    expect(r.returncode == 0, "-cl-ext=+cl_khr_fp16 after -: " + r.stderr)


def case_gcc_value_forms():
    # --target=, --clang=, -g (the #line directives back after --no-line)
    for args in (["--target=spir"], ["--target", "spir"], ["-target", "spir"]):
        out = "t%d.spv" % len(args)
        r = run(["ok.cl", "--emit-spirv", "-o", out, "--clang=clang-15"] + args)
        expect(r.returncode == 0 and addressing(out) == 1, "%s: %s" % (args, r.stderr))
    r = run(["ok.cl", "--no-line", "-o", "nl.c"])
    expect(r.returncode == 0 and "#line" not in open(os.path.join(A.workdir, "nl.c")).read(),
           "--no-line: " + r.stderr)
    r = run(["ok.cl", "--no-line", "-g", "-o", "g.c"])
    text = open(os.path.join(A.workdir, "g.c")).read()
    expect(r.returncode == 0 and re.search(r'^#line 1 ".*ok\.cl"', text, re.M), "-g: " + r.stderr)


def case_json_diagnostics():
    # -fdiagnostics-format=json: every line of stderr one record, clang's too
    write("pf.cl", "kernel void k(global int *o)\n{\n    o[0] = printf(\"%*d\", 2, 1);\n}\n")
    want = {"pf.cl": ("error", 3, "unsupported: printf"),
            "bad.cl": ("error", 1, "use of undeclared identifier 'undeclared'"),
            "warn.cl": ("warning", 1, "equality comparison result unused")}
    write("warn.cl", "kernel void w(global int *o) { o[0] == 1; o[1] = 2; }\n")
    for f, (sev, line, msg) in sorted(want.items()):
        r = run(["-fdiagnostics-format=json", f, "-o", "j.c"])
        recs = [json.loads(ln) for ln in r.stderr.splitlines()]
        expect(recs, f + ": no records")
        d = recs[0]
        expect(set(d) == {"file", "line", "column", "word", "severity", "message"},
               "%s: members %s" % (f, sorted(d)))
        expect(d["file"] == f and d["line"] == line and d["column"] > 0 and d["severity"] == sev
               and d["message"].startswith(msg), "%s: %s" % (f, d))
        expect((d["word"] > 0) == (f == "pf.cl"), "%s: word %s" % (f, d["word"]))


def checkout(root, body="2"):
    """a kernel, its header and a __FILE__ in a folder of its own (absolute)"""
    os.makedirs(os.path.join(root, "kernels"), exist_ok=True)
    with open(os.path.join(root, "kernels", "h.h"), "w") as f:
        f.write("static inline int twice(int x) { return x * %s; }\n" % body)
    with open(os.path.join(root, "kernels", "k.cl"), "w") as f:
        f.write('#include "h.h"\nkernel void k(global const int *in, global int *out)\n{\n'
                '    int i = get_global_id(0);\n    if (i == 0)\n'
                '        printf("%s\\n", __FILE__);\n    out[i] = twice(in[i]);\n}\n')
    return os.path.join(root, "kernels", "k.cl")


def transpile(root, opts):
    k = checkout(root)
    out = os.path.join(root, "out")
    r = run([k, "--checked", "-o", out + ".c", "--header", out + ".h"] + opts)
    expect(r.returncode == 0, "%s %s: %s" % (k, opts, r.stderr))
    with open(out + ".c", "rb") as f, open(out + ".h", "rb") as g:
        return f.read(), g.read()


def case_prefix_map():
    # gcc's -ffile-prefix-map: two checkouts at different absolute paths give
    # the same bytes; the paths of #line, --checked reports and __FILE__
    roots = [os.path.join(A.workdir, "one"), os.path.join(A.workdir, "checkout", "two")]
    plain = [transpile(r, []) for r in roots]
    expect(plain[0][0] != plain[1][0], "without a map the C names each checkout")
    expect(b'#line 7 "%s/kernels/k.cl"' % roots[0].encode() in plain[0][0] and
           b'#line 1 "%s/kernels/h.h"' % roots[0].encode() in plain[0][0],
           "without a map #line names the file as clang read it")
    mapped = [transpile(r, ["-ffile-prefix-map=/nowhere=/x", "-ffile-prefix-map=%s=/wrong" % r,
                            "-ffile-prefix-map=%s=/src" % r]) for r in roots]
    expect(mapped[0] == mapped[1], "-ffile-prefix-map: the same C and header in both checkouts")
    c = mapped[0][0]
    expect(A.workdir.encode() not in c and b"/wrong" not in c,
           "no path of the checkout, the last matching map wins")
    expect(b'#line 7 "/src/kernels/k.cl"' in c and b'#line 1 "/src/kernels/h.h"' in c and
           b'"/src/out.c"' in c, "#line of the kernel, its header, the output: " +
           "\n".join(l for l in c.decode().split("\n") if l.startswith("#line"))[:500])
    expect(b'"/src/kernels/k.cl:7: word ' in c, "--checked reports name the mapped file")
    expect(",".join(str(b) for b in b"/src/kernels/k.cl").encode() in c,
           "__FILE__ is mapped (-fmacro-prefix-map passed to clang)")
    debug = [transpile(r, ["-fdebug-prefix-map=%s=/src" % r]) for r in roots]
    expect(debug[0][0] != debug[1][0] and b'#line 7 "/src/kernels/k.cl"' in debug[0][0],
           "-fdebug-prefix-map maps #line, not __FILE__ (as gcc's)")
    both = [transpile(r, ["-fdebug-prefix-map=%s=/src" % r, "-fmacro-prefix-map=%s=/src" % r])
            for r in roots]
    expect(both[0] == both[1], "-fdebug-prefix-map with -fmacro-prefix-map: the same bytes")
    bad = os.path.join(roots[0], "kernels", "bad.cl")
    with open(bad, "w") as f:
        f.write("kernel void k(global int *o)\n{\n    o[0] = printf(\"%*d\", 2, 1);\n}\n")
    r = run([bad, "-o", "bad.c", "-ffile-prefix-map=%s=/src" % roots[0]])
    expect(r.returncode == 1 and r.stderr.startswith(bad + ":3:"),
           "messages name the files as they are, as gcc's: " + r.stderr)
    r = run(["ok.cl", "-o", "ok.c", "-ffile-prefix-map=nothing"])
    expect(r.returncode == 2 and "-ffile-prefix-map=nothing" in r.stderr and "OLD=NEW" in r.stderr,
           "a map without = is a usage error: " + r.stderr)


def mtimes(*paths):
    return [os.stat(p).st_mtime_ns for p in paths]


def fake_tool(name, version_line, real=None):
    """a shell script printing version_line for --version; any other call
    is logged and runs real (or fails)"""
    path = os.path.join(A.workdir, "bin", name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write('#!/bin/sh\necho "$@" >> "$0.log"\n'
                'if [ "$1" = --version ]; then printf "%%s\\n" "%s"; exit 0; fi\n%s\n'
                % (version_line, 'exec %s "$@"' % real if real else "exit 99"))
    os.chmod(path, 0o755)
    return path


def tool_log(path):
    if not os.path.exists(path + ".log"):
        return []
    with open(path + ".log") as f:
        return f.read().splitlines()


def case_tool_versions():
    # the pair is checked by --version before use; one line says what works
    c19 = fake_tool("clang-19", "Debian clang version 19.1.7\nTarget: x86_64-pc-linux-gnu")
    r = run(["ok.cl", "-o", "v.c", "--clang", c19])
    expect(r.returncode == 1 and r.stderr ==
           "spv2c: error: %s (LLVM 19) with llvm-spirv-15 (LLVM 15): spv2c needs clang and "
           "llvm-spirv of the same LLVM version, %s (select them with --clang and "
           "--llvm-spirv)\n" % (c19, "15 or 14"), "clang-19 with llvm-spirv-15: " + r.stderr)
    expect(tool_log(c19) == ["--version"], "clang-19 only asked its version: %s" % tool_log(c19))
    s13 = fake_tool("llvm-spirv-13", "LLVM (http://llvm.org/):\n  LLVM version 13.0.1")
    r = run(["ok.cl", "-o", "v.c", "--llvm-spirv", s13])
    expect(r.returncode == 1 and "clang-15 (LLVM 15) with %s (LLVM 13)" % s13 in r.stderr,
           "llvm-spirv-13: " + r.stderr)
    c16, s16 = (fake_tool("clang-16", "clang version 16.0.0"),
                fake_tool("llvm-spirv-16", "LLVM version 16.0.0"))
    r = run(["ok.cl", "-o", "v.c", "--clang", c16, "--llvm-spirv", s16])
    expect(r.returncode == 1 and "(LLVM 16) with %s (LLVM 16): spv2c needs" % s16 in r.stderr,
           "a matching pair of an unknown version: " + r.stderr)
    odd = fake_tool("cc-wrapper", "some compiler 2.0")
    r = run(["ok.cl", "-o", "v.c", "--clang", odd])
    expect(r.returncode == 1 and "(no LLVM version in its --version)" in r.stderr,
           "no version: " + r.stderr)
    # the real pair behind logging wrappers: asked once for two inputs
    c15 = fake_tool("clang-15w", "Debian clang version 15.0.6", "clang-15")
    write("ok2.cl", "kernel void k2(global int *o) { o[0] = 2; }\n")
    r = run(["ok.cl", "ok2.cl", "-o", "v.c", "--clang", c15])
    expect(r.returncode == 0 and tool_log(c15).count("--version") == 1 and len(tool_log(c15)) > 2,
           "checked once, then used: %s %s" % (r.stderr, tool_log(c15)))
    if shutil.which("clang-14") and shutil.which("llvm-spirv-14"):
        r = run(["ok.cl", "-o", "v14.c", "--clang", "clang-14", "--llvm-spirv", "llvm-spirv-14"])
        expect(r.returncode == 0, "clang-14 with llvm-spirv-14 work: " + r.stderr)


def case_unchanged_outputs():
    # an output whose bytes would not change is not written again: a build
    # that depends on the header does not cascade
    root = os.path.join(A.workdir, "incr")
    k = checkout(root)
    c, h = os.path.join(root, "k.c"), os.path.join(root, "k.h")
    cmd = [k, "-o", c, "--header", h]
    expect(run(cmd).returncode == 0, "first run")
    old = 1_000_000_000 * 10**9
    for p in (c, h):
        os.utime(p, ns=(old, old))
    r = run(cmd)
    expect(r.returncode == 0 and mtimes(c, h) == [old, old], "nothing changed: neither written")
    with open(c, "rb") as f, open(h, "rb") as g:
        code, header = f.read(), g.read()
    checkout(root, body="3")
    r = run(cmd)
    expect(r.returncode == 0 and mtimes(c, h)[0] != old and mtimes(c, h)[1] == old,
           "a new body, the same signature: the C written, the header not: %s" % mtimes(c, h))
    with open(c, "rb") as f, open(h, "rb") as g:
        expect(f.read() != code and g.read() == header, "the contents")
    expect(not [f for f in os.listdir(root) if f.endswith(".tmp")], "no temporary file left")
    os.chmod(c, 0o640)
    checkout(root, body="4")
    expect(run(cmd).returncode == 0 and os.stat(c).st_mode & 0o777 == 0o640,
           "a rewritten file keeps its mode")
    r = run([k, "-o", "-"])
    expect(r.returncode == 0 and r.stdout.startswith("/* Generated by spv2c"), "-o - still works")
    r = run([k, "-o", os.path.join(root, "no", "such", "k.c")])
    expect(r.returncode == 1 and "No such file or directory" in r.stderr, "why: " + r.stderr)


def case_version():
    r = run(["--version"])
    expect(r.returncode == 0 and re.match(r"spv2c \d+\.\d+\.\d+\nSPIRV-Tools v?\d", r.stdout),
           "--version: " + r.stdout)


def main():
    global A
    ap = argparse.ArgumentParser()
    ap.add_argument("--spv2c", required=True)
    ap.add_argument("--workdir", required=True)
    A = ap.parse_args()
    A.spv2c = os.path.abspath(A.spv2c)
    if os.path.exists(A.workdir):
        shutil.rmtree(A.workdir)
    os.makedirs(A.workdir)
    if not (shutil.which("clang-15") and shutil.which("llvm-spirv-15")):
        print("skip: clang-15/llvm-spirv-15 missing")
        return 77
    write("ok.cl", "kernel void k(global int *o) { o[get_global_id(0)] = 1; }\n")
    write("bad.cl", "kernel void k(global int *o) { o[0] = undeclared; }\n")
    for name, f in sorted(globals().items()):
        if name.startswith("case_") and callable(f):
            f()
            print("ok", name[5:])
    return 0


if __name__ == "__main__":
    sys.exit(main())

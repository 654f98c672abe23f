#!/usr/bin/env python3
"""Run one bad-input case of spv2c (tests/bad/README.md describes the format).

    check.py CASE... --spv2c PATH [--workdir DIR]   run spv2c on each case
    check.py CASE... --selfcheck [--workdir DIR]    check the cases themselves
                                                    against spirv-as/spirv-val

A case is a `.spvasm` file (passed to spv2c as it is) or a `.bin.txt` recipe
that this script turns into a `.spv` file. spv2c must exit with the stated
status (1 unless `exit:` says otherwise), not crash, print `error:` on a line
that starts with the input's name, match every `expect:` regex and every
`expect-count:`, and leave no output file behind (an empty one is tolerated).

Exit status: 0 all cases passed, 1 some failed, 77 (meson: skipped) when a
tool a case needs is missing.
"""

import argparse
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile

TIMEOUT = 20
SKIP = 77

# Opcode numbers the recipes may name (`inst OpIAdd`); numbers work too.
OPCODES = {
    "OpNop": 0, "OpUndef": 1, "OpSource": 3, "OpName": 5, "OpString": 7,
    "OpExtension": 10, "OpExtInstImport": 11, "OpExtInst": 12,
    "OpMemoryModel": 14, "OpEntryPoint": 15, "OpExecutionMode": 16,
    "OpCapability": 17, "OpTypeVoid": 19, "OpTypeBool": 20, "OpTypeInt": 21,
    "OpTypeFloat": 22, "OpTypeVector": 23, "OpTypePointer": 32,
    "OpTypeFunction": 33, "OpConstant": 43, "OpSpecConstant": 50,
    "OpSpecConstantOp": 52, "OpFunction": 54,
    "OpFunctionParameter": 55, "OpFunctionEnd": 56, "OpFunctionCall": 57,
    "OpVariable": 59, "OpLoad": 61, "OpStore": 62, "OpAccessChain": 65,
    "OpInBoundsPtrAccessChain": 70, "OpDecorate": 71,
    "OpCompositeExtract": 81, "OpIAdd": 128, "OpFAdd": 129, "OpLabel": 248,
    "OpBranch": 249, "OpReturn": 253,
}

DIRECTIVES = ("expect", "expect-count", "exit", "valid", "args", "stdin",
              "base", "note")


class CaseError(Exception):
    """The case file itself is wrong (not spv2c)."""


class Skip(Exception):
    """A tool the case needs is missing."""


def parse_case(path):
    """Return (directives dict of lists, recipe operation lines)."""
    text = open(path, encoding="utf-8", errors="replace").read()
    recipe = path.endswith(".bin.txt")
    d = {k: [] for k in DIRECTIVES}
    ops = []
    for n, line in enumerate(text.splitlines(), 1):
        s = line.strip()
        if recipe:
            if not s or s.startswith("#"):
                continue
        else:
            m = re.match(r";\s*([a-z-]+):\s?(.*)$", s)
            if not m or m.group(1) not in DIRECTIVES:
                continue
            s = m.group(1) + ": " + m.group(2)
        m = re.match(r"([a-z-]+):\s?(.*)$", s)
        if m and m.group(1) in DIRECTIVES:
            d[m.group(1)].append(m.group(2).rstrip("\r"))
        elif recipe:
            ops.append((n, s))
    if not d["expect"] and not d["expect-count"] and not exits(d) == [0]:
        raise CaseError("no `expect:` line")
    return d, ops


def exits(d):
    if not d["exit"]:
        return [1]
    return [int(x) for x in re.split(r"[,\s]+", d["exit"][-1].strip()) if x]


# ---------------------------------------------------------------- recipes

def assemble(src, spirv_as, env="spv1.0"):
    if not spirv_as:
        raise Skip("spirv-as not found (needed to assemble %s)" % src)
    fd, tmp = tempfile.mkstemp(suffix=".spv")
    os.close(fd)
    try:
        r = subprocess.run([spirv_as, "--target-env", env, src, "-o", tmp],
                           capture_output=True, text=True, timeout=TIMEOUT)
        if r.returncode != 0:
            raise CaseError("spirv-as %s failed:\n%s" % (src, r.stderr))
        return open(tmp, "rb").read()
    finally:
        os.unlink(tmp)


def num(s):
    return int(s, 0)


def words_of(data):
    if len(data) % 4:
        raise CaseError("operation needs whole words, have %d bytes" % len(data))
    return list(struct.unpack("<%dI" % (len(data) // 4), data))


def bytes_of(words):
    return struct.pack("<%dI" % len(words), *[w & 0xFFFFFFFF for w in words])


def find_inst(words, opname, nth):
    """Word index of the nth (1-based) instruction with this opcode."""
    op = OPCODES[opname] if opname in OPCODES else num(opname)
    i, seen = 5, 0
    while i < len(words):
        wc, code = words[i] >> 16, words[i] & 0xFFFF
        if code == op:
            seen += 1
            if seen == nth:
                return i
        if wc == 0:
            break
        i += wc
    raise CaseError("instruction %s #%d not found" % (opname, nth))


def resolve(words, ref):
    """A word index: `7`, or `OpIAdd+3` / `OpIAdd#2+3` (word 3 of the 2nd OpIAdd)."""
    m = re.match(r"(Op\w+|\d+)(?:#(\d+))?\+(\d+)$", ref)
    if m and (ref.startswith("Op") or "#" in ref):
        return find_inst(words, m.group(1), int(m.group(2) or 1)) + int(m.group(3))
    if ref.startswith("Op"):
        raise CaseError("bad word reference %r (want OpName+K)" % ref)
    return num(ref)


def apply_op(data, op, args):
    if op == "truncate-bytes":
        return data[:num(args[0])]
    if op == "truncate-words":
        return data[:4 * num(args[0])]
    if op == "raw-hex":
        return data + bytes.fromhex("".join(args))
    if op == "append-words":
        return data + bytes_of([num(a) for a in args])
    if op == "byteswap":
        w = words_of(data)
        return struct.pack(">%dI" % len(w), *w)
    w = words_of(data)
    if op == "set-word":
        i = resolve(w, args[0])
        if i >= len(w):
            raise CaseError("set-word %d past the end (%d words)" % (i, len(w)))
        w[i] = num(args[1])
    elif op == "set-opcode":            # keep the word count, change the opcode
        i = resolve(w, args[0])
        w[i] = (w[i] & 0xFFFF0000) | num(args[1])
    elif op == "set-wordcount":         # keep the opcode, change the word count
        i = resolve(w, args[0])
        w[i] = (num(args[1]) << 16) | (w[i] & 0xFFFF)
    elif op == "insert-words":
        i = resolve(w, args[0])
        w[i:i] = [num(a) for a in args[1:]]
    elif op == "delete-inst":
        i = resolve(w, args[0] + ("+0" if "+" not in args[0] else ""))
        del w[i:i + (w[i] >> 16)]
    elif op == "truncate-at":           # cut the module at a word reference
        del w[resolve(w, args[0]):]
    else:
        raise CaseError("unknown recipe operation %r" % op)
    return bytes_of(w)


def build_recipe(case, d, ops, spirv_as):
    here = os.path.dirname(os.path.abspath(case))
    data = b""
    if d["base"]:
        base = os.path.join(here, d["base"][-1].strip())
        if base.endswith(".spvasm"):
            data = assemble(base, spirv_as)
        else:
            data = open(base, "rb").read()
    for n, line in ops:
        parts = line.split()
        try:
            data = apply_op(data, parts[0], parts[1:])
        except (IndexError, ValueError, KeyError) as e:
            raise CaseError("%s:%d: bad operation %r (%s)" % (case, n, line, e))
    return data


# ---------------------------------------------------------------- running

def case_name(case):
    """A file name unique among cases: `x.spvasm` and `x.bin.txt` may coexist."""
    return os.path.basename(case).replace(".", "_")


def prepare_input(case, d, ops, workdir, spirv_as):
    """Return (path given to spv2c, bytes for stdin or None, name in messages)."""
    if not case.endswith(".bin.txt"):
        return case, None, case
    data = build_recipe(case, d, ops, spirv_as)
    if d["stdin"] and d["stdin"][-1].strip() in ("yes", "1", "true"):
        return "-", data, None
    path = os.path.join(workdir, case_name(case) + ".spv")
    with open(path, "wb") as f:
        f.write(data)
    return path, None, path


def run_case(case, spv2c, workdir, spirv_as):
    d, ops = parse_case(case)
    inp, stdin_data, shown = prepare_input(case, d, ops, workdir, spirv_as)
    out = os.path.join(workdir, case_name(case) + ".c")
    if os.path.exists(out):
        os.unlink(out)
    cmd = [spv2c] + " ".join(d["args"]).split() + [inp, "-o", out]
    try:
        r = subprocess.run(cmd, input=stdin_data if stdin_data is not None else b"",
                           capture_output=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return ["timed out after %d s: %s" % (TIMEOUT, " ".join(cmd))], ""
    err = r.stderr.decode("utf-8", "replace")
    fails = []
    want = exits(d)
    if r.returncode < 0:
        return ["killed by signal %d" % -r.returncode], err
    if r.returncode not in want:
        fails.append("exit status %d, want %s" % (r.returncode, " or ".join(map(str, want))))
    for crash in ("AddressSanitizer", "LeakSanitizer", "runtime error:",
                  "Segmentation fault", "Assertion", "assertion", "panic:",
                  "stack traceback", "Internal error", "internal error"):
        if crash in err:
            fails.append("stderr shows a crash/internal error (%r)" % crash)
    if r.returncode == 0:
        if r.returncode in want:
            if "error:" in err:
                fails.append("exit 0 but stderr has `error:`")
            if not os.path.exists(out) or os.path.getsize(out) == 0:
                fails.append("exit 0 but no output file")
        return fails, err
    if "error:" not in err:
        fails.append("stderr has no `error:`")
    if shown is not None:
        pat = r"^" + re.escape(shown) + r":.*error: "
    else:
        pat = r"^(-|<stdin>|stdin|\(stdin\)):.*error: "
    if not re.search(pat, err, re.M):
        fails.append("no line starting `%s:` with `error: `" % (shown or "<stdin>"))
    for rx in d["expect"]:
        if not re.search(rx, err, re.M | re.I):
            fails.append("stderr does not match /%s/" % rx)
    for ec in d["expect-count"]:
        n, _, rx = ec.partition(" ")
        got = len([l for l in err.splitlines() if re.search(rx, l, re.I)])
        if got != int(n):
            fails.append("%d stderr lines match /%s/, want %s" % (got, rx, n))
    if os.path.exists(out) and os.path.getsize(out) > 0:
        fails.append("output file %s left behind (%d bytes)" % (out, os.path.getsize(out)))
    return fails, err


# ---------------------------------------------------------------- selfcheck

def validate(data_or_path, env, spirv_as, spirv_val, is_text):
    """(ok, message) of spirv-as (text) + spirv-val under env."""
    if not spirv_val:
        raise Skip("spirv-val not found")
    fd, tmp = tempfile.mkstemp(suffix=".spv")
    os.close(fd)
    try:
        if is_text:
            if not spirv_as:
                raise Skip("spirv-as not found")
            aenv = env if env.startswith("spv") or env.startswith("opencl") else "spv1.0"
            r = subprocess.run([spirv_as, "--target-env", aenv, data_or_path, "-o", tmp],
                               capture_output=True, text=True)
            if r.returncode != 0:
                return False, "spirv-as: " + r.stderr.strip()
        else:
            open(tmp, "wb").write(data_or_path)
        r = subprocess.run([spirv_val, "--target-env", env, tmp],
                           capture_output=True, text=True)
        return r.returncode == 0, "spirv-val: " + (r.stderr.strip() or "ok")
    finally:
        os.unlink(tmp)


def selfcheck(case, workdir, spirv_as, spirv_val):
    d, ops = parse_case(case)
    fails = []
    for rx in d["expect"] + [e.partition(" ")[2] for e in d["expect-count"]]:
        try:
            re.compile(rx)
        except re.error as e:
            fails.append("bad regex /%s/: %s" % (rx, e))
    is_text = not case.endswith(".bin.txt")
    subject = case if is_text else build_recipe(case, d, ops, spirv_as)
    if not d["valid"]:
        return fails + ["no `valid:` line (no, or the env spirv-val accepts it in)"], ""
    claim = d["valid"][-1].split()[0]
    if claim == "no":
        msgs = []
        for env in ("spv1.6", "opencl2.2"):
            ok, msg = validate(subject, env, spirv_as, spirv_val, is_text)
            msgs.append("%s: %s" % (env, msg))
            if ok:
                fails.append("claims invalid, but %s accepts it" % env)
        return fails, "\n".join(msgs)
    ok, msg = validate(subject, claim, spirv_as, spirv_val, is_text)
    if not ok:
        fails.append("claims valid under %s, but: %s" % (claim, msg))
    return fails, msg


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("cases", nargs="+")
    ap.add_argument("--spv2c")
    ap.add_argument("--workdir")
    ap.add_argument("--spirv-as", default=shutil.which("spirv-as"))
    ap.add_argument("--spirv-val", default=shutil.which("spirv-val"))
    ap.add_argument("--selfcheck", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true", help="show stderr")
    a = ap.parse_args()
    if not a.spv2c and not a.selfcheck:
        ap.error("--spv2c or --selfcheck is required")
    workdir = a.workdir or tempfile.mkdtemp(prefix="spv2c-bad-")
    os.makedirs(workdir, exist_ok=True)
    status = 0
    for case in a.cases:
        try:
            if a.selfcheck:
                fails, err = selfcheck(case, workdir, a.spirv_as, a.spirv_val)
            else:
                fails, err = run_case(case, a.spv2c, workdir, a.spirv_as)
        except Skip as e:
            print("SKIP %s: %s" % (case, e))
            status = status or SKIP
            continue
        except CaseError as e:
            fails, err = ["bad case: %s" % e], ""
        if fails:
            status = 1
            print("FAIL %s" % case)
            for f in fails:
                print("  - " + f)
            print("  stderr/output:\n" + "".join("    | " + l + "\n" for l in err.splitlines()))
        else:
            print("ok   %s" % case)
            if a.verbose:
                print("".join("    | " + l + "\n" for l in err.splitlines()), end="")
    return status


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""layering.py SRC_DIR [--max-lines N]: the source files call one way.

Reads every src/*.c and src/cl/*.c (the OpenCL C front end, named cl/X.c
here), finds the functions each file defines with external
linkage and the calls each file makes to another file's functions, and
fails (exit 1) when
  - a file calls a file listed above it in LAYERS (or in its own layer),
    except the calls listed in KNOWN, or
  - a front-end file (cl/) calls a file outside the front end but diag.c
    (FRONT_END_USES): the front end is a program of its own, and the back
    end never calls it (the layers say so), or
  - the files' call graph has a circle (files not in LAYERS included), or
  - with --max-lines N: a function in src/ is longer than N lines, or
  - a writer (WRITERS: the files that run after analysis) could change the
    module: a pointer to a module type (Module, Id, Type, Func, Kernel,
    Inst) that is not const, or an assignment through `m->`. The module
    is read-only after analysis; what the writers decide is theirs (Emit).
LAYERS is the back end's order, from the top down (docs/architecture.md).
The parse is textual: comments and strings are removed, a definition is a
line starting at column 0 that names a function and opens its body.
"""
import os
import re
import sys

LAYERS = [
    ["main.c"],       # the command: a client of libspv2c
    ["lib.c"],        # libspv2c: the public API, the pipeline's order
    ["options.c"],    # the table of options: parsing, --help
    ["cl/driver.c"],  # the front end's entry: its options, processes, depfiles, linking
    ["cl/passes.c"],  # the table of LLVM-IR passes, in their order
    ["cl/switch.c", "cl/bitreverse.c", "cl/fence.c", "cl/convert.c", "cl/order.c",
     "cl/widen.c", "cl/freeze.c"],  # one pass a file: no pass calls another
    ["cl/lex.c"],     # the LLVM-IR reader every pass reads with
    ["module.c"],     # the module writer: file order, types, constants, globals
    ["api.c"],        # the kernel table and the public API
    ["kernel.c"],     # the work-item state, executors, launchers
    ["region.c"],     # barrier regions of work-item-loop kernels
    ["body.c"],       # the function-body writer
    ["affine.c", "hoist.c"],  # index arithmetic as body.c writes a loop body; --checked's chunks
    ["lower.c"],      # the Lua host: templates
    ["hoistplan.c"],  # --checked: which accesses a chunk checks at once
    ["liveness.c"],   # a barrier kernel's live, recomputed, kept and dead values
    ["uniform.c"],    # its uniform values: control flow, post-dominators, divergence
    ["analyse.c"],    # the module's analysis and the shared queries
    ["read.c"],
    ["diag.c"],       # diagnostics, allocation, Buf
]
IGNORE = {"embed.c"}
FRONT_END_USES = {"diag.c"}
WRITERS = ["module.c", "api.c", "kernel.c", "region.c", "body.c", "affine.c", "hoist.c",
           "lower.c", "hoistplan.c", "liveness.c", "uniform.c"]
MUTABLE = re.compile(r"(?<!const )\b(Module|Id|Type|Func|Kernel|Inst)\s*\*")
ASSIGN = re.compile(r"(?:^|[;{(,])\s*(?:\+\+|--)?\s*m->[\w\[\]().> +*/-]*?\s*"
                    r"((?<![<>!=])=(?!=)|\+=|-=|\|=|&=|\+\+|--)")  # a build tool with its own main
# Known upward calls, exempt from the rules (none left: diag.c disassembles
# and looks up Module.lines itself). An entry is printed on every run.
KNOWN = set()
# Known long functions (none left): (file, function) pairs exempt from --max-lines
KNOWN_LONG = set()


def strip(text):
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r'"(\\.|[^"\\\n])*"', '""', text)
    return re.sub(r"'(\\.|[^'\\\n])*'", "''", text)


DEF = re.compile(r"^([A-Za-z_][\w \t\*]*?)\b(\w+)\s*\(([^;{}]*?)\)\s*\{", re.M | re.S)


def definitions(text):
    """(name, is_static, first line, last line) of every function defined"""
    out = []
    lines = text.split("\n")
    for m in DEF.finditer(text):
        head = m.group(1)
        if re.match(r"\s*(typedef|struct|enum|union)\b", head) or m.group(2) in ("if", "for",
                                                                                  "while", "switch"):
            continue
        first = text.count("\n", 0, m.start())
        last = first
        while last < len(lines) and not lines[last].startswith("}"):
            last += 1
        out.append((m.group(2), head.lstrip().startswith("static"), first + 1, last + 1))
    return out


def main():
    src = sys.argv[1]
    max_lines = int(sys.argv[sys.argv.index("--max-lines") + 1]) if "--max-lines" in sys.argv else 0
    files = sorted(f for f in os.listdir(src) if f.endswith(".c") and f not in IGNORE)
    if os.path.isdir(os.path.join(src, "cl")):
        files += sorted("cl/" + f for f in os.listdir(os.path.join(src, "cl")) if f.endswith(".c"))
    text = {f: strip(open(os.path.join(src, f), encoding="utf-8").read()) for f in files}
    owner, errors = {}, []
    for f in files:
        for name, static, first, last in definitions(text[f]):
            if not static:
                owner[name] = f
            if max_lines and last - first + 1 > max_lines and (f, name) not in KNOWN_LONG:
                errors.append("%s:%d: %s is %d lines (at most %d)" % (f, first, name,
                                                                     last - first + 1, max_lines))
    for f in WRITERS:
        for n, line in enumerate(text.get(f, "").split("\n"), 1):
            if MUTABLE.search(line) or ASSIGN.search(line):
                errors.append("%s:%d: a writer may change the module: %s" % (f, n, line.strip()))
    calls = {f: {} for f in files}
    for f in files:
        for name, g in owner.items():
            if g != f and re.search(r"\b%s\s*\(" % re.escape(name), text[f]):
                calls[f].setdefault(g, []).append(name)
    layer = {f: k for k, fs in enumerate(LAYERS) for f in fs}
    for f in files:
        for g, names in sorted(calls[f].items()):
            if (f, g) in KNOWN:
                print("known: %s calls up into %s: %s" % (f, g, ", ".join(sorted(names))))
            elif f in layer and g in layer and layer[g] <= layer[f]:
                errors.append("%s calls up into %s: %s" % (f, g, ", ".join(sorted(names))))
            elif f.startswith("cl/") and not g.startswith("cl/") and g not in FRONT_END_USES:
                errors.append("the front end's %s calls the back end's %s: %s"
                              % (f, g, ", ".join(sorted(names))))
    # circles, over every file (new ones included)
    state = {}

    def visit(f, path):
        state[f] = 1
        for g in sorted(calls[f]):
            if (f, g) in KNOWN:
                continue
            if state.get(g) == 1:
                errors.append("circle: " + " -> ".join(path[path.index(g):] + [g]))
            elif not state.get(g):
                visit(g, path + [g])
        state[f] = 2

    for f in files:
        if not state.get(f):
            visit(f, [f])
    for f in files:
        if f not in layer:
            print("note: %s is not in LAYERS (only checked for circles)" % f)
    for e in errors:
        print("FAIL " + e)
    if not errors:
        print("ok: %d files, %d cross-file functions, calls run one way%s, the writers "
              "leave the module alone" % (len(files), len(owner), ", no function over %d lines"
                                          % max_lines if max_lines else ""))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""review.py GOLDEN... [--templates DIR] [--spv2c EXE --workdir DIR]: what a
reviewer of the generated C would object to, checked over the golden
outputs (whole files: the writers' text and the runtime parts they paste)
and, with --spv2c, over each golden's input translated again with
--checked --main (the checking mode's text).

Fails (exit 1) on
  - a line over 100 columns;
  - `(void)NAME;` in a function that reads NAME elsewhere: the cast is
    for names nothing reads (a read is any use of NAME other than its
    declaration, an assignment to it or to one of its elements/members,
    and the cast itself);
  - with --templates DIR: a template that spells the work-item state `wi`
    in its C text instead of calling the host's wi() (the core then could
    not know that the function reads it);
  - with --runtime DIR: a line over 100 columns in any runtime part (every
    part can be pasted into some output, not only the goldens' ones).
"""
import os
import re
import subprocess
import sys

MAX = 100
CAST = re.compile(r"^\s*\(void\)([A-Za-z_]\w*);\s*$")
DECL = re.compile(r"^\s*(?:(?:const|static|unsigned|signed|volatile|struct)\s+)*"
                  r"[A-Za-z_]\w*\s+[\s*]*[A-Za-z_]\w*\s*(?:[=;,\[])")
NOT_TYPE = {"return", "goto", "case", "else", "do", "break", "continue", "if", "for", "while",
            "switch", "default", "sizeof"}


def functions(lines):
    """(first, last) line indices of each top-level function body: from a
    `{` at column 0 to the next `}` at column 0"""
    out, start = [], None
    for i, line in enumerate(lines):
        if line.startswith("{") and start is None:
            start = i
        elif line.startswith("}") and start is not None:
            out.append((start, i))
            start = None
    return out


def strip(lines):
    """the lines without comments and with empty string literals"""
    text = "\n".join(lines)
    text = re.sub(r'"(\\.|[^"\\\n])*"', '""', text)
    text = re.sub(r"'(\\.|[^'\\\n])*'", "''", text)
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text).split("\n")


def branches(lines):
    """per line, the preprocessor branches it is in: {if number: branch}"""
    out, stack, count = [], [], 0
    for line in lines:
        d = line.strip()
        if re.match(r"#\s*if", d):
            count += 1
            stack.append([count, 0])
        elif re.match(r"#\s*(else|elif)", d) and stack:
            stack[-1][1] += 1
        elif re.match(r"#\s*endif", d) and stack:
            stack.pop()
        out.append({k: b for k, b in stack})
    return out


def together(a, b):
    """can two lines be compiled together (no #if puts them apart)?"""
    return all(a[k] == b[k] for k in a if k in b)


def reads(line, name):
    """does this (stripped) line read name?"""
    word = re.compile(r"\b%s\b" % re.escape(name))
    if not word.search(line):
        return False
    m = DECL.match(line)
    if m and line.split()[0] not in NOT_TYPE and "(" not in line.split("=")[0]:
        # a declaration: name is read only in an initialiser
        return any(word.search(part.split("=", 1)[1]) for part in line.split(",")
                   if "=" in part)
    # an assignment to name (or to its element or member) writes it
    target = r"^\s*%s(\s*(\.\w+|\[[^\]]*\]))*\s*=(?!=)" % re.escape(name)
    return bool(word.search(re.sub(target, "", line, count=1)))


def check_width(path):
    lines = open(path, encoding="utf-8").read().split("\n")
    return ["%s:%d: %d columns (at most %d)" % (path, n, len(line), MAX)
            for n, line in enumerate(lines, 1) if len(line) > MAX]


def check_file(path):
    errors = check_width(path)
    lines = open(path, encoding="utf-8").read().split("\n")
    for first, last in functions(lines):
        body = strip(lines[first:last + 1])
        br = branches(body)
        for k, line in enumerate(body):
            m = CAST.match(line)
            if not m:
                continue
            name = m.group(1)
            for j, other in enumerate(body):
                if j != k and not CAST.match(other) and together(br[j], br[k]) and \
                        reads(other, name):
                    errors.append("%s:%d: (void)%s; but line %d reads it: %s"
                                  % (path, first + k + 1, name, first + j + 1, other.strip()))
                    break
    return errors


def check_templates(folder):
    errors = []
    lit = re.compile(r'"(\\.|[^"\\])*"|\'(\\.|[^\'\\])*\'')
    for f in sorted(os.listdir(folder)):
        if not f.endswith(".lua"):
            continue
        for n, line in enumerate(open(os.path.join(folder, f), encoding="utf-8"), 1):
            code = line.split("--", 1)[0] if not line.lstrip().startswith("--") else ""
            for m in lit.finditer(code):
                if re.search(r"(?<![\w%])wi(->|\)|\b)", m.group(0)[1:-1]):
                    errors.append("%s:%d: the template spells wi in its text; call wi(): %s"
                                  % (f, n, line.strip()))
    return errors


def main():
    args = sys.argv[1:]
    errors = []
    if "--templates" in args:
        k = args.index("--templates")
        errors += check_templates(args[k + 1])
        del args[k:k + 2]
    if "--runtime" in args:
        k = args.index("--runtime")
        folder = args[k + 1]
        del args[k:k + 2]
        for f in sorted(os.listdir(folder)):
            if f.endswith(".h"):
                errors += check_width(os.path.join(folder, f))
    if "--spv2c" in args:
        k = args.index("--spv2c")
        exe, work = args[k + 1], args[args.index("--workdir") + 1]
        del args[k:k + 2]
        del args[args.index("--workdir"):args.index("--workdir") + 2]
        os.makedirs(work, exist_ok=True)
        for g in list(args):
            src = g[:-len(".c.golden")] + ".spvasm"
            out = os.path.join(work, os.path.basename(src) + ".checked.c")
            r = subprocess.run([exe, src, "--checked", "--main", "-o", out],
                               stderr=subprocess.PIPE, text=True)
            if r.returncode:
                errors.append("%s: spv2c --checked failed: %s" % (src, r.stderr))
            else:
                args.append(out)
    for path in args:
        errors += check_file(path)
    for e in errors:
        print("FAIL " + e)
    if not errors:
        print("ok: %d files: lines under %d columns, no (void) cast on a name read, "
              "templates spell wi through wi()" % (len(args), MAX + 1))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())

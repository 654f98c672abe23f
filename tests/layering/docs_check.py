#!/usr/bin/env python3
"""docs_check.py SOURCE_ROOT [--max-lines N]: docs/architecture.md is the map.

Fails (exit 1) when
  - a source file (every file under src/, src/cl/, platform/, runtime/,
    templates/, include/) is not named in docs/architecture.md: by its path
    from the root (platform/icd.c), or a file of src/ by its path from src/
    (main.c, cl/driver.c), as a name of its own (not the tail of a longer
    path: platform/kernel.c does not name src/kernel.c);
  - with --max-lines N: docs/architecture.md is longer than N lines;
  - a relative link ([text](path)) in docs/architecture.md or docs/design/
    names a file that does not exist;
  - a file of docs/design/ is not linked from docs/architecture.md;
  - a reference to a section of these documents anywhere in the tree
    (`docs/architecture.md, "Section"`, `design/X.md "Section"`, and in
    docs/design/ `X.md, "Section"`) names a heading the file does not have
    (the quoted text must begin a heading, backquotes ignored).
"""
import os
import re
import sys

SOURCE_DIRS = ["src", "platform", "runtime", "templates", "include"]
SCAN_DIRS = ["src", "platform", "runtime", "templates", "include", "tests", "scripts",
             "docs", "samples", "examples", "bench"]
SCAN_FILES = ["README.md", "meson.build"]
LINK = re.compile(r"\]\(([^)#\s]+)(#[^)]*)?\)")
# a document, an optional `)` of a link, an optional comma, a quoted section
CITE = re.compile(r"((?:docs/)?(?:design/)?[\w-]+\.md)\)?,?\s+\"([^\"]+)\"")
# a comment's line break: the next line's comment marker goes too
BREAK = re.compile(r"\s*\n\s*(?:\*(?!/)|//|--|#)?\s*")


def source_files(root):
    for top in SOURCE_DIRS:
        for d, dirs, files in os.walk(os.path.join(root, top)):
            dirs[:] = sorted(x for x in dirs if not x.startswith("."))
            for f in sorted(files):
                if not f.startswith(".") and not f.endswith("~"):
                    yield os.path.relpath(os.path.join(d, f), root).replace(os.sep, "/")


def named(text, path):
    names = [path]
    if path.startswith("src/"):
        names.append(path[4:])
    for n in names:
        if re.search(r"(?<![\w/.-])" + re.escape(n) + r"(?![\w-])", text):
            return True
    return False


def headings(path):
    heads = []
    fence = False
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("```"):
                fence = not fence
            elif not fence and line.startswith("#"):
                heads.append(line.lstrip("#").strip().replace("`", ""))
    return heads


def doc_path(root, cited, where):
    """the file a citation names, or None when it is not one of ours"""
    name = cited[5:] if cited.startswith("docs/") else cited
    if "/" not in name and where.startswith("docs/design/"):
        if os.path.exists(os.path.join(root, "docs/design", name)):
            return "docs/design/" + name
    if name == "architecture.md" or name.startswith("design/"):
        return "docs/" + name
    return None


def scan_files(root):
    for top in SCAN_DIRS:
        for d, dirs, files in os.walk(os.path.join(root, top)):
            dirs[:] = sorted(x for x in dirs if not x.startswith("."))
            for f in sorted(files):
                yield os.path.relpath(os.path.join(d, f), root).replace(os.sep, "/")
    for f in SCAN_FILES:
        yield f


def read_text(path):
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except (UnicodeDecodeError, OSError):
        return None


def check_citations(root, errors):
    cache = {}
    n = 0
    for rel in scan_files(root):
        if rel == "tests/layering/docs_check.py":   # its docstring's examples
            continue
        text = read_text(os.path.join(root, rel))
        if text is None or ".md" not in text:
            continue
        flat = BREAK.sub(" ", text)
        for m in CITE.finditer(flat):
            doc = doc_path(root, m.group(1), rel)
            if doc is None:
                continue
            n += 1
            full = os.path.join(root, doc)
            if not os.path.exists(full):
                errors.append("%s: cites %s, which does not exist" % (rel, m.group(1)))
                continue
            if doc not in cache:
                cache[doc] = headings(full)
            want = m.group(2).replace("`", "").strip()
            if not any(h.startswith(want) for h in cache[doc]):
                errors.append('%s: cites %s, "%s": no such heading in %s'
                              % (rel, m.group(1), m.group(2), doc))
    return n


def check_links(root, errors):
    docs = ["docs/architecture.md"] + sorted(
        "docs/design/" + f for f in os.listdir(os.path.join(root, "docs/design"))
        if f.endswith(".md"))
    linked = set()
    for doc in docs:
        text = read_text(os.path.join(root, doc))
        for m in LINK.finditer(text):
            target = m.group(1)
            if re.match(r"\w+:", target):
                continue
            path = os.path.normpath(os.path.join(os.path.dirname(doc), target))
            if not os.path.exists(os.path.join(root, path)):
                errors.append("%s: links to %s, which does not exist" % (doc, target))
            if doc == "docs/architecture.md":
                linked.add(path.replace(os.sep, "/"))
    for doc in docs[1:]:
        if doc not in linked:
            errors.append("docs/architecture.md: no link to %s" % doc)
    return len(docs)


def main(argv):
    root = argv[1]
    max_lines = int(argv[argv.index("--max-lines") + 1]) if "--max-lines" in argv else None
    errors = []
    arch = read_text(os.path.join(root, "docs/architecture.md"))
    sources = list(source_files(root))
    for path in sources:
        if not named(arch, path):
            errors.append("docs/architecture.md: %s is not named" % path)
    lines = arch.count("\n")
    if max_lines is not None and lines > max_lines:
        errors.append("docs/architecture.md: %d lines, more than %d" % (lines, max_lines))
    ndocs = check_links(root, errors)
    ncites = check_citations(root, errors)
    for e in errors:
        print(e)
    print("%d source files, %d documents, %d section references; architecture.md %d lines: %s"
          % (len(sources), ndocs, ncites, lines, "FAIL" if errors else "ok"))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

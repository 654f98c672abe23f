#!/usr/bin/env python3
"""embed_check.py EMBED WORKDIR: embed reads the runtime parts' declarations
(what each part and section needs) at build time and fails the build on a
wrong one, so spv2c never searches runtime text for them.

Writes small parts into WORKDIR: a good one must give a section table whose
rows hold each section's offsets and needs; a need naming no section, a
part line naming another file, and a section line without its needs list
must each fail with a message and leave no output."""
import os
import subprocess
import sys

GOOD = ("/* spv2c runtime part: p (needs: base) */\nhead\n"
        "/* spv2c section: a (needs: ) */\nA text\n"
        "/* spv2c section: b (needs: p.a, base) */\nB\n")
BASE = "/* spv2c runtime part: base (needs: ) */\nbase text\n"
BAD = {
    "unknown need": ("p", GOOD.replace("p.a, base", "p.nope"), "needs 'p.nope'"),
    "wrong part name": ("p", GOOD.replace("part: p ", "part: q "), "names another part"),
    "no needs list": ("p", GOOD.replace("a (needs: ) */", "a */"), "NAME (needs: ...)"),
}


def run(embed, work, name, text):
    path = os.path.join(work, name + ".h")
    with open(path, "w") as f:
        f.write(text)
    base = os.path.join(work, "base.h")
    with open(base, "w") as f:
        f.write(BASE)
    out = os.path.join(work, "parts.c")
    if os.path.exists(out):
        os.remove(out)
    r = subprocess.run([embed, out, "rt", "--parts", base, path], stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True)
    return r.returncode, r.stdout, (open(out).read() if r.returncode == 0 else "")


def main():
    embed, work = sys.argv[1:3]
    os.makedirs(work, exist_ok=True)
    ok = True
    rc, msg, c = run(embed, work, "p", GOOD)
    a = GOOD.index("A text")
    b = GOOD.index("B\n")
    want = ['{"base", "", 41, 10, (const char *const[]){NULL}}',
            '{"p", "", %d, 5, (const char *const[]){"base", NULL}}' % GOOD.index("head"),
            '{"p", "a", %d, 7, (const char *const[]){NULL}}' % a,
            '{"p", "b", %d, 2, (const char *const[]){"p.a", "base", NULL}}' % b]
    if rc:
        print("good part refused: " + msg)
        ok = False
    for row in want:
        if row not in c:
            print("missing row: " + row)
            ok = False
    for what, (name, text, expect) in BAD.items():
        rc, msg, _ = run(embed, work, name, text)
        if rc == 0 or expect not in msg or os.path.exists(os.path.join(work, "parts.c")):
            print("%s: exit %d, message %r (expected %r)" % (what, rc, msg, expect))
            ok = False
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Every section of the sectioned runtime parts (runtime/math_*.h) calls
only the helpers it can see: those defined before the call in its own
section, in the sections it needs (transitively, through the
`/* spv2c section: NAME (needs: part.section, part, ...) */` lines), or in
the text before the first section of a part it needs (or of its own part),
or in a whole part. A module gets only the sections it uses, so a helper
taken from a section it does not need is an implicit declaration in the C
of a module that uses this section without the other (found by the fuzz
corpus: atan's section called spv2c__t_out from the sin/cos reduction).

usage: section_needs.py RUNTIME_DIR"""
import os
import re
import sys

DEF = re.compile(r"^SPV2C_INLINE\s+[\w\s\*]*?\b(spv2c_\w+)\s*\(", re.M)
MACRO = re.compile(r"^#\s*define\s+(SPV2C_\w+|spv2c_\w+)", re.M)
USE = re.compile(r"\b(spv2c__\w+)\s*\(")
HEAD = re.compile(r"^/\* spv2c section: (\w+) \(needs: ([^)]*)\) \*/\n", re.M)


def parts(rt):
    """{part: (preamble, [(section, needs, text)], whole text)}"""
    out = {}
    for f in sorted(os.listdir(rt)):
        if not f.endswith(".h"):
            continue
        text = open(os.path.join(rt, f)).read()
        bits = HEAD.split(text)
        secs = [(bits[i], [n.strip() for n in bits[i + 1].split(",") if n.strip()], bits[i + 2])
                for i in range(1, len(bits), 3)]
        out[f[:-2]] = (bits[0], secs, text)
    return out


def defined(text):
    return set(DEF.findall(text)) | set(MACRO.findall(text))


def main():
    rt = sys.argv[1]
    ps = parts(rt)
    sec = {"%s.%s" % (p, s): (p, needs, body) for p, (_, secs, _) in ps.items()
           for s, needs, body in secs}
    every = set()
    for _, _, text in ps.values():
        every |= defined(text)
    bad, count = [], 0
    for name, (part, needs, body) in sec.items():
        seen, todo, names = set(), list(needs), defined(ps[part][0])
        while todo:
            n = todo.pop()
            if n in seen:
                continue
            seen.add(n)
            if n in sec:
                names |= defined(sec[n][2]) | defined(ps[sec[n][0]][0])
                todo += sec[n][1]
            elif n in ps:
                names |= defined(ps[n][2]) if not ps[n][1] else defined(ps[n][0])
        for k, line in enumerate(body.splitlines()):
            for u in USE.findall(line):
                count += 1
                if u in every and u not in names and u not in defined(body):
                    bad.append("%s: calls %s, which is in no section it needs" % (name, u))
    for b in sorted(set(bad)):
        print("FAIL " + b)
    if bad or not sec:
        return 1
    print("PASS section-needs: %d sections, %d calls, each to a helper the section can see"
          % (len(sec), count))
    return 0


if __name__ == "__main__":
    sys.exit(main())

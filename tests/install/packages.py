#!/usr/bin/env python3
"""The tool's packages are named in two places: scripts/setup's TOOL lines
(`scripts/setup --tool`, the README's Install) and debian/control
(Build-Depends and the package's Depends). They must name the same set.

usage: packages.py SETUP CONTROL
"""
import re, sys


def setup_tool(path):
    names = []
    for line in open(path):
        m = re.match(r'TOOL="(?:\$TOOL )?([^"]*)"', line)
        if m:
            names += m.group(1).split()
    return set(names)


def control_deps(path):
    text = re.sub(r"\n[ \t]+", " ", open(path).read())   # folded fields
    names = set()
    for field in ("Build-Depends", "Depends"):
        for m in re.finditer(r"^%s:(.*)$" % field, text, re.M):
            for dep in m.group(1).split(","):
                name = dep.split("(")[0].split("|")[0].strip()
                if name and not name.startswith("${") and name != "debhelper-compat":
                    names.add(name)
    return names


def main():
    tool, deb = setup_tool(sys.argv[1]), control_deps(sys.argv[2])
    if not tool:
        print("FAIL: no TOOL= lines in " + sys.argv[1])
        return 1
    if tool != deb:
        print("FAIL: only in scripts/setup --tool: %s; only in debian/control: %s"
              % (sorted(tool - deb), sorted(deb - tool)))
        return 1
    print("ok: scripts/setup --tool and debian/control name the same %d packages" % len(tool))
    return 0


if __name__ == "__main__":
    sys.exit(main())

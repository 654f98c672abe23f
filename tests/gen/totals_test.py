#!/usr/bin/env python3
"""run.py's campaign totals: a failure of spv2c's classes stays open
unless tests/gen/triage.txt names its seed and class; other tools'
classes are never counted open; a window logged twice counts once."""
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run  # noqa: E402

LOG = """window 1:33 kernels 32 cpu 100.0 wall 120.0 at 2026-01-01T00:00:00Z commit abc pass=30 diff=1 pocl=1 fail 7:diff 8:pocl
window 1:33 kernels 32 cpu 100.0 wall 120.0 at 2026-01-01T00:00:00Z commit abc pass=30 diff=1 pocl=1 fail 7:diff 8:pocl
window 33:65 kernels 32 cpu 90.0 wall 95.0 at 2026-01-01T01:00:00Z commit abd pass=30 cc=1 diff=1 fail 40:cc 41:diff
"""
TRIAGE = "# comment\n7 diff PoCL's  why\n40 diff PoCL's  the class must match too\n"


def main():
    with tempfile.TemporaryDirectory() as d:
        log, tri = os.path.join(d, "log"), os.path.join(d, "triage")
        open(log, "w").write(LOG)
        open(tri, "w").write(TRIAGE)
        done, tot = run.read_log(log)
        text = run.open_text(tot, run.read_triage(tri))
    want = ("1 triaged (tests/gen/triage.txt): 7 diff (PoCL's); "
            "2 open: 40 cc, 41 diff")
    ok = done == {(1, 33), (33, 65)} and tot["kernels"] == 64 and want in text
    print(text)
    print("PASS" if ok else "FAIL: want %r, windows %r, kernels %r" % (want, done, tot["kernels"]))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

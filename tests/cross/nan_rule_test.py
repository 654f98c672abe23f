#!/usr/bin/env python3
"""The cross comparison's NaN rule, on made-up outputs (no emulator needed).

cross.py compares a target's output buffers with the native x86-64 run's
bit for bit; only elements a `//! host-nan:` header line names may hold
another NaN, and only as the target's CPU is known to differ (default NaN's
sign everywhere, the canonical NaN on RISC-V). Each case below is one
element pair; the expectation is written from that rule (docs/testing.md,
"NaN policy"), not from cross.py's own output. Exit status 0 when every
case is judged as expected.
"""

import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cross  # noqa: E402
import check  # noqa: E402  (cross.py put tests/run on the path)

ARM, RV, A64, M3 = ("arm-linux-gnueabihf", "riscv64-linux-gnu",
                    "aarch64-linux-gnu", "arm-none-eabi")
ALL = (ARM, RV, A64, M3)

# (type, native bits, target bits, targets where the rule accepts it, why)
CASES = [
    ("float", 0xffc00000, 0x7fc00000, ALL, "default NaN: x86 sets the sign"),
    ("float", 0x7fc00000, 0xffc00000, ALL, "default NaN negated"),
    ("double", 0xfff8000000000000, 0x7ff8000000000000, ALL, "double default NaN"),
    ("half", 0xfe00, 0x7e00, ALL, "a default NaN converted to half"),
    ("uint", 0xffc00000, 0x7fc00000, ALL, "as_uint of a default NaN"),
    ("ulong", 0xfff8000000000000, 0x7ff8000000000000, ALL, "as_ulong of one"),
    ("float", 0x7fc12345, 0x7fc00000, (RV,), "payload not propagated: RISC-V only"),
    ("float", 0xffc12345, 0x7fc00000, (RV,), "sign and payload dropped: RISC-V only"),
    ("float", 0x7fc12345, 0xffc00000, (RV,), "canonical NaN negated: RISC-V only"),
    ("double", 0x7ff123456789abcd, 0x7ff8000000000000, (RV,), "double payload: RISC-V"),
    ("float", 0x7fc12345, 0x7fc54321, (), "another payload: never"),
    ("float", 0x7fc12345, 0xffc12345, (), "a payload NaN's sign: never"),
    ("float", 0x7fc00000, 0x7fc00001, (), "a payload where native has none: never"),
    ("float", 0x7f800001, 0x7fc00000, (RV,), "signalling native, canonical: RISC-V"),
    ("float", 0xffc00000, 0x3f800000, (), "a number for a NaN: never"),
    ("float", 0x3f800000, 0x7fc00000, (), "a NaN for a number: never"),
    ("float", 0x7f800000, 0x7fc00000, (), "a NaN for infinity: never"),
    ("uint", 0x00000001, 0x00000002, (), "integers: never"),
    ("uchar", 0xff, 0x7f, (), "a byte is no float: never"),
]


def judge(target, tname, ref, got, listed):
    """runs cross.diff on a two-element buffer whose element 1 differs"""
    t = check.Type(tname)
    a = check.Arg("out")
    a.type, a.count = t, 2
    h = {"host-nan": [check.parse_sel("3[1/2]")] if listed else []}
    msg, host = cross.diff("case", target, h, 3, a, t.pack([0, ref]), t.pack([0, got]))
    return not msg, host


def main():
    failed = 0
    for tname, ref, got, ok_on, why in CASES:
        for target in ALL:
            for listed in (True, False):
                want = listed and target in ok_on
                ok, host = judge(target, tname, ref, got, listed)
                if ok != want or host != (1 if want else 0):
                    failed += 1
                    print("FAIL %s %s native 0x%x target 0x%x %s: %s, want %s (%s)"
                          % (target, tname, ref, got, "listed" if listed else "unlisted",
                             "accepted" if ok else "rejected",
                             "accepted" if want else "rejected", why))
    # equal bits always pass; a listed element is still compared exactly
    # when it is not a NaN on either side
    t = check.Type("float")
    a = check.Arg("out")
    a.type, a.count = t, 1
    same = t.pack([struct.unpack("<I", struct.pack("<f", 1.5))[0]])
    if cross.diff("case", ARM, {"host-nan": [check.parse_sel("0")]}, 0, a, same, same) != ([], 0):
        failed += 1
        print("FAIL equal buffers rejected")
    print("%d case(s) judged against the rule, %d wrong" % (len(CASES) * 8, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

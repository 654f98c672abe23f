"""Oracle for switch_case_store.cl: 8 work-items in groups of 4, g = 98.0;
a work-item whose local id is a multiple of 4 stores +0.0f, the others
fmax(g, -1 - g) = g (the fma adds g * 2^-133, far below g's half ulp)."""
import struct


def bits(x):
    return struct.unpack("<I", struct.pack("<f", float(x)))[0]


def expect(args):
    g = struct.unpack("<f", struct.pack("<I", args[0][0]))[0]
    keep = max(g, struct.unpack("<f", struct.pack("<f", -1.0 - g))[0])
    return {1: [bits(0.0) if gid % 4 == 0 else bits(keep) for gid in range(8)]}

"""Oracle for return_store_barrier_loop.cl: 4 groups of 16 work-items
(group ids (x, 0, z), x and z in 0..1; grp = x + 2 z), the first 8 of each
writing out[grp * 8 + lid] = (lid, 2, grp, lid * 10 + grp) in the end;
trips[grp] counts the loop's trips, get_group_id(0) % 3 + 1."""
import struct


def bits(x):
    return struct.unpack("<I", struct.pack("<f", float(x)))[0]


def expect(args):
    out = []
    for grp in range(4):
        for lid in range(8):
            out += [bits(lid), bits(2), bits(grp), bits(lid * 10 + grp)]
    return {0: out, 1: [grp % 2 + 1 for grp in range(4)]}

"""Oracle for vec_align.cl: OpenCL C 1.2 s6.1.5 aligns every vector to its
size (a 3-component one to 4 components), wherever it is declared, so each
slot holding an address's misaligned bits is 0 (and the kept byte's flag,
bit 8, is 0: a private variable keeps its bytes across the barrier); the
last slot of each work-item is the number of slots written: 5 for each of
the 35 vector types, then the __local argument and the by-value struct."""

NS = 180
WRITTEN = 35 * 5 + 2
ITEMS = 16


def expect(args):
    out = []
    for _ in range(ITEMS):
        out += [0] * (NS - 1) + [WRITTEN]
    return {0: out}

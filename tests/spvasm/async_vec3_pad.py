"""Oracle for async_vec3_pad.cl: every copied 3-lane element moves its 4
lanes, padding included (OpenCL C 3.0 s6.15.11). For each type (element
size S, first byte BASE) and each of the two groups, out holds: elements
0-7, the group's 8 source elements (lanes masked as the kernel masks them,
bit 0 of lane 3 set); elements 8, 10, 12, 14, source elements 0-3 (the
strided copy, stride 2; 9, 11, 13, 15 stay zero); elements 16-19, input
elements 8, 11, 14, 17 of the group's region (the gather, stride 3), as
they are. Bytes are little-endian, as the kernel's buffers are on the
hosts the suite runs on."""

TYPES = [(32, 0, None), (16, 1280, None), (16, 1920, 0x3fffffff), (8, 2560, None),
         (4, 2880, None)]


def source(inb, at, s, mask):
    """one element of the local array: 4 lanes of s // 4 bytes"""
    w = s // 4
    lanes = []
    for j in range(4):
        v = int.from_bytes(bytes(inb[at + j * w:at + (j + 1) * w]), "little")
        if mask is not None:
            v &= mask
        if j == 3:
            v |= 1
        lanes.append(v.to_bytes(w, "little"))
    return b"".join(lanes)


def expect(args):
    inb = args[0]
    out = bytearray(3040)
    for s, base, mask in TYPES:
        for g in range(2):
            reg = base + g * 20 * s
            for k in range(8):
                e = source(inb, reg + k * s, s, mask)
                out[reg + k * s:reg + (k + 1) * s] = e
                if k < 4:
                    at = reg + (8 + 2 * k) * s
                    out[at:at + s] = e
            for j in range(4):
                src = reg + (8 + 3 * j) * s
                at = reg + (16 + j) * s
                out[at:at + s] = bytes(inb[src:src + s])
    return {1: list(out)}

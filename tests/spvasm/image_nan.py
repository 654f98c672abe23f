"""Oracle of image_nan.cl. The specification leaves these results
undefined, so the oracle checks what spv2c promises (docs/design/
images.md): a nearest read at a NaN, infinite or huge coordinate, or a
samplerless or integer-coordinate read outside the image, gives lanes of
some texel of the image or the border colour (0 for RGBA); a linear read
any value (its weights are NaN or infinite: only AddressSanitizer, which
fails the run on any access outside the image, checks it); a write is
stored at (j, k) when that lies inside the image and dropped otherwise,
every other texel keeping its initial value."""

import struct

N = 24


def fbits(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


class OneOf:
    def __init__(self, values, what):
        self.values, self.what = values, what

    def __call__(self, g):
        return g in self.values

    def __str__(self):
        return self.what


def anything(g):
    return True


def signed(b):
    return b - (1 << 32) if b >> 31 else b


def expect(args):
    imgs = {k: set(args[k]) | {0} for k in (2, 3, 4)}
    ok = {k: OneOf(imgs[k], "a lane of a texel of arg %d or 0" % k) for k in imgs}
    out = {7: [], 8: [], 9: [], 10: []}
    for i in range(N):
        for m in range(10):
            for arg, img in ((7, 2), (8, 3), (9, 4)):
                out[arg] += [ok[img] if m < 8 else anything] * 4
            src = (2, 3, 4, 2, 2, 3, 4, 4, 2, 3)[m]
            out[10] += [ok[src]] * 4
    wa, wr = list(args[5]), list(args[6])
    ix = [signed(b) for b in args[1]]
    for i in range(N):
        j, k = ix[i], ix[N - 1 - i]
        if 0 <= j < 3 and 0 <= k < 2:
            wa[4 * (k * 3 + j):4 * (k * 3 + j) + 4] = [fbits(-1.0)] * 4
            wr[4 * (k * 3 + j):4 * (k * 3 + j) + 4] = [200] * 4
    out[5], out[6] = wa, wr
    return out

"""Oracle of image_query.cl: the widths given to the images (7, 13, 300),
the cl_image_format values of OpenCL 1.2's cl.h (CL_UNSIGNED_INT8 0x10DA,
CL_RGBA 0x10B5, CL_FLOAT 0x10DE, CL_R 0x10B0, CL_BGRA 0x10B6); texel 2i of
the iota image (bytes 8i .. 8i + 3) read unconverted; texel 3i + 1 of the
R FLOAT image written with i + 0.5 (r only), the rest left 0."""

import struct


def fbits(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def expect(args):
    img = [0] * 13
    for i in range(4):
        img[3 * i + 1] = fbits(i + 0.5)
    return {1: img, 3: [7, 13, 300, 0x10DA, 0x10B5, 0x10DE, 0x10B0, 0x10B6],
            4: [b for i in range(4) for b in range(8 * i, 8 * i + 4)]}

#!/usr/bin/env python3
"""pyocl_run: tests/run/pocl_run's command line, as a pyopencl host program.

usage: pyocl_run.py FILE.cl BUILD_OPTIONS RUN [--then RUN]...
RUN: KERNEL [--global X[,Y[,Z]]] [--local X[,Y[,Z]]] [--offset X[,Y[,Z]]] ARG...
ARG: in:PATH | out:SIZE:PATH | inout:PATH:OUTPATH | size:SIZE | local:SIZE |
     val:PATH | image:ORDER,TYPE:W[xH[xD]][/LAYERS]:IN|-[:OUT] |
     sampler:BITS

The same argument forms as pocl_run (tests/run/pocl_run.c), so check.py
--platform runs a run kernel through another OpenCL implementation by a
host program written against another API binding. The platform is chosen
by name: the first whose name contains POCL_RUN_PLATFORM's value (default
"spv2c"); another platform is never used in its place. The program is
built once with BUILD_OPTIONS; the runs go one after the other (with
several, each named on stderr first), each with buffers of its own, each
out/inout buffer (and image with an OUT) written to its file afterwards.
Exit status: 0 success, 1 OpenCL failure, 2 usage or file error.
"""

import os
import sys

PROG = "pyocl_run"

try:
    import numpy as np
    import pyopencl as cl
except ImportError as e:
    sys.stderr.write("%s: %s: install python3-pyopencl (scripts/setup)\n" % (PROG, e))
    sys.exit(2)


def usage(msg, arg=None):
    sys.stderr.write("%s: %s%s\n" % (PROG, arg + ": " if arg else "", msg))
    sys.stderr.write("usage: %s FILE.cl BUILD_OPTIONS RUN [--then RUN]...\n"
                     "  RUN: KERNEL [--global X[,Y[,Z]]] [--local ..] [--offset ..] ARG...\n"
                     % PROG)
    sys.exit(2)


def read(path, arg):
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError as e:
        usage("cannot read %s: %s" % (path, e.strerror), arg)


def write(path, data):
    try:
        with open(path, "wb") as f:
            f.write(data)
    except OSError as e:
        usage("cannot write %s: %s" % (path, e.strerror))


def size(text, arg):
    try:
        v = int(text, 0)
    except ValueError:
        v = -1
    if v < 0:
        usage("bad size", arg)
    return v


def dims(text, arg):
    try:
        d = [int(x, 0) for x in text.split(",")]
    except ValueError:
        d = []
    if not 1 <= len(d) <= 3 or any(x < 0 for x in d):
        usage("bad dimensions", arg)
    return d


ORDERS = ["R", "A", "RG", "RA", "RGB", "RGBA", "BGRA", "ARGB", "INTENSITY", "LUMINANCE",
          "Rx", "RGx", "RGBx"]
TYPES = ["SNORM_INT8", "SNORM_INT16", "UNORM_INT8", "UNORM_INT16", "UNORM_SHORT_565",
         "UNORM_SHORT_555", "UNORM_INT_101010", "SIGNED_INT8", "SIGNED_INT16",
         "SIGNED_INT32", "UNSIGNED_INT8", "UNSIGNED_INT16", "UNSIGNED_INT32", "HALF_FLOAT",
         "FLOAT"]
CHANNELS = [1, 1, 2, 2, 3, 4, 4, 4, 1, 1, 1, 2, 3]
CHANNEL_SIZE = [1, 2, 1, 2, 0, 0, 0, 1, 2, 4, 1, 2, 4, 2, 4]


def parse_image(s):
    """image:ORDER,TYPE:W[xH[xD]][/LAYERS]:IN|-[:OUT] as a dict"""
    w = s[6:].split(":")
    if len(w) not in (3, 4) or "," not in w[0]:
        usage("expected image:ORDER,TYPE:W[xH[xD]][/LAYERS]:IN|-[:OUT]", s)
    order, typ = w[0].split(",", 1)
    if order not in ORDERS or typ not in TYPES:
        usage("unknown channel order or data type", s)
    ext, _, layers = w[1].partition("/")
    try:
        e = [int(x) for x in ext.split("x")]
        n_layers = int(layers) if layers else 0
    except ValueError:
        e = []
    if not 1 <= len(e) <= 3 or min(e) <= 0 or (layers and (len(e) == 3 or n_layers <= 0)):
        usage("bad image extents", s)
    o, t = ORDERS.index(order), TYPES.index(typ)
    texel = CHANNELS[o] * CHANNEL_SIZE[t] or (4 if typ == "UNORM_INT_101010" else 2)
    nbytes = texel
    for x in e + ([n_layers] if n_layers else []):
        nbytes *= x
    data = bytes(nbytes) if w[2] == "-" else read(w[2], s)
    if len(data) != nbytes:
        usage("the image file does not hold the image's bytes", s)
    return {"order": getattr(cl.channel_order, order),
            "type": getattr(cl.channel_type, typ), "ext": e, "layers": n_layers,
            "data": data, "out": w[3] if len(w) == 4 else None}


def parse_arg(s):
    kind, _, rest = s.partition(":")
    if kind == "in":
        return ("in", read(rest, s), None)
    if kind == "out":
        n, _, path = rest.partition(":")
        if not path:
            usage("expected out:SIZE:PATH", s)
        return ("out", bytes(size(n, s)), path)
    if kind == "inout":
        path, _, outpath = rest.rpartition(":")
        if not path or not outpath:
            usage("expected inout:PATH:OUTPATH", s)
        return ("inout", read(path, s), outpath)
    if kind == "size":
        return ("size", bytes(size(rest, s)), None)
    if kind == "local":
        return ("local", size(rest, s), None)
    if kind == "val":
        return ("val", read(rest, s), None)
    if kind == "image":
        return ("image", parse_image(s), None)
    if kind == "sampler":
        return ("sampler", size(rest, s), None)
    usage("unknown argument form", s)


def find_platform():
    want = os.environ.get("POCL_RUN_PLATFORM") or "spv2c"
    try:
        platforms = cl.get_platforms()
    except cl.Error:
        platforms = []
    for p in platforms:
        if want in p.name:
            return p
    sys.stderr.write('%s: no OpenCL platform named "%s" among %d platform(s)\n'
                     % (PROG, want, len(platforms)))
    sys.exit(1)


def make_image(ctx, a):
    """an image of a's format, extents and bytes; its region"""
    fmt = cl.ImageFormat(a["order"], a["type"])
    shape = tuple(a["ext"]) + ((a["layers"],) if a["layers"] else ())
    flags = cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR
    buf = np.frombuffer(a["data"], dtype=np.uint8).copy()
    img = cl.Image(ctx, flags, fmt, shape=shape, hostbuf=buf, is_array=bool(a["layers"]))
    return img, shape + (1,) * (3 - len(shape))


def make_sampler(ctx, bits):
    filt = cl.filter_mode.LINEAR if bits & 0x30 == 0x20 else cl.filter_mode.NEAREST
    return cl.Sampler(ctx, bool(bits & 1), cl.addressing_mode.NONE + (bits >> 1 & 7), filt)


def set_args(ctx, kern, args):
    """the kernel's arguments; the memory objects (kept alive until the
    launch is done: OpenCL does not make clSetKernelArg retain them) and
    where each goes back"""
    mf = cl.mem_flags
    back, keep = [], []
    for i, (kind, data, outpath) in enumerate(args):
        if kind in ("in", "out", "inout", "size"):
            host = np.frombuffer(data or bytes(1), dtype=np.uint8).copy()
            mem = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=host)
            kern.set_arg(i, mem)
            keep.append(mem)
            if outpath:
                back.append((mem, np.empty(len(data), dtype=np.uint8), outpath, None))
        elif kind == "local":
            kern.set_arg(i, cl.LocalMemory(data))
        elif kind == "val":
            kern.set_arg(i, np.frombuffer(data, dtype=np.uint8).copy())
        elif kind == "image":
            mem, shape = make_image(ctx, data)
            kern.set_arg(i, mem)
            keep.append(mem)
            if data["out"]:
                back.append((mem, np.empty(len(data["data"]), dtype=np.uint8),
                             data["out"], shape))
        else:
            keep.append(make_sampler(ctx, data))
            kern.set_arg(i, keep[-1])
    return back, keep


def parse_run(words):
    """KERNEL [--global ..] [--local ..] [--offset ..] ARG... parsed"""
    ranges, args = {}, []
    k = 1
    while k < len(words):
        s = words[k]
        if s in ("--global", "--local", "--offset"):
            if k + 1 >= len(words):
                usage("missing value", s)
            ranges[s[2:]] = dims(words[k + 1], s)
            k += 2
            continue
        args.append(parse_arg(s))
        k += 1
    if "global" not in ranges:
        usage("--global is required")
    if any(len(v) != len(ranges["global"]) for v in ranges.values()):
        usage("--local/--offset must have as many dimensions as --global")
    return words[0], ranges, args


def split_runs(words):
    """RUN [--then RUN]... as lists of words"""
    runs = [[]]
    for w in words:
        if w == "--then":
            runs.append([])
        else:
            runs[-1].append(w)
    if any(not r for r in runs):
        usage("--then needs a run on each side")
    return runs


def launch(ctx, queue, prog, kname, ranges, args):
    """one run of kernel kname; its outputs written"""
    kern = cl.Kernel(prog, kname)
    if kern.num_args != len(args):
        sys.stderr.write("%s: kernel %s takes %d arguments, %d given\n"
                         % (PROG, kname, kern.num_args, len(args)))
        sys.exit(2)
    back, keep = set_args(ctx, kern, args)
    cl.enqueue_nd_range_kernel(queue, kern, ranges["global"], ranges.get("local"),
                               ranges.get("offset"))
    queue.finish()
    for mem, host, outpath, shape in back:
        if shape is None:
            if len(host):
                cl.enqueue_copy(queue, host, mem)
        else:
            cl.enqueue_copy(queue, host, mem, origin=(0, 0, 0), region=shape)
        write(outpath, host.tobytes())
    queue.finish()
    del keep


def run(argv):
    if len(argv) < 4:
        usage("too few arguments")
    path, options = argv[1], argv[2]
    runs = [parse_run(r) for r in split_runs(argv[3:])]
    source = read(path, path).decode("utf-8")
    platform = find_platform()
    ctx = cl.Context(devices=platform.get_devices()[:1])
    queue = cl.CommandQueue(ctx)
    try:
        prog = cl.Program(ctx, source).build(options=options)
    except cl.RuntimeError as e:
        sys.stderr.write("%s: clBuildProgram failed:\n%s\n" % (PROG, e))
        sys.exit(1)
    for kname, ranges, args in runs:
        if len(runs) > 1:
            sys.stderr.write("%s: run %s\n" % (PROG, kname))
        launch(ctx, queue, prog, kname, ranges, args)


def main():
    try:
        run(sys.argv)
    except cl.Error as e:
        sys.stderr.write("%s: %s\n" % (PROG, e))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

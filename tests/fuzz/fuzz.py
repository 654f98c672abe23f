#!/usr/bin/env python3
"""Mutation fuzzing of spv2c: random word and byte mutations of real
modules (the samples, and every tests/golden/*.spvasm assembled) must give
exit status 0 or 1 with, on 1, an `error:` message: never a signal, a hang
or another status; and what is translated compiles warning-free (gcc
-std=c99 -Wall -Wextra -pedantic), so no module slips through as broken C.
Seeds: samples/*.spv, tests/fuzz/seeds/*.spv (tests/run kernels made with
scripts/cl2spv) and tests/golden/*.spvasm. Deterministic (seeded); a failing input is kept in the
work directory for reproduction.

usage: fuzz.py --spv2c PATH --workdir DIR [--count N] [--seed S] [--seconds T]
"""
import argparse, glob, os, random, signal, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def seeds(workdir):
    out = []
    for p in sorted(glob.glob(os.path.join(ROOT, "samples", "*.spv")) +
                    glob.glob(os.path.join(HERE, "seeds", "*.spv"))):
        out.append(open(p, "rb").read())
    for p in sorted(glob.glob(os.path.join(ROOT, "tests", "golden", "*.spvasm"))):
        spv = os.path.join(workdir, os.path.basename(p) + ".spv")
        r = subprocess.run(["spirv-as", "--preserve-numeric-ids", "--target-env", "spv1.4", p,
                            "-o", spv], capture_output=True)
        if r.returncode == 0:
            out.append(open(spv, "rb").read())
    return out


def mutate(data, rng):
    b = bytearray(data)
    nwords = len(b) // 4
    for _ in range(rng.randint(1, 4)):
        kind = rng.randrange(7)
        w = rng.randrange(1, nwords) if nwords > 1 else 0
        if kind == 0:      # flip a bit
            i = rng.randrange(len(b))
            b[i] ^= 1 << rng.randrange(8)
        elif kind == 1:    # a random word
            b[4 * w:4 * w + 4] = rng.getrandbits(32).to_bytes(4, "little")
        elif kind == 2:    # a small value in a word (ids, counts, enums)
            b[4 * w:4 * w + 4] = rng.randrange(64).to_bytes(4, "little")
        elif kind == 3:    # the word count of an instruction word
            b[4 * w + 2:4 * w + 4] = rng.randrange(12).to_bytes(2, "little")
        elif kind == 4:    # truncate
            del b[rng.randrange(len(b)):]
        elif kind == 5:    # duplicate a run of words
            n = rng.randint(1, 8)
            b[4 * w:4 * w] = b[4 * w:4 * w + 4 * n]
        else:              # delete a run of words
            n = rng.randint(1, 8)
            del b[4 * w:4 * w + 4 * n]
    return bytes(b)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--spv2c", required=True)
    ap.add_argument("--workdir", required=True)
    ap.add_argument("--count", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    os.makedirs(a.workdir, exist_ok=True)
    rng = random.Random(a.seed)
    base = seeds(a.workdir)
    if not base:
        print("no seed modules")
        return 1
    counts = {0: 0, 1: 0}
    inp, out = os.path.join(a.workdir, "in.spv"), os.path.join(a.workdir, "out.c")
    for n in range(a.count):
        data = mutate(rng.choice(base), rng)
        open(inp, "wb").write(data)
        try:
            r = subprocess.run([a.spv2c, inp, "-o", out], capture_output=True, timeout=20,
                               env=dict(os.environ, MALLOC_CHECK_="3"))
        except subprocess.TimeoutExpired:
            keep = os.path.join(a.workdir, "hang-%d.spv" % n)
            open(keep, "wb").write(data)
            print("FAIL: hang (over 20 s) on mutation %d, kept as %s" % (n, keep))
            return 1
        err = r.stderr.decode(errors="replace")
        if r.returncode not in (0, 1) or (r.returncode == 1 and "error:" not in err):
            keep = os.path.join(a.workdir, "fail-%d.spv" % n)
            open(keep, "wb").write(data)
            what = ("signal %s" % signal.Signals(-r.returncode).name if r.returncode < 0
                    else "exit %d" % r.returncode)
            print("FAIL: %s on mutation %d, kept as %s\n%s" % (what, n, keep, err[-2000:]))
            return 1
        if r.returncode == 0:
            c = subprocess.run([os.environ.get("CC", "cc"), "-std=c99", "-fsyntax-only", "-Wall",
                                "-Wextra", "-pedantic", out], capture_output=True, text=True)
            if c.returncode != 0 or c.stderr:
                keep = os.path.join(a.workdir, "badc-%d.spv" % n)
                open(keep, "wb").write(data)
                print("FAIL: translated C does not compile cleanly on mutation %d, kept as %s\n%s"
                      % (n, keep, c.stderr[-2000:]))
                return 1
        counts[r.returncode] += 1
    print("%d mutations: %d translated, %d rejected with a message" % (a.count, counts[0],
                                                                       counts[1]))
    return 0


if __name__ == "__main__":
    sys.exit(main())

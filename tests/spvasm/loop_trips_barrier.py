"""Oracle for loop_trips_barrier.cl: each work-item runs its own loops
(lid % 3 + 1 and lid % 4 + 1 trips), in exact 32-bit unsigned
arithmetic; the third output is the neighbour's h + k in its group of 32."""

M = 0xffffffff


def own(x, lid):
    h = k = x
    for i in range(lid % 3 + 1):
        for j in range(5):
            h = (h * 3 + j) & M
        h ^= i << 8
    for i in range(lid % 4 + 1):
        for j in range(4):
            k = (k * 5 + 1) & M
            if k % 7 == 0:
                break
    return h, k


def expect(args):
    ins = args[0]
    hk = [own(ins[g], g % 32) for g in range(64)]
    out = []
    for g in range(64):
        n = (g // 32) * 32 + (g % 32 + 1) % 32
        out += [hk[g][0], hk[g][1], (hk[n][0] + hk[n][1]) & M]
    return {1: out}

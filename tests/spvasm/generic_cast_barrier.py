"""Oracle for generic_cast_barrier.spvasm (and generic_cast.spvasm): the SPIR-V specification's
OpGenericCastToPtrExplicit gives the pointer when it points into the target
storage class and NULL otherwise; the generic pointer points into global
(i % 3 == 0), local (1) or private (2) memory, holding in[i], in[i] ^ 0x55,
in[i] ^ 0x77."""


def expect(args):
    out = []
    for i, v in enumerate(args[0]):
        s = i % 3
        out += [int(s == 0), int(s == 1), int(s == 2), [v, v ^ 0x55, v ^ 0x77][s]]
    return {2: out}

"""Oracle of self_compare.spvasm: x compared with x (SPIR-V specification:
equal, less-or-equal and greater-or-equal hold, the strict orders and
not-equal do not), for every input."""

FIXED = [1, 0, 0, 1, 0, 1, 0, 1, 0, 1, 1, 0]


def expect(args):
    return {1: FIXED * len(args[0])}

#!/usr/bin/env python3
"""Very large or very deep SPIR-V modules (assembly) for spv2c's scaling tests.

usage: gen_big.py inst N OUT.spvasm    one kernel, one block, N arithmetic instructions
       gen_big.py chain N OUT.spvasm   N functions, f_i calls f_(i-1), the kernel calls the last
       gen_big.py kernels N OUT.spvasm N kernels, each with a small body
       gen_big.py nest N OUT.spvasm    one kernel, N if statements nested in each other

Assemble with `spirv-as --target-env spv1.0`.
"""
import sys

HEAD = """; SPIR-V
; Version: 1.0
               OpCapability Addresses
               OpCapability Kernel
               OpCapability Int64
               OpMemoryModel Physical64 OpenCL
"""
TYPES = """               OpDecorate %gid BuiltIn GlobalInvocationId
               OpDecorate %gid Constant
      %ulong = OpTypeInt 64 0
       %uint = OpTypeInt 32 0
       %void = OpTypeVoid
    %v3ulong = OpTypeVector %ulong 3
      %p_gid = OpTypePointer Input %v3ulong
      %p_buf = OpTypePointer CrossWorkgroup %uint
       %kfun = OpTypeFunction %void %p_buf %uint
       %ufun = OpTypeFunction %uint %uint
     %uint_0 = OpConstant %uint 0
     %uint_1 = OpConstant %uint 1
     %uint_3 = OpConstant %uint 3
     %uint_7 = OpConstant %uint 7
   %uint_272 = OpConstant %uint 272
        %gid = OpVariable %p_gid Input
"""


def kernel_start(name, fid):
    return """        %{f} = OpFunction %void None %kfun
      %{f}_p = OpFunctionParameter %p_buf
      %{f}_n = OpFunctionParameter %uint
      %{f}_l = OpLabel
      %{f}_g = OpLoad %v3ulong %gid
      %{f}_x = OpCompositeExtract %ulong %{f}_g 0
      %{f}_a = OpInBoundsPtrAccessChain %p_buf %{f}_p %{f}_x
      %{f}_v = OpLoad %uint %{f}_a Aligned 4
""".format(f=fid)


def kernel_end(fid, value):
    return """               OpStore %{f}_a %{v} Aligned 4
               OpReturn
               OpFunctionEnd
""".format(f=fid, v=value)


def inst(n):
    out = [HEAD, '               OpEntryPoint Kernel %k "k" %gid\n', TYPES, kernel_start("k", "k")]
    prev = "k_v"
    ops = [("OpIMul", "uint_3"), ("OpIAdd", "uint_7"), ("OpBitwiseXor", "uint_272"),
           ("OpISub", "uint_1")]
    for i in range(n):
        op, c = ops[i % 4]
        out.append("        %%i%d = %s %%uint %%%s %%%s\n" % (i, op, prev, c))
        prev = "i%d" % i
    out.append(kernel_end("k", prev))
    return "".join(out)


def chain(n):
    out = [HEAD, '               OpEntryPoint Kernel %k "k" %gid\n', TYPES]
    for i in range(n):
        out.append("""        %f{i} = OpFunction %uint None %ufun
       %f{i}_x = OpFunctionParameter %uint
       %f{i}_l = OpLabel
       %f{i}_m = OpIMul %uint %f{i}_x %uint_3
""".format(i=i))
        if i == 0:
            out.append("       %f0_r = OpIAdd %uint %f0_m %uint_1\n")
        else:
            out.append("       %%f%d_r = OpFunctionCall %%uint %%f%d %%f%d_m\n" % (i, i - 1, i))
        out.append("               OpReturnValue %%f%d_r\n               OpFunctionEnd\n" % i)
    out.append(kernel_start("k", "k"))
    out.append("        %%k_r = OpFunctionCall %%uint %%f%d %%k_v\n" % (n - 1))
    out.append(kernel_end("k", "k_r"))
    return "".join(out)


def kernels(n):
    out = [HEAD]
    for i in range(n):
        out.append('               OpEntryPoint Kernel %%k%d "k%d" %%gid\n' % (i, i))
    out.append(TYPES)
    for i in range(n):
        f = "k%d" % i
        out.append(kernel_start(f, f))
        out.append("        %%%s_r = OpIAdd %%uint %%%s_v %%%s_n\n" % (f, f, f))
        out.append(kernel_end(f, f + "_r"))
    return "".join(out)


def nest(n):
    out = [HEAD, '               OpEntryPoint Kernel %k "k" %gid\n', TYPES,
           "       %bool = OpTypeBool\n", "  %uint_1000 = OpConstant %uint 1000\n",
           kernel_start("k", "k")]
    prev = "k_v"
    for i in range(n):
        out.append("""        %c{i} = OpULessThan %bool %{p} %uint_1000
               OpSelectionMerge %m{i} None
               OpBranchConditional %c{i} %t{i} %m{i}
        %t{i} = OpLabel
        %v{i} = OpIAdd %uint %{p} %uint_7
""".format(i=i, p=prev))
        prev = "v%d" % i
    out.append("               OpStore %%k_a %%%s Aligned 4\n" % prev)
    for i in reversed(range(n)):
        out.append("               OpBranch %%m%d\n        %%m%d = OpLabel\n" % (i, i))
    out.append("               OpReturn\n               OpFunctionEnd\n")
    return "".join(out)


def main():
    if len(sys.argv) != 4 or sys.argv[1] not in ("inst", "chain", "kernels", "nest"):
        sys.exit(__doc__)
    text = globals()[sys.argv[1]](int(sys.argv[2]))
    with open(sys.argv[3], "w") as f:
        f.write(text)


if __name__ == "__main__":
    main()

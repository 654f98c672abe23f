// The front end's LLVM-IR passes (src/cl/) against text that looks like
// what they look for: printf formats, __constant strings, function and
// variable names that spell a pass's pattern (`%x = freeze i32 %y`,
// @llvm.bitreverse., @llvm.vector.reduce., a narrowed trunc and switch, a
// barrier call, an odd-width integer type, a conversion built-in, a label,
// a numbered type, a quoted name, a comment). A pass that edits a string
// constant changes its length (clang then rejects k2.ll: "constant
// expression type mismatch") or its bytes. Output compared with PoCL's at
// -O0 and -O2, printf text byte for byte. (Not here: a user function named
// convert_*, which llvm-spirv-15 itself takes for the conversion built-in.)
//! kernel: lexical
//! global: 8
//! local: 4
//! stdout: compare
//! arg: in int 8 rand
//! arg: out char 1024
//! arg: out int 16

__constant char freeze_text[] = "  %x = freeze i32 %y, !dbg !7";
__constant char patterns[][48] = {
    " = freeze [2 x i32] %v",
    "@llvm.bitreverse.i32(i32 %x)",
    "declare i8 @llvm.bitreverse.i8(i8)",
    "@llvm.vector.reduce.add.v4i32",
    "  %n = trunc i32 %x to i3",
    "  switch i3 %n, label %d [",
    "call void @_Z7barrierj(i32 %f)",
    "%c = call i32 @_Z16convert_int_satf",
    "i3 i24 <2 x i7> [4 x i5] (i13)",
    "label %5 ; preds = %3",
    "%0 = type { i3 }",
    "%\"q\" = add i32 %\"r\", 1",
    "define void @f() {\n}\n; a comment",
    "c\"\\22\" !\"i3\"",
};

/* functions named like the patterns */
int freeze(int i3) { return i3 ^ 0x5a; }
int trunc_i3(int x) { return x & 7; }
int llvm_bitreverse(int x) { return x * 3; }

kernel void lexical(global const int *in, global char *text, global int *out)
{
    int i = get_global_id(0), freeze_i3 = in[i], k, n = 0;
    int i24 = freeze(freeze_i3);
    for (k = 0; freeze_text[k]; k++)
        text[i * 128 + n++] = freeze_text[k];
    for (k = 0; patterns[i][k]; k++)
        text[i * 128 + n++] = patterns[i][k];
    for (k = 0; patterns[i + 6][k]; k++)
        text[i * 128 + n++] = patterns[i + 6][k];
    printf("%d: %%x = freeze i32 %x ; @llvm.bitreverse.i32 %s\n", i, i24, patterns[i]);
    printf("%d: @llvm.vector.reduce.add i3 %d  %%n = trunc i32 %%x to i3 %s\n", i,
           trunc_i3(freeze_i3), "switch i3 %n, label %d [");
    printf("%d: call void @_Z7barrierj(i32 %d) ; preds = %%3 %c\n", i,
           llvm_bitreverse(freeze_i3), 'i');
    out[i] = i24 + trunc_i3(freeze_i3) + llvm_bitreverse(n);
    out[8 + i] = n;
}

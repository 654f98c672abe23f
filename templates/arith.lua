-- arith: integer and float arithmetic, bitwise ops, shifts, comparisons,
-- logical ops and select. Integers are unsigned storage; arithmetic is done
-- in uint32_t/uint64_t (wraps, never signed overflow); signed operations go
-- through runtime/base.h helpers; shift counts are masked as OpenCL does.
-- Halves are uint16_t bits computed by runtime/half.h.

-- halves (cl_khr_fp16) are uint16_t bits: their arithmetic goes through
-- runtime/half.h (spv2c_add_f16 ...), each operation correctly rounded to
-- half; comparisons compare the exact floats they widen to
local function is_half(t)
  return t and scalar(t).kind == "float" and scalar(t).width == 16
end

local function int_op(op, expr)
  lower(op, function(ins) return map(ins, expr) end)
end

int_op("OpIAdd", "($T)(($U)$1 + ($U)$2)")
int_op("OpISub", "($T)(($U)$1 - ($U)$2)")
int_op("OpIMul", "($T)(($U)$1 * ($U)$2)")
int_op("OpSNegate", "($T)(($U)0 - ($U)$1)")
int_op("OpUDiv", "($T)spv2c_udiv($1, $2)")
int_op("OpUMod", "($T)spv2c_urem($1, $2)")
int_op("OpSDiv", "($T)spv2c_sdiv($1, $2, $W)")
int_op("OpSRem", "($T)spv2c_srem($1, $2, $W)")
int_op("OpSMod", "($T)spv2c_smod($1, $2, $W)")
int_op("OpShiftLeftLogical", "($T)(($U)$1 << ($2 & $M))")
int_op("OpShiftRightLogical", "($T)(($U)$1 >> ($2 & $M))")
int_op("OpShiftRightArithmetic", "($T)spv2c_sra($1, (unsigned)($2 & $M), $W)")
int_op("OpBitwiseAnd", "($T)($1 & $2)")
int_op("OpBitwiseOr", "($T)($1 | $2)")
int_op("OpBitwiseXor", "($T)($1 ^ $2)")
int_op("OpNot", "($T)~($U)$1")

-- expr on float and double, half on halves
local function float_op(op, expr, half)
  lower(op, function(ins)
    if is_half(ins.t) then
      need("half")
      return map(ins, half)
    end
    return map(ins, expr)
  end)
end

float_op("OpFAdd", "$1 + $2", "spv2c_add_f16($1, $2)")
float_op("OpFSub", "$1 - $2", "spv2c_sub_f16($1, $2)")
float_op("OpFMul", "$1 * $2", "spv2c_mul_f16($1, $2)")
float_op("OpFDiv", "$1 / $2", "spv2c_div_f16($1, $2)")
float_op("OpFNegate", "-$1", "spv2c_neg_f16($1)")
float_op("OpVectorTimesScalar", "$1 * $2", "spv2c_mul_f16($1, $2)")
lower("OpFRem", function(ins)
  if is_half(ins.t) then need("half") end
  return map(ins, "spv2c_frem_" .. scalar(ins.t).sfx .. "($1, $2)")
end)
lower("OpFMod", function(ins)
  if is_half(ins.t) then need("half") end
  return map(ins, "spv2c_fmod_" .. scalar(ins.t).sfx .. "($1, $2)")
end)

-- dot: the products and sums in lane order, each rounded (halves: each
-- a half operation)
lower("OpDot", function(ins)
  local n = ins[1].t.n
  local s = {}
  local a, b = ins[1].c, ins[2].c
  for k = 0, n - 1 do
    if is_half(ins.t) then
      need("half")
      local p = string.format("spv2c_mul_f16(%s.s[%d], %s.s[%d])", a, k, b, k)
      s[#s + 1] = string.format("%s = %s;", ins.r,
                                k == 0 and p or ("spv2c_add_f16(" .. ins.r .. ", " .. p .. ")"))
    else
      s[#s + 1] = string.format("%s %s %s.s[%d] * %s.s[%d];", ins.r, k == 0 and "=" or "+=",
                                a, k, b, k)
    end
  end
  return table.concat(s, "\n")
end)

-- comparisons: results are bools (int 0/1) lane by lane. An integer or
-- logical comparison of a value with itself (spirv-opt makes `x == x`) is
-- its fixed answer `same`: gcc -Wextra warns on a self-comparison
local function self_cmp(ins, same)
  if same and ins[1].c and ins[1].c == ins[2].c then
    return string.format("(void)%s;\n%s", ins[1].c, map(ins, same))
  end
end
local function cmp(op, expr, same)
  lower(op, function(ins) return self_cmp(ins, same) or map(ins, expr) end)
end

cmp("OpIEqual", "$1 == $2", "1")
cmp("OpINotEqual", "$1 != $2", "0")
-- an unsigned scalar against a literal 0, where the answer is fixed: the
-- answer (gcc -Wextra warns that `x >= 0u` is always true); a signed one
-- against its type's minimum likewise, as the sign flip below makes that
-- `(x ^ B) >= 0u` (found by the fuzzer). lo(ins) is the constant value
-- that fixes the answer for the instruction's operands
local function unsigned_lo() return 0 end
local function signed_lo(ins) return 1 << (ins[1].t.width - 1) end
local function fixed_cmp(op, expr, lo, right_lo, left_lo, same)
  lower(op, function(ins)
    local r = self_cmp(ins, same)
    if r then return r end
    if ins.t.kind ~= "vector" then
      if right_lo and ins[2].k == lo(ins) then
        return string.format("(void)%s;\n%s = %s;", ins[1].c, ins.r, right_lo)
      end
      if left_lo and ins[1].k == lo(ins) then
        return string.format("(void)%s;\n%s = %s;", ins[2].c, ins.r, left_lo)
      end
    end
    return map(ins, expr)
  end)
end

fixed_cmp("OpUGreaterThan", "$1 > $2", unsigned_lo, nil, "0", "0")         -- 0 > x
fixed_cmp("OpUGreaterThanEqual", "$1 >= $2", unsigned_lo, "1", nil, "1")   -- x >= 0
fixed_cmp("OpULessThan", "$1 < $2", unsigned_lo, "0", nil, "0")            -- x < 0
fixed_cmp("OpULessThanEqual", "$1 <= $2", unsigned_lo, nil, "1", "1")      -- 0 <= x
-- signed order without implementation-defined conversions: flip the sign bit
fixed_cmp("OpSGreaterThan", "($1 ^ $B) > ($2 ^ $B)", signed_lo, nil, "0", "0")        -- MIN > x
fixed_cmp("OpSGreaterThanEqual", "($1 ^ $B) >= ($2 ^ $B)", signed_lo, "1", nil, "1")  -- x >= MIN
fixed_cmp("OpSLessThan", "($1 ^ $B) < ($2 ^ $B)", signed_lo, "0", nil, "0")           -- x < MIN
fixed_cmp("OpSLessThanEqual", "($1 ^ $B) <= ($2 ^ $B)", signed_lo, nil, "1", "1")     -- MIN <= x
-- float comparisons: halves widened to float first (exact)
local function fcmp(op, expr)
  local half = expr:gsub("%$(%d)", "spv2c_conv_f32_f16($%1)")
  lower(op, function(ins)
    if is_half(ins[1].t) then
      need("half")
      return map(ins, half)
    end
    return map(ins, expr)
  end)
end
fcmp("OpFOrdEqual", "$1 == $2")
fcmp("OpFOrdNotEqual", "($1 < $2 || $1 > $2)")
fcmp("OpFOrdLessThan", "$1 < $2")
fcmp("OpFOrdGreaterThan", "$1 > $2")
fcmp("OpFOrdLessThanEqual", "$1 <= $2")
fcmp("OpFOrdGreaterThanEqual", "$1 >= $2")
fcmp("OpFUnordEqual", "!($1 < $2 || $1 > $2)")
fcmp("OpFUnordNotEqual", "$1 != $2")
fcmp("OpFUnordLessThan", "!($1 >= $2)")
fcmp("OpFUnordGreaterThan", "!($1 <= $2)")
fcmp("OpFUnordLessThanEqual", "!($1 > $2)")
fcmp("OpFUnordGreaterThanEqual", "!($1 < $2)")
cmp("OpLogicalEqual", "$1 == $2", "1")
cmp("OpLogicalNotEqual", "$1 != $2", "0")
cmp("OpLogicalOr", "($1 || $2)")
cmp("OpLogicalAnd", "($1 && $2)")
cmp("OpLogicalNot", "!$1")

lower("OpSelect", function(ins)
  if ins[1].t.kind == "vector" then
    return map(ins, "$1 ? $2 : $3")
  end
  return string.format("%s = %s ? %s : %s;", ins.r, ins[1].c, ins[2].c, ins[3].c)
end)

-- ocl_relational: the core relational opcodes (OpIsNan ... OpAll) and the
-- OpenCL.std bitselect and select. The core opcodes return bools (int 0/1)
-- lane by lane: OpenCL C's -1 for true on vectors comes from the OpSelect
-- clang emits after them. Halves are tested on their bits.

-- per float width: a C expression over $1 (and $2)
local function float_test(op, f32, f64, f16)
  lower(op, function(ins)
    local sfx = scalar(ins[1].t).sfx
    local e = sfx == "f32" and f32 or sfx == "f64" and f64 or sfx == "f16" and f16
    if not e then unsupported(op .. " on " .. sfx .. " values") end
    return map(ins, e)
  end)
end

float_test("OpIsNan", "($1 != $1)", "($1 != $1)", "(($1 & 0x7fffu) > 0x7c00u)")
float_test("OpIsInf", "(fabsf($1) == HUGE_VALF)", "(fabs($1) == HUGE_VAL)",
           "(($1 & 0x7fffu) == 0x7c00u)")
float_test("OpIsFinite", "(fabsf($1) <= FLT_MAX)", "(fabs($1) <= DBL_MAX)",
           "(($1 & 0x7c00u) != 0x7c00u)")
float_test("OpIsNormal", "(fabsf($1) >= FLT_MIN && fabsf($1) <= FLT_MAX)",
           "(fabs($1) >= DBL_MIN && fabs($1) <= DBL_MAX)",
           "(((($1 >> 10) & 0x1fu) - 1u) < 30u)")
float_test("OpSignBitSet", "(int)(spv2c_f32_bits($1) >> 31)", "(int)(spv2c_f64_bits($1) >> 63)",
           "(int)($1 >> 15)")
float_test("OpOrdered", "($1 == $1 && $2 == $2)", "($1 == $1 && $2 == $2)",
           "(($1 & 0x7fffu) <= 0x7c00u && ($2 & 0x7fffu) <= 0x7c00u)")
float_test("OpUnordered", "($1 != $1 || $2 != $2)", "($1 != $1 || $2 != $2)",
           "(($1 & 0x7fffu) > 0x7c00u || ($2 & 0x7fffu) > 0x7c00u)")
-- halves compare as floats (exact)
lower("OpLessOrGreater", function(ins)
  local sfx = scalar(ins[1].t).sfx
  if sfx == "f16" then
    need("half")
    return map(ins, "(spv2c_conv_f32_f16($1) < spv2c_conv_f32_f16($2) || "
                    .. "spv2c_conv_f32_f16($1) > spv2c_conv_f32_f16($2))")
  end
  return map(ins, "($1 < $2 || $1 > $2)")
end)

-- OpAny / OpAll: one bool from a bool vector
local function reduce(op, join)
  lower(op, function(ins)
    local v = ins[1]
    if v.t.kind ~= "vector" then
      return ins.r .. " = " .. v.c .. ";"
    end
    local l = {}
    for k = 0, v.t.n - 1 do l[#l + 1] = v.c .. ".s[" .. k .. "]" end
    return ins.r .. " = (" .. table.concat(l, join) .. ");"
  end)
end

reduce("OpAny", " || ")
reduce("OpAll", " && ")

-- bitselect(a, b, c): each bit from b where c has it set, else from a
ext("bitselect", function(ins)
  local sfx = scalar(ins.t).sfx
  if sfx == "f32" or sfx == "f64" then
    local b, f = "spv2c_" .. sfx .. "_bits", "spv2c_bits_" .. sfx
    return map(ins, string.format("%s((%s($1) & ~%s($3)) | (%s($2) & %s($3)))",
                                  f, b, b, b, b))
  end
  return map(ins, "($T)(($1 & ~$3) | ($2 & $3))")
end)

-- select(a, b, c): scalar c: c ? b : a; vector c: by the top bit of each lane
ext("select", function(ins)
  if ins.t.kind ~= "vector" then
    return map(ins, "$3 ? $2 : $1")
  end
  return map(ins, string.format("(($3 >> %d) & 1u) ? $2 : $1", scalar(ins[3].t).width - 1))
end)

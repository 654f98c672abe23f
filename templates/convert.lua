-- convert: numeric conversions (OpConvertFToU/FToS/SToF/UToF, OpUConvert,
-- OpSConvert, OpFConvert, OpSatConvertSToU/UToS) through runtime/convert.h
-- and runtime/half.h, named spv2c_conv_<dst>_<src>[_<mode>][_sat] where
-- i8..i64 read the bits as signed and u8..u64 as unsigned. Rounding comes
-- from the FPRoundingMode decoration (float -> int defaults to rtz, the
-- rest to rte); float -> int always saturates (NaN -> 0), as
-- SaturatedConversion asks and as C needs for out-of-range values.

local modes = { RTE = "rte", RTZ = "rtz", RTP = "rtp", RTN = "rtn" }

local function mode(ins, default)
  return modes[ins.fpround or default]
end

-- "i32"/"u8": an integer type's suffix read as signed ("i") or unsigned ("u")
local function isfx(t, s)
  return s .. scalar(t).width
end

local function fsfx(t)
  return scalar(t).sfx
end

local function ftoi(ins, s)
  local from, arg = fsfx(ins[1].t), "$1"
  if from == "f16" then
    need("half")
    from, arg = "f32", "spv2c_conv_f32_f16($1)"     -- exact
  end
  need("convert")
  return map(ins, string.format("spv2c_conv_%s_%s_%s(%s)", isfx(ins.t, s), from,
                                mode(ins, "RTZ"), arg))
end

local function itof(ins, s)
  local to = fsfx(ins.t)
  need(to == "f16" and "half" or "convert")
  return map(ins, string.format("spv2c_conv_%s_%s_%s($1)", to, isfx(ins[1].t, s),
                                mode(ins, "RTE")))
end

lower("OpConvertFToU", function(ins) return ftoi(ins, "u") end)
lower("OpConvertFToS", function(ins) return ftoi(ins, "i") end)
lower("OpConvertUToF", function(ins) return itof(ins, "u") end)
lower("OpConvertSToF", function(ins) return itof(ins, "i") end)

lower("OpFConvert", function(ins)
  local from, to = fsfx(ins[1].t), fsfx(ins.t)
  if to == "f16" then
    need("half")
    return map(ins, string.format("spv2c_conv_f16_%s_%s($1)", from, mode(ins, "RTE")))
  elseif from == "f16" then
    need("half")
    return map(ins, string.format("spv2c_conv_%s_f16($1)", to))
  elseif to == "f64" then
    need("convert")                                    -- exact; a NaN from its bits
    return map(ins, "spv2c_conv_f64_f32($1)")
  end
  need("convert")
  return map(ins, string.format("spv2c_conv_f32_f64_%s($1)", mode(ins, "RTE")))
end)

-- integer -> integer: s/d say how the source and the result read
local function itoi(ins, s, d, sat)
  local sw, dw = scalar(ins[1].t).width, scalar(ins.t).width
  if sat then
    need("convert")
    return map(ins, string.format("spv2c_conv_%s%d_%s%d_sat($1)", d, dw, s, sw))
  elseif s == "i" and dw > sw then
    need("convert")
    return map(ins, string.format("spv2c_conv_i%d_i%d($1)", dw, sw))  -- sign extension
  end
  return map(ins, "($T)$1")                          -- truncation, zero extension
end

lower("OpUConvert", function(ins) return itoi(ins, "u", "u", ins.sat) end)
lower("OpSConvert", function(ins) return itoi(ins, "i", "i", ins.sat) end)
lower("OpSatConvertSToU", function(ins) return itoi(ins, "i", "u", true) end)
lower("OpSatConvertUToS", function(ins) return itoi(ins, "u", "i", true) end)

-- ocl_geometric: OpenCL.std cross, distance, length, normalize and their
-- fast_ forms (the same functions here). Vectors have at most four lanes;
-- the runtime takes them as four scalars, missing lanes 0. OpDot is core
-- (arith.lua). Halves: cross and distance's differences are half
-- operations (runtime/half.h), length and normalize the float functions
-- on the widened lanes (exact), rounded once to half.

local function float_sfx(ins, t)
  local sfx = scalar(t).sfx
  if sfx == "f16" then
    need("half")
  elseif sfx ~= "f32" and sfx ~= "f64" then
    unsupported(ins.op .. " on " .. (sfx == "f16" and "half" or sfx) .. " values")
  end
  return sfx
end

-- the four lanes of operand o as C arguments (halves widened to float by
-- conv, or passed through fn(lane))
local function lanes(o, fn)
  local a = {}
  fn = fn or function(x) return x end
  for k = 0, 3 do
    if o.t.kind ~= "vector" then
      a[k + 1] = k == 0 and fn(o.c) or "0"
    else
      a[k + 1] = k < o.t.n and fn(o.c .. ".s[" .. k .. "]") or "0"
    end
  end
  return table.concat(a, ", ")
end

local function widen(x) return "spv2c_conv_f32_f16(" .. x .. ")" end

local function length(ins)
  need("math")
  local sfx = float_sfx(ins, ins[1].t)
  if sfx == "f16" then
    return string.format("%s = spv2c_conv_f16_f64_rte(spv2c__length4_f32(%s));", ins.r,
                         lanes(ins[1], widen))
  end
  return string.format("%s = spv2c_length4_%s(%s);", ins.r, sfx, lanes(ins[1]))
end

-- halves: the length of the lanes' differences, each rounded to half
local function distance(ins)
  need("math")
  local sfx = float_sfx(ins, ins[1].t)
  if sfx == "f16" then
    local b, k = ins[2], -1
    return string.format("%s = spv2c_conv_f16_f64_rte(spv2c__length4_f32(%s));", ins.r,
                         lanes(ins[1], function(x)
                           k = k + 1
                           local y = b.t.kind == "vector" and (b.c .. ".s[" .. k .. "]") or b.c
                           return widen("spv2c_sub_f16(" .. x .. ", " .. y .. ")")
                         end))
  end
  return string.format("%s = spv2c_distance4_%s(%s, %s);", ins.r, sfx, lanes(ins[1]),
                       lanes(ins[2]))
end

local function normalize(ins)
  need("math")
  local sfx = float_sfx(ins, ins.t)
  local out = ins.t.kind == "vector" and ("(" .. ins.r .. ").s") or ("&(" .. ins.r .. ")")
  if sfx == "f16" then
    local n = ins.t.kind == "vector" and ins.t.n or 1
    return string.format("{ float f_[4]; unsigned k_; spv2c_normalize4_f32(f_, %d, %s); "
                         .. "for (k_ = 0; k_ < %d; k_++) (%s)[k_] = spv2c_conv_f16_f32_rte(f_[k_]); }",
                         n, lanes(ins[1], widen), n, out)
  end
  return string.format("spv2c_normalize4_%s(%s, %d, %s);", sfx, out, ins.t.n, lanes(ins[1]))
end

ext("length", length)
ext("fast_length", length)
ext("distance", distance)
ext("fast_distance", distance)
ext("normalize", normalize)
ext("fast_normalize", normalize)

-- cross(a, b) on 3 lanes; a 4-lane cross has w = 0 (halves: each product
-- and difference a half operation)
ext("cross", function(ins)
  local sfx = float_sfx(ins, ins.t)
  local a, b, r = ins[1].c, ins[2].c, ins.r
  local function l(v, k) return v .. ".s[" .. k .. "]" end
  local s = {}
  for k = 0, 2 do
    local i, j = (k + 1) % 3, (k + 2) % 3
    if sfx == "f16" then
      s[#s + 1] = string.format("%s = spv2c_sub_f16(spv2c_mul_f16(%s, %s), spv2c_mul_f16(%s, %s));",
                                l(r, k), l(a, i), l(b, j), l(a, j), l(b, i))
    else
      s[#s + 1] = string.format("%s = %s * %s - %s * %s;", l(r, k), l(a, i), l(b, j), l(a, j),
                                l(b, i))
    end
  end
  if ins.t.n == 4 then
    s[#s + 1] = l(r, 3) .. " = 0;"
  end
  return table.concat(s, "\n")
end)

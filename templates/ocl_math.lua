-- ocl_math: OpenCL.std math functions. Those C99's <math.h> defines bit
-- exactly (floor, fma, sqrt, fmod, ...) call it directly; those whose
-- OpenCL meaning differs call runtime/math.h (spv2c_<name>_f32/_f64).
-- Halves (uint16_t bits) go through float where that rounds correctly:
-- the functions here are exact in float, or (sqrt, fdim) correctly rounded
-- twice over since float carries more than 2 * 11 + 2 bits.

local function sfx_of(t)
  return scalar(t).sfx
end

-- the operands as C arguments; half operands widened to float
local function args(ins, half)
  local a = {}
  for k = 1, ins.n do
    local t = ins[k].t
    if half and t and scalar(t).kind == "float" then
      a[k] = "spv2c_conv_f32_f16($" .. k .. ")"
    else
      a[k] = "$" .. k
    end
  end
  return table.concat(a, ", ")
end

-- f32/f64: C function names; part: runtime part they need (or nil);
-- half: the f16 form, "float" (through the f32 function) or an expression
local function float_fn(f32, f64, part, half)
  return function(ins)
    local sfx = sfx_of(ins[1].t)
    local float_result = scalar(ins.t).kind == "float"
    if part then need(part) end
    if sfx == "f32" then
      return map(ins, f32 .. "(" .. args(ins) .. ")")
    elseif sfx == "f64" then
      return map(ins, f64 .. "(" .. args(ins) .. ")")
    elseif sfx == "f16" and half then
      need("half")
      if half ~= "float" then return map(ins, half) end
      local e = f32 .. "(" .. args(ins, true) .. ")"
      return map(ins, float_result and "spv2c_conv_f16_f32_rte(" .. e .. ")" or e)
    end
    unsupported(ins.op .. " on " .. (sfx == "f16" and "half" or sfx) .. " values")
  end
end

local function libm(name, half)
  ext(name, float_fn(name .. "f", name, nil, half or "float"))
end

local function rt(name, half)
  ext(name, float_fn("spv2c_" .. name .. "_f32", "spv2c_" .. name .. "_f64", "math",
                     half or "float"))
end

libm("fabs", "($T)($1 & 0x7fffu)")
libm("copysign", "($T)(($1 & 0x7fffu) | ($2 & 0x8000u))")
libm("floor")
libm("ceil")
libm("trunc")
libm("round")
libm("rint")
libm("fmod")
libm("sqrt")
libm("nextafter", "spv2c_nextafter_f16($1, $2)")
libm("fma", "spv2c_fma_f16($1, $2, $3)")
-- mad: the fused form, one rounding
ext("mad", float_fn("fmaf", "fma", nil, "spv2c_fma_f16($1, $2, $3)"))

rt("fmin")
rt("fmax")
rt("fdim")
rt("maxmag")
rt("minmag")
rt("ldexp")
rt("logb")
rt("ilogb")

libm("remainder")

-- frexp(x, int *e), modf(x, T *i), fract(x, T *i), remquo(x, y, int *q):
-- the second result is stored through the last operand, a pointer, with
-- memcpy from a local o_ of the pointee's type. lane(x, y, o) gives the C
-- expression of one result lane, o the lvalue of its out lane.
local function with_out(name, lane)
  ext(name, function(ins)
    local sfx, p = sfx_of(ins[1].t), ins[ins.n]
    local r, decl = ins.r, ""
    if sfx ~= "f32" and sfx ~= "f64" and sfx ~= "f16" then
      unsupported(name .. " on " .. sfx .. " values")
    end
    need("math")
    if sfx == "f16" then need("half") end
    if not r then
      r, decl = "r_", ins.t.c .. " r_; "
    end
    if ins.t.kind ~= "vector" then
      return string.format("{ %s%s o_; %s = %s; memcpy(%s, &o_, sizeof o_); }", decl,
                           p.t.pointee.c, r, lane(sfx, ins[1].c, ins[2].c, "o_"), p.c)
    end
    return string.format("{ %s%s o_ = {{0}}; unsigned k_; for (k_ = 0; k_ < %d; k_++) "
                         .. "%s.s[k_] = %s; memcpy(%s, &o_, sizeof o_); }", decl,
                         p.t.pointee.c, ins.t.n, r,
                         lane(sfx, ins[1].c .. ".s[k_]", ins[2].c .. ".s[k_]", "o_.s[k_]"), p.c)
  end)
end

local function unary_out(name)
  return function(sfx, x, _, o)
    return string.format("spv2c_%s_%s(%s, &%s)", name, sfx, x, o)
  end
end

with_out("frexp", unary_out("frexp"))
with_out("modf", unary_out("modf"))
with_out("fract", unary_out("fract"))
with_out("remquo", function(sfx, x, y, o)
  if sfx == "f16" then
    return string.format("spv2c_conv_f16_f32_rte(spv2c_remquo_f32(spv2c_conv_f32_f16(%s), "
                         .. "spv2c_conv_f32_f16(%s), &%s))", x, y, o)
  end
  return string.format("spv2c_remquo_%s(%s, %s, &%s)", sfx, x, y, o)
end)

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

-- frexp(x, int *e), modf(x, T *i): the second result is stored through the
-- pointer with memcpy, from a local of the pointee's type
local function with_out(name)
  ext(name, function(ins)
    local sfx, p = sfx_of(ins[1].t), ins[2]
    local f = "spv2c_" .. name .. "_" .. sfx
    local r, decl = ins.r, ""
    need(sfx == "f16" and "half" or "math")
    if not r then
      r, decl = "r_", ins.t.c .. " r_; "
    end
    if ins.t.kind ~= "vector" then
      return string.format("{ %s%s o_; %s = %s(%s, &o_); memcpy(%s, &o_, sizeof o_); }",
                           decl, p.t.pointee.c, r, f, ins[1].c, p.c)
    end
    return string.format("{ %s%s o_ = {{0}}; unsigned k_; for (k_ = 0; k_ < %d; k_++) "
                         .. "%s.s[k_] = %s(%s.s[k_], &o_.s[k_]); memcpy(%s, &o_, sizeof o_); }",
                         decl, p.t.pointee.c, ins.t.n, r, f, ins[1].c, p.c)
  end)
end

with_out("frexp")
with_out("modf")

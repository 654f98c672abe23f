-- ocl_math: OpenCL.std math functions. Those C99's <math.h> defines bit
-- exactly (floor, fma, sqrt, fmod, ...) call it directly; those whose
-- OpenCL meaning differs call runtime/math.h (spv2c_<name>_f32/_f64).
-- Halves (uint16_t bits) go through float where that rounds correctly:
-- the functions here are exact in float, or (sqrt, fdim) correctly rounded
-- twice over since float carries more than 2 * 11 + 2 bits.

local function sfx_of(t)
  return scalar(t).sfx
end

-- the operands as C arguments; half operands widened to float (or by the
-- conversion function named by half)
local function args(ins, half)
  local a = {}
  local conv = type(half) == "string" and half or "spv2c_conv_f32_f16"
  for k = 1, ins.n do
    local t = ins[k].t
    if half and t and scalar(t).kind == "float" then
      a[k] = conv .. "($" .. k .. ")"
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
      return map_calls(ins, f32 .. "(" .. args(ins) .. ")")
    elseif sfx == "f64" then
      return map_calls(ins, f64 .. "(" .. args(ins) .. ")")
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
ext("trunc", float_fn("spv2c__trunc_f32", "spv2c__trunc_f64", "math", "float"))  -- math.h: own trunc
libm("round")
libm("rint")
-- fmod, remainder: through runtime/math.h for the NaN rule (canonical NaN)
ext("fmod", float_fn("spv2c__fmod_f32", "spv2c__fmod_f64", "math", "float"))
libm("sqrt")
libm("nextafter", "spv2c_nextafter_f16($1, $2)")
-- fma and mad (the fused form, one rounding) through runtime/math.h: some C
-- libraries' fmaf rounds twice (picolibc on a soft-float Cortex-M3)
ext("fma", float_fn("spv2c__fma_f32", "spv2c__fma_f64", "math", "spv2c_fma_f16($1, $2, $3)"))
-- mad: fused by default; under --mad=unfused (ins.mad_unfused) the product
-- rounded, then the sum rounded (halves: both exact in double, each rounded
-- to half once)
local mad_fused = float_fn("spv2c__fma_f32", "spv2c__fma_f64", "math", "spv2c_fma_f16($1, $2, $3)")
local mad_unfused = float_fn("spv2c__mad_f32", "spv2c__mad_f64", "math",
  "spv2c__f16_from_f64(spv2c_conv_f64_f16(spv2c__f16_from_f64(spv2c_conv_f64_f16($1)"
  .. " * spv2c_conv_f64_f16($2), 0)) + spv2c_conv_f64_f16($3), 0)")
ext("mad", function(ins)
  return (ins.mad_unfused and mad_unfused or mad_fused)(ins)
end)

rt("fmin")
rt("fmax")
rt("fdim")
rt("maxmag")
rt("minmag")
rt("ldexp")
rt("logb")
rt("ilogb")

ext("remainder", float_fn("spv2c__remainder_f32", "spv2c__remainder_f64", "math", "float"))

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
    -- under --checked: the result's store through p (prelude.lua)
    decl = check_access(ins, p, nil, "sizeof(" .. p.t.pointee.c .. ")", "WRITE") .. decl
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

-- nan(code): a quiet NaN with the low bits of code in its significand
ext("nan", function(ins)
  local sfx = sfx_of(ins.t)
  local e = ({ f32 = "spv2c_bits_f32(0x7fc00000u | (uint32_t)($1 & 0x3fffffu))",
               f64 = "spv2c_bits_f64(0x7ff8000000000000u | ($1 & 0x7ffffffffffffu))",
               f16 = "(uint16_t)(0x7e00u | ($1 & 0x1ffu))" })[sfx]
  if not e then unsupported("nan of " .. sfx .. " values") end
  return map(ins, e)
end)

-- Transcendental functions (exp ... atanh, sin ..., erf ...): the C99
-- runtime parts math_exp, math_trig and math_special (docs/math.md), cut
-- into sections; trans(name, part) lowers `name` to spv2c_<name>_f32/_f64
-- from section `name` of `part`, and need("part.name") puts that section
-- and those it needs, nothing else, in the output. Halves: the double core
-- rounded to odd (spv2c__<name>_odd), rounded once more to half, which is
-- correctly rounded wherever the core is (tests/math checks all 2^16
-- halves). Integer operands (pown's, rootn's n) pass through.
-- Relaxed math (ins.relaxed: --math=relaxed, or a module built with
-- -cl-fast-relaxed-math / -cl-unsafe-math-optimizations under --math=auto):
-- these float functions take their native_ forms (docs/math.md, "Relaxed
-- math"); double and half keep the precise library.
local relaxed_native = { exp = true, exp2 = true, exp10 = true, log = true, log2 = true,
                         log10 = true, rsqrt = true, sin = true, cos = true, tan = true }

local function trans(name, part)
  ext(name, function(ins)
    local sfx = sfx_of(ins.t)
    if sfx == "f32" and ins.relaxed and relaxed_native[name] then
      need(part .. ".fast")
      return map(ins, "spv2c_native_" .. name .. "_f32(" .. args(ins) .. ")")
    end
    need(part .. "." .. name)
    if sfx == "f32" or sfx == "f64" then
      return map(ins, "spv2c_" .. name .. "_" .. sfx .. "(" .. args(ins) .. ")")
    elseif sfx == "f16" then
      need("half")
      return map(ins, "spv2c_conv_f16_f64_rte(spv2c__" .. name .. "_odd("
                      .. args(ins, "spv2c_conv_f64_f16") .. "))")
    end
    unsupported(name .. " on " .. sfx .. " values")
  end)
end

-- runtime/math_exp.h
for _, f in ipairs({ "exp", "exp2", "exp10", "expm1", "log", "log2", "log10", "log1p",
                     "pow", "pown", "powr", "rootn", "cbrt", "rsqrt", "hypot",
                     "sinh", "cosh", "tanh", "asinh", "acosh", "atanh" }) do
  trans(f, "math_exp")
end

-- native_* and half_* (float): the fast forms of section "fast" (docs/math.md
-- gives their measured bounds, far inside half_*'s 8192 ulp). On double and
-- half operands (which OpenCL C does not declare, SPIR-V allows) the precise
-- functions; sqrt, recip and divide are the correctly rounded operations.
local function fast(name, precise, part)
  part = part or "math_exp"
  for _, prefix in ipairs({ "native_", "half_" }) do
    ext(prefix .. name, function(ins)
      local sfx = sfx_of(ins.t)
      if sfx == "f32" then
        need(part .. ".fast")
        return map(ins, "spv2c_native_" .. name .. "_f32(" .. args(ins) .. ")")
      elseif sfx == "f64" and precise then
        need(part .. "." .. name)
        return map(ins, "spv2c_" .. name .. "_f64(" .. args(ins) .. ")")
      elseif sfx == "f16" and precise then
        need(part .. "." .. name)
        need("half")
        return map(ins, "spv2c_conv_f16_f64_rte(spv2c__" .. name .. "_odd("
                        .. args(ins, "spv2c_conv_f64_f16") .. "))")
      elseif sfx == "f64" then
        return map(ins, ({ sqrt = "sqrt($1)", recip = "(1 / $1)", divide = "($1 / $2)" })[name])
      elseif sfx == "f16" then
        need("half")
        local e = ({ sqrt = "sqrtf($1)", recip = "(1.0f / $1)", divide = "($1 / $2)" })[name]
        e = e:gsub("%$(%d)", "spv2c_conv_f32_f16($%1)")
        return map(ins, "spv2c_conv_f16_f32_rte(" .. e .. ")")
      end
      unsupported(prefix .. name .. " on " .. sfx .. " values")
    end)
  end
end

for _, f in ipairs({ "exp", "exp2", "exp10", "log", "log2", "log10", "powr", "rsqrt" }) do
  fast(f, true)
end
for _, f in ipairs({ "sqrt", "recip", "divide" }) do
  fast(f, false)
end

-- runtime/math_trig.h
for _, f in ipairs({ "sin", "cos", "tan", "sinpi", "cospi", "tanpi", "asin", "acos", "atan",
                     "asinpi", "acospi", "atanpi", "atan2", "atan2pi" }) do
  trans(f, "math_trig")
end

-- sincos(x, T *c): sin returned, cos stored (halves: both through the odd cores)
with_out("sincos", function(sfx, x, _, o)
  need("math_trig.sincos")
  if sfx == "f16" then
    return string.format("(%s = spv2c_conv_f16_f64_rte(spv2c__cos_odd(spv2c_conv_f64_f16(%s))), "
                         .. "spv2c_conv_f16_f64_rte(spv2c__sin_odd(spv2c_conv_f64_f16(%s))))",
                         o, x, x)
  end
  return string.format("spv2c_sincos_%s(%s, &%s)", sfx, x, o)
end)

-- native_sin, native_cos, native_tan and their half_ forms: math_trig's
-- section "fast" (float), the precise functions on double and half
for _, f in ipairs({ "sin", "cos", "tan" }) do
  fast(f, true, "math_trig")
end

-- runtime/math_special.h
for _, f in ipairs({ "erf", "erfc", "lgamma", "tgamma" }) do
  trans(f, "math_special")
end

-- lgamma_r(x, int *signp): the sign of gamma(x) stored
with_out("lgamma_r", function(sfx, x, _, o)
  need("math_special.lgamma_r")
  if sfx == "f16" then
    return string.format("spv2c_conv_f16_f64_rte(spv2c__lgamma_r_odd(spv2c_conv_f64_f16(%s), &%s))",
                         x, o)
  end
  return string.format("spv2c_lgamma_r_%s(%s, &%s)", sfx, x, o)
end)

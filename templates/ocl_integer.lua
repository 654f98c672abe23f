-- ocl_integer: OpenCL.std integer functions through runtime/integer.h,
-- spv2c_<name>_<i|u><width>(...): "i" reads the bits as signed. Vector
-- operands go lane by lane; a scalar operand (clamp(v, lo, hi)) stays
-- scalar.

local function args(ins)
  local a = {}
  for k = 1, ins.n do a[k] = "$" .. k end
  return table.concat(a, ", ")
end

-- name: runtime function; s: "i" or "u"; which operand gives the width
local function int_fn(name, s, width_of)
  return function(ins)
    local t = width_of and ins[width_of].t or ins.t
    if scalar(t).kind ~= "int" then
      unsupported(ins.op .. " on " .. scalar(t).kind .. " values")
    end
    need("integer")
    return map(ins, string.format("spv2c_%s_%s%d(%s)", name, s, scalar(t).width, args(ins)))
  end
end

-- signed and unsigned pairs: s_NAME / u_NAME
for _, name in ipairs({ "abs", "abs_diff", "add_sat", "sub_sat", "hadd", "rhadd", "clamp",
                        "max", "min", "mul_hi", "mad_hi", "mad_sat" }) do
  ext("s_" .. name, int_fn(name, "i"))
  ext("u_" .. name, int_fn(name, "u"))
end

ext("clz", int_fn("clz", "u"))
ext("ctz", int_fn("ctz", "u"))
ext("popcount", int_fn("popcount", "u"))
ext("rotate", int_fn("rotate", "u"))

-- upsample(hi, lo): the result is twice the operands' width
ext("u_upsample", int_fn("upsample", "u", 1))
ext("s_upsample", int_fn("upsample", "u", 1))

-- 24-bit multiplies: OpenCL defines them on 32-bit int and uint only
local function fn24(name, s)
  local f = int_fn(name, s)
  return function(ins)
    if scalar(ins.t).width ~= 32 then
      unsupported(ins.op .. " on " .. scalar(ins.t).width .. "-bit integers")
    end
    return f(ins)
  end
end

ext("s_mul24", fn24("mul24", "i"))
ext("u_mul24", fn24("mul24", "u"))
ext("s_mad24", fn24("mad24", "i"))
ext("u_mad24", fn24("mad24", "u"))

-- the core OpBitCount is popcount (clang emits it for popcount() at -O2)
lower("OpBitCount", int_fn("popcount", "u", 1))

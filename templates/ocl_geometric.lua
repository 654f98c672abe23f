-- ocl_geometric: OpenCL.std cross, distance, length, normalize and their
-- fast_ forms (the same functions here). Vectors have at most four lanes;
-- the runtime takes them as four scalars, missing lanes 0. OpDot is core
-- (arith.lua).

local function float_sfx(ins, t)
  local sfx = scalar(t).sfx
  if sfx ~= "f32" and sfx ~= "f64" then
    unsupported(ins.op .. " on " .. (sfx == "f16" and "half" or sfx) .. " values")
  end
  return sfx
end

-- the four lanes of operand o as C arguments
local function lanes(o)
  local a = {}
  for k = 0, 3 do
    if o.t.kind ~= "vector" then
      a[k + 1] = k == 0 and o.c or "0"
    else
      a[k + 1] = k < o.t.n and (o.c .. ".s[" .. k .. "]") or "0"
    end
  end
  return table.concat(a, ", ")
end

local function length(ins)
  need("math")
  local sfx = float_sfx(ins, ins[1].t)
  return string.format("%s = spv2c_length4_%s(%s);", ins.r, sfx, lanes(ins[1]))
end

local function distance(ins)
  need("math")
  local sfx = float_sfx(ins, ins[1].t)
  return string.format("%s = spv2c_distance4_%s(%s, %s);", ins.r, sfx, lanes(ins[1]),
                       lanes(ins[2]))
end

local function normalize(ins)
  need("math")
  local sfx = float_sfx(ins, ins.t)
  local out = ins.t.kind == "vector" and ("(" .. ins.r .. ").s") or ("&(" .. ins.r .. ")")
  return string.format("spv2c_normalize4_%s(%s, %d, %s);", sfx, out, ins.t.n, lanes(ins[1]))
end

ext("length", length)
ext("fast_length", length)
ext("distance", distance)
ext("fast_distance", distance)
ext("normalize", normalize)
ext("fast_normalize", normalize)

-- cross(a, b) on 3 lanes; a 4-lane cross has w = 0
ext("cross", function(ins)
  float_sfx(ins, ins.t)
  local a, b, r = ins[1].c, ins[2].c, ins.r
  local function l(v, k) return v .. ".s[" .. k .. "]" end
  local s = {}
  for k = 0, 2 do
    local i, j = (k + 1) % 3, (k + 2) % 3
    s[#s + 1] = string.format("%s = %s * %s - %s * %s;", l(r, k), l(a, i), l(b, j), l(a, j),
                              l(b, i))
  end
  if ins.t.n == 4 then
    s[#s + 1] = l(r, 3) .. " = 0;"
  end
  return table.concat(s, "\n")
end)

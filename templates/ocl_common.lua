-- ocl_common: OpenCL.std common functions through runtime/math.h
-- (spv2c_<name>_f32/_f64). Scalar operands mixed with vectors
-- (mix(v, v, a), fclamp(v, lo, hi), step(edge, v)) stay scalar. Halves go
-- through float and round back once.

local function args(ins, half)
  local a = {}
  for k = 1, ins.n do
    a[k] = half and ("spv2c_conv_f32_f16($" .. k .. ")") or ("$" .. k)
  end
  return table.concat(a, ", ")
end

local function common(name, fn)
  ext(name, function(ins)
    local sfx = scalar(ins.t).sfx
    need("math")
    if sfx == "f16" and (fn == "degrees" or fn == "radians") then
      -- rounded to odd in double, then once to half: correctly rounded
      -- (runtime/math.h); through float it would be rounded twice
      need("half")
      return map(ins, "spv2c_conv_f16_f64_rte(spv2c__" .. fn .. "_odd(spv2c_conv_f64_f16($1)))")
    elseif sfx == "f16" then
      need("half")
      return map(ins, "spv2c_conv_f16_f32_rte(spv2c_" .. fn .. "_f32(" .. args(ins, true) .. "))")
    elseif sfx ~= "f32" and sfx ~= "f64" then
      unsupported(name .. " on " .. sfx .. " values")
    end
    return map(ins, "spv2c_" .. fn .. "_" .. sfx .. "(" .. args(ins) .. ")")
  end)
end

common("fclamp", "fclamp")
common("fmax_common", "fmax")
common("fmin_common", "fmin")
common("mix", "mix")
common("step", "step")
common("smoothstep", "smoothstep")
common("sign", "sign")
common("degrees", "degrees")
common("radians", "radians")

-- image: image reads, writes and queries through runtime/image.h. An
-- image value is the public struct (spv2c_image_), a sampler its OpenCL C
-- bit field (uint32_t), a sampled image both (spv2c_sampled_). A read
-- passes the coordinate's lanes (x, y, z: missing ones 0) and gets the
-- four lanes of its result written through `.s`; the image type's `dims`
-- and `arrayed` say which lane is the layer.

-- the image operands an OpenCL module may carry: Lod 0 (2) and the
-- SignExtend/ZeroExtend hints (0x1000, 0x2000), which the format decides
-- anyway; anything else is unsupported
local function operands_ok(ins, first)
  local o = ins[first]
  if not o then return true end
  local mask = o.lit
  if mask & ~(0x2 | 0x1000 | 0x2000) ~= 0 then
    unsupported(string.format("image operands 0x%x (only Lod 0)", mask))
  end
  if mask & 0x2 ~= 0 then
    local lod = ins[first + 1]
    if not lod or not (lod.c == "0" or lod.c:match("^0x0p%+0f?$") or lod.c:match("^0%.0*f?$")) then
      unsupported("an image read with a level of detail other than the constant 0")
    end
  end
  return true
end

local function lanes(o)
  if o.t.kind ~= "vector" then return o.c, "0", "0" end
  local y = o.c .. ".s[1]"
  local z = o.t.n > 2 and o.c .. ".s[2]" or "0"
  return o.c .. ".s[0]", y, z
end

-- the result's (or a written texel's) lane kind: float, half (read_imageh,
-- write_imageh: the float path, the lanes converted exactly to float or
-- to half by round to nearest even), or integer
local function texel_kind(t, what)
  if t.kind ~= "vector" or t.n ~= 4 then unsupported(what .. " of a " .. t.c) end
  local e = t.elem
  if e.kind == "float" and e.width == 32 then return "float" end
  if e.kind == "float" and e.width == 16 then return "half" end
  if e.kind == "int" and e.width == 32 then return "int" end
  unsupported(what .. " with " .. e.c .. " texels")
end

local function image_type(t)
  if t.kind == "sampled_image" then return t.elem end
  return t
end

-- fn(im, smp, dims, arrayed, x, y, z, fl, f, u) into ins.r
local function read_call(ins, fn, im, smp, it, coord)
  local kind = texel_kind(ins.t, "an image read")
  local fl = kind ~= "int"
  local x, y, z = lanes(coord)
  local out = ins.r and ins.r .. ".s" or nil
  if not out then return "" end
  need("image")
  local call = ccall(fn, { "&" .. im, smp, tostring(it.dims), it.arrayed and "1" or "0", x, y, z,
                           fl and "1" or "0", kind == "half" and "h_" or fl and out or "0",
                           fl and "0" or out })
  if kind ~= "half" then return call end
  return "{\nfloat h_[4];\nunsigned k_;\n" .. call ..
         "\nfor (k_ = 0; k_ < 4; k_++)\n    " .. out .. "[k_] = spv2c_conv_f16_f32_rte(h_[k_]);\n}"
end

lower("OpSampledImage", function(ins)
  need("image")
  return ins.r .. ".im = " .. ins[1].c .. ";\n" .. ins.r .. ".smp = " .. ins[2].c .. ";"
end)

lower("OpImageSampleExplicitLod", function(ins)
  operands_ok(ins, 3)
  local si, coord = ins[1], ins[2]
  local it = image_type(si.t)
  local e = coord.t.kind == "vector" and coord.t.elem or coord.t
  local fn = e.kind == "float" and "spv2c_img_sample" or "spv2c_img_read"
  return read_call(ins, fn, si.c .. ".im", si.c .. ".smp", it, coord)
end)

-- under --checked: an integer coordinate outside the image on a write or
-- a read without a sampler (runtime/check.h, spv2c_ck_img_)
local function check_img(ins, im, coord, write)
  if not ins.checked then return "" end
  local x, y, z = lanes(coord)
  local w = wi()
  return ccall("spv2c_ck_img_", { w .. "->kernel_", w .. "->gid_",
                                  '"' .. check_where(ins) .. '"', "&" .. im.c,
                                  tostring(im.t.dims), im.t.arrayed and "1" or "0", x, y, z,
                                  write and "1" or "0" }) .. "\n"
end

lower("OpImageRead", function(ins)
  operands_ok(ins, 3)
  local coord = ins[2]
  local e = coord.t.kind == "vector" and coord.t.elem or coord.t
  if e.kind ~= "int" then unsupported("OpImageRead with float coordinates") end
  return check_img(ins, ins[1], coord, false) ..
         read_call(ins, "spv2c_img_read", ins[1].c, "0", ins[1].t, coord)
end)

lower("OpImageWrite", function(ins)
  operands_ok(ins, 4)
  local im, coord, v = ins[1], ins[2], ins[3]
  local kind = texel_kind(v.t, "an image write")
  local fl = kind ~= "int"
  local x, y, z = lanes(coord)
  need("image")
  local tmp = fl and "float" or "uint32_t"
  local ck = check_img(ins, im, coord, true)
  local lane = kind == "half" and "spv2c_conv_f32_f16(%s.s[k_])" or "%s.s[k_]"
  return ck .. string.format("{\n%s t_[4];\nunsigned k_;\nfor (k_ = 0; k_ < 4; k_++)\n" ..
                             "    t_[k_] = " .. lane .. ";\n", tmp, v.c) ..
         ccall("spv2c_img_write", { "&" .. im.c, tostring(im.t.dims), im.t.arrayed and "1" or "0",
                                    x, y, z, fl and "1" or "0", fl and "t_" or "0",
                                    fl and "0" or "t_" }) .. "}"
end)

-- width, height, depth (3-D) and the layer count (arrays), in that order
local function size_lanes(it)
  local l = { "width" }
  if it.dims > 1 then l[#l + 1] = "height" end
  if it.dims > 2 then l[#l + 1] = "depth" end
  if it.arrayed then l[#l + 1] = "array_size" end
  return l
end

local function query_size(ins)
  local it = image_type(ins[1].t)
  local l, t = size_lanes(it), ins.t
  local n = t.kind == "vector" and t.n or 1
  local e = scalar(t).c
  if n ~= #l then unsupported("an image size query of " .. n .. " lanes for " .. #l) end
  if n == 1 then return string.format("%s = (%s)%s.%s;", ins.r, e, ins[1].c, l[1]) end
  local out = {}
  for k = 1, n do
    out[k] = string.format("%s.s[%d] = (%s)%s.%s;", ins.r, k - 1, e, ins[1].c, l[k])
  end
  if n == 3 then out[4] = ins.r .. ".s[3] = 0;" end
  return table.concat(out, "\n")
end

-- OpImageQuerySize: the images without a level of detail (image1d_buffer_t)
lower("OpImageQuerySize", query_size)

lower("OpImageQuerySizeLod", function(ins)
  if ins[2].c ~= "0" and ins[2].c ~= "0u" then
    unsupported("an image size query at a level of detail other than the constant 0")
  end
  return query_size(ins)
end)

-- SPIR-V's ImageChannelDataType and ImageChannelOrder: OpenCL's values
-- less CL_SNORM_INT8 (0x10D0) and CL_R (0x10B0)
lower("OpImageQueryFormat", function(ins)
  return string.format("%s = (%s)(%s.type - 0x10D0u);", ins.r, ins.t.c, ins[1].c)
end)
lower("OpImageQueryOrder", function(ins)
  return string.format("%s = (%s)(%s.order - 0x10B0u);", ins.r, ins.t.c, ins[1].c)
end)

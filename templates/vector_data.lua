-- vector_data: the OpenCL.std vector data load and store family.
--
-- vloadn/vstoren read and write n elements at p + offset * n (3 as well),
-- assuming only element alignment: memcpy does exactly that.
-- The half functions call the array entry points of runtime/half.h:
--   spv2c_vload_halfn_f32_x(isa, float *dst, const uint16_t *src, size_t n)
--   spv2c_vstore_halfn_f32_rtz_x(isa, uint16_t *dst, const float *src, size_t n)
-- (and _f64, and every mode), which take the fast path when the C compiler
-- targets one, or, with isa = SPV2C_F16_ISA_(wi), the F16C path chosen at
-- run time in the kernel's AVX2/F16C clone. vloada/vstorea with n = 3 address p + offset * 4; vstorea_half3
-- leaves the fourth (padding) half untouched.
-- Under --checked (ins.checked) each function first verifies its address's
-- alignment: the element's for vloadn/vstoren and the unaligned half
-- functions, the vector's for vloada/vstorea (n = 3 counting as 4).
-- Retarget these to your own intrinsics by overriding this one file
-- (docs/design/vector-data.md, "The vector data family").

local modes = { [0] = "rte", "rtz", "rtp", "rtn" }   -- SPIR-V FPRoundingMode order

-- the C address p + offset * stride
local function at(p, off, stride)
  if stride == 1 then return string.format("(%s + (size_t)%s)", p.c, off.c) end
  return string.format("(%s + (size_t)%s * %d)", p.c, off.c, stride)
end

-- the alignment check of the checking mode ("" without --checked)
-- and the memory check of its size bytes from pointer operand p, flags
-- "READ" or "WRITE" (check_access, prelude.lua)
local function check(ins, what, addr, align, p, size, flags)
  if not ins.checked then return "" end
  local a = string.format('spv2c_check_align_(%s->kernel_, "%s", %s->gid_, %s, %d);\n',
                          wi(), what, wi(), addr, align)
  -- an access a chunk of work-items checked before it ran (src/hoist.c)
  if ins.hoisted then a = "if (!" .. wi() .. "->ckfast_)\n    " .. a end
  return a .. check_access(ins, p, addr, size, flags, what)
end

-- p must point to half
local function half_ptr(ins, p)
  local e = p.t.pointee
  if not (e and e.kind == "float" and e.width == 16) then
    unsupported(ins.op .. " through a pointer to " .. (e and e.c or "?") .. ", not half")
  end
end

-- the runtime suffix of a float or double value (scalar or vector)
local function fsfx(ins, t)
  local e = scalar(t)
  if e.kind == "float" and (e.width == 32 or e.width == 64) then return e.sfx end
  unsupported(ins.op .. " on " .. t.c .. " (float or double only)")
end

-- the rounding mode: the literal operand of the _r forms, else rte
local function mode(ins, k)
  if not ins[k] then return "rte" end
  local m = modes[ins[k].lit]
  if not m then unsupported(ins.op .. ": rounding mode " .. tostring(ins[k].lit)) end
  return m
end

-- an array of the lanes of a stored value: pre (statements), the pointer
local function lanes_of(data)
  local vec = data.t.kind == "vector"
  if data.obj then return "", vec and (data.c .. ".s") or ("&" .. data.c) end
  return string.format("%s t_ = %s;\n", data.t.c, data.c), vec and "t_.s" or "&t_"
end

ext("vloadn", function(ins)
  local off, p, n = ins[1], ins[2], ins[3].lit
  local a = at(p, off, n)
  local size = string.format("%d * sizeof *%s", n, p.c)
  if not ins.r then return check(ins, "vload" .. n, a, p.t.pointee.align, p, size, "READ") end
  local s = check(ins, "vload" .. n, a, p.t.pointee.align, p, size, "READ") ..
            string.format("memcpy(&%s, %s, %d * sizeof *%s);", ins.r, a, n, p.c)
  if n == 3 then s = s .. "\n" .. ins.r .. ".s[3] = 0;" end
  return s
end)

ext("vstoren", function(ins)
  local data, off, p = ins[1], ins[2], ins[3]
  local n = data.t.n
  local a = at(p, off, n)
  local c = check(ins, "vstore" .. n, a, p.t.pointee.align, p,
                  string.format("%d * sizeof *%s", n, p.c), "WRITE")
  if data.obj then
    return c .. string.format("memcpy(%s, &%s, %d * sizeof *%s);", a, data.c, n, p.c)
  end
  return string.format("{ %s t_ = %s;\n%smemcpy(%s, &t_, %d * sizeof *%s); }",
                       data.t.c, data.c, c, a, n, p.c)
end)

-- vload_half, vload_halfn, vloada_halfn: n halves to float (or double) lanes
local function load_half(ins, n, aligned)
  local off, p = ins[1], ins[2]
  half_ptr(ins, p)
  need("half")
  local sfx = fsfx(ins, ins.t)
  local slots = n == 3 and 4 or n
  local a = at(p, off, aligned and slots or n)
  local what = (aligned and "vloada_half" or "vload_half") .. (ins.op == "vload_half" and "" or n)
  local c = check(ins, what, a, aligned and 2 * slots or 2, p, tostring(2 * n), "READ")
  if not ins.r then return c end
  local dst = ins.t.kind == "vector" and (ins.r .. ".s") or ("&" .. ins.r)
  local s = c ..
            string.format("spv2c_vload_halfn_%s_x(SPV2C_F16_ISA_(%s), %s, %s, %d);", sfx, wi(), dst, a,
                          n)
  if n == 3 then s = s .. "\n" .. ins.r .. ".s[3] = 0;" end
  return s
end

ext("vload_half", function(ins) return load_half(ins, 1, false) end)
ext("vload_halfn", function(ins) return load_half(ins, ins[3].lit, false) end)
ext("vloada_halfn", function(ins) return load_half(ins, ins[3].lit, true) end)

-- vstore_half[n][_r], vstorea_halfn[_r]: float or double lanes to halves
local function store_half(ins, aligned, rk)
  local data, off, p = ins[1], ins[2], ins[3]
  half_ptr(ins, p)
  need("half")
  local sfx = fsfx(ins, data.t)
  local m = mode(ins, rk)
  local n = data.t.kind == "vector" and data.t.n or 1
  local slots = n == 3 and 4 or n
  local a = at(p, off, aligned and slots or n)
  local what = (aligned and "vstorea_half" or "vstore_half") ..
               (data.t.kind == "vector" and n or "") .. (rk and ("_" .. m) or "")
  local pre, src = lanes_of(data)
  local body = check(ins, what, a, aligned and 2 * slots or 2, p, tostring(2 * n), "WRITE") ..
               string.format("spv2c_vstore_halfn_%s_%s_x(SPV2C_F16_ISA_(%s), %s, %s, %d);",
                             sfx, m, wi(), a, src, n)
  if pre == "" then return body end
  return "{ " .. pre .. body .. " }"
end

ext("vstore_half", function(ins) return store_half(ins, false, nil) end)
ext("vstore_half_r", function(ins) return store_half(ins, false, 4) end)
ext("vstore_halfn", function(ins) return store_half(ins, false, nil) end)
ext("vstore_halfn_r", function(ins) return store_half(ins, false, 4) end)
ext("vstorea_halfn", function(ins) return store_half(ins, true, nil) end)
ext("vstorea_halfn_r", function(ins) return store_half(ins, true, 4) end)

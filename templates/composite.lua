-- composite: extract, insert, construct, shuffles, dynamic lane access,
-- copies and bitcasts. Vectors are structs with an array `s`, arrays
-- structs with an array `a`, struct members are m0, m1, ...

-- the C access path of literal indices through a type
local function path(t, ins, from)
  local p = {}
  for k = from, ins.n do
    local i = ins[k].lit
    if t.kind == "vector" then p[#p + 1] = ".s[" .. i .. "]"; t = t.elem
    elseif t.kind == "array" then p[#p + 1] = ".a[" .. i .. "]"; t = t.elem
    elseif t.kind == "struct" then p[#p + 1] = ".m" .. i; t = t.members[i + 1].t
    else error("composite index into a " .. t.kind) end
  end
  return table.concat(p)
end

lower("OpCompositeExtract", function(ins)
  return ins.r .. " = " .. ins[1].c .. path(ins[1].t, ins, 2) .. ";"
end)

lower("OpCompositeInsert", function(ins)
  return ins.r .. " = " .. ins[2].c .. ";\n" .. ins.r .. path(ins[2].t, ins, 3) .. " = " .. ins[1].c .. ";"
end)

lower("OpCompositeConstruct", function(ins)
  local t, out = ins.t, {}
  if t.kind == "vector" then
    local lane = 0
    for k = 1, ins.n do
      local o = ins[k]
      if o.t.kind == "vector" then
        for j = 0, o.t.n - 1 do
          out[#out + 1] = string.format("%s.s[%d] = %s.s[%d];", ins.r, lane, o.c, j)
          lane = lane + 1
        end
      else
        out[#out + 1] = string.format("%s.s[%d] = %s;", ins.r, lane, o.c)
        lane = lane + 1
      end
    end
    if t.n == 3 then out[#out + 1] = ins.r .. ".s[3] = 0;" end
  elseif t.kind == "array" then
    for k = 1, ins.n do out[#out + 1] = string.format("%s.a[%d] = %s;", ins.r, k - 1, ins[k].c) end
  elseif t.kind == "struct" then
    out[#out + 1] = "memset(&" .. ins.r .. ", 0, sizeof " .. ins.r .. ");"
    for k = 1, ins.n do out[#out + 1] = string.format("%s.m%d = %s;", ins.r, k - 1, ins[k].c) end
  else
    unsupported("OpCompositeConstruct of a " .. t.kind)
  end
  return table.concat(out, "\n")
end)

lower("OpVectorShuffle", function(ins)
  local a, b, out = ins[1], ins[2], {}
  local na, read = a.t.n, {}
  for k = 3, ins.n do
    local c, src = ins[k].lit
    if c == 0xffffffff then src = "0"
    elseif c < na then src, read[1] = a.c .. ".s[" .. c .. "]", true
    else src, read[2] = b.c .. ".s[" .. (c - na) .. "]", true end
    out[#out + 1] = string.format("%s.s[%d] = %s;", ins.r, k - 3, src)
  end
  if ins.t.n == 3 then out[#out + 1] = ins.r .. ".s[3] = 0;" end
  -- an operand no component selects is still a use: a variable set only
  -- for it would be set but not used (gcc -Wunused-but-set-variable)
  for k = 2, 1, -1 do
    if not read[k] and ins[k].obj then table.insert(out, 1, "(void)" .. ins[k].c .. ";") end
  end
  return table.concat(out, "\n")
end)

lower("OpVectorExtractDynamic", function(ins)
  return string.format("%s = (size_t)%s < %d ? %s.s[(size_t)%s] : 0;", ins.r, ins[2].c, ins[1].t.n,
                       ins[1].c, ins[2].c)
end)

lower("OpVectorInsertDynamic", function(ins)
  return string.format("%s = %s;\nif ((size_t)%s < %d)\n    %s.s[(size_t)%s] = %s;", ins.r, ins[1].c,
                       ins[3].c, ins.t.n, ins.r, ins[3].c, ins[2].c)
end)

lower("OpCopyObject", function(ins) return ins.r .. " = " .. ins[1].c .. ";" end)

-- bit-for-bit reinterpretation; pointers are plain casts
lower("OpBitcast", function(ins)
  local from, to = ins[1].t, ins.t
  if to.kind == "pointer" and from.kind == "pointer" then
    return string.format("%s = (%s)(void *)%s;", ins.r, to.c, ins[1].c)
  end
  if to.kind == "pointer" or from.kind == "pointer" then
    return string.format("%s = (%s)(uintptr_t)%s;", ins.r, to.c, ins[1].c)
  end
  if ins[1].obj then
    return string.format("memcpy(&%s, &%s, sizeof %s);", ins.r, ins[1].c, ins.r)
  end
  return string.format("{ %s t_ = %s; memcpy(&%s, &t_, sizeof %s); }", from.c, ins[1].c, ins.r, ins.r)
end)

-- OpenCL.std shuffle and shuffle2: only the low bits of each mask lane count
ext("shuffle", function(ins)
  local x, mask = ins[1], ins[2]
  return string.format("{ unsigned k_; for (k_ = 0; k_ < %d; k_++) %s.s[k_] = %s.s[%s.s[k_] & %du]; }",
                       ins.t.n, ins.r, x.c, mask.c, x.t.n - 1)
end)

-- shuffle2 picks from one array holding both inputs: gcc 12 at -O3 with
-- AVX-512 turned `i < n ? x.s[i] : y.s[i - n]` into one index past the end
-- of x into y's stack slot, then moved the loads above y's store
ext("shuffle2", function(ins)
  local x, y, mask = ins[1], ins[2], ins[3]
  local m = x.t.n
  return string.format("{ %s c_[%d]; unsigned k_; for (k_ = 0; k_ < %d; k_++) { c_[k_] = %s.s[k_]; "
                       .. "c_[k_ + %d] = %s.s[k_]; } "
                       .. "for (k_ = 0; k_ < %d; k_++) %s.s[k_] = c_[%s.s[k_] & %du]; }",
                       x.t.elem.c, 2 * m, m, x.c, m, y.c, ins.t.n, ins.r, mask.c, 2 * m - 1)
end)

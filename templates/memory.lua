-- memory: loads, stores, copies, access chains and pointer conversions.
-- Loads and stores go through memcpy: type punning through pointer casts is
-- then defined C and compilers emit plain moves (an access less aligned than
-- its type: address, below).

-- under --checked: an uninitialised read of a struct, an array or a
-- 3-vector is one none of whose bytes was set (their padding never is)
local function whole(t)
  if t.kind == "struct" or t.kind == "array" or (t.kind == "vector" and t.n == 3) then
    return " WHOLE"
  end
  return ""
end

-- The C of an access's address. A vector's C type is aligned as in OpenCL
-- (runtime/base.h, SPV2C_ALIGN_), and C compilers take the alignment of a
-- memcpy's pointer from its type; an access whose Aligned operand (mask,
-- the MemoryAccess operand; align, the literal after it) is below its
-- type's alignment (`*(global uint4 *)(p + 1)`, stored Aligned 4) has its
-- address pass through uintptr_t, from which they derive none.
local function address(p, mask, align)
  local t = p.t and p.t.pointee
  if mask and mask.lit and mask.lit & 2 ~= 0 and align and align.lit and t and t.align and
     align.lit < t.align then
    return "(void *)(uintptr_t)(" .. p.c .. ")"
  end
  return p.c
end

lower("OpLoad", function(ins)
  -- a builtin variable (ins[1].builtin: the work-item state's field, or
  -- its copy bi_X in work-item loops): a plain read keeps it in registers
  if ins[1].builtin then
    local field = ins[1].c:match("^%(&(.+)%)$")
    return ins.r .. " = " .. (field or ("*" .. ins[1].c)) .. ";"
  end
  -- a load clang speculated (its value only chosen by a select) may read
  -- memory never written, and a load that only copies (ins.copy: clang -O0's
  -- `x.s0 = ...` loads x, inserts a lane, stores x) copies such bytes back:
  -- no uninitialised-read check (NOINIT)
  return check_access(ins, ins[1], nil, "sizeof " .. ins.r,
                      "READ" .. whole(ins.t) .. ((ins.speculative or ins.copy) and " NOINIT" or "")) ..
         string.format("memcpy(&%s, %s, sizeof %s);", ins.r, address(ins[1], ins[2], ins[3]), ins.r)
end)

-- under --checked, the store that ends a copy (ins.copy_set, the mask of
-- the lanes it changes): the bytes of the lanes it keeps stay as they were
-- (initialised or not), those it changes are set
local function check_store(ins, v, size)
  -- a private variable's bytes a load of the block just checked
  -- (ins.covered, src/lower.c covered_store): nothing to check or set
  if ins.covered then return "" end
  if not ins.copy_set then return check_access(ins, ins[1], nil, size, "WRITE") end
  local s = check_access(ins, ins[1], nil, size, "WRITE NOINIT")
  for k = 0, v.t.n - 1 do
    if ins.copy_set & (1 << k) ~= 0 then
      s = s .. check_access(ins, ins[1], string.format("((const unsigned char *)%s + %d)", ins[1].c,
                                                       k * v.t.elem.size),
                            tostring(v.t.elem.size), "WRITE")
    end
  end
  return s
end

lower("OpStore", function(ins)
  local v, to = ins[2], address(ins[1], ins[3], ins[4])
  if v.obj then
    -- a pointer value may be a `T * restrict` parameter: &v is then a pointer
    -- to a restrict-qualified type, which memcpy's `const void *` discards
    -- (-Wdiscarded-qualifiers); the cast says it is meant
    local src = v.t.kind == "pointer" and "(const void *)&" or "&"
    return check_store(ins, v, "sizeof " .. v.c) ..
           string.format("memcpy(%s, %s%s, sizeof %s);", to, src, v.c, v.c)
  end
  return check_store(ins, v, "sizeof(" .. v.t.c .. ")") ..
         string.format("{ %s t_ = %s; memcpy(%s, &t_, sizeof t_); }", v.t.c, v.c, to)
end)

lower("OpCopyMemory", function(ins)
  local n = "sizeof *" .. ins[1].c
  return check_access(ins, ins[2], nil, n, "READ WHOLE") .. check_access(ins, ins[1], nil, n, "WRITE") ..
         string.format("memmove(%s, %s, sizeof *%s);", address(ins[1], ins[3], ins[4]),
                       address(ins[2], ins[3], ins[4]), ins[1].c)
end)

lower("OpCopyMemorySized", function(ins)
  local n = "(size_t)" .. ins[3].c
  return check_access(ins, ins[2], nil, n, "READ WHOLE") .. check_access(ins, ins[1], nil, n, "WRITE") ..
         string.format("memmove(%s, %s, (size_t)%s);", address(ins[1], ins[4], ins[5]),
                       address(ins[2], ins[4], ins[5]), ins[3].c)
end)

-- an index as a signed C offset (SPIR-V indices are signed)
local function index(o)
  if not o.t or o.t.kind ~= "int" then unsupported("an access chain index that is not an integer") end
  if o.t.width == 64 then return string.format("(ptrdiff_t)%s", o.c) end
  return string.format("(ptrdiff_t)spv2c_sext(%s, %d)", o.c, o.t.width)
end

-- a constant index outside its array or vector: the access is undefined
-- only if it runs, but a C subscript out of bounds makes compilers warn
-- (clang -Warray-bounds, gcc -Wstringop-overflow), so such an element's
-- address is computed as an integer
local function outside(t, o)
  if o.k == nil or not t.n or t.n <= 0 then return false end
  local k, w = o.k, o.t.width
  if w < 64 and k >= (1 << (w - 1)) then k = k - (1 << w) end
  return k < 0 or k >= t.n
end

-- the lvalue lv followed along id indices through its type t, from
-- operand `from`
local function chain(t, ins, from, lv)
  for k = from, ins.n do
    local o = ins[k]
    if t.kind == "struct" then
      if o.k == nil then error("struct member index is not a constant") end
      lv = lv .. ".m" .. o.k
      t = t.members[o.k + 1].t
    -- indices are signed in SPIR-V (a negative one on a path never taken
    -- must stay a small offset: unsigned, it overflows TLS relocations)
    elseif t.kind == "array" or t.kind == "vector" then
      local f = t.kind == "array" and ".a" or ".s"
      if outside(t, o) then
        lv = string.format("(*(%s *)((uintptr_t)%s%s + (uintptr_t)%s * sizeof(%s)))",
                           t.elem.c, lv, f, index(o), t.elem.c)
      else
        lv = lv .. f .. "[" .. index(o) .. "]"
      end
      t = t.elem
    else
      unsupported("access chain into a " .. t.kind)
    end
  end
  return lv
end

local function access_chain(ins)
  if ins.n == 1 then return ins.r .. " = " .. ins[1].c .. ";" end
  return string.format("%s = &%s;", ins.r, chain(ins[1].t.pointee, ins, 2, "(*" .. ins[1].c .. ")"))
end

-- a constant element index 2 GiB or more away from the pointer, on any
-- pointer: past every object a kernel addresses with a constant (the
-- fuzzer offset a __local pointer by 0x3f800000000019e0 bytes; gcc saw
-- the arena's 64 KiB and warned -Wstringop-overread on a copy from it)
local function far(p, o)
  if o.k == nil or not (p.t.pointee and p.t.pointee.size) then return false end
  local k, w = o.k, o.t.width
  if w < 64 and k >= (1 << (w - 1)) then k = k - (1 << w) end
  local lim = (1 << 31) // math.max(p.t.pointee.size, 1)
  return k >= lim or k <= -lim
end

-- the element index of a pointer access chain on a variable's address: the
-- variable is one object, so a constant index other than 0 is outside it
-- (undefined only if it runs); as a C subscript or pointer sum gcc warns
-- (-Wstringop-overflow), so the address is computed as an integer; so is
-- a far one on any pointer
local function outside_var(ins)
  local p, o = ins[1], ins[2]
  if not (p.var and outside({ n = 1 }, o) or far(p, o)) then return nil end
  return string.format("((%s)((uintptr_t)%s + (uintptr_t)%s * sizeof *%s))",
                       p.t.c, p.c, index(o), p.c)
end

local function ptr_access_chain(ins)
  local past = outside_var(ins)
  if ins.n == 2 then
    return string.format("%s = %s;", ins.r, past or (ins[1].c .. " + " .. index(ins[2])))
  end
  local base = past and "(*" .. past .. ")" or string.format("(%s)[%s]", ins[1].c, index(ins[2]))
  return string.format("%s = &%s;", ins.r, chain(ins[1].t.pointee, ins, 3, base))
end

lower("OpAccessChain", access_chain)
lower("OpInBoundsAccessChain", access_chain)
lower("OpPtrAccessChain", ptr_access_chain)
lower("OpInBoundsPtrAccessChain", ptr_access_chain)

local function ptr_cast(ins)
  return string.format("%s = (%s)(void *)%s;", ins.r, ins.t.c, ins[1].c)
end
lower("OpPtrCastToGeneric", ptr_cast)
lower("OpGenericCastToPtr", ptr_cast)
-- OpenCL C 2.0 to_global, to_local, to_private: NULL when the generic
-- pointer points into another address space (runtime/exec.h says how the
-- space is known)
local spaces = { CrossWorkgroup = "GLOBAL", Workgroup = "LOCAL", Function = "PRIVATE" }
lower("OpGenericCastToPtrExplicit", function(ins)
  local space = spaces[ins.t.sc]
  if not space then unsupported("OpGenericCastToPtrExplicit to storage class " .. tostring(ins.t.sc)) end
  return string.format("%s = (%s)spv2c_to_space_((void *)%s, SPV2C_SPACE_%s_);", ins.r, ins.t.c,
                       ins[1].c, space)
end)

lower("OpConvertPtrToU", function(ins)
  return string.format("%s = (%s)(uintptr_t)%s;", ins.r, ins.t.c, ins[1].c)
end)
lower("OpConvertUToPtr", function(ins)
  return string.format("%s = (%s)(uintptr_t)%s;", ins.r, ins.t.c, ins[1].c)
end)

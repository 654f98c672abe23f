-- atomic: OpAtomic* on 32- and 64-bit integers (and float load, store,
-- exchange through their bits), as OpenCL C 1.2 atomic_*/atom_* and 2.0
-- atomic_*_explicit produce them. Operands: pointer, scope, semantics
-- (two for compare-exchange), then the values. Scope and semantics are
-- ignored: runtime/atomic.h is sequentially consistent. Global and generic
-- pointers use spv2c_atomic_* (real atomics under SPV2C_THREADS), local and
-- private ones spv2c_latomic_* (a work-group runs on one thread).

-- the runtime family for the pointer's storage class
local function family(p)
  local sc = p.t.sc
  if sc == "Workgroup" or sc == "Function" then return "spv2c_latomic_" end
  return "spv2c_atomic_"
end

-- the value type: a 32- or 64-bit integer or float
local function value_type(ins, t)
  if (t.kind ~= "int" and t.kind ~= "float") or (t.width ~= 32 and t.width ~= 64) then
    unsupported(ins.op .. " on a " .. (t.width and (t.width .. "-bit ") or "") .. t.kind
                .. " value (only 32- and 64-bit integers and floats)")
  end
  return t
end

-- a value as its unsigned storage, and back
local function to_bits(t, c)
  if t.kind == "float" then return "spv2c_" .. t.sfx .. "_bits(" .. c .. ")" end
  return c
end
local function from_bits(t, c)
  if t.kind == "float" then return "spv2c_bits_" .. t.sfx .. "(" .. c .. ")" end
  return c
end

-- under --checked: the address must be naturally aligned
local function check(ins, t)
  if not ins.checked then return "" end
  local w = wi()
  return string.format("spv2c_check_align_(%s->kernel_, \"%s\", %s->gid_, %s, %d);\n",
                       w, ins.op, w, ins[1].c, t.width // 8) ..
         check_access(ins, ins[1], nil, tostring(t.width // 8), "ATOMIC")
end

-- the call's result into ins.r (or discarded)
local function result(ins, t, call)
  if not ins.r then return "(void)" .. call .. ";" end
  return ins.r .. " = " .. from_bits(t, call) .. ";"
end

-- an integer read-modify-write: NAME is the runtime operation, SIGNED picks
-- the _i suffix (signed min/max), VALUE the C operand (default ins[4]; a
-- constant 1u converts to either width)
local function rmw(op, name, signed, value)
  lower(op, function(ins)
    local t = value_type(ins, ins.t)
    if t.kind ~= "int" then unsupported(op .. " on a float value") end
    need("atomic")
    local sfx = (signed and "i" or "u") .. t.width
    return check(ins, t) .. result(ins, t, string.format("%s%s_%s(%s, %s)",
        family(ins[1]), name, sfx, ins[1].c, value or ins[4].c))
  end)
end

rmw("OpAtomicIAdd", "add")
rmw("OpAtomicISub", "sub")
rmw("OpAtomicAnd", "and")
rmw("OpAtomicOr", "or")
rmw("OpAtomicXor", "xor")
rmw("OpAtomicUMin", "min")
rmw("OpAtomicUMax", "max")
rmw("OpAtomicSMin", "min", true)
rmw("OpAtomicSMax", "max", true)
rmw("OpAtomicIIncrement", "add", false, "1u")
rmw("OpAtomicIDecrement", "sub", false, "1u")

lower("OpAtomicLoad", function(ins)
  local t = value_type(ins, ins.t)
  need("atomic")
  return check(ins, t) .. result(ins, t, string.format("%sload_u%d(%s)",
      family(ins[1]), t.width, ins[1].c))
end)

lower("OpAtomicStore", function(ins)
  local t = value_type(ins, ins[4].t)
  need("atomic")
  return check(ins, t) .. string.format("%sstore_u%d(%s, %s);",
      family(ins[1]), t.width, ins[1].c, to_bits(t, ins[4].c))
end)

lower("OpAtomicExchange", function(ins)
  local t = value_type(ins, ins.t)
  need("atomic")
  return check(ins, t) .. result(ins, t, string.format("%sxchg_u%d(%s, %s)",
      family(ins[1]), t.width, ins[1].c, to_bits(t, ins[4].c)))
end)

-- operands: pointer, scope, equal semantics, unequal semantics, value,
-- comparator; the result is the original value
local function cmpxchg(ins)
  local t = value_type(ins, ins.t)
  if t.kind ~= "int" then unsupported(ins.op .. " on a float value") end
  need("atomic")
  return check(ins, t) .. result(ins, t, string.format("%scmpxchg_u%d(%s, %s, %s)",
      family(ins[1]), t.width, ins[1].c, ins[6].c, ins[5].c))
end
lower("OpAtomicCompareExchange", cmpxchg)
lower("OpAtomicCompareExchangeWeak", cmpxchg)   -- never fails spuriously here

-- atomic_flag (OpenCL C 2.0): a 32-bit integer, set = 1, clear = 0
lower("OpAtomicFlagTestAndSet", function(ins)
  need("atomic")
  local call = string.format("%sxchg_u32(%s, 1u)", family(ins[1]), ins[1].c)
  local c = ins.checked and string.format(
    "spv2c_check_align_(%s->kernel_, \"%s\", %s->gid_, %s, 4);\n", wi(), ins.op, wi(), ins[1].c) or ""
  if not ins.r then return c .. "(void)" .. call .. ";" end
  return c .. ins.r .. " = " .. call .. " != 0;"
end)

lower("OpAtomicFlagClear", function(ins)
  need("atomic")
  local c = ins.checked and string.format(
    "spv2c_check_align_(%s->kernel_, \"%s\", %s->gid_, %s, 4);\n", wi(), ins.op, wi(), ins[1].c) or ""
  return c .. string.format("%sstore_u32(%s, 0u);", family(ins[1]), ins[1].c)
end)

-- prelude: helpers every template file sees (run first, in the file's own
-- environment). Host functions already there: lower(op, fn), ext(name, fn),
-- need(part), unsupported(msg). See docs/design/templates.md, "The
-- template interface".

function scalar(t)
  if t.kind == "vector" then return t.elem end
  return t
end

-- the signed C type of a scalar integer type's width
function signed(t)
  return "int" .. scalar(t).width .. "_t"
end

-- the unsigned type integer arithmetic is done in: never narrower than 32
-- bits, so 8- and 16-bit operands never promote to (signed) int
function arith(t)
  return scalar(t).width > 32 and "uint64_t" or "uint32_t"
end

-- the sign bit of a width, as a C constant of the arithmetic type
function signbit_c(t)
  local w = scalar(t).width
  if w == 64 then return "UINT64_C(0x8000000000000000)" end
  return string.format("0x%xu", 1 << (w - 1))
end

local function lane(o, k)
  if o.t and o.t.kind == "vector" and k then return o.c .. ".s[" .. k .. "]" end
  return o.c
end

-- expand $1..$9 (operand lanes), $T (result scalar C type), $U (arithmetic
-- type), $W (result scalar width), $S (signed type of operand 1), $M
-- (operand 1 width minus one, the shift mask), $B (operand 1's sign bit).
-- An expression is split once (split) and, for each result type and type
-- of operand 1, its type escapes filled in once (fill): a call then only
-- joins the pieces with the operands' names: the same text as a gsub of
-- every escape at every call, which was a third of spv2c's own time on a
-- long block of arithmetic.
local function type_escape(c, t, t1)
  if c == "T" then return t.c
  elseif c == "U" then return arith(t)
  elseif c == "W" then return tostring(t.width)
  elseif c == "S" then return signed(t1)
  elseif c == "M" then return tostring(scalar(t1).width - 1)
  elseif c == "B" then return signbit_c(t1)
  end
  error("unknown template escape $" .. c, 0)
end

-- expr as {text, escape, text, escape, ..., text}; uses1: an escape reads operand 1's type
local function split(expr)
  local parts, pos, uses1 = {}, 1, false
  while true do
    local at, _, c = expr:find("%$(%w)", pos)
    if not at then break end
    parts[#parts + 1] = expr:sub(pos, at - 1)
    parts[#parts + 1] = c
    uses1 = uses1 or c == "S" or c == "M" or c == "B"
    pos = at + 2
  end
  parts[#parts + 1] = expr:sub(pos)
  return { parts = parts, uses1 = uses1, filled = {} }
end

-- the pieces for types t, t1: {text, operand number, text, ..., text}
local function fill(sp, t, t1)
  local out, cur = {}, {}
  local p = sp.parts
  for i = 1, #p do
    local c = p[i]
    if i % 2 == 1 then
      cur[#cur + 1] = c
    elseif tonumber(c) then
      out[#out + 1] = table.concat(cur)
      out[#out + 1] = tonumber(c)
      cur = {}
    else
      cur[#cur + 1] = type_escape(c, t, t1)
    end
  end
  out[#out + 1] = table.concat(cur)
  return out
end

local splits, nsplits = {}, 0
local by_type = {}   -- expr -> t -> pieces, for the expressions that read no operand type


local function pieces(ins, expr, t)
  local sp = splits[expr]
  if not sp then
    if nsplits >= 4096 then splits, nsplits, by_type = {}, 0, {} end   -- bounded
    sp = split(expr)
    splits[expr], nsplits = sp, nsplits + 1
  end
  local t1 = sp.uses1 and ins[1].t or false
  local by_t = sp.filled[t or false]
  if not by_t then by_t = {}; sp.filled[t or false] = by_t end
  local pc = by_t[t1]
  if not pc then
    pc = fill(sp, t, t1)
    by_t[t1] = pc
    if not sp.uses1 and t then
      by_type[expr] = by_type[expr] or {}
      by_type[expr][t] = pc
    end
  end
  return pc
end

local function operand(ins, d, k)
  local o = ins[d]
  if not o or not o.c then
    error("template expression uses $" .. d .. ", which " .. ins.op .. " does not have", 0)
  end
  return lane(o, k)
end

function subst(ins, expr, k)
  local pc = pieces(ins, expr, ins.t and scalar(ins.t))
  local n = #pc
  if n == 1 then return pc[1] end
  if n == 3 then return pc[1] .. operand(ins, pc[2], k) .. pc[3] end
  if n == 5 then
    return pc[1] .. operand(ins, pc[2], k) .. pc[3] .. operand(ins, pc[4], k) .. pc[5]
  end
  local out = { pc[1] }
  for i = 2, n, 2 do
    out[i] = operand(ins, pc[i], k)
    out[i + 1] = pc[i + 1]
  end
  return table.concat(out)
end

-- a lane-wise result: scalar `r = expr;`, vector a loop over the lanes
function map(ins, expr)
  local t = ins.t
  if t.kind ~= "vector" then
    -- a scalar operand's lane is its c: one concatenation for the common
    -- unary and binary operations (operand() raises a missing operand's error)
    local f = by_type[expr]
    local r, pc = ins.r, f and f[t] or pieces(ins, expr, t)
    local n = #pc
    if n == 5 then
      local a, b = ins[pc[2]], ins[pc[4]]
      a, b = a and a.c, b and b.c
      if a and b then return r .. " = " .. pc[1] .. a .. pc[3] .. b .. pc[5] .. ";" end
    elseif n == 3 then
      local a = ins[pc[2]]
      a = a and a.c
      if a then return r .. " = " .. pc[1] .. a .. pc[3] .. ";" end
    end
    return r .. " = " .. subst(ins, expr, nil) .. ";"
  end
  return string.format("{ unsigned k_; for (k_ = 0; k_ < %d; k_++) %s.s[k_] = %s; }",
                       ins.t.n, ins.r, subst(ins, expr, "k_"))
end

-- map for an expression that is a call (the math functions): a vector of
-- 3 lanes gets one statement a lane instead of the loop. gcc -O2 neither
-- vectorises a loop of 3 (no vector type) nor unrolls it when it calls a
-- function (fma), so the lanes stay in memory and a loop around it stalls
-- on store forwarding at each iteration (nbody's acc += s * d: half its
-- time, docs/performance.md). Other widths keep the loop, which gcc
-- vectorises.
function map_calls(ins, expr)
  local t = ins.t
  if t.kind ~= "vector" or t.n ~= 3 then return map(ins, expr) end
  local out = {}
  for k = 0, t.n - 1 do
    out[#out + 1] = ins.r .. ".s[" .. k .. "] = " .. subst(ins, expr, tostring(k)) .. ";"
  end
  return "{ " .. table.concat(out, " ") .. " }"
end

-- one table row a regular opcode
function unop(op, expr) lower(op, function(ins) return map(ins, expr) end) end
function binop(op, expr) lower(op, function(ins) return map(ins, expr) end) end

-- Coverage (scripts/coverage): when a copy of this file that sets
-- SPV2C_COVERAGE = true is loaded with `spv2c --templates DIR`, every row
-- puts a comment before its C naming the row and the operand-type case
-- (result type, then operand types), e.g. `/* spv2c-cov: op OpSMod u32(u32,u32) */`,
-- and the first row that fires lists every registered row once
-- (`/* spv2c-cov-rows: ... */`). The tests' runners translate each module a
-- second time so, and the script collects the comments. Off otherwise.
if SPV2C_COVERAGE then
  local host_lower, host_ext = lower, ext
  -- one table shared by every template file's environment: the string
  -- library is the same table in all of them
  local reg = rawget(string, "spv2c_cov_rows_")
  if not reg then reg = { listed = false }; rawset(string, "spv2c_cov_rows_", reg) end
  local function tname(t)
    if not t then return "-" end
    if t.kind == "vector" then return "v" .. (scalar(t).sfx or scalar(t).kind) end
    if t.kind == "pointer" then return "p" .. (t.sc or "") end
    return t.sfx or t.kind
  end
  local function case(ins)
    local ops = {}
    for k = 1, (ins.n or 0) do ops[#ops + 1] = ins[k] and tname(ins[k].t) or "-" end
    return tname(ins.t) .. "(" .. table.concat(ops, ",") .. ")"
  end
  local function wrap(kind, name, fn)
    reg[#reg + 1] = kind .. " " .. name
    return function(ins)
      local code = fn(ins)
      local tag = string.format("/* spv2c-cov: %s %s %s */", kind, name, case(ins))
      if not reg.listed then
        reg.listed = true
        tag = "/* spv2c-cov-rows: " .. table.concat(reg, "; ") .. " */\n" .. tag
      end
      if code == nil or code == "" then return tag end
      return tag .. "\n" .. code
    end
  end
  function lower(op, fn) host_lower(op, wrap("op", op, fn)) end
  function ext(name, fn) host_ext(name, wrap("ext", name, fn)) end
end

-- The C statement fn(args...); with its arguments on as many lines as keep
-- each under 76 columns (the core indents a template's text by up to 24
-- more), continued under the first argument
function ccall(fn, args)
  local lines, cur = {}, fn .. "("
  local ind = string.rep(" ", #fn + 1)
  for i, a in ipairs(args) do
    local piece = a .. (i < #args and "," or ");")
    if i == 1 then
      cur = cur .. piece
    elseif #cur + 1 + #piece > 76 then
      lines[#lines + 1] = cur
      cur = ind .. piece
    else
      cur = cur .. " " .. piece
    end
  end
  lines[#lines + 1] = cur
  return table.concat(lines, "\n") .. "\n"
end

-- Under --checked: the memory check of an access of `size` bytes (a C
-- expression) at address `addr` (C), computed from pointer operand `o`
-- (its root, the argument or variable it comes from, is what the access
-- must stay in), with flags among "READ", "WRITE", "ATOMIC", "WHOLE"
-- (runtime/check.h, spv2c_ck_); "" without --checked. The report names
-- the instruction: ins.where (the source line when the module has it,
-- and the word) and `what` (default: the opcode).
function check_where(ins, what)
  local where = (ins.where or ("word " .. ins.word)) .. ": " .. (what or ins.op)
  return (where:gsub('[\\"]', "\\%0"):gsub("[^ -~]", "?"))
end

function check_access(ins, o, addr, size, flags, what)
  if not ins.checked then return "" end
  local f = {}
  for k in flags:gmatch("%a+") do f[#f + 1] = "SPV2C_CK_" .. k .. "_" end
  -- a region's chunk of work-items records its checks, and leaves out
  -- those its test took (src/kernel.c, region_chunk)
  if ckchunk(o.id or 0, o.rootid or 0, o.root or "", addr or o.c, size, table.concat(f, " | ")) then return "" end
  local w = wi()
  local args = { w .. "->kernel_", w .. "->gid_", w .. "->llid_",
                 '"' .. check_where(ins, what) .. '"',
                 o.root and "(const void *)" .. o.root or "0",
                 "(const void *)" .. (addr or o.c), size, table.concat(f, " | ") }
  -- in a loop, a root's object as a view in the C function's locals
  -- (spv2c_ck_v_), so that the check does not look it up again; a private
  -- variable of the function's own is checked against its C extent
  -- (spv2c_ck_pv_)
  local view, private
  if o.rootid then view, private = ckview(o.rootid) end
  if private then table.insert(args, 6, "sizeof *" .. o.root) end
  if view then table.insert(args, 1, "&" .. view) end
  local f = private and "spv2c_ck_pv" or view and "spv2c_ck_v" or "spv2c_ck"
  -- an access a chunk of work-items checked before it ran (src/hoist.c):
  -- the check out of line (spv2c_ck_o_), as it rarely runs
  if ins.hoisted then
    local c = ccall(f .. (f == "spv2c_ck" and "_o_" or "o_"), args)
    return "if (!" .. w .. "->ckfast_)\n" .. c:gsub("^", "    "):gsub("\n(.)", "\n    %1")
  end
  return ccall(f .. "_", args)
end

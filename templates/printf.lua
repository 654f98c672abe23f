-- printf (OpenCL C 1.2 s6.12.13): the format string is a literal in
-- OpenCL C, so it is read here, when the call is translated (cstring(id)),
-- and every directive becomes one call of runtime/printf.h: literal runs,
-- and a formatting function a value (a vector lane by lane, with commas).
-- Argument types come from the module; a format that does not fit its
-- arguments, or that OpenCL C does not allow, is refused with a message
-- instead of printing something undefined.

local FLAGS = { ["-"] = 1, ["+"] = 2, [" "] = 4, ["#"] = 8, ["0"] = 16 }
-- length modifier -> element width in bits, for integers and floats
local INT_LEN = { hh = 8, h = 16, hl = 32, l = 64 }
local FLOAT_LEN = { h = 16, hl = 32, l = 64 }

-- a C string literal of s: printable ASCII as is, the rest as octal
-- escapes (three digits, so no digit that follows can join one)
local function c_string(s)
  return '"' .. s:gsub(".", function(c)
    local b = c:byte()
    if c == '"' or c == "\\" or c == "?" or c == "'" then return "\\" .. c end
    if b < 32 or b > 126 then return string.format("\\%03o", b) end
    return c
  end) .. '"'
end

local function text_call(out, s)
  local i = 1
  while i <= #s do
    local piece = s:sub(i, i + 199)
    out[#out + 1] = string.format("spv2c_pf_s_(&p_, %s, %d);", c_string(piece), #piece)
    i = i + 200
  end
end

-- one conversion specification at s[i] (just after the %): a table, or
-- nil and a message
local function parse_spec(s, i)
  local d = { fl = 0, w = -1, pr = -1, vec = 1, len = "" }
  local seen = {}
  while FLAGS[s:sub(i, i)] do
    local f = s:sub(i, i)
    d.fl = d.fl | FLAGS[f]
    seen[f] = true
    i = i + 1
  end
  local w = s:match("^%d+", i)
  if w then d.w = tonumber(w); i = i + #w end
  if s:sub(i, i) == "*" then return nil, "'*' (a width or precision argument) is not in OpenCL C" end
  if s:sub(i, i) == "." then
    local pr = s:match("^%d*", i + 1)
    if s:sub(i + 1 + #pr, i + 1 + #pr) == "*" then
      return nil, "'*' (a width or precision argument) is not in OpenCL C"
    end
    d.pr = tonumber(pr) or 0
    i = i + 1 + #pr
  end
  if s:sub(i, i) == "v" then
    local n = s:match("^%d+", i + 1)
    if not n or not ({ ["2"] = 1, ["3"] = 1, ["4"] = 1, ["8"] = 1, ["16"] = 1 })[n] then
      return nil, "a vector specifier is v2, v3, v4, v8 or v16"
    end
    d.vec = tonumber(n)
    i = i + 1 + #n
  end
  for _, l in ipairs({ "hh", "hl", "h", "l" }) do
    if s:sub(i, i + #l - 1) == l then d.len = l; i = i + #l; break end
  end
  d.conv = s:sub(i, i)
  if d.conv == "" then return nil, "the format ends inside a conversion specification" end
  if d.vec > 1 and d.len == "" then
    return nil, "a vector specifier needs a length modifier (hh, h, hl or l)"
  end
  if d.len == "hl" and d.vec == 1 then return nil, "the hl modifier is only for vectors" end
  if seen["-"] then d.fl = d.fl & ~16 end
  return d, i + 1
end

local function lanes(o)
  if o.t.kind == "vector" then return o.t.n end
  return 1
end

local function lane(o, k)
  if o.t.kind == "vector" then return string.format("%s.s[%d]", o.c, k) end
  return o.c
end

-- one integer value (d i o u x X) of width `bits` from operand lane c
local function int_call(d, o, c)
  local ow = scalar(o.t).width
  local mw = INT_LEN[d.len] or 32
  local bits = ow < mw and ow or mw
  return string.format("spv2c_pf_i_(&p_, %d, %d, %d, '%s', (uint64_t)%s, %d);",
                       d.fl, d.w, d.pr, d.conv, c, bits)
end

local CONV = {}

function CONV.int(d, o, out)
  if o.t.kind ~= "int" and not (o.t.kind == "vector" and scalar(o.t).kind == "int") then
    return "%" .. d.conv .. " needs an integer argument"
  end
  if lanes(o) ~= d.vec then
    return string.format("%%%s with v%d needs a %d-lane vector argument, this one has %d",
                         d.conv, d.vec, d.vec, lanes(o))
  end
  if d.vec > 1 and scalar(o.t).width ~= INT_LEN[d.len] then
    return string.format("the %s modifier needs %d-bit lanes, the argument has %d", d.len,
                         INT_LEN[d.len], scalar(o.t).width)
  end
  for k = 0, d.vec - 1 do
    if k > 0 then out[#out + 1] = 'spv2c_pf_s_(&p_, ",", 1);' end
    out[#out + 1] = int_call(d, o, lane(o, k))
  end
end

-- one floating-point lane as a double (exact for half and float)
local function float_value(o, c)
  local wd = scalar(o.t).width
  if wd == 64 then return c end
  if wd == 32 then return "(double)" .. c end
  return "spv2c_pf_half_(" .. c .. ")"
end

function CONV.float(d, o, out)
  local k = scalar(o.t).kind
  if k ~= "float" then return "%" .. d.conv .. " needs a floating-point argument" end
  if lanes(o) ~= d.vec then
    return string.format("%%%s with v%d needs a %d-lane vector argument, this one has %d",
                         d.conv, d.vec, d.vec, lanes(o))
  end
  if d.vec > 1 and scalar(o.t).width ~= FLOAT_LEN[d.len] then
    return string.format("the %s modifier needs %s lanes, the argument has %d-bit ones", d.len,
                         FLOAT_LEN[d.len] and (FLOAT_LEN[d.len] .. "-bit") or "integer",
                         scalar(o.t).width)
  end
  if d.vec == 1 and d.len ~= "" and d.len ~= "l" then
    return "the " .. d.len .. " modifier on a floating-point conversion needs a vector specifier"
  end
  for k = 0, d.vec - 1 do
    if k > 0 then out[#out + 1] = 'spv2c_pf_s_(&p_, ",", 1);' end
    out[#out + 1] = string.format("spv2c_pf_f_(&p_, %d, %d, %d, '%s', %s);", d.fl, d.w, d.pr,
                                  d.conv, float_value(o, lane(o, k)))
  end
end

function CONV.c(d, o, out)
  if d.vec > 1 or d.len ~= "" or d.pr >= 0 then
    return "%c takes no vector specifier, length modifier or precision"
  end
  if o.t.kind ~= "int" then return "%c needs an integer argument" end
  out[#out + 1] = string.format("spv2c_pf_char_(&p_, %d, %d, (uint32_t)%s);", d.fl, d.w, o.c)
end

function CONV.s(d, o, out)
  if d.vec > 1 or d.len ~= "" then return "%s takes no vector specifier or length modifier" end
  if o.t.kind ~= "pointer" then return "%s needs a pointer argument (a string)" end
  out[#out + 1] = string.format("spv2c_pf_str_(&p_, %d, %d, %d, (const void *)%s);",
                                d.fl, d.w, d.pr, o.c)
end

function CONV.p(d, o, out)
  if d.vec > 1 or d.len ~= "" or d.pr >= 0 then
    return "%p takes no vector specifier, length modifier or precision"
  end
  if o.t.kind ~= "pointer" then return "%p needs a pointer argument" end
  out[#out + 1] = string.format("spv2c_pf_ptr_(&p_, %d, %d, (const void *)%s);", d.fl, d.w, o.c)
end

for c in ("diouxX"):gmatch(".") do CONV[c] = CONV.int end
for c in ("fFeEgGaA"):gmatch(".") do CONV[c] = CONV.float end

ext("printf", function(ins)
  local fmt = cstring(ins[1].id)
  if not fmt then
    unsupported("printf with a format that is not a constant string")
  end
  -- the format's pointer is used by nothing else
  local out = { "{", "spv2c_pf_ p_;", "(void)" .. ins[1].c .. ";", "p_.n = 0;", "p_.err = 0;" }
  local i, arg, lit = 1, 2, ""
  while i <= #fmt do
    local c = fmt:sub(i, i)
    if c ~= "%" then
      lit = lit .. c
      i = i + 1
    elseif fmt:sub(i + 1, i + 1) == "%" then
      lit = lit .. "%"
      i = i + 2
    else
      local d, nxt = parse_spec(fmt, i + 1)
      if not d then unsupported(string.format("printf format %s: %s", c_string(fmt), nxt)) end
      local conv = CONV[d.conv]
      if not conv then
        unsupported(string.format("printf format %s: unknown conversion %%%s", c_string(fmt), d.conv))
      end
      if arg > ins.n then
        unsupported(string.format("printf format %s: more conversions than arguments", c_string(fmt)))
      end
      text_call(out, lit)
      lit = ""
      local err = conv(d, ins[arg], out)
      if err then
        unsupported(string.format("printf format %s: argument %d: %s", c_string(fmt), arg - 1, err))
      end
      need("printf")
      arg = arg + 1
      i = nxt
    end
  end
  text_call(out, lit)
  need("printf")
  out[#out + 1] = (ins.r and (ins.r .. " = ") or "(void)") .. "spv2c_pf_end_(&p_);"
  out[#out + 1] = "}"
  return table.concat(out, "\n")
end)

-- async: OpGroupAsyncCopy (async_work_group_copy and
-- async_work_group_strided_copy), OpGroupWaitEvents, prefetch.
-- The copy is done once a group, by local linear id 0 (work-items of a
-- group run in order, so it is the first to arrive), through the runtime's
-- spv2c_strided_copy (runtime/async.h). Events are uint32_t: the result is
-- the incoming event, or 1 when that is 0 (no event), so that it is never
-- the null event. Waiting is a barrier point that the core handles itself.

-- operands: execution scope, destination, source, element count, stride,
-- event. The stride applies to the global side: the source of a global ->
-- local copy, the destination of a local -> global one.
-- under --checked: the copy's arrival, arguments and extents
local function check_async(ins, dst, src, n, size, ds, ss, ev)
  local w = wi()
  return string.format('spv2c_ck_async_(%s->kernel_, %s->gid_, %s, "%s", %s, %s, %s, %s, (size_t)%s, %d, %s, %s, (size_t)%s, %d);\n',
                       w, w, ins.llid, check_where(ins), dst.root and "(const void *)" .. dst.root or "0",
                       dst.c, src.root and "(const void *)" .. src.root or "0", src.c, n.c, size,
                       ds, ss, ev.c, ins.llid == "0" and 1 or 0)
end

lower("OpGroupAsyncCopy", function(ins)
  local scope, dst, src, n, stride, ev = ins[1], ins[2], ins[3], ins[4], ins[5], ins[6]
  if scope.k ~= nil and scope.k ~= 2 then
    unsupported("async copy at a scope other than Workgroup")
  end
  -- SPIRV-Tools does not check these operands (a fuzzed module had an event
  -- as the source): pointers to one element type, one side __local
  if not (dst.t and dst.t.kind == "pointer" and src.t and src.t.kind == "pointer") then
    invalid("the destination and the source of an async copy must be pointers")
  end
  if dst.t.pointee.c ~= src.t.pointee.c then
    invalid("the destination and the source of an async copy must point to the same type")
  end
  need("async")
  -- a 3-element vector occupies 4 elements: its type's size says so
  local size = dst.t.pointee.size
  local st = (stride.k ~= nil and stride.k >= 0 and stride.k < 0x80000000) and tostring(stride.k)
             or "(size_t)" .. stride.c
  local ds, ss = "1", st
  if dst.t.sc ~= "Workgroup" then ds, ss = st, "1" end
  local code = string.format("if (%s == 0) spv2c_strided_copy(%s, %s, (size_t)%s, %d, %s, %s);",
                             ins.llid, dst.c, src.c, n.c, size, ds, ss)
  if ins.checked then
    -- every work-item reports its arrival and arguments; the group part
    -- (local id 0 reads "0") runs for all of them (runtime/check.h)
    code = check_async(ins, dst, src, n, size, ds, ss, ev) .. code
  end
  if ins.r then
    if ev.c == "0" then
      code = code .. "\n" .. ins.r .. " = 1u;"
    else
      code = code .. string.format("\n%s = %s ? %s : 1u;", ins.r, ev.c, ev.c)
    end
  end
  return code
end)

-- a barrier point: the core makes the group's work-items wait here
-- (under --checked each work-item first reports its arrival and arguments)
lower("OpGroupWaitEvents", function(ins)
  if not ins.checked then return "" end
  local w = wi()
  return string.format('spv2c_ck_wait_(%s->kernel_, %s->gid_, %s, "%s", (size_t)%s, (const uint32_t *)%s);',
                       w, w, ins.llid, check_where(ins), ins[2].c, ins[3].c)
end)

-- prefetch(p, n): a hint, nothing to do
ext("prefetch", function(ins) return "(void)" .. ins[1].c .. ";\n(void)" .. ins[2].c .. ";" end)

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
lower("OpGroupAsyncCopy", function(ins)
  local scope, dst, src, n, stride, ev = ins[1], ins[2], ins[3], ins[4], ins[5], ins[6]
  if scope.k ~= nil and scope.k ~= 2 then
    unsupported("async copy at a scope other than Workgroup")
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
lower("OpGroupWaitEvents", function(ins) return "" end)

-- prefetch(p, n): a hint, nothing to do
ext("prefetch", function(ins) return "(void)" .. ins[1].c .. ";\n(void)" .. ins[2].c .. ";" end)

-- vector_data: the OpenCL.std vector data load and store family.
-- vloadn/vstoren read and write n elements at p + offset * n (3 as well),
-- assuming only element alignment: memcpy does exactly that.
-- Retarget these to your own intrinsics by overriding this one file.

ext("vloadn", function(ins)
  local off, p, n = ins[1], ins[2], ins[3].lit
  local s = string.format("memcpy(&%s, %s + (size_t)%s * %d, %d * sizeof *%s);",
                          ins.r, p.c, off.c, n, n, p.c)
  if n == 3 then s = s .. "\n" .. ins.r .. ".s[3] = 0;" end
  return s
end)

ext("vstoren", function(ins)
  local data, off, p = ins[1], ins[2], ins[3]
  local n = data.t.n
  if is_name(data.c) then
    return string.format("memcpy(%s + (size_t)%s * %d, &%s, %d * sizeof *%s);",
                         p.c, off.c, n, data.c, n, p.c)
  end
  return string.format("{ %s t_ = %s; memcpy(%s + (size_t)%s * %d, &t_, %d * sizeof *%s); }",
                       data.t.c, data.c, p.c, off.c, n, n, p.c)
end)

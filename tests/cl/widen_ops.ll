; src/cl/widen.c's oracle (tests/cl/widen_test.py): each function takes two i32,
; truncates them to odd widths, computes with them there and extends the
; result to i32. clang-15 compiles this file for the host as it is (LLVM
; gives odd widths their exact meaning) and again after ir_widen_odd; every
; function's results must agree on every pair of operands.

define i32 @f_add(i32 %a, i32 %b) {
  %x = trunc i32 %a to i4
  %y = trunc i32 %b to i4
  %r = add i4 %x, %y
  %x3 = and i4 %x, 3
  %y3 = and i4 %y, 3
  %s = add nuw nsw i4 %x3, %y3
  %t = xor i4 %r, %s
  %e = zext i4 %t to i32
  ret i32 %e
}

define i32 @f_sub(i32 %a, i32 %b) {
  %x = trunc i32 %a to i5
  %y = trunc i32 %b to i5
  %r = sub i5 %x, %y
  %s = sub i5 -7, %r
  %e = zext i5 %s to i32
  ret i32 %e
}

define i32 @f_mul(i32 %a, i32 %b) {
  %x = trunc i32 %a to i3
  %y = trunc i32 %b to i3
  %r = mul i3 %x, %y
  %s = mul i3 %r, -3
  %e = zext i3 %s to i32
  ret i32 %e
}

define i32 @f_shl(i32 %a, i32 %b) {
  %x = trunc i32 %a to i6
  %y = trunc i32 %b to i6
  %m = urem i6 %y, 6
  %r = shl i6 %x, %m
  %s = shl i6 %r, 1
  %e = zext i6 %s to i32
  ret i32 %e
}

define i32 @f_udiv_urem(i32 %a, i32 %b) {
  %x = trunc i32 %a to i4
  %y = trunc i32 %b to i4
  %d = or i4 %y, 1
  %q = udiv i4 %x, %d
  %r = urem i4 %x, %d
  %t = urem i4 %q, -5
  %u = xor i4 %t, %r
  %e = zext i4 %u to i32
  ret i32 %e
}

define i32 @f_bits(i32 %a, i32 %b) {
  %x = trunc i32 %a to i7
  %y = trunc i32 %b to i7
  %n = and i7 %x, -20
  %o = or i7 %n, %y
  %p = xor i7 %o, -1
  %m = urem i7 %y, 7
  %q = lshr i7 %p, %m
  %e = zext i7 %q to i32
  ret i32 %e
}

define i32 @f_signed(i32 %a, i32 %b) {
  %x = trunc i32 %a to i4
  %y = trunc i32 %b to i4
  %d = or i4 %y, 1
  %c = icmp eq i4 %d, -1
  %dd = select i1 %c, i4 3, i4 %d
  %q = sdiv i4 %x, %dd
  %r = srem i4 %x, %dd
  %m = urem i4 %y, 4
  %s = ashr i4 %x, %m
  %t = add i4 %q, %r
  %u = xor i4 %t, %s
  %e = sext i4 %u to i32
  ret i32 %e
}

define i32 @f_icmp(i32 %a, i32 %b) {
  %x = trunc i32 %a to i3
  %y = trunc i32 %b to i3
  %c0 = icmp slt i3 %x, %y
  %c1 = icmp sge i3 %x, -2
  %c2 = icmp ult i3 %x, %y
  %c3 = icmp ugt i3 %y, -3
  %c4 = icmp ne i3 %x, 5
  %c5 = icmp sle i3 -1, %y
  %e0 = zext i1 %c0 to i32
  %e1 = zext i1 %c1 to i32
  %e2 = zext i1 %c2 to i32
  %e3 = zext i1 %c3 to i32
  %e4 = zext i1 %c4 to i32
  %e5 = zext i1 %c5 to i32
  %s1 = shl i32 %e1, 1
  %s2 = shl i32 %e2, 2
  %s3 = shl i32 %e3, 3
  %s4 = shl i32 %e4, 4
  %s5 = shl i32 %e5, 5
  %o1 = or i32 %e0, %s1
  %o2 = or i32 %o1, %s2
  %o3 = or i32 %o2, %s3
  %o4 = or i32 %o3, %s4
  %o5 = or i32 %o4, %s5
  ret i32 %o5
}

define i32 @f_casts(i32 %a, i32 %b) {
  %x = trunc i32 %a to i12
  %y = trunc i12 %x to i5
  %z = sext i5 %y to i12
  %w = zext i5 %y to i9
  %v = trunc i12 %z to i8
  %u = sext i12 %z to i16
  %t = zext i9 %w to i16
  %s = sext i5 %y to i8
  %r = zext i8 %v to i32
  %q = zext i16 %u to i32
  %p = zext i16 %t to i32
  %o = sext i8 %s to i32
  %n = trunc i12 %x to i1
  %m = zext i1 %n to i32
  %k = sext i5 -3 to i32
  %s1 = shl i32 %q, 8
  %s2 = shl i32 %p, 4
  %x1 = xor i32 %r, %s1
  %x2 = xor i32 %x1, %s2
  %x3 = xor i32 %x2, %o
  %x4 = xor i32 %x3, %m
  %x5 = add i32 %x4, %k
  ret i32 %x5
}

define i32 @f_flow(i32 %a, i32 %b) {
entry:
  %x = trunc i32 %a to i2
  %y = trunc i32 %b to i10
  switch i2 %x, label %other [
    i2 0, label %zero
    i2 -2, label %two
    i2 -1, label %three
  ]
zero:
  %z = add i10 %y, -5
  br label %join
two:
  %t = mul i10 %y, 3
  br label %join
three:
  br label %join
other:
  br label %join
join:
  %p = phi i10 [ %z, %zero ], [ %t, %two ], [ -100, %three ], [ 7, %other ]
  %e = zext i10 %p to i32
  ret i32 %e
}

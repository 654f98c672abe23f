/* a header of tests/cl/inline.cl: a plain `inline` function (no static),
   which clang-15 -O0 leaves without a body in C99 inline semantics */
inline int scale(int x)
{
    return x * SCALE + OFFSET;
}

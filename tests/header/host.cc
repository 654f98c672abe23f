// host.c as C++ (tests/header/check.py): g++ and clang++ compile the
// generated header and a program using it without warnings; the entry
// point's type is checked once more with the standard library's traits.
#include <type_traits>

#include "host.c"

static_assert(std::is_same<decltype(&spv2c_run_sig), sig_fn>::value,
              "spv2c_run_sig has the kernel's signature");
static_assert(std::is_same<decltype(spv2c_params_t().m0), uint32_t>::value &&
                  std::is_same<decltype(spv2c_cell().m0), spv2c_float2>::value,
              "the structs' members have the kernel's types");

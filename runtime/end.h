/* spv2c runtime part: end (needs: base) */
/* The end of the generated code: base.h's settings end here, so a file
   that includes this one gets its own back (warnings, optimisation
   options, FP contraction). */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#pragma GCC pop_options
#endif
#if defined(__clang__) || !defined(__GNUC__)
#pragma STDC FP_CONTRACT DEFAULT
#endif

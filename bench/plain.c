/* plain.c: bench/plain.h's hand-written kernels with external linkage, an
   object of their own (scripts/embedded-table measures and counts them) */
#define PLAIN_FN
#include "plain.h"

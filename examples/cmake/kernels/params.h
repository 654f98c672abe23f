/* Parameters of scale.cl (only scale.cl includes this header: touching it
   re-transpiles scale.cl alone). */
#define SCALE_OFFSET 1

/* scripts/bench-launch: what a launch costs beyond its work */

/* nothing to do: the cost of a launch alone */
__kernel void empty(__global float *p)
{
}

/* a little work a work-item: launched with one work-group a thread, it
   measures the fork and join of the threads around a tiny amount of work */
__kernel void onewg(__global float *p)
{
    size_t i = get_global_id(0);
    p[i] = p[i] * 2.0f + 1.0f;
}

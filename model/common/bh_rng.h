/* model/common/bh_rng.h - the random numbers of the workloads: splitmix64 (a stream per
 * source, so one source's draws never depend on another's) and the Bernoulli process's
 * geometric gaps. Deterministic for a given seed. */
#ifndef BH_RNG_H
#define BH_RNG_H
#include <math.h>
#include <stdint.h>

static inline uint64_t bh_rng_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static inline double bh_rng_uniform(uint64_t *s) /* in (0, 1] */
{
    return ((double)(bh_rng_next(s) >> 11) + 1.0) / 9007199254740992.0;
}

/* Cycles to the next event of a Bernoulli process with probability p per cycle (>= 1). */
static inline uint64_t bh_rng_gap(uint64_t *s, double p)
{
    if (p >= 1.0)
        return 1;
    double g = floor(log(bh_rng_uniform(s)) / log1p(-p));
    return 1 + (g > 1e15 ? (uint64_t)1e15 : (uint64_t)g);
}
#endif

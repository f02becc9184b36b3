/* rng.h: what every game's engine shares and no game owns: the random stream
 * (xoshiro256** seeded through splitmix64) every engine, policy and search
 * draws from, and the size of the table (seats) every engine and report is
 * built for. Pure: no I/O, no allocation. */
#ifndef RAILYARD_RNG_H
#define RAILYARD_RNG_H

#include <stdint.h>

/* The most seats at one table, in every game's engine and report. */
#define SIM_MAX_PLAYERS 16

/* One random stream; seeded by rng_seed, then private to whoever plays with it. */
struct rng {
	uint64_t s[4];
};

/* Start r as stream `stream` of seed `seed`: neighbouring streams start far apart,
 * and the same (seed, stream) always gives the same numbers. */
void rng_seed(struct rng *r, uint64_t seed, uint64_t stream);
/* The next 64 random bits of r. */
uint64_t rng_next(struct rng *r);
/* Uniform in 0..n-1 (n >= 1), without modulo bias. */
uint32_t rng_below(struct rng *r, uint32_t n);
/* One step of splitmix64: advances *state and returns its next 64 bits (a small
 * generator of its own, and the seeding of rng_seed). */
uint64_t rng_splitmix64(uint64_t *state);

#endif

/* rng.c: the random stream every engine shares (see rng.h). */
#include "rng.h"

uint64_t rng_splitmix64(uint64_t *state)
{
	uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

void rng_seed(struct rng *r, uint64_t seed, uint64_t stream)
{
	/* Mix the stream number through its own splitmix step so neighbouring games
	 * start far apart, then fill the state from one splitmix sequence. */
	uint64_t t = stream;
	uint64_t x = seed ^ rng_splitmix64(&t);
	for (int i = 0; i < 4; i++)
		r->s[i] = rng_splitmix64(&x);
}

static inline uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

uint64_t rng_next(struct rng *r)
{
	uint64_t *s = r->s;
	uint64_t out = rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;
	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return out;
}

uint32_t rng_below(struct rng *r, uint32_t n)
{
	/* Lemire's multiply-and-reject. */
	uint64_t m = (uint64_t)(uint32_t)(rng_next(r) >> 32) * n;
	uint32_t lo = (uint32_t)m;
	if (lo < n) {
		uint32_t floor = (uint32_t)(-n) % n;
		while (lo < floor) {
			m = (uint64_t)(uint32_t)(rng_next(r) >> 32) * n;
			lo = (uint32_t)m;
		}
	}
	return (uint32_t)(m >> 32);
}

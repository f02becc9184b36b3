/* position_bench.c: the cost of trains_position.h's functions in a hot loop (what the
 * simulator's engine pays per turn). Built and run by bench/check.sh. Prints
 * nanoseconds per call on random census-7 sequences from an 84-card pack. */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "trains_rules.h"
#include "trains_position.h"

#define SEQS 4096

static unsigned long long rng = 88172645463325252ULL;

static unsigned long long next(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static long seqs[SEQS][7];
static volatile long sink;

/* A random deal: 7 different numbers of 1..84, some with a wild. */
static void deal(long *v, bool wild)
{
	for (int i = 0; i < 7; i++) {
		long x;
		bool dup;
		do {
			x = (long)(next() % 84) + 1;
			dup = false;
			for (int j = 0; j < i; j++)
				dup |= v[j] == x;
		} while (dup);
		v[i] = x;
	}
	if (wild)
		v[next() % 7] = POS_WILD;
}

#define BENCH(name, reps, ...)                                                   \
	do {                                                                     \
		double t0 = now();                                               \
		for (long r = 0; r < (reps); r++) {                              \
			long *v = seqs[r % SEQS];                                \
			__VA_ARGS__;                                             \
		}                                                                \
		double dt = now() - t0;                                          \
		printf("%-28s %8.1f ns/call  (%ld calls)\n", name, dt * 1e9 / (double)(reps), (long)(reps)); \
	} while (0)

int main(void)
{
	struct pos_pack pk = {84, 1, NULL};
	for (int i = 0; i < SEQS; i++)
		deal(seqs[i], i % 8 == 0);
	long reps = 2000000;
	short pairs[POS_MAX_PAIRS][2], sw[MAX_SPACES][2];
	BENCH("pos_order", reps, { struct pos_order o = pos_order(v, 7, &pk); sink += o.ascending; });
	BENCH("pos_inversions (count)", reps, sink += pos_inversions(v, 7, NULL, 0));
	BENCH("pos_inversions (pairs)", reps, sink += pos_inversions(v, 7, pairs, POS_MAX_PAIRS));
	BENCH("pos_min_swaps", reps, sink += pos_min_swaps(v, 7, sw));
	BENCH("pos_range (one space)", reps / 20, { long lo, hi; pos_range(&pk, 7, (int)(r % 7), 0.25, 0.75, &lo, &hi); sink += lo; });
	char buf[POS_ARRANGEMENTS_DIGITS];
	BENCH("pos_arrangements 3x3", reps / 20, { pos_arrangements(3, 3, buf, sizeof buf); sink += buf[0]; });
	BENCH("pos_arrangements 13x13", reps / 200, { pos_arrangements(13, 13, buf, sizeof buf); sink += buf[0]; });
	/* pos_apply: a swap A ↔ G on a copy. */
	struct ability ag;
	memset(&ag, 0, sizeof ag);
	ag.kind = AK_SWAP;
	ag.nsp = 2;
	ag.sp[0] = 0;
	ag.sp[1] = 6;
	struct layout lay = {7, 0, 0};
	struct rules rules;
	memset(&rules, 0, sizeof rules);
	rules.swap_within = true;
	struct pos_choice ch = {-1, 0, 0, {0, 0}, false, POS_DRAWN};
	BENCH("pos_apply (swap)", reps, {
		long w[7];
		memcpy(w, v, sizeof w);
		struct pos_target t = {1, 7, {w, NULL, NULL}, {NULL, NULL, NULL}, false};
		struct pos_move m;
		sink += pos_apply(&lay, &ag, NULL, &rules, &ch, &t, &m);
	});
	return 0;
}

/* race.h: the one-sided bounds of `railyard tune`'s race (gen/tune.c) at any
 * level, on plain counts: the normal tail and its inverse, Wilson bounds at
 * any z, the score test's p-value, and the bounds of a balance (N x the least
 * seat's share) built from them. Pure and deterministic. To fold into stats.c
 * beside its level-parameterised Wilson functions. */
#ifndef RAILYARD_RACE_H
#define RAILYARD_RACE_H

#include <stdint.h>

/* P(Z > z) for a standard normal Z. */
double race_tail(double z);
/* The z with P(Z > z) = p (0 < p < 1; +-infinity at the ends). */
double race_z(double p);
/* The Wilson score bounds of k successes in n trials at z, one side each
 * ([0, 1] when n is 0). */
void race_wilson(uint64_t k, uint64_t n, double z, double *lo, double *hi);
/* The one-sided score test's p-value that a share is below c, from k of n:
 * the level at which the Wilson upper bound of k/n falls below c (1 when k/n
 * is at least c or n is 0). */
double race_below_p(uint64_t k, uint64_t n, double c);

/* N x the least of the seats' shares of n games (wins[seats]):
 *   - its lower bound at level b: N x the least of every seat's Wilson lower
 *     bound at b; it fails only if the least-winning seat's bound does, so
 *     with probability at most b;
 *   - its upper bound at level b_seat for every seat's Wilson upper bound: it
 *     fails if any seat's does, so with probability at most seats x b_seat
 *     (give b / seats for level b, Bonferroni; the seats of several counts
 *     share it the same way). */
double race_balance_lower(const uint64_t *wins, int seats, uint64_t n, double b);
double race_balance_upper(const uint64_t *wins, int seats, uint64_t n, double b_seat);

#endif

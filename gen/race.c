/* race.c: the one-sided bounds of tune's race at any level (race.h). */
#include <math.h>

#include "race.h"

#define SQRT_2PI 2.5066282746310002

double race_tail(double z)
{
	return 0.5 * erfc(z / sqrt(2.0));
}

/* Newton's method on the tail from sqrt(-2 ln p), which never overshoots far;
 * exact to about 1e-12. */
double race_z(double p)
{
	if (p == 0.5)
		return 0;
	if (p > 0.5)
		return p >= 1 ? -INFINITY : -race_z(1 - p);
	if (p <= 0)
		return INFINITY;
	double z = sqrt(-2 * log(p));
	for (int i = 0; i < 100; i++) {
		double step = (race_tail(z) - p) / (exp(-z * z / 2) / SQRT_2PI);
		z += step;
		if (fabs(step) < 1e-13 * (1 + fabs(z)))
			break;
	}
	return z;
}

void race_wilson(uint64_t k, uint64_t n, double z, double *lo, double *hi)
{
	if (!n) {
		*lo = 0;
		*hi = 1;
		return;
	}
	double N = (double)n, ph = (double)k / N, z2 = z * z;
	double mid = (ph + z2 / (2 * N)) / (1 + z2 / N);
	double half = z / (1 + z2 / N) * sqrt(ph * (1 - ph) / N + z2 / (4 * N * N));
	*lo = k == 0 ? 0 : fmax(0, mid - half);
	*hi = k == n ? 1 : fmin(1, mid + half);
}

/* The Wilson upper bound at z lies below c exactly when n (c - k/n)^2 >
 * z^2 c (1 - c) with k/n < c: the score statistic's tail at c. */
double race_below_p(uint64_t k, uint64_t n, double c)
{
	double ph = n ? (double)k / (double)n : 1;
	if (!n || c <= 0 || ph >= c)
		return 1;
	if (c >= 1)
		return 0;
	return race_tail((c - ph) * sqrt((double)n) / sqrt(c * (1 - c)));
}

double race_balance_lower(const uint64_t *wins, int seats, uint64_t n, double b)
{
	double z = race_z(b), J = 1;
	for (int i = 0; i < seats; i++) {
		double lo, hi;
		race_wilson(wins[i], n, z, &lo, &hi);
		J = fmin(J, seats * lo);
	}
	return J;
}

double race_balance_upper(const uint64_t *wins, int seats, uint64_t n, double b_seat)
{
	double z = race_z(b_seat), J = 1;
	for (int i = 0; i < seats; i++) {
		double lo, hi;
		race_wilson(wins[i], n, z, &lo, &hi);
		J = fmin(J, seats * hi);
	}
	return J;
}

/* trains_seq.h: a sequence of the core game's engine (trains_engine.h), its
 * cards q[census] in space order: whether it wins, its inversions, and its
 * value as the policies judge it (lower is nearer a win; under WIN_SCORE a
 * won sequence), whole or with one card replaced or two swapped. Pure. */
#ifndef RAILYARD_TRAINS_SEQ_H
#define RAILYARD_TRAINS_SEQ_H

#include "trains_engine.h"

/* Whether q wins: every row and column ascending (or never descending), a
 * wild card the smallest number that fits (§10). */
bool seq_wins(const struct sim_setup *s, const struct sim_card *q);
/* The pairs of q out of order (wild cards in none). */
int seq_inversions(const struct sim_setup *s, const struct sim_card *q);
/* q's score (struct score), its inversions inv already known; and counted. */
struct score seq_score_inv(const struct sim_setup *s, const struct sim_card *q, int inv);
struct score seq_score(const struct sim_setup *s, const struct sim_card *q);
/* The value of q whose score is sc; and of q counted afresh. */
double seq_score_value(const struct sim_setup *s, struct score sc, const struct sim_card *q);
double seq_value(const struct sim_setup *s, const struct sim_card *q);
/* The value of q (score base, oldinv the inversions at space i) with card c
 * at space i; tmp is scratch [census]. */
double seq_value_replace(const struct sim_setup *s, const struct sim_card *q, struct score base, int i,
			 struct sim_card c, int oldinv, struct sim_card *tmp);
/* seq_value_replace of each of the setup's sample numbers at space i, into
 * out[SAMPLES]. */
void seq_values_sampled(const struct sim_setup *s, const struct sim_card *q, struct score base, int i, int oldinv,
			struct sim_card *tmp, double *out);
/* The value of q (score base, oldinv[census] the inversions at each space)
 * with the cards at a and b swapped; tmp holds the swapped sequence after. */
double seq_value_swap(const struct sim_setup *s, const struct sim_card *q, struct score base, int a, int b,
		      const int *oldinv, struct sim_card *tmp);
/* How q's inversions changed when the cards at a and b were swapped (q after
 * the swap). */
int seq_swap_delta(const struct sim_setup *s, const struct sim_card *q, int a, int b);
/* Way o's rotation of q's spaces. */
void seq_cycle(struct sim_card *q, const struct pos_way *o);

/* Inversions between space i holding number v and its partners: the inner
 * loop of every policy, so written without branches. Partners before i are
 * inverted when greater (or equal, if strict); those after when smaller. */
static inline int seq_inv_at(const struct sim_setup *s, const struct sim_card *q, int i, int v)
{
	if (!v)
		return 0;
	int strict = s->rules.win == WIN_ASCENDING;
	const short *pt = &s->part[i * s->census];
	int nb = s->nbefore[i], n = s->npart[i], inv = 0;
	int lo = v - strict, hi = v + strict;
	for (int k = 0; k < nb; k++)
		inv += q[pt[k]].num > lo;
	for (int k = nb; k < n; k++) {
		int x = q[pt[k]].num;
		inv += (x != 0) & (x < hi);
	}
	return inv;
}

/* What a sequence's new value counts for the mover: winning dominates. */
static inline double seq_outcome(double v)
{
	return v < WIN_SCORE ? -1000.0 : v;
}

#endif

/* trains_seq.c: a sequence's order and value (trains_seq.h): the winning test
 * of §7 and §10, inversions, the policies' score and its quick updates for
 * one card replaced or two swapped, the inner loops of every judgement. */
#include <string.h>

#include "trains_seq.h"

/* How many cards of q (numbered, or wild and already standing for a number in
 * val[0..upto-1]) show number x. */
static int showing(const struct sim_setup *s, const struct sim_card *q, const int *val, int upto, int x)
{
	int n = 0;
	for (int i = 0; i < s->census; i++)
		n += q[i].num ? q[i].num == x : (i < upto && val[i] == x);
	return n;
}

/* Whether the sequence wins: every row and column ascending (or never
 * descending); a wild card takes the smallest number of the pack that fits,
 * which leaves the most room for the cards after it. Never-descending, it may
 * repeat its neighbour only while the pack has a copy of that number not shown
 * elsewhere in the sequence (§10, as gen/games/trains/trains_position.c judges it). */
bool seq_wins(const struct sim_setup *s, const struct sim_card *q)
{
	int val[MAX_SPACES];
	bool strict = s->rules.win == WIN_ASCENDING;
	int C = s->cols;
	for (int i = 0; i < s->census; i++) {
		int lo = 0;
		if (i % C)
			lo = val[i - 1];
		if (i >= C && val[i - C] > lo)
			lo = val[i - C];
		int v = q[i].num;
		if (v) {
			if (strict ? v <= lo : v < lo)
				return false;
			val[i] = v;
		} else {
			int w = strict ? lo + 1 : (lo ? lo : 1);
			if (!strict)
				while (w <= s->maxnum && showing(s, q, val, i, w) >= s->copies)
					w++;
			if (w > s->maxnum)
				return false;
			val[i] = w;
		}
	}
	return true;
}

static inline bool inverted(bool strict, int a, int b)
{
	return a && b && (strict ? a >= b : a > b);
}

int seq_inversions(const struct sim_setup *s, const struct sim_card *q)
{
	bool strict = s->rules.win == WIN_ASCENDING;
	int inv = 0;
	const short *pi = s->pi, *pj = s->pj;
	for (int k = 0; k < s->npairs; k++) {
		/* inverted(), without branches: a >= b is a + 1 > b */
		int a = q[pi[k]].num, b = q[pj[k]].num;
		inv += (a != 0) & (b != 0) & (a + strict > b);
	}
	return inv;
}

bool sim_sequence_wins(const struct sim_setup *s, const int *nums)
{
	struct sim_card q[MAX_SPACES];
	for (int i = 0; i < s->census; i++)
		q[i] = (struct sim_card){nums[i], -1};
	return seq_wins(s, q);
}

int sim_inversions(const struct sim_setup *s, const int *nums)
{
	struct sim_card q[MAX_SPACES];
	for (int i = 0; i < s->census; i++)
		q[i] = (struct sim_card){nums[i], -1};
	return seq_inversions(s, q);
}

/* The score of q, whose inversions are inv. */
struct score seq_score_inv(const struct sim_setup *s, const struct sim_card *q, int inv)
{
	struct score r = {inv, 0};
	for (int i = 0; i < s->census; i++)
		if (q[i].num)
			r.dist += dist_at(s, i, q[i].num);
	return r;
}

struct score seq_score(const struct sim_setup *s, const struct sim_card *q)
{
	struct score r = {seq_inversions(s, q), 0};
	for (int i = 0; i < s->census; i++)
		if (q[i].num)
			r.dist += dist_at(s, i, q[i].num);
	return r;
}

double seq_score_value(const struct sim_setup *s, struct score sc, const struct sim_card *q)
{
	double v = sc.inv + s->wdist * sc.dist;
	if (sc.inv == 0 && !seq_wins(s, q))
		v += 0.5;
	return v;
}

double seq_value(const struct sim_setup *s, const struct sim_card *q)
{
	return seq_score_value(s, seq_score(s, q), q);
}

/* The value of q (whose score is base) with card c at space i; tmp is scratch. */
double seq_value_replace(const struct sim_setup *s, const struct sim_card *q, struct score base,
			    int i, struct sim_card c, int oldinv, struct sim_card *tmp)
{
	struct score r = base;
	int old = q[i].num;
	r.inv += seq_inv_at(s, q, i, c.num) - oldinv;
	if (old)
		r.dist -= dist_at(s, i, old);
	if (c.num)
		r.dist += dist_at(s, i, c.num);
	double v = r.inv + s->wdist * r.dist;
	if (r.inv == 0) {
		memcpy(tmp, q, (size_t)s->census * sizeof *q);
		tmp[i] = c;
		if (!seq_wins(s, tmp))
			v += 0.5;
	}
	return v;
}

/* How many sample numbers are below t (0 <= t <= maxnum + 2). */
static inline int samples_below(const struct sim_setup *s, int t)
{
	return s->below[t];
}

/* seq_value_replace for every sample number at space i at once (out[SAMPLES]):
 * each partner is inverted with a run of the ascending samples, so one pass
 * over the partners and a running sum give every count. The arithmetic is
 * seq_value_replace's, step for step. */
void seq_values_sampled(const struct sim_setup *s, const struct sim_card *q, struct score base, int i,
			   int oldinv, struct sim_card *tmp, double *out)
{
	int strict = s->rules.win == WIN_ASCENDING;
	int d[SAMPLES + 1] = {0};
	const short *pt = &s->part[i * s->census];
	int nb = s->nbefore[i], n = s->npart[i];
	for (int k = 0; k < n; k++) {
		int x = q[pt[k]].num;
		if (!x)
			continue;
		if (k < nb) {          /* before i: inverted with samples v < x + strict */
			d[0]++;
			d[samples_below(s, x + strict)]--;
		} else {               /* after i: inverted with samples v > x - strict */
			d[samples_below(s, x - strict + 1)]++;
			d[SAMPLES]--;
		}
	}
	double dist0 = base.dist;
	if (q[i].num)
		dist0 -= dist_at(s, i, q[i].num);
	int inv = 0;
	for (int t = 0; t < SAMPLES; t++) {
		inv += d[t];
		int ri = base.inv + inv - oldinv;
		double v = ri + s->wdist * (dist0 + s->sdist[i * SAMPLES + t]);
		if (ri == 0) {
			memcpy(tmp, q, (size_t)s->census * sizeof *q);
			tmp[i] = (struct sim_card){s->sample[t], -1};
			if (!seq_wins(s, tmp))
				v += 0.5;
		}
		out[t] = v;
	}
}

/* The value of q (whose score is base, and oldinv[i] the inversions at each
 * space) with the cards at a and b swapped. Only pairs that involve a or b
 * change; the pair a-b itself is counted in both spaces' inversions. tmp is
 * scratch and holds the swapped sequence afterwards. */
double seq_value_swap(const struct sim_setup *s, const struct sim_card *q, struct score base,
			 int a, int b, const int *oldinv, struct sim_card *tmp)
{
	memcpy(tmp, q, (size_t)s->census * sizeof *q);
	tmp[a] = q[b];
	tmp[b] = q[a];
	bool strict = s->rules.win == WIN_ASCENDING;
	bool partners = a / s->cols == b / s->cols || a % s->cols == b % s->cols;
	int lo = a < b ? a : b, hi = a < b ? b : a;
	int pair_old = partners && inverted(strict, q[lo].num, q[hi].num);
	int pair_new = partners && inverted(strict, tmp[lo].num, tmp[hi].num);
	struct score r = base;
	r.inv += seq_inv_at(s, tmp, a, tmp[a].num) + seq_inv_at(s, tmp, b, tmp[b].num) - pair_new
		 - (oldinv[a] + oldinv[b] - pair_old);
	if (q[a].num)
		r.dist += dist_at(s, b, q[a].num) - dist_at(s, a, q[a].num);
	if (q[b].num)
		r.dist += dist_at(s, a, q[b].num) - dist_at(s, b, q[b].num);
	double v = r.inv + s->wdist * r.dist;
	if (r.inv == 0 && !seq_wins(s, tmp))
		v += 0.5;
	return v;
}

/* How the inversions of q changed when the cards at spaces a and b were
 * swapped (q after the swap). On a line only the pair itself and the spaces
 * between them change; on a grid, the whole count again less the old. */
int seq_swap_delta(const struct sim_setup *s, const struct sim_card *q, int a, int b)
{
	if (s->rows > 1) {
		struct sim_card tmp[MAX_SPACES];
		memcpy(tmp, q, (size_t)s->census * sizeof *q);
		tmp[a] = q[b];
		tmp[b] = q[a];
		return seq_inversions(s, q) - seq_inversions(s, tmp);
	}
	if (a > b) {
		int t = a;
		a = b;
		b = t;
	}
	int strict = s->rules.win == WIN_ASCENDING, x = q[b].num, y = q[a].num, d = 0;   /* x was at a, y at b */
	/* inverted(u before v) = u && v && u + strict > v */
#define INV(u, v) (((u) != 0) & ((v) != 0) & ((u) + strict > (v)))
	d += INV(y, x) - INV(x, y);
	for (int k = a + 1; k < b; k++) {
		int v = q[k].num;
		d += INV(y, v) + INV(v, x) - INV(x, v) - INV(v, y);
	}
#undef INV
	return d;
}

void seq_cycle(struct sim_card *q, const struct pos_way *o)
{
	const short *sp = o->move.sp;
	int n = o->move.n;
	struct sim_card t = q[sp[n - 1]];
	for (int i = n - 1; i > 0; i--)
		q[sp[i]] = q[sp[i - 1]];
	q[sp[0]] = t;
}

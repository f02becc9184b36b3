/* trains_sim.c: the game engine and player policies of `railyard simulate` (see trains_sim.h
 * for the rules it plays by). A game is a flat position (struct sim_pos and its
 * arrays, one block) played by steps (start, moves, choose, apply: gsim.h's) with
 * a worker that lives in a work space; everything is allocated when the work
 * space is made, and playing only reads the setup and writes the position and
 * the work space. sim_play plays the same steps. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trains_position.h"
#include "trains_sim.h"
#include "stats.h"
#include "util.h"

/* ---- policies and rules ---- */

static const char *const policy_names[POLICY_COUNT] = {"random", "greedy", "spoiler", "lookahead"};

const char *sim_policy_name(enum sim_policy p)
{
	return p < POLICY_COUNT ? policy_names[p] : "?";
}

void sim_rules_from_pack(const struct pack *p, struct sim_rules *r)
{
	r->apply_to = p->rules.apply_to;
	r->swap_across = p->rules.swap_across;
	r->swap_within = p->rules.swap_within;
	r->win = p->rules.win;
	r->freeze_tokens = p->rules.freeze_tokens;
	r->reshuffle = p->rules.reshuffle;
	r->opening = p->rules.opening;
	r->max_turns = 1000;
}

/* ---- the setup ---- */

/* What a move does to the cards (a number ability resolved to a swap or a removal). */
enum { OP_SWAP, OP_REMOVE, OP_CYCLE };

struct sim_card {
	int num;   /* 0: wild */
	int ab;    /* ability index, -1: none */
};

#define SAMPLES 8
#define WIN_SCORE 0.45     /* scores below this are won sequences (see score) */

struct sim_setup {
	const struct pack *pack;
	struct sim_rules rules;
	int players, census, rows, cols;
	enum sim_policy policy[SIM_MAX_PLAYERS];
	int npolicy_lookahead;     /* seats playing lookahead */
	int maxnum;
	int copies;
	size_t nab;
	struct sim_card *deck;
	long ndeck;
	struct rules rules_pos;    /* rules as the position module reads them */
	/* The ways to use each ability (trains_position.c's pos_ways): ability a's are
	 * ways[way_first[a]] .. ways[way_first[a+1]-1]; spec[a] its entry (number
	 * abilities) or NULL. */
	struct pos_way *ways;
	size_t nways;
	size_t *way_first;
	const struct ability_spec **spec;
	size_t max_moves;          /* the most moves a turn can list: every card face up */
	/* Pairs of spaces that must ascend (i before j): all pairs on a line, pairs
	 * sharing a row or a column on a grid. part[s] lists the partners of s. */
	int npairs;
	short *pi, *pj;
	short *part;               /* [census * census] */
	int *npart;
	int *nbefore;              /* how many of part[s] come before s (they are listed first) */
	double *expect;            /* §5: the expected number at each space */
	double *rlo, *rhi;         /* §5: the range a completed sequence usually holds there */
	double wdist;              /* weight of the distance from the expected numbers */
	double tol;                /* freezing: how near the expected number is settled */
	int sample[SAMPLES];       /* numbers standing for an unknown card, ascending */
	unsigned char *below;      /* [maxnum + 3]: how many samples are below each number */
	double *sdist;             /* [census * SAMPLES]: dist_at of each sample at each space */
	int *way_ab;               /* [nways]: the ability each way belongs to */
	/* A position (struct sim_pos and its arrays at these offsets, one block
	 * of pos_size bytes) and a worker's work space (struct sim_worker and its
	 * buffers, work_size bytes). */
	size_t off_pile, off_disc, off_dhid, off_face, off_face_at, off_seq, off_frozen, off_uses, pos_size;
	size_t work_size;
	bool detail;               /* a work space gathers the totals of its games (sim_setup_detail) */
};

/* How far number v lies outside the usual range of space i (§5), plus a
 * hundredth of its distance from the expected number, to rank numbers inside. */
static inline double dist_at(const struct sim_setup *s, int i, int v)
{
	double d = v < s->rlo[i] ? s->rlo[i] - v : v > s->rhi[i] ? v - s->rhi[i] : 0;
	return d + 0.01 * fabs(v - s->expect[i]);
}

/* setup_ways' collector: each way of one ability, as trains_position.c expands it. */
struct way_sink {
	struct sim_setup *s;
	size_t *cap;
};

static void add_way(void *ctx, const struct pos_way *w)
{
	struct way_sink *k = ctx;
	struct sim_setup *s = k->s;
	s->ways = xgrow(s->ways, k->cap, s->nways + 1, sizeof *s->ways);
	s->ways[s->nways++] = *w;
}

/* The deck: numbers 1..upto, copies of each with its ability, then the wild cards. */
static void setup_deck(struct sim_setup *s, const struct pack *p, long upto)
{
	s->deck = xmalloc((size_t)s->ndeck * sizeof *s->deck);
	long k = 0;
	for (long n = 1; n <= upto; n++)
		for (int c = 0; c < p->copies; c++)
			s->deck[k++] = (struct sim_card){(int)n, p->by_number[n - 1]};
	for (int w = 0; w < p->wild; w++)
		s->deck[k++] = (struct sim_card){0, -1};
}

/* Every ability's ways (pos_ways), and the most moves pos_legal_moves can give. */
static void setup_ways(struct sim_setup *s, const struct pack *p, const struct sim_rules *rules)
{
	size_t cap = 0;
	struct way_sink sink = {s, &cap};
	s->way_first = xmalloc((s->nab + 1) * sizeof *s->way_first);
	s->spec = xcalloc(s->nab ? s->nab : 1, sizeof *s->spec);
	for (size_t a = 0; a < s->nab; a++) {
		const struct ability *ab = &p->abilities.v[a];
		s->way_first[a] = s->nways;
		if (ab->kind == AK_NUMBER)
			s->spec[a] = &p->specs[ab->spec];
		pos_ways(&p->layout, ab, s->spec[a], add_way, &sink);
	}
	s->way_first[s->nab] = s->nways;
	s->way_ab = xmalloc((s->nways + 1) * sizeof *s->way_ab);
	for (size_t a = 0; a < s->nab; a++)
		for (size_t k = s->way_first[a]; k < s->way_first[a + 1]; k++)
			s->way_ab[k] = (int)a;
	/* What pos_legal_moves can give at most, so a worker never grows its list
	 * during a game: each way on each sequence it may reach, and across. */
	int N = s->players;
	s->max_moves = 1;
	for (size_t i = 0; i < s->nways; i++) {
		size_t pairs = 0;
		if (s->ways[i].across && rules->swap_across != ACROSS_NONE && N > 1)
			pairs = rules->swap_across == ACROSS_TWO ? 2 * (size_t)(N - 1) : (size_t)N * (size_t)(N - 1);
		s->max_moves += (rules->apply_to == APPLY_SELF ? 1 : (size_t)N) + pairs;
	}
}

/* The pairs of spaces in one row or column, and each space's partners. */
static void setup_pairs(struct sim_setup *s)
{
	int c = s->census;
	s->pi = xmalloc((size_t)c * (size_t)c * sizeof *s->pi);
	s->pj = xmalloc((size_t)c * (size_t)c * sizeof *s->pj);
	s->part = xmalloc((size_t)c * (size_t)c * sizeof *s->part);
	s->npart = xcalloc((size_t)c, sizeof *s->npart);
	s->nbefore = xcalloc((size_t)c, sizeof *s->nbefore);
	for (int i = 0; i < c; i++)
		for (int j = i + 1; j < c; j++)
			if (i / s->cols == j / s->cols || i % s->cols == j % s->cols) {
				s->pi[s->npairs] = (short)i;
				s->pj[s->npairs++] = (short)j;
				s->part[i * c + s->npart[i]++] = (short)j;
				s->part[j * c + s->npart[j]++] = (short)i;
				s->nbefore[j]++;
			}
}

/* §5: the expected number at each space and its usual range, the weights of
 * the distance from them, and the samples standing for an unknown card. */
static void setup_ranges(struct sim_setup *s, long upto)
{
	int c = s->census;
	s->expect = xmalloc((size_t)c * sizeof *s->expect);
	s->rlo = xmalloc((size_t)c * sizeof *s->rlo);
	s->rhi = xmalloc((size_t)c * sizeof *s->rhi);
	struct pos_pack pk = {upto, s->copies, NULL};
	for (int i = 0; i < c; i++) {
		int r = i / s->cols, q = i % s->cols;
		s->expect[i] = (double)(r + q + 1) / (s->rows + s->cols) * (upto + 1);
		if (s->rows == 1) {
			/* the middle half of the order statistic, as `check` shows it */
			long lo, hi;
			pos_range(&pk, c, i, 0.25, 0.75, &lo, &hi);
			s->rlo[i] = (double)lo;
			s->rhi[i] = (double)hi;
		} else {
			double w = (double)(upto + 1) / (s->rows + s->cols) / 4;
			s->rlo[i] = s->expect[i] - w;
			s->rhi[i] = s->expect[i] + w;
		}
	}
	s->wdist = 0.39 / ((double)c * (double)upto);
	s->tol = (double)(upto + 1) / (s->rows + s->cols) / 2;
}

/* The samples standing for an unknown card, how many lie below each number,
 * and each sample's distance at each space. */
static void setup_samples(struct sim_setup *s, long upto)
{
	int c = s->census;
	for (int q = 0; q < SAMPLES; q++) {
		int v = 1 + (int)((q + 0.5) * (double)upto / SAMPLES);
		s->sample[q] = v > upto ? (int)upto : v;
	}
	s->below = xmalloc((size_t)upto + 3);
	for (long t = 0; t <= upto + 2; t++) {
		int nb = 0;
		while (nb < SAMPLES && s->sample[nb] < t)
			nb++;
		s->below[t] = (unsigned char)nb;
	}
	s->sdist = xmalloc((size_t)c * SAMPLES * sizeof *s->sdist);
	for (int i = 0; i < c; i++)
		for (int q = 0; q < SAMPLES; q++)
			s->sdist[i * SAMPLES + q] = dist_at(s, i, s->sample[q]);
}

/* Whether players can play the first upto numbers of p: the deck's size into
 * *ndeck; false with the reason in err. */
static bool setup_fits(const struct pack *p, int players, long upto, long *ndeck, char *err, size_t errlen)
{
	if (players < 1 || players > SIM_MAX_PLAYERS) {
		snprintf(err, errlen, "the simulator plays 1 to %d players, not %d", SIM_MAX_PLAYERS, players);
		return false;
	}
	*ndeck = upto * p->copies + p->wild;
	if (*ndeck > 1000000) {
		snprintf(err, errlen, "the simulator plays packs of up to 1000000 cards, not %ld", *ndeck);
		return false;
	}
	long need = (long)players * p->layout.census + 1;
	if (*ndeck < need) {
		snprintf(err, errlen, "%d players need at least %ld cards (%d each and a draw pile); "
			 "the pack has %ld", players, need, p->layout.census, *ndeck);
		return false;
	}
	return true;
}

static void setup_layout(struct sim_setup *s);

struct sim_setup *sim_setup_new(const struct pack *p, int players, long upto,
				const struct sim_rules *rules, const enum sim_policy *policy,
				char *err, size_t errlen)
{
	if (upto < 1 || upto > p->cards)
		upto = p->cards;
	long ndeck;
	if (!setup_fits(p, players, upto, &ndeck, err, errlen))
		return NULL;
	struct sim_setup *s = xcalloc(1, sizeof *s);
	s->pack = p;
	s->rules = *rules;
	s->players = players;
	s->census = p->layout.census;
	s->rows = p->layout.rows ? p->layout.rows : 1;
	s->cols = p->layout.rows ? p->layout.cols : p->layout.census;
	for (int i = 0; i < players; i++) {
		s->policy[i] = policy[i];
		s->npolicy_lookahead += policy[i] == POLICY_LOOKAHEAD;
	}
	s->maxnum = (int)upto;
	s->copies = p->copies;
	s->nab = p->abilities.n;
	s->ndeck = ndeck;
	setup_deck(s, p, upto);
	s->rules_pos = p->rules;
	s->rules_pos.apply_to = rules->apply_to;
	s->rules_pos.swap_across = rules->swap_across;
	s->rules_pos.swap_within = rules->swap_within;
	s->rules_pos.win = rules->win;
	s->rules_pos.freeze_tokens = rules->freeze_tokens;
	s->rules_pos.reshuffle = rules->reshuffle;
	setup_ways(s, p, rules);
	setup_pairs(s);
	setup_ranges(s, upto);
	setup_samples(s, upto);
	setup_layout(s);
	return s;
}

void sim_setup_free(struct sim_setup *s)
{
	if (!s)
		return;
	free(s->deck);
	free(s->ways);
	free(s->way_first);
	free(s->way_ab);
	free(s->spec);
	free(s->pi);
	free(s->pj);
	free(s->part);
	free(s->npart);
	free(s->nbefore);
	free(s->expect);
	free(s->sdist);
	free(s->below);
	free(s->rlo);
	free(s->rhi);
	free(s);
}

size_t sim_setup_abilities(const struct sim_setup *s)
{
	return s->nab;
}

long sim_setup_cards(const struct sim_setup *s)
{
	return s->ndeck;
}

/* ---- sequences: winning and disorder ---- */

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
static bool seq_wins(const struct sim_setup *s, const struct sim_card *q)
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

static int seq_inversions(const struct sim_setup *s, const struct sim_card *q)
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

/* A sequence's disorder as the policies see it: inversions, plus a fraction
 * (under 0.4 in all) for the distance of its numbers from the ranges of §5,
 * plus 0.5 when it has no inversions but still does not win (wild cards that
 * fit no number). So a score under WIN_SCORE means a won sequence. */
struct score {
	int inv;
	double dist;
};

/* The score of q, whose inversions are inv. */
static struct score seq_score_inv(const struct sim_setup *s, const struct sim_card *q, int inv)
{
	struct score r = {inv, 0};
	for (int i = 0; i < s->census; i++)
		if (q[i].num)
			r.dist += dist_at(s, i, q[i].num);
	return r;
}

static struct score seq_score(const struct sim_setup *s, const struct sim_card *q)
{
	struct score r = {seq_inversions(s, q), 0};
	for (int i = 0; i < s->census; i++)
		if (q[i].num)
			r.dist += dist_at(s, i, q[i].num);
	return r;
}

static double score_value(const struct sim_setup *s, struct score sc, const struct sim_card *q)
{
	double v = sc.inv + s->wdist * sc.dist;
	if (sc.inv == 0 && !seq_wins(s, q))
		v += 0.5;
	return v;
}

static double seq_value(const struct sim_setup *s, const struct sim_card *q)
{
	return score_value(s, seq_score(s, q), q);
}

/* Inversions between space i holding number v and its partners: the inner
 * loop of every policy, so written without branches. Partners before i are
 * inverted when greater (or equal, if strict); those after when smaller. */
static int inv_at(const struct sim_setup *s, const struct sim_card *q, int i, int v)
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

/* The value of q (whose score is base) with card c at space i; tmp is scratch. */
static double value_replace(const struct sim_setup *s, const struct sim_card *q, struct score base,
			    int i, struct sim_card c, int oldinv, struct sim_card *tmp)
{
	struct score r = base;
	int old = q[i].num;
	r.inv += inv_at(s, q, i, c.num) - oldinv;
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

/* value_replace for every sample number at space i at once (out[SAMPLES]):
 * each partner is inverted with a run of the ascending samples, so one pass
 * over the partners and a running sum give every count. The arithmetic is
 * value_replace's, step for step. */
static void values_sampled(const struct sim_setup *s, const struct sim_card *q, struct score base, int i,
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
static double value_swap(const struct sim_setup *s, const struct sim_card *q, struct score base,
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
	r.inv += inv_at(s, tmp, a, tmp[a].num) + inv_at(s, tmp, b, tmp[b].num) - pair_new
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

/* ---- the worker ---- */

/* A legal move. face -1 is a draw; otherwise face-up card `face` used as op `op`:
 * a swap of tgt's space a with tgt2's space b, a removal of tgt's space a, or a
 * rotation of tgt's spaces. */
struct sim_move {
	short face;
	int op;
	signed char tgt, tgt2;
	unsigned char kind;
	short a, b;
};

/* A position: this header, then its arrays at the setup's offsets (off_pile
 * ...), one block of pos_size bytes, so a copy is one memcpy. */
enum { PH_FREEZE, PH_MOVE };
struct sim_pos {
	int npile, ndisc, nface;
	int tokens[SIM_MAX_PLAYERS];
	int turns, winner, passes, last_ab;
	int seat;                  /* the seat to decide, -1: the game is over */
	int inv[SIM_MAX_PLAYERS];  /* each sequence's inversions (the standing) */
	int phase;                 /* PH_FREEZE (tokens left: freeze a card or not), PH_MOVE */
	bool stalled;
	uint64_t draws, on_self, on_opponent, across, freezes, reshuffles;
	uint64_t removals_self, removals_opponent;
	/* which worker's caches (scores of sequences) can stand for this
	 * position: the worker that last changed it and its count then */
	uint64_t stamp;
	uintptr_t owner;
};

struct sim_worker {
	const struct sim_setup *s;
	struct rng *rng;       /* the stream of the step being played */
	/* the position bound (bind): its header and arrays */
	void *pos;
	struct sim_pos *h;
	struct sim_card *pile, *disc, *face;
	unsigned char *dhid;       /* [ndeck]: disc[i] lies face down, put there by seat dhid[i] - 1; 0: seen */
	int *face_at;              /* [nab]: where ability a lies face up, or -1 */
	struct sim_card *seq;      /* [players * census] */
	unsigned char *frozen;     /* [players * census] */
	uint32_t *uses;            /* [players * nab], this game */
	struct sim_card *tmp, *tmp2;
	int *oldinv;               /* [players * census], see struct view */
	/* each sequence's score as of its last change (make_view recomputes the
	 * dirty ones), for the position stamped cache_stamp by cache_owner */
	struct score csc[SIM_MAX_PLAYERS];
	double cval[SIM_MAX_PLAYERS];
	bool dirty[SIM_MAX_PLAYERS];
	uint64_t stamps, cache_stamp;
	uintptr_t cache_owner;
	/* The caches above as they stood for another worker's position (stamped
	 * snap_stamp by snap_owner, 0: none) when this worker first changed a
	 * copy of it: a search's root, copied in afresh every iteration, finds
	 * its sequences' scores and gains here instead of judging them again. */
	struct score ssc[SIM_MAX_PLAYERS];
	double sval[SIM_MAX_PLAYERS];
	bool sdirty[SIM_MAX_PLAYERS];
	int *soldinv;
	double *sgain;
	unsigned char *sgain_ok;
	uint64_t snap_stamp;
	uintptr_t snap_owner;
	struct sim_move *moves;
	size_t nmoves, cap;
	/* the position as trains_position.c's legality reads it: sequences in place */
	struct pos_view view;
	const int *vnum[SIM_MAX_PLAYERS];
	const unsigned char *vfrozen[SIM_MAX_PLAYERS];
	double *gain;              /* [players * nab]: see ability_gain */
	unsigned char *gain_ok;
	/* lookahead: the best moves by the one-move objective, and the imagined
	 * position its futures are played in */
	int nlook;
	size_t lookmv[8];
	double lookval[8];
	bool rollout;
	void *look_pos;
	uint64_t *keys;            /* sim_play's move keys: [max keys] */
	/* what the last step learnt of the position stamped so: the moves it
	 * listed (moves_stamp), the gifts of the draw's judgement (gift_stamp) */
	uint64_t moves_stamp, gift_stamp;
	uintptr_t moves_owner, gift_owner;
	int gift_pol;
	double gift[MAX_SPACES];
	bool nogift;               /* sim_playout's judgement: a draw's gifts not weighed */
	void *own_pos;             /* sim_worker_new's position */
	struct sim_stats st;       /* with the setup's detail: the totals of the games ended here */
	bool gather;
	struct buf *log;           /* a running account of the game, or NULL */
	bool selfcheck;
	long broken;               /* turns after which an invariant did not hold */
	long *count;               /* selfcheck scratch: [maxnum + 1] */
	int *snap;                 /* selfcheck: numbers and frozen flags after the last turn */
	unsigned char *snapfz;
};

static int apply_move(struct sim_worker *w, int m, const struct sim_move *mvp, const double *gift, int *t1,
		      int *t2);
static size_t look_choose(struct sim_worker *w, int m, const double *gift);
static int play_turn(struct sim_worker *w, int m, int *t1, int *t2);

/* The policy seat m plays by: in a lookahead's imagined futures everybody
 * plays greedy (random players stay random). */
static enum sim_policy policy_of(const struct sim_worker *w, int m)
{
	enum sim_policy p = w->s->policy[m];
	return w->rollout && p != POLICY_RANDOM ? POLICY_GREEDY : p;
}

void sim_worker_selfcheck(struct sim_worker *w, bool on)
{
	w->selfcheck = on;
	if (on && !w->count)
	{
		size_t n = (size_t)w->s->players * (size_t)w->s->census;
		w->count = xmalloc(((size_t)w->s->maxnum + 1) * sizeof *w->count);
		w->snap = xmalloc(n * sizeof *w->snap);
		w->snapfz = xmalloc(n);
	}
}

long sim_worker_broken(const struct sim_worker *w)
{
	return w->broken;
}

/* Every card of the deck is in exactly one place; the face-up cards have
 * distinct abilities and face_at points at them; frozen counts match tokens. */
static bool consistent(struct sim_worker *w)
{
	const struct sim_setup *s = w->s;
	long *count = w->count;
	memset(count, 0, ((size_t)s->maxnum + 1) * sizeof *count);
	for (long i = 0; i < s->ndeck; i++)
		count[s->deck[i].num]++;
	for (int i = 0; i < w->h->npile; i++)
		count[w->pile[i].num]--;
	for (int i = 0; i < w->h->ndisc; i++)
		count[w->disc[i].num]--;
	for (int i = 0; i < w->h->nface; i++)
		count[w->face[i].num]--;
	for (int i = 0; i < s->players * s->census; i++)
		count[w->seq[i].num]--;
	for (int n = 0; n <= s->maxnum; n++)
		if (count[n])
			return false;
	int listed = 0;
	for (size_t a = 0; a < s->nab; a++)
		if (w->face_at[a] >= 0) {
			if (w->face_at[a] >= w->h->nface || w->face[w->face_at[a]].ab != (int)a)
				return false;
			listed++;
		}
	if (listed != w->h->nface)
		return false;
	for (int p = 0; p < s->players; p++) {
		if (w->h->inv[p] != seq_inversions(s, &w->seq[p * s->census]))
			return false;   /* the standing kept as the cards moved */
		int fz = 0;
		for (int i = 0; i < s->census; i++)
			fz += w->frozen[p * s->census + i];
		if (fz + w->h->tokens[p] != s->rules.freeze_tokens)
			return false;
	}
	/* frozen cards have not moved since the last check */
	for (int i = 0; i < s->players * s->census; i++) {
		if (w->snapfz[i] && w->snap[i] != w->seq[i].num)
			return false;
		w->snap[i] = w->seq[i].num;
		w->snapfz[i] = w->frozen[i];
	}
	return true;
}

void sim_worker_trace(struct sim_worker *w, struct buf *log)
{
	w->log = log;
}

static void log_card(struct buf *b, struct sim_card c)
{
	if (c.num)
		buf_printf(b, "%d", c.num);
	else
		buf_puts(b, "W");
}

static void log_seq(struct sim_worker *w, int p)
{
	const struct sim_setup *s = w->s;
	const struct sim_card *q = &w->seq[p * s->census];
	const unsigned char *fz = &w->frozen[p * s->census];
	buf_printf(w->log, "  seat %d:", p + 1);
	for (int i = 0; i < s->census; i++) {
		buf_puts(w->log, i && i % s->cols == 0 ? " /" : "");
		buf_puts(w->log, " ");
		log_card(w->log, q[i]);
		if (fz[i])
			buf_puts(w->log, "*");
	}
	buf_puts(w->log, "\n");
}

static const char *space(const struct sim_setup *s, int i, char nm[3])
{
	return space_name(&s->pack->layout, i, nm);
}

/* The size of n bytes, rounded up to keep what follows aligned. */
static size_t al(size_t n)
{
	return (n + 15) & ~(size_t)15;
}

/* The most move keys a position can list: every move, or a freeze of any space. */
static size_t max_keys(const struct sim_setup *s)
{
	return s->max_moves > (size_t)s->census + 1 ? s->max_moves : (size_t)s->census + 1;
}

/* A position's layout and a work space's size, once the setup is made. */
static void setup_layout(struct sim_setup *s)
{
	size_t n = (size_t)s->ndeck, sc = (size_t)s->players * (size_t)s->census, o = al(sizeof(struct sim_pos));
	s->off_pile = o, o += al(n * sizeof(struct sim_card));
	s->off_disc = o, o += al(n * sizeof(struct sim_card));
	s->off_dhid = o, o += al(n);
	s->off_face = o, o += al((s->nab + 1) * sizeof(struct sim_card));
	s->off_face_at = o, o += al((s->nab + 1) * sizeof(int));
	s->off_seq = o, o += al(sc * sizeof(struct sim_card));
	s->off_frozen = o, o += al(sc);
	s->off_uses = o, o += al(((size_t)s->players * s->nab + 1) * sizeof(uint32_t));
	s->pos_size = o;
	size_t nab1 = s->nab + 1, pn = (size_t)s->players * s->nab + 1;
	s->work_size = al(sizeof(struct sim_worker)) + 2 * al((size_t)s->census * sizeof(struct sim_card)) +
		       al(sc * sizeof(int)) + al(pn * sizeof(double)) + al(pn) +
		       al(s->max_moves * sizeof(struct sim_move)) + al(s->pos_size) + al(max_keys(s) * sizeof(uint64_t)) +
		       al(sc * sizeof(int)) + al(pn * sizeof(double)) + al(pn);
	if (s->detail)
		s->work_size += al(((size_t)s->rules.max_turns + 1) * sizeof(uint64_t)) + 4 * al(nab1 * sizeof(uint64_t));
}

void sim_setup_detail(struct sim_setup *s, bool on)
{
	s->detail = on;
	setup_layout(s);
}

/* Point w at position pos (pos_size bytes): its header and arrays. */
static void bind(struct sim_worker *w, void *pos)
{
	if (w->pos == pos)
		return;
	const struct sim_setup *s = w->s;
	char *b = pos;
	w->pos = pos;
	w->h = pos;
	w->pile = (struct sim_card *)(void *)(b + s->off_pile);
	w->disc = (struct sim_card *)(void *)(b + s->off_disc);
	w->dhid = (unsigned char *)(b + s->off_dhid);
	w->face = (struct sim_card *)(void *)(b + s->off_face);
	w->face_at = (int *)(void *)(b + s->off_face_at);
	w->seq = (struct sim_card *)(void *)(b + s->off_seq);
	w->frozen = (unsigned char *)(b + s->off_frozen);
	w->uses = (uint32_t *)(void *)(b + s->off_uses);
	for (int p = 0; p < s->players; p++) {
		/* a card's number is the first int of its struct sim_card */
		w->vnum[p] = (const int *)(const void *)&w->seq[(size_t)p * (size_t)s->census];
		w->vfrozen[p] = &w->frozen[(size_t)p * (size_t)s->census];
	}
}

/* Make a worker in a work space (work_size bytes, zeroed) the first time it
 * is handed one; every buffer lies inside it. */
static struct sim_worker *worker_at(const struct sim_setup *s, void *work)
{
	struct sim_worker *w = work;
	if (w->s)
		return w;
	size_t sc = (size_t)s->players * (size_t)s->census, pn = (size_t)s->players * s->nab + 1;
	char *b = (char *)work + al(sizeof *w);
	w->s = s;
	w->tmp = (struct sim_card *)(void *)b, b += al((size_t)s->census * sizeof *w->tmp);
	w->tmp2 = (struct sim_card *)(void *)b, b += al((size_t)s->census * sizeof *w->tmp2);
	w->oldinv = (int *)(void *)b, b += al(sc * sizeof *w->oldinv);
	w->gain = (double *)(void *)b, b += al(pn * sizeof *w->gain);
	w->gain_ok = (unsigned char *)b, b += al(pn);
	w->moves = (struct sim_move *)(void *)b, b += al(s->max_moves * sizeof *w->moves);
	w->cap = s->max_moves;
	w->look_pos = b, b += al(s->pos_size);
	w->keys = (uint64_t *)(void *)b, b += al(max_keys(s) * sizeof *w->keys);
	w->soldinv = (int *)(void *)b, b += al(sc * sizeof *w->soldinv);
	w->sgain = (double *)(void *)b, b += al(pn * sizeof *w->sgain);
	w->sgain_ok = (unsigned char *)b, b += al(pn);
	if (s->detail) {
		size_t nab1 = s->nab + 1;
		w->st.players = s->players;
		w->st.nab = s->nab;
		w->st.max_turns = s->rules.max_turns;
		w->st.length = (uint64_t *)(void *)b, b += al(((size_t)s->rules.max_turns + 1) * sizeof(uint64_t));
		w->st.used = (uint64_t *)(void *)b, b += al(nab1 * sizeof(uint64_t));
		w->st.used_by_winner = (uint64_t *)(void *)b, b += al(nab1 * sizeof(uint64_t));
		w->st.won_with = (uint64_t *)(void *)b, b += al(nab1 * sizeof(uint64_t));
		w->st.games_used = (uint64_t *)(void *)b;
		w->gather = true;
	}
	w->view = (struct pos_view){s->players, s->census, 0, (int)(sizeof *w->seq / sizeof(int)), w->vnum,
				    w->vfrozen, true};
	for (int p = 0; p < s->players; p++)
		w->dirty[p] = true;
	return w;
}

struct sim_worker *sim_worker_new(const struct sim_setup *s)
{
	/* the totals are sim_play's to gather here, into the caller's sim_stats */
	struct sim_worker *w = worker_at(s, xcalloc(1, s->work_size));
	w->gather = false;
	w->own_pos = xcalloc(1, s->pos_size);
	return w;
}

void sim_worker_free(struct sim_worker *w)
{
	if (!w)
		return;
	free(w->own_pos);
	free(w->count);
	free(w->snap);
	free(w->snapfz);
	free(w);
}

static inline struct sim_card *seq_of(struct sim_worker *w, int p)
{
	return &w->seq[p * w->s->census];
}

static inline unsigned char *frozen_of(struct sim_worker *w, int p)
{
	return &w->frozen[p * w->s->census];
}

static void shuffle(struct rng *r, struct sim_card *v, int n)
{
	for (int i = n - 1; i > 0; i--) {
		int j = (int)rng_below(r, (uint32_t)i + 1);
		struct sim_card t = v[i];
		v[i] = v[j];
		v[j] = t;
	}
}

static bool can_draw(const struct sim_worker *w)
{
	return w->h->npile > 0 || (w->s->rules.reshuffle && w->h->ndisc > 0);
}

/* The top card of the draw pile, shuffling the discards into a new pile first
 * when it is empty. The caller has made sure there is one (can_draw). */
static struct sim_card draw_card(struct sim_worker *w)
{
	if (w->h->npile == 0) {
		memcpy(w->pile, w->disc, (size_t)w->h->ndisc * sizeof *w->pile);
		w->h->npile = w->h->ndisc;
		w->h->ndisc = 0;
		shuffle(w->rng, w->pile, w->h->npile);
		w->h->reshuffles++;
	}
	return w->pile[--w->h->npile];
}

/* Put card c on the discards, seen by everybody. */
static void discard(struct sim_worker *w, struct sim_card c)
{
	w->dhid[w->h->ndisc] = 0;
	w->disc[w->h->ndisc++] = c;
}

static void face_remove(struct sim_worker *w, int f)
{
	int ab = w->face[f].ab;
	w->face_at[ab] = -1;
	if (f != w->h->nface - 1) {
		w->face[f] = w->face[w->h->nface - 1];
		w->face_at[w->face[f].ab] = f;
	}
	w->h->nface--;
}

/* Put a card face up beside the draw pile: a pair of equal abilities is
 * discarded, and so is a card without an ability. */
static void face_up(struct sim_worker *w, struct sim_card c)
{
	if (c.ab < 0) {
		discard(w, c);
		return;
	}
	int f = w->face_at[c.ab];
	if (f >= 0) {
		discard(w, w->face[f]);
		discard(w, c);
		face_remove(w, f);
		return;
	}
	w->face_at[c.ab] = w->h->nface;
	w->face[w->h->nface++] = c;
}

/* How the inversions of q changed when the cards at spaces a and b were
 * swapped (q after the swap). On a line only the pair itself and the spaces
 * between them change; on a grid, the whole count again less the old. */
static int swap_delta(const struct sim_setup *s, const struct sim_card *q, int a, int b)
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

/* Put card c at space i of seat p's sequence, keeping its inversions. */
static void set_card(struct sim_worker *w, int p, int i, struct sim_card c)
{
	struct sim_card *q = seq_of(w, p);
	w->h->inv[p] += inv_at(w->s, q, i, c.num) - inv_at(w->s, q, i, q[i].num);
	q[i] = c;
}

static void push_move(struct sim_worker *w, struct sim_move m)
{
	if (w->nmoves < w->cap)   /* never full: the setup's max_moves bounds every list */
		w->moves[w->nmoves++] = m;
}

/* pos_legal_moves' collector: each legal use of face-up card `face`, whose
 * ability's ways start at ways[first], in the engine's form. */
struct move_sink {
	struct sim_worker *w;
	int face;
	size_t first;
	const struct pos_way *ways;   /* the ability's: &s->ways[first] */
};

static void add_use(void *ctx, const struct pos_use *u, const struct pos_move *pm)
{
	struct move_sink *k = ctx;
	struct sim_move m = {(short)k->face, (int)(k->first + (size_t)u->way), pm->seq[0], pm->seq[pm->n > 1],
			     OP_CYCLE, -1, -1};
	if (pm->remove) {
		m.kind = OP_REMOVE;
		m.a = pm->sp[0];
	} else if (k->ways[u->way].effect != KE_ROTATE) {
		m.kind = OP_SWAP;
		m.a = pm->sp[0];
		m.b = pm->sp[1];
	}
	push_move(k->w, m);
}

static bool has_open_space(struct sim_worker *w, int p)
{
	const unsigned char *fz = frozen_of(w, p);
	for (int i = 0; i < w->s->census; i++)
		if (!fz[i])
			return true;
	return false;
}

/* Every legal move of player m (the draw first): the draw, then each face-up
 * card's uses as trains_position.c's one legality finds them. */
static void list_moves(struct sim_worker *w, int m)
{
	const struct sim_setup *s = w->s;
	w->nmoves = 0;
	if (can_draw(w) && has_open_space(w, m))
		push_move(w, (struct sim_move){-1, -1, (signed char)m, (signed char)m, 0, -1, -1});
	/* A removal needs a card to fill the space: with reshuffling the used card
	 * itself is in the discards by then. */
	w->view.mover = m;
	w->view.refill = w->h->npile > 0 || s->rules.reshuffle;
	for (int f = 0; f < w->h->nface; f++) {
		int ab = w->face[f].ab;
		struct move_sink k = {w, f, s->way_first[ab], &s->ways[s->way_first[ab]]};
		pos_legal_moves(k.ways, s->way_first[ab + 1] - k.first, s->spec[ab], &s->rules_pos, &w->view, add_use,
				&k);
	}
}

size_t sim_worker_moves(struct sim_worker *w, int m, size_t ab, const int *nums, const unsigned char *frozen,
			int npile, void (*fn)(void *ctx, const struct pos_move *mv), void *ctx)
{
	const struct sim_setup *s = w->s;
	size_t sc = (size_t)s->players * (size_t)s->census, n = 0;
	bind(w, w->own_pos);
	for (int p = 0; p < s->players; p++)
		w->dirty[p] = true;
	for (size_t i = 0; i < sc; i++) {
		w->seq[i] = (struct sim_card){nums[i], -1};
		w->frozen[i] = frozen ? frozen[i] : 0;
	}
	for (size_t a = 0; a < s->nab; a++)
		w->face_at[a] = -1;
	w->face[0] = (struct sim_card){0, (int)ab};
	w->face_at[ab] = 0;
	w->h->nface = 1;
	w->h->npile = npile < 0 ? 0 : npile > s->ndeck ? (int)s->ndeck : npile;
	w->h->ndisc = 0;
	list_moves(w, m);
	for (size_t k = 0; k < w->nmoves; k++) {
		const struct sim_move *mv = &w->moves[k];
		if (mv->face < 0)
			continue;
		struct pos_move pm;
		memset(&pm, 0, sizeof pm);
		pm.blocked = -1;
		pm.seq[0] = mv->tgt;
		pm.seq[1] = mv->tgt2;
		pm.sp[0] = mv->a;
		pm.sp[1] = mv->b;
		pm.n = mv->kind == OP_SWAP ? 2 : 1;
		pm.remove = mv->kind == OP_REMOVE;
		if (mv->kind == OP_CYCLE) {
			const struct pos_way *o = &s->ways[mv->op];
			pm.n = o->move.n;
			for (int i = 0; i < pm.n; i++) {
				pm.seq[i] = mv->tgt;
				pm.sp[i] = o->move.sp[i];
			}
		}
		fn(ctx, &pm);
		n++;
	}
	return n;
}

static void cycle(struct sim_card *q, const struct pos_way *o)
{
	const short *sp = o->move.sp;
	int n = o->move.n;
	struct sim_card t = q[sp[n - 1]];
	for (int i = n - 1; i > 0; i--)
		q[sp[i]] = q[sp[i - 1]];
	q[sp[0]] = t;
}

/* ---- policies ---- */

struct view {
	double value[SIM_MAX_PLAYERS];   /* each sequence's value now */
	struct score sc[SIM_MAX_PLAYERS];
	const int *oldinv;               /* [p * census + i]: inversions at space i now */
	int leader;                      /* the opponent nearest to winning */
	double lead_weight;              /* spoiler: 1, greedy: a tie-breaker */
	double next_weight;              /* lookahead: what the next seat gains counts fully */
};

/* What a sequence's new value counts for the mover: winning dominates. */
static double outcome(double v)
{
	return v < WIN_SCORE ? -1000.0 : v;
}

/* The objective (lower is better) of a move other than a draw for player m. */
static double judge(struct sim_worker *w, const struct view *vw, int m, const struct sim_move *mv)
{
	const struct sim_setup *s = w->s;
	double after[2];
	int who[2] = {mv->tgt, mv->tgt2};
	int nwho = mv->tgt2 != mv->tgt ? 2 : 1;
	if (mv->kind == OP_SWAP && nwho == 2) {
		struct sim_card *x = seq_of(w, mv->tgt), *y = seq_of(w, mv->tgt2);
		int c = s->census;
		after[0] = value_replace(s, x, vw->sc[mv->tgt], mv->a, y[mv->b], vw->oldinv[mv->tgt * c + mv->a], w->tmp);
		after[1] = value_replace(s, y, vw->sc[mv->tgt2], mv->b, x[mv->a], vw->oldinv[mv->tgt2 * c + mv->b],
					 w->tmp);
	} else if (mv->kind == OP_REMOVE) {
		/* The replacement is unknown: average over numbers spread over the pack. */
		const struct sim_card *q = seq_of(w, mv->tgt);
		double sum = 0, vs[SAMPLES];
		int wins = 0;
		values_sampled(s, q, vw->sc[mv->tgt], mv->a, vw->oldinv[mv->tgt * s->census + mv->a], w->tmp, vs);
		for (int k = 0; k < SAMPLES; k++) {
			double v = vs[k];
			sum += mv->tgt == m ? outcome(v) : v;
			wins += v < WIN_SCORE;
		}
		sum /= SAMPLES;
		if (mv->tgt == m)
			return sum;
		/* on an opponent: the harm done, and a heavy cost for each chance of
		 * completing their sequence */
		double d = sum - vw->value[mv->tgt];
		return vw->value[m] - (mv->tgt == vw->leader ? vw->lead_weight : 1e-3) * d + 2000.0 * wins / SAMPLES;
	} else if (mv->kind == OP_SWAP) {
		after[0] = value_swap(s, seq_of(w, mv->tgt), vw->sc[mv->tgt], mv->a, mv->b,
				      &vw->oldinv[mv->tgt * s->census], w->tmp2);
	} else {
		struct sim_card *q = seq_of(w, mv->tgt);
		memcpy(w->tmp2, q, (size_t)s->census * sizeof *q);
		cycle(w->tmp2, &s->ways[mv->op]);
		after[0] = seq_value(s, w->tmp2);
	}
	double obj = vw->value[m];
	bool self = false;
	for (int i = 0; i < nwho; i++) {
		int p = who[i];
		if (p == m) {
			obj += outcome(after[i]) - vw->value[m];
			self = true;
		}
	}
	for (int i = 0; i < nwho; i++) {
		int p = who[i];
		if (p == m)
			continue;
		if (after[i] < WIN_SCORE && !(self && obj < -500))
			obj += 2000.0;
		obj -= (p == vw->leader ? vw->lead_weight : 1e-3) * (after[i] - vw->value[p]);
	}
	return obj;
}

/* What player p gains by using ability ab on their own sequence (a win: 1000),
 * kept until p's sequence changes. */
static double ability_gain(struct sim_worker *w, const struct view *vw, int p, int ab)
{
	const struct sim_setup *s = w->s;
	size_t at = (size_t)p * s->nab + (size_t)ab;
	if (w->gain_ok[at])
		return w->gain[at];
	int c = s->census;
	double best = 0, vs[SAMPLES];
	/* p's own uses, as the legality allows them (the pile aside: a valuation) */
	struct pos_view v = w->view;
	v.mover = p;
	v.refill = true;
	const struct sim_card *q = seq_of(w, p);
	for (size_t k = s->way_first[ab]; k < s->way_first[ab + 1]; k++) {
		const struct pos_way *o = &s->ways[k];
		if (o->effect != KE_SWAP && o->effect != KE_REMOVE)
			continue;   /* rotations and number abilities are not valued */
		struct pos_use u = {(int)(k - s->way_first[ab]), {p, p}, false};
		struct pos_move mv;
		if (pos_legal(o, NULL, &s->rules_pos, &v, &u, &mv) != POS_OK)
			continue;
		double after;
		if (o->effect == KE_SWAP) {
			after = value_swap(s, q, vw->sc[p], mv.sp[0], mv.sp[1], &vw->oldinv[p * c], w->tmp2);
			after = outcome(after);
		} else {
			values_sampled(s, q, vw->sc[p], mv.sp[0], vw->oldinv[p * c + mv.sp[0]], w->tmp2, vs);
			after = 0;
			for (int i = 0; i < SAMPLES; i++)
				after += outcome(vs[i]);
			after /= SAMPLES;
		}
		double gain = after < -500 ? 1000.0 : vw->value[p] - after;
		if (gain > best)
			best = gain;
	}
	w->gain[at] = best;
	w->gain_ok[at] = 1;
	return best;
}

/* The next seat has the first pick of a card laid face up: what it gains, as
 * m weighs that player. */
static double ability_gift(struct sim_worker *w, const struct view *vw, int m, int ab)
{
	int p = (m + 1) % w->s->players;
	if (p == m)
		return 0;
	return ability_gain(w, vw, p, ab) * fmax(p == vw->leader ? vw->lead_weight : 1e-3, vw->next_weight);
}

/* What laying card c face up gives the opponents: its ability's worth, or
 * minus that when the same ability already lies face up (both are discarded). */
static double card_gift(struct sim_worker *w, const struct view *vw, int m, struct sim_card c)
{
	if (c.ab < 0)
		return 0;
	double g = ability_gift(w, vw, m, c.ab);
	return w->face_at[c.ab] >= 0 ? -g : g;
}

/* The gift of each of m's cards, were it replaced by a draw (gift[census]). */
static void own_gifts(struct sim_worker *w, const struct view *vw, int m, double *gift)
{
	const struct sim_card *q = seq_of(w, m);
	for (int i = 0; i < w->s->census; i++) {
		gift[i] = 0;
		for (int j = 0; j < i; j++)
			if (q[j].ab == q[i].ab) {
				gift[i] = gift[j];
				goto next;
			}
		gift[i] = card_gift(w, vw, m, q[i]);
next:;
	}
}

/* The expected value of drawing: each sample number placed where it helps most,
 * counting what the replaced card, laid face up, gives the opponents (gift). */
static double judge_draw(struct sim_worker *w, const struct view *vw, int m, const double *gift)
{
	const struct sim_setup *s = w->s;
	const struct sim_card *q = seq_of(w, m);
	const unsigned char *fz = frozen_of(w, m);
	double best[SAMPLES], v[SAMPLES];
	for (int k = 0; k < SAMPLES; k++)
		best[k] = 1e300;
	for (int i = 0; i < s->census; i++) {
		if (fz[i])
			continue;
		values_sampled(s, q, vw->sc[m], i, vw->oldinv[m * s->census + i], w->tmp, v);
		for (int k = 0; k < SAMPLES; k++) {
			double o = outcome(v[k]) + gift[i];
			if (o < best[k])
				best[k] = o;
		}
	}
	double sum = 0;
	for (int k = 0; k < SAMPLES; k++)
		sum += best[k];
	return sum / SAMPLES;
}

/* Where a non-random player puts card c: the open space that leaves the best
 * value, counting the gift of the card it lays face up (gift NULL: none). */
static int best_place(struct sim_worker *w, int m, struct sim_card c, const double *gift, double *val)
{
	const struct sim_setup *s = w->s;
	const struct sim_card *q = seq_of(w, m);
	const unsigned char *fz = frozen_of(w, m);
	struct score sc = seq_score(s, q);
	int best = -1;
	double bv = 1e300;
	for (int i = 0; i < s->census; i++) {
		if (fz[i])
			continue;
		double v = outcome(value_replace(s, q, sc, i, c, inv_at(s, q, i, q[i].num), w->tmp));
		if (gift)
			v += gift[i];
		if (v < bv) {
			bv = v;
			best = i;
		}
	}
	*val = bv;
	return best;
}

static int random_place(struct sim_worker *w, int m)
{
	const unsigned char *fz = frozen_of(w, m);
	int open = 0;
	for (int i = 0; i < w->s->census; i++)
		open += !fz[i];
	int k = (int)rng_below(w->rng, (uint32_t)open);
	for (int i = 0; i < w->s->census; i++)
		if (!fz[i] && k-- == 0)
			return i;
	return -1;
}

static void make_view(struct sim_worker *w, int m, enum sim_policy pol, struct view *vw)
{
	const struct sim_setup *s = w->s;
	int N = s->players;
	vw->leader = -1;
	vw->oldinv = w->oldinv;
	for (int p = 0; p < N; p++) {
		if (w->dirty[p]) {
			const struct sim_card *q = seq_of(w, p);
			w->csc[p] = seq_score_inv(s, q, w->h->inv[p]);
			for (int i = 0; i < s->census; i++)
				w->oldinv[p * s->census + i] = inv_at(s, q, i, q[i].num);
			w->cval[p] = score_value(s, w->csc[p], q);
			w->dirty[p] = false;
			memset(&w->gain_ok[(size_t)p * s->nab], 0, s->nab);
		}
		vw->sc[p] = w->csc[p];
		vw->value[p] = w->cval[p];
	}
	for (int k = 1; k < N; k++) {
		int p = (m + k) % N;
		if (vw->leader < 0 || vw->value[p] < vw->value[vw->leader])
			vw->leader = p;
	}
	vw->lead_weight = pol == POLICY_GREEDY ? 1e-3 : 1.0;
	vw->next_weight = pol == POLICY_LOOKAHEAD ? 1.0 : 1e-3;
}

/* A non-random player's freeze (§11): the open card that is in no inversion and
 * nearest the number expected at its space, if near enough. */
static int choose_freeze(struct sim_worker *w, int m, enum sim_policy pol)
{
	const struct sim_setup *s = w->s;
	const struct sim_card *q = seq_of(w, m);
	const unsigned char *fz = frozen_of(w, m);
	if (pol == POLICY_RANDOM)
		return rng_below(w->rng, 4) == 0 ? random_place(w, m) : -1;
	int best = -1;
	double bd = s->tol;
	for (int i = 0; i < s->census; i++) {
		if (fz[i] || !q[i].num || inv_at(s, q, i, q[i].num))
			continue;
		double d = fabs(q[i].num - s->expect[i]);
		if (d <= bd) {
			bd = d;
			best = i;
		}
	}
	return best;
}

/* ---- a game ---- */

/* A uniformly random arrangement of R x C sorted cards whose rows and columns
 * descend: a random standard Young tableau of the rectangle by the hook walk of
 * Greene, Nijenhuis and Wilf. Space k gets the lab[k]-th card in sorted order. */
static void hook_walk(struct rng *r, int R, int C, int *lab)
{
	int len[MAX_SPACES];
	for (int i = 0; i < R; i++)
		len[i] = C;
	for (int n = R * C - 1; n >= 0; n--) {
		int k = (int)rng_below(r, (uint32_t)n + 1), i = 0, j;
		while (k >= len[i])
			k -= len[i++];
		j = k;
		for (;;) {
			int arm = len[i] - 1 - j, leg = 0;
			while (i + leg + 1 < R && len[i + leg + 1] > j)
				leg++;
			if (arm + leg == 0)
				break;
			int h = (int)rng_below(r, (uint32_t)(arm + leg));
			if (h < arm)
				j += 1 + h;
			else
				i += 1 + h - arm;
		}
		lab[i * C + j] = n;
		len[i]--;
	}
}

#define ARRANGEMENTS 24   /* grid deals a non-random player weighs (§8) */

/* §8: the player arranges a grid deal in any way whose rows and columns
 * descend. q holds the cards in sorted order (row by row, itself one such
 * way); a random player takes a random way, the others the best of the
 * row-by-row way and ARRANGEMENTS random ones. */
static void arrange_grid(struct sim_worker *w, int p, struct sim_card *q)
{
	const struct sim_setup *s = w->s;
	int c = s->census, lab[MAX_SPACES];
	struct sim_card *sorted = w->tmp2, *best = w->tmp;
	memcpy(sorted, q, (size_t)c * sizeof *q);
	if (s->policy[p] == POLICY_RANDOM) {
		hook_walk(w->rng, s->rows, s->cols, lab);
		for (int k = 0; k < c; k++)
			q[k] = sorted[lab[k]];
		return;
	}
	double bv = seq_value(s, q);
	memcpy(best, q, (size_t)c * sizeof *q);
	for (int t = 0; t < ARRANGEMENTS; t++) {
		hook_walk(w->rng, s->rows, s->cols, lab);
		for (int k = 0; k < c; k++)
			q[k] = sorted[lab[k]];
		double v = seq_value(s, q);
		if (v < bv) {
			bv = v;
			memcpy(best, q, (size_t)c * sizeof *q);
		}
	}
	memcpy(q, best, (size_t)c * sizeof *q);
}

/* Deal, arrange descending (wild cards first; a grid as the policy chooses),
 * clear the table. */
static void deal(struct sim_worker *w)
{
	const struct sim_setup *s = w->s;
	int c = s->census;
	memcpy(w->pile, s->deck, (size_t)s->ndeck * sizeof *w->pile);
	w->h->npile = (int)s->ndeck;
	shuffle(w->rng, w->pile, w->h->npile);
	w->h->ndisc = w->h->nface = 0;
	for (size_t a = 0; a < s->nab; a++)
		w->face_at[a] = -1;
	for (int p = 0; p < s->players; p++) {
		struct sim_card *q = seq_of(w, p);
		for (int i = 0; i < c; i++) {
			struct sim_card x = w->pile[--w->h->npile];
			int j = i;
			/* insertion: wild (0) sorts before everything, then descending */
			while (j > 0 && (x.num == 0 ? q[j - 1].num != 0 : (q[j - 1].num != 0 && q[j - 1].num < x.num))) {
				q[j] = q[j - 1];
				j--;
			}
			q[j] = x;
		}
		if (s->rows > 1)
			arrange_grid(w, p, q);
		w->h->inv[p] = seq_inversions(s, q);
		memset(frozen_of(w, p), 0, (size_t)c);
		w->h->tokens[p] = s->rules.freeze_tokens;
		w->dirty[p] = true;
	}
	memset(w->uses, 0, (size_t)s->players * s->nab * sizeof *w->uses);
}

/* The opening turn of seat m: draw k cards, keep one. */
static void opening(struct sim_worker *w, int m, int k)
{
	const struct sim_setup *s = w->s;
	struct sim_card hand[SIM_MAX_PLAYERS];
	int n = 0;
	while (n < k && can_draw(w))
		hand[n++] = draw_card(w);
	int keep = 0, at = -1;
	if (policy_of(w, m) == POLICY_RANDOM) {
		keep = (int)rng_below(w->rng, (uint32_t)n);
		at = random_place(w, m);
	} else {
		double bv = 1e300;
		for (int i = 0; i < n; i++) {
			double v;
			int sp = best_place(w, m, hand[i], NULL, &v);
			if (v < bv) {
				bv = v;
				keep = i;
				at = sp;
			}
		}
	}
	struct sim_card *q = seq_of(w, m);
	struct sim_card old = q[at];
	set_card(w, m, at, hand[keep]);
	if (w->log) {
		char nm[3];
		buf_puts(w->log, "  opening: draws");
		for (int i = 0; i < n; i++) {
			buf_puts(w->log, " ");
			log_card(w->log, hand[i]);
		}
		buf_puts(w->log, ", puts ");
		log_card(w->log, hand[keep]);
		buf_printf(w->log, " at %s in place of ", space(s, at, nm));
		log_card(w->log, old);
		buf_puts(w->log, "\n");
	}
	for (int i = 0; i < n; i++)
		if (i != keep) {
			if (s->rules.opening == OPENING_FACE_DOWN) {
				w->dhid[w->h->ndisc] = (unsigned char)(m + 1);
				w->disc[w->h->ndisc++] = hand[i];
			} else
				face_up(w, hand[i]);
		}
	face_up(w, old);
	w->h->draws++;
}

/* ---- the lookahead policy ---- */

#define LOOK_CANDIDATES 4     /* the best moves by the greedy judgement, played forward */
#define LOOK_ROLLOUTS 24      /* imagined futures of each */
#define LOOK_ROUNDS 2         /* rounds each future lasts */

/* Keep move i (greedy objective v) among the LOOK_CANDIDATES best, sorted. */
static void look_keep(struct sim_worker *w, size_t i, double v)
{
	int k = w->nlook < LOOK_CANDIDATES ? w->nlook++ : LOOK_CANDIDATES;
	if (k == LOOK_CANDIDATES && v >= w->lookval[k - 1])
		return;
	if (k == LOOK_CANDIDATES)
		k--;
	while (k > 0 && w->lookval[k - 1] > v) {
		w->lookval[k] = w->lookval[k - 1];
		w->lookmv[k] = w->lookmv[k - 1];
		k--;
	}
	w->lookval[k] = v;
	w->lookmv[k] = i;
}

/* Seat m's move mv, then LOOK_ROUNDS rounds of greedy play; how it ends for m:
 * 1 won, 0 lost, else by how m's disorder compares with the best opponent's. */
static double look_future(struct sim_worker *w, int m, const struct sim_move *mv, const double *gift)
{
	const struct sim_setup *s = w->s;
	int N = s->players, t1, t2;
	apply_move(w, m, mv, gift, &t1, &t2);
	w->dirty[m] = w->dirty[t1] = w->dirty[t2] = true;
	int winner = seq_wins(s, seq_of(w, m)) ? m : t1 != m && seq_wins(s, seq_of(w, t1)) ? t1 :
		     t2 != m && seq_wins(s, seq_of(w, t2)) ? t2 : -1;
	for (int k = 1; winner < 0 && k <= LOOK_ROUNDS * N; k++) {
		int p = (m + k) % N;
		int ab = play_turn(w, p, &t1, &t2);
		w->dirty[p] = w->dirty[t1] = w->dirty[t2] = true;
		if (ab == -2)
			continue;
		if (seq_wins(s, seq_of(w, p)))
			winner = p;
		else if (t1 != p && seq_wins(s, seq_of(w, t1)))
			winner = t1;
		else if (t2 != p && t2 != t1 && seq_wins(s, seq_of(w, t2)))
			winner = t2;
	}
	if (winner >= 0)
		return winner == m;
	double mine = seq_value(s, seq_of(w, m)), theirs = 1e300;
	for (int p = 0; p < N; p++)
		if (p != m)
			theirs = fmin(theirs, seq_value(s, seq_of(w, p)));
	return 1 / (1 + exp(0.7 * (mine - theirs)));
}

/* Lookahead: play each of the best moves by the greedy judgement forward
 * LOOK_ROLLOUTS times, the unseen cards shuffled (the player does not know
 * the draw pile's order), and take the move whose futures end best; its index
 * in w->moves. The same imagined shuffles serve every move, so they are
 * compared on equal terms. The futures are played in the work space's
 * imagined position, each from a copy of the one bound. */
static size_t look_choose(struct sim_worker *w, int m, const double *gift)
{
	struct sim_move cand[LOOK_CANDIDATES];   /* the futures list moves of their own */
	size_t at[LOOK_CANDIDATES];
	int ncand = w->nlook;
	for (int k = 0; k < ncand; k++) {
		at[k] = w->lookmv[k];
		cand[k] = w->moves[at[k]];
	}
	uint64_t base = rng_next(w->rng);
	struct buf *log = w->log;
	struct rng *rng = w->rng, fr;
	void *pos = w->pos;
	w->log = NULL;
	w->rollout = true;
	w->rng = &fr;
	double best = -1;
	size_t pick = at[0];
	for (int k = 0; k < ncand; k++) {
		struct sim_move mv = cand[k];
		double sum = 0;
		for (int r = 0; r < LOOK_ROLLOUTS; r++) {
			memcpy(w->look_pos, pos, w->s->pos_size);
			bind(w, w->look_pos);
			rng_seed(&fr, base, (uint64_t)r);
			shuffle(&fr, w->pile, w->h->npile);
			sum += look_future(w, m, &mv, gift);
			bind(w, pos);
			for (int p = 0; p < w->s->players; p++)
				w->dirty[p] = true;
		}
		if (sum > best) {
			best = sum;
			pick = at[k];
		}
	}
	w->rng = rng;
	w->rollout = false;
	w->log = log;
	return pick;
}

/* Seat m's freeze, if f >= 0 (§11). */
static void do_freeze(struct sim_worker *w, int m, int f)
{
	if (f < 0)
		return;
	frozen_of(w, m)[f] = 1;
	w->h->tokens[m]--;
	w->h->freezes++;
	if (w->log) {
		char nm[3];
		buf_printf(w->log, "  freezes %s (", space(w->s, f, nm));
		log_card(w->log, seq_of(w, m)[f]);
		buf_puts(w->log, ")\n");
	}
}

/* Policy pol's pick among the moves listed (w->moves, at least one) for seat
 * m; the gifts of m's cards into gift (*gifts: judged, for the draw). */
static size_t pick_move(struct sim_worker *w, int m, enum sim_policy pol, double *gift, bool *gifts)
{
	size_t pick = 0;
	*gifts = false;
	w->nlook = 0;
	if (pol == POLICY_RANDOM)
		return rng_below(w->rng, (uint32_t)w->nmoves);
	struct view vw;
	make_view(w, m, pol, &vw);
	double best = 1e300;
	for (size_t i = 0; i < w->nmoves; i++) {
		const struct sim_move *mv = &w->moves[i];
		double v;
		if (mv->face < 0) {
			if (w->nogift)
				memset(gift, 0, (size_t)w->s->census * sizeof *gift);
			else
				own_gifts(w, &vw, m, gift);
			*gifts = true;
			v = judge_draw(w, &vw, m, gift);
		} else {
			v = judge(w, &vw, m, mv);
		}
		/* ties go to the ability: the draw is listed first */
		if (v < best || (v == best && w->moves[pick].face < 0)) {
			best = v;
			pick = i;
		}
		if (pol == POLICY_LOOKAHEAD)
			look_keep(w, i, v);
	}
	if (pol == POLICY_LOOKAHEAD && w->nlook > 1)
		pick = look_choose(w, m, *gifts ? gift : NULL);
	return pick;
}

/* Play seat m's whole turn (a lookahead's imagined futures); returns the
 * ability used (-1: a draw, -2: no move). The sequences touched are *t1 and
 * *t2. */
static int play_turn(struct sim_worker *w, int m, int *t1, int *t2)
{
	enum sim_policy pol = policy_of(w, m);
	*t1 = *t2 = m;
	if (w->h->tokens[m] > 0)
		do_freeze(w, m, choose_freeze(w, m, pol));
	list_moves(w, m);
	if (w->nmoves == 0)
		return -2;
	double gift[MAX_SPACES];
	bool gifts;
	size_t pick = pick_move(w, m, pol, gift, &gifts);
	struct sim_move mv = w->moves[pick];
	return apply_move(w, m, &mv, gifts ? gift : NULL, t1, t2);
}

/* Carry out move *mvp of seat m (gift: as judge_draw had it, or NULL). */
/* The trace's line for the use of card used in move mv. */
static void log_use(struct sim_worker *w, struct sim_card used, const struct sim_move *mv)
{
	const struct sim_setup *s = w->s;
	char n1[3], n2[3];
	buf_printf(w->log, "  uses %d %s", used.num, s->pack->abilities.v[used.ab].symbolic);
	if (mv->tgt != mv->tgt2)
		buf_printf(w->log, ": seat %d's %s with seat %d's %s", mv->tgt + 1, space(s, mv->a, n1),
			   mv->tgt2 + 1, space(s, mv->b, n2));
	else if (mv->kind == OP_SWAP)
		buf_printf(w->log, " on seat %d: %s with %s", mv->tgt + 1, space(s, mv->a, n1), space(s, mv->b, n2));
	else if (mv->kind == OP_REMOVE)
		buf_printf(w->log, " on seat %d: removes %s", mv->tgt + 1, space(s, mv->a, n1));
	else
		buf_printf(w->log, " on seat %d: rotates from %s", mv->tgt + 1,
			   space(s, s->ways[mv->op].move.sp[0], n1));
	buf_puts(w->log, "\n");
}

static int apply_move(struct sim_worker *w, int m, const struct sim_move *mvp, const double *gift, int *t1,
		      int *t2)
{
	const struct sim_setup *s = w->s;
	struct sim_move mv = *mvp;
	*t1 = *t2 = m;
	if (mv.face < 0) {
		struct sim_card c = draw_card(w);
		double v;
		int at = policy_of(w, m) == POLICY_RANDOM ? random_place(w, m) : best_place(w, m, c, gift, &v);
		struct sim_card *q = seq_of(w, m);
		struct sim_card old = q[at];
		set_card(w, m, at, c);
		if (w->log) {
			char nm[3];
			buf_puts(w->log, "  draws ");
			log_card(w->log, c);
			buf_printf(w->log, ", puts it at %s in place of ", space(s, at, nm));
			log_card(w->log, old);
			buf_puts(w->log, "\n");
		}
		face_up(w, old);
		w->h->draws++;
		return -1;
	}
	struct sim_card used = w->face[mv.face];
	face_remove(w, mv.face);
	discard(w, used);
	w->uses[(size_t)m * s->nab + (size_t)used.ab]++;
	*t1 = mv.tgt;
	*t2 = mv.tgt2;
	if (mv.tgt != mv.tgt2)
		w->h->across++;
	else if (mv.tgt == m)
		w->h->on_self++;
	else
		w->h->on_opponent++;
	struct sim_card *x = seq_of(w, mv.tgt), *y = seq_of(w, mv.tgt2);
	if (w->log)
		log_use(w, used, &mv);
	switch (mv.kind) {
	case OP_SWAP: {
		struct sim_card t = x[mv.a];
		if (mv.tgt != mv.tgt2) {
			set_card(w, mv.tgt, mv.a, y[mv.b]);
			set_card(w, mv.tgt2, mv.b, t);
			break;
		}
		x[mv.a] = y[mv.b];
		y[mv.b] = t;
		w->h->inv[mv.tgt] += swap_delta(s, x, mv.a, mv.b);
		break;
	}
	case OP_REMOVE:
		discard(w, x[mv.a]);
		set_card(w, mv.tgt, mv.a, draw_card(w));
		if (mv.tgt == m)
			w->h->removals_self++;
		else
			w->h->removals_opponent++;
		break;
	default:
		cycle(x, &s->ways[mv.op]);
		w->h->inv[mv.tgt] = seq_inversions(s, x);
		break;
	}
	return used.ab;
}

/* The trace of a turn of seat m (ab as play_turn returned it, t1 and t2 the
 * seats it touched): the sequences it changed, the face-up cards, the piles. */
static void log_turn(struct sim_worker *w, int m, int ab, int t1, int t2)
{
	const struct sim_setup *s = w->s;
	if (ab == -2)
		buf_puts(w->log, "  cannot move\n");
	log_seq(w, m);
	if (t1 != m)
		log_seq(w, t1);
	if (t2 != m && t2 != t1)
		log_seq(w, t2);
	buf_printf(w->log, "  face up:");
	for (int f = 0; f < w->h->nface; f++)
		buf_printf(w->log, " %d%s", w->face[f].num, s->pack->abilities.v[w->face[f].ab].code);
	buf_printf(w->log, "; draw pile %d, discards %d\n", w->h->npile, w->h->ndisc);
}

/* Add one game's outcome and its counts (the position's) into *st. */
static void add_stats(const struct sim_worker *w, const struct sim_outcome *out, int last_ab, struct sim_stats *st)
{
	const struct sim_setup *s = w->s;
	const struct sim_pos *h = w->h;
	int N = s->players;
	st->games++;
	st->turns += (uint64_t)out->turns;
	st->stalled += out->stalled;
	if (out->winner >= 0) {
		st->completed++;
		st->wins[out->winner]++;
		st->length[out->turns]++;
		if (last_ab >= 0)
			st->won_with[last_ab]++;
	}
	for (size_t a = 0; a < s->nab; a++) {
		uint32_t any = 0;
		for (int p = 0; p < N; p++) {
			uint32_t u = w->uses[(size_t)p * s->nab + a];
			st->used[a] += u;
			any |= u;
			if (p == out->winner)
				st->used_by_winner[a] += u;
		}
		st->games_used[a] += any != 0;
	}
	st->draws += h->draws;
	st->on_self += h->on_self;
	st->on_opponent += h->on_opponent;
	st->across += h->across;
	st->freezes += h->freezes;
	st->reshuffles += h->reshuffles;
	st->removals_self += h->removals_self;
	st->removals_opponent += h->removals_opponent;
}

static struct sim_outcome outcome_of(const struct sim_pos *h)
{
	return (struct sim_outcome){h->winner, h->turns, h->stalled};
}

/* On to the next decision after the setup or a turn: the next seat's turn
 * (its freeze first while it has tokens), or the end of the game, whose
 * totals a work space with the setup's detail gathers. */
static void advance(struct sim_worker *w)
{
	const struct sim_setup *s = w->s;
	struct sim_pos *h = w->h;
	if (h->winner >= 0 || h->stalled || h->turns >= s->rules.max_turns) {
		h->seat = -1;
		if (w->gather) {
			struct sim_outcome out = outcome_of(h);
			add_stats(w, &out, h->winner >= 0 ? h->last_ab : -1, &w->st);
		}
		return;
	}
	int m = h->turns % s->players;
	if (w->log)
		buf_printf(w->log, "turn %d, seat %d (%s)\n", h->turns + 1, m + 1, sim_policy_name(s->policy[m]));
	h->seat = m;
	h->phase = h->tokens[m] > 0 ? PH_FREEZE : PH_MOVE;
}

/* Seat m's turn is over (ab as play_turn returns it, t1 and t2 the seats it
 * touched): count it, check it, find a winner or a stall, go on. */
static void end_turn(struct sim_worker *w, int m, int ab, int t1, int t2)
{
	const struct sim_setup *s = w->s;
	struct sim_pos *h = w->h;
	int N = s->players;
	h->turns++;
	w->dirty[m] = w->dirty[t1] = w->dirty[t2] = true;
	if (w->selfcheck)
		w->broken += !consistent(w);
	if (w->log)
		log_turn(w, m, ab, t1, t2);
	if (ab == -2) {
		if (++h->passes >= N)
			h->stalled = true;
	} else {
		h->passes = 0;
		if (seq_wins(s, seq_of(w, m)))
			h->winner = m;
		else if (t1 != m && seq_wins(s, seq_of(w, t1)))
			h->winner = t1;
		else if (t2 != m && t2 != t1 && seq_wins(s, seq_of(w, t2)))
			h->winner = t2;
		if (h->winner >= 0 && h->winner == m)
			h->last_ab = ab;
	}
	advance(w);
}

/* ---- the game as steps (gsim.h) ---- */

/* A move key: what it is in the top byte; a use's kind, target seats,
 * spaces (+1) and way below it. The same whatever the unseen cards. */
enum { K_NOFREEZE = SIM_KEY_NOFREEZE, K_FREEZE = SIM_KEY_FREEZE, K_PASS = SIM_KEY_PASS, K_DRAW = SIM_KEY_DRAW,
       K_USE = SIM_KEY_USE };
#define KEY(t) ((uint64_t)(t) << 56)
#define KEY_TYPE(k) ((int)((k) >> 56))

static uint64_t move_key(const struct sim_move *mv)
{
	if (mv->face < 0)
		return KEY(K_DRAW);
	return KEY(K_USE) | (uint64_t)mv->kind << 54 | (uint64_t)(unsigned char)mv->tgt << 50 |
	       (uint64_t)(unsigned char)mv->tgt2 << 46 | (uint64_t)(mv->a + 1) << 38 | (uint64_t)(mv->b + 1) << 30 |
	       (uint64_t)mv->op;
}

/* The move a key names at the position bound (seat m's). */
static struct sim_move key_move(const struct sim_worker *w, int m, uint64_t k)
{
	if (KEY_TYPE(k) != K_USE)
		return (struct sim_move){-1, -1, (signed char)m, (signed char)m, 0, -1, -1};
	int op = (int)(k & 0x3fffffff);
	return (struct sim_move){(short)w->face_at[w->s->way_ab[op]], op, (signed char)(k >> 50 & 15),
				 (signed char)(k >> 46 & 15), (unsigned char)(k >> 54 & 3),
				 (short)((int)(k >> 38 & 255) - 1), (short)((int)(k >> 30 & 255) - 1)};
}

/* Copy the caches into the snapshot (keep) or back from it. */
static void snap_copy(struct sim_worker *w, bool keep)
{
	const struct sim_setup *s = w->s;
	size_t sc = (size_t)s->players * (size_t)s->census, pn = (size_t)s->players * s->nab;
	int N = s->players;
	if (keep) {
		memcpy(w->ssc, w->csc, (size_t)N * sizeof *w->ssc);
		memcpy(w->sval, w->cval, (size_t)N * sizeof *w->sval);
		memcpy(w->sdirty, w->dirty, (size_t)N * sizeof *w->sdirty);
		memcpy(w->soldinv, w->oldinv, sc * sizeof *w->soldinv);
		memcpy(w->sgain, w->gain, pn * sizeof *w->sgain);
		memcpy(w->sgain_ok, w->gain_ok, pn);
	} else {
		memcpy(w->csc, w->ssc, (size_t)N * sizeof *w->ssc);
		memcpy(w->cval, w->sval, (size_t)N * sizeof *w->sval);
		memcpy(w->dirty, w->sdirty, (size_t)N * sizeof *w->sdirty);
		memcpy(w->oldinv, w->soldinv, sc * sizeof *w->soldinv);
		memcpy(w->gain, w->sgain, pn * sizeof *w->sgain);
		memcpy(w->gain_ok, w->sgain_ok, pn);
	}
}

/* The worker of a work space, bound to pos, its caches kept only when they
 * are of this very position (a copy of the one they were made for), or of
 * the snapshot's position (snap_keep). */
static struct sim_worker *enter(const struct sim_setup *s, void *work, const void *pos, struct rng *rng)
{
	struct sim_worker *w = worker_at(s, work);
	bind(w, (void *)(uintptr_t)pos);
	w->rng = rng;
	if (w->h->stamp != w->cache_stamp || w->h->owner != w->cache_owner) {
		if (w->snap_owner && w->h->stamp == w->snap_stamp && w->h->owner == w->snap_owner)
			snap_copy(w, false);
		else
			for (int p = 0; p < s->players; p++)
				w->dirty[p] = true;
		w->cache_stamp = w->h->stamp;
		w->cache_owner = w->h->owner;
	}
	return w;
}

/* Before the worker changes the position bound: when it is another worker's
 * (a search's root), keep the caches made for it (struct sim_worker). */
static void snap_keep(struct sim_worker *w)
{
	if (w->h->owner == (uintptr_t)w || !w->h->owner)
		return;
	snap_copy(w, true);
	w->snap_stamp = w->h->stamp;
	w->snap_owner = w->h->owner;
}

/* The position bound has changed (its changed sequences marked dirty). */
static void restamp(struct sim_worker *w)
{
	w->h->stamp = w->cache_stamp = ++w->stamps;
	w->h->owner = w->cache_owner = (uintptr_t)w;
}

size_t sim_pos_size(const struct sim_setup *s)
{
	return s->pos_size;
}

size_t sim_work_size(const struct sim_setup *s)
{
	return s->work_size;
}

size_t sim_max_keys(const struct sim_setup *s)
{
	return max_keys(s);
}

void sim_start(const struct sim_setup *s, void *work, void *pos, struct rng *rng)
{
	struct sim_worker *w = enter(s, work, pos, rng);
	struct sim_pos *h = w->h;
	int N = s->players;
	memset(h, 0, sizeof *h);
	h->winner = h->last_ab = -1;
	deal(w);
	if (w->log)
		for (int p = 0; p < N; p++)
			log_seq(w, p);
	for (int p = 0; p < N && h->winner < 0; p++)
		if (seq_wins(s, seq_of(w, p)))
			h->winner = p;
	if (w->selfcheck) {
		memset(w->snapfz, 0, (size_t)N * (size_t)s->census);
		w->broken += !consistent(w);
	}
	for (int p = 0; p < N && h->winner < 0 && s->rules.opening != OPENING_NONE; p++) {
		if (!can_draw(w) || !has_open_space(w, p))
			continue;
		if (w->log)
			buf_printf(w->log, "setup, seat %d (%s)\n", p + 1, sim_policy_name(s->policy[p]));
		opening(w, p, p + 1);
		w->dirty[p] = true;
		if (w->selfcheck)
			w->broken += !consistent(w);
		if (w->log)
			log_seq(w, p);
		if (seq_wins(s, seq_of(w, p)))
			h->winner = p;
	}
	for (int p = 0; p < N; p++)
		w->dirty[p] = true;
	restamp(w);
	advance(w);
}

int sim_turn(const struct sim_setup *s, const void *pos)
{
	(void)s;
	return ((const struct sim_pos *)pos)->seat;
}

size_t sim_moves(const struct sim_setup *s, void *work, const void *pos, uint64_t *keys)
{
	struct sim_worker *w = enter(s, work, pos, NULL);
	int m = w->h->seat;
	size_t n = 0;
	if (w->h->phase == PH_FREEZE) {
		const unsigned char *fz = frozen_of(w, m);
		keys[n++] = KEY(K_NOFREEZE);
		for (int i = 0; i < s->census; i++)
			if (!fz[i])
				keys[n++] = KEY(K_FREEZE) | (uint64_t)i;
		return n;
	}
	list_moves(w, m);
	w->moves_stamp = w->h->stamp;
	w->moves_owner = w->h->owner;
	for (size_t i = 0; i < w->nmoves; i++)
		keys[n++] = move_key(&w->moves[i]);
	if (!n)
		keys[n++] = KEY(K_PASS);
	return n;
}

size_t sim_playout(const struct sim_setup *s, void *work, const void *pos, const uint64_t *keys, size_t n,
		   struct rng *rng)
{
	struct sim_worker *w = worker_at(s, work);
	w->nogift = true;
	size_t i = sim_choose(s, work, pos, POLICY_GREEDY, keys, n, rng);
	w->nogift = false;
	return i;
}

size_t sim_choose(const struct sim_setup *s, void *work, const void *pos, enum sim_policy pol, const uint64_t *keys,
		  size_t n, struct rng *rng)
{
	struct sim_worker *w = enter(s, work, pos, rng);
	int m = w->h->seat;
	if (w->h->phase == PH_FREEZE) {
		int f = choose_freeze(w, m, pol);
		for (size_t i = 1; f >= 0 && i < n; i++)
			if (keys[i] == (KEY(K_FREEZE) | (uint64_t)f))
				return i;
		return 0;
	}
	if (KEY_TYPE(keys[0]) == K_PASS)
		return 0;
	if (pol == POLICY_RANDOM)   /* pick_move's choice, without the moves */
		return rng_below(rng, (uint32_t)n);
	/* the moves as sim_moves listed them, unless another position's since */
	bool listed = w->moves_stamp == w->h->stamp && w->moves_owner == w->h->owner && w->nmoves == n &&
		      keys[0] == move_key(&w->moves[0]) && keys[n - 1] == move_key(&w->moves[n - 1]);
	if (!listed) {
		w->nmoves = 0;
		for (size_t i = 0; i < n && i < w->cap; i++)
			w->moves[w->nmoves++] = key_move(w, m, keys[i]);
	}
	bool gifts;
	size_t pick = pick_move(w, m, pol, w->gift, &gifts);
	/* the futures of a lookahead have listed moves of their own */
	w->moves_stamp = 0;
	w->moves_owner = 0;
	w->gift_stamp = gifts ? w->h->stamp : 0;
	w->gift_owner = gifts ? w->h->owner : 0;
	w->gift_pol = pol;
	return pick;
}

void sim_apply(const struct sim_setup *s, void *work, void *pos, uint64_t key, struct rng *rng)
{
	struct sim_worker *w = enter(s, work, pos, rng);
	struct sim_pos *h = w->h;
	int m = h->seat, t = KEY_TYPE(key);
	if (h->phase == PH_FREEZE) {
		snap_keep(w);
		do_freeze(w, m, t == K_FREEZE ? (int)(key & 0xff) : -1);
		w->dirty[m] = true;
		h->phase = PH_MOVE;
		restamp(w);
		return;
	}
	int t1 = m, t2 = m, ab = -2;
	if (t != K_PASS) {
		struct sim_move mv = key_move(w, m, key);
		double gift[MAX_SPACES];
		const double *g = NULL;
		enum sim_policy pol = policy_of(w, m);
		if (t == K_DRAW && pol != POLICY_RANDOM) {
			/* where the card goes: as the seat's judgement of the draw had it */
			if (w->gift_stamp == h->stamp && w->gift_owner == h->owner && w->gift_pol == (int)pol) {
				g = w->gift;
			} else {
				struct view vw;
				make_view(w, m, pol, &vw);
				own_gifts(w, &vw, m, gift);
				g = gift;
			}
		}
		snap_keep(w);
		ab = apply_move(w, m, &mv, g, &t1, &t2);
	}
	end_turn(w, m, ab, t1, t2);
	restamp(w);
}

/* The unseen cards (the draw pile and the others' face-down discards) put in
 * order, then shuffled: the arrangement depends on what seat has seen and
 * the stream alone, not on the arrangement before (no peeking). */
void sim_determinize(const struct sim_setup *s, void *work, void *pos, int seat, struct rng *rng)
{
	struct sim_worker *w = enter(s, work, pos, rng);
	struct sim_pos *h = w->h;
	/* gathered into the imagined position's pile (room for every card) */
	struct sim_card *buf = (struct sim_card *)(void *)((char *)w->look_pos + s->off_pile);
	int k = h->npile;
	memcpy(buf, w->pile, (size_t)h->npile * sizeof *buf);
	for (int i = 0; i < h->ndisc; i++)
		if (w->dhid[i] && w->dhid[i] != seat + 1)
			buf[k++] = w->disc[i];
	/* in order of number, then ability, by insertion: a few dozen cards,
	 * where qsort's calls through a pointer were a tenth of a search */
	for (int i = 1; i < k; i++) {
		struct sim_card c = buf[i];
		int j = i;
		for (; j > 0 && (buf[j - 1].num > c.num || (buf[j - 1].num == c.num && buf[j - 1].ab > c.ab)); j--)
			buf[j] = buf[j - 1];
		buf[j] = c;
	}
	shuffle(rng, buf, k);
	memcpy(w->pile, buf, (size_t)h->npile * sizeof *buf);
	k = h->npile;
	for (int i = 0; i < h->ndisc; i++)
		if (w->dhid[i] && w->dhid[i] != seat + 1)
			w->disc[i] = buf[k++];
}

void sim_standing(const struct sim_setup *s, const void *pos, double *score)
{
	const struct sim_pos *h = pos;
	for (int p = 0; p < s->players; p++)
		score[p] = -(double)h->inv[p];
}

struct sim_outcome sim_result(const struct sim_setup *s, const void *pos)
{
	(void)s;
	return outcome_of(pos);
}

const struct sim_stats *sim_work_stats(const struct sim_setup *s, void *work)
{
	struct sim_worker *w = worker_at(s, work);
	return w->gather ? &w->st : NULL;
}

void sim_look(const struct sim_setup *s, const void *pos, struct sim_look *out)
{
	const struct sim_pos *h = pos;
	const char *b = pos;
	const struct sim_card *pile = (const void *)(b + s->off_pile), *disc = (const void *)(b + s->off_disc);
	const struct sim_card *face = (const void *)(b + s->off_face), *seq = (const void *)(b + s->off_seq);
	const unsigned char *dhid = (const unsigned char *)(b + s->off_dhid), *fz = (const unsigned char *)(b + s->off_frozen);
	out->seat = h->seat;
	out->freeze = h->seat >= 0 && h->phase == PH_FREEZE;
	out->turns = h->turns;
	out->npile = h->npile;
	out->ndisc = h->ndisc;
	out->nface = h->nface;
	memcpy(out->tokens, h->tokens, sizeof out->tokens);
	for (int i = 0; i < h->npile; i++)
		out->pile[i] = pile[i].num;
	for (int i = 0; i < h->ndisc; i++) {
		out->disc[i] = disc[i].num;
		out->dhid[i] = dhid[i];
	}
	for (int i = 0; i < h->nface; i++) {
		out->face[i] = face[i].num;
		out->face_ab[i] = face[i].ab;
	}
	for (int i = 0; i < s->players * s->census; i++) {
		out->nums[i] = seq[i].num;
		out->frozen[i] = fz[i];
	}
}

bool sim_key_read(const struct sim_setup *s, uint64_t key, struct sim_key *out)
{
	memset(out, 0, sizeof *out);
	out->type = KEY_TYPE(key);
	out->space = out->type == K_FREEZE ? (int)(key & 0xff) : -1;
	if (out->type != K_USE)
		return out->type >= K_NOFREEZE && out->type <= K_DRAW;
	size_t op = (size_t)(key & 0x3fffffff);
	if (op >= s->nways)
		return false;
	out->ab = (size_t)s->way_ab[op];
	out->way = (int)(op - s->way_first[out->ab]);
	out->seat[0] = (int)(key >> 50 & 15);
	out->seat[1] = (int)(key >> 46 & 15);
	int kind = (int)(key >> 54 & 3);
	struct pos_move *pm = &out->move;
	pm->blocked = -1;
	pm->seq[0] = (signed char)out->seat[0];
	pm->seq[1] = (signed char)out->seat[1];
	pm->sp[0] = (short)((int)(key >> 38 & 255) - 1);
	pm->sp[1] = (short)((int)(key >> 30 & 255) - 1);
	pm->n = kind == OP_SWAP ? 2 : 1;
	pm->remove = kind == OP_REMOVE;
	if (kind == OP_CYCLE) {
		const struct pos_way *o = &s->ways[op];
		pm->n = o->move.n;
		for (int i = 0; i < pm->n; i++) {
			pm->seq[i] = (signed char)out->seat[0];
			pm->sp[i] = o->move.sp[i];
		}
	}
	return true;
}

struct sim_outcome sim_play(struct sim_worker *w, uint64_t seed, uint64_t game, struct sim_stats *st)
{
	const struct sim_setup *s = w->s;
	struct rng rng;
	rng_seed(&rng, seed, game);
	if (w->log)
		buf_printf(w->log, "game %llu, seed %llu: the deal\n", (unsigned long long)game,
			   (unsigned long long)seed);
	void *pos = w->own_pos;
	sim_start(s, w, pos, &rng);
	int seat;
	while ((seat = sim_turn(s, pos)) >= 0) {
		size_t n = sim_moves(s, w, pos, w->keys);
		size_t k = sim_choose(s, w, pos, s->policy[seat], w->keys, n, &rng);
		sim_apply(s, w, pos, w->keys[k], &rng);
	}
	struct sim_outcome out = sim_result(s, pos);
	if (w->log) {
		if (out.winner >= 0)
			buf_printf(w->log, "seat %d wins after %d turns\n", out.winner + 1, out.turns);
		else
			buf_printf(w->log, "no winner after %d turns%s\n", out.turns, out.stalled ? " (stalled)" : "");
	}
	if (st)
		add_stats(w, &out, out.winner >= 0 ? w->h->last_ab : -1, st);
	return out;
}

/* ---- totals ---- */

void sim_stats_init(struct sim_stats *st, const struct sim_setup *s)
{
	sim_stats_new(st, s->players, s->nab, s->rules.max_turns);
}

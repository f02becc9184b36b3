/* trains_engine.c: the core game's engine (trains_sim.h; its insides in
 * trains_engine.h): the setup made once for a series (the deck, every
 * ability's ways, the pairs of spaces that must ascend, the ranges and
 * samples the policies value by), the layout of a position and of a work
 * space, and the worker that lives in one. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trains_engine.h"
#include "util.h"

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

/* Point w at position pos (pos_size bytes): its header and arrays. */
void engine_bind(struct sim_worker *w, void *pos)
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
struct sim_worker *engine_worker_at(const struct sim_setup *s, void *work)
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
	struct sim_worker *w = engine_worker_at(s, xcalloc(1, s->work_size));
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

void sim_worker_trace(struct sim_worker *w, struct buf *log)
{
	w->log = log;
}

const struct sim_stats *sim_work_stats(const struct sim_setup *s, void *work)
{
	struct sim_worker *w = engine_worker_at(s, work);
	return w->gather ? &w->st : NULL;
}

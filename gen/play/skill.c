/* skill.c: the skill trace (skill.h): a ladder of levels, each step played
 * on threads from its own seed, every deal once with the stronger in each
 * seat, integer totals so the trace does not depend on the threads. */
#include "skill.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gplay.h"
#include "progress.h"
#include "series.h"
#include "stats.h"
#include "util.h"

/* The built-in policies by name, as --policy spells them. */
static const char *const level_names[] = {
	[GSIM_RANDOM] = "random", [GSIM_GREEDY] = "greedy", [GSIM_SPOILER] = "spoiler",
	[GSIM_LOOKAHEAD] = "lookahead",
};
#define NLEVEL_NAMES ((int)(sizeof level_names / sizeof *level_names))

int skill_parse_level(const char *s, int npolicies, bool mcts, struct skill_level *out, char *err, size_t errlen)
{
	*out = (struct skill_level){GSIM_RANDOM, 0};
	if (!strncmp(s, "mcts:", 5)) {
		long b;
		if (parse_int(s + 5, 1, 1000000, &b) != 0) {
			snprintf(err, errlen, "'%s': mcts:N takes a budget N of 1..1000000 iterations a move", s);
			return -1;
		}
		if (!mcts) {
			snprintf(err, errlen, "'%s': this game's engine does not play through steps, so it has no mcts", s);
			return -1;
		}
		*out = (struct skill_level){GSIM_MCTS, (int)b};
		return 0;
	}
	for (int p = 0; p < npolicies && p < NLEVEL_NAMES; p++)
		if (!strcmp(s, level_names[p])) {
			out->policy = (enum gsim_policy)p;
			return 0;
		}
	struct buf all = {0};
	for (int p = 0; p < npolicies && p < NLEVEL_NAMES; p++)
		buf_printf(&all, "%s, ", level_names[p]);
	snprintf(err, errlen, "unknown level '%s'; the levels are %smcts:N", s, all.s ? all.s : "");
	buf_free(&all);
	return -1;
}

int skill_parse_pair(const char *s, int npolicies, bool mcts, struct skill_level *out, char *err, size_t errlen)
{
	const char *comma = strchr(s, ',');
	if (!comma || strchr(comma + 1, ',')) {
		snprintf(err, errlen, "'%s': expected two levels, WEAK,STRONG (greedy,mcts:64)", s);
		return -1;
	}
	char *weak = xstrndup(s, (size_t)(comma - s));
	int rc = skill_parse_level(weak, npolicies, mcts, &out[0], err, errlen);
	free(weak);
	return rc == 0 ? skill_parse_level(comma + 1, npolicies, mcts, &out[1], err, errlen) : rc;
}

void skill_level_name(const struct skill_level *l, char *out, size_t len)
{
	if (l->policy == GSIM_MCTS)
		snprintf(out, len, "mcts:%d", l->budget);
	else
		snprintf(out, len, "%s", (int)l->policy < NLEVEL_NAMES ? level_names[l->policy] : "?");
}

void skill_default_ladder(int k, struct skill_level *out)
{
	long budget = SKILL_BUDGET;
	for (int i = 0; i < k; i++) {
		if (i < 2) {
			out[i] = (struct skill_level){i ? GSIM_GREEDY : GSIM_RANDOM, 0};
			continue;
		}
		out[i] = (struct skill_level){GSIM_MCTS, (int)budget};
		budget = budget * 4 > 1000000 ? 1000000 : budget * 4;
	}
}

/* ---- one step ---- */

/* A step being played: a setup per seat of the stronger, the units (deals)
 * handed out to the threads, and the totals. */
struct step_play {
	const struct gsim_engine *eng;
	int players, horizon;
	void *setup[SIM_MAX_PLAYERS];
	uint64_t seed;
	long units;
	atomic_long next, done;
	pthread_mutex_t lock;
	struct skill_step *out;
};

/* Deals first..last-1, each played once with the stronger in every seat,
 * counted into *c (its games, decided, strong_wins, no_winner, unfinished). */
static void play_deals(const struct gsim_engine *e, void *const *setup, void *const *scratch, int players,
		       int horizon, uint64_t seed, long first, long last, struct skill_step *c)
{
	for (long m = first; m < last; m++)
		for (int s = 0; s < players; s++) {
			struct gsim_outcome o;
			gsim_play(e, setup[s], scratch[s], seed, (uint64_t)m, &o);
			bool ended = o.length >= 0 && o.length <= horizon;
			c->games++;
			if (ended && o.winner >= 0) {
				c->decided++;
				c->strong_wins += o.winner == s;
			} else if (ended && o.no_winner) {
				c->no_winner++;
			} else {
				c->unfinished++;
			}
		}
}

static void *step_worker(void *arg)
{
	struct step_play *sp = arg;
	int N = sp->players;
	void *scratch[SIM_MAX_PLAYERS];
	for (int s = 0; s < N; s++)
		scratch[s] = gsim_scratch_new(sp->eng, sp->setup[s]);
	struct skill_step c;
	memset(&c, 0, sizeof c);
	long first, last;
	while (series_next_chunk(&sp->next, sp->units, &first, &last)) {
		play_deals(sp->eng, sp->setup, scratch, N, sp->horizon, sp->seed, first, last, &c);
		atomic_fetch_add(&sp->done, (last - first) * N);
	}
	for (int s = 0; s < N; s++)
		gsim_scratch_free(sp->eng, scratch[s]);
	pthread_mutex_lock(&sp->lock);
	sp->out->games += c.games;
	sp->out->decided += c.decided;
	sp->out->strong_wins += c.strong_wins;
	sp->out->no_winner += c.no_winner;
	sp->out->unfinished += c.unfinished;
	pthread_mutex_unlock(&sp->lock);
	return NULL;
}

void skill_step_measures(struct skill_step *st, int players)
{
	stats_wilson(st->strong_wins, st->decided, &st->lo, &st->hi);
	st->share = st->decided ? (double)st->strong_wins / (double)st->decided : NAN;
	st->score = stats_skill_rescaled(st->share, players);
	st->score_lo = stats_skill_rescaled(st->lo, players);
	st->score_hi = stats_skill_rescaled(st->hi, players);
}

/* The setups of a step: setup[s] seats strong in seat s, weak elsewhere;
 * the number made (players, or fewer with the reason in err). */
static int make_setups(const struct gsim_engine *e, const struct gsim_params *params, struct skill_level weak,
		       struct skill_level strong, void **setup, char *err, size_t errlen)
{
	for (int s = 0; s < params->players; s++) {
		struct gsim_params p = *params;
		for (int i = 0; i < SIM_MAX_PLAYERS; i++) {
			struct skill_level l = i == s ? strong : weak;
			p.policy[i] = l.policy;
			p.budget[i] = l.budget;
		}
		if (!(setup[s] = e->setup_new(&p, err, errlen)))
			return s;
	}
	return params->players;
}

int skill_play_range(const struct gsim_engine *e, const struct gsim_params *params, struct skill_level weak,
		     struct skill_level strong, uint64_t seed, long first, long last, struct skill_step *st, char *err,
		     size_t errlen)
{
	int N = params->players;
	void *setup[SIM_MAX_PLAYERS] = {0}, *scratch[SIM_MAX_PLAYERS] = {0};
	int made = make_setups(e, params, weak, strong, setup, err, errlen);
	if (made == N) {
		for (int s = 0; s < N; s++)
			scratch[s] = gsim_scratch_new(e, setup[s]);
		play_deals(e, setup, scratch, N, params->max_length, seed, first, last, st);
		for (int s = 0; s < N; s++)
			gsim_scratch_free(e, scratch[s]);
	}
	for (int s = 0; s < made; s++)
		e->setup_free(setup[s]);
	return made == N ? 0 : -1;
}

/* Play weak against strong from seed into *st. */
static int play_step(const struct skill_run *r, struct skill_level weak, struct skill_level strong, uint64_t seed,
		     int index, int nsteps, struct skill_step *st, char *err, size_t errlen)
{
	int N = r->params->players;
	memset(st, 0, sizeof *st);
	st->weak = weak;
	st->strong = strong;
	struct step_play sp = {.eng = r->eng, .players = N, .horizon = r->params->max_length, .seed = seed,
			       .units = (r->games + N - 1) / N, .out = st};
	atomic_init(&sp.next, 0);
	atomic_init(&sp.done, 0);
	pthread_mutex_init(&sp.lock, NULL);
	int made = make_setups(r->eng, r->params, weak, strong, sp.setup, err, errlen);
	int rc = made == N ? 0 : -1;
	if (rc == 0) {
		double t0 = series_now();
		int T = r->threads < sp.units ? r->threads : (int)sp.units;
		if (T < 1)
			T = 1;
		pthread_t *tid = xcalloc((size_t)T, sizeof *tid);
		bool *running = xcalloc((size_t)T, sizeof *running);
		int started = 0;
		for (int i = 0; i < T; i++)
			started += running[i] = pthread_create(&tid[i], NULL, step_worker, &sp) == 0;
		if (!started) /* no threads to be had: play on this one */
			step_worker(&sp);
		if (r->progress) {
			char a[32], b[32], what[400];
			skill_level_name(&weak, a, sizeof a);
			skill_level_name(&strong, b, sizeof b);
			snprintf(what, sizeof what, "%s %s %s vs %s", r->label ? r->label : "",
				 index < nsteps ? "step" : "span", b, a);
			progress_watch(what, &sp.done, sp.units * N);
		}
		for (int i = 0; i < T; i++)
			if (running[i])
				pthread_join(tid[i], NULL);
		free(tid);
		free(running);
		st->seconds = series_now() - t0;
		skill_step_measures(st, N);
	}
	for (int s = 0; s < made; s++)
		r->eng->setup_free(sp.setup[s]);
	pthread_mutex_destroy(&sp.lock);
	return rc;
}

uint64_t skill_step_seed(uint64_t seed, int i)
{
	return seed ^ (0x9E3779B97F4A7C15ull * (uint64_t)(i + 1));
}

int skill_trace(const struct skill_run *r, struct skill_trace *out, char *err, size_t errlen)
{
	memset(out, 0, sizeof *out);
	out->players = r->params->players;
	out->seed = r->seed;
	out->nsteps = r->nlevels - 1;
	double t0 = series_now();
	progress_steps(r->nlevels > 2 ? r->nlevels : 1);
	progress_unit("games");
	for (int i = 0; i < out->nsteps; i++)
		if (play_step(r, r->levels[i], r->levels[i + 1], skill_step_seed(r->seed, i), i, out->nsteps, &out->step[i],
			      err, errlen) != 0)
			return -1;
	if (out->nsteps == 1)
		out->span = out->step[0];
	else if (play_step(r, r->levels[0], r->levels[r->nlevels - 1], skill_step_seed(r->seed, SKILL_SPAN),
			   out->nsteps, out->nsteps, &out->span, err, errlen) != 0)
		return -1;
	out->score = out->span.score;
	out->lo = out->span.score_lo;
	out->hi = out->span.score_hi;
	out->seconds = series_now() - t0;
	return 0;
}

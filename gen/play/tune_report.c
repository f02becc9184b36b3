/* tune_report.c: what `railyard tune` and `railyard merge` say: the measures of
 * every variant from its counts (gen/play/stats.h), the choice (the best, the ties,
 * the Pareto set), and the report as text, JSON and a plot. Only counts and
 * the search's description are read, so a merge of shards prints exactly
 * what one run prints. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "json.h"
#include "simplot.h"
#include "series.h"
#include "stats.h"
#include "tune_report.h"
#include "util.h"

/* The state in a word ("live", "worse", "stalls", ...). */
static const char *tune_state_name(enum tune_state s)
{
	static const char *const names[] = {"live", "worse", "stalls", "length", "first-seat", "invalid",
					    "unplayable", "dominated", "fails"};
	return names[s];
}

/* ---- measures ---- */

bool tune_goal_mode(const struct tune_ctx *c)
{
	return c->ngoals > 0 || c->nreqs > 0;
}

static void cell_skill(const struct tune_ctx *c, const struct tune_cell *cl, int players, double a, double *est,
		       double *lo, double *hi);

bool tune_goal_skill(const struct tune_ctx *c)
{
	for (int i = 0; i < c->ngoals; i++)
		if (strcmp(c->goals[i].def->name, "skill") == 0)
			return true;
	for (int q = 0; q < c->nreqs; q++)
		if (strcmp(c->reqs[q].def->name, "skill") == 0)
			return true;
	return false;
}

/* The report's interval: each side at 0.025 (split over the counts inside). */
#define GOAL_SIDE 0.025

/* Whether length counts turns (reported in rounds: N turns), else the
 * engine's own unit (acts, rounds), reported as it is. */
static bool turns(const struct tune_ctx *c)
{
	return c->unit && strcmp(c->unit, "turns") == 0;
}

static const char *len_unit(const struct tune_ctx *c)
{
	return turns(c) ? "rounds" : c->unit ? c->unit : "rounds";
}

static void measure_cell(struct tune_cell *cl, int players, int per_round, int horizon, uint64_t *censored)
{
	struct tune_meas *m = &cl->m;
	if (!cl->games) {
		*m = (struct tune_meas){0, 0, 1, 0, 0, 1, 0, 0, 1, -1, -1, -1};
		return;
	}
	m->comp = (double)cl->completed / (double)cl->games;
	stats_wilson(cl->completed, cl->games, &m->comp_lo, &m->comp_hi);
	m->bal = stats_balance(cl->wins, players);
	stats_balance_interval(cl->wins, players, &m->bal_lo, &m->bal_hi);
	/* seat 1's share of the games with a single winner, as balance counts them */
	m->seat1 = cl->completed ? (double)cl->wins[0] / (double)cl->completed : 0;
	stats_wilson(cl->wins[0], cl->completed, &m->seat1_lo, &m->seat1_hi);
	struct stats_length L;
	censored[horizon] = cl->games - cl->completed;
	stats_length(cl->ended, censored, horizon, &L);
	censored[horizon] = 0;
	m->med = L.median < 0 ? -1 : (double)L.median / per_round;
	m->med_lo = L.median_lo < 0 ? -1 : (double)L.median_lo / per_round;
	m->med_hi = L.median_hi < 0 ? -1 : (double)L.median_hi / per_round;
}

void tune_measure(struct tune_ctx *c)
{
	uint64_t *censored = xcalloc((size_t)c->horizon + 1, sizeof *censored);
	for (size_t v = 0; v < c->nv; v++) {
		struct tune_var *tv = &c->v[v];
		if (tv->state == TS_INVALID || tv->state == TS_UNPLAYABLE)
			continue;
		tv->J = tv->J_lo = tv->J_hi = INFINITY;
		tv->comp = 1;
		tv->len_min = INFINITY;
		tv->len_max = 0;
		for (int k = 0; k < c->ncounts; k++) {
			struct tune_cell *cl = &tv->cell[k];
			measure_cell(cl, c->counts[k], turns(c) ? c->counts[k] : 1, c->horizon, censored);
			const struct tune_meas *m = &cl->m;
			if (m->bal < tv->J) {
				tv->J = m->bal;
				tv->worst = k;
			}
			tv->J_lo = fmin(tv->J_lo, m->bal_lo);
			tv->J_hi = fmin(tv->J_hi, m->bal_hi);
			tv->comp = fmin(tv->comp, m->comp);
			if (m->med < 0)
				tv->len_max = -1;
			else if (tv->len_max >= 0)
				tv->len_max = fmax(tv->len_max, m->med);
			if (m->med >= 0)
				tv->len_min = fmin(tv->len_min, m->med);
		}
		if (isinf(tv->len_min))
			tv->len_min = -1;
		for (int i = 0; i < c->ngoals; i++)
			tune_goal_score(c, &c->goals[i], tv, GOAL_SIDE, &tv->obj[i], &tv->obj_lo[i], &tv->obj_hi[i]);
	}
	free(censored);
}

/* ---- the choice ---- */

static bool stalls(const struct tune_ctx *c, const struct tune_var *tv)
{
	for (int k = 0; k < c->ncounts; k++)
		if (tv->cell[k].m.comp < c->threshold)
			return true;
	return false;
}

static bool fits(const struct tune_ctx *c, const struct tune_var *tv)
{
	for (int k = 0; k < c->ncounts; k++) {
		const struct tune_meas *m = &tv->cell[k].m;
		if (c->len_hi > 0 && (m->med < 0 || m->med < c->len_lo || m->med > c->len_hi))
			return false;
		if (c->first_seat >= 0 && m->seat1 - 1.0 / c->counts[k] > c->first_seat)
			return false;
	}
	return true;
}

static bool measured(const struct tune_var *tv)
{
	return tv->state != TS_INVALID && tv->state != TS_UNPLAYABLE;
}

/* Whether a live variant was left without a segment of games at some count:
 * the budget ran out before it was played. */
static bool unplayed(const struct tune_ctx *c, const struct tune_var *tv)
{
	if (tv->state != TS_LIVE)
		return false;
	for (int k = 0; k < c->ncounts; k++)
		if (tv->cell[k].games < TUNE_SEG)
			return true;
	return false;
}

/* The first requirement tv is not shown to meet at its 95% interval at every
 * count, or -1. */
static int undecided(const struct tune_ctx *c, const struct tune_var *tv)
{
	for (int q = 0; q < c->nreqs; q++)
		for (int k = 0; k < c->ncounts; k++)
			if (tune_goal_check(c, &c->reqs[q], tv, k, GOAL_SIDE) <= 0)
				return q;
	return -1;
}

/* Whether a is at least as good as b on every objective and better on one
 * (point estimates). */
static bool dominates(const struct tune_ctx *c, const struct tune_var *a, const struct tune_var *b)
{
	bool better = false;
	for (int i = 0; i < c->ngoals; i++) {
		if (a->obj[i] < b->obj[i])
			return false;
		better |= a->obj[i] > b->obj[i];
	}
	return better;
}

/* Whether a comes before b in the choice: the first objective, then the next... */
static bool goal_before(const struct tune_ctx *c, const struct tune_var *a, const struct tune_var *b)
{
	for (int i = 0; i < c->ngoals; i++)
		if (a->obj[i] != b->obj[i])
			return a->obj[i] > b->obj[i];
	return false;
}

/* The choice with objectives: eligible (live, played, not stalling, within
 * the constraints, every requirement met at its 95% interval), the front
 * (eligible and dominated by no other eligible variant's estimates), the best
 * (the front's highest on the first objective, then the next...; the lowest
 * number on a tie), the rest of the eligible kept (tie). */
static void decide_goals(struct tune_ctx *c)
{
	for (size_t v = 0; v < c->nv; v++) {
		struct tune_var *tv = &c->v[v];
		tv->undecided = measured(tv) ? undecided(c, tv) : -1;
		tv->eligible = tv->state == TS_LIVE && !unplayed(c, tv) && !stalls(c, tv) && fits(c, tv) &&
			       tv->undecided < 0;
		tv->best = tv->tie = tv->pareto = false;
	}
	for (size_t v = 0; v < c->nv; v++) {
		struct tune_var *a = &c->v[v];
		if (!a->eligible)
			continue;
		a->pareto = true;
		for (size_t u = 0; u < c->nv && a->pareto; u++)
			if (u != v && c->v[u].eligible && dominates(c, &c->v[u], a))
				a->pareto = false;
		if (a->pareto && (c->best < 0 || goal_before(c, a, &c->v[c->best])))
			c->best = (int)v;
	}
	for (size_t v = 0; v < c->nv; v++)
		c->v[v].tie = c->v[v].eligible && (int)v != c->best;
	if (c->best >= 0)
		c->v[c->best].best = true;
}

void tune_decide(struct tune_ctx *c)
{
	tune_measure(c);
	if (tune_goal_mode(c)) {
		c->best = -1;
		decide_goals(c);
		return;
	}
	c->best = -1;
	for (size_t v = 0; v < c->nv; v++) {
		struct tune_var *tv = &c->v[v];
		tv->eligible = tv->state == TS_LIVE && !unplayed(c, tv) && !stalls(c, tv) && fits(c, tv);
		tv->best = tv->tie = tv->pareto = false;
		if (tv->eligible && (c->best < 0 || tv->J > c->v[c->best].J))
			c->best = (int)v;
	}
	/* a tie: eligible and not shown worse than the best by the race's test
	 * (every variant it shows worse is dropped, state TS_WORSE) */
	if (c->best >= 0) {
		c->v[c->best].best = true;
		for (size_t v = 0; v < c->nv; v++)
			if ((int)v != c->best && c->v[v].eligible)
				c->v[v].tie = true;
	}
	if (c->len_hi <= 0)
		return;
	/* the Pareto set: no other variant that does not stall is at least as fair
	 * and at least as short, and better in one */
	for (size_t v = 0; v < c->nv; v++) {
		struct tune_var *a = &c->v[v];
		if (!measured(a) || stalls(c, a) || a->len_max < 0)
			continue;
		bool dominated = false;
		for (size_t u = 0; u < c->nv && !dominated; u++) {
			const struct tune_var *b = &c->v[u];
			if (u == v || !measured(b) || stalls(c, b) || b->len_max < 0)
				continue;
			dominated = b->J >= a->J && b->len_max <= a->len_max && (b->J > a->J || b->len_max < a->len_max);
		}
		a->pareto = !dominated;
	}
}

/* The variants in the table's order: the eligible by balance, then the rest
 * by state and balance; invalid last. */
static const struct tune_ctx *sort_ctx;

static int group_of(const struct tune_var *tv)
{
	/* with objectives: the front, then the other eligible variants */
	int g = tune_goal_mode(sort_ctx);
	if (tv->eligible)
		return g && !tv->pareto;
	if (tv->state == TS_INVALID)
		return 20;
	if (tv->state == TS_UNPLAYABLE)
		return 19;
	return 1 + g + (int)tv->state;
}

static int cmp_rank(const void *x, const void *y)
{
	size_t a = *(const size_t *)x, b = *(const size_t *)y;
	const struct tune_var *p = &sort_ctx->v[a], *q = &sort_ctx->v[b];
	int ga = group_of(p), gb = group_of(q);
	if (ga != gb)
		return ga - gb;
	if (tune_goal_mode(sort_ctx) && ga < 19 && (goal_before(sort_ctx, p, q) || goal_before(sort_ctx, q, p)))
		return goal_before(sort_ctx, p, q) ? -1 : 1;
	if (!tune_goal_mode(sort_ctx) && ga < 19 && p->J != q->J)
		return p->J < q->J ? 1 : -1;
	return (a > b) - (a < b);
}

static size_t *ranking(const struct tune_ctx *c)
{
	size_t *order = xcalloc(c->nv, sizeof *order);
	for (size_t v = 0; v < c->nv; v++)
		order[v] = v;
	sort_ctx = c;
	qsort(order, c->nv, sizeof *order, cmp_rank);
	return order;
}

static uint64_t exhaustive_games(const struct tune_ctx *c)
{
	uint64_t n = 0;
	for (size_t v = 0; v < c->nv; v++)
		n += measured(&c->v[v]);
	return n * (uint64_t)c->ncounts * (uint64_t)c->cap;
}

/* ---- text ---- */

static void length_text(const struct tune_var *tv, char *out, size_t len)
{
	if (tv->len_min < 0)
		snprintf(out, len, "-");
	else if (tv->len_max < 0)
		snprintf(out, len, "%.1f..>", tv->len_min);
	else
		snprintf(out, len, "%.1f..%.1f", tv->len_min, tv->len_max);
}

/* The result with objectives: best, front, kept, undecided KEY, fails KEY,
 * dominated; else as the classic race says it. */
static bool goal_result(const struct tune_ctx *c, const struct tune_var *tv, char *out, size_t len)
{
	if (!tune_goal_mode(c))
		return false;
	if (tv->best)
		snprintf(out, len, "best");
	else if (tv->pareto)
		snprintf(out, len, "front");
	else if (tv->eligible)
		snprintf(out, len, "kept: not shown dominated");
	else if (tv->state == TS_FAILS)
		snprintf(out, len, "fails %s (dropped after round %d)", c->reqs[tv->failed].def->name, tv->dropped_round);
	else if (tv->state == TS_DOMINATED)
		snprintf(out, len, "dominated (dropped after round %d)", tv->dropped_round);
	else if (tv->state == TS_LIVE && !unplayed(c, tv) && !stalls(c, tv) && fits(c, tv) && tv->undecided >= 0)
		snprintf(out, len, "undecided: %s", c->reqs[tv->undecided].def->name);
	else
		return false;
	return true;
}

static void result_text(const struct tune_ctx *c, const struct tune_var *tv, char *out, size_t len)
{
	if (goal_result(c, tv, out, len))
		return;
	if (tv->best)
		snprintf(out, len, "best");
	else if (tv->tie)
		snprintf(out, len, "tie");
	else if (unplayed(c, tv))
		snprintf(out, len, "not played (budget)");
	else if (tv->state == TS_LIVE && stalls(c, tv))
		snprintf(out, len, "stalls");
	else if (tv->state == TS_LIVE && !fits(c, tv))
		snprintf(out, len, "misses a constraint");
	else if (tv->state == TS_LIVE)
		snprintf(out, len, "not chosen");
	else if (tv->state == TS_INVALID)
		snprintf(out, len, "invalid: does not load");
	else if (tv->state == TS_UNPLAYABLE)
		snprintf(out, len, "unplayable");
	else
		snprintf(out, len, "%s (dropped after round %d)", tune_state_name(tv->state), tv->dropped_round);
}

static void print_header(const struct tune_ctx *c)
{
	printf("tune: %s (%s, game %s)\nspace: %s\nplayers:", c->pack_path, c->pack_id, c->game, c->space);
	for (int k = 0; k < c->ncounts; k++)
		printf("%s %d", k ? "," : "", c->counts[k]);
	printf("; seed %llu; at most %ld games a variant at each count%s\n", (unsigned long long)c->seed, c->cap,
	       c->exhaustive ? " (exhaustive: every variant plays them all)" : "");
	printf("length: the median in %s over all games, unfinished ones censored (the range over the counts)\n",
	       len_unit(c));
	printf("objective: completion >= %.2f at every count (else it stalls and is never chosen), then the highest\n"
	       "  balance (N x the least-winning seat's share of the games with a single winner, 95%% interval) at the variant's worst count\n",
	       c->threshold);
	if (c->len_hi > 0 || c->first_seat >= 0) {
		printf("constraints:");
		if (c->len_hi > 0)
			printf(" median length %g..%g %s at every count%s", c->len_lo, c->len_hi, len_unit(c),
			       c->first_seat >= 0 ? ";" : "");
		if (c->first_seat >= 0)
			printf(" seat 1's share at most %.3f above 1/N", c->first_seat);
		printf("\n");
	}
	printf("racing: %d round%s; a variant is dropped as worse only when it is worse than one sure to meet\n"
	       "  the objective with the race's family-wise error at most %g (Holm's step-down each round, the\n"
	       "  error spent over the rounds, one-sided Wilson bounds of each seat's share of the games with a\n"
	       "  single winner); it is dropped once it stalls or misses a constraint with confidence (95%%)",
	       c->rounds, c->rounds == 1 ? "" : "s", TUNE_ALPHA);
	if (c->exhaustive)
		printf("\n");
	else
		printf(";\n  the race ends when no live variant can beat the best by more than %g at that error\n",
		       c->tolerance);
}

/* ---- text with objectives ---- */

static void range_text(const struct tune_goal *g, char *out, size_t len)
{
	if (isinf(g->lo))
		snprintf(out, len, "at most %g", g->hi);
	else if (isinf(g->hi))
		snprintf(out, len, "at least %g", g->lo);
	else
		snprintf(out, len, "%g..%g", g->lo, g->hi);
}

/* A variant's objective i as the report shows it: "0.8746 [0.8543, 0.8981]". */
static void goal_cell(const struct tune_ctx *c, const struct tune_var *tv, int i, char *out, size_t len)
{
	double x, lo, hi;
	tune_goal_shown(&c->goals[i], tv->obj[i], tv->obj_lo[i], tv->obj_hi[i], &x, &lo, &hi);
	/* four decimals for a share, one for a length */
	int d = fabs(x) < 10 && (isinf(hi) || fabs(hi) < 10) ? 4 : 1;
	if (isinf(hi))
		snprintf(out, len, "%.*f [%.*f, inf]", d, x, d, lo);
	else
		snprintf(out, len, "%.*f [%.*f, %.*f]", d, x, d, lo, d, hi);
}

static void print_goal_header(const struct tune_ctx *c)
{
	printf("objectives (the first breaks ties on the front; each over the counts: the worst, or the largest\n"
	       "  distance from a target; intervals 95%%, split over the counts):\n");
	for (int i = 0; i < c->ngoals; i++) {
		char head[64];
		tune_goal_head(&c->goals[i], head, sizeof head);
		printf("  %s: %s\n", head, c->goals[i].def->what);
	}
	if (c->skill)
		printf("skill: --skill-levels %s (the weaker, the stronger): the stronger in one seat, the weaker in the\n"
		       "  others, every deal once with the stronger in each seat, %d deals a segment of %d games\n",
		       c->skill, TUNE_SKILL_DEALS, TUNE_SEG);
	printf("requirements: completion >= %.2f at every count (else it stalls)", c->threshold);
	for (int q = 0; q < c->nreqs; q++) {
		char r[64];
		range_text(&c->reqs[q], r, sizeof r);
		printf(";\n  %s %s at every count", c->reqs[q].def->name, r);
	}
	if (c->len_hi > 0)
		printf(";\n  median length %g..%g %s at every count", c->len_lo, c->len_hi, len_unit(c));
	if (c->first_seat >= 0)
		printf(";\n  seat 1's share at most %.3f above 1/N", c->first_seat);
	printf("\nlength: the median in %s over all games, unfinished ones censored (the range over the counts)\n",
	       len_unit(c));
	printf("racing: %d round%s; a variant is dropped as dominated only when one sure to meet the requirements\n"
	       "  is shown better on every objective, and as failing a requirement only when its interval at some\n"
	       "  count lies wholly outside the range, with the race's family-wise error at most %g (each round's\n"
	       "  share: %s); ",
	       c->rounds, c->rounds == 1 ? "" : "s", TUNE_ALPHA,
	       c->nreqs ? "half to the requirements, Bonferroni; half to the objectives, Holm's step-down\n"
			  "  over the dominance tests"
			: "the objectives', Holm's step-down over the dominance tests");
	if (c->ngoals > 1 || c->tolerance <= 0)
		printf("a variant not dropped plays --games\n");
	else
		printf("the race ends when no live variant\n  can beat the best by more than %g at that error\n",
		       c->tolerance);
}

static void print_goal_table(const struct tune_ctx *c, const size_t *order)
{
	printf("\n%4s  %-7s %10s", "rank", "variant", "completion");
	for (int i = 0; i < c->ngoals; i++) {
		char head[64], col[80];
		tune_goal_head(&c->goals[i], head, sizeof head);
		snprintf(col, sizeof col, "%s [95%% interval]", head);
		printf("  %-24s", col);
	}
	printf("  %-11s %9s  %-28s %s\n", "length", "games", "result", "keys that differ");
	for (size_t i = 0; i < c->nv; i++) {
		const struct tune_var *tv = &c->v[order[i]];
		char id[16], res[80], len[32], games[24];
		snprintf(id, sizeof id, "#%zu", order[i] + 1);
		snprintf(games, sizeof games, "%llu", (unsigned long long)tv->games);
		result_text(c, tv, res, sizeof res);
		bool shown = measured(tv) && !unplayed(c, tv);
		if (shown)
			printf("%4zu  %-7s %10.4f", i + 1, id, tv->comp);
		else
			printf("%4zu  %-7s %10s", i + 1, id, "-");
		for (int g = 0; g < c->ngoals; g++) {
			char cell[80] = "-";
			if (shown)
				goal_cell(c, tv, g, cell, sizeof cell);
			printf("  %-24s", cell);
		}
		if (shown)
			length_text(tv, len, sizeof len);
		else
			snprintf(len, sizeof len, "-");
		printf("  %-11s %9s  %-28s %s\n", len, games, res, tv->differ);
	}
}

static void print_goal_summary(const struct tune_ctx *c, const size_t *order)
{
	if (c->best >= 0) {
		const struct tune_var *b = &c->v[c->best];
		char head[64], cell[80];
		tune_goal_head(&c->goals[0], head, sizeof head);
		printf("best: #%d (%s): the front's best on %s%s\n", c->best + 1, b->all, head,
		       c->ngoals > 1 ? " (the first objective; the next breaks a tie)" : "");
		printf("front (dominated by no other variant that meets the requirements, on the estimates):");
		size_t nf = 0;
		for (size_t i = 0; i < c->nv; i++)
			if (c->v[order[i]].pareto)
				printf("%s #%zu", nf++ ? "," : "", order[i] + 1);
		printf("\n");
		for (size_t i = 0; i < c->nv; i++) {
			const struct tune_var *tv = &c->v[order[i]];
			if (!tv->pareto)
				continue;
			printf("  #%zu (%s):", order[i] + 1, tv->all);
			for (int g = 0; g < c->ngoals; g++) {
				tune_goal_head(&c->goals[g], head, sizeof head);
				goal_cell(c, tv, g, cell, sizeof cell);
				printf("%s %s %s", g ? "," : "", head, cell);
			}
			printf("\n");
		}
		size_t nk = 0;
		printf("kept:");
		for (size_t i = 0; i < c->nv; i++)
			if (c->v[order[i]].eligible && !c->v[order[i]].pareto)
				printf("%s #%zu", nk++ ? "," : "", order[i] + 1);
		printf(nk ? " (off the front, not shown dominated at the race's family-wise error %g)\n"
			  : " none (every other variant meeting the requirements is on the front or shown dominated; %g)\n",
		       TUNE_ALPHA);
		return;
	}
	size_t fail = 0, open = 0, stall = 0;
	for (size_t v = 0; v < c->nv; v++) {
		fail += c->v[v].state == TS_FAILS;
		open += c->v[v].state == TS_LIVE && c->v[v].undecided >= 0;
		stall += c->v[v].state == TS_STALLS || (c->v[v].state == TS_LIVE && stalls(c, &c->v[v]));
	}
	printf("best: none: no variant is shown to meet every requirement (failing one: %zu; undecided, which more\n"
	       "  --games may decide: %zu; stalling: %zu)\n", fail, open, stall);
}

static void print_table(const struct tune_ctx *c, const size_t *order)
{
	printf("\n%4s  %-7s %10s  %-24s %3s  %-11s %9s  %-28s %s\n", "rank", "variant", "completion",
	       "balance [95% interval]", "at", "length", "games", "result", "keys that differ");
	for (size_t i = 0; i < c->nv; i++) {
		const struct tune_var *tv = &c->v[order[i]];
		char id[16], res[64], len[32];
		snprintf(id, sizeof id, "#%zu", order[i] + 1);
		result_text(c, tv, res, sizeof res);
		if (!measured(tv) || unplayed(c, tv)) {
			char games[24];
			snprintf(games, sizeof games, "%llu", (unsigned long long)tv->games);
			printf("%4zu  %-7s %10s  %-24s %3s  %-11s %9s  %-28s %s\n", i + 1, id, "-", "-", "-", "-", games,
			       res, tv->differ);
			continue;
		}
		length_text(tv, len, sizeof len);
		char bal[48];
		snprintf(bal, sizeof bal, "%.4f [%.4f, %.4f]", tv->J, tv->J_lo, tv->J_hi);
		printf("%4zu  %-7s %10.4f  %-24s %3d  %-11s %9llu  %-28s %s\n", i + 1, id, tv->comp, bal,
		       c->counts[tv->worst], len, (unsigned long long)tv->games, res, tv->differ);
	}
}

static void print_unplayable(const struct tune_ctx *c)
{
	for (size_t v = 0; v < c->nv; v++)
		for (int k = 0; k < c->ncounts; k++)
			if (c->v[v].cell[k].unplayable && c->v[v].state == TS_UNPLAYABLE)
				printf("unplayable: #%zu (%s) at %d players: %s\n", v + 1, c->v[v].all, c->counts[k],
				       c->v[v].cell[k].unplayable);
}

/* The classic race's last lines: the best and its ties, the Pareto set of
 * --length. */
static void print_summary(const struct tune_ctx *c, const size_t *order)
{
	if (c->best >= 0) {
		const struct tune_var *b = &c->v[c->best];
		char len[32];
		length_text(b, len, sizeof len);
		printf("best: #%d (%s): balance %.4f [%.4f, %.4f] at %d players, completion %.4f, median length %s "
		       "%s\n", c->best + 1, b->all, b->J, b->J_lo, b->J_hi, c->counts[b->worst], b->comp, len, len_unit(c));
		printf("ties:");
		size_t nt = 0;
		for (size_t i = 0; i < c->nv; i++)
			if (c->v[order[i]].tie)
				printf("%s #%zu", nt++ ? "," : "", order[i] + 1);
		printf(nt ? " (not shown worse than the best at the race's family-wise error %g)\n"
			  : " none (every other variant is worse at the race's error %g, stalls, misses a constraint or\n"
			    "  was not played)\n", TUNE_ALPHA);
	} else {
		printf("best: none: no variant completes at least %.2f of its games at every count%s\n", c->threshold,
		       c->len_hi > 0 || c->first_seat >= 0 ? " and meets the constraints" : "");
	}
	if (c->len_hi > 0) {
		printf("pareto (balance against the longest median length, variants that do not stall):");
		for (size_t i = 0; i < c->nv; i++) {
			const struct tune_var *tv = &c->v[order[i]];
			if (tv->pareto)
				printf(" #%zu (%.4f, %.1f %s%s)", order[i] + 1, tv->J, tv->len_max, len_unit(c),
				       fits(c, tv) ? "" : ", outside the range");
		}
		printf("\n");
	}
}

/* The skill games played (beside c->games), over every cell. */
static uint64_t skill_games(const struct tune_ctx *c)
{
	uint64_t n = 0;
	for (size_t v = 0; v < c->nv; v++)
		for (int k = 0; k < c->ncounts; k++)
			n += c->v[v].cell[k].sk_games;
	return n;
}

void tune_report_text(const struct tune_ctx *c)
{
	size_t *order = ranking(c);
	bool goals = tune_goal_mode(c);
	if (goals) {
		printf("tune: %s (%s, game %s)\nspace: %s\nplayers:", c->pack_path, c->pack_id, c->game, c->space);
		for (int k = 0; k < c->ncounts; k++)
			printf("%s %d", k ? "," : "", c->counts[k]);
		printf("; seed %llu; at most %ld games a variant at each count%s\n", (unsigned long long)c->seed, c->cap,
		       c->exhaustive ? " (exhaustive: every variant plays them all)" : "");
		print_goal_header(c);
		print_goal_table(c, order);
	} else {
		print_header(c);
		print_table(c, order);
	}
	printf("\n");
	print_unplayable(c);
	if (goals)
		print_goal_summary(c, order);
	else
		print_summary(c, order);
	uint64_t ex = exhaustive_games(c);
	printf("games: %llu", (unsigned long long)c->games);
	if (!c->exhaustive && c->games)
		printf(" (exhaustive: %llu; %.1fx fewer)", (unsigned long long)ex, (double)ex / (double)c->games);
	if (c->skill)
		printf(", and %llu skill games", (unsigned long long)skill_games(c));
	printf("\n");
	if (c->budget_spent)
		printf("budget: spent before the race was decided: variants still live are reported as %s; "
		       "those without\n  a segment of %d games at every count as not played\n",
		       goals ? "on the front or kept" : "ties", TUNE_SEG);
	free(order);
}

/* ---- JSON ---- */

static void pair(struct jw *w, double lo, double hi)
{
	jw_array(w);
	jw_num(w, lo);
	jw_num(w, hi);
	jw_end(w);
}

static void json_length(struct jw *w, double v)
{
	if (v < 0)
		jw_null(w);
	else
		jw_num(w, v);
}

/* With objectives: each objective's value as the report shows it (a distance
 * for a target) with its 95% interval. */
static void json_scores(struct jw *w, const struct tune_ctx *c, const struct tune_var *tv)
{
	jw_key(w, "scores");
	jw_array(w);
	for (int i = 0; i < c->ngoals; i++) {
		double x, lo, hi;
		tune_goal_shown(&c->goals[i], tv->obj[i], tv->obj_lo[i], tv->obj_hi[i], &x, &lo, &hi);
		jw_object(w);
		jw_put_str(w, "objective", c->goals[i].spec);
		jw_put_num(w, "value", x);
		jw_key(w, "ci");
		pair(w, lo, hi);
		jw_end(w);
	}
	jw_end(w);
}

static void json_bound(struct jw *w, double x)
{
	if (isinf(x))
		jw_null(w);
	else
		jw_num(w, x);
}

static void json_goals(struct jw *w, const struct tune_ctx *c)
{
	jw_key(w, "objectives");
	jw_array(w);
	for (int i = 0; i < c->ngoals; i++) {
		const struct tune_goal *g = &c->goals[i];
		jw_object(w);
		jw_put_str(w, "name", g->def->name);
		jw_put_str(w, "spec", g->spec);
		jw_key(w, "target");
		if (g->def->target)
			pair(w, g->lo, g->hi);
		else
			jw_null(w);
		jw_put_str(w, "better", g->def->target ? "lower" : "higher");
		jw_end(w);
	}
	jw_end(w);
	jw_key(w, "requirements");
	jw_array(w);
	for (int q = 0; q < c->nreqs; q++) {
		const struct tune_goal *g = &c->reqs[q];
		jw_object(w);
		jw_put_str(w, "name", g->def->name);
		jw_put_str(w, "spec", g->spec);
		jw_key(w, "range");
		jw_array(w);
		json_bound(w, g->lo);
		json_bound(w, g->hi);
		jw_end(w);
		jw_end(w);
	}
	jw_end(w);
	if (c->skill) {
		jw_put_str(w, "skill_levels", c->skill);
		jw_sep(w, ", ");
		jw_put_int(w, "skill_deals_per_segment", TUNE_SKILL_DEALS);
	}
	jw_put_str(w, "choice", "the front's best on the first objective, then the next");
}

/* One player count of a variant: its measures (and skill). */
static void json_cell(struct jw *w, const struct tune_ctx *c, const struct tune_cell *cl, int k)
{
	const struct tune_meas *m = &cl->m;
	jw_object(w);
	jw_put_int(w, "players", c->counts[k]);
	jw_put_uint(w, "games", cl->games);
	jw_put_num(w, "completion", m->comp);
	jw_put_num(w, "balance", m->bal);
	jw_key(w, "balance_ci");
	pair(w, m->bal_lo, m->bal_hi);
	jw_put_num(w, "seat1", m->seat1);
	jw_key(w, "median_rounds");
	json_length(w, m->med);
	if (c->skill) {
		double e, lo, hi;
		cell_skill(c, cl, c->counts[k], GOAL_SIDE, &e, &lo, &hi);
		jw_key(w, "skill");
		jw_object(w);
		jw_put_uint(w, "games", cl->sk_games);
		jw_put_uint(w, "single_winner", cl->sk_decided);
		jw_put_uint(w, "stronger_wins", cl->sk_wins);
		jw_put_num(w, "score", e);
		jw_key(w, "ci");
		pair(w, lo, hi);
		jw_end(w);
	}
	jw_end(w);
}

/* A variant's measures once it has been played. */
static void json_measures(struct jw *w, const struct tune_ctx *c, const struct tune_var *tv)
{
	jw_put_num(w, "completion", tv->comp);
	jw_put_num(w, "balance", tv->J);
	jw_key(w, "balance_ci");
	pair(w, tv->J_lo, tv->J_hi);
	jw_key(w, "length");
	json_length(w, tv->len_max);
	if (tune_goal_mode(c)) {
		jw_put_bool(w, "front", tv->pareto);
		json_scores(w, c, tv);
	}
	jw_sep(w, ",\n     ");
	jw_key(w, "players");
	jw_array(w);
	for (int k = 0; k < c->ncounts; k++)
		json_cell(w, c, &tv->cell[k], k);
	jw_end(w);
}

static void json_variant(struct jw *w, const struct tune_ctx *c, size_t v, size_t rank)
{
	const struct tune_var *tv = &c->v[v];
	char res[64];
	result_text(c, tv, res, sizeof res);
	jw_object(w);
	jw_put_uint(w, "variant", v + 1);
	jw_put_uint(w, "rank", rank);
	jw_key(w, "keys");
	jw_raw(w, "%s", tv->json);
	jw_put_str(w, "differ", tv->differ);
	jw_put_str(w, "result", res);
	jw_put_uint(w, "games", tv->games);
	jw_put_bool(w, "played", measured(tv) && !unplayed(c, tv));
	if (tune_goal_mode(c) && tv->state == TS_FAILS) {
		jw_put_str(w, "fails", c->reqs[tv->failed].spec);
	} else if (tune_goal_mode(c) && tv->state == TS_LIVE && tv->undecided >= 0) {
		jw_put_str(w, "undecided", c->reqs[tv->undecided].spec);
	}
	if (measured(tv) && !unplayed(c, tv))
		json_measures(w, c, tv);
	jw_end(w);
}

static void json_best(struct jw *w, const struct tune_ctx *c)
{
	if (c->best < 0) {
		jw_null(w);
		return;
	}
	const struct tune_var *b = &c->v[c->best];
	jw_object(w);
	jw_put_int(w, "variant", c->best + 1);
	jw_key(w, "keys");
	jw_raw(w, "%s", b->json);
	jw_put_str(w, "differ", b->differ);
	jw_put_num(w, "completion", b->comp);
	jw_put_num(w, "balance", b->J);
	jw_key(w, "balance_ci");
	pair(w, b->J_lo, b->J_hi);
	jw_put_int(w, "worst_players", c->counts[b->worst]);
	jw_key(w, "length");
	json_length(w, b->len_max);
	jw_key(w, "length_range");
	if (b->len_min < 0) {
		jw_null(w);
	} else {
		jw_array(w);
		jw_num(w, b->len_min);
		json_length(w, b->len_max);
		jw_end(w);
	}
	if (tune_goal_mode(c))
		json_scores(w, c, b);
	jw_end(w);
}

static void json_list(struct jw *w, const char *key, const struct tune_ctx *c, const size_t *order, bool pareto)
{
	jw_key(w, key);
	jw_array(w);
	for (size_t i = 0; i < c->nv; i++)
		if (pareto ? c->v[order[i]].pareto : c->v[order[i]].tie)
			jw_uint(w, order[i] + 1);
	jw_end(w);
}

/* The search: the pack, space, counts, seed, cap and the objective of the race. */
static void json_search(struct jw *w, const struct tune_ctx *c)
{
	jw_put_str(w, "pack", c->pack_path);
	jw_put_str(w, "id", c->pack_id);
	jw_put_str(w, "game", c->game);
	jw_put_str(w, "space", c->space);
	jw_key(w, "players");
	jw_array(w);
	for (int k = 0; k < c->ncounts; k++)
		jw_int(w, c->counts[k]);
	jw_end(w);
	jw_put_uint(w, "seed", c->seed);
	jw_put_int(w, "games_cap", c->cap);
	jw_key(w, "objective");
	jw_object(w);
	jw_put_num(w, "completion", c->threshold);
	jw_key(w, "length");
	if (c->len_hi > 0)
		pair(w, c->len_lo, c->len_hi);
	else
		jw_null(w);
	jw_key(w, "first_seat");
	if (c->first_seat >= 0)
		jw_num(w, c->first_seat);
	else
		jw_null(w);
	jw_end(w);
}

void tune_report_json(const struct tune_ctx *c)
{
	size_t *order = ranking(c);
	struct jw w;
	jw_init(&w, stdout);
	jw_object_at(&w, "");
	json_search(&w, c);
	if (tune_goal_mode(c))
		json_goals(&w, c);
	jw_key(&w, "best");
	json_best(&w, c);
	json_list(&w, "ties", c, order, false);
	json_list(&w, "pareto", c, order, true);
	if (tune_goal_mode(c))
		json_list(&w, "front", c, order, true);
	jw_key(&w, "variants");
	jw_array_at(&w, "  ");
	for (size_t i = 0; i < c->nv; i++)
		json_variant(&w, c, order[i], i + 1);
	jw_end(&w);
	jw_put_int(&w, "rounds", c->rounds);
	jw_put_uint(&w, "games", c->games);
	jw_put_uint(&w, "exhaustive_games", exhaustive_games(c));
	jw_put_bool(&w, "budget_spent", c->budget_spent);
	if (c->skill) {
		jw_put_uint(&w, "skill_games", skill_games(c));
	}
	jw_put_num(&w, "family_error", TUNE_ALPHA);
	jw_put_str(&w, "method", TUNE_METHOD);
	jw_end(&w);
	putchar('\n');
	free(order);
}

/* ---- plot ---- */

/* With objectives: the first two against each other (one: against balance). */
static int goal_plot(const struct tune_ctx *c, const char *path)
{
	size_t *order = ranking(c);
	struct sim_plot_point *pts = xcalloc(c->nv, sizeof *pts);
	char **labels = xcalloc(c->nv, sizeof *labels);
	size_t n = 0;
	for (size_t i = 0; i < c->nv; i++) {
		const struct tune_var *tv = &c->v[order[i]];
		if (!measured(tv) || unplayed(c, tv))
			continue;
		labels[n] = xasprintf("#%zu", order[i] + 1);
		struct sim_plot_point *q = &pts[n];
		q->label = labels[n];
		tune_goal_shown(&c->goals[0], tv->obj[0], tv->obj_lo[0], tv->obj_hi[0], &q->x[0], &q->x[1], &q->x[2]);
		if (c->ngoals > 1)
			tune_goal_shown(&c->goals[1], tv->obj[1], tv->obj_lo[1], tv->obj_hi[1], &q->y[0], &q->y[1], &q->y[2]);
		else
			q->y[0] = tv->J, q->y[1] = tv->J_lo, q->y[2] = tv->J_hi;
		q->kind = tv->best ? 2 : tv->pareto ? 1 : tv->eligible ? 0 : -1;
		n++;
	}
	char xl[160], yl[160], hx[64], hy[64], title[512], err[512];
	tune_goal_head(&c->goals[0], hx, sizeof hx);
	if (c->ngoals > 1)
		tune_goal_head(&c->goals[1], hy, sizeof hy);
	else
		snprintf(hy, sizeof hy, "balance");
	snprintf(xl, sizeof xl, "%s (%s)", hx, c->goals[0].def->target ? "lower is better" : "higher is better");
	snprintf(yl, sizeof yl, "%s (%s)", hy, c->ngoals > 1 && c->goals[1].def->target ? "lower is better" : "higher is better");
	snprintf(title, sizeof title, "%s: the front of %d..%d players, 95%% intervals (%llu games)", c->pack_id,
		 c->counts[0], c->counts[c->ncounts - 1], (unsigned long long)c->games);
	int status = EXIT_OK;
	if (sim_plot_front(path, title, xl, yl, pts, n, err, sizeof err) != 0) {
		if (err[0])
			diag(SEV_ERROR, NULL, "--plot %s: %s", path, err);
		status = EXIT_OUTPUT;
	}
	for (size_t i = 0; i < n; i++)
		free(labels[i]);
	free(labels);
	free(pts);
	free(order);
	return status;
}

int tune_plot(const struct tune_ctx *c, const char *path)
{
	if (tune_goal_mode(c))
		return goal_plot(c, path);
	size_t *order = ranking(c);
	struct sim_plot_interval *rows = xcalloc(c->nv, sizeof *rows);
	char **labels = xcalloc(c->nv, sizeof *labels);
	size_t n = 0;
	for (size_t i = 0; i < c->nv; i++) {
		const struct tune_var *tv = &c->v[order[i]];
		if (!measured(tv) || unplayed(c, tv))
			continue;
		char res[64];
		result_text(c, tv, res, sizeof res);
		labels[n] = xasprintf("#%zu %s  (%s)", order[i] + 1, tv->differ, res);
		rows[n] = (struct sim_plot_interval){labels[n], tv->J, tv->J_lo, tv->J_hi,
						     tv->best ? 2 : tv->tie ? 1 : tv->eligible ? 0 : -1};
		n++;
	}
	char title[512], err[512];
	snprintf(title, sizeof title, "%s: balance at the worst of %d..%d players, 95%% intervals (%llu games)",
		 c->pack_id, c->counts[0], c->counts[c->ncounts - 1], (unsigned long long)c->games);
	int status = EXIT_OK;
	if (sim_plot_intervals(path, title, rows, n, err, sizeof err) != 0) {
		if (err[0])
			diag(SEV_ERROR, NULL, "--plot %s: %s", path, err);
		status = EXIT_OUTPUT;
	}
	for (size_t i = 0; i < n; i++)
		free(labels[i]);
	free(labels);
	free(rows);
	free(order);
	return status;
}

/* ==== the goals: what --objective optimizes and --require bounds (tune_report.h) ==== */

/* ---- the measures at one count ---- */

static double z_of(double a)
{
	return stats_z_upper(a);
}

static void cell_balance(const struct tune_ctx *c, const struct tune_cell *cl, int players, double a, double *est,
			 double *lo, double *hi)
{
	(void)c;
	*est = stats_balance(cl->wins, players);
	if (a <= 0)
		return;
	*lo = stats_balance_lower(cl->wins, players, cl->completed, a);
	*hi = fmin(1, stats_balance_upper(cl->wins, players, cl->completed, a / players));
}

static void cell_completion(const struct tune_ctx *c, const struct tune_cell *cl, int players, double a, double *est,
			    double *lo, double *hi)
{
	(void)c;
	(void)players;
	*est = cl->games ? (double)cl->completed / (double)cl->games : 0;
	if (a > 0)
		stats_wilson_z(cl->completed, cl->games, z_of(a), lo, hi);
}

/* seat 1's share of the games with a single winner, less 1/N */
static void cell_first_seat(const struct tune_ctx *c, const struct tune_cell *cl, int players, double a, double *est,
			    double *lo, double *hi)
{
	(void)c;
	double fair = 1.0 / players;
	*est = (cl->completed ? (double)cl->wins[0] / (double)cl->completed : 0) - fair;
	if (a > 0) {
		stats_wilson_z(cl->wins[0], cl->completed, z_of(a), lo, hi);
		*lo -= fair;
		*hi -= fair;
	}
}

/* the median length in the report's unit (rounds of N turns, else the
 * engine's); a median beyond the horizon counts as the horizon, an upper
 * bound beyond it as infinite */
static void cell_length(const struct tune_ctx *c, const struct tune_cell *cl, int players, double a, double *est,
			double *lo, double *hi)
{
	double per = c->unit && strcmp(c->unit, "turns") == 0 ? players : 1, far = c->horizon / per;
	*est = cl->m.med < 0 ? far : cl->m.med;
	if (a <= 0)
		return;
	double z = z_of(a);
	int l = stats_median_bound(cl->ended, cl->games, c->horizon, z, false);
	int h = stats_median_bound(cl->ended, cl->games, c->horizon, z, true);
	*lo = l < 0 ? far : l / per;
	*hi = h < 0 ? INFINITY : h / per;
}

/* the skill score of skill.h at one count: the stronger level's share of
 * the skill games with a single winner (Wilson at z_of(a)), rescaled by
 * stats_skill_rescaled; 0, the lottery, before any such game */
static void cell_skill(const struct tune_ctx *c, const struct tune_cell *cl, int players, double a, double *est,
		       double *lo, double *hi)
{
	(void)c;
	*est = cl->sk_decided ? stats_skill_rescaled((double)cl->sk_wins / (double)cl->sk_decided, players) : 0;
	if (a > 0) {
		double l, h;
		stats_wilson_z(cl->sk_wins, cl->sk_decided, z_of(a), &l, &h);
		*lo = stats_skill_rescaled(l, players);
		*hi = stats_skill_rescaled(h, players);
	}
}

/* The table: one entry a measure; parsing, completion, the race, the report,
 * the plot and --write read it and nothing else. */
static const struct tune_goal_def defs[] = {
	{"balance", false, false, 0, "N x the least-winning seat's share of the games with a single winner (higher)",
	 cell_balance},
	{"completion", false, false, 0, "the share of games with a single winner (higher)", cell_completion},
	{"length", true, true, 0, "the median length's distance from the target (lower)", cell_length},
	{"first-seat", true, false, 0, "seat 1's share of the games with a single winner less 1/N, its distance from 0 (lower)",
	 cell_first_seat},
	{"skill", false, false, 0, "the stronger level's share of the games with a single winner, rescaled: 0 a lottery, 1 it always wins (higher)",
	 cell_skill},
};

#define NDEFS (sizeof defs / sizeof defs[0])

/* The names in this build, for the errors: "balance, completion, length=T, ...". */
static const char *tune_goal_names(bool require)
{
	static char names[2][256];
	char *out = names[require];
	size_t n = 0;
	out[0] = 0;
	for (size_t i = 0; i < NDEFS; i++)
		if (defs[i].cell)
			n += (size_t)snprintf(out + n, sizeof names[0] - n, "%s%s%s", n ? ", " : "", defs[i].name,
					      !require && defs[i].target_needed ? "=T" : "");
	return out;
}

void tune_goal_complete(bool require)
{
	for (size_t i = 0; i < NDEFS; i++)
		if (defs[i].cell)
			printf("%s%s\n", defs[i].name, require || defs[i].target_needed ? "=" : "");
}

/* ---- parsing ---- */

static bool parse_num(const char *s, size_t n, double *out)
{
	char *a = xstrndup(s, n), *end;
	errno = 0;
	double v = strtod(a, &end);
	bool ok = *a && !*end && !errno && isfinite(v);
	free(a);
	*out = v;
	return ok;
}

/* "LO..HI", "LO..", "..HI" (open: -+INFINITY) or, when single, "X" (X..X). */
static bool parse_range(const char *s, bool single, double *lo, double *hi)
{
	const char *dots = strstr(s, "..");
	if (!dots) {
		if (!single || !parse_num(s, strlen(s), lo))
			return false;
		*hi = *lo;
		return true;
	}
	*lo = -INFINITY;
	*hi = INFINITY;
	if (dots > s && !parse_num(s, (size_t)(dots - s), lo))
		return false;
	if (dots[2] && !parse_num(dots + 2, strlen(dots + 2), hi))
		return false;
	return (dots > s || dots[2]) && *lo <= *hi;
}

bool tune_goal_parse(const char *arg, bool require, struct tune_goal *g)
{
	const char *opt = require ? "--require" : "--objective";
	for (const char *p = arg; *p; p++)
		if ((unsigned char)*p <= ' ' || (unsigned char)*p >= 0x7f) {
			diag(SEV_ERROR, NULL, "%s: '%s' has a blank or a character outside ASCII: give NAME=RANGE as one word",
			     opt, arg);
			g->def = NULL;
			g->spec = NULL;
			return false;
		}
	const char *eq = strchr(arg, '=');
	size_t n = eq ? (size_t)(eq - arg) : strlen(arg);
	g->def = NULL;
	for (size_t i = 0; i < NDEFS; i++)
		if (strlen(defs[i].name) == n && strncmp(defs[i].name, arg, n) == 0)
			g->def = &defs[i];
	if (!g->def) {
		const char *known[NDEFS + 1] = {NULL};
		for (size_t i = 0; i < NDEFS; i++)
			known[i] = defs[i].name;
		char *word = xstrndup(arg, n);
		const char *near = closest_word(word, known);
		free(word);
		if (near)
			diag(SEV_ERROR, NULL, "%s %s: unknown measure '%.*s' (did you mean '%s'?); the measures are %s", opt,
			     arg, (int)n, arg, near, tune_goal_names(require));
		else
			diag(SEV_ERROR, NULL, "%s %s: unknown measure '%.*s'; the measures are %s", opt, arg, (int)n, arg,
			     tune_goal_names(require));
		return false;
	}
	bool ok;
	if (require) {
		ok = eq && parse_range(eq + 1, false, &g->lo, &g->hi);
		if (!ok)
			diag(SEV_ERROR, NULL, "--require %s: expected %s=LO..HI, LO.. or ..HI (length=20..40, completion=0.9..)",
			     arg, g->def->name);
	} else if (g->def->target) {
		g->lo = g->hi = g->def->fair;
		ok = eq ? parse_range(eq + 1, true, &g->lo, &g->hi) && isfinite(g->lo) && isfinite(g->hi) : !g->def->target_needed;
		if (!ok)
			diag(SEV_ERROR, NULL, "--objective %s: expected %s=T or %s=LO..HI (a target, or a range of them)", arg,
			     g->def->name, g->def->name);
	} else {
		g->lo = -INFINITY;
		g->hi = INFINITY;
		ok = !eq;
		if (!ok)
			diag(SEV_ERROR, NULL, "--objective %s: %s takes no target (the higher, the better)", arg, g->def->name);
	}
	g->spec = ok ? xstrdup(arg) : NULL;
	return ok;
}

bool tune_goal_add(struct tune_ctx *c, const char *arg, bool require)
{
	struct tune_goal *list = require ? c->reqs : c->goals;
	int *n = require ? &c->nreqs : &c->ngoals;
	if (*n == TUNE_MAX_GOALS) {
		diag(SEV_ERROR, NULL, "%s: at most %d", require ? "--require" : "--objective", TUNE_MAX_GOALS);
		return false;
	}
	if (!tune_goal_parse(arg, require, &list[*n]))
		return false;
	for (int i = 0; !require && i < *n; i++)
		if (list[i].def == list[*n].def) {
			diag(SEV_ERROR, NULL, "--objective %s: %s is an objective already (%s)", arg, list[i].def->name,
			     list[i].spec);
			free(list[*n].spec);
			return false;
		}
	(*n)++;
	return true;
}

void tune_goal_free(struct tune_ctx *c)
{
	for (int i = 0; i < c->ngoals; i++)
		free(c->goals[i].spec);
	for (int i = 0; i < c->nreqs; i++)
		free(c->reqs[i].spec);
	c->ngoals = c->nreqs = 0;
}

void tune_goal_write(FILE *f, const struct tune_ctx *c)
{
	for (int i = 0; i < c->ngoals; i++)
		fprintf(f, "objective %s\n", c->goals[i].spec);
	for (int q = 0; q < c->nreqs; q++)
		fprintf(f, "require %s\n", c->reqs[q].spec);
}

int tune_goal_read(const char *line, struct tune_ctx *c)
{
	if (strncmp(line, "objective ", 10) == 0)
		return tune_goal_add(c, line + 10, false) ? 1 : -1;
	if (strncmp(line, "require ", 8) == 0)
		return tune_goal_add(c, line + 8, true) ? 1 : -1;
	return 0;
}

/* ---- a variant's score ---- */

static double dist(double x, double lo, double hi)
{
	return x < lo ? lo - x : x > hi ? x - hi : 0;
}

void tune_goal_score(const struct tune_ctx *c, const struct tune_goal *g, const struct tune_var *tv, double a,
		     double *est, double *lo, double *hi)
{
	int K = c->ncounts;
	*est = *lo = *hi = INFINITY;
	for (int k = 0; k < K; k++) {
		const struct tune_cell *cl = &tv->cell[k];
		double e, l = 0, h = 0, l2 = 0, h2 = 0;
		if (!g->def->target) {
			/* the worst count: a lower bound of each holds for the least;
			 * an upper bound of the least needs every count's (Bonferroni) */
			g->def->cell(c, cl, c->counts[k], a, &e, &l, &h2);
			if (a > 0)
				g->def->cell(c, cl, c->counts[k], a / K, &e, &l2, &h);
			*est = fmin(*est, e);
			*lo = fmin(*lo, l);
			*hi = fmin(*hi, h);
			continue;
		}
		/* minus the greatest distance: every count's bounds, both sides */
		g->def->cell(c, cl, c->counts[k], a / (2.0 * K), &e, &l, &h);
		double far = a > 0 ? fmax(dist(l, g->lo, g->hi), dist(h, g->lo, g->hi)) : 0;
		double near = a > 0 ? (h < g->lo ? g->lo - h : l > g->hi ? l - g->hi : 0) : 0;
		*est = fmin(*est, -dist(e, g->lo, g->hi));
		*lo = fmin(*lo, -far);
		*hi = fmin(*hi, -near);
	}
}

double tune_goal_below_p(const struct tune_ctx *c, const struct tune_goal *g, const struct tune_var *tv, double x)
{
	double e, l, h;
	tune_goal_score(c, g, tv, 0.5, &e, &l, &h);
	if (!(h < x))
		return 1;
	/* the upper bound falls as the level grows: bisect on the level's logarithm */
	double lo = -15, hi = log10(0.5);
	tune_goal_score(c, g, tv, 1e-15, &e, &l, &h);
	if (h < x)
		return 1e-15;
	for (int i = 0; i < 40; i++) {
		double mid = (lo + hi) / 2;
		tune_goal_score(c, g, tv, pow(10, mid), &e, &l, &h);
		if (h < x)
			hi = mid;
		else
			lo = mid;
	}
	return pow(10, hi);
}

int tune_goal_check(const struct tune_ctx *c, const struct tune_goal *g, const struct tune_var *tv, int k, double a)
{
	double e, l, h;
	g->def->cell(c, &tv->cell[k], c->counts[k], a, &e, &l, &h);
	if (l >= g->lo && h <= g->hi)
		return 1;
	if (l > g->hi || h < g->lo)
		return -1;
	return 0;
}

void tune_goal_shown(const struct tune_goal *g, double est, double lo, double hi, double *s, double *slo, double *shi)
{
	if (g->def->target) {
		*s = -est;
		*slo = -hi;
		*shi = -lo;
	} else {
		*s = est;
		*slo = lo;
		*shi = hi;
	}
}

void tune_goal_head(const struct tune_goal *g, char *out, size_t len)
{
	if (!g->def->target)
		snprintf(out, len, "%s", g->def->name);
	else if (g->lo == g->hi)
		snprintf(out, len, "|%s-%g|", g->def->name, g->lo);
	else
		snprintf(out, len, "|%s-%g..%g|", g->def->name, g->lo, g->hi);
}

/* s with its control characters escaped (diag_put_escaped), in place. */
static void escape(char **s)
{
	if (!*s)
		return;
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);
	if (!f)
		return;
	diag_put_escaped(f, *s);
	fclose(f);
	free(*s);
	*s = out;
}

void tune_report_escape(struct tune_ctx *c)
{
	char **top[] = {&c->pack_path, &c->pack_id, &c->game, &c->unit, &c->space};
	for (size_t i = 0; i < sizeof top / sizeof *top; i++)
		escape(top[i]);
	for (size_t v = 0; v < c->nv; v++) {
		escape(&c->v[v].differ);
		escape(&c->v[v].all);
		for (int k = 0; k < c->ncounts; k++)
			escape(&c->v[v].cell[k].unplayable);
	}
}

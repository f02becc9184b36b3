/* tune_report.c: what `railyard tune` and `railyard merge` say: the measures of
 * every variant from its counts (gen/stats.h), the choice (the best, the ties,
 * the Pareto set), and the report as text, JSON and a plot. Only counts and
 * the search's description are read, so a merge of shards prints exactly
 * what one run prints. */
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

const char *tune_state_name(enum tune_state s)
{
	static const char *const names[] = {"live", "worse", "stalls", "length", "first-seat", "invalid",
					    "unplayable"};
	return names[s];
}

/* ---- measures ---- */

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

void tune_decide(struct tune_ctx *c)
{
	tune_measure(c);
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
	if (tv->eligible)
		return 0;
	if (tv->state == TS_INVALID)
		return 9;
	if (tv->state == TS_UNPLAYABLE)
		return 8;
	return 1 + (int)tv->state;
}

static int cmp_rank(const void *x, const void *y)
{
	size_t a = *(const size_t *)x, b = *(const size_t *)y;
	const struct tune_var *p = &sort_ctx->v[a], *q = &sort_ctx->v[b];
	int ga = group_of(p), gb = group_of(q);
	if (ga != gb)
		return ga - gb;
	if (ga < 8 && p->J != q->J)
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

static void result_text(const struct tune_ctx *c, const struct tune_var *tv, char *out, size_t len)
{
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

void tune_report_text(const struct tune_ctx *c)
{
	size_t *order = ranking(c);
	print_header(c);
	print_table(c, order);
	printf("\n");
	print_unplayable(c);
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
	uint64_t ex = exhaustive_games(c);
	printf("games: %llu", (unsigned long long)c->games);
	if (!c->exhaustive && c->games)
		printf(" (exhaustive: %llu; %.1fx fewer)", (unsigned long long)ex, (double)ex / (double)c->games);
	printf("\n");
	if (c->budget_spent)
		printf("budget: spent before the race was decided: variants still live are reported as ties; "
		       "those without\n  a segment of %d games at every count as not played\n", TUNE_SEG);
	free(order);
}

/* ---- JSON ---- */

static void num(double v)
{
	series_json_num(stdout, v);
}

static void pair(double lo, double hi)
{
	printf("[");
	num(lo);
	printf(", ");
	num(hi);
	printf("]");
}

static void json_length(double v)
{
	if (v < 0)
		printf("null");
	else
		num(v);
}

static void json_variant(const struct tune_ctx *c, size_t v, size_t rank)
{
	const struct tune_var *tv = &c->v[v];
	char res[64];
	result_text(c, tv, res, sizeof res);
	printf("    {\"variant\": %zu, \"rank\": %zu, \"keys\": %s, \"differ\": ", v + 1, rank, tv->json);
	json_str(stdout, tv->differ);
	printf(", \"result\": ");
	json_str(stdout, res);
	printf(", \"games\": %llu, \"played\": %s", (unsigned long long)tv->games,
	       measured(tv) && !unplayed(c, tv) ? "true" : "false");
	if (!measured(tv) || unplayed(c, tv)) {
		printf("}");
		return;
	}
	printf(", \"completion\": ");
	num(tv->comp);
	printf(", \"balance\": ");
	num(tv->J);
	printf(", \"balance_ci\": ");
	pair(tv->J_lo, tv->J_hi);
	printf(", \"length\": ");
	json_length(tv->len_max);
	printf(",\n     \"players\": [");
	for (int k = 0; k < c->ncounts; k++) {
		const struct tune_cell *cl = &tv->cell[k];
		const struct tune_meas *m = &cl->m;
		printf("%s{\"players\": %d, \"games\": %llu, \"completion\": ", k ? ", " : "", c->counts[k],
		       (unsigned long long)cl->games);
		num(m->comp);
		printf(", \"balance\": ");
		num(m->bal);
		printf(", \"balance_ci\": ");
		pair(m->bal_lo, m->bal_hi);
		printf(", \"seat1\": ");
		num(m->seat1);
		printf(", \"median_rounds\": ");
		json_length(m->med);
		printf("}");
	}
	printf("]}");
}

static void json_best(const struct tune_ctx *c)
{
	if (c->best < 0) {
		printf("null");
		return;
	}
	const struct tune_var *b = &c->v[c->best];
	printf("{\"variant\": %d, \"keys\": %s, \"differ\": ", c->best + 1, b->json);
	json_str(stdout, b->differ);
	printf(", \"completion\": ");
	num(b->comp);
	printf(", \"balance\": ");
	num(b->J);
	printf(", \"balance_ci\": ");
	pair(b->J_lo, b->J_hi);
	printf(", \"worst_players\": %d, \"length\": ", c->counts[b->worst]);
	json_length(b->len_max);
	printf(", \"length_range\": ");
	if (b->len_min < 0)
		printf("null");
	else {
		printf("[");
		num(b->len_min);
		printf(", ");
		json_length(b->len_max);
		printf("]");
	}
	printf("}");
}

static void json_list(const struct tune_ctx *c, const size_t *order, bool pareto)
{
	printf("[");
	size_t n = 0;
	for (size_t i = 0; i < c->nv; i++)
		if (pareto ? c->v[order[i]].pareto : c->v[order[i]].tie)
			printf("%s%zu", n++ ? ", " : "", order[i] + 1);
	printf("]");
}

void tune_report_json(const struct tune_ctx *c)
{
	size_t *order = ranking(c);
	printf("{\n  \"pack\": ");
	json_str(stdout, c->pack_path);
	printf(",\n  \"id\": ");
	json_str(stdout, c->pack_id);
	printf(",\n  \"game\": ");
	json_str(stdout, c->game);
	printf(",\n  \"space\": ");
	json_str(stdout, c->space);
	printf(",\n  \"players\": [");
	for (int k = 0; k < c->ncounts; k++)
		printf("%s%d", k ? ", " : "", c->counts[k]);
	printf("],\n  \"seed\": %llu,\n  \"games_cap\": %ld,\n  \"objective\": {\"completion\": ",
	       (unsigned long long)c->seed, c->cap);
	num(c->threshold);
	printf(", \"length\": ");
	if (c->len_hi > 0)
		pair(c->len_lo, c->len_hi);
	else
		printf("null");
	printf(", \"first_seat\": ");
	if (c->first_seat >= 0)
		num(c->first_seat);
	else
		printf("null");
	printf("},\n  \"best\": ");
	json_best(c);
	printf(",\n  \"ties\": ");
	json_list(c, order, false);
	printf(",\n  \"pareto\": ");
	json_list(c, order, true);
	printf(",\n  \"variants\": [\n");
	for (size_t i = 0; i < c->nv; i++) {
		json_variant(c, order[i], i + 1);
		printf("%s\n", i + 1 < c->nv ? "," : "");
	}
	printf("  ],\n  \"rounds\": %d,\n  \"games\": %llu,\n  \"exhaustive_games\": %llu,\n  \"budget_spent\": %s,\n",
	       c->rounds, (unsigned long long)c->games, (unsigned long long)exhaustive_games(c),
	       c->budget_spent ? "true" : "false");
	printf("  \"family_error\": ");
	num(TUNE_ALPHA);
	printf(",\n  \"method\": ");
	json_str(stdout, TUNE_METHOD);
	printf("\n}\n");
	free(order);
}

/* ---- plot ---- */

int tune_plot(const struct tune_ctx *c, const char *path)
{
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

/* tune_goal.c: the measures `railyard tune` can optimize (--objective) and
 * require (--require), in one table, each with its estimate and one-sided
 * bounds at any level from a cell's counts (tune_goal.h). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "stats.h"
#include "tune_goal.h"
#include "tune_report.h"
#include "util.h"

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

/* The table: one entry a measure; parsing, completion, the race, the report,
 * the plot and --write read it and nothing else. skill's slot: the pack's
 * skill score of gen/skill.h (the strongest level against the weakest, the
 * stronger's share s of the games with a single winner rescaled, (s - 1/N) /
 * (1 - 1/N)) goes here at the merge as a cell function reading that span's
 * counts at the cell's count (decided, strong_wins: Wilson at z_of(a), then
 * rescaled); until then --objective skill and --require skill=... say it is
 * not in this build. */
static const struct tune_goal_def defs[] = {
	{"balance", false, false, 0, "N x the least-winning seat's share of the games with a single winner (higher)",
	 cell_balance},
	{"completion", false, false, 0, "the share of games with a single winner (higher)", cell_completion},
	{"length", true, true, 0, "the median length's distance from the target (lower)", cell_length},
	{"first-seat", true, false, 0, "seat 1's share of the games with a single winner less 1/N, its distance from 0 (lower)",
	 cell_first_seat},
	{"skill", false, false, 0, "how much the stronger player wins (simulate --skill's score; higher)", NULL},
};

#define NDEFS (sizeof defs / sizeof defs[0])

const char *tune_goal_names(bool require)
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
	if (!g->def->cell) {
		diag(SEV_ERROR, NULL, "%s %s: %s is not in this build (it needs simulate's skill trace)", opt, arg,
		     g->def->name);
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

/* simulate_skill.c: `railyard simulate --skill` (simulate_skill.h): the
 * ladder from --skill-levels, the trace played through skill.c, and its
 * report as text, JSON and a plot. It knows no game. */
#include "simulate_skill.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "progress.h"
#include "simplot.h"
#include "series.h"
#include "skill.h"
#include "verdict.h"

/* The ladder --skill-levels asks for (a count, or a list of levels) into
 * levels: its length, or -1 (reported). */
static int ladder(const struct skill_request *r, struct skill_level *levels)
{
	const char *arg = r->levels;
	bool mcts = r->eng->steps != NULL;
	long k = mcts ? SKILL_LEVELS : 2;
	if (arg && isdigit((unsigned char)arg[0])) {
		if (parse_int(arg, 2, SKILL_MAX_LEVELS, &k) != 0) {
			diag(SEV_ERROR, NULL, "--skill-levels must be 2..%d levels or a list of them, not '%s'",
			     SKILL_MAX_LEVELS, arg);
			return -1;
		}
		if (k > 2 && !mcts) {
			diag(SEV_ERROR, NULL, "--skill-levels %ld: %s's engine does not play through steps, so it has no "
			     "mcts: 2 levels (random, greedy), or name them (--skill-levels random,greedy)", k,
			     r->eng->game);
			return -1;
		}
	}
	if (!arg || isdigit((unsigned char)arg[0])) {
		skill_default_ladder((int)k, levels);
		return (int)k;
	}
	char *copy = xstrdup(arg), *save = NULL, err[256];
	int n = 0, rc = 0;
	for (char *t = strtok_r(copy, ",", &save); t && rc == 0; t = strtok_r(NULL, ",", &save)) {
		if (n == SKILL_MAX_LEVELS) {
			diag(SEV_ERROR, NULL, "--skill-levels: at most %d levels", SKILL_MAX_LEVELS);
			rc = -1;
		} else if (skill_parse_level(t, r->npolicies, mcts, &levels[n++], err, sizeof err) != 0) {
			diag(SEV_ERROR, NULL, "--skill-levels: %s", err);
			rc = -1;
		}
	}
	free(copy);
	if (rc == 0 && n < 2) {
		diag(SEV_ERROR, NULL, "--skill-levels: a ladder needs at least 2 levels, not '%s'", arg);
		rc = -1;
	}
	return rc ? -1 : n;
}

static void step_text(const char *what, const struct skill_step *st)
{
	char a[32], b[32], row[80];
	skill_level_name(&st->weak, a, sizeof a);
	skill_level_name(&st->strong, b, sizeof b);
	snprintf(row, sizeof row, "%s%s vs %s", what, b, a);
	if (!st->decided) {
		printf("  %-26s no game with a single winner %27s %8llu %8llu\n", row, "", (unsigned long long)st->games,
		       0ull);
		return;
	}
	printf("  %-26s %.4f [%.4f, %.4f]  %+.4f [%+.4f, %+.4f]  %8llu %8llu\n", row, st->share, st->lo, st->hi,
	       st->score, st->score_lo, st->score_hi, (unsigned long long)st->games, (unsigned long long)st->decided);
}

static void print_text(const struct skill_request *r, const struct skill_trace *tr)
{
	int N = tr->players;
	printf("%s (%s)\n", r->title, r->id);
	printf("skill trace: %d players, each level against the one below, every deal once with the stronger in "
	       "each seat\n", N);
	if (r->rules[0])
		printf("rules: %s\n", r->rules);
	printf("games: %llu a step, seed %llu\n", (unsigned long long)tr->step[0].games,
	       (unsigned long long)r->seed);
	printf("  %-26s %-24s %-27s %8s %8s\n", "stronger vs weaker", "stronger's share [95%]", "rescaled [95%]",
	       "games", "won");
	for (int i = 0; i < tr->nsteps; i++)
		step_text("", &tr->step[i]);
	if (tr->nsteps > 1)
		step_text("span: ", &tr->span);
	printf("share: of the games with a single winner, the lottery's %.4f (1/%d) when skill does not matter; "
	       "rescaled: 0 the lottery, 1 the stronger always wins\n", 1.0 / N, N);
	if (tr->span.decided)
		printf("skill: %.4f [%.4f, %.4f] (the strongest level's rescaled share against the weakest)\n",
		       tr->score, tr->lo, tr->hi);
	else
		printf("skill: unknown [%.4f, %.4f] (no game of the strongest against the weakest had a single "
		       "winner)\n", tr->lo, tr->hi);
	uint64_t games = tr->nsteps > 1 ? tr->span.games : 0;
	for (int i = 0; i < tr->nsteps; i++)
		games += tr->step[i].games;
	series_print_time(tr->seconds, games, r->threads);
}

static void step_json(struct jw *w, const struct skill_step *st, int players)
{
	char a[32], b[32];
	skill_level_name(&st->weak, a, sizeof a);
	skill_level_name(&st->strong, b, sizeof b);
	jw_object(w);
	jw_put_str(w, "weaker", a);
	jw_put_str(w, "stronger", b);
	static const char *const keys[] = {"games", "single_winner", "stronger_wins", "no_single_winner", "unfinished"};
	const uint64_t v[] = {st->games, st->decided, st->strong_wins, st->no_winner, st->unfinished};
	for (size_t i = 0; i < sizeof v / sizeof *v; i++)
		jw_put_uint(w, keys[i], v[i]);
	jw_put_num(w, "lottery", 1.0 / players);
	verdict_json_estimate(w, "share", st->share, st->lo, st->hi);
	verdict_json_estimate(w, "rescaled", st->score, st->score_lo, st->score_hi);
	jw_key(w, "seconds");
	jw_fixed(w, st->seconds, 3);
	jw_end(w);
}

static void print_json(const struct skill_request *r, const struct skill_trace *tr, const struct skill_level *levels,
		       int nlevels)
{
	struct jw w;
	jw_init(&w, stdout);
	jw_object_at(&w, "");
	jw_put_str(&w, "pack", r->id);
	jw_put_str(&w, "title", r->title);
	jw_put_int(&w, "players", tr->players);
	jw_put_str(&w, "rules", r->rules);
	jw_key(&w, "rules_from");
	ruleset_json_from(&w, r->set);
	jw_put_uint(&w, "seed", r->seed);
	jw_put_uint(&w, "games_per_step", tr->step[0].games);
	jw_key(&w, "levels");
	jw_array(&w);
	for (int i = 0; i < nlevels; i++) {
		char name[32];
		skill_level_name(&levels[i], name, sizeof name);
		jw_str(&w, name);
	}
	jw_end(&w);
	jw_key(&w, "steps");
	jw_array_at(&w, "  ");
	for (int i = 0; i < tr->nsteps; i++)
		step_json(&w, &tr->step[i], tr->players);
	jw_end(&w);
	jw_key(&w, "span");
	step_json(&w, &tr->span, tr->players);
	verdict_json_estimate(&w, "skill", tr->score, tr->lo, tr->hi);
	jw_key(&w, "timing");
	jw_object(&w);
	jw_key(&w, "seconds");
	jw_fixed(&w, tr->seconds, 3);
	jw_put_int(&w, "threads", r->threads);
	jw_end(&w);
	jw_end(&w);
	putchar('\n');
}

static int write_plot(const struct skill_request *r, const struct skill_trace *tr)
{
	struct sim_plot_interval rows[SKILL_MAX_LEVELS];
	char labels[SKILL_MAX_LEVELS][80], title[400];
	size_t n = 0;
	for (int i = 0; i <= tr->nsteps; i++) {
		const struct skill_step *st = i < tr->nsteps ? &tr->step[i] : &tr->span;
		if (i == tr->nsteps && tr->nsteps == 1)
			break;
		char a[32], b[32];
		skill_level_name(&st->weak, a, sizeof a);
		skill_level_name(&st->strong, b, sizeof b);
		snprintf(labels[n], sizeof labels[n], "%s vs %s", b, a);
		rows[n] = (struct sim_plot_interval){.label = labels[n], .value = st->share, .lo = st->lo, .hi = st->hi,
						     .kind = i == tr->nsteps ? 2 : 0};
		n++;
	}
	snprintf(title, sizeof title, "%s, %d players: skill %.3f [%.3f, %.3f]", r->id, tr->players, tr->score,
		 tr->lo, tr->hi);
	char err[512];
	if (sim_plot_skill(r->plot, title, rows, n, 1.0 / tr->players, err, sizeof err) != 0) {
		if (err[0])
			diag(SEV_ERROR, NULL, "--plot %s: %s", r->plot, err);
		return EXIT_OUTPUT;
	}
	return EXIT_OK;
}

int simulate_skill(const struct skill_request *r)
{
	struct skill_level levels[SKILL_MAX_LEVELS];
	int nlevels = ladder(r, levels);
	if (nlevels < 0)
		return EXIT_INPUT;
	struct skill_run run = {.eng = r->eng, .params = r->params, .levels = levels, .nlevels = nlevels,
				.games = r->games, .seed = r->seed, .threads = r->threads,
				.progress = !r->quiet && progress_wanted(), .label = r->id};
	struct skill_trace tr;
	char err[512];
	if (skill_trace(&run, &tr, err, sizeof err) != 0) {
		diag(SEV_ERROR, NULL, "%s: %s", r->path, err);
		return EXIT_INPUT;
	}
	if (r->json)
		print_json(r, &tr, levels, nlevels);
	else
		print_text(r, &tr);
	int status = series_flush_report();
	if (r->plot && status == EXIT_OK)
		status = write_plot(r, &tr);
	return status;
}

/* games_sim.c: `railyard simulate` for the other train games: options, the
 * series of games on several threads (one random stream per game, integer
 * totals, so the report does not depend on the threads), and the report as
 * text or JSON, side by side with --compare, plotted with --plot. The games
 * themselves are played by the engines of gsim.h. */
#define _GNU_SOURCE   /* sysconf(_SC_NPROCESSORS_ONLN) */
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "commands.h"
#include "games.h"
#include "gsim.h"
#include "json.h"
#include "progress.h"
#include "simplot.h"
#include "simulate.h"
#include "stats.h"
#include "verdict.h"

static const char usage_text[] =
	"usage: railyard simulate PACK.yaml --players N [OPTIONS]   (the other games)\n\n"
	"Play many games of Take the Train, domino Trains, Train (52 cards) or Toy\n"
	"Train under the seed's rules and report, as for the trains packs: completion\n"
	"(games with a single winner) with a 95% Wilson interval, win rate per seat,\n"
	"balance (N x the least-winning seat's share of all games, with a bootstrap\n"
	"interval), the games without a single winner (ties) as their own share, game\n"
	"length over all games with timeouts censored (median, restricted mean), and\n"
	"how often each component is used (fares paid, tiles played, ...). Below\n"
	"--completion a series STALLS and gets no verdict.\n\n"
	"  -n, --players N[,N..] players (seats), or a list (3,4) to play each in turn\n"
	"      --games G         games to play (default 10000)\n"
	"      --seed S          seed of the series (default 1); game g plays from its\n"
	"                        own stream, so the report does not depend on --threads\n"
	"      --threads T       threads (default: the number of cores)\n"
	"  -P, --policy LIST     random (any legal play) or greedy (the play that does\n"
	"                        the most for the player now), for every seat or one per\n"
	"                        seat, comma-separated; default greedy\n"
	"  -r, --rule KEY=VALUE  override one of the pack's rules (a reading of the seed\n"
	"                        where it is silent or ambiguous) for this run; each\n"
	"                        game's keys and defaults: railyard-pack(5), RULES, or\n"
	"                        'railyard dump PACK'; repeatable\n"
	"      --max-length N    a game longer than N (turns, acts or rounds) is a\n"
	"                        timeout (default 5000)\n"
	"      --completion P    a pack completing fewer than this share of its games\n"
	"                        stalls: no verdict on it (default 0.95)\n"
	"  -w, --without NAME    leave out an optional group; --with NAME puts it back\n"
	"      --compare PACK2   also play PACK2, show every difference with its 95%\n"
	"                        interval and say which is fairer and which faster\n"
	"                        when the interval excludes 0 and neither stalls;\n"
	"                        PACK2 may be PACK itself, with --compare-with NAME,\n"
	"                        --compare-without NAME (its optional groups) or\n"
	"                        --compare-rule KEY=VALUE (after the --rule options)\n"
	"  -j, --json            the report as JSON\n"
	"      --plot FILE       the length histogram and seat win rates (SVG, PDF, PNG)\n"
	"  -q, --quiet           no progress lines on stderr\n"
	"  -h, --help, -V, --version\n\n"
	"exit status: 0 done, 2 invalid input or usage, 3 the plot could not be written.\n";

#define MAX_RULES 16

struct opts {
	int counts[SIM_MAX_PLAYERS];
	int ncounts;
	long games;
	uint64_t seed;
	int threads;
	enum gsim_policy policy[SIM_MAX_PLAYERS];
	int npolicy;
	const char *rules[2][2 * MAX_RULES];   /* [1]: the compare series' (--rule, then --compare-rule) */
	int nrules[2];
	long max_length;
	double threshold;             /* --completion: below it a series stalls */
	const char *compare, *plot;
	struct games_select sel[2];
	bool json, quiet;
};

/* One pack's series of games at one player count. */
struct series {
	const char *path;
	int players;
	struct deck *deck;
	struct game_rules pack_rules;
	const struct gsim_engine *eng;
	void *setup;
	struct gsim_counts t;         /* the totals */
	struct stats_counts cnt;      /* the same as stats.h reads them */
	struct stats_series v;        /* completion, balance, no single winner, length */
	struct verdict_side side;
	struct sim_stats plot;        /* wins and the won games' lengths, for the plot */
	struct sim_summary sum;
	double seconds;
	char rules[512];
	char label[256];              /* the pack id and what --compare-* changed */
	enum gsim_policy policy[SIM_MAX_PLAYERS];
};

/* ---- the series ---- */

struct shared {
	const struct series *se;
	uint64_t seed;
	long games;
	atomic_long next, done;
};

struct thread_arg {
	struct shared *sh;
	struct gsim_counts t;
};

static void *worker(void *arg)
{
	struct thread_arg *ta = arg;
	const struct series *se = ta->sh->se;
	void *scratch = gsim_scratch_new(se->eng, se->setup);
	long first, last;
	while (simulate_next_chunk(&ta->sh->next, ta->sh->games, &first, &last)) {
		gsim_play_range(se->eng, se->setup, scratch, ta->sh->seed, first, last, &ta->t);
		atomic_fetch_add(&ta->sh->done, last - first);
	}
	gsim_scratch_free(se->eng, scratch);
	return NULL;
}

/* Every measure of the report from the totals (stats.h), and the plot's view. */
static void analyse(struct series *se, double threshold)
{
	const struct gsim_counts *t = &se->t;
	gsim_stats_counts(se->eng, t, se->players, &se->cnt);
	stats_series(&se->cnt, threshold, &se->v);
	se->side = (struct verdict_side){.id = se->label, .c = &se->cnt, .s = &se->v};
	struct sim_stats *st = &se->plot;
	st->players = se->players;
	st->max_turns = t->horizon;
	st->games = t->games;
	st->completed = t->completed;
	st->stalled = t->no_winner;
	memcpy(st->wins, t->wins, sizeof st->wins);
	st->length = t->ended;   /* the plot shows every game that ended */
	sim_summarize(st, &se->sum);
	se->sum.balance = se->v.balance;
}

/* Play the series on the threads; the totals are integer sums, the same
 * whichever thread played which game. */
static void run_series(struct series *se, const struct opts *o, bool bar)
{
	struct shared sh = {.se = se, .seed = o->seed, .games = o->games};
	atomic_init(&sh.next, 0);
	atomic_init(&sh.done, 0);
	int T = o->threads < o->games ? o->threads : (int)o->games;
	pthread_t *tid = xcalloc((size_t)T, sizeof *tid);
	bool *running = xcalloc((size_t)T, sizeof *running);
	struct thread_arg *ta = xcalloc((size_t)T, sizeof *ta);
	double t0 = simulate_now();
	int started = 0;
	for (int i = 0; i < T; i++) {
		ta[i].sh = &sh;
		gsim_counts_init(&ta[i].t, (int)o->max_length);
		running[i] = pthread_create(&tid[i], NULL, worker, &ta[i]) == 0;
		started += running[i];
	}
	if (!started)
		worker(&ta[0]);
	if (bar)
		progress_watch(se->label[0] ? se->label : se->deck->id, &sh.done, o->games);
	gsim_counts_init(&se->t, (int)o->max_length);
	for (int i = 0; i < T; i++) {
		if (running[i])
			pthread_join(tid[i], NULL);
		gsim_counts_add(&se->t, &ta[i].t);
		gsim_counts_free(&ta[i].t);
	}
	se->seconds = simulate_now() - t0;
	free(tid);
	free(running);
	free(ta);
	analyse(se, o->threshold);
}

/* Whether path plays the same game as `game`; false (reported) otherwise. */
static bool same_game(const struct game *game, const char *path)
{
	struct deck *probe = deck_load(path, NULL, 0, NULL, 0);
	bool same = probe && !strcmp(probe->game, game->name);
	if (probe && !same)
		diag(SEV_ERROR, NULL, "--compare: %s plays %s, not %s: compare packs of one game", path,
		     probe->game, game->name);
	deck_free(probe);
	return same;
}

/* Load a pack and make its setup; false (reported) when it cannot be played. */
static bool prepare(struct series *se, const struct game *game, const char *path, int j, int players,
		    const struct opts *o)
{
	memset(se, 0, sizeof *se);
	se->path = path;
	se->players = players;
	if (j && !same_game(game, path))
		return false;
	se->deck = games_load(game, path, &o->sel[j], &se->pack_rules);
	if (!se->deck || !ruleset_set_all(&se->pack_rules.set, o->rules[j], (size_t)o->nrules[j]))
		return false;
	se->eng = game->engine;
	if (!se->eng) {
		diag(SEV_ERROR, &se->deck->loc_game, "simulate has no engine for game '%s'", se->deck->game);
		return false;
	}
	if (players < se->eng->min_players || players > se->eng->max_players) {
		diag(SEV_ERROR, NULL, "%s: %s is played by %d to %d players, not %d", path, se->deck->game,
		     se->eng->min_players, se->eng->max_players, players);
		return false;
	}
	struct gsim_params p = {.deck = se->deck, .pack_rules = &se->pack_rules, .players = players,
				.max_length = (int)o->max_length};
	for (int i = 0; i < players; i++)
		p.policy[i] = se->policy[i] = o->npolicy == 1 ? o->policy[0] : o->policy[i];
	char err[512];
	se->setup = se->eng->setup_new(&p, err, sizeof err);
	if (!se->setup) {
		diag(SEV_ERROR, NULL, "%s: %s", path, err);
		return false;
	}
	struct buf b = {0};
	se->eng->rules_text(se->setup, &b);
	snprintf(se->rules, sizeof se->rules, "%s", b.s ? b.s : "");
	buf_free(&b);
	return true;
}

static void series_free(struct series *se)
{
	if (se->setup)
		se->eng->setup_free(se->setup);
	gsim_counts_free(&se->t);
	deck_free(se->deck);
}

/* ---- reports ---- */

static const char *policy_name(enum gsim_policy p)
{
	return p == GSIM_RANDOM ? "random" : "greedy";
}

static void print_text(const struct series *se, const struct opts *o)
{
	printf("%s (%s)\n", se->deck->title, se->deck->id);
	printf("players: %d, policies:", se->players);
	for (int i = 0; i < se->players; i++)
		printf("%s %s", i ? "," : "", policy_name(se->policy[i]));
	printf("\nrules: %s\n", se->rules);
	printf("games: %llu, seed %llu\n", (unsigned long long)se->t.games, (unsigned long long)o->seed);
	verdict_print_series(&se->side, o->threshold, se->eng->unit);
	printf("per game:");
	for (int c = 0; se->eng->counters[c]; c++)
		printf("%s %.2f %s", c ? "," : "", se->t.games ? (double)se->t.count[c] / (double)se->t.games : 0,
		       se->eng->counter_text[c]);
	putchar('\n');
}

/* The named rules whose values differ between two series, comma-separated. */
static void rules_differ(const struct series *a, const struct series *b, char *out, size_t len)
{
	const struct ruleset *x = &a->pack_rules.set, *y = &b->pack_rules.set;
	out[0] = 0;
	for (size_t i = 0; i < x->n && i < y->n; i++) {
		if (!strcmp(x->value[i], y->value[i]))
			continue;
		size_t n = strlen(out);
		snprintf(out + n, len - n, "%s%s", n ? ", " : "", x->keys[i].key);
	}
}

/* A series' label: the pack id, with the optional groups chosen for it. */
static void label_of(const struct series *se, const struct games_select *sel,
		     const char *const *rules, int nrules, char *out, size_t len)
{
	size_t n = (size_t)snprintf(out, len, "%s", se->deck->id);
	for (int i = 0; i < nrules && n < len; i++)
		n += (size_t)snprintf(out + n, len - n, " --rule %s", rules[i]);
	for (size_t i = 0; i < sel->nwith && n < len; i++)
		n += (size_t)snprintf(out + n, len - n, " --with %s", sel->with[i]);
	for (size_t i = 0; i < sel->nwithout && n < len; i++)
		n += (size_t)snprintf(out + n, len - n, " --without %s", sel->without[i]);
}

/* The rules in force as a JSON object: {"key": "value", ...}. */
static void json_rules(const char *text)
{
	printf("{");
	int n = 0;
	for (const char *p = text; *p; p += strcspn(p, " "), p += strspn(p, " ")) {
		size_t k = strcspn(p, "="), w = strcspn(p, " ");
		char *key = xstrndup(p, k < w ? k : w), *val = xstrndup(k < w ? p + k + 1 : "", k < w ? w - k - 1 : 0);
		printf("%s", n++ ? ", " : "");
		json_str(stdout, key);
		printf(": ");
		json_str(stdout, val);
		free(key);
		free(val);
	}
	printf("}");
}

static void print_json(const struct series *se, const struct opts *o, const char *ind)
{
	printf("{\n%s  \"pack\": ", ind);
	json_str(stdout, se->deck->id);
	printf(",\n%s  \"title\": ", ind);
	json_str(stdout, se->deck->title);
	printf(",\n%s  \"game\": ", ind);
	json_str(stdout, se->deck->game);
	printf(",\n%s  \"players\": %d,\n%s  \"policies\": [", ind, se->players, ind);
	for (int i = 0; i < se->players; i++)
		printf("%s\"%s\"", i ? ", " : "", policy_name(se->policy[i]));
	printf("],\n%s  \"rules\": ", ind);
	json_rules(se->rules);
	printf(",\n%s  \"rules_from\": ", ind);
	ruleset_json_from(&se->pack_rules.set, stdout);
	printf(",\n%s  \"seed\": %llu,\n", ind, (unsigned long long)o->seed);
	verdict_json_series(&se->side, ind);
	printf(",\n%s  \"unit\": \"%s\",\n%s  \"use\": {", ind, se->eng->unit, ind);
	for (int c = 0; se->eng->counters[c]; c++) {
		printf("%s\"%s\": {\"total\": %llu, \"per_game\": ", c ? ", " : "", se->eng->counters[c],
		       (unsigned long long)se->t.count[c]);
		verdict_json_num(se->t.games ? (double)se->t.count[c] / (double)se->t.games : 0);
		printf("}");
	}
	printf("}");
}

/* All timings, in one place outside the report proper. */
static void print_json_timing(const struct series *se, int nse, const struct opts *o)
{
	double total = 0;
	uint64_t games = 0;
	for (int i = 0; i < nse; i++) {
		total += se[i].seconds;
		games += se[i].t.games;
	}
	printf("\"timing\": {\"seconds\": %.3f, \"threads\": %d, \"games_per_second\": %.0f, \"series\": [", total,
	       o->threads, total > 0 ? (double)games / total : 0);
	for (int i = 0; i < nse; i++) {
		printf("%s{\"pack\": ", i ? ", " : "");
		json_str(stdout, se[i].deck->id);
		printf(", \"players\": %d, \"seconds\": %.3f, \"games_per_second\": %.0f}", se[i].players,
		       se[i].seconds, se[i].seconds > 0 ? (double)se[i].t.games / se[i].seconds : 0);
	}
	printf("]}");
}

/* One line per player count: which pack is fairer and which faster. */
static void print_summary(const struct series *se, const struct stats_comparison *cmp, const struct opts *o)
{
	printf("\nsummary: %s vs %s\n", se[0].label, se[1].label);
	for (int k = 0; k < o->ncounts; k++) {
		char fair[512], fast[512];
		const struct series *a = &se[2 * k], *b = &se[2 * k + 1];
		verdict_words(&a->side, &b->side, &cmp[k], o->threshold, a->eng->unit, fair, fast, sizeof fair);
		printf("  %d players (completion %.4f vs %.4f): fairer: %s; faster: %s\n", o->counts[k],
		       a->v.completion, b->v.completion, fair, fast);
	}
}

/* The whole report: text, or JSON in the trains report's shape. */
static void report(const struct series *se, const struct stats_comparison *cmp, int npk, const struct opts *o)
{
	int nse = o->ncounts * npk;
	if (o->json && o->ncounts > 1)
		printf("{\n  \"runs\": [\n");
	for (int k = 0; k < o->ncounts; k++) {
		const struct series *row = &se[k * npk];
		char differ[256] = "";
		if (npk == 2)
			rules_differ(&row[0], &row[1], differ, sizeof differ);
		if (o->json) {
			printf("%s", k ? ",\n" : "");
			print_json(&row[0], o, "");
			if (npk == 2) {
				printf(",\n  \"compare\": ");
				print_json(&row[1], o, "  ");
				printf("\n  }");
				verdict_json_comparison(&row[0].side, &row[1].side, &cmp[k], o->threshold, differ);
			}
			if (o->ncounts == 1) {
				printf(",\n  ");
				print_json_timing(se, nse, o);
			}
			printf("\n}");
			continue;
		}
		for (int j = 0; j < npk; j++) {
			if (k || j)
				putchar('\n');
			print_text(&row[j], o);
			simulate_print_time(row[j].seconds, row[j].t.games, o->threads);
		}
		if (npk == 2)
			verdict_print_comparison(&row[0].side, &row[1].side, &cmp[k], o->threshold, row[0].eng->unit,
						 differ, NULL);
	}
	if (o->json && o->ncounts > 1) {
		printf("\n  ],\n  ");
		print_json_timing(se, nse, o);
		printf("\n}\n");
	} else if (o->json) {
		printf("\n");
	} else if (npk == 2 && o->ncounts > 1) {
		print_summary(se, cmp, o);
	}
}

static int write_plot(const struct series *se, const struct stats_comparison *cmp, int npk, const struct opts *o)
{
	struct sim_plot_series ps[2 * SIM_MAX_PLAYERS];
	char legend[2 * SIM_MAX_PLAYERS][256], note[SIM_MAX_PLAYERS][1100];
	const char *notes[SIM_MAX_PLAYERS];
	for (int i = 0; i < npk * o->ncounts; i++) {
		const struct stats_length *L = &se[i].v.len;
		char med[32];
		snprintf(med, sizeof med, L->median < 0 ? "> %d" : "%d", L->median < 0 ? L->horizon : L->median);
		snprintf(legend[i], sizeof legend[i], "%s   completion %.3f%s   balance %.3f [%.3f, %.3f]   "
			 "median %s %s, restricted mean %.1f", se[i].label, se[i].v.completion,
			 se[i].v.stalls ? " (stalls)" : "", se[i].v.balance, se[i].v.balance_lo, se[i].v.balance_hi, med,
			 se[i].eng->unit, L->rmst);
		ps[i] = (struct sim_plot_series){.label = se[i].label, .stats = &se[i].plot, .sum = &se[i].sum,
						 .legend = legend[i], .median = L->median};
	}
	for (int k = 0; k < o->ncounts; k++) {
		notes[k] = NULL;
		if (npk == 2) {
			char fair[512], fast[512];
			const struct series *a = &se[2 * k], *b = &se[2 * k + 1];
			verdict_words(&a->side, &b->side, &cmp[k], o->threshold, a->eng->unit, fair, fast, sizeof fair);
			snprintf(note[k], sizeof note[k], "fairer: %s\nfaster: %s", fair, fast);
			notes[k] = note[k];
		}
	}
	char err[512];
	if (sim_plot_write(o->plot, ps, npk, o->ncounts, o->counts, notes, err, sizeof err) != 0) {
		if (err[0])
			diag(SEV_ERROR, NULL, "--plot %s: %s", o->plot, err);
		return EXIT_OUTPUT;
	}
	return EXIT_OK;
}

/* ---- options ---- */

static bool parse_counts(const char *arg, struct opts *o)
{
	return cli_players(arg, SIM_MAX_PLAYERS, o->counts, &o->ncounts) == 0;
}

static bool parse_policies(const char *arg, struct opts *o)
{
	static const char *const names[] = {[GSIM_RANDOM] = "random", [GSIM_GREEDY] = "greedy"};
	int p[SIM_MAX_PLAYERS];
	if (cli_policies(arg, names, 2, SIM_MAX_PLAYERS, p, &o->npolicy) != 0)
		return false;
	for (int k = 0; k < o->npolicy; k++)
		o->policy[k] = (enum gsim_policy)p[k];
	return true;
}

/* One option into *o; false (reported) when its value is wrong, or -1 through
 * *stop when the command must end now with that status. */
static bool take_option(int c, struct opts *o, int *ncrule, int *stop)
{
	enum { OPT_CWITH = 1000, OPT_CWITHOUT, OPT_CRULE };
	switch (c) {
	case 'n': return parse_counts(optarg, o);
	case 'g': return simulate_games_opt(optarg, &o->games);
	case 's': return cli_seed(optarg, &o->seed) == 0;
	case 't': return simulate_threads_opt(optarg, &o->threads);
	case 'P': return parse_policies(optarg, o);
	case 'C': return simulate_completion_opt(optarg, &o->threshold);
	case 'r':
	case OPT_CRULE:
		if (o->nrules[1] == 2 * MAX_RULES || (c == 'r' && o->nrules[0] == MAX_RULES)) {
			diag(SEV_ERROR, NULL, "--rule: at most %d", MAX_RULES);
			return false;
		}
		if (c == 'r')
			o->rules[0][o->nrules[0]++] = optarg;
		o->rules[1][o->nrules[1]++] = optarg;
		*ncrule += c == OPT_CRULE;
		return true;
	case 'm':
		if (parse_int(optarg, 1, 1000000, &o->max_length) == 0)
			return true;
		diag(SEV_ERROR, NULL, "--max-length must be 1..1000000, not '%s'", optarg);
		return false;
	case 'w':
	case 'W':
	case OPT_CWITH:
	case OPT_CWITHOUT:
		if (games_select_add(&o->sel[c == OPT_CWITH || c == OPT_CWITHOUT], c == 'W' || c == OPT_CWITH ? 'W' : 'w',
				     optarg) != 0)
			*stop = EXIT_INPUT;
		return true;
	case 'c': o->compare = optarg; return true;
	case 'j': o->json = true; return true;
	case 'o': o->plot = optarg; return true;
	case 'q': o->quiet = true; return true;
	default: *stop = cli_usage(c, usage_text); return true;
	}
}

/* The options into *o; EXIT_OK, or the status to end with (reported). */
static int parse_options(int argc, char **argv, struct opts *o)
{
	static const struct option longopts[] = {
		{"players", required_argument, NULL, 'n'}, {"games", required_argument, NULL, 'g'},
		{"seed", required_argument, NULL, 's'}, {"threads", required_argument, NULL, 't'},
		{"policy", required_argument, NULL, 'P'}, {"rule", required_argument, NULL, 'r'},
		{"max-length", required_argument, NULL, 'm'}, {"completion", required_argument, NULL, 'C'},
		{"without", required_argument, NULL, 'w'}, {"with", required_argument, NULL, 'W'},
		{"compare", required_argument, NULL, 'c'}, {"compare-with", required_argument, NULL, 1000},
		{"compare-without", required_argument, NULL, 1001}, {"compare-rule", required_argument, NULL, 1002},
		{"json", no_argument, NULL, 'j'}, {"plot", required_argument, NULL, 'o'},
		{"quiet", no_argument, NULL, 'q'}, {"help", no_argument, NULL, 'h'},
		{"version", no_argument, NULL, 'V'}, {NULL, 0, NULL, 0},
	};
	*o = (struct opts){.games = 10000, .seed = 1, .max_length = 5000, .threshold = STATS_COMPLETION,
			   .npolicy = 1, .policy = {GSIM_GREEDY}};
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	o->threads = cores > 0 ? (int)(cores < 64 ? cores : 64) : 1;
	bool ok = true;
	int c, ncrule = 0, stop = -1;
	optind = 1;
	while ((c = cli_next(argc, argv, longopts)) != -1) {
		ok &= take_option(c, o, &ncrule, &stop);
		if (stop >= 0)
			return stop;
	}
	ok &= cli_one_pack(argc, "simulate");
	if (!o->ncounts) {
		diag(SEV_ERROR, NULL, "--players N is needed (how many seats to play)");
		ok = false;
	}
	ok = simulate_check_seats(ok, o->npolicy, o->counts, o->ncounts, o->plot);
	if ((o->sel[1].nwith || o->sel[1].nwithout || ncrule) && !o->compare) {
		diag(SEV_ERROR, NULL, "--compare-with, --compare-without and --compare-rule are for "
		     "--compare's pack");
		ok = false;
	}
	return ok ? EXIT_OK : EXIT_INPUT;
}

int games_simulate(const struct game *game, int argc, char **argv)
{
	struct opts o;
	int status = parse_options(argc, argv, &o);
	if (status != EXIT_OK)
		return status;
	int npk = o.compare ? 2 : 1, nse = o.ncounts * npk, prepared = 0;
	struct series *se = xcalloc((size_t)nse, sizeof *se);
	struct stats_comparison cmp[SIM_MAX_PLAYERS];
	for (int k = 0; k < o.ncounts; k++)
		for (int j = 0; j < npk; j++)
			if (!prepare(&se[prepared++], game, j ? o.compare : argv[optind], j, o.counts[k], &o)) {
				status = EXIT_INPUT;
				goto out;
			}
	for (int i = 0; i < nse; i++) {
		int j = i % npk;
		label_of(&se[i], &o.sel[j], o.rules[1] + o.nrules[0], j ? o.nrules[1] - o.nrules[0] : 0,
			 se[i].label, sizeof se[i].label);
	}
	bool bar = !o.quiet && progress_wanted();
	progress_steps(nse);
	progress_unit("games");
	for (int i = 0; i < nse; i++)
		run_series(&se[i], &o, bar);
	for (int k = 0; npk == 2 && k < o.ncounts; k++)
		stats_compare(&se[2 * k].cnt, &se[2 * k].v, &se[2 * k + 1].cnt, &se[2 * k + 1].v, o.threshold, &cmp[k]);
	report(se, cmp, npk, &o);
	status = simulate_flush_report();
	if (o.plot && status == EXIT_OK)
		status = write_plot(se, cmp, npk, &o);
out:
	for (int i = 0; i < prepared; i++)
		series_free(&se[i]);
	free(se);
	return status;
}

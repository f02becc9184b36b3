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

static const char usage_text[] =
	"usage: railyard simulate PACK.yaml --players N [OPTIONS]   (the other games)\n\n"
	"Play many games of Take the Train, domino Trains, Train (52 cards) or Toy\n"
	"Train under the seed's rules and report completion (games with a single\n"
	"winner), win rate per seat with a 95% Wilson interval, balance (1 minus the\n"
	"largest gap between seats' win rates) with an interval, game length, and how\n"
	"often each component is used (fares paid, tiles played, ...).\n\n"
	"  -n, --players N[,N..] players (seats), or a list (3,4) to play each in turn\n"
	"      --games G         games to play (default 10000)\n"
	"      --seed S          seed of the series (default 1); game g plays from its\n"
	"                        own stream, so the report does not depend on --threads\n"
	"      --threads T       threads (default: the number of cores)\n"
	"  -P, --policy LIST     random (any legal play) or greedy (the play that does\n"
	"                        the most for the player now), for every seat or one per\n"
	"                        seat, comma-separated; default greedy\n"
	"  -r, --rule KEY=VALUE  a reading of the seed where it is silent or ambiguous\n"
	"                        (each game's keys: README, 'Simulating the other\n"
	"                        games'); repeatable\n"
	"      --max-length N    a game longer than N (turns, acts or rounds) is a\n"
	"                        timeout (default 5000)\n"
	"  -w, --without NAME    leave out an optional group; --with NAME puts it back\n"
	"      --compare PACK2   also play PACK2 and say which is fairer and which faster;\n"
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
	struct sim_stats stats;       /* wins and the length histogram, for sim_summarize */
	struct sim_summary sum;
	uint64_t count[GSIM_MAX_COUNTERS];
	uint64_t stalled;
	double bal_lo, bal_hi;
	double seconds;
	char rules[512];
	char label[256];              /* the pack id and what --compare-* changed */
	enum gsim_policy policy[SIM_MAX_PLAYERS];
};

/* ---- the series ---- */

struct totals {
	uint64_t games, completed, stalled;
	uint64_t wins[SIM_MAX_PLAYERS];
	uint64_t *length;
	uint64_t count[GSIM_MAX_COUNTERS];
};

struct shared {
	const struct series *se;
	uint64_t seed;
	long games;
	atomic_long next, done;
};

struct thread_arg {
	struct shared *sh;
	struct totals t;
};

static void *worker(void *arg)
{
	struct thread_arg *ta = arg;
	const struct series *se = ta->sh->se;
	void *scratch = xcalloc(1, se->eng->scratch_size(se->setup));
	long first, last;
	while (simulate_next_chunk(&ta->sh->next, ta->sh->games, &first, &last)) {
		for (long g = first; g < last; g++) {
			struct sim_rng rng;
			sim_rng_seed(&rng, ta->sh->seed, (uint64_t)g);
			struct gsim_outcome o;
			memset(&o, 0, sizeof o);
			se->eng->play(se->setup, scratch, &rng, &o);
			ta->t.games++;
			if (o.winner >= 0 && o.length <= se->stats.max_turns) {
				ta->t.completed++;
				ta->t.wins[o.winner]++;
				ta->t.length[o.length]++;
			} else if (o.stalled) {
				ta->t.stalled++;
			}
			for (int c = 0; c < GSIM_MAX_COUNTERS; c++)
				ta->t.count[c] += o.count[c];
		}
		atomic_fetch_add(&ta->sh->done, last - first);
	}
	free(scratch);
	return NULL;
}

/* Balance's interval from the seats' Wilson intervals: the gap between the
 * best and worst seat lies between max(0, best low - worst high) and (best
 * high - worst low), so balance lies in 1 minus those. */
static void balance_interval(const struct sim_summary *s, int players, double *lo, double *hi)
{
	double maxhi = 0, minlo = 1, maxlo = 0, minhi = 1;
	for (int i = 0; i < players; i++) {
		maxhi = fmax(maxhi, s->ci_hi[i]);
		minlo = fmin(minlo, s->ci_lo[i]);
		maxlo = fmax(maxlo, s->ci_lo[i]);
		minhi = fmin(minhi, s->ci_hi[i]);
	}
	*lo = 1 - (maxhi - minlo);
	*hi = 1 - fmax(0, maxlo - minhi);
}

static void run_series(struct series *se, const struct opts *o, bool bar)
{
	struct shared sh = {.se = se, .seed = o->seed, .games = o->games};
	atomic_init(&sh.next, 0);
	atomic_init(&sh.done, 0);
	int T = o->threads < o->games ? o->threads : (int)o->games;
	pthread_t *tid = xcalloc((size_t)T, sizeof *tid);
	bool *running = xcalloc((size_t)T, sizeof *running);
	struct thread_arg *ta = xcalloc((size_t)T, sizeof *ta);
	size_t nlen = (size_t)se->stats.max_turns + 1;
	double t0 = simulate_now();
	int started = 0;
	for (int i = 0; i < T; i++) {
		ta[i].sh = &sh;
		ta[i].t.length = xcalloc(nlen, sizeof *ta[i].t.length);
		running[i] = pthread_create(&tid[i], NULL, worker, &ta[i]) == 0;
		started += running[i];
	}
	if (!started)
		worker(&ta[0]);
	if (bar)
		progress_watch(se->label[0] ? se->label : se->deck->id, &sh.done, o->games);
	struct sim_stats *st = &se->stats;
	for (int i = 0; i < T; i++) {
		if (running[i])
			pthread_join(tid[i], NULL);
		st->games += ta[i].t.games;
		st->completed += ta[i].t.completed;
		se->stalled += ta[i].t.stalled;
		for (int p = 0; p < SIM_MAX_PLAYERS; p++)
			st->wins[p] += ta[i].t.wins[p];
		for (size_t k = 0; k < nlen; k++)
			st->length[k] += ta[i].t.length[k];
		for (int c = 0; c < GSIM_MAX_COUNTERS; c++)
			se->count[c] += ta[i].t.count[c];
		free(ta[i].t.length);
	}
	st->stalled = se->stalled;
	se->seconds = simulate_now() - t0;
	free(tid);
	free(running);
	free(ta);
	sim_summarize(st, &se->sum);
	balance_interval(&se->sum, se->players, &se->bal_lo, &se->bal_hi);
}

/* Load a pack and make its setup; false (reported) when it cannot be played. */
static bool prepare(struct series *se, const struct game *game, const char *path, int j,
		    int players, const struct opts *o)
{
	const struct games_select *sel = &o->sel[j];
	memset(se, 0, sizeof *se);
	se->path = path;
	se->players = players;
	if (j) {
		/* --compare: a pack of the same game, read by that game's rules */
		struct deck *probe = deck_load(path, NULL, 0, NULL, 0);
		bool same = probe && !strcmp(probe->game, game->name);
		if (probe && !same)
			diag(SEV_ERROR, NULL, "--compare: %s plays %s, not %s: compare packs of one game",
			     path, probe->game, game->name);
		deck_free(probe);
		if (!same)
			return false;
	}
	se->deck = games_load(game, path, sel, &se->pack_rules);
	if (!se->deck)
		return false;
	se->eng = gsim_engine_for(se->deck->game);
	if (!se->eng) {
		diag(SEV_ERROR, &se->deck->loc_game, "simulate has no engine for game '%s'", se->deck->game);
		return false;
	}
	if (players < se->eng->min_players || players > se->eng->max_players) {
		diag(SEV_ERROR, NULL, "%s: %s is played by %d to %d players, not %d", path,
		     se->deck->game, se->eng->min_players, se->eng->max_players, players);
		return false;
	}
	struct gsim_params p = {.deck = se->deck, .pack_rules = &se->pack_rules, .players = players,
				.max_length = (int)o->max_length, .rules = o->rules[j],
				.nrules = (size_t)o->nrules[j]};
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
	se->stats.players = players;
	se->stats.max_turns = (int)o->max_length;
	se->stats.length = xcalloc((size_t)o->max_length + 1, sizeof *se->stats.length);
	return true;
}

static void series_free(struct series *se)
{
	if (se->setup)
		se->eng->setup_free(se->setup);
	free(se->stats.length);
	deck_free(se->deck);
}

/* ---- reports ---- */

static const char *policy_name(enum gsim_policy p)
{
	return p == GSIM_RANDOM ? "random" : "greedy";
}

static void print_text(const struct series *se)
{
	const struct sim_summary *s = &se->sum;
	const struct sim_stats *st = &se->stats;
	printf("%s (%s)\n", se->deck->title, se->deck->id);
	printf("players: %d, policies:", se->players);
	for (int i = 0; i < se->players; i++)
		printf("%s %s", i ? "," : "", policy_name(se->policy[i]));
	printf("\nrules: %s\n", se->rules);
	printf("games: %llu\n", (unsigned long long)s->games);
	printf("completion: %.4f (%llu won, %llu timed out, %llu with no single winner)\n",
	       s->completion, (unsigned long long)s->completed,
	       (unsigned long long)(s->games - s->completed - se->stalled),
	       (unsigned long long)se->stalled);
	printf("win rate by seat (95%% interval):\n");
	for (int i = 0; i < se->players; i++)
		printf("  seat %-2d %.4f  [%.4f, %.4f]  %llu wins\n", i + 1, s->win_rate[i], s->ci_lo[i],
		       s->ci_hi[i], (unsigned long long)st->wins[i]);
	printf("balance: %.4f  [%.4f, %.4f]\n", s->balance, se->bal_lo, se->bal_hi);
	if (s->completed)
		printf("length (%s, won games): mean %.2f, sd %.2f, p10 %d, p50 %d, p90 %d, min %d, max %d\n",
		       se->eng->unit, s->mean, s->sd, s->p10, s->p50, s->p90, s->min, s->max);
	else
		printf("length: no game was won\n");
	printf("per game:");
	for (int c = 0; se->eng->counters[c]; c++)
		printf("%s %.2f %s", c ? "," : "", s->games ? (double)se->count[c] / (double)s->games : 0,
		       se->eng->counter_text[c]);
	putchar('\n');
}

/* Fairer: the larger balance, when the gap is beyond the widest seat interval
 * of either series. Faster: the smaller mean length, beyond 3 standard errors. */
static void verdicts(const struct series *a, const struct series *b, const char *la,
		     const char *lb, char *fair, char *fast, size_t len)
{
	double noise = 0;
	for (int i = 0; i < a->players; i++)
		noise = fmax(noise, fmax(a->sum.ci_hi[i] - a->sum.ci_lo[i],
					 b->sum.ci_hi[i] - b->sum.ci_lo[i]));
	double gap = a->sum.balance - b->sum.balance;
	if (fabs(gap) <= noise)
		snprintf(fair, len, "neither (balance %.4f vs %.4f: the gap is within the seats' 95%% "
			 "intervals, %.4f wide)", a->sum.balance, b->sum.balance, noise);
	else
		snprintf(fair, len, "%s (balance %.4f vs %.4f)", gap > 0 ? la : lb, a->sum.balance,
			 b->sum.balance);
	if (!a->sum.completed || !b->sum.completed) {
		snprintf(fast, len, "unknown (a series had no won game)");
		return;
	}
	double se = sqrt(a->sum.sd * a->sum.sd / (double)a->sum.completed +
			 b->sum.sd * b->sum.sd / (double)b->sum.completed);
	double d = a->sum.mean - b->sum.mean;
	if (fabs(d) <= 3 * se)
		snprintf(fast, len, "neither (mean %.2f vs %.2f %s: within 3 standard errors, %.2f)",
			 a->sum.mean, b->sum.mean, a->eng->unit, 3 * se);
	else
		snprintf(fast, len, "%s (mean %.2f vs %.2f %s)", d < 0 ? la : lb, a->sum.mean,
			 b->sum.mean, a->eng->unit);
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

static void print_comparison(const struct series *a, const struct series *b)
{
	char fair[640], fast[640];
	const char *la = a->label, *lb = b->label;
	printf("\ncomparison, %d players: %s | %s\n", a->players, la, lb);
	printf("  %-24s %-12.4f %.4f\n", "completion", a->sum.completion, b->sum.completion);
	printf("  %-24s %-12.4f %.4f\n", "balance", a->sum.balance, b->sum.balance);
	for (int i = 0; i < a->players; i++) {
		char what[32];
		snprintf(what, sizeof what, "win rate, seat %d", i + 1);
		printf("  %-24s %-12.4f %.4f\n", what, a->sum.win_rate[i], b->sum.win_rate[i]);
	}
	printf("  %-24s %-12.2f %.2f\n", "length mean", a->sum.mean, b->sum.mean);
	verdicts(a, b, la, lb, fair, fast, sizeof fair);
	printf("fairer: %s\nfaster: %s\n", fair, fast);
}

static void print_json(const struct series *se, const char *ind)
{
	const struct sim_summary *s = &se->sum;
	const struct sim_stats *st = &se->stats;
	printf("{\n%s  \"pack\": ", ind);
	json_str(stdout, se->deck->id);
	printf(",\n%s  \"game\": ", ind);
	json_str(stdout, se->deck->game);
	printf(",\n%s  \"players\": %d,\n%s  \"policies\": [", ind, se->players, ind);
	for (int i = 0; i < se->players; i++)
		printf("%s\"%s\"", i ? ", " : "", policy_name(se->policy[i]));
	printf("],\n%s  \"rules\": ", ind);
	json_str(stdout, se->rules);
	printf(",\n%s  \"games\": %llu,\n%s  \"completed\": %llu,\n%s  \"no_single_winner\": %llu,\n"
	       "%s  \"completion\": ", ind, (unsigned long long)s->games, ind,
	       (unsigned long long)s->completed, ind, (unsigned long long)se->stalled, ind);
	simulate_json_num(stdout, s->completion);
	printf(",\n");
	simulate_json_seats(ind, se->players, st->wins, s, se->bal_lo, se->bal_hi);
	printf(",\n%s  \"length\": {\"unit\": \"%s\", ", ind, se->eng->unit);
	if (s->completed) {
		printf("\"mean\": ");
		simulate_json_num(stdout, s->mean);
		printf(", \"sd\": ");
		simulate_json_num(stdout, s->sd);
		printf(", \"p10\": %d, \"p50\": %d, \"p90\": %d, \"min\": %d, \"max\": %d},\n", s->p10,
		       s->p50, s->p90, s->min, s->max);
	} else {
		printf("\"mean\": null, \"sd\": null, \"p10\": null, \"p50\": null, \"p90\": null, "
		       "\"min\": null, \"max\": null},\n");
	}
	printf("%s  \"use\": {", ind);
	for (int c = 0; se->eng->counters[c]; c++) {
		printf("%s\"%s\": {\"total\": %llu, \"per_game\": ", c ? ", " : "", se->eng->counters[c],
		       (unsigned long long)se->count[c]);
		simulate_json_num(stdout, s->games ? (double)se->count[c] / (double)s->games : 0);
		printf("}");
	}
	printf("}\n%s}", ind);
}

static int write_plot(const struct series *se, int npk, const struct opts *o)
{
	struct sim_plot_series ps[2 * SIM_MAX_PLAYERS];
	char legend[2 * SIM_MAX_PLAYERS][256];
	for (int i = 0; i < npk * o->ncounts; i++) {
		const struct sim_summary *m = &se[i].sum;
		if (m->completed)
			snprintf(legend[i], sizeof legend[i], "%s   completion %.3f   balance %.3f   length mean %.1f, "
				 "median %d, p90 %d", se[i].label, m->completion, m->balance, m->mean, m->p50, m->p90);
		else
			snprintf(legend[i], sizeof legend[i], "%s   completion 0   balance %.3f   no game was won",
				 se[i].label, m->balance);
		ps[i].label = se[i].label;
		ps[i].stats = &se[i].stats;
		ps[i].sum = m;
		ps[i].legend = legend[i];
		ps[i].median = m->completed ? m->p50 : -1;
	}
	char err[512];
	if (sim_plot_write(o->plot, ps, npk, o->ncounts, o->counts, NULL, err, sizeof err) != 0) {
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

int games_simulate(const struct game *game, int argc, char **argv)
{
	enum { OPT_CWITH = 1000, OPT_CWITHOUT, OPT_CRULE };
	int ncrule = 0;
	static const struct option longopts[] = {
		{"players", required_argument, NULL, 'n'},
		{"games", required_argument, NULL, 'g'},
		{"seed", required_argument, NULL, 's'},
		{"threads", required_argument, NULL, 't'},
		{"policy", required_argument, NULL, 'P'},
		{"rule", required_argument, NULL, 'r'},
		{"max-length", required_argument, NULL, 'm'},
		{"without", required_argument, NULL, 'w'},
		{"with", required_argument, NULL, 'W'},
		{"compare", required_argument, NULL, 'c'},
		{"compare-with", required_argument, NULL, OPT_CWITH},
		{"compare-without", required_argument, NULL, OPT_CWITHOUT},
		{"compare-rule", required_argument, NULL, OPT_CRULE},
		{"json", no_argument, NULL, 'j'},
		{"plot", required_argument, NULL, 'o'},
		{"quiet", no_argument, NULL, 'q'},
		{"help", no_argument, NULL, 'h'},
		{"version", no_argument, NULL, 'V'},
		{NULL, 0, NULL, 0},
	};
	struct opts o;
	memset(&o, 0, sizeof o);
	o.games = 10000;
	o.seed = 1;
	o.max_length = 5000;
	o.npolicy = 1;
	o.policy[0] = GSIM_GREEDY;
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	o.threads = cores > 0 ? (int)(cores < 64 ? cores : 64) : 1;
	bool ok = true;
	int c;
	optind = 1;
	while ((c = cli_next(argc, argv, longopts)) != -1) {
		switch (c) {
		case 'n': ok &= parse_counts(optarg, &o); break;
		case 'g': ok &= simulate_games_opt(optarg, &o.games); break;
		case 's': ok &= cli_seed(optarg, &o.seed) == 0; break;
		case 't': ok &= simulate_threads_opt(optarg, &o.threads); break;
		case 'P': ok &= parse_policies(optarg, &o); break;
		case 'r':
		case OPT_CRULE:
			if (o.nrules[1] == 2 * MAX_RULES || (c == 'r' && o.nrules[0] == MAX_RULES)) {
				diag(SEV_ERROR, NULL, "--rule: at most %d", MAX_RULES);
				ok = false;
				break;
			}
			if (c == 'r')
				o.rules[0][o.nrules[0]++] = optarg;
			o.rules[1][o.nrules[1]++] = optarg;
			ncrule += c == OPT_CRULE;
			break;
		case 'm':
			if (parse_int(optarg, 1, 1000000, &o.max_length) != 0) {
				diag(SEV_ERROR, NULL, "--max-length must be 1..1000000, not '%s'", optarg);
				ok = false;
			}
			break;
		case 'w':
		case 'W':
			if (games_select_add(&o.sel[0], c, optarg) != 0)
				return EXIT_INPUT;
			break;
		case OPT_CWITH:
		case OPT_CWITHOUT:
			if (games_select_add(&o.sel[1], c == OPT_CWITH ? 'W' : 'w', optarg) != 0)
				return EXIT_INPUT;
			break;
		case 'c': o.compare = optarg; break;
		case 'j': o.json = true; break;
		case 'o': o.plot = optarg; break;
		case 'q': o.quiet = true; break;
		default: return cli_usage(c, usage_text);
		}
	}
	ok &= cli_one_pack(argc, "simulate");
	if (!o.ncounts) {
		diag(SEV_ERROR, NULL, "--players N is needed (how many seats to play)");
		ok = false;
	}
	ok = simulate_check_seats(ok, o.npolicy, o.counts, o.ncounts, o.plot);
	if ((o.sel[1].nwith || o.sel[1].nwithout || ncrule) && !o.compare) {
		diag(SEV_ERROR, NULL, "--compare-with, --compare-without and --compare-rule are for "
		     "--compare's pack");
		ok = false;
	}
	if (!ok)
		return EXIT_INPUT;

	int npk = o.compare ? 2 : 1, nse = o.ncounts * npk, prepared = 0, status = EXIT_OK;
	struct series *se = xcalloc((size_t)nse, sizeof *se);
	for (int k = 0; k < o.ncounts; k++)
		for (int j = 0; j < npk; j++) {
			if (!prepare(&se[prepared++], game, j ? o.compare : argv[optind], j, o.counts[k], &o)) {
				status = EXIT_INPUT;
				goto out;
			}
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
	if (o.json && (o.ncounts > 1 || npk > 1))
		printf("{\n  \"runs\": [\n");
	for (int i = 0; i < nse; i++) {
		if (o.json) {
			if (o.ncounts > 1 || npk > 1) {
				printf("%s    ", i ? ",\n" : "");
				print_json(&se[i], "    ");
			} else {
				print_json(&se[i], "");
			}
			continue;
		}
		if (i)
			putchar('\n');
		print_text(&se[i]);
		simulate_print_time(se[i].seconds, se[i].sum.games, o.threads);
		if (npk == 2 && i % 2 == 1)
			print_comparison(&se[i - 1], &se[i]);
	}
	if (o.json)
		printf((o.ncounts > 1 || npk > 1) ? "\n  ]\n}\n" : "\n");
	status = simulate_flush_report();
	if (o.plot && status == EXIT_OK)
		status = write_plot(se, npk, &o);
out:
	for (int i = 0; i < prepared; i++)
		series_free(&se[i]);
	free(se);
	return status;
}

/* ---- shared by the engines ---- */

static const struct gsim_engine *const engines[] = {&gsim_take, &gsim_domino, &gsim_train52, &gsim_toy};

const struct gsim_engine *gsim_engine_for(const char *game)
{
	for (size_t i = 0; i < sizeof engines / sizeof *engines; i++)
		if (!strcmp(engines[i]->game, game))
			return engines[i];
	return NULL;
}

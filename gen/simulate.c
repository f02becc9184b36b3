/* simulate.c: `railyard simulate`: plays many games of a pack (gen/trains_sim.c) on
 * several threads and reports completion, seat win rates, balance, game length
 * and ability use, as text or JSON, and optionally a plot (gen/simplot.c). */
#define _GNU_SOURCE   /* sysconf(_SC_NPROCESSORS_ONLN) */
#include <errno.h>
#include "cli.h"
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "commands.h"
#include "json.h"
#include "names.h"
#include "trains_rules.h"
#include "trains_sim.h"
#include "progress.h"
#include "simplot.h"
#include "simulate.h"
#include "stats.h"
#include "util.h"
#include "verdict.h"

static const char simulate_usage[] =
	"usage: railyard simulate PACK.yaml --players N [OPTIONS]\n\n"
	"Play many games of the pack under its rules and report how fair and how long\n"
	"they are: completion (games with a winner), win rate per seat with a 95%\n"
	"Wilson interval, balance (N x the least-winning seat's share of all games,\n"
	"with a bootstrap interval), game length in turns (one player's move) over\n"
	"all games, unfinished ones censored (median, restricted mean), and how often\n"
	"each ability is used and by the eventual winner (under 1% of games: rare).\n\n"
	"  -n, --players N[,N..] players (seats), 1..16, or a list (2,3,4) to play each\n"
	"                        count in turn; cards from the pack's 'players' table\n"
	"                        for N (all cards when it has no entry)\n"
	"      --games G         games to play (default 10000)\n"
	"      --seed S          seed of the series (default 1); game g plays from its own\n"
	"                        stream, so the report does not depend on --threads\n"
	"      --threads T       threads (default: the number of cores)\n"
	"  -P, --policy LIST     one policy for every seat, or one per seat, comma-\n"
	"                        separated: random (any legal move), greedy (the move\n"
	"                        that most reduces its own inversions, ties broken by\n"
	"                        distance from the usual ranges of §5), spoiler\n"
	"                        (greedy, but uses abilities on the leader when that\n"
	"                        hurts the leader more than it helps itself),\n"
	"                        lookahead (plays its 4 best moves forward 24 times\n"
	"                        for two rounds, unseen cards shuffled, and keeps the\n"
	"                        one whose futures end best; slower); default greedy\n"
	"  -r, --rule KEY=VALUE  override a rule of the pack: apply-to=self|anyone,\n"
	"                        swap-across=none|two-sequences|three-sequences,\n"
	"                        swap-within=true|false, win=ascending|never-descending,\n"
	"                        freeze-tokens=N, reshuffle=true|false (shuffle the\n"
	"                        face-down discards into a new draw pile when it runs\n"
	"                        out; otherwise the game goes on without drawing),\n"
	"                        opening=face-down|face-up|none (at the setup player\n"
	"                        k draws k cards and keeps one; the others go face\n"
	"                        down into the discards, the factory rule and the\n"
	"                        default, or face up; none: no opening); repeatable\n"
	"      --max-turns N     turns before a game ends as a timeout (default 1000)\n"
	"      --completion P    a pack completing fewer than this share of its games\n"
	"                        stalls: no verdict on it (default 0.95)\n"
	"      --compare PACK2   also play PACK2 the same way, show both side by side,\n"
	"                        every difference with its 95% interval, and say\n"
	"                        which is fairer and which faster when the interval\n"
	"                        excludes 0; warns when the packs' rules differ\n"
	"  -j, --json            the report as JSON (timing only under \"timing\")\n"
	"      --plot FILE       draw the length histogram (per round) and seat win\n"
	"                        rates; SVG, PDF or PNG by the extension; its folder\n"
	"                        is checked before any game is played\n"
	"  -T, --trace G         play only game G of the series (0-based) and print it\n"
	"                        turn by turn instead of a report\n"
	"  -q, --quiet           no progress lines (players, games, rate, time left)\n"
	"  -h, --help            this help\n"
	"  -V, --version         the version\n\n"
	"The game (factory rules): each player is dealt the census and arranges it\n"
	"descending (wild cards first; a grid in any way whose rows and columns\n"
	"descend, as the policy chooses); then the opening (above). A turn is:\n"
	"optionally freeze one own card (freeze-tokens, §11), then either draw the top\n"
	"card and put it in place of one own card (the replaced card goes face up), or\n"
	"take a face-up card, discard it and use its ability (on an opponent too with\n"
	"apply-to: anyone). Two face-up cards with the same ability are both discarded;\n"
	"cards without an ability are discarded. A removal (→ X) discards the card and\n"
	"fills the space from the draw pile. After each move the mover, then any\n"
	"sequence the move touched, wins when ascending (or never-descending); a wild\n"
	"card stands for the smallest number of the pack that fits. No winner after\n"
	"--max-turns turns is a timeout; a round in which nobody can move ends the\n"
	"game as stalled (it would never end: both count as unfinished).\n\n"
	"exit status: 0 done, 2 invalid input or usage, 3 the plot could not be written\n"
	"(its folder is checked first).\n";

#define MAX_RULES 16

struct sim_opts {
	int players;       /* the player count being reported */
	int counts[SIM_MAX_PLAYERS];   /* --players: every count asked for */
	int ncounts;
	long games;
	uint64_t seed;
	int threads;
	enum sim_policy policy[SIM_MAX_PLAYERS];
	int npolicy;
	const char *policy_arg;
	const char *rules[MAX_RULES];
	int nrules;
	long max_turns;
	double threshold;  /* --completion: below it a series stalls */
	const char *compare, *plot;
	bool json, quiet;
	long trace;        /* game to trace, or -1 */
	bool players_given;
};

/* One pack's series of games. */
struct series {
	const char *path;
	int players;
	struct pack *pack;
	struct sim_rules rules;
	long upto;
	struct sim_setup *setup;
	struct sim_stats stats;
	struct sim_summary sum;            /* for the plot */
	struct stats_counts cnt;           /* the totals as stats.h reads them */
	struct stats_series v;             /* completion, balance, length (censored), ... */
	struct verdict_side side;
	double seconds;
};

/* ---- options ---- */

/* Apply the --rule overrides to the pack's named rules (ruleset.h: "did you
 * mean", the values each may take); false, reported, on any that is wrong. */
static bool apply_rules(struct pack *p, const struct sim_opts *o)
{
	bool ok = true;
	for (int i = 0; i < o->nrules; i++)
		ok &= ruleset_set(&p->rules.set, o->rules[i]);
	if (!ok)
		return false;
	rules_from_set(&p->rules);
	if (p->rules.freeze_tokens > p->layout.census) {
		diag(SEV_ERROR, NULL, "--rule freeze-tokens: expected 0..%d (the spaces a player has), not '%d'",
		     p->layout.census, p->rules.freeze_tokens);
		return false;
	}
	return true;
}

/* --players N or N,N,...: each count once, in the order given. */
static bool parse_counts(const char *arg, struct sim_opts *o)
{
	return cli_players(arg, SIM_MAX_PLAYERS, o->counts, &o->ncounts) == 0;
}

static bool parse_policies(const char *arg, struct sim_opts *o)
{
	const char *names[POLICY_COUNT];
	int p[SIM_MAX_PLAYERS];
	for (int k = 0; k < POLICY_COUNT; k++)
		names[k] = sim_policy_name((enum sim_policy)k);
	if (cli_policies(arg, names, POLICY_COUNT, SIM_MAX_PLAYERS, p, &o->npolicy) != 0)
		return false;
	for (int k = 0; k < o->npolicy; k++)
		o->policy[k] = (enum sim_policy)p[k];
	return true;
}

/* ---- running ---- */

struct shared {
	struct series *se;
	uint64_t seed;
	long games;
	atomic_long next, done;
};

struct thread_arg {
	struct shared *sh;
	struct sim_stats stats;
};

#define CHUNK 64

static void *worker(void *p)
{
	struct thread_arg *ta = p;
	struct shared *sh = ta->sh;
	struct sim_worker *w = sim_worker_new(sh->se->setup);
	long first, last;
	while (simulate_next_chunk(&sh->next, sh->games, &first, &last)) {
		for (long g = first; g < last; g++)
			sim_play(w, sh->seed, (uint64_t)g, &ta->stats);
		atomic_fetch_add(&sh->done, last - first);
	}
	sim_worker_free(w);
	return NULL;
}

bool simulate_next_chunk(atomic_long *next, long games, long *first, long *last)
{
	*first = atomic_fetch_add(next, CHUNK);
	if (*first >= games)
		return false;
	*last = *first + CHUNK < games ? *first + CHUNK : games;
	return true;
}

double simulate_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Every measure of the report, from the totals (gen/stats.h). */
static void analyse(struct series *se, const struct sim_opts *o)
{
	const struct sim_stats *st = &se->stats;
	sim_summarize(st, &se->sum);
	se->sum.balance = stats_balance(st->wins, st->players, st->games);
	/* an unfinished game (timed out, or stalled: it would never end) is
	 * censored at the horizon */
	se->cnt = (struct stats_counts){.seats = st->players, .games = st->games, .completed = st->completed,
					.stalled = st->stalled, .wins = st->wins, .horizon = st->max_turns,
					.ended = st->length};
	stats_series(&se->cnt, o->threshold, &se->v);
	se->side = (struct verdict_side){.id = se->pack->id, .c = &se->cnt, .s = &se->v};
}

/* Play the series on T threads; the totals are integer sums, so they are the
 * same whichever thread played which game. */
static void run_series(struct series *se, const struct sim_opts *o, bool bar)
{
	struct shared sh = {.se = se, .seed = o->seed, .games = o->games};
	atomic_init(&sh.next, 0);
	atomic_init(&sh.done, 0);
	int T = o->threads;
	if (T > o->games)
		T = o->games > 0 ? (int)o->games : 1;
	pthread_t *tid = xcalloc((size_t)T, sizeof *tid);
	struct thread_arg *ta = xcalloc((size_t)T, sizeof *ta);
	double t0 = simulate_now();
	int started = 0;
	for (int i = 0; i < T; i++) {
		ta[i].sh = &sh;
		sim_stats_init(&ta[i].stats, se->setup);
		if (pthread_create(&tid[i], NULL, worker, &ta[i]) == 0)
			started++;
		else
			tid[i] = 0;
	}
	if (!started) /* no threads to be had: play on this one */
		worker(&ta[0]);
	if (bar) {
		char what[96];
		snprintf(what, sizeof what, "%d players %s", se->players, se->pack->id);
		progress_watch(what, &sh.done, o->games);
	}
	sim_stats_init(&se->stats, se->setup);
	for (int i = 0; i < T; i++) {
		if (started && tid[i])
			pthread_join(tid[i], NULL);
		sim_stats_add(&se->stats, &ta[i].stats);
		sim_stats_free(&ta[i].stats);
	}
	se->seconds = simulate_now() - t0;
	free(tid);
	free(ta);
	analyse(se, o);
}

/* Load a pack and prepare its series; false (reported) when it cannot be played. */
static bool prepare(struct series *se, const char *path, const struct sim_opts *o)
{
	memset(se, 0, sizeof *se);
	se->path = path;
	se->players = o->players;
	se->pack = pack_load(path);
	if (!se->pack)
		return false;
	struct pack *p = se->pack;
	if (strcmp(p->game, "trains") != 0) {
		diag(SEV_ERROR, NULL, "%s: simulate plays Game of Trains packs (game: trains), not '%s'",
		     path, p->game);
		return false;
	}
	if (!apply_rules(p, o))
		return false;
	sim_rules_from_pack(p, &se->rules);
	se->rules.max_turns = (int)o->max_turns;
	se->upto = p->cards;
	for (size_t i = 0; i < p->nplayers; i++)
		if (p->players[i].players == o->players)
			se->upto = p->players[i].cards;
	if (p->abilities.n == 0 && p->wild == 0)
		diag(SEV_WARNING, NULL, "%s: the pack has no abilities; games are won by drawing alone", path);
	enum sim_policy pol[SIM_MAX_PLAYERS];
	for (int i = 0; i < o->players; i++)
		pol[i] = o->npolicy == 1 ? o->policy[0] : o->policy[i];
	char err[256];
	se->setup = sim_setup_new(p, o->players, se->upto, &se->rules, pol, err, sizeof err);
	if (!se->setup) {
		diag(SEV_ERROR, NULL, "%s: %s", path, err);
		return false;
	}
	return true;
}

static void series_free(struct series *se)
{
	if (se->setup)
		sim_stats_free(&se->stats);
	sim_setup_free(se->setup);
	pack_free(se->pack);
}

/* Whether a file can be written at path: its folder exists and is writable,
 * and path is not a folder. Otherwise false with the reason in why. */
static bool plot_writable(const char *path, char *why, size_t len)
{
	char dir[4096];
	const char *slash = strrchr(path, '/');
	if (!slash)
		snprintf(dir, sizeof dir, ".");
	else if (slash == path)
		snprintf(dir, sizeof dir, "/");
	else
		snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
	struct stat sb;
	if (stat(dir, &sb) != 0) {
		snprintf(why, len, "folder %s: %s", dir, strerror(errno));
		return false;
	}
	if (!S_ISDIR(sb.st_mode)) {
		snprintf(why, len, "%s is not a folder", dir);
		return false;
	}
	if (access(dir, W_OK) != 0) {
		snprintf(why, len, "folder %s: %s", dir, strerror(errno));
		return false;
	}
	if (stat(path, &sb) == 0 && S_ISDIR(sb.st_mode)) {
		snprintf(why, len, "it is a folder");
		return false;
	}
	return true;
}

/* ---- reports ---- */

static const char *yes(bool b)
{
	return b ? "true" : "false";
}

static void print_rules(FILE *f, const struct sim_rules *r)
{
	fprintf(f, "apply-to=%s swap-across=%s swap-within=%s win=%s freeze-tokens=%d reshuffle=%s "
		"opening=%s max-turns=%d", apply_to_name(r->apply_to), swap_across_name(r->swap_across),
		yes(r->swap_within), win_rule_name(r->win), r->freeze_tokens, yes(r->reshuffle),
		sim_opening_name(r->opening), r->max_turns);
}

/* The rules two series differ in, comma-separated into out ("" when none). */
static void rules_differ(const struct sim_rules *a, const struct sim_rules *b, char *out, size_t len)
{
	out[0] = 0;
	const char *names[8];
	int n = 0;
	if (a->apply_to != b->apply_to)
		names[n++] = "apply-to";
	if (a->swap_across != b->swap_across)
		names[n++] = "swap-across";
	if (a->swap_within != b->swap_within)
		names[n++] = "swap-within";
	if (a->win != b->win)
		names[n++] = "win";
	if (a->freeze_tokens != b->freeze_tokens)
		names[n++] = "freeze-tokens";
	if (a->reshuffle != b->reshuffle)
		names[n++] = "reshuffle";
	if (a->opening != b->opening)
		names[n++] = "opening";
	for (int i = 0; i < n; i++)
		snprintf(out + strlen(out), len - strlen(out), "%s%s", i ? ", " : "", names[i]);
}

static double pct(uint64_t part, uint64_t whole)
{
	return whole ? 100.0 * (double)part / (double)whole : 0;
}

/* Whether ability a was used in under 1% of the games: dead or nearly so. */
static bool rare(const struct sim_stats *st, size_t a)
{
	return st->games && (double)st->games_used[a] < 0.01 * (double)st->games;
}

/* A quantile of length for the text: the turn, or "> H" beyond the horizon. */
static const char *turns(int t, int horizon, char *buf, size_t len)
{
	if (t < 0)
		snprintf(buf, len, "> %d", horizon);
	else
		snprintf(buf, len, "%d", t);
	return buf;
}

static void print_text(const struct series *se, const struct sim_opts *o)
{
	const struct pack *p = se->pack;
	const struct sim_stats *st = &se->stats;
	const struct sim_summary *s = &se->sum;
	printf("%s (%s)\n", p->title, p->id);
	printf("players: %d, cards 1-%ld", o->players, se->upto);
	if (p->copies > 1)
		printf(" x%d", p->copies);
	if (p->wild)
		printf(" + %d wild", p->wild);
	printf(" (%ld in all), policies:", sim_setup_cards(se->setup));
	for (int i = 0; i < o->players; i++)
		printf("%s %s", i ? "," : "", sim_policy_name(o->npolicy == 1 ? o->policy[0] : o->policy[i]));
	printf("\nrules: ");
	print_rules(stdout, &se->rules);
	printf("\ngames: %llu, seed %llu\n", (unsigned long long)s->games, (unsigned long long)o->seed);
	verdict_print_series(&se->side, o->threshold, "turns");
	uint64_t moves = st->draws + st->on_self + st->on_opponent + st->across;
	printf("moves: %.1f%% draws, %.1f%% abilities on oneself, %.1f%% on an opponent, %.1f%% across "
	       "sequences; removals: %llu on oneself, %llu on an opponent; %llu freezes, %llu reshuffles\n",
	       pct(st->draws, moves), pct(st->on_self, moves), pct(st->on_opponent, moves), pct(st->across, moves),
	       (unsigned long long)st->removals_self, (unsigned long long)st->removals_opponent,
	       (unsigned long long)st->freezes, (unsigned long long)st->reshuffles);
	size_t k = p->abilities.n;
	if (!k)
		return;
	size_t w = 7;
	for (size_t a = 0; a < k; a++) {
		size_t chars = utf8_chars(p->abilities.v[a].symbolic);
		if (chars > w)
			w = chars;
	}
	printf("abilities (used; share of games using it; by the player who went on to win; that share; "
	       "winning moves):\n");
	printf("  %-*s %10s %7s %10s %7s %9s\n", (int)w, "ability", "used", "games", "by winner", "share",
	       "won with");
	size_t nrare = 0;
	for (size_t a = 0; a < k; a++) {
		const char *sym = p->abilities.v[a].symbolic;
		nrare += rare(st, a);
		printf("  %s%*s %10llu %6.1f%% %10llu %6.1f%% %9llu%s\n", sym, (int)(w - utf8_chars(sym)), "",
		       (unsigned long long)st->used[a], pct(st->games_used[a], st->games),
		       (unsigned long long)st->used_by_winner[a], pct(st->used_by_winner[a], st->used[a]),
		       (unsigned long long)st->won_with[a], rare(st, a) ? "  rare" : "");
	}
	if (nrare) {
		printf("rarely used (in under 1%% of games, dead or nearly):");
		for (size_t a = 0, i = 0; a < k; a++)
			if (rare(st, a))
				printf("%s %s", i++ ? "," : "", p->abilities.v[a].symbolic);
		printf("\n");
	}
}

void simulate_print_time(double seconds, uint64_t games, int threads)
{
	printf("time: %.2f s on %d thread%s, %.0f games/s\n", seconds, threads, threads == 1 ? "" : "s",
	       seconds > 0 ? (double)games / seconds : 0);
}

/* Two series of the same player count compared: every metric's difference
 * with its interval, and the verdict (stats.h). */
struct comparison {
	struct stats_comparison d;
	char rules[160];   /* the rules they differ in, or "" */
};

static void compare(const struct series *a, const struct series *b, double threshold, struct comparison *c)
{
	stats_compare(&a->cnt, &a->v, &b->cnt, &b->v, threshold, &c->d);
	rules_differ(&a->rules, &b->rules, c->rules, sizeof c->rules);
}

static void verdict_text(const struct series *a, const struct series *b, const struct comparison *c,
			 double threshold, char *fair, char *fast, size_t len)
{
	verdict_words(&a->side, &b->side, &c->d, threshold, "turns", fair, fast, len);
}

/* One line per player count: which pack is fairer and which faster. */
static void print_summary(const struct series *se, const struct comparison *cmp, const struct sim_opts *o)
{
	printf("\nsummary: %s vs %s\n", se[0].pack->id, se[1].pack->id);
	for (int k = 0; k < o->ncounts; k++) {
		char fair[512], fast[512];
		verdict_text(&se[2 * k], &se[2 * k + 1], &cmp[k], o->threshold, fair, fast, sizeof fair);
		printf("  %d players (completion %.4f vs %.4f): fairer: %s; faster: %s\n", o->counts[k],
		       se[2 * k].sum.completion, se[2 * k + 1].sum.completion, fair, fast);
	}
}

void simulate_json_num(FILE *f, double v)
{
	if (isfinite(v))
		fprintf(f, "%.6g", v);
	else
		fputs("null", f);
}

static void json_pair(double lo, double hi)
{
	printf("[");
	simulate_json_num(stdout, lo);
	printf(", ");
	simulate_json_num(stdout, hi);
	printf("]");
}

void simulate_json_seats(const char *ind, int players, const uint64_t *wins, const struct sim_summary *s,
			 double bal_lo, double bal_hi)
{
	printf("%s  \"wins\": [", ind);
	for (int i = 0; i < players; i++)
		printf("%s%llu", i ? ", " : "", (unsigned long long)wins[i]);
	printf("],\n%s  \"win_rate\": [", ind);
	for (int i = 0; i < players; i++) {
		printf("%s", i ? ", " : "");
		simulate_json_num(stdout, s->win_rate[i]);
	}
	printf("],\n%s  \"win_rate_ci\": [", ind);
	for (int i = 0; i < players; i++) {
		printf("%s", i ? ", " : "");
		json_pair(s->ci_lo[i], s->ci_hi[i]);
	}
	printf("],\n%s  \"balance\": ", ind);
	simulate_json_num(stdout, s->balance);
	printf(",\n%s  \"balance_ci\": ", ind);
	json_pair(bal_lo, bal_hi);
}

static void print_json_series(const struct series *se, const struct sim_opts *o, const char *ind)
{
	const struct pack *p = se->pack;
	const struct sim_stats *st = &se->stats;
	printf("{\n%s  \"pack\": ", ind);
	json_str(stdout, p->id);
	printf(",\n%s  \"title\": ", ind);
	json_str(stdout, p->title);
	printf(",\n%s  \"players\": %d,\n%s  \"cards\": %ld,\n%s  \"policies\": [", ind, o->players, ind,
	       sim_setup_cards(se->setup), ind);
	for (int i = 0; i < o->players; i++)
		printf("%s\"%s\"", i ? ", " : "", sim_policy_name(o->npolicy == 1 ? o->policy[0] : o->policy[i]));
	const struct sim_rules *r = &se->rules;
	printf("],\n%s  \"rules\": {\"apply-to\": \"%s\", \"swap-across\": \"%s\", \"swap-within\": %s, "
	       "\"win\": \"%s\", \"freeze-tokens\": %d, \"reshuffle\": %s, \"opening\": \"%s\", "
	       "\"max-turns\": %d},\n", ind, apply_to_name(r->apply_to), swap_across_name(r->swap_across),
	       yes(r->swap_within), win_rule_name(r->win), r->freeze_tokens, yes(r->reshuffle),
	       sim_opening_name(r->opening), r->max_turns);
	printf("%s  \"rules_from\": ", ind);
	ruleset_json_from(&p->rules.set, stdout);
	printf(",\n%s  \"seed\": %llu,\n", ind, (unsigned long long)o->seed);
	verdict_json_series(&se->side, ind);
	printf(",\n");
	printf("%s  \"moves\": {\"draws\": %llu, \"on_self\": %llu, \"on_opponent\": %llu, \"across\": %llu, "
	       "\"removals_self\": %llu, \"removals_opponent\": %llu, \"freezes\": %llu, \"reshuffles\": %llu},\n",
	       ind, (unsigned long long)st->draws, (unsigned long long)st->on_self,
	       (unsigned long long)st->on_opponent, (unsigned long long)st->across,
	       (unsigned long long)st->removals_self, (unsigned long long)st->removals_opponent,
	       (unsigned long long)st->freezes, (unsigned long long)st->reshuffles);
	printf("%s  \"abilities\": {", ind);
	for (size_t a = 0; a < p->abilities.n; a++) {
		printf("%s\n%s    ", a ? "," : "", ind);
		json_str(stdout, p->abilities.v[a].code);
		printf(": {\"ability\": ");
		json_str(stdout, p->abilities.v[a].symbolic);
		printf(", \"used\": %llu, \"games\": %llu, \"used_by_winner\": %llu, \"won_with\": %llu, \"rare\": %s}",
		       (unsigned long long)st->used[a], (unsigned long long)st->games_used[a],
		       (unsigned long long)st->used_by_winner[a], (unsigned long long)st->won_with[a],
		       yes(rare(st, a)));
	}
	printf("%s},\n%s  \"rare_abilities\": [", p->abilities.n ? "\n  " : "", ind);
	for (size_t a = 0, i = 0; a < p->abilities.n; a++)
		if (rare(st, a)) {
			printf("%s", i++ ? ", " : "");
			json_str(stdout, p->abilities.v[a].code);
		}
	printf("]");
}

/* All timings, in one place outside the report proper. */
static void print_json_timing(const struct series *se, int nse, const struct sim_opts *o)
{
	double total = 0;
	uint64_t games = 0;
	for (int i = 0; i < nse; i++) {
		total += se[i].seconds;
		games += se[i].sum.games;
	}
	printf("\"timing\": {\"seconds\": %.3f, \"threads\": %d, \"games_per_second\": %.0f, \"series\": [", total,
	       o->threads, total > 0 ? (double)games / total : 0);
	for (int i = 0; i < nse; i++) {
		printf("%s{\"pack\": ", i ? ", " : "");
		json_str(stdout, se[i].pack->id);
		printf(", \"players\": %d, \"seconds\": %.3f, \"games_per_second\": %.0f}", se[i].players,
		       se[i].seconds, se[i].seconds > 0 ? (double)se[i].sum.games / se[i].seconds : 0);
	}
	printf("]}");
}

static int write_plot(const struct series *se, const struct comparison *cmp, int npk, const struct sim_opts *o)
{
	struct sim_plot_series ps[2 * SIM_MAX_PLAYERS];
	char legend[2 * SIM_MAX_PLAYERS][256], note[SIM_MAX_PLAYERS][1100];
	const char *notes[SIM_MAX_PLAYERS];
	for (int i = 0; i < npk * o->ncounts; i++) {
		const struct series *s = &se[i];
		const struct stats_length *L = &s->v.len;
		char med[32];
		turns(L->median, L->horizon, med, sizeof med);
		snprintf(legend[i], sizeof legend[i], "%s   completion %.3f%s   balance %.3f [%.3f, %.3f]   "
			 "median %s turns, restricted mean %.1f", s->pack->id, s->sum.completion,
			 s->v.stalls ? " (stalls)" : "", s->sum.balance, s->v.balance_lo, s->v.balance_hi, med, L->rmst);
		ps[i].label = s->pack->id;
		ps[i].stats = &s->stats;
		ps[i].sum = &s->sum;
		ps[i].legend = legend[i];
		ps[i].median = L->median;
	}
	for (int k = 0; k < o->ncounts; k++) {
		notes[k] = NULL;
		if (npk == 2) {
			char fair[512], fast[512];
			verdict_text(&se[2 * k], &se[2 * k + 1], &cmp[k], o->threshold, fair, fast, sizeof fair);
			snprintf(note[k], sizeof note[k], "fairer: %s\nfaster: %s", fair, fast);
			notes[k] = note[k];
		}
	}
	char err[512];
	if (sim_plot_write(o->plot, ps, npk, o->ncounts, o->counts, notes, err, sizeof err) != 0) {
		if (err[0])   /* else reported already, with the reason */
			diag(SEV_ERROR, NULL, "--plot %s: %s", o->plot, err);
		return EXIT_OUTPUT;
	}
	return EXIT_OK;
}

bool simulate_completion_opt(const char *arg, double *threshold)
{
	char *end;
	errno = 0;
	double t = strtod(arg, &end);
	if (!*arg || *end || errno || !(t >= 0 && t <= 1)) {
		diag(SEV_ERROR, NULL, "--completion must be a share 0..1 (such as 0.95), not '%s'", arg);
		return false;
	}
	*threshold = t;
	return true;
}

bool simulate_games_opt(const char *arg, long *games)
{
	if (parse_int(arg, 1, 1000000000L, games) == 0)
		return true;
	diag(SEV_ERROR, NULL, "--games must be 1..1000000000, not '%s'", arg);
	return false;
}

bool simulate_threads_opt(const char *arg, int *threads)
{
	long v;
	if (parse_int(arg, 1, 256, &v) == 0) {
		*threads = (int)v;
		return true;
	}
	diag(SEV_ERROR, NULL, "--threads must be 1..256, not '%s'", arg);
	return false;
}

bool simulate_check_seats(bool ok, int npolicy, const int *counts, int ncounts, const char *plot)
{
	for (int k = 0; ok && k < ncounts; k++)
		if (npolicy != 1 && npolicy != counts[k]) {
			diag(SEV_ERROR, NULL, "--policy names %d policies for %d players: give one for every seat, "
			     "or one for all", npolicy, counts[k]);
			ok = false;
		}
	if (plot && !sim_plot_format(plot)) {
		diag(SEV_ERROR, NULL, "--plot %s: the file name must end in .svg, .pdf or .png", plot);
		ok = false;
	}
	return ok;
}

int simulate_flush_report(void)
{
	if (fflush(stdout) == 0 && !ferror(stdout))
		return EXIT_OK;
	diag(SEV_ERROR, NULL, "could not write the report");
	return EXIT_OUTPUT;
}

/* One option into *o; false (reported) when its value is wrong. */
static bool sim_option(int c, struct sim_opts *o)
{
	switch (c) {
	case 'n': o->players_given = true; return parse_counts(optarg, o);
	case 'g': return simulate_games_opt(optarg, &o->games);
	case 's': return cli_seed(optarg, &o->seed) == 0;
	case 't': return simulate_threads_opt(optarg, &o->threads);
	case 'P': o->policy_arg = optarg; return true;
	case 'r':
		if (o->nrules == MAX_RULES) {
			diag(SEV_ERROR, NULL, "--rule: at most %d", MAX_RULES);
			return false;
		}
		o->rules[o->nrules++] = optarg;
		return true;
	case 'm':
		if (parse_int(optarg, 1, SIM_MAX_TURNS, &o->max_turns) == 0)
			return true;
		diag(SEV_ERROR, NULL, "--max-turns must be 1..%d, not '%s'", SIM_MAX_TURNS, optarg);
		return false;
	case 'C': return simulate_completion_opt(optarg, &o->threshold);
	case 'c': o->compare = optarg; return true;
	case 'j': o->json = true; return true;
	case 'o': o->plot = optarg; return true;
	case 'q': o->quiet = true; return true;
	default:
		if (parse_int(optarg, 0, 1000000000L, &o->trace) == 0)
			return true;
		diag(SEV_ERROR, NULL, "--trace must be a game number 0..1000000000, not '%s'", optarg);
		return false;
	}
}

/* The options into *o; -1 to go on, or the status to end with (reported). */
static int sim_options(int argc, char **argv, struct sim_opts *o)
{
	static const struct option longopts[] = {
		{"players", required_argument, NULL, 'n'}, {"games", required_argument, NULL, 'g'},
		{"seed", required_argument, NULL, 's'}, {"threads", required_argument, NULL, 't'},
		{"policy", required_argument, NULL, 'P'}, {"rule", required_argument, NULL, 'r'},
		{"max-turns", required_argument, NULL, 'm'}, {"completion", required_argument, NULL, 'C'},
		{"compare", required_argument, NULL, 'c'}, {"json", no_argument, NULL, 'j'},
		{"plot", required_argument, NULL, 'o'}, {"quiet", no_argument, NULL, 'q'},
		{"trace", required_argument, NULL, 'T'}, {"help", no_argument, NULL, 'h'},
		{"version", no_argument, NULL, 'V'}, {NULL, 0, NULL, 0},
	};
	*o = (struct sim_opts){.games = 10000, .seed = 1, .max_turns = 1000, .threshold = STATS_COMPLETION,
			       .npolicy = 1, .policy = {POLICY_GREEDY}, .trace = -1};
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	o->threads = cores > 0 ? (int)(cores < 64 ? cores : 64) : 1;
	bool ok = true;
	int c;
	optind = 1;
	while ((c = cli_next(argc, argv, longopts)) != -1) {
		if (!strchr("ngstPrmCcjoqT", c) || c == 0)
			return cli_usage(c, simulate_usage);
		ok &= sim_option(c, o);
	}
	ok &= cli_one_pack(argc, "simulate");
	if (!o->players_given) {
		diag(SEV_ERROR, NULL, "--players N is needed (how many seats to play)");
		ok = false;
	}
	if (o->policy_arg && !parse_policies(o->policy_arg, o))
		ok = false;
	if (!simulate_check_seats(ok, o->npolicy, o->counts, o->ncounts, o->plot))
		return EXIT_INPUT;
	/* fail before the games, not after them */
	char why[4400];
	if (o->plot && o->trace < 0 && !plot_writable(o->plot, why, sizeof why)) {
		diag(SEV_ERROR, NULL, "--plot %s: cannot be written: %s", o->plot, why);
		return EXIT_OUTPUT;
	}
	return -1;
}

/* --trace G: play only game G and print it turn by turn. */
static void trace_game(const struct series *se, const struct sim_opts *o)
{
	struct buf log = {0};
	struct sim_worker *w = sim_worker_new(se->setup);
	sim_worker_trace(w, &log);
	sim_play(w, o->seed, (uint64_t)o->trace, NULL);
	fputs(log.s, stdout);
	sim_worker_free(w);
	buf_free(&log);
}

/* --compare of packs that differ in a rule as well as in the pattern: say so. */
static void warn_rules_differ(const struct series *a, const struct series *b)
{
	char differ[160];
	rules_differ(&a->rules, &b->rules, differ, sizeof differ);
	if (differ[0])
		diag(SEV_WARNING, NULL, "--compare: %s and %s differ in rule%s %s as well as in the pattern; "
		     "the comparison mixes both (make them equal with --rule)", a->pack->id, b->pack->id,
		     strchr(differ, ',') ? "s" : "", differ);
}

/* One player count's report: each series, and the comparison. */
static void report_row(const struct series *row, const struct comparison *cmp, int k, int npk, int nse,
		       const struct series *all, const struct sim_opts *o)
{
	if (o->json) {
		if (k)
			printf(",\n");
		print_json_series(&row[0], o, "");
		if (npk == 2) {
			printf(",\n  \"compare\": ");
			print_json_series(&row[1], o, "  ");
			printf("\n  }");
			verdict_json_comparison(&row[0].side, &row[1].side, &cmp->d, o->threshold, cmp->rules);
		}
		if (o->ncounts == 1) {
			printf(",\n  ");
			print_json_timing(all, nse, o);
		}
		printf("\n}");
		return;
	}
	for (int j = 0; j < npk; j++) {
		if (k || j)
			putchar('\n');
		print_text(&row[j], o);
		simulate_print_time(row[j].seconds, row[j].sum.games, o->threads);
	}
	if (npk == 2)
		verdict_print_comparison(&row[0].side, &row[1].side, &cmp->d, o->threshold, "turns", cmp->rules,
					 "the pattern");
}

/* The whole report, every player count; o->players is set per row. */
static void report(const struct series *se, const struct comparison *cmp, int npk, struct sim_opts *o)
{
	int nse = o->ncounts * npk;
	if (o->json && o->ncounts > 1)
		printf("{\n  \"runs\": [\n");
	for (int k = 0; k < o->ncounts; k++) {
		o->players = o->counts[k];
		report_row(&se[k * npk], &cmp[k], k, npk, nse, se, o);
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

int cmd_simulate(int argc, char **argv)
{
	struct sim_opts o;
	int status = sim_options(argc, argv, &o);
	if (status >= 0)
		return status;
	status = EXIT_OK;
	int npk = o.compare ? 2 : 1, nse = o.ncounts * npk, prepared = 0;
	struct series *se = xcalloc((size_t)nse, sizeof *se);
	for (int k = 0; k < o.ncounts; k++) {
		o.players = o.counts[k];
		for (int j = 0; j < npk; j++)
			if (!prepare(&se[prepared++], j ? o.compare : argv[optind], &o)) {
				status = EXIT_INPUT;
				goto out;
			}
	}
	if (o.trace >= 0) {
		trace_game(&se[0], &o);
		goto out;
	}
	if (npk == 2)
		warn_rules_differ(&se[0], &se[1]);
	struct comparison cmp[SIM_MAX_PLAYERS];
	bool bar = !o.quiet && progress_wanted();
	progress_steps(nse);
	progress_unit("games");
	for (int i = 0; i < nse; i++)
		run_series(&se[i], &o, bar);
	for (int k = 0; npk == 2 && k < o.ncounts; k++)
		compare(&se[2 * k], &se[2 * k + 1], o.threshold, &cmp[k]);
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

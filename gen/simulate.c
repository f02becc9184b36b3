/* simulate.c: `railyard simulate`: plays many games of a pack (gen/sim.c) on
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
#include <time.h>
#include <unistd.h>

#include "commands.h"
#include "json.h"
#include "pack.h"
#include "sim.h"
#include "simplot.h"
#include "util.h"

static const char simulate_usage[] =
	"usage: railyard simulate PACK.yaml --players N [OPTIONS]\n\n"
	"Play many games of the pack under its rules and report how fair and how long\n"
	"they are: completion (games with a winner), win rate per seat with a 95%\n"
	"Wilson interval, balance (1 minus the largest gap between seats' win rates),\n"
	"game length in turns (one player's move is a turn), and how often each\n"
	"ability is used and by the eventual winner.\n\n"
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
	"                        hurts the leader more than it helps itself);\n"
	"                        default greedy\n"
	"  -r, --rule KEY=VALUE  override a rule of the pack: apply-to=self|anyone,\n"
	"                        swap-across=none|two-sequences|three-sequences,\n"
	"                        swap-within=true|false, win=ascending|never-descending,\n"
	"                        freeze-tokens=N, reshuffle=true|false (shuffle the\n"
	"                        face-down discards into a new draw pile when it runs\n"
	"                        out; otherwise the game goes on without drawing),\n"
	"                        opening=face-up|discard|none (player k draws k cards\n"
	"                        on the first turn and keeps one; the others go face\n"
	"                        up, or are discarded; none: an ordinary first turn);\n"
	"                        repeatable\n"
	"      --max-turns N     turns before a game ends as a timeout (default 1000)\n"
	"      --compare PACK2   also play PACK2 the same way, show both side by side and\n"
	"                        say which is fairer and which faster\n"
	"  -j, --json            the report as JSON (timing only under \"timing\")\n"
	"      --plot FILE       draw the length histogram and seat win rates;\n"
	"                        SVG, PDF or PNG by the extension\n"
	"  -T, --trace G         play only game G of the series (0-based) and print it\n"
	"                        turn by turn instead of a report\n"
	"  -q, --quiet           no progress bar (it is shown only on a terminal anyway)\n"
	"  -h, --help            this help\n"
	"  -V, --version         the version\n\n"
	"The game: each player is dealt the census and arranges it descending (wild\n"
	"cards first; a grid row by row). A turn is: optionally freeze one own card\n"
	"(freeze-tokens, §11), then either draw the top card and put it in place of one\n"
	"own card (the replaced card goes face up), or take a face-up card, discard it\n"
	"and use its ability (on an opponent too with apply-to: anyone). Two face-up\n"
	"cards with the same ability are both discarded; cards without an ability are\n"
	"discarded. A removal (→ X) discards the card and fills the space from the draw\n"
	"pile. After each move the mover, then any sequence the move touched, wins when\n"
	"ascending (or never-descending); a wild card stands for the smallest number of\n"
	"the pack that fits. No winner after --max-turns turns is a timeout; a round in\n"
	"which nobody can move ends the game as stalled.\n\n"
	"exit status: 0 done, 2 invalid input or usage, 3 the plot could not be written.\n";

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
	const char *compare, *plot;
	bool json, quiet;
	long trace;        /* game to trace, or -1 */
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
	struct sim_summary sum;
	double seconds;
};

/* ---- options ---- */

static bool parse_bool(const char *v, bool *out)
{
	if (strcmp(v, "true") == 0 || strcmp(v, "yes") == 0 || strcmp(v, "on") == 0)
		*out = true;
	else if (strcmp(v, "false") == 0 || strcmp(v, "no") == 0 || strcmp(v, "off") == 0)
		*out = false;
	else
		return false;
	return true;
}

/* Apply one --rule KEY=VALUE; reports and returns false when it is not one. */
static bool apply_rule(const char *arg, struct sim_rules *r, int census)
{
	const char *eq = strchr(arg, '=');
	if (!eq) {
		diag(SEV_ERROR, NULL, "--rule '%s': expected KEY=VALUE (see 'railyard simulate --help')", arg);
		return false;
	}
	size_t kl = (size_t)(eq - arg);
	const char *v = eq + 1;
#define KEY(k) (kl == strlen(k) && strncmp(arg, k, kl) == 0)
	if (KEY("apply-to")) {
		if (strcmp(v, "self") == 0)
			r->apply_to = APPLY_SELF;
		else if (strcmp(v, "anyone") == 0)
			r->apply_to = APPLY_ANYONE;
		else
			goto bad;
	} else if (KEY("swap-across")) {
		if (strcmp(v, "none") == 0)
			r->swap_across = ACROSS_NONE;
		else if (strcmp(v, "two-sequences") == 0)
			r->swap_across = ACROSS_TWO;
		else if (strcmp(v, "three-sequences") == 0)
			r->swap_across = ACROSS_THREE;
		else
			goto bad;
	} else if (KEY("swap-within")) {
		if (!parse_bool(v, &r->swap_within))
			goto bad;
	} else if (KEY("win")) {
		if (strcmp(v, "ascending") == 0)
			r->win = WIN_ASCENDING;
		else if (strcmp(v, "never-descending") == 0)
			r->win = WIN_NEVER_DESCENDING;
		else
			goto bad;
	} else if (KEY("freeze-tokens")) {
		long n;
		if (parse_int(v, 0, census, &n) != 0) {
			diag(SEV_ERROR, NULL, "--rule freeze-tokens: expected 0..%d (the spaces a player has), "
			     "not '%s'", census, v);
			return false;
		}
		r->freeze_tokens = (int)n;
	} else if (KEY("reshuffle")) {
		if (!parse_bool(v, &r->reshuffle))
			goto bad;
	} else if (KEY("opening")) {
		int op = sim_opening_parse(v);
		if (op < 0)
			goto bad;
		r->opening = (enum sim_opening)op;
	} else {
		diag(SEV_ERROR, NULL, "--rule '%.*s': unknown rule; the rules are apply-to, swap-across, "
		     "swap-within, win, freeze-tokens, reshuffle, opening", (int)kl, arg);
		return false;
	}
#undef KEY
	return true;
bad:
	diag(SEV_ERROR, NULL, "--rule %.*s: '%s' is not one of its values (see 'railyard simulate "
	     "--help')", (int)kl, arg, v);
	return false;
}

/* --players N or N,N,...: each count once, in the order given. */
static bool parse_counts(const char *arg, struct sim_opts *o)
{
	char *copy = xstrdup(arg), *save = NULL;
	bool ok = true;
	o->ncounts = 0;
	for (char *t = strtok_r(copy, ",", &save); t && ok; t = strtok_r(NULL, ",", &save)) {
		long v;
		if (parse_int(t, 1, SIM_MAX_PLAYERS, &v) != 0) {
			diag(SEV_ERROR, NULL, "--players must be 1..%d (or a list such as 2,3,4), not '%s'",
			     SIM_MAX_PLAYERS, arg);
			ok = false;
			break;
		}
		for (int k = 0; k < o->ncounts; k++)
			if (o->counts[k] == v) {
				diag(SEV_ERROR, NULL, "--players %s names %ld twice", arg, v);
				ok = false;
			}
		if (ok)
			o->counts[o->ncounts++] = (int)v;
	}
	if (ok && !o->ncounts) {
		diag(SEV_ERROR, NULL, "--players must be 1..%d (or a list such as 2,3,4), not '%s'",
		     SIM_MAX_PLAYERS, arg);
		ok = false;
	}
	free(copy);
	return ok;
}

static bool parse_policies(const char *arg, struct sim_opts *o)
{
	char *copy = xstrdup(arg), *save = NULL;
	bool ok = true;
	o->npolicy = 0;
	for (char *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		int p = sim_policy_parse(t);
		if (p < 0) {
			diag(SEV_ERROR, NULL, "--policy: unknown policy '%s'; the policies are random, greedy, "
			     "spoiler", t);
			ok = false;
			continue;
		}
		if (o->npolicy == SIM_MAX_PLAYERS) {
			diag(SEV_ERROR, NULL, "--policy: more than %d seats", SIM_MAX_PLAYERS);
			ok = false;
			break;
		}
		o->policy[o->npolicy++] = (enum sim_policy)p;
	}
	if (ok && o->npolicy == 0) {
		diag(SEV_ERROR, NULL, "--policy: expected a policy name or a comma-separated list");
		ok = false;
	}
	free(copy);
	return ok;
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
	for (;;) {
		long first = atomic_fetch_add(&sh->next, CHUNK);
		if (first >= sh->games)
			break;
		long last = first + CHUNK < sh->games ? first + CHUNK : sh->games;
		for (long g = first; g < last; g++)
			sim_play(w, sh->seed, (uint64_t)g, &ta->stats);
		atomic_fetch_add(&sh->done, last - first);
	}
	sim_worker_free(w);
	return NULL;
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void progress(const char *what, long done, long total)
{
	int width = 40, fill = total ? (int)(width * done / total) : width;
	fprintf(stderr, "\r%-28.28s [", what);
	for (int i = 0; i < width; i++)
		fputc(i < fill ? '#' : '.', stderr);
	fprintf(stderr, "] %ld/%ld", done, total);
	fflush(stderr);
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
	double t0 = now();
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
		while (atomic_load(&sh.done) < o->games) {
			progress(se->pack->id, atomic_load(&sh.done), o->games);
			struct timespec d = {0, 100000000};
			nanosleep(&d, NULL);
		}
		progress(se->pack->id, o->games, o->games);
		fputc('\n', stderr);
	}
	sim_stats_init(&se->stats, se->setup);
	for (int i = 0; i < T; i++) {
		if (started && tid[i])
			pthread_join(tid[i], NULL);
		sim_stats_add(&se->stats, &ta[i].stats);
		sim_stats_free(&ta[i].stats);
	}
	se->seconds = now() - t0;
	free(tid);
	free(ta);
	sim_summarize(&se->stats, &se->sum);
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
	sim_rules_from_pack(p, &se->rules);
	se->rules.max_turns = (int)o->max_turns;
	bool ok = true;
	for (int i = 0; i < o->nrules; i++)
		ok &= apply_rule(o->rules[i], &se->rules, p->layout.census);
	if (!ok)
		return false;
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

static double pct(uint64_t part, uint64_t whole)
{
	return whole ? 100.0 * (double)part / (double)whole : 0;
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
	printf("completion: %.4f (%llu won, %llu timed out, %llu stalled)\n", s->completion,
	       (unsigned long long)s->completed,
	       (unsigned long long)(s->games - s->completed - st->stalled), (unsigned long long)st->stalled);
	printf("win rate by seat (95%% interval):\n");
	for (int i = 0; i < o->players; i++)
		printf("  seat %-2d %.4f  [%.4f, %.4f]  %llu wins\n", i + 1, s->win_rate[i], s->ci_lo[i],
		       s->ci_hi[i], (unsigned long long)st->wins[i]);
	printf("balance: %.4f\n", s->balance);
	if (s->completed)
		printf("length (turns, won games): mean %.2f, sd %.2f, p10 %d, p50 %d, p90 %d, min %d, max %d; "
		       "rounds: mean %.2f\n", s->mean, s->sd, s->p10, s->p50, s->p90, s->min, s->max,
		       s->mean / o->players);
	else
		printf("length: no game was won\n");
	uint64_t moves = st->draws + st->on_self + st->on_opponent + st->across;
	printf("moves: %.1f%% draws, %.1f%% abilities on oneself, %.1f%% on an opponent, %.1f%% across "
	       "sequences; %llu freezes, %llu reshuffles\n", pct(st->draws, moves), pct(st->on_self, moves),
	       pct(st->on_opponent, moves), pct(st->across, moves), (unsigned long long)st->freezes,
	       (unsigned long long)st->reshuffles);
	size_t k = p->abilities.n;
	if (!k)
		return;
	size_t w = 7;
	for (size_t a = 0; a < k; a++) {
		size_t chars = 0;
		for (const char *c = p->abilities.v[a].symbolic; *c; c++)
			chars += ((unsigned char)*c & 0xC0) != 0x80;
		if (chars > w)
			w = chars;
	}
	printf("abilities (used; by the player who went on to win; that share; winning moves):\n");
	printf("  %-*s %10s %10s %7s %9s\n", (int)w, "ability", "used", "by winner", "share", "won with");
	for (size_t a = 0; a < k; a++) {
		const char *sym = p->abilities.v[a].symbolic;
		size_t chars = 0;
		for (const char *c = sym; *c; c++)
			chars += ((unsigned char)*c & 0xC0) != 0x80;
		printf("  %s%*s %10llu %10llu %6.1f%% %9llu\n", sym, (int)(w - chars), "",
		       (unsigned long long)st->used[a], (unsigned long long)st->used_by_winner[a],
		       pct(st->used_by_winner[a], st->used[a]), (unsigned long long)st->won_with[a]);
	}
}

static void print_time(const struct series *se, int threads)
{
	printf("time: %.2f s on %d thread%s, %.0f games/s\n", se->seconds, threads, threads == 1 ? "" : "s",
	       se->seconds > 0 ? (double)se->sum.games / se->seconds : 0);
}

static const char *faster_fairer(double a, double b, bool lower_better)
{
	if (a == b)
		return "=";
	return (lower_better ? a < b : a > b) ? "<-" : "->";
}

/* Fairer: the larger balance, but only when the gap exceeds what chance
 * explains (the widest seat interval of either series). Faster: the smaller
 * mean length, likewise beyond three standard errors of the difference. */
static void verdicts(const struct series *a, const struct series *b, int players, char *fair,
		     char *fast, size_t len)
{
	double noise = 0;
	for (int i = 0; i < players; i++) {
		double h1 = a->sum.ci_hi[i] - a->sum.ci_lo[i], h2 = b->sum.ci_hi[i] - b->sum.ci_lo[i];
		noise = fmax(noise, fmax(h1, h2));
	}
	double gap = a->sum.balance - b->sum.balance;
	if (fabs(gap) <= noise)
		snprintf(fair, len, "neither (balance %.4f vs %.4f: the gap is within the seats' 95%% "
			 "intervals, %.4f wide)", a->sum.balance, b->sum.balance, noise);
	else
		snprintf(fair, len, "%s (balance %.4f vs %.4f)", gap > 0 ? a->pack->id : b->pack->id,
			 a->sum.balance, b->sum.balance);
	if (!a->sum.completed || !b->sum.completed) {
		snprintf(fast, len, "unknown (a pack had no won game)");
		return;
	}
	double se = sqrt(a->sum.sd * a->sum.sd / (double)a->sum.completed +
			 b->sum.sd * b->sum.sd / (double)b->sum.completed);
	double d = a->sum.mean - b->sum.mean;
	if (fabs(d) <= 3 * se)
		snprintf(fast, len, "neither (mean %.2f vs %.2f turns: within 3 standard errors, %.2f)",
			 a->sum.mean, b->sum.mean, 3 * se);
	else
		snprintf(fast, len, "%s (mean %.2f vs %.2f turns)", d < 0 ? a->pack->id : b->pack->id,
			 a->sum.mean, b->sum.mean);
}

static void print_comparison(const struct series *a, const struct series *b, const struct sim_opts *o)
{
	printf("\ncomparison, %d players         %-24s %-24s\n", o->players, a->pack->id, b->pack->id);
	printf("  %-28s %-24.4f %-24.4f %s\n", "completion", a->sum.completion, b->sum.completion,
	       faster_fairer(a->sum.completion, b->sum.completion, false));
	printf("  %-28s %-24.4f %-24.4f %s\n", "balance", a->sum.balance, b->sum.balance,
	       faster_fairer(a->sum.balance, b->sum.balance, false));
	for (int i = 0; i < o->players; i++) {
		char what[32];
		snprintf(what, sizeof what, "win rate, seat %d", i + 1);
		printf("  %-28s %-24.4f %-24.4f\n", what, a->sum.win_rate[i], b->sum.win_rate[i]);
	}
	printf("  %-28s %-24.2f %-24.2f %s\n", "length mean (turns)", a->sum.mean, b->sum.mean,
	       faster_fairer(a->sum.mean, b->sum.mean, true));
	printf("  %-28s %-24d %-24d\n", "length p50", a->sum.p50, b->sum.p50);
	printf("  %-28s %-24d %-24d\n", "length p90", a->sum.p90, b->sum.p90);
	char fair[256], fast[256];
	verdicts(a, b, o->players, fair, fast, sizeof fair);
	printf("fairer: %s\nfaster: %s\n", fair, fast);
}

/* One line per player count: which pack is fairer and which faster. */
static void print_summary(const struct series *se, const struct sim_opts *o)
{
	printf("\nsummary: %s vs %s\n", se[0].pack->id, se[1].pack->id);
	for (int k = 0; k < o->ncounts; k++) {
		char fair[256], fast[256];
		verdicts(&se[2 * k], &se[2 * k + 1], o->counts[k], fair, fast, sizeof fair);
		printf("  %d players: fairer: %s; faster: %s\n", o->counts[k], fair, fast);
	}
}

static void json_num(FILE *f, double v)
{
	if (isfinite(v))
		fprintf(f, "%.6g", v);
	else
		fputs("null", f);
}

static void print_json_series(const struct series *se, const struct sim_opts *o, const char *ind)
{
	const struct pack *p = se->pack;
	const struct sim_stats *st = &se->stats;
	const struct sim_summary *s = &se->sum;
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
	printf("%s  \"seed\": %llu,\n%s  \"games\": %llu,\n%s  \"completed\": %llu,\n%s  \"timeouts\": %llu,\n"
	       "%s  \"stalled\": %llu,\n%s  \"completion\": ", ind, (unsigned long long)o->seed, ind,
	       (unsigned long long)s->games, ind, (unsigned long long)s->completed, ind,
	       (unsigned long long)(s->games - s->completed - st->stalled), ind, (unsigned long long)st->stalled, ind);
	json_num(stdout, s->completion);
	printf(",\n%s  \"wins\": [", ind);
	for (int i = 0; i < o->players; i++)
		printf("%s%llu", i ? ", " : "", (unsigned long long)st->wins[i]);
	printf("],\n%s  \"win_rate\": [", ind);
	for (int i = 0; i < o->players; i++) {
		printf("%s", i ? ", " : "");
		json_num(stdout, s->win_rate[i]);
	}
	printf("],\n%s  \"win_rate_ci\": [", ind);
	for (int i = 0; i < o->players; i++) {
		printf("%s[", i ? ", " : "");
		json_num(stdout, s->ci_lo[i]);
		printf(", ");
		json_num(stdout, s->ci_hi[i]);
		printf("]");
	}
	printf("],\n%s  \"balance\": ", ind);
	json_num(stdout, s->balance);
	printf(",\n%s  \"length\": {\"mean\": ", ind);
	if (s->completed) {
		json_num(stdout, s->mean);
		printf(", \"sd\": ");
		json_num(stdout, s->sd);
		printf(", \"p10\": %d, \"p50\": %d, \"p90\": %d, \"min\": %d, \"max\": %d},\n", s->p10,
		       s->p50, s->p90, s->min, s->max);
	} else {
		/* no game was won: no lengths to describe */
		printf("null, \"sd\": null, \"p10\": null, \"p50\": null, \"p90\": null, \"min\": null, "
		       "\"max\": null},\n");
	}
	printf("%s  \"moves\": {\"draws\": %llu, \"on_self\": %llu, \"on_opponent\": %llu, \"across\": %llu, "
	       "\"freezes\": %llu, \"reshuffles\": %llu},\n", ind, (unsigned long long)st->draws,
	       (unsigned long long)st->on_self, (unsigned long long)st->on_opponent,
	       (unsigned long long)st->across, (unsigned long long)st->freezes,
	       (unsigned long long)st->reshuffles);
	printf("%s  \"abilities\": {", ind);
	for (size_t a = 0; a < p->abilities.n; a++) {
		printf("%s\n%s    ", a ? "," : "", ind);
		json_str(stdout, p->abilities.v[a].code);
		printf(": {\"ability\": ");
		json_str(stdout, p->abilities.v[a].symbolic);
		printf(", \"used\": %llu, \"used_by_winner\": %llu, \"won_with\": %llu}",
		       (unsigned long long)st->used[a], (unsigned long long)st->used_by_winner[a],
		       (unsigned long long)st->won_with[a]);
	}
	printf("%s},\n", p->abilities.n ? "\n  " : "");
	printf("%s  \"timing\": {\"seconds\": %.3f, \"threads\": %d, \"games_per_second\": %.0f}", ind,
	       se->seconds, o->threads, se->seconds > 0 ? (double)s->games / se->seconds : 0);
}

static int write_plot(const struct series *se, int npk, const struct sim_opts *o)
{
	struct sim_plot_series ps[2 * SIM_MAX_PLAYERS];
	for (int i = 0; i < npk * o->ncounts; i++) {
		ps[i].label = se[i].pack->id;
		ps[i].stats = &se[i].stats;
		ps[i].sum = &se[i].sum;
	}
	char err[512];
	if (sim_plot_write(o->plot, ps, npk, o->ncounts, o->counts, err, sizeof err) != 0) {
		diag(SEV_ERROR, NULL, "--plot %s: %s", o->plot, err);
		return EXIT_OUTPUT;
	}
	return EXIT_OK;
}

int cmd_simulate(int argc, char **argv)
{
	static const struct option longopts[] = {
		{"players", required_argument, NULL, 'n'},
		{"games", required_argument, NULL, 'g'},
		{"seed", required_argument, NULL, 's'},
		{"threads", required_argument, NULL, 't'},
		{"policy", required_argument, NULL, 'P'},
		{"rule", required_argument, NULL, 'r'},
		{"max-turns", required_argument, NULL, 'm'},
		{"compare", required_argument, NULL, 'c'},
		{"json", no_argument, NULL, 'j'},
		{"plot", required_argument, NULL, 'o'},
		{"quiet", no_argument, NULL, 'q'},
		{"trace", required_argument, NULL, 'T'},
		{"help", no_argument, NULL, 'h'},
		{"version", no_argument, NULL, 'V'},
		{NULL, 0, NULL, 0},
	};
	struct sim_opts o = {.games = 10000, .seed = 1, .max_turns = 1000, .npolicy = 1,
			     .policy = {POLICY_GREEDY}, .trace = -1};
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	o.threads = cores > 0 ? (int)(cores < 64 ? cores : 64) : 1;
	bool ok = true;
	long v;
	int c;
	optind = 1;
	while ((c = cli_next(argc, argv, longopts)) != -1) {
		switch (c) {
		case 'n':
			ok &= parse_counts(optarg, &o);
			break;
		case 'g':
			if (parse_int(optarg, 1, 1000000000L, &o.games) != 0) {
				diag(SEV_ERROR, NULL, "--games must be 1..1000000000, not '%s'", optarg);
				ok = false;
			}
			break;
		case 's': {
			char *end;
			errno = 0;
			unsigned long long s = strtoull(optarg, &end, 10);
			if (!*optarg || *end || errno || optarg[0] == '-') {
				diag(SEV_ERROR, NULL, "--seed must be a whole number 0..%llu, not '%s'",
				     (unsigned long long)UINT64_MAX, optarg);
				ok = false;
			}
			o.seed = (uint64_t)s;
			break;
		}
		case 't':
			if (parse_int(optarg, 1, 256, &v) != 0) {
				diag(SEV_ERROR, NULL, "--threads must be 1..256, not '%s'", optarg);
				ok = false;
			}
			o.threads = (int)v;
			break;
		case 'P': o.policy_arg = optarg; break;
		case 'r':
			if (o.nrules == MAX_RULES) {
				diag(SEV_ERROR, NULL, "--rule: at most %d", MAX_RULES);
				ok = false;
			} else {
				o.rules[o.nrules++] = optarg;
			}
			break;
		case 'm':
			if (parse_int(optarg, 1, SIM_MAX_TURNS, &o.max_turns) != 0) {
				diag(SEV_ERROR, NULL, "--max-turns must be 1..%d, not '%s'", SIM_MAX_TURNS, optarg);
				ok = false;
			}
			break;
		case 'c': o.compare = optarg; break;
		case 'j': o.json = true; break;
		case 'o': o.plot = optarg; break;
		case 'q': o.quiet = true; break;
		case 'T':
			if (parse_int(optarg, 0, 1000000000L, &o.trace) != 0) {
				diag(SEV_ERROR, NULL, "--trace must be a game number 0..1000000000, not '%s'", optarg);
				ok = false;
			}
			break;
		case 'h': fputs(simulate_usage, stdout); return EXIT_OK;
		case 'V': return cli_version();
		default: fputs(simulate_usage, stderr); return EXIT_INPUT;
		}
	}
	if (optind != argc - 1) {
		diag(SEV_ERROR, NULL, "simulate takes one pack file (see 'railyard simulate --help')");
		ok = false;
	}
	if (!o.ncounts) {
		diag(SEV_ERROR, NULL, "--players N is needed (how many seats to play)");
		ok = false;
	}
	if (o.policy_arg && !parse_policies(o.policy_arg, &o))
		ok = false;
	for (int k = 0; ok && k < o.ncounts; k++)
		if (o.npolicy != 1 && o.npolicy != o.counts[k]) {
			diag(SEV_ERROR, NULL, "--policy names %d policies for %d players: give one for every seat, "
			     "or one for all", o.npolicy, o.counts[k]);
			ok = false;
		}
	if (o.plot && !sim_plot_format(o.plot)) {
		diag(SEV_ERROR, NULL, "--plot %s: the file name must end in .svg, .pdf or .png", o.plot);
		ok = false;
	}
	if (!ok)
		return EXIT_INPUT;

	int npk = o.compare ? 2 : 1, nse = o.ncounts * npk;
	struct series *se = xcalloc((size_t)nse, sizeof *se);
	int status = EXIT_OK, prepared = 0;
	for (int k = 0; k < o.ncounts; k++) {
		o.players = o.counts[k];
		for (int j = 0; j < npk; j++) {
			bool ready = prepare(&se[prepared++], j ? o.compare : argv[optind], &o);
			if (!ready) {
				status = EXIT_INPUT;
				goto out;
			}
		}
	}
	if (o.trace >= 0) {
		struct buf log = {0};
		struct sim_worker *w = sim_worker_new(se[0].setup);
		sim_worker_trace(w, &log);
		sim_play(w, o.seed, (uint64_t)o.trace, NULL);
		fputs(log.s, stdout);
		sim_worker_free(w);
		buf_free(&log);
		goto out;
	}
	bool bar = !o.quiet && isatty(2);
	for (int i = 0; i < nse; i++)
		run_series(&se[i], &o, bar);
	if (o.json && o.ncounts > 1)
		printf("{\n  \"runs\": [\n");
	for (int k = 0; k < o.ncounts; k++) {
		struct series *row = &se[k * npk];
		o.players = o.counts[k];
		if (o.json) {
			if (k)
				printf(",\n");
			print_json_series(&row[0], &o, "");
			if (npk == 2) {
				printf(",\n  \"compare\": ");
				print_json_series(&row[1], &o, "  ");
				printf("\n  }");
			}
			printf("\n}");
			continue;
		}
		for (int j = 0; j < npk; j++) {
			if (k || j)
				putchar('\n');
			print_text(&row[j], &o);
			print_time(&row[j], o.threads);
		}
		if (npk == 2)
			print_comparison(&row[0], &row[1], &o);
	}
	if (o.json)
		printf(o.ncounts > 1 ? "\n  ]\n}\n" : "\n");
	else if (npk == 2 && o.ncounts > 1)
		print_summary(se, &o);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		diag(SEV_ERROR, NULL, "could not write the report");
		status = EXIT_OUTPUT;
	}
	if (o.plot && status == EXIT_OK)
		status = write_plot(se, npk, &o);
out:
	for (int i = 0; i < prepared; i++)
		series_free(&se[i]);
	free(se);
	return status;
}

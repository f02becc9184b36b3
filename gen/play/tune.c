/* tune.c: `railyard tune` and `railyard merge` (tune.h): the options, the
 * variants, the race on several threads, shards and their merge. The report
 * is tune_report.c's; the space and the variants' trees tune_space.c's. */
#define _GNU_SOURCE   /* sysconf(_SC_NPROCESSORS_ONLN) */
#include <errno.h>
#include <malloc.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
/* the sanitizer's runtime (sanitizer/allocator_interface.h, which gcc lacks) */
size_t __sanitizer_get_current_allocated_bytes(void);
#endif

#include "cli.h"
#include "diag.h"
#include "game.h"
#include "names.h"
#include "opt.h"
#include "output.h"
#include "simplot.h"
#include "series.h"
#include "shard.h"
#include "stats.h"
#include "tune.h"
#include "tune_report.h"

enum { O_VARY = 256, O_SEED, O_GAMES, O_BUDGET, O_COMPLETION, O_LENGTH, O_FIRST, O_MAXT, O_THREADS, O_EXH, O_PLOT,
       O_WRITE, O_SHARD, O_TOL, O_OBJECTIVE, O_REQUIRE, O_SKILL_LEVELS };

static const struct opt tune_rows[] = {
	OPT_TEXT(
		"usage: railyard tune PACK.yaml [--vary KEY=V1,V2,... | --vary KEY=LO..HI]... [OPTIONS]\n"
		"\n"
		"Search the variants of a pack for the fairest one. The space is the pack's\n"
		"'tune:' mapping (KEY: [values] or KEY: \"LO..HI\"), or the --vary options\n"
		"instead; KEY is a pack key (wild, copies, cards, census, abilities, players)\n"
		"or rules.KEY, and every combination of values is a variant, loaded through\n"
		"the game's own loader. The objective: completion (games with a single winner) at\n"
		"least --completion at every player count (else the variant stalls and is\n"
		"never chosen), then the highest balance (N x the least-winning seat's share\n"
		"of the games with a single winner, with its 95% interval; the worst over the\n"
		"player counts).\n"
		"Variants are raced: games go in rounds to the variants and counts still in\n"
		"question. A variant is dropped as worse only when it is worse than one sure to\n"
		"meet the objective with the race's family-wise error at most 0.05: each round\n"
		"spends part of it, Holm's step-down over that round's comparisons, each from\n"
		"one-sided Wilson bounds of every seat's share (valid however the variants'\n"
		"games depend on each other); a variant that stalls or breaks a constraint with\n"
		"confidence is dropped too. A tie is a variant not shown worse than the best.\n"
		"Game g of every variant is dealt from the same seed (common random numbers).\n"
		"\n"),
	OPT("vary", O_VARY, "KEY=VALUES",
		"values separated by commas (YAML: [swap],[remove,swap]),\n"
		"whole-number ranges LO..HI among them (1..3,5);\n"
		"repeatable; replaces the pack's tune:"),
	OPT("players", 'n', "LIST",
		"the player counts to judge, 2..5 or 2,3,4 (default: the\n"
		"counts of the pack's players table)"),
	OPT("seed", O_SEED, "S", "the seed of every series (default 1)"),
	OPT("games", O_GAMES, "G",
		"games at most for one variant at one count (default\n"
		"32768, rounded up to a multiple of 256)"),
	OPT("budget", O_BUDGET, "B",
		"games in all (a number), or seconds (30s); a budget in\n"
		"seconds depends on the machine's speed"),
	OPT("tolerance", O_TOL, "D",
		"balances closer than D are as fair (default 0.05): the\n"
		"race ends when no live variant can beat the best by more\n"
		"at the race's error; 0 races the ties to --games; with\n"
		"one --objective, in its unit; with several, unused"),
	OPT_VALUES("objective", O_OBJECTIVE, "NAME[=T]",
		"\n"
		"what is optimized, repeatable (default balance):\n"
		"balance, completion (higher is better), length=T or\n"
		"length=LO..HI (the median length's distance from the\n"
		"target, in the report's unit), first-seat (seat 1's\n"
		"share less 1/N, its distance from 0), skill (the\n"
		"stronger of --skill-levels in one seat against the\n"
		"weaker, seats rotated, rescaled as simulate --skill:\n"
		"0 a lottery, 1 it always wins); several give the\n"
		"Pareto front: the race drops a variant only when one\n"
		"sure to meet the requirements is shown better on every\n"
		"objective; the chosen is the front's best on the first", "@goal:--objective"),
	OPT_VALUES("require", O_REQUIRE, "KEY=RANGE",
		"a requirement at every count, repeatable: RANGE LO..HI,\n"
		"LO.. or ..HI (length=20..40, completion=0.9..,\n"
		"balance=0.95..); a variant is dropped as failing it only\n"
		"when its interval lies wholly outside at the race's\n"
		"error, chosen only when its 95% interval lies inside\n"
		"(else it stays undecided)", "@goal:--require"),
	OPT("skill-levels", O_SKILL_LEVELS, "WEAK,STRONG",
		"\n"
		"the players of skill (default greedy,mcts:64): each\n"
		"256 games of a count also play 16 deals, each once\n"
		"with STRONG in every seat and WEAK in the others:\n"
		"simulate --skill --skill-levels WEAK,STRONG's series;\n"
		"played only when skill is an objective or required"),
	OPT("completion", O_COMPLETION, "P", "the share of games that must end (default 0.95)"),
	OPT("length", O_LENGTH, "LO..HI", "constraint: the median length in rounds at every count"),
	OPT("first-seat", O_FIRST, "X",
		"constraint: seat 1's share of the games with a single\n"
		"winner at most X above 1/N"),
	OPT("max-turns", O_MAXT, "N",
		"a game longer than N turns is a timeout (default 1000);\n"
		"--max-length N is its other name, as in simulate"),
	OPT_VALUES("policy", 'P', "NAME",
		"every seat's policy, as simulate's: random, greedy,\n"
		"mcts:N (default greedy)", "@words:--policy"),
	OPT("threads", O_THREADS, "T", "threads (default: the cores); the report is the same"),
	OPT("exhaustive", O_EXH, NULL, "no racing: every variant and count plays --games"),
	OPT("json", 'j', NULL, "the report as JSON"),
	OPT_VALUES("plot", O_PLOT, "FILE",
		"balance with its interval per variant (SVG, PDF, PNG);\n"
		"with --objective, the front: the first two objectives\n"
		"(one: against balance) with their intervals", "@file"),
	OPT("write", O_WRITE, "OUT.yaml", "the chosen variant as a pack, comments kept"),
	OPT("shard", O_SHARD, "K/N",
		"play the K-th of N exact slices of the whole grid and\n"
		"write its counts into -o DIR; 'railyard merge' joins them\n"
		"(with --objective and --require too, and the skill games)"),
	OPT_VALUES("output", 'o', "DIR", "the folder of --shard's counts", "@dir"),
	OPT("quiet", 'q', NULL, "no progress on stderr"),
	OPT("help", 'h', NULL, ""), OPT("version", 'V', NULL, ""),
	OPT_TEXT(
		"\n"
		"exit status: 0 a variant was chosen, 1 none meets the objective (or is shown\n"
		"to meet every --require), 2 invalid input or usage (or no variant loads), 3 an\n"
		"output could not be written.\n"),
	OPT("max-length", O_MAXT, "N", NULL),   /* --max-turns' other name */
	OPT_END,
};

const struct opt_table tune_options = {"tune", 26, tune_rows};

static const struct opt merge_rows[] = {
	OPT_TEXT(
		"usage: railyard merge DIR... [--json] [--plot FILE]\n"
		"\n"
		"Join the shards of one 'railyard tune --shard K/N -o DIR' search (every K of 1..N\n"
		"once, from the same pack and options, --objective and --require among them) and\n"
		"print the report a single run prints, byte for byte. Each shard names its\n"
		"railyard and hashes of the pack and the space: shards of another railyard, pack\n"
		"version, space or options are refused, naming which; a damaged or cut shard is\n"
		"refused at its file:line:column.\n"
		"\n"),
	OPT("json", 'j', NULL, "the report as JSON"),
	OPT_VALUES("plot", O_PLOT, "FILE", "balance with its interval per variant (SVG, PDF, PNG)", "@file"),
	OPT("quiet", 'q', NULL, "no progress on stderr"),
	OPT("help", 'h', NULL, ""), OPT("version", 'V', NULL, ""),
	OPT_TEXT(
		"\n"
		"exit status: 0 a variant was chosen, 1 none meets the objective, 2 invalid\n"
		"input (a shard missing, twice, damaged or from another search), 3 the plot could not\n"
		"be written.\n"),
	OPT_END,
};

const struct opt_table merge_options = {"merge", 26, merge_rows};

struct opts {
	char *vary[TUNE_MAX_KEYS + 1];
	size_t nvary;
	const char *policy, *plot, *write, *outdir, *skill_levels;
	int threads;
	long shard_k, shard_n;
	bool json, quiet, players_given;
};

/* ---- options ---- */

/* "LO..HI" or "A,B,C": distinct counts in [lo, hi]. */
static bool parse_counts(const char *arg, struct tune_ctx *c)
{
	long lo, hi;
	const char *dots = strstr(arg, "..");
	c->ncounts = 0;
	if (dots) {
		char *a = xstrndup(arg, (size_t)(dots - arg));
		bool ok = parse_int(a, 1, TUNE_MAX_SEATS, &lo) == 0 && parse_int(dots + 2, 1, TUNE_MAX_SEATS, &hi) == 0 &&
			  lo <= hi;
		free(a);
		if (!ok) {
			diag(SEV_ERROR, NULL, "--players '%s': expected LO..HI with 1 <= LO <= HI <= %d", arg, TUNE_MAX_SEATS);
			return false;
		}
		for (long n = lo; n <= hi; n++)
			c->counts[c->ncounts++] = (int)n;
		return true;
	}
	char *copy = xstrdup(arg), *save = NULL;
	bool ok = true;
	for (char *t = strtok_r(copy, ",", &save); t && ok; t = strtok_r(NULL, ",", &save)) {
		long n;
		if (parse_count("--players", t, 1, TUNE_MAX_SEATS, &n) != 0) {
			ok = false;
			break;
		}
		for (int k = 0; k < c->ncounts; k++)
			if (c->counts[k] == n) {
				diag(SEV_ERROR, NULL, "--players %s names %ld twice", arg, n);
				ok = false;
			}
		if (ok && c->ncounts < TUNE_MAX_COUNTS)
			c->counts[c->ncounts++] = (int)n;
	}
	free(copy);
	if (ok && !c->ncounts) {
		diag(SEV_ERROR, NULL, "--players '%s': no player count", arg);
		ok = false;
	}
	return ok;
}

static bool parse_double(const char *opt, const char *arg, double lo, double hi, double *out)
{
	char *end;
	errno = 0;
	double v = strtod(arg, &end);
	if (!*arg || *end || errno || !(v >= lo && v <= hi)) {
		diag(SEV_ERROR, NULL, "%s must be a number %g..%g, not '%s'", opt, lo, hi, arg);
		return false;
	}
	*out = v;
	return true;
}

static bool parse_length(const char *arg, struct tune_ctx *c)
{
	const char *dots = strstr(arg, "..");
	if (dots) {
		char *a = xstrndup(arg, (size_t)(dots - arg));
		char *e1, *e2;
		double lo = strtod(a, &e1), hi = strtod(dots + 2, &e2);
		bool ok = *a && !*e1 && dots[2] && !*e2 && lo >= 0 && hi >= lo;
		free(a);
		if (ok) {
			c->len_lo = lo;
			c->len_hi = hi;
			return true;
		}
	}
	diag(SEV_ERROR, NULL, "--length '%s': expected LO..HI rounds (20..35)", arg);
	return false;
}

static bool parse_budget(const char *arg, struct tune_ctx *c)
{
	size_t n = strlen(arg);
	if (n > 1 && arg[n - 1] == 's') {
		char *num = xstrndup(arg, n - 1);
		bool ok = parse_double("--budget", num, 0.1, 1e7, &c->budget_secs);
		free(num);
		return ok;
	}
	if (parse_int(arg, 1, 1000000000000L, &c->budget) == 0)
		return true;
	diag(SEV_ERROR, NULL, "--budget must be games (500000) or seconds (30s), not '%s'", arg);
	return false;
}

static bool parse_shard(const char *arg, struct opts *o)
{
	const char *slash = strchr(arg, '/');
	if (slash) {
		char *a = xstrndup(arg, (size_t)(slash - arg));
		bool ok = parse_int(a, 1, 100000, &o->shard_k) == 0 && parse_int(slash + 1, 1, 100000, &o->shard_n) == 0 &&
			  o->shard_k <= o->shard_n;
		free(a);
		if (ok)
			return true;
	}
	diag(SEV_ERROR, NULL, "--shard '%s': expected K/N with 1 <= K <= N (3/8)", arg);
	return false;
}



/* After the options: --objective balance alone is the classic race; --require
 * alone races on balance. */
static void settle_goals(struct tune_ctx *c)
{
	if (c->ngoals == 1 && !c->nreqs && strcmp(c->goals[0].def->name, "balance") == 0) {
		free(c->goals[0].spec);
		c->ngoals = 0;
	}
	if (c->nreqs && !c->ngoals) {
		bool ok = tune_goal_parse("balance", false, &c->goals[0]);
		c->ngoals = ok;
	}
}

/* Skill among the goals: the levels (--skill-levels or the default) into
 * c->skill, checked against the engine's policies; --skill-levels without
 * skill is refused. false after reporting. */
static bool settle_skill(const struct tune_engine *e, const struct opts *o, struct tune_ctx *c)
{
	if (!tune_goal_skill(c)) {
		if (o->skill_levels)
			diag(SEV_ERROR, NULL, "--skill-levels is for --objective skill or --require skill=RANGE");
		return !o->skill_levels;
	}
	char err[256];
	const char *spec = o->skill_levels ? o->skill_levels : TUNE_SKILL_LEVELS;
	if (e->skill_levels(e, spec, &c->skill, err, sizeof err) != 0) {
		diag(SEV_ERROR, NULL, "--skill-levels %s", err);
		return false;
	}
	return true;
}

/* One option into o or c; false after reporting. */
static bool tune_option(int ch, struct opts *o, struct tune_ctx *c)
{
	long l;
	switch (ch) {
	case O_VARY:
		if (o->nvary == TUNE_MAX_KEYS) {
			diag(SEV_ERROR, NULL, "--vary: at most %d keys", TUNE_MAX_KEYS);
			return false;
		}
		o->vary[o->nvary++] = optarg;
		return true;
	case 'n': o->players_given = true; return parse_counts(optarg, c);
	case O_SEED: {
		char *end;
		errno = 0;
		unsigned long long s = strtoull(optarg, &end, 10);
		if (!*optarg || *end || errno || optarg[0] == '-') {
			diag(SEV_ERROR, NULL, "--seed must be a whole number, not '%s'", optarg);
			return false;
		}
		c->seed = s;
		return true;
	}
	case O_GAMES:
		if (parse_int(optarg, 1, 100000000L, &c->cap) != 0) {
			diag(SEV_ERROR, NULL, "--games must be 1..100000000, not '%s'", optarg);
			return false;
		}
		c->cap = (c->cap + TUNE_SEG - 1) / TUNE_SEG * TUNE_SEG;
		return true;
	case O_BUDGET: return parse_budget(optarg, c);
	case O_COMPLETION: return parse_double("--completion", optarg, 0, 1, &c->threshold);
	case O_LENGTH: return parse_length(optarg, c);
	case O_FIRST: return parse_double("--first-seat", optarg, 0, 1, &c->first_seat);
	case O_MAXT:
		if (parse_int(optarg, 1, 1000000, &l) != 0) {
			diag(SEV_ERROR, NULL, "--max-turns must be 1..1000000, not '%s'", optarg);
			return false;
		}
		c->horizon = (int)l;
		return true;
	case 'P': o->policy = optarg; return true;
	case O_THREADS: return series_threads_opt(optarg, &o->threads);
	case O_EXH: c->exhaustive = true; return true;
	case 'j': o->json = true; return true;
	case O_PLOT: o->plot = optarg; return true;
	case O_WRITE: o->write = optarg; return true;
	case O_SHARD: return parse_shard(optarg, o);
	case O_TOL: return parse_double("--tolerance", optarg, 0, 1, &c->tolerance);
	case 'o': o->outdir = cli_folder(optarg); return true;
	case 'q': o->quiet = true; return true;
	case O_OBJECTIVE: return tune_goal_add(c, optarg, false);
	case O_REQUIRE: return tune_goal_add(c, optarg, true);
	case O_SKILL_LEVELS: o->skill_levels = optarg; return true;
	default: return false;
	}
}

/* ---- the variants ---- */

static void cell_alloc(struct tune_ctx *c)
{
	for (size_t v = 0; v < c->nv; v++)
		for (int k = 0; k < c->ncounts; k++)
			c->v[v].cell[k].ended = xcalloc((size_t)c->horizon + 1, sizeof(uint64_t));
}

/* The variants are loaded while a round plays them, never all at once: one of
 * a large pack holds tens of MB, and a space up to 4096 of them. The variants
 * loaded at a time hold at most TUNE_RESIDENT_MB (their series included, as
 * the heap grew when each was loaded), or are twice the threads when those
 * weigh more; a round that plays more goes through them in batches of whole
 * variants, each loaded, played and freed; when they fit, they stay loaded
 * for the next round. A variant the race drops is freed. Each is loaded once
 * first, to report those that do not load and learn its weight. */
#define TUNE_RESIDENT_MB 64

struct loader {
	const struct tune_engine *e;
	const void *game;
	const struct tune_space *sp;
	const struct ydoc *base;
	const char *policy;
	size_t min_open;              /* variants loaded at once, however heavy */
	size_t *bytes;                /* each variant's weight, when it was last loaded */
	size_t open, held;            /* variants loaded now, their bytes */
};

/* The bytes the heap holds now (0 when unknown: every variant weighs 0). */
static size_t heap_bytes(void)
{
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
	return __sanitizer_get_current_allocated_bytes();
#elif defined(__GLIBC__) && __GLIBC_PREREQ(2, 33)
	struct mallinfo2 m = mallinfo2();
	return m.uordblks + m.hblkhd;
#else
	return 0;
#endif
}

/* Whether a batch holding bytes already, with nb variants, takes variant v. */
static bool batch_takes(const struct loader *ld, size_t nb, size_t bytes, size_t v)
{
	return nb < ld->min_open || bytes + ld->bytes[v] <= (size_t)TUNE_RESIDENT_MB << 20;
}

/* Variant v through the game's loader; its messages into *msgs (caller frees),
 * or dropped when msgs is NULL. */
static void *variant_load(const struct loader *ld, size_t v, char **msgs, size_t *len)
{
	struct ydoc *d = tune_space_variant(ld->sp, ld->base, v);
	char *text = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&text, &n);
	diag_set_stream(f);
	void *variant = ld->e->load(d, ld->game, ld->policy);
	diag_set_stream(stderr);
	fclose(f);
	ydoc_free(d);
	if (msgs) {
		*msgs = text;
		*len = n;
	} else {
		free(text);
	}
	return variant;
}

/* Whether a series can play the skill games (2 seats or more, the levels'
 * seats accepted by the engine); false with the reason in err. */
static bool skill_ready(const struct tune_engine *e, const struct tune_ctx *c, const void *series, int players,
			char *err, size_t errlen)
{
	uint64_t none[3] = {0};
	if (players < 2) {
		snprintf(err, errlen, "skill needs 2 players or more");
		return false;
	}
	return e->skill_play(e, series, c->skill, c->seed, 0, 0, none, err, errlen) == 0;
}

/* The series of loaded variant v at every count; a count it cannot be played
 * at makes it unplayable (never chosen). */
static void variant_series(const struct loader *ld, struct tune_ctx *c, size_t v)
{
	struct tune_var *tv = &c->v[v];
	for (int k = 0; k < c->ncounts; k++) {
		char err[256] = "";
		tv->cell[k].series = ld->e->series_new(tv->variant, c->counts[k], c->horizon, err, sizeof err);
		if (tv->cell[k].series && c->skill &&
		    !skill_ready(ld->e, c, tv->cell[k].series, c->counts[k], err, sizeof err)) {
			ld->e->series_free(tv->cell[k].series);
			tv->cell[k].series = NULL;
		}
		if (!tv->cell[k].series) {
			if (!tv->cell[k].unplayable)
				tv->cell[k].unplayable = xstrdup(err[0] ? err : "cannot be played");
			tv->state = TS_UNPLAYABLE;
		}
	}
}

/* Free variant v and its series, if loaded. */
static void variant_close(struct loader *ld, struct tune_ctx *c, size_t v)
{
	struct tune_var *tv = &c->v[v];
	if (!tv->variant)
		return;
	for (int k = 0; k < c->ncounts; k++) {
		if (tv->cell[k].series)
			ld->e->series_free(tv->cell[k].series);
		tv->cell[k].series = NULL;
	}
	ld->e->free(tv->variant);
	tv->variant = NULL;
	ld->open--;
	ld->held -= ld->bytes[v];
}

/* Variant v loaded with its series (again: it loaded when the race began).
 * Whether it can be played. */
static bool variant_open(struct loader *ld, struct tune_ctx *c, size_t v)
{
	struct tune_var *tv = &c->v[v];
	if (!tv->variant) {
		size_t before = heap_bytes();
		if (!(tv->variant = variant_load(ld, v, NULL, NULL))) {
			tv->state = TS_INVALID;   /* its files changed since */
			return false;
		}
		variant_series(ld, c, v);
		size_t after = heap_bytes();
		ld->bytes[v] = after > before ? after - before : 0;
		ld->open++;
		ld->held += ld->bytes[v];
	}
	return tv->state == TS_LIVE;
}

/* Load every variant once through the game's loader (the first `resident`
 * stay loaded). A variant that does not load is left out: its messages are
 * printed once for all the variants that share them, with the variants named.
 * The unit, and without --players the counts, are the first loaded variant's.
 * Returns how many load. */
static size_t load_variants(struct loader *ld, struct tune_ctx *c)
{
	const struct tune_space *sp = ld->sp;
	struct buf *msgs = xcalloc(c->nv, sizeof *msgs);
	size_t good = 0;
	for (size_t v = 0; v < c->nv; v++) {
		struct tune_var *tv = &c->v[v];
		struct buf b = {0};
		tune_space_label(sp, ld->base, v, false, &b);
		tv->differ = b.s;
		struct buf all = {0};
		tune_space_label(sp, ld->base, v, true, &all);
		tv->all = all.s;
		tv->json = tune_keys_json(sp, v);
		char *text = NULL;
		size_t len = 0;
		size_t before = heap_bytes();
		tv->variant = variant_load(ld, v, &text, &len);
		if (tv->variant) {
			if (!good && !c->unit)
				c->unit = xstrdup(ld->e->unit_of(tv->variant));
			if (!good && !c->ncounts)
				c->ncounts = ld->e->pack_counts(tv->variant, c->counts, TUNE_MAX_COUNTS);
			good++;
			variant_series(ld, c, v);
			size_t after = heap_bytes();
			ld->bytes[v] = after > before ? after - before : 0;
			bool keep = tv->state == TS_LIVE && batch_takes(ld, ld->open, ld->held, v);
			ld->open++;
			ld->held += ld->bytes[v];
			if (!keep)
				variant_close(ld, c, v);
		} else {
			tv->state = TS_INVALID;
			buf_add(&msgs[v], text, len);
		}
		free(text);
	}
	/* each distinct set of messages once, then the variants it left out */
	for (size_t v = 0; v < c->nv; v++) {
		if (c->v[v].state != TS_INVALID || !msgs[v].s)
			continue;
		fputs(msgs[v].s, stderr);
		struct buf names = {0};
		size_t n = 0;
		for (size_t u = v; u < c->nv; u++)
			if (c->v[u].state == TS_INVALID && msgs[u].s && strcmp(msgs[u].s, msgs[v].s) == 0) {
				if (n++ < 8)
					buf_printf(&names, "%s#%zu (%s)", n > 1 ? ", " : "", u + 1, c->v[u].all);
				if (u != v) {
					buf_free(&msgs[u]);
				}
			}
		if (n > 8)
			buf_printf(&names, " and %zu more", n - 8);
		diag(SEV_WARNING, NULL, "the pack does not load as variant%s %s: left out", n > 1 ? "s" : "", names.s);
		buf_free(&names);
		buf_free(&msgs[v]);
	}
	free(msgs);
	return good;
}

static void free_ctx(const struct tune_engine *e, struct tune_ctx *c)
{
	for (size_t v = 0; v < c->nv; v++) {
		struct tune_var *tv = &c->v[v];
		for (int k = 0; k < c->ncounts; k++) {
			if (e && tv->cell[k].series)
				e->series_free(tv->cell[k].series);
			free(tv->cell[k].unplayable);
			free(tv->cell[k].ended);
		}
		if (e && tv->variant)
			e->free(tv->variant);
		free(tv->differ);
		free(tv->all);
		free(tv->json);
	}
	free(c->v);
	tune_goal_free(c);
	free(c->skill);
	c->skill = NULL;
	free(c->pack_path);
	free(c->pack_id);
	free(c->game);
	free(c->unit);
	free(c->space);
}

/* ---- the work: segments of games ---- */

struct job {
	size_t v;
	int k;
	long seg;                     /* games [seg * TUNE_SEG, (seg + 1) * TUNE_SEG) */
	struct tune_seg out;
};

static int cmp_u32pair(const void *a, const void *b)
{
	const uint32_t *x = a, *y = b;
	return (x[0] > y[0]) - (x[0] < y[0]);
}

/* The skill deals of j's segment (tune_report.h: TUNE_SKILL_DEALS) into
 * j->out, the seats checked by skill_ready. */
static void play_skill(const struct tune_engine *e, const struct tune_ctx *c, const void *series, struct job *j)
{
	char err[256];
	uint64_t n[3] = {0};
	e->skill_play(e, series, c->skill, c->seed, j->seg * TUNE_SKILL_DEALS, (j->seg + 1) * TUNE_SKILL_DEALS, n, err,
		      sizeof err);
	j->out.sk_games = n[0];
	j->out.sk_decided = n[1];
	j->out.sk_wins = n[2];
}

/* Play one segment into j->out. */
static void play_job(const struct tune_engine *e, const struct tune_ctx *c, struct job *j)
{
	void *series = c->v[j->v].cell[j->k].series;
	memset(&j->out, 0, sizeof j->out);
	if (!series)   /* its variant no longer loads (play_jobs): no games */
		return;
	void *w = e->worker_new(series);
	uint32_t len[TUNE_SEG];
	size_t nlen = 0;
	for (long g = j->seg * TUNE_SEG; g < (j->seg + 1) * TUNE_SEG; g++) {
		struct tune_outcome o = {-1, 0, false};
		e->play(w, c->seed, (uint64_t)g, &o);
		j->out.games++;
		if (o.winner >= 0 && o.winner < TUNE_MAX_SEATS && o.length <= c->horizon) {
			j->out.completed++;
			j->out.wins[o.winner]++;
			len[nlen++] = (uint32_t)o.length;
		} else if (o.stalled) {
			j->out.stalled++;
		}
	}
	e->worker_free(w);
	if (c->skill)
		play_skill(e, c, series, j);
	/* the lengths of won games as (length, games) pairs, in order */
	uint32_t (*pairs)[2] = xcalloc(nlen ? nlen : 1, sizeof *pairs);
	size_t np = 0;
	for (size_t i = 0; i < nlen; i++) {
		pairs[np][0] = len[i];
		pairs[np][1] = 1;
		np++;
	}
	qsort(pairs, np, sizeof *pairs, cmp_u32pair);
	size_t m = 0;
	for (size_t i = 0; i < np; i++) {
		if (m && pairs[m - 1][0] == pairs[i][0])
			pairs[m - 1][1]++;
		else {
			pairs[m][0] = pairs[i][0];
			pairs[m][1] = 1;
			m++;
		}
	}
	j->out.ended = pairs;
	j->out.nended = m;
}

struct pool {
	const struct tune_engine *e;
	const struct tune_ctx *c;
	struct job *jobs;
	size_t njobs;
	atomic_size_t next, done;
};

static void *pool_worker(void *arg)
{
	struct pool *p = arg;
	for (;;) {
		size_t i = atomic_fetch_add(&p->next, 1);
		if (i >= p->njobs)
			break;
		play_job(p->e, p->c, &p->jobs[i]);
		atomic_fetch_add(&p->done, 1);
	}
	return NULL;
}

struct progress {
	bool on;
	double t0;
	uint64_t base;                /* games before this batch */
	uint64_t bound;               /* games at most still to come, after this batch */
	size_t live;
};

static void show_progress(const struct progress *pr, uint64_t batch_done, uint64_t batch)
{
	double t = series_now() - pr->t0;
	uint64_t done = pr->base + batch_done;
	double rate = t > 0 ? (double)done / t : 0;
	fprintf(stderr, "\rtune: %zu live variant%s, %llu games, %.0f games/s", pr->live, pr->live == 1 ? "" : "s",
		(unsigned long long)done, rate);
	if (rate > 0)
		fprintf(stderr, ", at most %.0f s left   ", (double)(batch - batch_done + pr->bound) / rate);
	fflush(stderr);
}

/* Play the jobs on T threads; the counts do not depend on which thread played. */
static void run_jobs(const struct tune_engine *e, const struct tune_ctx *c, struct job *jobs, size_t n, int T,
		     const struct progress *pr)
{
	struct pool p = {.e = e, .c = c, .jobs = jobs, .njobs = n};
	atomic_init(&p.next, 0);
	atomic_init(&p.done, 0);
	if ((size_t)T > n)
		T = n ? (int)n : 1;
	pthread_t tid[256];
	bool running[256] = {false};
	int started = 0;
	for (int i = 0; i < T; i++)
		started += running[i] = pthread_create(&tid[i], NULL, pool_worker, &p) == 0;
	if (!started)
		pool_worker(&p);
	while (pr && pr->on && atomic_load(&p.done) < n) {
		show_progress(pr, (uint64_t)atomic_load(&p.done) * TUNE_SEG, (uint64_t)n * TUNE_SEG);
		struct timespec d = {0, 200000000};
		nanosleep(&d, NULL);
	}
	for (int i = 0; i < T; i++)
		if (running[i])
			pthread_join(tid[i], NULL);
}

struct by_variant {
	size_t v, i;
};

static int cmp_by_variant(const void *x, const void *y)
{
	const struct by_variant *a = x, *b = y;
	if (a->v != b->v)
		return (a->v > b->v) - (a->v < b->v);
	return (a->i > b->i) - (a->i < b->i);
}

/* Play the jobs on T threads, their variants loaded in batches of whole
 * variants within the loader's bounds: each batch loaded and played, and freed
 * when the next is loaded (the last stays loaded: the next round's first). The
 * counts do not depend on the batches. */
static void play_jobs(struct loader *ld, struct tune_ctx *c, struct job *jobs, size_t n, int T,
		      struct progress *pr)
{
	for (size_t v = 0; v < c->nv; v++)   /* a dropped variant plays no more */
		if (c->v[v].state != TS_LIVE)
			variant_close(ld, c, v);
	struct by_variant *o = xcalloc(n ? n : 1, sizeof *o);
	for (size_t i = 0; i < n; i++)
		o[i] = (struct by_variant){jobs[i].v, i};
	qsort(o, n, sizeof *o, cmp_by_variant);
	struct job *run = xcalloc(n ? n : 1, sizeof *run);
	for (size_t i = 0; i < n; i++)
		run[i] = jobs[o[i].i];
	bool *batch = xcalloc(c->nv, sizeof *batch);
	uint64_t base = pr ? pr->base : 0, bound = pr ? pr->bound : 0;
	for (size_t a = 0, b; a < n; a = b) {
		size_t nb = 0, bytes = 0;
		for (b = a; b < n; b++)
			if (b == a || run[b].v != run[b - 1].v) {
				if (!batch_takes(ld, nb, bytes, run[b].v))
					break;
				batch[run[b].v] = true;
				bytes += ld->bytes[run[b].v];
				nb++;
			}
		for (size_t v = 0; v < c->nv; v++)
			if (!batch[v])
				variant_close(ld, c, v);
		for (size_t i = a; i < b; i++)
			if (i == a || run[i].v != run[i - 1].v)
				variant_open(ld, c, run[i].v);
		if (pr) {
			pr->base = base + (uint64_t)a * TUNE_SEG;
			pr->bound = bound + (uint64_t)(n - b) * TUNE_SEG;
		}
		run_jobs(ld->e, c, run + a, b - a, T, pr);
		for (size_t i = a; i < b; i++)
			batch[run[i].v] = false;
	}
	for (size_t i = 0; i < n; i++)
		jobs[o[i].i].out = run[i].out;
	free(batch);
	free(run);
	free(o);
}

static void add_seg(struct tune_ctx *c, size_t v, int k, const struct tune_seg *s)
{
	struct tune_cell *cl = &c->v[v].cell[k];
	cl->games += s->games;
	cl->completed += s->completed;
	cl->stalled += s->stalled;
	for (int i = 0; i < TUNE_MAX_SEATS; i++)
		cl->wins[i] += s->wins[i];
	cl->sk_games += s->sk_games;
	cl->sk_decided += s->sk_decided;
	cl->sk_wins += s->sk_wins;
	for (size_t i = 0; i < s->nended; i++)
		if (s->ended[i][0] <= (uint32_t)c->horizon)
			cl->ended[s->ended[i][0]] += s->ended[i][1];
	c->v[v].games += s->games;
	c->games += s->games;
}

/* ---- the race ---- */

/* Where the counts come from: games played now, or shards read back. */
struct source {
	const struct tune_engine *e;  /* play */
	struct loader *ld;            /* the variants, for e */
	int threads;
	struct progress *pr;
	const struct shard_set *shards;  /* merge */
};

static void fill(struct tune_ctx *c, struct source *src, struct job *jobs, size_t n)
{
	if (src->e) {
		play_jobs(src->ld, c, jobs, n, src->threads, src->pr);
		for (size_t i = 0; i < n; i++) {
			add_seg(c, jobs[i].v, jobs[i].k, &jobs[i].out);
			free(jobs[i].out.ended);
		}
		return;
	}
	for (size_t i = 0; i < n; i++) {
		const struct tune_seg *s = shard_set_seg(src->shards, jobs[i].v, jobs[i].k, jobs[i].seg);
		if (s)
			add_seg(c, jobs[i].v, jobs[i].k, s);
	}
}

static size_t live_count(const struct tune_ctx *c)
{
	size_t n = 0;
	for (size_t v = 0; v < c->nv; v++)
		n += c->v[v].state == TS_LIVE;
	return n;
}

/* The race judges a variant's balance J, N x the least-winning seat's share of
 * the games with a single winner, the worst over the counts, by one-sided
 * bounds built from each seat's Wilson bound, valid under any dependence
 * between seats, counts and variants (the games of every variant are dealt
 * from the same seeds):
 *   - a lower bound at level b: every seat's lower bound at b; it fails only
 *     if the least-winning seat's does, at the worst count (probability b);
 *   - an upper bound at level b: every seat's upper bound at b / S, S the
 *     seats summed over the counts (Bonferroni: it fails if any one does). */
static uint64_t race_n(const struct tune_cell *cl)
{
	return cl->completed;
}

static int race_seats(const struct tune_ctx *c)
{
	int S = 0;
	for (int k = 0; k < c->ncounts; k++)
		S += c->counts[k];
	return S;
}

static double race_lower(const struct tune_ctx *c, const struct tune_var *tv, double b)
{
	double J = 1;
	for (int k = 0; k < c->ncounts; k++)
		J = fmin(J, stats_balance_lower(tv->cell[k].wins, c->counts[k], race_n(&tv->cell[k]), b));
	return J;
}

static double race_upper(const struct tune_ctx *c, const struct tune_var *tv, double b)
{
	double J = 1;
	for (int k = 0; k < c->ncounts; k++)
		J = fmin(J, stats_balance_upper(tv->cell[k].wins, c->counts[k], race_n(&tv->cell[k]), b / race_seats(c)));
	return J;
}

/* The p-value that tv's J is below x: the least level b at which its upper
 * bound at b falls below x. */
static double race_p(const struct tune_ctx *c, const struct tune_var *tv, double x)
{
	double p = 1;
	for (int k = 0; k < c->ncounts; k++)
		for (int i = 0; i < c->counts[k]; i++)
			p = fmin(p, stats_below_p(tv->cell[k].wins[i], race_n(&tv->cell[k]), x / c->counts[k]));
	return fmin(1, p * race_seats(c));
}

/* ---- the race's error control ----
 * The family-wise error of the whole race (a variant at least as fair as every
 * other dropped as worse, or the race ended while one could beat the best by
 * more than the tolerance) is at most TUNE_ALPHA. Round r (from 1) spends
 * alpha_r (race_alpha), which sum to TUNE_ALPHA at most: half on
 * the lower bounds of the M variants sure to meet the objective (each at
 * alpha_r / 2M, Bonferroni), whose greatest is L; half on Holm's step-down
 * over the m other live variants, each tested by the p-value that its upper
 * bound lies below L. The tolerance's stop reads the same levels: every
 * other live variant's upper bound at alpha_r / 2m, less the leader's lower
 * bound, below the tolerance. Why it holds though the leader is chosen from
 * the data: while every sure variant's lower bound holds (all but alpha_r / 2),
 * L is at most the fairest balance, so a fairest variant is dropped only when
 * its own upper bound fails, at the level Holm gives it: at most alpha_r / 2
 * over the fairest variants (Holm's argument); the stop errs only when a
 * fairest variant's upper bound at alpha_r / 2m fails, inside that event. The
 * games are not paired: J is a minimum over seats, and per-seat paired
 * differences bound a difference of minima only uselessly. */
struct race_round {
	double a_lo, a_hi;            /* the levels of one lower bound, of the upper side in all */
	double L;                     /* the greatest lower bound of a sure variant */
	int top;                      /* that variant, or -1 */
	size_t m;                     /* the live variants tested against it */
};

/* The level round r spends: three quarters of TUNE_ALPHA evenly over the R
 * rounds that doubling from one segment to the cap takes (one when
 * exhaustive), the last quarter as 6 / (pi^2 j^2) over the rounds R + j that a
 * cell left behind may add. */
static double race_alpha(const struct tune_ctx *c, int round)
{
	int R = 1;
	for (long g = TUNE_SEG; !c->exhaustive && g < c->cap; g *= 2)
		R++;
	if (round < 1)
		return 0;
	if (round <= R)
		return TUNE_ALPHA * 0.75 / R;
	double j = round - R;
	return TUNE_ALPHA * 0.25 * 6 / (M_PI * M_PI * j * j);
}

struct race_test {
	size_t v;
	double p;
};

static int cmp_test(const void *x, const void *y)
{
	const struct race_test *a = x, *b = y;
	if (a->p != b->p)
		return a->p < b->p ? -1 : 1;
	return (a->v > b->v) - (a->v < b->v);
}

/* Drop, by Holm's step-down, the live variants worse than the best lower
 * bound of a sure variant; fills r for the tolerance's stop. */
static void race_drop(struct tune_ctx *c, const bool *sure, struct race_round *r)
{
	double a = race_alpha(c, c->rounds);
	size_t M = 0;
	for (size_t v = 0; v < c->nv; v++)
		M += sure[v] && c->v[v].state == TS_LIVE;
	*r = (struct race_round){.top = -1};
	if (!M || a <= 0)
		return;
	r->a_lo = a / 2 / (double)M;
	r->a_hi = a / 2;
	for (size_t v = 0; v < c->nv; v++)
		if (sure[v] && c->v[v].state == TS_LIVE) {
			double L = race_lower(c, &c->v[v], r->a_lo);
			if (r->top < 0 || L > r->L) {
				r->L = L;
				r->top = (int)v;
			}
		}
	struct race_test *t = xcalloc(c->nv, sizeof *t);
	for (size_t v = 0; v < c->nv; v++)
		if (c->v[v].state == TS_LIVE && (int)v != r->top)
			t[r->m++] = (struct race_test){v, race_p(c, &c->v[v], r->L)};
	qsort(t, r->m, sizeof *t, cmp_test);
	for (size_t i = 0; i < r->m && t[i].p <= r->a_hi / (double)(r->m - i); i++) {
		c->v[t[i].v].state = TS_WORSE;
		c->v[t[i].v].dropped_round = c->rounds;
	}
	free(t);
}

/* Whether a is settled against the leader: it cannot beat the leader by more
 * than d (a's upper bound at the round's Bonferroni level less the leader's
 * lower bound is below d: the stop's claim, at the race's error), and it does
 * not seem more than d below the leader either (point estimates: a variant
 * further below keeps its games until it is dropped as worse, so that a tie is
 * not a variant the race merely stopped playing). */
static bool settled_below(const struct tune_ctx *c, const struct race_round *r, const struct tune_var *a,
			  const struct tune_var *lead, double d)
{
	if (!r->m || r->a_hi <= 0)
		return false;
	return race_upper(c, a, r->a_hi / (double)r->m) - race_lower(c, lead, r->a_lo) < d && lead->J - a->J < d;
}

/* Whether variant v, live, surely meets the objective's floor and the
 * constraints at every count. Drops it (state, round) when it surely does not. */
static bool sure_feasible(struct tune_ctx *c, struct tune_var *tv)
{
	bool sure = true;
	for (int k = 0; k < c->ncounts; k++) {
		const struct tune_meas *m = &tv->cell[k].m;
		double fair = 1.0 / c->counts[k];
		if (m->comp_hi < c->threshold)
			tv->state = TS_STALLS;
		else if (c->len_hi > 0 && m->med_lo >= 0 && (m->med_lo > c->len_hi || (m->med_hi >= 0 && m->med_hi < c->len_lo)))
			tv->state = TS_LENGTH;
		else if (c->first_seat >= 0 && m->seat1_lo - fair > c->first_seat)
			tv->state = TS_SEAT;
		sure &= m->comp_lo >= c->threshold;
		if (c->len_hi > 0)
			sure &= m->med_lo >= c->len_lo && m->med_hi >= 0 && m->med_hi <= c->len_hi;
		if (c->first_seat >= 0)
			sure &= m->seat1_hi - fair <= c->first_seat;
	}
	if (tv->state != TS_LIVE)
		tv->dropped_round = c->rounds;
	return tv->state == TS_LIVE && sure;
}

/* Whether the constraints at count k are still undecided for a live variant. */
static bool cell_open(const struct tune_ctx *c, const struct tune_meas *m, int players)
{
	double fair = 1.0 / players;
	bool open = m->comp_lo < c->threshold;
	if (c->len_hi > 0)
		open |= !(m->med_lo >= c->len_lo && m->med_hi >= 0 && m->med_hi <= c->len_hi);
	if (c->first_seat >= 0)
		open |= m->seat1_hi - fair > c->first_seat;
	return open;
}

/* ---- the race on objectives (--objective, --require) ----
 * Round r's level alpha_r (race_alpha, the same spending over the rounds as
 * the race on balance) is shared: with --require, half of it goes to the
 * requirements, the rest (all of it without) to the objectives.
 *   - A requirement drops a live variant ("fails KEY") when, at some count,
 *     its interval lies wholly outside the range: each one-sided bound at the
 *     requirements' half over 2 x live variants x requirements x counts
 *     (Bonferroni), so a variant that meets every requirement is dropped with
 *     probability at most that half.
 *   - The objectives drop a live variant ("dominated") when a variant sure to
 *     meet the requirements (its 95% intervals inside every range, completion
 *     and the constraints as the classic race reads them) is shown better on
 *     every objective: half of the objectives' share goes to the lower bounds
 *     of the M sure variants on the m objectives (each at that half over M m),
 *     the other half to Holm's step-down over the live variants, each tested
 *     by p = min over sure u of max over objectives i of m x the level at
 *     which its upper bound of objective i falls below u's lower bound. A
 *     variant no other dominates (on the Pareto front) is dropped only if
 *     some sure u's lower bound fails or, on an objective where it is at
 *     least as good as u, its own upper bound does: at most the objectives'
 *     share (Holm's argument; m x: any one of its m bounds).
 * With one objective the race stops by --tolerance as the race on balance
 * does (goal_settle); with several, a variant not dropped plays to --games. */
static void goal_require(struct tune_ctx *c, double a)
{
	size_t live = live_count(c);
	if (!c->nreqs || !live || a <= 0)
		return;
	double b = a / (2.0 * (double)live * c->nreqs * c->ncounts);
	for (size_t v = 0; v < c->nv; v++) {
		struct tune_var *tv = &c->v[v];
		for (int q = 0; q < c->nreqs && tv->state == TS_LIVE; q++)
			for (int k = 0; k < c->ncounts && tv->state == TS_LIVE; k++)
				if (tune_goal_check(c, &c->reqs[q], tv, k, b) < 0) {
					tv->state = TS_FAILS;
					tv->failed = q;
					tv->dropped_round = c->rounds;
				}
	}
}

static void goal_drop(struct tune_ctx *c, const bool *sure, double a)
{
	int m = c->ngoals;
	size_t M = 0;
	for (size_t v = 0; v < c->nv; v++)
		M += sure[v] && c->v[v].state == TS_LIVE;
	if (!M || a <= 0)
		return;
	double a_lo = a / 2 / ((double)M * m), a_hi = a / 2;
	double (*L)[TUNE_MAX_GOALS] = xcalloc(c->nv, sizeof *L);
	for (size_t u = 0; u < c->nv; u++)
		for (int i = 0; i < m && sure[u] && c->v[u].state == TS_LIVE; i++) {
			double e, h;
			tune_goal_score(c, &c->goals[i], &c->v[u], a_lo, &e, &L[u][i], &h);
		}
	struct race_test *t = xcalloc(c->nv, sizeof *t);
	size_t n = 0;
	for (size_t v = 0; v < c->nv; v++) {
		if (c->v[v].state != TS_LIVE)
			continue;
		/* a p-value above a_hi drops nothing under Holm: skip the u that v's
		 * upper bounds at a_hi / m already reach on some objective */
		double H[TUNE_MAX_GOALS];
		for (int i = 0; i < m; i++) {
			double e, l;
			tune_goal_score(c, &c->goals[i], &c->v[v], a_hi / m, &e, &l, &H[i]);
		}
		double p = 1;
		for (size_t u = 0; u < c->nv; u++) {
			if (u == v || !sure[u] || c->v[u].state != TS_LIVE)
				continue;
			bool reach = false;
			for (int i = 0; i < m && !reach; i++)
				reach = H[i] >= L[u][i];
			if (reach)
				continue;
			double q = 0;
			for (int i = 0; i < m && q < p; i++)
				q = fmax(q, fmin(1, m * tune_goal_below_p(c, &c->goals[i], &c->v[v], L[u][i])));
			p = fmin(p, q);
		}
		t[n++] = (struct race_test){v, p};
	}
	qsort(t, n, sizeof *t, cmp_test);
	for (size_t i = 0; i < n && t[i].p <= a_hi / (double)(n - i); i++) {
		c->v[t[i].v].state = TS_DOMINATED;
		c->v[t[i].v].dropped_round = c->rounds;
	}
	free(t);
	free(L);
}

/* With one objective, the classic race's stop, in the objective's unit: every
 * other live variant is settled against the leader (the sure variant of the
 * highest score) when its upper bound at the objectives' half over the live
 * variants, less the leader's lower bound at the other half over the sure
 * ones, is below the tolerance, and its estimate is within the tolerance of
 * the leader's (settled_below's rule). Fills settled[]; returns whether any
 * live variant is unsettled. With several objectives, none is settled. */
static bool goal_settle(const struct tune_ctx *c, const bool *sure, double a, int lead, bool *settled)
{
	size_t M = 0, n = 0;
	for (size_t v = 0; v < c->nv; v++) {
		M += sure[v] && c->v[v].state == TS_LIVE;
		n += c->v[v].state == TS_LIVE;
	}
	bool unsettled = false;
	if (c->ngoals != 1 || lead < 0 || !M || a <= 0 || c->tolerance <= 0) {
		for (size_t v = 0; v < c->nv; v++)
			unsettled |= c->v[v].state == TS_LIVE;
		return unsettled;
	}
	double e, L, h, U;
	tune_goal_score(c, &c->goals[0], &c->v[lead], a / 2 / (double)M, &e, &L, &h);
	for (size_t v = 0; v < c->nv; v++) {
		if (c->v[v].state != TS_LIVE || (int)v == lead)
			continue;
		double ev, l;
		tune_goal_score(c, &c->goals[0], &c->v[v], a / 2 / (double)n, &ev, &l, &U);
		settled[v] = U - L < c->tolerance && e - ev < c->tolerance;
		unsettled |= !settled[v];
	}
	return unsettled;
}

/* judge() for the race on objectives: a live cell doubles to --games while a
 * requirement or constraint is open there, or the variant is unsettled. */
static bool judge_goals(struct tune_ctx *c)
{
	tune_measure(c);
	double a = race_alpha(c, c->rounds), a_req = c->nreqs ? a / 2 : 0;
	bool *sure = xcalloc(c->nv, sizeof *sure);
	for (size_t v = 0; v < c->nv; v++)
		if (c->v[v].state == TS_LIVE)
			sure[v] = sure_feasible(c, &c->v[v]);
	goal_require(c, a_req);
	for (size_t v = 0; v < c->nv; v++)
		for (int q = 0; q < c->nreqs && sure[v]; q++)
			for (int k = 0; k < c->ncounts && sure[v]; k++)
				sure[v] = tune_goal_check(c, &c->reqs[q], &c->v[v], k, (1 - 0.95) / 2) > 0;
	goal_drop(c, sure, a - a_req);
	int lead = -1;
	for (size_t v = 0; v < c->nv; v++)
		if (sure[v] && c->v[v].state == TS_LIVE && (lead < 0 || c->v[v].obj[0] > c->v[lead].obj[0]))
			lead = (int)v;
	bool *settled = xcalloc(c->nv, sizeof *settled);
	bool unsettled = goal_settle(c, sure, a - a_req, lead, settled);
	bool any = false;
	for (size_t v = 0; v < c->nv; v++)
		for (int k = 0; k < c->ncounts; k++) {
			struct tune_cell *cl = &c->v[v].cell[k];
			bool open = cell_open(c, &cl->m, c->counts[k]) || c->exhaustive;
			for (int q = 0; q < c->nreqs && !open; q++)
				open = tune_goal_check(c, &c->reqs[q], &c->v[v], k, (1 - 0.95) / 2) <= 0;
			/* a count that cannot be the variant's worst on a measure to
			 * maximize gets no more games for it (as the classic race) */
			bool worst = true;
			if (c->ngoals == 1 && !c->goals[0].def->target) {
				double e, lo, hi;
				c->goals[0].def->cell(c, cl, c->counts[k], (1 - 0.95) / 2, &e, &lo, &hi);
				worst = lo <= c->v[v].obj_hi[0];
			}
			open |= worst && !settled[v] && ((int)v != lead || unsettled);
			cl->need = c->v[v].state == TS_LIVE && cl->games < (uint64_t)c->cap && open;
			any |= cl->need;
		}
	free(settled);
	free(sure);
	return any;
}

/* Drop what is decided with confidence; mark the cells that want more games.
 * Returns whether any cell does. The race is over when no other live variant
 * can beat the leader (the best sure one) by more than the tolerance, at the
 * race's error level (race_drop, settled_below). */
static bool judge(struct tune_ctx *c)
{
	if (tune_goal_mode(c))
		return judge_goals(c);
	tune_measure(c);
	bool *sure = xcalloc(c->nv, sizeof *sure);
	int lead = -1;
	for (size_t v = 0; v < c->nv; v++)
		if (c->v[v].state == TS_LIVE && (sure[v] = sure_feasible(c, &c->v[v])) &&
		    (lead < 0 || c->v[v].J > c->v[lead].J))
			lead = (int)v;
	struct race_round r;
	race_drop(c, sure, &r);
	bool *settled = xcalloc(c->nv, sizeof *settled);
	bool unsettled = false;
	for (size_t v = 0; v < c->nv; v++)
		if (c->v[v].state == TS_LIVE && (int)v != lead) {
			settled[v] = lead >= 0 && settled_below(c, &r, &c->v[v], &c->v[lead], c->tolerance);
			unsettled |= !settled[v];
		}
	bool any = false;
	for (size_t v = 0; v < c->nv; v++) {
		struct tune_var *tv = &c->v[v];
		for (int k = 0; k < c->ncounts; k++) {
			struct tune_cell *cl = &tv->cell[k];
			bool open = cell_open(c, &cl->m, c->counts[k]);
			/* balance: a count that could be the variant's worst, while the race is on */
			if (!settled[v] && ((int)v != lead || unsettled))
				open |= cl->m.bal_lo <= tv->J_hi;
			cl->need = tv->state == TS_LIVE && cl->games < (uint64_t)c->cap && (open || c->exhaustive);
			any |= cl->need;
		}
	}
	free(settled);
	free(sure);
	return any;
}

/* How many games cell CL should have after this round: double what it has (the
 * first round: one segment), everything at once when exhaustive, within the cap. */
static uint64_t cell_target(const struct tune_ctx *c, const struct tune_cell *cl)
{
	uint64_t to = c->exhaustive ? (uint64_t)c->cap : cl->games ? 2 * cl->games : TUNE_SEG;
	return to > (uint64_t)c->cap ? (uint64_t)c->cap : to;
}

/* The jobs of the next round: every cell that wants games doubles its games
 * (the first round: one segment), within the cap and what is left of the budget. */
static size_t next_round(struct tune_ctx *c, struct job **jobs)
{
	size_t cells = 0;
	uint64_t want = 0;
	for (size_t v = 0; v < c->nv; v++)
		for (int k = 0; k < c->ncounts; k++) {
			const struct tune_cell *cl = &c->v[v].cell[k];
			if (!cl->need)
				continue;
			uint64_t to = cell_target(c, cl);
			want += to - cl->games;
			cells++;
		}
	uint64_t room = UINT64_MAX, single = 0;
	if (c->budget) {
		room = c->games < (uint64_t)c->budget ? (uint64_t)c->budget - c->games : 0;
		if (want > room) {
			c->budget_spent = true;
			/* an equal share for each cell; less than a segment each: one
			 * segment to as many cells as it pays for, in order */
			single = room / TUNE_SEG;
			room = room / cells / TUNE_SEG * TUNE_SEG;
			if (!room && !single)
				return 0;
			if (room)
				single = 0;
		} else {
			room = UINT64_MAX;
		}
	}
	size_t n = 0, cap = 0;
	for (size_t v = 0; v < c->nv; v++)
		for (int k = 0; k < c->ncounts; k++) {
			const struct tune_cell *cl = &c->v[v].cell[k];
			if (!cl->need)
				continue;
			uint64_t to = cell_target(c, cl);
			if (single) {
				to = cl->games + TUNE_SEG;
				single--;
			} else if (to - cl->games > room) {
				to = cl->games + room;
			}
			for (uint64_t s = cl->games / TUNE_SEG; s < to / TUNE_SEG; s++) {
				*jobs = xgrow(*jobs, &cap, n + 1, sizeof **jobs);
				(*jobs)[n++] = (struct job){.v = v, .k = k, .seg = (long)s};
			}
		}
	return n;
}

/* Race until decided, the cap, or the budget. */
static void race(struct tune_ctx *c, struct source *src)
{
	double t0 = series_now();
	struct job *jobs = NULL;
	while (judge(c)) {
		if (c->budget_secs > 0 && series_now() - t0 >= c->budget_secs) {
			c->budget_spent = true;
			break;
		}
		size_t n = next_round(c, &jobs);
		if (!n)
			break;
		if (src->pr) {
			src->pr->live = live_count(c);
			src->pr->base = c->games;
			src->pr->bound = 0;
			for (size_t v = 0; v < c->nv; v++)
				for (int k = 0; k < c->ncounts; k++)
					if (c->v[v].state == TS_LIVE)
						src->pr->bound += (uint64_t)c->cap - c->v[v].cell[k].games;
			src->pr->bound = src->pr->bound > (uint64_t)n * TUNE_SEG ? src->pr->bound - (uint64_t)n * TUNE_SEG : 0;
		}
		fill(c, src, jobs, n);
		c->rounds++;
	}
	free(jobs);
	if (src->pr && src->pr->on)
		fprintf(stderr, "\rtune: %llu games in %d rounds, %.1f s%40s\n", (unsigned long long)c->games, c->rounds,
			series_now() - src->pr->t0, "");
	tune_decide(c);
}

/* ---- shards ---- */

_Static_assert(SHARD_MAX_VARIANTS == TUNE_MAX_VARIANTS, "a merge reads back every space tune allows");

/* Play the K-th of N slices of the whole grid (every playable cell to the cap;
 * job i goes to slice i mod N) and write its counts into DIR. */
static int run_shard(struct loader *ld, struct tune_ctx *c, const struct opts *o, struct progress *pr)
{
	uint64_t pack;
	if (!shard_fits(c) || !shard_pack_hash(c->pack_path, &pack))
		return EXIT_INPUT;
	if (mkdir_p(o->outdir) != 0) {
		diag(SEV_ERROR, NULL, "-o %s: %s", o->outdir, strerror(errno));
		return EXIT_OUTPUT;
	}
	long nseg = c->cap / TUNE_SEG;
	struct job *jobs = NULL;
	size_t n = 0, cap = 0, i = 0;
	for (long s = 0; s < nseg; s++)
		for (size_t v = 0; v < c->nv; v++)
			for (int k = 0; k < c->ncounts; k++, i++) {
				if (c->v[v].state != TS_LIVE || i % (size_t)o->shard_n != (size_t)(o->shard_k - 1))
					continue;
				jobs = xgrow(jobs, &cap, n + 1, sizeof *jobs);
				jobs[n++] = (struct job){.v = v, .k = k, .seg = s};
			}
	pr->base = 0;
	pr->bound = 0;
	pr->live = live_count(c);
	play_jobs(ld, c, jobs, n, o->threads, pr);
	char name[64];
	snprintf(name, sizeof name, "shard-%ld-of-%ld.txt", o->shard_k, o->shard_n);
	struct out_tmp t;
	int status = EXIT_OK;
	if (out_tmp_open(o->outdir, name, &t) != 0) {
		status = EXIT_OUTPUT;
	} else {
		shard_write_head(t.f, c, pack, o->shard_k, o->shard_n, n);
		for (size_t j = 0; j < n; j++)
			shard_write_seg(t.f, jobs[j].v, jobs[j].k, jobs[j].seg, &jobs[j].out, c->counts[jobs[j].k], c->skill);
		shard_write_end(t.f);
		if (ferror(t.f) || out_tmp_commit(&t) != 0) {
			out_tmp_abort(&t);
			status = EXIT_OUTPUT;
		}
	}
	uint64_t games = (uint64_t)n * TUNE_SEG;
	for (size_t j = 0; j < n; j++)
		free(jobs[j].out.ended);
	free(jobs);
	if (pr->on)
		fputc('\n', stderr);
	if (status == EXIT_OK && !o->quiet)
		fprintf(stderr, "railyard: tune: shard %ld of %ld: %llu games into %s%s%s\n", o->shard_k, o->shard_n,
			(unsigned long long)games, o->outdir, path_sep(o->outdir), name);
	return status;
}

/* ---- tune ---- */

/* The space in words: "wild 0..3 (4) x copies [1, 2] (2) = 8 variants". */
static char *space_text(const struct tune_space *sp)
{
	struct buf b = {0};
	for (size_t k = 0; k < sp->nkeys; k++)
		buf_printf(&b, "%s%s %s (%zu)", k ? " x " : "", sp->keys[k].path, sp->keys[k].spec, sp->keys[k].n);
	buf_printf(&b, " = %zu variant%s", sp->nvariants, sp->nvariants == 1 ? "" : "s");
	return b.s;
}

/* Whether a file can be written at path (its folder exists and is writable,
 * path is no folder): checked before the games; reported with the reason. */
static bool writable(const char *opt, const char *path)
{
	const char *slash = strrchr(path, '/');
	char *dir = slash ? xstrndup(path, slash == path ? 1 : (size_t)(slash - path)) : xstrdup(".");
	struct stat sb;
	const char *why = NULL;
	if (stat(dir, &sb) != 0)
		why = strerror(errno);
	else if (!S_ISDIR(sb.st_mode))
		why = "not a folder";
	else if (access(dir, W_OK) != 0)
		why = strerror(errno);
	else if (stat(path, &sb) == 0 && S_ISDIR(sb.st_mode))
		why = "it is a folder";
	if (why)
		diag(SEV_ERROR, NULL, "%s %s: cannot be written (%s: %s)", opt, path, dir, why);
	free(dir);
	return !why;
}

static bool check_opts(const struct opts *o, struct tune_ctx *c)
{
	bool ok = true;
	if (o->shard_n && !o->outdir) {
		diag(SEV_ERROR, NULL, "--shard needs -o DIR, the folder its counts go to");
		ok = false;
	}
	if (o->outdir && !o->shard_n) {
		diag(SEV_ERROR, NULL, "-o DIR is the folder of --shard's counts; give --shard K/N too");
		ok = false;
	}
	if (o->shard_n && (o->json || o->plot || o->write)) {
		diag(SEV_ERROR, NULL, "--shard writes counts only: give --json, --plot and --write to 'railyard merge'");
		ok = false;
	}
	if (o->shard_n && c->budget_secs > 0) {
		diag(SEV_ERROR, NULL, "--shard takes no budget in seconds: a shard is an exact slice");
		ok = false;
	}
	if (o->plot && !sim_plot_format(o->plot)) {
		diag(SEV_ERROR, NULL, "--plot %s: the file name must end in .svg, .pdf or .png", o->plot);
		ok = false;
	}
	return ok;
}

static void fill_ctx(struct tune_ctx *c, const struct ydoc *doc, const char *path, const struct tune_engine *e,
		     const struct tune_space *sp)
{
	const struct ynode *id = doc->root ? ymap_get(doc->root, "pack") : NULL;
	c->pack_path = xstrdup(path);
	c->pack_id = xstrdup(id && id->kind == Y_SCALAR ? id->str : "");
	const struct ynode *game = doc->root ? ymap_get(doc->root, "game") : NULL;
	c->game = xstrdup(e->game ? e->game : game && game->kind == Y_SCALAR ? game->str : "?");
	c->unit = e->unit ? xstrdup(e->unit) : NULL;
	c->space = space_text(sp);
	c->nv = sp->nvariants;
	c->v = xcalloc(c->nv, sizeof *c->v);
}

/* --write's header with objectives: the rule that chose, the objectives'
 * values with their intervals, the simulate line. */
static void goal_comment(const struct tune_ctx *c, const char *path, const char *out, struct buf *head)
{
	const struct tune_var *b = &c->v[c->best];
	buf_printf(head, "# Chosen by railyard tune from %s: variant #%d of %zu (%s),\n"
		   "# the best on the first objective of the Pareto front of the variants completing at least %.2f\n"
		   "# of their games at every count of %d..%d players",
		   path, c->best + 1, c->nv, b->all, c->threshold, c->counts[0], c->counts[c->ncounts - 1]);
	for (int q = 0; q < c->nreqs; q++)
		buf_printf(head, "%s%s", q ? ", " : " and meeting --require ", c->reqs[q].spec);
	buf_puts(head, ":\n#  ");
	for (int i = 0; i < c->ngoals; i++) {
		double x, lo, hi;
		char name[64];
		tune_goal_head(&c->goals[i], name, sizeof name);
		tune_goal_shown(&c->goals[i], b->obj[i], b->obj_lo[i], b->obj_hi[i], &x, &lo, &hi);
		buf_printf(head, "%s %s %.4f [%.4f, %.4f]", i ? "," : "", name, x, lo, hi);
	}
	buf_printf(head, "\n# (seed %llu, %llu games in all). simulate reproduces its series at %d players:\n"
		   "#   railyard simulate %s --players %d --games %llu --seed %llu\n",
		   (unsigned long long)c->seed, (unsigned long long)c->games, c->counts[b->worst], out, c->counts[b->worst],
		   (unsigned long long)b->cell[b->worst].games, (unsigned long long)c->seed);
	if (c->skill)
		buf_printf(head, "# and its skill games there:\n"
			   "#   railyard simulate %s --players %d --skill --skill-levels %s --games %llu --seed %llu\n", out,
			   c->counts[b->worst], c->skill, (unsigned long long)b->cell[b->worst].sk_games,
			   (unsigned long long)c->seed);
}

static int write_variant(const struct tune_engine *e, const void *game, const struct tune_ctx *c,
			 const struct tune_space *sp, const struct ydoc *doc, const char *path, const char *out)
{
	size_t len;
	char *text = read_file(path, YT_MAX_FILE, &len);
	if (!text) {
		diag(SEV_ERROR, NULL, "--write: cannot read %s again: %s", path, file_strerror(errno));
		return EXIT_INPUT;
	}
	const struct tune_var *b = &c->v[c->best];
	struct buf head = {0}, body = {0};
	if (tune_goal_mode(c))
		goal_comment(c, path, out, &head);
	else
		buf_printf(&head, "# Chosen by railyard tune from %s: variant #%d of %zu (%s),\n"
			   "# the highest balance at its worst player count among the variants completing at least %.2f\n"
			   "# of their games at every count of %d..%d players: %.4f [%.4f, %.4f] at %d players\n"
			   "# (seed %llu, %llu games in all). simulate reproduces that series:\n"
			   "#   railyard simulate %s --players %d --games %llu --seed %llu\n",
			   path, c->best + 1, c->nv, b->all, c->threshold, c->counts[0], c->counts[c->ncounts - 1], b->J,
			   b->J_lo, b->J_hi, c->counts[b->worst], (unsigned long long)c->seed,
			   (unsigned long long)c->games, out, c->counts[b->worst],
			   (unsigned long long)b->cell[b->worst].games, (unsigned long long)c->seed);
	/* The paths and values in the header are a stranger's text inside YAML
	 * comments: a line break of theirs would end the comment. Every control
	 * character but the header's own line breaks (each followed by '#') is '?'. */
	for (char *h = head.s; h && *h; h++)
		if (((unsigned char)*h < 32 || *h == 127) && !(*h == '\n' && (h[1] == '#' || !h[1])))
			*h = '?';
	tune_space_write(sp, doc, text, len, (size_t)c->best, head.s, e->sim_only, &body);
	free(text);
	buf_free(&head);
	/* what is written must load as the chosen variant does */
	struct ydoc *d = ydoc_parse(out, body.s, body.len);
	void *back = d ? e->load(d, game, NULL) : NULL;
	ydoc_free(d);
	int status = EXIT_OK;
	if (!back) {
		diag(SEV_ERROR, NULL, "--write %s: the written pack does not load (a bug: please report it)", out);
		status = EXIT_OUTPUT;
	} else {
		e->free(back);
		if (write_file_atomic(out, body.s, body.len) != 0)
			status = EXIT_OUTPUT;
	}
	buf_free(&body);
	return status;
}

static int report(struct tune_ctx *c, bool json, const char *plot)
{
	if (json)
		tune_report_json(c);
	tune_report_escape(c);   /* the text and the plot show no control character */
	if (!json)
		tune_report_text(c);
	int status = series_flush_report();
	if (status == EXIT_OK && plot)
		status = tune_plot(c, plot);
	if (status == EXIT_OK && c->best < 0)
		status = EXIT_RULE;
	return status;
}

/* Load the space and the variants, then race, shard or merge. */
static int tune_body(const struct tune_engine *e, const void *game, struct opts *o, struct tune_ctx *c,
		     const struct ydoc *pack, const char *path)
{
	struct ydoc *doc = pack ? ydoc_clone(pack) : ydoc_load(path);
	if (!doc)
		return EXIT_INPUT;
	struct tune_space sp;
	int status = EXIT_INPUT;
	struct loader ld = {.e = e, .game = game, .sp = &sp, .base = doc, .policy = o->policy,
			    .min_open = 2 * (size_t)o->threads};
	if (tune_space_read(&sp, doc, o->vary, o->nvary) != 0)
		goto out;
	fill_ctx(c, doc, path, e, &sp);
	ld.bytes = xcalloc(c->nv, sizeof *ld.bytes);
	size_t good = load_variants(&ld, c);
	if (!good) {
		diag(SEV_ERROR, NULL, "no variant of the space loads: nothing to tune");
		goto out;
	}
	if (!c->ncounts) {   /* without --players: the first variant's */
		diag(SEV_ERROR, NULL, "--players is needed: the pack names no player counts (give 2..5 or 2,3,4)");
		goto out;
	}
	cell_alloc(c);
	struct progress pr = {.on = !o->quiet && isatty(2), .t0 = series_now()};
	if (o->shard_n) {
		status = run_shard(&ld, c, o, &pr);
		goto out;
	}
	struct source src = {.e = e, .ld = &ld, .threads = o->threads, .pr = &pr};
	race(c, &src);
	status = report(c, o->json, o->plot);
	if (status != EXIT_OUTPUT && o->write && c->best >= 0) {
		int w = write_variant(e, game, c, &sp, doc, path, o->write);
		if (w != EXIT_OK)
			status = w;
	}
out:
	free(ld.bytes);
	tune_space_free(&sp);
	free_ctx(e, c);
	ydoc_free(doc);
	return status;
}

/* railyard tune PACK with engine e for game (e->load reads its variants; argv[0]
 * is "tune"): PACK as parsed (pack; NULL: read from the file). */
static int tune_run(const struct tune_engine *e, const void *game, const struct ydoc *pack, int argc, char **argv)
{
	struct opts o = {.threads = 1};
	struct tune_ctx c = {.seed = 1, .cap = 32768, .threshold = STATS_COMPLETION, .horizon = e->max_length,
			     .first_seat = -1, .best = -1, .tolerance = 0.05};
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	o.threads = cores > 0 ? (int)(cores < 64 ? cores : 64) : 1;
	bool ok = true;
	int ch;
	optind = 1;
	while ((ch = cli_next(argc, argv, &tune_options)) != -1) {
		if (ch == 'h' || ch == 'V' || ch == '?')
			return cli_usage(ch, &tune_options);
		ok &= tune_option(ch, &o, &c);
	}
	ok &= cli_one_pack(argc, "tune");
	settle_goals(&c);
	ok = settle_skill(e, &o, &c) && ok;
	ok = check_opts(&o, &c) && ok;
	if (!ok) {
		free_ctx(NULL, &c);
		return EXIT_INPUT;
	}
	if ((o.plot && !writable("--plot", o.plot)) || (o.write && !writable("--write", o.write))) {
		free_ctx(NULL, &c);
		return EXIT_OUTPUT;
	}
	return tune_body(e, game, &o, &c, pack, argv[optind]);
}

/* ---- merge ---- */

int cmd_merge(int argc, char **argv)
{
	bool json = false;
	const char *plot = NULL;
	int ch;
	optind = 1;
	while ((ch = cli_next(argc, argv, &merge_options)) != -1) {
		if (ch == 'j')
			json = true;
		else if (ch == O_PLOT)
			plot = optarg;
		else if (ch != 'q')
			return cli_usage(ch, &merge_options);
	}
	if (optind >= argc) {
		diag(SEV_ERROR, NULL, "merge takes the folders of the shards (see 'railyard merge --help')");
		return EXIT_INPUT;
	}
	if (plot && !sim_plot_format(plot)) {
		diag(SEV_ERROR, NULL, "--plot %s: the file name must end in .svg, .pdf or .png", plot);
		return EXIT_INPUT;
	}
	struct tune_ctx c = {.best = -1, .first_seat = -1};
	struct shard_set set;
	int status = EXIT_INPUT;
	shard_set_init(&set, &c);
	if (shard_set_read(&set, argv + optind, (size_t)(argc - optind))) {
		cell_alloc(&c);
		struct source src = {.shards = &set};
		race(&c, &src);
		status = report(&c, json, plot);
	}
	shard_set_free(&set);
	free_ctx(NULL, &c);
	return status;
}

/* commands.h: one entry (one usage) for every game; its tune engine loads its
 * variants (trains_tune.c for the core game, kit_tune.c for the others). */
int cmd_tune(const struct game *g, const struct ydoc *pack, int argc, char **argv)
{
	return tune_run(g->tune, g, pack, argc, argv);
}

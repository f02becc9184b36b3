/* tune_report.h: the measures (the goals of --objective and --require among
 * them), the choice and the report of `railyard tune` and `railyard merge`
 * (tune_report.c), and the search's state they read,
 * which tune.c fills from games played or shards read back. Knows no game. */
#ifndef RAILYARD_TUNE_REPORT_H
#define RAILYARD_TUNE_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <stdio.h>

/* ---- goals: what `railyard tune` optimizes (--objective) and requires
 * (--require), in one table (tune_report.c's goal section): each measure with its estimate and
 * one-sided bounds at any level from the counts a variant has played
 * (gen/play/stats.h), so the race (tune.c) spends its error on them and the report
 * (tune_report.c) prints them. Knows no game.
 *
 * An objective's score is "higher is better" for the race and the Pareto
 * front: a measure to maximize (balance, completion) scores its worst count;
 * a measure with a target (length=T, first-seat's 0) scores minus its largest
 * distance from the target over the counts, reported as that distance. */

#define TUNE_MAX_GOALS 6

struct tune_ctx;
struct tune_var;
struct tune_cell;

/* One measure tune can optimize or require, per player count. */
struct tune_goal_def {
	const char *name;             /* "balance": the word of --objective and --require */
	bool target;                  /* its objective is closeness to a target (else: the highest) */
	bool target_needed;           /* --objective NAME=T must name the target */
	double fair;                  /* the target when none is given (first-seat: 0) */
	const char *what;             /* one line for the report and the help */
	/* The measure at one count (players seats) into *est; with a > 0 its
	 * one-sided lower and upper bounds, each failing with probability at most
	 * a. NULL: not in this build (the table keeps its slot). */
	void (*cell)(const struct tune_ctx *c, const struct tune_cell *cl, int players, double a, double *est, double *lo,
		     double *hi);
};

/* An objective (--objective NAME[=T]) or a requirement (--require NAME=RANGE):
 * the range lo..hi (either open: -+INFINITY); an objective's target range. */
struct tune_goal {
	const struct tune_goal_def *def;
	double lo, hi;
	char *spec;                   /* as written: "length=30", "completion=0.9.." */
};

/* Parse --objective ARG (require false) or --require ARG into g; false after
 * reporting. */
bool tune_goal_parse(const char *arg, bool require, struct tune_goal *g);
/* --objective ARG (require false) or --require ARG added to c's goals or
 * reqs (an objective once each); false after reporting. */
bool tune_goal_add(struct tune_ctx *c, const char *arg, bool require);
/* The goals of c as a shard's header keeps them: "objective SPEC" lines, then
 * "require SPEC" lines, in order (a spec is one word of printable ASCII:
 * tune_goal_parse refuses any other). */
void tune_goal_write(FILE *f, const struct tune_ctx *c);
/* One such line (without its newline) added back to c: 1, 0 when it is not
 * such a line, -1 after reporting. */
int tune_goal_read(const char *line, struct tune_ctx *c);
/* Free what tune_goal_add put into c. */
void tune_goal_free(struct tune_ctx *c);
/* What completing --objective (require false) or --require offers, one a line
 * on stdout: "length=" where a value must follow (railyard --complete). */
void tune_goal_complete(bool require);
/* Objective i's score of tv: the estimate, and one-sided bounds each failing
 * with probability at most a (a split over the counts and sides inside). */
void tune_goal_score(const struct tune_ctx *c, const struct tune_goal *g, const struct tune_var *tv, double a,
		     double *est, double *lo, double *hi);
/* The p-value that tv's score is below x: the least level at which its upper
 * bound falls below x (1 when it never does). */
double tune_goal_below_p(const struct tune_ctx *c, const struct tune_goal *g, const struct tune_var *tv, double x);
/* Requirement g at count k of tv with one-sided bounds at level a each:
 * +1 the interval lies inside the range, -1 wholly outside it, 0 it straddles
 * (undecided). */
int tune_goal_check(const struct tune_ctx *c, const struct tune_goal *g, const struct tune_var *tv, int k, double a);
/* The score in the report's words: a distance for a target (lower is
 * better), the measure itself otherwise; the interval swapped to match. */
void tune_goal_shown(const struct tune_goal *g, double est, double lo, double hi, double *s, double *slo,
		     double *shi);
/* The column head: "balance", "|length-30|". Written into out. */
void tune_goal_head(const struct tune_goal *g, char *out, size_t len);

#define TUNE_MAX_COUNTS    16       /* player counts judged */
#define TUNE_MAX_SEATS     16

#define TUNE_SEG 256        /* games in one unit of work, a shard's grain */
/* With skill among the goals, a segment also plays deals [s x D, (s + 1) x D)
 * of the skill step --skill-levels WEAK,STRONG, D = TUNE_SKILL_DEALS (each
 * deal N games: the stronger in every seat), from the seed simulate --skill's
 * first step plays: so a cell of S segments is exactly `railyard simulate
 * --skill --skill-levels WEAK,STRONG --games (S x D x N) --seed SEED`. */
#define TUNE_SKILL_DEALS 16
#define TUNE_SKILL_LEVELS "greedy,mcts:64"   /* the default --skill-levels */

/* The race's family-wise error: the chance that it drops as worse a variant at
 * least as fair as every other, or stops while one could beat the best by more
 * than the tolerance (tune.c: race_drop, settled_below). */
#define TUNE_ALPHA 0.05
#define TUNE_METHOD "Holm's step-down each round, the error spent over the rounds, one-sided Wilson bounds per seat"

/* Counts of one segment of games of one variant at one player count: exact,
 * summed in any order. ended[] is sparse: (length, games) pairs. */
struct tune_seg {
	uint64_t games, completed, stalled;
	uint64_t wins[TUNE_MAX_SEATS];
	/* the skill games (only when skill is a goal): TUNE_SKILL_DEALS deals,
	 * each played once with the stronger in every seat (skill.h) */
	uint64_t sk_games, sk_decided, sk_wins;
	uint32_t (*ended)[2];
	size_t nended;
};

/* What the report says of one variant at one player count. */
struct tune_meas {
	double comp, comp_lo, comp_hi;
	double bal, bal_lo, bal_hi;
	double seat1, seat1_lo, seat1_hi;     /* seat 1's share of all games */
	double med, med_lo, med_hi;           /* median length in rounds; -1 beyond the horizon */
};

struct tune_cell {
	void *series;                 /* NULL in a merge */
	char *unplayable;             /* why the variant cannot be played at this count, or NULL */
	uint64_t games, completed, stalled, wins[TUNE_MAX_SEATS];
	uint64_t *ended;              /* [horizon + 1] */
	uint64_t sk_games, sk_decided, sk_wins;   /* the skill games' (tune_seg's) */
	struct tune_meas m;
	bool need;                    /* more games wanted */
};

/* TS_DOMINATED, TS_FAILS: dropped by the race of --objective and --require
 * (tune.c: goal_drop, goal_require) */
enum tune_state { TS_LIVE, TS_WORSE, TS_STALLS, TS_LENGTH, TS_SEAT, TS_INVALID, TS_UNPLAYABLE, TS_DOMINATED, TS_FAILS };

struct tune_var {
	void *variant;                /* NULL in a merge, or when it does not load */
	enum tune_state state;
	int dropped_round;
	char *differ, *all, *json;    /* the keys that differ, every key, every key as JSON */
	struct tune_cell cell[TUNE_MAX_COUNTS];
	double J, J_lo, J_hi;         /* balance: the worst over counts */
	int worst;                    /* the count index of the worst */
	double comp;                  /* completion: the worst over counts */
	double len_min, len_max;      /* median rounds over counts (-1: beyond the horizon) */
	uint64_t games;
	bool best, tie, pareto, eligible;
	/* with --objective or --require: each objective's score (tune_goal_score,
	 * 95% interval), the requirement it fails (TS_FAILS) or the first one its
	 * interval still straddles (-1: none) */
	double obj[TUNE_MAX_GOALS], obj_lo[TUNE_MAX_GOALS], obj_hi[TUNE_MAX_GOALS];
	int failed, undecided;
};

/* Everything a report needs, from a run or read back from shards. */
struct tune_ctx {
	char *pack_path, *pack_id, *game, *unit, *space;   /* space: "wild 0..3 (4) x ..." */
	int counts[TUNE_MAX_COUNTS], ncounts;
	uint64_t seed;
	long cap;                     /* games at most for one variant at one count */
	long budget;                  /* total games at most (0: none) */
	double budget_secs;           /* 0: none (a live run only) */
	double threshold;
	int horizon;                  /* max length, in the engine's unit */
	double len_lo, len_hi;        /* --length in rounds (len_hi 0: none) */
	double first_seat;            /* -1: none */
	double tolerance;             /* balances closer than this are as fair */
	bool exhaustive;
	/* --objective (in order; none: the classic race on balance) and --require */
	struct tune_goal goals[TUNE_MAX_GOALS], reqs[TUNE_MAX_GOALS];
	int ngoals, nreqs;
	/* --skill-levels as given ("greedy,mcts:64"), when skill is a goal; else NULL */
	char *skill;
	size_t nv;
	struct tune_var *v;
	/* the outcome of the race */
	int rounds;
	uint64_t games;
	bool budget_spent;
	int best;                     /* -1: none */
};

/* Whether --objective or --require is given: the race on objectives. */
bool tune_goal_mode(const struct tune_ctx *c);
/* Whether skill is an objective or a requirement: skill games are played. */
bool tune_goal_skill(const struct tune_ctx *c);
/* Fill the measures of every cell and variant from its counts. */
void tune_measure(struct tune_ctx *c);
/* After the race: the eligible variants, the best, the ties, the Pareto set. */
void tune_decide(struct tune_ctx *c);
/* The report on stdout (text or JSON); the plot. 0 or an exit status. */
void tune_report_text(const struct tune_ctx *c);
void tune_report_json(const struct tune_ctx *c);
int tune_plot(const struct tune_ctx *c, const char *path);
/* The strings of c (pack, space, keys, reasons) with every control character
 * escaped, for the text report and the plot: a pack or a shard cannot move the
 * terminal's cursor or change its colours. The JSON report escapes its own. */
void tune_report_escape(struct tune_ctx *c);

#endif

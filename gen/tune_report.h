/* tune_report.h: the measures, the choice and the report of `railyard tune`
 * and `railyard merge` (tune_report.c), and the search's state they read,
 * which tune.c fills from games played or shards read back. Knows no game. */
#ifndef RAILYARD_TUNE_REPORT_H
#define RAILYARD_TUNE_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define TUNE_MAX_COUNTS    16       /* player counts judged */
#define TUNE_MAX_SEATS     16

#define TUNE_SEG 256        /* games in one unit of work, a shard's grain */

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
	struct tune_meas m;
	bool need;                    /* more games wanted */
};

enum tune_state { TS_LIVE, TS_WORSE, TS_STALLS, TS_LENGTH, TS_SEAT, TS_INVALID, TS_UNPLAYABLE };

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
	size_t nv;
	struct tune_var *v;
	/* the outcome of the race */
	int rounds;
	uint64_t games;
	bool budget_spent;
	int best;                     /* -1: none */
};

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
/* The state in a word ("live", "worse", "stalls", ...). */
const char *tune_state_name(enum tune_state s);

#endif

/* simstats.h: the totals of a series of games, whatever the game: wins per
 * seat, the ended games' lengths, and the core game's per-ability counts (zero
 * abilities for the other games); what they say (win rates with Wilson
 * intervals, length percentiles). Filled by the engines (trains_totals.c, gsim.c),
 * read by simulate's report and plot. */
#ifndef RAILYARD_SIMSTATS_H
#define RAILYARD_SIMSTATS_H

#include <stddef.h>
#include <stdint.h>

#include "rng.h"

/* The longest game any engine plays (--max-turns). */
#define SIM_MAX_TURNS 1000000

/* Integer totals over games: adding them up in any order gives the same result. */
struct sim_stats {
	int players;
	size_t nab;
	int max_turns;
	uint64_t games, completed, stalled;
	uint64_t wins[SIM_MAX_PLAYERS];
	uint64_t *length;          /* [max_turns + 1]: completed games by turns taken */
	uint64_t turns;            /* all turns of all games */
	uint64_t *used;            /* [nab]: times each ability was used */
	uint64_t *used_by_winner;  /* [nab]: ... by the player who went on to win */
	uint64_t *won_with;        /* [nab]: winning moves that used the ability */
	uint64_t *games_used;      /* [nab]: games in which the ability was used at all */
	uint64_t draws, on_self, on_opponent, across, freezes, reshuffles;
	uint64_t removals_self, removals_opponent;   /* removals (s → X) by target */
};

/* Zeroed totals for a table of players, nab abilities (the core game's; 0 for
 * a game without) and games of at most max_turns turns. */
void sim_stats_new(struct sim_stats *st, int players, size_t nab, int max_turns);
void sim_stats_add(struct sim_stats *dst, const struct sim_stats *src);
void sim_stats_free(struct sim_stats *st);

/* What the totals say, in the terms of general game systems. */
struct sim_summary {
	uint64_t games, completed;
	double completion;                  /* games with a winner / games */
	double win_rate[SIM_MAX_PLAYERS];   /* wins / games, per seat */
	double ci_lo[SIM_MAX_PLAYERS], ci_hi[SIM_MAX_PLAYERS];  /* 95% Wilson interval */
	double balance;                     /* 1 - (largest - smallest win rate); the trains
					     * report uses stats_balance (gen/play/stats.h) instead */
	double mean, sd;                    /* turns of the completed games */
	int p10, p50, p90, min, max;        /* nearest-rank percentiles; 0 if none completed */
};

void sim_summarize(const struct sim_stats *st, struct sim_summary *sum);

#endif

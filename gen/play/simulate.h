/* simulate.h: `railyard simulate` for every game (simulate.c): one option
 * table parsed once, the series of games played on threads through the game
 * table's engine (gsim.h), the report (text, JSON, --compare, --plot). What
 * differs between the games' packs comes through a struct sim_side in the
 * game table: the core game's in trains_gsim.c, the deck games' in kit_sim.c. */
#ifndef RAILYARD_SIMULATE_H
#define RAILYARD_SIMULATE_H

#include <stdbool.h>
#include <stdint.h>

#include "names.h"
#include "gsim.h"
#include "opt.h"
#include "series.h"
#include "stats.h"
#include "simstats.h"
#include "verdict.h"

#define SIM_MAX_RULES 16

/* The getopt values of simulate's options without a short letter. */
enum { SIM_OPT_CWITH = 1000, SIM_OPT_CWITHOUT, SIM_OPT_CRULE, SIM_OPT_SKILL, SIM_OPT_SKILL_LEVELS };

/* --skill and --skill-levels, the same for every game's simulate: two rows
 * (opt.h) of each side's table. */
#define SIMULATE_SKILL_OPTIONS \
	OPT("skill", SIM_OPT_SKILL, NULL, \
		"the skill trace instead of the report: a ladder of\n" \
		"levels, each against the one below (every deal once\n" \
		"with the stronger in each seat), the stronger's share\n" \
		"of the games with a single winner against 1/N, and\n" \
		"the skill score: the strongest's share against the\n" \
		"weakest rescaled, 0 a lottery, 1 it always wins;\n" \
		"--games is games a step; one --players count"), \
	OPT("skill-levels", SIM_OPT_SKILL_LEVELS, "K|LIST", \
		"K levels of random, greedy, mcts:64, mcts:256,\n" \
		"... (default 4; 2 for an engine without mcts), or\n" \
		"the levels named (random,greedy,mcts:N,...), 2..8")

/* The options of one simulate run. */
struct sim_opts {
	int counts[SIM_MAX_PLAYERS];   /* --players: every count asked for */
	int ncounts;
	long games;
	uint64_t seed;
	int threads;
	enum gsim_policy policy[SIM_MAX_PLAYERS];
	int budget[SIM_MAX_PLAYERS];   /* mcts:N seats: N (cli_policies) */
	int npolicy;
	const char *policy_arg;
	/* [0]: --rule; [1]: the compare series' (--rule, then --compare-rule) */
	const char *rules[2][2 * SIM_MAX_RULES];
	int nrules[2];
	long max_length;   /* --max-turns / --max-length: a longer game is a timeout */
	double threshold;  /* --completion: below it a series stalls */
	const char *compare, *plot;
	struct names_select sel[2];    /* --with/--without, --compare-with/--compare-without */
	bool json, quiet;
	long trace;        /* game to trace, or -1 */
	bool skill;        /* --skill: the skill trace instead of the report */
	const char *skill_levels;   /* --skill-levels K or LIST, or NULL */
	bool players_given;
};

/* One pack's series of games at one player count. */
struct sim_series {
	const char *path;
	int j;                        /* 0: the pack, 1: --compare's */
	int players;
	const struct gsim_engine *eng;
	const char *id, *title;       /* the pack's (set by the side's load) */
	void *pack;                   /* the side's loaded pack (load_pack), shared by the counts */
	const struct ruleset *set;    /* its named rules in force, for "rules_from" */
	void *setup;                  /* the engine's */
	struct gsim_params params;    /* what it was made from (set by the side's load) */
	void *own;                    /* the side's own totals (collect), or NULL */
	struct gsim_counts t;         /* the totals */
	struct stats_counts cnt;      /* the same as stats.h reads them */
	struct stats_series v;        /* completion, balance, no single winner, length */
	struct gsim_behaviour beh;    /* decision moves, branching, lead changes, ... */
	struct verdict_side side;
	struct sim_stats plot;        /* wins and the ended games' lengths, for the plot */
	struct sim_summary sum;
	double seconds;
	char rules[512];              /* the rules in force, as the side says them */
	char label[256];              /* the pack id and what --compare-* changed */
	enum gsim_policy policy[SIM_MAX_PLAYERS];
	int budget[SIM_MAX_PLAYERS];          /* GSIM_MCTS seats: iterations a move */
	char policy_name[SIM_MAX_PLAYERS][24];   /* as the report names it: greedy, mcts:256 */
};

/* What simulate needs of a kind of pack beyond its engine: its options, its
 * loading and its part of the report. Members marked "may be NULL" are. */
struct sim_side {
	const struct opt_table *usage;   /* simulate's options and --help */
	long length_default;         /* --max-turns' default */
	int npolicies;               /* the policies offered: the first n of enum gsim_policy,
				      * and mcts when the game's engine has steps */
	const char *besides;         /* what else two compared packs differ in, or NULL */
	/* Load pack j of the run (0: the pack, 1: --compare's) at path, parsed
	 * as doc (NULL: read path), for game g, with the --rule options of its
	 * series (o->rules[j]): once, for every player count. NULL (reported) when
	 * it cannot be loaded; free_pack frees it. */
	void *(*load_pack)(const char *path, const struct ydoc *doc, int j, const struct game *g,
			   const struct sim_opts *o);
	void (*free_pack)(void *pack);
	/* Make the setup of series se (se->pack loaded, se->players, se->policy):
	 * false (reported) when it cannot be played. Sets id, title, set, setup,
	 * rules; own may be set. */
	bool (*load)(struct sim_series *se, const struct game *g, const struct sim_opts *o);
	/* Free what load made (not the pack). */
	void (*release)(struct sim_series *se);
	/* A worker's scratch after its games: add its own totals into se->own. May be NULL. */
	void (*collect)(struct sim_series *se, const void *scratch);
	/* The text report's lines between the title line and "games:" (players, rules). */
	void (*text_head)(const struct sim_series *se);
	/* Its lines after the verdict. */
	void (*text_tail)(const struct sim_series *se);
	/* The JSON members between "title" and "rules_from", written by w (the
	 * series' object indented by ind). */
	void (*json_head)(struct jw *w, const struct sim_series *se, const char *ind);
	/* The JSON members after the verdict's. */
	void (*json_tail)(struct jw *w, const struct sim_series *se, const char *ind);
	/* The rules two series differ in, comma-separated into out ("" when none). */
	void (*rules_differ)(const struct sim_series *a, const struct sim_series *b, char *out, size_t len);
	/* Warn that a --compare mixes rules and pack (may be NULL: no warning). */
	void (*warn_differ)(const struct sim_series *a, const struct sim_series *b);
	/* --trace: play game o->trace of se and print it move by move. NULL: the
	 * engine does not report its moves; simulate prints that game's outcome. */
	void (*trace_game)(const struct sim_series *se, const struct sim_opts *o);
};

/* railyard simulate for every game (simulate.c), through the game's engine and its side (sim_side above). */
struct ydoc;
int cmd_simulate(const struct game *game, const struct ydoc *pack, int argc, char **argv);

#endif

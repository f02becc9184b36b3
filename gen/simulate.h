/* simulate.h: what the two simulate commands share (simulate.c for Game of
 * Trains, games_sim.c for the other games): option values, the checks after
 * the options, the report's time line. Implemented in simulate.c. */
#ifndef RAILYARD_SIMULATE_H
#define RAILYARD_SIMULATE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* The keys of a trains pack's --rule KEY=VALUE, NULL-ended (the parser's own). */
extern const char *const simulate_rule_keys[];

/* --games ARG into *games; false (reported) unless 1..1000000000. */
bool simulate_games_opt(const char *arg, long *games);

/* --completion ARG into *threshold; false (reported) unless a share 0..1. */
bool simulate_completion_opt(const char *arg, double *threshold);

/* --threads ARG into *threads; false (reported) unless 1..256. */
bool simulate_threads_opt(const char *arg, int *threads);

/* ok, and false (reported) when ok and npolicy is neither 1 nor counts[k] for
 * some k, or (whatever ok) when plot is set without a known extension. */
bool simulate_check_seats(bool ok, int npolicy, const int *counts, int ncounts, const char *plot);

/* The next games [*first, *last) for a worker thread, taken in chunks from
 * *next, shared by the threads; false when all `games` are handed out. */
bool simulate_next_chunk(atomic_long *next, long games, long *first, long *last);

/* Flush the report on stdout: EXIT_OK, or EXIT_OUTPUT (reported) when it
 * could not be written. */
int simulate_flush_report(void);

/* Seconds on the monotonic clock. */
double simulate_now(void);

/* The report's line "time: ... s on N threads, ... games/s". */
void simulate_print_time(double seconds, uint64_t games, int threads);

/* v as a JSON number, or null when it is not finite. */
void simulate_json_num(FILE *f, double v);

struct sim_summary;

/* A series' seats in its JSON object on stdout, each member on a line of its
 * own indented by ind: "wins" (of players seats), "win_rate", "win_rate_ci",
 * "balance" and "balance_ci" (bal_lo, bal_hi), without the line ends around. */
void simulate_json_seats(const char *ind, int players, const uint64_t *wins, const struct sim_summary *s,
			 double bal_lo, double bal_hi);

#endif

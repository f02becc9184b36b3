/* series.h: what the commands that play series of games share (simulate.c,
 * tune.c): the values of --games, --threads and --completion, chunks of a
 * series handed to threads, the clock, and the report's time line, JSON
 * numbers and flush. Knows no game. Implemented in series.c. */
#ifndef RAILYARD_SERIES_H
#define RAILYARD_SERIES_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* --games ARG into *games; false (reported) unless 1..1000000000. */
bool series_games_opt(const char *arg, long *games);

/* --completion ARG into *threshold; false (reported) unless a share 0..1. */
bool series_completion_opt(const char *arg, double *threshold);

/* --threads ARG into *threads; false (reported) unless 1..256. */
bool series_threads_opt(const char *arg, int *threads);

/* The next games [*first, *last) for a worker thread, taken in chunks from
 * *next, shared by the threads; false when all `games` are handed out. */
bool series_next_chunk(atomic_long *next, long games, long *first, long *last);

/* Flush the report on stdout: EXIT_OK, or EXIT_OUTPUT (reported) when it
 * could not be written. */
int series_flush_report(void);

/* Seconds on the monotonic clock. */
double series_now(void);

/* The report's line "time: ... s on N threads, ... games/s". */
void series_print_time(double seconds, uint64_t games, int threads);

#endif

/* series.c: what the commands that play series of games share (series.h). */
#include "series.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <time.h>

#include "diag.h"
#include "util.h"

#define CHUNK 64   /* games a thread takes at a time */

bool series_completion_opt(const char *arg, double *threshold)
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

bool series_games_opt(const char *arg, long *games)
{
	if (parse_int(arg, 1, 1000000000L, games) == 0)
		return true;
	diag(SEV_ERROR, NULL, "--games must be 1..1000000000, not '%s'", arg);
	return false;
}

bool series_threads_opt(const char *arg, int *threads)
{
	long v;
	if (parse_int(arg, 1, 256, &v) == 0) {
		*threads = (int)v;
		return true;
	}
	diag(SEV_ERROR, NULL, "--threads must be 1..256, not '%s'", arg);
	return false;
}

bool series_next_chunk(atomic_long *next, long games, long *first, long *last)
{
	*first = atomic_fetch_add(next, CHUNK);
	if (*first >= games)
		return false;
	*last = *first + CHUNK < games ? *first + CHUNK : games;
	return true;
}

double series_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

void series_print_time(double seconds, uint64_t games, int threads)
{
	printf("time: %.2f s on %d thread%s, %.0f games/s\n", seconds, threads, threads == 1 ? "" : "s",
	       seconds > 0 ? (double)games / seconds : 0);
}

int series_flush_report(void)
{
	if (fflush(stdout) == 0 && !ferror(stdout))
		return EXIT_OK;
	diag(SEV_ERROR, NULL, "could not write the report");
	return EXIT_OUTPUT;
}

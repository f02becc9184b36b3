/* progress.c: progress reports on stderr (progress.h). */
#include "progress.h"

#include <stdbool.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

static struct {
	enum progress_mode mode;
	bool tty;              /* stderr is a terminal (asked once) */
	int asked;
	int steps, step;       /* the work's steps (0: unknown) and the current one */
	const char *unit, *what;
	long total;
	double t0;             /* when the step began */
	double first;          /* when the work's first step began */
	double last;           /* when the last report was shown */
	bool drawn;            /* a terminal line is on screen */
	bool said;             /* a log line was written for this step */
} pr = {.unit = "items"};

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void progress_set_mode(enum progress_mode mode)
{
	pr.mode = mode;
}

int progress_wanted(void)
{
	return pr.mode != PROGRESS_OFF;
}

void progress_steps(int steps)
{
	pr.steps = steps;
	pr.step = 0;
	pr.first = 0;
}

void progress_unit(const char *unit)
{
	pr.unit = unit;
}

void progress_start(const char *what, long total)
{
	if (!pr.asked) {
		pr.tty = isatty(2);
		pr.asked = 1;
	}
	pr.step++;
	pr.what = what;
	pr.total = total;
	pr.t0 = now();
	pr.said = false;
	if (!pr.first)
		pr.first = pr.t0;
}

/* "step 2/4 " when the work has several steps. */
static void put_step(void)
{
	int steps = pr.steps > pr.step ? pr.steps : pr.step;
	if (steps > 1)
		fprintf(stderr, "step %d/%d ", pr.step, steps);
}

static void put_rate(long done, double elapsed)
{
	double rate = elapsed > 0.05 ? (double)done / elapsed : 0;  /* none from a blink */
	fprintf(stderr, "%ld/%ld %s", done, pr.total, pr.unit);
	if (rate > 0)
		fprintf(stderr, ", %.0f/s", rate);
	if (done < pr.total && rate > 0)
		fprintf(stderr, ", %.0f s left", (double)(pr.total - done) / rate);
	else
		fprintf(stderr, ", %.1f s", elapsed);
}

void progress_step(long done)
{
	if (pr.mode == PROGRESS_OFF || pr.total <= 0)
		return;
	double t = now(), elapsed = t - pr.t0, since = t - pr.first;
	if (pr.tty) {
		/* on a terminal: after a second of work, at most ten times a second */
		if ((pr.mode != PROGRESS_ON && since < 1) || (t - pr.last < 0.1 && done < pr.total))
			return;
		int width = 24, fill = (int)((double)width * (double)done / (double)pr.total);
		fputs("\rrailyard: ", stderr);
		put_step();
		fprintf(stderr, "%.40s [", pr.what);
		for (int i = 0; i < width; i++)
			fputc(i < fill ? '#' : '.', stderr);
		fputs("] ", stderr);
		put_rate(done, elapsed);
		fputs("\033[K", stderr);  /* clear what a longer line left */
		pr.drawn = true;
	} else {
		/* a log: a line every PROGRESS_EVERY seconds of a long work (every
		 * second with --progress), and the end of a step that had one */
		double every = pr.mode == PROGRESS_ON ? 1 : PROGRESS_EVERY;
		bool end = done >= pr.total && (pr.said || pr.mode == PROGRESS_ON);
		if (!end && (since < every || (pr.last && t - pr.last < every)))
			return;
		pr.said = true;
		fputs("railyard: ", stderr);
		put_step();
		fprintf(stderr, "%s: ", pr.what);
		put_rate(done, elapsed);
		fputc('\n', stderr);
	}
	pr.last = t;
	fflush(stderr);
}

void progress_end(void)
{
	if (pr.drawn)
		fputs("\r\033[K", stderr);
	pr.drawn = false;
	pr.total = 0;
}

void progress_watch(const char *what, atomic_long *done, long total)
{
	progress_start(what, total);
	/* 10 ms naps: the work's end is seen within 10 ms (a 100 ms nap kept a
	 * 0.1 s series waiting up to 0.1 s more); progress_step draws at its own
	 * pace. */
	for (long d; (d = atomic_load(done)) < total;) {
		progress_step(d);
		struct timespec ts = {0, 10000000};
		nanosleep(&ts, NULL);
	}
	progress_step(total);
	progress_end();
}

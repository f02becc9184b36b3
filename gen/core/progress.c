/* progress.c: progress reports on stderr (progress.h). */
#include "progress.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
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
	bool ended;            /* its last unit was reported */
	double plan, plan_done; /* progress_plan: the whole cost, that of the steps ended */
	double plan_t0;        /* when the plan began */
	double cost, next;     /* the current step's cost; the next one's (progress_cost) */
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

void progress_plan(double cost)
{
	pr.plan = cost > 0 ? cost : 0;
	pr.plan_done = 0;
	pr.plan_t0 = 0;
	pr.cost = pr.next = 0;
}

void progress_cost(double cost)
{
	pr.next = cost > 0 ? cost : 0;
}

const char *progress_unit(const char *unit)
{
	const char *was = pr.unit;
	pr.unit = unit;
	return was;
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
	pr.ended = false;
	if (!pr.first)
		pr.first = pr.t0;
	pr.cost = pr.next;
	pr.next = 0;
	if (pr.plan && !pr.plan_t0)
		pr.plan_t0 = pr.t0;
}

/* Append printf's output to the line b of room n (cut at the room). */
static void add(char *b, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void add(char *b, size_t n, const char *fmt, ...)
{
	size_t at = strlen(b);
	va_list ap;
	va_start(ap, fmt);
	if (at + 1 < n)
		vsnprintf(b + at, n - at, fmt, ap);
	va_end(ap);
}

/* "step 2/4 " when the work has several steps. */
static void put_step(char *b, size_t n)
{
	if (pr.step > pr.steps && pr.steps > 0)   /* more than counted: no total */
		add(b, n, "step %d ", pr.step);
	else if (pr.steps > 1)
		add(b, n, "step %d/%d ", pr.step, pr.steps);
}

static void put_rate(char *b, size_t n, long done, double elapsed)
{
	double rate = elapsed > 0.05 ? (double)done / elapsed : 0;  /* none from a blink */
	add(b, n, "%ld/%ld %s", done, pr.total, pr.unit);
	if (rate > 0)
		add(b, n, ", %.0f/s", rate);
	if (done < pr.total && rate > 0 && !pr.plan)   /* a plan's ETA is the whole work's */
		add(b, n, ", %.0f s left", (double)(pr.total - done) / rate);
	else
		add(b, n, ", %.1f s", elapsed);
}

/* "; the build 45%, 9 s left" while a plan runs: the share of its cost done
 * (the current step's by its units) and the time so far scaled to the rest. */
static void put_plan(char *b, size_t n, long done, double t)
{
	if (!pr.plan)
		return;
	double now_done = pr.plan_done + pr.cost * (double)(done < pr.total ? done : pr.total) / (double)pr.total;
	double whole = pr.plan > pr.plan_done + pr.cost ? pr.plan : pr.plan_done + pr.cost;
	double f = now_done / whole, elapsed = t - pr.plan_t0;
	add(b, n, "; the build %.0f%%", 100 * f);
	if (f >= 0.01 && f < 1 && elapsed > 0.2)
		add(b, n, ", %.0f s left", elapsed * (1 - f) / f);
}

/* The terminal's width in columns (80 when it does not say). */
static int columns(void)
{
	struct winsize ws;
	return ioctl(2, TIOCGWINSZ, &ws) == 0 && ws.ws_col >= 40 ? ws.ws_col : 80;
}

/* On a terminal: the line redrawn. Without a plan: the step's name (40
 * characters at most), bar, count, rate and time left. Under a plan, to fit
 * the width: the name, count and rate, then the plan's share and time left
 * ("; build 45%, 9 s left"); when that leaves too little room for the name,
 * without the rate; a name still too long loses its first part
 * ("drivethru.pdf: "), then its end. */
static void draw_line(long done, double elapsed, double t)
{
	char head[64] = "", tail[256] = "";
	put_step(head, sizeof head);
	if (!pr.plan) {
		int width = 24, fill = (int)((double)width * (double)done / (double)pr.total);
		add(tail, sizeof tail, " [");
		for (int i = 0; i < width; i++)
			add(tail, sizeof tail, "%c", i < fill ? '#' : '.');
		add(tail, sizeof tail, "] ");
		put_rate(tail, sizeof tail, done, elapsed);
		fprintf(stderr, "\rrailyard: %s%.40s%s\033[K", head, pr.what, tail);
		return;
	}
	const char *what = pr.what, *part = strstr(what, ": ");
	int room = 0;
	double rate = elapsed > 0.05 ? (double)done / elapsed : 0;
	for (int brief = 0; brief < 2; brief++) {
		tail[0] = 0;
		add(tail, sizeof tail, " %ld/%ld %s", done, pr.total, pr.unit);
		if (!brief && rate > 0)
			add(tail, sizeof tail, ", %.0f/s", rate);
		char plan[96] = "";
		put_plan(plan, sizeof plan, done, t);
		add(tail, sizeof tail, "; build%s", plan + strlen("; the build"));   /* "the" left out */
		room = columns() - 1 - 10 - (int)strlen(head) - (int)strlen(tail);
		if (room >= (int)strlen(part ? part + 2 : what) || room >= 12)
			break;
	}
	if ((int)strlen(what) > room && part)
		what = part + 2;
	fprintf(stderr, "\rrailyard: %s%.*s%s\033[K", head, room > 8 ? room : 8, what, tail);
}

void progress_step(long done)
{
	if (pr.mode == PROGRESS_OFF || pr.total <= 0 || pr.ended)
		return;
	double t = now(), elapsed = t - pr.t0, since = t - pr.first;
	if (pr.tty) {
		/* on a terminal: after a second of work, at most ten times a second */
		if ((pr.mode != PROGRESS_ON && since < 1) || (t - pr.last < 0.1 && done < pr.total))
			return;
		draw_line(done, elapsed, t);
		pr.drawn = true;
	} else {
		/* a log: a line every PROGRESS_EVERY seconds of a long work (every
		 * second with --progress), and the end of a step that had one */
		double every = pr.mode == PROGRESS_ON ? 1 : PROGRESS_EVERY;
		bool end = done >= pr.total && (pr.said || pr.mode == PROGRESS_ON);
		if (!end && (since < every || (pr.last && t - pr.last < every)))
			return;
		pr.said = true;
		char line[512] = "";
		put_step(line, sizeof line);
		add(line, sizeof line, "%s: ", pr.what);
		put_rate(line, sizeof line, done, elapsed);
		put_plan(line, sizeof line, done, t);
		fprintf(stderr, "railyard: %s\n", line);
	}
	pr.last = t;
	pr.ended = done >= pr.total;
	fflush(stderr);
}

void progress_end(void)
{
	if (pr.drawn)
		fputs("\r\033[K", stderr);
	pr.drawn = false;
	pr.total = 0;
	pr.plan_done += pr.cost;
	pr.cost = 0;
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

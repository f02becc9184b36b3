/* sandbox.h: run a risky piece of work (a library drawing a stranger's file) in a
 * child process under limits: CPU seconds and address space by setrlimit, and a
 * wall-clock timeout. Whatever the work does (loops, eats memory, crashes), the
 * caller gets a reason it can report, and the process lives on. */
#ifndef RAILYARD_SANDBOX_H
#define RAILYARD_SANDBOX_H

#include <stddef.h>

struct sandbox_limits {
	double seconds;      /* CPU and wall clock */
	double megabytes;    /* address space the work may add */
};

/* Run fn(arg, why, n) in a forked child under lim: it returns 0 for success, or
 * non-zero with its reason in why. Returns 0 when it succeeded; else -1 with the
 * reason in why ("took more than 3 s to draw", "needed more than 300 MB to draw,
 * or made the renderer crash (signal 11)", "could not be drawn within ... (fn's
 * reason)"). */
int sandbox_run(int (*fn)(void *, char *, size_t), void *arg, const struct sandbox_limits *lim,
		char *why, size_t n);

/* Drawing threads hold the gate while they draw (sandbox_hold, sandbox_release):
 * sandbox_run forks only when no other thread is inside a library's lock, so
 * the child cannot wait forever on a lock a thread that did not follow it took. */
void sandbox_hold(void);
void sandbox_release(void);

#endif

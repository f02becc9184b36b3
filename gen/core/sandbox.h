/* sandbox.h: run a risky piece of work (a library drawing a stranger's file) in a
 * separate process under limits: CPU seconds and address space by setrlimit, a
 * wall-clock timeout and the resident memory watched from outside. Whatever the
 * work does (loops, eats memory, crashes), the caller gets a reason it can
 * report, and the process lives on.
 *
 * The process is railyard itself, started afresh (posix_spawn of its own
 * executable with a hidden first argument), never a fork: a fork copies only
 * the forking thread, so a library lock or thread pool another thread held
 * (librsvg's blur workers, Pango's font map) would wait forever in the child.
 * The child dies with the process that started it (PR_SET_PDEATHSIG). */
#ifndef RAILYARD_SANDBOX_H
#define RAILYARD_SANDBOX_H

#include <spawn.h>
#include <stddef.h>
#include <sys/types.h>

struct sandbox_limits {
	double seconds;      /* CPU and wall clock */
	double megabytes;    /* memory the work may add */
};

/* A kind of work a child does: with the string arg and the input bytes, 0 for
 * success, SANDBOX_NO_MEMORY when it ran out of memory (the limit), or another
 * non-zero value with the reason in why. */
#define SANDBOX_NO_MEMORY 3
typedef int sandbox_work(const char *arg, const void *input, size_t len, char *why, size_t n);
struct sandbox_mode {
	const char *name;
	sandbox_work *work;
};

/* Run the work mode names (one of the table sandbox_child was handed) in a
 * child under lim, with arg and input. Returns 0 when it succeeded; else -1
 * with the reason in why ("took more than 3 s to draw", "needed more than 300 MB
 * to draw, or made the renderer crash (signal 11)", "could not be drawn (the
 * work's reason)"). Thread-safe. */
int sandbox_run(const char *mode, const char *arg, const void *input, size_t len,
		const struct sandbox_limits *lim, char *why, size_t n);

/* First thing in main: when argv is a child's command line, do its work (from
 * modes, NULL-terminated) and never return; else return. */
void sandbox_child(int argc, char **argv, const struct sandbox_mode *modes);

/* Start the program argv[0] (looked up in PATH) with argv and env, its
 * standard streams as fa says, under seconds of CPU and megabytes of address
 * space, dying with this process (PR_SET_PDEATHSIG, set by railyard started
 * with a hidden first argument, which then becomes the program: the limits
 * hold across the exec). Returns its pid, or -1 with errno set; a program not
 * found ends with exit status 127. */
pid_t sandbox_spawn(const char *const argv[], char *const env[], const posix_spawn_file_actions_t *fa,
		    double seconds, double megabytes);

/* The processes sandbox_run has running now (for tests: none is left behind). */
int sandbox_running(void);

#endif

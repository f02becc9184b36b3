/* sandbox.c: a child process under limits (see sandbox.h). */
#include "sandbox.h"

#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* Field FIELD (0: the address space, 1: resident) of /proc/PID/statm (0: this
 * process), in bytes; 0 when unknown. */
static double statm(pid_t pid, int field)
{
	char path[64];
	if (pid)
		snprintf(path, sizeof path, "/proc/%ld/statm", (long)pid);
	else
		snprintf(path, sizeof path, "/proc/self/statm");
	FILE *f = fopen(path, "r");
	unsigned long pages[2] = {0, 0};
	if (f) {
		if (fscanf(f, "%lu %lu", &pages[0], &pages[1]) != 2)
			pages[0] = pages[1] = 0;
		fclose(f);
	}
	return (double)pages[field] * (double)sysconf(_SC_PAGESIZE);
}

static double vm_now(void)
{
	return statm(0, 0);
}

static void child(int (*fn)(void *, char *, size_t), void *arg, const struct sandbox_limits *lim,
		  double vm, int out)
{
	/* The parent's handlers clean up its files: not the child's business; and a
	 * crash here ends the child, whoever watches for crashes. */
	for (const int *s = (const int[]){SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGUSR1, SIGALRM, SIGSEGV,
					  SIGBUS, SIGABRT, SIGFPE, SIGILL, SIGXCPU, 0}; *s; s++)
		signal(*s, SIG_DFL);
	rlim_t cpu = (rlim_t)(lim->seconds + 0.999);
	struct rlimit r = {cpu, cpu + 1};
	setrlimit(RLIMIT_CPU, &r);
	if (vm > 0) {
		rlim_t as = (rlim_t)(vm + lim->megabytes * 1048576);
		struct rlimit m = {as, as};
		setrlimit(RLIMIT_AS, &m);
	}
	struct rlimit core = {0, 0};
	setrlimit(RLIMIT_CORE, &core);
	/* What the libraries (or a sanitizer) say as they fail is not for the user:
	 * the reason comes back through the pipe. */
	int null = open("/dev/null", O_WRONLY);
	if (null >= 0)
		dup2(null, STDERR_FILENO);
	char why[256] = "";
	int rc = fn(arg, why, sizeof why);
	if (rc && write(out, why, strlen(why)) < 0)
		rc = 2;
	_exit(rc == 0 ? 0 : 1);
}

/* The fork gate: how many threads hold it, whether a fork waits (sandbox.h). */
static pthread_mutex_t gate_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t gate_cv = PTHREAD_COND_INITIALIZER;
static int gate_held, gate_forks;
static _Thread_local int gate_mine;

void sandbox_hold(void)
{
	pthread_mutex_lock(&gate_mu);
	while (gate_forks)
		pthread_cond_wait(&gate_cv, &gate_mu);
	gate_held++;
	gate_mine++;
	pthread_mutex_unlock(&gate_mu);
}

void sandbox_release(void)
{
	pthread_mutex_lock(&gate_mu);
	gate_held--;
	gate_mine--;
	pthread_cond_broadcast(&gate_cv);
	pthread_mutex_unlock(&gate_mu);
}

static pid_t gated_fork(void)
{
	pthread_mutex_lock(&gate_mu);
	gate_forks++;
	while (gate_held > gate_mine)
		pthread_cond_wait(&gate_cv, &gate_mu);
	pthread_mutex_unlock(&gate_mu);
	pid_t pid = fork();
	if (pid == 0)
		return 0;
	pthread_mutex_lock(&gate_mu);
	gate_forks--;
	pthread_cond_broadcast(&gate_cv);
	pthread_mutex_unlock(&gate_mu);
	return pid;
}

int sandbox_run(int (*fn)(void *, char *, size_t), void *arg, const struct sandbox_limits *lim,
		char *why, size_t n)
{
	double vm = vm_now(), rss = statm(0, 1);
	int fd[2];
	if (pipe(fd) != 0) {
		snprintf(why, n, "cannot start a process to draw it: %s", strerror(errno));
		return -1;
	}
	fflush(NULL);
	pid_t pid = gated_fork();
	if (pid < 0) {
		snprintf(why, n, "cannot start a process to draw it: %s", strerror(errno));
		close(fd[0]);
		close(fd[1]);
		return -1;
	}
	if (pid == 0) {
		close(fd[0]);
		child(fn, arg, lim, vm, fd[1]);
	}
	close(fd[1]);
	struct timespec t0, now, nap = {0, 5000000};
	clock_gettime(CLOCK_MONOTONIC, &t0);
	int st = 0;
	for (;;) {
		pid_t r = waitpid(pid, &st, WNOHANG);
		if (r == pid)
			break;
		if (r < 0 && errno != EINTR) {
			snprintf(why, n, "lost the process drawing it: %s", strerror(errno));
			close(fd[0]);
			return -1;
		}
		clock_gettime(CLOCK_MONOTONIC, &now);
		double dt = (double)(now.tv_sec - t0.tv_sec) + (double)(now.tv_nsec - t0.tv_nsec) / 1e9;
		/* The address-space limit does not hold under a sanitizer (its shadow is
		 * reserved before the fork): the child's resident memory is watched too. */
		if (statm(pid, 1) > rss + lim->megabytes * 1048576) {
			kill(pid, SIGKILL);
			while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
				;
			snprintf(why, n, "needed more than %g MB to draw", lim->megabytes);
			close(fd[0]);
			return -1;
		}
		if (dt > lim->seconds) {
			kill(pid, SIGKILL);
			while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
				;
			snprintf(why, n, "took more than %g s to draw", lim->seconds);
			close(fd[0]);
			return -1;
		}
		/* Nap, or less: the pipe's end closes (or carries the child's message)
		 * as the child ends, so the wait ends with it, not a nap later. */
		struct pollfd pf = {.fd = fd[0], .events = POLLIN};
		poll(&pf, 1, (int)(nap.tv_nsec / 1000000));
		if (nap.tv_nsec < 50000000)
			nap.tv_nsec += 5000000;
	}
	char msg[256];
	ssize_t got = read(fd[0], msg, sizeof msg - 1);
	close(fd[0]);
	msg[got > 0 ? got : 0] = 0;
	if (WIFEXITED(st) && WEXITSTATUS(st) == 0)
		return 0;
	if (WIFEXITED(st) && *msg)
		snprintf(why, n, "could not be drawn (%s)", msg);
	else if (WIFEXITED(st))
		snprintf(why, n, "needed more than %g MB to draw, or made the renderer fail (exit %d)",
			 lim->megabytes, WEXITSTATUS(st));
	else if (WTERMSIG(st) == SIGXCPU || WTERMSIG(st) == SIGKILL)
		snprintf(why, n, "took more than %g s to draw", lim->seconds);
	else
		snprintf(why, n, "needed more than %g MB to draw, or made the renderer crash (signal %d)",
			 lim->megabytes, WTERMSIG(st));
	return -1;
}

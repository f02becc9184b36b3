/* sandbox.c: work in a child process under limits (see sandbox.h). */
#define _GNU_SOURCE   /* pipe2, prctl, MSG_NOSIGNAL */
#include "sandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

#define CHILD_FLAG "--sandbox-child"
#define EXEC_FLAG "--sandbox-exec"
#define CHILD_MAX_INPUT (64u << 20)   /* bytes a child reads: an image file is 32 MB at most */
#define CHILD_BASE_MB 120.0           /* a fresh railyard's resident memory, libraries loaded */
#define CHILD_START_SECONDS 2.0       /* to start one (exec, the libraries loaded) */

static atomic_int running;

int sandbox_running(void)
{
	return atomic_load(&running);
}

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

/* ---- the child ---- */

/* The whole of standard input, at most CHILD_MAX_INPUT bytes; NULL past it. */
static char *read_input(size_t *len)
{
	size_t cap = 65536, n = 0;
	char *buf = malloc(cap);
	for (;;) {
		if (!buf)
			return NULL;
		ssize_t r = read(STDIN_FILENO, buf + n, cap - n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			free(buf);
			return NULL;
		}
		if (r == 0)
			break;
		n += (size_t)r;
		if (n == cap) {
			if (cap >= CHILD_MAX_INPUT) {
				free(buf);
				return NULL;
			}
			char *more = realloc(buf, cap * 2);
			if (!more)
				free(buf);
			buf = more;
			cap *= 2;
		}
	}
	*len = n;
	return buf;
}

/* argv: EXE --sandbox-child MODE ARG SECONDS MEGABYTES PARENT-PID. The reason
 * for a failure goes to standard output; the child ends with _exit, so neither
 * exit handlers nor a sanitizer's leak report run. */
/* argv: EXE --sandbox-exec SECONDS MEGABYTES PARENT-PID PROGRAM ARGS...: the
 * limits set, then the program in this process's place. */
static void exec_child(int argc, char **argv)
{
	if (argc < 6)
		_exit(127);
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if ((long)getppid() != strtol(argv[4], NULL, 10))
		_exit(127);
	rlim_t cpu = (rlim_t)(strtod(argv[2], NULL) + 0.999);
	rlim_t as = (rlim_t)(strtod(argv[3], NULL) * 1048576);
	struct rlimit r = {cpu, cpu + 1}, m = {as, as}, core = {0, 0};
	setrlimit(RLIMIT_CPU, &r);
	setrlimit(RLIMIT_AS, &m);
	setrlimit(RLIMIT_CORE, &core);
	execvp(argv[5], argv + 5);
	_exit(127);
}

void sandbox_child(int argc, char **argv, const struct sandbox_mode *modes)
{
	if (argc >= 2 && strcmp(argv[1], EXEC_FLAG) == 0)
		exec_child(argc, argv);
	if (argc < 2 || strcmp(argv[1], CHILD_FLAG) != 0)
		return;
	if (argc != 7)
		_exit(2);
	/* Die with the parent (a SIGKILL to it included); a parent already gone
	 * before this line leaves us re-parented: stop. */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if ((long)getppid() != strtol(argv[6], NULL, 10))
		_exit(2);
	/* A crash ends the child by its signal, whoever would catch it (a
	 * sanitizer installs handlers at start): the parent reports the signal. */
	for (const int *sg = (const int[]){SIGSEGV, SIGBUS, SIGABRT, SIGFPE, SIGILL, 0}; *sg; sg++)
		signal(*sg, SIG_DFL);
	double seconds = strtod(argv[4], NULL), mb = strtod(argv[5], NULL);
	rlim_t cpu = (rlim_t)(seconds + 0.999);
	struct rlimit r = {cpu, cpu + 1}, core = {0, 0};
	setrlimit(RLIMIT_CPU, &r);
	setrlimit(RLIMIT_CORE, &core);
	double vm = statm(0, 0);
	if (vm > 0) {
		rlim_t as = (rlim_t)(vm + mb * 1048576);
		struct rlimit m = {as, as};
		setrlimit(RLIMIT_AS, &m);
	}
	const struct sandbox_mode *m = modes;
	while (m->name && strcmp(m->name, argv[2]) != 0)
		m++;
	if (!m->name)
		_exit(2);
	size_t len = 0;
	char *input = read_input(&len);
	char why[256] = "input too large";
	int rc = input ? m->work(argv[3], input, len, why, sizeof why) : 1;
	if (rc && write(STDOUT_FILENO, why, strlen(why)) < 0)
		rc = 2;
	_exit(rc == 0 ? 0 : rc == SANDBOX_NO_MEMORY ? SANDBOX_NO_MEMORY : 1);
}

/* ---- the parent ---- */

/* This program's own executable, as a path another process can start. Under
 * valgrind the kernel's /proc/self/exe is valgrind's tool, but readlink of it
 * is answered with the program's path. */
static char exe[4096];
static pthread_once_t exe_once = PTHREAD_ONCE_INIT;

static void find_exe(void)
{
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	exe[n > 0 ? n : 0] = 0;
}

/* End the child: killed, and waited for. */
static void reap(pid_t pid, int *st)
{
	kill(pid, SIGKILL);
	while (waitpid(pid, st, 0) < 0 && errno == EINTR)
		;
}

/* What the child's end says: 0 success, else -1 with the reason. */
static int verdict(int st, const char *msg, const struct sandbox_limits *lim, char *why, size_t n)
{
	if (WIFEXITED(st) && WEXITSTATUS(st) == 0)
		return 0;
	if (WIFEXITED(st) && WEXITSTATUS(st) == SANDBOX_NO_MEMORY)
		snprintf(why, n, "needed more than %g MB to draw", lim->megabytes);
	else if (WIFEXITED(st) && *msg)
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

/* Start the child: its standard input the socket in (one end of a pair, so a
 * child gone early makes a send fail, not a SIGPIPE), its output the pipe out. */
static pid_t start(const char *mode, const char *arg, const struct sandbox_limits *lim, int in, int out)
{
	char secs[32], mb[32], parent[32];
	snprintf(secs, sizeof secs, "%g", lim->seconds);
	snprintf(mb, sizeof mb, "%g", lim->megabytes);
	snprintf(parent, sizeof parent, "%ld", (long)getpid());
	char *argv[] = {exe, (char *)CHILD_FLAG, (char *)mode, (char *)arg, secs, mb, parent, NULL};
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, in, STDIN_FILENO);
	posix_spawn_file_actions_adddup2(&fa, out, STDOUT_FILENO);
	/* what the libraries (or a sanitizer) say as they fail is not for the
	 * user: the reason comes back through the pipe */
	posix_spawn_file_actions_addopen(&fa, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
	/* the parent's signal handlers clean up its files: the child takes the
	 * default actions (a crash ends it) */
	posix_spawnattr_t at;
	posix_spawnattr_init(&at);
	sigset_t all, none;
	sigfillset(&all);
	sigemptyset(&none);
	posix_spawnattr_setsigdefault(&at, &all);
	posix_spawnattr_setsigmask(&at, &none);
	posix_spawnattr_setflags(&at, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
	pid_t pid;
	int rc = posix_spawn(&pid, exe, &fa, &at, argv, environ);
	posix_spawnattr_destroy(&at);
	posix_spawn_file_actions_destroy(&fa);
	if (rc != 0) {
		errno = rc;
		return -1;
	}
	return pid;
}

pid_t sandbox_spawn(const char *const argv[], char *const env[], const posix_spawn_file_actions_t *fa,
		    double seconds, double megabytes)
{
	pthread_once(&exe_once, find_exe);
	if (!exe[0]) {
		errno = ENOENT;
		return -1;
	}
	size_t n = 0;
	while (argv[n])
		n++;
	char secs[32], mb[32], parent[32];
	snprintf(secs, sizeof secs, "%g", seconds);
	snprintf(mb, sizeof mb, "%g", megabytes);
	snprintf(parent, sizeof parent, "%ld", (long)getpid());
	char **args = calloc(n + 6, sizeof *args);
	if (!args)
		return -1;
	args[0] = exe;
	args[1] = (char *)EXEC_FLAG;
	args[2] = secs;
	args[3] = mb;
	args[4] = parent;
	for (size_t i = 0; i < n; i++)
		args[5 + i] = (char *)(uintptr_t)argv[i];   /* exec never writes to argv */
	pid_t pid;
	int rc = posix_spawn(&pid, exe, fa, NULL, args, env);
	free(args);
	if (rc != 0) {
		errno = rc;
		return -1;
	}
	return pid;
}

/* A running child: its pid, the socket feeding its input, the pipe of its
 * reason, and how far each has got. */
struct child {
	pid_t pid;
	int in, out, st;
	const char *input;
	size_t len, sent;
	bool sending;
	char msg[256];
	size_t got;
};

/* Over a limit after dt seconds: the child killed, the reason in why; -1.
 * Else 0. */
static int over_limits(struct child *c, const struct sandbox_limits *lim, double dt, char *why, size_t n)
{
	/* The address-space limit does not hold under a sanitizer (its shadow is
	 * reserved at start): the child's resident memory is watched too, beyond
	 * what a fresh railyard holds with its libraries loaded. */
	if (statm(c->pid, 1) > (CHILD_BASE_MB + lim->megabytes) * 1048576) {
		reap(c->pid, &c->st);
		snprintf(why, n, "needed more than %g MB to draw", lim->megabytes);
		return -1;
	}
	if (dt > lim->seconds + CHILD_START_SECONDS) {
		reap(c->pid, &c->st);
		snprintf(why, n, "took more than %g s to draw", lim->seconds);
		return -1;
	}
	return 0;
}

/* Feed the input as the child takes it and keep what it says; wait for
 * either (the pipe's end closes, or carries its message, as it ends), a
 * short nap at most. */
static void exchange(struct child *c)
{
	struct pollfd pf[2] = {{.fd = c->out, .events = POLLIN}, {.fd = c->sending ? c->in : -1, .events = POLLOUT}};
	poll(pf, 2, 10);
	if (c->sending && (pf[1].revents & (POLLOUT | POLLERR | POLLHUP))) {
		ssize_t w = send(c->in, c->input + c->sent, c->len - c->sent, MSG_NOSIGNAL);
		if (w > 0)
			c->sent += (size_t)w;
		if ((w < 0 && errno != EAGAIN && errno != EINTR) || c->sent == c->len) {
			shutdown(c->in, SHUT_WR);
			c->sending = false;
		}
	}
	if ((pf[0].revents & POLLIN) && c->got < sizeof c->msg - 1) {
		ssize_t k = read(c->out, c->msg + c->got, sizeof c->msg - 1 - c->got);
		if (k > 0)
			c->got += (size_t)k;
	}
}

/* Watch c to its end: 0 (it ended: c->st), or -1 with the reason in why. */
static int watch(struct child *c, const struct sandbox_limits *lim, char *why, size_t n)
{
	struct timespec t0, now;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (;;) {
		pid_t r = waitpid(c->pid, &c->st, WNOHANG);
		if (r == c->pid)
			break;
		if (r < 0 && errno != EINTR) {
			snprintf(why, n, "lost the process drawing it: %s", strerror(errno));
			return -1;
		}
		clock_gettime(CLOCK_MONOTONIC, &now);
		double dt = (double)(now.tv_sec - t0.tv_sec) + (double)(now.tv_nsec - t0.tv_nsec) / 1e9;
		if (over_limits(c, lim, dt, why, n) != 0)
			return -1;
		exchange(c);
	}
	ssize_t k;
	while (c->got < sizeof c->msg - 1 && (k = read(c->out, c->msg + c->got, sizeof c->msg - 1 - c->got)) > 0)
		c->got += (size_t)k;
	return 0;
}

int sandbox_run(const char *mode, const char *arg, const void *input, size_t len,
		const struct sandbox_limits *lim, char *why, size_t n)
{
	pthread_once(&exe_once, find_exe);
	int sv[2], fd[2];
	if (!exe[0] || socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0) {
		snprintf(why, n, "cannot start a process to draw it: %s", exe[0] ? strerror(errno) : "no executable");
		return -1;
	}
	if (pipe2(fd, O_CLOEXEC) != 0) {
		snprintf(why, n, "cannot start a process to draw it: %s", strerror(errno));
		close(sv[0]);
		close(sv[1]);
		return -1;
	}
	struct child c = {.pid = start(mode, arg, lim, sv[1], fd[1]), .in = sv[0], .out = fd[0], .input = input,
			  .len = len, .sending = true};
	close(sv[1]);
	close(fd[1]);
	int rc = -1;
	if (c.pid < 0) {
		snprintf(why, n, "cannot start a process to draw it: %s", strerror(errno));
	} else {
		atomic_fetch_add(&running, 1);
		fcntl(c.in, F_SETFL, O_NONBLOCK);
		rc = watch(&c, lim, why, n);
		c.msg[c.got] = 0;
		atomic_fetch_sub(&running, 1);
	}
	close(c.in);
	close(c.out);
	return rc < 0 ? -1 : verdict(c.st, c.msg, lim, why, n);
}

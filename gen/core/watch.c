/* watch.c: rebuild when an input changes, by polling modification times. */
#include "watch.h"

#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "diag.h"
#include "util.h"

struct watched {
	char *path;
	struct timespec mtime;
	off_t size;
	mode_t mode;
	bool exists;
};

static struct {
	bool on;
	struct watched *v;
	size_t n, cap;
	char **drawn;      /* watch_drawn's templates */
	size_t ndrawn, capdrawn;
} w;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;  /* images load on PNG threads */

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

/* The file as it is now: the name itself (a link, a FIFO: lstat), so a file
 * replaced by anything at all counts as a change. */
static void look(struct watched *f)
{
	struct stat st;
	f->exists = lstat(f->path, &st) == 0;
	f->mtime = f->exists ? st.st_mtim : (struct timespec){0};
	f->size = f->exists ? st.st_size : 0;
	f->mode = f->exists ? st.st_mode : 0;
}

static void note(const char *path)
{
	for (size_t i = 0; i < w.n; i++)
		if (strcmp(w.v[i].path, path) == 0)
			return;
	w.v = xgrow(w.v, &w.cap, w.n + 1, sizeof *w.v);
	w.v[w.n] = (struct watched){.path = xstrdup(path)};
	look(&w.v[w.n++]);
}

void watch_note(const char *path)
{
	if (!w.on || !path)
		return;
	pthread_mutex_lock(&mu);
	note(path);
	pthread_mutex_unlock(&mu);
}

void watch_note_name(const char *from, const char *name)
{
	if (!w.on || !name || !*name)
		return;
	const char *slash = from ? strrchr(from, '/') : NULL;
	char *path = name[0] == '/' || !from ? xstrdup(name)
		   : slash ? xasprintf("%.*s/%s", (int)(slash - from), from, name) : xstrdup(name);
	watch_note(path);
	free(path);
}

static void forget(void)
{
	for (size_t i = 0; i < w.n; i++)
		free(w.v[i].path);
	w.n = 0;
	for (size_t i = 0; i < w.ndrawn; i++)
		free(w.drawn[i]);
	w.ndrawn = 0;
}

void watch_drawn(const char *path)
{
	if (!w.on || !path)
		return;
	pthread_mutex_lock(&mu);
	bool seen = false;
	for (size_t i = 0; i < w.ndrawn && !seen; i++)
		seen = strcmp(w.drawn[i], path) == 0;
	if (!seen) {
		w.drawn = xgrow(w.drawn, &w.capdrawn, w.ndrawn + 1, sizeof *w.drawn);
		w.drawn[w.ndrawn++] = xstrdup(path);
	}
	pthread_mutex_unlock(&mu);
}

size_t watch_drawn_count(void)
{
	return w.ndrawn;
}

const char *watch_drawn_at(size_t i)
{
	return i < w.ndrawn ? w.drawn[i] : NULL;
}

/* The first watched file that changed since it was noted, or NULL. */
static const char *changed(void)
{
	for (size_t i = 0; i < w.n; i++) {
		struct watched now = w.v[i];
		look(&now);
		if (now.exists != w.v[i].exists || now.size != w.v[i].size || now.mode != w.v[i].mode ||
		    now.mtime.tv_sec != w.v[i].mtime.tv_sec || now.mtime.tv_nsec != w.v[i].mtime.tv_nsec)
			return w.v[i].path;
	}
	return NULL;
}

/* The noted files' and drawn templates' lists themselves freed (forget()
 * empties them), when watching ends. */
static void drop_lists(void)
{
	free(w.v);
	w.v = NULL;
	w.cap = 0;
	free(w.drawn);
	w.drawn = NULL;
	w.capdrawn = 0;
}

void watch_record(bool on)
{
	pthread_mutex_lock(&mu);
	forget();
	if (!on)
		drop_lists();
	w.on = on;
	pthread_mutex_unlock(&mu);
}

size_t watch_count(void)
{
	return w.n;
}

const char *watch_noted(size_t i)
{
	return i < w.n ? w.v[i].path : NULL;
}

int watch_run(int (*run)(void *user, int argc, char **argv), void *user, int argc, char **argv)
{
	/* Between builds, a signal ends the loop; during one, the build's own
	 * handler (output.c: remove the temporary files, then die) stays in charge. */
	struct sigaction sa = {0}, old_int, old_term;
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	int status = 0;
	w.on = true;
	while (!stop) {
		forget();
		/* The pack itself, even when it fails to load. */
		for (int i = 1; i < argc; i++) {
			size_t n = strlen(argv[i]);
			if ((n > 5 && strcmp(argv[i] + n - 5, ".yaml") == 0) ||
			    (n > 4 && strcmp(argv[i] + n - 4, ".yml") == 0))
				watch_note(argv[i]);
		}
		status = run(user, argc, argv);
		diag_reset();
		fprintf(stderr, "railyard: %s; watching %zu file%s for changes (Ctrl-C ends)\n",
			status == 0 ? "built" : "build failed", w.n, w.n == 1 ? "" : "s");
		const char *what = NULL;
		sigaction(SIGINT, &sa, &old_int);
		sigaction(SIGTERM, &sa, &old_term);
		while (!stop && !(what = changed())) {
			struct timespec second = {1, 0};
			nanosleep(&second, NULL);
		}
		sigaction(SIGINT, &old_int, NULL);
		sigaction(SIGTERM, &old_term, NULL);
		if (what && !stop)
			fprintf(stderr, "railyard: %s changed: building again\n", what);
	}
	w.on = false;
	forget();
	drop_lists();
	return status;
}

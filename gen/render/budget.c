/* budget.c: the watchdog (budget.h). */
#include "budget.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "draw.h"
#include "output.h"

#define SLOTS 260  /* drawing threads: --jobs is at most 256 */

struct slot {
	atomic_long start_ms;      /* when the item began; 0: idle */
	char what[120];            /* "card 12" */
	char file[400];            /* its template, or "" */
};

static struct slot slots[SLOTS];
static atomic_int nslots;
static atomic_int generation;          /* one per build: the slots start afresh */
static _Thread_local int mine = -1, mine_gen = -1;
static double item_limit = BUDGET_ITEM_SECONDS, build_limit = BUDGET_BUILD_SECONDS;
static long build_start;
static atomic_bool running;
static pthread_t watchdog;
/* The watchdog naps on this, so that budget_stop wakes it at once: a plain sleep
 * kept every build waiting up to 50 ms for the nap to end. */
static pthread_mutex_t nap_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t nap_cv;
static pthread_once_t nap_once = PTHREAD_ONCE_INIT;

static void nap_init(void)
{
	pthread_condattr_t a;
	pthread_condattr_init(&a);
	pthread_condattr_setclock(&a, CLOCK_MONOTONIC);
	pthread_cond_init(&nap_cv, &a);
	pthread_condattr_destroy(&a);
}

static long now_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

void budget_set(double item_seconds, double build_seconds)
{
	item_limit = item_seconds > 0 ? item_seconds : BUDGET_ITEM_SECONDS;
	build_limit = build_seconds > 0 ? build_seconds : BUDGET_BUILD_SECONDS;
}

/* Over budget: say so (at the template of the item s draws, if any), remove the
 * staged set and the temporary files, exit 2. */
static void over(const struct slot *s, const char *msg)
{
	char line[1000];
	int n = snprintf(line, sizeof line, "railyard: %s%serror: %s; nothing was written, the "
			 "previous set is as it was\n", s && *s->file ? s->file : "",
			 s && *s->file ? ": " : "", msg);
	if (n > 0 && write(STDERR_FILENO, line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1) < 0)
		n = 0;
	output_cleanup();
	_exit(2);
}

double budget_build_seconds(void)
{
	return build_limit;
}

static void *watch(void *arg)
{
	(void)arg;
	char msg[400];
	pthread_mutex_lock(&nap_mu);
	while (atomic_load(&running)) {
		struct timespec until;
		clock_gettime(CLOCK_MONOTONIC, &until);
		until.tv_nsec += 50000000;
		if (until.tv_nsec >= 1000000000) {
			until.tv_sec++;
			until.tv_nsec -= 1000000000;
		}
		pthread_cond_timedwait(&nap_cv, &nap_mu, &until);
		if (!atomic_load(&running))
			break;
		pthread_mutex_unlock(&nap_mu);
		long now = now_ms();
		int n = atomic_load(&nslots);
		if ((double)(now - build_start) > build_limit * 1000) {
			const struct slot *s = NULL;
			for (int i = 0; i < n && !s; i++)
				if (atomic_load(&slots[i].start_ms))
					s = &slots[i];
			snprintf(msg, sizeof msg, "the build took more than %g s (--max-seconds N raises "
				 "it)%s%s", build_limit, s ? "; it was drawing " : "", s ? s->what : "");
			over(s, msg);
		}
		for (int i = 0; i < n; i++) {
			long t = atomic_load(&slots[i].start_ms);
			if (t && (double)(now - t) > item_limit * 1000) {
				snprintf(msg, sizeof msg, "%s took more than %g s to draw "
					 "(--max-item-seconds N raises it)", slots[i].what, item_limit);
				over(&slots[i], msg);
			}
		}
		pthread_mutex_lock(&nap_mu);
	}
	pthread_mutex_unlock(&nap_mu);
	return NULL;
}

void budget_start(void)
{
	if (atomic_load(&running))
		return;
	pthread_once(&nap_once, nap_init);
	build_start = now_ms();
	atomic_store(&running, true);
	if (pthread_create(&watchdog, NULL, watch, NULL) != 0)
		atomic_store(&running, false);
}

void budget_stop(void)
{
	if (!atomic_exchange(&running, false))
		return;
	pthread_mutex_lock(&nap_mu);
	pthread_cond_signal(&nap_cv);
	pthread_mutex_unlock(&nap_mu);
	pthread_join(watchdog, NULL);
	int n = atomic_load(&nslots);
	for (int i = 0; i < n; i++)
		atomic_store(&slots[i].start_ms, 0);
	atomic_store(&nslots, 0);
	atomic_fetch_add(&generation, 1);
}

void budget_item(const char *item, const char *file)
{
	if (mine_gen != atomic_load(&generation)) {
		mine_gen = atomic_load(&generation);
		mine = -1;
	}
	if (mine == -1) {
		mine = atomic_fetch_add(&nslots, 1);
		if (mine >= SLOTS) {
			atomic_fetch_sub(&nslots, 1);
			mine = -2;
		}
	}
	if (mine < 0)
		return;
	struct slot *s = &slots[mine];
	atomic_store(&s->start_ms, 0);
	snprintf(s->what, sizeof s->what, "%s", item);
	snprintf(s->file, sizeof s->file, "%s", file ? file : "");
	atomic_store(&s->start_ms, now_ms());
}

void budget_idle(void)
{
	if (mine >= 0 && mine_gen == atomic_load(&generation))
		atomic_store(&slots[mine].start_ms, 0);
}

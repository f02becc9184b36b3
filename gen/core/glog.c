/* glog.c: GLib's log messages through diag (glog.h). */
#include "glog.h"

#include <glib.h>
#include <pthread.h>

#include "diag.h"

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static long count;

static void handler(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer user)
{
	(void)user;
	if (!(level & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING |
		       G_LOG_LEVEL_MESSAGE)))
		return;
	pthread_mutex_lock(&mu);
	if (++count <= GLOG_SHOWN)
		diag(SEV_WARNING, NULL, "%s: %.300s", domain ? domain : "GLib", message ? message : "");
	pthread_mutex_unlock(&mu);
}

void glog_capture(void)
{
	pthread_mutex_lock(&mu);
	count = 0;
	pthread_mutex_unlock(&mu);
	g_log_set_default_handler(handler, NULL);
}

long glog_summary(void)
{
	pthread_mutex_lock(&mu);
	long n = count;
	count = 0;
	pthread_mutex_unlock(&mu);
	if (n > GLOG_SHOWN)
		diag(SEV_WARNING, NULL, "%ld more warnings from the drawing libraries were not shown",
		     n - GLOG_SHOWN);
	return n;
}

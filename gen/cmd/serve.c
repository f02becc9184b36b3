/* serve.c: railyard serve's HTTP server on libmicrohttpd: the token, the
 * methods, the headers every answer carries, and the event stream. */
#include "serve.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <time.h>

#include <microhttpd.h>

#include "diag.h"
#include "util.h"

/* Open connections at once (each an event stream at most), and the seconds an
 * idle one is kept; a stream sends a comment every KEEPALIVE seconds. */
#define MAX_CONNECTIONS 64
#define IDLE_SECONDS 120
#define KEEPALIVE 15

struct serve {
	struct MHD_Daemon *d;
	struct serve_site site;
	char *token;
	size_t token_len;
	unsigned port;
	pthread_mutex_t mu;
	pthread_cond_t cond;
	unsigned long seq;     /* events sent so far */
	char *event;           /* the last one, formatted */
	bool stopping;
};

struct stream {
	struct serve *s;
	unsigned long seen;    /* the seq this stream has sent */
	bool started;
};

bool serve_loopback(const char *addr)
{
	struct in_addr a4;
	struct in6_addr a6;
	if (inet_pton(AF_INET, addr, &a4) == 1)
		return (ntohl(a4.s_addr) >> 24) == 127;
	if (inet_pton(AF_INET6, addr, &a6) == 1)
		return IN6_IS_ADDR_LOOPBACK(&a6) ||
		       (IN6_IS_ADDR_V4MAPPED(&a6) && a6.s6_addr[12] == 127);
	return false;
}

/* The rest of url after "/TOKEN/", or NULL: the token is compared in time that
 * does not depend on where it differs. */
static const char *after_token(const struct serve *s, const char *url)
{
	size_t n = strlen(url);
	if (n < s->token_len + 2 || url[0] != '/' || url[s->token_len + 1] != '/')
		return NULL;
	unsigned char diff = 0;
	for (size_t i = 0; i < s->token_len; i++)
		diff |= (unsigned char)(url[i + 1] ^ s->token[i]);
	return diff ? NULL : url + s->token_len + 2;
}

/* The headers of every answer: never cached, never sniffed, framed or sent on
 * as a referrer (the token is in the address); only this site's own scripts,
 * styles, images and connections. */
static void add_headers(struct MHD_Response *r, const char *type)
{
	MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, type);
	MHD_add_response_header(r, MHD_HTTP_HEADER_CACHE_CONTROL, "no-store");
	MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
	MHD_add_response_header(r, "Referrer-Policy", "no-referrer");
	MHD_add_response_header(r, "X-Frame-Options", "DENY");
	MHD_add_response_header(r, "Content-Security-Policy",
				"default-src 'none'; img-src 'self'; style-src 'self'; script-src 'self'; "
				"connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
}

static enum MHD_Result send_body(struct MHD_Connection *conn, unsigned status, char *body, size_t len,
				 const char *type)
{
	struct MHD_Response *r = MHD_create_response_from_buffer(len, body, MHD_RESPMEM_MUST_FREE);
	if (!r) {
		free(body);
		return MHD_NO;
	}
	add_headers(r, type);
	enum MHD_Result ok = MHD_queue_response(conn, status, r);
	MHD_destroy_response(r);
	return ok;
}

static enum MHD_Result send_text(struct MHD_Connection *conn, unsigned status, const char *text)
{
	return send_body(conn, status, xstrdup(text), strlen(text), "text/plain; charset=utf-8");
}

/* The event stream's next bytes: the last event when this stream has not sent
 * it, else a comment after KEEPALIVE seconds of waiting; the end when the
 * server stops. Blocks (a thread per connection). */
static ssize_t stream_read(void *cls, uint64_t pos, char *buf, size_t max)
{
	(void)pos;
	struct stream *st = cls;
	struct serve *s = st->s;
	if (!st->started) {
		st->started = true;
		return snprintf(buf, max, "retry: 1000\n\n");
	}
	pthread_mutex_lock(&s->mu);
	struct timespec until;
	clock_gettime(CLOCK_REALTIME, &until);
	until.tv_sec += KEEPALIVE;
	int rc = 0;
	while (!s->stopping && st->seen == s->seq && rc != ETIMEDOUT)
		rc = pthread_cond_timedwait(&s->cond, &s->mu, &until);
	ssize_t n;
	if (s->stopping) {
		n = MHD_CONTENT_READER_END_OF_STREAM;
	} else if (st->seen == s->seq) {
		n = snprintf(buf, max, ": keep-alive\n\n");
	} else {
		size_t len = strlen(s->event);
		n = len < max ? (ssize_t)len : (ssize_t)snprintf(buf, max, ": event too long\n\n");
		if (len < max)
			memcpy(buf, s->event, len);
		st->seen = s->seq;
	}
	pthread_mutex_unlock(&s->mu);
	return n;
}

static enum MHD_Result send_stream(struct serve *s, struct MHD_Connection *conn)
{
	struct stream *st = xcalloc(1, sizeof *st);
	st->s = s;
	struct MHD_Response *r = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 4096, stream_read, st,
								     free);
	if (!r) {
		free(st);
		return MHD_NO;
	}
	add_headers(r, "text/event-stream; charset=utf-8");
	enum MHD_Result ok = MHD_queue_response(conn, MHD_HTTP_OK, r);
	MHD_destroy_response(r);
	return ok;
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *conn, const char *url,
				  const char *method, const char *version, const char *upload,
				  size_t *upload_size, void **con_cls)
{
	(void)version;
	(void)upload;
	(void)con_cls;
	struct serve *s = cls;
	if (strcmp(method, MHD_HTTP_METHOD_GET) != 0 && strcmp(method, MHD_HTTP_METHOD_HEAD) != 0)
		return send_text(conn, MHD_HTTP_METHOD_NOT_ALLOWED, "railyard serve: GET only\n");
	if (*upload_size)
		return send_text(conn, MHD_HTTP_BAD_REQUEST, "railyard serve: no request body\n");
	const char *rest = after_token(s, url);
	if (!rest)
		return send_text(conn, MHD_HTTP_FORBIDDEN, "railyard serve: forbidden\n");
	if (strcmp(rest, s->site.events) == 0)
		return send_stream(s, conn);
	struct serve_reply r = {0};
	if (!s->site.route(s->site.user, rest, &r)) {
		free(r.body);
		return send_text(conn, MHD_HTTP_NOT_FOUND, "railyard serve: not found\n");
	}
	return send_body(conn, MHD_HTTP_OK, r.body, r.len, r.type);
}

/* addr:port as a socket address in *ss (numeric addresses only). */
static bool socket_address(const char *addr, unsigned port, struct sockaddr_storage *ss, socklen_t *len)
{
	struct addrinfo hints = {.ai_flags = AI_NUMERICHOST | AI_NUMERICSERV, .ai_socktype = SOCK_STREAM};
	struct addrinfo *res = NULL;
	char service[16];
	snprintf(service, sizeof service, "%u", port);
	if (getaddrinfo(addr, service, &hints, &res) != 0 || !res)
		return false;
	memcpy(ss, res->ai_addr, res->ai_addrlen);
	*len = res->ai_addrlen;
	freeaddrinfo(res);
	return true;
}

struct serve *serve_start(const char *addr, unsigned port, const struct serve_site *site)
{
	struct sockaddr_storage ss;
	socklen_t sslen;
	if (!socket_address(addr, port, &ss, &sslen)) {
		diag(SEV_ERROR, NULL, "serve: '%s' is not a numeric IPv4 or IPv6 address", addr);
		return NULL;
	}
	struct serve *s = xcalloc(1, sizeof *s);
	s->site = *site;
	s->token = xstrdup(site->token);
	s->token_len = strlen(s->token);
	pthread_mutex_init(&s->mu, NULL);
	pthread_cond_init(&s->cond, NULL);
	unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_THREAD_PER_CONNECTION |
			 (ss.ss_family == AF_INET6 ? MHD_USE_IPv6 : 0);
	errno = 0;
	s->d = MHD_start_daemon(flags, (uint16_t)port, NULL, NULL, on_request, s,
				MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&ss,
				MHD_OPTION_CONNECTION_LIMIT, (unsigned)MAX_CONNECTIONS,
				MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)IDLE_SECONDS, MHD_OPTION_END);
	if (!s->d) {
		diag(SEV_ERROR, NULL, "serve: cannot listen on %s port %u%s%s", addr, port,
		     errno ? ": " : "", errno ? strerror(errno) : "");
		serve_stop(s);
		return NULL;
	}
	const union MHD_DaemonInfo *info = MHD_get_daemon_info(s->d, MHD_DAEMON_INFO_BIND_PORT);
	s->port = info ? info->port : port;
	return s;
}

unsigned serve_port(const struct serve *s)
{
	return s->port;
}

void serve_event(struct serve *s, const char *name, const char *data)
{
	char *ev = xasprintf("event: %s\ndata: %s\n\n", name, data);
	pthread_mutex_lock(&s->mu);
	free(s->event);
	s->event = ev;
	s->seq++;
	pthread_cond_broadcast(&s->cond);
	pthread_mutex_unlock(&s->mu);
}

void serve_stop(struct serve *s)
{
	if (!s)
		return;
	pthread_mutex_lock(&s->mu);
	s->stopping = true;
	pthread_cond_broadcast(&s->cond);
	pthread_mutex_unlock(&s->mu);
	if (s->d)
		MHD_stop_daemon(s->d);
	pthread_cond_destroy(&s->cond);
	pthread_mutex_destroy(&s->mu);
	free(s->event);
	free(s->token);
	free(s);
}

/* serve.h: the HTTP half of `railyard serve`, on libmicrohttpd (the only module
 * that includes microhttpd.h). It listens on one address, answers GET and HEAD
 * only, under one path prefix holding a random token ("/TOKEN/..."): anything
 * else is refused (403 without the token or with a wrong one, 404 for a path
 * the site does not have, 405 for another method). What a path shows comes
 * from the site's route callback; one path is an event stream (Server-Sent
 * Events) that carries every serve_event to every open page. */
#ifndef RAILYARD_SERVE_H
#define RAILYARD_SERVE_H

#include <stdbool.h>
#include <stddef.h>

/* The answer to one request: body is malloc'd (serve frees it), type its
 * Content-Type. */
struct serve_reply {
	char *body;
	size_t len;
	const char *type;
};

/* The site: route(user, path, r) fills r for path, the part after "/TOKEN/"
 * ("" for the page, "state.json", ...; never the query), and returns true, or
 * false for a path it does not have. Called from the server's threads, any
 * number at once. */
struct serve_site {
	const char *token;       /* [0-9a-f]+, at least 32 characters */
	const char *events;      /* the event stream's path ("events") */
	bool (*route)(void *user, const char *path, struct serve_reply *r);
	void *user;
};

/* Whether addr (a numeric IPv4 or IPv6 address) is a loopback address. */
bool serve_loopback(const char *addr);

/* Listen on addr:port (port 0: a free port the system picks) for site, on
 * threads of the server's own. Returns the server, or NULL after reporting
 * why (an address in use, a bad address). Caller ends it with serve_stop. */
struct serve *serve_start(const char *addr, unsigned port, const struct serve_site *site);

/* The port it listens on. */
unsigned serve_port(const struct serve *s);

/* Send "event: name" with data (one line) to every open event stream, and to
 * every stream opened later as its first event, until the next serve_event. */
void serve_event(struct serve *s, const char *name, const char *data);

/* End every event stream, close every connection and free s. */
void serve_stop(struct serve *s);

#endif

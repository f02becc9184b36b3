/* serve_cmd.c: `railyard serve PACK`: a live preview of the pack in a browser.
 * The options, the token, and the loop that rebuilds what a save changed
 * (live.h) and tells the open pages (serve.h). */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "cli.h"
#include "opt.h"
#include "commands.h"
#include "diag.h"
#include "live.h"
#include "serve.h"
#include "util.h"

/* The token's random bytes (hex in the address: 160 bits). */
#define TOKEN_BYTES 20
/* How often the files are looked at, in milliseconds. */
#define POLL_MS 100
/* How long a change is left to settle before the rebuild reads it. */
#define SETTLE_MS 50

static const struct opt serve_rows[] = {
	OPT_TEXT(
		"usage: railyard serve [--port N | --listen ADDR:PORT] [-q] PACK.yaml\n"
		"\n"
		"Shows the pack in a browser, live: every card face and back, the placemat or\n"
		"board, the reference and the tokens (whatever the pack's game builds) at their\n"
		"printed size, the check's verdict and every error and warning, each linked to\n"
		"its line in the pack or template. Saving the pack, a template or a data file\n"
		"redraws only what the file changed, and the open page follows within a second;\n"
		"an edit that fails shows its error beside the last good pictures.\n"
		"\n"
		"The address printed on start holds a random token; only that address's pages\n"
		"are served, read-only. Ctrl-C (or SIGTERM) ends it.\n"
		"\n"
		"options:\n"),
	OPT_VALUES("port", 'p', "N", "listen on 127.0.0.1 port N (default 0: a free port)", "@none"),
	OPT_VALUES("listen", 'L', "ADDR:PORT",
		"listen on another address (numeric IPv4, or [IPv6]:PORT);\n"
		"only a loopback address keeps the page on this machine", "@none"),
	OPT("quiet", 'q', NULL, "no line per rebuild (the address is still printed)"),
	OPT("help", 'h', NULL, "this help"),
	OPT_END,
};

const struct opt_table serve_cmd_options = {"serve", 22, serve_rows};

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

struct serve_args {
	char addr[64];
	unsigned port;
	bool listen, quiet;
	const char *pack;
};

/* "ADDR:PORT" or "[ADDR]:PORT" into a. */
static bool parse_listen(const char *s, struct serve_args *a)
{
	const char *colon = strrchr(s, ':');
	long port;
	if (!colon || parse_int(colon + 1, 0, 65535, &port) != 0)
		return false;
	const char *from = s, *to = colon;
	if (*from == '[' && to > from + 1 && to[-1] == ']') {
		from++;
		to--;
	}
	if (to <= from || (size_t)(to - from) >= sizeof a->addr)
		return false;
	snprintf(a->addr, sizeof a->addr, "%.*s", (int)(to - from), from);
	a->port = (unsigned)port;
	a->listen = true;
	return true;
}

/* -1 to go on, else the exit status. */
static int parse_args(int argc, char **argv, struct serve_args *a)
{
	snprintf(a->addr, sizeof a->addr, "127.0.0.1");
	bool port = false;
	int c;
	long n;
	optind = 1;
	while ((c = cli_next(argc, argv, &serve_cmd_options)) != -1) {
		if (c == 'q') {
			a->quiet = true;
		} else if (c == 'p' && parse_int(optarg, 0, 65535, &n) == 0) {
			a->port = (unsigned)n;
			port = true;
		} else if (c == 'p') {
			diag(SEV_ERROR, NULL, "serve: --port takes a port number 0..65535 (0: a free one), not '%s'", optarg);
			return EXIT_INPUT;
		} else if (c == 'L' && !parse_listen(optarg, a)) {
			diag(SEV_ERROR, NULL, "serve: --listen takes ADDR:PORT (127.0.0.1:8080, [::1]:8080), not '%s'",
			     optarg);
			return EXIT_INPUT;
		} else if (c != 'L') {
			return cli_usage(c, &serve_cmd_options);
		}
	}
	if (port && a->listen) {
		diag(SEV_ERROR, NULL, "serve: give --port N or --listen ADDR:PORT, not both");
		return EXIT_INPUT;
	}
	if (!cli_one_pack(argc, "serve"))
		return EXIT_INPUT;
	a->pack = argv[optind];
	return -1;
}

/* A fresh token from the kernel's random source: hex of TOKEN_BYTES bytes. */
static bool make_token(char *out)
{
	unsigned char r[TOKEN_BYTES];
	if (random_fill(r, sizeof r) < sizeof r)
		return false;
	for (size_t i = 0; i < sizeof r; i++)
		snprintf(out + 2 * i, 3, "%02x", r[i]);
	return true;
}

/* SIGINT and SIGTERM: held back (blocked) everywhere but in the wait between
 * rebuilds, where stop is set; so a signal during a rebuild ends the program
 * cleanly once the rebuild is done, and the server's threads (which inherit
 * the mask) never take one. The build installs its own handlers (output.h):
 * ours go back after every rebuild. */
static void hold_signals(bool hold)
{
	sigset_t set;
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	pthread_sigmask(hold ? SIG_BLOCK : SIG_UNBLOCK, &set, NULL);
}

static void catch_signals(void)
{
	struct sigaction sa = {0};
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
}

/* Until SIGINT or SIGTERM: look at the files every POLL_MS; after a change,
 * rebuild and tell the pages ("building", then "update"). */
static void serve_loop(struct live *l, struct serve *s, bool quiet)
{
	catch_signals();
	while (!stop) {
		struct timespec t = {0, POLL_MS * 1000000L};
		hold_signals(false);
		nanosleep(&t, NULL);
		hold_signals(true);
		if (stop || !live_changed(l))
			continue;
		char data[64];
		snprintf(data, sizeof data, "{\"generation\":%lu}", live_generation(l));
		serve_event(s, "building", data);
		/* a save being written (truncated, then filled) has time to end */
		nanosleep(&(struct timespec){0, SETTLE_MS * 1000000L}, NULL);
		live_update(l, quiet);
		catch_signals();
		snprintf(data, sizeof data, "{\"generation\":%lu}", live_generation(l));
		serve_event(s, "update", data);
	}
}

int cmd_serve(int argc, char **argv, int (*run)(int argc, char **argv))
{
	struct serve_args a = {0};
	int status = parse_args(argc, argv, &a);
	if (status != -1)
		return status;
	struct stat st;
	if (stat(a.pack, &st) != 0 || !S_ISREG(st.st_mode)) {
		diag(SEV_ERROR, NULL, "serve: %s: %s", a.pack,
		     stat(a.pack, &st) != 0 ? strerror(errno) : "not a regular file");
		return EXIT_INPUT;
	}
	if (!serve_loopback(a.addr) && a.listen)
		diag(SEV_WARNING, NULL, "serve: listening on %s, not a loopback address: whoever can reach it and "
		     "has the address printed below can see the pack", a.addr);
	char token[2 * TOKEN_BYTES + 1];
	if (!make_token(token)) {
		diag(SEV_ERROR, NULL, "serve: no random token: %s", strerror(errno));
		return EXIT_INPUT;
	}
	struct live *l = live_new(a.pack, run);
	if (!l)
		return EXIT_OUTPUT;
	struct serve_site site = {token, "events", live_route, l};
	hold_signals(true);
	struct serve *s = serve_start(a.addr, a.port, &site);
	if (!s) {
		live_free(l);
		return EXIT_INPUT;
	}
	bool v6 = strchr(a.addr, ':') != NULL;
	fprintf(stderr, "railyard: serving %s at http://%s%s%s:%u/%s/\n", a.pack, v6 ? "[" : "", a.addr,
		v6 ? "]" : "", serve_port(s), token);
	fflush(stderr);
	live_update(l, a.quiet);
	serve_event(s, "update", "{}");
	serve_loop(l, s, a.quiet);
	serve_stop(s);
	live_free(l);
	if (!a.quiet)
		fprintf(stderr, "railyard: serve: stopped\n");
	return EXIT_OK;
}

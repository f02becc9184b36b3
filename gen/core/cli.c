/* cli.c: options, --version and standard output's fate, for every command (cli.h). */
#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "diag.h"
#include "names.h"
#include "opt.h"
#include "progress.h"
#include "util.h"

/* Options renamed so that one name keeps one meaning in every command and game:
 * the old spelling, refused where it is no option any more, with the new one. */
static const struct {
	const char *cmd, *old, *hint;
} renamed[] = {
	{"build", "cards", "build's card list is --numbers LIST now (list --cards prints one line per card)"},
	{"check", "with", "another player's sequence is --other CARDS now (--with NAME puts an optional group back)"},
	{"check", "on", "the card on top is --top CARDS now (--on is a trains player's choice)"},
};

/* Options every command has: -q/--quiet, --progress, --no-progress (progress.h),
 * --strict (diag.h). A command without its own --quiet gets CLI_QUIET for it. */
enum { CLI_QUIET = OPT_QUIET, CLI_PROGRESS, CLI_NO_PROGRESS, CLI_STRICT };

/* The entry of renamed for --name in cmd, or NULL: it is known (its value
 * skipped when looking for the pack, cli_operand), and refused by the command
 * with its new name. */
static const char *renamed_hint(const char *cmd, const char *name, size_t len)
{
	for (size_t i = 0; i < sizeof renamed / sizeof *renamed; i++)
		if (!strcmp(renamed[i].cmd, cmd) && strlen(renamed[i].old) == len && !strncmp(renamed[i].old, name, len))
			return renamed[i].hint;
	return NULL;
}

static const struct option *find_long(const struct option *longopts, const char *name)
{
	for (const struct option *o = longopts; o->name; o++)
		if (strcmp(o->name, name) == 0)
			return o;
	return NULL;
}

/* longopts with the options every command has added (a static copy valid until
 * the next call). */
static const struct option *with_common(const struct option *longopts)
{
	static struct option merged[128];
	size_t n = 0;
	for (; longopts[n].name && n < sizeof merged / sizeof *merged - 5; n++)
		merged[n] = longopts[n];
	if (!find_long(longopts, "quiet"))
		merged[n++] = (struct option){"quiet", no_argument, NULL, CLI_QUIET};
	merged[n++] = (struct option){"progress", no_argument, NULL, CLI_PROGRESS};
	merged[n++] = (struct option){"no-progress", no_argument, NULL, CLI_NO_PROGRESS};
	merged[n++] = (struct option){"strict", no_argument, NULL, CLI_STRICT};
	merged[n] = (struct option){0};
	return merged;
}

/* The pack the command runs on, its game, and main's hook naming the games
 * whose command has an option (cli_set_pack). */
static const char *pack_path, *pack_game;
static bool (*pack_owners)(const char *cmd, const char *name, struct buf *games);
void cli_set_pack(const char *path, const char *game,
		  bool (*owners)(const char *cmd, const char *name, struct buf *games))
{
	pack_path = path;
	pack_game = game;
	pack_owners = owners;
}

static bool (*options_hook)(const char *cmd, const char *pack, const char **names, size_t max,
			    const char **game);

void cli_set_options_hook(bool (*hook)(const char *cmd, const char *pack, const char **names, size_t max,
				       const char **game))
{
	options_hook = hook;
}

static bool foreign_option(const char *cmd, const char *spelled);

static void cli_foreign(const char *cmd, const char *option, const char *games)
{
	if (!games) {
		if (!foreign_option(cmd, option))
			diag(SEV_ERROR, NULL, "%s: '%s' is no option of %s packs", cmd, option,
			     pack_game ? pack_game : "these");
		return;
	}
	diag(SEV_ERROR, NULL, "%s: '%s' is %s %s option; %s is a%s %s pack", cmd, option,
	     strchr("aeiou", games[0]) ? "an" : "a", games, pack_path ? pack_path : "the pack",
	     pack_game && strchr("aeiou", pack_game[0]) ? "n" : "", pack_game ? pack_game : "?");
}

/* An option the pack's game lacks and another game's command has: "check:
 * '--line' is a take-the-train option; x.yaml is a trains pack" (also for
 * an abbreviation of it that cli_known let through, --lin). false when no
 * game has it. */
static bool foreign_option(const char *cmd, const char *spelled)
{
	const char *name = spelled + 2, *full;
	if (spelled[1] != '-') {   /* -l: the long option it is in every command that has it */
		name = opt_of_letter(spelled[1]);
		if (!name)
			return false;
	} else if (opt_known(name, strlen(name), true, NULL, &full)) {
		name = full;
	}
	if (!pack_owners || !pack_game)
		return false;
	int saved_ind = optind, saved_opt = optopt;
	char *saved_arg = optarg;
	struct buf games = {0};
	bool found = pack_owners(cmd, name, &games);
	optind = saved_ind;
	optopt = saved_opt;
	optarg = saved_arg;
	if (found) {
		char option[64];
		snprintf(option, sizeof option, "--%s", name);
		cli_foreign(cmd, option, games.s);
	}
	buf_free(&games);
	return found;
}

/* "COMMAND: unknown option '--frob'", with the nearest option or the new name of
 * a renamed one, or the game whose option it is. */
static void unknown_option(const char *cmd, const char *spelled, const struct option *longopts)
{
	if (spelled[0] == '-' && spelled[1] == '-')
		for (size_t i = 0; i < sizeof renamed / sizeof *renamed; i++)
			if (strcmp(renamed[i].cmd, cmd) == 0 && strcmp(renamed[i].old, spelled + 2) == 0) {
				diag(SEV_ERROR, NULL, "%s: unknown option '%s': %s", cmd, spelled,
				     renamed[i].hint);
				return;
			}
	if (spelled[0] == '-' && spelled[1] && foreign_option(cmd, spelled))
		return;
	if (spelled[0] == '-' && spelled[1] == '-') {
		const char *names[128];
		size_t n = 0;
		for (const struct option *o = longopts; o->name && n < 127; o++)
			names[n++] = o->name;
		names[n] = NULL;
		const char *best = closest_word(spelled + 2, names);
		if (best) {
			diag(SEV_ERROR, NULL, "%s: unknown option '%s' (did you mean '--%s'?)", cmd, spelled,
			     best);
			return;
		}
	}
	diag(SEV_ERROR, NULL, "%s: unknown option '%s'", cmd, spelled);
}

/* The short options of longopts (each letter opt.c gives its long option), a
 * missing value returned as ':', into out (room for 3 a letter). */
static void short_options(const struct option *longopts, char *out)
{
	size_t n = 0;
	out[n++] = ':';
	for (const struct option *o = longopts; o->name; o++) {
		char letter = opt_letter(o->name);
		if (!letter)
			continue;
		out[n++] = letter;
		if (o->has_arg == required_argument)
			out[n++] = ':';
	}
	out[n] = '\0';
}

int cli_next(int argc, char **argv, const struct opt_table *t)
{
	static struct option own[128];
	if (opt_longopts(t, own, sizeof own / sizeof *own) == sizeof own / sizeof *own) {
		diag(SEV_ERROR, NULL, "%s: too many options (a bug in railyard)", argv[0]);
		return '?';
	}
	const struct option *longopts = with_common(own);
	char optstring[2 + 3 * 128 + 1];
	short_options(longopts, optstring);
	opterr = 0;
	int longindex = -1;
	int c = getopt_long(argc, argv, optstring, longopts, &longindex);
	if (c == -1)
		return -1;
	if (longindex < 0 && c != '?' && c != ':') {  /* a short letter: its long option's val */
		const char *name = opt_of_letter((char)c);
		const struct option *o = name ? find_long(longopts, name) : NULL;
		c = o ? o->val : c;
	}
	const struct option *quiet = find_long(own, "quiet");
	if (c == CLI_QUIET || c == CLI_NO_PROGRESS || (quiet && c == quiet->val))
		progress_set_mode(PROGRESS_OFF);
	if (c == CLI_PROGRESS)
		progress_set_mode(PROGRESS_ON);
	if (c == CLI_STRICT)
		diag_set_strict(1);
	if (c == CLI_QUIET || c == CLI_PROGRESS || c == CLI_NO_PROGRESS || c == CLI_STRICT)
		return cli_next(argc, argv, t);
	const char *arg = optind > 1 && optind - 1 < argc ? argv[optind - 1] : "";
	if (c == '?' || c == ':') {
		char spelled[64];
		if (optopt && !(arg[0] == '-' && arg[1] == '-'))
			snprintf(spelled, sizeof spelled, "-%c", optopt);
		else
			snprintf(spelled, sizeof spelled, "%.*s", (int)strcspn(arg, "="), arg);
		if (c == '?')
			unknown_option(argv[0], spelled, own);
		else
			diag(SEV_ERROR, NULL, "%s: option '%s' needs a value", argv[0], spelled);
		return '?';
	}
	return c;
}

/* Walk a command's arguments as getopt_long would (options and operands in any
 * order, "--" ends the options), calling visit for each option (name, its value
 * or NULL) and each operand (name NULL); stops when visit returns true. An
 * unknown option is taken to have no value (the command reports it). */
static void walk(int argc, char **argv, bool (*visit)(void *u, const char *name, size_t len,
						     const char *value), void *u)
{
	const char *cmd = argv[0];
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "--")) {
			for (i++; i < argc; i++)
				if (visit(u, NULL, 0, argv[i]))
					return;
			return;
		}
		if (a[0] != '-' || !a[1]) {
			if (visit(u, NULL, 0, a))
				return;
		} else if (a[1] == '-') {
			size_t len = strcspn(a + 2, "=");
			bool value = false;
			const char *full = NULL;
			bool k = opt_known(a + 2, len, true, &value, &full);
			value |= !k && renamed_hint(cmd, a + 2, len);   /* every old name took a value */
			const char *v = a[2 + len] ? a + 3 + len : value && i + 1 < argc ? argv[++i] : NULL;
			if (visit(u, k ? full : a + 2, k ? strlen(full) : len, v))
				return;
		} else {
			for (const char *p = a + 1; *p; p++) {
				const char *name = opt_of_letter(*p);
				bool value = false;
				if (!name || !opt_known(name, strlen(name), false, &value, NULL) || !value)
					continue;
				const char *v = p[1] ? p + 1 : i + 1 < argc ? argv[++i] : NULL;
				if (visit(u, name, strlen(name), v))
					return;
				break;
			}
		}
	}
}

struct find {
	const char *name;   /* the option looked for, or NULL: the first operand */
	const char *found;
};

static bool find_visit(void *u, const char *name, size_t len, const char *value)
{
	struct find *f = u;
	if (!f->name ? !name : name && strlen(f->name) == len && !strncmp(f->name, name, len)) {
		f->found = value;
		return true;
	}
	return false;
}

struct known {
	const char *cmd;
	bool ok;
	int argc;
	char **argv;
};

/* An option no game's command cmd has, spelled: the nearest of the pack's game's
 * options, else the nearest of another game's named as that game's, else the
 * nearest of any (no pack, or its game unknown). */
static void unknown_anywhere(const struct known *k, const char *spelled, const char *const *names)
{
	const char *own[160], *game = NULL;
	const char *pack = options_hook ? cli_operand(k->argc, k->argv) : NULL;
	bool mine = pack && options_hook(k->cmd, pack, own, sizeof own / sizeof *own, &game);
	const char *best = closest_word(spelled + 2, mine ? own : names);
	struct buf games = {0};
	if (best) {
		diag(SEV_ERROR, NULL, "%s: unknown option '%s' (did you mean '--%s'?)", k->cmd, spelled, best);
	} else if (mine && (best = closest_word(spelled + 2, names)) && pack_owners &&
		   pack_owners(k->cmd, best, &games)) {
		diag(SEV_ERROR, NULL, "%s: unknown option '%s' (the nearest, '--%s', is %s %s option; %s is a%s %s "
		     "pack)", k->cmd, spelled, best, strchr("aeiou", games.s[0]) ? "an" : "a", games.s, pack,
		     strchr("aeiou", game[0]) ? "n" : "", game);
	} else {
		struct option none[] = {{0}};
		unknown_option(k->cmd, spelled, none);
	}
	buf_free(&games);
	if (mine)
		cli_set_pack(NULL, NULL, NULL);
}

static bool known_visit(void *u, const char *name, size_t len, const char *value)
{
	struct known *k = u;
	(void)value;
	if (!name || opt_known(name, len, false, NULL, NULL) || renamed_hint(k->cmd, name, len))
		return false;
	const char *names[160];
	opt_all_names(names, sizeof names / sizeof *names);
	char spelled[64];
	snprintf(spelled, sizeof spelled, "--%.*s", (int)(len < 60 ? len : 60), name);
	unknown_anywhere(k, spelled, names);
	fprintf(stderr, "usage: railyard %s [OPTIONS] PACK.yaml (see 'railyard help %s')\n", k->cmd,
		k->cmd);
	k->ok = false;
	return true;
}

bool cli_known(int argc, char **argv)
{
	struct known k = {argv[0], true, argc, argv};
	walk(argc, argv, known_visit, &k);
	return k.ok;
}

const char *cli_operand(int argc, char **argv)
{
	struct find f = {NULL, NULL};
	walk(argc, argv, find_visit, &f);
	return f.found;
}

const char *cli_value(int argc, char **argv, const char *name)
{
	struct find f = {name, NULL};
	walk(argc, argv, find_visit, &f);
	return f.found;
}

bool cli_wants_strict(int argc, char **argv)
{
	for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++)
		if (strcmp(argv[i], "--strict") == 0)
			return true;
	return false;
}

bool cli_wants_help(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--") == 0)
			break;
		if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0)
			return true;
	}
	return false;
}

bool cli_one_pack(int argc, const char *cmd)
{
	if (optind == argc - 1)
		return true;
	diag(SEV_ERROR, NULL, "%s takes one pack file (see 'railyard %s --help')", cmd, cmd);
	return false;
}

void cli_brief(const struct opt_table *t)
{
	char line[256];
	opt_usage_line(t, line, sizeof line);
	fprintf(stderr, "%s (see 'railyard help %s')\n", line, t->cmd);
}

int cli_usage(int c, const struct opt_table *t)
{
	if (c == 'V')
		return cli_version();
	if (c != 'h') {
		cli_brief(t);
		return EXIT_INPUT;
	}
	opt_help(stdout, t);
	return EXIT_OK;
}

int cli_version(void)
{
	printf("railyard %s\n", RAILYARD_VERSION);
	return EXIT_OK;
}

int cli_finish(int status)
{
	bool lost = fflush(stdout) != 0 || ferror(stdout);
	int err = errno;
	if (fclose(stdout) != 0 && !lost) {
		lost = true;
		err = errno;
	}
	if (!lost)
		return status;
	if (status != EXIT_OUTPUT)  /* a command that already said so */
		diag(SEV_ERROR, NULL, "cannot write standard output: %s", strerror(err ? err : EIO));
	return EXIT_OUTPUT;
}

/* ---- typed values of the options several commands share ---- */

char *cli_folder(char *arg)
{
	size_t n = strlen(arg);
	while (n > 1 && arg[n - 1] == '/')
		arg[--n] = '\0';
	return arg;
}

int cli_rule(const char *arg, const char **rules, size_t *n, size_t max)
{
	if (*n == max) {
		diag(SEV_ERROR, NULL, "--rule: at most %zu", max);
		return -1;
	}
	rules[(*n)++] = arg;
	return 0;
}

int cli_seed(const char *arg, uint64_t *seed)
{
	char *end;
	errno = 0;
	unsigned long long v = strtoull(arg, &end, 10);
	if (arg[0] < '0' || arg[0] > '9' || *end || errno) {  /* no sign, space or 0x */
		diag(SEV_ERROR, NULL, "--seed must be a whole number 0..%llu, not '%s'",
		     (unsigned long long)UINT64_MAX, arg);
		return -1;
	}
	*seed = (uint64_t)v;
	return 0;
}

int cli_players(const char *arg, int max, int *counts, int *n)
{
	int rc = 0;
	*n = 0;
	/* Every entry between commas must be a number: "2," and "2,,3" are mistakes. */
	for (const char *t = arg; rc == 0; t++) {
		size_t len = strcspn(t, ",");
		char *item = xstrndup(t, len);
		long v;
		if (!len) {
			diag(SEV_ERROR, NULL, "--players '%s': an empty entry; give player counts 1..%d separated by commas (2,3,4)",
			     arg, max);
			rc = -1;
		} else if (*n == max) {
			diag(SEV_ERROR, NULL, "--players '%s': more than %d counts", arg, max);
			rc = -1;
		} else if (parse_count("--players", item, 1, max, &v) != 0) {
			rc = -1;
		} else {
			for (int k = 0; k < *n && rc == 0; k++)
				if (counts[k] == v) {
					diag(SEV_ERROR, NULL, "--players %s names %ld twice", arg, v);
					rc = -1;
				}
			if (rc == 0)
				counts[(*n)++] = (int)v;
		}
		free(item);
		t += len;
		if (!*t)
			break;
	}
	return rc;
}

int cli_policy(const char *option, const char *t, const char *const *names, int nnames, int *budget)
{
	const char *colon = strchr(t, ':');
	size_t len = colon ? (size_t)(colon - t) : strlen(t);
	int p = 0;
	while (p < nnames && (strlen(names[p]) != len || strncmp(names[p], t, len) != 0))
		p++;
	if (p == nnames) {
		struct buf all = {0};
		for (int k = 0; k < nnames; k++)
			buf_printf(&all, "%s%s", k ? ", " : "", names[k]);
		diag(SEV_ERROR, NULL, "%s: unknown policy '%s'; the policies are %s", option, t, all.s);
		buf_free(&all);
		return -1;
	}
	bool mcts = !strcmp(names[p], "mcts");
	*budget = mcts ? MCTS_DEFAULT_BUDGET : 0;
	if (colon && !mcts) {
		diag(SEV_ERROR, NULL, "%s: '%s': only mcts takes a budget (mcts:N)", option, t);
		return -1;
	}
	long v;
	if (colon && parse_int(colon + 1, 1, MCTS_MAX_BUDGET, &v) != 0) {
		diag(SEV_ERROR, NULL, "%s: '%s': the budget of mcts:N is 1..%d search iterations a move", option, t,
		     MCTS_MAX_BUDGET);
		return -1;
	}
	if (colon)
		*budget = (int)v;
	return p;
}

int cli_policies(const char *arg, const char *const *names, int nnames, int max, int *policy, int *budget,
		 int *n)
{
	char *copy = xstrdup(arg), *save = NULL;
	int rc = 0;
	*n = 0;
	for (char *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		int b, p = cli_policy("--policy", t, names, nnames, &b);
		if (p < 0) {
			rc = -1;
			continue;
		}
		if (*n == max) {
			diag(SEV_ERROR, NULL, "--policy: more than %d seats", max);
			rc = -1;
			break;
		}
		budget[*n] = b;
		policy[(*n)++] = p;
	}
	if (rc == 0 && *n == 0) {
		diag(SEV_ERROR, NULL, "--policy: expected a policy name or a comma-separated list");
		rc = -1;
	}
	free(copy);
	return rc;
}

/* cli.c: options, --version and standard output's fate, for every command (cli.h). */
#include "cli.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "diag.h"
#include "progress.h"
#include "util.h"

/* The short options: each letter means one long option in every command. A long
 * option not listed here has no short form (it would clash with one that does). */
static const struct {
	char letter;
	const char *name;
} shorts[] = {
	{'h', "help"}, {'V', "version"}, {'j', "json"}, {'q', "quiet"}, {'o', "output"},
	{'c', "cards"}, {'d', "dump"}, {'n', "players"}, {'w', "without"},
	{'s', "sequence"}, {'g', "grid"}, {'f', "frozen"}, {'m', "missing"}, {'a', "apply"},
	{'p', "play"}, {'l', "line"}, {'e', "end"}, {'t', "tiles"}, {'u', "used"}, {'H', "hand"},
	{'r', "rule"}, {'P', "policy"}, {'T', "trace"}, {'S', "score"}, {'D', "drawn"},
	{'A', "answer"},
};
#define NSHORTS (sizeof shorts / sizeof *shorts)

/* Options renamed so that one name keeps one meaning in every command and game:
 * the old spelling, refused where it is no option any more, with the new one. */
static const struct {
	const char *cmd, *old, *hint;
} renamed[] = {
	{"build", "cards", "build's card list is --numbers LIST now (list --cards prints one line per card)"},
	{"check", "with", "another player's sequence is --other CARDS now (--with NAME puts an optional group back)"},
	{"check", "on", "the card on top is --top CARDS now (--on is a trains player's choice)"},
};

/* Options every command has: -q/--quiet, --progress, --no-progress (progress.h).
 * A command without its own --quiet gets CLI_QUIET for it. */
enum { CLI_QUIET = 0x7171, CLI_PROGRESS, CLI_NO_PROGRESS };

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
	for (; longopts[n].name && n < sizeof merged / sizeof *merged - 4; n++)
		merged[n] = longopts[n];
	if (!find_long(longopts, "quiet"))
		merged[n++] = (struct option){"quiet", no_argument, NULL, CLI_QUIET};
	merged[n++] = (struct option){"progress", no_argument, NULL, CLI_PROGRESS};
	merged[n++] = (struct option){"no-progress", no_argument, NULL, CLI_NO_PROGRESS};
	merged[n] = (struct option){0};
	return merged;
}

/* "COMMAND: unknown option '--frob'", with the nearest option or the new name of
 * a renamed one. */
static void unknown_option(const char *cmd, const char *spelled, const struct option *longopts)
{
	if (spelled[0] == '-' && spelled[1] == '-') {
		for (size_t i = 0; i < sizeof renamed / sizeof *renamed; i++)
			if (strcmp(renamed[i].cmd, cmd) == 0 && strcmp(renamed[i].old, spelled + 2) == 0) {
				diag(SEV_ERROR, NULL, "%s: unknown option '%s': %s", cmd, spelled,
				     renamed[i].hint);
				return;
			}
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

int cli_next(int argc, char **argv, const struct option *own)
{
	const struct option *longopts = with_common(own);
	char optstring[2 + 3 * NSHORTS + 1];
	size_t n = 0;
	optstring[n++] = ':';  /* a missing value returns ':' */
	for (size_t i = 0; i < NSHORTS; i++) {
		const struct option *o = find_long(longopts, shorts[i].name);
		if (!o)
			continue;
		optstring[n++] = shorts[i].letter;
		if (o->has_arg == required_argument)
			optstring[n++] = ':';
	}
	optstring[n] = '\0';
	opterr = 0;
	int longindex = -1;
	int c = getopt_long(argc, argv, optstring, longopts, &longindex);
	if (c == -1)
		return -1;
	for (size_t i = 0; longindex < 0 && c != '?' && c != ':' && i < NSHORTS; i++)
		if (shorts[i].letter == c) {  /* a short letter: its long option's val */
			c = find_long(longopts, shorts[i].name)->val;
			break;
		}
	const struct option *quiet = find_long(own, "quiet");
	if (c == CLI_QUIET || c == CLI_NO_PROGRESS || (quiet && c == quiet->val))
		progress_set_mode(PROGRESS_OFF);
	if (c == CLI_PROGRESS)
		progress_set_mode(PROGRESS_ON);
	if (c == CLI_QUIET || c == CLI_PROGRESS || c == CLI_NO_PROGRESS)
		return cli_next(argc, argv, own);
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

void cli_brief(const char *usage)
{
	size_t n = strcspn(usage, "\n");
	const char *end = strstr(usage, "  ");  /* the line's own remark, if any */
	if (end && (size_t)(end - usage) < n)
		n = (size_t)(end - usage);
	char cmd[32] = "";
	const char *at = strstr(usage, "railyard ");
	if (at && (size_t)(at - usage) < n)
		sscanf(at + 9, "%31[a-z]", cmd);
	fprintf(stderr, "%.*s (see 'railyard help %s')\n", (int)n, usage, cmd);
}

int cli_usage(int c, const char *usage)
{
	if (c == 'V')
		return cli_version();
	if (c != 'h') {
		cli_brief(usage);
		return EXIT_INPUT;
	}
	fputs(usage, stdout);
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

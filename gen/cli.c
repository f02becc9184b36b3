/* cli.c: options, --version and standard output's fate, for every command (cli.h). */
#include "cli.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "diag.h"

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

static const struct option *find_long(const struct option *longopts, const char *name)
{
	for (const struct option *o = longopts; o->name; o++)
		if (strcmp(o->name, name) == 0)
			return o;
	return NULL;
}

int cli_next(int argc, char **argv, const struct option *longopts)
{
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
	const char *arg = optind > 1 && optind - 1 < argc ? argv[optind - 1] : "";
	if (c == '?' || c == ':') {
		char spelled[64];
		if (optopt && !(arg[0] == '-' && arg[1] == '-'))
			snprintf(spelled, sizeof spelled, "-%c", optopt);
		else
			snprintf(spelled, sizeof spelled, "%.*s", (int)strcspn(arg, "="), arg);
		if (c == '?')
			diag(SEV_ERROR, NULL, "%s: unknown option '%s'", argv[0], spelled);
		else
			diag(SEV_ERROR, NULL, "%s: option '%s' needs a value", argv[0], spelled);
		return '?';
	}
	if (longindex >= 0)
		return c;
	for (size_t i = 0; i < NSHORTS; i++)  /* a short letter: its long option's val */
		if (shorts[i].letter == c)
			return find_long(longopts, shorts[i].name)->val;
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

int cli_usage(int c, const char *usage)
{
	if (c == 'V')
		return cli_version();
	fputs(usage, c == 'h' ? stdout : stderr);
	return c == 'h' ? EXIT_OK : EXIT_INPUT;
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

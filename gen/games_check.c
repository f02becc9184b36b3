/* games_check.c: what `railyard check` of the other games shares (each game's
 * check is GAME_check.c): the one pack argument and the printed verdict. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "diag.h"
#include "games.h"
#include "json.h"
#include "util.h"

/* games.h */
int games_check_one_pack(int argc, const char *usage)
{
	if (optind != argc - 1) {
		diag(SEV_ERROR, NULL, "check takes one pack file");
		cli_brief(usage);
		return -1;
	}
	return optind;
}

int games_check_verdict(bool legal, const struct buf *out, bool json)
{
	const char *s = out->s ? out->s : "";
	if (json) {
		printf("{\"legal\": %s, \"findings\": [", legal ? "true" : "false");
		for (bool first = true; *s; first = false) {
			size_t n = strcspn(s, "\n");
			char *line = xstrndup(s, n);
			fputs(first ? "" : ", ", stdout);
			json_str(stdout, line);
			free(line);
			s += n + (s[n] == '\n');
		}
		printf("]}\n");
		return legal ? EXIT_OK : EXIT_RULE;
	}
	while (*s) {
		size_t n = strcspn(s, "\n");
		if (!legal && strncmp(s, "legal", 5) != 0)
			fputs("not legal: ", stdout);
		printf("%.*s\n", (int)n, s);
		s += n + (s[n] == '\n');
	}
	return legal ? EXIT_OK : EXIT_RULE;
}

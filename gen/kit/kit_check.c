/* kit_check.c: what `railyard check` of the other games shares (each game's
 * check is GAME_check.c): the one pack argument and the printed verdict. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "kit_build.h"
#include "diag.h"
#include "kit_games.h"
#include "json.h"
#include "util.h"

/* kit_games.h */
int kit_games_check_one_pack(int argc, const struct opt_table *usage)
{
	if (optind != argc - 1) {
		diag(SEV_ERROR, NULL, "check takes one pack file");
		cli_brief(usage);
		return -1;
	}
	return optind;
}

/* Print `check PACK`'s verdict of a pack-level check that found `errors`
 * ("sound", or "not sound: N errors") and return EXIT_OK or EXIT_RULE; errors
 * -1 (a file it needs refused or missing, reported): EXIT_INPUT, no verdict. */
static int kit_games_check_pack_verdict(const struct kit *d, int errors)
{
	if (errors < 0)   /* a file the check needs, refused or missing: reported */
		return EXIT_INPUT;
	if (errors)
		printf("%s: not sound: %d error%s\n", d->id, errors, errors == 1 ? "" : "s");
	else
		printf("%s: sound\n", d->id);
	return errors ? EXIT_RULE : EXIT_OK;
}

int kit_games_check_pack(const struct game *game, const struct ydoc *pack, const char *path,
		     const struct names_select *sel, const char *const *rule, size_t nrule)
{
	struct game_rules rules;
	struct kit *d = kit_games_load(game, pack, path, sel, &rules);
	if (!d)
		return EXIT_INPUT;
	int status = EXIT_INPUT;
	if (ruleset_set_all(&rules.set, rule, nrule))
		status = kit_games_check_pack_verdict(d, game->build && game->build->sound ? game->build->sound(d, &rules, true) : 0);
	kit_free(d);
	return status;
}

long kit_games_group_count(const struct kit *d, const struct kit_group *g)
{
	long n = 0;
	for (size_t i = 0; g && g->included && i < d->nitems; i++)
		if (&d->groups[d->items[i].group] == g)
			n += d->items[i].count;
	return n;
}

int kit_games_check_verdict(bool legal, const struct buf *out, bool json)
{
	const char *s = out->s ? out->s : "";
	if (json) {
		struct jw w;
		jw_init(&w, stdout);
		jw_object(&w);
		jw_put_bool(&w, "legal", legal);
		jw_key(&w, "findings");
		jw_array(&w);
		while (*s) {
			size_t n = strcspn(s, "\n");
			jw_strn(&w, s, n);
			s += n + (s[n] == '\n');
		}
		jw_end(&w);
		jw_end(&w);
		putchar('\n');
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

/* toy_list.c: what Toy Train adds to `railyard dump` (kit_list.h): the
 * pack's `rules: min-letters` and `words` with where they come from (the
 * pack, the default or --rule). */
#include "toy.h"
#include "kit_list.h"

#include <stdio.h>

static void dump_words(const struct game_rules *rules)
{
	const struct toy_pack_rules *y = TOY_OWN(rules);
	printf("rule min-letters=%d", y->min_letters);
	if (ruleset_other_from(&rules->set, "min-letters") == RULE_COMMAND_LINE)
		printf(" (command line)\n");
	else if (y->loc_min.line)
		printf(" (pack %s:%u:%u)\n", y->loc_min.file, y->loc_min.line, y->loc_min.col);
	else
		printf(" (default)\n");
	if (y->words && ruleset_other_from(&rules->set, "words") == RULE_COMMAND_LINE)
		printf("rule words=%s (command line)\n", y->words);
	else if (y->words)
		printf("rule words=%s (pack %s:%u:%u)\n", y->words, y->loc_words.file, y->loc_words.line,
		       y->loc_words.col);
}

const struct kit_list_game toy_list_items = {.dump_rules = dump_words};

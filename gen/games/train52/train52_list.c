/* train52_list.c: what Train (52 cards) adds to `railyard list` and `dump`
 * (kit_list.h): the piles of every round for every player count, and the
 * pack's `rules: piles` with where it comes from (--rule piles=...: the
 * command line). */
#include "train52.h"
#include "kit_list.h"

#include <stdio.h>

static void rounds(const struct kit *d, const struct game_rules *rules, long total)
{
	const struct train52_pack_rules *t52 = TRAIN52_OWN(rules);
	if (!t52->nrounds)
		return;
	printf("\nrounds (the rest split into piles, one pile always open)\n");
	for (int p = 1; p <= KIT_MAX_PLAYERS; p++) {
		long each = kit_hand_size(d, p, total);
		if (each < 0 || each * p > total)
			continue;
		long rest = total - each * p;
		for (size_t r = 0; r < t52->nrounds; r++) {
			long np = t52->piles[r];
			printf("%d players, round %zu: %ld pile%s of", p, r + 1, np, np == 1 ? "" : "s");
			for (long i = 0; i < np; i++)
				printf("%s %ld", i ? "," : "", rest / np + (i < rest % np));
			printf("; up to %ld closed\n", np - 1);
		}
	}
}

static void dump_piles(const struct game_rules *rules)
{
	const struct train52_pack_rules *t = TRAIN52_OWN(rules);
	printf("rule piles=");
	for (size_t r = 0; r < (t->nrounds ? t->nrounds : 4); r++)
		printf("%s%d", r ? "," : "", t->nrounds ? t->piles[r] : 4 - (int)r);
	if (ruleset_other_from(&rules->set, "piles") == RULE_COMMAND_LINE)
		printf(" (command line)\n");
	else if (t->nrounds)
		printf(" (pack %s:%u:%u)\n", t->loc_piles.file, t->loc_piles.line, t->loc_piles.col);
	else
		printf(" (default)\n");
}

const struct kit_list_game train52_list_items = {.deal = rounds, .dump_rules = dump_piles};

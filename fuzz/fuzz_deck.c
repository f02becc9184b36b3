/* needs: gen/deck/deck.h */
/* fuzz_deck.c: libFuzzer target for the loader of the other train games' packs
 * (decks of cards, tiles, tokens and boards: Take the Train, dominoes, Train,
 * Toy Train). Seeds include packs/domino-*.yaml, train-52.yaml and the rest. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "deck.h"
#include "diag.h"
#include "ytree.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *sink;
	if (!sink) {
		sink = fopen("/dev/null", "w");
		diag_set_stream(sink);
	}
	if (size > YT_MAX_FILE)
		return 0;
	struct deck *d = deck_parse("fuzz.yaml", (const char *)data, size);
	if (d) {
		long total = 0;
		for (int k = DK_CARD; k <= DK_TOKEN; k++)
			total += deck_count(d, (enum deck_kind)k);
		for (int players = 1; players <= 8; players++) {
			(void)deck_deal_for(d, players);
			(void)deck_hand_size(d, players, total);
		}
		for (int space = 0; space < 64; space++)
			(void)deck_space_mark(d, space);
		deck_free(d);
	}
	diag_reset();
	return 0;
}

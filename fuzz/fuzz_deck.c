/* needs: gen/kit/kit.h */
/* fuzz_deck.c: libFuzzer target for the loader of the other train games' packs
 * (decks of cards, tiles, tokens and boards: Take the Train, dominoes, Train,
 * Toy Train). Seeds include packs/domino-*.yaml, train-52.yaml and the rest. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "kit.h"
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
	struct kit *d = kit_parse("fuzz.yaml", (const char *)data, size);
	if (d) {
		long total = 0;
		for (int k = KIT_CARD; k <= KIT_TOKEN; k++)
			total += kit_count(d, (enum kit_kind)k);
		for (int players = 1; players <= 8; players++) {
			(void)kit_deal_for(d, players);
			(void)kit_hand_size(d, players, total);
		}
		for (int space = 0; space < 64; space++)
			(void)kit_space_mark(d, space);
		kit_free(d);
	}
	diag_reset();
	return 0;
}

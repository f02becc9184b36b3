/* fuzz_pack.c: libFuzzer target for the pack loader (YAML tree + pack model).
 * Any byte string must load or be refused with diagnostics: never a crash, a
 * leak, a hang or unbounded memory. Messages go to /dev/null but are still
 * formatted, so the excerpt code is exercised too. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "diag.h"
#include "trains_rules.h"
#include "ytree.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *sink;
	if (!sink) {
		sink = fopen("/dev/null", "w");
		diag_set_stream(sink);
	}
	if (size > YT_MAX_FILE) /* ydoc_load refuses these before parsing */
		return 0;
	struct pack *p = pack_parse("fuzz.yaml", (const char *)data, size);
	if (p) {
		/* Walk the derived model the way list and build do. */
		long total = pack_card_total(p);
		for (long pos = 0; pos < total && pos < 4096; pos++) {
			int a;
			long n = pack_card_at(p, pos, &a);
			if (a >= 0 && (size_t)a >= p->abilities.n)
				__builtin_trap();
			(void)n;
		}
		if (p->cards <= 5000) /* a dump of 10,000,000 cards would be the whole run */
			pack_dump(p, sink);
		pack_free(p);
	}
	diag_reset();
	return 0;
}

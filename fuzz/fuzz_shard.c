/* fuzz_shard.c: libFuzzer target for the shard reader of `railyard merge`
 * (shard.c). The input is one or two shard files, split at the first NUL byte
 * (the second is read as another shard of the same search); when they read,
 * the set is finished, every segment looked up, and the strings escaped as the
 * text report does. Nothing is written: messages go to /dev/null. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "shard.h"
#include "tune_report.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *sink;
	if (!sink) {
		sink = fopen("/dev/null", "w");
		diag_set_stream(sink);
	}
	const uint8_t *nul = memchr(data, 0, size);
	size_t n1 = nul ? (size_t)(nul - data) : size;
	/* each file NUL-terminated after its bytes, as read_file hands it */
	char *a = malloc(n1 + 1), *b = nul ? malloc(size - n1) : NULL;
	memcpy(a, data, n1);
	a[n1] = 0;
	if (b) {
		memcpy(b, nul + 1, size - n1 - 1);
		b[size - n1 - 1] = 0;
	}
	struct tune_ctx c = {.best = -1, .first_seat = -1};
	struct shard_set s;
	shard_set_init(&s, &c);
	bool ok = shard_set_add(&s, "shard-1.txt", a, n1) && (!b || shard_set_add(&s, "shard-2.txt", b, size - n1 - 1)) &&
		  shard_set_finish(&s);
	if (ok) {
		size_t found = 0;
		for (size_t v = 0; v < c.nv; v++)
			for (int k = 0; k < c.ncounts; k++)
				for (long g = 0; g < s.nseg && g < 4; g++) {
					const struct tune_seg *sg = shard_set_seg(&s, v, k, g);
					if (sg && (sg->games != TUNE_SEG || sg->completed + sg->stalled > sg->games ||
						   sg->sk_wins > sg->sk_decided || sg->sk_decided > sg->sk_games))
						__builtin_trap(); /* the reader checked these */
					found += sg != NULL;
				}
		if (found > s.nrecs)
			__builtin_trap();
		tune_report_escape(&c);
	}
	shard_set_free(&s);
	shard_ctx_free(&c);
	diag_reset();
	free(a);
	free(b);
	return 0;
}

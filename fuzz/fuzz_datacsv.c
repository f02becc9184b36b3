/* fuzz_datacsv.c: libFuzzer target for a pack's CSV data file (data_read_csv:
 * the RFC 4180 reader, LF/CRLF/CR lines, every value checked as text a card may
 * show, the key column, duplicates). */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data.h"
#include "diag.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *sink;
	if (!sink) {
		sink = fopen("/dev/null", "w");
		diag_set_stream(sink);
	}
	char *text = malloc(size + 1);
	memcpy(text, data, size);
	text[size] = 0;
	static const char *const keys[] = {"number", "code", NULL};
	struct card_data d = {0};
	data_read_csv("fuzz.csv", text, size, keys, &d);
	data_free(&d);
	free(text);
	diag_reset();
	return 0;
}

/* fuzz_markup.c: libFuzzer target for the check of Pango markup in template text
 * (template_check_markup, which runs Pango's markup parser and walks the
 * attributes it sets): any bytes as a text element's text, NUL-terminated. What
 * the check accepts draws without Pango warnings: tests/cli/harden.sh. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "template.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *sink;
	if (!sink) {
		sink = fopen("/dev/null", "w");
		diag_set_stream(sink);
	}
	if (size > 65536)
		return 0;
	char *text = malloc(size + 1);
	memcpy(text, data, size);
	text[size] = 0;
	struct loc at = {"fuzz.yaml", 1, 1};
	template_check_markup(text, &at);
	free(text);
	diag_reset();
	return 0;
}

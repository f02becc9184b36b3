/* needs: gen/render/template.h */
/* fuzz_template.c: libFuzzer target for the template loader (card, back and
 * placemat layouts in YAML). Built only once gen/render/template.h exists (fuzz.mk
 * reads the "needs:" line above). */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "diag.h"
#include "template.h"
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
	struct template *t = template_parse("fuzz.yaml", (const char *)data, size);
	if (t) {
		double w, h;
		template_size(t, 3, 3, &w, &h);
		template_resize(t, 44, 68);  /* a pack's size: scaling and the layout check */
		template_free(t);
	}
	diag_reset();
	return 0;
}

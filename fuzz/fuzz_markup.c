/* fuzz_markup.c: libFuzzer target for the check of Pango markup in template text
 * (template_check_markup): any bytes as a text element's text, NUL-terminated.
 * Whatever it accepts must then draw without a Pango warning or a leak: the
 * accepted text is laid out once, as draw.c would. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pango/pangocairo.h>

#include "diag.h"
#include "template.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *sink;
	static cairo_surface_t *surface;
	static cairo_t *cr;
	if (!sink) {
		sink = fopen("/dev/null", "w");
		diag_set_stream(sink);
		surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 64, 64);
		cr = cairo_create(surface);
	}
	if (size > 4096)
		return 0;
	char *text = malloc(size + 1);
	memcpy(text, data, size);
	text[size] = 0;
	struct loc at = {"fuzz.yaml", 1, 1};
	/* Valid UTF-8 only: the YAML loader has refused anything else already. */
	if (g_utf8_validate(text, -1, NULL) && template_check_markup(text, &at) == 0 &&
	    strpbrk(text, "<&")) {
		PangoLayout *lay = pango_cairo_create_layout(cr);
		pango_layout_set_markup(lay, text, -1);
		int w, h;
		pango_layout_get_size(lay, &w, &h);
		g_object_unref(lay);
	}
	free(text);
	diag_reset();
	return 0;
}

/* fuzz_image.c: libFuzzer target for what railyard reads of an image before any
 * decoder sees it: the raster header check (imgcheck_header: PNG IHDR, JPEG SOF)
 * and the SVG fence (imgcheck_svg: libxml2 with no network and no entities,
 * then the walk over elements, references, data: URLs and filters). Files an SVG
 * names are not read here (no folder is given). */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "diag.h"
#include "imagecheck.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *sink;
	if (!sink) {
		sink = fopen("/dev/null", "w");
		diag_set_stream(sink);
	}
	uint32_t w, h;
	imgcheck_header(data, size, &w, &h);
	struct svg_facts facts;
	char why[300];
	imgcheck_svg((const char *)data, size, NULL, 50e6, &facts, why, sizeof why);
	diag_reset();
	return 0;
}

/* needs: gen/games/trains/trains_checkpos.c */
/* fuzz_position.c: libFuzzer target for `railyard check`'s position parsers and
 * analysis (--sequence, --grid, --frozen, --apply, --on, --other, --draw). The
 * input is split at newlines into those option values, in that order; its first
 * byte picks one of the shipped packs (line, grid, wild, two copies, pattern
 * three). Reports go to /dev/null. Built only once gen/games/trains/trains_checkpos.c exists. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trains_check.h"
#include "diag.h"
#include "trains_rules.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const pack_files[] = {
	"packs/pattern-two-census-seven.yaml", "packs/grid-census-nine.yaml",
	"packs/pattern-one-wild.yaml", "packs/pattern-two-two-packs.yaml",
	"packs/pattern-three-census-five.yaml",
};
#define NPACKS (sizeof pack_files / sizeof *pack_files)
static struct pack *packs[NPACKS];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *sink;
	if (!sink) {
		sink = fopen("/dev/null", "w");
		diag_set_stream(sink);
		if (!freopen("/dev/null", "w", stdout))
			abort();
		for (size_t i = 0; i < NPACKS; i++)
			if (!(packs[i] = pack_load(pack_files[i])))
				abort(); /* run from the top of the tree */
	}
	if (size < 1 || size > 4096)
		return 0;
	const struct pack *p = packs[data[0] % NPACKS];
	bool grid = data[0] & 0x80, opponent = data[0] & 0x40;
	char *text = malloc(size);
	memcpy(text, data + 1, size - 1);
	text[size - 1] = '\0';
	/* Fields: sequence, frozen, apply, on, with, with, draw. */
	char *field[7] = {0};
	char *s = text;
	for (int i = 0; i < 7 && s; i++) {
		field[i] = s;
		s = strchr(s, '\n');
		if (s)
			*s++ = '\0';
	}
	struct check_opts o;
	memset(&o, 0, sizeof o);
	o.sequence = field[0];
	o.grid = grid && p->layout.rows;
	o.frozen = field[1] && *field[1] ? field[1] : NULL;
	o.apply = field[2] && *field[2] ? field[2] : NULL;
	o.on = field[3] && *field[3] ? field[3] : NULL;
	for (int i = 4; i < 6; i++)
		if (field[i] && *field[i])
			o.with[o.nwith++] = field[i];
	o.draw = field[6] && *field[6] ? field[6] : NULL;
	o.opponent = opponent;
	o.json = data[0] & 0x20;
	(void)check_position(p, &o);
	fflush(stdout);
	free(text);
	diag_reset();
	return 0;
}

/* domino_build.c: what domino Trains adds to the deck build (kit_build.h): the
 * pips of each tile half. */
#include <stdio.h>
#include <stdlib.h>

#include "domino.h"
#include "kit_build.h"
#include "kit_games.h"

/* Pips 1..9 of a domino half, positions in a 3x3 grid read row by row. */
static const char *const pips[10] = {"", "5", "19", "159", "1379", "13579", "134679",
				     "1345679", "12346789", "123456789"};

/* Each half of a tile: HALF-pips and HALF-pN for its pips (1..9), or
 * HALF-numeral for a number drawn as digits. */
static void domino_item_fields(const struct kit *d, size_t i, struct fields *f)
{
	const struct kit_item *it = &d->items[i];
	const struct kit_group *g = &d->groups[it->group];
	if (g->kind != KIT_TILE)
		return;
	for (size_t k = 0; k < 2; k++) {
		const char *half = g->fields[k].name;
		long v = strtol(it->values[k], NULL, 10);
		char name[32];
		if (v <= 9) {
			for (const char *p = pips[v]; *p; p++) {
				snprintf(name, sizeof name, "%s-p%c", half, *p);
				fields_set(f, name, "1");
			}
			snprintf(name, sizeof name, "%s-pips", half);
		} else {
			snprintf(name, sizeof name, "%s-numeral", half);
		}
		fields_set(f, name, "1");
	}
}

/* A set above double eighteen drawn with pips is refused: 3 x 6 is the most
 * pips a half holds legibly, and tiles lie in every direction, so numerals are
 * no answer (a template of one's own without pips: elements may draw them). */
static int domino_prepare(struct kit_build *b)
{
	const struct kit *d = b->d;
	int rc = 0;
	for (size_t g = 0; g < d->ngroups; g++) {
		const struct kit_group *gr = &d->groups[g];
		const struct template *t = b->tpl[g];
		if (gr->kind != KIT_TILE || !gr->included || !t || gr->double_n <= DRAW_MAX_PIPS)
			continue;
		for (size_t i = 0; i < t->nelems; i++)
			if (t->elems[i].kind == TE_PIPS) {
				diag(SEV_ERROR, &gr->loc, "a double-%d set cannot be drawn with pips: a half shows at most %d (3 x 6 stay legible on a tile); use double %d or less, or a face template of your own without pips (%s:%u draws them)",
				     gr->double_n, DRAW_MAX_PIPS, DRAW_MAX_PIPS, t->file,
				     t->elems[i].loc.line);
				rc = -1;
				break;
			}
	}
	return rc;
}

const struct kit_build_game domino_build_items = {.item_fields = domino_item_fields,
						   .prepare = domino_prepare, .sound = domino_check_pack};

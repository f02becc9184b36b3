/* trains_look.c: the fields the default Game of Trains templates draw with: an
 * ability as space chips in the placemat's colours and a symbol, a placemat
 * space's colours (trains_look.h). */
#include "trains_look.h"

#include <stdio.h>
#include <string.h>

#include "look.h"

/* One chip of the card's ability drawing: a space token ("B", "AD", "A*", "*"),
 * its letters and their colours (the placemat's), as chipK, chipK-a, chipK-b,
 * chipK-colour, chipK-ink, chipK-colour2, chipK-ink2, and the letters' second
 * cues beyond eight colours (look_space_cue) chipK-cue, chipK-cue2. */
/* Letter i's colour, ink and cue: the pack's palette's, else the default look's. */
static const char *colour(const struct palette *pal, int i)
{
	char name[2] = {(char)('A' + i), 0};
	const char *c = i >= 0 && i < 26 ? palette_get(pal, name) : NULL;
	return c ? c : look_space_colour(i);
}

static const char *ink(const struct palette *pal, int i)
{
	char name[2] = {(char)('A' + i), 0};
	const char *c = i >= 0 && i < 26 ? palette_get(pal, name) : NULL;
	return c ? look_ink_on(c) : look_space_ink(i);
}

static void chip_fields(const struct palette *pal, struct fields *f, int k, const char *token)
{
	char name[32], a[2] = {token[0], 0}, b[2] = {token[0] ? token[1] : 0, 0};
	int ia = a[0] >= 'A' && a[0] <= 'Z' ? a[0] - 'A' : -1;
	int ib = b[0] >= 'A' && b[0] <= 'Z' ? b[0] - 'A' : b[0] ? -1 : ia;
	snprintf(name, sizeof name, "chip%d", k);
	fields_set(f, name, token);
	static const char *const suffix[] = {"-a", "-b", "-colour", "-ink", "-colour2", "-ink2",
					     "-cue", "-cue2"};
	const char *v[] = {a, b, colour(pal, ia), ink(pal, ia), colour(pal, ib),
			   ink(pal, ib), look_space_cue(ia), b[0] ? look_space_cue(ib) : ""};
	for (size_t i = 0; i < sizeof v / sizeof *v; i++) {
		snprintf(name, sizeof name, "chip%d%s", k, suffix[i]);
		fields_set(f, name, v[i]);
	}
}

/* space1..space9: the names of the spaces a names. */
static void space_fields(const struct layout *lay, const struct ability *a, struct fields *f)
{
	char nm[3];
	for (int i = 0; i < a->nsp && i < 9; i++) {
		char name[24];  /* "space9"; room for any int, so no truncation warning */
		snprintf(name, sizeof name, "space%d", i + 1);
		fields_set(f, name, space_name(lay, a->sp[i], nm));
	}
}

void trainlook_ability(const struct layout *lay, const struct palette *pal, const struct ability *a,
		       struct fields *f)
{
	char t1[4] = "", t2[4] = "";
	fields_set(f, "kind", ability_kind_name(a->kind));
	space_fields(lay, a, f);
	char row = (char)('A' + a->line), col = (char)('A' + lay->rows + a->line);
	char col2 = (char)('A' + lay->rows + a->line2), row2 = (char)('A' + a->line2);
	const char *sym = "↔";
	switch (a->kind) {
	case AK_SWAP: case AK_ROW_SWAP: case AK_COLUMN_SWAP: case AK_CROSS_SWAP:
		space_name(lay, a->sp[0], t1);
		space_name(lay, a->sp[1], t2);
		break;
	case AK_REMOVE:
		sym = "→";
		space_name(lay, a->sp[0], t1);
		break;
	case AK_ROW_ROTATE: case AK_ROW_ROTATE_EITHER:
		/* either way: the corner code's ASCII (its monospace font has no ⇄, ⇅) */
		sym = a->dir > 0 ? "→" : a->dir < 0 ? "←" : "<>";
		snprintf(t1, sizeof t1, "%c", row);
		break;
	case AK_COLUMN_ROTATE: case AK_COLUMN_ROTATE_EITHER:
		sym = a->dir > 0 ? "↓" : a->dir < 0 ? "↑" : "^v";
		snprintf(t1, sizeof t1, "%c", col);
		break;
	case AK_ROTATE_ANY_ROW:
		sym = a->dir > 0 ? "→" : "←";
		snprintf(t1, sizeof t1, "*");
		break;
	case AK_ROTATE_ANY_COLUMN:
		sym = a->dir > 0 ? "↓" : "↑";
		snprintf(t1, sizeof t1, "*");
		break;
	case AK_ROW_ANY_SWAP:
		snprintf(t1, sizeof t1, "%c*", row);
		snprintf(t2, sizeof t2, "%c*", row);
		break;
	case AK_COLUMN_ANY_SWAP:
		snprintf(t1, sizeof t1, "*%c", col);
		snprintf(t2, sizeof t2, "*%c", col);
		break;
	case AK_PAIR_ANY_ROW:
		snprintf(t1, sizeof t1, "*%c", col);
		snprintf(t2, sizeof t2, "*%c", col2);
		break;
	case AK_PAIR_ANY_COLUMN:
		snprintf(t1, sizeof t1, "%c*", row);
		snprintf(t2, sizeof t2, "%c*", row2);
		break;
	case AK_ROW_ANY_REMOVE:
		sym = "→";
		snprintf(t1, sizeof t1, "%c*", row);
		break;
	case AK_COLUMN_ANY_REMOVE:
		sym = "→";
		snprintf(t1, sizeof t1, "*%c", col);
		break;
	default:
		sym = "";
		break;
	}
	fields_set(f, "symbol", sym);
	if (!*t1)
		return;
	chip_fields(pal, f, 1, t1);
	bool pair = true;
	if (*t2)
		chip_fields(pal, f, 2, t2);
	else if (a->kind == AK_REMOVE || a->kind == AK_ROW_ANY_REMOVE ||
		 a->kind == AK_COLUMN_ANY_REMOVE)
		fields_set(f, "target", "X");
	else
		pair = false;
	fields_set(f, !lay->rows ? "line-pair" : pair ? "grid-pair" : "grid-single", "1");
}

void trainlook_space(const struct layout *lay, const struct palette *pal, const char *name,
		     struct fields *f)
{
	fields_setf(f, "a", "%c", name[0]);
	fields_setf(f, "b", "%.1s", name + 1);
	int ia = name[0] - 'A', ib = name[1] ? name[1] - 'A' : ia;
	fields_set(f, "colour", colour(pal, ia));
	fields_set(f, "ink", ink(pal, ia));
	fields_set(f, "colour2", colour(pal, ib));
	fields_set(f, "ink2", ink(pal, ib));
	fields_set(f, "cue", look_space_cue(ia));
	fields_set(f, "cue2", name[1] ? look_space_cue(ib) : "");
	fields_set(f, "grid", lay->rows ? "1" : "");
}

void trainlook_legend(const struct palette *pal, struct fields *f)
{
	for (int i = 0; i < 26; i++) {
		char name[16];
		snprintf(name, sizeof name, "colour-%c", 'A' + i);
		fields_set(f, name, colour(pal, i));
		snprintf(name, sizeof name, "ink-%c", 'A' + i);
		fields_set(f, name, ink(pal, i));
	}
}

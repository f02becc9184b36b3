/* trains_build.c: `railyard build`: a Game of Trains pack -> print-ready files. Fills each
 * card's fields (number, code, ability...) and the placemat's and reference's,
 * and hands them to the pipeline (pipeline.h). */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cairo.h>

#include "trains_check.h"
#include "buildinput.h"
#include "colour.h"
#include "csv.h"
#include "cli.h"
#include "diag.h"
#include "draw.h"
#include "look.h"
#include "names.h"
#include "opt.h"
#include "output.h"
#include "trains_rules.h"
#include "pipeline.h"
#include "progress.h"
#include "quickref.h"
#include "seams.h"
#include "stage.h"
#include "template.h"
#include "tokens.h"
#include "trains_look.h"
#include "trust.h"
#include "util.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

static const struct opt build_rows[] = {
	OPT_TEXT(
		"usage: railyard build [OPTIONS] PACK.yaml\n"
		"\n"
		"Write the pack's print-ready files into out/PACK/ (or -o DIR: DIR/PACK/):\n"
		"  faces.pdf          one card per page, trim + bleed, TrimBox/BleedBox, labels = numbers\n"
		"  back.pdf           the back, one page, boxes as faces.pdf\n"
		"  sheets-a4.pdf      as many cards per page as fit, each with its bleed, crop\n"
		"  sheets-letter.pdf  marks, each page followed by its backs for duplex\n"
		"  placemat.pdf       the placemat at full size, tiled across pages when larger\n"
		"  reference.pdf      the pack's ability table, its rules and a quick reference\n"
		"                     card (trains-quickref.yaml) at the cards' size to cut out\n"
		"  tokens-a4.pdf      the freeze tokens, when the rules give freeze-tokens\n"
		"  svg/card-NNN.svg, svg/back.svg, svg/placemat.svg   in millimetres\n"
		"  png/card-NNN.png, png/back.png   300 dpi with bleed; contact.png, the whole pack\n"
		"  manifest.csv       position, number, code, ability and the files of each card\n"
		"  files.txt          every file of the set\n"
		"\n"
		"A pack's data: and fields: give every template more fields; its size: resizes\n"
		"the cards. A missing image stops the build before anything is written.\n"
		"\n"
		"A pack that 'railyard check' finds unsound is refused (exit 1) unless --force.\n"
		"\n"),
	OPT_MORE(build_options),
	OPT("numbers", BUILD_OPT_CARDS, "LIST",
		"only these cards: numbers and ranges (1-9,12), W = wild;\n"
		"the files keep their positions"),
	OPT("help", 'h', NULL, "this help"),
	OPT("version", 'V', NULL, "the version"),
	OPT_TEXT(
		"\n"
		"Templates: the pack's face/back/placemat/reference paths (default\n"
		"templates/trains-face.yaml, trains-back.yaml, trains-placemat.yaml,\n"
		"trains-reference.yaml) are looked for beside the pack file, then in its parent\n"
		"folder, then the current folder, then the RAILYARD_PATH folders, then the\n"
		"installed templates (see railyard-template(5)); the pack's palette: sets their\n"
		"colours (railyard-pack(5)).\n"),
	OPT_END,
};

const struct opt_table trains_build_options = {"build", 22, build_rows};

struct build {
	struct pack *p;
	struct template *face, *back, *placemat, *reference, *quickref, *freeze;
	struct drawer *d;
	struct fields f;     /* the placemat's and the reference's (main thread) */
	long total;          /* cards built: all, or those --numbers names */
	long *sel;           /* --numbers: the pack positions built, or NULL for all */
	int width;           /* digits in file names */
	int wrap;            /* a line placemat printed in rows of this many (0: one row) */
};

/* The pack position of the i-th card built (every card, or those of --numbers). */
static long card_pos(const struct build *b, long i)
{
	return b->sel ? b->sel[i] : i;
}

/* The fields a trains card offers its template: the i-th card built. */
static void card_fields(void *user, long i, struct fields *f)
{
	const struct build *b = user;
	long pos = card_pos(b, i);
	int a;
	long n = pack_card_at(b->p, pos, &a);
	fields_clear(f);
	fields_setf(f, "position", "%ld", pos + 1);
	fields_set(f, "pack", b->p->id);
	fields_set(f, "title", b->p->title ? b->p->title : b->p->id);
	if (n == 0) {
		fields_set(f, "number", "");
		fields_set(f, "code", "");
		fields_set(f, "ability", "wild");
		fields_set(f, "wild", "wild");
		fields_set(f, "kind", "wild");
		fields_set(f, "symbol", "");
		fields_set(f, "space1", "");
		fields_set(f, "space2", "");
		fields_set(f, "space3", "");
		data_fields(&b->p->data, f);
		return;
	}
	const struct ability *ab = a >= 0 ? &b->p->abilities.v[a] : NULL;
	fields_setf(f, "number", "%ld", n);
	fields_set(f, "code", ab ? ab->code : "");
	fields_set(f, "ability", ab ? ab->symbolic : "");
	fields_set(f, "wild", "");
	fields_set(f, "ambiguous", look_ambiguous(n) ? "1" : "");
	fields_set(f, "long", n >= 100 ? "1" : "");
	fields_set(f, "grid", b->p->layout.rows ? "1" : "");
	if (ab)
		trainlook_ability(&b->p->layout, &b->p->palette, ab, f);
	/* space1..space3 on every card, so a template may name them all. */
	for (int k = 1; k <= 3; k++) {
		char name[24];
		snprintf(name, sizeof name, "space%d", k);
		if (!fields_get(f, name))
			fields_set(f, name, "");
	}
	if (!fields_get(f, "kind"))
		fields_set(f, "kind", "");
	if (!fields_get(f, "symbol"))
		fields_set(f, "symbol", "");
	data_fields(&b->p->data, f);
}

static void fill_space(void *user, int r, int c, struct fields *f)
{
	const struct build *b = user;
	const struct layout *lay = &b->p->layout;
	int cols = lay->rows ? lay->cols : b->wrap ? b->wrap : lay->census;
	char name[3];
	fields_set(f, "space", space_name(lay, r * cols + c, name));
	trainlook_space(lay, &b->p->palette, name, f);
	fields_setf(f, "row", "%d", r + 1);
	fields_setf(f, "column", "%d", c + 1);
	fields_setf(f, "index", "%d", r * cols + c + 1);
}

static struct cells placemat_cells(struct build *b)
{
	const struct layout *lay = &b->p->layout;
	struct cells c = {lay->rows ? lay->rows : 1, lay->rows ? lay->cols : lay->census, fill_space,
			  b, 0};
	if (!lay->rows && b->wrap)
		c = (struct cells){(lay->census + b->wrap - 1) / b->wrap, b->wrap, fill_space, b, lay->census};
	return c;
}

static void draw_placemat(void *user, cairo_t *cr, long index, int side)
{
	struct build *b = user;
	(void)index;
	(void)side;
	struct cells c = placemat_cells(b);
	fields_clear(&b->f);
	fields_set(&b->f, "title", b->p->title ? b->p->title : b->p->id);
	fields_set(&b->f, "pack", b->p->id);
	fields_setf(&b->f, "census", "%d", b->p->layout.census);
	data_fields(&b->p->data, &b->f);
	draw_item(b->d, cr, b->placemat, &b->f, &c, "placemat");
}

/* placemat.pdf: a line of spaces, or (when that takes fewer pages of the paper)
 * the line wrapped in two rows, A to D above E to G. */
static int write_placemat(struct build_ctx *c, struct build *b)
{
	struct cells cl = placemat_cells(b);
	int census = b->p->layout.census, half = (census + 1) / 2;
	if (!b->p->layout.rows && census > 2 &&
	    build_tiled_pages(c, b->placemat, 2, half) < build_tiled_pages(c, b->placemat, 1, census)) {
		b->wrap = half;
		cl = placemat_cells(b);
	}
	int rc = build_tiled(c, "placemat.pdf", b->placemat, cl.rows, cl.cols, draw_placemat, b);
	b->wrap = 0;
	return rc;
}

/* The card numbers of ability a as the page prints them: "1, 29, 57"; long lists
 * keep their first numbers and their count. */
static char *numbers_of(const struct pack *p, int a)
{
	struct buf s = {0};
	long shown = 0, count = 0, last = 0;
	for (long n = 1; n <= p->cards; n++) {
		if (p->by_number[n - 1] != a)
			continue;
		count++;
		last = n;
		if (shown < 8) {
			buf_printf(&s, "%s%ld", shown ? ", " : "", n);
			shown++;
		}
	}
	if (count > shown)
		buf_printf(&s, ", ... %ld (%ld cards)", last, count);
	if (!count)
		buf_puts(&s, "(none)");
	return s.s;
}

/* The reference page's cells: ability r * cols + c with its chips, code and cards. */
struct ref_cells {
	const struct build *b;
	int cols;
};

static void fill_ability(void *user, int r, int c, struct fields *f)
{
	const struct ref_cells *rc = user;
	const struct pack *p = rc->b->p;
	size_t a = (size_t)r * (size_t)rc->cols + (size_t)c;
	if (a >= p->abilities.n)
		return;
	fields_set(f, "code", p->abilities.v[a].code);
	fields_set(f, "ability", p->abilities.v[a].symbolic);
	char *numbers = numbers_of(p, (int)a);
	fields_set(f, "cards", numbers);
	free(numbers);
	trainlook_ability(&p->layout, &p->palette, &p->abilities.v[a], f);
}

/* ---- the quick reference and the rules, from the pack ---- */

/* What an ability of kind k does, in the seed page's words: a, b name the
 * spaces, row or column of the pack's first ability of that kind. */
static char *kind_text(const struct pack *p, const struct ability *a)
{
	const struct layout *lay = &p->layout;
	char s1[3] = "", s2[3] = "";
	if (a->nsp > 0)
		space_name(lay, a->sp[0], s1);
	if (a->nsp > 1)
		space_name(lay, a->sp[1], s2);
	char row = (char)('A' + (a->line < 0 ? 0 : a->line));
	char col = (char)('A' + lay->rows + (a->line < 0 ? 0 : a->line));
	const char *way = a->dir > 0 ? "right" : "left", *vway = a->dir > 0 ? "down" : "up";
	switch (a->kind) {
	case AK_SWAP:
		return xasprintf("Swap the cards in spaces %s and %s.", s1, s2);
	case AK_REMOVE:
		return xasprintf("Remove the card at space %s; replace it from the draw pile.", s1);
	case AK_ROW_SWAP:
		return xasprintf("Swap two specific cards of one row: %s and %s.", s1, s2);
	case AK_COLUMN_SWAP:
		return xasprintf("Swap two specific cards of one column: %s and %s.", s1, s2);
	case AK_CROSS_SWAP:
		return xasprintf("Swap %s and %s, which share neither a row nor a column.", s1, s2);
	case AK_ROW_ROTATE:
		return xasprintf("Rotate row %c %s: every card one place.", row, way);
	case AK_COLUMN_ROTATE:
		return xasprintf("Rotate column %c %s: every card one place.", col, vway);
	case AK_ROW_ANY_SWAP:
		return xasprintf("Swap any two cards in row %c.", row);
	case AK_COLUMN_ANY_SWAP:
		return xasprintf("Swap any two cards in column %c.", col);
	case AK_PAIR_ANY_ROW:
		return xstrdup("Swap these two columns' cards, in a row of your choice.");
	case AK_PAIR_ANY_COLUMN:
		return xstrdup("Swap these two rows' cards, in a column of your choice.");
	case AK_ROTATE_ANY_ROW:
		return xasprintf("Rotate a row of your choice %s.", way);
	case AK_ROTATE_ANY_COLUMN:
		return xasprintf("Rotate a column of your choice %s.", vway);
	case AK_ROW_ROTATE_EITHER:
		return xasprintf("Rotate row %c in the direction of your choice.", row);
	case AK_COLUMN_ROTATE_EITHER:
		return xasprintf("Rotate column %c in the direction of your choice.", col);
	case AK_ROW_ANY_REMOVE:
		return xasprintf("Remove a card of your choice from row %c; draw again.", row);
	case AK_COLUMN_ANY_REMOVE:
		return xasprintf("Remove a card of your choice from column %c; draw again.", col);
	default:
		return xasprintf("%s.", a->symbolic);
	}
}

/* A grid's row kind and its column twin (and back), or -1. */
static int twin_of(enum ability_kind k)
{
	static const enum ability_kind pairs[][2] = {
		{AK_ROW_SWAP, AK_COLUMN_SWAP}, {AK_ROW_ROTATE, AK_COLUMN_ROTATE},
		{AK_ROW_ANY_SWAP, AK_COLUMN_ANY_SWAP}, {AK_PAIR_ANY_ROW, AK_PAIR_ANY_COLUMN},
		{AK_ROTATE_ANY_ROW, AK_ROTATE_ANY_COLUMN}, {AK_ROW_ROTATE_EITHER, AK_COLUMN_ROTATE_EITHER},
		{AK_ROW_ANY_REMOVE, AK_COLUMN_ANY_REMOVE}};
	for (size_t i = 0; i < sizeof pairs / sizeof *pairs; i++) {
		if (pairs[i][0] == k)
			return (int)pairs[i][1];
		if (pairs[i][1] == k)
			return (int)pairs[i][0];
	}
	return -1;
}

/* What a row kind and its column twin do, together (brief: in fewer words). */
static const char *twin_text(enum ability_kind k, bool brief)
{
	switch (k) {
	case AK_ROW_SWAP: case AK_COLUMN_SWAP:
		return brief ? "Swap this pair, row or column." : "Swap two specific cards of one row, or of one column.";
	case AK_ROW_ROTATE: case AK_COLUMN_ROTATE:
		return "Rotate that row or column one place, that way.";
	case AK_ROW_ANY_SWAP: case AK_COLUMN_ANY_SWAP:
		return "Swap any two cards of that row or column.";
	case AK_PAIR_ANY_ROW: case AK_PAIR_ANY_COLUMN:
		return "Swap that pair, in a row or column of your choice.";
	case AK_ROTATE_ANY_ROW: case AK_ROTATE_ANY_COLUMN:
		return brief ? "Rotate any row or column that way." : "Rotate a row or column of your choice, that way.";
	case AK_ROW_ROTATE_EITHER: case AK_COLUMN_ROTATE_EITHER:
		return brief ? "Rotate it one place, either way." : "Rotate that row or column, in the direction of your choice.";
	default:
		return brief ? "Remove one of it; draw again." : "Remove a card of your choice from that row or column; draw again.";
	}
}

#define QR_MAX_ROWS (AK_COUNT + 12)

/* A row of the quick reference: an ability (its index) or a labelled rule, in
 * full and in brief (NULL: the same), for a card too small for the full words. */
struct qr_row {
	int ability;          /* -1: a rule */
	const char *label;
	char *text, *brief;
};

/* compact: the rows do not fit the card in full: the brief words, and the
 * rules as run-in paragraphs across the row (the template's "compact"). */
struct qr_rows {
	const struct build *b;
	struct qr_row v[QR_MAX_ROWS];
	int n;
	bool compact;
};

static void qr_add(struct qr_rows *q, int ability, const char *label, char *text, char *brief)
{
	if (q->n < QR_MAX_ROWS) {
		q->v[q->n++] = (struct qr_row){ability, label, text, brief};
	} else {
		free(text);
		free(brief);
	}
}

static void fill_qr_row(void *user, int r, int c, struct fields *f)
{
	const struct qr_rows *q = user;
	(void)c;
	if (r >= q->n)
		return;
	const struct qr_row *row = &q->v[r];
	fields_set(f, "text", q->compact && row->brief ? row->brief : row->text);
	if (q->compact)
		fields_set(f, "compact", "1");
	if (row->ability >= 0) {
		const struct pack *p = q->b->p;
		trainlook_ability(&p->layout, &p->palette, &p->abilities.v[row->ability], f);
		if (!fields_get(f, "chip1-a")) {
			fields_set(f, "rule", "1");
			fields_set(f, "label", "§9");
		}
	} else {
		fields_set(f, "rule", "1");
		fields_set(f, "label", row->label);
		if (!*row->label)
			fields_set(f, "underline", "1");
	}
}

/* The last space's letter on a line, the census, the spaces' name. */
static int pack_census(const struct pack *p)
{
	return p->layout.rows ? p->layout.rows * p->layout.cols : p->layout.census;
}

/* How many rows of the quick reference fit the deck's card in full: 9 mm a
 * row at the design width, more on a narrower card (its text takes more
 * lines, and the rows' marks take more of the width). */
static int qr_fit(const struct build *b)
{
	const struct template *qt = b->quickref;
	if (!qt)
		return 6;
	template_resize_card(b->quickref, b->face->w, b->face->h);
	double room = qt->h - qt->cells.margin[0] - qt->cells.margin[2], gap = qt->cells.gap;
	double row = qt->w > 0 ? 9.0 * pow(fmax(1, qt->size_w / qt->w), 1.5) : 9.0;
	return (int)((room + gap) / (row + gap));
}

/* A row per ability kind the pack has (a grid's row and column twins share one). */
static void qr_ability_rows(const struct pack *p, struct qr_rows *q)
{
	bool seen[AK_COUNT] = {false}, has[AK_COUNT] = {false};
	for (size_t a = 0; a < p->abilities.n; a++)
		has[p->abilities.v[a].kind] = true;
	for (size_t a = 0; a < p->abilities.n; a++) {
		enum ability_kind k = p->abilities.v[a].kind;
		if (seen[k] && k != AK_NUMBER)
			continue;
		seen[k] = true;
		int tw = twin_of(k);
		if (tw >= 0 && has[tw] && seen[tw])
			continue;
		if (tw >= 0 && has[tw]) {
			seen[tw] = true;
			qr_add(q, (int)a, NULL, xstrdup(twin_text(k, false)), xstrdup(twin_text(k, true)));
		} else if (k == AK_REMOVE) {
			qr_add(q, (int)a, NULL, kind_text(p, &p->abilities.v[a]), xstrdup("Remove that card; draw again."));
		} else {
			qr_add(q, (int)a, NULL, kind_text(p, &p->abilities.v[a]), NULL);
		}
	}
}

/* The pack's rules, each in full and in brief. */
static void qr_rule_rows(const struct pack *p, struct qr_rows *q)
{
	const struct rules *ru = &p->rules;
	int n = pack_census(p);
	char last = (char)('A' + n - 1);
	if (p->layout.rows)
		qr_add(q, -1, "DEAL", xasprintf("%d cards each, arranged so every row and every column is descending.", n),
		       xasprintf("%d cards each; every row and column descending.", n));
	else
		qr_add(q, -1, "DEAL", xasprintf("%d cards each, descending from A to %c: the highest in A.", n, last),
		       xasprintf("%d cards each, descending: the highest in A.", n));
	if (ru->apply_to == APPLY_ANYONE)
		qr_add(q, -1, "TURN", xstrdup("Apply a card's ability to your own sequence or to an opponent's."),
		       xstrdup("An ability acts on your sequence or an opponent's."));
	if (ru->swap_across != ACROSS_NONE) {
		bool three = ru->swap_across == ACROSS_THREE;
		char *t = xasprintf("A ↔ B: your A with an opponent's B, or your B with their A%s.%s",
				    three ? "; or one opponent's with another's" : "",
				    ru->swap_within ? "" : " Never within one sequence.");
		char *s = xasprintf("A ↔ B: your A with an opponent's B, or back%s.%s",
				    three ? "; or two opponents'" : "", ru->swap_within ? "" : " Never within one.");
		qr_add(q, -1, "ACROSS", t, s);
	}
	if (p->wild)
		qr_add(q, -1, "WILD", xstrdup("Any number its owner chooses, perhaps changing; no ability. Never a number no card has."),
		       xstrdup("Any number in the pack its owner chooses; no ability."));
	if (ru->freeze_tokens > 0)
		qr_add(q, -1, "FREEZE", xasprintf("Start of your turn: a token (%d each) freezes one of your cards for good: it never leaves its space.",
						  ru->freeze_tokens),
		       xasprintf("Start of turn: a token (%d each) fixes a card of yours on its space for good.",
				 ru->freeze_tokens));
	bool never = ru->win == WIN_NEVER_DESCENDING;
	const char *order = never ? "never-descending" : "ascending", *each = never ? "less than or equal to" : "less than";
	if (p->layout.rows)
		qr_add(q, -1, "WIN", xasprintf("First with every row and every column %s: each card %s every card to its right and below.",
					       order, each),
		       xasprintf("First with every row and column %s.", order));
	else
		qr_add(q, -1, "WIN", xasprintf("First with all %d %s: each card %s every card on its right.", n, order, each),
		       xasprintf("First with all %d %s, left to right.", n, order));
}

/* The corner codes of a line pack's swaps and removals, as a row. */
static void qr_code_row(const struct pack *p, struct qr_rows *q)
{
	struct buf t = {0};
	bool sw = false, rm = false;
	for (size_t a = 0; a < p->abilities.n; a++) {
		const struct ability *ab = &p->abilities.v[a];
		if ((ab->kind == AK_SWAP && !sw) || (ab->kind == AK_REMOVE && !rm)) {
			buf_printf(&t, "%s%s is %s", t.len ? ", " : "In the corner: ", ab->code, ab->symbolic);
			sw |= ab->kind == AK_SWAP;
			rm |= ab->kind == AK_REMOVE;
		}
	}
	if (t.len) {
		buf_puts(&t, ".");
		qr_add(q, -1, "CODE", t.s, NULL);
	}
}

/* The quick reference's rows: a row per ability kind the pack has, then its
 * rules; optional rows (codes, the underline) only while there is room for
 * 9 mm rows; in brief (compact) when the rows need more than that room. */
static void qr_rows(const struct build *b, struct qr_rows *q)
{
	const struct pack *p = b->p;
	q->b = b;
	q->n = 0;
	qr_ability_rows(p, q);
	qr_rule_rows(p, q);
	int fit = qr_fit(b);
	q->compact = q->n > fit;
	if (!p->layout.rows && q->n < fit)
		qr_code_row(p, q);
	if (p->cards >= 9 && q->n < fit)
		qr_add(q, -1, "", xstrdup("Underlined: a number that reads as another upside down."), NULL);
}
static void qr_free(struct qr_rows *q)
{
	for (int i = 0; i < q->n; i++) {
		free(q->v[i].text);
		free(q->v[i].brief);
	}
	q->n = 0;
}

/* The pack's rules in the seed page's words (reference.pdf, under the card). */
static char *rules_text(const struct pack *p)
{
	const struct rules *ru = &p->rules;
	struct buf s = {0};
	buf_add(&s, "", 0);
	int n = pack_census(p);
	if (p->layout.rows)
		buf_printf(&s, "Deal. At the beginning of the game, %d cards are randomly dealt to each player, who arranges them in any way such that each of the rows, and each of the columns, is in descending order.",
			   n);
	else
		buf_printf(&s, "Deal. %d cards to each player, placed on the placemat's spaces in descending numerical order, as at the beginning of a game.",
			   n);
	if (ru->apply_to == APPLY_ANYONE)
		buf_puts(&s, "\nAbilities. The player who uses a card for its ability has the option of applying it either to their own sequence, or to the sequence of an opponent of their choice.");
	if (ru->swap_across != ACROSS_NONE) {
		buf_puts(&s, "\nSwaps across sequences. A player applying a B ↔ D swap with an opponent may swap their B-space card with the opponent's D-space card, or their D-space card with the opponent's B-space card.");
		if (ru->swap_across == ACROSS_THREE)
			buf_puts(&s, " They may also direct one opponent to swap a B-space card with another opponent's D-space card, or vice versa.");
		buf_puts(&s, ru->swap_within ? " Swaps within one sequence are still allowed." : " Two cards within the same sequence are never swapped.");
	}
	if (p->wild)
		buf_printf(&s, "\nWild cards (%d). A wild card represents any number its owner chooses, perhaps changing as the game progresses, and lacks any abilities. It may not stand for a number that does not appear on any card in the pack.",
			   p->wild);
	if (ru->freeze_tokens > 0)
		buf_printf(&s, "\nFreezing (%d tokens each). At the beginning of a player's turn, they can freeze one card of their sequence by placing a token on it. After that, this card can never be taken from this space by swapping, replacement, removal, et cetera; by the owner or any other player. A frozen card can never be unfrozen. After freezing a card, the player takes a normal turn.",
			   ru->freeze_tokens);
	if (p->layout.rows)
		buf_printf(&s, "\nWin. The first player to achieve %s order in all rows and all columns wins.",
			   ru->win == WIN_NEVER_DESCENDING ? "never-descending" : "ascending");
	else if (ru->win == WIN_NEVER_DESCENDING)
		buf_printf(&s, "\nWin. The first player whose %d cards are never-descending wins: each card is less than or equal to every card on its right.", n);
	else
		buf_printf(&s, "\nWin. The first player whose %d cards are in ascending order wins: each card is less than every card on its right; the numbers need not be consecutive.", n);
	buf_puts(&s, "\nThe coloured letters are the placemat's spaces; the letter is always printed. Cut the quick reference out along the marks.");
	return s.s;
}

/* The quick reference at the deck's card size. */
static struct quickref quickref_of(const struct build *b, const struct fields *f, const struct cells *rows)
{
	return (struct quickref){b->quickref, f, rows, b->face->w, b->face->h};
}

/* reference.pdf: templates/trains-reference.yaml on a landscape page: the
 * abilities in cells of four columns (a plain table when they are too many to
 * fit), a legend and a card-sized quick reference to cut out. */
static int write_reference(struct build_ctx *c, struct build *b)
{
	char *path = build_path(c, "reference.pdf");
	struct pdfw *w = path ? pdfw_open(path) : NULL;
	free(path);
	if (!w)
		return -1;
	struct template *t = b->reference;
	size_t k = b->p->abilities.n;
	struct ref_cells rc = {b, 4};
	/* The template is laid out for the smaller of A4 and letter: 279.4 x 210 mm. */
	const double area_w = 279.4, area_h = 210;
	double room = area_h - t->cells.margin[0] - t->cells.margin[2] + t->cells.gap;
	int fit = (int)(room / (t->cells.h + t->cells.gap));
	int rows = (int)((k + (size_t)rc.cols - 1) / (size_t)rc.cols);
	bool table = rows > fit;
	/* Fewer rows grow taller (up to half as much again) to fill the page. */
	double cell_h = t->cells.h;
	if (!table && rows > 0) {
		double grown = room / rows - t->cells.gap;
		t->cells.h = grown < 1.5 * cell_h ? grown : 1.5 * cell_h;
	}
	struct cells cells = {table ? 0 : rows, rc.cols, fill_ability, &rc, 0};
	fields_clear(&b->f);
	fields_set(&b->f, "title", b->p->title ? b->p->title : b->p->id);
	fields_set(&b->f, "pack", b->p->id);
	fields_set(&b->f, "grid", b->p->layout.rows ? "1" : "");
	fields_set(&b->f, "line", b->p->layout.rows ? "" : "1");
	trainlook_legend(&b->p->palette, &b->f);
	struct buf head = {0};
	long cards = b->p->cards;
	if (b->p->layout.rows)
		buf_printf(&head, "%zu abilities, cards 1-%ld, grid %dx%d", k, cards, b->p->layout.rows,
			   b->p->layout.cols);
	else
		buf_printf(&head, "%zu abilities, cards 1-%ld, census %d", k, cards, b->p->layout.census);
	if (b->p->copies > 1)
		buf_printf(&head, ", %d copies of each number", b->p->copies);
	if (b->p->wild)
		buf_printf(&head, ", %d wild card%s", b->p->wild, b->p->wild == 1 ? "" : "s");
	fields_set(&b->f, "summary", head.s);
	buf_free(&head);
	char *rules = rules_text(b->p);
	fields_set(&b->f, "rules", rules);
	free(rules);
	/* Nothing within the printable margin: on letter the page is drawn a little smaller. */
	cairo_t *cr = build_landscape_page(c, w, area_w, area_h);
	draw_item(b->d, cr, t, &b->f, &cells, "reference");
	if (table) {
		/* Too many abilities for the cells: the seed page's plain table instead. */
		size_t n = k + 1;
		char **cellv = xcalloc(n * 2, sizeof *cellv);
		cellv[0] = xstrdup("ability");
		cellv[1] = xstrdup("cards");
		for (size_t a = 0; a < k; a++) {
			cellv[(a + 1) * 2] = xstrdup(b->p->abilities.v[a].symbolic);
			cellv[(a + 1) * 2 + 1] = numbers_of(b->p, (int)a);
		}
		double x = t->cells.margin[3], y = t->cells.margin[0];
		double tw = rc.cols * (t->cells.w + t->cells.gap) - t->cells.gap;
		cairo_set_source_rgb(cr, 0.165, 0.208, 0.314);   /* the accent, #2A3550 */
		draw_table(b->d, cr, t->font, 3.5, (const char *const *)cellv, n, 2, 3, x, y, tw,
			   area_h - y - t->cells.margin[2]);
		for (size_t i = 0; i < n * 2; i++)
			free(cellv[i]);
		free(cellv);
	}
	t->cells.h = cell_h;
	/* the quick reference at the deck's card size, never scaled with the page */
	struct qr_rows q;
	qr_rows(b, &q);
	struct cells qc = {q.n, 1, fill_qr_row, &q, 0};
	struct quickref qr = quickref_of(b, &b->f, &qc);
	build_quickref_on_page(c, w, cr, b->d, &qr, area_w, area_h, 207.9, 38.0);
	qr_free(&q);
	pdfw_end_page(w);
	return pdfw_close(w);
}

/* quickref.pdf (--preset press): the quick reference alone, with bleed. */
static int write_quickref(struct build_ctx *c, struct build *b)
{
	fields_clear(&b->f);
	fields_set(&b->f, "title", b->p->title ? b->p->title : b->p->id);
	fields_set(&b->f, "pack", b->p->id);
	struct qr_rows q;
	qr_rows(b, &q);
	struct cells qc = {q.n, 1, fill_qr_row, &q, 0};
	struct quickref qr = quickref_of(b, &b->f, &qc);
	int rc = build_quickref_pdf(c, b->d, &qr);
	qr_free(&q);
	return rc;
}

/* The freeze tokens (seed §11): freeze-tokens for each player, for the most
 * players the pack names (four when it names none). */
static int write_freeze(struct build_ctx *c, struct build *b)
{
	int players = 4;
	for (size_t i = 0; i < b->p->nplayers; i++)
		if (i == 0 || b->p->players[i].players > players)
			players = b->p->players[i].players;
	fields_clear(&b->f);
	fields_set(&b->f, "title", b->p->title ? b->p->title : b->p->id);
	fields_set(&b->f, "pack", b->p->id);
	int rc = build_tokens(c, "freeze", "freeze tokens", b->freeze, (long)players * b->p->rules.freeze_tokens,
			      &b->f);
	fields_clear(&b->f);
	return rc;
}

static int write_extra(struct build_ctx *c, void *user)
{
	struct build *b = user;
	int rc = 0;
	if (!rc && (c->opts.only & BO_PLACEMAT))
		rc = write_placemat(c, b);
	if (!rc && (c->opts.only & BO_REFERENCE))
		rc = build_press(c) ? write_quickref(c, b) : 0;
	/* the reference page too: on a press, its area trimmed with bleed */
	if (!rc && (c->opts.only & BO_REFERENCE))
		rc = write_reference(c, b);
	if (!rc && (c->opts.only & BO_TOKENS) && b->freeze)
		rc = write_freeze(c, b);
	if (!rc && (c->opts.only & BO_SVG)) {
		double iw, ih;
		struct cells cl = placemat_cells(b);
		template_size(b->placemat, cl.rows, cl.cols, &iw, &ih);
		char *path = build_path(c, "svg/placemat.svg");
		rc = path ? svg_write(path, iw, ih, b->placemat->bleed, draw_placemat, b, 0) : -1;
		free(path);
	}
	return rc;
}

/* ---- the items, for the pipeline ---- */

static size_t card_face(void *user, long pos)
{
	(void)user;
	(void)pos;
	return 0;
}

static void card_label(void *user, long i, bool who, char *buf, size_t n)
{
	struct build *b = user;
	long pos = card_pos(b, i);
	int a;
	long num = pack_card_at(b->p, pos, &a);
	char s[24] = "W";
	if (num)
		snprintf(s, sizeof s, "%ld", num);
	if (who)
		snprintf(buf, n, "card %s (position %ld)", s, pos + 1);
	else
		snprintf(buf, n, "%s", s);
}

/* card-NNN (the position) for each card; unique: card-NNN (the number) for the
 * first copy of each number, wild for the first wild card. */
static long card_single(void *user, long i, bool unique, char *name, size_t n)
{
	struct build *b = user;
	const struct pack *p = b->p;
	long pos = card_pos(b, i);
	if (!unique) {
		snprintf(name, n, "card-%0*ld", b->width, pos + 1);
		return 1;
	}
	long numbered = p->cards * p->copies;
	if (pos < numbered) {
		if (pos % p->copies)
			return 0;
		snprintf(name, n, "card-%0*ld", b->width, pos / p->copies + 1);
		return p->copies;
	}
	if (pos > numbered)
		return 0;
	snprintf(name, n, "wild");
	return p->wild;
}

static void card_back_fields(void *user, struct fields *f)
{
	struct build *b = user;
	fields_set(f, "pack", b->p->id);
	fields_set(f, "title", b->p->title ? b->p->title : b->p->id);
	data_fields(&b->p->data, f);
}

static void card_manifest(const struct build_ctx *c, void *user, struct buf *s)
{
	struct build *b = user;
	int only = build_home_outputs(&c->opts);
	static const char *const head[] = {"position", "number", "code", "ability", "faces_page",
					   "svg", "png"};
	for (size_t k = 0; k < sizeof head / sizeof *head; k++)
		csv_cell(s, head[k]);
	csv_end(s);
	for (long i = 0; i < c->it.count; i++) {
		long pos = card_pos(b, i);
		int a;
		long n = pack_card_at(b->p, pos, &a);
		csv_cellf(s, "%ld", pos + 1);
		if (n)
			csv_cellf(s, "%ld", n);
		else
			csv_cell(s, "W");
		csv_cell(s, n ? (a >= 0 ? b->p->abilities.v[a].code : "") : "W");
		csv_cell(s, n ? (a >= 0 ? b->p->abilities.v[a].symbolic : "") : "wild");
		if (only & BO_FACES)
			csv_cellf(s, "%ld", i + 1);
		else
			csv_cell(s, "");
		if (only & BO_SVG)
			csv_cellf(s, "svg/card-%0*ld.svg", b->width, pos + 1);
		else
			csv_cell(s, "");
		if (only & BO_PNG)
			csv_cellf(s, "png/card-%0*ld.png", b->width, pos + 1);
		else
			csv_cell(s, "");
		csv_end(s);
	}
}

/* Every image the cards, the back and the placemat show is read, so a missing
 * one stops the build before anything is written; the placemat's spaces are the
 * size of the cards. Returns 0 or -1. */
static int preload(struct build *b)
{
	if (b->placemat && (b->placemat->cells.w != b->face->w || b->placemat->cells.h != b->face->h))
		template_resize(b->placemat, b->face->w, b->face->h);
	int rc = 0;
	bool images = false;
	for (size_t i = 0; i < b->face->nelems; i++)
		images |= b->face->elems[i].kind == TE_IMAGE;
	for (long i = 0; images && i < b->total; i++) {
		card_fields(b, i, &b->f);
		rc |= drawer_preload(b->d, b->face, &b->f);
	}
	fields_clear(&b->f);
	data_fields(&b->p->data, &b->f);
	if (b->back)
		rc |= drawer_preload(b->d, b->back, &b->f);
	if (b->placemat)
		rc |= drawer_preload(b->d, b->placemat, &b->f);
	fields_clear(&b->f);
	return rc;
}

/* --numbers LIST: card numbers and ranges ("1-9", "3,12,40-45", "W" for the wild
 * cards); every copy of each. Returns 0, or -1 after reporting. */
static int select_cards(struct build *b, const char *list)
{
	const struct pack *p = b->p;
	bool *want = xcalloc((size_t)p->cards + 1, sizeof *want);  /* want[0]: wild */
	int rc = 0;
	for (const char *s = list; *s && rc == 0;) {
		size_t n = strcspn(s, ", ");
		char part[48];
		long lo, hi;
		snprintf(part, sizeof part, "%.*s", (int)(n < sizeof part ? n : sizeof part - 1), s);
		char *dash = strchr(part, '-');
		if (dash)
			*dash = 0;
		if (strcmp(part, "W") == 0 && !dash) {
			want[0] = true;
		} else if (parse_int(part, 1, p->cards, &lo) != 0 ||
			   parse_int(dash ? dash + 1 : part, lo, p->cards, &hi) != 0) {
			diag(SEV_ERROR, NULL, "--numbers: '%.*s' is not a card number or range within 1-%ld (or W for the wild cards)",
			     (int)n, s, p->cards);
			rc = -1;
		} else {
			for (long k = lo; k <= hi; k++)
				want[k] = true;
		}
		s += n;
		while (*s == ',' || *s == ' ')
			s++;
	}
	b->sel = xcalloc((size_t)b->total + 1, sizeof *b->sel);
	long m = 0;
	for (long pos = 0; rc == 0 && pos < b->total; pos++) {
		int a;
		if (want[pack_card_at(p, pos, &a)])
			b->sel[m++] = pos;
	}
	free(want);
	if (rc == 0 && m == 0) {
		diag(SEV_ERROR, NULL, "--numbers: '%s' names no card of this pack", list);
		rc = -1;
	}
	b->total = m;
	return rc;
}

/* build's options: the shared ones and --numbers. */
struct trains_build_opts {
	struct build_opts build;
	const char *cards;   /* --numbers LIST, or NULL: every card */
	const char *pack;    /* the pack file */
};

/* build's own option: --numbers. */
static int card_option(void *user, int c, char *arg)
{
	(void)c;   /* the only one of trains_build_options's options not in build_options */
	*(const char **)user = arg;
	return -1;
}

/* The templates besides the face that the outputs asked for draw: NEED_BACK,
 * BO_PLACEMAT, BO_REFERENCE (a template no output needs is not even looked for). */
enum { NEED_BACK = BO_ALL + 1 };

static int templates_needed(const struct build_opts *o)
{
	if (o->preset == PRESET_PRESS)
		return NEED_BACK | BO_PLACEMAT | BO_REFERENCE | BO_TOKENS;
	if (o->preset != PRESET_HOME)
		return NEED_BACK;
	int need = 0;
	if (o->only & (BO_FACES | BO_SHEETS | BO_SVG | BO_PNG))
		need |= NEED_BACK;
	if (o->only & (BO_PLACEMAT | BO_SVG))
		need |= BO_PLACEMAT;
	return need | (o->only & (BO_REFERENCE | BO_TOKENS));
}

/* The pack's palette: its names checked (space letters of the layout, the
 * palette names of every template, those --only leaves out read for it; all:
 * every template is loaded), the templates recoloured, and the spaces' colours
 * checked under colour-vision deficiencies. */
static int apply_palette(struct build *b, bool all)
{
	const struct pack *p = b->p;
	int nspaces = p->layout.rows ? p->layout.rows + p->layout.cols : p->layout.census;
	char letters[26][2];
	const char *names[26], *colours[26], *defaults[26];
	struct fields f = {0};
	trainlook_legend(&p->palette, &f);
	for (int i = 0; i < nspaces && i < 26; i++) {
		letters[i][0] = (char)('A' + i);
		letters[i][1] = 0;
		names[i] = letters[i];
		char key[16];
		snprintf(key, sizeof key, "colour-%c", 'A' + i);
		colours[i] = fields_get(&f, key);
		defaults[i] = look_space_colour(i);
		char what[32];
		snprintf(what, sizeof what, "the colour of space %c", 'A' + i);
		colour_note(colours[i], what, palette_loc(&p->palette, names[i]));
	}
	struct template *t[] = {b->face, b->back, b->placemat, b->reference, b->quickref, b->freeze}, *other[5] = {NULL};
	if (!all && p->palette.n) {
		/* --only leaves templates out: their palette names still count, so a
		 * name none of them knows is found whatever --only says (read
		 * quietly: their own problems are for the builds that draw them) */
		diag_set_quiet(1);
		if (!t[1])
			t[1] = other[0] = build_template(b->d, p->file, p->back, &p->loc_back, "trains-back.yaml",
							 "back", false);
		if (!t[2])
			t[2] = other[1] = build_template(b->d, p->file, p->placemat, &p->loc_placemat,
							 "trains-placemat.yaml", "placemat", true);
		if (!t[3])
			t[3] = other[2] = build_template(b->d, p->file, p->reference, &p->loc_reference,
							 "trains-reference.yaml", "reference", true);
		if (!t[4])
			t[4] = other[3] = build_template(b->d, p->file, NULL, NULL, "trains-quickref.yaml",
							 "quick reference", true);
		if (!t[5] && p->rules.freeze_tokens > 0)
			t[5] = other[4] = build_template(b->d, p->file, NULL, NULL, "trains-freeze.yaml",
							 "freeze token", true);
		diag_set_quiet(0);
		all = t[1] && t[2] && t[3] && t[4] && (t[5] || !p->rules.freeze_tokens);
	}
	int rc = palette_apply(&p->palette, t, 6, names, (size_t)(nspaces < 26 ? nspaces : 26), all);
	for (int i = 0; i < 5; i++)
		template_free(other[i]);
	if (rc == 0)
		palette_check_vision(&p->palette, names, colours, defaults,
				     (size_t)(nspaces < 26 ? nspaces : 26),
				     "spaces", "the letter on every chip still tells them apart");
	fields_free(&f);
	return rc;
}

/* The face and those of the back, placemat and reference templates (the pack's or
 * the defaults) the outputs draw: EXIT_OK, or EXIT_INPUT after reporting each
 * problem. */
static int load_templates(struct build *b, const struct build_opts *o)
{
	const struct pack *p = b->p;
	int need = templates_needed(o);
	b->face = build_template(b->d, p->file, p->face, &p->loc_face, "trains-face.yaml", "face", false);
	if (need & NEED_BACK)
		b->back = build_template(b->d, p->file, p->back, &p->loc_back, "trains-back.yaml", "back",
					 false);
	if (need & BO_PLACEMAT)
		b->placemat = build_template(b->d, p->file, p->placemat, &p->loc_placemat,
					     "trains-placemat.yaml", "placemat", true);
	if (need & BO_REFERENCE)
		b->reference = build_template(b->d, p->file, p->reference, &p->loc_reference, "trains-reference.yaml",
					      "reference", true);
	if (need & BO_REFERENCE)
		b->quickref = build_template(b->d, p->file, NULL, NULL, "trains-quickref.yaml", "quick reference",
					     true);
	if ((need & BO_TOKENS) && p->rules.freeze_tokens > 0)
		b->freeze = build_template(b->d, p->file, NULL, NULL, "trains-freeze.yaml", "freeze token", true);
	if (!b->face || (!b->back && (need & NEED_BACK)) || (!b->placemat && (need & BO_PLACEMAT)) ||
	    (!b->reference && (need & BO_REFERENCE)) || (!b->quickref && (need & BO_REFERENCE)) ||
	    (!b->freeze && (need & BO_TOKENS) && p->rules.freeze_tokens > 0))
		return EXIT_INPUT;
	if (b->quickref && !b->quickref->has_size) {
		diag(SEV_ERROR, &b->quickref->loc_size, "%s: a quick reference needs a 'size' (the card it is designed at)",
		     b->quickref->file);
		return EXIT_INPUT;
	}
	if (apply_palette(b, (need & NEED_BACK) && (need & BO_PLACEMAT) && (need & BO_REFERENCE) &&
				     (b->freeze || !p->rules.freeze_tokens)) != 0)
		return EXIT_INPUT;
	if (b->back && (b->back->w != b->face->w || b->back->h != b->face->h)) {
		diag(SEV_ERROR, NULL, "%s: the back is %.1f x %.1f mm but the face %s is %.1f x %.1f mm",
		     b->back->file, b->back->w, b->back->h, b->face->file, b->face->w, b->face->h);
		return EXIT_INPUT;
	}
	return EXIT_OK;
}

/* Bounded work, a sound pack (or --force), the cards --numbers names, the
 * templates fitted and every image read: EXIT_OK, or the status to stop with. */
static int prepare(struct build *b, struct trains_build_opts *o)
{
	const struct pack *p = b->p;
	/* Bounded work and memory, refused before the check or anything is written. */
	b->total = pack_card_total(p);
	if (build_check_items(&o->build, (double)b->total, "cards",
			      p->cards > o->build.max_items || !p->loc_copies.file ? &p->loc_cards
										  : &p->loc_copies) != 0)
		return EXIT_INPUT;
	int status = build_check_sound(&o->build, p->file, check_pack_errors(p));
	if (status != EXIT_OK)
		return status;
	b->width = 3;
	for (long t = b->total; t >= 1000; t /= 10)
		b->width++;
	if (o->cards && select_cards(b, o->cards) != 0)
		return EXIT_INPUT;
	struct template *fit[] = {b->face, b->back, b->placemat};
	int rc = build_fit(&o->build, &p->data, p->file, fit, 3, b->back, "a card");
	if ((rc | preload(b)) != 0)
		return EXIT_INPUT;
	return EXIT_OK;
}

static int run(struct build *b, const struct trains_build_opts *o)
{
	const struct template *faces[1] = {b->face};
	struct build_ctx ctx = {.opts = o->build, .id = b->p->id, .dr = b->d};
	ctx.it = (struct build_items){
		.count = b->total, .faces = faces, .nfaces = 1, .back = b->back, .face_of = card_face,
		.fields = card_fields, .label = card_label, .single = card_single,
		.back_fields = card_back_fields, .extra = write_extra, .manifest = card_manifest,
		.user = b,
	};
	return build_run(&ctx);
}

int trains_build(const struct game *g, const struct ydoc *pack, int argc, char **argv)
{
	(void)g;
	struct trains_build_opts o = {0};
	int status = build_parse(argc, argv, &o.build, &trains_build_options, card_option, &o.cards);
	if (status >= 0)
		return status;
	o.pack = argv[optind];
	o.build.preview |= o.cards != NULL;  /* some cards: a preview, the set stays */
	struct pack *p = pack_of(pack, o.pack, false);
	if (!p)
		return EXIT_INPUT;
	struct build b = {.p = p, .d = drawer_new()};
	trust_set_pack(p->file);
	progress_unit("cards");
	status = load_templates(&b, &o.build);
	if (status == EXIT_OK)
		status = prepare(&b, &o);
	if (status == EXIT_OK)
		status = run(&b, &o);
	fields_free(&b.f);
	drawer_free(b.d);
	template_free(b.face);
	template_free(b.back);
	template_free(b.placemat);
	template_free(b.reference);
	template_free(b.quickref);
	template_free(b.freeze);
	free(b.sel);
	pack_free(p);
	return status;
}

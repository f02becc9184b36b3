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
#include "commands.h"
#include "diag.h"
#include "draw.h"
#include "look.h"
#include "names.h"
#include "output.h"
#include "trains_rules.h"
#include "pipeline.h"
#include "progress.h"
#include "template.h"
#include "trains_look.h"
#include "trust.h"
#include "util.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

static const char build_usage[] =
	"usage: railyard build [OPTIONS] PACK.yaml\n\n"
	"Write the pack's print-ready files into out/PACK/ (or -o DIR: DIR/PACK/):\n"
	"  faces.pdf          one card per page, trim + bleed, TrimBox/BleedBox, labels = numbers\n"
	"  back.pdf           the back, one page, boxes as faces.pdf\n"
	"  sheets-a4.pdf      as many cards per page as fit, each with its bleed, crop\n"
	"  sheets-letter.pdf  marks, each page followed by its backs for duplex\n"
	"  placemat.pdf       the placemat at full size, tiled across pages when larger\n"
	"  reference.pdf      the pack's ability table\n"
	"  svg/card-NNN.svg, svg/back.svg, svg/placemat.svg   in millimetres\n"
	"  png/card-NNN.png, png/back.png   300 dpi with bleed; contact.png, the whole pack\n"
	"  manifest.csv       position, number, code, ability and the files of each card\n"
	"  files.txt          every file of the set\n\n"
	"A pack's data: and fields: give every template more fields; its size: resizes\n"
	"the cards. A missing image stops the build before anything is written.\n\n"
	"A pack that 'railyard check' finds unsound is refused (exit 1) unless --force.\n\n"
	"%s"
	"      --numbers LIST  only these cards: numbers and ranges (1-9,12), W = wild;\n"
	"                      the files keep their positions\n"
	"  -h, --help          this help\n"
	"  -V, --version       the version\n\n"
	"Templates: the pack's face/back/placemat/reference paths (default\n"
	"templates/trains-face.yaml, trains-back.yaml, trains-placemat.yaml,\n"
	"trains-reference.yaml) are looked for beside the pack file, then in its parent\n"
	"folder, then the current folder, then the RAILYARD_PATH folders, then the\n"
	"installed templates (see railyard-template(5)); the pack's palette: sets their\n"
	"colours (railyard-pack(5)).\n";

struct build {
	struct pack *p;
	struct template *face, *back, *placemat, *reference;
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
		cairo_set_source_rgb(cr, 0.12, 0.16, 0.27);
		draw_table(b->d, cr, t->font, 3.5, (const char *const *)cellv, n, 2, 3, x, y, tw,
			   area_h - y - t->cells.margin[2]);
		for (size_t i = 0; i < n * 2; i++)
			free(cellv[i]);
		free(cellv);
	}
	pdfw_end_page(w);
	t->cells.h = cell_h;
	return pdfw_close(w);
}

static int write_extra(struct build_ctx *c, void *user)
{
	struct build *b = user;
	int rc = 0;
	if (!rc && (c->opts.only & BO_PLACEMAT))
		rc = write_placemat(c, b);
	if (!rc && (c->opts.only & BO_REFERENCE))
		rc = write_reference(c, b);
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
	if (c != BUILD_OPT_CARDS) {
		diag(SEV_ERROR, NULL, "unknown option (see 'railyard build --help')");
		return EXIT_INPUT;
	}
	*(const char **)user = arg;
	return -1;
}

/* The templates besides the face that the outputs asked for draw: NEED_BACK,
 * BO_PLACEMAT, BO_REFERENCE (a template no output needs is not even looked for). */
enum { NEED_BACK = BO_ALL + 1 };

static int templates_needed(const struct build_opts *o)
{
	if (o->preset != PRESET_HOME)
		return NEED_BACK;
	int need = 0;
	if (o->only & (BO_FACES | BO_SHEETS | BO_SVG | BO_PNG))
		need |= NEED_BACK;
	if (o->only & (BO_PLACEMAT | BO_SVG))
		need |= BO_PLACEMAT;
	return need | (o->only & BO_REFERENCE);
}

/* The pack's palette: its names checked (space letters of the layout, the
 * templates' palette names; all: every template is loaded), the templates
 * recoloured, and the spaces' colours checked under colour-vision deficiencies. */
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
	}
	struct template *t[] = {b->face, b->back, b->placemat, b->reference};
	int rc = palette_apply(&p->palette, t, 4, names, (size_t)(nspaces < 26 ? nspaces : 26), all);
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
	if (!b->face || (!b->back && (need & NEED_BACK)) || (!b->placemat && (need & BO_PLACEMAT)) ||
	    (!b->reference && (need & BO_REFERENCE)))
		return EXIT_INPUT;
	if (apply_palette(b, (need & NEED_BACK) && (need & BO_PLACEMAT) && (need & BO_REFERENCE)) != 0)
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
static int prepare(struct build *b, const struct trains_build_opts *o)
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

int cmd_build(int argc, char **argv)
{
	struct trains_build_opts o = {0};
	int status = build_parse(argc, argv, &o.build, build_usage, card_option, &o.cards);
	if (status >= 0)
		return status;
	o.pack = argv[optind];
	o.build.preview |= o.cards != NULL;  /* some cards: a preview, the set stays */
	struct pack *p = pack_load(o.pack);
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
	free(b.sel);
	pack_free(p);
	return status;
}

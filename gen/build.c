/* build.c: `railyard build`: a Game of Trains pack -> print-ready files. Fills each
 * card's fields (number, code, ability...) and hands them to draw.h. */
#include <errno.h>
#include "cli.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cairo.h>

#include "commands.h"
#include "datapath.h"
#include "diag.h"
#include "draw.h"
#include "look.h"
#include "names.h"
#include "output.h"
#include "pack.h"
#include "template.h"
#include "trainlook.h"
#include "trust.h"
#include "util.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

static const char build_usage[] =
	"usage: railyard build [OPTIONS] PACK.yaml\n\n"
	"Write the pack's print-ready files into out/PACK/ (or -o DIR):\n"
	"  faces.pdf          one card per page, trim + bleed, TrimBox/BleedBox, labels = numbers\n"
	"  sheets-a4.pdf      3x3 cards per page at 100%, crop marks, each page followed by\n"
	"  sheets-letter.pdf  its backs for long-edge duplex\n"
	"  placemat.pdf       the placemat at full size, tiled across pages when larger\n"
	"  reference.pdf      the pack's ability table\n"
	"  svg/card-NNN.svg, svg/placemat.svg   in millimetres\n"
	"  png/card-NNN.png   300 dpi with bleed; contact.png, the whole pack at a glance\n"
	"  manifest.csv       position, number, code, ability and the files of each card\n\n"
	"  -o, --output DIR   write into DIR instead of out/PACK\n"
	"  -q, --quiet        no summary line (files, pages, seconds) on stderr\n"
	"      --only LIST    only these outputs: faces,sheets,placemat,reference,svg,png,\n"
	"                     contact (contact.png alone: a fast preview; manifest.csv is\n"
	"                     always written)\n"
	"      --cards LIST   only these cards: numbers and ranges (1-9,12), W = wild\n"
	"      --watch        build again whenever the pack, a template, a data file or an\n"
	"                     image changes (Ctrl-C ends it)\n"
	"      --paper NAME   a4, letter or a3: the sheets and the placemat on that paper\n"
	"                     only (default: sheets on a4 and letter, the rest on a4)\n"
	"      --bleed MM     bleed on every side of the cards (default: the template's)\n"
	"      --max-items N  print at most N cards (default 1000000)\n"
	"      --allow-path DIR  templates and fonts may also come from DIR\n"
	"  -h, --help         this help\n"
	"  -V, --version      the version\n\n"
	"Templates: the pack's face/back/placemat paths (default templates/trains-face.yaml,\n"
	"trains-back.yaml, trains-placemat.yaml) are looked for beside the pack file, then\n"
	"in its parent folder, then the current folder, then the RAILYARD_PATH folders, then\n"
	"the installed templates (see railyard-template(5)).\n";

enum {
	OUT_FACES = 1,
	OUT_SHEETS = 2,
	OUT_PLACEMAT = 4,
	OUT_REFERENCE = 8,
	OUT_SVG = 16,
	OUT_PNG = 32,
	OUT_CONTACT = 64,
	OUT_ALL = 127
};

static const char *const out_names[] = {"faces", "sheets", "placemat", "reference", "svg", "png",
					"contact"};

struct build {
	struct pack *p;
	struct template *face, *back, *placemat, *reference;
	struct drawer *d;
	struct fields f;
	char *dir;
	long total;          /* cards built: all, or those --cards names */
	long *sel;           /* --cards: the pack positions built, or NULL for all */
	int width;           /* digits in file names */
	bool report;         /* report text overflows (the first pass over the cards) */
	int errors;
};

/* The pack position of the i-th card built (every card, or those of --cards). */
static long card_pos(const struct build *b, long i)
{
	return b->sel ? b->sel[i] : i;
}

/* The fields a trains card offers its template: the i-th card built. */
static void card_fields(struct build *b, long i, struct fields *f)
{
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
		trainlook_ability(&b->p->layout, ab, f);
	/* space1..space3 on every card, so a template may name them all. */
	for (int k = 1; k <= 3; k++) {
		char name[8];
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

static void draw_card(void *user, cairo_t *cr, long pos, int side)
{
	struct build *b = user;
	char who[48];
	if (side) {
		fields_clear(&b->f);
		fields_set(&b->f, "pack", b->p->id);
		fields_set(&b->f, "title", b->p->title ? b->p->title : b->p->id);
		data_fields(&b->p->data, &b->f);
		snprintf(who, sizeof who, "back");
		draw_item(b->d, cr, b->back, &b->f, NULL, b->report && pos == 0 ? who : NULL);
		return;
	}
	card_fields(b, pos, &b->f);
	const char *num = fields_get(&b->f, "number");
	snprintf(who, sizeof who, "card %s (position %ld)", *num ? num : "W", card_pos(b, pos) + 1);
	draw_item(b->d, cr, b->face, &b->f, NULL, b->report ? who : NULL);
}

static void fill_space(void *user, int r, int c, struct fields *f)
{
	const struct build *b = user;
	const struct layout *lay = &b->p->layout;
	int cols = lay->rows ? lay->cols : lay->census;
	char name[3];
	fields_set(f, "space", space_name(lay, r * cols + c, name));
	trainlook_space(lay, name, f);
	fields_setf(f, "row", "%d", r + 1);
	fields_setf(f, "column", "%d", c + 1);
	fields_setf(f, "index", "%d", r * cols + c + 1);
}

static struct cells placemat_cells(struct build *b)
{
	const struct layout *lay = &b->p->layout;
	struct cells c = {lay->rows ? lay->rows : 1, lay->rows ? lay->cols : lay->census, fill_space,
			  b};
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
	draw_item(b->d, cr, b->placemat, &b->f, &c, b->report ? "placemat" : NULL);
}

/* mkdir -p that also insists on a folder at the end. */
static int make_dir(const char *dir)
{
	struct stat st;
	if (mkdir_p(dir) != 0)
		return -1;
	if (stat(dir, &st) != 0)
		return -1;
	if (!S_ISDIR(st.st_mode)) {
		errno = ENOTDIR;
		return -1;
	}
	return 0;
}

static char *out_path(const struct build *b, const char *name)
{
	return xasprintf("%s/%s", b->dir, name);
}

static char *card_file(const struct build *b, const char *sub, long pos, const char *ext)
{
	return xasprintf("%s/card-%0*ld.%s", sub, b->width, card_pos(b, pos) + 1, ext);
}

static void step(void *user, long done)
{
	(void)user;
	progress_step(done);
}

static int write_faces(struct build *b)
{
	char *path = out_path(b, "faces.pdf");
	struct pdfw *w = pdfw_open(path);
	free(path);
	if (!w)
		return -1;
	double bl = b->face->bleed;
	progress_start("faces.pdf", b->total);
	for (long pos = 0; pos < b->total; pos++) {
		int a;
		long n = pack_card_at(b->p, card_pos(b, pos), &a);
		char label[24];
		if (n)
			snprintf(label, sizeof label, "%ld", n);
		else
			snprintf(label, sizeof label, "W");
		cairo_t *cr = pdfw_page(w, b->face->w + 2 * bl, b->face->h + 2 * bl, bl, label);
		draw_card(b, cr, pos, 0);
		pdfw_end_page(w);
		progress_step(pos + 1);
	}
	progress_end();
	b->report = false;
	return pdfw_close(w);
}

static int write_sheets(struct build *b, const char *paper)
{
	double pw, ph;
	paper_size(paper, &pw, &ph);
	char *name = xasprintf("sheets-%s.pdf", paper);
	char *path = out_path(b, name);
	struct pdfw *w = pdfw_open(path);
	free(path);
	if (!w) {
		free(name);
		return -1;
	}
	struct item_source src = {b->face->w, b->face->h, b->face->bleed, b->total, b->back != NULL,
				  draw_card, b};
	progress_start(name, b->total);
	impose_sheets(w, pw, ph, &src, step, NULL);
	progress_end();
	free(name);
	b->report = false;
	return pdfw_close(w);
}

static int write_placemat(struct build *b, const char *paper)
{
	double pw, ph, iw, ih;
	paper_size(paper, &pw, &ph);
	struct cells c = placemat_cells(b);
	template_size(b->placemat, c.rows, c.cols, &iw, &ih);
	char *path = out_path(b, "placemat.pdf");
	struct pdfw *w = pdfw_open(path);
	free(path);
	if (!w)
		return -1;
	impose_tiles(w, pw, ph, iw, ih, 15.0, draw_placemat, b, 0);
	return pdfw_close(w);
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
	trainlook_ability(&p->layout, &p->abilities.v[a], f);
}

/* reference.pdf: templates/trains-reference.yaml on a landscape page: the
 * abilities in cells of four columns (a plain table when they are too many to
 * fit), a legend and a card-sized quick reference to cut out. */
static int write_reference(struct build *b, const char *paper)
{
	double pw, ph;
	paper_size(paper, &pw, &ph);
	if (ph > pw) {
		double t = pw;
		pw = ph;
		ph = t;
	}
	char *path = out_path(b, "reference.pdf");
	struct pdfw *w = pdfw_open(path);
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
	struct cells cells = {table ? 0 : rows, rc.cols, fill_ability, &rc};
	fields_clear(&b->f);
	fields_set(&b->f, "title", b->p->title ? b->p->title : b->p->id);
	fields_set(&b->f, "pack", b->p->id);
	fields_set(&b->f, "grid", b->p->layout.rows ? "1" : "");
	fields_set(&b->f, "line", b->p->layout.rows ? "" : "1");
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
	cairo_t *cr = pdfw_page(w, pw, ph, 0, NULL);
	cairo_translate(cr, (pw - area_w) / 2, (ph - area_h) / 2);
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

static int write_svgs(struct build *b)
{
	char *sub = out_path(b, "svg");
	if (out_subdir(sub) != 0) {
		free(sub);
		return -1;
	}
	int rc = 0;
	progress_start("svg", b->total);
	for (long pos = 0; pos < b->total && rc == 0; pos++) {
		char *path = card_file(b, sub, pos, "svg");
		rc = svg_write(path, b->face->w, b->face->h, b->face->bleed, draw_card, b, pos);
		free(path);
		progress_step(pos + 1);
	}
	progress_end();
	b->report = false;
	if (rc == 0) {
		double iw, ih;
		struct cells c = placemat_cells(b);
		template_size(b->placemat, c.rows, c.cols, &iw, &ih);
		char *path = xasprintf("%s/placemat.svg", sub);
		rc = svg_write(path, iw, ih, b->placemat->bleed, draw_placemat, b, 0);
		free(path);
	}
	free(sub);
	return rc;
}

/* contact.png: every card, small, in one image of at most about 3000 px a side. */
static int write_contact(struct build *b)
{
	long n = b->total;
	double cw = b->face->w, ch = b->face->h;
	int cols = 1;
	while ((double)cols * cols * cw < (double)n * ch)
		cols++;
	if (cols > n)
		cols = (int)n;
	int rows = (int)((n + cols - 1) / cols);
	double gap = 2;  /* mm */
	double W = cols * (cw + gap) + gap, H = rows * (ch + gap) + gap;
	double scale = 150 / 25.4;       /* 150 dpi at most */
	if (W * scale > 3000)
		scale = 3000 / W;
	if (H * scale > 3000)
		scale = 3000 / H;
	int pw = (int)(W * scale + 0.5), ph = (int)(H * scale + 0.5);
	if (pw < 1)
		pw = 1;
	if (ph < 1)
		ph = 1;
	cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, pw, ph);
	cairo_t *cr = cairo_create(s);
	cairo_set_source_rgb(cr, 0.85, 0.85, 0.85);
	cairo_paint(cr);
	cairo_scale(cr, scale, scale);
	for (long pos = 0; pos < n; pos++) {
		cairo_save(cr);
		cairo_translate(cr, gap + (double)(pos % cols) * (cw + gap),
				gap + (double)(pos / cols) * (ch + gap));
		/* The preview shows the card as cut: trim size, rounded corners. */
		double r = b->face->radius;
		if (r > 0) {
			cairo_new_sub_path(cr);
			cairo_arc(cr, cw - r, r, r, -M_PI / 2, 0);
			cairo_arc(cr, cw - r, ch - r, r, 0, M_PI / 2);
			cairo_arc(cr, r, ch - r, r, M_PI / 2, M_PI);
			cairo_arc(cr, r, r, r, M_PI, 3 * M_PI / 2);
			cairo_close_path(cr);
		} else {
			cairo_rectangle(cr, 0, 0, cw, ch);
		}
		cairo_clip(cr);
		draw_card(b, cr, pos, 0);
		cairo_restore(cr);
	}
	cairo_destroy(cr);
	char *path = out_path(b, "contact.png");
	int rc = png_surface_write(s, path);
	cairo_surface_destroy(s);
	free(path);
	return rc;
}

static int write_pngs(struct build *b)
{
	char *sub = out_path(b, "png");
	if (out_subdir(sub) != 0) {
		free(sub);
		return -1;
	}
	int rc = 0;
	progress_start("png", b->total);
	for (long pos = 0; pos < b->total && rc == 0; pos++) {
		char *path = card_file(b, sub, pos, "png");
		rc = png_write(path, b->face->w, b->face->h, b->face->bleed, 300, draw_card, b, pos);
		free(path);
		progress_step(pos + 1);
	}
	progress_end();
	b->report = false;
	free(sub);
	return rc;
}

static void csv_field(FILE *f, const char *v)
{
	putc('"', f);
	for (; *v; v++) {
		if (*v == '"')
			putc('"', f);
		putc(*v, f);
	}
	putc('"', f);
}

/* The manifest is streamed row by row into its temporary file: memory stays flat
 * however many cards the pack holds. */
static int write_manifest(struct build *b, int only)
{
	struct out_tmp t;
	if (out_tmp_open(b->dir, "manifest.csv", &t) != 0)
		return -1;
	FILE *f = t.f;
	fputs("position,number,code,ability,faces_page,svg,png\n", f);
	for (long pos = 0; pos < b->total && !ferror(f); pos++) {
		int a;
		long n = pack_card_at(b->p, card_pos(b, pos), &a);
		fprintf(f, "%ld,", card_pos(b, pos) + 1);
		if (n)
			fprintf(f, "%ld,", n);
		else
			fputs("W,", f);
		csv_field(f, n ? (a >= 0 ? b->p->abilities.v[a].code : "") : "W");
		putc(',', f);
		csv_field(f, n ? (a >= 0 ? b->p->abilities.v[a].symbolic : "") : "wild");
		putc(',', f);
		if (only & OUT_FACES)
			fprintf(f, "%ld", pos + 1);
		putc(',', f);
		if (only & OUT_SVG)
			fprintf(f, "svg/card-%0*ld.svg", b->width, card_pos(b, pos) + 1);
		putc(',', f);
		if (only & OUT_PNG)
			fprintf(f, "png/card-%0*ld.png", b->width, card_pos(b, pos) + 1);
		putc('\n', f);
	}
	int rc = out_tmp_commit(&t);
	if (rc == 0)
		output_tally(0);
	return rc;
}

static struct template *load_template(const struct pack *p, const char *as_written,
				      const struct loc *loc, const char *defname, const char *what)
{
	char *path = template_find(p->file, as_written, defname);
	if (!path) {
		const char *name = as_written ? as_written : defname;
		diag(SEV_ERROR, as_written ? loc : NULL,
		     "cannot find the %s template '%s' (looked beside the pack, in its parent folder, in the current folder and in %s)",
		     what, name, datapath_describe());
		return NULL;
	}
	/* Only from a trusted folder, and only a regular file; messages keep the
	 * path as found. */
	char *safe = trust_path(path, as_written ? loc : NULL, what, as_written ? as_written : path);
	struct template *t = safe ? template_load(path) : NULL;
	if (safe && !t && as_written)
		diag(SEV_NOTE, loc, "the %s template chosen here", what);
	free(safe);
	free(path);
	return t;
}

/* The pack's size: (if any) for the face and back, the placemat's spaces the
 * size of the cards; then every image the cards show is read, so a missing one
 * stops the build before anything is written. Returns 0 or -1. */
static int fit_sizes(struct build *b)
{
	const struct card_data *cd = &b->p->data;
	if (cd->has_size) {
		template_resize(b->face, cd->w, cd->h);
		template_resize(b->back, cd->w, cd->h);
	}
	if (b->placemat->cells.w != b->face->w || b->placemat->cells.h != b->face->h)
		template_resize(b->placemat, b->face->w, b->face->h);
	template_set_pack(b->face, b->p->file);
	template_set_pack(b->back, b->p->file);
	template_set_pack(b->placemat, b->p->file);
	int rc = 0;
	bool images = false;
	for (size_t i = 0; i < b->face->nelems; i++)
		images |= b->face->elems[i].kind == TE_IMAGE;
	for (long pos = 0; images && pos < b->total; pos++) {
		card_fields(b, pos, &b->f);
		rc |= drawer_preload(b->d, b->face, &b->f);
	}
	fields_clear(&b->f);
	data_fields(cd, &b->f);
	rc |= drawer_preload(b->d, b->back, &b->f);
	rc |= drawer_preload(b->d, b->placemat, &b->f);
	fields_clear(&b->f);
	return rc;
}

/* --cards LIST: card numbers and ranges ("1-9", "3,12,40-45", "W" for the wild
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
			diag(SEV_ERROR, NULL, "--cards: '%.*s' is not a card number or range within 1-%ld (or W for the wild cards)",
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
	b->sel = xcalloc((size_t)b->total, sizeof *b->sel);
	long m = 0;
	for (long pos = 0; rc == 0 && pos < b->total; pos++) {
		int a;
		if (want[pack_card_at(p, pos, &a)])
			b->sel[m++] = pos;
	}
	free(want);
	if (rc == 0 && m == 0) {
		diag(SEV_ERROR, NULL, "--cards: '%s' names no card of this pack", list);
		rc = -1;
	}
	b->total = m;
	return rc;
}

static int parse_only(const char *arg)
{
	return parse_name_mask("--only", "output", arg, out_names, sizeof out_names / sizeof *out_names);
}

int cmd_build(int argc, char **argv)
{
	static const struct option longopts[] = {
		{"output", required_argument, NULL, 'o'},
		{"only", required_argument, NULL, 'O'},
		{"paper", required_argument, NULL, 'P'},
		{"bleed", required_argument, NULL, 'B'},
		{"max-items", required_argument, NULL, 'M'},
		{"allow-path", required_argument, NULL, 'A'},
		{"quiet", no_argument, NULL, 'q'},
		{"cards", required_argument, NULL, 'C'},
		{"help", no_argument, NULL, 'h'},
		{"version", no_argument, NULL, 'V'},
		{NULL, 0, NULL, 0},
	};
	const char *dir = NULL, *paper = NULL, *cards = NULL;
	int only = OUT_ALL, c, status = EXIT_OK;
	double bleed = -1;
	long max_items = OUT_MAX_ITEMS;
	bool quiet = false;
	output_tally_start();
	optind = 1;
	while ((c = cli_next(argc, argv, longopts)) != -1) {
		switch (c) {
		case 'o': dir = optarg; break;
		case 'q': quiet = true; break;
		case 'O':
			if ((only = parse_only(optarg)) < 0)
				status = EXIT_INPUT;
			break;
		case 'P': {
			double w, h;
			paper = optarg;
			if (paper_size(paper, &w, &h) != 0) {
				diag(SEV_ERROR, NULL, "--paper: unknown paper '%s' (a4, letter, a3)", paper);
				status = EXIT_INPUT;
			}
			break;
		}
		case 'B': {
			struct tpl_len l;
			if (tpl_parse_len(optarg, false, &l) != 0) {
				diag(SEV_ERROR, NULL, "--bleed: '%s' is not a length such as 3mm (decimal digits, then mm, cm, in or pt)",
				     optarg);
				status = EXIT_INPUT;
			} else if (l.v < 0 || l.v > 25) {
				diag(SEV_ERROR, NULL, "--bleed: '%s' is %s; a bleed is 0..25 mm", optarg,
				     l.v < 0 ? "negative" : "more than 25 mm");
				status = EXIT_INPUT;
			} else {
				bleed = l.v;
			}
			break;
		}
		case 'M':
			if (out_parse_max_items(optarg, &max_items) != 0)
				status = EXIT_INPUT;
			break;
		case 'A':
			if (trust_allow(optarg) != 0)
				status = EXIT_INPUT;
			break;
		case 'C': cards = optarg; break;
		case 'h': fputs(build_usage, stdout); return EXIT_OK;
		case 'V': return cli_version();
		default: fputs(build_usage, stderr); return EXIT_INPUT;
		}
	}
	if (optind != argc - 1) {
		diag(SEV_ERROR, NULL, "build takes one pack file (see 'railyard build --help')");
		return EXIT_INPUT;
	}
	if (status != EXIT_OK)
		return status;
	struct pack *p = pack_load(argv[optind]);
	if (!p)
		return EXIT_INPUT;
	struct build b = {.p = p, .report = true};
	trust_set_pack(p->file);
	b.face = load_template(p, p->face, &p->loc_face, "trains-face.yaml", "face");
	b.back = load_template(p, p->back, &p->loc_back, "trains-back.yaml", "back");
	b.placemat = load_template(p, p->placemat, &p->loc_placemat, "trains-placemat.yaml", "placemat");
	b.reference = load_template(p, NULL, NULL, "trains-reference.yaml", "reference");
	b.d = drawer_new();
	if (!b.face || !b.back || !b.placemat || !b.reference)
		status = EXIT_INPUT;
	if (b.face && b.face->cells.on) {
		diag(SEV_ERROR, NULL, "%s: a card face needs a 'size', not 'cells'", b.face->file);
		status = EXIT_INPUT;
	}
	if (b.back && b.face && !b.back->cells.on &&
	    (b.back->w != b.face->w || b.back->h != b.face->h)) {
		diag(SEV_ERROR, NULL, "%s: the back is %.1f x %.1f mm but the face %s is %.1f x %.1f mm",
		     b.back->file, b.back->w, b.back->h, b.face->file, b.face->w, b.face->h);
		status = EXIT_INPUT;
	}
	if (b.reference && !b.reference->cells.on) {
		diag(SEV_ERROR, NULL, "%s: the reference template needs 'cells' (one per ability)",
		     b.reference->file);
		status = EXIT_INPUT;
	}
	if (b.placemat && !b.placemat->cells.on) {
		diag(SEV_ERROR, NULL, "%s: a placemat template needs 'cells' (one per space)",
		     b.placemat->file);
		status = EXIT_INPUT;
	}
	struct template *const tpl[] = {b.face, b.back, b.placemat, b.reference};
	const char *const chosen[] = {p->face, p->back, p->placemat, NULL};
	const struct loc *const at[] = {&p->loc_face, &p->loc_back, &p->loc_placemat, NULL};
	static const char *const role[] = {"face", "back", "placemat", "reference"};
	for (int i = 0; i < 4; i++)
		if (tpl[i] && drawer_check_fonts(b.d, tpl[i]) != 0) {
			if (chosen[i])
				diag(SEV_NOTE, at[i], "the %s template chosen here", role[i]);
			status = EXIT_INPUT;
		}
	if (status != EXIT_OK)
		goto done;
	if (bleed >= 0)
		b.face->bleed = b.back->bleed = bleed;
	b.total = pack_card_total(p);
	/* Bounded work and memory, refused before anything is written. */
	if (b.total > max_items) {
		diag(SEV_ERROR, p->cards > max_items || !p->loc_copies.file ? &p->loc_cards : &p->loc_copies,
		     "the pack prints %ld cards, more than the %ld a build allows (--max-items N raises it)",
		     b.total, max_items);
		status = EXIT_INPUT;
	}
	if ((only & OUT_PNG) &&
	    out_check_png(b.face->w, b.face->h, b.face->bleed, 300, &b.face->loc_size, "a card") != 0)
		status = EXIT_INPUT;
	if (status == EXIT_OK && cards && select_cards(&b, cards) != 0)
		status = EXIT_INPUT;
	if (status == EXIT_OK && fit_sizes(&b) != 0)
		status = EXIT_INPUT;
	if (status != EXIT_OK)
		goto done;
	b.width = 3;
	for (long t = b.total; t >= 1000; t /= 10)
		b.width++;
	b.dir = dir ? xstrdup(dir) : xasprintf("out/%s", p->id);
	if (make_dir(b.dir) != 0) {
		diag(SEV_ERROR, NULL, "cannot create %s: %s", b.dir, strerror(errno));
		status = EXIT_OUTPUT;
		goto done;
	}
	int rc = 0;
	if (!rc && (only & OUT_FACES))
		rc = write_faces(&b);
	if (!rc && (only & OUT_SHEETS)) {
		if (paper)
			rc = write_sheets(&b, paper);
		else if (!(rc = write_sheets(&b, "a4")))
			rc = write_sheets(&b, "letter");
	}
	if (!rc && (only & OUT_PLACEMAT))
		rc = write_placemat(&b, paper ? paper : "a4");
	if (!rc && (only & OUT_REFERENCE))
		rc = write_reference(&b, paper ? paper : "a4");
	if (!rc && (only & OUT_SVG))
		rc = write_svgs(&b);
	if (!rc && (only & OUT_PNG))
		rc = write_pngs(&b);
	if (!rc && (only & OUT_CONTACT))
		rc = write_contact(&b);
	if (!rc)
		rc = write_manifest(&b, only);
	if (rc)
		status = EXIT_OUTPUT;
	else if (!quiet)
		output_tally_print(b.dir);
done:
	fields_free(&b.f);
	drawer_free(b.d);
	template_free(b.face);
	template_free(b.back);
	template_free(b.placemat);
	template_free(b.reference);
	free(b.dir);
	free(b.sel);
	pack_free(p);
	return status;
}

/* Unit tests for templates, fields and imposition: lengths, colours, placeholders,
 * template errors, placemat sizes, and where imposed cards land (duplex mirror). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <math.h>

#include "diag.h"
#include "draw.h"
#include "impose.h"
#include "output.h"
#include "template.h"
#include "util.h"

static struct template *parse(const char *yaml)
{
	diag_set_quiet(1);
	struct template *t = template_parse("t.yaml", yaml, strlen(yaml));
	diag_set_quiet(0);
	return t;
}

static void test_lengths(void **state)
{
	(void)state;
	struct tpl_len l;
	assert_int_equal(tpl_parse_len("12", false, &l), 0);
	assert_true(l.v == 12 && !l.pct);
	assert_int_equal(tpl_parse_len("1in", false, &l), 0);
	assert_true(l.v == 25.4);
	assert_int_equal(tpl_parse_len("72pt", false, &l), 0);
	assert_true(l.v > 25.399 && l.v < 25.401);
	assert_int_equal(tpl_parse_len("2.5cm", false, &l), 0);
	assert_true(l.v == 25);
	assert_int_equal(tpl_parse_len("40%", true, &l), 0);
	assert_true(l.v == 40 && l.pct);
	assert_int_equal(tpl_parse_len("40%", false, &l), -1);
	assert_int_equal(tpl_parse_len("3 furlongs", false, &l), -1);
	assert_int_equal(tpl_parse_len("", false, &l), -1);
	assert_int_equal(tpl_parse_len("nan", false, &l), -1);
}

static void test_colours(void **state)
{
	(void)state;
	struct tpl_color c;
	assert_int_equal(tpl_parse_color("#ff8000", &c), 0);
	assert_true(c.r == 1 && c.g > 0.50 && c.g < 0.51 && c.b == 0 && c.a == 1);
	assert_int_equal(tpl_parse_color("#fff", &c), 0);
	assert_true(c.r == 1 && c.g == 1 && c.b == 1);
	assert_int_equal(tpl_parse_color("#00000080", &c), 0);
	assert_true(c.a > 0.50 && c.a < 0.51);
	assert_int_equal(tpl_parse_color("Black", &c), 0);
	assert_true(c.r == 0 && !c.none);
	assert_int_equal(tpl_parse_color("none", &c), 0);
	assert_true(c.none);
	assert_int_equal(tpl_parse_color("#12345", &c), -1);
	assert_int_equal(tpl_parse_color("#gg0000", &c), -1);
	assert_int_equal(tpl_parse_color("mauve", &c), -1);
}

static void test_fields(void **state)
{
	(void)state;
	struct fields f = {0};
	fields_set(&f, "number", "12");
	fields_set(&f, "code", "BF");
	fields_set(&f, "code", "BG");   /* replaces */
	fields_set(&f, "name", "A & <B>");
	assert_int_equal(f.n, 3);
	assert_string_equal(fields_get(&f, "code"), "BG");
	assert_null(fields_get(&f, "colour"));
	char *s = fields_expand(&f, "{number}{code} {{x}}", false, NULL);
	assert_string_equal(s, "12BG {x}");
	free(s);
	s = fields_expand(&f, "<b>{name}</b>", true, NULL);
	assert_string_equal(s, "<b>A &amp; &lt;B&gt;</b>");
	free(s);
	const char *missing = NULL;
	s = fields_expand(&f, "{colour}-{rank}", false, &missing);
	assert_string_equal(s, "-");
	assert_non_null(missing);
	assert_int_equal(strncmp(missing, "colour}", 7), 0);
	free(s);
	s = fields_expand(&f, "no placeholders, a lone } and {", false, NULL);
	assert_string_equal(s, "no placeholders, a lone } and {");
	free(s);
	fields_clear(&f);
	assert_int_equal(f.n, 0);
	fields_setf(&f, "n", "%03d", 7);
	assert_string_equal(fields_get(&f, "n"), "007");
	fields_free(&f);
}

static void test_template_sizes(void **state)
{
	(void)state;
	struct template *t = parse("size: poker\nelements: []\n");
	assert_non_null(t);
	assert_true(t->w == 63.5 && t->h == 88.9);
	assert_true(t->bleed == TPL_DEFAULT_BLEED);
	template_free(t);
	t = parse("size: [2.5in, 3.5in]\nbleed: 0.125in\n");
	assert_non_null(t);
	assert_true(fabs(t->w - 63.5) < 1e-9 && fabs(t->h - 88.9) < 1e-9 && fabs(t->bleed - 3.175) < 1e-9);
	template_free(t);
	/* A placemat: census seven, poker spaces, 12 mm gaps, 10 mm margins. */
	t = parse("cells: {size: poker, gap: 12mm, margin: 10mm}\n");
	assert_non_null(t);
	double w, h;
	template_size(t, 1, 7, &w, &h);
	assert_true(w > 7 * 63.5 + 6 * 12 + 20 - 1e-9 && w < 7 * 63.5 + 6 * 12 + 20 + 1e-9);
	assert_true(h > 88.9 + 20 - 1e-9 && h < 88.9 + 20 + 1e-9);
	template_size(t, 3, 3, &w, &h);
	assert_true(h > 3 * 88.9 + 2 * 12 + 20 - 1e-9 && h < 3 * 88.9 + 2 * 12 + 20 + 1e-9);
	template_free(t);
}

static void test_template_elements(void **state)
{
	(void)state;
	struct template *t = parse(
		"size: poker\n"
		"double-ended: yes\n"
		"elements:\n"
		"  - text: \"{number}\"\n"
		"    box: [10%, 20%, 80%, 10mm]\n"
		"    size: 36\n"
		"    color: \"{colour}\"\n"
		"    if: number\n"
		"  - rect: [0, 0, 100%, 100%]\n"
		"    fill: red\n");
	assert_non_null(t);
	assert_true(t->double_ended);
	assert_int_equal(t->nelems, 2);
	const struct tpl_elem *e = &t->elems[0];
	assert_int_equal(e->kind, TE_TEXT);
	assert_string_equal(e->text, "{number}");
	assert_true(e->box[0].pct && e->box[0].v == 10 && !e->box[3].pct && e->box[3].v == 10);
	assert_true(e->size > 12.69 && e->size < 12.71);   /* 36 pt = 12.7 mm */
	assert_string_equal(e->color.field, "colour");
	assert_string_equal(e->if_field, "number");
	assert_int_equal(t->elems[1].kind, TE_RECT);
	assert_true(t->elems[1].stroke.none);   /* filled only */
	template_free(t);
}

static void test_safe_margin(void **state)
{
	(void)state;
	diag_reset();
	struct template *t = parse("size: poker\nsafe: 5mm\nelements:\n"
				   "  - {text: a, box: [5mm, 5mm, 53.5mm, 10mm]}\n"     /* just inside */
				   "  - {text: b, box: [2mm, 20mm, 10mm, 10mm]}\n"      /* left */
				   "  - {text: c, box: [10%, 90%, 80%, 10%]}\n");       /* bottom */
	assert_non_null(t);
	diag_set_quiet(1);
	assert_int_equal(template_check_layout(t), 0);
	diag_set_quiet(0);
	assert_int_equal(diag_count(SEV_WARNING), 2);
	assert_int_equal(diag_count(SEV_ERROR), 0);
	template_free(t);
	diag_reset();
}

static void touch(const char *path)
{
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fclose(f);
}

/* Beside the pack, then its parent folder, then the current folder. */
static void test_template_find(void **state)
{
	(void)state;
	char dir[] = "/tmp/railyard-unit-find-XXXXXX";
	assert_non_null(mkdtemp(dir));
	char packs[300], pack[300], beside[300], parent[300];
	snprintf(packs, sizeof packs, "%s/packs", dir);
	snprintf(pack, sizeof pack, "%s/packs/p.yaml", dir);
	snprintf(beside, sizeof beside, "%s/packs/face.yaml", dir);
	snprintf(parent, sizeof parent, "%s/face.yaml", dir);
	assert_int_equal(mkdir_p(packs), 0);
	touch(beside);
	touch(parent);
	char *got = template_find(pack, "face.yaml", "x.yaml");
	assert_string_equal(got, beside);
	free(got);
	unlink(beside);
	got = template_find(pack, "face.yaml", "x.yaml");
	char want[320];
	snprintf(want, sizeof want, "%s/packs/../face.yaml", dir);
	assert_string_equal(got, want);
	free(got);
	unlink(parent);
	assert_null(template_find(pack, "face.yaml", "x.yaml"));
	/* NULL: the default, templates/NAME, found from the tree's top (the cwd). */
	got = template_find("packs/pattern-two-census-seven.yaml", NULL, "trains-face.yaml");
	assert_string_equal(got, "packs/../templates/trains-face.yaml");
	free(got);
	rmdir(packs);
	rmdir(dir);
}

static void test_template_errors(void **state)
{
	(void)state;
	diag_reset();
	assert_null(parse("size: jumbo\n"));
	assert_null(parse("elements: []\n"));                  /* no size */
	assert_null(parse("size: poker\nelements: [{text: x}]\n"));   /* no box */
	assert_null(parse("size: poker\nelements: [{rect: [0, 0, 1]}]\n"));
	assert_null(parse("size: poker\nwobble: 1\n"));
	diag_reset();
	/* Every problem in a file is reported, not just the first. */
	assert_null(parse("size: jumbo\nbleed: x\nsafe: y\n"));
	assert_int_equal(diag_count(SEV_ERROR), 3);
	diag_reset();
}

/* Where impose_sheets puts each item: the device position of its origin. */
struct seen {
	double x[2][32], y[2][32];
	int n[2];
};

static void record(void *user, cairo_t *cr, long index, int side)
{
	struct seen *s = user;
	double x = 0, y = 0;
	cairo_user_to_device(cr, &x, &y);
	if (index < 32) {
		s->x[side][index] = x;
		s->y[side][index] = y;
	}
	s->n[side]++;
}

/* Maps: {field|map} in text and colours, "*" as the default entry; a map that
 * does not exist is an error when the template is read. */
static void test_maps(void **state)
{
	(void)state;
	struct template *t = parse("size: poker\n"
				   "maps: {tint: {A: \"#ff0000\", \"*\": blue}, name: {A: Ashby}}\n"
				   "elements:\n"
				   "  - ellipse: [0, 0, 10mm, 10mm]\n"
				   "    fill: \"{space1|tint}\"\n"
				   "  - text: \"{space1|name}\"\n"
				   "    box: [10mm, 10mm, 20mm, 10mm]\n");
	assert_non_null(t);
	assert_int_equal(t->nmaps, 2);
	assert_string_equal(tpl_map_lookup(t, "tint", "A"), "#ff0000");
	assert_string_equal(tpl_map_lookup(t, "tint", "Q"), "blue");
	assert_null(tpl_map_lookup(t, "name", "Q"));
	assert_null(tpl_map_lookup(t, "nope", "A"));
	assert_int_equal(t->elems[0].kind, TE_ELLIPSE);
	assert_string_equal(t->elems[0].fill.field, "space1|tint");
	assert_true(t->elems[0].stroke.none);  /* filled only */
	template_free(t);
	diag_reset();
	assert_null(parse("size: poker\nmaps: {tint: {A: red}}\nelements:\n"
			  "  - rect: [0, 0, 1, 1]\n    fill: \"{space1|tnt}\"\n"
			  "  - text: \"{x|colours}\"\n    box: [0, 0, 1, 1]\n"));
	assert_int_equal(diag_count(SEV_ERROR), 2);
	diag_reset();
}

/* The new kinds: their keys, and what they refuse. */
static void test_shapes_and_images(void **state)
{
	(void)state;
	struct template *t = parse("size: poker\nelements:\n"
				   "  - polygon: [0, 0, 10mm, 0, 50%, 20%]\n    opacity: 0.5\n"
				   "  - image: \"icons/{kind}.svg\"\n    box: [5mm, 5mm, 10mm, 10mm]\n"
				   "    fit: cover\n");
	assert_non_null(t);
	assert_int_equal(t->elems[0].kind, TE_POLYGON);
	assert_int_equal(t->elems[0].npoints, 6);
	assert_true(t->elems[0].points[4].pct && t->elems[0].points[4].v == 50);
	assert_true(t->elems[0].opacity == 0.5);
	assert_int_equal(t->elems[1].kind, TE_IMAGE);
	assert_string_equal(t->elems[1].image, "icons/{kind}.svg");
	assert_int_equal(t->elems[1].fit, FIT_COVER);
	template_free(t);
	diag_reset();
	/* two corners; an image without a box; fill on an image; opacity 2; fit: tile */
	assert_null(parse("size: poker\nelements:\n"
			  "  - polygon: [0, 0, 10, 10]\n"
			  "  - image: a.png\n"
			  "  - image: a.png\n    box: [0, 0, 1, 1]\n    fill: red\n    opacity: 2\n"
			  "    fit: tile\n"));
	assert_int_equal(diag_count(SEV_ERROR), 5);
	diag_reset();
}

/* A pack's size: everything scales by one factor, the smaller ratio of the safe
 * areas (circles stay round); a frame keeps its insets, a box near an edge its
 * distance to it (beyond the safe margin), "!" lengths and percents stay; the
 * layout is checked at the new size. */
static void test_resize(void **state)
{
	(void)state;
	struct template *t = parse("size: [50mm, 100mm]\nsafe: 2mm\nelements:\n"
				   "  - text: x\n    box: [10mm, 10mm!, 50%, 20mm]\n    size: 10pt\n"
				   "  - rect: [5mm, 5mm, 40mm, 90mm]\n    stroke-width: 1mm\n    radius: 2mm\n"
				   "  - text: y\n    box: [4mm!, 80mm, 10mm, 10mm]\n    size: 8pt!\n"
				   "  - ellipse: [30mm, 20mm, 10mm, 10mm]\n");
	assert_non_null(t);
	diag_reset();
	template_resize(t, 100, 150);
	/* the safe areas (3 mm margins, the print brief's least): 94/44 across,
	 * 144/94 down: everything by the smaller */
	const double s = 144.0 / 94;
	assert_true(t->w == 100 && t->h == 150 && t->design_w == 50 && t->design_h == 100);
	const struct tpl_elem *e = &t->elems[0];
	/* a percent width: x stays; a fixed y stays, the height by s */
	assert_true(e->box[0].v == 10 && e->box[1].v == 10 && e->box[2].v == 50 && e->box[2].pct);
	assert_true(fabs(e->box[3].v - 20 * s) < 1e-9);
	assert_true(fabs(e->size - 10 * 25.4 / 72 * s) < 1e-9);
	e = &t->elems[1];   /* a frame 5 mm in from every edge: 3 + 2 * s mm in */
	assert_true(fabs(e->box[0].v - (3 + 2 * s)) < 1e-9 && fabs(e->box[2].v - (100 - 2 * (3 + 2 * s))) < 1e-9);
	assert_true(fabs(e->box[1].v - (3 + 2 * s)) < 1e-9 && fabs(e->box[3].v - (150 - 2 * (3 + 2 * s))) < 1e-9);
	assert_true(fabs(e->stroke_width - s) < 1e-9 && fabs(e->radius - 2 * s) < 1e-9);
	e = &t->elems[2];   /* near the bottom: 10 mm from it, 7 beyond the 3 mm margin */
	assert_true(e->box[0].v == 4 && fabs(e->size - 8 * 25.4 / 72) < 1e-9);
	assert_true(fabs(e->box[1].v - (150 - (3 + 7 * s) - 10 * s)) < 1e-9);
	e = &t->elems[3];   /* a circle stays a circle, 3 + 17 * s from the top */
	assert_true(fabs(e->box[2].v - 10 * s) < 1e-9 && fabs(e->box[3].v - 10 * s) < 1e-9);
	assert_true(fabs(e->box[1].v - (3 + 17 * s)) < 1e-9);
	assert_int_equal(template_check_layout(t), 0);
	assert_int_equal(diag_count(SEV_WARNING), 0);
	/* Shrunk to 12 mm high, 'x' (its fixed y of 10 mm) reaches into the 3 mm safe
	 * margin the print brief keeps, and the rect's and the ellipse's outlines lie
	 * thin near the cut: one warning each, and not again. */
	template_resize(t, 100, 12);
	assert_int_equal(template_check_layout(t), 0);
	unsigned warned = diag_count(SEV_WARNING);
	assert_true(warned >= 3);
	template_resize(t, 100, 11);
	template_check_layout(t);
	assert_int_equal(diag_count(SEV_WARNING), warned);
	template_free(t);
	diag_reset();
	/* A placemat's spaces take the card's size; its cell elements scale by the
	 * smaller ratio (1 here: twice as wide, as high), so they keep their place. */
	t = parse("cells: {size: poker, elements: [{rect: [1mm, 2mm, 10mm, 10mm]}]}\n");
	assert_non_null(t);
	template_resize(t, 2 * 63.5, 88.9);
	assert_true(t->cells.w == 127 && t->cells.elems[0].box[0].v == 1 &&
		    fabs(t->cells.elems[0].box[1].v - 2) < 1e-9 && t->cells.elems[0].box[2].v == 10);
	template_free(t);
}

/* The box of element i now: x y w h. */
static void box_of(const struct template *t, size_t i, double b[4])
{
	for (int k = 0; k < 4; k++)
		b[k] = t->elems[i].box[k].v;
}

/* Issue 30: a composition scales as a whole. On a 63.5 mm square the corner
 * index stays in its corner, the two chips and the symbol between them keep
 * their spacing against their width (they drifted apart), the letter stays on
 * its chip, the row of sleepers spreads at one pitch; a text anchored away from
 * the disc it lies in is an error at the text, text under 6 pt a warning. */
static void test_resize_composition(void **state)
{
	(void)state;
	const char *yaml = "size: poker\nsafe: 4mm\nelements:\n"
		"  - {text: \"16\", box: [4mm, 4mm, 22mm, 9.4mm], size: 21pt, align: left}\n"
		"  - {text: \"CE\", box: [4mm, 13.7mm, 16mm, 4mm], size: 8pt, align: left}\n"
		"  - {rect: [16.25mm, 31.5mm, 9mm, 9mm], fill: green, radius: 2mm}\n"
		"  - {text: \"C\", box: [16.25mm, 31.5mm, 9mm, 9mm], size: 17pt}\n"
		"  - {text: \"x\", box: [25.25mm, 30.6mm, 13mm, 10.2mm], size: 22pt}\n"
		"  - {rect: [38.25mm, 31.5mm, 9mm, 9mm], fill: blue, radius: 2mm}\n"
		"  - {rect: [6.53mm, 42.45mm, 1.6mm, 4mm], fill: grey}\n"
		"  - {rect: [30.95mm, 42.45mm, 1.6mm, 4mm], fill: grey}\n"
		"  - {rect: [55.37mm, 42.45mm, 1.6mm, 4mm], fill: grey}\n";
	diag_reset();
	struct template *t = parse(yaml);
	assert_non_null(t);
	template_resize(t, 63.5, 63.5);
	assert_int_equal(template_check_layout(t), 0);
	double a[4], b[4], c[4], l[4];
	box_of(t, 0, a);
	assert_true(fabs(a[0] - 4) < 1e-9 && fabs(a[1] - 4) < 1e-9);   /* the index */
	box_of(t, 1, b);
	assert_true(fabs(b[0] - 4) < 1e-9 && b[1] > a[1] && b[1] < a[1] + a[3] + 1);  /* the code under it */
	box_of(t, 2, a);
	box_of(t, 5, b);
	box_of(t, 3, l);
	/* at poker 22 mm apart for 9 wide */
	assert_true(fabs((b[0] - a[0]) / a[2] - 22.0 / 9) < 1e-6);
	assert_true(fabs(a[2] - a[3]) < 1e-9);   /* square chips */
	assert_true(fabs(a[0] + a[2] / 2 + b[0] + b[2] / 2 - 63.5) < 0.1);   /* centred as a pair */
	assert_true(fabs(l[0] - a[0]) < 1e-9 && fabs(l[1] - a[1]) < 1e-9);   /* the letter on its chip */
	box_of(t, 6, a);
	box_of(t, 7, b);
	box_of(t, 8, c);
	assert_true(fabs((b[0] - a[0]) - (c[0] - b[0])) < 1e-9);   /* one pitch */
	assert_true(fabs(a[1] - b[1]) < 1e-9 && fabs(b[1] - c[1]) < 1e-9);
	assert_int_equal(diag_count(SEV_ERROR), 0);
	assert_int_equal(diag_count(SEV_WARNING), 0);
	template_free(t);
	/* a text anchored left, its disc right: the text leaves the disc */
	t = parse("size: poker\nelements:\n"
		  "  - {ellipse: [8.75mm, 21.45mm, 46mm, 46mm], fill: white, anchor: right}\n"
		  "  - {text: \"7\", box: [15mm, 30mm, 33mm, 20mm], size: 30pt, anchor: left}\n"
		  "  - {text: \"small\", box: [20mm, 70mm, 20mm, 8mm], size: 5pt}\n");
	assert_non_null(t);
	template_resize(t, 120, 88.9);
	diag_set_quiet(1);
	assert_int_equal(template_check_layout(t), 1);
	diag_set_quiet(0);
	assert_int_equal(diag_count(SEV_ERROR), 1);
	assert_int_equal(diag_count(SEV_WARNING), 1);   /* 5 pt */
	template_free(t);
	diag_reset();
}

/* A double-ended card: a box that overlaps the turned copy of another is a
 * warning at the element, unless the two are never drawn together. */
static void test_turned_overlap(void **state)
{
	(void)state;
	diag_reset();
	struct template *t = parse("size: [60mm, 100mm]\nsafe: 3mm\ndouble-ended: true\nelements:\n"
				   "  - text: a\n    box: [5mm, 40mm, 20mm, 25mm]\n"
				   "  - text: b\n    box: [5mm, 5mm, 10mm, 10mm]\n    if: wild\n"
				   "  - text: c\n    box: [45mm, 85mm, 10mm, 10mm]\n    unless: wild\n");
	assert_non_null(t);
	/* a's turned copy is [35, 35, 20, 25]: clear of a; b and c are never together;
	 * a and c: c at [45..55, 85..95] vs turned a [35..55, 35..60]: clear. */
	template_check_layout(t);
	assert_int_equal(diag_count(SEV_WARNING), 0);
	template_free(t);
	t = parse("size: [60mm, 100mm]\nsafe: 3mm\ndouble-ended: true\nelements:\n"
		  "  - text: a\n    box: [5mm, 40mm, 50mm, 25mm]\n");
	assert_non_null(t);
	diag_set_quiet(1);
	template_check_layout(t);
	diag_set_quiet(0);
	assert_int_equal(diag_count(SEV_WARNING), 1);  /* over its own turned copy */
	template_free(t);
	diag_reset();
}

/* Impose src on A4 with a 6 mm margin; s records each item's trim origin. */
static void impose_a4(const struct item_source *src, enum duplex dx)
{
	char path[] = "/tmp/railyard-unit-sheets-XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	struct pdfw *w = pdfw_open(path);
	assert_non_null(w);
	assert_true(impose_sheets(w, 210, 297, 6, dx, src, NULL, NULL) > 0);
	assert_int_equal(pdfw_close(w), 0);
	unlink(path);
}

#define NEAR(a, b) assert_true((a) > (b) - 1e-6 && (a) < (b) + 1e-6)

static void test_sheets_duplex(void **state)
{
	(void)state;
	struct seen s = {0};
	/* 50 x 70 mm with 3 mm bleed: cells of 56 x 76 mm, 3 x 3 on A4 (191 x 270 mm of
	 * room inside the margin, marks and note), upright. */
	struct item_source src = {50, 70, 3, 11, true, record, &s, false};
	struct sheet_grid g;
	assert_int_equal(impose_fit(210, 297, 6, 50, 70, 3, &g), 9);
	assert_false(g.rotated);
	impose_a4(&src, DUPLEX_LONG);
	assert_int_equal(s.n[0], 11);
	assert_int_equal(s.n[1], 11);
	const double pt = 72 / 25.4, pw = 210 * pt, w = 50 * pt, cw = 56 * pt, ch = 76 * pt;
	/* Fronts: a centred grid, each trim 3 mm inside its cell (a 6 mm gutter). */
	double x0 = (pw - 3 * cw) / 2, y0 = (297 * pt - 3 * ch) / 2;
	for (int i = 0; i < 9; i++) {
		NEAR(s.x[0][i], x0 + (i % 3) * cw + 3 * pt);
		NEAR(s.y[0][i], y0 + (i / 3) * ch + 3 * pt);
	}
	/* Backs: long-edge duplex mirrors left and right, so each back lands exactly
	 * behind its front: back.x = page width - (front.x + card width). Rows stay. */
	for (int i = 0; i < 11; i++) {
		NEAR(s.x[1][i], pw - (s.x[0][i] + w));
		NEAR(s.y[1][i], s.y[0][i]);
	}
	/* Items 10 and 11 start the second sheet at the top-left. */
	NEAR(s.x[0][9], x0 + 3 * pt);
	NEAR(s.y[0][10], y0 + 3 * pt);
	/* Short edge: the back is behind its front turned upside down, so its trim
	 * origin is the front's bottom-right corner mirrored top to bottom. */
	struct seen t = {0};
	src.user = &t;
	impose_a4(&src, DUPLEX_SHORT);
	for (int i = 0; i < 9; i++) {
		NEAR(t.x[1][i], t.x[0][i] + w);
		NEAR(t.y[1][i], 297 * pt - t.y[0][i]);
	}
	/* None: fronts only. */
	struct seen u = {0};
	src.user = &u;
	impose_a4(&src, DUPLEX_NONE);
	assert_int_equal(u.n[0], 11);
	assert_int_equal(u.n[1], 0);
}

static void test_sheets_fit(void **state)
{
	(void)state;
	struct sheet_grid g;
	/* Poker with 1/8 in bleed (69.85 x 95.25 mm): 2 x 2 upright, 2 x 3 turned. */
	assert_int_equal(impose_fit(210, 297, 6, 63.5, 88.9, 3.175, &g), 6);
	assert_true(g.rotated);
	assert_int_equal(g.nx, 2);
	/* A3 holds 3 x 4. */
	assert_int_equal(impose_fit(297, 420, 6, 63.5, 88.9, 3.175, &g), 12);
	/* Toy Train's 28 mm carriages with 2 mm bleed: 5 x 8. */
	assert_int_equal(impose_fit(210, 297, 6, 28, 28, 2, &g), 40);
	/* Turned items: the trim origin is the cell's top-right corner, inset by the bleed. */
	struct seen s = {0};
	struct item_source src = {63.5, 88.9, 3.175, 1, false, record, &s, false};
	impose_a4(&src, DUPLEX_LONG);
	impose_fit(210, 297, 6, 63.5, 88.9, 3.175, &g);
	const double pt = 72 / 25.4;
	NEAR(s.x[0][0], (g.x0 + g.cw - 3.175) * pt);
	NEAR(s.y[0][0], (g.y0 + 3.175) * pt);
	/* Nothing fits: a 300 mm item on A4. */
	assert_int_equal(impose_fit(210, 297, 6, 300, 300, 0, &g), 0);
}

/* Butted: 3 x 3 poker trims on A4, 2 x 4 turned on letter (gutters hold 6); the
 * block's bleed what the paper leaves inside the margin beside a crop mark, 1 to 2
 * mm; each back behind its front. */
static void test_sheets_butted(void **state)
{
	(void)state;
	struct sheet_grid g;
	assert_int_equal(impose_fit_butted(210, 297, 6, 63.5, 88.9, 3.175, &g), 9);
	assert_false(g.rotated);
	NEAR(g.x0, 9.75);
	NEAR(g.y0, 15.15);
	NEAR(g.bx, 1.25);   /* 9.75 mm of paper: 6 margin, 2 mark, 0.5 gap */
	NEAR(g.by, 2);
	/* letter: 3 x 3 would leave 6.35 mm above and below the block, no room for
	 * bleed and a mark inside the 6 mm margin: 2 x 4 turned */
	assert_int_equal(impose_fit_butted(215.9, 279.4, 6, 63.5, 88.9, 3.175, &g), 8);
	assert_true(g.rotated);
	NEAR(g.x0, 19.05);
	NEAR(g.y0, 12.7);
	NEAR(g.by, 2);
	NEAR(g.bx, 2);
	/* no margin: 3 x 3 again, with 2 mm of bleed */
	assert_int_equal(impose_fit_butted(215.9, 279.4, 0, 63.5, 88.9, 3.175, &g), 9);
	NEAR(g.by, 2);
	struct seen s = {0};
	struct item_source src = {63.5, 88.9, 3.175, 11, true, record, &s, true};
	impose_a4(&src, DUPLEX_LONG);
	const double pt = 72 / 25.4;
	for (int i = 0; i < 11; i++) {
		int k = i % 9;
		NEAR(s.x[0][i], (9.75 + (k % 3) * 63.5) * pt);
		NEAR(s.y[0][i], (15.15 + (k / 3) * 88.9) * pt);
		NEAR(s.x[1][i], 210 * pt - (s.x[0][i] + 63.5 * pt));
	}
}

/* template_lies_in: a box lies in a rectangle's box; in an ellipse only
 * when it lies inside the ellipse (its centre), not in the corners of the
 * ellipse's bounding box (a disc's corner is paper, not the disc). */
static void test_lies_in_ellipse(void **state)
{
	(void)state;
	struct tpl_elem disc = {.kind = TE_ELLIPSE}, box = {.kind = TE_RECT};
	const double hb[4] = {0, 0, 10, 10};
	const double corner[4] = {0.2, 0.2, 1.5, 1.5}, centre[4] = {4, 4, 2, 2};
	const double side[4] = {8.2, 4.5, 1.5, 1}, outside[4] = {9, 9, 2, 2};
	assert_true(template_lies_in(&box, hb, corner, 0.05));
	assert_false(template_lies_in(&disc, hb, corner, 0.05));
	assert_true(template_lies_in(&disc, hb, centre, 0.05));
	assert_true(template_lies_in(&disc, hb, side, 0.05));
	assert_false(template_lies_in(&box, hb, outside, 0.05));
	assert_false(template_lies_in(&disc, hb, outside, 0.05));
	/* an ellipse wider than tall: the same corner is out, a box at the end of
	 * its long axis in */
	const double wide[4] = {0, 0, 30, 10}, end[4] = {25, 4.5, 2, 1};
	assert_false(template_lies_in(&disc, wide, corner, 0.05));
	assert_true(template_lies_in(&disc, wide, end, 0.05));
}

static void test_tiles(void **state)
{
	(void)state;
	char path[] = "/tmp/railyard-unit-tiles-XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	struct pdfw *w = pdfw_open(path);
	struct seen s = {0};
	/* 500 x 120 mm on A4: landscape (277 mm usable) with 15 mm overlap: 2 tiles. */
	impose_tiles(w, 210, 297, 6, 500, 120, 0, 15, NULL, record, &s, 0);
	assert_int_equal(pdfw_close(w), 0);
	assert_int_equal(s.n[0], 2);
	/* Both tiles draw item 0; the second tile's window starts 277 - 15 = 262 mm in. */
	const double pt = 72 / 25.4;
	assert_true(s.x[0][0] > (10 - 262) * pt - 1e-6 && s.x[0][0] < (10 - 262) * pt + 1e-6);
	/* Seams only at 100, 200, 300 and 400 mm (the gaps between spaces): the
	 * second tile starts at 200 (the farthest within 262), the third at 400. */
	static const double gaps[] = {100, 200, 300, 400};
	struct tile_seams seams = {gaps, NULL, 4, 0};
	memset(&s, 0, sizeof s);
	w = pdfw_open(path);
	impose_tiles(w, 210, 297, 6, 500, 120, 0, 15, &seams, record, &s, 0);
	assert_int_equal(pdfw_close(w), 0);
	unlink(path);
	assert_int_equal(s.n[0], 3);
	assert_true(s.x[0][0] > (10 - 400) * pt - 1e-6 && s.x[0][0] < (10 - 400) * pt + 1e-6);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lengths),
		cmocka_unit_test(test_colours),
		cmocka_unit_test(test_fields),
		cmocka_unit_test(test_template_sizes),
		cmocka_unit_test(test_template_elements),
		cmocka_unit_test(test_safe_margin),
		cmocka_unit_test(test_template_find),
		cmocka_unit_test(test_template_errors),
		cmocka_unit_test(test_maps),
		cmocka_unit_test(test_shapes_and_images),
		cmocka_unit_test(test_resize),
		cmocka_unit_test(test_resize_composition),
		cmocka_unit_test(test_turned_overlap),
		cmocka_unit_test(test_sheets_duplex),
		cmocka_unit_test(test_sheets_fit),
		cmocka_unit_test(test_sheets_butted),
		cmocka_unit_test(test_tiles),
		cmocka_unit_test(test_lies_in_ellipse),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

/* pipeline.c: one build pipeline for every game (pipeline.h). The shared options,
 * the staging folder and the swap, faces.pdf, back files, sheets, single SVG and
 * PNG files, contact.png, manifest.csv and files.txt. */
#define _GNU_SOURCE   /* renameat2, syscall(SYS_getdents64) */
#include "pipeline.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <math.h>
#include <stdarg.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "budget.h"
#include "cli.h"
#include "colour.h"
#include "csv.h"
#include "datapath.h"
#include "diag.h"
#include "glog.h"
#include "image.h"
#include "impose.h"
#include "names.h"
#include "opt.h"
#include "output.h"
#include "pdfx.h"
#include "progress.h"
#include "trust.h"
#include "watch.h"

/* What the build's steps cost, for its whole ETA (progress_plan), in ms on
 * the machine pdfx.h's PDFX_MS_* were measured on: an item's page drawn into
 * a PDF, an item's edge check, an item imposed on sheets, written as an SVG,
 * as a PNG (on the threads, beside the rest). */
#define MS_PAGE 2.0
#define MS_EDGE 3.0
#define MS_SHEET 7.0
#define MS_SVG 12.0
#define MS_PNG 6.0

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

/* --preset names, in enum preset's order. */
static const char *const build_preset_names[5] = {"home", "tgc", "mpc", "drivethru", "press"};

const char *const build_out_names[10] = {"faces", "sheets", "placemat", "reference", "svg",
					 "png", "tokens", "board", "setup", "contact"};

const char *const build_duplexes[4] = {"long", "short", "none", NULL};
const char *const build_layouts[4] = {"auto", "butted", "gutter", NULL};
const char *const build_presets[6] = {"home", "tgc", "mpc", "drivethru", "press", NULL};
const char *const build_colours[3] = {"rgb", "cmyk", NULL};

enum { OPT_ONLY = 1000, OPT_PAPER, OPT_BLEED, OPT_MARGIN, OPT_DUPLEX, OPT_PRESET, OPT_JOBS,
       OPT_FORCE, OPT_MAX_ITEMS, OPT_ALLOW_PATH, OPT_COLOUR, OPT_ICC, OPT_MAX_INK, OPT_MAX_PIXELS,
       OPT_MAX_TOTAL_PIXELS, OPT_MAX_SECONDS, OPT_MAX_ITEM_SECONDS, OPT_PREVIEW, OPT_LAYOUT,
       OPT_PROOF };

/* The options every game's build takes (each game's table has them, opt.h). */
const struct opt build_options[] = {
	OPT_VALUES("output", 'o', "DIR",
		"the set goes to DIR/PACK/ (default out/PACK/); it is\n"
		"replaced as a whole: files an earlier build listed in\n"
		"files.txt and this one does not write are removed", "@dir"),
	OPT_VALUES("only", OPT_ONLY, "LIST",
		"faces,sheets,placemat,reference,svg,png,contact,tokens,\n"
		"board,setup (manifest.csv and files.txt always; the back\n"
		"goes with faces, svg and png); the rest of the set stays\n"
		"as the last build left it; contact alone: a preview", "@list:--only"),
	OPT("preview", OPT_PREVIEW, NULL,
		"into DIR/PACK.preview/, the set in DIR/PACK/ untouched\n"
		"(so are --watch, contact alone and a card subset)"),
	OPT_VALUES("paper", OPT_PAPER, "NAME",
		"a4, letter or a3, or a list (a4,letter): every file on each\n"
		"(default: sheets on a4 and letter, the rest on a4)", "a4 letter a3"),
	OPT("margin", OPT_MARGIN, "MM",
		"the printer's unprintable border, nothing is printed in it\n"
		"(default 6mm)"),
	OPT_VALUES("duplex", OPT_DUPLEX, "HOW",
		"long (default), short or none: how the sheet is turned over\n"
		"for the backs; none: sheets hold fronts only", "@words:--duplex"),
	OPT_VALUES("layout", OPT_LAYOUT, "HOW",
		"the sheets: butted (neighbours share their cut lines, 9\n"
		"poker cards on A4, 8 on letter), gutter (each item with\n"
		"its own bleed, 6) or auto (default): butted when every\n"
		"item's edge looks the same across the cut", "@words:--layout"),
	OPT("bleed", OPT_BLEED, "MM", "bleed on every side of the items (default: the template's)"),
	OPT_VALUES("preset", OPT_PRESET, "NAME",
		"home (default), tgc (The Game Crafter), mpc\n"
		"(MakePlayingCards), drivethru (DriveThruCards) or press (an\n"
		"offset printer: every component a single page with bleed,\n"
		"placemat and board untiled, quickref.pdf, reference.pdf,\n"
		"tokens-NAME.pdf): the files that service takes, into\n"
		"DIR/PACK.NAME/", "@words:--preset"),
	OPT_VALUES("colour", OPT_COLOUR, "HOW",
		"rgb (default; home printers) or cmyk: every PDF converted\n"
		"to PDF/X-1a:2003 by Ghostscript (default for drivethru and\n"
		"press); --color is the same option", "@words:--colour"),
	OPT_VALUES("color", OPT_COLOUR, "HOW", NULL, "@words:--colour"),   /* --colour's other spelling */
	OPT_VALUES("icc", OPT_ICC, "FILE",
		"the CMYK output profile (default: Ghostscript's\n"
		PDFX_DEFAULT_ICC ")", "@file:*.ic[cm]"),
	OPT("max-ink", OPT_MAX_INK, "N",
		"refuse a page with more than N percent of total ink\n"
		"(default 240 for drivethru, 300 otherwise)"),
	OPT("proof", OPT_PROOF, NULL,
		"also proof/NAME-NNN.png: every page of every CMYK PDF as\n"
		"it prints on the profile (a soft proof, 100 dpi)"),
	OPT("jobs", OPT_JOBS, "N", "PNG worker threads (default: the cores)"),
	OPT("quiet", 'q', NULL, "no progress or summary line (files, pages, seconds)"),
	OPT("max-items", OPT_MAX_ITEMS, "N", "print at most N items (default 10000)"),
	OPT("max-pixels", OPT_MAX_PIXELS, "M",
		"an image may decode to M million pixels at most (default\n"
		"50), checked from its header before it is decoded"),
	OPT("max-total-pixels", OPT_MAX_TOTAL_PIXELS, "M",
		"every distinct image of the build together (default\n"
		"100 million pixels)"),
	OPT("max-seconds", OPT_MAX_SECONDS, "S",
		"stop a build that takes more than S seconds (default\n"
		"3600), writing nothing"),
	OPT("max-item-seconds", OPT_MAX_ITEM_SECONDS, "S", "the same for one item (default 60)"),
	OPT_VALUES("allow-path", OPT_ALLOW_PATH, "DIR", "templates and fonts may also come from DIR", "@dir"),
	OPT("force", OPT_FORCE, NULL, "build a pack that check finds unsound (a prototype)"),
	/* main runs a build again on every change with --preview for --watch (watch.h) */
	OPT("watch", OPT_PREVIEW, NULL,
		"build again whenever the pack, a template, a data file or\n"
		"an image changes (Ctrl-C ends it)"),
	OPT_END,
};

void build_opts_init(struct build_opts *o)
{
	*o = (struct build_opts){.only = BO_ALL, .margin = 6.0, .duplex = DUPLEX_LONG, .bleed = -1,
				 .max_items = OUT_MAX_ITEMS, .max_pixels = IMAGE_MAX_PIXELS,
				 .max_total_pixels = IMAGE_MAX_TOTAL};
}

static int parse_mm(const char *opt, const char *what, const char *arg, double lo, double hi,
		    double *out)
{
	struct tpl_len l;
	if (tpl_parse_len(arg, false, &l) != 0) {
		diag(SEV_ERROR, NULL, "%s: '%s' is not a length such as 3mm (decimal digits, then mm, cm, in or pt)",
		     opt, arg);
		return -1;
	}
	if (l.v < lo || l.v > hi) {
		diag(SEV_ERROR, NULL, "%s: '%s' is %s; a %s is %g..%g mm", opt, arg,
		     l.v < lo ? "negative" : hi == 25 ? "more than 25 mm" : "more than 100 mm", what, lo, hi);
		return -1;
	}
	*out = l.v;
	return 0;
}

/* The index of arg in names, or -1 after reporting. */
static int pick(const char *opt, const char *arg, const char *const *names, int n)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(arg, names[i]))
			return i;
	struct buf s = {0};
	for (int i = 0; i < n; i++)
		buf_printf(&s, "%s%s", i ? ", " : "", names[i]);
	const char *near = closest_word(arg, names);   /* names are NULL-ended */
	if (near)
		diag(SEV_ERROR, NULL, "%s: unknown value '%s' (did you mean '%s'? the values: %s)", opt, arg, near, s.s);
	else
		diag(SEV_ERROR, NULL, "%s: unknown value '%s' (%s)", opt, arg, s.s);
	buf_free(&s);
	return -1;
}

/* --max-pixels and --max-total-pixels: millions of pixels. */
static int pixels_option(struct build_opts *o, bool each, const char *arg)
{
	long n;
	if (parse_int(arg, 1, 100000, &n) != 0) {
		diag(SEV_ERROR, NULL, "%s: '%s' is not a number of million pixels (1..100000)",
		     each ? "--max-pixels" : "--max-total-pixels", arg);
		return -1;
	}
	*(each ? &o->max_pixels : &o->max_total_pixels) = (double)n * 1e6;
	return 1;
}

/* --max-seconds and --max-item-seconds: decimal seconds. */
static int seconds_option(struct build_opts *o, bool item, const char *arg)
{
	char *end;
	double v = strtod(arg, &end);
	if (end == arg || *end || !(v >= 0.01 && v <= 1e6) || strspn(arg, "0123456789.") != strlen(arg)) {
		diag(SEV_ERROR, NULL, "%s: '%s' is not a number of seconds (0.01..1000000)",
		     item ? "--max-item-seconds" : "--max-seconds", arg);
		return -1;
	}
	*(item ? &o->max_item_seconds : &o->max_seconds) = v;
	return 1;
}

/* Handle option c (a build_options value) with arg. Returns 1 when handled, 0
 * when c is not a shared option, -1 after reporting a bad value. */
static int build_option(struct build_opts *o, int c, const char *arg)
{
	double w, h;
	long n;
	int k;
	switch (c) {
	case 'o': o->parent = arg; return 1;
	case OPT_ONLY:
		o->only = parse_name_mask("--only", "output", arg, build_out_names, 10);
		return o->only < 0 ? -1 : 1;
	case OPT_PAPER: {
		/* one paper, or a list: every file on each */
		o->npapers = 0;
		const char *p = arg;
		while (o->npapers < 3) {
			size_t len = strcspn(p, ",");
			char name[16];
			snprintf(name, sizeof name, "%.*s", (int)(len < 15 ? len : 15), p);
			if (len >= 15 || paper_size(name, &w, &h) != 0) {
				diag(SEV_ERROR, NULL, "--paper: unknown paper '%.*s' (a4, letter, a3, or a list: a4,letter)",
				     (int)len, p);
				return -1;
			}
			o->papers[o->npapers++] = !strcmp(name, "a4") ? "a4" : !strcmp(name, "a3") ? "a3" : "letter";
			if (!p[len])
				break;
			p += len + 1;
		}
		o->paper = o->papers[0];
		return 1;
	}
	case OPT_BLEED: return parse_mm("--bleed", "bleed", arg, 0, 25, &o->bleed) ? -1 : 1;
	case OPT_MARGIN: return parse_mm("--margin", "margin", arg, 0, 100, &o->margin) ? -1 : 1;
	case OPT_DUPLEX:
		if ((k = pick("--duplex", arg, build_duplexes, 3)) < 0)
			return -1;
		o->duplex = (enum duplex)k;
		return 1;
	case OPT_LAYOUT:
		if ((k = pick("--layout", arg, build_layouts, 3)) < 0)
			return -1;
		o->layout = (enum sheet_layout)k;
		return 1;
	case OPT_PRESET:
		if ((k = pick("--preset", arg, build_presets, 5)) < 0)
			return -1;
		o->preset = (enum preset)k;
		return 1;
	case OPT_COLOUR:
		k = pick("--colour", arg, build_colours, 2);
		o->colour = k > 0 ? COLOUR_CMYK : COLOUR_RGB;
		return k < 0 ? -1 : 1;
	case OPT_ICC: o->icc = arg; return 1;
	case OPT_PROOF: o->proof = true; return 1;
	case OPT_MAX_INK:
		if (parse_int(arg, 100, 400, &n) != 0) {
			diag(SEV_ERROR, NULL, "--max-ink: '%s' is not a total ink in percent (100..400)", arg);
			return -1;
		}
		o->max_ink = (double)n;
		return 1;
	case OPT_JOBS:
		if (parse_int(arg, 1, 256, &n) != 0) {
			diag(SEV_ERROR, NULL, "--jobs: '%s' is not a number of threads (1..256)", arg);
			return -1;
		}
		o->jobs = (int)n;
		return 1;
	case OPT_FORCE: o->force = true; return 1;
	case OPT_PREVIEW: o->preview = true; return 1;
	case 'q': o->quiet = true; return 1;
	case OPT_MAX_ITEMS: return out_parse_max_items(arg, &o->max_items) ? -1 : 1;
	case OPT_ALLOW_PATH: return trust_allow(arg) ? -1 : 1;
	case OPT_MAX_PIXELS:
	case OPT_MAX_TOTAL_PIXELS: return pixels_option(o, c == OPT_MAX_PIXELS, arg);
	case OPT_MAX_SECONDS:
	case OPT_MAX_ITEM_SECONDS: return seconds_option(o, c == OPT_MAX_ITEM_SECONDS, arg);
	default: return 0;
	}
}

int build_parse(int argc, char **argv, struct build_opts *o, const struct opt_table *usage,
		int (*other)(void *user, int c, char *arg), void *user)
{
	int c, status = -1, r;
	build_opts_init(o);
	output_tally_start();
	optind = 1;
	while ((c = cli_next(argc, argv, usage)) != -1) {
		if ((r = build_option(o, c, c == 'o' ? cli_folder(optarg) : optarg)) != 0) {
			if (r < 0)
				status = EXIT_INPUT;
		} else if (c == 'h') {
			opt_help(stdout, usage);
			return EXIT_OK;
		} else if (c == 'V') {
			return cli_version();
		} else if (c == '?' || !other) {
			cli_brief(usage);
			return EXIT_INPUT;
		} else if ((r = other(user, c, optarg)) >= 0) {
			return r;
		}
	}
	/* this build's limits, given or not (the images load before build_run) */
	image_set_limits(o->max_pixels, o->max_total_pixels);
	budget_set(o->max_item_seconds, o->max_seconds);
	if (optind != argc - 1) {
		diag(SEV_ERROR, NULL, "build takes one pack file (see 'railyard build --help')");
		return EXIT_INPUT;
	}
	if (o->only == BO_CONTACT)  /* contact alone: a preview */
		o->preview = true;
	return status;
}

/* ---- the input half ---- */

struct template *build_template(struct drawer *dr, const char *pack_file, const char *as_written,
				const struct loc *loc, const char *defname, const char *what, bool cells)
{
	const char *name = as_written ? as_written : defname;
	const struct loc *at = as_written ? loc : NULL;
	/* watched by the name the pack gives, before the search: a template that
	 * is missing now (moved, being saved) is noticed when it comes back */
	if (as_written && pack_file)
		watch_note_name(pack_file, as_written);
	char *found = template_find(pack_file, as_written, defname);
	if (!found) {
		datapath_not_found(at, what, name);
		return NULL;
	}
	/* Only from a trusted folder, and only a regular file; messages keep the
	 * path as written. */
	char *safe = trust_path(found, at, what, as_written ? as_written : found);
	struct template *t = safe ? template_load(found) : NULL;
	if (t && drawer_check_fonts(dr, t) != 0) {
		template_free(t);
		t = NULL;
	}
	if (safe && !t && at)
		diag(SEV_NOTE, at, "the %s template chosen here", what);
	free(safe);
	free(found);
	if (t && t->cells.on != cells) {
		diag(SEV_ERROR, at, "the %s template %s needs %s", what, t->file,
		     cells ? "'cells' (one per space, ability or token)" : "a 'size', not 'cells'");
		template_free(t);
		return NULL;
	}
	return t;
}

int build_check_items(const struct build_opts *o, double n, const char *what, const struct loc *at)
{
	if (n <= (double)o->max_items)
		return 0;
	diag(SEV_ERROR, at, "the pack prints %.0f %s, more than the %ld a build allows (--max-items N raises it)",
	     n, what, o->max_items);
	return -1;
}

int build_check_sound(struct build_opts *o, const char *pack_file, int errors)
{
	if (errors < 0)
		return EXIT_INPUT;
	if (errors && !o->force) {
		diag(SEV_ERROR, NULL, "%s: not built: 'railyard check' finds %d error%s (--force builds it anyway)",
		     pack_file, errors, errors == 1 ? "" : "s");
		return EXIT_RULE;
	}
	if (errors)
		diag(SEV_WARNING, NULL, "%s: built with --force although 'railyard check' finds %d error%s; every item is marked 'unchecked' outside its trim (inside it on butted sheets)",
		     pack_file, errors, errors == 1 ? "" : "s");
	o->unsound = errors > 0;
	return EXIT_OK;
}

int build_home_outputs(const struct build_opts *o)
{
	return o->preset == PRESET_HOME ? o->only : 0;
}

/* Whether the build writes items as PNG files (home: --only png or contact; the
 * tgc and mpc presets; never drivethru, whose one file is a PDF). */
static bool build_writes_png(const struct build_opts *o)
{
	if (o->preset == PRESET_HOME)
		return (o->only & (BO_PNG | BO_CONTACT)) != 0;
	return o->preset == PRESET_TGC || o->preset == PRESET_MPC;
}

static double build_bleed(const struct build_opts *o);

int build_fit(const struct build_opts *o, const struct card_data *cd, const char *pack_file,
	      struct template *const *t, size_t n, const struct template *back, const char *item)
{
	double bleed = build_bleed(o);
	int rc = 0;
	for (size_t i = 0; i < n; i++) {
		if (!t[i])
			continue;
		template_set_pack(t[i], pack_file);
		if (t[i]->cells.on)
			continue;
		if (cd->has_size) {
			template_resize(t[i], cd->w, cd->h);
			/* what the size refuses is reported where the pack sets it */
			t[i]->loc_size = cd->loc_size;
		}
		/* checked at the size it prints at, so warnings name that size */
		if (template_check_layout(t[i]) != 0)
			rc = -1;
		if (bleed >= 0)
			t[i]->bleed = bleed;
		/* reported where the size was set: the pack's size:, else the template's */
		if (build_writes_png(o) &&
		    out_check_png(t[i]->w, t[i]->h, t[i]->bleed, 300, &t[i]->loc_size,
				  t[i] == back ? "the back" : item) != 0)
			rc = -1;
	}
	return rc;
}

const char *build_paper(const struct build_ctx *c)
{
	return c->large_paper ? c->large_paper : c->opts.paper ? c->opts.paper : "a4";
}

/* The landscape page of the build's paper and how an AREA_W x AREA_H mm drawing
 * sits on it: centred, scaled down (never up) to stay clear of the margin. */
static void landscape_fit(const struct build_ctx *c, double area_w, double area_h, double *pw,
			  double *ph, double *scale)
{
	if (build_press(c)) {
		/* a press: the page is the area, trimmed, with bleed around it */
		*pw = area_w + 2 * TPL_DEFAULT_BLEED;
		*ph = area_h + 2 * TPL_DEFAULT_BLEED;
		*scale = 1;
		return;
	}
	paper_size(build_paper(c), pw, ph);
	if (*ph > *pw) {
		double t = *pw;
		*pw = *ph;
		*ph = t;
	}
	double m = c->opts.margin + 1;
	*scale = fmin(1, fmin((*pw - 2 * m) / area_w, (*ph - 2 * m) / area_h));
}

cairo_t *build_landscape_page(const struct build_ctx *c, struct pdfw *w, double area_w, double area_h)
{
	double pw, ph, scale;
	landscape_fit(c, area_w, area_h, &pw, &ph, &scale);
	cairo_t *cr = build_press(c) ? pdfw_page(w, pw, ph, TPL_DEFAULT_BLEED, "reference")
				     : pdfw_page(w, pw, ph, 0, NULL);
	cairo_translate(cr, (pw - scale * area_w) / 2, (ph - scale * area_h) / 2);
	cairo_scale(cr, scale, scale);
	return cr;
}

/* The quick reference's trim size: the deck's card. */
static void quickref_size(const struct quickref *q, double *w, double *h)
{
	*w = q->w > 0 ? q->w : q->t->w;
	*h = q->h > 0 ? q->h : q->t->h;
}

/* A card-sized template with rows (cells) at the card's size W x H: the card's
 * elements resized (the header band still to the bleed); the rows as tall as
 * designed, taller on a larger or a narrower card (its text takes more lines),
 * or less to share the room (*rh); their elements resized by one factor (text
 * kept at 6 pt at least): the width's ratio, less when their marks (chips,
 * labels) would not fit the row's height, more only as the rows grow. The
 * cells are left at the size the elements are laid out for; that factor is
 * returned (0 when there are no rows). */
static double quickref_rows(struct template *t, double W, double H, int rows, double *rh)
{
	double s = template_resize_card(t, W, H);
	if (rows <= 0)
		return 0;
	/* the gap scaled down with the card (the caller puts it back) */
	const double *m = t->cells.margin, gap = t->cells.gap *= fmin(s, 1);
	const double dw = t->design_w, dh = t->design_h, rw = W - m[1] - m[3];
	double tall = dh * fmax(s, 1) / fmin(1, rw / dw);
	*rh = fmax(0.5, fmin(tall, (H - m[0] - m[2] - (rows - 1) * gap) / rows));
	double g = fmin(rw / dw, fmax(1, *rh / dh));
	if (t->cells.mark_h > 0)
		g = fmin(g, *rh / t->cells.mark_h);
	if (fabs(rw - t->cells.w) > 1e-6 || fabs(dh * g - t->cells.h) > 1e-6)
		template_resize(t, rw, dh * g);
	return g;
}

/* A warning at the template's cells, once, when the rows do not fit the card:
 * a text overflowed (at 6 pt), or the marks went under half their size. */
static void quickref_warn(struct template *t, int rows, double f, int overflows, double W, double H)
{
	if (t->cells.warned || (f >= 0.5 && !overflows))
		return;
	t->cells.warned = true;
	diag(SEV_WARNING, &t->cells.loc,
	     "the quick reference's %d rows do not fit a %.1f x %.1f mm card: each row %.1f mm where %.1f mm is designed (%s); "
	     "fewer rows, or a larger card", rows, W, H, t->cells.h, t->design_h,
	     overflows ? "its text, kept at 6 pt, overflows" : "its marks under half their size");
}

/* Draw q with its trim's top-left corner at cr's origin, clipped to bleed mm
 * outside the trim. */
static void build_quickref_draw(struct drawer *dr, cairo_t *cr, const struct quickref *q, double bleed)
{
	struct template *t = q->t;
	double W, H;
	quickref_size(q, &W, &H);
	int rows = q->rows ? q->rows->rows : 0;
	/* the bottom margin and the gap are this drawing's (template_resize_card
	 * sets the top for good) */
	double bottom = t->cells.margin[2], gap = t->cells.gap, f = 0, s = 1;
	double laid = t->cells.h;
	if (t->cells.on && t->has_size) {
		double rh = 0;
		f = quickref_rows(t, W, H, rows, &rh);
		laid = t->cells.h;
		if (rows > 0)
			t->cells.h = rh;
		/* the rows from the top, the card's bottom below them */
		t->cells.margin[2] = H - t->cells.margin[0] - (rows > 0 ? rows * t->cells.h + (rows - 1) * t->cells.gap : 0);
	} else {
		/* a card resized with the deck (build_fit), else scaled as a whole */
		s = fmin(W / t->w, H / t->h);
	}
	cairo_save(cr);
	cairo_rectangle(cr, -bleed, -bleed, W + 2 * bleed, H + 2 * bleed);
	cairo_clip(cr);
	if (!t->background.field && !t->background.none) {
		cairo_set_source_rgba(cr, t->background.r, t->background.g, t->background.b, t->background.a);
		cairo_paint(cr);
	}
	cairo_translate(cr, (W - s * t->w) / 2, 0);
	cairo_scale(cr, s, s);
	struct cells none = {1, 1, NULL, NULL, 0};
	int over = draw_item(dr, cr, t, q->f, q->rows && rows ? q->rows : &none, "the quick reference");
	cairo_restore(cr);
	t->cells.margin[2] = bottom;
	t->cells.gap = gap;
	if (t->cells.on && t->has_size && rows > 0) {
		quickref_warn(t, rows, f, over, W, H);
		t->cells.h = laid;
	}
}

/* Crop marks at the corners of a w x h trim at (x, y), from 2.5 to 5.5 mm outside it. */
static void crop_marks(cairo_t *cr, double x, double y, double w, double h)
{
	cairo_save(cr);
	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_set_line_width(cr, 0.3 * 25.4 / 72);
	for (int i = 0; i < 4; i++) {
		double cx = x + (i & 1 ? w : 0), cy = y + (i & 2 ? h : 0);
		double sx = i & 1 ? 1 : -1, sy = i & 2 ? 1 : -1;
		cairo_move_to(cr, cx + sx * 2.5, cy);
		cairo_line_to(cr, cx + sx * 5.5, cy);
		cairo_move_to(cr, cx, cy + sy * 2.5);
		cairo_line_to(cr, cx, cy + sy * 5.5);
	}
	cairo_stroke(cr);
	cairo_restore(cr);
}

void build_quickref_on_page(const struct build_ctx *c, struct pdfw *w, cairo_t *cr, struct drawer *dr,
			    const struct quickref *q, double area_w, double area_h, double x, double y)
{
	double pw, ph, scale, W, H;
	landscape_fit(c, area_w, area_h, &pw, &ph, &scale);
	quickref_size(q, &W, &H);
	double m = build_press(c) ? 0 : c->opts.margin, ox = (pw - scale * area_w) / 2, oy = (ph - scale * area_h) / 2;
	double px = fmin(ox + x * scale, pw - m - 5.5 - W), py = oy + y * scale;
	if (W > q->t->size_w + 0.5 || H > q->t->size_h + 0.5 || py + H + 5.5 > ph - m) {
		/* a card larger than the room the page leaves it (its template's
		 * size): a page of its own; on a press, quickref.pdf alone */
		if (build_press(c))
			return;
		pdfw_end_page(w);
		cr = pdfw_page(w, pw, ph, 0, NULL);
		px = (pw - W) / 2;
		py = (ph - H) / 2;
	}
	cairo_save(cr);
	cairo_identity_matrix(cr);
	cairo_scale(cr, PT_PER_MM, PT_PER_MM);
	cairo_translate(cr, px, py);
	build_quickref_draw(dr, cr, q, 2);
	crop_marks(cr, 0, 0, W, H);
	cairo_restore(cr);
}

int build_quickref_pdf(struct build_ctx *c, struct drawer *dr, const struct quickref *q)
{
	char *path = build_path(c, "quickref.pdf");
	struct pdfw *w = path ? pdfw_open(path) : NULL;
	free(path);
	if (!w)
		return -1;
	double W, H, b = q->t->bleed > 0 ? q->t->bleed : TPL_DEFAULT_BLEED;
	quickref_size(q, &W, &H);
	cairo_t *cr = pdfw_page(w, W + 2 * b, H + 2 * b, b, "quick reference");
	build_quickref_draw(dr, cr, q, b);
	pdfw_end_page(w);
	return pdfw_close(w);
}

bool build_press(const struct build_ctx *c)
{
	return c->opts.preset == PRESET_PRESS;
}

struct token_fill {
	const struct fields *f;
	long first, count;
	int cols;
};

static void token_cell(void *user, int r, int c, struct fields *f)
{
	const struct token_fill *tf = user;
	long k = tf->first + (long)r * tf->cols + c;
	if (k >= tf->count)
		return;
	for (size_t i = 0; tf->f && i < tf->f->n; i++)
		fields_set(f, tf->f->v[i].name, tf->f->v[i].value);
	fields_set(f, "token", "1");
	fields_setf(f, "number", "%ld", k + 1);
}

int build_tokens(struct build_ctx *c, const char *name, const char *label, const struct template *t,
		 long count, struct fields *f)
{
	const struct tpl_cells *cl = &t->cells;
	char *rel = build_press(c) ? xasprintf("tokens-%s.pdf", name) : xasprintf("tokens-%s.pdf", build_paper(c));
	char *path = build_path(c, rel);
	free(rel);
	struct pdfw *w = path ? pdfw_open(path) : NULL;
	free(path);
	if (!w)
		return -1;
	struct token_fill tf = {f, 0, count, 1};
	if (build_press(c)) {
		/* one token, its trim the cell, with bleed */
		double b = TPL_DEFAULT_BLEED;
		cairo_t *cr = pdfw_page(w, cl->w + 2 * b, cl->h + 2 * b, b, label);
		cairo_rectangle(cr, -b, -b, cl->w + 2 * b, cl->h + 2 * b);
		cairo_clip(cr);
		cairo_translate(cr, -cl->margin[3], -cl->margin[0]);
		fields_set(f, "sheet-note", "");
		tf.count = 1;
		struct cells one = {1, 1, token_cell, &tf, 0};
		draw_item(c->dr, cr, t, f, &one, label);
		pdfw_end_page(w);
		return pdfw_close(w);
	}
	double pw, ph;
	paper_size(build_paper(c), &pw, &ph);
	int cols = (int)floor((pw - cl->margin[1] - cl->margin[3] + cl->gap) / (cl->w + cl->gap));
	int rows = (int)floor((ph - cl->margin[0] - cl->margin[2] + cl->gap) / (cl->h + cl->gap));
	if (cols < 1 || rows < 1) {
		diag(SEV_ERROR, NULL, "%s: a token does not fit on %s paper", t->file, build_paper(c));
		pdfw_abort(w);
		return -1;
	}
	tf.cols = cols;
	fields_set(f, "sheet", "1");
	struct cells cells = {rows, cols, token_cell, &tf, 0};
	double dx = (pw - cols * cl->w - (cols - 1) * cl->gap) / 2 - cl->margin[3];
	double dy = (ph - cl->margin[0] - cl->margin[2] - rows * cl->h - (rows - 1) * cl->gap) / 2;
	for (; tf.first < count; tf.first += (long)rows * cols) {
		cairo_t *cr = pdfw_page(w, pw, ph, 0, NULL);
		cairo_translate(cr, dx, dy);
		long last = tf.first + (long)rows * cols;
		fields_setf(f, "sheet-note", "%s: %ld-%ld of %ld. Print at 100%%.", label, tf.first + 1,
			    last < count ? last : count, count);
		draw_item(c->dr, cr, t, f, &cells, tf.first == 0 ? label : NULL);
		pdfw_end_page(w);
	}
	return pdfw_close(w);
}

/* ---- removing a folder, also from a signal handler ---- */

struct linux_dirent64 {
	uint64_t d_ino;
	int64_t d_off;
	unsigned short d_reclen;
	unsigned char d_type;
	char d_name[];
};

/* Remove name under dirfd and everything in it; only system calls (async-signal
 * safe), never following a symbolic link. Returns 0 or -1. */
static int rm_tree_at(int dirfd, const char *name, int depth)
{
	if (unlinkat(dirfd, name, 0) == 0)
		return 0;
	if (errno != EISDIR && errno != EPERM)
		return errno == ENOENT ? 0 : -1;
	if (depth > 16)
		return -1;
	int fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return -1;
	char buf[4096] __attribute__((aligned(8)));
	for (;;) {
		long n = syscall(SYS_getdents64, fd, buf, sizeof buf);
		if (n <= 0)
			break;
		bool removed = false;
		for (long off = 0; off < n;) {
			struct linux_dirent64 *e = (struct linux_dirent64 *)(void *)(buf + off);
			off += e->d_reclen;
			if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
				continue;
			if (rm_tree_at(fd, e->d_name, depth + 1) == 0)
				removed = true;
		}
		if (removed)
			lseek(fd, 0, SEEK_SET);
	}
	close(fd);
	return unlinkat(dirfd, name, AT_REMOVEDIR);
}

/* The staging folder being written, removed if the build is interrupted: the
 * one file-scope state of a build, as the signal handler that removes it
 * (output.c's cleanup) has no build context to read. */
static char stage_live[4096];

static void stage_cleanup(void)
{
	if (stage_live[0])
		rm_tree_at(AT_FDCWD, stage_live, 0);
}

/* ---- one build per output folder ---- */

#define LOCK_WAIT 10  /* seconds a build waits for another of the same set */

/* Hold PARENT/.PACK.lock (flock) for the rest of the build: a second build of
 * the same set waits up to LOCK_WAIT seconds, then gives up. The file stays
 * empty and is never removed (that would let a third build lock another file of
 * the same name). Returns 0, or -1 after reporting. */
static int lock_set(struct build_ctx *c, const char *parent, const char *name)
{
	bool quiet = c->opts.quiet;
	char *path = xasprintf("%s%s.%s.lock", parent, path_sep(parent), name);
	int fd = open(path, O_RDONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0666);
	if (fd < 0) {
		diag(SEV_ERROR, NULL, "cannot create a staging folder in %s: %s (its lock file %s)",
		     parent, strerror(errno), path);
		free(path);
		return -1;
	}
	free(path);
	struct timespec nap = {0, 50000000};
	for (int tries = 0; flock(fd, LOCK_EX | LOCK_NB) != 0; tries++) {
		if (errno != EWOULDBLOCK && errno != EINTR) {
			diag(SEV_ERROR, NULL, "cannot lock %s%s.%s.lock: %s", parent, path_sep(parent), name, strerror(errno));
			close(fd);
			return -1;
		}
		if (tries >= LOCK_WAIT * 20) {
			diag(SEV_ERROR, NULL, "another railyard build is writing %s/%s and did not end within "
			     "%d s: try again when it has", parent, name, LOCK_WAIT);
			close(fd);
			return -1;
		}
		if (tries == 0 && !quiet)
			fprintf(stderr, "railyard: build: waiting for another build of %s%s%s\n", parent, path_sep(parent), name);
		nanosleep(&nap, NULL);
	}
	c->lock_fd = fd;
	return 0;
}

static void unlock_set(struct build_ctx *c)
{
	if (c->lock_fd >= 0)
		close(c->lock_fd);
	c->lock_fd = -1;
}

/* Staging folders of this set a killed build left (.PACK.XXXXXX and its .old):
 * no build of the set is running (we hold its lock), so they are removed, and
 * said. */
static void remove_stale(const char *parent, const char *name)
{
	DIR *d = opendir(parent);
	if (!d)
		return;
	size_t n = strlen(name);
	struct dirent *e;
	while ((e = readdir(d))) {
		const char *s = e->d_name;
		size_t len = strlen(s);
		if (s[0] != '.' || strncmp(s + 1, name, n) != 0 || s[n + 1] != '.' ||
		    (len != n + 8 && !(len == n + 12 && !strcmp(s + n + 8, ".old"))))
			continue;
		char *path = xasprintf("%s%s%s", parent, path_sep(parent), s);
		if (rm_tree_at(AT_FDCWD, path, 0) == 0)
			diag(SEV_NOTE, NULL, "removed %s, the staging folder of a build that was stopped", path);
		else
			diag(SEV_WARNING, NULL, "cannot remove %s, the staging folder of a build that was "
			     "stopped: %s", path, strerror(errno));
		free(path);
	}
	closedir(d);
}

/* ---- the staging folder and the file list ---- */

static int make_stage(struct build_ctx *c)
{
	const char *parent = c->opts.parent ? c->opts.parent : "out";
	static const char *const suffix[] = {"", ".tgc", ".mpc", ".drivethru", ".press"};
	const char *sx = c->opts.preview && c->opts.preset == PRESET_HOME ? ".preview"
									   : suffix[c->opts.preset];
	c->dir = xasprintf("%s%s%s%s", parent, path_sep(parent), c->id, sx);
	struct stat st;
	if (mkdir_p(parent) != 0 || stat(parent, &st) != 0 || !S_ISDIR(st.st_mode)) {
		if (errno == 0 || errno == EEXIST)
			errno = ENOTDIR;
		diag(SEV_ERROR, NULL, "cannot create %s: %s", parent, strerror(errno));
		return -1;
	}
	if (lstat(c->dir, &st) == 0 && !S_ISDIR(st.st_mode)) {
		diag(SEV_ERROR, NULL, "cannot write %s: it is not a folder", c->dir);
		return -1;
	}
	char *name = xasprintf("%s%s", c->id, sx);
	int rc = lock_set(c, parent, name);
	if (!rc)
		remove_stale(parent, name);
	free(name);
	if (rc)
		return -1;
	/* Beside the set, so the swap is a rename within one file system; mkdtemp
	 * creates it exclusively, mode 0700, so nobody else can plant files in it. */
	char *tmpl = xasprintf("%s%s.%s%s.XXXXXX", parent, path_sep(parent), c->id, sx);
	if (strlen(tmpl) >= sizeof stage_live || !mkdtemp(tmpl)) {
		diag(SEV_ERROR, NULL, "cannot create a staging folder in %s: %s", parent, strerror(errno));
		free(tmpl);
		return -1;
	}
	c->stage = tmpl;
	strcpy(stage_live, tmpl);
	output_on_signal(stage_cleanup);
	return 0;
}

char *build_path(struct build_ctx *c, const char *rel)
{
	/* --paper a4,letter: placemat-a4.pdf, placemat-letter.pdf, ... */
	size_t n = strlen(rel);
	if (c->paper_suffix && n > 4 && !strcmp(rel + n - 4, ".pdf") && !strstr(rel, c->large_paper)) {
		char *named = xasprintf("%.*s-%s.pdf", (int)(n - 4), rel, c->large_paper);
		c->paper_suffix = false;
		char *path = build_path(c, named);
		c->paper_suffix = true;
		free(named);
		return path;
	}
	const char *slash = strrchr(rel, '/');
	if (slash) {
		char *sub = xasprintf("%s/%.*s", c->stage, (int)(slash - rel), rel);
		if (mkdir(sub, 0777) != 0 && errno != EEXIST) {
			diag(SEV_ERROR, NULL, "cannot create %s: %s", sub, strerror(errno));
			free(sub);
			return NULL;
		}
		free(sub);
	}
	c->files = xgrow(c->files, &c->capfiles, c->nfiles + 1, sizeof *c->files);
	c->files[c->nfiles++] = xstrdup(rel);
	return xasprintf("%s/%s", c->stage, rel);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The files an earlier build listed in DIR/files.txt, sorted; NULL when there is
 * none. A folder from before files.txt (a manifest.csv, no files.txt) counts the
 * names railyard writes. */
static char **old_files(const char *dir, size_t *n, bool *legacy)
{
	char *path = xasprintf("%s/files.txt", dir);
	size_t len;
	char *text = read_file(path, 64u << 20, &len);
	free(path);
	*n = 0;
	*legacy = false;
	if (!text) {
		char *m = xasprintf("%s/manifest.csv", dir);
		*legacy = access(m, F_OK) == 0;
		free(m);
		return NULL;
	}
	char **v = NULL;
	size_t cap = 0;
	for (char *line = text, *next; *line; line = next) {
		next = line + strcspn(line, "\n");
		if (*next)
			*next++ = 0;
		if (*line && *line != '#') {
			v = xgrow(v, &cap, *n + 1, sizeof *v);
			v[(*n)++] = xstrdup(line);
		}
	}
	free(text);
	qsort(v, *n, sizeof *v, cmp_str);
	return v;
}

static bool listed(char **v, size_t n, const char *rel)
{
	return n && bsearch(&rel, v, n, sizeof *v, cmp_str) != NULL;
}

static bool legacy_name(const char *rel)
{
	static const char *const top[] = {"faces.pdf", "placemat.pdf", "reference.pdf", "board.pdf",
					  "setup.pdf", "manifest.csv", "contact.png"};
	for (size_t i = 0; i < sizeof top / sizeof *top; i++)
		if (!strcmp(rel, top[i]))
			return true;
	size_t n = strlen(rel);
	return (!strncmp(rel, "sheets-", 7) && n > 4 && !strcmp(rel + n - 4, ".pdf")) ||
	       (!strncmp(rel, "tokens-", 7) && n > 4 && !strcmp(rel + n - 4, ".pdf")) ||
	       (!strncmp(rel, "svg/", 4) && !strchr(rel + 4, '/')) ||
	       (!strncmp(rel, "png/", 4) && !strchr(rel + 4, '/'));
}

struct carry {
	struct build_ctx *c;
	char **old, **now;
	size_t nold, nnow;
	bool legacy;
	int rc;
};

/* Whether the old set's files.txt lists a file under folder rel. */
static bool owns_files(const struct carry *k, const char *rel)
{
	size_t n = strlen(rel);
	for (size_t i = 0; i < k->nold; i++)
		if (!strncmp(k->old[i], rel, n) && k->old[i][n] == '/')
			return true;
	return k->legacy;
}

/* The --only outputs that write the file rel of a set (0: none known). */
static int output_of(const char *rel)
{
	static const struct {
		const char *prefix;
		int only;
	} kinds[] = {
		{"faces.pdf", BO_FACES}, {"back.pdf", BO_FACES}, {"sheets-", BO_SHEETS},
		{"placemat.pdf", BO_PLACEMAT}, {"reference.pdf", BO_REFERENCE}, {"svg/", BO_SVG},
		{"png/", BO_PNG}, {"contact.png", BO_CONTACT}, {"tokens-", BO_TOKENS},
		{"board.pdf", BO_BOARD | BO_PLACEMAT}, {"setup.pdf", BO_SETUP | BO_PLACEMAT},
	};
	for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++)
		if (!strncmp(rel, kinds[i].prefix, strlen(kinds[i].prefix)))
			return kinds[i].only;
	return 0;
}

/* A build of some outputs only (--only, not a preview): the files of the old set
 * in c->dir that railyard wrote for outputs this build does not make are linked
 * into the stage as they are and listed in its files.txt, so the rest of the set
 * stays. Returns 0 or -1 after reporting. */
static int keep_rest(struct build_ctx *c)
{
	size_t nold, now = c->nfiles;
	bool legacy;
	char **old = old_files(c->dir, &nold, &legacy);
	qsort(c->files, now, sizeof *c->files, cmp_str);
	int rc = 0;
	for (size_t i = 0; i < nold; i++) {
		struct stat st;
		char *from = xasprintf("%s/%s", c->dir, old[i]);
		int kind = output_of(old[i]);
		if (kind && !(kind & c->opts.only) && !listed(c->files, now, old[i]) &&
		    lstat(from, &st) == 0 && S_ISREG(st.st_mode) && rc == 0) {
			char *to = build_path(c, old[i]);
			if (!to || link(from, to) != 0) {
				diag(SEV_ERROR, NULL, "cannot keep %s in the set: %s", from, strerror(errno));
				rc = -1;
			}
			free(to);
		}
		free(from);
		free(old[i]);
	}
	free(old);
	return rc;
}

/* Hard-link every file of the old set that railyard did not write (not listed in
 * its files.txt) into the stage, so the swap leaves it where it was, untouched. */
static void carry_foreign(struct carry *k, const char *rel, int depth)
{
	char *path = *rel ? xasprintf("%s/%s", k->c->dir, rel) : xstrdup(k->c->dir);
	DIR *d = depth > 16 ? NULL : opendir(path);
	if (!d) {
		diag(SEV_ERROR, NULL, "cannot read %s: %s", path, depth > 16 ? "nested too deeply" : strerror(errno));
		k->rc = -1;
		free(path);
		return;
	}
	struct dirent *e;
	while ((e = readdir(d)) && !k->rc) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		char *r = *rel ? xasprintf("%s/%s", rel, e->d_name) : xstrdup(e->d_name);
		char *from = xasprintf("%s/%s", path, e->d_name), *to = xasprintf("%s/%s", k->c->stage, r);
		struct stat st;
		if (lstat(from, &st) != 0) {
			/* gone meanwhile */
		} else if (S_ISDIR(st.st_mode)) {
			bool made = mkdir(to, st.st_mode & 07777) == 0;
			if (!made && errno != EEXIST) {
				diag(SEV_ERROR, NULL, "cannot create %s: %s", to, strerror(errno));
				k->rc = -1;
			} else {
				carry_foreign(k, r, depth + 1);
				if (made && owns_files(k, r))
					rmdir(to);  /* fails unless empty: no empty svg/ left */
			}
		} else if (listed(k->old, k->nold, r) || (k->legacy && legacy_name(r))) {
			/* railyard's own: replaced by this build's set */
		} else if (listed(k->now, k->nnow, r) || lstat(to, &st) == 0) {
			diag(SEV_ERROR, NULL, "%s was not written by railyard and this build writes a file "
			     "of that name: move it away and build again", from);
			k->rc = -1;
		} else if (link(from, to) != 0) {
			diag(SEV_ERROR, NULL, "cannot keep %s in the new set: %s", from, strerror(errno));
			k->rc = -1;
		}
		free(from);
		free(to);
		free(r);
	}
	closedir(d);
	free(path);
}

/* Write s to path (both freed). Returns 0 or -1 after reporting. */
static int put_text(char *path, struct buf *s)
{
	/* write_file_atomic reports its own failure */
	int rc = path ? write_file_atomic(path, s->s ? s->s : "", s->len) : -1;
	if (rc == 0)
		output_tally(0);
	free(path);
	buf_free(s);
	return rc;
}

/* Write rel in the stage from s (freed). */
static int write_text(struct build_ctx *c, const char *rel, struct buf *s)
{
	return put_text(build_path(c, rel), s);
}

/* files.txt: every file of the set, itself included, sorted. */
static int write_list(struct build_ctx *c)
{
	char *path = build_path(c, "files.txt");
	qsort(c->files, c->nfiles, sizeof *c->files, cmp_str);
	struct buf s = {0};
	buf_printf(&s, "# railyard %s: the files of this build of %s (a rebuild removes them)\n",
		   RAILYARD_VERSION, c->id);
	for (size_t i = 0; i < c->nfiles; i++)
		buf_printf(&s, "%s\n", c->files[i]);
	return put_text(path, &s);
}

/* Swap the stage in for the set: the old set's foreign files are linked in first,
 * then one renameat2(RENAME_EXCHANGE), then the old set is removed. */
static int commit(struct build_ctx *c)
{
	mode_t um = umask(0);
	umask(um);
	chmod(c->stage, 0777 & ~um);
	struct stat st;
	if (lstat(c->dir, &st) != 0) {
		if (rename(c->stage, c->dir) != 0) {
			diag(SEV_ERROR, NULL, "cannot rename %s to %s: %s", c->stage, c->dir, strerror(errno));
			return -1;
		}
		stage_live[0] = 0;
		return 0;
	}
	struct carry k = {.c = c, .now = c->files, .nnow = c->nfiles};
	k.old = old_files(c->dir, &k.nold, &k.legacy);
	carry_foreign(&k, "", 0);
	for (size_t i = 0; i < k.nold; i++)
		free(k.old[i]);
	free(k.old);
	if (k.rc)
		return -1;
	if (renameat2(AT_FDCWD, c->stage, AT_FDCWD, c->dir, RENAME_EXCHANGE) != 0) {
		/* No atomic exchange here (an old kernel or file system): move the old set
		 * aside, then the new one in. */
		char *aside = xasprintf("%s.old", c->stage);
		int rc = rename(c->dir, aside);
		if (rc == 0 && rename(c->stage, c->dir) != 0) {
			rename(aside, c->dir);
			rc = -1;
		}
		if (rc != 0) {
			diag(SEV_ERROR, NULL, "cannot replace %s: %s", c->dir, strerror(errno));
			free(aside);
			return -1;
		}
		strcpy(stage_live, aside);
		free(aside);
	}
	/* stage_live now names the old set */
	if (rm_tree_at(AT_FDCWD, stage_live, 0) != 0)
		diag(SEV_WARNING, NULL, "the new set is in %s, but the previous one could not be removed "
		     "from %s: %s (the next build tries again)", c->dir, stage_live, strerror(errno));
	stage_live[0] = 0;
	return 0;
}

/* ---- drawing ---- */

struct worker {
	struct drawer *dr;
	struct fields f;
};

/* Where an unsound forced build marks an item "unchecked". */
enum { UNCHECKED_NONE, UNCHECKED_SLUG, UNCHECKED_INSIDE };

/* "unchecked" in red in the slug above the trim (in the bleed, cut away), or
 * small inside the top left corner of an item without bleed or (inside) on a
 * butted sheet, whose slug goes with the neighbour's edge. */
static void mark_unchecked(cairo_t *cr, const struct template *t, bool inside)
{
	double size = fmin(2.0, fmax(1.2, t->bleed * 0.6));
	cairo_save(cr);
	cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
	cairo_set_font_size(cr, size);
	cairo_set_source_rgb(cr, 0.8, 0.1, 0.1);
	if (inside)
		cairo_move_to(cr, 3.0, 2.0 + size);
	else
		cairo_move_to(cr, 1.0, t->bleed >= 1.5 ? -(t->bleed - size) / 2 - 0.15 : size + 0.5);
	cairo_show_text(cr, "unchecked (railyard build --force)");
	cairo_restore(cr);
}

/* This thread now draws item i's side: the watchdog's limit for one item. */
static void budget_side(struct build_ctx *c, long i, int side)
{
	char name[96];
	const struct template *t = side ? c->it.back : c->it.faces[c->it.face_of(c->it.user, i)];
	if (side)
		snprintf(name, sizeof name, "the back");
	else
		c->it.label(c->it.user, i, true, name, sizeof name);
	budget_item(name, t ? t->file : NULL);
}

static void draw_side_as(struct build_ctx *c, struct worker *w, cairo_t *cr, long i, int side,
			 int unchecked)
{
	budget_side(c, i, side);
	if (side) {
		fields_clear(&w->f);
		c->it.back_fields(c->it.user, &w->f);
		draw_item(w->dr, cr, c->it.back, &w->f, NULL, NULL);   /* reported by report_back */
		budget_idle();
		return;
	}
	fields_clear(&w->f);
	c->it.fields(c->it.user, i, &w->f);
	char who[160];
	if (c->report)
		c->it.label(c->it.user, i, true, who, sizeof who);
	const struct template *t = c->it.faces[c->it.face_of(c->it.user, i)];
	draw_item(w->dr, cr, t, &w->f, NULL, c->report ? who : NULL);
	if (c->opts.unsound && unchecked != UNCHECKED_NONE)
		mark_unchecked(cr, t, unchecked == UNCHECKED_INSIDE);
	budget_idle();
}

static void draw_side(struct build_ctx *c, struct worker *w, cairo_t *cr, long i, int side)
{
	draw_side_as(c, w, cr, i, side, UNCHECKED_SLUG);
}

/* The item list of one sheets file (or of every item). */
struct group {
	struct build_ctx *c;
	struct worker *w;
	long *idx;
	long n;
	bool butted;      /* on a butted sheet: the unchecked mark inside the trim */
};

static void group_draw(void *user, cairo_t *cr, long k, int side)
{
	struct group *g = user;
	draw_side_as(g->c, g->w, cr, g->idx ? g->idx[k] : k, side,
		     g->butted ? UNCHECKED_INSIDE : UNCHECKED_SLUG);
}

static void step(void *user, long done)
{
	(void)user;
	progress_step(done);
}

/* The bleed every item gets: the preset's, --bleed, or -1 for the templates' own.
 * The command sets it on its templates before build_run. */
static double build_bleed(const struct build_opts *o)
{
	/* The Game Crafter and DriveThruCards: 1/8 in; MakePlayingCards: 36 px at 300 dpi */
	return o->preset == PRESET_TGC || o->preset == PRESET_DRIVETHRU ? 3.175
	       : o->preset == PRESET_MPC				 ? 36 * 25.4 / 300
									 : o->bleed;
}

static double item_bleed(const struct build_ctx *c, const struct template *t)
{
	(void)c;
	return t->bleed;
}

/* The item on a page in words, for messages about its ink. */
static void name_page(struct build_ctx *c, struct pdfw *pw, long i, int side)
{
	char who[160], *s;
	c->it.label(c->it.user, i, true, who, sizeof who);
	pdfw_item(pw, s = xasprintf("%s, %s", who, side ? "back" : "front"));
	free(s);
}

static int write_faces(struct build_ctx *c, struct worker *w, const char *rel)
{
	char *path = build_path(c, rel);
	struct pdfw *pw = path ? pdfw_open(path) : NULL;
	free(path);
	if (!pw)
		return -1;
	/* DriveThruCards: one PDF, each card's back page followed by its front */
	bool drivethru = c->opts.preset == PRESET_DRIVETHRU && c->it.back;
	progress_cost((double)c->it.count * (drivethru ? 2 : 1) * MS_PAGE);
	progress_start(rel, c->it.count);
	for (long i = 0; i < c->it.count; i++) {
		const struct template *t = c->it.faces[c->it.face_of(c->it.user, i)];
		char label[160];
		c->it.label(c->it.user, i, false, label, sizeof label);
		double bl = item_bleed(c, t);
		for (int side = drivethru ? 1 : 0; side >= 0; side--) {
			const struct template *pt = side ? c->it.back : t;
			cairo_t *cr = pdfw_page(pw, pt->w + 2 * bl, pt->h + 2 * bl, bl, side ? "back" : label);
			if (pdfx_active())
				name_page(c, pw, i, side);
			draw_side(c, w, cr, i, side);
			pdfw_end_page(pw);
			c->pages++;
		}
		progress_step(i + 1);
	}
	progress_end();
	c->report = false;
	return pdfw_close(pw);
}

/* back.pdf: the back, one page, boxes as faces.pdf. */
static int write_back_pdf(struct build_ctx *c, struct worker *w)
{
	const struct template *t = c->it.back;
	char *path = build_path(c, "back.pdf");
	struct pdfw *pw = path ? pdfw_open(path) : NULL;
	free(path);
	if (!pw)
		return -1;
	double bl = item_bleed(c, t);
	cairo_t *cr = pdfw_page(pw, t->w + 2 * bl, t->h + 2 * bl, bl, "back");
	draw_side(c, w, cr, 0, 1);
	pdfw_end_page(pw);
	c->pages++;
	return pdfw_close(pw);
}

/* The papers the sheets go on (--paper's list, or a4 and letter) in *papers:
 * their count. */
static int sheet_papers(const struct build_ctx *c, const char *const **papers)
{
	static const char *const both[] = {"a4", "letter"};
	*papers = c->opts.npapers ? c->opts.papers : both;
	return c->opts.npapers ? c->opts.npapers : 2;
}

/* How many items of template t a sheet of pw x ph mm holds with gutters (*ng)
 * and butted (*nb). */
static void sheet_counts(const struct build_ctx *c, const struct template *t, double pw, double ph,
			 int *ng, int *nb)
{
	struct sheet_grid gg, gb;
	double bl = item_bleed(c, t);
	*ng = impose_fit(pw, ph, c->opts.margin, t->w, t->h, bl, &gg);
	*nb = impose_fit_butted(pw, ph, c->opts.margin, t->w, t->h, bl, &gb);
}

/* Whether face template f's sheets get the edge check (sheet_butted asks once a
 * template): --layout butted, or auto when a butted sheet holds more on one of
 * the papers. A step of the build's progress. */
static bool edge_checked(const struct build_ctx *c, size_t f)
{
	if (c->opts.layout != LAYOUT_AUTO)
		return c->opts.layout == LAYOUT_BUTTED;
	const char *const *papers;
	for (int i = 0, n = sheet_papers(c, &papers); i < n; i++) {
		double pw, ph;
		int ng, nb;
		paper_size(papers[i], &pw, &ph);
		sheet_counts(c, c->it.faces[f], pw, ph, &ng, &nb);
		if (nb > ng)
			return true;
	}
	return false;
}

/* Whether the group's items (of face template f) and the back suit a butted
 * sheet (draw.h's edge check), every item drawn: a progress step. */
static bool group_seamless(struct build_ctx *c, struct group *g, size_t f, bool backs)
{
	const struct template *t = c->it.faces[f];
	char what[96];
	snprintf(what, sizeof what, "edge check%s%s", c->it.nfaces > 1 ? " " : "",
		 c->it.nfaces > 1 ? c->it.face_names[f] : "");
	struct edge_check *e = edge_check_new(t->w, t->h, item_bleed(c, t));
	bool ok = true;
	progress_cost((double)g->n * MS_EDGE);
	progress_start(what, g->n);
	for (long k = 0; ok && k < g->n; k++) {
		cairo_t *cr = edge_check_begin(e);
		draw_side_as(c, g->w, cr, g->idx[k], 0, UNCHECKED_NONE);
		ok = edge_check_end(e, 0);
		progress_step(k + 1);
	}
	progress_end();
	if (ok && backs && g->n) {
		cairo_t *cr = edge_check_begin(e);
		draw_side_as(c, g->w, cr, g->idx[0], 1, UNCHECKED_NONE);
		ok = edge_check_end(e, 1);
	}
	edge_check_free(e);
	return ok;
}

static bool seamless(struct build_ctx *c, struct group *g, size_t f, bool backs)
{
	if (!c->seam_known[f])
		c->seam_known[f] = group_seamless(c, g, f, backs) ? 2 : 1;
	return c->seam_known[f] == 2;
}

/* The summary's note from the sheets seen: the layout once when every entry shares
 * it, each paper's own count ("9 a page on a4, 8 on letter"), papers of one
 * count and layout named together ("6 a page on a4 and letter"). */
static void sheets_note(const struct build_ctx *c)
{
	char note[192];
	int len = snprintf(note, sizeof note, "sheets");
	bool mixed = false;
	for (int i = 1; i < c->nsheets_seen; i++)
		mixed |= c->sheets_seen[i].butted != c->sheets_seen[0].butted;
	if (!mixed)
		len += snprintf(note + len, sizeof note - (size_t)len, " %s,",
				c->sheets_seen[0].butted ? "butted" : "gutter");
	bool done[8] = {false};
	for (int i = 0, k = 0; i < c->nsheets_seen && len < (int)sizeof note; i++) {
		if (done[i])
			continue;
		const struct sheet_seen *e = &c->sheets_seen[i];
		bool first = !k++;
		len += snprintf(note + len, sizeof note - (size_t)len, "%s%s%s %d%s on %s", first ? "" : ",",
				mixed ? " " : "", mixed ? (e->butted ? "butted" : "gutter") : "", e->n,
				first || mixed ? " a page" : "", e->paper);
		for (int j = i + 1; j < c->nsheets_seen && len < (int)sizeof note; j++)
			if (!done[j] && c->sheets_seen[j].n == e->n && c->sheets_seen[j].butted == e->butted) {
				done[j] = true;
				len += snprintf(note + len, sizeof note - (size_t)len, " and %s", c->sheets_seen[j].paper);
			}
	}
	output_tally_note(note);
}

/* The sheets' layout for one group on pw x ph paper (--layout; auto: butted when
 * it fits more and the edges allow it), named in the build's summary line. */
static bool sheet_butted(struct build_ctx *c, struct group *g, size_t f, bool backs, const char *paper,
			 double pw, double ph)
{
	const struct template *t = c->it.faces[f];
	int ng, nb;
	sheet_counts(c, t, pw, ph, &ng, &nb);
	bool butted = c->opts.layout == LAYOUT_BUTTED;
	if (c->opts.layout == LAYOUT_AUTO)
		butted = nb > ng && seamless(c, g, f, backs);
	else if (butted && !seamless(c, g, f, backs) && c->seam_known[f] == 1) {
		c->seam_known[f] = 3;
		diag(SEV_WARNING, NULL, "--layout butted: the edges of %s differ from item to item or "
		     "across the cut, so a cut off the line shows part of the neighbour", t->file);
	}
	struct sheet_seen e = {paper, butted ? nb : ng, butted};
	bool seen = false;
	for (int i = 0; i < c->nsheets_seen; i++)
		seen |= !strcmp(c->sheets_seen[i].paper, paper) && c->sheets_seen[i].n == e.n &&
			c->sheets_seen[i].butted == e.butted;
	if (!seen && c->nsheets_seen < (int)(sizeof c->sheets_seen / sizeof *c->sheets_seen))
		c->sheets_seen[c->nsheets_seen++] = e;
	sheets_note(c);
	return butted;
}

static int write_sheets(struct build_ctx *c, struct worker *w, const char *paper)
{
	double pw, ph;
	paper_size(paper, &pw, &ph);
	int rc = 0;
	struct group g = {c, w, xcalloc((size_t)c->it.count + 1, sizeof *g.idx), 0, false};
	for (size_t f = 0; f < c->it.nfaces && !rc; f++) {
		const struct template *t = c->it.faces[f];
		g.n = 0;
		for (long i = 0; i < c->it.count; i++)
			if (c->it.face_of(c->it.user, i) == f)
				g.idx[g.n++] = i;
		if (!g.n)
			continue;
		char *rel = c->it.nfaces > 1 ? xasprintf("sheets-%s-%s.pdf", c->it.face_names[f], paper)
					     : xasprintf("sheets-%s.pdf", paper);
		char *path = build_path(c, rel);
		struct pdfw *out = path ? pdfw_open(path) : NULL;
		free(path);
		if (!out) {
			free(rel);
			rc = -1;
			break;
		}
		const struct template *b = c->it.back;
		bool backs = b && fabs(b->w - t->w) < 0.01 && fabs(b->h - t->h) < 0.01;
		g.butted = sheet_butted(c, &g, f, backs && c->opts.duplex != DUPLEX_NONE, paper, pw, ph);
		struct item_source src = {t->w, t->h, item_bleed(c, t), g.n, backs, group_draw, &g, g.butted};
		progress_cost((double)g.n * MS_SHEET);
		progress_start(rel, g.n);
		long pages = impose_sheets(out, pw, ph, c->opts.margin, c->opts.duplex, &src, step, NULL);
		progress_end();
		if (pages < 0) {
			diag(SEV_ERROR, NULL, "%s: a %.1f x %.1f mm item does not fit on %s paper inside a %g mm margin",
			     t->file, t->w + 2 * src.bleed, t->h + 2 * src.bleed, paper, c->opts.margin);
			pdfw_abort(out);
			rc = -1;
		} else {
			c->pages += pages;
			rc = pdfw_close(out);
		}
		free(rel);
		if (c->report)   /* never written while the PNG threads read it */
			c->report = false;
	}
	free(g.idx);
	return rc;
}

static void single_draw(void *user, cairo_t *cr, long i, int side)
{
	struct group *g = user;
	draw_side(g->c, g->w, cr, i, side);
}

static void back_draw(void *user, cairo_t *cr, long i, int side)
{
	(void)side;
	single_draw(user, cr, i, 1);
}

/* svg/NAME.svg for each single, and svg/back.svg. */
static int write_svgs(struct build_ctx *c, struct worker *w, bool unique)
{
	struct group g = {c, w, NULL, 0, false};
	int rc = 0;
	progress_cost((double)c->it.count * MS_SVG);
	progress_start("svg", c->it.count);
	for (long i = 0; i < c->it.count && !rc; i++) {
		char name[128];
		if (c->it.single(c->it.user, i, unique, name, sizeof name) <= 0)
			continue;
		const struct template *t = c->it.faces[c->it.face_of(c->it.user, i)];
		char *rel = xasprintf("svg/%s.svg", name);
		char *path = build_path(c, rel);
		rc = path ? svg_write(path, t->w, t->h, item_bleed(c, t), single_draw, &g, i) : -1;
		free(path);
		free(rel);
		progress_step(i + 1);
	}
	progress_end();
	if (c->report)   /* never written while the PNG threads read it */
		c->report = false;
	if (!rc && c->it.back) {
		char *path = build_path(c, "svg/back.svg");
		const struct template *t = c->it.back;
		rc = path ? svg_write(path, t->w, t->h, item_bleed(c, t), back_draw, &g, -1) : -1;
		free(path);
	}
	return rc;
}

/* ---- PNG files and contact.png, drawn on worker threads ---- */

/* One image to write: item's side (0 face, 1 back), or contact.png (side 2). */
struct png_job {
	long item;
	int side;
	char *path;
};

#define SIDE_CONTACT 2

/* The images of a build and the threads writing them. Background threads start
 * early (png_begin) and write while this thread writes the PDF and SVG files;
 * this thread joins them when it is done (png_end). */
struct png_pool {
	struct build_ctx *c;
	struct png_job *jobs;
	long n, next, done;
	double dpi;
	pthread_mutex_t mu;
	long failed;          /* the job that failed first, or -1 */
	int err;              /* its errno */
	bool stop;            /* another output failed: take no more jobs */
	bool shown;           /* the png step's progress is on screen */
	pthread_t *th;
	struct png_thread *pt;
	int nt, made, started;
	struct buf q;         /* quantities.csv */
	bool quantities;
	/* The PNG canvases the threads hold, in bytes, against PNG_CANVAS_MB (one
	 * canvas may always be had, however large): memory does not grow with
	 * --jobs. canvas_cv: a canvas was given back. */
	double canvas;
	pthread_cond_t canvas_cv;
};

static const struct template *job_template(const struct build_ctx *c, const struct png_job *j)
{
	return j->side ? c->it.back : c->it.faces[c->it.face_of(c->it.user, j->item)];
}

static double canvas_bytes(cairo_surface_t *s)
{
	return s ? (double)cairo_image_surface_get_stride(s) * cairo_image_surface_get_height(s) : 0;
}

/* Give back the thread's canvas *s (NULL: none). */
static void canvas_put(struct png_pool *p, cairo_surface_t **s)
{
	if (!*s)
		return;
	pthread_mutex_lock(&p->mu);
	p->canvas -= canvas_bytes(*s);
	pthread_cond_broadcast(&p->canvas_cv);
	pthread_mutex_unlock(&p->mu);
	cairo_surface_destroy(*s);
	*s = NULL;
}

/* A canvas of pw x ph for this thread: *s when it has that size, else a new one
 * once the canvases held leave room for it (or none is held). */
static cairo_surface_t *canvas_get(struct png_pool *p, cairo_surface_t **s, int pw, int ph)
{
	if (*s && cairo_image_surface_get_width(*s) == pw && cairo_image_surface_get_height(*s) == ph)
		return *s;
	canvas_put(p, s);
	double need = (double)cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, pw) * ph;
	pthread_mutex_lock(&p->mu);
	while (p->canvas > 0 && p->canvas + need > PNG_CANVAS_MB * 1048576.0)
		pthread_cond_wait(&p->canvas_cv, &p->mu);
	p->canvas += need;
	pthread_mutex_unlock(&p->mu);
	*s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, pw, ph);
	if (canvas_bytes(*s) != need) {   /* not made (an error surface): nothing held */
		pthread_mutex_lock(&p->mu);
		p->canvas -= need - canvas_bytes(*s);
		pthread_cond_broadcast(&p->canvas_cv);
		pthread_mutex_unlock(&p->mu);
	}
	return *s;
}

/* Draw job j onto the thread's canvas, made or reused at its size: white, in
 * mm, the origin at the trim corner. */
static cairo_surface_t *job_draw(struct png_pool *p, struct worker *w, const struct png_job *j,
				 cairo_surface_t **sp)
{
	struct build_ctx *c = p->c;
	const struct template *t = job_template(c, j);
	double scale = p->dpi / 25.4;
	int pw = (int)lround((t->w + 2 * t->bleed) * scale), ph = (int)lround((t->h + 2 * t->bleed) * scale);
	cairo_surface_t *s = canvas_get(p, sp, pw, ph);
	cairo_t *cr = cairo_create(s);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	cairo_scale(cr, scale, scale);
	cairo_translate(cr, t->bleed, t->bleed);
	draw_side(c, w, cr, j->item, j->side);
	cairo_destroy(cr);
	return s;
}

/* contact.png: every item, small, in one image of at most about 3000 px a side
 * (games with one face template); *dpi its resolution. */
static cairo_surface_t *contact_draw(struct build_ctx *c, struct worker *w, double *dpi)
{
	const struct template *t = c->it.faces[0];
	long n = c->it.count;
	double cw = t->w, ch = t->h;
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
	cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, pw < 1 ? 1 : pw, ph < 1 ? 1 : ph);
	cairo_t *cr = cairo_create(s);
	cairo_set_source_rgb(cr, 0.85, 0.85, 0.85);
	cairo_paint(cr);
	cairo_scale(cr, scale, scale);
	for (long i = 0; i < n; i++) {
		cairo_save(cr);
		cairo_translate(cr, gap + (double)(i % cols) * (cw + gap), gap + (double)(i / cols) * (ch + gap));
		/* The preview shows the item as cut: trim size, rounded corners. */
		double r = t->radius;
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
		draw_side(c, w, cr, i, 0);
		cairo_restore(cr);
	}
	cairo_destroy(cr);
	*dpi = scale * 25.4;
	return s;
}

/* Job j drawn and saved (s: the thread's reusable surface). 0, or -1 with errno. */
static int job_run(struct png_pool *p, struct worker *w, const struct png_job *j, cairo_surface_t **s)
{
	if (j->side != SIDE_CONTACT)
		return png_save(job_draw(p, w, j, s), j->path, p->dpi);
	double dpi;
	cairo_surface_t *cs = contact_draw(p->c, w, &dpi);
	int rc = png_save(cs, j->path, dpi), e = errno;
	cairo_surface_destroy(cs);
	errno = e;
	return rc;
}

/* One PNG thread: the pool and the thread's own drawer. */
struct png_thread {
	struct png_pool *p;
	struct drawer *dr;
};

static void *png_worker(void *arg)
{
	struct png_thread *t = arg;
	struct png_pool *p = t->p;
	/* Pango is not thread-safe across one font map: each worker has its own
	 * drawer, sharing the main drawer's images (image.c paints them safely from
	 * several threads). It draws with no name, so it notes no warnings (the
	 * first pass did). */
	struct worker w = {t->dr, {0}};
	cairo_surface_t *s = NULL;
	for (;;) {
		pthread_mutex_lock(&p->mu);
		long k = p->failed >= 0 || p->stop || p->next >= p->n ? -1 : p->next++;
		pthread_mutex_unlock(&p->mu);
		if (k < 0)
			break;
		int rc = job_run(p, &w, &p->jobs[k], &s), e = errno;
		pthread_mutex_lock(&p->mu);
		if (rc == 0)
			output_tally(0);
		if (rc != 0 && (p->failed < 0 || k < p->failed)) {
			p->failed = k;
			p->err = e;
		}
		++p->done;
		if (p->shown)
			progress_step(p->done);
		pthread_mutex_unlock(&p->mu);
	}
	canvas_put(p, &s);
	fields_free(&w.f);
	return NULL;
}

static bool has_images(const struct template *t)
{
	for (size_t i = 0; t && i < t->nelems; i++)
		if (t->elems[i].kind == TE_IMAGE)
			return true;
	return false;
}

/* Read every image the items and the back show into the main drawer, whose
 * images the PNG threads share (drawer_new_sharing): once, whatever --jobs is.
 * Returns 0, or -1 after reporting (an image that could be read before is gone). */
static int preload_images(struct build_ctx *c, struct fields *f)
{
	int rc = 0;
	bool any = false;
	for (size_t k = 0; k < c->it.nfaces; k++)
		any |= has_images(c->it.faces[k]);
	for (long i = 0; any && i < c->it.count; i++) {
		const struct template *t = c->it.faces[c->it.face_of(c->it.user, i)];
		if (!has_images(t))
			continue;
		fields_clear(f);
		c->it.fields(c->it.user, i, f);
		rc |= drawer_preload(c->dr, t, f);
	}
	if (has_images(c->it.back)) {
		fields_clear(f);
		c->it.back_fields(c->it.user, f);
		rc |= drawer_preload(c->dr, c->it.back, f);
	}
	return rc;
}

static int build_jobs(const struct build_ctx *c)
{
	if (c->opts.jobs > 0)
		return c->opts.jobs;
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n < 1 ? 1 : n > 64 ? 64 : (int)n;
}

/* The back's problems (an unknown field, a text that does not fit), reported
 * once a build, from this thread, before any pass draws: whichever pass draws
 * the back first (faces.pdf draws none; PNG threads draw it concurrently)
 * would otherwise decide whether they are seen at all. */
static void report_back(struct build_ctx *c, struct worker *w)
{
	if (!c->it.back)
		return;
	cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1);
	cairo_t *cr = cairo_create(s);
	fields_clear(&w->f);
	c->it.back_fields(c->it.user, &w->f);
	draw_item(w->dr, cr, c->it.back, &w->f, NULL, "back");
	cairo_destroy(cr);
	cairo_surface_destroy(s);
}

/* Text overflows are reported once, in order, from this thread: when no earlier
 * pass has drawn the items, a pass onto a 1 x 1 surface does. */
static void report_pass(struct build_ctx *c, struct worker *w, const struct png_job *jobs, long n)
{
	if (!c->report)
		return;
	cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1);
	for (long k = 0; k < n; k++) {
		if (jobs[k].side == SIDE_CONTACT)
			continue;
		cairo_t *cr = cairo_create(s);
		draw_side(c, w, cr, jobs[k].item, jobs[k].side);
		cairo_destroy(cr);
	}
	cairo_surface_destroy(s);
	c->report = false;
}

/* Start the pool's threads but one (this thread is the last, in png_end).
 * Returns 0, or -1 after reporting. */
static int pool_start(struct build_ctx *c, struct worker *w, struct png_pool *p)
{
	report_pass(c, w, p->jobs, p->n);
	pthread_mutex_init(&p->mu, NULL);
	pthread_cond_init(&p->canvas_cv, NULL);
	p->failed = -1;
	int nt = build_jobs(c);
	if (nt > p->n)
		nt = p->n < 1 ? 1 : (int)p->n;
	p->nt = nt;
	p->th = xcalloc((size_t)nt, sizeof *p->th);
	p->pt = xcalloc((size_t)nt, sizeof *p->pt);
	/* Fonts and Pango are per thread; the images are shared. */
	if (preload_images(c, &w->f) != 0)
		return -1;
	for (; p->made < nt; p->made++)
		p->pt[p->made] = (struct png_thread){p, drawer_new_sharing(c->dr)};
	for (int i = 1; i < nt; i++)
		if (pthread_create(&p->th[i], NULL, png_worker, &p->pt[i]) == 0)
			p->started = i;
		else
			break;
	return 0;
}

/* png/NAME.png for each single, and png/back.png (with quantities, quantities.csv
 * in png_end); contact.png too when contact. Starts writing them on the worker
 * threads. Returns 0, or -1 after reporting (png_end still frees). */
static int png_begin(struct build_ctx *c, struct worker *w, struct png_pool *p, bool unique,
		     double dpi, bool quantities, bool contact)
{
	*p = (struct png_pool){.c = c, .dpi = dpi, .quantities = quantities, .failed = -1};
	csv_cell(&p->q, "file");
	csv_cell(&p->q, "count");
	csv_end(&p->q);
	p->jobs = xcalloc((size_t)c->it.count + 3, sizeof *p->jobs);
	/* contact.png first: the longest job should not be the last one */
	if (contact) {
		p->jobs[p->n] = (struct png_job){0, SIDE_CONTACT, build_path(c, "contact.png")};
		if (!p->jobs[p->n++].path)
			return -1;
	}
	for (long i = 0; i < c->it.count; i++) {
		char name[128];
		long copies = c->it.single(c->it.user, i, unique, name, sizeof name);
		if (copies <= 0)
			continue;
		char *rel = xasprintf("png/%s.png", name);
		csv_cell(&p->q, rel);
		csv_cellf(&p->q, "%ld", copies);
		csv_end(&p->q);
		p->jobs[p->n] = (struct png_job){i, 0, build_path(c, rel)};
		free(rel);
		if (!p->jobs[p->n++].path)
			return -1;
	}
	if (c->it.back) {
		csv_cell(&p->q, "png/back.png");
		csv_cellf(&p->q, "%ld", c->it.count);
		csv_end(&p->q);
		p->jobs[p->n] = (struct png_job){0, 1, build_path(c, "png/back.png")};
		if (!p->jobs[p->n++].path)
			return -1;
	}
	return pool_start(c, w, p);
}

/* This thread writes the images left (unless rc, the other outputs' result, is
 * a failure: then the threads stop), joins the threads, frees the pool. Returns
 * 0, or -1 after reporting. */
static int png_end(struct build_ctx *c, struct png_pool *p, int rc)
{
	if (p->made == p->nt && p->nt > 0) {
		pthread_mutex_lock(&p->mu);
		p->stop = rc != 0;
		progress_cost((double)p->n * MS_PNG);
		progress_start("png", p->n);
		progress_step(p->done);
		p->shown = true;
		pthread_mutex_unlock(&p->mu);
		png_worker(&p->pt[0]);
		for (int i = 1; i <= p->started; i++)
			pthread_join(p->th[i], NULL);
		progress_end();
		pthread_mutex_destroy(&p->mu);
		pthread_cond_destroy(&p->canvas_cv);
	} else if (!rc) {
		rc = -1;
	}
	for (int i = 0; i < p->made; i++)
		drawer_free(p->pt[i].dr);
	free(p->pt);
	free(p->th);
	if (!rc && p->failed >= 0) {
		diag(SEV_ERROR, NULL, "cannot write %s: %s", p->jobs[p->failed].path, strerror(p->err));
		rc = -1;
	}
	for (long k = 0; k < p->n; k++)
		free(p->jobs[k].path);
	free(p->jobs);
	if (!rc && p->quantities)
		rc = write_text(c, "quantities.csv", &p->q);
	buf_free(&p->q);
	return rc;
}

/* contact.png alone, on this thread (no PNG files in the build). */
static int write_contact(struct build_ctx *c, struct worker *w)
{
	double dpi;
	cairo_surface_t *s = contact_draw(c, w, &dpi);
	char *path = build_path(c, "contact.png");
	int rc = path ? png_save(s, path, dpi) : -1;
	if (path && rc)
		diag(SEV_ERROR, NULL, "cannot write %s: %s", path, strerror(errno));
	else if (!rc)
		output_tally(0);
	cairo_surface_destroy(s);
	free(path);
	return rc;
}

/* Where a tile seam may run between n cells of size cell from start: in every
 * gap, at most at from the next cell (the middle of a narrower gap). Above a row
 * it runs 1 mm over the spaces, under the letter chips the gap holds. */
#define TILE_OVERLAP 15.0   /* mm each tile lies over the next */

static double *gap_seams(double start, double cell, double gap, int n, double at)
{
	double *v = xcalloc((size_t)(n > 1 ? n - 1 : 1), sizeof *v);
	for (int i = 0; i + 1 < n; i++)
		v[i] = start + (i + 1) * (cell + gap) - fmin(gap / 2, at);
	return v;
}

/* Where the tiles of a cells template of rows x cols may meet (the caller frees x and y). */
static struct tile_seams cell_seams(const struct template *t, int rows, int cols)
{
	const struct tpl_cells *cl = &t->cells;
	struct tile_seams s = {NULL, NULL, 0, 0};
	if (cl->on) {
		s = (struct tile_seams){gap_seams(cl->margin[3], cl->w, cl->gap, cols, cl->gap),
					gap_seams(cl->margin[0], cl->h, cl->gap, rows, 1.0),
					(size_t)(cols - 1), (size_t)(rows - 1)};
	}
	return s;
}

int build_tiled_pages(const struct build_ctx *c, const struct template *t, int rows, int cols)
{
	double pw, ph, iw, ih;
	paper_size(build_paper(c), &pw, &ph);
	template_size(t, rows, cols, &iw, &ih);
	struct tile_seams s = cell_seams(t, rows, cols);
	int n = impose_tile_pages(pw, ph, c->opts.margin, iw, ih, t->bleed, TILE_OVERLAP, &s);
	free((void *)s.x);
	free((void *)s.y);
	return n;
}

int build_tiled(struct build_ctx *c, const char *rel, const struct template *t, int rows, int cols,
		item_draw_fn draw, void *user)
{
	double pw, ph, iw, ih;
	paper_size(build_paper(c), &pw, &ph);
	template_size(t, rows, cols, &iw, &ih);
	char *path = build_path(c, rel);
	struct pdfw *w = path ? pdfw_open(path) : NULL;
	free(path);
	if (!w)
		return -1;
	if (build_press(c) || pdfw_screen()) {
		/* one page, the whole item with bleed: a press prints it untiled, a
		 * screen shows it whole */
		double b = t->bleed > 0 ? t->bleed : TPL_DEFAULT_BLEED;
		cairo_t *cr = pdfw_page(w, iw + 2 * b, ih + 2 * b, b, NULL);
		draw(user, cr, 0, 0);
		pdfw_end_page(w);
		return pdfw_close(w);
	}
	struct tile_seams s = cell_seams(t, rows, cols);
	impose_tiles(w, pw, ph, c->opts.margin, iw, ih, t->bleed, TILE_OVERLAP, &s, draw, user, 0);
	free((void *)s.x);
	free((void *)s.y);
	return pdfw_close(w);
}

static int write_manifest(struct build_ctx *c)
{
	struct buf s = {0};
	c->it.manifest(c, c->it.user, &s);
	return write_text(c, "manifest.csv", &s);
}

/* The files of a home build: everything --only asks for. The SVG files come
 * first: Cairo numbers their groups from a counter every thread's drawing
 * advances. Then the PNG files (and contact.png) are written on worker threads
 * while this thread writes the sheets. */
static int write_home(struct build_ctx *c, struct worker *w)
{
	int only = c->opts.only, rc = 0;
	bool items = c->it.count > 0;
	if (!rc && (only & BO_FACES) && items)
		rc = write_faces(c, w, "faces.pdf");
	if (!rc && (only & BO_FACES) && c->it.back && items)
		rc = write_back_pdf(c, w);
	/* The PNGs (and contact.png) are drawn on the worker threads from here on,
	 * beside the SVGs, the large items and the sheets, so that both cores stay
	 * busy; faces.pdf's pass has reported the items' problems by now (otherwise
	 * png_begin's report pass does, before the threads start). */
	bool pngs = !rc && (only & BO_PNG) && items;
	bool contact = (only & BO_CONTACT) && items && c->it.nfaces == 1;
	struct png_pool pool;
	if (pngs)
		rc = png_begin(c, w, &pool, false, 300, false, contact);
	if (!rc && (only & BO_SVG) && items)
		rc = write_svgs(c, w, false);
	const char *const *papers;
	int npapers = sheet_papers(c, &papers);
	/* The large items on each paper asked for (default a4); the SVG once. */
	for (int i = 0; !rc && c->it.extra && i < (c->opts.npapers ? npapers : 1); i++) {
		c->large_paper = c->opts.npapers ? papers[i] : "a4";
		c->paper_suffix = c->opts.npapers > 1;
		if (i > 0)
			c->opts.only &= ~BO_SVG;
		rc = c->it.extra(c, c->it.user);
	}
	c->opts.only = only;
	c->large_paper = NULL;
	c->paper_suffix = false;
	c->nsheets_seen = 0;
	c->seam_known = xcalloc(c->it.nfaces + 1, 1);
	for (int i = 0; !rc && (only & BO_SHEETS) && items && i < npapers; i++)
		rc = write_sheets(c, w, papers[i]);
	free(c->seam_known);
	c->seam_known = NULL;
	if (pngs)
		rc = png_end(c, &pool, rc);
	else if (!rc && contact)
		rc = write_contact(c, w);
	return rc;
}

static int write_preset(struct build_ctx *c, struct worker *w)
{
	if (c->opts.preset == PRESET_DRIVETHRU)
		return write_faces(c, w, "drivethru.pdf");
	if (c->opts.preset == PRESET_PRESS) {
		int rc = c->it.count ? write_faces(c, w, "faces.pdf") : 0;
		rc = !rc && c->it.back && c->it.count ? write_back_pdf(c, w) : rc;
		/* every other component, each a page of its own with bleed (build_press) */
		int only = c->opts.only;
		c->opts.only = BO_PLACEMAT | BO_REFERENCE | BO_TOKENS | BO_BOARD | BO_SETUP;
		if (!rc && c->it.extra)
			rc = c->it.extra(c, c->it.user);
		c->opts.only = only;
		return rc;
	}
	bool copies = false;
	for (long i = 0; i < c->it.count && !copies; i++) {
		char name[128];
		copies = c->it.single(c->it.user, i, true, name, sizeof name) > 1;
	}
	struct png_pool pool;
	return png_end(c, &pool, png_begin(c, w, &pool, true, 300, copies, false));
}

/* --colour cmyk (the default of drivethru and press): Ghostscript checked and the
 * ink-limited profile made in the staging folder. 0, or -1 after reporting. */
static int colour_begin(struct build_ctx *c)
{
	const struct build_opts *o = &c->opts;
	bool pdfs = o->preset == PRESET_DRIVETHRU || o->preset == PRESET_PRESS;
	bool cmyk = o->colour == COLOUR_CMYK || (o->colour == COLOUR_DEFAULT && pdfs);
	if (cmyk && (o->preset == PRESET_TGC || o->preset == PRESET_MPC)) {
		diag(SEV_ERROR, NULL, "--colour cmyk: the %s preset writes PNG images, which stay RGB",
		     o->preset == PRESET_TGC ? "tgc" : "mpc");
		return -1;
	}
	double ink = o->max_ink ? o->max_ink : o->preset == PRESET_DRIVETHRU ? 240 : 300;
	struct pdfx_opts x = {cmyk, o->icc, ink, budget_build_seconds()};
	if (o->proof && !cmyk) {
		diag(SEV_ERROR, NULL, "--proof shows how CMYK files print: it needs --colour cmyk (or --preset drivethru or press)");
		return -1;
	}
	int rc = pdfx_begin(&x, c->stage);
	/* the pack's and the templates' colours, noted as they were read, through
	 * the conversion */
	if (!rc && pdfx_active())
		colour_check();
	colour_forget();
	return rc;
}

/* The card sizes a print-on-demand service sells (trim, mm, portrait);
 * docs/print.md ("Sizes a service sells") cites where each list comes from. */
struct product {
	const char *name;
	double w, h;
};

static const struct product tgc_products[] = {
	{"poker", 63.5, 88.9}, {"bridge", 57.15, 88.9}, {"mini", 44.45, 63.5}, {"tarot", 69.85, 120.65},
	{"square", 63.5, 63.5}, {"large square", 88.9, 88.9}, {"domino", 44.45, 88.9},
	{"jumbo", 88.9, 146.05}, {NULL, 0, 0}};
static const struct product mpc_products[] = {
	{"poker", 63.5, 88.9}, {"bridge", 57.15, 88.9}, {"mini", 44.45, 63.5}, {"tarot", 69.85, 120.65},
	{"square", 63.5, 63.5}, {"jumbo", 88.9, 127.0}, {NULL, 0, 0}};
static const struct product dtc_products[] = {
	{"poker", 63.5, 88.9}, {"bridge", 57.15, 88.9}, {"mini", 44.45, 63.5}, {"tarot", 69.85, 120.65},
	{"square", 88.9, 88.9}, {NULL, 0, 0}};

/* How far w x h is from product p in either orientation (mm, the larger side's). */
static double product_off(const struct product *p, double w, double h)
{
	double a = fmax(fabs(w - p->w), fabs(h - p->h)), b = fmax(fabs(w - p->h), fabs(h - p->w));
	return fmin(a, b);
}

/* Every face size of the build is one the preset's service sells (within 0.5 mm);
 * else every other size is reported with the nearest product. 0 or -1. */
static int check_products(const struct build_ctx *c)
{
	static const char *const service[] = {"", "The Game Crafter", "MakePlayingCards",
					      "DriveThruCards", ""};
	const struct product *list = c->opts.preset == PRESET_TGC	? tgc_products
				     : c->opts.preset == PRESET_MPC	? mpc_products
				     : c->opts.preset == PRESET_DRIVETHRU ? dtc_products
									  : NULL;
	int rc = 0;
	if (!list || !c->it.count)
		return 0;
	if (c->opts.preset == PRESET_DRIVETHRU && !c->it.back) {
		diag(SEV_ERROR, NULL, "--preset drivethru: %s has no back; DriveThruCards prints a back on every card (give the pack a back template, or use --preset press)",
		     c->id);
		rc = -1;
	}
	for (size_t f = 0; f < c->it.nfaces; f++) {
		const struct template *t = c->it.faces[f];
		const struct product *near = list;
		for (const struct product *p = list; p->name; p++)
			if (product_off(p, t->w, t->h) < product_off(near, t->w, t->h))
				near = p;
		if (product_off(near, t->w, t->h) <= 0.5)
			continue;
		diag(SEV_ERROR, &t->loc_size, "--preset %s: the %s are %.4g x %.4g mm, a size %s does not sell (nearest: %s, %.4g x %.4g mm)",
		     build_preset_names[c->opts.preset], c->it.nfaces > 1 ? c->it.face_names[f] : "items", t->w,
		     t->h, service[c->opts.preset], near->name, near->w, near->h);
		rc = -1;
	}
	return rc;
}

/* Before a large build (ESTIMATE_FROM items or more) starts: what it will make,
 * from the sizes of a typical card (faces.pdf 2 KB a page, sheets 2 KB a card
 * on each paper, an SVG file 28 KB, a PNG file 62 KB). */
#define ESTIMATE_FROM 1000
static void estimate(const struct build_ctx *c)
{
	long n = c->it.count, pages = 0;
	double kb = 0;
	int only = c->opts.preset == PRESET_HOME ? c->opts.only : BO_PNG;
	const char *const *list;
	int papers = sheet_papers(c, &list);
	if (n < ESTIMATE_FROM || c->opts.quiet)
		return;
	if (only & BO_FACES) {
		pages += n;
		kb += 2.0 * (double)n;
	}
	if (only & BO_SHEETS) {
		pages += papers * 2 * ((n + 8) / 9);
		kb += 2.0 * papers * (double)n;
	}
	if (only & BO_SVG)
		kb += 28.0 * (double)n;
	if (only & BO_PNG)
		kb += 62.0 * (double)n;
	fprintf(stderr, "railyard: build: %ld items, about %ld PDF pages and %.0f MB of files "
		"(--only chooses fewer)\n", n, pages, kb / 1024 + 0.5);
}

/* A PDF of pages written: its drawing's step (draw: none when 0) and, in
 * CMYK, pdfx_convert's four and --proof's. */
static void plan_pdf(const struct build_ctx *c, int *steps, double *cost, double draw, long pages)
{
	*steps += draw > 0;
	*cost += draw;
	if (pdfx_active()) {
		*steps += c->opts.proof ? 5 : 4;
		*cost += pdfx_cost(pages, c->opts.proof);
	}
}

/* The steps that report progress and their cost: faces.pdf, each face
 * template's edge check, each sheets PDF, svg, png, and the four of each PDF
 * converted to CMYK (the placemats, boards and other large items are not
 * counted). */
static void plan_progress(const struct build_ctx *c)
{
	int only = c->opts.only, steps = 0;
	double cost = 0, n = (double)c->it.count;
	long count = c->it.count;
	bool back = c->it.back != NULL;
	if (c->opts.preset == PRESET_DRIVETHRU || c->opts.preset == PRESET_PRESS) {
		long pages = c->opts.preset == PRESET_DRIVETHRU && back ? 2 * count : count;
		plan_pdf(c, &steps, &cost, (double)pages * MS_PAGE, pages);
		if (c->opts.preset == PRESET_PRESS && back)
			plan_pdf(c, &steps, &cost, 0, 1);
	} else if (c->opts.preset != PRESET_HOME) {
		steps = 1;
		cost = n * MS_PNG;
	} else if (count) {
		if (only & BO_FACES)
			plan_pdf(c, &steps, &cost, n * MS_PAGE, count);
		if ((only & BO_FACES) && back)
			plan_pdf(c, &steps, &cost, 0, 1);
		const char *const *papers;
		int npapers = (only & BO_SHEETS) ? sheet_papers(c, &papers) : 0;
		double per_face = n / (double)(c->it.nfaces ? c->it.nfaces : 1);
		for (size_t f = 0; npapers && f < c->it.nfaces; f++) {
			bool edge = edge_checked(c, f);
			steps += edge;
			cost += edge ? per_face * MS_EDGE : 0;
			for (int i = 0; i < npapers; i++)
				plan_pdf(c, &steps, &cost, per_face * MS_SHEET, 2 * ((long)per_face + 8) / 9);
		}
		steps += !!(only & BO_SVG) + !!(only & BO_PNG);
		cost += ((only & BO_SVG) ? n * MS_SVG : 0) + ((only & BO_PNG) ? n * MS_PNG : 0);
	}
	progress_steps(steps);
	progress_plan(cost);
}

/* Keep freed memory in the process: every PDF page's zlib state (Cairo compresses
 * each page) is freed at the top of the heap, and glibc's default trimming gave
 * it back and faulted it in again, page after page (84,000 faces: 950,000 minor
 * page faults, 3,000 with this). */
static void keep_memory(void)
{
#ifdef __GLIBC__
	mallopt(M_TRIM_THRESHOLD, 512 << 20);
	mallopt(M_MMAP_THRESHOLD, 32 << 20);
#endif
}

/* --proof: every PDF of the set (converted to CMYK) rendered as it prints into
 * proof/NAME-NNN.png, registered in the set. 0 or -1 after reporting. */
static int write_proofs(struct build_ctx *c)
{
	size_t n = c->nfiles;
	char *dir = xasprintf("%s/proof", c->stage);
	int rc = 0;
	if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
		diag(SEV_ERROR, NULL, "cannot create %s: %s", dir, strerror(errno));
		rc = -1;
	}
	for (size_t i = 0; i < n && !rc; i++) {
		const char *rel = c->files[i];
		size_t len = strlen(rel);
		if (len < 5 || strcmp(rel + len - 4, ".pdf") != 0)
			continue;
		char *base = xstrndup(rel, len - 4);
		for (char *p = base; *p; p++)
			if (*p == '/')
				*p = '-';
		char *pdf = xasprintf("%s/%s", c->stage, rel);
		char *pattern = xasprintf("%s/%s-%%03d.png", dir, base);
		rc = pdfx_proof(pdf, rel, pattern);
		/* register the pages Ghostscript wrote */
		for (int page = 1; !rc; page++) {
			char *name = xasprintf("proof/%s-%03d.png", base, page);
			char *full = xasprintf("%s/%s", c->stage, name);
			bool there = access(full, F_OK) == 0;
			if (there)
				free(build_path(c, name));
			free(name);
			free(full);
			if (!there)
				break;
		}
		free(pattern);
		free(pdf);
		free(base);
	}
	free(dir);
	return rc;
}

int build_run(struct build_ctx *c)
{
	keep_memory();
	unsigned long refused = image_refusals() + draw_refusals();
	estimate(c);
	glog_capture();
	budget_start();
	c->report = true;
	c->lock_fd = -1;
	c->nsheets_seen = 0;
	if (check_products(c) != 0) {
		budget_stop();   /* a --watch rebuild's limit counts from its own start */
		return EXIT_INPUT;
	}
	if (make_stage(c) != 0) {
		unlock_set(c);
		budget_stop();
		free(c->dir);
		return EXIT_OUTPUT;
	}
	if (colour_begin(c) != 0) {
		rm_tree_at(AT_FDCWD, stage_live, 0);
		stage_live[0] = 0;
		unlock_set(c);
		budget_stop();
		free(c->dir);
		free(c->stage);
		return EXIT_INPUT;
	}
	struct worker w = {c->dr, {0}};
	report_back(c, &w);
	plan_progress(c);
	int rc = c->opts.preset == PRESET_HOME ? write_home(c, &w) : write_preset(c, &w);
	if (!rc && image_refusals() + draw_refusals() != refused)
		rc = -1;   /* a text or image refused (reported): nothing is published */
	if (!rc && c->opts.proof && pdfx_active())
		rc = write_proofs(c);
	pdfx_end();
	if (!rc)
		rc = write_manifest(c);
	if (!rc && c->opts.only != BO_ALL && !c->opts.preview && c->opts.preset == PRESET_HOME)
		rc = keep_rest(c);
	if (!rc)
		rc = write_list(c);
	if (!rc)
		rc = commit(c);
	/* The drawing's warnings, one per template element, then their total: all
	 * before the summary line, which ends the output. */
	drawer_report(c->dr);
	long over = drawer_overflows(c->dr);
	if (over > 20)
		diag(SEV_WARNING, NULL, "%ld texts did not fit their boxes in all (each element above "
		     "names its first)", over);
	if (!rc && !c->opts.quiet)
		output_tally_print(c->dir);
	fields_free(&w.f);
	if (stage_live[0]) {
		rm_tree_at(AT_FDCWD, stage_live, 0);
		stage_live[0] = 0;
	}
	unlock_set(c);
	budget_stop();
	glog_summary();
	for (size_t i = 0; i < c->nfiles; i++)
		free(c->files[i]);
	free(c->files);
	free(c->dir);
	free(c->stage);
	if (!rc)
		return EXIT_OK;
	return pdfx_refused() ? EXIT_RULE : image_refusals() + draw_refusals() != refused ? EXIT_INPUT : EXIT_OUTPUT;
}

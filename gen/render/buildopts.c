/* buildopts.c: the options every game's build takes (buildopts.h): their table,
 * their values checked one by one, and build_parse over a game's table. */
#include "buildopts.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "budget.h"
#include "cli.h"
#include "diag.h"
#include "image.h"
#include "names.h"
#include "output.h"
#include "pdfx.h"
#include "template.h"
#include "trust.h"
#include "util.h"

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

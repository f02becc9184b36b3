/* buildinput.c: the input half of every game's build (buildinput.h): template
 * lookup, the pack's size, bleed and PNG limits, the item limit and the
 * pre-build check. */
#include "buildinput.h"

#include <stdlib.h>

#include "datapath.h"
#include "diag.h"
#include "output.h"
#include "trust.h"
#include "watch.h"

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

/* The bleed every item gets: the preset's, --bleed, or -1 for the templates' own.
 * The command sets it on its templates before build_run. */
static double build_bleed(const struct build_opts *o)
{
	/* The Game Crafter and DriveThruCards: 1/8 in; MakePlayingCards: 36 px at 300 dpi */
	return o->preset == PRESET_TGC || o->preset == PRESET_DRIVETHRU ? 3.175
	       : o->preset == PRESET_MPC				 ? 36 * 25.4 / 300
									 : o->bleed;
}

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

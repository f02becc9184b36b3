/* live_page.h: the page railyard serve shows (its HTML, script and style),
 * and a source file as numbered lines with their messages. */
#ifndef RAILYARD_LIVE_PAGE_H
#define RAILYARD_LIVE_PAGE_H

#include <stddef.h>

/* A file the page may show: its name as the pack or a build wrote it, and
 * where it is (resolved, inside the trusted folders). */
struct live_source {
	char *name, *real;
};

/* A message at a line of a source. */
struct live_mark {
	unsigned line, col;
	const char *severity;   /* "error", "warning", "note" */
	const char *text;
};

extern const char live_page_html[], live_page_js[], live_page_css[];

/* The HTML page of source s (read now from s->real, at most 4 MiB): each line
 * numbered, an anchor "LN" at line N, marks[0..nmarks-1] under their lines.
 * Returns it malloc'd (its length in *len); a file that cannot be read gives
 * a page that says why. */
char *live_page_source(const struct live_source *s, const struct live_mark *marks, size_t nmarks,
		       size_t *len);

#endif

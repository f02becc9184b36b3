/* itemfiles.h: the item files a build writes on this thread: faces.pdf (or a
 * preset's one PDF), back.pdf, the imposed sheets on each paper (their layout
 * chosen by the edge check) and the single SVG files. */
#ifndef RAILYARD_ITEMFILES_H
#define RAILYARD_ITEMFILES_H

#include <stdbool.h>
#include <stddef.h>

#include "buildctx.h"
#include "itemdraw.h"

/* rel (faces.pdf, drivethru.pdf): a page per item with its bleed (DriveThruCards:
 * each item's back page, then its front); the pass that reports the items'
 * problems. 0, or -1 after reporting. */
int itemfiles_faces(struct build_ctx *c, struct worker *w, const char *rel);

/* back.pdf: the back, one page, boxes as faces.pdf. 0, or -1 after reporting. */
int itemfiles_back(struct build_ctx *c, struct worker *w);

/* The papers the sheets go on (--paper's list, or a4 and letter) in *papers:
 * their count. */
int itemfiles_sheet_papers(const struct build_ctx *c, const char *const **papers);

/* Whether face template f's sheets get the edge check (a step of the build's
 * progress): --layout butted, or auto when a butted sheet holds more on one of
 * the papers. */
bool itemfiles_edge_checked(const struct build_ctx *c, size_t f);

/* sheets-PAPER.pdf (sheets-NAME-PAPER.pdf for each face template when there are
 * several): the items imposed on paper, butted or with gutters, the backs on
 * the reverse; the layout noted for the summary line. 0, or -1 after reporting. */
int itemfiles_sheets(struct build_ctx *c, struct worker *w, const char *paper);

/* svg/NAME.svg for each single (unique: one per distinct face), and
 * svg/back.svg. 0, or -1 after reporting. */
int itemfiles_svgs(struct build_ctx *c, struct worker *w, bool unique);

#endif

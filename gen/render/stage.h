/* stage.h: a build's staging folder beside the set it replaces. One build of a
 * set at a time (a lock file), the files it writes listed in files.txt, the
 * stage swapped in for the old set whole (the files railyard did not write kept),
 * and removed, also from a signal handler, when the build does not finish. */
#ifndef RAILYARD_STAGE_H
#define RAILYARD_STAGE_H

#include "buildctx.h"
#include "util.h"

/* Lock the set c writes (PARENT/ID, or its preview or preset folder: c->dir),
 * waiting a little for another build of it, remove the stages a stopped build
 * left, and make the staging folder beside it (c->stage). Returns 0, or -1
 * after reporting (stage_close still unlocks). */
int stage_open(struct build_ctx *c);

/* The staging path of a file of the set (rel: "placemat.pdf", "svg/board.svg"),
 * registered in files.txt, its folder created. Caller frees. NULL after reporting. */
char *build_path(struct build_ctx *c, const char *rel);

/* Write rel in the stage from s (freed). Returns 0 or -1 after reporting. */
int stage_write_text(struct build_ctx *c, const char *rel, struct buf *s);

/* A build of some outputs only (--only, not a preview): the files of the old set
 * in c->dir that railyard wrote for outputs this build does not make are linked
 * into the stage as they are and listed in its files.txt, so the rest of the set
 * stays. Returns 0 or -1 after reporting. */
int stage_keep_rest(struct build_ctx *c);

/* files.txt: every file of the set, itself included, sorted. 0 or -1. */
int stage_write_list(struct build_ctx *c);

/* Swap the stage in for the set: the old set's foreign files are linked in first,
 * then one renameat2(RENAME_EXCHANGE), then the old set is removed. 0, or -1
 * after reporting. */
int stage_commit(struct build_ctx *c);

/* The end of a build: the stage removed unless it was swapped in, the lock
 * released. */
void stage_close(struct build_ctx *c);

#endif

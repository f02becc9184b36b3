/* kit_build.h: `railyard build` for the games whose packs are deck packs
 * (kit.h: Take the Train, domino Trains, Train, Toy Train). kit_build.c hands
 * every card, tile, letter and token of the pack to the pipeline (pipeline.h) and
 * writes the token sheets and the reference; each game's GAME_build.c adds what
 * only that game has (domino's pips, Toy Train's board, Train's setup sheet)
 * through a struct kit_build_game. */
#ifndef RAILYARD_KIT_BUILD_H
#define RAILYARD_KIT_BUILD_H

#include <stdbool.h>
#include <stddef.h>

#include "kit.h"
#include "draw.h"
#include "game.h"
#include "buildctx.h"
#include "template.h"

#define KIT_BUILD_MAX_OWN 4  /* templates a game draws besides the components */

/* One build of a deck pack: what the components and the game's own files share. */
struct kit_build {
	struct kit *d;
	const struct kit_build_game *game;  /* what the pack's game adds */
	const struct game_rules *rules;  /* the pack's `rules:` as its game read them */
	struct drawer *dr;
	struct fields f;           /* the board's, setup's and tokens' (main thread) */
	struct template **tpl;     /* per group: its face template, or NULL */
	struct template *back;
	struct template *reference;  /* templates/GAME-reference.yaml (kit_reference.h) */
	struct template *quickref;   /* templates/GAME-quickref.yaml: its cut-out card */
	struct template *own[KIT_BUILD_MAX_OWN];  /* the game's own (board, setup), or NULL */
	struct template **owned;   /* every template loaded (NULLs allowed): freed at the end */
	size_t nowned;
	size_t *phys;              /* physical components (not tokens): item indices */
	long nphys;
	const struct template **faces;  /* the distinct face templates of phys */
	const char **face_names;        /* the group that names each */
	size_t nfaces;
	size_t *face_of;           /* per group: index into faces */
};

/* What a game adds to the deck build; any member may be left zero. */
struct kit_build_game {
	/* Item i's fields only this game's templates use, set after the deck's. */
	void (*item_fields)(const struct kit *d, size_t i, struct fields *f);
	/* Load the game's own templates into b->own (kit_build_template) and check
	 * what they need of its rules: 0, or -1 after reporting. */
	int (*prepare)(struct kit_build *b);
	/* Write the game's own PDF files that bc->opts.only asks for (before the
	 * reference), then its own SVG files (after it): 0, or -1. */
	int (*extra)(struct build_ctx *bc, struct kit_build *b);
	int (*extra_svg)(struct build_ctx *bc, struct kit_build *b);
	/* The game's pack-level check (kit_games.h: GAME_check_pack): the errors it
	 * reports; build refuses the pack unless --force (buildinput.h); or -1 when
	 * a file it needs is refused or missing (reported): bad input, exit 2, even
	 * with --force. NULL: none.
	 * notes: warn of player counts that cannot play too (check, not build). */
	int (*sound)(const struct kit *d, const struct game_rules *rules, bool notes);
	/* Which of the pack's `board:` and `setup:` the game draws; a pack naming a
	 * template for one it does not draw is refused. */
	bool board, setup;
	/* The reference page shows a few of the pack's cards when its components
	 * take one row (a game whose rules the page cannot show: any card game). */
	bool samples;
};

/* The template at path (as the pack writes it, at loc) for what ("board"), one
 * of 'cells' when cells, else of a size; NULL after reporting. */
struct template *kit_build_template(struct kit_build *b, const char *path, const struct loc *loc,
				     const char *what, bool cells);

/* A build without output, for check: d's templates (faces, back, the game's
 * own, the reference) loaded as build loads them (fonts, palette, appearance),
 * fitted to the pack's size, every image read, and every distinct face and
 * the back drawn once onto a recording surface, so that each problem build
 * would report (a missing field, text that does not fit, a bad colour) is
 * reported the same way, and nothing is written. Takes d over (freed).
 * Returns the number of faces drawn, or -1 after reporting an error. */
int kit_build_rehearse(const struct game *game, struct kit *d, const struct game_rules *rules);

#endif

/* take.h: Take the Train (seeds/001): lines of one colour built away from a
 * Station, descending from the middle number to 1 on one side and ascending from
 * the next number to the highest on the other; End of Line and its wrap-around;
 * Free Ride standing in for a number card; Transfer branches. Pure: no I/O. */
#ifndef RAILYARD_TAKE_H
#define RAILYARD_TAKE_H

#include <stdbool.h>
#include <stddef.h>

#include "ruleset.h"
#include "util.h"

enum take_kind { TK_NUMBER, TK_STATION, TK_FREE_RIDE, TK_END_OF_LINE, TK_TRANSFER };

struct take_card {
	enum take_kind kind;
	int colour;         /* index into take_game.colours; -1 for colourless cards */
	int number;         /* 1..high for number cards, else 0 */
};

/* The deck as the rules see it (from the pack: colours x numbers, specials). */
struct take_game {
	const char *const *colours;
	size_t ncolours;
	int high;            /* numbers 1..high (12) */
	int split;           /* one side descends from split (6), the other ascends from split+1 */
	long free_rides, end_of_lines, transfers;  /* copies in the pack (0: left out) */
};

/* Parse one card: "B7", "blue-7", "BS" / "blue-station", "FR" / "free-ride",
 * "EL" / "end-of-line", "TR" / "transfer" (case-insensitive; a colour may be any
 * unique prefix of its name). 0, or -1 with a reason in *why. */
int take_parse_card(const struct take_game *g, const char *tok, struct take_card *c,
		    struct buf *why);

#define TAKE_LEFT  0   /* the descending side, written left of the Station */
#define TAKE_RIGHT 1   /* the ascending side, written right of the Station */

/* A line on the table: a Station and, per side, the cards outward from it. A
 * Free Ride's value is the number it stands in for. */
struct take_line {
	int colour;
	int value[2][64];    /* value[side][k]: number at step k from the Station */
	bool free[2][64];    /* a Free Ride stands there */
	size_t len[2];
	bool closed[2];      /* an End of Line closes that side */
	/* A Transfer's branch beyond the card at an end (seeds/001, Transfer): its
	 * colour, its numbers heading away from the Station (the first is the
	 * number it branched at), Free Rides among them; branch_len 0: none. */
	int branch_colour[2];
	int branch_value[2][16];
	bool branch_free[2][16];
	size_t branch_len[2];
};

/* The number at step k of a side (wrapping past 1 or past high). */
int take_step_value(const struct take_game *g, int side, size_t k);

/* Read a line written as on the table, left to right, the Station in the middle:
 * "B1 B2 B3 B4 B5 B6 BS B7 B8 EL"; a Transfer's branch beyond the card at an
 * end, heading away from the Station: "O3 O4 O5 TR B5 B6 BS B7". 0, or -1 with
 * every problem in *why. */
int take_line_parse(const struct take_game *g, const struct take_card *cards, size_t n,
		    struct take_line *line, struct buf *why);

/* ---- positions and moves: what the engine plays and the checker judges ---- */

/* Card ids of a hand (counts per id): number cards colour x high + number - 1,
 * Stations after them, then the specials. */
#define TAKE_ID_FREE_RIDE 250
#define TAKE_ID_END_OF_LINE 251
#define TAKE_ID_TRANSFER 252
#define TAKE_NIDS 253
int take_number_id(const struct take_game *g, int colour, int number);
int take_station_id(const struct take_game *g, int colour);

#define TAKE_MAX_LINES 24
/* A line on the table: a Station's (two ends, TAKE_LEFT descending and
 * TAKE_RIGHT ascending, len[side] cards from the Station) or a Transfer's
 * branch (one end, side TAKE_LEFT: len[0] cards counting the one it branched
 * with, heading by dir, -1 toward 1 or +1 toward high; bnext the number it
 * takes next). */
struct take_tline {
	int colour;
	bool branch;
	int dir, bnext;
	int len[2];
	bool closed[2];
};
struct take_free_ride {
	int colour, value, line;   /* the number it stands in for, on which line */
	bool on;                   /* false: taken back */
};
/* Everything on the table. */
struct take_table {
	int nlines;
	struct take_tline line[TAKE_MAX_LINES];
	int station_line[64];      /* per colour: the line its Station opened, or -1 */
	unsigned long long used[64];   /* per colour, bit v: that number is on the table */
	struct take_free_ride fr[8];
	int nfr;
	int end_of_lines, transfers;   /* on the table */
};
/* An empty table. */
void take_table_init(struct take_table *t);
/* What a player sees: the table and its hand as counts per card id, or hand
 * NULL when not known (the checker without --hand: the player is taken to
 * hold the cards, as many as the pack has). */
struct take_pos {
	const struct take_game *g;
	const struct take_table *t;
	const unsigned char *hand;
};

/* One play. RUN: len cards to end `side` of line `line`; STATION: the Station
 * of `colour`, then len cards (0: alone) to its end `side` (0 when alone);
 * END_OF_LINE: on end `side` of line `line`; REPLACE: the number card that
 * Free Ride slot `line` stands in for; TRANSFER: beside the card at end `side`
 * of line `line`, then the card of `colour` with its number, then len cards
 * of the branch. free: bit k, the k-th card of the run (the branch's) is a
 * Free Ride. */
enum take_move_kind { TAKE_RUN, TAKE_STATION, TAKE_END_OF_LINE, TAKE_REPLACE, TAKE_TRANSFER, TAKE_NKINDS };
struct take_move {
	unsigned char kind, line, side, colour, len;
	unsigned short free;
};
/* More than the legal plays of any position (take_moves never drops one). */
#define TAKE_MAX_MOVES 8192

/* The cards move m lays, in order, into out[0..] (at most 2 + 16); how many. */
size_t take_move_cards(const struct take_game *g, const struct take_table *t, const struct take_move *m,
		       struct take_card *out);
/* Is move m legal in position p? why (may be NULL) gets what it does, or why
 * not. The one statement of the rules of play: the engine plays what
 * take_moves lists with it, the checker (take_check_play) judges with it. */
bool take_move_legal(const struct take_pos *p, const struct take_move *m, struct buf *why);
/* Every legal move of position p (hand known) into out[0..max-1]: the
 * candidates take_move_legal could pass, each put to it. Returns how many. */
size_t take_moves(const struct take_pos *p, struct take_move *out, size_t max);
/* Lay move m (legal) on the table, the player's hand (may be NULL) losing its
 * cards. */
void take_move_apply(const struct take_game *g, struct take_table *t, unsigned char *hand, const struct take_move *m);

/* Is play[0..n-1] legal on line (NULL: no line on the table yet)? side is
 * TAKE_LEFT, TAKE_RIGHT or -1 for either end. *out gets one line per finding: on
 * success what the play does, on failure why not. */
bool take_check_play(const struct take_game *g, const struct take_line *line,
		     const struct take_card *play, size_t n, int side, struct buf *out);

/* The turn of a player holding hand[0..n-1] (line NULL: no line yet, the Station
 * phase). Writes one line per finding into *out: the plays the hand allows, or
 * what the rules make the player do instead (pass without a fare in the Station
 * phase; otherwise "Take the Train": pay one fare and draw). Returns how many
 * one-card plays (or Station openings) are legal. */
int take_turn(const struct take_game *g, const struct take_line *line,
	      const struct take_card *hand, size_t n, struct buf *out);

/* A tie for the most fares (rules: tie; the seed is silent): the round has no
 * single winner, every tied player scores it (multi-round play), or the tied
 * player with the fewest cards left wins. */
enum take_tie { TAKE_TIE_NONE, TAKE_TIE_SHARED, TAKE_TIE_FEWEST_CARDS };


/* Its named rules (take_rule_keys) as values, read from a ruleset with the
 * pack's `rules:` and --rule applied (take_rules_from): what the engine and
 * check read, never a key by its name. */
struct take_rules {
	long target;   /* rounds until a total of fares reaches it; 0: one round */
	long rounds;   /* at most this many rounds; 0: no limit */
	enum take_tie tie;
};
void take_rules_from(const struct ruleset *rs, struct take_rules *out);

/* The end of a round (seeds/001, "Ending the game"): every player but the one
 * whose hand emptied pays one fare per card left (no more than they have); the
 * most fares wins. cards[i], fares[i] per seat; after[i] gets the fares left.
 * Returns the winning seat, or -1 when the round has no single winner: a tie
 * for the most, unless rule is TAKE_TIE_FEWEST_CARDS and one of the tied has
 * fewer cards left than the others. */
int take_end(const long *cards, const long *fares, int players, enum take_tie rule, long *after);

/* The most fares any of the players holds in after[]. */
long take_most(const long *after, int players);

/* The named rules of Take the Train (ruleset.h), NULL-key terminated. */
extern const struct ruleset_key take_rule_keys[];

/* Its name, the `game:` of its packs. */
#define TAKE_GAME "take-the-train"

/* ---- Take the Train as a plug-in: its parts, registered by take_game.c ---- */
struct game;
struct game_rules;
struct ydoc;
struct kit_build_game;
struct kit_list_game;
struct gsim_engine;
/* Read the pack's `rules:` (NULL: none) into out (take_rules.c): the named rules,
 * every unknown key reported through r. */
void take_rules_load(struct yread *r, const struct ynode *rules, struct game_rules *out);
/* Its pack-level check (kit_games.h says what it is). */
struct kit;
int take_check_pack(const struct kit *d, const struct game_rules *rules, bool notes);
/* railyard check (take_check.c) and its options (opt.h; the game's options[GAME_CHECK]). */
int take_check(const struct game *game, const struct ydoc *pack, int argc, char **argv);
struct opt_table;
extern const struct opt_table take_check_options;
/* What it adds to the deck build and list (take_build.c, take_list.c). */
extern const struct kit_build_game take_build_items;
extern const struct kit_list_game take_list_items;
/* Its engine for simulate and tune (take_sim.c). */
extern const struct gsim_engine gsim_take;

#endif

/* trains_position.h: analysis of game positions (§5-§11). Pure: no I/O, no allocation;
 * every function works on caller-owned arrays of card numbers, so the checker and
 * the simulator's game engine can call them in a hot loop.
 *
 * A sequence is an array v[0..n-1] of card numbers, space A first. A grid of R
 * rows and C columns is the same array in row-major order (space r*C+c). A wild
 * card is POS_WILD; a card drawn to replace a removed one whose number is not
 * known yet is POS_DRAWN. */
#ifndef RAILYARD_TRAINS_POSITION_H
#define RAILYARD_TRAINS_POSITION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "trains_ability.h"
#include "trains_rules.h"

#define POS_WILD 0L     /* a wild card (§10) */
#define POS_DRAWN (-1L) /* an unknown replacement card */
#define POS_MAX_PAIRS (MAX_CENSUS * (MAX_CENSUS - 1) / 2)

/* The numbers a pack holds, for wild cards and ranges: 1..cards, each `copies`
 * times; missing[n-1] (NULL = none) is how many copies of card n are lost (§1). */
struct pos_pack {
	long cards;
	int copies;
	const unsigned char *missing;
};

/* The four classes of §7. With wild cards, a class holds only if every W can
 * stand for a number still on some card of the pack and not used elsewhere in
 * the sequence, strictly between its neighbours for ascending/descending, or
 * between them inclusive for the never- classes (§10). */
struct pos_order {
	bool ascending, never_descending, descending, never_ascending;
};

/* The §7 classes of v[0..n-1]; pk describes the pack (needed only for wilds). */
struct pos_order pos_order(const long *v, int n, const struct pos_pack *pk);
/* The same for every row and every column of a rows x cols grid: a class holds
 * when it holds for each row (left to right) and each column (top to bottom).
 * A wild card is judged in its row and in its column separately. */
struct pos_order pos_grid_order(const long *v, int rows, int cols, const struct pos_pack *pk);
/* Whether the order satisfies the pack's win rule (§7). */
bool pos_wins(struct pos_order o, enum win_rule win);
/* Whether every wild card of v can stand for a number of the pack not in use,
 * strictly between its nearest numbered neighbours (strict) or between them
 * inclusive, leaving aside whether the numbered cards are themselves in order
 * (§10). True when v is clean. */
bool pos_wilds_valid(const long *v, int n, bool strict, const struct pos_pack *pk);
/* Whether v holds no wild card (§10: clean, else dirty). */
bool pos_clean(const long *v, int n);

/* Inversions (§5): pairs of spaces i < j, both numbered, with v[i] > v[j]. Returns
 * the count; when pairs is not NULL, fills pairs[0..min(count,max)-1] as {i, j}
 * in order of i then j. */
long pos_inversions(const long *v, int n, short (*pairs)[2], long max);

/* The minimum number of swaps that makes v never-descending (ascending when the
 * numbers are distinct), and one such list in swaps[0..count-1] as {i, j}, i < j;
 * swaps needs room for n entries. Wild cards and POS_DRAWN stay where they are.
 * Exact for distinct numbers; with repeated numbers (where the exact minimum is
 * a hard problem) it takes the shorter of a greedy list that places two cards
 * at once wherever it can and the cycles of the stable sorting permutation. */
int pos_min_swaps(const long *v, int n, short (*swaps)[2]);

/* The range of numbers that space `space` (0-based) of a completed sequence of
 * `census` cards holds with probability between lo_q and hi_q (the order
 * statistic of census cards drawn from the pack without replacement; §5): *lo is
 * the lo_q-quantile, *hi the hi_q-quantile. Missing cards are ignored. */
void pos_range(const struct pos_pack *pk, int census, int space, double lo_q, double hi_q,
	       long *lo, long *hi);

/* The number of ways to arrange rows x cols distinct cards so that every row
 * and every column descends (§8): standard Young tableaux of the rectangle, by
 * the hook length formula, computed exactly. Writes the decimal digits into
 * out (size >= POS_ARRANGEMENTS_DIGITS); false if rows*cols > MAX_SPACES. */
#define POS_ARRANGEMENTS_DIGITS 400
bool pos_arrangements(int rows, int cols, char *out, size_t size);

/* Applying an ability (§5, §6, §8, §9, §11). */
enum pos_refusal {
	POS_OK,
	POS_FROZEN,        /* §11: a frozen card would move */
	POS_ACROSS_NONE,   /* §6: swap-across is none */
	POS_ACROSS_TWO,    /* §6: a three-sequence swap when only two are allowed */
	POS_WITHIN,        /* §6: swap-within is false */
	POS_SELF,          /* §5: apply-to is self, the target is an opponent */
	POS_IMPOSSIBLE,    /* §9: no card qualifies for a number-based ability */
	POS_NOT_SWAP,      /* §6: only a swap of two spaces the card names crosses sequences */
	POS_CHOICE,        /* a discretionary ability needs a (valid) choice */
	POS_NEEDS_GRID,    /* a grid ability on a line, or a line too short */
	POS_NO_DRAW,       /* a removal with no card left to draw */
};

/* The player's choices for a discretionary ability (§8): line is the row or
 * column chosen (-1 = none), dir the direction (+1 right/down, -1 left/up, 0 =
 * none), sp[0..nsp-1] the spaces chosen for any-swap (two) and any-remove (one).
 * flip turns a cross-sequence swap s ↔ t around (first t, second s). draw is the
 * number of a replacement card (POS_DRAWN when unknown). */
struct pos_choice {
	int line, dir, nsp;
	short sp[2];
	bool flip;
	long draw;
};

/* Who the ability is applied to. seq[0..nseq-1] are modified in place (each of
 * length n, a line or a grid per lay); frozen[i] (NULL = none) marks the frozen
 * spaces of seq[i]. nseq 1: one sequence, the applier's own unless opponent is
 * set. nseq 2: a swap between seq[0] (the applier's) and seq[1] (§6). nseq 3: the
 * applier directs a swap between seq[1] and seq[2] (§6); seq[0] is not touched. */
struct pos_target {
	int nseq, n;
	long *seq[3];
	const unsigned char *frozen[3];
	bool opponent;
};

/* What was done, or what was refused: the cards moved, as (sequence, space);
 * a swap is 2, a removal 1, a rotation the cycle (the card at sp[i] moves to
 * sp[i+1]). For POS_FROZEN, blocked is the index in sp[] of a frozen card. */
struct pos_move {
	int n, blocked;
	bool remove;
	signed char seq[MAX_CENSUS];
	short sp[MAX_CENSUS];
};

/* One way to use an ability: the cards it moves (for KE_NUMBER, the spaces it
 * looks at, n 0 meaning the whole sequence), and the row or column (-1: none)
 * and direction (0: none) the player picks it by; effect, what using it does,
 * and across: a swap of two spaces the card names, which §6 lets join two
 * sequences (the other swaps stay inside one). */
struct pos_way {
	struct pos_move move;
	int line, dir;
	enum kind_effect effect;
	bool across;
};

/* The one expansion of an ability into moves: calls fn once per way to use a
 * (every choice of a discretionary ability, §8; one way for the others), in a
 * fixed order. spec: a's entry of the pack (needed for AK_NUMBER). Nothing on
 * a line for a kind that needs a grid. pos_apply picks among these ways; the
 * simulator's engine plays them. */
void pos_ways(const struct layout *lay, const struct ability *a, const struct ability_spec *spec,
	      void (*fn)(void *ctx, const struct pos_way *w), void *ctx);

/* A position as the rules of a move see it: nseq sequences of n spaces; the
 * number on card i of sequence q is num[q][i * step] (0 a wild card, negative
 * unknown), and frozen[q][i] marks a frozen card (frozen or frozen[q] NULL:
 * none). mover is the player using the ability: a sequence of the view, or -1
 * when the mover's own is not in it. refill: a removed card can be replaced
 * from the draw pile. */
struct pos_view {
	int nseq, n, mover, step;
	const int *const *num;
	const unsigned char *const *frozen;
	bool refill;
};

/* One use of a way: on sequence seq[0] alone (seq[1] == seq[0]), or a swap
 * across two sequences, the card at the way's first space of seq[0] with the
 * card at its second space of seq[1] (flip: the other way round). */
struct pos_use {
	int way;
	int seq[2];
	bool flip;
};

/* The one legality of a move (§5, §6, §9, §11): whether use u of way w (spec:
 * the ability's entry, for KE_NUMBER) is allowed in position v under rules.
 * POS_OK and *done the cards it moves, as (sequence, space), a number ability
 * resolved to the cards it picks; else the rule it breaks (POS_FROZEN:
 * done->blocked is the frozen card's index in done->sp). The checker validates
 * with it (pos_apply) and the engine plays what pos_legal_moves finds with it. */
enum pos_refusal pos_legal(const struct pos_way *w, const struct ability_spec *spec,
			   const struct rules *rules, const struct pos_view *v, const struct pos_use *u,
			   struct pos_move *done);

/* Every legal use, by v->mover, of the ways w[0..nw-1] of one ability (as
 * pos_ways gives them), in a fixed order: way by way, first on each sequence
 * alone in order, then for a way that may cross (§6) the swaps across two
 * sequences (two-sequences: the mover's with each other in turn, its first
 * space then its second; three-sequences: every ordered pair). Calls fn with
 * each use and the move pos_legal gives for it. */
void pos_legal_moves(const struct pos_way *w, size_t nw, const struct ability_spec *spec,
		     const struct rules *rules, const struct pos_view *v,
		     void (*fn)(void *ctx, const struct pos_use *u, const struct pos_move *m), void *ctx);

/* Apply ability a (its spec for AK_NUMBER, else may be NULL) under rules, with
 * the choices ch, to t: the choices name one of the ability's ways (pos_ways),
 * and pos_legal judges its use. On POS_OK the sequences are changed and *done
 * says what moved; on a refusal nothing is changed. */
enum pos_refusal pos_apply(const struct layout *lay, const struct ability *a,
			   const struct ability_spec *spec, const struct rules *rules,
			   const struct pos_choice *ch, struct pos_target *t, struct pos_move *done);
/* The rule a refusal stands for, as a sentence fragment naming its section. */
const char *pos_refusal_text(enum pos_refusal r);

#endif

/* toy.h: Toy Train (seeds/004): words made of letter carriages, wild
 * carriages, a word list, and where the locomotive lands on the board. Pure except
 * for toy_words_load, which reads the word list, and toy_rules_from and
 * toy_words_path, which report a pack's problems through diag. */
#ifndef RAILYARD_TOY_H
#define RAILYARD_TOY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game.h"
#include "ruleset.h"
#include "util.h"
#include "yread.h"

struct kit;

/* A pack's `rules:` for Toy Train: the word list and the shortest word; and
 * for the simulator, how the carriages are mixed and where broken railways are. */
struct toy_pack_rules {
	const char *words;        /* as written (points into the tree), or NULL */
	struct loc loc_words;
	int min_letters;          /* 4 unless given: 1..100 */
	struct loc loc_min;       /* where it is given (line 0: not given) */
};

/* Toy Train's own keys in a game_rules (game.h: own), which only Toy Train reads:
 * TOY_OWN(r) for r a struct game_rules pointer, const or not. */
_Static_assert(sizeof(struct toy_pack_rules) <= GAME_RULES_OWN, "game_rules.own holds struct toy_pack_rules");
#define TOY_OWN(r) _Generic((r), \
	const struct game_rules *: (const struct toy_pack_rules *)(const void *)(r)->own.bytes, \
	default: (struct toy_pack_rules *)(void *)(r)->own.bytes)
/* Read rules' words and min-letters (NULL: none given) into *out; a bad value
 * is reported through r (unknown keys by ruleset_load). */
void toy_pack_rules_load(struct yread *r, const struct ynode *rules, struct toy_pack_rules *out);

/* A word list: the entries that are all lowercase a-z (proper nouns, possessives
 * and accented words cannot be made of the carriages), sorted as in the file. */
struct toy_words {
	char *text;           /* the file, words NUL-terminated in place */
	char **words;
	size_t n;
};

/* Read a word list, one word per line. 0, or -1 with errno set. Free with
 * toy_words_free. */
int toy_words_load(const char *path, struct toy_words *w);
void toy_words_free(struct toy_words *w);

/* The rules of one pack. */
struct toy_rules {
	int min_letters;          /* 4 */
	char wild;                /* '?' */
	long counts[27];          /* carriages face up per letter A..Z, [26] wild */
	int start, finish;        /* board spaces (GO, FINISH) */
	const int *broken;        /* broken-railway spaces */
	size_t nbroken;
};

/* Toy Train's named rules (toy_rule_keys) as values, read from a ruleset with
 * the pack's `rules:` and --rule applied (toy_named_rules_from): what the
 * engine and check read, never a key by its name. */
struct toy_named_rules {
	const char *mix;      /* letter-mix: "pack", or toy_mix's method ("frequency", "even") */
	long broken_every;    /* broken-every N (toy_broken_every); 0: the board's marks */
};
void toy_named_rules_from(const struct ruleset *rs, struct toy_named_rules *out);

/* Toy Train's rules from a pack and its read `rules:` (tr): letters,
 * min-letters, the board; 0, or -1 reported. The broken spaces point into d. */
int toy_rules_from(const struct kit *d, const struct toy_pack_rules *tr, struct toy_rules *r);
/* The word list's path: opt when given, else the pack's rules: words (tr),
 * relative to the pack's folder; NULL reported. *loc gets where the pack names it. */
char *toy_words_path(const struct kit *d, const struct toy_pack_rules *tr, const char *opt, struct loc *loc);

struct toy_result {
	bool valid;
	size_t nmatch;            /* words of the list the carriages can spell */
	char *match;              /* the first one not already used, or NULL */
	int from, land;           /* the locomotive's space before and after */
	long target;              /* the space of the word's last carriage */
	bool broken, finish;      /* landed on a broken railway / reached FINISH */
};

/* Check a word made of carriages in order (letters, the wild character for a
 * wild), not one of used[0..nused-1], at the locomotive's space `at`. *why gets
 * one line per broken rule. */
void toy_check_word(const struct toy_rules *r, const struct toy_words *w, const char *word,
	       const char *const *used, size_t nused, int at, struct toy_result *res,
	       struct buf *why);
void toy_result_free(struct toy_result *res);

/* The one legality of Toy Train's carriages (seeds/004, "The game"): the
 * checker validates with toy_legal and toy_word, the engine plays from
 * toy_legal_letters (toy_legal_moves lists the same moves one by one, for the
 * tests). A round in progress: */
struct toy_round {
	long up[27];      /* carriages face up: A..Z, [26] the wild */
	int laid;         /* carriages laid this round */
	bool alone;       /* the Engine-Driver goes on alone after a challenge (outcome 4) */
	bool over;        /* the carriages have made a word: the round has ended */
	int at, finish;   /* the Engine-Driver's space and FINISH's (0: not known) */
};

/* A carriage laid: letter 0..25, as itself or (wild) the wild carriage standing
 * for it; by the Engine-Driver (driver) or the Braker. */
struct toy_move {
	int letter;
	bool wild, driver;
};

enum toy_refusal {
	TOY_OK,
	TOY_ROUND_OVER,    /* the carriages have made a word: the round has ended */
	TOY_NOT_YOUR_TURN, /* "players alternate", the Engine-Driver laying the first two */
	TOY_NOT_UP,        /* no such carriage is face up */
	TOY_SHORT,         /* "The word must be at least four letters long" (min-letters) */
	TOY_NOT_A_WORD,    /* not in the word list */
	TOY_USED,          /* "Players can't write the same words twice during the same game" */
};

/* Whether the Engine-Driver goes on alone in round r: after outcome 4, or once
 * a carriage is on FINISH ("the Engine-Driver may add all the carriages he
 * wants"). */
bool toy_alone(const struct toy_round *r);
/* Whether the Engine-Driver lays the next carriage of round r: "The
 * Engine-Driver will add two carriages at the beginning of the game, before the
 * Braker may add one of his choice", then they alternate, unless he is alone. */
bool toy_driver_lays(const struct toy_round *r);

/* Whether carriage m may be laid now in round r, and if not the rule it breaks. */
enum toy_refusal toy_legal(const struct toy_round *r, struct toy_move m);

/* Every legal carriage of round r for the letters in the set `letters` (bit l:
 * letter l; TOY_ALL_LETTERS: every one) into out (room for 52), letter by letter
 * A..Z, the letter's own carriage before the wild standing for it; their number. */
#define TOY_ALL_LETTERS 0x3ffffffu
size_t toy_legal_moves(const struct toy_round *r, uint32_t letters, struct toy_move *out);

/* The same as sets of letters, for the engine's hot loop: *own gets the
 * letters whose own carriage toy_legal takes, *wild those the wild may stand
 * for (every letter or none). */
void toy_legal_letters(const struct toy_round *r, uint32_t *own, uint32_t *wild);

/* Lay carriage m (toy_legal's): it leaves the face-up carriages. */
void toy_apply(struct toy_round *r, struct toy_move m);

/* Whether len carriages, in the list or not (listed), used before in the game
 * or not, make a word that ends the round; else the first rule it breaks. */
enum toy_refusal toy_word(int min_letters, long len, bool listed, bool used);

/* Where a word of len carriages takes the Engine-Driver's locomotive from
 * space at: FINISH when it reaches it (*finish: the word wins), at when its
 * last carriage is on a broken railway (*broken), at + len otherwise. */
int toy_land(const struct toy_rules *r, int at, long len, bool *broken, bool *finish);

/* rules.broken-every N: a broken railway on every N-th space after GO, up to
 * FINISH (start + N, start + 2N, ... < finish), into out[max]; the count.
 * The engine and the checker both place them with it. */
size_t toy_broken_every(int start, int finish, long every, int *out, size_t max);

/* "If there are less than 10 carriages face up on the table, all the face down
 * carriages are turned face up": up becomes all then; true when it did. */
bool toy_turn_up(long up[27], const long all[27]);

/* The letter mix of `lettered` carriages (the wild ones apart), by method:
 * "frequency" (the pack's: in proportion to how often each letter occurs in the
 * list's words of min_letters or more, rounded down, at least one of every
 * letter, the carriages left over to the largest remainders, ties to A first)
 * or "even" (the same number of every letter, the left-over ones to A, B, ...).
 * 0, or -1 for an unknown method. */
int toy_mix(const char *method, const struct toy_words *w, int min_letters, long lettered,
	    long counts[26]);

/* For tests: the round in progress (face-up carriages, laid, alone) of a
 * position of the engine's steps (gsim_toy.steps, toy_sim.c). */
const struct toy_round *gsim_toy_round(const void *pos);

/* The named rules of Toy Train (ruleset.h), NULL-key terminated. */
extern const struct ruleset_key toy_rule_keys[];
/* The keys --rule takes beside the named ones (ruleset.h), NULL-key terminated. */
extern const struct ruleset_other toy_rule_others[];

/* Its name, the `game:` of its packs. */
#define TOY_GAME "toy-train"

/* ---- Toy Train as a plug-in: its parts, registered by toy_game.c ---- */
struct game;
struct game_rules;
struct ydoc;
struct kit_build_game;
struct kit_list_game;
struct gsim_engine;
/* Read the pack's `rules:` (NULL: none) into out (toy_rules.c): the named rules,
 * every unknown key reported through r, then the structured keys. */
void toy_rules_load(struct yread *r, const struct ynode *rules, struct game_rules *out);
/* Its pack-level check (kit_games.h says what it is). */
struct kit;
int toy_check_pack(const struct kit *d, const struct game_rules *rules, bool notes);
/* railyard check (toy_check.c) and its options (opt.h; the game's options[GAME_CHECK]). */
int toy_check(const struct game *game, const struct ydoc *pack, int argc, char **argv);
struct opt_table;
extern const struct opt_table toy_check_options;
/* What it adds to the deck build and list (toy_build.c, toy_list.c). */
extern const struct kit_build_game toy_build_items;
extern const struct kit_list_game toy_list_items;
/* Its engine for simulate and tune (toy_sim.c). */
extern const struct gsim_engine gsim_toy;

#endif

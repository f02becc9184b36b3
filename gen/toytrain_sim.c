/* toytrain_sim.c: the engine that plays Toy Train (seeds/004) for `railyard
 * simulate`, two players. Each round the Engine-Driver lays two carriages,
 * then the players alternate, one carriage each, spelling a word in order; the
 * round ends when the carriages make a word of the list (at least min-letters
 * long, not used before in the game) and the Engine-Driver's locomotive moves
 * onto the space of its last carriage (not on a broken railway), or with a
 * challenge (the four outcomes of the page); a carriage on FINISH lets the
 * Engine-Driver go on alone, and a word then wins. Used carriages go face down
 * until fewer than 10 are face up. Roles switch every round. Players know the
 * word list (a trie); the wild carriage stands for the letter it is laid as. */
#include <stdlib.h>
#include <string.h>

#include "games.h"
#include "gsim.h"
#include "toytrain.h"

#define MAXWORD 64
#define MAXUSED 4096

enum { C_ROUNDS, C_WORDS, C_CARRIAGES, C_WILDS, C_CH1, C_CH2, C_CH3, C_CH4, C_BROKEN,
       C_FINISH_MISSED, C_TURNED_UP };
static const char *const counters[] = {"rounds", "words", "carriages", "wild_carriages",
				       "challenge_braker_lost", "challenge_driver_lost",
				       "challenge_driver_lost_to_braker",
				       "challenge_braker_failed", "broken_railway",
				       "finish_missed", "carriages_turned_up", NULL};
static const char *const counter_text[] = {
	"rounds", "words made", "carriages laid", "wild carriages laid",
	"challenges by the Braker that the Engine-Driver answered (1)",
	"challenges by the Braker the Engine-Driver could not answer (2)",
	"challenges by the Engine-Driver that the Braker answered (3)",
	"challenges by the Engine-Driver the Braker could not answer (4)",
	"words ending on a broken railway", "FINISH reached without a word",
	"times the face-down carriages were turned up", NULL};

struct node {
	int32_t first, next;      /* first child, next sibling (0: none; 0 is the root) */
	uint8_t letter;           /* 0..25 */
	bool word;
	uint8_t minlen, maxlen;   /* shortest / longest word at or below (0: none) */
};

struct setup {
	struct node *t;
	int32_t nt;
	size_t cap;
	long nwords;
	long counts[27];
	int min_letters, start, finish, max_length;
	uint8_t land[256][MAXWORD];   /* toy_land: where a word of len from space at lands */
	enum gsim_policy policy[2];
	char mix[16];
	long broken_every;        /* 0: the pack's marks */
};

struct state {
	const struct setup *s;
	struct toy_round round;   /* face up, laid, alone: the rules' view of the round */
	int32_t used[MAXUSED];
	int nused;
	uint8_t *usedflag;        /* per node, in the scratch after the state */
	int at[2];
	int path[MAXWORD];        /* nodes of the carriages laid this round */
	uint8_t kind[MAXWORD];    /* letter or 26 for a wild */
	int budget;               /* nodes a challenge's search may visit */
};

/* ---- the trie ---- */

static int32_t add_child(struct setup *s, int32_t n, int letter)
{
	int32_t prev = 0, c = s->t[n].first;
	while (c && s->t[c].letter < letter) {
		prev = c;
		c = s->t[c].next;
	}
	if (c && s->t[c].letter == letter)
		return c;
	s->t = xgrow(s->t, &s->cap, (size_t)s->nt + 1, sizeof *s->t);
	int32_t k = s->nt++;
	s->t[k] = (struct node){0, c, (uint8_t)letter, false, 0, 0};
	if (prev)
		s->t[prev].next = k;
	else
		s->t[n].first = k;
	return k;
}

static void lengths(struct setup *s, int32_t n, int depth)
{
	struct node *x = &s->t[n];
	int lo = x->word ? depth : 0, hi = x->word ? depth : 0;
	for (int32_t c = x->first; c; c = s->t[c].next) {
		lengths(s, c, depth + 1);
		x = &s->t[n];
		if (s->t[c].minlen && (!lo || s->t[c].minlen < lo))
			lo = s->t[c].minlen;
		if (s->t[c].maxlen > hi)
			hi = s->t[c].maxlen;
	}
	x->minlen = (uint8_t)lo;
	x->maxlen = (uint8_t)hi;
}

static void *setup_new(const struct gsim_params *p, char *err, size_t errlen)
{
	const struct deck *d = p->deck;
	struct toy_rules r;
	const struct toy_pack_rules *tr = &p->pack_rules->toy;
	if (games_toy_rules(d, tr, &r) != 0) {
		snprintf(err, errlen, "not a toy-train pack the simulator can play");
		return NULL;
	}
	struct setup *s = xcalloc(1, sizeof *s);
	memcpy(s->counts, r.counts, sizeof s->counts);
	s->min_letters = r.min_letters;
	s->start = r.start;
	s->finish = r.finish;
	s->max_length = p->max_length;
	s->policy[0] = p->policy[0];
	s->policy[1] = p->policy[1];
	const char *mix = ruleset_get(&p->pack_rules->set, "letter-mix");
	snprintf(s->mix, sizeof s->mix, "%s", mix ? mix : "pack");
	s->broken_every = gsim_rule_int(p, "broken-every");
	if (s->finish < 2 || s->finish > 255 || s->broken_every < 0) {
		snprintf(err, errlen, "the simulator plays boards of up to 255 spaces, broken-every N >= 0");
		free(s);
		return NULL;
	}
	int every[256];
	if (s->broken_every) {
		r.nbroken = toy_broken_every(s->start, s->finish, s->broken_every, every, 256);
		r.broken = every;
	}
	for (int at = 0; at < 256; at++)
		for (int len = 0; len < MAXWORD; len++) {
			bool broken, finish;
			s->land[at][len] = (uint8_t)(at < s->finish ? toy_land(&r, at, len, &broken, &finish)
							     : s->finish);
		}
	struct loc loc = {NULL, 0, 0};
	char *path = games_toy_words_path(d, tr, NULL, &loc);
	struct toy_words w = {0};
	if (!path || toy_words_load(path, &w) != 0) {
		snprintf(err, errlen, "cannot read the word list %s", path ? path : "(none)");
		free(path);
		free(s);
		return NULL;
	}
	free(path);
	if (strcmp(s->mix, "pack") != 0) {
		long lettered = 0;
		for (int i = 0; i < 26; i++)
			lettered += s->counts[i];
		if (toy_mix(s->mix, &w, s->min_letters, lettered, s->counts) != 0) {
			snprintf(err, errlen, "letter-mix '%s': pack, frequency or even", s->mix);
			toy_words_free(&w);
			free(s);
			return NULL;
		}
	}
	s->t = xcalloc(1, sizeof *s->t);
	s->nt = 1;
	s->cap = 1;
	for (size_t i = 0; i < w.n; i++) {
		size_t n = strlen(w.words[i]);
		if ((long)n < s->min_letters || n >= MAXWORD || n > 250)
			continue;
		int32_t k = 0;
		for (const char *c = w.words[i]; *c; c++)
			k = add_child(s, k, *c - 'a');
		s->nwords += !s->t[k].word;
		s->t[k].word = true;
	}
	toy_words_free(&w);
	lengths(s, 0, 0);
	return s;
}

static void setup_free(void *sp)
{
	struct setup *s = sp;
	free(s->t);
	free(s);
}

static void rules_text(const void *sp, struct buf *out)
{
	const struct setup *s = sp;
	buf_printf(out, "letter-mix=%s broken-every=%ld min-letters=%d words=%ld", s->mix,
		   s->broken_every, s->min_letters, s->nwords);
}

static size_t scratch_size(const void *sp)
{
	const struct setup *s = sp;
	return sizeof(struct state) + (size_t)s->nt;
}

/* ---- the game ---- */

/* The carriage the engine lays for letter l: its own when face up, else the
 * wild (toy_legal); -1 when neither is. */
static int carriage(const struct state *st, int l)
{
	bool driver = toy_driver_lays(&st->round);
	if (toy_legal(&st->round, (struct toy_move){l, false, driver}) == TOY_OK)
		return l;
	return toy_legal(&st->round, (struct toy_move){l, true, driver}) == TOY_OK ? 26 : -1;
}

static bool is_word(const struct state *st, int32_t n, int len)
{
	return toy_word(st->s->min_letters, len, st->s->t[n].word, st->usedflag[n]) == TOY_OK;
}

static void lay(struct state *st, int32_t n, struct toy_move m, struct gsim_outcome *o)
{
	o->count[C_WILDS] += m.wild;
	o->count[C_CARRIAGES]++;
	st->kind[st->round.laid] = (uint8_t)(m.wild ? 26 : m.letter);
	toy_apply(&st->round, m);
	st->path[st->round.laid] = n;
}

static void unlay(struct state *st)
{
	st->round.up[st->kind[--st->round.laid]]++;
}

/* The shortest (want_long false) or longest unused word below n that the face-up
 * carriages can spell, as a length; 0 when none (within the search budget). */
static int search(struct state *st, int32_t n, int depth, bool want_long)
{
	if (--st->budget < 0)
		return 0;
	int best = is_word(st, n, depth) ? depth : 0;
	if (best && !want_long)
		return best;
	for (int32_t c = st->s->t[n].first; c; c = st->s->t[c].next) {
		int l = st->s->t[c].letter, which;
		if (!st->s->t[c].maxlen || (which = carriage(st, l)) < 0)
			continue;
		st->round.up[which]--;
		int got = search(st, c, depth + 1, want_long);
		st->round.up[which]++;
		if (got && (!best || (want_long ? got > best : got < best)))
			best = got;
		if (best && !want_long)
			break;
	}
	return best;
}

/* How far a word of len carriages moves the Engine-Driver from `at` (toy_land). */
static int advance(const struct state *st, int at, int len)
{
	return st->s->land[at][len < MAXWORD ? len : MAXWORD - 1] - at;
}

/* The mover's carriage among the legal ones (toy_legal_letters) for a letter
 * whose child still leads to a word, its own carriage before the wild; -1 none. */
static int choose(struct state *st, int32_t n, bool driver, int at, enum gsim_policy pol,
		  struct sim_rng *rng, struct toy_move *move)
{
	const struct setup *s = st->s;
	uint32_t own, wild;
	toy_legal_letters(&st->round, &own, &wild);
	int best = -1, bkey = 0, ties = 0;
	for (int32_t c = s->t[n].first; c; c = s->t[c].next) {
		int l = s->t[c].letter;
		if (!s->t[c].maxlen || !((own | wild) >> l & 1))
			continue;   /* no word goes on with this letter, or no carriage for it */
		struct toy_move m = {l, !(own >> l & 1), driver};
		int key;
		if (pol == GSIM_RANDOM) {
			key = 1;
		} else {
			/* the Braker steers to the shortest word: judge a letter by the
			 * shortest word after it, or the word it makes now */
			int len = is_word(st, c, st->round.laid + 1) ? st->round.laid + 1 : s->t[c].minlen;
			if (!len)
				len = s->t[c].maxlen;
			int adv = advance(st, at, len);
			if (driver && at + st->round.laid >= s->finish)
				key = 1000 - len;   /* past FINISH: any word wins, the sooner the surer */
			else
				key = driver ? 1 + adv : 1000 - adv;
		}
		if (key > bkey) {
			bkey = key;
			best = c;
			*move = m;
			ties = 1;
		} else if (key == bkey && sim_rng_below(rng, (uint32_t)++ties) == 0) {
			best = c;
			*move = m;
		}
	}
	return best;
}

/* One round with `ed` the Engine-Driver; true when the Engine-Driver won. */
static bool round_play(struct state *st, int ed, struct sim_rng *rng, struct gsim_outcome *o)
{
	const struct setup *s = st->s;
	int at = st->at[ed];
	struct toy_round *r = &st->round;
	r->laid = 0;
	r->alone = r->over = false;
	r->at = at;
	r->finish = s->finish;
	st->path[0] = 0;
	int result = 0;           /* carriages of the word the Engine-Driver moves by */
	for (;;) {
		int32_t n = st->path[r->laid];
		if (r->laid > 0 && is_word(st, n, r->laid)) {
			result = r->laid;
			r->over = true;
			st->usedflag[n] = 1;
			if (st->nused < MAXUSED)
				st->used[st->nused++] = n;
			break;
		}
		if (r->laid >= MAXWORD - 1)
			r->alone = true;   /* the engine's longest word: the Engine-Driver alone */
		bool driver = toy_driver_lays(r), alone = toy_alone(r);
		int mover = driver ? ed : !ed;
		struct toy_move m;
		int32_t c = choose(st, n, driver, at, s->policy[mover], rng, &m);
		if (c >= 0) {
			lay(st, c, m, o);
			continue;
		}
		if (alone || r->laid == 0)
			break;      /* the Engine-Driver's turn is over, no word */
		/* the mover thinks no word exists: a challenge */
		st->budget = 4000;
		int got = search(st, n, r->laid, driver ? false : true);
		if (!driver) {
			if (got) {
				o->count[C_CH1]++;  /* 1: the Engine-Driver names a word */
				result = got;
			} else {
				o->count[C_CH2]++;  /* 2: the locomotive stays put */
			}
			break;
		}
		if (got) {
			o->count[C_CH3]++;          /* 3: the Braker names one; the driver moves */
			result = got;
			break;
		}
		/* 4: the Engine-Driver may replace the last carriage and go on alone */
		o->count[C_CH4]++;
		unlay(st);
		r->alone = true;
	}
	o->count[C_ROUNDS]++;
	bool won = false;
	if (result) {
		o->count[C_WORDS]++;
		int land = at + advance(st, at, result);
		if (land >= s->finish)
			won = true;
		else if (land == at)
			o->count[C_BROKEN]++;
		else
			st->at[ed] = land;
	} else if (at + r->laid >= s->finish) {
		o->count[C_FINISH_MISSED]++;
	}
	/* the carriages used stay face down; fewer than 10 face up: all turn up */
	if (toy_turn_up(r->up, s->counts))
		o->count[C_TURNED_UP]++;
	return won;
}

static void play(const void *sp, void *scratch, struct sim_rng *rng, struct gsim_outcome *o)
{
	const struct setup *s = sp;
	struct state *st = scratch;
	st->s = s;
	st->usedflag = (uint8_t *)(st + 1);
	memcpy(st->round.up, s->counts, sizeof st->round.up);
	st->at[0] = st->at[1] = s->start;
	/* "Choose randomly a player to take the locomotive #1": seat 1 here; it
	 * begins as the Engine-Driver */
	int r;
	for (r = 0; r < s->max_length; r++)
		if (round_play(st, r % 2, rng, o)) {
			o->winner = r % 2;
			break;
		}
	o->winner = r < s->max_length ? r % 2 : -1;
	o->length = r + 1;
	for (int i = 0; i < st->nused; i++)
		st->usedflag[st->used[i]] = 0;
	st->nused = 0;
}

const struct gsim_engine gsim_toy = {
	.game = "toy-train",
	.ties = true,
	.unit = "rounds",
	.min_players = 2,
	.max_players = 2,
	.counters = counters,
	.counter_text = counter_text,
	.setup_new = setup_new,
	.setup_free = setup_free,
	.rules_text = rules_text,
	.scratch_size = scratch_size,
	.play = play,
};

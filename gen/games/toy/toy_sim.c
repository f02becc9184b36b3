/* toy_sim.c: the engine that plays Toy Train (seeds/004) for `railyard
 * simulate`, two players. Each round the Engine-Driver lays two carriages,
 * then the players alternate, one carriage each, spelling a word in order; the
 * round ends when the carriages make a word of the list (at least min-letters
 * long, not used before in the game) and the Engine-Driver's locomotive moves
 * onto the space of its last carriage (not on a broken railway), or with a
 * challenge (the four outcomes of the page); a carriage on FINISH lets the
 * Engine-Driver go on alone, and a word then wins. Used carriages go face down
 * until fewer than 10 are face up. Roles switch every round. Players know the
 * word list (a trie); the wild carriage stands for the letter it is laid as.
 * The game is played as steps (gsim.h): a decision is one carriage, a
 * challenge or a pass (moves), the word a carriage completes and the next
 * round's start are forced steps; nothing is hidden. */
#include <stdlib.h>
#include <string.h>

#include "kit.h"
#include "gsim.h"
#include "toy.h"

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
	int min_letters, start, finish;
	uint8_t land[256][MAXWORD];   /* toy_land: where a word of len from space at lands */
	struct gsim_seats seats;
	int nused_max;            /* room for the words used in a game (a position's used[]) */
	char mix[16];
	long broken_every;        /* 0: the pack's marks */
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

/* Lay the trie out breadth first, every node's children side by side, so the
 * engine's walk over a node's children reads one run of memory. */
static void breadth_first(struct setup *s)
{
	struct node *t = xcalloc((size_t)s->nt, sizeof *t);
	int32_t *from = xcalloc((size_t)s->nt, sizeof *from);   /* new index -> old */
	int32_t n = 1;
	t[0] = s->t[0];
	for (int32_t i = 0; i < n; i++) {
		int32_t c = s->t[from[i]].first;
		t[i].first = c ? n : 0;
		for (; c; c = s->t[c].next) {
			from[n] = c;
			t[n] = s->t[c];
			t[n].first = 0;
			t[n].next = s->t[c].next ? n + 1 : 0;
			n++;
		}
	}
	free(from);
	free(s->t);
	s->t = t;
	s->cap = (size_t)s->nt;
}

static void *setup_new(const struct gsim_params *p, char *err, size_t errlen)
{
	const struct kit *d = p->deck;
	struct toy_rules r;
	const struct toy_pack_rules *tr = TOY_OWN(p->pack_rules);
	if (toy_rules_from(d, tr, &r) != 0) {
		snprintf(err, errlen, "not a toy-train pack the simulator can play");
		return NULL;
	}
	struct setup *s = xcalloc(1, sizeof *s);
	memcpy(s->counts, r.counts, sizeof s->counts);
	s->min_letters = r.min_letters;
	s->start = r.start;
	s->finish = r.finish;
	gsim_seats_from(p, &s->seats);
	s->nused_max = p->max_length < 1 ? 1 : p->max_length < MAXUSED ? p->max_length : MAXUSED;
	struct toy_named_rules named;
	toy_named_rules_from(&p->pack_rules->set, &named);
	snprintf(s->mix, sizeof s->mix, "%s", named.mix);
	s->broken_every = named.broken_every;
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
	char *path = toy_words_path(d, tr, NULL, &loc);
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
	breadth_first(s);
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


/* ---- the game as steps (gsim.h) ---- */

/* A position: one flat block of pos_size bytes. Nothing in it is hidden from
 * either seat (the carriages lie face up, the face-down ones are the words
 * laid, the word list is known to both), so determinize has nothing to draw. */
struct pos {
	struct toy_round round;   /* face up, laid, alone: the rules' view of the round */
	int at[2];                /* the locomotives' spaces */
	int r;                    /* the round being played: seat r % 2 is its Engine-Driver */
	int winner, length;       /* once over: the winner (-1: a timeout) and the rounds */
	bool over;
	int32_t path[MAXWORD];    /* nodes of the carriages laid this round */
	uint8_t kind[MAXWORD];    /* letter or 26 for a wild */
	uint64_t seen;            /* a bit per hash of a used word's node: used[] worth a look */
	int nused;
	int32_t used[];           /* the words made this game (their nodes), setup->nused_max */
};

/* A move key: a carriage laid next in the round, its letter (bits 0-4), the
 * wild standing for it or its own (KEY_WILD), and above KEY_NODE the trie node
 * of the carriages so far with it (where it is played: the same in every
 * position of the round so far, so the engine need not look it up again); a
 * challenge; a pass (the Engine-Driver alone, or at the round's start, with no
 * carriage that leads to a word: his turn ends). */
#define KEY_WILD 32u
#define KEY_CHALLENGE 64u
#define KEY_PASS 65u
#define KEY_NODE 8
#define MAX_MOVES 53

static inline uint64_t lay_key(int letter, bool wild, int32_t node)
{
	return (uint64_t)letter | (wild ? KEY_WILD : 0) | (uint64_t)node << KEY_NODE;
}

static inline bool is_lay(uint64_t key)
{
	return key >> KEY_NODE != 0;
}

static inline int seen_bit(int32_t n)
{
	return (int)(((uint64_t)n * 0x9E3779B97F4A7C15u) >> 58);
}

static bool used(const struct pos *p, int32_t n)
{
	if (!(p->seen >> seen_bit(n) & 1))
		return false;
	for (int i = 0; i < p->nused; i++)
		if (p->used[i] == n)
			return true;
	return false;
}

static size_t pos_size(const void *sp)
{
	const struct setup *s = sp;
	return sizeof(struct pos) + (size_t)s->nused_max * sizeof(int32_t);
}

static size_t max_moves(const void *sp)
{
	(void)sp;
	return MAX_MOVES;
}

static const struct gsim_seats *seats(const void *sp)
{
	return &((const struct setup *)sp)->seats;
}

/* The carriage the engine lays for letter l: its own when face up, else the
 * wild (toy_legal); -1 when neither is. */
static int carriage(const struct pos *p, int l)
{
	bool driver = toy_driver_lays(&p->round);
	if (toy_legal(&p->round, (struct toy_move){l, false, driver}) == TOY_OK)
		return l;
	return toy_legal(&p->round, (struct toy_move){l, true, driver}) == TOY_OK ? 26 : -1;
}

static bool is_word(const struct setup *s, const struct pos *p, int32_t n, int len)
{
	return toy_word(s->min_letters, len, s->t[n].word, s->t[n].word && used(p, n)) == TOY_OK;
}

/* The shortest (want_long false) or longest unused word below n that the face-up
 * carriages can spell, as a length; 0 when none (within *budget nodes). */
static int search(const struct setup *s, struct pos *p, int32_t n, int depth, bool want_long, int *budget)
{
	if (--*budget < 0)
		return 0;
	int best = is_word(s, p, n, depth) ? depth : 0;
	if (best && !want_long)
		return best;
	for (int32_t c = s->t[n].first; c; c = s->t[c].next) {
		int l = s->t[c].letter, which;
		if (!s->t[c].maxlen || (which = carriage(p, l)) < 0)
			continue;
		p->round.up[which]--;
		int got = search(s, p, c, depth + 1, want_long, budget);
		p->round.up[which]++;
		if (got && (!best || (want_long ? got > best : got < best)))
			best = got;
		if (best && !want_long)
			break;
	}
	return best;
}

/* How far a word of len carriages moves the Engine-Driver from `at` (toy_land). */
static int advance(const struct setup *s, int at, int len)
{
	return s->land[at][len < MAXWORD ? len : MAXWORD - 1] - at;
}

static void round_begin(const struct setup *s, struct pos *p)
{
	struct toy_round *r = &p->round;
	r->laid = 0;
	r->alone = r->over = false;
	r->at = p->at[p->r % 2];
	r->finish = s->finish;
	p->path[0] = 0;
}

/* The round ends, the Engine-Driver moving by a word of `result` carriages (0:
 * none); then the next round begins, or the game is over. */
static void round_end(const struct setup *s, struct pos *p, int result, struct gsim_outcome *o)
{
	int ed = p->r % 2, at = p->at[ed];
	o->count[C_ROUNDS]++;
	bool won = false;
	if (result) {
		o->count[C_WORDS]++;
		int land = at + advance(s, at, result);
		if (land >= s->finish)
			won = true;
		else if (land == at)
			o->count[C_BROKEN]++;
		p->at[ed] = land;
	} else if (at + p->round.laid >= s->finish) {
		o->count[C_FINISH_MISSED]++;
	}
	/* the carriages used stay face down; fewer than 10 face up: all turn up */
	if (toy_turn_up(p->round.up, s->counts))
		o->count[C_TURNED_UP]++;
	if (won) {
		p->over = true;
		p->winner = ed;
		p->length = p->r + 1;
		return;
	}
	/* "Choose randomly a player to take the locomotive #1": seat 0 here; the
	 * roles switch every round */
	if (++p->r >= s->seats.max_length) {
		p->over = true;
		p->winner = -1;
		p->length = p->r + 1;
		return;
	}
	round_begin(s, p);
}

/* The forced steps up to the next decision: a word the carriages make ends the
 * round (and the next begins). */
static void settle(const struct setup *s, struct pos *p, struct gsim_outcome *o)
{
	while (!p->over) {
		struct toy_round *r = &p->round;
		int32_t n = p->path[r->laid];
		if (r->laid > 0 && is_word(s, p, n, r->laid)) {
			r->over = true;
			if (p->nused < s->nused_max) {
				p->used[p->nused++] = n;
				p->seen |= (uint64_t)1 << seen_bit(n);
			}
			round_end(s, p, r->laid, o);
			continue;
		}
		if (r->laid >= MAXWORD - 1)
			r->alone = true;   /* the engine's longest word: the Engine-Driver alone */
		return;
	}
}

static void start(const void *sp, void *work, void *pp, struct rng *rng, struct gsim_outcome *o)
{
	const struct setup *s = sp;
	struct pos *p = pp;
	(void)work;
	(void)rng;
	memset(p, 0, sizeof *p);
	memcpy(p->round.up, s->counts, sizeof p->round.up);
	p->at[0] = p->at[1] = s->start;
	p->winner = -1;
	if (s->seats.max_length < 1) {
		p->over = true;
		p->length = 1;
		return;
	}
	round_begin(s, p);
	settle(s, p, o);
}

static int turn(const void *sp, const void *pp)
{
	const struct pos *p = pp;
	(void)sp;
	if (p->over)
		return -1;
	int ed = p->r % 2;
	return toy_driver_lays(&p->round) ? ed : !ed;
}

/* The legal carriages (toy_legal_letters) whose letter still leads to a word of
 * the list, letter by letter, its own carriage before the wild (players know
 * the list: a carriage after which no word can follow loses the challenge that
 * follows); then the challenge, whenever carriages are laid and the
 * Engine-Driver is not alone (the random and greedy players challenge only
 * when no carriage leads to a word, "the mover thinks no word exists"; a
 * search may challenge to make the other name a word: outcomes 1 and 3); or,
 * when there is neither, a pass: the Engine-Driver's turn ends. */
static size_t moves(const void *sp, void *work, const void *pp, uint64_t *keys)
{
	const struct setup *s = sp;
	const struct pos *p = pp;
	(void)work;
	uint32_t own, wild;
	toy_legal_letters(&p->round, &own, &wild);
	size_t n = 0;
	for (int32_t c = s->t[p->path[p->round.laid]].first; c; c = s->t[c].next) {
		int l = s->t[c].letter;
		if (!s->t[c].maxlen)
			continue;
		if (own >> l & 1)
			keys[n++] = lay_key(l, false, c);
		if (wild >> l & 1)
			keys[n++] = lay_key(l, true, c);
	}
	if (!toy_alone(&p->round) && p->round.laid > 0)
		keys[n++] = KEY_CHALLENGE;
	else if (n == 0)
		keys[n++] = KEY_PASS;
	return n;
}

/* A letter's carriage (its own before the wild), judged as the engine has
 * always judged: random, any; greedy, the Engine-Driver the letter whose
 * shortest word takes him furthest, the Braker the one that takes him least
 * far (ties at random). With no carriage, the challenge or pass (listed last). */
static size_t choose(const void *sp, void *work, const void *pp, enum gsim_policy pol, const uint64_t *keys,
		     size_t n, struct rng *rng)
{
	const struct setup *s = sp;
	const struct pos *p = pp;
	(void)work;
	bool driver = toy_driver_lays(&p->round);
	int at = p->at[p->r % 2], laid = p->round.laid;
	size_t best = n - 1;
	int bkey = 0, ties = 0, last = -1;
	for (size_t i = 0; i < n; i++) {
		if (!is_lay(keys[i]))
			continue;
		int l = (int)(keys[i] & 31);
		if (l == last)
			continue;   /* the wild for a letter whose own carriage is up */
		last = l;
		int32_t c = (int32_t)(keys[i] >> KEY_NODE);
		int key;
		if (pol == GSIM_RANDOM) {
			key = 1;
		} else {
			/* the Braker steers to the shortest word: judge a letter by the
			 * shortest word after it, or the word it makes now */
			int len = is_word(s, p, c, laid + 1) ? laid + 1 : s->t[c].minlen;
			if (!len)
				len = s->t[c].maxlen;
			int adv = advance(s, at, len);
			if (driver && at + laid >= s->finish)
				key = 1000 - len;   /* past FINISH: any word wins, the sooner the surer */
			else
				key = driver ? 1 + adv : 1000 - adv;
		}
		if (key > bkey) {
			bkey = key;
			best = i;
			ties = 1;
		} else if (key == bkey && rng_below(rng, (uint32_t)++ties) == 0) {
			best = i;
		}
	}
	return best;
}

static void apply(const void *sp, void *work, void *pp, uint64_t key, struct rng *rng, struct gsim_outcome *o)
{
	const struct setup *s = sp;
	struct pos *p = pp;
	struct toy_round *r = &p->round;
	(void)work;
	(void)rng;
	int32_t n = p->path[r->laid];
	bool driver = toy_driver_lays(r);
	if (key == KEY_PASS) {
		round_end(s, p, 0, o);   /* the Engine-Driver's turn is over, no word */
	} else if (key == KEY_CHALLENGE) {
		/* the mover thinks no word exists: the other names the longest word
		 * (the Engine-Driver) or the shortest (the Braker), or none */
		int budget = 4000;
		int got = search(s, p, n, r->laid, !driver, &budget);
		if (!driver) {
			o->count[got ? C_CH1 : C_CH2]++;   /* 1: a word; 2: the locomotive stays put */
			round_end(s, p, got, o);
		} else if (got) {
			o->count[C_CH3]++;   /* 3: the Braker names one; the driver moves */
			round_end(s, p, got, o);
		} else {
			/* 4: the Engine-Driver may replace the last carriage and go on alone */
			o->count[C_CH4]++;
			r->up[p->kind[--r->laid]]++;
			r->alone = true;
		}
	} else {
		struct toy_move m = {(int)(key & 31), (key & KEY_WILD) != 0, driver};
		o->count[C_WILDS] += m.wild;
		o->count[C_CARRIAGES]++;
		p->kind[r->laid] = (uint8_t)(m.wild ? 26 : m.letter);
		toy_apply(r, m);
		p->path[r->laid] = (int32_t)(key >> KEY_NODE);
	}
	settle(s, p, o);
}

/* Nothing is hidden in Toy Train: the carriages lie face up, the face-down ones
 * are those of the words laid, both players know the list. */
static void determinize(const void *sp, void *work, void *pp, int seat, struct rng *rng)
{
	(void)sp;
	(void)work;
	(void)pp;
	(void)seat;
	(void)rng;
}

/* What the seed scores: how far each locomotive has come (FINISH: the winner's). */
static void standing(const void *sp, void *work, const void *pp, double *score)
{
	const struct pos *p = pp;
	(void)sp;
	(void)work;
	score[0] = p->at[0];
	score[1] = p->at[1];
}

static void result(const void *sp, const void *pp, struct gsim_outcome *o)
{
	const struct pos *p = pp;
	(void)sp;
	o->winner = p->winner;
	o->length = p->length;
}

const struct toy_round *gsim_toy_round(const void *pos)
{
	return &((const struct pos *)pos)->round;
}

static const struct gsim_steps toy_steps = {
	.pos_size = pos_size,
	.max_moves = max_moves,
	.work_size = NULL,
	.seats = seats,
	.start = start,
	.turn = turn,
	.moves = moves,
	.choose = choose,
	.apply = apply,
	.determinize = determinize,
	.standing = standing,
	.result = result,
};

const struct gsim_engine gsim_toy = {
	.game = TOY_GAME,
	.ties = true,
	.unit = "rounds",
	.min_players = 2,
	.max_players = 2,
	.counters = counters,
	.counter_text = counter_text,
	.setup_new = setup_new,
	.setup_free = setup_free,
	.rules_text = rules_text,
	.steps = &toy_steps,
};

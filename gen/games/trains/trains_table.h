/* trains_table.h: the cards on the table of the core game's engine
 * (trains_engine.h), for the worker w bound to a position: the draw pile,
 * the discards, the face-up cards, each seat's sequence; where a seat puts a
 * card; the deal and the opening; the engine's invariants; the trace's
 * cards and sequences. */
#ifndef RAILYARD_TRAINS_TABLE_H
#define RAILYARD_TRAINS_TABLE_H

#include "trains_engine.h"

struct buf;
struct rng;

/* Shuffle v[n] from stream r. */
void table_shuffle(struct rng *r, struct sim_card *v, int n);
/* The top card of the draw pile, the discards shuffled into a new pile first
 * when it is empty (the caller has made sure there is one: table_can_draw). */
struct sim_card table_draw(struct sim_worker *w);
/* Take face-up card f away (its slot refilled by the last). */
void table_face_remove(struct sim_worker *w, int f);
/* Lay card c face up: a pair of one ability, or a card without one, is
 * discarded instead. */
void table_face_up(struct sim_worker *w, struct sim_card c);
/* Put card c at space i of seat p's sequence, keeping its inversions. */
void table_set_card(struct sim_worker *w, int p, int i, struct sim_card c);
/* Where seat m puts card c: the open space that leaves the best value, with
 * the gift of the card it lays face up (gift NULL: none), the value in *val;
 * or any open space, at random. */
int table_place(struct sim_worker *w, int m, struct sim_card c, const double *gift, double *val);
int table_place_random(struct sim_worker *w, int m);
/* Shuffle and deal, each sequence arranged descending (a grid as the seat's
 * policy chooses, §8); the table cleared. */
void table_deal(struct sim_worker *w);
/* The opening of seat m at the setup: draw k cards, keep one. */
void table_opening(struct sim_worker *w, int m, int k);
/* Whether the engine's invariants hold (sim_worker_selfcheck). */
bool table_consistent(struct sim_worker *w);
/* The trace: a card ("W" wild), seat p's sequence as a line, space i's name. */
void table_log_card(struct buf *b, struct sim_card c);
void table_log_seq(struct sim_worker *w, int p);
const char *table_space(const struct sim_setup *s, int i, char nm[3]);

static inline bool table_can_draw(const struct sim_worker *w)
{
	return w->h->npile > 0 || (w->s->rules.reshuffle && w->h->ndisc > 0);
}

/* Put card c on the discards, seen by everybody. */
static inline void table_discard(struct sim_worker *w, struct sim_card c)
{
	w->dhid[w->h->ndisc] = 0;
	w->disc[w->h->ndisc++] = c;
}

static inline bool table_open_space(struct sim_worker *w, int p)
{
	const unsigned char *fz = frozen_of(w, p);
	for (int i = 0; i < w->s->census; i++)
		if (!fz[i])
			return true;
	return false;
}

#endif

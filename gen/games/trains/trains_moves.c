/* trains_moves.c: the moves (trains_moves.h): the legal ones in the engine's
 * form, their effect on the table and their lines in the trace, the freeze;
 * sim_worker_moves, the list for tests. */
#include <string.h>

#include "trains_moves.h"
#include "trains_seq.h"
#include "trains_table.h"
#include "util.h"

static void push_move(struct sim_worker *w, struct sim_move m)
{
	if (w->nmoves < w->cap)   /* never full: the setup's max_moves bounds every list */
		w->moves[w->nmoves++] = m;
}

/* pos_legal_moves' collector: each legal use of face-up card `face`, whose
 * ability's ways start at ways[first], in the engine's form. */
struct move_sink {
	struct sim_worker *w;
	int face;
	size_t first;
	const struct pos_way *ways;   /* the ability's: &s->ways[first] */
};

static void add_use(void *ctx, const struct pos_use *u, const struct pos_move *pm)
{
	struct move_sink *k = ctx;
	struct sim_move m = {(short)k->face, (int)(k->first + (size_t)u->way), pm->seq[0], pm->seq[pm->n > 1],
			     OP_CYCLE, -1, -1};
	if (pm->remove) {
		m.kind = OP_REMOVE;
		m.a = pm->sp[0];
	} else if (k->ways[u->way].effect != KE_ROTATE) {
		m.kind = OP_SWAP;
		m.a = pm->sp[0];
		m.b = pm->sp[1];
	}
	push_move(k->w, m);
}

/* Every legal move of player m (the draw first): the draw, then each face-up
 * card's uses as trains_position.c's one legality finds them. */
void moves_list(struct sim_worker *w, int m)
{
	const struct sim_setup *s = w->s;
	w->nmoves = 0;
	if (table_can_draw(w) && table_open_space(w, m))
		push_move(w, (struct sim_move){-1, -1, (signed char)m, (signed char)m, 0, -1, -1});
	/* A removal needs a card to fill the space: with reshuffling the used card
	 * itself is in the discards by then. */
	w->view.mover = m;
	w->view.refill = w->h->npile > 0 || s->rules.reshuffle;
	for (int f = 0; f < w->h->nface; f++) {
		int ab = w->face[f].ab;
		struct move_sink k = {w, f, s->way_first[ab], &s->ways[s->way_first[ab]]};
		pos_legal_moves(k.ways, s->way_first[ab + 1] - k.first, s->spec[ab], &s->rules_pos, &w->view, add_use,
				&k);
	}
}

size_t sim_worker_moves(struct sim_worker *w, int m, size_t ab, const int *nums, const unsigned char *frozen,
			int npile, void (*fn)(void *ctx, const struct pos_move *mv), void *ctx)
{
	const struct sim_setup *s = w->s;
	size_t sc = (size_t)s->players * (size_t)s->census, n = 0;
	engine_bind(w, w->own_pos);
	for (int p = 0; p < s->players; p++)
		w->dirty[p] = true;
	for (size_t i = 0; i < sc; i++) {
		w->seq[i] = (struct sim_card){nums[i], -1};
		w->frozen[i] = frozen ? frozen[i] : 0;
	}
	for (size_t a = 0; a < s->nab; a++)
		w->face_at[a] = -1;
	w->face[0] = (struct sim_card){0, (int)ab};
	w->face_at[ab] = 0;
	w->h->nface = 1;
	w->h->npile = npile < 0 ? 0 : npile > s->ndeck ? (int)s->ndeck : npile;
	w->h->ndisc = 0;
	moves_list(w, m);
	for (size_t k = 0; k < w->nmoves; k++) {
		const struct sim_move *mv = &w->moves[k];
		if (mv->face < 0)
			continue;
		struct pos_move pm;
		memset(&pm, 0, sizeof pm);
		pm.blocked = -1;
		pm.seq[0] = mv->tgt;
		pm.seq[1] = mv->tgt2;
		pm.sp[0] = mv->a;
		pm.sp[1] = mv->b;
		pm.n = mv->kind == OP_SWAP ? 2 : 1;
		pm.remove = mv->kind == OP_REMOVE;
		if (mv->kind == OP_CYCLE) {
			const struct pos_way *o = &s->ways[mv->op];
			pm.n = o->move.n;
			for (int i = 0; i < pm.n; i++) {
				pm.seq[i] = mv->tgt;
				pm.sp[i] = o->move.sp[i];
			}
		}
		fn(ctx, &pm);
		n++;
	}
	return n;
}

/* The trace's line for the use of card used in move mv. */
static void log_use(struct sim_worker *w, struct sim_card used, const struct sim_move *mv)
{
	const struct sim_setup *s = w->s;
	char n1[3], n2[3];
	buf_printf(w->log, "  uses %d %s", used.num, s->pack->abilities.v[used.ab].symbolic);
	if (mv->tgt != mv->tgt2)
		buf_printf(w->log, ": seat %d's %s with seat %d's %s", mv->tgt + 1, table_space(s, mv->a, n1),
			   mv->tgt2 + 1, table_space(s, mv->b, n2));
	else if (mv->kind == OP_SWAP)
		buf_printf(w->log, " on seat %d: %s with %s", mv->tgt + 1, table_space(s, mv->a, n1), table_space(s, mv->b, n2));
	else if (mv->kind == OP_REMOVE)
		buf_printf(w->log, " on seat %d: removes %s", mv->tgt + 1, table_space(s, mv->a, n1));
	else
		buf_printf(w->log, " on seat %d: rotates from %s", mv->tgt + 1,
			   table_space(s, s->ways[mv->op].move.sp[0], n1));
	buf_puts(w->log, "\n");
}

/* Carry out move *mvp of seat m (gift: as the draw's judgement had it, or NULL). */
int moves_apply(struct sim_worker *w, int m, const struct sim_move *mvp, const double *gift, int *t1,
		      int *t2)
{
	const struct sim_setup *s = w->s;
	struct sim_move mv = *mvp;
	*t1 = *t2 = m;
	if (mv.face < 0) {
		struct sim_card c = table_draw(w);
		double v;
		int at = policy_of(w, m) == POLICY_RANDOM ? table_place_random(w, m) : table_place(w, m, c, gift, &v);
		struct sim_card *q = seq_of(w, m);
		struct sim_card old = q[at];
		table_set_card(w, m, at, c);
		if (w->log) {
			char nm[3];
			buf_puts(w->log, "  draws ");
			table_log_card(w->log, c);
			buf_printf(w->log, ", puts it at %s in place of ", table_space(s, at, nm));
			table_log_card(w->log, old);
			buf_puts(w->log, "\n");
		}
		table_face_up(w, old);
		w->h->draws++;
		return -1;
	}
	struct sim_card used = w->face[mv.face];
	table_face_remove(w, mv.face);
	table_discard(w, used);
	w->uses[(size_t)m * s->nab + (size_t)used.ab]++;
	*t1 = mv.tgt;
	*t2 = mv.tgt2;
	if (mv.tgt != mv.tgt2)
		w->h->across++;
	else if (mv.tgt == m)
		w->h->on_self++;
	else
		w->h->on_opponent++;
	struct sim_card *x = seq_of(w, mv.tgt), *y = seq_of(w, mv.tgt2);
	if (w->log)
		log_use(w, used, &mv);
	switch (mv.kind) {
	case OP_SWAP: {
		struct sim_card t = x[mv.a];
		if (mv.tgt != mv.tgt2) {
			table_set_card(w, mv.tgt, mv.a, y[mv.b]);
			table_set_card(w, mv.tgt2, mv.b, t);
			break;
		}
		x[mv.a] = y[mv.b];
		y[mv.b] = t;
		w->h->inv[mv.tgt] += seq_swap_delta(s, x, mv.a, mv.b);
		break;
	}
	case OP_REMOVE:
		table_discard(w, x[mv.a]);
		table_set_card(w, mv.tgt, mv.a, table_draw(w));
		if (mv.tgt == m)
			w->h->removals_self++;
		else
			w->h->removals_opponent++;
		break;
	default:
		seq_cycle(x, &s->ways[mv.op]);
		w->h->inv[mv.tgt] = seq_inversions(s, x);
		break;
	}
	return used.ab;
}

/* Seat m's freeze, if f >= 0 (§11). */
void moves_freeze(struct sim_worker *w, int m, int f)
{
	if (f < 0)
		return;
	frozen_of(w, m)[f] = 1;
	w->h->tokens[m]--;
	w->h->freezes++;
	if (w->log) {
		char nm[3];
		buf_printf(w->log, "  freezes %s (", table_space(w->s, f, nm));
		table_log_card(w->log, seq_of(w, m)[f]);
		buf_puts(w->log, ")\n");
	}
}

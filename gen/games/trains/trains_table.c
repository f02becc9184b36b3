/* trains_table.c: the cards on the table (trains_table.h): the draw pile and
 * its reshuffle, the discards, the face-up cards, a card put in a sequence
 * and where a seat puts it, the deal (a grid's arrangement by the hook walk)
 * and the opening, the invariants a self-checking worker tests, the trace's
 * cards. */
#include <string.h>

#include "trains_seq.h"
#include "trains_table.h"
#include "util.h"

void table_shuffle(struct rng *r, struct sim_card *v, int n)
{
	for (int i = n - 1; i > 0; i--) {
		int j = (int)rng_below(r, (uint32_t)i + 1);
		struct sim_card t = v[i];
		v[i] = v[j];
		v[j] = t;
	}
}

/* The top card of the draw pile, shuffling the discards into a new pile first
 * when it is empty. The caller has made sure there is one (table_can_draw). */
struct sim_card table_draw(struct sim_worker *w)
{
	if (w->h->npile == 0) {
		memcpy(w->pile, w->disc, (size_t)w->h->ndisc * sizeof *w->pile);
		w->h->npile = w->h->ndisc;
		w->h->ndisc = 0;
		table_shuffle(w->rng, w->pile, w->h->npile);
		w->h->reshuffles++;
	}
	return w->pile[--w->h->npile];
}

void table_face_remove(struct sim_worker *w, int f)
{
	int ab = w->face[f].ab;
	w->face_at[ab] = -1;
	if (f != w->h->nface - 1) {
		w->face[f] = w->face[w->h->nface - 1];
		w->face_at[w->face[f].ab] = f;
	}
	w->h->nface--;
}

/* Put a card face up beside the draw pile: a pair of equal abilities is
 * discarded, and so is a card without an ability. */
void table_face_up(struct sim_worker *w, struct sim_card c)
{
	if (c.ab < 0) {
		table_discard(w, c);
		return;
	}
	int f = w->face_at[c.ab];
	if (f >= 0) {
		table_discard(w, w->face[f]);
		table_discard(w, c);
		table_face_remove(w, f);
		return;
	}
	w->face_at[c.ab] = w->h->nface;
	w->face[w->h->nface++] = c;
}

/* Put card c at space i of seat p's sequence, keeping its inversions. */
void table_set_card(struct sim_worker *w, int p, int i, struct sim_card c)
{
	struct sim_card *q = seq_of(w, p);
	w->h->inv[p] += seq_inv_at(w->s, q, i, c.num) - seq_inv_at(w->s, q, i, q[i].num);
	q[i] = c;
}

/* Where a non-random player puts card c: the open space that leaves the best
 * value, counting the gift of the card it lays face up (gift NULL: none). */
int table_place(struct sim_worker *w, int m, struct sim_card c, const double *gift, double *val)
{
	const struct sim_setup *s = w->s;
	const struct sim_card *q = seq_of(w, m);
	const unsigned char *fz = frozen_of(w, m);
	struct score sc = seq_score(s, q);
	int best = -1;
	double bv = 1e300;
	for (int i = 0; i < s->census; i++) {
		if (fz[i])
			continue;
		double v = seq_outcome(seq_value_replace(s, q, sc, i, c, seq_inv_at(s, q, i, q[i].num), w->tmp));
		if (gift)
			v += gift[i];
		if (v < bv) {
			bv = v;
			best = i;
		}
	}
	*val = bv;
	return best;
}

int table_place_random(struct sim_worker *w, int m)
{
	const unsigned char *fz = frozen_of(w, m);
	int open = 0;
	for (int i = 0; i < w->s->census; i++)
		open += !fz[i];
	int k = (int)rng_below(w->rng, (uint32_t)open);
	for (int i = 0; i < w->s->census; i++)
		if (!fz[i] && k-- == 0)
			return i;
	return -1;
}

/* A uniformly random arrangement of R x C sorted cards whose rows and columns
 * descend: a random standard Young tableau of the rectangle by the hook walk of
 * Greene, Nijenhuis and Wilf. Space k gets the lab[k]-th card in sorted order. */
static void hook_walk(struct rng *r, int R, int C, int *lab)
{
	int len[MAX_SPACES];
	for (int i = 0; i < R; i++)
		len[i] = C;
	for (int n = R * C - 1; n >= 0; n--) {
		int k = (int)rng_below(r, (uint32_t)n + 1), i = 0, j;
		while (k >= len[i])
			k -= len[i++];
		j = k;
		for (;;) {
			int arm = len[i] - 1 - j, leg = 0;
			while (i + leg + 1 < R && len[i + leg + 1] > j)
				leg++;
			if (arm + leg == 0)
				break;
			int h = (int)rng_below(r, (uint32_t)(arm + leg));
			if (h < arm)
				j += 1 + h;
			else
				i += 1 + h - arm;
		}
		lab[i * C + j] = n;
		len[i]--;
	}
}

#define ARRANGEMENTS 24   /* grid deals a non-random player weighs (§8) */

/* §8: the player arranges a grid deal in any way whose rows and columns
 * descend. q holds the cards in sorted order (row by row, itself one such
 * way); a random player takes a random way, the others the best of the
 * row-by-row way and ARRANGEMENTS random ones. */
static void arrange_grid(struct sim_worker *w, int p, struct sim_card *q)
{
	const struct sim_setup *s = w->s;
	int c = s->census, lab[MAX_SPACES];
	struct sim_card *sorted = w->tmp2, *best = w->tmp;
	memcpy(sorted, q, (size_t)c * sizeof *q);
	if (s->policy[p] == POLICY_RANDOM) {
		hook_walk(w->rng, s->rows, s->cols, lab);
		for (int k = 0; k < c; k++)
			q[k] = sorted[lab[k]];
		return;
	}
	double bv = seq_value(s, q);
	memcpy(best, q, (size_t)c * sizeof *q);
	for (int t = 0; t < ARRANGEMENTS; t++) {
		hook_walk(w->rng, s->rows, s->cols, lab);
		for (int k = 0; k < c; k++)
			q[k] = sorted[lab[k]];
		double v = seq_value(s, q);
		if (v < bv) {
			bv = v;
			memcpy(best, q, (size_t)c * sizeof *q);
		}
	}
	memcpy(q, best, (size_t)c * sizeof *q);
}

/* Deal, arrange descending (wild cards first; a grid as the policy chooses),
 * clear the table. */
void table_deal(struct sim_worker *w)
{
	const struct sim_setup *s = w->s;
	int c = s->census;
	memcpy(w->pile, s->deck, (size_t)s->ndeck * sizeof *w->pile);
	w->h->npile = (int)s->ndeck;
	table_shuffle(w->rng, w->pile, w->h->npile);
	w->h->ndisc = w->h->nface = 0;
	for (size_t a = 0; a < s->nab; a++)
		w->face_at[a] = -1;
	for (int p = 0; p < s->players; p++) {
		struct sim_card *q = seq_of(w, p);
		for (int i = 0; i < c; i++) {
			struct sim_card x = w->pile[--w->h->npile];
			int j = i;
			/* insertion: wild (0) sorts before everything, then descending */
			while (j > 0 && (x.num == 0 ? q[j - 1].num != 0 : (q[j - 1].num != 0 && q[j - 1].num < x.num))) {
				q[j] = q[j - 1];
				j--;
			}
			q[j] = x;
		}
		if (s->rows > 1)
			arrange_grid(w, p, q);
		w->h->inv[p] = seq_inversions(s, q);
		memset(frozen_of(w, p), 0, (size_t)c);
		w->h->tokens[p] = s->rules.freeze_tokens;
		w->dirty[p] = true;
	}
	memset(w->uses, 0, (size_t)s->players * s->nab * sizeof *w->uses);
}

/* The opening turn of seat m: draw k cards, keep one. */
void table_opening(struct sim_worker *w, int m, int k)
{
	const struct sim_setup *s = w->s;
	struct sim_card hand[SIM_MAX_PLAYERS];
	int n = 0;
	while (n < k && table_can_draw(w))
		hand[n++] = table_draw(w);
	int keep = 0, at = -1;
	if (policy_of(w, m) == POLICY_RANDOM) {
		keep = (int)rng_below(w->rng, (uint32_t)n);
		at = table_place_random(w, m);
	} else {
		double bv = 1e300;
		for (int i = 0; i < n; i++) {
			double v;
			int sp = table_place(w, m, hand[i], NULL, &v);
			if (v < bv) {
				bv = v;
				keep = i;
				at = sp;
			}
		}
	}
	struct sim_card *q = seq_of(w, m);
	struct sim_card old = q[at];
	table_set_card(w, m, at, hand[keep]);
	if (w->log) {
		char nm[3];
		buf_puts(w->log, "  opening: draws");
		for (int i = 0; i < n; i++) {
			buf_puts(w->log, " ");
			table_log_card(w->log, hand[i]);
		}
		buf_puts(w->log, ", puts ");
		table_log_card(w->log, hand[keep]);
		buf_printf(w->log, " at %s in place of ", table_space(s, at, nm));
		table_log_card(w->log, old);
		buf_puts(w->log, "\n");
	}
	for (int i = 0; i < n; i++)
		if (i != keep) {
			if (s->rules.opening == OPENING_FACE_DOWN) {
				w->dhid[w->h->ndisc] = (unsigned char)(m + 1);
				w->disc[w->h->ndisc++] = hand[i];
			} else
				table_face_up(w, hand[i]);
		}
	table_face_up(w, old);
	w->h->draws++;
}

/* Every card of the deck is in exactly one place; the face-up cards have
 * distinct abilities and face_at points at them; frozen counts match tokens. */
bool table_consistent(struct sim_worker *w)
{
	const struct sim_setup *s = w->s;
	long *count = w->count;
	memset(count, 0, ((size_t)s->maxnum + 1) * sizeof *count);
	for (long i = 0; i < s->ndeck; i++)
		count[s->deck[i].num]++;
	for (int i = 0; i < w->h->npile; i++)
		count[w->pile[i].num]--;
	for (int i = 0; i < w->h->ndisc; i++)
		count[w->disc[i].num]--;
	for (int i = 0; i < w->h->nface; i++)
		count[w->face[i].num]--;
	for (int i = 0; i < s->players * s->census; i++)
		count[w->seq[i].num]--;
	for (int n = 0; n <= s->maxnum; n++)
		if (count[n])
			return false;
	int listed = 0;
	for (size_t a = 0; a < s->nab; a++)
		if (w->face_at[a] >= 0) {
			if (w->face_at[a] >= w->h->nface || w->face[w->face_at[a]].ab != (int)a)
				return false;
			listed++;
		}
	if (listed != w->h->nface)
		return false;
	for (int p = 0; p < s->players; p++) {
		if (w->h->inv[p] != seq_inversions(s, &w->seq[p * s->census]))
			return false;   /* the standing kept as the cards moved */
		int fz = 0;
		for (int i = 0; i < s->census; i++)
			fz += w->frozen[p * s->census + i];
		if (fz + w->h->tokens[p] != s->rules.freeze_tokens)
			return false;
	}
	/* frozen cards have not moved since the last check */
	for (int i = 0; i < s->players * s->census; i++) {
		if (w->snapfz[i] && w->snap[i] != w->seq[i].num)
			return false;
		w->snap[i] = w->seq[i].num;
		w->snapfz[i] = w->frozen[i];
	}
	return true;
}

void table_log_card(struct buf *b, struct sim_card c)
{
	if (c.num)
		buf_printf(b, "%d", c.num);
	else
		buf_puts(b, "W");
}

void table_log_seq(struct sim_worker *w, int p)
{
	const struct sim_setup *s = w->s;
	const struct sim_card *q = &w->seq[p * s->census];
	const unsigned char *fz = &w->frozen[p * s->census];
	buf_printf(w->log, "  seat %d:", p + 1);
	for (int i = 0; i < s->census; i++) {
		buf_puts(w->log, i && i % s->cols == 0 ? " /" : "");
		buf_puts(w->log, " ");
		table_log_card(w->log, q[i]);
		if (fz[i])
			buf_puts(w->log, "*");
	}
	buf_puts(w->log, "\n");
}

const char *table_space(const struct sim_setup *s, int i, char nm[3])
{
	return space_name(&s->pack->layout, i, nm);
}

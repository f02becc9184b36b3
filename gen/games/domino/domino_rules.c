/* domino_rules.c: double-N sets and the single-train question, as an Euler path. */
#include "domino.h"

#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "util.h"
#include "ruleset.h"

/* The seed: "The game is 120 points."; "If someone cannot make this first
 * play, the game is blocked, nobody scores and a new hand is dealt."; "the
 * player can then add one and only one car to any or all of the trains
 * belonging to the other players."; "The highest double is played first and
 * play moves clockwise." */
const struct ruleset_key domino_rule_keys[] = {
	{"target", NULL, 0, 100000, "120", "the points that win the game; 0: one hand"},
	{"blocked", "redeal|fewest", 0, 0, "redeal",
	 "a hand where nobody can add to their own train: a new hand, or the fewest tiles scores"},
	{"other-trains", "one-each|one", 0, 0, "one-each",
	 "after the own train's car: at most one car on each other train, or one car in all"},
	{"order", "clockwise|after-leader", 0, 0, "clockwise",
	 "after the engines: the leader adds the first car (\"play moves clockwise\"), or the seat after the leader, the leader last"},
	{NULL, NULL, 0, 0, NULL, NULL},
};

long domino_set_size(int n)
{
	return n < 0 ? 0 : (long)(n + 1) * (n + 2) / 2;
}

int domino_ends_per_number(int n)
{
	return n + 2;
}

long domino_hand_size(long tiles, int players)
{
	return players > 0 ? tiles / players : 0;
}

int domino_parse(const char *s, struct domino *out)
{
	char *end;
	if (*s < '0' || *s > '9')
		return -1;
	long a = strtol(s, &end, 10);
	if (*end != '-' && *end != ':' && *end != '|')
		return -1;
	const char *t = end + 1;
	if (*t < '0' || *t > '9')
		return -1;
	long b = strtol(t, &end, 10);
	if (*end || a > 1000 || b > 1000)
		return -1;
	out->low = (int)(a < b ? a : b);
	out->high = (int)(a < b ? b : a);
	return 0;
}

static size_t find(size_t *parent, size_t x)
{
	while (parent[x] != x)
		x = parent[x] = parent[parent[x]];
	return x;
}

/* Hierholzer's walk from start over the tiles (edges between numbers). */
static void walk(const struct domino *tiles, size_t n, int maxnum, int start,
		 struct domino_report *r)
{
	size_t nv = (size_t)maxnum + 1;
	size_t *deg = xcalloc(nv + 1, sizeof *deg);
	for (size_t i = 0; i < n; i++) {
		deg[tiles[i].low]++;
		deg[tiles[i].high]++;
	}
	size_t *first = xcalloc(nv + 1, sizeof *first);
	for (size_t v = 0; v < nv; v++)
		first[v + 1] = first[v] + deg[v];
	size_t *adj = xmalloc((2 * n + 1) * sizeof *adj);
	size_t *fill = xcalloc(nv, sizeof *fill);
	for (size_t i = 0; i < n; i++) {
		adj[first[tiles[i].low] + fill[tiles[i].low]++] = i;
		adj[first[tiles[i].high] + fill[tiles[i].high]++] = i;
	}
	bool *used = xcalloc(n + 1, sizeof *used);
	size_t *ptr = xcalloc(nv, sizeof *ptr);
	/* stack of (vertex, tile that led here or n) */
	int *sv = xmalloc((n + 1) * sizeof *sv);
	size_t *se = xmalloc((n + 1) * sizeof *se);
	size_t top = 0;
	sv[0] = start;
	se[0] = n;
	top = 1;
	size_t *path = xmalloc((n + 1) * sizeof *path);
	int *path_end = xmalloc((n + 1) * sizeof *path_end);
	size_t np = 0;
	while (top) {
		int v = sv[top - 1];
		while (ptr[v] < deg[v] && used[adj[first[v] + ptr[v]]])
			ptr[v]++;
		if (ptr[v] < deg[v]) {
			size_t e = adj[first[v] + ptr[v]];
			used[e] = true;
			sv[top] = tiles[e].low == v ? tiles[e].high : tiles[e].low;
			se[top] = e;
			top++;
		} else {
			top--;
			if (se[top] != n) {
				path[np] = se[top];
				path_end[np] = sv[top];
				np++;
			}
		}
	}
	/* path is the train backwards: tile path[i] ends at path_end[i]. */
	r->train = xmalloc((np + 1) * sizeof *r->train);
	r->flip = xmalloc((np + 1) * sizeof *r->flip);
	r->ntrain = np;
	for (size_t i = 0; i < np; i++) {
		size_t e = path[np - 1 - i];
		r->train[i] = e;
		r->flip[i] = tiles[e].low != tiles[e].high && path_end[np - 1 - i] == tiles[e].low;
	}
	free(path);
	free(path_end);
	free(sv);
	free(se);
	free(ptr);
	free(used);
	free(fill);
	free(adj);
	free(first);
	free(deg);
}

/* Turn a closed train so that it begins at position k. */
static void rotate(struct domino_report *r, size_t k)
{
	size_t n = r->ntrain;
	size_t *t = xmalloc((n + 1) * sizeof *t);
	bool *f = xmalloc((n + 1) * sizeof *f);
	for (size_t i = 0; i < n; i++) {
		t[i] = r->train[(i + k) % n];
		f[i] = r->flip[(i + k) % n];
	}
	free(r->train);
	free(r->flip);
	r->train = t;
	r->flip = f;
}

void domino_analyse(const struct domino *tiles, size_t n, int maxnum, struct domino_report *r)
{
	memset(r, 0, sizeof *r);
	size_t nv = (size_t)maxnum + 1;
	size_t *ends = xcalloc(nv, sizeof *ends);
	size_t *parent = xmalloc(nv * sizeof *parent);
	for (size_t v = 0; v < nv; v++)
		parent[v] = v;
	for (size_t i = 0; i < n; i++) {
		ends[tiles[i].low]++;
		ends[tiles[i].high]++;
		size_t a = find(parent, (size_t)tiles[i].low), b = find(parent, (size_t)tiles[i].high);
		if (a != b)
			parent[a < b ? b : a] = a < b ? a : b;
	}
	r->odd = xmalloc(nv * sizeof *r->odd);
	for (size_t v = 0; v < nv; v++)
		if (ends[v] % 2)
			r->odd[r->nodd++] = (int)v;
	/* The largest group by tiles; on a tie, the one holding the smallest number. */
	size_t *size = xcalloc(nv, sizeof *size);
	for (size_t i = 0; i < n; i++)
		size[find(parent, (size_t)tiles[i].low)]++;
	size_t main = nv;
	for (size_t v = 0; v < nv; v++)
		if (size[v] && (main == nv || size[v] > size[main]))
			main = v;
	r->cut = xmalloc((n + 1) * sizeof *r->cut);
	for (size_t i = 0; i < n; i++)
		if (find(parent, (size_t)tiles[i].low) != main)
			r->cut[r->ncut++] = i;
	r->single_train = n > 0 && r->ncut == 0 && r->nodd <= 2;
	if (r->single_train) {
		int start = r->nodd ? r->odd[0] : tiles[0].low;
		if (!r->nodd) /* a closed loop: start from the highest double when there is one */
			for (size_t i = 0; i < n; i++)
				if (tiles[i].low == tiles[i].high && tiles[i].low > start)
					start = tiles[i].low;
		walk(tiles, n, maxnum, start, r);
		/* A closed loop may begin anywhere: begin it with the start's double, the
		 * engine of the page's game. */
		for (size_t i = 0; !r->nodd && i < r->ntrain; i++) {
			const struct domino *t = &tiles[r->train[i]];
			if (t->low == start && t->high == start) {
				rotate(r, i);
				break;
			}
		}
	}
	free(size);
	free(parent);
	free(ends);
}

void domino_report_free(struct domino_report *r)
{
	free(r->odd);
	free(r->cut);
	free(r->train);
	free(r->flip);
	memset(r, 0, sizeof *r);
}

int domino_train_read(const struct domino *tiles, size_t n, struct domino_train *t,
		      struct buf *why)
{
	if (n == 0) {
		buf_puts(why, "a train has at least its engine double");
		return -1;
	}
	t->end[0] = tiles[0].low;
	t->end[1] = tiles[0].high;
	if (n == 1)
		return 0;
	/* the first tile's outer end is the number it does not share with the next */
	const struct domino *a = &tiles[0], *b = &tiles[1];
	int cur;
	if (a->high == b->low || a->high == b->high) {
		t->end[0] = a->low;
		cur = a->high;
	} else if (a->low == b->low || a->low == b->high) {
		t->end[0] = a->high;
		cur = a->low;
	} else {
		buf_printf(why, "tiles 1 and 2 (%d-%d, %d-%d) do not touch with equal numbers", a->low,
			   a->high, b->low, b->high);
		return -1;
	}
	for (size_t i = 1; i < n; i++) {
		const struct domino *x = &tiles[i];
		if (x->low != cur && x->high != cur) {
			buf_printf(why, "tile %zu (%d-%d) does not touch the %d before it", i + 1, x->low,
				   x->high, cur);
			return -1;
		}
		cur = x->low == cur ? x->high : x->low;
	}
	t->end[1] = cur;
	return 0;
}

enum domino_refusal domino_placement(const struct domino_turn *t, int k)
{
	if (t->engine_laid)
		return DOMINO_ENGINE_ONLY;
	if (t->cars == 0)
		return k == t->own ? DOMINO_OK : DOMINO_OWN_FIRST;
	if (k == t->own)
		return DOMINO_OWN_ONCE;
	if (t->one_other && t->cars > 1)
		return DOMINO_ONE_IN_ALL;
	if (t->laid >> k & 1)
		return DOMINO_ONE_EACH;
	return DOMINO_OK;
}

/* The tile's part of domino_legal, once train k (showing tr's ends; own: the
 * mover's) may take a car. */
static inline enum domino_refusal tile_legal(struct domino_train tr, bool own, int highest,
					     struct domino tile, int end)
{
	if (own && tr.end[0] < 0) {
		/* "Each player in his first turn puts down a double, called his engine" */
		if (tile.low != tile.high)
			return DOMINO_ENGINE_DOUBLE;
		if (highest >= 0 && tile.low != highest)
			return DOMINO_HIGHEST;
		return end == 0 ? DOMINO_OK : DOMINO_SAME_END;
	}
	int v = tr.end[end];
	if (tile.low != v && tile.high != v)
		return DOMINO_NO_MATCH;
	if (end == 1 && tr.end[0] == tr.end[1])
		return DOMINO_SAME_END;
	return DOMINO_OK;
}

enum domino_refusal domino_legal(const struct domino_turn *t, struct domino_move m)
{
	enum domino_refusal r = domino_placement(t, m.train);
	return r != DOMINO_OK ? r
			      : tile_legal(t->train[m.train], m.train == t->own, t->highest, m.tile, m.end);
}

size_t domino_legal_moves(const struct domino_turn *t, const struct domino *hand, size_t nhand,
			  int train, struct domino_move *out)
{
	size_t n = 0;
	int lo = train < 0 ? 0 : train, hi = train < 0 ? t->ntrains : train + 1;
	for (int k = lo; k < hi; k++) {
		/* domino_legal: where (once a train), then what (each tile) */
		if (domino_placement(t, k) != DOMINO_OK)
			continue;
		const struct domino_train tr = t->train[k];
		const bool own = k == t->own;
		const int highest = t->highest;
		for (size_t i = 0; i < nhand; i++) {
			const struct domino tile = hand[i];
			for (int e = 0; e < 2; e++)
				if (tile_legal(tr, own, highest, tile, e) == DOMINO_OK)
					out[n++] = (struct domino_move){tile, k, e, (int)i};
		}
	}
	return n;
}

void domino_apply(struct domino_turn *t, struct domino_move m)
{
	struct domino_train *tr = &t->train[m.train];
	if (tr->end[0] < 0) {
		tr->end[0] = tr->end[1] = m.tile.low;
		t->engine_laid = true;
	} else {
		int v = tr->end[m.end];
		tr->end[m.end] = m.tile.low == v ? m.tile.high : m.tile.low;
	}
	t->cars++;
	t->laid |= (uint64_t)1 << m.train;
}

/* rules.order's value (NULL: the default) as the enum. */
static enum domino_order domino_order_of(const char *value)
{
	return value && !strcmp(value, "after-leader") ? DOMINO_AFTER_LEADER : DOMINO_CLOCKWISE;
}

void domino_rules_from(const struct ruleset *rs, struct domino_rules *out)
{
	const char *target = ruleset_get(rs, "target"), *blocked = ruleset_get(rs, "blocked");
	const char *other = ruleset_get(rs, "other-trains");
	out->target = target ? strtol(target, NULL, 10) : 120;
	out->blocked_fewest = blocked && !strcmp(blocked, "fewest");
	out->one_other = other && !strcmp(other, "one");
	out->order = domino_order_of(ruleset_get(rs, "order"));
}

const char *domino_order_name(enum domino_order order)
{
	return order == DOMINO_AFTER_LEADER ? "after-leader" : "clockwise";
}

int domino_first_car(int lead, int players, enum domino_order order)
{
	return order == DOMINO_AFTER_LEADER ? (lead + 1) % players : lead;
}

int domino_fewest(const int *left, int players)
{
	int best = 0;
	for (int q = 1; q < players; q++)
		if (left[q] < left[best])
			best = q;
	return best;
}

long domino_hand_points(const int *left, int players, int winner)
{
	long pts = 0;
	for (int q = 0; q < players; q++)
		if (q != winner)
			pts += 5L * left[q];
	return pts;
}

int domino_first_turn(const struct domino *const *hands, const size_t *nhand, int players,
		      int *lead, int *high)
{
	*high = -1;
	*lead = -1;
	for (int p = 0; p < players; p++)
		for (size_t k = 0; k < nhand[p]; k++)
			if (hands[p][k].low == hands[p][k].high && hands[p][k].low > *high) {
				*high = hands[p][k].low;
				*lead = p;
			}
	if (*lead < 0)
		return 0;
	for (int i = 0; i < players; i++) {
		int p = (*lead + i) % players;
		struct domino_train tr = {{-1, -1}};
		struct domino_turn t = {&tr, 1, 0, 0, 0, false, i ? -1 : *high, false};
		bool any = false;
		for (size_t k = 0; k < nhand[p] && !any; k++)
			any = domino_legal(&t, (struct domino_move){hands[p][k], 0, 0, (int)k}) == DOMINO_OK;
		if (!any)
			return p;
	}
	return -1;
}

/* domino.h */
void domino_rules_load(struct yread *r, const struct ynode *rules, struct game_rules *out)
{
	ruleset_init(&out->set, DOMINO_GAME, domino_rule_keys);
	ruleset_load(r, rules, &out->set, NULL);
}

/* trains_position.c: analysis of game positions (§5-§11). Pure and allocation-free. */
#include <limits.h>
#include <math.h>
#include <string.h>

#include "trains_position.h"

/* How many copies of number x the pack still holds. */
static long held(const struct pos_pack *pk, long x)
{
	if (!pk || x < 1 || x > pk->cards)
		return 0;
	long c = pk->copies > 0 ? pk->copies : 1;
	if (pk->missing)
		c -= pk->missing[x - 1];
	return c > 0 ? c : 0;
}

/* How many times x occurs among the n cards at v[0], v[step], ... */
static long used(const long *v, int n, int step, long x)
{
	long u = 0;
	for (int k = 0; k < n; k++)
		u += v[k * step] == x;
	return u;
}

/* Whether the n cards at v[0], v[step], ... ascend (strict) or never descend,
 * every wild standing for a number of the pack not used elsewhere (§10). A
 * negative step walks a line backwards, which turns descending into ascending.
 * wilds_only: check the wilds only, not the order of neighbouring numbers. */
static bool rises(const long *v, int n, int step, bool strict, bool wilds_only,
		  const struct pos_pack *pk)
{
	long prev = 0;        /* the last number seen; 0 = none yet */
	long carry = 0;       /* copies of prev already stood for by earlier wilds */
	int run = 0;          /* wilds since prev */
	long top = pk ? pk->cards + 1 : 0;
	for (int k = 0; k <= n; k++) {
		long x = k < n ? v[k * step] : top;
		if (x == POS_DRAWN)
			return false;
		if (x == POS_WILD) {
			run++;
			continue;
		}
		if (k == n && run == 0)
			break;
		if (k < n && prev && (!wilds_only || run) && (strict ? prev >= x : prev > x))
			return false;
		long need = run;
		long lo = strict ? prev + 1 : prev, hi = strict ? x - 1 : x, take_hi = 0;
		for (long y = lo; need > 0 && y <= hi; y++) {
			long cap = held(pk, y) - used(v, n, step, y);
			if (y == prev)
				cap -= carry;
			if (strict && cap > 1)
				cap = 1;
			if (cap <= 0)
				continue;
			long take = cap < need ? cap : need;
			need -= take;
			if (y == hi)
				take_hi = take;
		}
		if (need > 0)
			return false;
		carry = x == prev ? carry + take_hi : take_hi;
		prev = x;
		run = 0;
	}
	return true;
}

static struct pos_order order_line(const long *v, int n, int step, const struct pos_pack *pk)
{
	/* Clean lines (the usual case): the relations are transitive, so comparing
	 * neighbours is enough, in one pass. */
	bool clean = true;
	for (int k = 0; k < n; k++)
		clean &= v[k * step] > 0;
	if (clean) {
		int lt = 0, eq = 0, gt = 0;
		for (int k = 0; k + 1 < n; k++) {
			long a = v[k * step], b = v[(k + 1) * step];
			lt += a < b;
			eq += a == b;
			gt += a > b;
		}
		struct pos_order o = {gt + eq == 0, gt == 0, lt + eq == 0, lt == 0};
		return o;
	}
	const long *last = v + (n - 1) * step;
	struct pos_order o = {
		.ascending = rises(v, n, step, true, false, pk),
		.never_descending = rises(v, n, step, false, false, pk),
		.descending = rises(last, n, -step, true, false, pk),
		.never_ascending = rises(last, n, -step, false, false, pk),
	};
	return o;
}

struct pos_order pos_order(const long *v, int n, const struct pos_pack *pk)
{
	return order_line(v, n, 1, pk);
}

struct pos_order pos_grid_order(const long *v, int rows, int cols, const struct pos_pack *pk)
{
	struct pos_order o = {true, true, true, true};
	for (int l = 0; l < rows + cols; l++) {
		struct pos_order x = l < rows ? order_line(v + l * cols, cols, 1, pk)
					      : order_line(v + (l - rows), rows, cols, pk);
		o.ascending &= x.ascending;
		o.never_descending &= x.never_descending;
		o.descending &= x.descending;
		o.never_ascending &= x.never_ascending;
	}
	return o;
}

bool pos_wilds_valid(const long *v, int n, bool strict, const struct pos_pack *pk)
{
	return rises(v, n, 1, strict, true, pk);
}

bool pos_wins(struct pos_order o, enum win_rule win)
{
	return win == WIN_NEVER_DESCENDING ? o.never_descending : o.ascending;
}

bool pos_clean(const long *v, int n)
{
	for (int i = 0; i < n; i++)
		if (v[i] == POS_WILD)
			return false;
	return true;
}

long pos_inversions(const long *v, int n, short (*pairs)[2], long max)
{
	long count = 0;
	if (!pairs) {
		/* Branch-free: the count alone is what a game engine asks for. */
		for (int i = 0; i < n; i++)
			for (int j = i + 1; j < n; j++)
				count += (v[i] > v[j]) & (v[j] > 0);
		return count;
	}
	for (int i = 0; i < n; i++) {
		if (v[i] <= 0)
			continue;
		for (int j = i + 1; j < n; j++) {
			if (v[j] <= 0 || v[i] <= v[j])
				continue;
			if (pairs && count < max) {
				pairs[count][0] = (short)i;
				pairs[count][1] = (short)j;
			}
			count++;
		}
	}
	return count;
}

static void record_swap(long *w, short (*swaps)[2], int *count, int i, int j)
{
	long t = w[i];
	w[i] = w[j];
	w[j] = t;
	swaps[*count][0] = (short)(i < j ? i : j);
	swaps[*count][1] = (short)(i < j ? j : i);
	++*count;
}

/* Sort by the stable sorting permutation of m cards (idx: their indices in
 * sorted order), each swap putting at least one card in its place: first the
 * pairs of cards that belong in each other's places, then, space by space from
 * the left, the card that belongs there. At most limit swaps; returns their
 * number, or limit + 1 if that was not enough. */
static int cycle_swaps(const int *idx, int m, short (*swaps)[2], int limit)
{
	int cur[MAX_SPACES], where[MAX_SPACES], tg[MAX_SPACES], count = 0;
	for (int p = 0; p < m; p++) {
		cur[p] = where[p] = p;
		tg[idx[p]] = p;
	}
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < m; i++) {
			int j;
			if (pass == 0) {
				j = tg[i];    /* the 2-cycles are disjoint: nothing moved them yet */
				if (j <= i || tg[j] != i)
					continue;
			} else {
				j = where[idx[i]];
				if (j == i)
					continue;
			}
			if (count == limit)
				return limit + 1;
			swaps[count][0] = (short)(i < j ? i : j);
			swaps[count][1] = (short)(i < j ? j : i);
			count++;
			int e = cur[i], f = cur[j];
			cur[i] = f;
			cur[j] = e;
			where[f] = i;
			where[e] = j;
		}
	return count;
}

/* Greedy for repeated numbers: swaps that place two cards at once first, then
 * one that places the first misplaced card. */
static int greedy_swaps(long *w, const long *t, int m, short (*swaps)[2])
{
	int count = 0;
	for (;;) {
		bool more = true;
		while (more) {
			more = false;
			for (int i = 0; i < m; i++)
				for (int j = i + 1; j < m && w[i] != t[i]; j++)
					if (w[j] != t[j] && w[i] == t[j] && w[j] == t[i]) {
						record_swap(w, swaps, &count, i, j);
						more = true;
					}
		}
		int i = 0;
		while (i < m && w[i] == t[i])
			i++;
		if (i == m)
			return count;
		for (int j = i + 1; j < m; j++)
			if (w[j] == t[i] && w[j] != t[j]) {
				record_swap(w, swaps, &count, i, j);
				break;
			}
	}
}

int pos_min_swaps(const long *v, int n, short (*swaps)[2])
{
	long w[MAX_SPACES], t[MAX_SPACES];
	int at[MAX_SPACES], idx[MAX_SPACES], m = 0, count;
	if (n > MAX_SPACES)
		return -1;
	/* The numbered spaces; idx sorts them stably by number. */
	for (int i = 0; i < n; i++)
		if (v[i] > 0) {
			w[m] = v[i];
			idx[m] = m;
			at[m++] = i;
		}
	for (int i = 1; i < m; i++)
		for (int j = i; j > 0 && w[idx[j - 1]] > w[idx[j]]; j--) {
			int x = idx[j];
			idx[j] = idx[j - 1];
			idx[j - 1] = x;
		}
	bool repeats = false;
	for (int i = 0; i < m; i++) {
		t[i] = w[idx[i]];
		repeats |= i && t[i - 1] == t[i];
	}
	if (!repeats) {
		/* Distinct numbers: any swap that places a card is optimal. */
		count = cycle_swaps(idx, m, swaps, m);
	} else {
		/* Repeated numbers: the shorter of the greedy and the stable cycles. */
		short alt[MAX_SPACES][2];
		count = greedy_swaps(w, t, m, swaps);
		int k = cycle_swaps(idx, m, alt, count);
		if (k < count) {
			memcpy(swaps, alt, (size_t)k * sizeof *alt);
			count = k;
		}
	}
	for (int k = 0; k < count; k++) {
		swaps[k][0] = (short)at[swaps[k][0]];
		swaps[k][1] = (short)at[swaps[k][1]];
	}
	return count;
}

void pos_range(const struct pos_pack *pk, int census, int space, double lo_q, double hi_q,
	       long *lo, long *hi)
{
	long c = pk->copies > 0 ? pk->copies : 1;
	long T = pk->cards * c, k = census, j = space + 1;
	*lo = *hi = 0;
	if (k < 1 || j < 1 || j > k || T < k)
		return;
	/* P(X = x) for the j-th smallest of k cards drawn from T is
	 * C(x-1, j-1) C(T-x, k-j) / C(T, k); start at x = j and step by ratios. */
	double lp = lgamma((double)(T - j + 1)) - lgamma((double)(k - j + 1)) - lgamma((double)(T - k + 1))
		  - (lgamma((double)(T + 1)) - lgamma((double)(k + 1)) - lgamma((double)(T - k + 1)));
	double p = exp(lp), cdf = 0;
	long xlo = 0, xhi = T - k + j;
	for (long x = j; x <= T - k + j; x++) {
		cdf += p;
		if (!xlo && cdf >= lo_q)
			xlo = x;
		if (cdf >= hi_q) {
			xhi = x;
			break;
		}
		p *= (double)x / (double)(x - j + 1) * (double)(T - x - (k - j)) / (double)(T - x);
	}
	if (!xlo)
		xlo = xhi;
	*lo = (xlo + c - 1) / c;
	*hi = (xhi + c - 1) / c;
}

/* A small unsigned big integer: enough for 169! (about 1010 bits). */
#define BIG_LIMBS 40
struct big {
	int n;
	uint32_t d[BIG_LIMBS];
};

static void big_mul(struct big *b, uint32_t m)
{
	uint64_t carry = 0;
	for (int i = 0; i < b->n; i++) {
		uint64_t x = (uint64_t)b->d[i] * m + carry;
		b->d[i] = (uint32_t)x;
		carry = x >> 32;
	}
	if (carry)
		b->d[b->n++] = (uint32_t)carry;
}

/* Divide by m; returns the remainder. */
static uint32_t big_div(struct big *b, uint32_t m)
{
	uint64_t rem = 0;
	for (int i = b->n - 1; i >= 0; i--) {
		uint64_t x = (rem << 32) | b->d[i];
		b->d[i] = (uint32_t)(x / m);
		rem = x % m;
	}
	while (b->n > 1 && b->d[b->n - 1] == 0)
		b->n--;
	return (uint32_t)rem;
}

bool pos_arrangements(int rows, int cols, char *out, size_t size)
{
	if (rows < 1 || cols < 1 || rows * cols > MAX_SPACES || size < POS_ARRANGEMENTS_DIGITS)
		return false;
	struct big b = {1, {1}};
	int n = rows * cols;
	for (int i = 2; i <= n; i++)
		big_mul(&b, (uint32_t)i);
	/* Every partial product of hooks divides n!, so each division is exact. */
	for (int r = 0; r < rows; r++)
		for (int c = 0; c < cols; c++)
			big_div(&b, (uint32_t)((rows - r - 1) + (cols - c - 1) + 1));
	/* Decimal, nine digits at a time, least significant group first. */
	uint32_t groups[BIG_LIMBS * 2];
	int ng = 0;
	do
		groups[ng++] = big_div(&b, 1000000000u);
	while (b.n > 1 || b.d[0] != 0);
	size_t len = 0;
	for (int g = ng - 1; g >= 0; g--) {
		char tmp[16];
		int w = 0;
		uint32_t x = groups[g];
		do {
			tmp[w++] = (char)('0' + x % 10);
			x /= 10;
		} while (x);
		if (g != ng - 1)
			while (w < 9)
				tmp[w++] = '0';
		while (w > 0)
			out[len++] = tmp[--w];
	}
	out[len] = '\0';
	return true;
}

/* Expanding an ability into the moves it allows, and picking one. */

/* Where pos_ways sends its ways, and what every way of the ability does. */
struct sink {
	void (*fn)(void *, const struct pos_way *);
	void *ctx;
	enum kind_effect effect;
	bool across;
};

static void emit(const struct sink *k, const short *sp, int n, bool remove, int line, int dir)
{
	struct pos_way w;
	memset(&w, 0, sizeof w);   /* once per way, when an engine or checker expands it */
	w.move.blocked = -1;
	w.move.n = n;
	w.move.remove = remove;
	memcpy(w.move.sp, sp, (size_t)n * sizeof *sp);
	w.line = line;
	w.dir = dir;
	w.effect = k->effect;
	w.across = k->across;
	k->fn(k->ctx, &w);
}

static void emit_swap(const struct sink *k, int s, int t, int line)
{
	short sp[2] = {(short)s, (short)t};
	emit(k, sp, 2, false, line, 0);
}

/* A rotation of row (row true) or column l; dir +1 right/down, -1 left/up. */
static void emit_rotation(const struct layout *lay, const struct sink *k, bool row, int l, int dir)
{
	short sp[MAX_CENSUS];
	int n = row ? lay->cols : lay->rows;
	for (int i = 0; i < n; i++) {
		int c = dir > 0 ? i : n - 1 - i;
		sp[i] = (short)(row ? l * lay->cols + c : c * lay->cols + l);
	}
	emit(k, sp, n, false, l, dir);
}

/* Every pair of spaces of the ability's row or column swapped, or (remove)
 * every space of it removed. */
static void emit_any_in_line(const struct layout *lay, const struct sink *k, const struct ability *a)
{
	int R = lay->rows, C = lay->cols;
	short sp[1];
	switch (a->kind) {
	case AK_ROW_ANY_SWAP:
		for (int c = 0; c < C; c++)
			for (int d = c + 1; d < C; d++)
				emit_swap(k, a->line * C + c, a->line * C + d, a->line);
		break;
	case AK_COLUMN_ANY_SWAP:
		for (int r = 0; r < R; r++)
			for (int q = r + 1; q < R; q++)
				emit_swap(k, r * C + a->line, q * C + a->line, a->line);
		break;
	case AK_ROW_ANY_REMOVE:
		for (int c = 0; c < C; c++) {
			sp[0] = (short)(a->line * C + c);
			emit(k, sp, 1, true, a->line, 0);
		}
		break;
	default:  /* AK_COLUMN_ANY_REMOVE */
		for (int r = 0; r < R; r++) {
			sp[0] = (short)(r * C + a->line);
			emit(k, sp, 1, true, a->line, 0);
		}
		break;
	}
}

/* A number ability's one way: the spaces of its scope (its row, its column or
 * the whole sequence). */
static void emit_number(const struct layout *lay, const struct sink *k, const struct ability *a,
			const struct ability_spec *spec)
{
	int R = lay->rows, C = lay->cols, n = 0;
	short sp[MAX_CENSUS];
	if (!spec || (spec->scope != SCOPE_SEQUENCE && !R))
		return;
	if (spec->scope == SCOPE_ROW)
		for (int c = 0; c < C; c++)
			sp[n++] = (short)(a->line * C + c);
	else if (spec->scope == SCOPE_COLUMN)
		for (int r = 0; r < R; r++)
			sp[n++] = (short)(r * C + a->line);
	emit(k, sp, n, spec->action == NUM_REMOVE, a->line, 0);
}

void pos_ways(const struct layout *lay, const struct ability *a, const struct ability_spec *spec,
	      void (*fn)(void *ctx, const struct pos_way *w), void *ctx)
{
	int R = lay->rows, C = lay->cols;
	if (ability_kind_grid_only(a->kind) && !R)
		return;
	const struct ability_kind_info *info = ability_kind_info(a->kind);
	/* §6 speaks of the two spaces a card names: only those swaps may cross. */
	struct sink k = {fn, ctx, info->effect, info->effect == KE_SWAP && !info->choose};
	switch (a->kind) {
	case AK_SWAP:
	case AK_ROW_SWAP:
	case AK_COLUMN_SWAP:
	case AK_CROSS_SWAP:
		emit_swap(&k, a->sp[0], a->sp[1], -1);
		break;
	case AK_REMOVE:
		emit(&k, a->sp, 1, true, -1, 0);
		break;
	case AK_ROW_ROTATE:
	case AK_COLUMN_ROTATE:
		emit(&k, a->sp, a->nsp, false, a->line, a->dir);
		break;
	case AK_ROW_ANY_SWAP:
	case AK_COLUMN_ANY_SWAP:
	case AK_ROW_ANY_REMOVE:
	case AK_COLUMN_ANY_REMOVE:
		emit_any_in_line(lay, &k, a);
		break;
	case AK_PAIR_ANY_ROW:
		for (int r = 0; r < R; r++)
			emit_swap(&k, r * C + a->line, r * C + a->line2, r);
		break;
	case AK_PAIR_ANY_COLUMN:
		for (int c = 0; c < C; c++)
			emit_swap(&k, a->line * C + c, a->line2 * C + c, c);
		break;
	case AK_ROTATE_ANY_ROW:
	case AK_ROTATE_ANY_COLUMN:
		for (int l = 0; l < (a->kind == AK_ROTATE_ANY_ROW ? R : C); l++)
			emit_rotation(lay, &k, a->kind == AK_ROTATE_ANY_ROW, l, a->dir);
		break;
	case AK_ROW_ROTATE_EITHER:
	case AK_COLUMN_ROTATE_EITHER:
		emit_rotation(lay, &k, a->kind == AK_ROW_ROTATE_EITHER, a->line, 1);
		emit_rotation(lay, &k, a->kind == AK_ROW_ROTATE_EITHER, a->line, -1);
		break;
	case AK_NUMBER:
		emit_number(lay, &k, a, spec);
		break;
	default:
		break;
	}
}

static bool wanted(int x, enum number_filter f)
{
	if (x <= 0)
		return false;
	return f == FILTER_ANY || (f == FILTER_EVEN) == (x % 2 == 0);
}

static inline int num_at(const struct pos_view *v, int q, int s)
{
	return v->num[q][s * v->step];
}

/* The engine's hot loop runs through these: inline them where the compiler can. */
#if defined(__GNUC__)
#define HOT static inline __attribute__((always_inline))
#else
#define HOT static inline
#endif

/* §9: the cards a number-based ability picks in sequence q, among the spaces
 * way w looks at (none: the whole sequence), into m. A player's own cards:
 * the ability never reaches into another sequence. */
static enum pos_refusal pick_numbers(const struct pos_way *w, const struct ability_spec *spec,
				     const struct pos_view *v, int q, struct pos_move *m)
{
	int ns = w->move.n, lo = -1, hi = -1, xlo = 0, xhi = 0;
	for (int k = 0; k < (ns ? ns : v->n); k++) {
		int s = ns ? w->move.sp[k] : k;
		int x = num_at(v, q, s);
		if (!wanted(x, spec->filter))
			continue;
		if (lo < 0 || x < xlo) {
			lo = s;
			xlo = x;
		}
		if (hi < 0 || x > xhi) {
			hi = s;
			xhi = x;
		}
	}
	m->seq[0] = m->seq[1] = (signed char)q;
	if (spec->action == NUM_REMOVE) {
		if (lo < 0)
			return POS_IMPOSSIBLE;
		m->n = 1;
		m->remove = true;
		m->sp[0] = (short)(spec->pick == PICK_LOWEST ? lo : hi);
		return POS_OK;
	}
	if (lo < 0 || lo == hi)
		return POS_IMPOSSIBLE;
	m->n = 2;
	m->remove = false;
	m->sp[0] = (short)lo;
	m->sp[1] = (short)hi;
	return POS_OK;
}

/* The rules alone (§5, §6): whether use u of way w may be made at all. */
HOT enum pos_refusal use_allowed(const struct pos_way *w, const struct rules *r,
					   const struct pos_view *v, const struct pos_use *u)
{
	if (u->seq[0] == u->seq[1]) {
		if (u->seq[0] != v->mover && r->apply_to == APPLY_SELF)
			return POS_SELF;
		if (w->across && !r->swap_within)
			return POS_WITHIN;
		return POS_OK;
	}
	if (!w->across)
		return POS_NOT_SWAP;
	if (r->swap_across == ACROSS_NONE)
		return POS_ACROSS_NONE;
	bool mine = u->seq[0] == v->mover || u->seq[1] == v->mover;
	if (!mine && r->swap_across == ACROSS_TWO)
		return POS_ACROSS_TWO;
	if (!mine && r->apply_to == APPLY_SELF)
		return POS_SELF;
	return POS_OK;
}

/* The cards (§9, §11): what use u moves, and whether it can. */
HOT enum pos_refusal use_cards(const struct pos_way *w, const struct ability_spec *spec,
					 const struct pos_view *v, const struct pos_use *u, struct pos_move *m)
{
	m->blocked = -1;
	if (w->effect == KE_NUMBER) {
		enum pos_refusal r = pick_numbers(w, spec, v, u->seq[0], m);
		if (r != POS_OK)
			return r;
	} else if (u->seq[0] != u->seq[1]) {
		m->n = 2;
		m->remove = false;
		m->seq[0] = (signed char)u->seq[0];
		m->seq[1] = (signed char)u->seq[1];
		m->sp[0] = w->move.sp[u->flip];
		m->sp[1] = w->move.sp[!u->flip];
	} else {
		/* spelled out for the engine's hot loop: a swap or a removal, else a rotation */
		m->n = w->move.n;
		m->remove = w->move.remove;
		m->seq[0] = m->seq[1] = (signed char)u->seq[0];
		m->sp[0] = w->move.sp[0];
		m->sp[1] = w->move.sp[1];
		for (int i = 2; i < m->n; i++) {
			m->seq[i] = (signed char)u->seq[0];
			m->sp[i] = w->move.sp[i];
		}
	}
	for (int i = 0; v->frozen && i < m->n; i++) {
		const unsigned char *fz = v->frozen[m->seq[i]];
		if (fz && fz[m->sp[i]]) {
			m->blocked = i;
			return POS_FROZEN;
		}
	}
	if (m->remove && !v->refill)
		return POS_NO_DRAW;
	return POS_OK;
}

HOT enum pos_refusal legal(const struct pos_way *w, const struct ability_spec *spec,
				     const struct rules *rules, const struct pos_view *v,
				     const struct pos_use *u, struct pos_move *done)
{
	done->n = 0;
	done->blocked = -1;
	done->remove = false;
	enum pos_refusal r = use_allowed(w, rules, v, u);
	return r != POS_OK ? r : use_cards(w, spec, v, u, done);
}

enum pos_refusal pos_legal(const struct pos_way *w, const struct ability_spec *spec,
			   const struct rules *rules, const struct pos_view *v, const struct pos_use *u,
			   struct pos_move *done)
{
	return legal(w, spec, rules, v, u, done);
}

void pos_legal_moves(const struct pos_way *ways, size_t nw, const struct ability_spec *spec,
		     const struct rules *rules, const struct pos_view *v,
		     void (*fn)(void *ctx, const struct pos_use *u, const struct pos_move *m), void *ctx)
{
	struct pos_move m;
	for (size_t k = 0; k < nw; k++) {
		const struct pos_way *w = &ways[k];
		struct pos_use u = {(int)k, {0, 0}, false};
		/* The candidates that can pass (pos_legal refuses every other one):
		 * under apply-to self the mover's sequence alone, */
		bool self = rules->apply_to == APPLY_SELF;
		int lo = self ? v->mover : 0, hi = self ? v->mover + 1 : v->nseq;
		for (int q = lo < 0 ? hi : lo; q < hi; q++) {
			u.seq[0] = u.seq[1] = q;
			if (legal(w, spec, rules, v, &u, &m) == POS_OK)
				fn(ctx, &u, &m);
		}
		/* and pairs only where §6 lets this way cross. */
		if (!w->across || rules->swap_across == ACROSS_NONE || v->nseq < 2)
			continue;
		for (int x = 0; x < v->nseq; x++)
			for (int y = 0; y < v->nseq; y++) {
				if (x == y || (rules->swap_across == ACROSS_TWO && x != v->mover))
					continue;
				u.seq[0] = x;
				u.seq[1] = y;
				for (int f = 0; f < (rules->swap_across == ACROSS_TWO ? 2 : 1); f++) {
					u.flip = f;
					if (legal(w, spec, rules, v, &u, &m) == POS_OK)
						fn(ctx, &u, &m);
				}
				u.flip = false;
			}
	}
}

/* Picking the way the player's choices name. */
struct pick {
	unsigned choose;                /* the kind's KC_* */
	const struct pos_choice *ch;
	struct pos_way *out;            /* the first way that matches */
	bool found;
};

static bool same_pair(const short *a, const short *b)
{
	return (a[0] == b[0] && a[1] == b[1]) || (a[0] == b[1] && a[1] == b[0]);
}

static bool matches(unsigned k, const struct pos_choice *ch, const struct pos_way *w)
{
	if (!k)
		return true;   /* a specific ability: its one way */
	if (k & KC_SPACES) {
		if (ch->nsp != w->move.n)
			return false;
		if (w->move.n == 2 ? !same_pair(ch->sp, w->move.sp) : ch->sp[0] != w->move.sp[0])
			return false;
	}
	if (k & KC_LINE) {
		bool by_spaces = (k & KC_BY_SPACES) && ch->nsp == 2;
		if (ch->line < 0 && !by_spaces)
			return false;
		if (ch->dir && w->dir && ch->dir != w->dir)
			return false;
		if (by_spaces && !same_pair(ch->sp, w->move.sp))
			return false;
	}
	if ((k & KC_DIR) && ch->dir != w->dir)
		return false;
	if ((k & (KC_LINE | KC_DIR)) && ch->line >= 0 && ch->line != w->line)
		return false;
	return true;
}

static void pick_way(void *ctx, const struct pos_way *w)
{
	struct pick *p = ctx;
	if (!p->found && matches(p->choose, p->ch, w)) {
		*p->out = *w;
		p->found = true;
	}
}

/* The way of a that the player's choices name, for sequences of n spaces. */
static enum pos_refusal choose_way(const struct layout *lay, const struct ability *a,
				   const struct ability_spec *spec, const struct pos_choice *ch, int n,
				   struct pos_way *w)
{
	if (ability_kind_grid_only(a->kind) && !lay->rows)
		return POS_NEEDS_GRID;
	if (a->kind == AK_NUMBER && (!spec || (spec->scope != SCOPE_SEQUENCE && !lay->rows)))
		return POS_NEEDS_GRID;
	const struct ability_kind_info *info = ability_kind_info(a->kind);
	struct pick p = {info->choose, ch, w, false};
	pos_ways(lay, a, spec, pick_way, &p);
	if (!p.found)
		return POS_CHOICE;
	/* The spaces in the order the player named them. */
	if ((info->choose & KC_SPACES) && w->move.n == 2)
		memcpy(w->move.sp, ch->sp, sizeof ch->sp);
	for (int i = 0; i < w->move.n; i++)
		if (w->move.sp[i] < 0 || w->move.sp[i] >= n)
			return POS_NEEDS_GRID;
	return POS_OK;
}

/* Carry out move m (pos_legal's) on t's sequences; draw fills a removal. */
static void play(struct pos_target *t, const struct pos_move *m, long draw)
{
	if (m->remove) {
		t->seq[m->seq[0]][m->sp[0]] = draw;
	} else if (m->n == 2) {
		long *x = &t->seq[m->seq[0]][m->sp[0]], *y = &t->seq[m->seq[1]][m->sp[1]];
		long tmp = *x;
		*x = *y;
		*y = tmp;
	} else {
		long *v = t->seq[m->seq[0]];
		long tmp = v[m->sp[m->n - 1]];
		for (int i = m->n - 1; i > 0; i--)
			v[m->sp[i]] = v[m->sp[i - 1]];
		v[m->sp[0]] = tmp;
	}
}

enum pos_refusal pos_apply(const struct layout *lay, const struct ability *a,
			   const struct ability_spec *spec, const struct rules *rules,
			   const struct pos_choice *ch, struct pos_target *t, struct pos_move *done)
{
	struct pos_way w;
	memset(done, 0, sizeof *done);
	done->blocked = -1;
	enum pos_refusal r = choose_way(lay, a, spec, ch, t->n, &w);
	if (r != POS_OK)
		return r;
	/* The view: the applier's sequence first, unless it is an opponent's alone. */
	int num[3][MAX_SPACES];
	const int *np[3];
	for (int q = 0; q < t->nseq; q++) {
		for (int i = 0; i < t->n; i++) {
			long x = t->seq[q][i];
			num[q][i] = x > INT_MAX ? INT_MAX : (int)x;
		}
		np[q] = num[q];
	}
	struct pos_view v = {t->nseq, t->n, t->nseq == 1 && t->opponent ? -1 : 0, 1, np, t->frozen, true};
	int first = t->nseq == 3 ? 1 : 0;   /* the first sequence touched */
	struct pos_use u = {0, {first, t->nseq > 1 ? first + 1 : first}, ch->flip};
	r = pos_legal(&w, spec, rules, &v, &u, done);
	if (r == POS_OK)
		play(t, done, ch->draw);
	return r;
}

const char *pos_refusal_text(enum pos_refusal r)
{
	switch (r) {
	case POS_OK: return "allowed";
	case POS_FROZEN: return "a frozen card can never be taken from its space (§11)";
	case POS_ACROSS_NONE: return "swaps across sequences are not allowed: the pack's swap-across is none (§6)";
	case POS_ACROSS_TWO: return "a swap between two other players' sequences needs swap-across: three-sequences (§6)";
	case POS_WITHIN: return "swaps within one sequence are not allowed: the pack's swap-within is false (§6)";
	case POS_SELF: return "abilities may be applied only to the player's own sequence: the pack's apply-to is self (§5)";
	case POS_IMPOSSIBLE: return "no card of this sequence qualifies, so the ability is impossible (§9)";
	case POS_NOT_SWAP: return "only a swap of the two spaces a card names can join two sequences (§6); every other ability, a number-based one too (§9), acts on one sequence";
	case POS_CHOICE: return "this discretionary ability needs a valid choice of row, column, spaces or direction (§8)";
	case POS_NEEDS_GRID: return "the ability names spaces this layout does not have (§8)";
	case POS_NO_DRAW: return "the draw pile is empty, so a removed card cannot be replaced";
	}
	return "unknown";
}

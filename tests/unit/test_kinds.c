/* test_kinds.c: every ability kind of every shipped trains pack (and of packs
 * that use every kind) walked through both the checker (pos_apply, given the
 * player's choices) and the simulator's engine (its moves): each engine move
 * is a move the checker accepts with the same result, and the checker accepts
 * no other. */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "trains_ability.h"
#include "trains_rules.h"
#include "trains_position.h"
#include "trains_sim.h"
#include "util.h"

#define DRAWN 999L
#define MAX_BOARDS 512

/* A grid using every grid kind and every number scope. */
static const char all_grid[] =
	"pack: all-grid\ngame: trains\ngrid: [3, 4]\n"
	"abilities: [cross-swap, row-rotate, column-rotate, row-any-swap, column-any-swap,\n"
	"  pair-any-row, pair-any-column, rotate-any-row, rotate-any-column,\n"
	"  {kind: number, action: remove, pick: lowest, filter: even, in: row, code: LE},\n"
	"  {kind: number, action: exchange, in: column, code: XC},\n"
	"  {kind: number, action: remove, pick: highest, code: H}]\n"
	"cards: 200\n";
static const char either_grid[] =
	"pack: either-grid\ngame: trains\ngrid: [2, 3]\n"
	"abilities: [row-swap, column-swap, row-rotate-either, column-rotate-either,\n"
	"  row-any-remove, column-any-remove]\ncards: 60\n";
static const char line_numbers[] =
	"pack: line-numbers\ngame: trains\ncensus: 6\n"
	"abilities: [swap, remove, {kind: number, action: exchange, filter: odd, code: XO},\n"
	"  {kind: number, action: remove, pick: highest, filter: even, code: HE}]\ncards: 60\n";

struct world {
	const struct pack *p;
	int n, R, C;
	long v[MAX_SPACES];
};

/* The engine's move m of a, played on b by the test's own reading of it. */
static bool engine_play(const struct world *w, const struct ability *a, const struct pos_move *m,
			long *b)
{
	memcpy(b, w->v, (size_t)w->n * sizeof *b);
	if (a->kind == AK_NUMBER) {
		const struct ability_spec *spec = &w->p->specs[a->spec];
		int lo = -1, hi = -1;
		for (int k = 0; k < (m->n ? m->n : w->n); k++) {
			int s = m->n ? m->sp[k] : k;
			long x = b[s];
			if (spec->filter != FILTER_ANY && (x % 2 == 0) != (spec->filter == FILTER_EVEN))
				continue;
			if (lo < 0 || x < b[lo])
				lo = s;
			if (hi < 0 || x > b[hi])
				hi = s;
		}
		if (spec->action == NUM_REMOVE) {
			if (lo < 0)
				return false;
			b[spec->pick == PICK_LOWEST ? lo : hi] = DRAWN;
		} else {
			if (lo < 0 || lo == hi)
				return false;
			long t = b[lo];
			b[lo] = b[hi];
			b[hi] = t;
		}
		return true;
	}
	if (m->remove) {
		assert_int_equal(m->n, 1);
		b[m->sp[0]] = DRAWN;
	} else {
		/* a swap is a cycle of two: the card at sp[i] moves to sp[i+1] */
		long last = w->v[m->sp[m->n - 1]];
		for (int i = m->n - 1; i > 0; i--)
			b[m->sp[i]] = w->v[m->sp[i - 1]];
		b[m->sp[0]] = last;
	}
	return true;
}

/* The choice a player would give for engine move m, read from the move alone. */
static struct pos_choice choice_for(const struct world *w, const struct ability *a,
				    const struct pos_move *m)
{
	const struct ability_kind_info *info = ability_kind_info(a->kind);
	struct pos_choice ch = {-1, 0, 0, {0, 0}, false, DRAWN};
	if (info->choose & KC_SPACES) {
		ch.nsp = m->n;
		for (int i = 0; i < m->n; i++)
			ch.sp[i] = m->sp[i];
	}
	if (info->choose & (KC_LINE | KC_DIR)) {
		int s = m->sp[0];
		/* a pair is chosen by the row it is in (pair-any-row) or its column */
		ch.line = (info->choose & KC_ROW) ? s / w->C : s % w->C;
		if (info->choose & KC_DIR)
			ch.dir = m->sp[1] > m->sp[0] ? 1 : -1;
	}
	return ch;
}

static enum pos_refusal checker_play(const struct world *w, const struct ability *a,
				     const struct pos_choice *ch, long *b)
{
	struct rules r = w->p->rules;
	r.swap_within = true;
	memcpy(b, w->v, (size_t)w->n * sizeof *b);
	struct pos_target t = {1, w->n, {b, NULL, NULL}, {NULL, NULL, NULL}, false};
	struct pos_move m;
	const struct ability_spec *spec = a->kind == AK_NUMBER ? &w->p->specs[a->spec] : NULL;
	return pos_apply(&w->p->layout, a, spec, &r, ch, &t, &m);
}

static int board_index(long (*boards)[MAX_SPACES], int *nb, const long *b, int n)
{
	for (int i = 0; i < *nb; i++)
		if (!memcmp(boards[i], b, (size_t)n * sizeof *b))
			return i;
	assert_true(*nb < MAX_BOARDS);
	memcpy(boards[*nb], b, (size_t)n * sizeof *b);
	return (*nb)++;
}

static void try_choice(const struct world *w, const struct ability *a, struct pos_choice ch,
		       long (*boards)[MAX_SPACES], int *nb)
{
	long b[MAX_SPACES];
	if (checker_play(w, a, &ch, b) == POS_OK)
		board_index(boards, nb, b, w->n);
}

/* Every choice the checker could be given: a line or none, a direction or
 * none, and no space, one, or two. Returns the distinct results it allows. */
static int checker_boards(const struct world *w, const struct ability *a, long (*boards)[MAX_SPACES])
{
	int nb = 0, lines = w->R > w->C ? w->R : w->C;
	for (int line = -1; line < lines; line++)
		for (int dir = -1; dir <= 1; dir++) {
			struct pos_choice ch = {line, dir, 0, {0, 0}, false, DRAWN};
			try_choice(w, a, ch, boards, &nb);
			for (int s = 0; s < w->n; s++) {
				ch.nsp = 1;
				ch.sp[0] = (short)s;
				try_choice(w, a, ch, boards, &nb);
				for (int t = s + 1; t < w->n; t++) {
					ch.nsp = 2;
					ch.sp[1] = (short)t;
					try_choice(w, a, ch, boards, &nb);
				}
			}
		}
	return nb;
}

static void walk_pack(const struct pack *p, const char *name)
{
	struct world w = {p, p->layout.census, p->layout.rows, p->layout.rows ? p->layout.cols : p->layout.census, {0}};
	/* Distinct numbers (37 is invertible mod the prime 211), odd and even mixed,
	 * not in order. */
	for (int i = 0; i < w.n; i++)
		w.v[i] = (long)(i * 37 + 5) % 211 + 1;
	struct sim_rules r;
	sim_rules_from_pack(p, &r);
	enum sim_policy pol[SIM_MAX_PLAYERS] = {0};
	char err[256];
	struct sim_setup *s = sim_setup_new(p, 2, p->cards, &r, pol, err, sizeof err);
	if (!s)
		fail_msg("%s: %s", name, err);
	assert_int_equal(sim_setup_abilities(s), p->abilities.n);
	static long eboards[MAX_BOARDS][MAX_SPACES], cboards[MAX_BOARDS][MAX_SPACES];
	long b[MAX_SPACES], c[MAX_SPACES];
	for (size_t ai = 0; ai < p->abilities.n; ai++) {
		const struct ability *a = &p->abilities.v[ai];
		size_t nm = sim_setup_moves(s, ai);
		int ne = 0;
		if (nm == 0)
			fail_msg("%s: %s: the engine has no move", name, a->symbolic);
		for (size_t k = 0; k < nm; k++) {
			struct pos_move m;
			sim_setup_move(s, ai, k, &m);
			bool possible = engine_play(&w, a, &m, b);
			struct pos_choice ch = choice_for(&w, a, &m);
			enum pos_refusal got = checker_play(&w, a, &ch, c);
			if (!possible) {
				if (got != POS_IMPOSSIBLE)
					fail_msg("%s: %s: the checker finds a move the engine does not", name, a->symbolic);
				continue;
			}
			if (got != POS_OK)
				fail_msg("%s: %s: engine move %zu refused by the checker: %s", name, a->symbolic, k,
					 pos_refusal_text(got));
			if (memcmp(b, c, (size_t)w.n * sizeof *b) != 0)
				fail_msg("%s: %s: engine move %zu and the checker differ", name, a->symbolic, k);
			/* the numbers are distinct: every move changes the sequence */
			if (!memcmp(b, w.v, (size_t)w.n * sizeof *b))
				fail_msg("%s: %s: engine move %zu changes nothing", name, a->symbolic, k);
			board_index(eboards, &ne, b, w.n);
		}
		int nc = checker_boards(&w, a, cboards);
		if (nc != ne)
			fail_msg("%s: %s: the checker allows %d results, the engine %d", name, a->symbolic, nc, ne);
	}
	sim_setup_free(s);
}

static void test_shipped_packs(void **state)
{
	(void)state;
	DIR *d = opendir("packs");
	assert_non_null(d);
	int walked = 0;
	for (struct dirent *e; (e = readdir(d));) {
		size_t len = strlen(e->d_name);
		if (len < 6 || strcmp(e->d_name + len - 5, ".yaml"))
			continue;
		char *path = xasprintf("packs/%s", e->d_name);
		char *text = read_file(path, 1 << 20, &len);
		assert_non_null(text);
		if (strstr(text, "\ngame: trains")) {
			struct pack *p = pack_load(path);
			assert_non_null(p);
			walk_pack(p, path);
			pack_free(p);
			walked++;
		}
		free(text);
		free(path);
	}
	closedir(d);
	assert_true(walked >= 7);
}

static void test_every_kind(void **state)
{
	(void)state;
	const char *texts[] = {all_grid, either_grid, line_numbers};
	bool seen[AK_COUNT] = {false};
	for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
		struct pack *p = pack_parse("kinds.yaml", texts[i], strlen(texts[i]));
		assert_non_null(p);
		walk_pack(p, p->id);
		for (size_t a = 0; a < p->abilities.n; a++)
			seen[p->abilities.v[a].kind] = true;
		pack_free(p);
	}
	for (int k = 0; k < AK_COUNT; k++)
		if (!seen[k])
			fail_msg("kind %s is not walked", ability_kind_name((enum ability_kind)k));
}

/* The table: every kind named, parsed back, and a hint for each kind with choices. */
static void test_kind_table(void **state)
{
	(void)state;
	for (int k = 0; k < AK_COUNT; k++) {
		const struct ability_kind_info *info = ability_kind_info((enum ability_kind)k);
		assert_non_null(info->name);
		assert_int_equal(ability_kind_parse(info->name), k);
		assert_true(!info->choose == !info->on_hint);
		assert_true(!info->grid_only || k != AK_SWAP);
	}
	assert_int_equal(ability_kind_parse("swapp"), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_kind_table),
		cmocka_unit_test(test_every_kind),
		cmocka_unit_test(test_shipped_packs),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

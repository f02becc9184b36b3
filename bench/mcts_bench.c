/* bench/mcts_bench.c: the speed of the search player (gen/play/mcts.c) on every
 * game whose engine has steps (the game table: a game converted later shows
 * up here by itself), on one thread, beside Ludii's published 627 random
 * playouts a second for Snakes and Ladders:
 *   playouts/s   whole games from the deal to the end, every seat choosing
 *                at random through the steps (Ludii's measure)
 *   iters/s      mcts iterations a second (a determinization, the walk down
 *                the tree, a greedy playout of at most 40 decisions), mcts:256
 *                choosing at the positions of greedy games
 *   moves/s      mcts:256 moves a second (iters/s / 256)
 * Rows: GAME PACK PLAYERS DECISIONS/GAME PLAYOUTS/S ITERS/S MOVES/S */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "diag.h"
#include "game.h"
#include "games.h"
#include "gsim.h"
#include "mcts.h"
#include "simulate.h"

static const struct {
	const char *game, *path;
} packs[] = {
	{"trains", "packs/pattern-two-census-seven.yaml"}, {"take-the-train", "packs/take-the-train.yaml"},
	{"domino-trains", "packs/domino-double-nine.yaml"}, {"train-52", "packs/train-52.yaml"},
	{"toy-train", "packs/toy-train.yaml"},
};

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	double secs = argc > 1 ? atof(argv[1]) : 2.0;
	printf("%-16s %-32s %7s %9s %11s %9s %8s\n", "game", "pack", "players", "dec/game", "playouts/s",
	       "iters/s", "moves/s");
	for (size_t i = 0; game_at(i); i++) {
		const struct game *g = game_at(i);
		if (!g->engine || !g->engine->steps)
			continue;
		const char *path = NULL;
		for (size_t k = 0; k < sizeof packs / sizeof *packs; k++)
			if (!strcmp(packs[k].game, g->name))
				path = packs[k].path;
		if (!path)
			continue;
		static struct sim_opts o;
		o.max_length = 5000;
		struct sim_series se;
		diag_set_quiet(1);
		bool loaded = false;
		void *pack = g->sim->load_pack(path, NULL, 0, g, &o);
		for (int players = 4; players >= 2 && pack && !loaded; players--) {
			memset(&se, 0, sizeof se);
			se.path = path;
			se.pack = pack;
			se.players = players;
			se.eng = g->engine;
			for (int p = 0; p < players; p++)
				se.policy[p] = GSIM_GREEDY;
			loaded = g->sim->load(&se, g, &o);
			if (!loaded)
				g->sim->release(&se);
		}
		diag_set_quiet(0);
		if (!loaded) {
			if (pack)
				g->sim->free_pack(pack);
			continue;
		}
		const struct gsim_steps *st = g->engine->steps;
		const void *setup = se.setup;
		void *pos = calloc(1, st->pos_size(setup));
		void *work = st->work_size ? calloc(1, st->work_size(setup)) : NULL;
		uint64_t *keys = calloc(st->max_moves(setup), sizeof *keys);
		struct gsim_outcome out;
		/* whole random games */
		long games = 0, decisions = 0;
		double t0 = now(), t;
		do {
			struct rng rng;
			rng_seed(&rng, 1, (uint64_t)games);
			memset(&out, 0, sizeof out);
			st->start(setup, work, pos, &rng, &out);
			while (st->turn(setup, pos) >= 0) {
				size_t n = st->moves(setup, work, pos, keys);
				st->apply(setup, work, pos, keys[st->choose(setup, work, pos, GSIM_RANDOM, keys, n, &rng)],
					  &rng, &out);
				decisions++;
			}
			games++;
		} while ((t = now() - t0) < secs);
		double playouts = (double)games / t;
		double per_game = (double)decisions / (double)games;
		/* mcts:256 at the positions of greedy games */
		struct mcts *m = mcts_new(g->engine, setup, 256);
		long searches = 0;
		t0 = now();
		for (uint64_t game = 0; (t = now() - t0) < secs; game++) {
			struct rng rng;
			rng_seed(&rng, 2, game);
			memset(&out, 0, sizeof out);
			st->start(setup, work, pos, &rng, &out);
			int seat;
			while ((seat = st->turn(setup, pos)) >= 0 && now() - t0 < secs) {
				size_t n = st->moves(setup, work, pos, keys);
				uint64_t key;
				if (n > 1) {
					key = mcts_choose(m, pos, seat, 256, &rng);
					searches++;
				} else {
					key = keys[0];
				}
				st->apply(setup, work, pos, key, &rng, &out);
			}
		}
		printf("%-16s %-32s %7d %9.1f %11.0f %9.0f %8.1f\n", g->name, path, se.players, per_game, playouts,
		       256.0 * (double)searches / t, (double)searches / t);
		mcts_free(m);
		free(keys);
		free(work);
		free(pos);
		g->sim->release(&se);
		g->sim->free_pack(pack);
	}
	printf("%-16s %-32s %7s %9s %11d %9s %8s\n", "(Ludii)", "Snakes and Ladders, its portal", "-", "-", 627, "-",
	       "-");
	return 0;
}

/* trains_totals.c: a game's counts into the totals (trains_totals.h), and the
 * totals sized for a setup (sim_stats_init). */
#include "trains_totals.h"

/* Add one game's outcome and its counts (the position's) into *st. */
void totals_add(const struct sim_worker *w, const struct sim_outcome *out, int last_ab, struct sim_stats *st)
{
	const struct sim_setup *s = w->s;
	const struct sim_pos *h = w->h;
	int N = s->players;
	st->games++;
	st->turns += (uint64_t)out->turns;
	st->stalled += out->stalled;
	if (out->winner >= 0) {
		st->completed++;
		st->wins[out->winner]++;
		st->length[out->turns]++;
		if (last_ab >= 0)
			st->won_with[last_ab]++;
	}
	for (size_t a = 0; a < s->nab; a++) {
		uint32_t any = 0;
		for (int p = 0; p < N; p++) {
			uint32_t u = w->uses[(size_t)p * s->nab + a];
			st->used[a] += u;
			any |= u;
			if (p == out->winner)
				st->used_by_winner[a] += u;
		}
		st->games_used[a] += any != 0;
	}
	st->draws += h->draws;
	st->on_self += h->on_self;
	st->on_opponent += h->on_opponent;
	st->across += h->across;
	st->freezes += h->freezes;
	st->reshuffles += h->reshuffles;
	st->removals_self += h->removals_self;
	st->removals_opponent += h->removals_opponent;
}

void sim_stats_init(struct sim_stats *st, const struct sim_setup *s)
{
	sim_stats_new(st, s->players, s->nab, s->rules.max_turns);
}

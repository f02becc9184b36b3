/* trains_engine.h: the insides of the core game's engine (trains_sim.h is its
 * interface), shared by its modules and by no other file: the setup, a
 * position (struct sim_pos and its arrays, one block), the worker that plays
 * in a work space. trains_engine.c makes the setup and lays out positions
 * and work spaces; on it trains_seq.c (a sequence's order and value),
 * trains_table.c (the cards on the table, the deal, the opening),
 * trains_moves.c (the legal moves and their effect), trains_policy.c (the
 * players' judgement, the lookahead, the caches a search keeps),
 * trains_totals.c (a game's counts), trains_steps.c (the game as steps,
 * sim_play). */
#ifndef RAILYARD_TRAINS_ENGINE_H
#define RAILYARD_TRAINS_ENGINE_H

#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "trains_position.h"
#include "trains_sim.h"

/* What a move does to the cards (a number ability resolved to a swap or a removal). */
enum { OP_SWAP, OP_REMOVE, OP_CYCLE };

struct sim_card {
	int num;   /* 0: wild */
	int ab;    /* ability index, -1: none */
};

#define SAMPLES 8
#define WIN_SCORE 0.45     /* scores below this are won sequences (see score) */

struct sim_setup {
	const struct pack *pack;
	struct sim_rules rules;
	int players, census, rows, cols;
	enum sim_policy policy[SIM_MAX_PLAYERS];
	int npolicy_lookahead;     /* seats playing lookahead */
	int maxnum;
	int copies;
	size_t nab;
	struct sim_card *deck;
	long ndeck;
	struct rules rules_pos;    /* rules as the position module reads them */
	/* The ways to use each ability (trains_position.c's pos_ways): ability a's are
	 * ways[way_first[a]] .. ways[way_first[a+1]-1]; spec[a] its entry (number
	 * abilities) or NULL. */
	struct pos_way *ways;
	size_t nways;
	size_t *way_first;
	const struct ability_spec **spec;
	size_t max_moves;          /* the most moves a turn can list: every card face up */
	/* Pairs of spaces that must ascend (i before j): all pairs on a line, pairs
	 * sharing a row or a column on a grid. part[s] lists the partners of s. */
	int npairs;
	short *pi, *pj;
	short *part;               /* [census * census] */
	int *npart;
	int *nbefore;              /* how many of part[s] come before s (they are listed first) */
	double *expect;            /* §5: the expected number at each space */
	double *rlo, *rhi;         /* §5: the range a completed sequence usually holds there */
	double wdist;              /* weight of the distance from the expected numbers */
	double tol;                /* freezing: how near the expected number is settled */
	int sample[SAMPLES];       /* numbers standing for an unknown card, ascending */
	unsigned char *below;      /* [maxnum + 3]: how many samples are below each number */
	double *sdist;             /* [census * SAMPLES]: dist_at of each sample at each space */
	int *way_ab;               /* [nways]: the ability each way belongs to */
	/* A position (struct sim_pos and its arrays at these offsets, one block
	 * of pos_size bytes) and a worker's work space (struct sim_worker and its
	 * buffers, work_size bytes). */
	size_t off_pile, off_disc, off_dhid, off_face, off_face_at, off_seq, off_frozen, off_uses, pos_size;
	size_t work_size;
	bool detail;               /* a work space gathers the totals of its games (sim_setup_detail) */
};

/* How far number v lies outside the usual range of space i (§5), plus a
 * hundredth of its distance from the expected number, to rank numbers inside. */
static inline double dist_at(const struct sim_setup *s, int i, int v)
{
	double d = v < s->rlo[i] ? s->rlo[i] - v : v > s->rhi[i] ? v - s->rhi[i] : 0;
	return d + 0.01 * fabs(v - s->expect[i]);
}

/* A sequence's disorder as the policies see it: inversions, plus a fraction
 * (under 0.4 in all) for the distance of its numbers from the ranges of §5,
 * plus 0.5 when it has no inversions but still does not win (wild cards that
 * fit no number). So a score under WIN_SCORE means a won sequence. */
struct score {
	int inv;
	double dist;
};

/* A legal move. face -1 is a draw; otherwise face-up card `face` used as op `op`:
 * a swap of tgt's space a with tgt2's space b, a removal of tgt's space a, or a
 * rotation of tgt's spaces. */
struct sim_move {
	short face;
	int op;
	signed char tgt, tgt2;
	unsigned char kind;
	short a, b;
};

/* A position: this header, then its arrays at the setup's offsets (off_pile
 * ...), one block of pos_size bytes, so a copy is one memcpy. */
enum { PH_FREEZE, PH_MOVE };
struct sim_pos {
	int npile, ndisc, nface;
	int tokens[SIM_MAX_PLAYERS];
	int turns, winner, passes, last_ab;
	int seat;                  /* the seat to decide, -1: the game is over */
	int inv[SIM_MAX_PLAYERS];  /* each sequence's inversions (the standing) */
	int phase;                 /* PH_FREEZE (tokens left: freeze a card or not), PH_MOVE */
	bool stalled;
	uint64_t draws, on_self, on_opponent, across, freezes, reshuffles;
	uint64_t removals_self, removals_opponent;
	/* which worker's caches (scores of sequences) can stand for this
	 * position: the worker that last changed it and its count then */
	uint64_t stamp;
	uintptr_t owner;
};

struct sim_worker {
	const struct sim_setup *s;
	struct rng *rng;       /* the stream of the step being played */
	/* the position bound (bind): its header and arrays */
	void *pos;
	struct sim_pos *h;
	struct sim_card *pile, *disc, *face;
	unsigned char *dhid;       /* [ndeck]: disc[i] lies face down, put there by seat dhid[i] - 1; 0: seen */
	int *face_at;              /* [nab]: where ability a lies face up, or -1 */
	struct sim_card *seq;      /* [players * census] */
	unsigned char *frozen;     /* [players * census] */
	uint32_t *uses;            /* [players * nab], this game */
	struct sim_card *tmp, *tmp2;
	int *oldinv;               /* [players * census], see struct view */
	/* each sequence's score as of its last change (policy_view recomputes the
	 * dirty ones), for the position stamped cache_stamp by cache_owner */
	struct score csc[SIM_MAX_PLAYERS];
	double cval[SIM_MAX_PLAYERS];
	bool dirty[SIM_MAX_PLAYERS];
	uint64_t stamps, cache_stamp;
	uintptr_t cache_owner;
	/* The caches above as they stood for another worker's position (stamped
	 * snap_stamp by snap_owner, 0: none) when this worker first changed a
	 * copy of it: a search's root, copied in afresh every iteration, finds
	 * its sequences' scores and gains here instead of judging them again. */
	struct score ssc[SIM_MAX_PLAYERS];
	double sval[SIM_MAX_PLAYERS];
	bool sdirty[SIM_MAX_PLAYERS];
	int *soldinv;
	double *sgain;
	unsigned char *sgain_ok;
	uint64_t snap_stamp;
	uintptr_t snap_owner;
	struct sim_move *moves;
	size_t nmoves, cap;
	/* the position as trains_position.c's legality reads it: sequences in place */
	struct pos_view view;
	const int *vnum[SIM_MAX_PLAYERS];
	const unsigned char *vfrozen[SIM_MAX_PLAYERS];
	double *gain;              /* [players * nab]: see trains_policy.c's ability_gain */
	unsigned char *gain_ok;
	/* lookahead: the best moves by the one-move objective, and the imagined
	 * position its futures are played in */
	int nlook;
	size_t lookmv[8];
	double lookval[8];
	bool rollout;
	void *look_pos;
	uint64_t *keys;            /* sim_play's move keys: [max keys] */
	/* what the last step learnt of the position stamped so: the moves it
	 * listed (moves_stamp), the gifts of the draw's judgement (gift_stamp) */
	uint64_t moves_stamp, gift_stamp;
	uintptr_t moves_owner, gift_owner;
	int gift_pol;
	double gift[MAX_SPACES];
	bool nogift;               /* sim_playout's judgement: a draw's gifts not weighed */
	void *own_pos;             /* sim_worker_new's position */
	struct sim_stats st;       /* with the setup's detail: the totals of the games ended here */
	bool gather;
	struct buf *log;           /* a running account of the game, or NULL */
	bool selfcheck;
	long broken;               /* turns after which an invariant did not hold */
	long *count;               /* selfcheck scratch: [maxnum + 1] */
	int *snap;                 /* selfcheck: numbers and frozen flags after the last turn */
	unsigned char *snapfz;
};

/* The policy seat m plays by: in a lookahead's imagined futures everybody
 * plays greedy (random players stay random). */
static inline enum sim_policy policy_of(const struct sim_worker *w, int m)
{
	enum sim_policy p = w->s->policy[m];
	return w->rollout && p != POLICY_RANDOM ? POLICY_GREEDY : p;
}

static inline struct sim_card *seq_of(struct sim_worker *w, int p)
{
	return &w->seq[p * w->s->census];
}

static inline unsigned char *frozen_of(struct sim_worker *w, int p)
{
	return &w->frozen[p * w->s->census];
}

/* Point w at position pos (pos_size bytes): its header and arrays. */
void engine_bind(struct sim_worker *w, void *pos);
/* The worker of a work space (work_size bytes, zeroed the first time). */
struct sim_worker *engine_worker_at(const struct sim_setup *s, void *work);

#endif

/* trains_gsim.c: the core game's engine (trains_sim.h) in the game table's
 * engine shape (gsim.h), so that a caller that knows no game (tune, simulate)
 * plays every game the same way; and its side of `railyard simulate`
 * (simulate.h): its options, loading a trains pack with --rule, and its part
 * of the report (the cards, the rules, moves and ability use), --trace. */
#include <stdlib.h>
#include <string.h>

#include "gplay.h"
#include "gsim.h"
#include "json.h"
#include "simulate.h"
#include "trains_rules.h"
#include "trains_sim.h"

struct setup {
	struct sim_setup *s;
	struct sim_rules rules;
	struct gsim_seats seats;
	long upto;
	bool detail;   /* each work space gathers its games' sim_stats (simulate's report) */
};

/* The engine's policy for a seat: mcts seats place their draws and make
 * their openings as greedy does (the search makes their other choices). */
static enum sim_policy sim_policy_of(enum gsim_policy p)
{
	return p == GSIM_RANDOM ? POLICY_RANDOM : p == GSIM_SPOILER ? POLICY_SPOILER
	       : p == GSIM_LOOKAHEAD ? POLICY_LOOKAHEAD : POLICY_GREEDY;
}

static void *setup_new(const struct gsim_params *p, char *err, size_t errlen)
{
	const struct pack *pk = p->pack;
	if (!pk) {
		snprintf(err, errlen, "the core game's engine plays a trains pack");
		return NULL;
	}
	struct setup *s = xcalloc(1, sizeof *s);
	sim_rules_from_pack(pk, &s->rules);
	s->rules.max_turns = p->max_length;
	gsim_seats_from(p, &s->seats);
	s->upto = pk->cards;
	for (size_t i = 0; i < pk->nplayers; i++)
		if (pk->players[i].players == p->players)
			s->upto = pk->players[i].cards;
	enum sim_policy pol[SIM_MAX_PLAYERS];
	for (int i = 0; i < p->players && i < SIM_MAX_PLAYERS; i++)
		pol[i] = sim_policy_of(p->policy[i]);
	s->s = sim_setup_new(pk, p->players, s->upto, &s->rules, pol, err, errlen);
	if (!s->s) {
		free(s);
		return NULL;
	}
	return s;
}

static void setup_free(void *sp)
{
	struct setup *s = sp;
	if (s)
		sim_setup_free(s->s);
	free(s);
}

static void rules_text(const void *sp, struct buf *out)
{
	const struct setup *s = sp;
	buf_printf(out, "cards=%ld max-turns=%d", s->upto, s->rules.max_turns);
}

/* ---- the steps: trains_steps.c's, on this setup ---- */

static const struct sim_setup *ss(const void *sp)
{
	return ((const struct setup *)sp)->s;
}

static size_t st_pos_size(const void *sp)
{
	return sim_pos_size(ss(sp));
}

static size_t st_max_moves(const void *sp)
{
	return sim_max_keys(ss(sp));
}

static size_t st_work_size(const void *sp)
{
	return sim_work_size(ss(sp));
}

static const struct gsim_seats *st_seats(const void *sp)
{
	return &((const struct setup *)sp)->seats;
}

static void st_start(const void *sp, void *work, void *pos, struct rng *rng, struct gsim_outcome *o)
{
	(void)o;
	sim_start(ss(sp), work, pos, rng);
}

static int st_turn(const void *sp, const void *pos)
{
	return sim_turn(ss(sp), pos);
}

static size_t st_moves(const void *sp, void *work, const void *pos, uint64_t *keys)
{
	return sim_moves(ss(sp), work, pos, keys);
}

static size_t st_choose(const void *sp, void *work, const void *pos, enum gsim_policy pol, const uint64_t *keys,
			size_t n, struct rng *rng)
{
	return sim_choose(ss(sp), work, pos, sim_policy_of(pol), keys, n, rng);
}

static size_t st_playout(const void *sp, void *work, const void *pos, const uint64_t *keys, size_t n,
			 struct rng *rng)
{
	return sim_playout(ss(sp), work, pos, keys, n, rng);
}

static void st_apply(const void *sp, void *work, void *pos, uint64_t key, struct rng *rng,
		     struct gsim_outcome *o)
{
	(void)o;
	sim_apply(ss(sp), work, pos, key, rng);
}

static void st_determinize(const void *sp, void *work, void *pos, int seat, struct rng *rng)
{
	sim_determinize(ss(sp), work, pos, seat, rng);
}

static void st_standing(const void *sp, void *work, const void *pos, double *score)
{
	(void)work;
	sim_standing(ss(sp), pos, score);
}

static void st_result(const void *sp, const void *pos, struct gsim_outcome *o)
{
	struct sim_outcome r = sim_result(ss(sp), pos);
	o->winner = r.winner;
	o->length = r.turns;
	o->stalled = r.stalled;
}

static const struct gsim_steps trains_steps = {
	.pos_size = st_pos_size,
	.max_moves = st_max_moves,
	.work_size = st_work_size,
	.seats = st_seats,
	.start = st_start,
	.turn = st_turn,
	.moves = st_moves,
	.choose = st_choose,
	.apply = st_apply,
	.determinize = st_determinize,
	.standing = st_standing,
	.result = st_result,
	/* The greedy judgement is most of a search's time (a draw weighs every
	 * space and what each card laid face up gives the next seat) and the
	 * inversions left are near the outcome, so a playout is one decision (the
	 * next seat's reply) by greedy without the gifts. Pattern two, 2 players,
	 * mcts:256 against greedy, 400 games: 0.953 [0.927, 0.969] of the games
	 * so; greedy playouts of 1 decision 0.950 [0.924, 0.967] (1.15 times the
	 * time), of 2 decisions 0.958 [0.933, 0.973] (1.6 times); at 200 games,
	 * of 40 decisions 0.980 [0.950, 0.992] (about 6 times), and standing
	 * alone (no playout) 0.925 [0.880, 0.954]. */
	.playout_cut = 1,
	.playout = st_playout,
};

static const char *const no_counters[] = {NULL};

const struct gsim_engine gsim_trains = {
	.game = TRAINS_GAME,
	.ties = false,
	.unit = "turns",
	.min_players = 1,
	.max_players = SIM_MAX_PLAYERS,
	.counters = no_counters,
	.counter_text = no_counters,
	.setup_new = setup_new,
	.setup_free = setup_free,
	.rules_text = rules_text,
	.steps = &trains_steps,
};

/* ---- simulate: loading ---- */

static const struct opt simulate_rows[] = {
	OPT_TEXT(
		"usage: railyard simulate PACK.yaml [--players N] [OPTIONS]\n"
		"\n"
		"Play many games of the pack under its rules and report how fair and how long\n"
		"they are: completion (games with a single winner) with a 95% Wilson interval, each\n"
		"seat's share of the games won (simultaneous 95% intervals), balance (N x the\n"
		"least share; its interval from the seats' Wilson bounds) and the p-value of\n"
		"\"every seat wins alike\", game length in turns (one player's move) over\n"
		"all games, unfinished ones censored (median, restricted mean), and how often\n"
		"each ability is used and by the eventual winner (under 1% of games: rare),\n"
		"and the behaviour measures (decision moves, branching, lead changes,\n"
		"drawishness, advantage P1; the first three once the engine plays through\n"
		"steps).\n"
		"\n"),
	OPT("players", 'n', "N[,N..]",
		"players (seats), 1..16, or a list (2,3,4) to play each\n"
		"count in turn; cards from the pack's 'players' table\n"
		"for N (all cards when it has no entry); default:\n"
		"every count of that table"),
	OPT("games", 'g', "G", "games to play (default 10000)"),
	OPT("seed", 's', "S",
		"seed of the series (default 1); game g plays from its own\n"
		"stream, so the report does not depend on --threads"),
	OPT("threads", 't', "T", "threads (default: the number of cores)"),
	OPT_VALUES("policy", 'P', "LIST",
		"one policy for every seat, or one per seat, comma-\n"
		"separated: random (any legal move), greedy (the move\n"
		"that most reduces its own inversions, ties broken by\n"
		"distance from the usual ranges of §5), spoiler\n"
		"(greedy, but uses abilities on the leader when that\n"
		"hurts the leader more than it helps itself),\n"
		"lookahead (plays its 4 best moves forward 24 times\n"
		"for two rounds, unseen cards shuffled, and keeps the\n"
		"one whose futures end best; slower); default greedy", "@words:--policy"),
	OPT_VALUES("rule", 'r', "KEY=VALUE",
		"override a rule of the pack: apply-to=self|anyone,\n"
		"swap-across=none|two-sequences|three-sequences,\n"
		"swap-within=true|false, win=ascending|never-descending,\n"
		"freeze-tokens=N, reshuffle=true|false (shuffle the\n"
		"face-down discards into a new draw pile when it runs\n"
		"out; otherwise the game goes on without drawing),\n"
		"opening=face-down|face-up|none (at the setup player\n"
		"k draws k cards and keeps one; the others go face\n"
		"down into the discards, the factory rule and the\n"
		"default, or face up; none: no opening); repeatable", "@rule"),
	OPT("max-turns", 'm', "N",
		"turns before a game ends as a timeout (default 1000);\n"
		"--max-length N is its other name, in every game"),
	OPT("completion", 'C', "P",
		"a pack completing fewer than this share of its games\n"
		"stalls: no verdict on it (default 0.95)"),
	OPT_VALUES("compare", 'c', "PACK2",
		"also play PACK2 the same way, show both side by side,\n"
		"every difference with its 95% interval, and say\n"
		"which is fairer and which faster when the interval\n"
		"excludes 0; warns when the packs' rules differ;\n"
		"PACK2 may be PACK itself with --compare-rule;\n"
		"one --compare (exit 2 for a second)", "@file:*.yaml"),
	OPT_VALUES("compare-rule", SIM_OPT_CRULE, "KEY=VALUE",
		"a rule for PACK2 only, after the --rule\n"
		"options; repeatable", "@rule"),
	OPT("json", 'j', NULL, "the report as JSON (timing only under \"timing\")"),
	OPT_VALUES("plot", 'o', "FILE",
		"draw the length histogram (per round) and seat win\n"
		"rates; SVG, PDF or PNG by the extension; its folder\n"
		"is checked before any game is played", "@file"),
	OPT("trace", 'T', "G",
		"play only game G of the series (0-based) and print it\n"
		"turn by turn instead of a report"),
	SIMULATE_SKILL_OPTIONS,
	OPT("quiet", 'q', NULL, "no progress lines (players, games, rate, time left)"),
	OPT("help", 'h', NULL, "this help"),
	OPT("version", 'V', NULL, "the version"),
	OPT_TEXT(
		"\n"
		"The game (factory rules): each player is dealt the census and arranges it\n"
		"descending (wild cards first; a grid in any way whose rows and columns\n"
		"descend, as the policy chooses); then the opening (above). A turn is:\n"
		"optionally freeze one own card (freeze-tokens, §11), then either draw the top\n"
		"card and put it in place of one own card (the replaced card goes face up), or\n"
		"take a face-up card, discard it and use its ability (on an opponent too with\n"
		"apply-to: anyone). Two face-up cards with the same ability are both discarded;\n"
		"cards without an ability are discarded. A removal (→ X) discards the card and\n"
		"fills the space from the draw pile. After each move the mover, then any\n"
		"sequence the move touched, wins when ascending (or never-descending); a wild\n"
		"card stands for the smallest number of the pack that fits. No winner after\n"
		"--max-turns turns is a timeout; a round in which nobody can move ends the\n"
		"game as stalled (it would never end: both count as unfinished).\n"
		"\n"
		"exit status: 0 done, 2 invalid input or usage, 3 the plot could not be written\n"
		"(its folder is checked first).\n"),
	OPT("max-length", 'm', "N", NULL),   /* named in the help above */
	OPT_END,
};

const struct opt_table trains_simulate_options = {"simulate", 24, simulate_rows};

static void *load_pack(const char *path, const struct ydoc *doc, int j, const struct game *g,
		       const struct sim_opts *o)
{
	(void)g;
	struct pack *p = pack_of(doc, path, false);
	if (!p)
		return NULL;
	if (!rules_override(p, o->rules[j], (size_t)o->nrules[j])) {
		pack_free(p);
		return NULL;
	}
	if (p->abilities.n == 0 && p->wild == 0)
		diag(SEV_WARNING, NULL, "%s: the pack has no abilities; games are won by drawing alone", path);
	return p;
}

static void free_pack(void *p)
{
	pack_free(p);
}

static bool load(struct sim_series *se, const struct game *g, const struct sim_opts *o)
{
	(void)g;
	struct pack *p = se->pack;
	se->id = p->id;
	se->title = p->title;
	se->set = &p->rules.set;
	struct gsim_params gp = {.pack = p, .players = se->players, .max_length = (int)o->max_length};
	memcpy(gp.policy, se->policy, sizeof gp.policy);
	memcpy(gp.budget, se->budget, sizeof gp.budget);
	se->params = gp;
	char err[256];
	struct setup *s = se->eng->setup_new(&gp, err, sizeof err);
	if (!s) {
		diag(SEV_ERROR, NULL, "%s: %s", se->path, err);
		return false;
	}
	s->detail = true;
	sim_setup_detail(s->s, true);
	se->setup = s;
	struct sim_stats *st = xcalloc(1, sizeof *st);
	sim_stats_init(st, s->s);
	se->own = st;
	return true;
}

static void release(struct sim_series *se)
{
	if (se->own)
		sim_stats_free(se->own);
	free(se->own);
	if (se->setup)
		se->eng->setup_free(se->setup);
}

static void collect(struct sim_series *se, const void *scratch)
{
	const struct setup *s = se->setup;
	const struct sim_stats *st = sim_work_stats(s->s, gsim_scratch_work(se->eng, (void *)(uintptr_t)scratch));
	if (st)
		sim_stats_add(se->own, st);
}

/* ---- simulate: the report ---- */

static const char *yes(bool b)
{
	return b ? "true" : "false";
}

static void print_rules(FILE *f, const struct sim_rules *r)
{
	fprintf(f, "apply-to=%s swap-across=%s swap-within=%s win=%s freeze-tokens=%d reshuffle=%s "
		"opening=%s max-turns=%d", apply_to_name(r->apply_to), swap_across_name(r->swap_across),
		yes(r->swap_within), win_rule_name(r->win), r->freeze_tokens, yes(r->reshuffle),
		opening_rule_name(r->opening), r->max_turns);
}

/* The rules two series differ in, comma-separated into out ("" when none). */
static void rules_differ(const struct sim_series *sa, const struct sim_series *sb, char *out, size_t len)
{
	const struct sim_rules *a = &((const struct setup *)sa->setup)->rules;
	const struct sim_rules *b = &((const struct setup *)sb->setup)->rules;
	out[0] = 0;
	const char *names[8];
	int n = 0;
	if (a->apply_to != b->apply_to)
		names[n++] = "apply-to";
	if (a->swap_across != b->swap_across)
		names[n++] = "swap-across";
	if (a->swap_within != b->swap_within)
		names[n++] = "swap-within";
	if (a->win != b->win)
		names[n++] = "win";
	if (a->freeze_tokens != b->freeze_tokens)
		names[n++] = "freeze-tokens";
	if (a->reshuffle != b->reshuffle)
		names[n++] = "reshuffle";
	if (a->opening != b->opening)
		names[n++] = "opening";
	for (int i = 0; i < n; i++)
		snprintf(out + strlen(out), len - strlen(out), "%s%s", i ? ", " : "", names[i]);
}

/* --compare of packs that differ in a rule as well as in the pattern: say so. */
static void warn_differ(const struct sim_series *a, const struct sim_series *b)
{
	char differ[160];
	rules_differ(a, b, differ, sizeof differ);
	if (differ[0])
		diag(SEV_WARNING, NULL, "--compare: %s and %s differ in rule%s %s as well as in the pattern; "
		     "the comparison mixes both (make them equal with --rule)", a->id, b->id,
		     strchr(differ, ',') ? "s" : "", differ);
}

static double pct(uint64_t part, uint64_t whole)
{
	return whole ? 100.0 * (double)part / (double)whole : 0;
}

/* Whether ability a was used in under 1% of the games: dead or nearly so. */
static bool rare(const struct sim_stats *st, size_t a)
{
	return st->games && (double)st->games_used[a] < 0.01 * (double)st->games;
}

static void text_head(const struct sim_series *se)
{
	const struct pack *p = se->pack;
	const struct setup *s = se->setup;
	printf("players: %d, cards 1-%ld", se->players, s->upto);
	if (p->copies > 1)
		printf(" x%d", p->copies);
	if (p->wild)
		printf(" + %d wild", p->wild);
	printf(" (%ld in all), policies:", sim_setup_cards(s->s));
	for (int i = 0; i < se->players; i++)
		printf("%s %s", i ? "," : "", se->policy_name[i]);
	printf("\nrules: ");
	print_rules(stdout, &s->rules);
	printf("\n");
}

/* The abilities' table: each one's use, and those rarely used. */
static void text_abilities(const struct pack *p, const struct sim_stats *st)
{
	size_t k = p->abilities.n, w = 7;
	for (size_t a = 0; a < k; a++) {
		size_t chars = utf8_chars(p->abilities.v[a].symbolic);
		if (chars > w)
			w = chars;
	}
	printf("abilities (used; share of games using it; by the player who went on to win; that share; "
	       "winning moves):\n");
	printf("  %-*s %10s %7s %10s %7s %9s\n", (int)w, "ability", "used", "games", "by winner", "share",
	       "won with");
	size_t nrare = 0;
	for (size_t a = 0; a < k; a++) {
		const char *sym = p->abilities.v[a].symbolic;
		nrare += rare(st, a);
		printf("  %s%*s %10llu %6.1f%% %10llu %6.1f%% %9llu%s\n", sym, (int)(w - utf8_chars(sym)), "",
		       (unsigned long long)st->used[a], pct(st->games_used[a], st->games),
		       (unsigned long long)st->used_by_winner[a], pct(st->used_by_winner[a], st->used[a]),
		       (unsigned long long)st->won_with[a], rare(st, a) ? "  rare" : "");
	}
	if (nrare) {
		printf("rarely used (in under 1%% of games, dead or nearly):");
		for (size_t a = 0, i = 0; a < k; a++)
			if (rare(st, a))
				printf("%s %s", i++ ? "," : "", p->abilities.v[a].symbolic);
		printf("\n");
	}
}

static void text_tail(const struct sim_series *se)
{
	const struct pack *p = se->pack;
	const struct sim_stats *st = se->own;
	uint64_t moves = st->draws + st->on_self + st->on_opponent + st->across;
	printf("moves: %.1f%% draws, %.1f%% abilities on oneself, %.1f%% on an opponent, %.1f%% across "
	       "sequences; removals: %llu on oneself, %llu on an opponent; %llu freezes, %llu reshuffles\n",
	       pct(st->draws, moves), pct(st->on_self, moves), pct(st->on_opponent, moves), pct(st->across, moves),
	       (unsigned long long)st->removals_self, (unsigned long long)st->removals_opponent,
	       (unsigned long long)st->freezes, (unsigned long long)st->reshuffles);
	if (p->abilities.n)
		text_abilities(p, st);
}

static void json_head(struct jw *w, const struct sim_series *se, const char *ind)
{
	(void)ind;
	const struct setup *s = se->setup;
	jw_put_int(w, "players", se->players);
	jw_put_int(w, "cards", sim_setup_cards(s->s));
	jw_key(w, "policies");
	jw_array(w);
	for (int i = 0; i < se->players; i++)
		jw_str(w, se->policy_name[i]);
	jw_end(w);
	const struct sim_rules *r = &s->rules;
	jw_key(w, "rules");
	jw_object(w);
	jw_put_str(w, "apply-to", apply_to_name(r->apply_to));
	jw_put_str(w, "swap-across", swap_across_name(r->swap_across));
	jw_put_bool(w, "swap-within", r->swap_within);
	jw_put_str(w, "win", win_rule_name(r->win));
	jw_put_int(w, "freeze-tokens", r->freeze_tokens);
	jw_put_bool(w, "reshuffle", r->reshuffle);
	jw_put_str(w, "opening", opening_rule_name(r->opening));
	jw_put_int(w, "max-turns", r->max_turns);
	jw_end(w);
}

static void json_moves(struct jw *w, const struct sim_stats *st)
{
	const char *const keys[] = {"draws", "on_self", "on_opponent", "across", "removals_self",
				    "removals_opponent", "freezes", "reshuffles"};
	const uint64_t v[] = {st->draws, st->on_self, st->on_opponent, st->across, st->removals_self,
			      st->removals_opponent, st->freezes, st->reshuffles};
	jw_key(w, "moves");
	jw_object(w);
	for (size_t i = 0; i < sizeof v / sizeof *v; i++)
		jw_put_uint(w, keys[i], v[i]);
	jw_end(w);
}

static void json_tail(struct jw *w, const struct sim_series *se, const char *ind)
{
	const struct pack *p = se->pack;
	const struct sim_stats *st = se->own;
	char first[JW_MAX_SPACE], sep[JW_MAX_SPACE];
	json_moves(w, st);
	snprintf(first, sizeof first, "\n%s    ", ind);
	snprintf(sep, sizeof sep, ",\n%s    ", ind);
	jw_key(w, "abilities");
	jw_open(w, '{', first, sep, "\n  ");
	for (size_t a = 0; a < p->abilities.n; a++) {
		jw_key(w, p->abilities.v[a].code);
		jw_object(w);
		jw_put_str(w, "ability", p->abilities.v[a].symbolic);
		const char *const keys[] = {"used", "games", "used_by_winner", "won_with"};
		const uint64_t v[] = {st->used[a], st->games_used[a], st->used_by_winner[a], st->won_with[a]};
		for (size_t i = 0; i < 4; i++)
			jw_put_uint(w, keys[i], v[i]);
		jw_put_bool(w, "rare", rare(st, a));
		jw_end(w);
	}
	jw_end(w);
	jw_key(w, "rare_abilities");
	jw_array(w);
	for (size_t a = 0; a < p->abilities.n; a++)
		if (rare(st, a))
			jw_str(w, p->abilities.v[a].code);
	jw_end(w);
}

/* --trace G: play only game G and print it turn by turn. */
static void trace_game(const struct sim_series *se, const struct sim_opts *o)
{
	const struct setup *s = se->setup;
	struct buf log = {0};
	struct sim_worker *w = sim_worker_new(s->s);
	sim_worker_trace(w, &log);
	sim_play(w, o->seed, (uint64_t)o->trace, NULL);
	fputs(log.s, stdout);
	sim_worker_free(w);
	buf_free(&log);
}

const struct sim_side trains_sim_side = {
	.usage = &trains_simulate_options,
	.length_default = 1000,
	.npolicies = POLICY_COUNT,
	.besides = "the pattern",
	.load_pack = load_pack,
	.free_pack = free_pack,
	.load = load,
	.release = release,
	.collect = collect,
	.text_head = text_head,
	.text_tail = text_tail,
	.json_head = json_head,
	.json_tail = json_tail,
	.rules_differ = rules_differ,
	.warn_differ = warn_differ,
	.trace_game = trace_game,
};

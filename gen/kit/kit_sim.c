/* kit_sim.c: the deck games' side of `railyard simulate` (simulate.h): their
 * options, loading a deck pack with its groups and rules for the game's
 * engine, and their part of the report (the rules the engine reads, what each
 * game counts). It knows no game: the engine is a field of its struct game. */
#include <stdlib.h>
#include <string.h>

#include "kit_games.h"
#include "json.h"
#include "simulate.h"

static const struct opt simulate_rows[] = {
	OPT_TEXT(
		"usage: railyard simulate PACK.yaml [--players N] [OPTIONS]   (the other games)\n"
		"\n"
		"Play many games of Take the Train, domino Trains, Train (52 cards) or Toy\n"
		"Train under the seed's rules and report, as for the trains packs: completion\n"
		"(games with a single winner) with a 95% Wilson interval, each seat's share of\n"
		"the games with a single winner (simultaneous 95% intervals), balance (N x the\n"
		"least share; its interval from the seats' Wilson bounds) and the p-value of\n"
		"\"every seat wins alike\", the games without a single winner (ties) as their\n"
		"own share, game\n"
		"length over all games with timeouts censored (median, restricted mean), and\n"
		"how often each component is used (fares paid, tiles played, ...), and the\n"
		"behaviour measures (decision moves, branching, lead changes, drawishness,\n"
		"advantage P1; the first three for an engine that plays through steps). Below\n"
		"--completion a series STALLS and gets no verdict.\n"
		"\n"),
	OPT("players", 'n', "N[,N..]",
		"players (seats), or a list (3,4) to play each in turn\n"
		"(default: every count of the pack's deal table the\n"
		"game can deal)"),
	OPT("games", 'g', "G", "games to play (default 10000)"),
	OPT("seed", 's', "S",
		"seed of the series (default 1); game g plays from its\n"
		"own stream, so the report does not depend on --threads"),
	OPT("threads", 't', "T", "threads (default: the number of cores)"),
	OPT_VALUES("policy", 'P', "LIST",
		"random (any legal play), greedy (the play that does\n"
		"the most for the player now) or mcts:N (a search of N\n"
		"iterations a move, 1..65536, never reading a hidden\n"
		"card; mcts alone: 256; the games whose engine has\n"
		"steps: domino Trains), for every seat or one per\n"
		"seat, comma-separated; default greedy", "@words:--policy"),
	OPT_VALUES("rule", 'r', "KEY=VALUE",
		"override one of the pack's rules (a reading of the seed\n"
		"where it is silent or ambiguous) for this run; each\n"
		"game's keys and defaults: railyard-pack(5), RULES, or\n"
		"'railyard dump PACK'; repeatable", "@rule"),
	OPT("max-turns", 'm', "N",
		"a game longer than N (turns, acts or rounds: the\n"
		"game's unit) is a timeout (default 5000);\n"
		"--max-length N is its other name"),
	OPT("completion", 'C', "P",
		"a pack completing fewer than this share of its games\n"
		"stalls: no verdict on it (default 0.95)"),
	OPT("without", 'w', "NAME", "leave out an optional group; --with NAME puts it back"),
	OPT_VALUES("compare", 'c', "PACK2",
		"also play PACK2, show every difference with its 95%\n"
		"interval and say which is fairer and which faster\n"
		"when the interval excludes 0 and neither stalls;\n"
		"PACK2 may be PACK itself, with --compare-with NAME,\n"
		"--compare-without NAME (its optional groups) or\n"
		"--compare-rule KEY=VALUE (after the --rule options);\n"
		"one --compare (exit 2 for a second)", "@file:*.yaml"),
	OPT("json", 'j', NULL, "the report as JSON"),
	OPT_VALUES("plot", 'o', "FILE", "the length histogram and seat win rates (SVG, PDF, PNG)", "@file"),
	OPT("trace", 'T', "G",
		"play only game G of the series (0-based) and print\n"
		"its outcome instead of a report: the winner, the\n"
		"length and the counts above, on one line; an engine\n"
		"that plays through steps first lists every decision\n"
		"(the seat, its legal moves, the standing and the\n"
		"leader after it) and last what the behaviour\n"
		"measures counted in the game"),
	SIMULATE_SKILL_OPTIONS,
	OPT("quiet", 'q', NULL, "no progress lines on stderr"),
	OPT("help", 'h', NULL, ""), OPT("version", 'V', NULL, ""),
	OPT_TEXT(
		"\n"
		"exit status: 0 done, 2 invalid input or usage, 3 the plot could not be written.\n"),
	OPT_VALUES("compare-rule", SIM_OPT_CRULE, "KEY=VALUE", NULL, "@rule"),   /* named in the help above */
	OPT("compare-with", SIM_OPT_CWITH, "NAME", NULL),   /* named in the help above */
	OPT("compare-without", SIM_OPT_CWITHOUT, "NAME", NULL),   /* named in the help above */
	OPT("max-length", 'm', "N", NULL),   /* named in the help above */
	OPT("with", 'W', "NAME", NULL),   /* named in the help above */
	OPT_END,
};

const struct opt_table kit_simulate_options = {"simulate", 24, simulate_rows};

/* A loaded deck pack and its rules as its game read them (--rule applied). */
struct kit_pack {
	struct kit *deck;
	struct game_rules rules;
};

/* Whether the pack (doc, or the file path) plays the same game as `game`;
 * false (reported) otherwise. */
static bool same_game(const struct game *game, const struct ydoc *doc, const char *path)
{
	struct kit *probe = doc ? kit_from_doc(ydoc_clone(doc), NULL, 0, NULL, 0) : kit_load(path, NULL, 0, NULL, 0);
	bool same = probe && !strcmp(probe->game, game->name);
	if (probe && !same)
		diag(SEV_ERROR, NULL, "--compare: %s plays %s, not %s: compare packs of one game", path,
		     probe->game, game->name);
	kit_free(probe);
	return same;
}

/* The engine's setup for the loaded pack dp, and the rules it reads as text. */
static bool make_setup(struct sim_series *se, const struct kit_pack *dp, const struct sim_opts *o)
{
	struct gsim_params p = {.deck = dp->deck, .pack_rules = &dp->rules, .players = se->players,
				.max_length = (int)o->max_length};
	memcpy(p.policy, se->policy, sizeof p.policy);
	memcpy(p.budget, se->budget, sizeof p.budget);
	char err[512];
	se->params = p;
	se->setup = se->eng->setup_new(&p, err, sizeof err);
	if (!se->setup) {
		diag(SEV_ERROR, NULL, "%s: %s", se->path, err);
		return false;
	}
	struct buf b = {0};
	se->eng->rules_text(se->setup, &b);
	snprintf(se->rules, sizeof se->rules, "%s", b.s ? b.s : "");
	buf_free(&b);
	return true;
}

static void free_pack(void *pack)
{
	struct kit_pack *dp = pack;
	if (dp)
		kit_free(dp->deck);
	free(dp);
}

static void *load_pack(const char *path, const struct ydoc *doc, int j, const struct game *g,
		       const struct sim_opts *o)
{
	if (j && !same_game(g, doc, path))
		return NULL;
	struct kit_pack *dp = xcalloc(1, sizeof *dp);
	dp->deck = kit_games_load(g, doc, path, &o->sel[j], &dp->rules);
	if (!dp->deck || !ruleset_set_all(&dp->rules.set, o->rules[j], (size_t)o->nrules[j])) {
		free_pack(dp);
		return NULL;
	}
	return dp;
}

static bool load(struct sim_series *se, const struct game *g, const struct sim_opts *o)
{
	(void)g;
	const struct kit_pack *dp = se->pack;
	se->id = dp->deck->id;
	se->title = dp->deck->title;
	se->set = &dp->rules.set;
	if (!se->eng) {
		diag(SEV_ERROR, &dp->deck->loc_game, "simulate has no engine for game '%s'", dp->deck->game);
		return false;
	}
	if (se->players < se->eng->min_players || se->players > se->eng->max_players) {
		diag(SEV_ERROR, NULL, "%s: %s is played by %d to %d players, not %d", se->path, dp->deck->game,
		     se->eng->min_players, se->eng->max_players, se->players);
		return false;
	}
	return make_setup(se, dp, o);
}

static void release(struct sim_series *se)
{
	if (se->setup)
		se->eng->setup_free(se->setup);
}

static void text_head(const struct sim_series *se)
{
	printf("players: %d, policies:", se->players);
	for (int i = 0; i < se->players; i++)
		printf("%s %s", i ? "," : "", se->policy_name[i]);
	printf("\nrules: %s\n", se->rules);
}

static void text_tail(const struct sim_series *se)
{
	printf("per game:");
	for (int c = 0; se->eng->counters[c]; c++)
		printf("%s %.2f %s", c ? "," : "", se->t.games ? (double)se->t.count[c] / (double)se->t.games : 0,
		       se->eng->counter_text[c]);
	putchar('\n');
}

/* The rules in force as a JSON object: {"key": "value", ...}. */
static void json_rules(struct jw *w, const char *text)
{
	jw_object(w);
	for (const char *p = text; *p; p += strcspn(p, " "), p += strspn(p, " ")) {
		size_t k = strcspn(p, "="), n = strcspn(p, " ");
		char *key = xstrndup(p, k < n ? k : n);
		jw_key(w, key);
		jw_strn(w, k < n ? p + k + 1 : "", k < n ? n - k - 1 : 0);
		free(key);
	}
	jw_end(w);
}

static void json_policies(struct jw *w, const struct sim_series *se)
{
	jw_key(w, "policies");
	jw_array(w);
	for (int i = 0; i < se->players; i++)
		jw_str(w, se->policy_name[i]);
	jw_end(w);
}

static void json_head(struct jw *w, const struct sim_series *se, const char *ind)
{
	(void)ind;
	const struct kit_pack *dp = se->pack;
	jw_put_str(w, "game", dp->deck->game);
	jw_put_int(w, "players", se->players);
	json_policies(w, se);
	jw_key(w, "rules");
	json_rules(w, se->rules);
}

static void json_tail(struct jw *w, const struct sim_series *se, const char *ind)
{
	(void)ind;
	jw_put_str(w, "unit", se->eng->unit);
	jw_key(w, "use");
	jw_object(w);
	for (int c = 0; se->eng->counters[c]; c++) {
		jw_key(w, se->eng->counters[c]);
		jw_object(w);
		jw_put_uint(w, "total", se->t.count[c]);
		jw_put_num(w, "per_game", se->t.games ? (double)se->t.count[c] / (double)se->t.games : 0);
		jw_end(w);
	}
	jw_end(w);
}

/* The named rules whose values differ between two series, comma-separated. */
static void rules_differ(const struct sim_series *a, const struct sim_series *b, char *out, size_t len)
{
	const struct ruleset *x = a->set, *y = b->set;
	out[0] = 0;
	for (size_t i = 0; i < x->n && i < y->n; i++) {
		if (!strcmp(x->value[i], y->value[i]))
			continue;
		size_t n = strlen(out);
		snprintf(out + n, len - n, "%s%s", n ? ", " : "", x->keys[i].key);
	}
}

const struct sim_side kit_sim_side = {
	.usage = &kit_simulate_options,
	.length_default = 5000,
	.npolicies = 2,
	
	.load_pack = load_pack,
	.free_pack = free_pack,
	.load = load,
	.release = release,
	.text_head = text_head,
	.text_tail = text_tail,
	.json_head = json_head,
	.json_tail = json_tail,
	.rules_differ = rules_differ,
};

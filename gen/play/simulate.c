/* simulate.c: `railyard simulate` for every game: one option table parsed
 * once, the packs loaded through their side (simulate.h: trains_gsim.c for the
 * core game, kit_sim.c for the deck games), many games played on several
 * threads through the game table's engine (gsim.h: one random stream per
 * game, integer totals, so the report does not depend on the threads), and
 * the report: completion, seat win rates, balance and length (stats.h,
 * verdict.h), as text or JSON, side by side with --compare (both series
 * played game by game from the same seeds, their outcomes paired in a joint
 * table), plotted with --plot (simplot.c). It knows no game. */
#define _GNU_SOURCE   /* sysconf(_SC_NPROCESSORS_ONLN) */
#include "simulate.h"

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "gplay.h"
#include "json.h"
#include "mcts.h"
#include "progress.h"
#include "simplot.h"
#include "simulate_skill.h"
#include "tune.h"

/* ---- options ---- */

static const char *const policy_names[] = {
	[GSIM_RANDOM] = "random", [GSIM_GREEDY] = "greedy", [GSIM_SPOILER] = "spoiler",
	[GSIM_LOOKAHEAD] = "lookahead", [GSIM_MCTS] = "mcts",
};

/* The name of policy p ("random", "greedy", "spoiler", "lookahead"). */
static const char *simulate_policy_name(enum gsim_policy p)
{
	return (size_t)p < sizeof policy_names / sizeof *policy_names ? policy_names[p] : "?";
}

/* The side's policies and mcts (checked against the game's engine later). */
static bool parse_policies(const char *arg, int npolicies, struct sim_opts *o)
{
	const char *names[GSIM_MCTS + 1];
	for (int k = 0; k < npolicies; k++)
		names[k] = policy_names[k];
	names[npolicies] = policy_names[GSIM_MCTS];
	int p[SIM_MAX_PLAYERS];
	if (cli_policies(arg, names, npolicies + 1, SIM_MAX_PLAYERS, p, o->budget, &o->npolicy) != 0)
		return false;
	for (int k = 0; k < o->npolicy; k++)
		o->policy[k] = p[k] == npolicies ? GSIM_MCTS : (enum gsim_policy)p[k];
	return true;
}

/* --rule (c 'r') or --compare-rule KEY=VALUE: the first goes to both series. */
static bool rule_option(int c, struct sim_opts *o)
{
	if (o->nrules[1] == 2 * SIM_MAX_RULES || (c == 'r' && o->nrules[0] == SIM_MAX_RULES)) {
		diag(SEV_ERROR, NULL, "--rule: at most %d", SIM_MAX_RULES);
		return false;
	}
	if (c == 'r')
		o->rules[0][o->nrules[0]++] = optarg;
	o->rules[1][o->nrules[1]++] = optarg;
	return true;
}

/* One option into *o; false (reported) when its value is wrong, or the
 * status the command must end with now through *stop. */
static bool sim_option(int c, const struct sim_side *side, struct sim_opts *o, int *stop)
{
	switch (c) {
	case 'n': o->players_given = true; return cli_players(optarg, SIM_MAX_PLAYERS, o->counts, &o->ncounts) == 0;
	case 'g': return series_games_opt(optarg, &o->games);
	case 's': return cli_seed(optarg, &o->seed) == 0;
	case 't': return series_threads_opt(optarg, &o->threads);
	case 'P': o->policy_arg = optarg; return true;
	case 'r':
	case SIM_OPT_CRULE: return rule_option(c, o);
	case 'm':
		if (parse_int(optarg, 1, SIM_MAX_TURNS, &o->max_length) == 0)
			return true;
		diag(SEV_ERROR, NULL, "--max-turns (or --max-length) must be 1..%d, not '%s'", SIM_MAX_TURNS, optarg);
		return false;
	case 'C': return series_completion_opt(optarg, &o->threshold);
	case 'w':
	case 'W':
	case SIM_OPT_CWITH:
	case SIM_OPT_CWITHOUT:
		if (names_select_add(&o->sel[c == SIM_OPT_CWITH || c == SIM_OPT_CWITHOUT], c == 'W' || c == SIM_OPT_CWITH ? 'W' : 'w',
				     optarg) != 0)
			*stop = EXIT_INPUT;
		return true;
	case 'c':
		if (o->compare) {
			diag(SEV_ERROR, NULL, "--compare is given twice ('%s', then '%s'): simulate compares the pack "
			     "with one other; run it again for another", o->compare, optarg);
			cli_brief(side->usage);
			*stop = EXIT_INPUT;
			return true;
		}
		o->compare = optarg;
		return true;
	case 'j': o->json = true; return true;
	case SIM_OPT_SKILL: o->skill = true; return true;
	case SIM_OPT_SKILL_LEVELS: o->skill_levels = optarg; return true;
	case 'o': o->plot = optarg; return true;
	case 'q': o->quiet = true; return true;
	case 'T':
		if (parse_int(optarg, 0, 1000000000L, &o->trace) == 0)
			return true;
		diag(SEV_ERROR, NULL, "--trace must be a game number 0..1000000000, not '%s'", optarg);
		return false;
	default: *stop = cli_usage(c, side->usage); return true;
	}
}

/* Whether a file can be written at path: its folder exists and is writable,
 * and path is not a folder. Otherwise false with the reason in why. */
static bool plot_writable(const char *path, char *why, size_t len)
{
	char dir[4096];
	const char *slash = strrchr(path, '/');
	if (!slash)
		snprintf(dir, sizeof dir, ".");
	else if (slash == path)
		snprintf(dir, sizeof dir, "/");
	else
		snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
	struct stat sb;
	if (stat(dir, &sb) != 0) {
		snprintf(why, len, "folder %s: %s", dir, strerror(errno));
		return false;
	}
	if (!S_ISDIR(sb.st_mode)) {
		snprintf(why, len, "%s is not a folder", dir);
		return false;
	}
	if (access(dir, W_OK) != 0) {
		snprintf(why, len, "folder %s: %s", dir, strerror(errno));
		return false;
	}
	if (stat(path, &sb) == 0 && S_ISDIR(sb.st_mode)) {
		snprintf(why, len, "it is a folder");
		return false;
	}
	return true;
}

/* What is checked once every option is read; ok when nothing is wrong so far. */
static int check_options(const struct sim_side *side, struct sim_opts *o, int argc, bool ok)
{
	ok &= cli_one_pack(argc, "simulate");
	if (!o->players_given) {
		diag(SEV_ERROR, NULL, "--players N is needed: the pack names no player counts (how many seats "
		     "to play)");
		ok = false;
	}
	if (o->policy_arg && !parse_policies(o->policy_arg, side->npolicies, o))
		ok = false;
	for (int k = 0; ok && k < o->ncounts; k++)
		if (o->npolicy != 1 && o->npolicy != o->counts[k]) {
			diag(SEV_ERROR, NULL, "--policy names %d policies for %d players: give one for every seat, "
			     "or one for all", o->npolicy, o->counts[k]);
			ok = false;
		}
	if (o->plot && !sim_plot_format(o->plot)) {
		diag(SEV_ERROR, NULL, "--plot %s: the file name must end in .svg, .pdf or .png", o->plot);
		ok = false;
	}
	if (o->skill_levels && !o->skill) {
		diag(SEV_ERROR, NULL, "--skill-levels is for --skill");
		ok = false;
	}
	if (o->skill && (o->compare || o->trace >= 0 || o->policy_arg || o->ncounts > 1)) {
		diag(SEV_ERROR, NULL, "--skill plays its own ladder of policies at one player count: not with "
		     "--compare, --trace, --policy or a list of --players");
		ok = false;
	}
	if ((o->sel[1].nwith || o->sel[1].nwithout || o->nrules[1] > o->nrules[0]) && !o->compare) {
		diag(SEV_ERROR, NULL, "--compare-with, --compare-without and --compare-rule are for "
		     "--compare's pack");
		ok = false;
	}
	if (!ok)
		return EXIT_INPUT;
	/* fail before the games, not after them */
	char why[4400];
	if (o->plot && o->trace < 0 && !plot_writable(o->plot, why, sizeof why)) {
		diag(SEV_ERROR, NULL, "--plot %s: cannot be written: %s", o->plot, why);
		return EXIT_OUTPUT;
	}
	return -1;
}

/* Without --players: the counts the pack's own tables name, as tune takes
 * them (its game's tune engine reads them), read without a word (the series
 * report what is wrong with the pack) from a copy of pack (NULL: the file
 * path); 0 when it names none. */
static int pack_counts(const struct game *g, const struct ydoc *pack, const char *path, int *counts)
{
	const struct tune_engine *e = g->tune;
	if (!e)
		return 0;
	int c[64], n = 0, k = 0;
	char why[64][160];
	diag_set_quiet(1);
	struct ydoc *doc = pack ? ydoc_clone(pack) : ydoc_load(path);
	void *v = doc ? e->load(doc, g, NULL) : NULL;
	if (v)
		n = e->pack_counts(v, c, 64);
	for (int i = 0; i < n; i++) {   /* a count its engine cannot deal is left out */
		void *se = c[i] >= 1 && c[i] <= SIM_MAX_PLAYERS && k < SIM_MAX_PLAYERS
			? e->series_new(v, c[i], e->max_length, why[i], sizeof why[i]) : NULL;
		if (se)
			counts[k++] = c[i];
		else if (c[i] > SIM_MAX_PLAYERS || k == SIM_MAX_PLAYERS)
			snprintf(why[i], sizeof why[i], "simulate plays 1..%d", SIM_MAX_PLAYERS);
		if (se)
			e->series_free(se);
		c[i] = se ? 0 : c[i];
	}
	if (v)
		e->free(v);
	ydoc_free(doc);   /* a copy: the series load theirs from pack */
	diag_set_quiet(0);
	for (int i = 0; k && i < n; i++)
		if (c[i])
			diag(SEV_NOTE, NULL, "%s: %d players left out of the pack's counts: %s", path, c[i], why[i]);
	return k;
}

/* The options into *o; -1 to go on, or the status to end with (reported). */
static int sim_options(const struct game *g, const struct ydoc *pack, int argc, char **argv, struct sim_opts *o)
{
	const struct sim_side *side = g->sim;
	*o = (struct sim_opts){.games = 10000, .seed = 1, .max_length = side->length_default,
			       .threshold = STATS_COMPLETION, .npolicy = 1, .policy = {GSIM_GREEDY}, .trace = -1};
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	o->threads = cores > 0 ? (int)(cores < 64 ? cores : 64) : 1;
	bool ok = true;
	int c, stop = -1;
	optind = 1;
	while ((c = cli_next(argc, argv, side->usage)) != -1) {
		ok &= sim_option(c, side, o, &stop);
		if (stop >= 0)
			return stop;
	}
	if (!o->players_given && optind == argc - 1) {
		o->players_given = (o->ncounts = pack_counts(g, pack, argv[optind], o->counts)) > 0;
		if (o->skill && o->ncounts > 1) {
			diag(SEV_ERROR, NULL, "--skill plays one player count: give --players N (the pack names %d)",
			     o->ncounts);
			return EXIT_INPUT;
		}
	}
	return check_options(side, o, argc, ok);
}

/* ---- the series ---- */

/* Games a worker plays of one series before the other's same games. */
#define BLOCK 64

/* One series, or two played game by game from the same seeds (--compare:
 * game g of each is dealt alike, common random numbers) with the joint table
 * of their outcomes. */
struct shared {
	struct sim_series *se[2];
	int npk;
	uint64_t seed;
	long games;
	atomic_long next, done;
};

struct thread_arg {
	struct shared *sh;
	void *scratch[2];
	struct gsim_counts t[2];
	struct stats_joint joint;
	double seconds[2];
};

/* What game's outcome (gsim_counts_record) is in a joint table's terms. */
static int joint_outcome(int kind, int players)
{
	return kind >= 0 ? kind : kind == GSIM_NO_WINNER ? STATS_NO_WINNER(players) : STATS_UNFINISHED(players);
}

/* Games first..last-1 of every series of the run, a block at a time. */
static void play_block(struct thread_arg *ta, long first, long last)
{
	const struct shared *sh = ta->sh;
	unsigned char out[BLOCK];
	for (int j = 0; j < sh->npk; j++) {
		const struct sim_series *se = sh->se[j];
		double t0 = series_now();
		for (long g = first; g < last; g++) {
			struct gsim_outcome o;
			gsim_play(se->eng, se->setup, ta->scratch[j], sh->seed, (uint64_t)g, &o);
			int k = joint_outcome(gsim_counts_record(&ta->t[j], &o), se->players);
			if (j == 0)
				out[g - first] = (unsigned char)k;
			else
				ta->joint.n[out[g - first]][k]++;
		}
		ta->seconds[j] += series_now() - t0;
	}
}

static void *worker(void *arg)
{
	struct thread_arg *ta = arg;
	long first, last;
	while (series_next_chunk(&ta->sh->next, ta->sh->games, &first, &last)) {
		for (long g = first; g < last; g += BLOCK)
			play_block(ta, g, last - g < BLOCK ? last : g + BLOCK);
		atomic_fetch_add(&ta->sh->done, (last - first) * ta->sh->npk);
	}
	return NULL;
}

/* Every measure of the report from the totals (stats.h), and the plot's view. */
static void analyse(struct sim_series *se, double threshold)
{
	const struct gsim_counts *t = &se->t;
	gsim_stats_counts(se->eng, t, se->players, &se->cnt);
	stats_series(&se->cnt, threshold, &se->v);
	gsim_behaviour(se->eng, t, &se->beh);
	se->side = (struct verdict_side){.id = se->label, .c = &se->cnt, .s = &se->v};
	struct sim_stats *st = &se->plot;
	st->players = se->players;
	st->max_turns = t->horizon;
	st->games = t->games;
	st->completed = t->completed;
	st->stalled = t->no_winner;
	memcpy(st->wins, t->wins, sizeof st->wins);
	st->length = t->ended;   /* the plot shows every game that ended */
	sim_summarize(st, &se->sum);
	/* the plot shows what the report says: shares of the games won, with
	 * their simultaneous intervals, and balance from them */
	se->sum.balance = se->v.balance;
	for (int p = 0; p < se->players && p < STATS_MAX_SEATS; p++) {
		se->sum.win_rate[p] = se->v.win_rate[p];
		se->sum.ci_lo[p] = se->v.win_lo[p];
		se->sum.ci_hi[p] = se->v.win_hi[p];
	}
}

/* Play npk series (one, or a pair into *joint) on the threads; the totals are
 * integer sums, the same whichever thread played which game. Each series'
 * time is its share of the threads' time playing. */
static void run_series(struct sim_series **se, int npk, const struct sim_side *side, const struct sim_opts *o,
		       bool bar, struct stats_joint *joint)
{
	struct shared sh = {.se = {se[0], npk == 2 ? se[1] : NULL}, .npk = npk, .seed = o->seed, .games = o->games};
	atomic_init(&sh.next, 0);
	atomic_init(&sh.done, 0);
	int T = o->threads < o->games ? o->threads : (int)o->games;
	pthread_t *tid = xcalloc((size_t)T, sizeof *tid);
	bool *running = xcalloc((size_t)T, sizeof *running);
	struct thread_arg *ta = xcalloc((size_t)T, sizeof *ta);
	double t0 = series_now();
	int started = 0;
	for (int i = 0; i < T; i++) {
		ta[i].sh = &sh;
		for (int j = 0; j < npk; j++) {
			ta[i].scratch[j] = gsim_scratch_new(se[j]->eng, se[j]->setup);
			gsim_counts_init(&ta[i].t[j], (int)o->max_length);
		}
		running[i] = pthread_create(&tid[i], NULL, worker, &ta[i]) == 0;
		started += running[i];
	}
	if (!started) /* no threads to be had: play on this one */
		worker(&ta[0]);
	if (bar) {
		char what[600];
		if (npk == 2)
			snprintf(what, sizeof what, "%d players %s vs %s", se[0]->players, se[0]->label, se[1]->label);
		else
			snprintf(what, sizeof what, "%d players %s", se[0]->players, se[0]->label);
		progress_watch(what, &sh.done, o->games * npk);
	}
	double busy[2] = {0, 0};
	for (int j = 0; j < npk; j++)
		gsim_counts_init(&se[j]->t, (int)o->max_length);
	if (joint)
		memset(joint, 0, sizeof *joint);
	for (int i = 0; i < T; i++) {
		if (running[i])
			pthread_join(tid[i], NULL);
		for (int j = 0; j < npk; j++) {
			gsim_counts_add(&se[j]->t, &ta[i].t[j]);
			gsim_counts_free(&ta[i].t[j]);
			if (side->collect)
				side->collect(se[j], ta[i].scratch[j]);
			gsim_scratch_free(se[j]->eng, ta[i].scratch[j]);
			busy[j] += ta[i].seconds[j];
		}
		if (joint)
			stats_joint_add(joint, &ta[i].joint);
	}
	double wall = series_now() - t0;
	for (int j = 0; j < npk; j++) {
		se[j]->seconds = npk == 1 || busy[0] + busy[1] <= 0 ? wall / npk : wall * busy[j] / (busy[0] + busy[1]);
		analyse(se[j], o->threshold);
	}
	free(tid);
	free(running);
	free(ta);
}

/* The j-th pack of a comparison (loaded once) at a player count: its setup;
 * false (reported) when it cannot be played. */
static bool prepare(struct sim_series *se, const struct game *g, const char *path, void *model, int j,
		    int players, const struct sim_opts *o)
{
	memset(se, 0, sizeof *se);
	se->path = path;
	se->pack = model;
	se->j = j;
	se->players = players;
	se->eng = g->engine;
	for (int i = 0; i < players; i++) {
		int k = o->npolicy == 1 ? 0 : i;
		se->policy[i] = o->policy[k];
		se->budget[i] = o->budget[k];
		if (se->policy[i] == GSIM_MCTS)
			snprintf(se->policy_name[i], sizeof se->policy_name[i], "mcts:%d", se->budget[i]);
		else
			snprintf(se->policy_name[i], sizeof se->policy_name[i], "%s", simulate_policy_name(se->policy[i]));
	}
	return g->sim->load(se, g, o);
}

/* A series' label: the pack id, with what --compare-* chose for it. */
static void label_of(struct sim_series *se, const struct sim_opts *o)
{
	const struct names_select *sel = &o->sel[se->j];
	const char *const *rules = o->rules[1] + o->nrules[0];
	int nrules = se->j ? o->nrules[1] - o->nrules[0] : 0;
	char *out = se->label;
	size_t len = sizeof se->label, n = (size_t)snprintf(out, len, "%s", se->id);
	for (int i = 0; i < nrules && n < len; i++)
		n += (size_t)snprintf(out + n, len - n, " --rule %s", rules[i]);
	for (size_t i = 0; i < sel->nwith && n < len; i++)
		n += (size_t)snprintf(out + n, len - n, " --with %s", sel->with[i]);
	for (size_t i = 0; i < sel->nwithout && n < len; i++)
		n += (size_t)snprintf(out + n, len - n, " --without %s", sel->without[i]);
}

/* Whether two paths name one file (a pack compared with itself, its rules
 * changed by --compare-rule or --compare-with). */
static bool same_file(const char *a, const char *b)
{
	struct stat sa, sb;
	return !strcmp(a, b) || (stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
				 sa.st_ino == sb.st_ino);
}

/* ---- reports ---- */

/* What a report needs besides the series: the options, the pack's side and
 * the comparisons (one per player count with --compare). */
struct report {
	const struct sim_opts *o;
	const struct sim_side *side;
	const struct stats_comparison *cmp;
	int npk;
	struct jw *w;   /* the JSON report's writer */
};

/* The behaviour measures (gsim.h), one line each, as railyard(1) defines them. */
static void print_behaviour(const struct sim_series *se)
{
	const struct gsim_behaviour *b = &se->beh;
	printf("behaviour:\n");
	if (b->measured) {
		printf("  decision moves: %.4f [%.4f, %.4f] (share of the %llu decisions with more than one legal move)\n",
		       b->decision_moves, b->decision_lo, b->decision_hi, (unsigned long long)se->t.decisions);
		printf("  branching: %.3f (SE %.3f) legal moves a decision\n", b->branching, b->branching_se);
		printf("  lead changes: %.3f (SE %.3f) a game; %.4f [%.4f, %.4f] of decisions\n", b->lead_changes,
		       b->lead_changes_se, b->lead_share, b->lead_lo, b->lead_hi);
	} else {
		printf("  decision moves, branching, lead changes: not measured (this engine does not play "
		       "through steps)\n");
	}
	printf("  drawishness: %.4f [%.4f, %.4f] (share of games without a single winner)\n", b->drawishness,
	       b->draw_lo, b->draw_hi);
	printf("  advantage P1: %.4f [%.4f, %.4f] (seat 1's share of the games with a single winner)\n",
	       b->advantage_p1, b->p1_lo, b->p1_hi);
}

/* The same as one JSON member "behaviour"; null where not measured. */
static void json_behaviour(struct jw *w, const struct sim_series *se)
{
	const struct gsim_behaviour *b = &se->beh;
	static const char *const keys[] = {"decision_moves", "decision_moves_ci", "branching", "branching_se",
					   "lead_changes", "lead_changes_se", "lead_change_share",
					   "lead_change_share_ci"};
	const double v[][2] = {{b->decision_moves, NAN}, {b->decision_lo, b->decision_hi}, {b->branching, NAN},
			       {b->branching_se, NAN}, {b->lead_changes, NAN}, {b->lead_changes_se, NAN},
			       {b->lead_share, NAN}, {b->lead_lo, b->lead_hi}};
	jw_key(w, "behaviour");
	jw_object(w);
	jw_put_bool(w, "measured", b->measured);
	jw_key(w, "decisions");
	if (b->measured)
		jw_uint(w, se->t.decisions);
	else
		jw_null(w);
	for (size_t i = 0; i < sizeof keys / sizeof *keys; i++) {
		jw_key(w, keys[i]);
		if (!b->measured)
			jw_null(w);
		else if (strstr(keys[i], "_ci"))
			verdict_json_pair(w, v[i][0], v[i][1]);
		else
			jw_num(w, v[i][0]);
	}
	verdict_json_estimate(w, "drawishness", b->drawishness, b->draw_lo, b->draw_hi);
	verdict_json_estimate(w, "advantage_p1", b->advantage_p1, b->p1_lo, b->p1_hi);
	jw_end(w);
}

static void print_text(const struct sim_series *se, const struct report *rp)
{
	printf("%s (%s)\n", se->title, se->id);
	rp->side->text_head(se);
	printf("games: %llu, seed %llu\n", (unsigned long long)se->t.games, (unsigned long long)rp->o->seed);
	verdict_print_series(&se->side, rp->o->threshold, se->eng->unit);
	print_behaviour(se);
	rp->side->text_tail(se);
}

/* One series' object, opened at ind; the caller adds to it and ends it. */
static void print_json(struct jw *w, const struct sim_series *se, const struct report *rp, const char *ind)
{
	jw_object_at(w, ind);
	jw_put_str(w, "pack", se->id);
	jw_put_str(w, "title", se->title);
	rp->side->json_head(w, se, ind);
	jw_key(w, "rules_from");
	ruleset_json_from(w, se->set);
	jw_put_uint(w, "seed", rp->o->seed);
	verdict_json_series(w, &se->side);
	json_behaviour(w, se);
	rp->side->json_tail(w, se, ind);
}

/* All timings, in one place outside the report proper. */
static void print_json_timing(struct jw *w, const struct sim_series *se, int nse, const struct sim_opts *o)
{
	double total = 0;
	uint64_t games = 0;
	for (int i = 0; i < nse; i++) {
		total += se[i].seconds;
		games += se[i].t.games;
	}
	jw_key(w, "timing");
	jw_object(w);
	jw_key(w, "seconds");
	jw_fixed(w, total, 3);
	jw_put_int(w, "threads", o->threads);
	jw_key(w, "games_per_second");
	jw_fixed(w, total > 0 ? (double)games / total : 0, 0);
	jw_key(w, "series");
	jw_array(w);
	for (int i = 0; i < nse; i++) {
		jw_object(w);
		jw_put_str(w, "pack", se[i].id);
		jw_put_int(w, "players", se[i].players);
		jw_key(w, "seconds");
		jw_fixed(w, se[i].seconds, 3);
		jw_key(w, "games_per_second");
		jw_fixed(w, se[i].seconds > 0 ? (double)se[i].t.games / se[i].seconds : 0, 0);
		jw_end(w);
	}
	jw_end(w);
	jw_end(w);
}

/* One line per player count: which pack is fairer and which faster. */
static void print_summary(const struct sim_series *se, const struct report *rp)
{
	const struct sim_opts *o = rp->o;
	printf("\nsummary: %s vs %s\n", se[0].label, se[1].label);
	for (int k = 0; k < o->ncounts; k++) {
		char fair[512], fast[512];
		const struct sim_series *a = &se[2 * k], *b = &se[2 * k + 1];
		verdict_words(&a->side, &b->side, &rp->cmp[k], o->threshold, a->eng->unit, fair, fast, sizeof fair);
		printf("  %d players (completion %.4f vs %.4f): fairer: %s; faster: %s", o->counts[k],
		       a->v.completion, b->v.completion, fair, fast);
		const struct stats_comparison *c = &rp->cmp[k];
		if (c->v.fewer_ties >= 0)
			printf("; fewer games without a single winner: %s (%.4f vs %.4f)", c->v.fewer_ties ? b->label : a->label,
			       c->no_winner.a, c->no_winner.b);
		printf("\n");
	}
}

/* One player count's report (row k): each series, and the comparison. */
static void report_row(const struct sim_series *row, int k, const struct sim_series *all, const struct report *rp)
{
	const struct sim_opts *o = rp->o;
	char differ[256] = "";
	if (rp->npk == 2)
		rp->side->rules_differ(&row[0], &row[1], differ, sizeof differ);
	if (o->json) {
		struct jw *w = rp->w;
		print_json(w, &row[0], rp, "");
		if (rp->npk == 2) {
			jw_key(w, "compare");
			print_json(w, &row[1], rp, "  ");
			jw_end(w);
			verdict_json_comparison(w, &row[0].side, &row[1].side, &rp->cmp[k], o->threshold, differ);
		}
		if (o->ncounts == 1)
			print_json_timing(w, all, o->ncounts * rp->npk, o);
		jw_end(w);
		return;
	}
	for (int j = 0; j < rp->npk; j++) {
		if (k || j)
			putchar('\n');
		print_text(&row[j], rp);
		series_print_time(row[j].seconds, row[j].t.games, o->threads);
	}
	if (rp->npk == 2)
		verdict_print_comparison(&row[0].side, &row[1].side, &rp->cmp[k], o->threshold, row[0].eng->unit,
					 differ, same_file(row[0].path, row[1].path) ? NULL : rp->side->besides);
}

/* The whole report: text, or JSON, every player count. */
static void report(const struct sim_series *se, const struct report *rp)
{
	const struct sim_opts *o = rp->o;
	int nse = o->ncounts * rp->npk;
	if (o->json && o->ncounts > 1) {
		jw_object_at(rp->w, "");
		jw_key(rp->w, "runs");
		jw_open(rp->w, '[', "\n", ",\n", "\n  ");
	}
	for (int k = 0; k < o->ncounts; k++)
		report_row(&se[k * rp->npk], k, se, rp);
	if (o->json && o->ncounts > 1) {
		jw_end(rp->w);
		print_json_timing(rp->w, se, nse, o);
		jw_end(rp->w);
		putchar('\n');
	} else if (o->json) {
		putchar('\n');
	} else if (rp->npk == 2 && o->ncounts > 1) {
		print_summary(se, rp);
	}
}

static int write_plot(const struct sim_series *se, const struct report *rp)
{
	const struct sim_opts *o = rp->o;
	struct sim_plot_series ps[2 * SIM_MAX_PLAYERS];
	char legend[2 * SIM_MAX_PLAYERS][400], note[SIM_MAX_PLAYERS][1100];
	const char *notes[SIM_MAX_PLAYERS];
	for (int i = 0; i < rp->npk * o->ncounts; i++) {
		const struct stats_length *L = &se[i].v.len;
		char med[32];
		snprintf(med, sizeof med, L->median < 0 ? "> %d" : "%d", L->median < 0 ? L->horizon : L->median);
		snprintf(legend[i], sizeof legend[i], "%s   completion %.3f%s   balance %.3f [%.3f, %.3f]   "
			 "median %s %s, restricted mean %.1f", se[i].label, se[i].v.completion,
			 se[i].v.stalls ? " (stalls)" : "", se[i].v.balance, se[i].v.balance_lo, se[i].v.balance_hi, med,
			 se[i].eng->unit, L->rmst);
		ps[i] = (struct sim_plot_series){.label = se[i].label, .stats = &se[i].plot, .sum = &se[i].sum,
						 .legend = legend[i], .median = L->median};
	}
	for (int k = 0; k < o->ncounts; k++) {
		notes[k] = NULL;
		if (rp->npk == 2) {
			char fair[512], fast[512];
			const struct sim_series *a = &se[2 * k], *b = &se[2 * k + 1];
			verdict_words(&a->side, &b->side, &rp->cmp[k], o->threshold, a->eng->unit, fair, fast, sizeof fair);
			snprintf(note[k], sizeof note[k], "fairer: %s\nfaster: %s", fair, fast);
			notes[k] = note[k];
		}
	}
	char err[512];
	if (sim_plot_write(o->plot, ps, rp->npk, o->ncounts, o->counts, notes, err, sizeof err) != 0) {
		if (err[0])   /* else reported already, with the reason */
			diag(SEV_ERROR, NULL, "--plot %s: %s", o->plot, err);
		return EXIT_OUTPUT;
	}
	return EXIT_OK;
}

/* Play every series (a compared pair together, paired game by game),
 * compare them, report and plot. */
static int play_and_report(struct sim_series *se, const struct sim_side *side, const struct sim_opts *o)
{
	int npk = o->compare ? 2 : 1;
	struct stats_comparison cmp[SIM_MAX_PLAYERS];
	struct stats_joint *joint = npk == 2 ? xcalloc(1, sizeof *joint) : NULL;
	bool bar = !o->quiet && progress_wanted();
	progress_steps(o->ncounts);
	progress_unit("games");
	for (int k = 0; k < o->ncounts; k++) {
		struct sim_series *row[2] = {&se[npk * k], npk == 2 ? &se[npk * k + 1] : NULL};
		run_series(row, npk, side, o, bar, joint);
		if (npk == 2)
			stats_compare(&row[0]->cnt, &row[0]->v, &row[1]->cnt, &row[1]->v, joint, o->threshold, &cmp[k]);
	}
	free(joint);
	struct jw w;
	jw_init(&w, stdout);
	struct report rp = {.o = o, .side = side, .cmp = cmp, .npk = npk, .w = &w};
	report(se, &rp);
	int status = series_flush_report();
	if (o->plot && status == EXIT_OK)
		status = write_plot(se, &rp);
	return status;
}

/* The one seat of highest standing in score, or 0 while two share it (seats
 * from 1, as the trace names them). */
static int trace_leader(const double *score, int players)
{
	int lead = 0;
	for (int p = 1; p < players; p++)
		if (score[p] > score[lead])
			lead = p;
	for (int p = 0; p < players; p++)
		if (p != lead && score[p] == score[lead])
			return 0;
	return lead + 1;
}

/* " a b c, leader seat L" (or ", no single leader") and the line's end. */
static void trace_standing(const double *score, int players)
{
	for (int p = 0; p < players; p++)
		printf(" %g", score[p]);
	int lead = trace_leader(score, players);
	if (lead)
		printf(", leader seat %d\n", lead);
	else
		printf(", no single leader\n");
}

/* An engine with steps: game G walked decision by decision from its stream
 * as gsim_play plays it, a line each: the seat, how many legal moves it had,
 * then every seat's standing and the leader after its move (none while two
 * share the highest). What the behaviour measures count, to count by hand. */
static void trace_steps(const struct sim_series *se, const struct sim_opts *o)
{
	const struct gsim_engine *e = se->eng;
	const struct gsim_steps *st = e->steps;
	const struct gsim_seats *seats = st->seats(se->setup);
	void *pos = xcalloc(1, st->pos_size(se->setup));
	void *work = st->work_size ? xcalloc(1, st->work_size(se->setup)) : NULL;
	uint64_t *keys = xcalloc(st->max_moves(se->setup), sizeof *keys);
	int budget = 0;
	for (int i = 0; i < seats->players; i++)
		if (seats->policy[i] == GSIM_MCTS && seats->budget[i] > budget)
			budget = seats->budget[i];
	struct mcts *m = budget > 0 ? mcts_new(e, se->setup, budget) : NULL;
	double score[SIM_MAX_PLAYERS];
	struct gsim_outcome out;
	memset(&out, 0, sizeof out);
	struct rng rng;
	rng_seed(&rng, o->seed, (uint64_t)o->trace);
	st->start(se->setup, work, pos, &rng, &out);
	st->standing(se->setup, work, pos, score);
	printf("start: standing");
	trace_standing(score, seats->players);
	int seat;
	for (long d = 1; (seat = st->turn(se->setup, pos)) >= 0; d++) {
		size_t n = st->moves(se->setup, work, pos, keys);
		uint64_t key = seats->policy[seat] == GSIM_MCTS && n > 1
				       ? mcts_choose(m, pos, seat, seats->budget[seat], &rng)
				       : keys[st->choose(se->setup, work, pos, seats->policy[seat], keys, n, &rng)];
		st->apply(se->setup, work, pos, key, &rng, &out);
		st->standing(se->setup, work, pos, score);
		printf("decision %ld: seat %d, %zu legal move%s; standing", d, seat + 1, n, n == 1 ? "" : "s");
		trace_standing(score, seats->players);
	}
	if (m)
		mcts_free(m);
	free(pos);
	free(work);
	free(keys);
}

/* --trace G for a side whose engine does not report its moves: game G of
 * the series played alone, and what it came to (the winner and the length,
 * as the totals count it, and the engine's counters) on one line; an engine
 * with steps shows its decisions first (trace_steps) and what the behaviour
 * measures counted in the game, from gsim_play, last. */
static void trace_outcome(const struct sim_series *se, const struct sim_opts *o)
{
	const struct gsim_engine *e = se->eng;
	void *scratch = gsim_scratch_new(e, se->setup);
	struct gsim_outcome out;
	gsim_play(e, se->setup, scratch, o->seed, (uint64_t)o->trace, &out);
	gsim_scratch_free(e, scratch);
	printf("game %ld, seed %llu: %d players,", o->trace, (unsigned long long)o->seed, se->players);
	for (int i = 0; i < se->players; i++)
		printf("%s %s", i ? "," : "", se->policy_name[i]);
	printf("; rules: %s\n", se->rules);
	if (e->steps)
		trace_steps(se, o);
	bool ended = out.length >= 0 && out.length <= o->max_length;
	if (ended && out.winner >= 0)
		printf("seat %d wins after %d %s", out.winner + 1, out.length, e->unit);
	else if (ended && out.no_winner)
		printf("no single winner after %d %s", out.length, e->unit);
	else if (out.stalled)
		printf("stalled after %d %s: it could never end", out.length, e->unit);
	else
		printf("a timeout: no winner within %ld %s", o->max_length, e->unit);
	for (int c = 0; e->counters[c]; c++)
		printf("%s %llu %s", c ? "," : ";", (unsigned long long)out.count[c], e->counter_text[c]);
	printf("\n");
	if (e->steps)
		printf("behaviour: %llu decisions, %llu with more than one legal move, %llu legal moves, %llu lead "
		       "changes\n", (unsigned long long)out.decisions, (unsigned long long)out.real_choices,
		       (unsigned long long)out.branching, (unsigned long long)out.lead_changes);
}

/* --compare's pack, parsed once: the pack's own tree when it names the same
 * file, else read here into *own; NULL (reported) when it cannot be read or
 * its `game:` is not the pack's. A pack without one is left to its series'
 * load, which says what is wrong. (The game table is main's: a command that
 * every game registers does not look games up.) */
static const struct ydoc *compare_doc(const struct game *g, const struct ydoc *pack, const char *path,
				      const char *other, struct ydoc **own)
{
	if (pack && !strcmp(other, path))
		return pack;
	if (!(*own = ydoc_load(other)))
		return NULL;
	const struct ynode *root = (*own)->root;
	const struct ynode *n = root && root->kind == Y_MAP ? ymap_get(root, "game") : NULL;
	if (n && n->kind == Y_SCALAR && strcmp(n->str, g->name) != 0) {
		diag(SEV_ERROR, NULL, "simulate --compare: %s is a %s pack and %s a %s pack; packs of two "
		     "different games cannot be compared", other, n->str, path, g->name);
		return NULL;
	}
	return *own;
}

int cmd_simulate(const struct game *g, const struct ydoc *pack, int argc, char **argv)
{
	const struct sim_side *side = g->sim;
	struct sim_opts o;
	int status = sim_options(g, pack, argc, argv, &o);
	if (status >= 0)
		return status;
	status = EXIT_OK;
	int npk = o.compare ? 2 : 1, nse = o.ncounts * npk, prepared = 0;
	struct sim_series *se = xcalloc((size_t)nse, sizeof *se);
	const struct ydoc *docs[2] = {pack, NULL};
	struct ydoc *own = NULL;   /* --compare's tree, when read here */
	void *model[2] = {NULL, NULL};
	for (int j = 0; j < npk; j++)
		if ((j && !(docs[1] = compare_doc(g, pack, argv[optind], o.compare, &own))) ||
		    !(model[j] = side->load_pack(j ? o.compare : argv[optind], docs[j], j, g, &o))) {
			status = EXIT_INPUT;
			goto out;
		}
	for (int k = 0; k < o.ncounts; k++)
		for (int j = 0; j < npk; j++)
			if (!prepare(&se[prepared++], g, j ? o.compare : argv[optind], model[j], j, o.counts[k], &o)) {
				status = EXIT_INPUT;
				goto out;
			}
	if (o.skill) {
		struct skill_request r = {.path = se[0].path, .id = se[0].id, .title = se[0].title, .rules = se[0].rules,
					  .set = se[0].set, .eng = se[0].eng, .params = &se[0].params,
					  .npolicies = side->npolicies, .levels = o.skill_levels, .games = o.games,
					  .seed = o.seed, .threads = o.threads, .quiet = o.quiet, .json = o.json,
					  .plot = o.plot};
		status = simulate_skill(&r);
		goto out;
	}
	if (o.trace >= 0) {
		if (side->trace_game)
			side->trace_game(&se[0], &o);
		else
			trace_outcome(&se[0], &o);
		goto out;
	}
	/* a rule --compare-rule changes differs on purpose */
	if (npk == 2 && side->warn_differ && o.nrules[1] == o.nrules[0] && !same_file(se[0].path, se[1].path))
		side->warn_differ(&se[0], &se[1]);
	for (int i = 0; i < nse; i++)
		label_of(&se[i], &o);
	status = play_and_report(se, side, &o);
out:
	for (int i = 0; i < prepared; i++) {
		side->release(&se[i]);
		gsim_counts_free(&se[i].t);
	}
	for (int j = 0; j < 2; j++)
		if (model[j])
			side->free_pack(model[j]);
	free(se);
	ydoc_free(own);
	return status;
}

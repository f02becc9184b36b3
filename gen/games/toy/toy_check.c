/* toy_check.c: `railyard check` for Toy Train: spending letters, words,
 * challenges; the pack's word list and board. The rules are in toy_rules.c. */
#include <errno.h>
#include "cli.h"
#include "opt.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "kit_games.h"
#include "json.h"
#include "toy.h"
#include "trust.h"
#include "util.h"

/* --- Toy Train ------------------------------------------------------------------ */

static const struct opt toy_rows[] = {
	OPT_TEXT(
		"usage: railyard check [OPTIONS] PACK.yaml --word WORD     (game: toy-train)\n"
		"\n"
		"Whether the carriages played, in order, make a valid word: at least the pack's\n"
		"min-letters (4), in the pack's word list, not already used in the game, within\n"
		"the pack's letter counts, '?' (the wild carriage) standing for any letter; and\n"
		"where the Engine-Driver's locomotive lands on the board.\n"
		"\n"),
	OPT("word", 'w', "WORD", "the carriages in order, e.g. TONE or TO?E (required)"),
	OPT("at", 'a', "SPACE", "the locomotive's space (default: the board's start, GO)"),
	OPT("used", 'u', "WORDS", "words already used in this game (spaces or commas)"),
	OPT("spent", 's', "LETTERS",
		"carriages of earlier rounds, face down and out of play\n"
		"(all turned up again when fewer than 10 stay face up)"),
	OPT_VALUES("words", 'L', "FILE", "the word list (default: the pack's rules: words)", "@file"),
	OPT_VALUES("rule", 'r', "KEY=VALUE",
		"override a rule of the pack for this run: min-letters=N,\n"
		"words=FILE, letter-mix=pack|frequency|even,\n"
		"broken-every=N ('railyard dump PACK' shows them);\n"
		"repeatable", "@rule"),
	OPT_VALUES("challenge", 'c', "braker|driver",
		"--word is the carriages so far and this player\n"
		"challenges the other, who names --answer (or nothing):\n"
		"which of the page's four outcomes follows", "braker driver"),
	OPT("answer", 'A', "WORD", "the word the challenged player names"),
	OPT("next", 'n', NULL,
		"whose carriage comes next after --word in a round (with\n"
		"--at: from FINISH on, the Engine-Driver's alone)"),
	OPT_VALUES("allow-path", 'T', "DIR", "the pack's word list may also come from DIR", "@dir"),
	OPT("json", 'j', NULL,
		"{\"valid\", \"word\", \"as\", \"reasons\", \"from\", \"to\", \"broken\",\n"
		"\"finish\"}"),
	OPT("quiet", OPT_QUIET, NULL, "no progress lines on stderr (as in every command)"),
	OPT("help", 'h', NULL, ""), OPT("version", 'V', NULL, ""),
	OPT_TEXT(
		"\n"
		"With no --word: whether the pack as printed can be played (its carriages\n"
		"spell some word of the list, min-letters or longer).\n"
		"\n"
		"exit status: 0 a valid word (sound), 1 not valid (not sound), 2 invalid input.\n"),
	OPT_END,
};

const struct opt_table toy_check_options = {"check", 23, toy_rows};

/* Take the face-down carriages of earlier rounds out of r's counts; when fewer
 * than 10 would stay face up, all are turned face up again (the page). */
static int toy_spend(struct toy_rules *r, const char *spent)
{
	long left[27], up = 0;
	memcpy(left, r->counts, sizeof left);
	for (const char *c = spent; *c; c++) {
		int i = *c == r->wild ? 26 : (*c >= 'a' && *c <= 'z') ? *c - 'a' :
			(*c >= 'A' && *c <= 'Z') ? *c - 'A' : -1;
		if (*c == ' ' || *c == ',')
			continue;
		if (i < 0) {
			diag(SEV_ERROR, NULL, "--spent: '%c' is not a carriage (A-Z or '%c')", *c, r->wild);
			return -1;
		}
		if (--left[i] < 0) {
			diag(SEV_ERROR, NULL, "--spent: more %c carriages than the pack has (%ld)",
			     i == 26 ? r->wild : 'A' + i, r->counts[i]);
			return -1;
		}
	}
	for (int i = 0; i < 27; i++)
		up += left[i];
	if (toy_turn_up(left, r->counts))
		diag(SEV_NOTE, NULL, "%ld carriages face up, fewer than 10: the face-down ones are "
		     "turned up again", up);
	memcpy(r->counts, left, sizeof left);
	return 0;
}

/* --challenge: the page's four outcomes. The challenged player answers with a
 * valid word that begins with the carriages laid, or does not. */
static int toy_challenge_verdict(const struct toy_rules *r, const struct toy_words *w,
				 const char *laid, const char *answer, const char *const *used,
				 size_t nused, int at, bool braker_challenges, bool json)
{
	struct buf out = {0}, why = {0};
	struct toy_result res = {0};
	bool answered = false;
	if (answer) {
		size_t n = strlen(laid);
		bool begins = strlen(answer) >= n;
		for (size_t i = 0; i < n && begins; i++)
			begins = laid[i] == r->wild || (laid[i] | 0x20) == (answer[i] | 0x20);
		toy_check_word(r, w, answer, used, nused, at, &res, &why);
		if (!begins)
			buf_printf(&out, "%s does not begin with the carriages laid, %s, in that order\n",
				   answer, laid);
		else if (!res.valid)
			buf_printf(&out, "%s is not a valid word: %s", answer, why.s ? why.s : "\n");
		answered = begins && res.valid;
	}
	const char *who = braker_challenges ? "the Engine-Driver" : "the Braker";
	if (answered) {
		buf_printf(&out, "legal: outcome %d: %s names %s, so the Engine-Driver advances as for "
			   "a word%s\n", braker_challenges ? 1 : 3, who, answer,
			   res.finish ? ": it reaches FINISH and wins" : res.broken ?
			   ": it ends on a broken railway, the locomotive stays put" : "");
		if (!res.finish && !res.broken)
			buf_printf(&out, "the locomotive moves from space %d to space %d\n", at, res.land);
	} else if (braker_challenges) {
		buf_printf(&out, "outcome 2: %s names no valid word: the turn ends and the "
			   "Engine-Driver's locomotive stays put\n", who);
	} else {
		buf_printf(&out, "outcome 4: %s names no valid word: the Engine-Driver may replace the "
			   "last carriage (%c) and go on adding carriages alone; a valid word advances "
			   "him, otherwise his turn is over\n", who, laid[0] ? laid[strlen(laid) - 1] : '-');
	}
	int status = kit_games_check_verdict(answered, &out, json);
	toy_result_free(&res);
	buf_free(&out);
	buf_free(&why);
	return status;
}

/* The options of check for Toy Train. */
struct toy_opts {
	const char *word, *at, *used, *list, *spent, *challenge, *answer;
	const char *rule[RULESET_MAX];   /* --rule KEY=VALUE, over the pack's rules */
	size_t nrule;
	bool json, next, pack;   /* pack: no position, the pack-level check */
};

/* The options into *o; -1 to go on, or the status to end with (reported). */
static int toy_options(int argc, char **argv, struct toy_opts *o)
{
	memset(o, 0, sizeof *o);
	int c;
	optind = 1;
	while ((c = cli_next(argc, argv, &toy_check_options)) != -1) {
		switch (c) {
		case 'j': o->json = true; break;
		case 'w': o->word = optarg; break;
		case 'a': o->at = optarg; break;
		case 'u': o->used = optarg; break;
		case 's': o->spent = optarg; break;
		case 'L': o->list = optarg; break;
		case 'c': o->challenge = optarg; break;
		case 'A': o->answer = optarg; break;
		case 'n': o->next = true; break;
		case 'r':
			if (cli_rule(optarg, o->rule, &o->nrule, RULESET_MAX))
				return EXIT_INPUT;
			break;
		case 'T':
			if (trust_allow(optarg) != 0)
				return EXIT_INPUT;
			break;
		case 'h': opt_help(stdout, &toy_check_options); return EXIT_OK;
		case 'V': return cli_version();
		default: cli_brief(&toy_check_options); return EXIT_INPUT;
		}
	}
	o->pack = !o->word && !o->at && !o->used && !o->spent && !o->challenge && !o->answer && !o->next;
	if (!o->word && !o->pack) {
		diag(SEV_ERROR, NULL, "check: give the carriages played with --word (see --help)");
		return EXIT_INPUT;
	}
	if (o->challenge && strcmp(o->challenge, "braker") && strcmp(o->challenge, "driver")) {
		diag(SEV_ERROR, NULL, "--challenge: braker or driver (who challenges), not '%s'", o->challenge);
		return EXIT_INPUT;
	}
	if (o->answer && !o->challenge) {
		diag(SEV_ERROR, NULL, "--answer is the challenged player's word: give --challenge");
		return EXIT_INPUT;
	}
	return kit_games_check_one_pack(argc, &toy_check_options) < 0 ? EXIT_INPUT : -1;
}

/* --next: whose carriage comes next (toy_driver_lays), the locomotive on
 * space at of a board ending at finish. "The Engine-Driver will add two
 * carriages at the beginning of the game, before the Braker may add one of his
 * choice"; then they alternate; once a carriage is on FINISH "the
 * Engine-Driver may add all the carriages he wants". */
static int toy_next(const char *word, int at, int finish)
{
	size_t k = strlen(word);
	struct toy_round round = {.laid = k > 1000 ? 1000 : (int)k, .at = at, .finish = finish};
	bool driver = toy_driver_lays(&round);
	printf("%zu carriage%s laid: carriage %zu is the %s's%s\n", k, k == 1 ? "" : "s", k + 1,
	       driver ? "Engine-Driver" : "Braker",
	       toy_alone(&round) ? " (a carriage is on FINISH: he goes on alone)" : "");
	return EXIT_OK;
}

static void toy_json(const char *word, const struct toy_result *res, const struct buf *why, int at)
{
	struct jw w;
	jw_init(&w, stdout);
	jw_object(&w);
	jw_put_bool(&w, "valid", res->valid);
	jw_put_str(&w, "word", word);
	jw_put_str(&w, "as", res->valid ? res->match : NULL);
	jw_key(&w, "reasons");
	jw_array(&w);
	for (const char *s = why->s ? why->s : ""; *s;) {
		size_t n = strcspn(s, "\n");
		jw_strn(&w, s, n);
		s += n + (s[n] == '\n');
	}
	jw_end(&w);
	jw_put_int(&w, "from", at);
	jw_put_int(&w, "to", res->land);
	jw_put_bool(&w, "broken", res->broken);
	jw_put_bool(&w, "finish", res->finish);
	jw_end(&w);
	putchar('\n');
}

static void toy_text(const struct kit *d, const struct toy_rules *r, const char *word,
		     const struct toy_result *res, const struct buf *why, int at)
{
	if (!res->valid) {
		for (const char *s = why->s ? why->s : ""; *s;) {
			size_t n = strcspn(s, "\n");
			printf("not valid: %.*s\n", (int)n, s);
			s += n + (s[n] == '\n');
		}
		if ((long)at + (long)strlen(word) >= r->finish)
			printf("a carriage reaches FINISH but the carriages make no valid word: the "
			       "Engine-Driver's turn ends without advancing and the game continues\n");
		if (at == r->start && d->board.start_label)
			printf("the locomotive stays on %s (space %d)\n", d->board.start_label, at);
		else
			printf("the locomotive stays on space %d\n", at);
		return;
	}
	printf("valid: %s", word);
	if (strchr(word, r->wild))
		printf(" (as %s)", res->match);
	printf(", %zu letters\n", strlen(word));
	if (res->finish)
		printf("a carriage reaches %s (space %d), where the Engine-Driver may add all the "
		       "carriages he wants: a valid word wins the game\n",
		       d->board.finish_label ? d->board.finish_label : "the finish", r->finish);
	else if (res->broken)
		printf("the last carriage is on space %ld, a broken railway: the locomotive stays on "
		       "space %d\n", res->target, at);
	else
		printf("the locomotive moves %zu spaces, from space %d to space %d\n", strlen(word), at, res->land);
}

/* The space the locomotive is on: --at, or the start; -1 reported. */
static int toy_at(const struct kit *d, const struct toy_rules *r, const char *arg)
{
	long a;
	if (!arg)
		return r->start;
	if (parse_int(arg, 1, d->board.finish - 1, &a) == 0)
		return (int)a;
	diag(SEV_ERROR, NULL, "--at must be a space 1..%d (before FINISH), not '%s'", d->board.finish - 1, arg);
	return -1;
}

/* The word, or the challenge, against the list; its exit status. */
static int toy_verdict(const struct kit *d, const struct toy_rules *r, const struct toy_words *w,
		       const struct toy_opts *o, int at)
{
	size_t nused = 0;
	char **used = o->used ? kit_games_words(o->used, &nused) : NULL;
	int status;
	if (o->challenge) {
		status = toy_challenge_verdict(r, w, o->word, o->answer, (const char *const *)used, nused, at,
					       !strcmp(o->challenge, "braker"), o->json);
	} else {
		struct toy_result res;
		struct buf why = {0};
		toy_check_word(r, w, o->word, (const char *const *)used, nused, at, &res, &why);
		status = res.valid ? EXIT_OK : EXIT_RULE;
		if (o->json)
			toy_json(o->word, &res, &why, at);
		else
			toy_text(d, r, o->word, &res, &why, at);
		buf_free(&why);
		toy_result_free(&res);
	}
	kit_games_words_free(used, nused);
	return status;
}

int toy_check(const struct game *game, const struct ydoc *pack, int argc, char **argv)
{
	struct toy_opts o;
	int status = toy_options(argc, argv, &o);
	if (status >= 0)
		return status;
	if (o.pack)
		return kit_games_check_pack(game, pack, argv[optind], NULL, o.rule, o.nrule);
	struct game_rules rules;
	struct kit *d = kit_games_load(game, pack, argv[optind], NULL, &rules);
	if (!d)
		return EXIT_INPUT;
	status = EXIT_INPUT;
	struct toy_rules r;
	char *path = NULL;
	struct toy_words w = {0};
	struct loc wloc = {NULL, 0, 0};
	int at = -1;
	if (!ruleset_set_all(&rules.set, o.rule, o.nrule) || toy_rules_from(d, TOY_OWN(&rules), &r) != 0 ||
	    (o.spent && toy_spend(&r, o.spent) != 0) || (at = toy_at(d, &r, o.at)) < 0)
		goto done;
	/* rules.broken-every N places the broken railways instead of the board's
	 * marks, as the engine does (toy_broken_every) */
	struct toy_named_rules named;
	toy_named_rules_from(&rules.set, &named);
	int spaces[256];
	if (named.broken_every > 0) {
		r.nbroken = toy_broken_every(r.start, r.finish, named.broken_every, spaces, 256);
		r.broken = spaces;
	}
	if (o.next) {
		status = toy_next(o.word, at, r.finish);
		goto done;
	}
	if (!(path = toy_words_path(d, TOY_OWN(&rules), o.list, &wloc)))
		goto done;
	if (toy_words_load(path, &w) != 0) {
		diag(SEV_ERROR, wloc.file ? &wloc : NULL, "cannot read the word list %s: %s%s", path,
		     file_strerror(errno), errno == ENOENT ? " (Debian: apt-get install wamerican)" : "");
		goto done;
	}
	status = toy_verdict(d, &r, &w, &o, at);
done:
	toy_words_free(&w);
	free(path);
	kit_free(d);
	return status;
}

/* Whether the carriages of r can spell w (lowercase a-z) laid in turn, each
 * letter's own carriage while toy_legal takes it, else the wild. */
static bool toy_spells(const struct toy_rules *r, const char *w)
{
	struct toy_round round = {.laid = 0};
	memcpy(round.up, r->counts, sizeof round.up);
	for (const char *c = w; *c; c++) {
		struct toy_move m = {*c - 'a', false, toy_driver_lays(&round)};
		if (toy_legal(&round, m) != TOY_OK)
			m.wild = true;
		if (toy_legal(&round, m) != TOY_OK)
			return false;
		toy_apply(&round, m);
	}
	return true;
}

/* kit_games.h: the carriages must make words: "players alternate in choosing and
 * adding a carriage" until a word of the list is made. With the pack's own
 * letters (letter-mix: pack) and a word list that can be read, at least one
 * word of min-letters or more must be spelt from them. */
int toy_check_pack(const struct kit *d, const struct game_rules *rules, bool notes)
{
	(void)notes;   /* no player counts: two players, the Engine-Driver and the Braker */
	struct toy_rules r;
	if (toy_rules_from(d, TOY_OWN(rules), &r) != 0)
		return 1;
	struct toy_named_rules named;
	toy_named_rules_from(&rules->set, &named);
	if (!TOY_OWN(rules)->words || strcmp(named.mix, "pack") != 0)
		return 0;
	struct loc wloc = {NULL, 0, 0};
	char *path = toy_words_path(d, TOY_OWN(rules), NULL, &wloc);
	struct toy_words w = {0};
	if (!path)
		return -1;   /* refused or missing, reported: bad input */
	int errors = 0;
	if (toy_words_load(path, &w) != 0)
		diag(SEV_WARNING, wloc.file ? &wloc : NULL, "cannot read the word list %s: %s; the carriages' "
		     "words are not checked", path, file_strerror(errno));
	else {
		size_t made = 0;
		for (size_t i = 0; i < w.n && !made; i++)
			made = (int)strlen(w.words[i]) >= r.min_letters && toy_spells(&r, w.words[i]);
		if (!made) {
			const struct kit_group *lg = NULL;
			for (size_t i = 0; i < d->ngroups; i++)
				if (d->groups[i].kind == KIT_LETTER)
					lg = &d->groups[i];
			diag(SEV_ERROR, lg ? &lg->loc : &d->loc, "the carriages spell no word of %s with %d letters "
			     "or more: no train can ever be completed", path, r.min_letters);
			errors++;
		}
	}
	toy_words_free(&w);
	free(path);
	return errors;
}

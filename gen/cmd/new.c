/* new.c: `railyard new NAME [--game G]`, a starter folder for a new design: the
 * game's shipped pack as NAME/pack.yaml, its face and back templates copied
 * beside it (face.yaml, back.yaml), a data CSV and a README saying what to edit.
 * It builds, checks and simulates as written. The folder appears whole or not at
 * all: it is written under a temporary name and renamed. */
#include <errno.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "opt.h"
#include "commands.h"
#include "datapath.h"
#include "deck.h"
#include "diag.h"
#include "games.h"
#include "output.h"
#include "util.h"

static const struct opt new_rows[] = {
	OPT_TEXT(
		"usage: railyard new [--game GAME] [--cards FILE.csv] NAME\n"
		"\n"
		"Write the folder NAME: a pack of GAME (default trains; or take-the-train,\n"
		"domino-trains, train-52, toy-train) copied from the shipped one, its face\n"
		"and back templates (face.yaml, back.yaml) and a data CSV beside it, and a\n"
		"README saying what to edit. It builds, checks and simulates as written:\n"
		"  railyard build NAME/pack.yaml\n"
		"GAME deck is any card game: its cards are the rows of FILE.csv (copied as\n"
		"cards.csv; the header names the fields, a column count gives the copies), or\n"
		"of a small starter CSV, and face.yaml shows the CSV's own columns.\n"
		"\n"),
	OPT_VALUES("game", 'G', "GAME", "the game of the new pack (default trains)", "@words:--game"),
	OPT_VALUES("cards", 'C', "FILE", "(deck) the cards: a CSV file, a card a row", "@file:*.csv"),
	OPT("quiet", 'q', NULL, "no line on stderr when done"),
	OPT("help", 'h', NULL, "this help"),
	OPT("version", 'V', NULL, "the version"),
	OPT_TEXT(
		"\n"
		"exit status: 0 written, 2 bad usage, a bad CSV (at FILE:LINE:COL) or no\n"
		"shipped pack found, 3 NAME exists or cannot be written.\n"),
	OPT_END,
};

const struct opt_table new_cmd_options = {"new", 22, new_rows};

/* The game named game, with its starter (game.h: struct game_starter), or
 * NULL after reporting. */
static const struct game *find_game(const char *game)
{
	const struct game *g = game_find(game);
	if (g)
		return g;
	const char *names[64];
	struct buf b = {0};
	size_t n = 0;
	for (; game_at(n) && n < sizeof names / sizeof *names - 1; n++) {
		names[n] = game_at(n)->name;
		buf_printf(&b, "%s%s", n ? ", " : "", names[n]);
	}
	names[n] = NULL;
	const char *best = closest_word(game, names);
	if (best)
		diag(SEV_ERROR, NULL, "new: unknown game '%s' (did you mean '%s'?)", game, best);
	else
		diag(SEV_ERROR, NULL, "new: unknown game '%s' (known: %s)", game, b.s);
	buf_free(&b);
	return NULL;
}

/* The pack id of a folder name: its last part, lower case, [a-z0-9-] only. */
static char *pack_id(const char *name)
{
	const char *base = strrchr(name, '/');
	base = base ? base + 1 : name;
	char *id = xcalloc(strlen(base) + 1, 1);
	size_t n = 0;
	for (const char *s = base; *s && n < 64; s++) {
		char c = *s >= 'A' && *s <= 'Z' ? (char)(*s - 'A' + 'a') : *s;
		bool ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
		if (ok || (n && id[n - 1] != '-'))
			id[n++] = ok ? c : '-';
	}
	while (n && id[n - 1] == '-')
		id[--n] = '\0';
	return id;
}

/* The text of a shipped file: templates/FILE or packs/FILE beside a data folder.
 * NULL when none is found. */
static char *shipped(const char *sub, const char *file, char **where)
{
	for (const char *const *d = datapath_dirs(); *d; d++) {
		char *path = strcmp(sub, "templates") == 0 ? xasprintf("%s/%s", *d, file)
							   : xasprintf("%s/../%s/%s", *d, sub, file);
		size_t len;
		char *text = read_file(path, 1u << 20, &len);
		if (text) {
			*where = path;
			return text;
		}
		free(path);
	}
	return NULL;
}

/* The template path a line "KEY: templates/X.yaml" (any indent) names, or NULL. */
static char *line_template(const char *line, const char *key)
{
	while (*line == ' ')
		line++;
	size_t k = strlen(key);
	if (strncmp(line, key, k) != 0 || strncmp(line + k, ": ", 2) != 0)
		return NULL;
	const char *v = line + k + 2;
	size_t n = strcspn(v, " #\n");
	return n ? xstrndup(v, n) : NULL;
}

struct plan {
	const char *name;
	char *id;
	char *title;           /* the folder's last part, control characters as '?': for
				  the title and the comments (any byte may be in a name) */
	struct buf pack;
	char *face, *back;     /* the shipped templates copied (their paths as the pack wrote) */
	struct deck_new *deck; /* a deck's cards, or NULL */
	const char *deck_from; /* the CSV as named, or "a starter CSV" */
	char *face_text;       /* a deck's face.yaml, written for its columns, or NULL */
};

/* The last part of name with every control character as '?'. */
static char *title_of(const char *name)
{
	const char *base = strrchr(name, '/');
	char *t = xstrdup(base ? base + 1 : name);
	for (char *c = t; *c; c++)
		if ((unsigned char)*c < 32 || *c == 127)
			*c = '?';
	return t;
}

/* s as a YAML double-quoted scalar: a name with ': ', '#', '[' or a quote
 * stays the title's text, not YAML. */
static void yaml_quoted(struct buf *b, const char *s)
{
	buf_puts(b, "\"");
	for (; *s; s++)
		if (*s == '"' || *s == '\\')
			buf_printf(b, "\\%c", *s);
		else
			buf_add(b, s, 1);
	buf_puts(b, "\"");
}

/* pack.yaml from the shipped text: a new id and title, the first face template
 * and the back replaced by face.yaml and back.yaml, and data.csv. */
static void rewrite_pack(struct plan *p, const struct game *g, const char *text,
			 const char *from)
{
	buf_printf(&p->pack, "# %s: a new %s pack, started by 'railyard new' from %s.\n"
		   "# Edit it freely; railyard-pack(5) has every key. Its own comments follow.\n",
		   p->title, g->name, from);
	for (const char *line = text; *line;) {
		size_t n = strcspn(line, "\n");
		char *l = xstrndup(line, n);
		char *face = line_template(l, "face"), *back = line_template(l, "back");
		if (face && !p->face)
			p->face = xstrdup(face);
		if (back && l[0] != ' ' && !p->back)
			p->back = xstrdup(back);
		if (strncmp(l, "pack: ", 6) == 0)
			buf_printf(&p->pack, "pack: %s\n", p->id);
		else if (strncmp(l, "title: ", 7) == 0) {
			buf_puts(&p->pack, "title: ");
			yaml_quoted(&p->pack, p->title);
			buf_puts(&p->pack, "\n");
		}
		else if (face && strcmp(face, p->face) == 0)
			buf_printf(&p->pack, "%.*sface: face.yaml\n", (int)strspn(l, " "), l);
		else if (back && l[0] != ' ' && strcmp(back, p->back) == 0)
			buf_puts(&p->pack, "back: back.yaml\n");
		else
			buf_printf(&p->pack, "%s\n", l);
		free(face);
		free(back);
		free(l);
		line += n + (line[n] == '\n');
	}
	if (!p->face) {  /* trains: the default templates, named */
		p->face = xstrdup("templates/trains-face.yaml");
		p->back = xstrdup("templates/trains-back.yaml");
		buf_puts(&p->pack, "face: face.yaml\nback: back.yaml\n");
	}
	buf_puts(&p->pack, "data: data.csv                # a row per card: more fields for the templates\n");
}

/* Write rel inside dir from text; 0 or -1 after reporting. */
static int put(const char *dir, const char *rel, const char *text)
{
	char *path = xasprintf("%s/%s", dir, rel);
	int rc = write_file_atomic(path, text, strlen(text));
	free(path);
	return rc;
}

/* A shipped template with a line on where it came from; 0 or -1. */
static int put_template(const char *dir, const char *rel, const char *shipped_path,
			const char *what, const char *name)
{
	const char *base = strrchr(shipped_path, '/');
	char *from = NULL;
	char *text = shipped("templates", base ? base + 1 : shipped_path, &from);
	if (!text) {
		diag(SEV_ERROR, NULL, "new: cannot find the template %s (%s)", shipped_path,
		     datapath_describe());
		return -1;
	}
	struct buf b = {0};
	buf_printf(&b, "# The %s of %s, copied from %s: change anything. Elements, fields and\n"
		   "# sizes: railyard-template(5). The comments below are the original's.\n#\n%s",
		   what, name, base ? base + 1 : shipped_path, text);
	int rc = put(dir, rel, b.s);
	buf_free(&b);
	free(text);
	free(from);
	return rc;
}

static int put_extras(const char *dir, const struct plan *p, const struct game *g)
{
	struct buf b = {0};
	buf_printf(&b, "%s,flavour\n\"%s\",\"A line of flavour on this card (print it: {flavour} in face.yaml)\"\n",
		   g->starter.key, g->starter.example);
	int rc = put(dir, "data.csv", b.s);
	buf_free(&b);
	buf_printf(&b, "# %s\n\n"
		   "A new %s pack: edit pack.yaml (the cards and the rules), face.yaml%s (how\n"
		   "a card looks) and data.csv (a field per card, keyed by `%s`), then, in this folder:\n\n"
		   "    railyard build pack.yaml            # the print files, into out/%s/\n"
		   "%s"
		   "    railyard check pack.yaml %s   # a play\n"
		   "    railyard simulate pack.yaml -n %d    # how fair and how long a game is\n",
		   p->title, g->name, p->back ? " and back.yaml" : "", g->starter.key, p->id,
		   g->starter.check_pack ? "    railyard check pack.yaml            # the pack against the rules\n"
				  : "", g->starter.check,
		   g->starter.players);
	rc |= put(dir, "README.md", b.s);
	buf_free(&b);
	return rc;
}

/* A deck's cards.csv (the CSV as given, byte for byte) and README; 0 or -1. */
static int put_deck_extras(const char *dir, const struct plan *p)
{
	char *path = xasprintf("%s/cards.csv", dir);
	int rc = write_file_atomic(path, p->deck->csv, p->deck->len);
	free(path);
	char *readme = deck_new_readme(p->deck, p->title, p->id, p->deck_from);
	rc |= rc ? 0 : put(dir, "README.md", readme);
	free(readme);
	return rc;
}

/* A deck's folder from csv (NULL: the starter): its cards read and checked,
 * pack.yaml, and face.yaml written for the CSV's columns. EXIT_OK, or
 * EXIT_INPUT after reporting. */
static int plan_deck(struct plan *p, const char *csv)
{
	p->deck = xcalloc(1, sizeof *p->deck);
	p->deck_from = csv ? csv : "a starter CSV";
	if (deck_new_read(p->deck, csv) != 0)
		return EXIT_INPUT;
	char *from = NULL, *text = shipped("templates", "deck-face.yaml", &from);
	if (!text) {
		diag(SEV_ERROR, NULL, "new: cannot find the template deck-face.yaml (%s)", datapath_describe());
		return EXIT_INPUT;
	}
	char *face = deck_new_face(p->deck, text);
	struct buf b = {0};
	buf_printf(&b, "# The face of every card of %s, written from deck-face.yaml for the columns of\n"
		   "# %s: change anything. Elements, fields and sizes: railyard-template(5).\n"
		   "# The comments below are the original's.\n#\n%s", p->title, p->deck_from, face);
	p->face_text = b.s;
	free(face);
	free(text);
	free(from);
	char *pack = deck_new_pack(p->title, p->id, p->deck_from);
	buf_puts(&p->pack, pack);
	free(pack);
	p->back = xstrdup("templates/deck-back.yaml");
	return EXIT_OK;
}

/* Write the planned folder under a temporary name beside name, then rename it. */
static int write_folder(struct plan *p, const struct game *g)
{
	char *tmp = xasprintf("%s.new.XXXXXX", p->name);
	char *slash = strrchr(tmp, '/');
	if (slash) {  /* the parent folders, as mkdir -p */
		*slash = '\0';
		int rc = mkdir_p(tmp);
		*slash = '/';
		if (rc != 0) {
			diag(SEV_ERROR, NULL, "new: cannot create %s: %s", p->name, strerror(errno));
			free(tmp);
			return EXIT_OUTPUT;
		}
	}
	if (!mkdtemp(tmp)) {
		diag(SEV_ERROR, NULL, "new: cannot create %s: %s", tmp, strerror(errno));
		free(tmp);
		return EXIT_OUTPUT;
	}
	int rc = put(tmp, "pack.yaml", p->pack.s);
	if (!rc)
		rc = p->face_text ? put(tmp, "face.yaml", p->face_text)
				  : put_template(tmp, "face.yaml", p->face, "face of every card", p->title);
	if (!rc && p->back)
		rc = put_template(tmp, "back.yaml", p->back, "back of every card", p->title);
	if (!rc)
		rc = p->deck ? put_deck_extras(tmp, p) : put_extras(tmp, p, g);
	/* mkdtemp made it 0700: give it the mode mkdir would (umask(umask(0)) would
	 * read back the 0 just set, and make it writable by anyone). */
	mode_t um = umask(0);
	umask(um);
	chmod(tmp, 0777 & ~um);
	if (!rc && rename(tmp, p->name) != 0) {
		diag(SEV_ERROR, NULL, "new: cannot create %s: %s", p->name, strerror(errno));
		rc = -1;
	}
	if (rc) {
		static const char *const files[] = {"pack.yaml", "face.yaml", "back.yaml", "data.csv",
						    "cards.csv", "README.md"};
		for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
			char *f = xasprintf("%s/%s", tmp, files[i]);
			unlink(f);
			free(f);
		}
		rmdir(tmp);
	}
	free(tmp);
	return rc ? EXIT_OUTPUT : EXIT_OK;
}

/* new's options into *o; -1 to go on (argv[optind] is NAME), or the status to
 * end with (reported). */
struct new_opts {
	const char *game, *cards;
	bool quiet;
};

static int new_options(int argc, char **argv, struct new_opts *o)
{
	*o = (struct new_opts){"trains", NULL, false};
	int c;
	optind = 1;
	while ((c = cli_next(argc, argv, &new_cmd_options)) != -1) {
		if (c == 'G')
			o->game = optarg;
		else if (c == 'C')
			o->cards = optarg;
		else if (c == 'q')
			o->quiet = true;
		else
			return cli_usage(c, &new_cmd_options);
	}
	if (optind != argc - 1) {
		diag(SEV_ERROR, NULL, "new takes one folder name (see 'railyard help new')");
		return EXIT_INPUT;
	}
	return -1;
}

static void plan_free(struct plan *p)
{
	free(p->id);
	free(p->title);
	free(p->face);
	free(p->back);
	free(p->face_text);
	if (p->deck)
		deck_new_free(p->deck);
	free(p->deck);
	buf_free(&p->pack);
}

int cmd_new(int argc, char **argv)
{
	struct new_opts o;
	int status = new_options(argc, argv, &o);
	if (status >= 0)
		return status;
	const struct game *g = find_game(o.game);
	if (!g)
		return EXIT_INPUT;
	if (o.cards && g->starter.pack) {
		diag(SEV_ERROR, NULL, "new: --cards %s makes a deck of any card game: add --game deck (game %s "
		     "starts from its shipped pack)", o.cards, g->name);
		return EXIT_INPUT;
	}
	char *name = xstrdup(argv[optind]);
	for (size_t n = strlen(name); n > 1 && name[n - 1] == '/'; n--)
		name[n - 1] = '\0';
	struct plan p = {.name = name, .id = pack_id(name), .title = title_of(name)};
	struct stat sb;
	status = EXIT_OK;
	char *from = NULL, *text = NULL;
	if (!p.id[0]) {
		diag(SEV_ERROR, NULL, "new: '%s' gives no pack id (letters, digits and -)", p.name);
		status = EXIT_INPUT;
	} else if (lstat(p.name, &sb) == 0) {
		diag(SEV_ERROR, NULL, "new: %s exists; railyard new writes a new folder", p.name);
		status = EXIT_OUTPUT;
	} else if (!g->starter.pack) {
		if ((status = plan_deck(&p, o.cards)) == EXIT_OK)
			status = write_folder(&p, g);
	} else if (!(text = shipped("packs", g->starter.pack, &from))) {
		diag(SEV_ERROR, NULL, "new: cannot find the shipped pack %s beside %s", g->starter.pack,
		     datapath_describe());
		status = EXIT_INPUT;
	} else {
		rewrite_pack(&p, g, text, g->starter.pack);
		status = write_folder(&p, g);
	}
	if (status == EXIT_OK && !o.quiet)
		fprintf(stderr, "railyard: new: %s/ written (%s): see %s/README.md\n", p.name, g->name,
			p.name);
	free(text);
	free(from);
	free(name);
	plan_free(&p);
	return status;
}

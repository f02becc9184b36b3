/* opt.c: every command's options written once (opt.h): the short letters and
 * value kinds every command shares, and what a command's table makes: the
 * getopt_long array, the usage text, and which options the command being run
 * has in any game. */
#include "opt.h"

#include <string.h>

/* The short options: each letter means one long option in every command that
 * has that option (a command takes -X only when its table has the long one). */
static const struct {
	char letter;
	const char *name;
} letters[] = {
	{'h', "help"}, {'V', "version"}, {'j', "json"}, {'q', "quiet"}, {'o', "output"},
	{'c', "cards"}, {'d', "dump"}, {'n', "players"}, {'w', "without"}, {'s', "sequence"},
	{'g', "grid"}, {'f', "frozen"}, {'m', "missing"}, {'a', "apply"}, {'p', "play"},
	{'l', "line"}, {'e', "end"}, {'t', "tiles"}, {'u', "used"}, {'H', "hand"}, {'r', "rule"},
	{'P', "policy"}, {'T', "trace"}, {'S', "score"}, {'D', "drawn"}, {'A', "answer"},
};
#define NLETTERS (sizeof letters / sizeof *letters)

/* The options every command has besides its table's (cli_next takes them). */
static const char *const common[] = {"quiet", "progress", "no-progress", "strict"};
#define NCOMMON (sizeof common / sizeof *common)

/* opt_set_known: the tables of the command being run, every game's. */
static const struct opt_table *const *known;
static size_t nknown;

void opt_set_known(const struct opt_table *const *t, size_t n)
{
	known = t;
	nknown = n;
}

char opt_letter(const char *name)
{
	for (size_t i = 0; i < NLETTERS; i++)
		if (strcmp(letters[i].name, name) == 0)
			return letters[i].letter;
	return 0;
}

const char *opt_of_letter(char letter)
{
	for (size_t i = 0; i < NLETTERS; i++)
		if (letters[i].letter == letter)
			return letters[i].name;
	return NULL;
}

/* Each option of rows (those of more included) to visit, until it returns true. */
static bool each_row(const struct opt *rows, bool (*visit)(void *u, const struct opt *o), void *u)
{
	for (const struct opt *r = rows; r->name || r->help || r->more; r++)
		if (r->more ? each_row(r->more, visit, u) : r->name && visit(u, r))
			return true;
	return false;
}

/* Each option of the known tables, then the common ones (no value). */
static bool each_known(bool (*visit)(void *u, const struct opt *o), void *u)
{
	for (size_t i = 0; i < nknown; i++)
		if (each_row(known[i]->rows, visit, u))
			return true;
	for (size_t i = 0; i < NCOMMON; i++) {
		struct opt o = {common[i], 0, NULL, "", NULL, NULL};
		if (visit(u, &o))
			return true;
	}
	return false;
}

struct lookup {
	const char *name;
	size_t len;
	bool prefix, exact, value, clash;
	const char *full;
};

static bool lookup_visit(void *u, const struct opt *o)
{
	struct lookup *l = u;
	bool exact = strlen(o->name) == l->len && !strncmp(o->name, l->name, l->len);
	if (!exact && (!l->prefix || strncmp(o->name, l->name, l->len) != 0))
		return false;
	if (exact || !l->full) {
		l->exact = exact;
		l->value = o->meta != NULL;
		l->full = o->name;
		l->clash = false;
		return exact;
	}
	/* an abbreviation: every option it begins must agree on taking a value */
	l->clash |= l->value != (o->meta != NULL);
	return false;
}

bool opt_known(const char *name, size_t len, bool prefix, bool *value, const char **full)
{
	struct lookup l = {name, len, prefix, false, false, false, NULL};
	each_known(lookup_visit, &l);
	if (!l.full || (!l.exact && l.clash))
		return false;
	if (value)
		*value = l.value;
	if (full)
		*full = l.full;
	return true;
}

struct names {
	const char **v;
	size_t n, max;
};

static bool names_visit(void *u, const struct opt *o)
{
	struct names *a = u;
	for (size_t i = 0; i < a->n; i++)
		if (strcmp(a->v[i], o->name) == 0)
			return false;
	if (a->n + 1 < a->max)
		a->v[a->n++] = o->name;
	return false;
}

size_t opt_all_names(const char **names, size_t max)
{
	struct names a = {names, 0, max};
	each_known(names_visit, &a);
	names[a.n] = NULL;
	return a.n;
}

/* ---- a command's table ---- */

static size_t add_longopts(const struct opt *rows, struct option *out, size_t n, size_t max)
{
	for (const struct opt *r = rows; n < max && (r->name || r->help || r->more); r++) {
		if (r->more)
			n = add_longopts(r->more, out, n, max);
		else if (r->name && n + 1 < max)
			out[n++] = (struct option){r->name, r->meta ? required_argument : no_argument, NULL, r->val};
		else if (r->name)
			n = max;
	}
	return n;
}

size_t opt_longopts(const struct opt_table *t, struct option *out, size_t max)
{
	size_t n = add_longopts(t->rows, out, 0, max);
	if (n < max)
		out[n] = (struct option){0};
	return n;
}

static const struct opt *find_in(const struct opt *rows, const char *name)
{
	for (const struct opt *r = rows; r->name || r->help || r->more; r++) {
		const struct opt *o = r->more ? find_in(r->more, name) : r->name && !strcmp(r->name, name) ? r : NULL;
		if (o)
			return o;
	}
	return NULL;
}

const struct opt *opt_find(const struct opt_table *t, const char *name)
{
	return find_in(t->rows, name);
}

/* How an option is spelled in the help: "-o, --output DIR"; joined (after
 * "-h, --help") without the column of the short letters. */
static int spell(FILE *f, const struct opt *o, bool joined)
{
	char letter = opt_letter(o->name);
	int n = 0;
	if (letter)
		n += fprintf(f, "%s-%c, ", joined ? ", " : "  ", letter);
	else
		n += fprintf(f, "%s", joined ? ", " : "      ");
	return n + fprintf(f, "--%s%s%s", o->name, o->meta ? " " : "", o->meta ? o->meta : "");
}

/* The rows of one table on f; *at: the line's length so far when an option
 * with help "" left it open. */
static void help_rows(FILE *f, const struct opt_table *t, const struct opt *rows, int *at)
{
	for (const struct opt *r = rows; r->name || r->help || r->more; r++) {
		if (r->more) {
			help_rows(f, t, r->more, at);
			continue;
		}
		if (!r->help)   /* another name of an option listed */
			continue;
		if (*at >= 0 && !r->name)
			fputc('\n', f);
		if (!r->name) {
			*at = -1;
			fputs(r->help, f);
			continue;
		}
		int n = (*at >= 0 ? *at : 0) + spell(f, r, *at >= 0);
		*at = -1;
		if (!*r->help) {
			*at = n;
			continue;
		}
		if (r->help[0] != '\n')   /* "\n...": the help begins on the next line */
			fprintf(f, "%*s", n < t->column ? t->column - n : 2, "");
		for (const char *s = r->help; *s;) {
			size_t len = strcspn(s, "\n");
			fprintf(f, "%.*s\n", (int)len, s);
			s += len;
			if (*s && *++s)
				fprintf(f, "%*s", t->column, "");
		}
	}
}

void opt_help(FILE *f, const struct opt_table *t)
{
	int at = -1;
	help_rows(f, t, t->rows, &at);
	if (at >= 0)
		fputc('\n', f);
}

void opt_usage_line(const struct opt_table *t, char *buf, size_t len)
{
	const char *usage = t->rows[0].help ? t->rows[0].help : "";
	size_t n = strcspn(usage, "\n");
	const char *end = strstr(usage, "  ");  /* the line's own remark, if any */
	if (end && (size_t)(end - usage) < n)
		n = (size_t)(end - usage);
	snprintf(buf, len, "%.*s", (int)n, usage);
}

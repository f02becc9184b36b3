/* opt.c: every command's options written once (opt.h): the short letters and
 * value kinds every command shares, and what a command's table makes: the
 * getopt_long array and the usage text. */
#include "opt.h"

#include <string.h>

/* Every long option of every command: its short letter, which means that option
 * in every command that has it, and whether it takes a value. A command's own
 * table must agree with this one (cli_next refuses an option missing here), so
 * main can find the pack among a command's arguments before it knows the pack's
 * game (cli_operand). An entry with a command name holds in that command only,
 * before the entry for every command. */
static const struct known {
	const char *name;
	char letter;       /* its short option, or 0 */
	bool value;        /* takes a value */
	const char *cmd;   /* NULL: every command */
} known[] = {
	{"cards", 0, true, "build"},   /* renamed --numbers: its value is skipped, then refused */
	{"cards", 0, true, "new"},     /* new --game deck --cards FILE.csv: the deck's rows */
	{"port", 0, true, "serve"}, {"listen", 0, true, "serve"},
	{"help", 'h', false, NULL}, {"version", 'V', false, NULL}, {"json", 'j', false, NULL},
	{"quiet", 'q', false, NULL}, {"output", 'o', true, NULL}, {"cards", 'c', false, NULL},
	{"dump", 'd', false, NULL}, {"players", 'n', true, NULL}, {"without", 'w', true, NULL},
	{"sequence", 's', true, NULL}, {"grid", 'g', true, NULL}, {"frozen", 'f', true, NULL},
	{"missing", 'm', true, NULL}, {"apply", 'a', true, NULL}, {"play", 'p', true, NULL},
	{"line", 'l', true, NULL}, {"end", 'e', true, NULL}, {"tiles", 't', true, NULL},
	{"used", 'u', true, NULL}, {"hand", 'H', true, NULL}, {"rule", 'r', true, NULL},
	{"policy", 'P', true, NULL}, {"trace", 'T', true, NULL}, {"score", 'S', true, NULL},
	{"drawn", 'D', false, NULL}, {"answer", 'A', true, NULL},
	/* no short form */
	{"abilities", 0, false, NULL}, {"allow-path", 0, true, NULL}, {"at", 0, true, NULL},
	{"bleed", 0, true, NULL}, {"challenge", 0, true, NULL}, {"colour", 0, true, NULL},
	{"color", 0, true, NULL}, {"icc", 0, true, NULL}, {"max-ink", 0, true, NULL},
	{"proof", 0, false, NULL},
	{"compare", 0, true, NULL},
	{"compare-rule", 0, true, NULL}, {"compare-with", 0, true, NULL},
	{"compare-without", 0, true, NULL}, {"completion", 0, true, NULL}, {"draw", 0, true, NULL},
	{"duplex", 0, true, NULL}, {"force", 0, false, NULL}, {"games", 0, true, NULL},
	{"hands", 0, true, NULL}, {"jobs", 0, true, NULL}, {"layout", 0, true, NULL},
	{"margin", 0, true, NULL},
	{"max-items", 0, true, NULL}, {"max-length", 0, true, NULL}, {"max-turns", 0, true, NULL},
	{"max-pixels", 0, true, NULL}, {"max-total-pixels", 0, true, NULL},
	{"max-seconds", 0, true, NULL}, {"max-item-seconds", 0, true, NULL},
	{"naming", 0, true, NULL}, {"next", 0, false, NULL}, {"on", 0, true, NULL},
	{"only", 0, true, NULL}, {"open-piles", 0, true, NULL}, {"opponent", 0, false, NULL},
	{"others", 0, true, NULL}, {"paper", 0, true, NULL}, {"pile", 0, false, NULL},
	{"piles", 0, true, NULL}, {"plot", 0, true, NULL}, {"points", 0, true, NULL},
	{"preset", 0, true, NULL}, {"seed", 0, true, NULL}, {"spent", 0, true, NULL},
	{"start", 0, false, NULL}, {"threads", 0, true, NULL}, {"train", 0, true, NULL},
	{"watch", 0, false, NULL}, {"with", 0, true, NULL}, {"word", 0, true, NULL},
	{"words", 0, true, NULL}, {"numbers", 0, true, NULL}, {"preview", 0, false, NULL},
	{"other", 0, true, NULL}, {"top", 0, true, NULL}, {"game", 0, true, NULL},
	{"progress", 0, false, NULL}, {"no-progress", 0, false, NULL}, {"strict", 0, false, NULL},
	{"skill", 0, false, NULL}, {"skill-levels", 0, true, NULL},
	/* tune */
	{"vary", 0, true, NULL}, {"budget", 0, true, NULL}, {"tolerance", 0, true, NULL},
	{"length", 0, true, NULL}, {"first-seat", 0, true, NULL}, {"exhaustive", 0, false, NULL},
	{"write", 0, true, NULL}, {"shard", 0, true, NULL}, {"objective", 0, true, NULL},
	{"require", 0, true, NULL},
};
#define NKNOWN (sizeof known / sizeof *known)

static bool holds(const struct known *k, const char *cmd)
{
	return !k->cmd || (cmd && !strcmp(k->cmd, cmd));
}

/* The entry for option name in command cmd, or NULL. */
static const struct known *find_known(const char *cmd, const char *name, size_t len)
{
	for (size_t i = 0; i < NKNOWN; i++)
		if (strlen(known[i].name) == len && !strncmp(known[i].name, name, len) && holds(&known[i], cmd))
			return &known[i];
	return NULL;
}

char opt_letter(const char *cmd, const char *name)
{
	const struct known *k = find_known(cmd, name, strlen(name));
	return k ? k->letter : 0;
}

const char *opt_of_letter(const char *cmd, char letter)
{
	for (size_t i = 0; i < NKNOWN; i++)
		if (known[i].letter == letter && holds(&known[i], cmd))
			return known[i].name;
	return NULL;
}

bool opt_known(const char *cmd, const char *name, size_t len, bool prefix, bool *value, const char **full)
{
	const struct known *k = find_known(cmd, name, len), *any = NULL;
	for (size_t i = 0; !k && prefix && i < NKNOWN; i++) {
		/* an abbreviation: every option it begins must agree on taking a value */
		if (strncmp(known[i].name, name, len) != 0 || !holds(&known[i], cmd))
			continue;
		if (any && any->value != known[i].value)
			return false;
		if (!any)
			any = &known[i];
	}
	if (!k)
		k = any;
	if (k && value)
		*value = k->value;
	if (k && full)
		*full = k->name;
	return k != NULL;
}

size_t opt_all_names(const char *cmd, const char **names, size_t max)
{
	size_t n = 0;
	for (size_t i = 0; i < NKNOWN && n + 1 < max; i++)
		if (!cmd || holds(&known[i], cmd))
			names[n++] = known[i].name;
	names[n] = NULL;
	return n;
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
static int spell(FILE *f, const char *cmd, const struct opt *o, bool joined)
{
	char letter = opt_letter(cmd, o->name);
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
		int n = (*at >= 0 ? *at : 0) + spell(f, t->cmd, r, *at >= 0);
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

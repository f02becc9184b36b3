/* opt.h: a command's options written once. One table per command (per game
 * where the games' commands differ) holds each option's name, its value as
 * the help names it, its help and what completes its value; the getopt_long
 * array, the usage text (--help), the words of the bash completion and the
 * did-you-mean of an unknown option all come from it (cli_next, cli_usage). */
#ifndef RAILYARD_OPT_H
#define RAILYARD_OPT_H

#include <getopt.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* One row of a table: an option (name set), a piece of the usage text (name
 * NULL, help set), the rows of another table at this place (more set: build's
 * options that every game shares), or the end (all NULL). */
struct opt {
	const char *name;   /* --name, or NULL */
	int val;            /* what cli_next returns for it */
	const char *meta;   /* its value as the help names it ("LIST"); NULL: it takes none */
	/* Its help, lines after the first indented to the table's column; NULL: not
	 * listed (another name of the option listed before it, such as --color);
	 * "": on one line with the next option ("-h, --help, -V, --version"). A
	 * text row's help is printed as it is. */
	const char *help;
	/* What completes its value: NULL nothing offered; "@dir" a folder; "@file"
	 * a file; "@file:*.csv" those files and folders; "@rule" the rule keys of
	 * the pack's game; "@list:--only" a comma list of `railyard --complete
	 * --only`'s words; "@goal:--objective" the words of `railyard --complete
	 * --objective`, an = ending one waiting for its value; "@words:--preset"
	 * those of `railyard --complete --preset`; "@none" a value not completed;
	 * else the words themselves, separated by spaces ("left right"). */
	const char *values;
	const struct opt *more;
};

/* A command's table: the rows, and the column where the options' help starts. */
struct opt_table {
	const char *cmd;
	int column;
	const struct opt *rows;
};

/* The val of a --quiet row that is the --quiet every command has: cli_next
 * takes it (no progress lines), the command never sees it. */
enum { OPT_QUIET = 0x7171 };

/* Shorthands for the rows. */
#define OPT(name, val, meta, help) {(name), (val), (meta), (help), NULL, NULL}
#define OPT_VALUES(name, val, meta, help, values) {(name), (val), (meta), (help), (values), NULL}
#define OPT_TEXT(s) {NULL, 0, NULL, (s), NULL, NULL}
#define OPT_MORE(t) {NULL, 0, NULL, NULL, NULL, (t)}
#define OPT_END {NULL, 0, NULL, NULL, NULL, NULL}

/* The short letter of --name (one meaning in every command that has the
 * option), or 0; the long name of short option letter, or NULL. */
char opt_letter(const char *name);
const char *opt_of_letter(char letter);

/* The tables of the command being run, every game's (n of them; the caller
 * keeps them): what opt_known and opt_all_names look in, so that main can
 * find the pack among a command's arguments before it knows the pack's game.
 * The options every command has (--quiet, --progress, --no-progress,
 * --strict) are known too. */
void opt_set_known(const struct opt_table *const *t, size_t n);
/* Whether --name (len bytes of it) is an option of those tables, and whether
 * it takes a value (*value, may be NULL); with prefix, an abbreviation as
 * getopt_long takes it ("--comp" for "--compare", provided every option it
 * begins agrees on taking a value), its full name into *full (may be NULL). */
bool opt_known(const char *name, size_t len, bool prefix, bool *value, const char **full);
/* Every option of those tables, each once, NULL-ended (at most max - 1).
 * Returns the count. */
size_t opt_all_names(const char **names, size_t max);

/* The options of t (rows of more included), in order, into out (room for
 * max, the last a zero entry): getopt_long's array. Returns the count, or
 * max when they do not fit. */
size_t opt_longopts(const struct opt_table *t, struct option *out, size_t max);
/* The option --name of t (or NULL), with its rows of more. */
const struct opt *opt_find(const struct opt_table *t, const char *name);
/* The usage text of t on f: its text rows and one entry per listed option
 * ("  -o, --output DIR    the set goes to ..."). */
void opt_help(FILE *f, const struct opt_table *t);
/* t's first line (its "usage: railyard ..." row up to the line's end or the
 * line's own remark), into buf (size len). */
void opt_usage_line(const struct opt_table *t, char *buf, size_t len);

#endif

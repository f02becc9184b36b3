/* test_cli.c: what every command shares on the command line (gen/core/cli.c): the
 * pack found among a command's arguments as getopt_long finds its operands
 * (cli_operand, cli_value), the one table of options every command's table must
 * agree with, and the typed values of --seed, --players and --policy. */
#include <getopt.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cli.h"
#include "diag.h"
#include "opt.h"

static char *said;
static size_t said_len;
static FILE *said_stream;

static void listen(void)
{
	free(said);
	said = NULL;
	said_stream = open_memstream(&said, &said_len);
	diag_set_stream(said_stream);
}

static const char *heard(void)
{
	fclose(said_stream);
	diag_set_stream(NULL);
	return said ? said : "";
}

/* A command's arguments from string literals (getopt's argv is not const). */
static char *argv_[16];
static int argc_;

static char **args(const char *first, ...)
{
	va_list ap;
	va_start(ap, first);
	argc_ = 0;
	for (const char *a = first; a && argc_ < 15; a = va_arg(ap, const char *))
		argv_[argc_++] = (char *)a;
	va_end(ap);
	argv_[argc_] = NULL;
	return argv_;
}

#define ARGS(...) args(__VA_ARGS__, (const char *)NULL)
#define OPERAND(...) (ARGS(__VA_ARGS__), known_for(argv_[0]), cli_operand(argc_, argv_))
#define VALUE(name, ...) (ARGS(__VA_ARGS__), known_for(argv_[0]), cli_value(argc_, argv_, name))

/* The options the commands below have (in railyard: every game's table of
 * the command being run, opt_set_known). */
static const struct opt simulate_rows[] = {
	OPT("compare", 'c', "PACK2", "x"), OPT("compare-rule", 1, "KEY=VALUE", "x"),
	OPT("completion", 2, "P", "x"), OPT("players", 'n', "N", "x"), OPT_END,
};
static const struct opt check_rows[] = {
	OPT("sequence", 's', "CARDS", "x"), OPT("json", 'j', NULL, "x"), OPT_END,
};
static const struct opt list_rows[] = {
	OPT("abilities", 3, NULL, "x"), OPT("cards", 'c', NULL, "x"), OPT_END,
};
static const struct opt build_rows[] = {
	OPT("output", 'o', "DIR", "x"), OPT("numbers", 4, "LIST", "x"), OPT_END,
};
static const struct opt_table simulate_t = {"simulate", 20, simulate_rows}, check_t = {"check", 20, check_rows},
			      list_t = {"list", 20, list_rows}, build_t = {"build", 20, build_rows};
static const struct opt_table *const all_t[] = {&simulate_t, &check_t, &list_t, &build_t};

/* The options of command cmd known, as main sets them before it looks for the pack. */
static void known_for(const char *cmd)
{
	for (size_t i = 0; i < sizeof all_t / sizeof *all_t; i++)
		if (strcmp(all_t[i]->cmd, cmd) == 0)
			opt_set_known(&all_t[i], 1);
}

/* An option's value is never the pack, whatever its name; "--" ends options. */
static void test_operand(void **state)
{
	(void)state;
	assert_string_equal(OPERAND("simulate", "--compare", "take.yaml", "trains.yaml"), "trains.yaml");
	assert_string_equal(OPERAND("simulate", "--compare=take.yaml", "trains.yaml"), "trains.yaml");
	/* abbreviations, as getopt_long takes them */
	assert_string_equal(OPERAND("simulate", "--compa", "take.yaml", "trains.yaml"), "trains.yaml");
	assert_string_equal(OPERAND("check", "--seq", "1 2", "p"), "p");
	assert_string_equal(OPERAND("list", "--ab", "p"), "p");
	assert_string_equal(OPERAND("check", "-s", "53 7", "p"), "p");
	assert_string_equal(OPERAND("check", "-s53", "p"), "p");
	assert_string_equal(OPERAND("check", "--json", "pack.txt"), "pack.txt");
	assert_string_equal(OPERAND("check", "p.yaml", "--sequence", "q.yaml"), "p.yaml");
	assert_string_equal(OPERAND("build", "-jq", "-o", "out", "p"), "p");
	/* build's card list is --numbers LIST (no short form); its old name --cards
	 * keeps its value, so the command can refuse it with the new name */
	assert_string_equal(OPERAND("build", "--numbers", "1-9", "p"), "p");
	assert_string_equal(OPERAND("build", "--cards", "1-9", "p"), "p");
	assert_string_equal(OPERAND("list", "-c", "p"), "p");
	assert_string_equal(OPERAND("list", "--", "-p.yaml"), "-p.yaml");
	assert_null(OPERAND("list", "--json"));
	assert_null(OPERAND("build", "-o"));
	assert_string_equal(VALUE("compare", "simulate", "-n", "2", "--compare=a.yaml"), "a.yaml");
	assert_string_equal(VALUE("compare", "simulate", "p", "--compare", "a.yaml"), "a.yaml");
	assert_null(VALUE("compare", "simulate", "a.yaml", "--json"));
	assert_string_equal(VALUE("compare", "simulate", "--compa", "a.yaml", "p"), "a.yaml");
	/* known: the tables set, an abbreviation, and the options of every command */
	opt_set_known(all_t, 4);
	bool value = false;
	const char *full = NULL;
	assert_true(opt_known("compar", 6, true, &value, &full));
	assert_true(value);
	assert_string_equal(full, "compare");
	assert_false(opt_known("compar", 6, false, NULL, NULL));
	assert_true(opt_known("strict", 6, false, &value, NULL));
	assert_false(value);
	assert_false(opt_known("frob", 4, true, NULL, NULL));
	opt_set_known(&all_t[2], 1);   /* list's */
	assert_false(opt_known("sequence", 8, false, NULL, NULL));
	const char *names[8];
	assert_int_equal(opt_all_names(names, 8), 6);   /* abilities, cards and the 4 common */
	assert_null(names[6]);
	opt_set_known(NULL, 0);
}

/* cli_next parses a table's options, a short letter as its long option's. */
static void test_table(void **state)
{
	(void)state;
	static const struct opt good[] = {OPT("json", 'j', NULL, "x"), OPT("rule", 9, "KEY=VALUE", "x"), OPT_END};
	static const struct opt_table tgood = {"check", 20, good};
	optind = 1;
	assert_int_equal(cli_next(3, ARGS("check", "--json", "p"), &tgood), 'j');
	optind = 1;
	assert_int_equal(cli_next(3, ARGS("check", "-j", "p"), &tgood), 'j');
	optind = 1;
	assert_int_equal(cli_next(4, ARGS("check", "-r", "a=1", "p"), &tgood), 9);
	assert_string_equal(optarg, "a=1");
	listen();
	optind = 1;
	assert_int_equal(cli_next(3, ARGS("check", "--jsno", "p"), &tgood), '?');
	assert_non_null(strstr(heard(), "unknown option '--jsno' (did you mean '--json'?)"));
}

/* The usage text a table makes: short letters from opt.c's table, the help at
 * the column (two spaces after an entry too long for it), continuation lines
 * indented, "\n" starting the help on the next line, another name unlisted,
 * a shared table's rows in place, -h and -V on one line. */
static void test_help(void **state)
{
	(void)state;
	static const struct opt shared[] = {OPT("force", 1, NULL, "build anyway"), OPT_END};
	static const struct opt rows[] = {
		OPT_TEXT("usage: railyard build [OPTIONS] PACK.yaml  (remark)\n\n"),
		OPT("output", 'o', "DIR", "the folder\nor its parent"),
		OPT("max-total-pixels", 2, "M", "every image"),
		OPT("objective", 3, "NAME[=T]", "\nwhat is optimized"),
		OPT_VALUES("color", 4, "HOW", NULL, "@words:--colour"),
		OPT_MORE(shared),
		OPT("help", 'h', NULL, ""), OPT("version", 'V', NULL, ""),
		OPT_TEXT("\nexit status: 0\n"),
		OPT_END,
	};
	static const struct opt_table t = {"build", 20, rows};
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	opt_help(f, &t);
	fclose(f);
	assert_string_equal(text, "usage: railyard build [OPTIONS] PACK.yaml  (remark)\n\n"
			    "  -o, --output DIR  the folder\n"
			    "                    or its parent\n"
			    "      --max-total-pixels M  every image\n"
			    "      --objective NAME[=T]\n"
			    "                    what is optimized\n"
			    "      --force       build anyway\n"
			    "  -h, --help, -V, --version\n"
			    "\nexit status: 0\n");
	free(text);
	char line[64];
	opt_usage_line(&t, line, sizeof line);
	assert_string_equal(line, "usage: railyard build [OPTIONS] PACK.yaml");
	struct option o[8];
	assert_int_equal(opt_longopts(&t, o, 8), 7);   /* color and force among them */
	assert_string_equal(o[3].name, "color");
	assert_int_equal(o[3].has_arg, required_argument);
	assert_string_equal(o[4].name, "force");
	assert_null(o[7].name);
	assert_int_equal(opt_longopts(&t, o, 4), 4);   /* no room */
	assert_string_equal(opt_find(&t, "force")->help, "build anyway");
	assert_null(opt_find(&t, "frob"));
}

static void test_seed(void **state)
{
	(void)state;
	uint64_t s = 7;
	assert_int_equal(cli_seed("0", &s), 0);
	assert_true(s == 0);
	assert_int_equal(cli_seed("18446744073709551615", &s), 0);
	assert_true(s == UINT64_MAX);
	static const char *const bad[] = {"", "-1", "+1", " 1", "1x", "0x10", "18446744073709551616"};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		listen();
		s = 7;
		assert_int_equal(cli_seed(bad[i], &s), -1);
		assert_true(s == 7);
		assert_non_null(strstr(heard(), "--seed must be a whole number 0..18446744073709551615"));
	}
}

static void test_players(void **state)
{
	(void)state;
	int c[16], n;
	assert_int_equal(cli_players("2,3,4", 16, c, &n), 0);
	assert_int_equal(n, 3);
	assert_int_equal(c[2], 4);
	listen();
	assert_int_equal(cli_players("2,", 16, c, &n), -1);
	assert_non_null(strstr(heard(), "--players '2,': an empty entry"));
	listen();
	assert_int_equal(cli_players("2,2", 16, c, &n), -1);
	assert_non_null(strstr(heard(), "--players 2,2 names 2 twice"));
	listen();
	assert_int_equal(cli_players("17", 16, c, &n), -1);
	assert_non_null(strstr(heard(), "--players: '17' is too large; it must be 1..16"));
}

static void test_policies(void **state)
{
	(void)state;
	static const char *const names[] = {"random", "greedy", "mcts"};
	int p[4], b[4], n;
	assert_int_equal(cli_policies("greedy,random,greedy", names, 2, 4, p, b, &n), 0);
	assert_int_equal(n, 3);
	assert_int_equal(p[0], 1);
	assert_int_equal(p[1], 0);
	assert_int_equal(b[0], 0);
	listen();
	assert_int_equal(cli_policies("greedy,clever", names, 2, 4, p, b, &n), -1);
	assert_non_null(strstr(heard(), "unknown policy 'clever'; the policies are random, greedy"));
	listen();
	assert_int_equal(cli_policies("random,random,random,random,random", names, 2, 4, p, b, &n), -1);
	assert_non_null(strstr(heard(), "more than 4 seats"));
	listen();
	assert_int_equal(cli_policies(",", names, 2, 4, p, b, &n), -1);
	assert_non_null(strstr(heard(), "expected a policy name"));
	/* mcts and its budget: mcts alone the default, mcts:N, N in 1..MCTS_MAX_BUDGET */
	assert_int_equal(cli_policies("greedy,mcts:64,mcts,mcts:65536", names, 3, 4, p, b, &n), 0);
	assert_int_equal(n, 4);
	assert_int_equal(p[1], 2);
	assert_int_equal(b[0], 0);
	assert_int_equal(b[1], 64);
	assert_int_equal(b[2], MCTS_DEFAULT_BUDGET);
	assert_int_equal(b[3], 65536);
	listen();
	assert_int_equal(cli_policies("mcts:0", names, 3, 4, p, b, &n), -1);
	assert_non_null(strstr(heard(), "'mcts:0': the budget of mcts:N is 1..65536"));
	listen();
	assert_int_equal(cli_policies("mcts:65537", names, 3, 4, p, b, &n), -1);
	assert_non_null(strstr(heard(), "'mcts:65537': the budget"));
	listen();
	assert_int_equal(cli_policies("mcts:", names, 3, 4, p, b, &n), -1);
	assert_non_null(strstr(heard(), "'mcts:': the budget"));
	listen();
	assert_int_equal(cli_policies("mcts:8x", names, 3, 4, p, b, &n), -1);
	assert_non_null(strstr(heard(), "'mcts:8x': the budget"));
	listen();
	assert_int_equal(cli_policies("greedy:8", names, 3, 4, p, b, &n), -1);
	assert_non_null(strstr(heard(), "only mcts takes a budget"));
	listen();
	assert_int_equal(cli_policies("mcts:8", names, 2, 4, p, b, &n), -1);   /* not offered */
	assert_non_null(strstr(heard(), "unknown policy 'mcts:8'"));
	listen();
	assert_int_equal(cli_policies("mctsx", names, 3, 4, p, b, &n), -1);
	assert_non_null(strstr(heard(), "unknown policy 'mctsx'"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_operand), cmocka_unit_test(test_table), cmocka_unit_test(test_help), cmocka_unit_test(test_seed),
		cmocka_unit_test(test_players), cmocka_unit_test(test_policies),
	};
	int rc = cmocka_run_group_tests(tests, NULL, NULL);
	free(said);
	return rc;
}

/* test_tunewrite.c: `tune --write` edits the pack's text in place
 * (gen/play/tune_space.c's tune_space_write): for 1, 2 and 3 varied keys of a
 * block or a flow `rules:`, a missing mapping, a block list, an alias, the
 * text is the pack's own with only the values changed, every comment and the
 * style kept, and it loads as the chosen variant. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tune.h"
#include "util.h"
#include "ytree.h"

/* text with the one variant of the single-valued keys vary[] written, after
 * the header "# h\n"; the returned text is the caller's. */
static char *written(const char *text, const char *const *vary, size_t n, int *status)
{
	struct ydoc *doc = ydoc_parse("p.yaml", text, strlen(text));
	assert_non_null(doc);
	struct tune_space sp;
	char *args[TUNE_MAX_KEYS];
	for (size_t i = 0; i < n; i++)
		args[i] = xstrdup(vary[i]);
	assert_int_equal(tune_space_read(&sp, doc, args, n), 0);
	assert_int_equal(sp.nvariants, 1);
	struct buf out = {0};
	*status = tune_space_write(&sp, doc, text, strlen(text), 0, "# h\n", NULL, &out);
	tune_space_free(&sp);
	for (size_t i = 0; i < n; i++)
		free(args[i]);
	ydoc_free(doc);
	assert_true(out.len > 4 && strncmp(out.s, "# h\n", 4) == 0);
	char *body = xstrdup(out.s + 4);
	buf_free(&out);
	return body;
}

static void expect(const char *text, const char *const *vary, size_t n, const char *want)
{
	int status;
	char *got = written(text, vary, n, &status);
	if (strcmp(got, want) != 0)
		fail_msg("written:\n%s\n--- expected:\n%s", got, want);
	assert_int_equal(status, 0);
	free(got);
}

static const char block[] = "pack: x   # the pack\n"
			    "rules:   # the rules\n"
			    "  win: ascending    # how to win\n"
			    "  # a line of its own\n"
			    "  apply-to: anyone  # whose cards\n"
			    "wild: 0\n";

static void test_block_one(void **state)
{
	(void)state;
	const char *v[] = {"rules.win=never-descending"};
	expect(block, v, 1, "pack: x   # the pack\n"
	       "rules:   # the rules\n"
	       "  win: never-descending    # how to win\n"
	       "  # a line of its own\n"
	       "  apply-to: anyone  # whose cards\n"
	       "wild: 0\n");
}

static void test_block_two(void **state)
{
	(void)state;
	const char *v[] = {"rules.win=never-descending", "rules.apply-to=self"};
	expect(block, v, 2, "pack: x   # the pack\n"
	       "rules:   # the rules\n"
	       "  win: never-descending    # how to win\n"
	       "  # a line of its own\n"
	       "  apply-to: self  # whose cards\n"
	       "wild: 0\n");
}

static void test_block_three(void **state)
{
	(void)state;
	const char *v[] = {"rules.win=never-descending", "rules.apply-to=self", "rules.opening=face-up", "wild=2"};
	expect(block, v, 4, "pack: x   # the pack\n"
	       "rules:   # the rules\n"
	       "  win: never-descending    # how to win\n"
	       "  # a line of its own\n"
	       "  apply-to: self  # whose cards\n"
	       "  opening: face-up\n"
	       "wild: 2\n");
	/* the same value as the pack's: the text is untouched */
	const char *same[] = {"rules.win=ascending", "rules.apply-to=anyone", "wild=0"};
	expect(block, same, 3, block);
}

static void test_flow(void **state)
{
	(void)state;
	const char *text = "rules: {win: ascending, apply-to: anyone}   # flow, kept\nwild: 0\n";
	const char *one[] = {"rules.win=never-descending"};
	expect(text, one, 1, "rules: {win: never-descending, apply-to: anyone}   # flow, kept\nwild: 0\n");
	const char *three[] = {"rules.win=never-descending", "rules.apply-to=self", "rules.opening=face-up"};
	expect(text, three, 3, "rules: {win: never-descending, apply-to: self, opening: face-up}   # flow, kept\nwild: 0\n");
	/* a flow mapping over two lines, and an empty one */
	expect("rules: {win: ascending,\n  apply-to: anyone}\n", three, 3,
	       "rules: {win: never-descending,\n  apply-to: self, opening: face-up}\n");
	expect("rules: {}  # none\n", three, 3,
	       "rules: {win: never-descending, apply-to: self, opening: face-up}  # none\n");
}

/* A variant's keys as JSON (tune --json's "keys"): json.c's writer, so a line
 * break in a value is \n, a number and a boolean unquoted, a list and a
 * mapping nested. */
static void test_keys_json(void **state)
{
	(void)state;
	const char *text = "wild: 0\nrules:\n  win: ascending\n";
	struct ydoc *doc = ydoc_parse("p.yaml", text, strlen(text));
	assert_non_null(doc);
	struct tune_space sp;
	char *args[] = {xstrdup("wild=2"), xstrdup("rules.win=\"a\\nb\""), xstrdup("abilities=[swap,true,{x: 5}]")};
	assert_int_equal(tune_space_read(&sp, doc, args, 3), 0);
	assert_int_equal(sp.nvariants, 1);
	char *json = tune_keys_json(&sp, 0);
	assert_string_equal(json, "{\"wild\": 2, \"rules.win\": \"a\\nb\", \"abilities\": [\"swap\", true, {\"x\": 5}]}");
	free(json);
	tune_space_free(&sp);
	for (size_t i = 0; i < 3; i++)
		free(args[i]);
	ydoc_free(doc);
}

static void test_missing(void **state)
{
	(void)state;
	/* a mapping the pack lacks is added once, holding every key */
	const char *v[] = {"rules.win=never-descending", "rules.opening=face-up"};
	expect("pack: x  # p\nwild: 0", v, 2, "pack: x  # p\nwild: 0\nrules: {win: never-descending, opening: face-up}\n");
	/* quoted values stay what they are */
	const char *q[] = {"title=\"a: b\"", "players.5=84"};
	expect("title: old   # t\nplayers:\n  2: 56\n", q, 2, "title: \"a: b\"   # t\nplayers:\n  2: 56\n  5: 84\n");
}

static void test_block_value(void **state)
{
	(void)state;
	/* a block list replaced by a flow one: its comments stay, each on its line */
	const char *v[] = {"abilities=[swap]"};
	expect("abilities:   # which\n  - remove  # the first\n  # between\n  - swap\nwild: 0\n", v, 1,
	       "abilities: [swap]  # which\n  # the first\n  # between\nwild: 0\n");
	/* a | scalar: its lines are text, not comments */
	const char *t[] = {"title=short"};
	expect("title: |  # long\n  # not a comment\n  text\nwild: 0\n", t, 1, "title: short  # long\nwild: 0\n");
}

static void test_alias(void **state)
{
	(void)state;
	/* an alias in the way: the whole entry is written, and it still loads as the variant */
	const char *v[] = {"rules.win=never-descending"};
	expect("base: &r {win: ascending}\nrules: *r\n", v, 1,
	       "base: &r {win: ascending}\nrules: {win: never-descending}\n");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_block_one),  cmocka_unit_test(test_block_two),
		cmocka_unit_test(test_block_three), cmocka_unit_test(test_flow),
		cmocka_unit_test(test_missing),    cmocka_unit_test(test_block_value),
		cmocka_unit_test(test_alias),      cmocka_unit_test(test_keys_json),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

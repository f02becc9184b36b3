/* test_yread.c: the typed YAML readers every loader shares (gen/core/yread.c) and
 * the JSON string writer (gen/core/json.c): values accepted, each error's message
 * and location, counting, and "did you mean". */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "diag.h"
#include "json.h"
#include "util.h"
#include "yread.h"
#include "ytree.h"

static char *said;
static size_t said_len;
static FILE *said_stream;
static struct ydoc *doc;

/* Parse text and start capturing messages. */
static const struct ynode *load(const char *text)
{
	doc = ydoc_parse("y.yaml", text, strlen(text));
	assert_non_null(doc);
	free(said);
	said = NULL;
	said_stream = open_memstream(&said, &said_len);
	diag_set_stream(said_stream);
	diag_set_excerpts(0);
	return doc->root;
}

/* Stop capturing; said holds what was reported. */
static void done(void)
{
	fclose(said_stream);
	diag_set_stream(stderr);
	diag_set_excerpts(1);
	diag_reset();
	ydoc_free(doc);
	doc = NULL;
}

static void test_int(void **state)
{
	(void)state;
	const struct ynode *m = load("a: 7\nb: 70\nc: seven\nd: 99999999999999999999999\ne: [1]\n");
	struct yread r = {0};
	long v = 0;
	assert_int_equal(yr_int(&r, "a", ymap_get(m, "a"), 1, 10, &v), 0);
	assert_int_equal(v, 7);
	assert_int_equal(yr_int(&r, "b", ymap_get(m, "b"), 1, 10, &v), -1);
	assert_int_equal(yr_int(&r, "c", ymap_get(m, "c"), 1, 10, &v), -1);
	assert_int_equal(yr_int(&r, "d", ymap_get(m, "d"), 1, 10, &v), -1);
	assert_int_equal(yr_int(&r, "e", ymap_get(m, "e"), 1, 10, &v), -1);
	assert_int_equal(v, 7);  /* untouched by a failure */
	assert_int_equal(r.errors, 4);
	done();
	assert_non_null(strstr(said, "y.yaml:2:4: error: 'b' must be 1..10, not 70\n"));
	assert_non_null(strstr(said, "y.yaml:3:4: error: 'c' must be a whole number, not a string\n"));
	/* too many digits for a long: out of range, not "not a number" */
	assert_non_null(strstr(said, "y.yaml:4:4: error: 'd' must be 1..10, not 9999999999"));
	assert_non_null(strstr(said, "y.yaml:5:4: error: 'e' must be a whole number, not a list\n"));
}

static void test_str_scalar_want(void **state)
{
	(void)state;
	const struct ynode *m = load("s: hello\nn: ~\nl: [x]\nmap: {k: v}\n");
	char named[] = "y.yaml";   /* the model's copy of the tree's file name */
	struct yread r = {.file = named};
	char *s = xstrdup("old");
	assert_int_equal(yr_str(&r, "s", ymap_get(m, "s"), true, &s), 0);
	assert_string_equal(s, "hello");
	assert_int_equal(yr_str(&r, "n", ymap_get(m, "n"), false, &s), -1);
	assert_string_equal(s, "hello");
	free(s);
	assert_string_equal(yr_scalar(&r, "s", ymap_get(m, "s")), "hello");
	assert_string_equal(yr_scalar(&r, "n", ymap_get(m, "n")), "~");  /* any scalar, as written */
	assert_null(yr_scalar(&r, "l", ymap_get(m, "l")));
	assert_int_equal(yr_want(&r, "map", ymap_get(m, "map"), Y_MAP), 0);
	assert_int_equal(yr_want(&r, "l", ymap_get(m, "l"), Y_MAP), -1);
	assert_int_equal(r.errors, 3);
	struct loc l = yr_loc(&r, ymap_get(m, "map"));
	assert_ptr_equal(l.file, named);  /* r.file stands in for the tree's */
	assert_int_equal(l.line, 4);
	assert_int_equal(l.col, 6);
	struct ynode other = *ymap_get(m, "map");   /* a node from elsewhere (tune's --vary) */
	other.loc.file = "--vary wild";
	assert_string_equal(yr_loc(&r, &other).file, "--vary wild");
	done();
	assert_non_null(strstr(said, "y.yaml:2:4: error: 'n' must be a string, not nothing\n"));
	assert_non_null(strstr(said, "y.yaml:3:4: error: 'l' must be a string, not a list\n"));
	assert_non_null(strstr(said, "y.yaml:3:4: error: 'l' must be a mapping, not a list\n"));
}

static void test_enum_bool(void **state)
{
	(void)state;
	static const char *const names[] = {"self", "anyone", "nobody"};
	const struct ynode *m = load("a: anyone\nb: someone\nc: true\nd: maybe\ne: 3\nf: {x: 1}\n");
	struct yread r = {0};
	assert_int_equal(yr_enum(&r, "a", ymap_get(m, "a"), names, 3), 1);
	assert_int_equal(yr_enum(&r, "b", ymap_get(m, "b"), names, 3), -1);
	assert_int_equal(yr_enum(&r, "f", ymap_get(m, "f"), names, 3), -1);
	bool b = false;
	assert_int_equal(yr_bool(&r, "c", ymap_get(m, "c"), &b), 0);
	assert_true(b);
	assert_int_equal(yr_bool(&r, "d", ymap_get(m, "d"), &b), -1);
	assert_int_equal(yr_bool(&r, "e", ymap_get(m, "e"), &b), -1);
	assert_int_equal(r.errors, 4);
	done();
	assert_non_null(strstr(said, "y.yaml:2:4: error: 'b' must be self, anyone or nobody, not 'someone'\n"));
	assert_non_null(strstr(said, "'f' must be self, anyone or nobody, not a mapping\n"));
	assert_non_null(strstr(said, "y.yaml:4:4: error: 'd' must be true or false, not 'maybe'\n"));
	assert_non_null(strstr(said, "y.yaml:5:4: error: 'e' must be true or false, not a whole number\n"));
}

static void test_keys(void **state)
{
	(void)state;
	static const char *const known[] = {"size", "bleed", "elements", NULL};
	const struct ynode *m = load("size: 1\nsise: 2\nzzzzzz: 3\nelements: []\n");
	struct yread r = {0};
	assert_int_equal(yr_key(&r, m->pairs[0].key, "", known), 0);
	assert_int_equal(yr_key(&r, m->pairs[3].key, "", known), 2);
	assert_int_equal(r.errors, 0);
	assert_int_equal(yr_key(&r, m->pairs[1].key, " in 'rules'", known), -1);
	assert_int_equal(r.errors, 1);
	yr_only_keys(&r, m, "", known);  /* sise and zzzzzz */
	assert_int_equal(r.errors, 3);
	done();
	assert_non_null(strstr(said, "y.yaml:2:1: error: unknown key 'sise' in 'rules' (did you mean 'size'?)\n"));
	assert_non_null(strstr(said, "y.yaml:3:1: error: unknown key 'zzzzzz' (expected one of: size, bleed, elements)\n"));
}

static void test_error_whole_file(void **state)
{
	(void)state;
	load("a: 1\n");
	struct yread r = {.file = "whole.yaml"};
	yr_error(&r, NULL, "the pack needs %s", "'game'");
	assert_int_equal(r.errors, 1);
	done();
	assert_string_equal(said, "railyard: whole.yaml: error: the pack needs 'game'\n");
}

static char *json_of(const char *s)
{
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);
	json_str(f, s);
	fclose(f);
	return out;
}

static void test_json_str(void **state)
{
	(void)state;
	const struct {
		const char *in, *out;
	} cases[] = {
		{"", "\"\""},
		{"plain", "\"plain\""},
		{"say \"hi\"", "\"say \\\"hi\\\"\""},
		{"back\\slash", "\"back\\\\slash\""},
		{"two\nlines\tand a tab", "\"two\\nlines\\tand a tab\""},
		{"\x01\x1f bell", "\"\\u0001\\u001f bell\""},
		{"A ↔ B, ♥", "\"A ↔ B, ♥\""},   /* UTF-8 passes through */
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		char *got = json_of(cases[i].in);
		assert_string_equal(got, cases[i].out);
		free(got);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_int),
		cmocka_unit_test(test_str_scalar_want),
		cmocka_unit_test(test_enum_bool),
		cmocka_unit_test(test_keys),
		cmocka_unit_test(test_error_whole_file),
		cmocka_unit_test(test_json_str),
	};
	int rc = cmocka_run_group_tests(tests, NULL, NULL);
	free(said);
	return rc;
}

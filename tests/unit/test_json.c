/* test_json.c: the JSON writer (json.h): commas, escapes, numbers and the
 * layouts the reports use, inline, one member a line, and a report's own. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "json.h"

static char *out;
static size_t len;

static FILE *start(struct jw *w)
{
	FILE *f = open_memstream(&out, &len);
	assert_non_null(f);
	jw_init(w, f);
	return f;
}

static void expect(FILE *f, const char *want)
{
	fclose(f);
	assert_string_equal(out, want);
	free(out);
	out = NULL;
}

static void inline_values(void **state)
{
	(void)state;
	struct jw w;
	FILE *f = start(&w);
	jw_object(&w);
	jw_key(&w, "s");
	jw_str(&w, "a\"b\\c\nd\te\x1b");
	jw_key(&w, "n");
	jw_str(&w, NULL);
	jw_key(&w, "part");
	jw_strn(&w, "abcdef", 3);
	jw_key(&w, "i");
	jw_int(&w, -7);
	jw_key(&w, "u");
	jw_uint(&w, 18446744073709551615ULL);
	jw_key(&w, "x");
	jw_array(&w);
	jw_num(&w, 0.1234567);
	jw_num(&w, NAN);
	jw_num(&w, INFINITY);
	jw_fixed(&w, 2.5, 3);
	jw_bool(&w, true);
	jw_null(&w);
	jw_raw(&w, "%d", 5);
	jw_end(&w);
	jw_key(&w, "e");
	jw_object(&w);
	jw_put_str(&w, "ps", "v");
	jw_put_int(&w, "pi", -1);
	jw_put_uint(&w, "pu", 2);
	jw_put_num(&w, "pn", 0.5);
	jw_put_bool(&w, "pb", false);
	jw_end(&w);
	jw_key(&w, "k\"ey");
	jw_array(&w);
	jw_end(&w);
	jw_end(&w);
	expect(f, "{\"s\": \"a\\\"b\\\\c\\nd\\te\\u001b\", \"n\": null, \"part\": \"abc\", \"i\": -7, "
		  "\"u\": 18446744073709551615, \"x\": [0.123457, null, null, 2.500, true, null, 5], "
		  "\"e\": {\"ps\": \"v\", \"pi\": -1, \"pu\": 2, \"pn\": 0.5, \"pb\": false}, \"k\\\"ey\": []}");
}

static void layouts(void **state)
{
	(void)state;
	struct jw w;
	FILE *f = start(&w);
	jw_object_at(&w, "");
	jw_key(&w, "a");
	jw_int(&w, 1);
	jw_key(&w, "rows");
	jw_array_at(&w, "  ");
	jw_object(&w);
	jw_key(&w, "b");
	jw_int(&w, 2);
	jw_end(&w);
	jw_array(&w);
	jw_end(&w);
	jw_end(&w);
	jw_key(&w, "none");
	jw_array_at(&w, "  ");
	jw_end(&w);
	jw_key(&w, "own");
	jw_open(&w, '{', "", ",\n    ", "");
	jw_key(&w, "c");
	jw_int(&w, 3);
	jw_key(&w, "d");
	jw_int(&w, 4);
	jw_sep(&w, "; ");
	jw_key(&w, "e");
	jw_int(&w, 5);
	jw_key(&w, "f");
	jw_int(&w, 6);
	jw_end(&w);
	jw_end(&w);
	expect(f, "{\n  \"a\": 1,\n  \"rows\": [\n    {\"b\": 2},\n    []\n  ],\n  \"none\": [],\n"
		  "  \"own\": {\"c\": 3,\n    \"d\": 4; \"e\": 5,\n    \"f\": 6}\n}");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(inline_values),
		cmocka_unit_test(layouts),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

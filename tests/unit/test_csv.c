/* test_csv.c: the one CSV module (csv.h) both ways: what the writer writes,
 * the reader reads back as the same fields, row by row (a manifest cell with a
 * comma, quote or line break stays one cell), and the reader's errors. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "csv.h"
#include "diag.h"
#include "util.h"

static const char *const cells[] = {"plain", "", "comma,here", "quote\"d", "two\nlines", "crlf\r\nend",
				    "lone\rcr", "=SUM(A1)", "-2", "\xc3\xbcn\xc3\xaf \xe2\x87\x84"};
/* What the reader gives back: line breaks inside quotes as LF, a formula with its '. */
static const char *const back[] = {"plain", "", "comma,here", "quote\"d", "two\nlines", "crlf\nend",
				   "lone\ncr", "'=SUM(A1)", "'-2", "\xc3\xbcn\xc3\xaf \xe2\x87\x84"};
#define NCELLS (sizeof cells / sizeof *cells)

static void round_trip(void **state)
{
	(void)state;
	struct buf s = {0};
	for (int row = 0; row < 2; row++) {
		for (size_t i = 0; i < NCELLS; i++)
			csv_cell(&s, cells[(i + (size_t)row) % NCELLS]);
		csv_end(&s);
	}
	struct csv_reader c;
	csv_reader_init(&c, "t.csv", s.s, s.len);
	for (int row = 0; row < 2; row++) {
		size_t i = 0;
		bool more;
		do {
			assert_int_equal(csv_field(&c), 0);
			assert_true(i < NCELLS);
			assert_string_equal(c.field.s, back[(i + (size_t)row) % NCELLS]);
			i++;
			more = csv_next(&c);
		} while (more);
		assert_int_equal(i, NCELLS);
	}
	assert_true(csv_done(&c));
	assert_int_equal(c.errors, 0);
	csv_reader_free(&c);
	buf_free(&s);
}

/* The reader's malformed fields, each reported once at its line and column. */
static void reader_errors(void **state)
{
	(void)state;
	static const struct {
		const char *text;
		unsigned line, col;
	} bad[] = {
		{"a,\"open", 1, 3},          /* a quoted field never closed */
		{"a,b\"c\n", 1, 4},          /* a quote inside an unquoted field */
		{"x\r\n\"q\"z,", 2, 4},      /* after a closing quote, neither comma nor end */
	};
	for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
		char *out = NULL;
		size_t len = 0;
		FILE *sink = open_memstream(&out, &len);
		assert_non_null(sink);
		diag_set_stream(sink);
		struct csv_reader c;
		csv_reader_init(&c, "t.csv", bad[k].text, strlen(bad[k].text));
		int failed = 0;
		while (!csv_done(&c) && !failed) {
			unsigned line = c.line;
			failed = csv_field(&c) != 0;
			if (!failed && !csv_next(&c))
				assert_true(c.line > line);
		}
		assert_true(failed);
		assert_int_equal(c.errors, 1);
		csv_reader_free(&c);
		diag_set_stream(stderr);
		fclose(sink);
		char where[64];
		snprintf(where, sizeof where, "t.csv:%u:%u: error: ", bad[k].line, bad[k].col);
		if (!strstr(out, where))
			fail_msg("case %zu: expected %s in: %s", k, where, out);
		free(out);
	}
	diag_reset();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(round_trip),
		cmocka_unit_test(reader_errors),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

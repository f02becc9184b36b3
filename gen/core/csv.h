/* csv.h: the one CSV module (RFC 4180), both ways. The writer builds every
 * manifest (manifest.csv, quantities.csv); the reader is the tokenizer under a
 * pack's data file (data.c): "quoted" fields with "" for a quote, line breaks
 * inside quotes, lines ending at LF, CRLF or a lone CR, a byte-order mark
 * skipped. Problems are reported through diag at file:line:col. */
#ifndef RAILYARD_CSV_H
#define RAILYARD_CSV_H

#include <stdbool.h>
#include <stddef.h>

#include "util.h"

/* ---- writing ---- */

/* Append the field v and a comma to s, quoted as RFC 4180 says when it holds a
 * comma, quote or line break, and with a ' after the opening quote when it
 * starts with = + - @ (or a tab or CR: a spreadsheet formula). */
void csv_cell(struct buf *s, const char *v);
/* The same, the field formatted first. */
void csv_cellf(struct buf *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* End the row (LF in place of the last cell's comma). */
void csv_end(struct buf *s);

/* ---- reading ---- */

/* A CSV text being read; file names it in the messages (not copied). */
struct csv_reader {
	const char *file, *s, *end;
	unsigned line, col;   /* where s stands, 1-based */
	struct buf field;     /* the field just read by csv_field (NUL-terminated) */
	unsigned errors;      /* problems reported */
};

/* Start reading text[0..len) (not copied; a byte-order mark is skipped). Free
 * with csv_reader_free. */
void csv_reader_init(struct csv_reader *c, const char *file, const char *text, size_t len);
void csv_reader_free(struct csv_reader *c);
/* Report msg at line:col of the file, and count it. */
void csv_error(struct csv_reader *c, unsigned line, unsigned col, const char *msg);
/* Whether the reader stands at the end of the text. */
bool csv_done(const struct csv_reader *c);
/* Whether the reader stands on a line break (a blank line at a line's start). */
bool csv_at_break(const struct csv_reader *c);
/* Read one field into c->field (line breaks inside quotes become LF), leaving
 * the reader on the comma or line break after it. Returns 0, or -1 after
 * reporting a malformed field. */
int csv_field(struct csv_reader *c);
/* After a field: true when a comma follows (stepped over: another field comes),
 * false at the end of the line (its line break stepped over). */
bool csv_next(struct csv_reader *c);
/* Skip to the start of the next line. */
void csv_skip_line(struct csv_reader *c);

#endif

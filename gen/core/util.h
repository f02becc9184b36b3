/* util.h: allocation that never returns NULL, growable buffers, small helpers. */
#ifndef RAILYARD_UTIL_H
#define RAILYARD_UTIL_H

#include <stdarg.h>
#include <stddef.h>

/* Allocate or abort with a message: no caller handles out-of-memory by hand. */
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
/* Grow an array of elem-sized items to hold at least need items; *cap is updated. */
void *xgrow(void *p, size_t *cap, size_t need, size_t elem);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
/* printf into a new string; caller frees. */
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* What goes between the folder dir and a name in it: "" when dir ends in '/'
 * (the root "/"), else "/"; so "/" and "out" give /NAME and out/NAME. */
const char *path_sep(const char *dir);

/* Fill buf with n bytes from the kernel's random source (getrandom, retried on
 * EINTR). Returns how many it got: n, or fewer where getrandom failed. */
size_t random_fill(void *buf, size_t n);

/* A growable NUL-terminated byte buffer. Zero-initialise; free with buf_free. */
struct buf {
	char *s;
	size_t len, cap;
};
void buf_add(struct buf *b, const char *s, size_t n);
void buf_puts(struct buf *b, const char *s);
void buf_printf(struct buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void buf_vprintf(struct buf *b, const char *fmt, va_list ap);
void buf_free(struct buf *b);

/* strerror, but "not a regular file" for the EINVAL of open_regular and read_file. */
const char *file_strerror(int e);

/* Read a whole regular file (through open_regular); returns a NUL-terminated
 * malloc'd buffer (caller frees) and
 * sets *len, or returns NULL with errno set. Refuses files larger than max. */
char *read_file(const char *path, size_t max, size_t *len);

/* Create dir and its parents (mode 0777 & umask). Returns 0 or -1 with errno set. */
int mkdir_p(const char *dir);

/* Parse a whole decimal integer in [lo, hi]; returns 0 on success, -1 otherwise. */
int parse_int(const char *s, long lo, long hi, long *out);

/* The word of the NULL-terminated list known nearest to word, for a "did you
 * mean" hint: the only one word (3 letters or more) begins, else the first of
 * those at most two edits away (a swap of neighbours is one); NULL when none is. */
const char *closest_word(const char *word, const char *const *known);

/* The characters of UTF-8 text s: its bytes that do not continue a character. */
size_t utf8_chars(const char *s);

#define TEXT_MAX_MARKS 16  /* combining marks on one character */

/* The first thing in s[0..n) that a shown text may not hold: a byte that is not
 * UTF-8, NUL, a control character other than a line break, a bidi control or an
 * invisible character (U+200B, U+200E/F, U+202A..E, U+2028/9, U+2060, U+2066..9,
 * U+FEFF), more than TEXT_MAX_MARKS combining marks on one character, or more
 * than max_chars characters (0: any number). Returns NULL when there is none;
 * else its description (written into buf: "the control character U+0007 (only
 * line breaks are allowed)") and *at, the character it starts at (0-based). */
const char *text_problem(const char *s, size_t n, size_t max_chars, size_t *at, char *buf,
			 size_t size);

/* The file rel names, relative to the folder of base_file (the pack or template
 * that names it). Returns that path (caller frees), or NULL with *why set when
 * rel is absolute, has a '..' part, leads out of the folder through a symbolic
 * link, is not a regular file, or cannot be found. */
char *path_inside(const char *base_file, const char *rel, const char **why);

/* The edit distance (insertions, deletions, substitutions) between a and b; 99
 * when either is longer than 32 bytes. For "did you mean". */
size_t str_distance(const char *a, const char *b);

#endif

/* diag.h: the one place diagnostics are printed.
 *
 * Messages look like  railyard: packs/x.yaml:12:5: error: census must be 2..26
 * followed, when the source text is known, by the line and a caret under the column.
 * Callers keep going after an error (diag_count counts what was reported) and
 * return an exit_status; main exits with the command's. */
#ifndef RAILYARD_DIAG_H
#define RAILYARD_DIAG_H

#include <stddef.h>
#include <stdio.h>

/* Where something came from. Lines and columns are 1-based; line 0 means "the
 * whole file" and file NULL means "no file" (a command-line argument, say). */
struct loc {
	const char *file;
	unsigned line, col;
};

enum severity { SEV_NOTE, SEV_WARNING, SEV_ERROR };

/* Exit statuses of the program, documented in the README. */
enum exit_status {
	EXIT_OK = 0,      /* success; check: the pack or position is sound */
	EXIT_RULE = 1,    /* check: a rule of the game is broken */
	EXIT_INPUT = 2,   /* unreadable or invalid input, or bad usage */
	EXIT_OUTPUT = 3,  /* output could not be written (nothing half-written is left) */
};

/* Report one problem. loc may be NULL. */
void diag(enum severity sev, const struct loc *loc, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Remember the text of file so later messages can quote the offending line.
 * The text is copied; it is dropped by diag_reset. */
void diag_source(const char *file, const char *text, size_t len);

/* Where messages go (stderr by default). */
void diag_set_stream(FILE *f);
/* Drop messages (still counted) while on: for quiet look-ahead. */
void diag_set_quiet(int on);
/* Quote source lines under messages (default on). */
void diag_set_excerpts(int on);

/* Write s as messages are written: every control character (C0, DEL, C1),
 * invisible or bidi character and byte that is not UTF-8 escaped (\x1b,
 * \u200e), so text from a file cannot move the cursor or change colours. */
void diag_put_escaped(FILE *f, const char *s);

/* --strict: every warning printed from now on says "error (--strict)" and
 * is counted by diag_strict_errors (main then exits 1: EXIT_RULE); the
 * commands go on as for a warning (diag_count counts it as one). */
void diag_set_strict(int on);
/* The warnings --strict made errors since the last reset. */
unsigned long diag_strict_errors(void);
/* The next note stands alone, shown even when the error or warning before
 * it was hidden (a command's closing note, not one of that message's). */
void diag_note_alone(void);

/* Also hand every message printed from now on to fn (railyard serve shows
 * them on its page): its severity (a warning --strict made an error counts as
 * an error), where (NULL: nowhere) and its text, unescaped. fn NULL: none. Set
 * between commands, from one thread. */
void diag_set_hook(void (*fn)(void *user, enum severity sev, const struct loc *loc, const char *msg),
		   void *user);

/* The number of messages of a severity since the last reset. */
unsigned diag_count(enum severity sev);
/* Forget counts and remembered sources. */
void diag_reset(void);

#endif

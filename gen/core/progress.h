/* progress.h: one progress report for long work, the same for every command.
 *
 * On a terminal, a line redrawn in place once the work has run a second:
 *   railyard: step 2/4 sheets-a4.pdf [#####.....] 1200/20000 cards, 850/s, 22 s left
 * When stderr is not a terminal, a plain line every PROGRESS_EVERY seconds, the
 * first once the work has run that long (a log shows that a long build lives).
 * --progress shows it from the start, --no-progress and -q never (cli.h). */
#ifndef RAILYARD_PROGRESS_H
#define RAILYARD_PROGRESS_H

#include <stdatomic.h>

enum progress_mode { PROGRESS_AUTO, PROGRESS_ON, PROGRESS_OFF };

/* Seconds between two lines when stderr is not a terminal. */
#define PROGRESS_EVERY 5

/* How reports are shown from now on (default PROGRESS_AUTO). */
void progress_set_mode(enum progress_mode mode);

/* Whether reports are shown at all (not PROGRESS_OFF): a caller may skip the
 * work of polling when not. */
int progress_wanted(void);

/* The work ahead has steps steps (0: unknown); each progress_start is the next.
 * Resets the step count. */
void progress_steps(int steps);

/* What a unit of work is called from now on ("cards", "games"; default "items");
 * the string must outlive its use. Returns the name it replaces. */
const char *progress_unit(const char *unit);

/* A step begins: what (a file name, "4 players pattern-two", outliving the
 * step), total units of work. */
void progress_start(const char *what, long total);

/* done units of the current step are finished (one thread at a time). */
void progress_step(long done);

/* The step is over: a terminal line is cleared. */
void progress_end(void);

/* A whole work of several steps of known cost (a build: its drawing, its
 * Ghostscript passes...), for one ETA over all of it. progress_plan(cost)
 * begins it, cost the sum of its steps' costs (any unit; 0 ends the plan);
 * progress_cost(cost) gives the next progress_start's step its cost. While a
 * plan runs, reports end with the whole work's share done and the time left
 * for all of it ("the build 45%, 9 s left"): the time so far, scaled by the
 * cost left over the cost done. A step started without a cost counts as none;
 * the plan grows when its steps cost more than it said. */
void progress_plan(double cost);
void progress_cost(double cost);

/* A whole step while other threads do the work: progress_start(what, total), then
 * the count *done (which the workers advance) reported ten times a second until
 * it reaches total, then progress_end. */
void progress_watch(const char *what, atomic_long *done, long total);

#endif

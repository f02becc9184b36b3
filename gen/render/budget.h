/* budget.h: the time a build may take. A watchdog thread holds every drawing
 * thread to a limit per item and the build to a limit in all; over either, it
 * says which item (and its template) was being drawn, removes what the build
 * staged (output_cleanup: the previous set stays as it was) and ends the
 * program with exit status 2, whatever the stuck library call was doing. */
#ifndef RAILYARD_BUDGET_H
#define RAILYARD_BUDGET_H

#define BUDGET_ITEM_SECONDS  60     /* one item (--max-item-seconds) */
#define BUDGET_BUILD_SECONDS 3600   /* the whole build (--max-seconds) */

/* The limits for the builds started from now on (seconds; 0: the default). */
void budget_set(double item_seconds, double build_seconds);

/* The limit of the whole build in seconds (--max-seconds): also the CPU
 * limit of the child processes it starts (Ghostscript). */
double budget_build_seconds(void);

/* Start the build's clock and the watchdog; budget_stop ends them. */
void budget_start(void);
void budget_stop(void);

/* This thread starts drawing item (its name and template, for the message). */
void budget_item(const char *item, const char *file);
/* This thread is between items. */
void budget_idle(void);

#endif

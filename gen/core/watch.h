/* watch.h: `build --watch`, the designer's loop. Every input file a build reads
 * (the pack, templates, data files, images) is noted while watching; after the
 * build, their modification times are polled once a second and the build runs
 * again when one changes. Ctrl-C ends the loop cleanly (during a build, the
 * build's own handler removes its temporary files and ends the program). */
#ifndef RAILYARD_WATCH_H
#define RAILYARD_WATCH_H

#include <stdbool.h>
#include <stddef.h>

/* Note that the current build read path (a no-op unless watching). Thread-safe. */
void watch_note(const char *path);
/* Note the file name names, as written beside the file from (absolute names as
 * they are), before it is looked for: a file that is missing, refused (a link
 * out, a FIFO) or unreadable now is still watched by its name, and its return
 * noticed. (Its folder is not: the build's own output may live there.) */
void watch_note_name(const char *from, const char *name);

/* railyard serve: note the files of the commands run from now on (on: true,
 * forgetting those noted before), or stop noting and forget them (false). The
 * noted paths are watch_noted(0 .. watch_count() - 1), until the next call. */
void watch_record(bool on);
size_t watch_count(void);
const char *watch_noted(size_t i);
/* While recording: note that an item was drawn from the template file path (a
 * template read but never drawn from does not change what a command drew).
 * The templates drawn from are watch_drawn_at(0 .. watch_drawn_count() - 1),
 * as long as the noted files. Thread-safe. */
void watch_drawn(const char *path);
size_t watch_drawn_count(void);
const char *watch_drawn_at(size_t i);

/* Run run(user, argc, argv) now and again after every change to a file it read,
 * until SIGINT or SIGTERM. Returns the status of the last run. */
int watch_run(int (*run)(void *user, int argc, char **argv), void *user, int argc, char **argv);

#endif

/* live.h: what `railyard serve` shows, kept up to date: the pack's items drawn
 * at screen size, its check verdict and every message of its last builds, and
 * the source files it names. The pack is shown in parts (the check; the cards
 * and back; the placemat, board or setup sheet; the reference; the tokens),
 * each built by running the ordinary commands in this process (check, and
 * build --only PART, its PDF pages drawn to images: pdfw_set_screen), each
 * noting the files it read (watch_record). live_update runs again only the
 * parts that read a file that changed; a part that fails keeps its last good
 * pictures beside its messages. The HTTP side (serve.h) reads it through
 * live_route from its own threads. */
#ifndef RAILYARD_LIVE_H
#define RAILYARD_LIVE_H

#include <stdbool.h>

#include "serve.h"

/* The command runner (main.c's): runs railyard's command argv[0] with its
 * arguments as main would, returns its exit status. */
typedef int live_run_fn(int argc, char **argv);

/* A preview of the pack file pack, building into a private temporary folder
 * with run. NULL after reporting (the folder could not be made). Caller frees
 * with live_free. */
struct live *live_new(const char *pack, live_run_fn *run);

/* Whether a file some part read changed since that part last ran (or a part
 * never ran). */
bool live_changed(struct live *l);

/* Run every part that live_changed would name, one after the other, then
 * publish the new state (live_route sees it all at once). Prints one line on
 * stderr naming what changed, the parts rebuilt, their seconds and the
 * messages' count, unless quiet. Returns the number of parts run. */
int live_update(struct live *l, bool quiet);

/* The state's number, one more after every live_update that ran a part. */
unsigned long live_generation(struct live *l);

/* serve_site's route: "" the page, "app.js", "style.css", "state.json" (the
 * state as JSON), "img/PART/N.png" (a picture), "src/N" (a source file as
 * numbered lines, each with an anchor "L12"). Thread-safe. */
bool live_route(void *user, const char *path, struct serve_reply *r);

/* Remove the temporary folder and free l. */
void live_free(struct live *l);

#endif

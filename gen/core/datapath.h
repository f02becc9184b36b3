/* datapath.h: the folders where railyard finds its data (templates, shipped packs)
 * besides the pack's own folders: RAILYARD_PATH, then the installation. */
#ifndef RAILYARD_DATAPATH_H
#define RAILYARD_DATAPATH_H

/* The data folders, in search order: each entry of the colon list RAILYARD_PATH
 * (empty entries skipped), the templates beside the executable EXE (found through
 * /proc/self/exe): EXE/templates in a source tree (or SRC/templates for a build
 * variant's SRC/build/VARIANT/railyard), EXE/../share/railyard/templates
 * installed, each when it exists,
 * and the compiled-in $(PREFIX)/share/railyard/templates. NULL-terminated and
 * duplicate-free; computed on the first call and owned by this module. */
const char *const *datapath_dirs(void);

/* The same folders as one phrase for messages ("A, B and C"); owned by this module. */
const char *datapath_describe(void);

struct loc;

/* Report that the WHAT template NAME (as the pack wrote it, or the default's file
 * name) was found nowhere: the folders searched, and how to add one
 * (RAILYARD_PATH, --allow-path). At loc when the pack named it. */
void datapath_not_found(const struct loc *loc, const char *what, const char *name);

#endif

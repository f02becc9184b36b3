/* datapath.h: the folders where railyard finds its data (templates, shipped packs)
 * besides the pack's own folders: RAILYARD_PATH, then the installation. */
#ifndef RAILYARD_DATAPATH_H
#define RAILYARD_DATAPATH_H

/* The data folders, in search order: each entry of the colon list RAILYARD_PATH
 * (empty entries skipped), the templates installed beside the executable
 * (EXE/../share/railyard/templates, found through /proc/self/exe, when it exists),
 * and the compiled-in $(PREFIX)/share/railyard/templates. NULL-terminated and
 * duplicate-free; computed on the first call and owned by this module. */
const char *const *datapath_dirs(void);

/* The same folders as one phrase for messages ("A, B and C"); owned by this module. */
const char *datapath_describe(void);

#endif

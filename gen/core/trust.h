/* trust.h: which files a pack may make railyard read.
 *
 * A pack (and the templates it chooses) names other files: templates, fonts,
 * images and data files. A pack may come from anyone, so such a file is read only
 * when it lies, after every symbolic link is resolved, under one of the trusted
 * folders: the pack's own folder, a template folder (templates/ beside the pack,
 * beside its parent folder and in the current folder, RAILYARD_PATH, the installed
 * templates) or a folder the user allows with --allow-path. Anything else is
 * refused at the pack's (or template's) line and never opened. */
#ifndef RAILYARD_TRUST_H
#define RAILYARD_TRUST_H

#include "diag.h"

/* The pack whose folder is trusted from now on (NULL: none). */
void trust_set_pack(const char *pack_file);

/* Trust dir and everything under it (--allow-path). Returns 0, or -1 after
 * reporting when dir is not a folder. */
int trust_allow(const char *dir);

/* The path of the file name as written at loc in the file from: name relative to
 * from's folder (absolute names as they are). Returns it resolved (no symbolic
 * link left; caller frees), or NULL after reporting at loc when it does not
 * exist, is not a regular file, or lies outside the trusted folders. what names
 * the key in the message ("face", "font-file"). */
char *trust_resolve(const char *from, const char *name, const struct loc *loc, const char *what);

/* The same checks on a path already found (a template search hit). */
char *trust_path(const char *path, const struct loc *loc, const char *what, const char *as_written);

/* trust_path's checks without a word: the resolved path (caller frees) of a
 * regular file under the trusted folders, or NULL. */
char *trust_quiet(const char *path);

/* Forget the pack and the allowed folders (tests). */
void trust_reset(void);

#endif

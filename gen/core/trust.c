/* trust.c: the folders a pack's files may come from (trust.h). */
#define _XOPEN_SOURCE 700  /* realpath */
#include "trust.h"

#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "datapath.h"
#include "util.h"
#include "watch.h"

static char *pack_dir;     /* realpath of the pack's folder, or NULL */
static char *pack_parent;  /* the pack's folder as written (for templates/ beside it) */
static char **allowed;     /* realpaths of --allow-path folders */
static size_t nallowed, capallowed;

void trust_reset(void)
{
	free(pack_dir);
	free(pack_parent);
	pack_dir = pack_parent = NULL;
	for (size_t i = 0; i < nallowed; i++)
		free(allowed[i]);
	free(allowed);
	allowed = NULL;
	nallowed = capallowed = 0;
}

/* The folder part of file ("." when there is none). */
static char *folder_of(const char *file)
{
	const char *slash = strrchr(file, '/');
	if (!slash)
		return xstrdup(".");
	if (slash == file)
		return xstrdup("/");
	return xstrndup(file, (size_t)(slash - file));
}

void trust_set_pack(const char *pack_file)
{
	free(pack_dir);
	free(pack_parent);
	pack_dir = pack_parent = NULL;
	if (!pack_file)
		return;
	pack_parent = folder_of(pack_file);
	pack_dir = realpath(pack_parent, NULL);
}

int trust_allow(const char *dir)
{
	char *r = realpath(dir, NULL);
	struct stat st;
	if (!r || stat(r, &st) != 0 || !S_ISDIR(st.st_mode)) {
		diag(SEV_ERROR, NULL, "--allow-path: '%s' is not a folder%s%s", dir, r ? "" : ": ",
		     r ? "" : strerror(errno));
		free(r);
		return -1;
	}
	allowed = xgrow(allowed, &capallowed, nallowed + 1, sizeof *allowed);
	allowed[nallowed++] = r;
	return 0;
}

/* Whether the resolved path lies in the folder root (resolved here), compared
 * by whole path components: /a/bc is not under /a/b. */
static bool under(const char *path, const char *root, bool resolved)
{
	char *r = resolved ? (char *)root : realpath(root, NULL);
	if (!r)
		return false;
	size_t n = strlen(r);
	while (n > 1 && r[n - 1] == '/')
		n--;
	bool in = strncmp(path, r, n) == 0 && (path[n] == '/' || (n == 1 && r[0] == '/'));
	if (!resolved)
		free(r);
	return in;
}

/* The template folders, in template_find's search order (keep the two in step):
 * templates/ beside the pack and its parent, ./templates, and the data folders
 * (RAILYARD_PATH, the installation: datapath.h). */
static bool in_template_path(const char *path)
{
	bool in = false;
	if (pack_parent) {
		char *a = xasprintf("%s/templates", pack_parent);
		char *b = xasprintf("%s/../templates", pack_parent);
		in = under(path, a, false) || under(path, b, false);
		free(a);
		free(b);
	}
	in = in || under(path, "templates", false);
	for (const char *const *d = datapath_dirs(); !in && *d; d++)
		in = under(path, *d, false);
	return in;
}

static bool trusted(const char *path)
{
	if (pack_dir && under(path, pack_dir, true))
		return true;
	for (size_t i = 0; i < nallowed; i++)
		if (under(path, allowed[i], true))
			return true;
	/* Word lists: public dictionaries, not secrets. */
	return in_template_path(path) || under(path, "/usr/share/dict", false);
}

char *trust_quiet(const char *path)
{
	char *r = realpath(path, NULL);
	struct stat st;
	if (r && trusted(r) && stat(r, &st) == 0 && S_ISREG(st.st_mode))
		return r;
	free(r);
	return NULL;
}

char *trust_path(const char *path, const struct loc *loc, const char *what, const char *as_written)
{
	char *r = realpath(path, NULL);
	if (!r) {
		diag(SEV_ERROR, loc, "'%s': cannot read '%s': %s", what, as_written, strerror(errno));
		return NULL;
	}
	if (!trusted(r)) {
		diag(SEV_ERROR, loc,
		     "'%s': '%s' is outside the pack's folder and the template folders; not read (allow its folder with --allow-path DIR)",
		     what, as_written);
		free(r);
		return NULL;
	}
	/* stat, not open: a FIFO must not block us. */
	struct stat st = {0};
	if (stat(r, &st) != 0 || !S_ISREG(st.st_mode)) {
		diag(SEV_ERROR, loc, "'%s': '%s' is %s, not a regular file", what, as_written,
		     S_ISDIR(st.st_mode) ? "a folder" : S_ISFIFO(st.st_mode) ? "a FIFO" : "a device or socket");
		free(r);
		return NULL;
	}
	return r;
}

char *trust_resolve(const char *from, const char *name, const struct loc *loc, const char *what)
{
	char *path;
	if (name[0] == '/' || !from) {
		path = xstrdup(name);
	} else {
		char *dir = folder_of(from);
		path = xasprintf("%s/%s", dir, name);
		free(dir);
	}
	watch_note(path);
	char *r = trust_path(path, loc, what, name);
	free(path);
	return r;
}

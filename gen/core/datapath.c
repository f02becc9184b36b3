/* datapath.c: the data folders (datapath.h). */
#include "datapath.h"

#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "diag.h"
#include "util.h"

/* Where `make install` put the templates; the Makefile sets it from PREFIX. */
#ifndef TEMPLATE_DIR
#define TEMPLATE_DIR "/usr/local/share/railyard/templates"
#endif

static char **dirs;
static size_t ndirs;
static char *phrase;

static void add(char *dir)
{
	for (size_t i = 0; i < ndirs; i++)
		if (strcmp(dirs[i], dir) == 0) {
			free(dir);
			return;
		}
	dirs = xrealloc(dirs, (ndirs + 2) * sizeof *dirs);
	dirs[ndirs++] = dir;
	dirs[ndirs] = NULL;
}

static bool is_dir(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* The running executable's folder (from /proc/self/exe), or NULL. */
static char *executable_dir(void)
{
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n <= 0)
		return NULL;
	exe[n] = '\0';
	char *slash = strrchr(exe, '/');
	if (!slash)
		return NULL;
	*slash = '\0';
	return xstrdup(exe);
}

/* The template folders beside the executable EXE that exist: EXE/templates (the
 * uninstalled binary in its source tree), EXE/../../templates when EXE is a
 * build variant's folder (SRC/build/release) and EXE/../share/railyard/templates
 * (installed, staged or moved). */
static void add_beside_executable(void)
{
	char *exe = executable_dir();
	if (!exe)
		return;
	char *slash = strrchr(exe, '/');
	int up = slash ? (int)(slash - exe) : 0;  /* EXE/.. */
	int name = up;  /* EXE/..'s own name is exe[name, up) */
	while (name > 0 && exe[name - 1] != '/')
		name--;
	bool variant = name > 0 && up - name == 5 && strncmp(exe + name, "build", 5) == 0;
	char *cand[3] = {
		xasprintf("%s/templates", exe),
		variant ? xasprintf("%.*s/templates", name - 1, exe) : NULL,
		xasprintf("%.*s/share/railyard/templates", up, exe),
	};
	for (size_t i = 0; i < 3; i++) {
		if (!cand[i])
			continue;
		if (is_dir(cand[i]))
			add(cand[i]);
		else
			free(cand[i]);
	}
	free(exe);
}

const char *const *datapath_dirs(void)
{
	if (dirs)
		return (const char *const *)dirs;
	dirs = xcalloc(1, sizeof *dirs);
	const char *env = getenv("RAILYARD_PATH");
	for (const char *s = env; s && *s;) {
		const char *colon = strchr(s, ':');
		size_t len = colon ? (size_t)(colon - s) : strlen(s);
		if (len > 0)
			add(xstrndup(s, len));
		s = colon ? colon + 1 : s + len;
	}
	add_beside_executable();
	add(xstrdup(TEMPLATE_DIR));
	return (const char *const *)dirs;
}

const char *datapath_describe(void)
{
	if (phrase)
		return phrase;
	const char *const *d = datapath_dirs();
	struct buf b = {0};
	for (size_t i = 0; d[i]; i++)
		buf_printf(&b, "%s%s", i == 0 ? "" : d[i + 1] ? ", " : " and ", d[i]);
	phrase = b.s;
	return phrase;
}

void datapath_not_found(const struct loc *loc, const char *what, const char *name)
{
	diag(SEV_ERROR, loc, "cannot find the %s template '%s' (looked beside the pack, in its parent "
	     "folder, in the current folder and in %s; RAILYARD_PATH=DIR adds a template folder, "
	     "--allow-path DIR lets a pack name templates there)", what, name, datapath_describe());
}

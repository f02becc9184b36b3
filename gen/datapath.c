/* datapath.c: the data folders (datapath.h). */
#include "datapath.h"

#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

/* EXE/../share/railyard/templates for the running executable, or NULL. */
static char *beside_executable(void)
{
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n <= 0)
		return NULL;
	exe[n] = '\0';
	char *slash = strrchr(exe, '/');             /* EXE's folder, bin/ */
	if (!slash)
		return NULL;
	*slash = '\0';
	slash = strrchr(exe, '/');                   /* its parent, the prefix */
	if (!slash)
		return NULL;
	*slash = '\0';
	char *dir = xasprintf("%s/share/railyard/templates", exe);
	if (is_dir(dir))
		return dir;
	free(dir);
	return NULL;
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
	char *exe = beside_executable();
	if (exe)
		add(exe);
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

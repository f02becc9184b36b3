/* stage.c: the staging folder of a build and its swap (stage.h): the set's lock,
 * the file list (files.txt), the files kept from the old set, and removing a
 * folder, also from a signal handler. */
#define _GNU_SOURCE   /* renameat2, syscall(SYS_getdents64) */
#include "stage.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "diag.h"
#include "output.h"

/* ---- removing a folder, also from a signal handler ---- */

struct linux_dirent64 {
	uint64_t d_ino;
	int64_t d_off;
	unsigned short d_reclen;
	unsigned char d_type;
	char d_name[];
};

/* Remove name under dirfd and everything in it; only system calls (async-signal
 * safe), never following a symbolic link. Returns 0 or -1. */
static int rm_tree_at(int dirfd, const char *name, int depth)
{
	if (unlinkat(dirfd, name, 0) == 0)
		return 0;
	if (errno != EISDIR && errno != EPERM)
		return errno == ENOENT ? 0 : -1;
	if (depth > 16)
		return -1;
	int fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return -1;
	char buf[4096] __attribute__((aligned(8)));
	for (;;) {
		long n = syscall(SYS_getdents64, fd, buf, sizeof buf);
		if (n <= 0)
			break;
		bool removed = false;
		for (long off = 0; off < n;) {
			struct linux_dirent64 *e = (struct linux_dirent64 *)(void *)(buf + off);
			off += e->d_reclen;
			if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
				continue;
			if (rm_tree_at(fd, e->d_name, depth + 1) == 0)
				removed = true;
		}
		if (removed)
			lseek(fd, 0, SEEK_SET);
	}
	close(fd);
	return unlinkat(dirfd, name, AT_REMOVEDIR);
}

/* The staging folder being written, removed if the build is interrupted: the
 * one file-scope state of a build, as the signal handler that removes it
 * (output.c's cleanup) has no build context to read. */
static char stage_live[4096];

static void stage_cleanup(void)
{
	if (stage_live[0])
		rm_tree_at(AT_FDCWD, stage_live, 0);
}

/* ---- one build per output folder ---- */

#define LOCK_WAIT 10  /* seconds a build waits for another of the same set */

/* Hold PARENT/.PACK.lock (flock) for the rest of the build: a second build of
 * the same set waits up to LOCK_WAIT seconds, then gives up. The file stays
 * empty and is never removed (that would let a third build lock another file of
 * the same name). Returns 0, or -1 after reporting. */
static int lock_set(struct build_ctx *c, const char *parent, const char *name)
{
	bool quiet = c->opts.quiet;
	char *path = xasprintf("%s%s.%s.lock", parent, path_sep(parent), name);
	int fd = open(path, O_RDONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0666);
	if (fd < 0) {
		diag(SEV_ERROR, NULL, "cannot create a staging folder in %s: %s (its lock file %s)",
		     parent, strerror(errno), path);
		free(path);
		return -1;
	}
	free(path);
	struct timespec nap = {0, 50000000};
	for (int tries = 0; flock(fd, LOCK_EX | LOCK_NB) != 0; tries++) {
		if (errno != EWOULDBLOCK && errno != EINTR) {
			diag(SEV_ERROR, NULL, "cannot lock %s%s.%s.lock: %s", parent, path_sep(parent), name, strerror(errno));
			close(fd);
			return -1;
		}
		if (tries >= LOCK_WAIT * 20) {
			diag(SEV_ERROR, NULL, "another railyard build is writing %s/%s and did not end within "
			     "%d s: try again when it has", parent, name, LOCK_WAIT);
			close(fd);
			return -1;
		}
		if (tries == 0 && !quiet)
			fprintf(stderr, "railyard: build: waiting for another build of %s%s%s\n", parent, path_sep(parent), name);
		nanosleep(&nap, NULL);
	}
	c->lock_fd = fd;
	return 0;
}

static void unlock_set(struct build_ctx *c)
{
	if (c->lock_fd >= 0)
		close(c->lock_fd);
	c->lock_fd = -1;
}

/* Staging folders of this set a killed build left (.PACK.XXXXXX and its .old):
 * no build of the set is running (we hold its lock), so they are removed, and
 * said. */
static void remove_stale(const char *parent, const char *name)
{
	DIR *d = opendir(parent);
	if (!d)
		return;
	size_t n = strlen(name);
	struct dirent *e;
	while ((e = readdir(d))) {
		const char *s = e->d_name;
		size_t len = strlen(s);
		if (s[0] != '.' || strncmp(s + 1, name, n) != 0 || s[n + 1] != '.' ||
		    (len != n + 8 && !(len == n + 12 && !strcmp(s + n + 8, ".old"))))
			continue;
		char *path = xasprintf("%s%s%s", parent, path_sep(parent), s);
		if (rm_tree_at(AT_FDCWD, path, 0) == 0)
			diag(SEV_NOTE, NULL, "removed %s, the staging folder of a build that was stopped", path);
		else
			diag(SEV_WARNING, NULL, "cannot remove %s, the staging folder of a build that was "
			     "stopped: %s", path, strerror(errno));
		free(path);
	}
	closedir(d);
}

/* ---- the staging folder and the file list ---- */

int stage_open(struct build_ctx *c)
{
	const char *parent = c->opts.parent ? c->opts.parent : "out";
	static const char *const suffix[] = {"", ".tgc", ".mpc", ".drivethru", ".press"};
	const char *sx = c->opts.preview && c->opts.preset == PRESET_HOME ? ".preview"
									   : suffix[c->opts.preset];
	c->dir = xasprintf("%s%s%s%s", parent, path_sep(parent), c->id, sx);
	struct stat st;
	if (mkdir_p(parent) != 0 || stat(parent, &st) != 0 || !S_ISDIR(st.st_mode)) {
		if (errno == 0 || errno == EEXIST)
			errno = ENOTDIR;
		diag(SEV_ERROR, NULL, "cannot create %s: %s", parent, strerror(errno));
		return -1;
	}
	if (lstat(c->dir, &st) == 0 && !S_ISDIR(st.st_mode)) {
		diag(SEV_ERROR, NULL, "cannot write %s: it is not a folder", c->dir);
		return -1;
	}
	char *name = xasprintf("%s%s", c->id, sx);
	int rc = lock_set(c, parent, name);
	if (!rc)
		remove_stale(parent, name);
	free(name);
	if (rc)
		return -1;
	/* Beside the set, so the swap is a rename within one file system; mkdtemp
	 * creates it exclusively, mode 0700, so nobody else can plant files in it. */
	char *tmpl = xasprintf("%s%s.%s%s.XXXXXX", parent, path_sep(parent), c->id, sx);
	if (strlen(tmpl) >= sizeof stage_live || !mkdtemp(tmpl)) {
		diag(SEV_ERROR, NULL, "cannot create a staging folder in %s: %s", parent, strerror(errno));
		free(tmpl);
		return -1;
	}
	c->stage = tmpl;
	strcpy(stage_live, tmpl);
	output_on_signal(stage_cleanup);
	return 0;
}

char *build_path(struct build_ctx *c, const char *rel)
{
	/* --paper a4,letter: placemat-a4.pdf, placemat-letter.pdf, ... */
	size_t n = strlen(rel);
	if (c->paper_suffix && n > 4 && !strcmp(rel + n - 4, ".pdf") && !strstr(rel, c->large_paper)) {
		char *named = xasprintf("%.*s-%s.pdf", (int)(n - 4), rel, c->large_paper);
		c->paper_suffix = false;
		char *path = build_path(c, named);
		c->paper_suffix = true;
		free(named);
		return path;
	}
	const char *slash = strrchr(rel, '/');
	if (slash) {
		char *sub = xasprintf("%s/%.*s", c->stage, (int)(slash - rel), rel);
		if (mkdir(sub, 0777) != 0 && errno != EEXIST) {
			diag(SEV_ERROR, NULL, "cannot create %s: %s", sub, strerror(errno));
			free(sub);
			return NULL;
		}
		free(sub);
	}
	c->files = xgrow(c->files, &c->capfiles, c->nfiles + 1, sizeof *c->files);
	c->files[c->nfiles++] = xstrdup(rel);
	return xasprintf("%s/%s", c->stage, rel);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The files an earlier build listed in DIR/files.txt, sorted; NULL when there is
 * none. A folder from before files.txt (a manifest.csv, no files.txt) counts the
 * names railyard writes. */
static char **old_files(const char *dir, size_t *n, bool *legacy)
{
	char *path = xasprintf("%s/files.txt", dir);
	size_t len;
	char *text = read_file(path, 64u << 20, &len);
	free(path);
	*n = 0;
	*legacy = false;
	if (!text) {
		char *m = xasprintf("%s/manifest.csv", dir);
		*legacy = access(m, F_OK) == 0;
		free(m);
		return NULL;
	}
	char **v = NULL;
	size_t cap = 0;
	for (char *line = text, *next; *line; line = next) {
		next = line + strcspn(line, "\n");
		if (*next)
			*next++ = 0;
		if (*line && *line != '#') {
			v = xgrow(v, &cap, *n + 1, sizeof *v);
			v[(*n)++] = xstrdup(line);
		}
	}
	free(text);
	qsort(v, *n, sizeof *v, cmp_str);
	return v;
}

static bool listed(char **v, size_t n, const char *rel)
{
	return n && bsearch(&rel, v, n, sizeof *v, cmp_str) != NULL;
}

static bool legacy_name(const char *rel)
{
	static const char *const top[] = {"faces.pdf", "placemat.pdf", "reference.pdf", "board.pdf",
					  "setup.pdf", "manifest.csv", "contact.png"};
	for (size_t i = 0; i < sizeof top / sizeof *top; i++)
		if (!strcmp(rel, top[i]))
			return true;
	size_t n = strlen(rel);
	return (!strncmp(rel, "sheets-", 7) && n > 4 && !strcmp(rel + n - 4, ".pdf")) ||
	       (!strncmp(rel, "tokens-", 7) && n > 4 && !strcmp(rel + n - 4, ".pdf")) ||
	       (!strncmp(rel, "svg/", 4) && !strchr(rel + 4, '/')) ||
	       (!strncmp(rel, "png/", 4) && !strchr(rel + 4, '/'));
}

struct carry {
	struct build_ctx *c;
	char **old, **now;
	size_t nold, nnow;
	bool legacy;
	int rc;
};

/* Whether the old set's files.txt lists a file under folder rel. */
static bool owns_files(const struct carry *k, const char *rel)
{
	size_t n = strlen(rel);
	for (size_t i = 0; i < k->nold; i++)
		if (!strncmp(k->old[i], rel, n) && k->old[i][n] == '/')
			return true;
	return k->legacy;
}

/* The --only outputs that write the file rel of a set (0: none known). */
static int output_of(const char *rel)
{
	static const struct {
		const char *prefix;
		int only;
	} kinds[] = {
		{"faces.pdf", BO_FACES}, {"back.pdf", BO_FACES}, {"sheets-", BO_SHEETS},
		{"placemat.pdf", BO_PLACEMAT}, {"reference.pdf", BO_REFERENCE}, {"svg/", BO_SVG},
		{"png/", BO_PNG}, {"contact.png", BO_CONTACT}, {"tokens-", BO_TOKENS},
		{"board.pdf", BO_BOARD | BO_PLACEMAT}, {"setup.pdf", BO_SETUP | BO_PLACEMAT},
	};
	for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++)
		if (!strncmp(rel, kinds[i].prefix, strlen(kinds[i].prefix)))
			return kinds[i].only;
	return 0;
}

int stage_keep_rest(struct build_ctx *c)
{
	size_t nold, now = c->nfiles;
	bool legacy;
	char **old = old_files(c->dir, &nold, &legacy);
	qsort(c->files, now, sizeof *c->files, cmp_str);
	int rc = 0;
	for (size_t i = 0; i < nold; i++) {
		struct stat st;
		char *from = xasprintf("%s/%s", c->dir, old[i]);
		int kind = output_of(old[i]);
		if (kind && !(kind & c->opts.only) && !listed(c->files, now, old[i]) &&
		    lstat(from, &st) == 0 && S_ISREG(st.st_mode) && rc == 0) {
			char *to = build_path(c, old[i]);
			if (!to || link(from, to) != 0) {
				diag(SEV_ERROR, NULL, "cannot keep %s in the set: %s", from, strerror(errno));
				rc = -1;
			}
			free(to);
		}
		free(from);
		free(old[i]);
	}
	free(old);
	return rc;
}

/* Hard-link every file of the old set that railyard did not write (not listed in
 * its files.txt) into the stage, so the swap leaves it where it was, untouched. */
static void carry_foreign(struct carry *k, const char *rel, int depth)
{
	char *path = *rel ? xasprintf("%s/%s", k->c->dir, rel) : xstrdup(k->c->dir);
	DIR *d = depth > 16 ? NULL : opendir(path);
	if (!d) {
		diag(SEV_ERROR, NULL, "cannot read %s: %s", path, depth > 16 ? "nested too deeply" : strerror(errno));
		k->rc = -1;
		free(path);
		return;
	}
	struct dirent *e;
	while ((e = readdir(d)) && !k->rc) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		char *r = *rel ? xasprintf("%s/%s", rel, e->d_name) : xstrdup(e->d_name);
		char *from = xasprintf("%s/%s", path, e->d_name), *to = xasprintf("%s/%s", k->c->stage, r);
		struct stat st;
		if (lstat(from, &st) != 0) {
			/* gone meanwhile */
		} else if (S_ISDIR(st.st_mode)) {
			bool made = mkdir(to, st.st_mode & 07777) == 0;
			if (!made && errno != EEXIST) {
				diag(SEV_ERROR, NULL, "cannot create %s: %s", to, strerror(errno));
				k->rc = -1;
			} else {
				carry_foreign(k, r, depth + 1);
				if (made && owns_files(k, r))
					rmdir(to);  /* fails unless empty: no empty svg/ left */
			}
		} else if (listed(k->old, k->nold, r) || (k->legacy && legacy_name(r))) {
			/* railyard's own: replaced by this build's set */
		} else if (listed(k->now, k->nnow, r) || lstat(to, &st) == 0) {
			diag(SEV_ERROR, NULL, "%s was not written by railyard and this build writes a file "
			     "of that name: move it away and build again", from);
			k->rc = -1;
		} else if (link(from, to) != 0) {
			diag(SEV_ERROR, NULL, "cannot keep %s in the new set: %s", from, strerror(errno));
			k->rc = -1;
		}
		free(from);
		free(to);
		free(r);
	}
	closedir(d);
	free(path);
}

/* Write s to path (both freed). Returns 0 or -1 after reporting. */
static int put_text(char *path, struct buf *s)
{
	/* write_file_atomic reports its own failure */
	int rc = path ? write_file_atomic(path, s->s ? s->s : "", s->len) : -1;
	if (rc == 0)
		output_tally(0);
	free(path);
	buf_free(s);
	return rc;
}

int stage_write_text(struct build_ctx *c, const char *rel, struct buf *s)
{
	return put_text(build_path(c, rel), s);
}

int stage_write_list(struct build_ctx *c)
{
	char *path = build_path(c, "files.txt");
	qsort(c->files, c->nfiles, sizeof *c->files, cmp_str);
	struct buf s = {0};
	buf_printf(&s, "# railyard %s: the files of this build of %s (a rebuild removes them)\n",
		   RAILYARD_VERSION, c->id);
	for (size_t i = 0; i < c->nfiles; i++)
		buf_printf(&s, "%s\n", c->files[i]);
	return put_text(path, &s);
}

int stage_commit(struct build_ctx *c)
{
	mode_t um = umask(0);
	umask(um);
	chmod(c->stage, 0777 & ~um);
	struct stat st;
	if (lstat(c->dir, &st) != 0) {
		if (rename(c->stage, c->dir) != 0) {
			diag(SEV_ERROR, NULL, "cannot rename %s to %s: %s", c->stage, c->dir, strerror(errno));
			return -1;
		}
		stage_live[0] = 0;
		return 0;
	}
	struct carry k = {.c = c, .now = c->files, .nnow = c->nfiles};
	k.old = old_files(c->dir, &k.nold, &k.legacy);
	carry_foreign(&k, "", 0);
	for (size_t i = 0; i < k.nold; i++)
		free(k.old[i]);
	free(k.old);
	if (k.rc)
		return -1;
	if (renameat2(AT_FDCWD, c->stage, AT_FDCWD, c->dir, RENAME_EXCHANGE) != 0) {
		/* No atomic exchange here (an old kernel or file system): move the old set
		 * aside, then the new one in. */
		char *aside = xasprintf("%s.old", c->stage);
		int rc = rename(c->dir, aside);
		if (rc == 0 && rename(c->stage, c->dir) != 0) {
			rename(aside, c->dir);
			rc = -1;
		}
		if (rc != 0) {
			diag(SEV_ERROR, NULL, "cannot replace %s: %s", c->dir, strerror(errno));
			free(aside);
			return -1;
		}
		strcpy(stage_live, aside);
		free(aside);
	}
	/* stage_live now names the old set */
	if (rm_tree_at(AT_FDCWD, stage_live, 0) != 0)
		diag(SEV_WARNING, NULL, "the new set is in %s, but the previous one could not be removed "
		     "from %s: %s (the next build tries again)", c->dir, stage_live, strerror(errno));
	stage_live[0] = 0;
	return 0;
}

void stage_close(struct build_ctx *c)
{
	if (stage_live[0]) {
		rm_tree_at(AT_FDCWD, stage_live, 0);
		stage_live[0] = 0;
	}
	unlock_set(c);
}

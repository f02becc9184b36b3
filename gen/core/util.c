/* util.c: allocation, buffers, files. */
#define _DEFAULT_SOURCE  /* realpath */
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <glib.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

static void oom(void)
{
	fputs("railyard: fatal: out of memory\n", stderr);
	abort();
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		oom();
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);
	if (!p)
		oom();
	return p;
}

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		oom();
	return p;
}

void *xgrow(void *p, size_t *cap, size_t need, size_t elem)
{
	if (need <= *cap)
		return p;
	size_t c = *cap ? *cap : 8;
	while (c < need) {
		if (c > SIZE_MAX / 2 / elem)
			oom();
		c *= 2;
	}
	*cap = c;
	return xrealloc(p, c * elem);
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t n)
{
	char *d = xmalloc(n + 1);
	memcpy(d, s, n);
	d[n] = '\0';
	return d;
}

const char *path_sep(const char *dir)
{
	size_t n = strlen(dir);
	return n && dir[n - 1] == '/' ? "" : "/";
}

char *xasprintf(const char *fmt, ...)
{
	struct buf b = {0};
	va_list ap;
	va_start(ap, fmt);
	buf_vprintf(&b, fmt, ap);
	va_end(ap);
	if (!b.s)
		return xstrdup("");
	return b.s;
}

void buf_add(struct buf *b, const char *s, size_t n)
{
	b->s = xgrow(b->s, &b->cap, b->len + n + 1, 1);
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

void buf_puts(struct buf *b, const char *s)
{
	buf_add(b, s, strlen(s));
}

void buf_vprintf(struct buf *b, const char *fmt, va_list ap)
{
	va_list ap2;
	va_copy(ap2, ap);
	int n = vsnprintf(NULL, 0, fmt, ap2);
	va_end(ap2);
	if (n < 0)
		return;
	b->s = xgrow(b->s, &b->cap, b->len + (size_t)n + 1, 1);
	vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
	b->len += (size_t)n;
}

void buf_printf(struct buf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	buf_vprintf(b, fmt, ap);
	va_end(ap);
}

void buf_free(struct buf *b)
{
	free(b->s);
	b->s = NULL;
	b->len = b->cap = 0;
}

/* Open path for reading only if it is a regular file, without blocking on a FIFO
 * or a device: returns the descriptor, or -1 with errno set (EISDIR for a folder,
 * EINVAL for anything else that is not a regular file; see file_strerror). */
static int open_regular(const char *path)
{
	/* O_NONBLOCK: opening a FIFO must not wait for a writer. */
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return -1;
	struct stat st = {0};
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		int e = S_ISDIR(st.st_mode) ? EISDIR : EINVAL;
		close(fd);
		errno = e;
		return -1;
	}
	int fl = fcntl(fd, F_GETFL);
	if (fl >= 0)
		fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
	return fd;
}

const char *file_strerror(int e)
{
	return e == EINVAL ? "not a regular file" : strerror(e);
}

char *read_file(const char *path, size_t max, size_t *len)
{
	int fd = open_regular(path);
	FILE *f = fd >= 0 ? fdopen(fd, "rb") : NULL;
	if (!f) {
		int e = errno;
		if (fd >= 0)
			close(fd);
		errno = e;
		return NULL;
	}
	struct buf b = {0};
	char chunk[65536];
	size_t n;
	while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
		if (b.len + n > max) {
			fclose(f);
			buf_free(&b);
			errno = EFBIG;
			return NULL;
		}
		buf_add(&b, chunk, n);
	}
	int err = ferror(f) ? (errno ? errno : EIO) : 0;
	fclose(f);
	if (err) {
		buf_free(&b);
		errno = err;
		return NULL;
	}
	if (!b.s)
		buf_add(&b, "", 0);
	*len = b.len;
	return b.s;
}

int mkdir_p(const char *dir)
{
	char *d = xstrdup(dir);
	for (char *p = d + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(d, 0777) != 0 && errno != EEXIST) {
			free(d);
			return -1;
		}
		*p = '/';
	}
	int r = mkdir(d, 0777);
	int e = errno;
	free(d);
	if (r != 0 && e != EEXIST) {
		errno = e;
		return -1;
	}
	return 0;
}

/* The code point of the UTF-8 sequence at s[0..n), its length in *len; -1 when
 * it is not UTF-8 (overlong, a surrogate, beyond U+10FFFF, cut short). */
static long utf8_decode(const unsigned char *s, size_t n, size_t *len)
{
	unsigned c = s[0];
	size_t k = c < 0x80 ? 1 : c >= 0xc2 && c < 0xe0 ? 2 : c >= 0xe0 && c < 0xf0 ? 3 : c >= 0xf0 && c < 0xf5 ? 4 : 0;
	*len = 1;
	if (!k || k > n)
		return -1;
	long cp = k == 1 ? c : (long)(c & (0x7f >> k));
	for (size_t i = 1; i < k; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return -1;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	static const long least[] = {0, 0, 0x80, 0x800, 0x10000};
	if (cp < least[k] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return -1;
	*len = k;
	return cp;
}

static bool invisible(long cp)
{
	return cp == 0x200b || cp == 0x200e || cp == 0x200f || (cp >= 0x202a && cp <= 0x202e) ||
	       cp == 0x2028 || cp == 0x2029 || cp == 0x2060 || (cp >= 0x2066 && cp <= 0x2069) ||
	       cp == 0xfeff;
}

static bool bidi(long cp)
{
	return cp == 0x200e || cp == 0x200f || (cp >= 0x202a && cp <= 0x202e) ||
	       (cp >= 0x2066 && cp <= 0x2069);
}

const char *text_problem(const char *s, size_t n, size_t max_chars, size_t *at, char *buf,
			 size_t size)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t chars = 0, marks = 0;
	for (size_t i = 0, len; i < n; i += len, chars++) {
		long cp = utf8_decode(u + i, n - i, &len);
		*at = chars;
		if (cp < 0)
			snprintf(buf, size, "a byte that is not UTF-8 (0x%02X)", u[i]);
		else if (cp == 0)
			snprintf(buf, size, "the NUL character (U+0000)");
		else if ((cp < 0x20 && cp != '\n') || (cp >= 0x7f && cp < 0xa0))
			snprintf(buf, size, "the control character U+%04lX (only line breaks are allowed)", cp);
		else if (invisible(cp))
			snprintf(buf, size, "the %s character U+%04lX", bidi(cp) ? "bidi control" : "invisible",
				 cp);
		else if ((marks = g_unichar_ismark((gunichar)cp) ? marks + 1 : 0) > TEXT_MAX_MARKS)
			snprintf(buf, size, "more than %d combining marks on one character", TEXT_MAX_MARKS);
		else if (max_chars && chars >= max_chars)
			snprintf(buf, size, "more than %zu characters", max_chars);
		else
			continue;
		return buf;
	}
	return NULL;
}

size_t utf8_chars(const char *s)
{
	size_t n = 0;
	for (; *s; s++)
		n += ((unsigned char)*s & 0xC0) != 0x80;
	return n;
}

int parse_int(const char *s, long lo, long hi, long *out)
{
	if (!s || !*s)
		return -1;
	char *end;
	errno = 0;
	long v = strtol(s, &end, 10);
	if (errno || *end || end == s || v < lo || v > hi)
		return -1;
	*out = v;
	return 0;
}

/* The trust rule for files named in packs and templates. One function, so a
 * stricter rule can replace it in one place. */
char *path_inside(const char *base_file, const char *rel, const char **why)
{
	*why = NULL;
	if (!*rel) {
		*why = "the path is empty";
		return NULL;
	}
	if (rel[0] == '/') {
		*why = "absolute paths are not allowed (name a file beside the pack or template)";
		return NULL;
	}
	for (const char *s = rel; *s;) {
		size_t n = strcspn(s, "/");
		if (n == 2 && s[0] == '.' && s[1] == '.') {
			*why = "'..' may not climb out of the folder of the pack or template";
			return NULL;
		}
		s += n;
		while (*s == '/')
			s++;
	}
	const char *slash = strrchr(base_file, '/');
	char *dir = slash ? xstrndup(base_file, (size_t)(slash - base_file)) : xstrdup(".");
	char *full = xasprintf("%s/%s", dir, rel);
	struct stat st;
	char *rdir = NULL, *rfull = NULL;
	if (stat(full, &st) != 0) {
		*why = strerror(errno);
	} else if (!S_ISREG(st.st_mode)) {
		*why = "not a regular file";
	} else if (!(rdir = realpath(dir, NULL)) || !(rfull = realpath(full, NULL))) {
		*why = strerror(errno);
	} else {
		size_t n = strlen(rdir);
		if (strncmp(rfull, rdir, n) != 0 || (rfull[n] != '/' && strcmp(rdir, "/") != 0))
			*why = "a symbolic link leads out of the folder of the pack or template";
	}
	free(rdir);
	free(rfull);
	free(dir);
	if (*why) {
		free(full);
		return NULL;
	}
	return full;
}

size_t str_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	if (la > 32 || lb > 32)
		return 99;
	size_t d[33][33];
	for (size_t i = 0; i <= la; i++)
		d[i][0] = i;
	for (size_t j = 0; j <= lb; j++)
		d[0][j] = j;
	for (size_t i = 1; i <= la; i++)
		for (size_t j = 1; j <= lb; j++) {
			size_t c = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
			if (d[i - 1][j] + 1 < c)
				c = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < c)
				c = d[i][j - 1] + 1;
			/* two neighbours swapped ("biuld") count as one edit */
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
			    d[i - 2][j - 2] + 1 < c)
				c = d[i - 2][j - 2] + 1;
			d[i][j] = c;
		}
	return d[la][lb];
}

const char *closest_word(const char *word, const char *const *known)
{
	const char *best = NULL;
	size_t bd = 3, n = strlen(word), prefixed = 0;
	for (size_t i = 0; n >= 3 && known[i]; i++)  /* "domino": "domino-trains" */
		if (strncmp(known[i], word, n) == 0 && prefixed++ == 0)
			best = known[i];
	if (prefixed == 1)
		return best;
	best = NULL;
	size_t blen = 0;  /* of equals, the nearest in length */
	for (size_t i = 0; known[i]; i++) {
		size_t d = str_distance(word, known[i]), l = strlen(known[i]);
		size_t dl = l > n ? l - n : n - l;
		if (d < bd || (d == bd && best && dl < blen)) {
			bd = d;
			best = known[i];
			blen = dl;
		}
	}
	return best;
}

size_t random_fill(void *buf, size_t n)
{
	unsigned char *p = buf;
	size_t got = 0;
	while (got < n) {
		ssize_t k = getrandom(p + got, n - got, 0);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			break;
		got += (size_t)k;
	}
	return got;
}

/* live.c: railyard serve's model: the parts of a pack, built through the
 * ordinary commands, their pictures, messages and files, and the state the
 * page reads (live.h). */
#define _XOPEN_SOURCE 700  /* realpath, nftw */
#include "live.h"

#include <errno.h>
#include <ftw.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "diag.h"
#include "draw.h"
#include "live_page.h"
#include "output.h"
#include "pngenc.h"
#include "trust.h"
#include "util.h"
#include "watch.h"

/* Pictures at twice a CSS pixel's 96 dpi, sharp on a high-density screen and
 * shown at their size in mm on any other. */
#define SCREEN_DPI 192.0
/* The messages one part keeps, and the pictures (a 10,000-card pack is
 * previewed by its first 1,000: about 100 MB of PNG at most). */
#define MAX_MSGS 500
#define MAX_SHOTS 1000

struct snap {
	char *path;
	struct timespec mtime;
	off_t size;
	mode_t mode;
	bool exists;
};

struct shot {
	char *file, *label;
	unsigned char *png;
	size_t len;
	int w, h;
	unsigned long version;
};

struct msg {
	enum severity sev;
	char *file, *text;
	unsigned line, col;
};

struct part {
	const char *name, *title, *only;   /* only NULL: the check */
	struct snap *files;
	size_t nfiles;
	char **drawn;                      /* the templates its pictures were drawn from */
	size_t ndrawn;
	struct shot *shots;                /* the last good pictures */
	size_t nshots, more;               /* more: pages past MAX_SHOTS, not drawn */
	struct msg *msgs;                  /* the last run's messages */
	size_t nmsgs;
	int status;
	bool ran, stale;                   /* stale: the last run failed */
	double seconds;
	char *report;                      /* the check's standard output */
};

#define NPARTS 5

struct live {
	char *pack, *dir;
	live_run_fn *run;
	struct part parts[NPARTS];
	/* the part running: what its hooks collect (from any thread) */
	pthread_mutex_t cap;
	struct shot *new_shots;
	size_t nnew, capnew, newmore;
	struct msg *new_msgs;
	size_t nnewmsgs, capnewmsgs;
	/* what live_route reads */
	pthread_mutex_t mu;
	struct live_source *sources;
	size_t nsources;
	char *state;
	unsigned long generation, version;
};

static const struct {
	const char *name, *title, *only;
} part_kinds[NPARTS] = {
	{"check", "Check", NULL},
	{"faces", "Cards and back", "faces"},
	{"placemat", "Placemat, board and setup", "placemat"},
	{"reference", "Reference", "reference"},
	{"tokens", "Tokens", "tokens"},
};

struct live *live_new(const char *pack, live_run_fn *run)
{
	const char *tmp = getenv("TMPDIR");
	char *dir = xasprintf("%s/railyard-serve.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(dir)) {
		diag(SEV_ERROR, NULL, "serve: cannot make a folder %s: %s", dir, strerror(errno));
		free(dir);
		return NULL;
	}
	struct live *l = xcalloc(1, sizeof *l);
	l->pack = xstrdup(pack);
	l->dir = dir;
	l->run = run;
	for (size_t i = 0; i < NPARTS; i++)
		l->parts[i] = (struct part){.name = part_kinds[i].name, .title = part_kinds[i].title,
					    .only = part_kinds[i].only};
	pthread_mutex_init(&l->cap, NULL);
	pthread_mutex_init(&l->mu, NULL);
	return l;
}

/* ---- what changed ---- */

static void look(struct snap *s)
{
	struct stat st;
	s->exists = lstat(s->path, &st) == 0;
	s->mtime = s->exists ? st.st_mtim : (struct timespec){0};
	s->size = s->exists ? st.st_size : 0;
	s->mode = s->exists ? st.st_mode : 0;
}

static bool drew(const struct part *p, const char *path)
{
	for (size_t i = 0; i < p->ndrawn; i++)
		if (strcmp(p->drawn[i], path) == 0)
			return true;
	return false;
}

/* Whether p's pictures do not depend on the file path it read: a template
 * another part draws from and p does not (a build reads every template of
 * the pack, whatever it draws). */
static bool not_drawn_from(const struct live *l, const struct part *p, const char *path)
{
	if (drew(p, path))
		return false;
	for (size_t i = 0; i < NPARTS; i++)
		if (&l->parts[i] != p && drew(&l->parts[i], path))
			return true;
	return false;
}

/* The first file p depends on that changed since p ran, or NULL. */
static const char *part_changed(const struct live *l, const struct part *p)
{
	for (size_t i = 0; i < p->nfiles; i++) {
		if (not_drawn_from(l, p, p->files[i].path))
			continue;
		struct snap now = {.path = p->files[i].path}, *was = &p->files[i];
		look(&now);
		if (now.exists != was->exists || now.size != was->size || now.mode != was->mode ||
		    now.mtime.tv_sec != was->mtime.tv_sec || now.mtime.tv_nsec != was->mtime.tv_nsec)
			return was->path;
	}
	return NULL;
}

bool live_changed(struct live *l)
{
	for (size_t i = 0; i < NPARTS; i++)
		if (!l->parts[i].ran || part_changed(l, &l->parts[i]))
			return true;
	return false;
}

/* ---- the hooks of a running part ---- */

static void on_shot(void *user, const struct pdfw_shot *s)
{
	struct live *l = user;
	pthread_mutex_lock(&l->cap);
	bool full = l->nnew >= MAX_SHOTS;
	l->newmore += full;
	pthread_mutex_unlock(&l->cap);
	if (full)
		return;
	struct png_buf png = {0};
	png_encode(s->image, SCREEN_DPI, false, &png);
	pthread_mutex_lock(&l->cap);
	l->new_shots = xgrow(l->new_shots, &l->capnew, l->nnew + 1, sizeof *l->new_shots);
	l->new_shots[l->nnew++] = (struct shot){
		.file = xstrdup(s->file), .label = s->label ? xstrdup(s->label) : NULL, .png = png.data,
		.len = png.len, .w = cairo_image_surface_get_width(s->image),
		.h = cairo_image_surface_get_height(s->image)};
	pthread_mutex_unlock(&l->cap);
}

static void on_diag(void *user, enum severity sev, const struct loc *loc, const char *text)
{
	struct live *l = user;
	pthread_mutex_lock(&l->cap);
	if (l->nnewmsgs < MAX_MSGS) {
		l->new_msgs = xgrow(l->new_msgs, &l->capnewmsgs, l->nnewmsgs + 1, sizeof *l->new_msgs);
		l->new_msgs[l->nnewmsgs++] = (struct msg){
			sev, loc && loc->file ? xstrdup(loc->file) : NULL, xstrdup(text),
			loc ? loc->line : 0, loc ? loc->col : 0};
	}
	pthread_mutex_unlock(&l->cap);
}

static void free_shots(struct shot *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(v[i].file);
		free(v[i].label);
		free(v[i].png);
	}
	free(v);
}

static void free_msgs(struct msg *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(v[i].file);
		free(v[i].text);
	}
	free(v);
}

/* ---- running a part ---- */

/* Run argv with standard output into a temporary file; its first 64 KiB in
 * *out (caller frees). */
static int run_captured(struct live *l, int argc, char **argv, char **out)
{
	fflush(stdout);
	FILE *tmp = tmpfile();
	int saved = tmp ? dup(STDOUT_FILENO) : -1;
	if (saved < 0 || dup2(fileno(tmp), STDOUT_FILENO) < 0) {
		if (saved >= 0)
			close(saved);
		if (tmp)
			fclose(tmp);
		*out = NULL;
		return l->run(argc, argv);
	}
	int status = l->run(argc, argv);
	fflush(stdout);
	dup2(saved, STDOUT_FILENO);
	close(saved);
	struct buf b = {0};
	char chunk[4096];
	size_t n;
	rewind(tmp);
	while (b.len < 65536 && (n = fread(chunk, 1, sizeof chunk, tmp)) > 0)
		buf_add(&b, chunk, n);
	fclose(tmp);
	*out = b.s ? b.s : xstrdup("");
	return status;
}

static void free_drawn(struct part *p)
{
	for (size_t i = 0; i < p->ndrawn; i++)
		free(p->drawn[i]);
	free(p->drawn);
	p->drawn = NULL;
	p->ndrawn = 0;
}

/* The files the part just read, as they are now, and (when it succeeded:
 * a failed build draws nothing) the templates it drew from. */
static void keep_files(struct part *p, int status)
{
	if (status == 0 || !p->ndrawn) {
		free_drawn(p);
		p->ndrawn = watch_drawn_count();
		p->drawn = xcalloc(p->ndrawn + 1, sizeof *p->drawn);
		for (size_t i = 0; i < p->ndrawn; i++)
			p->drawn[i] = xstrdup(watch_drawn_at(i));
	}
	for (size_t i = 0; i < p->nfiles; i++)
		free(p->files[i].path);
	free(p->files);
	p->nfiles = watch_count();
	p->files = xcalloc(p->nfiles + 1, sizeof *p->files);
	for (size_t i = 0; i < p->nfiles; i++) {
		p->files[i].path = xstrdup(watch_noted(i));
		look(&p->files[i]);
	}
}

/* The new pictures of p in place of the old: a picture whose bytes did not
 * change keeps its version (the page does not load it again). */
static void keep_shots(struct live *l, struct part *p)
{
	for (size_t i = 0; i < l->nnew; i++) {
		struct shot *s = &l->new_shots[i];
		bool same = i < p->nshots && p->shots[i].len == s->len && memcmp(p->shots[i].png, s->png, s->len) == 0;
		s->version = same ? p->shots[i].version : ++l->version;
	}
	free_shots(p->shots, p->nshots);
	p->shots = l->new_shots;
	p->nshots = l->nnew;
	p->more = l->newmore;
	l->new_shots = NULL;
	l->nnew = l->capnew = 0;
}

/* The arguments of p's command. */
static int part_argv(const struct live *l, const struct part *p, char **argv)
{
	static char check[] = "check", build[] = "build", quiet[] = "-q", force[] = "--force",
		    preview[] = "--preview", o[] = "-o", only[] = "--only";
	int n = 0;
	argv[n++] = p->only ? build : check;
	argv[n++] = quiet;
	if (p->only) {
		argv[n++] = force;
		argv[n++] = preview;
		argv[n++] = o;
		argv[n++] = l->dir;
		argv[n++] = only;
		argv[n++] = (char *)p->only;
	}
	argv[n++] = l->pack;
	argv[n] = NULL;
	return n;
}

static void run_part(struct live *l, struct part *p)
{
	char *argv[12];
	int argc = part_argv(l, p, argv);
	FILE *null = fopen("/dev/null", "w");
	diag_set_stream(null);
	diag_set_hook(on_diag, l);
	pdfw_set_screen(SCREEN_DPI, on_shot, l);
	watch_record(true);
	watch_note(l->pack);
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	char *report = NULL;
	int status = p->only ? l->run(argc, argv) : run_captured(l, argc, argv, &report);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	pdfw_set_screen(0, NULL, NULL);
	diag_set_hook(NULL, NULL);
	diag_reset();
	diag_set_stream(NULL);
	if (null)
		fclose(null);
	pthread_mutex_lock(&l->mu);
	keep_files(p, status);
	watch_record(false);
	p->ran = true;
	p->status = status;
	p->seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	p->stale = p->only && status != 0;
	if (p->only && status == 0)
		keep_shots(l, p);
	free_shots(l->new_shots, l->nnew);
	l->new_shots = NULL;
	l->nnew = l->capnew = l->newmore = 0;
	free_msgs(p->msgs, p->nmsgs);
	p->msgs = l->new_msgs;
	p->nmsgs = l->nnewmsgs;
	l->new_msgs = NULL;
	l->nnewmsgs = l->capnewmsgs = 0;
	if (!p->only) {
		free(p->report);
		p->report = report;
	}
	pthread_mutex_unlock(&l->mu);
}

/* ---- the sources the page may show ---- */

/* Whether name is a text file a pack names (YAML or CSV). */
static bool text_source(const char *name)
{
	size_t n = strlen(name);
	return (n > 5 && strcmp(name + n - 5, ".yaml") == 0) || (n > 4 && strcmp(name + n - 4, ".yml") == 0) ||
	       (n > 4 && strcmp(name + n - 4, ".csv") == 0);
}

static void add_source(struct live *l, size_t *cap, const char *name)
{
	if (!text_source(name))
		return;
	for (size_t i = 0; i < l->nsources; i++)
		if (strcmp(l->sources[i].name, name) == 0)
			return;
	char *real = trust_quiet(name);   /* inside the pack's folder or the template path */
	if (!real)
		return;
	l->sources = xgrow(l->sources, cap, l->nsources + 1, sizeof *l->sources);
	l->sources[l->nsources++] = (struct live_source){xstrdup(name), real};
}

/* The sources: the pack, then every YAML or CSV file a part read that lies in
 * the trusted folders (the pack's, the template path). Under l->mu. */
static void find_sources(struct live *l)
{
	for (size_t i = 0; i < l->nsources; i++) {
		free(l->sources[i].name);
		free(l->sources[i].real);
	}
	free(l->sources);
	l->sources = NULL;
	l->nsources = 0;
	size_t cap = 0;
	trust_set_pack(l->pack);
	add_source(l, &cap, l->pack);
	for (size_t i = 0; i < NPARTS; i++)
		for (size_t k = 0; k < l->parts[i].nfiles; k++)
			add_source(l, &cap, l->parts[i].files[k].path);
	trust_set_pack(NULL);
}

/* The source a message's file is, or -1. */
static long source_of(const struct live *l, const char *file)
{
	if (!file)
		return -1;
	for (size_t i = 0; i < l->nsources; i++)
		if (strcmp(l->sources[i].name, file) == 0)
			return (long)i;
	char *real = realpath(file, NULL);
	long found = -1;
	for (size_t i = 0; real && found < 0 && i < l->nsources; i++)
		if (strcmp(l->sources[i].real, real) == 0)
			found = (long)i;
	free(real);
	return found;
}

/* ---- the state, as JSON ---- */

static void json_string(struct buf *b, const char *s)
{
	buf_puts(b, "\"");
	for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p; p++) {
		if (*p == '"' || *p == '\\')
			buf_printf(b, "\\%c", *p);
		else if (*p < 0x20 || *p == 0x7f)
			buf_printf(b, "\\u%04x", *p);
		else if (*p == '<')   /* never "</script>" or a comment in any page */
			buf_puts(b, "\\u003c");
		else
			buf_add(b, (const char *)p, 1);
	}
	buf_puts(b, "\"");
}

static const char *const sev_names[] = {"note", "warning", "error"};

/* Whether message m of part pi was already listed by an earlier part or
 * earlier in the same part. */
static bool listed(const struct live *l, size_t pi, size_t mi)
{
	const struct msg *m = &l->parts[pi].msgs[mi];
	for (size_t i = 0; i <= pi; i++)
		for (size_t k = 0; k < (i == pi ? mi : l->parts[i].nmsgs); k++) {
			const struct msg *o = &l->parts[i].msgs[k];
			if (o->sev == m->sev && o->line == m->line && o->col == m->col && !strcmp(o->text, m->text) &&
			    ((!o->file && !m->file) || (o->file && m->file && !strcmp(o->file, m->file))))
				return true;
		}
	return false;
}

/* A build made with --force warns that it was: the check's own messages say why. */
static bool forced_note(const struct part *p, const struct msg *m)
{
	return p->only && m->sev == SEV_WARNING && strstr(m->text, "built with --force");
}

static void json_messages(const struct live *l, struct buf *b, unsigned counts[3])
{
	buf_puts(b, "\"messages\":[");
	bool first = true;
	for (size_t i = 0; i < NPARTS; i++)
		for (size_t k = 0; k < l->parts[i].nmsgs; k++) {
			const struct msg *m = &l->parts[i].msgs[k];
			if (forced_note(&l->parts[i], m) || listed(l, i, k))
				continue;
			counts[m->sev]++;
			buf_printf(b, "%s{\"severity\":\"%s\",\"part\":\"%s\",\"file\":", first ? "" : ",",
				   sev_names[m->sev], l->parts[i].name);
			json_string(b, m->file);
			buf_printf(b, ",\"source\":%ld,\"line\":%u,\"col\":%u,\"text\":", source_of(l, m->file),
				   m->line, m->col);
			json_string(b, m->text);
			buf_puts(b, "}");
			first = false;
		}
	buf_puts(b, "]");
}

static void json_part(const struct part *p, struct buf *b)
{
	buf_puts(b, "{\"name\":");
	json_string(b, p->name);
	buf_puts(b, ",\"title\":");
	json_string(b, p->title);
	buf_printf(b, ",\"ok\":%s,\"stale\":%s,\"seconds\":%.3f,\"more\":%zu,\"items\":[",
		   p->status == 0 ? "true" : "false", p->stale ? "true" : "false", p->seconds, p->more);
	for (size_t i = 0; i < p->nshots; i++) {
		const struct shot *s = &p->shots[i];
		buf_printf(b, "%s{\"src\":\"img/%s/%zu.png?v=%lu\",\"w\":%d,\"h\":%d,\"file\":", i ? "," : "", p->name,
			   i, s->version, s->w, s->h);
		json_string(b, s->file);
		buf_puts(b, ",\"label\":");
		json_string(b, s->label);
		buf_puts(b, "}");
	}
	buf_puts(b, "]}");
}

static const char *verdict(const struct part *check)
{
	return !check->ran ? "unknown" : check->status == 0 ? "sound" : check->status == 1 ? "broken" : "invalid";
}

/* l->state anew, from the parts. Under l->mu. */
static void publish(struct live *l)
{
	struct buf b = {0};
	unsigned counts[3] = {0};
	buf_printf(&b, "{\"generation\":%lu,\"pack\":", l->generation);
	json_string(&b, l->pack);
	buf_printf(&b, ",\"verdict\":\"%s\",\"report\":", verdict(&l->parts[0]));
	json_string(&b, l->parts[0].report);
	buf_puts(&b, ",");
	json_messages(l, &b, counts);
	buf_printf(&b, ",\"errors\":%u,\"warnings\":%u,\"parts\":[", counts[SEV_ERROR], counts[SEV_WARNING]);
	bool first = true;
	for (size_t i = 1; i < NPARTS; i++) {
		const struct part *p = &l->parts[i];
		if (!p->nshots && !p->stale)
			continue;   /* the game has nothing of this part */
		buf_puts(&b, first ? "" : ",");
		json_part(p, &b);
		first = false;
	}
	buf_puts(&b, "],\"sources\":[");
	for (size_t i = 0; i < l->nsources; i++) {
		buf_printf(&b, "%s{\"id\":%zu,\"name\":", i ? "," : "", i);
		json_string(&b, l->sources[i].name);
		buf_puts(&b, "}");
	}
	buf_puts(&b, "]}");
	free(l->state);
	l->state = b.s;
}

int live_update(struct live *l, bool quiet)
{
	const char *why = NULL;
	bool run[NPARTS];
	int n = 0;
	for (size_t i = 0; i < NPARTS; i++) {
		const char *what = l->parts[i].ran ? part_changed(l, &l->parts[i]) : "";
		run[i] = what != NULL;
		if (what && *what && !why)
			why = what;
	}
	char *changed = why ? xstrdup(why) : NULL;
	struct buf names = {0};
	double seconds = 0;
	for (size_t i = 0; i < NPARTS; i++) {
		if (!run[i])
			continue;
		run_part(l, &l->parts[i]);
		buf_printf(&names, "%s%s%s", n ? ", " : "", l->parts[i].name, l->parts[i].stale ? " (failed)" : "");
		seconds += l->parts[i].seconds;
		n++;
	}
	if (n) {
		pthread_mutex_lock(&l->mu);
		l->generation++;
		find_sources(l);
		publish(l);
		pthread_mutex_unlock(&l->mu);
	}
	if (n && !quiet)
		fprintf(stderr, "railyard: serve: %s%s%s %s in %.2f s: check says %s\n", changed ? changed : "",
			changed ? " changed: " : "", changed ? "rebuilt" : "built", names.s, seconds,
			verdict(&l->parts[0]));
	free(changed);
	buf_free(&names);
	return n;
}

unsigned long live_generation(struct live *l)
{
	pthread_mutex_lock(&l->mu);
	unsigned long g = l->generation;
	pthread_mutex_unlock(&l->mu);
	return g;
}

/* ---- the routes ---- */

static bool reply_copy(struct serve_reply *r, const void *data, size_t len, const char *type)
{
	r->body = xmalloc(len + 1);
	memcpy(r->body, data, len);
	r->body[len] = '\0';
	r->len = len;
	r->type = type;
	return true;
}

/* "img/PART/N.png": that picture. Under l->mu. */
static bool route_image(struct live *l, const char *path, struct serve_reply *r)
{
	for (size_t i = 1; i < NPARTS; i++) {
		const struct part *p = &l->parts[i];
		size_t n = strlen(p->name);
		if (strncmp(path, p->name, n) != 0 || path[n] != '/')
			continue;
		char *end;
		errno = 0;
		unsigned long k = strtoul(path + n + 1, &end, 10);
		if (errno || end == path + n + 1 || strcmp(end, ".png") != 0 || k >= p->nshots)
			return false;
		return reply_copy(r, p->shots[k].png, p->shots[k].len, "image/png");
	}
	return false;
}

/* "src/N": source N as numbered lines with the messages at their lines. Under l->mu. */
static bool route_source(struct live *l, const char *path, struct serve_reply *r)
{
	char *end;
	errno = 0;
	unsigned long k = strtoul(path, &end, 10);
	if (errno || end == path || *end || k >= l->nsources)
		return false;
	size_t nmarks = 0;
	struct live_mark *marks = xcalloc(NPARTS * MAX_MSGS + 1, sizeof *marks);
	for (size_t i = 0; i < NPARTS; i++)
		for (size_t m = 0; m < l->parts[i].nmsgs; m++) {
			const struct msg *g = &l->parts[i].msgs[m];
			if (g->line && !forced_note(&l->parts[i], g) && !listed(l, i, m) && source_of(l, g->file) == (long)k)
				marks[nmarks++] = (struct live_mark){g->line, g->col, sev_names[g->sev], g->text};
		}
	r->body = live_page_source(&l->sources[k], marks, nmarks, &r->len);
	r->type = "text/html; charset=utf-8";
	free(marks);
	return true;
}

bool live_route(void *user, const char *path, struct serve_reply *r)
{
	struct live *l = user;
	if (strcmp(path, "") == 0)
		return reply_copy(r, live_page_html, strlen(live_page_html), "text/html; charset=utf-8");
	if (strcmp(path, "app.js") == 0)
		return reply_copy(r, live_page_js, strlen(live_page_js), "text/javascript; charset=utf-8");
	if (strcmp(path, "style.css") == 0)
		return reply_copy(r, live_page_css, strlen(live_page_css), "text/css; charset=utf-8");
	pthread_mutex_lock(&l->mu);
	bool ok = false;
	if (strcmp(path, "state.json") == 0 && l->state)
		ok = reply_copy(r, l->state, strlen(l->state), "application/json");
	else if (strncmp(path, "img/", 4) == 0)
		ok = route_image(l, path + 4, r);
	else if (strncmp(path, "src/", 4) == 0)
		ok = route_source(l, path + 4, r);
	pthread_mutex_unlock(&l->mu);
	return ok;
}

/* ---- the end ---- */

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	remove(path);
	return 0;
}

void live_free(struct live *l)
{
	if (!l)
		return;
	nftw(l->dir, remove_one, 16, FTW_DEPTH | FTW_PHYS);
	for (size_t i = 0; i < NPARTS; i++) {
		struct part *p = &l->parts[i];
		for (size_t k = 0; k < p->nfiles; k++)
			free(p->files[k].path);
		free(p->files);
		free_drawn(p);
		free_shots(p->shots, p->nshots);
		free_msgs(p->msgs, p->nmsgs);
		free(p->report);
	}
	for (size_t i = 0; i < l->nsources; i++) {
		free(l->sources[i].name);
		free(l->sources[i].real);
	}
	free(l->sources);
	free(l->state);
	pthread_mutex_destroy(&l->cap);
	pthread_mutex_destroy(&l->mu);
	free(l->pack);
	free(l->dir);
	free(l);
}

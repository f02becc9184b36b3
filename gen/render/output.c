/* output.c: the thin writers around draw.c. PDF (Cairo, then libqpdf adds the
 * TrimBox and BleedBox Cairo 1.16 cannot write), SVG in millimetres, PNG at a dpi;
 * every file is written under a temporary name and renamed into place. */
#include "draw.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <math.h>
#include <qpdf/qpdf-c.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "diag.h"
#include "image.h"
#include "pdfx.h"
#include "pngenc.h"
#include "names.h"
#include "output.h"
#include "util.h"

/* ---- temporary files ---- */

/* The clean-up list: the paths of the temporary files being written, in fixed
 * storage so that the signal handler only reads memory that is never freed, and
 * a state per slot (0 free, 1 being filled, 2 live) changed atomically, so that
 * threads may register files too. */
#define LIVE_MAX 64
static char live_path[LIVE_MAX][PATH_MAX];
static atomic_int live_state[LIVE_MAX];
static void (*volatile sig_hook)(void);  /* output_on_signal */

void output_cleanup(void)
{
	if (sig_hook)
		sig_hook();
	for (size_t i = 0; i < LIVE_MAX; i++)
		if (atomic_load(&live_state[i]) == 2)
			unlink(live_path[i]);
}

/* On SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGUSR1 or SIGALRM: remove every live
 * temporary file (unlink is async-signal-safe), then die of the signal as if
 * unhandled. */
static void on_signal(int sig)
{
	int e = errno;
	output_cleanup();
	signal(sig, SIG_DFL);
	raise(sig);
	errno = e;
}

static void install_handlers(void)
{
	static atomic_flag installed = ATOMIC_FLAG_INIT;
	if (atomic_flag_test_and_set(&installed))
		return;
	struct sigaction sa = {.sa_handler = on_signal};
	sigemptyset(&sa.sa_mask);
	/* Installed even over an ignored SIGINT (a shell's background job), so a
	 * kill always cleans up. */
	for (const int *s = (const int[]){SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGUSR1, SIGALRM, 0}; *s; s++)
		sigaction(*s, &sa, NULL);
}

void output_on_signal(void (*fn)(void))
{
	sig_hook = fn;
	install_handlers();
}

/* Register path; returns its slot, or -1 when the list is full or path too long. */
static int live_add(const char *path)
{
	size_t n = strlen(path);
	if (n >= PATH_MAX)
		return -1;
	install_handlers();
	for (int i = 0; i < LIVE_MAX; i++) {
		int want = 0;
		if (atomic_compare_exchange_strong(&live_state[i], &want, 1)) {
			memcpy(live_path[i], path, n + 1);
			atomic_store(&live_state[i], 2);
			return i;
		}
	}
	return -1;
}

static void live_remove(int slot)
{
	if (slot >= 0)
		atomic_store(&live_state[slot], 0);
}

/* name with its folder part replaced by nothing: "a/b/c.pdf" -> "c.pdf". */
static const char *base_name(const char *path)
{
	const char *b = strrchr(path, '/');
	return b ? b + 1 : path;
}

/* A temporary path beside path: ".NAME.<12 random characters>.tmp" in its folder. */
static char *random_temp(const char *path)
{
	static const char abc[] = "abcdefghijklmnopqrstuvwxyz0123456789";
	unsigned char r[12];
	size_t got = random_fill(r, sizeof r);
	if (got < sizeof r) {
		/* No getrandom (an old kernel): mix what the process has at hand; O_EXCL
		 * still makes a guessed name fail rather than be followed. */
		struct timespec ts;
		clock_gettime(CLOCK_REALTIME, &ts);
		uint64_t x = (uint64_t)ts.tv_nsec ^ ((uint64_t)ts.tv_sec << 20) ^
			     ((uint64_t)getpid() << 40) ^ (uint64_t)(uintptr_t)&ts;
		for (size_t i = 0; i < sizeof r; i++) {
			x = x * 6364136223846793005ULL + 1442695040888963407ULL;
			r[i] = (unsigned char)(x >> 56);
		}
	}
	char rnd[sizeof r + 1];
	for (size_t i = 0; i < sizeof r; i++)
		rnd[i] = abc[r[i] % (sizeof abc - 1)];
	rnd[sizeof r] = 0;
	const char *base = base_name(path);
	return xasprintf("%.*s.%s.%s.tmp", (int)(base - path), path, base, rnd);
}

/* Refuse a symbolic link at the final path: it would be replaced by a file
 * the user may have meant to go elsewhere, and a planted one must not be kept. */
static int refuse_link(const char *path)
{
	struct stat st;
	if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode)) {
		diag(SEV_ERROR, NULL, "cannot write %s: it is a symbolic link (not followed, not replaced)",
		     path);
		return -1;
	}
	return 0;
}

int out_tmp_open(const char *dir, const char *final_name, struct out_tmp *t)
{
	*t = (struct out_tmp){.slot = -1};
	char *path = dir ? xasprintf("%s%s%s", dir, path_sep(dir), final_name) : xstrdup(final_name);
	if (refuse_link(path) != 0) {
		free(path);
		errno = ELOOP;
		return -1;
	}
	for (int tries = 0; tries < 100; tries++) {
		char *tmp = random_temp(path);
		int fd = open(tmp, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
		if (fd < 0) {
			int e = errno;
			free(tmp);
			if (e == EEXIST)
				continue;
			diag(SEV_ERROR, NULL, "cannot write %s: %s", path, strerror(e));
			free(path);
			errno = e;
			return -1;
		}
		t->slot = live_add(tmp);
		if (t->slot < 0 || !(t->f = fdopen(fd, "w+b"))) {
			diag(SEV_ERROR, NULL, "cannot write %s: %s", path,
			     t->slot < 0 ? "too many files open at once" : strerror(errno));
			unlink(tmp);
			close(fd);
			live_remove(t->slot);
			free(tmp);
			free(path);
			*t = (struct out_tmp){.slot = -1};
			return -1;
		}
		t->path = path;
		t->tmp = tmp;
		return 0;
	}
	diag(SEV_ERROR, NULL, "cannot write %s: no free temporary name", path);
	free(path);
	return -1;
}

/* A path naming the open temporary file itself, not its name in the folder
 * (/proc/self/fd/N where there is one), for libraries that only take paths.
 * Caller frees. */
static char *out_tmp_fdpath(const struct out_tmp *t)
{
	char *p = xasprintf("/proc/self/fd/%d", fileno(t->f));
	if (access(p, F_OK) == 0)
		return p;
	free(p);
	return xstrdup(t->tmp);
}

static void out_tmp_release(struct out_tmp *t)
{
	live_remove(t->slot);
	free(t->tmp);
	free(t->path);
	*t = (struct out_tmp){.slot = -1};
}

int out_tmp_commit(struct out_tmp *t)
{
	int e = 0;
	if (fflush(t->f) != 0 || ferror(t->f))
		e = errno ? errno : EIO;
	if (!e && fsync(fileno(t->f)) != 0 && errno != EINVAL)
		e = errno;
	if (fclose(t->f) != 0 && !e)
		e = errno;
	t->f = NULL;
	if (!e && refuse_link(t->path) != 0)
		e = -1;
	else if (!e && rename(t->tmp, t->path) != 0)
		e = errno;
	if (e) {
		if (e > 0)
			diag(SEV_ERROR, NULL, "cannot write %s: %s", t->path, strerror(e));
		unlink(t->tmp);
		out_tmp_release(t);
		errno = e > 0 ? e : ELOOP;
		return -1;
	}
	out_tmp_release(t);
	return 0;
}

void out_tmp_abort(struct out_tmp *t)
{
	if (!t->tmp)
		return;
	if (t->f)
		fclose(t->f);
	unlink(t->tmp);
	out_tmp_release(t);
}

/* Cairo writes every file through this callback onto the temporary file's
 * stream; errno of a failed write is kept for the message. */
static _Thread_local int write_errno;

static cairo_status_t write_stream(void *closure, const unsigned char *data, unsigned int length)
{
	if (fwrite(data, 1, length, closure) == length)
		return CAIRO_STATUS_SUCCESS;
	write_errno = errno;
	return CAIRO_STATUS_WRITE_ERROR;
}

/* The reason a surface failed: the system's, when a write to f failed. */
static const char *stream_error(cairo_status_t st, FILE *f)
{
	if (st == CAIRO_STATUS_WRITE_ERROR && ferror(f) && write_errno)
		return strerror(write_errno);
	return cairo_status_to_string(st);
}

/* The PDF dates: SOURCE_DATE_EPOCH when set (reproducible builds), else a fixed
 * date, so a rerun is byte-identical. */
static void pdf_date(char out[32])
{
	time_t t = 946684800; /* 2000-01-01T00:00:00Z */
	const char *s = getenv("SOURCE_DATE_EPOCH");
	long v;
	if (s && parse_int(s, 0, 253402300799L, &v) == 0)
		t = (time_t)v;
	struct tm tm;
	gmtime_r(&t, &tm);
	strftime(out, 32, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

struct page_box {
	float w, h, bleed;  /* pt */
	char *label;        /* page label, or NULL */
	char *item;         /* the item in words for messages, or NULL */
};

struct pdfw {
	struct out_tmp out;
	cairo_surface_t *surface;
	cairo_t *cr;
	struct page_box *pages;
	size_t npages, cap;
	bool boxes, labels;
	cairo_surface_t *shot;   /* the page's screen image (pdfw_set_screen), or NULL */
	cairo_t *shot_cr;
};

static struct {
	double dpi;
	void (*fn)(void *user, const struct pdfw_shot *shot);
	void *user;
} screen;

void pdfw_set_screen(double dpi, void (*fn)(void *user, const struct pdfw_shot *shot), void *user)
{
	screen.dpi = dpi;
	screen.fn = fn;
	screen.user = user;
}

bool pdfw_screen(void)
{
	return screen.fn != NULL;
}

/* The screen image of a page of w x h mm (trim), white, at the screen's dpi, at most
 * 40 million pixels (a larger page is drawn at a lower dpi); its context
 * scaled to mm with the origin at the trim corner. */
static cairo_t *shot_begin(struct pdfw *w, double wmm, double hmm)
{
	double dpi = screen.dpi, px = wmm * hmm * (dpi / 25.4) * (dpi / 25.4);
	if (px > 40e6)
		dpi *= sqrt(40e6 / px);
	int iw = (int)ceil(wmm * dpi / 25.4), ih = (int)ceil(hmm * dpi / 25.4);
	w->shot = cairo_image_surface_create(CAIRO_FORMAT_RGB24, iw > 0 ? iw : 1, ih > 0 ? ih : 1);
	w->shot_cr = cairo_create(w->shot);
	cairo_set_source_rgb(w->shot_cr, 1, 1, 1);
	cairo_paint(w->shot_cr);
	cairo_scale(w->shot_cr, dpi / 25.4, dpi / 25.4);
	return w->shot_cr;
}

/* The finished screen image of the current page to the hook, then dropped. */
static void shot_end(struct pdfw *w)
{
	cairo_destroy(w->shot_cr);
	cairo_surface_flush(w->shot);
	const struct page_box *pb = &w->pages[w->npages - 1];
	const char *slash = strrchr(w->out.path, '/');
	struct pdfw_shot shot = {slash ? slash + 1 : w->out.path, pb->label, pb->item, w->npages - 1,
				 w->shot};
	if (screen.fn)
		screen.fn(screen.user, &shot);
	cairo_surface_destroy(w->shot);
	w->shot = NULL;
	w->shot_cr = NULL;
}

struct pdfw *pdfw_open(const char *path)
{
	struct pdfw *w = xcalloc(1, sizeof *w);
	if (out_tmp_open(NULL, path, &w->out) != 0) {
		free(w);
		return NULL;
	}
	w->surface = cairo_pdf_surface_create_for_stream(write_stream, w->out.f, 595, 842);
	if (cairo_surface_status(w->surface) != CAIRO_STATUS_SUCCESS) {
		diag(SEV_ERROR, NULL, "cannot write %s: %s", path,
		     cairo_status_to_string(cairo_surface_status(w->surface)));
		cairo_surface_destroy(w->surface);
		out_tmp_abort(&w->out);
		free(w);
		return NULL;
	}
	char date[32];
	pdf_date(date);
	cairo_pdf_surface_set_metadata(w->surface, CAIRO_PDF_METADATA_CREATE_DATE, date);
	cairo_pdf_surface_set_metadata(w->surface, CAIRO_PDF_METADATA_MOD_DATE, date);
	cairo_pdf_surface_set_metadata(w->surface, CAIRO_PDF_METADATA_CREATOR,
				       "railyard " RAILYARD_VERSION);
	w->cr = cairo_create(w->surface);
	return w;
}

cairo_t *pdfw_page(struct pdfw *w, double wmm, double hmm, double bleed, const char *label)
{
	double wpt = wmm * PT_PER_MM, hpt = hmm * PT_PER_MM;
	cairo_pdf_surface_set_size(w->surface, wpt, hpt);
	/* Labels are written by the incremental update: Cairo 1.16's
	 * cairo_pdf_surface_set_page_label puts them on the wrong pages. */
	if (label)
		w->labels = true;
	w->pages = xgrow(w->pages, &w->cap, w->npages + 1, sizeof *w->pages);
	w->pages[w->npages++] = (struct page_box){(float)wpt, (float)hpt, (float)(bleed * PT_PER_MM),
						   label ? xstrdup(label) : NULL, NULL};
	if (bleed > 0)
		w->boxes = true;
	if (screen.fn)
		return shot_begin(w, wmm - 2 * bleed, hmm - 2 * bleed);
	cairo_identity_matrix(w->cr);
	cairo_scale(w->cr, PT_PER_MM, PT_PER_MM);
	cairo_translate(w->cr, bleed, bleed);
	cairo_new_path(w->cr);
	return w->cr;
}

void pdfw_item(struct pdfw *w, const char *item)
{
	if (w->npages) {
		free(w->pages[w->npages - 1].item);
		w->pages[w->npages - 1].item = xstrdup(item);
	}
}

void pdfw_end_page(struct pdfw *w)
{
	if (w->shot)
		shot_end(w);
	cairo_show_page(w->cr);
}

static void pdfw_release(struct pdfw *w)
{
	if (w->shot_cr)
		cairo_destroy(w->shot_cr);
	if (w->shot)
		cairo_surface_destroy(w->shot);
	if (w->cr)
		cairo_destroy(w->cr);
	if (w->surface)
		cairo_surface_destroy(w->surface);
	for (size_t i = 0; i < w->npages; i++) {
		free(w->pages[i].label);
		free(w->pages[i].item);
	}
	free(w->pages);
	out_tmp_abort(&w->out);
	free(w);
}

void pdfw_abort(struct pdfw *w)
{
	if (!w)
		return;
	cairo_destroy(w->cr);
	w->cr = NULL;
	cairo_surface_finish(w->surface);
	pdfw_release(w);
}

static int qpdf_failed(qpdf_data q, const char *what, const char *path)
{
	if (!qpdf_has_error(q))
		return 0;
	qpdf_error e = qpdf_get_error(q);
	diag(SEV_ERROR, NULL, "%s %s: %s", what, path, qpdf_get_error_full_text(q, e));
	return -1;
}

/* The page-label number tree, "<< /Nums [ ... ] >>": runs of consecutive numbers
 * share one decimal range; anything else gets its own prefix-only range. */
static void label_tree(const struct pdfw *w, struct buf *b)
{
	long next = -1;   /* the number the current decimal range expects next */
	buf_puts(b, "<< /Nums [");
	for (size_t i = 0; i < w->npages; i++) {
		const char *l = w->pages[i].label ? w->pages[i].label : "";
		char *e;
		long v = strtol(l, &e, 10);
		bool numeric = *l >= '1' && *l <= '9' && !*e;
		if (numeric && v == next) {
			next++;
			continue;
		}
		buf_printf(b, " %zu << ", i);
		if (numeric) {
			buf_printf(b, "/S /D /St %ld", v);
			next = v + 1;
		} else {
			buf_puts(b, "/P (");
			for (; *l; l++) {
				if (*l == '(' || *l == ')' || *l == '\\')
					buf_puts(b, "\\");
				buf_add(b, l, 1);
			}
			buf_puts(b, ")");
			next = -1;
		}
		buf_puts(b, " >>");
	}
	buf_puts(b, " ] >>");
}

/* The fallback (and RAILYARD_PDF_QPDF=1): libqpdf adds TrimBox, BleedBox and the
 * page labels and rewrites the whole file, deterministically, into out. */
static int add_boxes(const struct pdfw *w, const char *in, const char *out)
{
	qpdf_data q = qpdf_init();
	qpdf_silence_errors(q);
	int rc = 0;
	qpdf_read(q, in, NULL);
	if (qpdf_failed(q, "cannot read back", in)) {
		qpdf_cleanup(&q);
		return -1;
	}
	int n = qpdf_get_num_pages(q);
	if (n != (int)w->npages) {
		diag(SEV_ERROR, NULL, "%s: %d pages, expected %zu", in, n, w->npages);
		qpdf_cleanup(&q);
		return -1;
	}
	for (int i = 0; i < n; i++) {
		const struct page_box *b = &w->pages[i];
		if (b->bleed <= 0)
			continue;
		qpdf_oh page = qpdf_get_page_n(q, (size_t)i);
		char box[160];
		snprintf(box, sizeof box, "[%.4f %.4f %.4f %.4f]", (double)b->bleed, (double)b->bleed,
			 (double)(b->w - b->bleed), (double)(b->h - b->bleed));
		qpdf_oh_replace_key(q, page, "/TrimBox", qpdf_oh_parse(q, box));
		snprintf(box, sizeof box, "[0 0 %.4f %.4f]", (double)b->w, (double)b->h);
		qpdf_oh_replace_key(q, page, "/BleedBox", qpdf_oh_parse(q, box));
		/* Handles accumulate: drop them every so often to keep memory flat. */
		if (i % 256 == 255)
			qpdf_oh_release_all(q);
	}
	if (w->labels) {
		struct buf tree = {0};
		label_tree(w, &tree);
		qpdf_oh_replace_key(q, qpdf_get_root(q), "/PageLabels", qpdf_oh_parse(q, tree.s));
		buf_free(&tree);
	}
	if (qpdf_failed(q, "cannot add page boxes to", in)) {
		qpdf_cleanup(&q);
		return -1;
	}
	qpdf_init_write(q, out);
	qpdf_set_deterministic_ID(q, QPDF_TRUE);
	qpdf_set_object_stream_mode(q, qpdf_o_generate);
	qpdf_write(q);
	if (qpdf_failed(q, "cannot write", out))
		rc = -1;
	qpdf_cleanup(&q);
	return rc;
}

/* Cairo 1.16's PDF is regular: one classic xref table, page objects that begin
 * "N 0 obj\n<< /Type /Page % K\n". Append an incremental update that gives every
 * page with a bleed a TrimBox and a BleedBox: streaming, memory in proportion to
 * the number of pages only (a few bytes each). Returns 0, or -1 (nothing
 * reported) when the file is not as expected, and the caller falls back to qpdf. */
struct newobj {
	long num, off;
};

static char *find_mem(const char *hay, size_t n, const char *needle)
{
	size_t k = strlen(needle);
	for (size_t i = 0; i + k <= n; i++)
		if (memcmp(hay + i, needle, k) == 0)
			return (char *)hay + i;
	return NULL;
}

static int cmp_newobj(const void *a, const void *b)
{
	long x = ((const struct newobj *)a)->num, y = ((const struct newobj *)b)->num;
	return (x > y) - (x < y);
}

/* Append the page-label number tree as object tsize and a new version of the
 * catalog (object root) that points at it. */
static int write_labels(const struct pdfw *w, FILE *rd, FILE *out, long root, long root_off,
			long tsize, long *at, struct newobj **objs, size_t *nobjs, size_t *cap)
{
	char cat[4097];
	if (fseeko(rd, root_off, SEEK_SET) != 0)
		return -1;
	size_t got = fread(cat, 1, 4096, rd);
	cat[got] = 0;
	char head[64];
	int hn = snprintf(head, sizeof head, "%ld 0 obj\n<< /Type /Catalog\n", root);
	char *end = find_mem(cat, got, "endobj\n");
	if (got < (size_t)hn || memcmp(cat, head, (size_t)hn) != 0 || !end)
		return -1;
	long off = *at;
	struct buf tree = {0};
	label_tree(w, &tree);
	fprintf(out, "%ld 0 obj\n%s\nendobj\n", tsize, tree.s);
	buf_free(&tree);
	/* Offsets from the file itself (an append stream is at its end). */
	long pos = fflush(out) == 0 ? (long)ftello(out) : -1;
	if (pos < 0)
		return -1;
	*objs = xgrow(*objs, cap, *nobjs + 1, sizeof **objs);
	(*objs)[(*nobjs)++] = (struct newobj){tsize, off};
	*at = pos;
	/* The catalog again, its old /PageLabels line (if any) replaced. */
	off = *at;
	fprintf(out, "%.*s   /PageLabels %ld 0 R\n", hn, cat, tsize);
	for (char *p = cat + hn; p < end;) {
		char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t len = nl ? (size_t)(nl + 1 - p) : (size_t)(end - p);
		if (strncmp(p, "   /PageLabels ", 15) != 0)
			fwrite(p, 1, len, out);
		p += len;
	}
	fputs("endobj\n", out);
	if (fflush(out) != 0 || (pos = (long)ftello(out)) < 0)
		return -1;
	*objs = xgrow(*objs, cap, *nobjs + 1, sizeof **objs);
	(*objs)[(*nobjs)++] = (struct newobj){root, off};
	*at = pos;
	qsort(*objs, *nobjs, sizeof **objs, cmp_newobj);
	return 0;
}

/* What the incremental update needs of Cairo's trailer. */
struct trailer {
	long xref, size, root, info;
};

/* Read the trailer of in (size bytes) into t, and leave in at its xref table's
 * first subsection. -1 when the file is not laid out as Cairo writes it. */
static int read_trailer(FILE *in, off_t size, struct trailer *t)
{
	char tail[2049];
	size_t tn = size < 2048 ? (size_t)size : 2048;
	if (fseeko(in, size - (off_t)tn, SEEK_SET) != 0 || fread(tail, 1, tn, in) != tn)
		return -1;
	tail[tn] = 0;
	char *sx = NULL;
	for (char *p = tail; (p = find_mem(p, tn - (size_t)(p - tail), "startxref")); p++)
		sx = p;
	char *tr = find_mem(tail, tn, "trailer");
	if (!sx || !tr)
		return -1;
	*t = (struct trailer){strtol(sx + 9, NULL, 10), 0, -1, -1};
	char *q;
	if ((q = strstr(tr, "/Size ")))
		t->size = strtol(q + 6, NULL, 10);
	if ((q = strstr(tr, "/Root ")))
		t->root = strtol(q + 6, NULL, 10);
	if ((q = strstr(tr, "/Info ")))
		t->info = strtol(q + 6, NULL, 10);
	char line[64];
	if (t->xref <= 0 || t->size <= 0 || t->root < 0 || fseeko(in, t->xref, SEEK_SET) != 0 ||
	    !fgets(line, sizeof line, in) || strcmp(line, "xref\n") != 0)
		return -1;
	return 0;
}

/* Object num at off, read through rd into obj (4097 bytes): when it is a page
 * (Cairo's "<< /Type /Page % N" header) with bleed, it is written again to out
 * with its TrimBox and BleedBox. Returns the bytes written, 0 for another object
 * or a page without bleed, -1 for a page railyard did not draw or a failed write. */
static long box_page(const struct pdfw *w, FILE *rd, FILE *out, char *obj, long num, long off)
{
	char head[48];
	int hn = snprintf(head, sizeof head, "%ld 0 obj\n<< /Type /Page %% ", num);
	/* A short look first: most objects are not pages. */
	ssize_t got = pread(fileno(rd), obj, (size_t)hn, off);
	if (got != hn || memcmp(obj, head, (size_t)hn) != 0)
		return 0;
	got = pread(fileno(rd), obj, 4096, off);
	if (got < hn)
		return 0;
	obj[got] = 0;
	long k = strtol(obj + hn, NULL, 10);
	char *nl = strchr(obj + hn, '\n');
	char *end = find_mem(obj, (size_t)got, "endobj\n");
	if (k < 1 || (size_t)k > w->npages || !nl || !end)
		return -1;
	const struct page_box *b = &w->pages[k - 1];
	if (b->bleed <= 0)
		return 0;
	int n = fprintf(out, "%.*s   /TrimBox [ %.4f %.4f %.4f %.4f ]\n   /BleedBox [ 0 0 %.4f %.4f ]\n%.*s",
			(int)(nl + 1 - obj), obj, (double)b->bleed, (double)b->bleed,
			(double)(b->w - b->bleed), (double)(b->h - b->bleed), (double)b->w,
			(double)b->h, (int)(end + 7 - (nl + 1)), nl + 1);
	return n < 0 ? -1 : n;
}

/* The update's xref table (objs, sorted) and trailer, its xref table at at. */
static int write_update_xref(FILE *out, const struct newobj *objs, size_t nobjs,
			     const struct trailer *t, bool labels, long at)
{
	fprintf(out, "xref\n");
	for (size_t i = 0; i < nobjs; i++)
		fprintf(out, "%ld 1\n%010ld 00000 n \n", objs[i].num, objs[i].off);
	fprintf(out, "trailer\n<< /Size %ld\n   /Root %ld 0 R\n", t->size + (labels ? 1 : 0), t->root);
	if (t->info >= 0)
		fprintf(out, "   /Info %ld 0 R\n", t->info);
	fprintf(out, "   /Prev %ld\n>>\nstartxref\n%ld\n%%%%EOF\n", t->xref, at);
	return fflush(out) == 0 && !ferror(out) ? 0 : -1;
}

static int incremental_boxes(const struct pdfw *w, const char *path)
{
	int rc = -1;
	FILE *in = fopen(path, "rb");
	FILE *out = NULL;
	off_t size = 0;
	struct newobj *objs = NULL;
	size_t nobjs = 0, cap = 0, boxed = 0;
	char *obj = xmalloc(4097);
	struct trailer t;
	if (!in || fseeko(in, 0, SEEK_END) != 0)
		goto done;
	size = ftello(in);
	if (read_trailer(in, size, &t) != 0)
		goto done;
	out = fopen(path, "ab");
	if (!out)
		goto done;
	FILE *rd = fopen(path, "rb");
	if (!rd)
		goto done;
	long at = (long)size, root_off = -1;
	char line[64];
	while (fgets(line, sizeof line, in) && strncmp(line, "trailer", 7) != 0) {
		long start, count;
		if (sscanf(line, "%ld %ld", &start, &count) != 2)
			break;
		for (long i = 0; i < count; i++) {
			char e[21];
			if (fread(e, 1, 20, in) != 20)
				break;
			if (e[17] != 'n')
				continue;
			long off = strtol(e, NULL, 10);
			if (start + i == t.root)
				root_off = off;
			long n = box_page(w, rd, out, obj, start + i, off);
			if (n < 0)
				goto close_rd;
			if (n == 0)
				continue;
			objs = xgrow(objs, &cap, nobjs + 1, sizeof *objs);
			objs[nobjs++] = (struct newobj){start + i, at};
			at += n;
			boxed++;
		}
	}
	size_t want = 0;
	for (size_t i = 0; i < w->npages; i++)
		want += w->pages[i].bleed > 0;
	if (boxed != want || root_off < 0)
		goto close_rd;
	if (w->labels && write_labels(w, rd, out, t.root, root_off, t.size, &at, &objs, &nobjs, &cap) != 0)
		goto close_rd;
	rc = write_update_xref(out, objs, nobjs, &t, w->labels, at);
close_rd:
	fclose(rd);
done:
	if (in)
		fclose(in);
	if (out && fclose(out) != 0)
		rc = -1;
	if (rc != 0 && out && truncate(path, size) != 0)
		unlink(path);   /* cannot restore it: the caller then reports the failure */
	free(obj);
	free(objs);
	return rc;
}

/* What this run wrote, for build's summary line (draw.h: output_tally_*). */
static atomic_ulong tally_files, tally_pages;   /* PNG threads add theirs */
static struct timespec tally_start;
static char tally_note[192];

void output_tally_start(void)
{
	tally_files = tally_pages = 0;
	tally_note[0] = 0;
	clock_gettime(CLOCK_MONOTONIC, &tally_start);
}

void output_tally(unsigned long pages)
{
	tally_files++;
	tally_pages += pages;
}

void output_tally_note(const char *note)
{
	snprintf(tally_note, sizeof tally_note, "%s", note);
}

void output_tally_print(const char *dir)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	double s = (double)(now.tv_sec - tally_start.tv_sec) + (now.tv_nsec - tally_start.tv_nsec) / 1e9;
	fprintf(stderr, "railyard: build: %lu file%s, %lu PDF page%s in %s/ (%.1f s)%s%s\n", tally_files,
		tally_files == 1 ? "" : "s", tally_pages, tally_pages == 1 ? "" : "s", dir, s,
		tally_note[0] ? "; " : "", tally_note);
}

/* --colour cmyk: the finished file converted to PDF/X-1a in place (pdfx.h). */
static int to_cmyk(const struct pdfw *w, const char *path)
{
	struct pdfx_page *p = xcalloc(w->npages + 1, sizeof *p);
	for (size_t i = 0; i < w->npages; i++)
		p[i] = (struct pdfx_page){w->pages[i].w, w->pages[i].h, w->pages[i].bleed,
					  w->pages[i].label, w->pages[i].item};
	const char *slash = strrchr(path, '/');
	int rc = pdfx_convert(path, slash ? slash + 1 : path, p, (long)w->npages);
	free(p);
	return rc ? -1 : 0;
}

int pdfw_close(struct pdfw *w)
{
	cairo_destroy(w->cr);
	w->cr = NULL;
	cairo_surface_finish(w->surface);
	cairo_status_t st = cairo_surface_status(w->surface);
	int rc = 0;
	char *final = pdfx_active() ? xstrdup(w->out.path) : NULL;
	/* The post-processing reads and appends through the open file itself, never
	 * through its name in the folder. */
	char *self = out_tmp_fdpath(&w->out);
	if (st != CAIRO_STATUS_SUCCESS || fflush(w->out.f) != 0) {
		diag(SEV_ERROR, NULL, "cannot write %s: %s", w->out.path,
		     st != CAIRO_STATUS_SUCCESS ? stream_error(st, w->out.f) : strerror(errno));
		rc = -1;
	} else if ((w->boxes || w->labels) && !getenv("RAILYARD_PDF_QPDF") &&
		   incremental_boxes(w, self) == 0) {
		rc = out_tmp_commit(&w->out);
	} else if (w->boxes || w->labels) {
		/* Not the layout we know (another Cairo?): let libqpdf rewrite it
		 * (incremental_boxes has cut it back to what Cairo wrote). */
		struct out_tmp q;
		rc = out_tmp_open(NULL, w->out.path, &q);
		if (rc == 0) {
			char *qself = out_tmp_fdpath(&q);
			rc = add_boxes(w, self, qself);
			free(qself);
			if (rc == 0)
				rc = out_tmp_commit(&q);
			else
				out_tmp_abort(&q);
		}
	} else {
		rc = out_tmp_commit(&w->out);
	}
	free(self);
	if (rc == 0 && final)
		rc = to_cmyk(w, final);
	free(final);
	if (rc == 0)
		output_tally(w->npages);
	pdfw_release(w);
	return rc;
}

int write_file_atomic(const char *path, const void *data, size_t len)
{
	struct out_tmp t;
	if (out_tmp_open(NULL, path, &t) != 0)
		return -1;
	if (len && fwrite(data, 1, len, t.f) != len) {
		int e = errno ? errno : EIO;
		diag(SEV_ERROR, NULL, "cannot write %s: %s", path, strerror(e));
		out_tmp_abort(&t);
		errno = e;
		return -1;
	}
	return out_tmp_commit(&t);
}

/* ---- limits ---- */

int out_parse_max_items(const char *arg, long *max)
{
	if (parse_count("--max-items", arg, 1, OUT_MAX_ITEMS_CAP, max) != 0)
		return -1;
	return 0;
}

int out_check_png(double w, double h, double bleed, double dpi, const struct loc *loc,
		  const char *what)
{
	double pw = (w + 2 * bleed) * dpi / 25.4, ph = (h + 2 * bleed) * dpi / 25.4;
	if (pw * ph <= (double)OUT_PNG_MAX_PIXELS && pw <= 32767 && ph <= 32767)
		return 0;
	diag(SEV_ERROR, loc,
	     "%s of %g x %g mm with %g mm bleed is %.0f x %.0f pixels at %g dpi; a PNG may have at most %ld pixels and 32767 a side (make it smaller, or build --only without png)",
	     what, w, h, bleed, pw, ph, dpi, OUT_PNG_MAX_PIXELS);
	return -1;
}

/* ---- SVG and PNG ---- */

static cairo_status_t write_buf(void *closure, const unsigned char *data, unsigned int length)
{
	buf_add(closure, (const char *)data, length);
	return CAIRO_STATUS_SUCCESS;
}

static const char *const svg_id_kinds[] = {"surface", "image"};

/* The kind of Cairo id (svg_id_kinds) that starts at p, just after a '"' or '#',
 * with its first digit at *digits; -1 if none does. */
static int svg_id_at(const char *p, const char *end, const char **digits)
{
	for (int k = 0; k < 2; k++) {
		size_t n = strlen(svg_id_kinds[k]);
		const char *d = p + n;
		if (d < end && strncmp(p, svg_id_kinds[k], n) == 0 && *d >= '0' && *d <= '9') {
			*digits = d;
			return k;
		}
	}
	return -1;
}

/* Cairo names a drawing's groups and images by a number counted over every
 * surface the process has made ("surface268", "image271"), so with the PNG
 * threads making surfaces at the same time an SVG's ids would change from run to
 * run. Writes svg to f with each such id renumbered 1, 2, ... in the order it
 * first appears, its references (href="#surface1") alike: the same drawing, the
 * same bytes. */
static int svg_renumber(const struct buf *svg, FILE *f)
{
	struct seen { int kind; unsigned long old, now; } *seen = NULL;
	size_t nseen = 0, cap = 0;
	unsigned long count[2] = {0, 0};
	const char *end = svg->s + svg->len, *from = svg->s, *d;
	int rc = 0;
	for (const char *p = svg->s; p + 1 < end; p++) {
		int k = *p == '"' || *p == '#' ? svg_id_at(p + 1, end, &d) : -1;
		if (k < 0)
			continue;
		unsigned long old = strtoul(d, NULL, 10);
		size_t i = 0;
		while (i < nseen && !(seen[i].kind == k && seen[i].old == old))
			i++;
		if (i == nseen) {
			seen = xgrow(seen, &cap, nseen + 1, sizeof *seen);
			seen[nseen++] = (struct seen){k, old, ++count[k]};
		}
		rc |= fwrite(from, 1, (size_t)(d - from), f) != (size_t)(d - from);
		rc |= fprintf(f, "%lu", seen[i].now) < 0;
		while (d < end && *d >= '0' && *d <= '9')
			d++;
		from = d;
		p = d - 1;
	}
	rc |= fwrite(from, 1, (size_t)(end - from), f) != (size_t)(end - from);
	free(seen);
	return rc ? -1 : 0;
}

int svg_write(const char *path, double w, double h, double bleed, item_draw_fn draw, void *user,
	      long index)
{
	struct out_tmp t;
	if (out_tmp_open(NULL, path, &t) != 0)
		return -1;
	double W = w + 2 * bleed, H = h + 2 * bleed;
	/* With the document unit set to mm, Cairo writes width="Wmm" and a viewBox of
	 * the same numbers: user units are millimetres. */
	struct buf svg = {0};
	cairo_surface_t *s = cairo_svg_surface_create_for_stream(write_buf, &svg, W, H);
	cairo_svg_surface_set_document_unit(s, CAIRO_SVG_UNIT_MM);
	cairo_t *cr = cairo_create(s);
	cairo_translate(cr, bleed, bleed);
	unsigned long refused = image_refusals();
	draw(user, cr, index, 0);
	cairo_destroy(cr);
	cairo_surface_finish(s);
	cairo_status_t st = cairo_surface_status(s);
	cairo_surface_destroy(s);
	if (image_refusals() != refused) {   /* an image it shows was refused (reported) */
		buf_free(&svg);
		out_tmp_abort(&t);
		return -1;
	}
	if (st == CAIRO_STATUS_SUCCESS && svg.s && svg_renumber(&svg, t.f) != 0) {
		st = CAIRO_STATUS_WRITE_ERROR;
		write_errno = errno;
	}
	buf_free(&svg);
	if (st != CAIRO_STATUS_SUCCESS) {
		diag(SEV_ERROR, NULL, "cannot write %s: %s", path, stream_error(st, t.f));
		out_tmp_abort(&t);
		return -1;
	}
	int rc = out_tmp_commit(&t);
	if (rc == 0)
		output_tally(0);
	return rc;
}

/* ---- a fast PNG writer (pngenc.c encodes) ---- */

int png_save(cairo_surface_t *s, const char *path, double dpi)
{
	struct png_buf b = {0};
	png_encode(s, dpi, true, &b);
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
	if (fd < 0) {
		free(b.data);
		return -1;
	}
	int rc = 0, e = 0;
	for (size_t at = 0; at < b.len;) {
		ssize_t n = write(fd, b.data + at, b.len - at);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			e = n < 0 ? errno : EIO;
			rc = -1;
			break;
		}
		at += (size_t)n;
	}
	free(b.data);
	if (close(fd) != 0 && rc == 0) {
		e = errno;
		rc = -1;
	}
	if (rc != 0) {
		unlink(path);
		errno = e;
	}
	return rc;
}


/* shard.c: the shard file of `railyard tune --shard K/N`, written and read
 * back by `railyard merge` (shard.h: the format and its limits). */
#define _GNU_SOURCE   /* open_memstream is POSIX 2008; scandir, alphasort */
#include "shard.h"

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "diag.h"
#include "util.h"
#include "ytree.h"

#define SHARD_MAGIC "railyard-tune-shard"
#define SHOWN(n) ((int)((n) < 40 ? (n) : 40))   /* a field quoted in a message */

/* ---- the hashes ---- */

#define FNV_OFFSET 0xcbf29ce484222325ULL
#define FNV_PRIME  0x100000001b3ULL

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
	const unsigned char *b = p;
	for (size_t i = 0; i < n; i++)
		h = (h ^ b[i]) * FNV_PRIME;
	return h;
}

static uint64_t fnv_str(uint64_t h, const char *s)
{
	s = s ? s : "";
	return fnv(h, s, strlen(s) + 1);  /* the NUL keeps "ab","c" from "a","bc" */
}

/* The space: its words and every variant's keys (as JSON, each value exact). */
static uint64_t space_hash(const struct tune_ctx *c)
{
	uint64_t h = fnv_str(FNV_OFFSET, c->space);
	for (size_t v = 0; v < c->nv; v++)
		h = fnv_str(h, c->v[v].json);
	return h;
}

/* ---- writing ---- */

/* Strings are %-escaped, so a field has no blank: every byte up to a space,
 * '%' and DEL as %XX; "" as a lone %. */
static void put_str(FILE *f, const char *s)
{
	if (!s || !*s) {
		fputs("%", f);
		return;
	}
	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;
		if (ch <= ' ' || ch == '%' || ch == 0x7f)
			fprintf(f, "%%%02x", ch);
		else
			fputc(ch, f);
	}
}

/* Why a merge cannot hold c's search (into buf), or NULL when it can. */
static const char *too_big(const struct tune_ctx *c, char *buf, size_t size)
{
	uint64_t cells = (uint64_t)c->nv * (uint64_t)c->ncounts;      /* <= 4096 x 16 */
	uint64_t counters = cells * ((uint64_t)c->horizon + 1);       /* <= 2^16 x (10^6 + 1) */
	uint64_t segs = cells * (uint64_t)(c->cap / TUNE_SEG);        /* <= 2^16 x 390625 */
	if (counters > SHARD_MAX_COUNTERS)
		snprintf(buf, size,
			 "%zu variants x %d counts x %d lengths (--max-turns + 1) make %llu length counters, more than "
			 "the %lu a merge holds",
			 c->nv, c->ncounts, c->horizon + 1, (unsigned long long)counters, SHARD_MAX_COUNTERS);
	else if (segs > SHARD_MAX_RECORDS)
		snprintf(buf, size,
			 "%zu variants x %d counts x %ld segments of %d games make %llu records, more than the %lu a "
			 "merge holds (fewer --games, variants or counts)",
			 c->nv, c->ncounts, c->cap / TUNE_SEG, TUNE_SEG, (unsigned long long)segs, SHARD_MAX_RECORDS);
	else
		return NULL;
	return buf;
}

bool shard_fits(const struct tune_ctx *c)
{
	char why[256];
	if (too_big(c, why, sizeof why)) {
		diag(SEV_ERROR, NULL, "--shard: %s", why);
		return false;
	}
	return true;
}

bool shard_pack_hash(const char *path, uint64_t *hash)
{
	size_t len;
	char *text = read_file(path, YT_MAX_FILE, &len);
	if (!text) {
		diag(SEV_ERROR, NULL, "%s: %s (read again for its hash)", path, file_strerror(errno));
		return false;
	}
	*hash = fnv(FNV_OFFSET, text, len);
	free(text);
	return true;
}

void shard_write_head(FILE *f, const struct tune_ctx *c, uint64_t pack, long k, long n, size_t nrec)
{
	fprintf(f, "%s %d\nrailyard %s\npack-hash %016llx\nspace-hash %016llx\npack ", SHARD_MAGIC, SHARD_FORMAT,
		RAILYARD_VERSION, (unsigned long long)pack, (unsigned long long)space_hash(c));
	put_str(f, c->pack_path);
	fputc(' ', f);
	put_str(f, c->pack_id);
	fputc(' ', f);
	put_str(f, c->game);
	fputc(' ', f);
	put_str(f, c->unit);
	fputs("\nspace ", f);
	put_str(f, c->space);
	fprintf(f, "\ncounts %d", c->ncounts);
	for (int i = 0; i < c->ncounts; i++)
		fprintf(f, " %d", c->counts[i]);
	fprintf(f, "\nrun %llu %ld %ld %.17g %d %.17g %.17g %.17g %d %zu %.17g\n", (unsigned long long)c->seed, c->cap,
		c->budget, c->threshold, c->horizon, c->len_lo, c->len_hi, c->first_seat, c->exhaustive, c->nv,
		c->tolerance);
	fprintf(f, "goals %d %d ", c->ngoals, c->nreqs);
	put_str(f, c->skill ? c->skill : "-");
	fputc('\n', f);
	tune_goal_write(f, c);
	for (size_t v = 0; v < c->nv; v++) {
		const struct tune_var *tv = &c->v[v];
		fprintf(f, "variant %zu %d ", v, tv->state == TS_INVALID);
		put_str(f, tv->differ);
		fputc(' ', f);
		put_str(f, tv->all);
		fputc(' ', f);
		put_str(f, tv->json);
		for (int i = 0; i < c->ncounts; i++) {
			fputc(' ', f);
			put_str(f, tv->cell[i].unplayable ? tv->cell[i].unplayable : "-");
		}
		fputc('\n', f);
	}
	fprintf(f, "shard %ld %ld %zu\n", k, n, nrec);
}

void shard_write_seg(FILE *f, size_t v, int k, long s, const struct tune_seg *g, int seats, const char *skill)
{
	fprintf(f, "seg %zu %d %ld %llu %llu %llu", v, k, s, (unsigned long long)g->games,
		(unsigned long long)g->completed, (unsigned long long)g->stalled);
	for (int i = 0; i < seats; i++)
		fprintf(f, " %llu", (unsigned long long)g->wins[i]);
	fprintf(f, " %zu", g->nended);
	for (size_t i = 0; i < g->nended; i++)
		fprintf(f, " %u:%u", g->ended[i][0], g->ended[i][1]);
	if (skill)
		fprintf(f, " skill %llu %llu %llu", (unsigned long long)g->sk_games, (unsigned long long)g->sk_decided,
			(unsigned long long)g->sk_wins);
	fputc('\n', f);
}

void shard_write_end(FILE *f)
{
	fputs("end\n", f);
}

/* ---- reading: lines and fields ---- */

struct shard_rec {
	uint64_t key;                 /* ((v * ncounts + k) * nseg + s) */
	unsigned line;                /* where it was read, for a repeat */
	size_t file;                  /* the shard's number among those read */
	struct tune_seg seg;
};

struct shard_line {               /* a header line of the first shard */
	size_t at, len;
};

/* A cursor over one shard's text. */
struct rd {
	const char *file;
	const char *text, *end;
	const char *p;                /* the next line */
	const char *ln, *eol;         /* the current line [ln, eol) */
	const char *q;                /* the next field of the line */
	const char *f;                /* the current field [f, f + fn) */
	size_t fn;
	unsigned line;
	bool quoted;                  /* the text handed to diag_source */
};

/* Report at the current field (or column 1) of the current line. */
static bool fail_at(struct rd *r, const char *at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static bool fail_at(struct rd *r, const char *at, const char *fmt, ...)
{
	if (!r->quoted && r->end - r->text <= (long)(4UL << 20)) {
		diag_source(r->file, r->text, (size_t)(r->end - r->text));  /* the line quoted under the message */
		r->quoted = true;
	}
	struct loc where = {r->file, r->line ? r->line : 1, 1};
	if (at && r->ln && at >= r->ln && at <= r->eol)
		where.col = (unsigned)(at - r->ln) + 1;
	struct buf m = {0};
	va_list ap;
	va_start(ap, fmt);
	buf_vprintf(&m, fmt, ap);
	va_end(ap);
	diag(SEV_ERROR, &where, "%s", m.s ? m.s : "");
	buf_free(&m);
	return false;
}

/* The next line; false after reporting (the file ends, a line too long or
 * without its newline, a NUL). what: what the line should be. */
static bool next_line(struct rd *r, const char *what)
{
	if (r->p >= r->end) {
		r->ln = r->eol = NULL;
		r->line++;
		return fail_at(r, NULL, "the file ends where %s should be (it is cut short)", what);
	}
	size_t left = (size_t)(r->end - r->p);
	const char *nl = memchr(r->p, '\n', left < SHARD_MAX_LINE + 1 ? left : SHARD_MAX_LINE + 1);
	r->line++;
	r->ln = r->q = r->p;
	if (!nl) {
		r->eol = r->p + (left < SHARD_MAX_LINE ? left : SHARD_MAX_LINE);
		if (left > SHARD_MAX_LINE)
			return fail_at(r, NULL, "a line of more than %lu bytes", SHARD_MAX_LINE);
		return fail_at(r, r->eol, "the last line has no newline: the file is cut short");
	}
	r->eol = nl;
	r->p = nl + 1;
	const char *nul = memchr(r->ln, '\0', (size_t)(nl - r->ln));
	if (nul)
		return fail_at(r, nul, "a NUL byte");
	return true;
}

/* The next field of the line (fields are separated by one space); false
 * after reporting. what: what it should be. */
static bool field(struct rd *r, const char *what)
{
	if (r->q >= r->eol)
		return fail_at(r, r->eol, "the line ends where %s should be", what);
	const char *sp = memchr(r->q, ' ', (size_t)(r->eol - r->q));
	const char *e = sp ? sp : r->eol;
	r->f = r->q;
	r->fn = (size_t)(e - r->q);
	if (!r->fn)
		return fail_at(r, r->q, "an empty field where %s should be (two spaces)", what);
	if (r->fn > SHARD_MAX_FIELD)
		return fail_at(r, r->q, "%s is a field of more than %lu bytes", what, SHARD_MAX_FIELD);
	r->q = sp ? sp + 1 : r->eol;
	if (sp && r->q == r->eol)
		return fail_at(r, sp, "a space at the end of the line");
	return true;
}

/* The line ends here; false after reporting. */
static bool line_end(struct rd *r, const char *after)
{
	if (r->q < r->eol)
		return fail_at(r, r->q, "more than the line holds after %s", after);
	return true;
}

/* The current field is the word w. */
static bool is_word(const struct rd *r, const char *w)
{
	return r->fn == strlen(w) && memcmp(r->f, w, r->fn) == 0;
}

static bool keyword(struct rd *r, const char *w)
{
	if (!field(r, w))
		return false;
	if (!is_word(r, w))
		return fail_at(r, r->f, "'%.*s' where '%s' should be", SHOWN(r->fn), r->f, w);
	return true;
}

/* [p, p + n) as a whole number (at most 20 digits, no sign); false when it
 * is not one or does not fit. */
static bool parse_u64(const char *p, size_t n, uint64_t *out)
{
	uint64_t x = 0;
	bool ok = n >= 1 && n <= 20;
	for (size_t i = 0; ok && i < n; i++) {
		unsigned d = (unsigned)(p[i] - '0');
		ok = d <= 9 && x <= (UINT64_MAX - d) / 10;
		x = x * 10 + d;
	}
	*out = x;
	return ok;
}

/* [p, p + n) as a whole number in [lo, hi]; false after reporting. */
static bool number_in(struct rd *r, const char *p, size_t n, const char *what, uint64_t lo, uint64_t hi,
		      uint64_t *out)
{
	uint64_t x;
	if (!parse_u64(p, n, &x) || x < lo || x > hi)
		return fail_at(r, p, "%s must be a whole number %llu..%llu, not '%.*s'", what, (unsigned long long)lo,
			       (unsigned long long)hi, SHOWN(n), p);
	*out = x;
	return true;
}

/* The next field, a whole number in [lo, hi]; false after reporting. */
static bool number(struct rd *r, const char *what, uint64_t lo, uint64_t hi, uint64_t *out)
{
	return field(r, what) && number_in(r, r->f, r->fn, what, lo, hi, out);
}

/* A finite number in [lo, hi] as printf's %.17g writes it. */
static bool real(struct rd *r, const char *what, double lo, double hi, double *out)
{
	if (!field(r, what))
		return false;
	char tmp[48];
	bool ok = r->fn < sizeof tmp;
	double x = 0;
	if (ok) {
		memcpy(tmp, r->f, r->fn);
		tmp[r->fn] = 0;
		ok = strspn(tmp, "0123456789.eE+-") == r->fn;
	}
	if (ok) {
		char *e;
		x = strtod(tmp, &e);
		ok = !*e && isfinite(x) && x >= lo && x <= hi;
	}
	if (!ok)
		return fail_at(r, r->f, "%s must be a number %g..%g, not '%.*s'", what, lo, hi, SHOWN(r->fn), r->f);
	*out = x;
	return true;
}

static int hexval(char ch)
{
	return ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10 :
	       ch >= 'A' && ch <= 'F' ? ch - 'A' + 10 : -1;
}

/* A %-escaped string (put_str's); a new string, or NULL after reporting. */
static char *string(struct rd *r, const char *what)
{
	if (!field(r, what))
		return NULL;
	if (r->fn == 1 && r->f[0] == '%')
		return xstrdup("");
	char *s = xmalloc(r->fn + 1), *o = s;   /* fn <= SHARD_MAX_FIELD */
	for (size_t i = 0; i < r->fn; i++) {
		unsigned char ch = (unsigned char)r->f[i];
		if (ch == '%') {
			int hi = i + 1 < r->fn ? hexval(r->f[i + 1]) : -1;
			int lo = i + 2 < r->fn ? hexval(r->f[i + 2]) : -1;
			if (hi < 0 || lo < 0 || hi * 16 + lo == 0) {
				free(s);
				return fail_at(r, r->f + i, "%s: '%%' must be followed by two hex digits of a byte other "
					       "than 00", what), NULL;
			}
			*o++ = (char)(hi * 16 + lo);
			i += 2;
		} else if (ch < ' ' || ch == 0x7f) {
			free(s);
			return fail_at(r, r->f + i, "%s: the byte %02x must be written %%%02x", what, ch, ch), NULL;
		} else {
			*o++ = (char)ch;
		}
	}
	*o = 0;
	return s;
}

/* ---- JSON: a variant's keys are printed as they are by merge --json ---- */

static const char *json_value(const char *p, int depth);

static const char *json_ws(const char *p)
{
	while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
		p++;
	return p;
}

static const char *json_string(const char *p)
{
	if (*p++ != '"')
		return NULL;
	for (;;) {
		unsigned char ch = (unsigned char)*p++;
		if (ch == '"')
			return p;
		if (ch < 0x20)
			return NULL;
		if (ch == '\\') {
			ch = (unsigned char)*p++;
			if (ch == 'u') {
				for (int i = 0; i < 4; i++)
					if (hexval(*p++) < 0)
						return NULL;
			} else if (!ch || !strchr("\"\\/bfnrt", ch)) {
				return NULL;
			}
		}
	}
}

static const char *json_number(const char *p)
{
	const char *s = p;
	if (*p == '-')
		p++;
	if (*p == '0')
		p++;
	else if (*p >= '1' && *p <= '9')
		while (*p >= '0' && *p <= '9')
			p++;
	else
		return NULL;
	if (*p == '.') {
		p++;
		if (!(*p >= '0' && *p <= '9'))
			return NULL;
		while (*p >= '0' && *p <= '9')
			p++;
	}
	if (*p == 'e' || *p == 'E') {
		p++;
		if (*p == '+' || *p == '-')
			p++;
		if (!(*p >= '0' && *p <= '9'))
			return NULL;
		while (*p >= '0' && *p <= '9')
			p++;
	}
	return p > s ? p : NULL;
}

/* The items of an object or array after its opening bracket, up to close. */
static const char *json_items(const char *p, int depth, char close, bool keys)
{
	p = json_ws(p);
	if (*p == close)
		return p + 1;
	for (;;) {
		if (keys) {
			p = json_string(json_ws(p));
			if (!p || *(p = json_ws(p)) != ':')
				return NULL;
			p++;
		}
		p = json_value(p, depth + 1);
		if (!p)
			return NULL;
		p = json_ws(p);
		if (*p == close)
			return p + 1;
		if (*p++ != ',')
			return NULL;
	}
}

static const char *json_value(const char *p, int depth)
{
	if (depth > 64)
		return NULL;
	p = json_ws(p);
	switch (*p) {
	case '{': return json_items(p + 1, depth, '}', true);
	case '[': return json_items(p + 1, depth, ']', false);
	case '"': return json_string(p);
	case 't': return strncmp(p, "true", 4) == 0 ? p + 4 : NULL;
	case 'f': return strncmp(p, "false", 5) == 0 ? p + 5 : NULL;
	case 'n': return strncmp(p, "null", 4) == 0 ? p + 4 : NULL;
	default: return json_number(p);
	}
}

/* s is one JSON object and nothing else. */
static bool json_object(const char *s)
{
	s = json_ws(s);
	if (*s != '{')
		return false;
	const char *e = json_value(s, 0);
	return e && !*json_ws(e);
}

/* ---- reading: the header ---- */

static const char *const run_names[] = {
	"--seed", "--games", "--budget", "--completion", "--max-turns", "--length (low end)", "--length (high end)",
	"--first-seat", "--exhaustive", "variant count", "--tolerance",
};

/* Lines 1-4: the format, the version, the hashes. */
static bool read_ids(struct rd *r, uint64_t *pack, uint64_t *space)
{
	uint64_t fmt;
	if (!next_line(r, "the first line") || !field(r, "'" SHARD_MAGIC "'"))
		return false;
	if (!is_word(r, SHARD_MAGIC))
		return fail_at(r, r->f, "not a shard of railyard tune (it does not begin '%s %d')", SHARD_MAGIC,
			       SHARD_FORMAT);
	if (!number(r, "the format", 1, 1000000, &fmt) || !line_end(r, "the format"))
		return false;
	if (fmt != SHARD_FORMAT)
		return fail_at(r, r->ln + strlen(SHARD_MAGIC) + 1,
			       "a shard of format %llu; this railyard (%s) reads format %d: run the shards again with it",
			       (unsigned long long)fmt, RAILYARD_VERSION, SHARD_FORMAT);
	if (!next_line(r, "'railyard VERSION'") || !keyword(r, "railyard") || !field(r, "the version"))
		return false;
	if (r->fn > 64 || strspn(r->f, "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.+-_~") < r->fn)
		return fail_at(r, r->f, "the version must be at most 64 letters, digits and .+-_~");
	if (!line_end(r, "the version"))
		return false;
	const char *names[2] = {"pack-hash", "space-hash"};
	uint64_t *out[2] = {pack, space};
	for (int i = 0; i < 2; i++) {
		if (!next_line(r, names[i]) || !keyword(r, names[i]) || !field(r, "the hash"))
			return false;
		uint64_t h = 0;
		bool ok = r->fn == 16;
		for (size_t j = 0; ok && j < 16; j++) {
			int d = hexval(r->f[j]);
			ok = d >= 0 && !(r->f[j] >= 'A' && r->f[j] <= 'F');
			h = h << 4 | (uint64_t)(d & 15);
		}
		if (!ok)
			return fail_at(r, r->f, "the hash must be 16 lowercase hex digits");
		*out[i] = h;
		if (!line_end(r, "the hash"))
			return false;
	}
	return true;
}

/* The "run" line into c. */
static bool read_run(struct rd *r, struct tune_ctx *c)
{
	uint64_t u[4];
	double d[6];
	if (!next_line(r, "'run ...'") || !keyword(r, "run") || !number(r, run_names[0], 0, UINT64_MAX, &u[0]) ||
	    !number(r, run_names[1], TUNE_SEG, 100000000, &u[1]) || !number(r, run_names[2], 0, 1000000000000ULL, &u[2]) ||
	    !real(r, run_names[3], 0, 1, &d[0]) || !number(r, run_names[4], 1, 1000000, &u[3]) ||
	    !real(r, run_names[5], 0, 1e9, &d[1]) || !real(r, run_names[6], 0, 1e9, &d[2]) ||
	    !real(r, run_names[7], -1, 1, &d[3]))
		return false;
	c->seed = u[0];
	c->cap = (long)u[1];
	c->budget = (long)u[2];
	c->threshold = d[0];
	c->horizon = (int)u[3];
	c->len_lo = d[1];
	c->len_hi = d[2];
	c->first_seat = d[3];
	if (c->cap % TUNE_SEG)
		return fail_at(r, r->ln, "--games must be a multiple of %d, not %ld", TUNE_SEG, c->cap);
	if (c->first_seat < 0 && c->first_seat != -1)
		return fail_at(r, r->ln, "--first-seat must be -1 (none) or 0..1, not %g", c->first_seat);
	uint64_t exh, nv;
	if (!number(r, run_names[8], 0, 1, &exh) || !number(r, run_names[9], 1, SHARD_MAX_VARIANTS, &nv) ||
	    !real(r, run_names[10], 0, 1, &d[4]) || !line_end(r, "--tolerance"))
		return false;
	c->exhaustive = exh;
	c->nv = nv;
	c->tolerance = d[4];
	char why[256];
	if (too_big(c, why, sizeof why)) {
		c->nv = 0;   /* no variant read */
		return fail_at(r, r->ln, "%s", why);
	}
	return true;
}

/* One goal line's spec (after its keyword) added to c: require false an
 * objective, else a requirement; false after reporting. */
static bool read_goal(struct rd *r, struct tune_ctx *c, bool require)
{
	const char *what = require ? "the requirement" : "the objective";
	if (!next_line(r, require ? "'require ...'" : "'objective ...'") || !keyword(r, require ? "require" : "objective") ||
	    !field(r, what))
		return false;
	char *spec = xstrndup(r->f, r->fn);   /* fn <= SHARD_MAX_FIELD */
	diag_set_quiet(1);   /* its own message has no place: the one below does */
	bool ok = tune_goal_add(c, spec, require);
	diag_set_quiet(0);
	free(spec);
	if (!ok)
		return fail_at(r, r->f, "'%.*s' is not %s this railyard reads (as %s takes it), or it is given twice",
			       SHOWN(r->fn), r->f, require ? "a requirement" : "an objective",
			       require ? "--require" : "--objective");
	return line_end(r, what);
}

/* [s, s + n) is a skill level as tune names it (skill.h's skill_level_name):
 * a built-in policy or mcts:N, N 1..1000000 without a leading zero. (The
 * reader checks the grammar only: merge plays no game, and shard.c sits
 * below the game table, which skill.h's engines name.) */
static bool level_word(const char *s, size_t n)
{
	static const char *const names[] = {"random", "greedy", "spoiler", "lookahead"};
	for (size_t i = 0; i < sizeof names / sizeof *names; i++)
		if (n == strlen(names[i]) && memcmp(s, names[i], n) == 0)
			return true;
	uint64_t budget;
	return n > 5 && memcmp(s, "mcts:", 5) == 0 && s[5] != '0' && parse_u64(s + 5, n - 5, &budget) && budget >= 1 &&
	       budget <= 1000000;
}

/* The "goals" line and its objective and require lines into c. */
static bool read_goals(struct rd *r, struct tune_ctx *c)
{
	uint64_t ng, nr;
	if (!next_line(r, "'goals ...'") || !keyword(r, "goals") ||
	    !number(r, "the number of objectives", 0, TUNE_MAX_GOALS, &ng) ||
	    !number(r, "the number of requirements", 0, TUNE_MAX_GOALS, &nr))
		return false;
	char *skill = string(r, "the skill levels ('-': none)");
	if (!skill)
		return false;
	const char *at = r->f;
	if (strcmp(skill, "-") != 0) {
		const char *comma = strchr(skill, ',');
		bool ok = comma && level_word(skill, (size_t)(comma - skill)) && level_word(comma + 1, strlen(comma + 1));
		if (!ok) {
			free(skill);
			return fail_at(r, at, "the skill levels must be two levels as tune names them (greedy,mcts:64)");
		}
		c->skill = skill;
	} else {
		free(skill);
	}
	if (!line_end(r, "the skill levels"))
		return false;
	for (uint64_t i = 0; i < ng + nr; i++)
		if (!read_goal(r, c, i >= ng))
			return false;
	if (!c->skill != !tune_goal_skill(c))
		return fail_at(r, at, "skill levels %s, but skill is %s: the file was edited", c->skill ? "given" : "missing",
			       c->skill ? "no objective or requirement" : "an objective or a requirement");
	if (c->nreqs && !c->ngoals)
		return fail_at(r, NULL, "requirements without an objective: tune races them on balance, written as one");
	return true;
}

/* One "variant" line into c->v[v]. */
static bool read_variant(struct rd *r, struct tune_ctx *c, size_t v)
{
	uint64_t idx, invalid;
	struct tune_var *tv = &c->v[v];
	if (!next_line(r, "'variant ...'") || !keyword(r, "variant") || !number(r, "the variant's index", 0, c->nv, &idx))
		return false;
	if (idx != v)
		return fail_at(r, r->f, "variant %llu where variant %zu should be", (unsigned long long)idx, v);
	if (!number(r, "whether it loads (0 or 1)", 0, 1, &invalid) || !(tv->differ = string(r, "the keys that differ")) ||
	    !(tv->all = string(r, "the keys")) || !(tv->json = string(r, "the keys as JSON")))
		return false;
	if (!json_object(tv->json))
		return fail_at(r, r->f, "the keys as JSON are not one JSON object");
	tv->state = invalid ? TS_INVALID : TS_LIVE;
	for (int k = 0; k < c->ncounts; k++) {
		char *u = string(r, "why it cannot be played ('-': it can)");
		if (!u)
			return false;
		if (strcmp(u, "-") == 0) {
			free(u);
			continue;
		}
		tv->cell[k].unplayable = u;
		if (!invalid)
			tv->state = TS_UNPLAYABLE;
	}
	return line_end(r, "the variant");
}

/* The header after the ids, up to the variants, into c. */
static bool read_header(struct rd *r, struct tune_ctx *c, uint64_t space)
{
	if (!next_line(r, "'pack ...'") || !keyword(r, "pack") || !(c->pack_path = string(r, "the pack's path")) ||
	    !(c->pack_id = string(r, "the pack's name")) || !(c->game = string(r, "the game")) ||
	    !(c->unit = string(r, "the unit of length")) || !line_end(r, "the unit"))
		return false;
	if (!next_line(r, "'space ...'") || !keyword(r, "space") || !(c->space = string(r, "the space")) ||
	    !line_end(r, "the space"))
		return false;
	uint64_t n, x;
	if (!next_line(r, "'counts ...'") || !keyword(r, "counts") ||
	    !number(r, "the number of player counts", 1, TUNE_MAX_COUNTS, &n))
		return false;
	c->ncounts = (int)n;
	for (int k = 0; k < c->ncounts; k++) {
		if (!number(r, "a player count", 1, TUNE_MAX_SEATS, &x))
			return false;
		for (int j = 0; j < k; j++)
			if (c->counts[j] == (int)x)
				return fail_at(r, r->f, "the player count %llu twice", (unsigned long long)x);
		c->counts[k] = (int)x;
	}
	if (!line_end(r, "the player counts") || !read_run(r, c))
		return false;
	c->v = xcalloc(c->nv, sizeof *c->v);   /* nv <= SHARD_MAX_VARIANTS; before a failure, for the caller's free */
	if (!read_goals(r, c))
		return false;
	for (size_t v = 0; v < c->nv; v++)
		if (!read_variant(r, c, v))
			return false;
	if (space_hash(c) != space)
		return fail_at(r, NULL, "the space-hash (line 4) is not the hash of the space and the variants' keys "
			       "(lines 6 to %u): the file was edited", r->line);
	return true;
}

/* ---- reading: the records ---- */

static bool read_seg(struct rd *r, const struct shard_set *s, long k1, long n, struct shard_rec *rec,
		     const char *what)
{
	const struct tune_ctx *c = s->c;
	uint64_t v, k, g, x;
	struct tune_seg *sg = &rec->seg;
	if (!next_line(r, what) || !keyword(r, "seg") || !number(r, "the variant", 0, c->nv - 1, &v) ||
	    !number(r, "the player count's index", 0, (uint64_t)c->ncounts - 1, &k) ||
	    !number(r, "the segment", 0, (uint64_t)s->nseg - 1, &g))
		return false;
	if (c->v[v].state != TS_LIVE)
		return fail_at(r, r->ln, "a record of variant #%llu, which the header says %s", (unsigned long long)v + 1,
			       c->v[v].state == TS_INVALID ? "does not load" : "cannot be played");
	uint64_t i = (g * c->nv + v) * (uint64_t)c->ncounts + k;   /* < 2^35 */
	if (i % (uint64_t)n != (uint64_t)(k1 - 1))
		return fail_at(r, r->ln, "a record of shard %llu of %ld in shard %ld", (unsigned long long)(i % (uint64_t)n) + 1,
			       n, k1);
	rec->key = (v * (uint64_t)c->ncounts + k) * (uint64_t)s->nseg + g;
	rec->line = r->line;
	if (!number(r, "the games", TUNE_SEG, TUNE_SEG, &sg->games) ||
	    !number(r, "the completed games", 0, sg->games, &sg->completed) ||
	    !number(r, "the stalled games", 0, sg->games - sg->completed, &sg->stalled))
		return false;
	uint64_t sum = 0;
	for (int seat = 0; seat < c->counts[k]; seat++) {
		if (!number(r, "a seat's wins", 0, sg->completed, &sg->wins[seat]))
			return false;
		sum += sg->wins[seat];
	}
	if (sum != sg->completed)
		return fail_at(r, r->f, "the seats' wins add up to %llu, not the %llu completed games", (unsigned long long)sum,
			       (unsigned long long)sg->completed);
	if (!number(r, "the number of lengths", 0, sg->completed, &x))
		return false;
	sg->nended = (size_t)x;                                      /* <= TUNE_SEG */
	sg->ended = xcalloc(x ? x : 1, sizeof *sg->ended);
	sum = 0;
	for (size_t e = 0; e < sg->nended; e++) {
		if (!field(r, "LENGTH:GAMES"))
			return false;
		const char *colon = memchr(r->f, ':', r->fn);
		if (!colon)
			return fail_at(r, r->f, "'%.*s' where LENGTH:GAMES should be", SHOWN(r->fn), r->f);
		uint64_t len, games;
		size_t ln = (size_t)(colon - r->f);
		if (!number_in(r, r->f, ln, "a length", 0, (uint64_t)c->horizon, &len) ||
		    !number_in(r, colon + 1, r->fn - ln - 1, "the games of a length", 1, sg->completed, &games))
			return false;
		if (e && len <= sg->ended[e - 1][0])
			return fail_at(r, r->f, "the lengths must rise (%llu after %u)", (unsigned long long)len, sg->ended[e - 1][0]);
		sg->ended[e][0] = (uint32_t)len;
		sg->ended[e][1] = (uint32_t)games;
		sum += games;
	}
	if (sum != sg->completed)
		return fail_at(r, r->ln, "the lengths' games add up to %llu, not the %llu completed games",
			       (unsigned long long)sum, (unsigned long long)sg->completed);
	if (c->skill) {
		uint64_t deals = (uint64_t)TUNE_SKILL_DEALS * (uint64_t)c->counts[k];
		if (!keyword(r, "skill") || !number(r, "the skill games", deals, deals, &sg->sk_games) ||
		    !number(r, "the skill games with a single winner", 0, sg->sk_games, &sg->sk_decided) ||
		    !number(r, "the stronger's wins", 0, sg->sk_decided, &sg->sk_wins))
			return false;
	}
	return line_end(r, "the record");
}

/* ---- the set ---- */

void shard_set_init(struct shard_set *s, struct tune_ctx *c)
{
	memset(s, 0, sizeof *s);
	s->c = c;
}

/* Line l (1-based) of a header held as s->head. */
static bool head_line(const struct shard_set *s, size_t l, const char **p, size_t *n)
{
	if (l < 1 || l > s->nlines)
		return false;
	*p = s->head + s->lines[l - 1].at;
	*n = s->lines[l - 1].len;
	return true;
}

/* The header lines [text, end) as s->head: the first shard's. */
static void keep_head(struct shard_set *s, const char *text, const char *end)
{
	s->head = xstrndup(text, (size_t)(end - text));
	size_t cap = 0;
	for (const char *p = s->head; *p;) {
		const char *nl = strchr(p, '\n');
		s->lines = xgrow(s->lines, &cap, s->nlines + 1, sizeof *s->lines);
		s->lines[s->nlines++] = (struct shard_line){(size_t)(p - s->head), (size_t)(nl - p)};
		p = nl + 1;
	}
}

/* The word of field i (0-based) of a line, or "" past its end, as [*w, *w + *n). */
static void nth_field(const char *p, size_t len, size_t i, const char **w, size_t *n)
{
	const char *e = p + len;
	for (; i && p < e; i--) {
		const char *sp = memchr(p, ' ', (size_t)(e - p));
		p = sp ? sp + 1 : e;
	}
	const char *sp = memchr(p, ' ', (size_t)(e - p));
	*w = p;
	*n = (size_t)((sp ? sp : e) - p);
}

/* A later shard's header (its lines [text, end)) against the first's: the
 * same railyard, pack, space and options; false after naming what differs. */
static bool same_search(struct shard_set *s, struct rd *r, const char *text, const char *end)
{
	struct loc at = {r->file, 0, 1};
	const char *p = text, *q;
	size_t n, l = 1;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t len = (size_t)(nl - p);
		if (!head_line(s, l, &q, &n) || n != len || memcmp(p, q, n) != 0)
			break;
		p = nl + 1;
		l++;
	}
	if (p >= end && l == s->nlines + 1)
		return true;
	at.line = (unsigned)l;
	const char *w, *fw;
	size_t wn, fwn;
	size_t len = p < end ? (size_t)((const char *)memchr(p, '\n', (size_t)(end - p)) - p) : 0;
	nth_field(p, len, 1, &w, &wn);
	if (!head_line(s, l, &q, &n))
		q = "", n = 0;
	nth_field(q, n, 1, &fw, &fwn);
	int a = SHOWN(wn), b = SHOWN(fwn);
	switch (l) {
	case 2:
		diag(SEV_ERROR, &at, "a shard made by railyard %.*s; %s was made by railyard %.*s: run every shard with "
		     "one railyard", a, w, s->first, b, fw);
		return false;
	case 3:
		diag(SEV_ERROR, &at, "a shard of another version of the pack (its content hash %.*s; %s's: %.*s): run "
		     "every shard on the same pack", a, w, s->first, b, fw);
		return false;
	case 4:
		diag(SEV_ERROR, &at, "a shard of another space (its hash %.*s; %s's: %.*s): give every shard the same "
		     "--vary or tune:", a, w, s->first, b, fw);
		return false;
	default:
		break;
	}
	const char *what = "variants (one loads or can be played in one shard and not in the other)";
	if (len >= 5 && memcmp(p, "pack ", 5) == 0)
		what = "pack's path, name, game or unit";
	else if (len >= 6 && memcmp(p, "space ", 6) == 0)
		what = "space";
	else if (len >= 7 && memcmp(p, "counts ", 7) == 0)
		what = "player counts (--players)";
	else if ((len >= 6 && memcmp(p, "goals ", 6) == 0) || (len >= 10 && memcmp(p, "objective ", 10) == 0) ||
		 (len >= 8 && memcmp(p, "require ", 8) == 0))
		what = "goals (--objective, --require, --skill-levels)";
	else if (len >= 4 && memcmp(p, "run ", 4) == 0)
		for (size_t i = 0; i < sizeof run_names / sizeof *run_names; i++) {
			nth_field(p, len, i + 1, &w, &wn);
			nth_field(q, n, i + 1, &fw, &fwn);
			if (wn != fwn || memcmp(w, fw, wn) != 0) {
				diag(SEV_ERROR, &at, "a shard of another search: its %s is %.*s, %s's is %.*s", run_names[i],
				     SHOWN(wn), w, s->first, SHOWN(fwn), fw);
				return false;
			}
		}
	diag(SEV_ERROR, &at, "a shard of another search: its line %zu (the %s) is not %s's", l, what, s->first);
	return false;
}

bool shard_set_add(struct shard_set *s, const char *file, const char *text, size_t len)
{
	struct rd r = {.file = file, .text = text, .end = text + len, .p = text};
	struct tune_ctx scratch = {.best = -1, .first_seat = -1};
	bool first = !s->head;
	struct tune_ctx *c = first ? s->c : &scratch;
	uint64_t pack, space, k, n, nrec;
	bool ok = read_ids(&r, &pack, &space) && read_header(&r, c, space);
	if (ok && first) {
		keep_head(s, text, r.p);
		s->first = xstrdup(file);
		s->nseg = c->cap / TUNE_SEG;
	} else if (ok) {
		ok = same_search(s, &r, text, r.p);
	}
	if (!first)
		shard_ctx_free(&scratch);
	if (!ok)
		return false;
	if (!next_line(&r, "'shard K N RECORDS'") || !keyword(&r, "shard") ||
	    !number(&r, "K", 1, SHARD_MAX_SHARDS, &k) || !number(&r, "N", k, SHARD_MAX_SHARDS, &n) ||
	    !number(&r, "the number of records", 0, SHARD_MAX_RECORDS, &nrec) || !line_end(&r, "the records"))
		return false;
	if (first) {
		s->n = (long)n;
		s->seen = xcalloc(n, sizeof *s->seen);   /* n <= SHARD_MAX_SHARDS */
	} else if ((long)n != s->n) {
		return fail_at(&r, r.ln, "a shard of %llu; %s is one of %ld: shards of one search", (unsigned long long)n,
			       s->first, s->n);
	}
	if (s->seen[k - 1])
		return fail_at(&r, r.ln, "shard %llu of %llu is given twice", (unsigned long long)k, (unsigned long long)n);
	s->seen[k - 1] = true;
	for (uint64_t i = 0; i < nrec; i++) {
		if (s->nrecs >= SHARD_MAX_RECORDS)
			return fail_at(&r, r.p, "more than %lu records in all", SHARD_MAX_RECORDS);
		if (r.p < r.end && r.end - r.p >= 4 && memcmp(r.p, "end\n", 4) == 0) {
			r.line++;
			r.ln = r.p;
			r.eol = r.p + 3;
			return fail_at(&r, r.p, "'end' after %llu records; the shard line says %llu: the file was cut or "
				       "edited", (unsigned long long)i, (unsigned long long)nrec);
		}
		s->recs = xgrow(s->recs, &s->cap, s->nrecs + 1, sizeof *s->recs);
		struct shard_rec *rec = &s->recs[s->nrecs];
		memset(rec, 0, sizeof *rec);
		s->nrecs++;
		s->sorted = false;
		char what[96];
		snprintf(what, sizeof what, "record %llu of the %llu its 'shard' line promises", (unsigned long long)i + 1,
			 (unsigned long long)nrec);
		if (!read_seg(&r, s, (long)k, (long)n, rec, what))
			return false;
		rec->file = (size_t)k;
	}
	if (!next_line(&r, "'end'") || !keyword(&r, "end") || !line_end(&r, "'end'"))
		return false;
	if (r.p < r.end) {
		r.line++;
		r.ln = r.p;
		r.eol = r.p;
		return fail_at(&r, r.p, "more after 'end'");
	}
	return true;
}

static int cmp_rec(const void *a, const void *b)
{
	const struct shard_rec *x = a, *y = b;
	return (x->key > y->key) - (x->key < y->key);
}

bool shard_set_finish(struct shard_set *s)
{
	if (!s->head) {
		diag(SEV_ERROR, NULL, "merge: no shard read");
		return false;
	}
	for (long k = 0; k < s->n; k++)
		if (!s->seen[k]) {
			diag(SEV_ERROR, NULL, "merge: shard %ld of %ld is missing", k + 1, s->n);
			return false;
		}
	qsort(s->recs, s->nrecs, sizeof *s->recs, cmp_rec);
	s->sorted = true;
	const struct tune_ctx *c = s->c;
	/* every live segment once, in key order: the first missing or repeated named */
	size_t j = 0;
	for (size_t v = 0; v < c->nv; v++)
		for (int k = 0; c->v[v].state == TS_LIVE && k < c->ncounts; k++)
			for (long g = 0; g < s->nseg; g++, j++) {
				uint64_t key = ((uint64_t)v * (uint64_t)c->ncounts + (uint64_t)k) * (uint64_t)s->nseg + (uint64_t)g;
				if (j < s->nrecs && s->recs[j].key == key && (j + 1 == s->nrecs || s->recs[j + 1].key != key))
					continue;
				uint64_t i = ((uint64_t)g * c->nv + v) * (uint64_t)c->ncounts + (uint64_t)k;
				if (j < s->nrecs && s->recs[j].key == key)
					diag(SEV_ERROR, NULL, "merge: shard %zu of %ld holds games %ld..%ld of variant #%zu at %d "
					     "players twice (lines %u and %u)", s->recs[j].file, s->n, g * TUNE_SEG,
					     (g + 1) * TUNE_SEG - 1, v + 1, c->counts[k], s->recs[j].line, s->recs[j + 1].line);
				else
					diag(SEV_ERROR, NULL, "merge: shard %llu of %ld lacks games %ld..%ld of variant #%zu at %d "
					     "players (the file was cut or edited)", (unsigned long long)(i % (uint64_t)s->n) + 1, s->n,
					     g * TUNE_SEG, (g + 1) * TUNE_SEG - 1, v + 1, c->counts[k]);
				return false;
			}
	return true;
}

const struct tune_seg *shard_set_seg(const struct shard_set *s, size_t v, int k, long seg)
{
	struct shard_rec key = {.key = ((uint64_t)v * (uint64_t)s->c->ncounts + (uint64_t)k) * (uint64_t)s->nseg +
				       (uint64_t)seg};
	const struct shard_rec *r = s->sorted ? bsearch(&key, s->recs, s->nrecs, sizeof *s->recs, cmp_rec) : NULL;
	return r ? &r->seg : NULL;
}

void shard_set_free(struct shard_set *s)
{
	for (size_t i = 0; i < s->nrecs; i++)
		free(s->recs[i].seg.ended);
	free(s->recs);
	free(s->seen);
	free(s->first);
	free(s->head);
	free(s->lines);
	memset(s, 0, sizeof *s);
}

void shard_ctx_free(struct tune_ctx *c)
{
	for (size_t v = 0; c->v && v < c->nv; v++) {
		for (int k = 0; k < TUNE_MAX_COUNTS; k++)
			free(c->v[v].cell[k].unplayable);
		free(c->v[v].differ);
		free(c->v[v].all);
		free(c->v[v].json);
	}
	free(c->v);
	free(c->pack_path);
	free(c->pack_id);
	free(c->game);
	free(c->unit);
	free(c->space);
	tune_goal_free(c);
	free(c->skill);
	c->skill = NULL;
	c->v = NULL;
	c->pack_path = c->pack_id = c->game = c->unit = c->space = NULL;
}

/* ---- the files of a merge ---- */

/* Every shard file named (folders: their shard-*.txt files, sorted). */
static bool collect(char *const *paths, size_t npaths, char ***files, size_t *n)
{
	size_t cap = 0;
	bool ok = true;
	for (size_t i = 0; i < npaths; i++) {
		struct stat sb;
		if (stat(paths[i], &sb) != 0) {
			diag(SEV_ERROR, NULL, "%s: %s", paths[i], strerror(errno));
			ok = false;
			continue;
		}
		if (!S_ISDIR(sb.st_mode)) {
			*files = xgrow(*files, &cap, *n + 1, sizeof **files);
			(*files)[(*n)++] = xstrdup(paths[i]);
			continue;
		}
		struct dirent **list;
		int m = scandir(paths[i], &list, NULL, alphasort);
		if (m < 0) {
			diag(SEV_ERROR, NULL, "%s: %s", paths[i], strerror(errno));
			ok = false;
			continue;
		}
		for (int j = 0; j < m; j++) {
			size_t len = strlen(list[j]->d_name);
			if (strncmp(list[j]->d_name, "shard-", 6) == 0 && len > 4 &&
			    strcmp(list[j]->d_name + len - 4, ".txt") == 0) {
				*files = xgrow(*files, &cap, *n + 1, sizeof **files);
				(*files)[(*n)++] = xasprintf("%s%s%s", paths[i], path_sep(paths[i]), list[j]->d_name);
			}
			free(list[j]);
		}
		free(list);
	}
	if (ok && !*n) {
		diag(SEV_ERROR, NULL, "merge: no shard files (shard-K-of-N.txt) in %s", npaths ? paths[0] : "");
		ok = false;
	}
	return ok;
}

bool shard_set_read(struct shard_set *s, char *const *paths, size_t npaths)
{
	char **files = NULL;
	size_t n = 0;
	bool ok = collect(paths, npaths, &files, &n);
	for (size_t i = 0; ok && i < n; i++) {
		size_t len;
		char *text = read_file(files[i], SHARD_MAX_BYTES, &len);
		if (!text) {
			diag(SEV_ERROR, NULL, "%s: %s%s", files[i], file_strerror(errno),
			     errno == EFBIG ? " (a shard may have 1 GiB)" : "");
			ok = false;
			break;
		}
		ok = shard_set_add(s, files[i], text, len);
		free(text);
	}
	ok = ok && shard_set_finish(s);
	for (size_t i = 0; i < n; i++)
		free(files[i]);
	free(files);
	return ok;
}

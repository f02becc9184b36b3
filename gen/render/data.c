/* data.c: a pack's `data:`, `fields:` and `size:` -> extra fields for its cards. */
#include "data.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "csv.h"
#include "draw.h"
#include "template.h"
#include "util.h"
#include "watch.h"
#include "ytree.h"

/* A column or field name: what a template writes between braces. */
static bool name_ok(const char *s)
{
	if (!*s || strlen(s) > 40)
		return false;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') ||
		      *s == '-' || *s == '_'))
			return false;
	return true;
}

static struct loc at(const char *file, unsigned line, unsigned col)
{
	struct loc l = {file, line, col};
	return l;
}

/* ---- rows, whatever they came from ---- */

static int find_column(const struct card_data *d, const char *name)
{
	for (size_t i = 0; i < d->ncolumns; i++)
		if (strcmp(d->columns[i], name) == 0)
			return (int)i;
	return -1;
}

static int add_column(struct card_data *d, const char *name)
{
	int i = find_column(d, name);
	if (i >= 0)
		return i;
	d->columns = xrealloc(d->columns, (d->ncolumns + 1) * sizeof *d->columns);
	d->columns[d->ncolumns] = xstrdup(name);
	for (size_t r = 0; r < d->nrows; r++) {
		d->rows[r].values = xrealloc(d->rows[r].values, (d->ncolumns + 1) * sizeof(char *));
		d->rows[r].values[d->ncolumns] = xstrdup("");
	}
	return (int)d->ncolumns++;
}

static struct data_row *add_row(struct card_data *d, struct loc loc)
{
	d->rows = xgrow(d->rows, &d->caprows, d->nrows + 1, sizeof *d->rows);
	struct data_row *row = &d->rows[d->nrows++];
	row->loc = loc;
	row->values = xcalloc(d->ncolumns ? d->ncolumns : 1, sizeof *row->values);
	for (size_t i = 0; i < d->ncolumns; i++)
		row->values[i] = xstrdup("");
	return row;
}

static const struct card_data *sort_data;  /* qsort has no user pointer */

static int by_key(const void *a, const void *b)
{
	const struct data_row *x = &sort_data->rows[*(const size_t *)a];
	const struct data_row *y = &sort_data->rows[*(const size_t *)b];
	int c = strcmp(x->values[sort_data->key], y->values[sort_data->key]);
	if (c)
		return c;
	return x->loc.line < y->loc.line ? -1 : x->loc.line > y->loc.line;
}

/* Choose the key column, normalise numbers, find empty and duplicate keys, and
 * keep the rows' order sorted by key for lookups (d->rows itself is sorted). */
static void finish_rows(struct yread *r, struct card_data *d, const char *const *key_names,
			const struct loc *where)
{
	int key = -1;
	for (size_t i = 0; key_names[i] && key < 0; i++)
		key = find_column(d, key_names[i]);
	if (key < 0) {
		struct buf b = {0};
		for (size_t i = 0; key_names[i]; i++)
			buf_printf(&b, "%s'%s'", i ? (key_names[i + 1] ? ", " : " or ") : "", key_names[i]);
		diag(SEV_ERROR, where, "the data needs a key column, %s, to say which cards a row is for",
		     b.s);
		buf_free(&b);
		r->errors++;
		return;
	}
	d->key = (size_t)key;
	bool number = strcmp(d->columns[key], "number") == 0;
	for (size_t i = 0; i < d->nrows; i++) {
		char **v = &d->rows[i].values[key];
		if (!**v) {
			diag(SEV_ERROR, &d->rows[i].loc, "this row has no '%s'", d->columns[key]);
			r->errors++;
			continue;
		}
		long n;
		if (number && parse_int(*v, 0, 1000000000L, &n) == 0) {
			free(*v);
			*v = xasprintf("%ld", n);
		}
	}
	size_t *idx = xcalloc(d->nrows ? d->nrows : 1, sizeof *idx);
	for (size_t i = 0; i < d->nrows; i++)
		idx[i] = i;
	sort_data = d;
	qsort(idx, d->nrows, sizeof *idx, by_key);
	sort_data = NULL;
	for (size_t i = 1; i < d->nrows; i++) {
		const struct data_row *a = &d->rows[idx[i - 1]], *b = &d->rows[idx[i]];
		if (*b->values[key] && strcmp(a->values[key], b->values[key]) == 0) {
			diag(SEV_ERROR, &b->loc, "a second row for %s '%s' (the first is at line %u)",
			     d->columns[key], b->values[key], a->loc.line);
			r->errors++;
		}
	}
	struct data_row *sorted = xcalloc(d->nrows ? d->nrows : 1, sizeof *sorted);
	for (size_t i = 0; i < d->nrows; i++)
		sorted[i] = d->rows[idx[i]];
	free(d->rows);
	d->rows = sorted;
	d->caprows = d->nrows ? d->nrows : 1;
	free(idx);
}

/* ---- CSV (RFC 4180, read by csv.h) ---- */

struct data_csv {
	struct csv_reader in;
	const char *column;   /* the field's column, NULL in the header */
	size_t index;         /* the field's place in its line, 0-based */
};

/* The field just read must be text a card may show (text_problem, at most
 * DATA_MAX_CHARS characters). Returns 0, or -1 after reporting at its start. */
static int field_check(struct data_csv *c, unsigned line, unsigned col)
{
	char what[120], msg[300];
	size_t at;
	const struct buf *f = &c->in.field;
	if (!text_problem(f->s, f->len, DATA_MAX_CHARS, &at, what, sizeof what))
		return 0;
	if (c->column)
		snprintf(msg, sizeof msg, "the '%s' value holds %s (character %zu of the value)", c->column,
			 what, at + 1);
	else
		snprintf(msg, sizeof msg, "column %zu of the header holds %s", c->index + 1, what);
	csv_error(&c->in, line, col, msg);
	return -1;
}

/* The fields of the line at c into a new array *f of new strings (*n of them);
 * map (nmap entries, NULL for the header) names each field's column for the
 * errors. False after a reported error, the rest of the line skipped. */
static bool read_line(struct data_csv *c, const struct card_data *d, const size_t *map, size_t nmap, char ***f,
		      size_t *n)
{
	size_t cap = 0;
	*f = NULL;
	*n = 0;
	for (;;) {
		c->index = *n;
		c->column = !map || *n >= nmap ? NULL : d->columns[map[*n]];
		unsigned line = c->in.line, col = c->in.col;
		if (csv_field(&c->in) != 0 || field_check(c, line, col) != 0) {
			csv_skip_line(&c->in);
			return false;
		}
		*f = xgrow(*f, &cap, *n + 1, sizeof **f);
		(*f)[(*n)++] = xstrdup(c->in.field.s);
		if (!csv_next(&c->in))
			return true;
	}
}

/* The header's n names (f, trimmed in place) as the data's columns: a new
 * map from CSV field to column, every bad or repeated name reported. */
static size_t *read_header(struct data_csv *c, struct card_data *d, unsigned line, char **f, size_t n)
{
	size_t *map = xcalloc(n, sizeof *map);
	for (size_t i = 0; i < n; i++) {
		char *name = f[i];
		while (*name == ' ')
			name++;
		size_t l = strlen(name);
		while (l && name[l - 1] == ' ')
			name[--l] = 0;
		if (!name_ok(name)) {
			char msg[200];
			snprintf(msg, sizeof msg,
				 "column %zu of the header: '%.60s' is not a field name (letters, digits, '-', '_')",
				 i + 1, name);
			csv_error(&c->in, line, 1, msg);
		} else if (find_column(d, name) >= 0) {
			char msg[120];
			snprintf(msg, sizeof msg, "column '%.60s' is named twice in the header", name);
			csv_error(&c->in, line, 1, msg);
		} else if (d->ncolumns >= DATA_MAX_COLUMNS) {
			csv_error(&c->in, line, 1, "more than 64 columns");
			break;
		}
		map[i] = (size_t)add_column(d, name);
	}
	return map;
}

/* A line's n fields f as a row of the data (taking the strings it keeps);
 * false (reported) past the most rows. */
static bool read_row(struct data_csv *c, struct card_data *d, unsigned line, const size_t *map, size_t nmap,
		     char **f, size_t n)
{
	if (n != nmap) {
		char msg[120];
		snprintf(msg, sizeof msg, "this line has %zu field%s; the header has %zu", n, n == 1 ? "" : "s",
			 nmap);
		csv_error(&c->in, line, 1, msg);
		return true;
	}
	if (d->nrows >= DATA_MAX_ROWS) {
		csv_error(&c->in, line, 1, "more than 100000 rows");
		return false;
	}
	struct data_row *row = add_row(d, at(d->file, line, 1));
	for (size_t i = 0; i < n; i++) {
		free(row->values[map[i]]);
		row->values[map[i]] = f[i];
		f[i] = NULL;
	}
	return true;
}

static void read_csv(struct yread *r, struct card_data *d, const char *text, size_t len)
{
	struct data_csv c = {.column = NULL};
	csv_reader_init(&c.in, d->file, text, len);
	size_t *map = NULL;  /* CSV field i -> column; NULL: the header is next */
	size_t nmap = 0;
	bool more = true;
	while (more && !csv_done(&c.in)) {
		unsigned line = c.in.line;
		if (csv_at_break(&c.in)) {
			csv_skip_line(&c.in);  /* a blank line */
			continue;
		}
		char **f;
		size_t n;
		if (read_line(&c, d, map, nmap, &f, &n)) {
			if (!map) {
				map = read_header(&c, d, line, f, n);
				nmap = n;
			} else {
				more = read_row(&c, d, line, map, nmap, f, n);
			}
		}
		for (size_t i = 0; i < n; i++)
			free(f[i]);
		free(f);
	}
	if (!map)
		csv_error(&c.in, 1, 1, "the CSV file is empty: it needs a header line naming its columns");
	free(map);
	r->errors += c.in.errors;
	csv_reader_free(&c.in);
}

/* ---- YAML rows: a list of mappings ---- */

static void read_rows(struct yread *r, struct card_data *d, const struct ynode *list, const char *what)
{
	if (yr_want(r, what, list, Y_SEQ) != 0)
		return;
	if (list->n > DATA_MAX_ROWS) {
		yr_error(r, list, "more than %d rows", DATA_MAX_ROWS);
		return;
	}
	for (size_t i = 0; i < list->n; i++) {
		const struct ynode *m = list->items[i];
		if (m->kind != Y_MAP) {
			yr_error(r, m, "a data row must be a mapping (number: 12, flavour: ...), not %s",
				 ynode_what(m));
			continue;
		}
		struct data_row *row = add_row(d, yr_loc(r, m));
		for (size_t k = 0; k < m->n; k++) {
			const struct ynode *key = m->pairs[k].key, *v = m->pairs[k].value;
			if (!name_ok(key->str)) {
				yr_error(r, key, "'%s' is not a field name (letters, digits, '-', '_')", key->str);
				continue;
			}
			if (find_column(d, key->str) < 0 && d->ncolumns >= DATA_MAX_COLUMNS) {
				yr_error(r, key, "more than %d columns", DATA_MAX_COLUMNS);
				continue;
			}
			if (v->kind != Y_SCALAR) {
				yr_error(r, v, "'%s' must be a string or number, not %s", key->str, ynode_what(v));
				continue;
			}
			if (utf8_chars(v->str) > DATA_MAX_CHARS) {
				yr_error(r, v, "the '%s' value has more than %d characters", key->str,
					 DATA_MAX_CHARS);
				continue;
			}
			int c = add_column(d, key->str);
			row = &d->rows[d->nrows - 1];
			free(row->values[c]);
			row->values[c] = xstrdup(ynode_is_null(v) ? "" : v->str);
		}
	}
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n >= m && strcasecmp(s + n - m, suffix) == 0;
}

/* The rows of n (a file name beside pack_file, or a list: the value of key)
 * into d, in the order written; every problem reported through r. */
static void read_source(struct yread *r, const struct ynode *n, const char *pack_file, const char *key,
			struct card_data *d)
{
	d->loc = yr_loc(r, n);
	if (n->kind == Y_SEQ) {
		read_rows(r, d, n, key);
	} else if (n->kind == Y_SCALAR) {
		const char *why;
		watch_note_name(pack_file, n->str);
		char *path = path_inside(pack_file, n->str, &why);
		if (!path) {
			yr_error(r, n, "%s '%s': %s", key, n->str, why);
			return;
		}
		free(d->file);
		d->file = path;
		if (ends_with(path, ".csv")) {
			size_t len;
			watch_note(path);
			char *text = read_file(path, DATA_MAX_BYTES, &len);
			if (!text) {
				yr_error(r, n, "%s '%s': %s", key, path,
					 errno == EFBIG ? "larger than 4 MB" : strerror(errno));
				return;
			}
			diag_source(path, text, len);
			read_csv(r, d, text, len);
			free(text);
		} else if (ends_with(path, ".yaml") || ends_with(path, ".yml")) {
			struct ydoc *doc = ydoc_load(path);
			if (!doc) {
				r->errors++;
				return;
			}
			struct yread sub = {.file = d->file, .errors = doc->errors};
			if (!doc->root)
				yr_error(&sub, NULL, "the data file is empty: it needs a list of rows");
			else
				read_rows(&sub, d, doc->root, key);
			r->errors += sub.errors;
			ydoc_free(doc);
		} else {
			yr_error(r, n, "%s '%s': a .csv or .yaml file, or a list of rows", key, n->str);
		}
	} else {
		yr_error(r, n, "'%s' must be a file name (cards.csv, cards.yaml) or a list of rows, not %s",
			 key, ynode_what(n));
	}
}

int data_read(struct yread *r, const struct ynode *n, const char *pack_file,
	      const char *const *key_names, struct card_data *d)
{
	unsigned before = r->errors;
	read_source(r, n, pack_file, "data", d);
	if (r->errors == before && d->nrows)
		finish_rows(r, d, key_names, d->file ? &(struct loc){d->file, 1, 1} : &d->loc);
	return r->errors == before ? 0 : -1;
}

int data_read_rows(struct yread *r, const struct ynode *n, const char *pack_file, const char *key,
		   struct card_data *d)
{
	unsigned before = r->errors;
	read_source(r, n, pack_file, key, d);
	return r->errors == before ? 0 : -1;
}

int data_read_csv(const char *file, const char *text, size_t len, const char *const *key_names,
		  struct card_data *d)
{
	struct yread r = {.file = file};
	free(d->file);
	d->file = xstrdup(file);
	read_csv(&r, d, text, len);
	if (!r.errors && d->nrows && key_names)
		finish_rows(&r, d, key_names, &(struct loc){d->file, 1, 1});
	return r.errors ? -1 : 0;
}

int data_read_fields(struct yread *r, const struct ynode *n, struct card_data *d)
{
	if (yr_want(r, "fields", n, Y_MAP) != 0)
		return -1;
	unsigned before = r->errors;
	d->names = xcalloc(n->n ? n->n : 1, sizeof *d->names);
	d->values = xcalloc(n->n ? n->n : 1, sizeof *d->values);
	for (size_t i = 0; i < n->n; i++) {
		const struct ynode *k = n->pairs[i].key, *v = n->pairs[i].value;
		if (!name_ok(k->str)) {
			yr_error(r, k, "'%s' is not a field name (letters, digits, '-', '_')", k->str);
			continue;
		}
		if (v->kind != Y_SCALAR) {
			yr_error(r, v, "field '%s' must be a string or number, not %s", k->str, ynode_what(v));
			continue;
		}
		if (utf8_chars(v->str) > DATA_MAX_CHARS) {
			yr_error(r, v, "field '%s' has more than %d characters", k->str, DATA_MAX_CHARS);
			continue;
		}
		d->names[d->nfields] = xstrdup(k->str);
		d->values[d->nfields++] = xstrdup(ynode_is_null(v) ? "" : v->str);
	}
	return r->errors == before ? 0 : -1;
}

int data_read_size(struct yread *r, const struct ynode *n, struct card_data *d)
{
	d->loc_size = yr_loc(r, n);
	if (n->kind == Y_SCALAR) {
		if (card_size(n->str, &d->w, &d->h) != 0) {
			yr_error(r, n, "'size': unknown card size '%s' (poker, euro-poker, bridge, mini, mini-euro, mini-american, square, large-square, tarot, or [width, height])",
				 n->str);
			return -1;
		}
		d->has_size = true;
		return 0;
	}
	if (n->kind != Y_SEQ || n->n != 2) {
		yr_error(r, n, "'size' must be a name such as tarot, or [width, height]");
		return -1;
	}
	double v[2];
	for (size_t i = 0; i < 2; i++) {
		struct tpl_len l;
		const struct ynode *x = n->items[i];
		if (x->kind != Y_SCALAR || tpl_parse_len(x->str, false, &l) != 0 || l.v < 20 ||
		    l.v > 1000) {
			yr_error(r, x, "'size': a length of 20 to 1000 mm (63mm, 2.5in; a number is mm)");
			return -1;
		}
		v[i] = l.v;
	}
	d->w = v[0];
	d->h = v[1];
	d->has_size = true;
	return 0;
}

/* The name among names[0..n) nearest to key, for "did you mean": one that
 * differs from it in case only, else closest_word's; NULL when none is near. */
static const char *nearest_key(const char *key, const char **names, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (strcasecmp(names[i], key) == 0)
			return names[i];
	return n ? closest_word(key, names) : NULL;
}

/* data_keys_warn: a row naming no card is a warning. */
static bool keys_warn;

void data_keys_warn(bool on)
{
	keys_warn = on;
}

int data_check_keys(const struct card_data *d, bool (*exists)(void *user, const char *column,
							       const char *key),
		    const char *(*name_at)(void *user, size_t i), void *user)
{
	int bad = 0;
	const char **names = NULL;
	size_t n = 0, cap = 0;
	for (size_t i = 0; i < d->nrows; i++) {
		const char *k = d->rows[i].values[d->key];
		if (!*k || exists(user, d->columns[d->key], k))
			continue;
		if (!names && name_at) {   /* the names, once there is a row to suggest one for */
			for (const char *s; (s = name_at(user, n)); n++) {
				names = xgrow(names, &cap, n + 1, sizeof *names);
				names[n] = s;
			}
			names = xgrow(names, &cap, n + 1, sizeof *names);
			names[n] = NULL;
		}
		const char *near = nearest_key(k, names, n);
		enum severity sev = keys_warn ? SEV_WARNING : SEV_ERROR;
		if (near)
			diag(sev, &d->rows[i].loc, "this row is for %s '%s', but no card has it "
			     "(did you mean '%s'?)", d->columns[d->key], k, near);
		else
			diag(sev, &d->rows[i].loc, "this row is for %s '%s', but no card has it",
			     d->columns[d->key], k);
		bad += !keys_warn;
	}
	free(names);
	return bad;
}

const char *data_key_name(const struct card_data *d)
{
	return d->nrows ? d->columns[d->key] : NULL;
}

/* What a column is a column of, for "did you mean": the data file's name. */
static const char *data_origin(const struct card_data *d)
{
	if (!d->file)
		return "the pack's data";
	const char *slash = strrchr(d->file, '/');
	return slash ? slash + 1 : d->file;
}

void data_fields(const struct card_data *d, struct fields *f)
{
	for (size_t i = 0; i < d->nfields; i++)
		if (!fields_get(f, d->names[i]))
			fields_set(f, d->names[i], d->values[i]);
	if (!d->nrows)
		return;
	const char *key = fields_get(f, d->columns[d->key]);
	const struct data_row *row = NULL;
	size_t lo = 0, hi = d->nrows;
	while (key && lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(d->rows[mid].values[d->key], key);
		if (c == 0) {
			row = &d->rows[mid];
			break;
		}
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (size_t i = 0; i < d->ncolumns; i++)
		if (i != d->key)
			fields_set_from(f, d->columns[i], row ? row->values[i] : "", data_origin(d));
}

void data_free(struct card_data *d)
{
	for (size_t r = 0; r < d->nrows; r++) {
		for (size_t i = 0; i < d->ncolumns; i++)
			free(d->rows[r].values[i]);
		free(d->rows[r].values);
	}
	free(d->rows);
	for (size_t i = 0; i < d->ncolumns; i++)
		free(d->columns[i]);
	free(d->columns);
	for (size_t i = 0; i < d->nfields; i++) {
		free(d->names[i]);
		free(d->values[i]);
	}
	free(d->names);
	free(d->values);
	free(d->file);
	memset(d, 0, sizeof *d);
}

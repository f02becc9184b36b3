/* deck_new.c: what `railyard new --game deck [--cards FILE.csv] NAME` writes
 * besides new.c's folder (deck.h): a deck pack whose cards are the rows of
 * the CSV (its header names the fields, a `count` column the copies), the
 * default face template with the CSV's own column names and a band colour for
 * each kind, the default back, and a README. */
#include "deck.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "data.h"
#include "diag.h"
#include "kit.h"
#include "util.h"

/* The cards of a deck started without --cards: a header naming the fields the
 * default face shows, and a few cards with their copies. */
static const char starter_csv[] =
	"name,kind,index,text,count\n"
	"Lantern,light,1,Look at the top card of the draw pile and put it back.,3\n"
	"Compass,path,2,Swap a card of your hand with one on the table.,2\n"
	"Old Map,path,3,\"Draw two cards, then put one of them back on top.\",2\n"
	"Storm,weather,4,Every player passes one card to the left.,1\n";

/* The Okabe-Ito colours a kind's band takes, in order, and the type on each
 * (ink, the face's dark palette colour, on the light ones). */
static const char *const band_colours[][2] = {
	{"#E69F00", "ink"}, {"#56B4E9", "ink"}, {"#009E73", "white"}, {"#F0E442", "ink"},
	{"#0072B2", "white"}, {"#D2631E", "white"}, {"#CC79A7", "ink"},
};
#define NBANDS (sizeof band_colours / sizeof *band_colours)
#define MAX_KINDS 12   /* a column with more different values is no kind */

/* The column named name, or -1. */
static int column_named(const struct card_data *cd, const char *name)
{
	for (size_t c = 0; c < cd->ncolumns; c++)
		if (!strcmp(cd->columns[c], name))
			return (int)c;
	return -1;
}

/* The different values of column c in the order they come, at most max (more:
 * returns max + 1). v gets them (borrowed). */
static size_t distinct(const struct card_data *cd, int c, const char **v, size_t max)
{
	size_t n = 0;
	for (size_t r = 0; r < cd->nrows; r++) {
		const char *x = cd->rows[r].values[c];
		size_t k = 0;
		while (k < n && strcmp(v[k], x))
			k++;
		if (k < n || !*x)
			continue;
		if (n == max)
			return max + 1;
		v[n++] = x;
	}
	return n;
}

static bool taken(const struct deck_new *nd, int c)
{
	return c == nd->rows.name || c == nd->rows.count || c == nd->text || c == nd->kind || c == nd->index;
}

/* Whether column c is taken by a role other than *self. */
static bool taken_but(struct deck_new *nd, int c, int *self)
{
	int keep = *self;
	*self = -1;
	bool t = taken(nd, c);
	*self = keep;
	return t;
}

/* Which columns the face shows where: text, kind and index by their names
 * (or a usual synonym: answer, topic, rank ...), else a kind is a column of
 * repeated values (few), the text the longest remaining column, the index one
 * of short values (a rank: 7, Q, 10). */
static void pick_roles(struct deck_new *nd)
{
	static const char *const text_names[] = {"text", "body", "description", "rules", "effect",
						 "ability", "answer", "flavour", "flavor", NULL};
	static const char *const kind_names[] = {"kind", "type", "category", "topic", "suit", "colour",
						 "color", "class", "family", "faction", NULL};
	static const char *const index_names[] = {"index", "rank", "value", "points", "cost", NULL};
	const struct card_data *cd = &nd->cd;
	nd->text = nd->kind = nd->index = -1;
	for (size_t i = 0; kind_names[i] && nd->kind < 0; i++)
		if ((nd->kind = column_named(cd, kind_names[i])) >= 0 && taken_but(nd, nd->kind, &nd->kind))
			nd->kind = -1;
	for (size_t i = 0; index_names[i] && nd->index < 0; i++)
		if ((nd->index = column_named(cd, index_names[i])) >= 0 && taken_but(nd, nd->index, &nd->index))
			nd->index = -1;
	for (size_t i = 0; text_names[i] && nd->text < 0; i++)
		if ((nd->text = column_named(cd, text_names[i])) >= 0 && taken_but(nd, nd->text, &nd->text))
			nd->text = -1;
	const char *v[MAX_KINDS];
	for (size_t c = 0; c < cd->ncolumns && nd->kind < 0; c++) {
		size_t n = taken(nd, (int)c) ? 0 : distinct(cd, (int)c, v, MAX_KINDS);
		if (n && n <= MAX_KINDS && n < cd->nrows)
			nd->kind = (int)c;
	}
	double best = 0;
	int named = nd->text;
	for (size_t c = 0; c < cd->ncolumns && named < 0; c++) {
		if (taken(nd, (int)c))
			continue;
		double len = 0;
		for (size_t r = 0; r < cd->nrows; r++)
			len += (double)utf8_chars(cd->rows[r].values[c]);
		if (len / (double)cd->nrows > best) {
			best = len / (double)cd->nrows;
			nd->text = (int)c;
		}
	}
	for (size_t c = 0; c < cd->ncolumns && nd->index < 0; c++) {
		bool shortv = !taken(nd, (int)c);
		for (size_t r = 0; r < cd->nrows && shortv; r++)
			shortv = *cd->rows[r].values[c] && utf8_chars(cd->rows[r].values[c]) <= 3;
		if (shortv)
			nd->index = (int)c;
	}
}

int deck_new_read(struct deck_new *nd, const char *csv)
{
	memset(nd, 0, sizeof *nd);
	size_t len = strlen(starter_csv);
	nd->csv = csv ? read_file(csv, DATA_MAX_BYTES, &len) : xstrdup(starter_csv);
	if (!nd->csv) {
		diag(SEV_ERROR, NULL, "new: cannot read %s: %s", csv,
		     errno == EFBIG ? "larger than 4 MB" : file_strerror(errno));
		return -1;
	}
	nd->len = len;
	const char *name = csv ? csv : "cards.csv";
	diag_source(name, nd->csv, len);
	if (data_read_csv(name, nd->csv, len, NULL, &nd->cd) != 0)
		return -1;
	if (!nd->cd.nrows) {
		diag(SEV_ERROR, &(struct loc){name, 1, 1}, "no cards: a header line naming the fields, then "
		     "a card a line");
		return -1;
	}
	if (kit_rows_read(&nd->cd, 1, &nd->rows) != 0)
		return -1;
	pick_roles(nd);
	return 0;
}

void deck_new_free(struct deck_new *nd)
{
	free(nd->csv);
	free(nd->rows.counts);
	data_free(&nd->cd);
}

/* Whether s[at..] is the field role as a template writes it: after {, [ or a
 * space, before }, |, ",", ] or "-ambiguous" (not "text:" the element, nor
 * "band-text"). */
static bool role_at(const char *s, size_t at, const char *role)
{
	size_t n = strlen(role);
	if (at == 0 || !strchr("{[ ", s[at - 1]) || strncmp(s + at, role, n) != 0)
		return false;
	return (s[at + n] && strchr("}|,]", s[at + n])) || !strncmp(s + at + n, "-ambiguous", 10);
}

/* text with every use of field role in an element ("  - {...}" lines, not the
 * comments) renamed to column. */
static char *rename_role(const char *text, const char *role, const char *column)
{
	struct buf b = {0};
	buf_add(&b, "", 0);
	bool element = false;
	for (size_t i = 0; text[i];) {
		if (i == 0 || text[i - 1] == '\n')
			element = !strncmp(text + i, "  - {", 5);
		if (element && role_at(text, i, role)) {
			buf_puts(&b, column);
			i += strlen(role);
		} else {
			buf_add(&b, text + i, 1);
			i++;
		}
	}
	return b.s;
}

/* s as a YAML double-quoted scalar. */
static void quoted(struct buf *b, const char *s)
{
	buf_puts(b, "\"");
	for (; *s; s++)
		if (*s == '"' || *s == '\\')
			buf_printf(b, "\\%c", *s);
		else if ((unsigned char)*s < 32)
			buf_puts(b, " ");
		else
			buf_add(b, s, 1);
	buf_puts(b, "\"");
}

/* The maps' lines for the kinds: after "  band:" (a map, not the palette's
 * colour) each kind's colour, after "  band-ink:" the type on it. */
static char *add_kinds(const struct deck_new *nd, const char *text)
{
	const char *v[MAX_KINDS];
	size_t n = nd->kind < 0 ? 0 : distinct(&nd->cd, nd->kind, v, MAX_KINDS);
	n = n > NBANDS ? NBANDS : n;
	struct buf b = {0};
	buf_add(&b, "", 0);
	for (const char *line = text; *line;) {
		size_t len = strcspn(line, "\n");
		buf_add(&b, line, len + (line[len] == '\n'));
		bool band = !strncmp(line, "  band: ", 8) && line[8 + strspn(line + 8, " ")] == '#';
		bool ink = !strncmp(line, "  band-ink: ", 12) && line[12 + strspn(line + 12, " ")] == '#';
		for (size_t k = 0; (band || ink) && k < n; k++) {
			buf_puts(&b, "    ");
			quoted(&b, v[k]);
			buf_printf(&b, ": %s%s%s\n", band ? "\"" : "", band_colours[k][band ? 0 : 1], band ? "\"" : "");
		}
		line += len + (line[len] == '\n');
	}
	return b.s;
}

char *deck_new_face(const struct deck_new *nd, const char *shipped)
{
	static const char *const roles[] = {"text", "kind", "index"};
	const int cols[] = {nd->text, nd->kind, nd->index};
	char *t = xstrdup(shipped);
	for (size_t i = 0; i < 3; i++) {
		if (cols[i] < 0 || !strcmp(nd->cd.columns[cols[i]], roles[i]))
			continue;
		char *u = rename_role(t, roles[i], nd->cd.columns[cols[i]]);
		free(t);
		t = u;
	}
	char *u = add_kinds(nd, t);
	free(t);
	return u;
}

char *deck_new_readme(const struct deck_new *nd, const char *title, const char *id, const char *from)
{
	struct buf b = {0};
	const struct card_data *cd = &nd->cd;
	long cards = 0;
	for (size_t r = 0; r < cd->nrows; r++)
		cards += nd->rows.counts[r];
	buf_printf(&b, "# %s\n\n"
		   "A new deck (any card game: game: deck), %zu different cards and %ld in all, from %s.\n\n"
		   "- cards.csv: a card a row; the header names the fields (each a {field} of the\n"
		   "  templates)%s. The card's name is its `%s`.\n"
		   "- face.yaml: how a card looks. It shows `%s` as the title",
		   title, cd->nrows, cards, from, nd->rows.count >= 0 ? ", and `count` gives each card's copies" : "",
		   cd->columns[nd->rows.name], cd->columns[nd->rows.name]);
	if (nd->text >= 0)
		buf_printf(&b, ", `%s` as its text", cd->columns[nd->text]);
	if (nd->kind >= 0)
		buf_printf(&b, ", `%s` as the band's colour and label", cd->columns[nd->kind]);
	if (nd->index >= 0)
		buf_printf(&b, " and `%s` in the corners.\n", cd->columns[nd->index]);
	else
		buf_puts(&b, " and the card's number in the corners.\n");
	buf_printf(&b, "- back.yaml: the back of every card; pack.yaml: the pack (railyard-pack(5)).\n\n"
		   "Then, in this folder:\n\n"
		   "    railyard check pack.yaml    # the structure: counts, fields, templates\n"
		   "    railyard build pack.yaml    # the print files, into out/%s/\n"
		   "    railyard list pack.yaml     # every card and its copies\n\n"
		   "A deck has no rules engine: simulate and tune are for the train games.\n", id);
	return b.s;
}

char *deck_new_pack(const char *title, const char *id, const char *from)
{
	struct buf b = {0};
	buf_printf(&b, "# %s: a new deck pack (any card game), started by 'railyard new' from %s.\n"
		   "# Edit it freely; railyard-pack(5) has every key.\n"
		   "pack: %s\ntitle: ", title, from, id);
	quoted(&b, title);
	buf_puts(&b, "\ngame: deck\n"
		 "cards:\n"
		 "  - name: card\n"
		 "    rows: cards.csv        # a card a row: the header names the fields, `count` the copies\n"
		 "    face: face.yaml\n"
		 "back: back.yaml\n");
	return b.s;
}

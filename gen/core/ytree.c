/* ytree.c: libyaml events -> ynode tree with locations. The only includer of yaml.h. */
#include "ytree.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <yaml.h>

#include "util.h"
#include "watch.h"

struct anchor {
	char *name;
	struct ynode *node;
};

struct builder {
	struct ydoc *doc;
	yaml_parser_t parser;
	const char *text;
	size_t len;
	unsigned soft;      /* errors that leave the tree usable */
	struct ynode **dropped; /* pairs left out of the tree, freed after the parse */
	size_t ndropped, capdropped;
	struct anchor *anchors;
	size_t nanchors, capanchors;
	size_t *aslot;      /* hash of anchor names: index into anchors + 1 */
	size_t naslot, naused;
	size_t nodes;
	size_t text_bytes;  /* scalar bytes, counting every alias expansion */
	bool over_text;     /* an alias went past YT_MAX_TEXT */
	int errors;
};

static void node_free(struct ynode *n)
{
	if (!n)
		return;
	free(n->str);
	for (size_t i = 0; n->kind == Y_SEQ && i < n->n; i++)
		node_free(n->items[i]);
	for (size_t i = 0; n->kind == Y_MAP && i < n->n; i++) {
		node_free(n->pairs[i].key);
		node_free(n->pairs[i].value);
	}
	free(n->items);
	free(n->pairs);
	free(n);
}

void ydoc_free(struct ydoc *doc)
{
	if (!doc)
		return;
	node_free(doc->root);
	free(doc->file);
	free(doc);
}

static struct loc mark_loc(const struct builder *b, yaml_mark_t m)
{
	struct loc l = {b->doc->file, (unsigned)m.line + 1, (unsigned)m.column + 1};
	return l;
}

static void set_end(const struct builder *b, struct ynode *n, yaml_mark_t m)
{
	struct loc l = mark_loc(b, m);
	n->end_line = l.line;
	n->end_col = l.col;
}

static struct ynode *new_node(struct builder *b, enum ykind kind, yaml_mark_t m)
{
	struct ynode *n = xcalloc(1, sizeof *n);
	n->kind = kind;
	n->loc = mark_loc(b, m);
	b->nodes++;
	return n;
}

/* Copy an anchored node for an alias, counting every node against the budget so
 * that "billion laughs" documents stop early. Returns NULL past the budget. */
static struct ynode *copy_node(struct builder *b, const struct ynode *src, struct loc at)
{
	if (b->nodes >= YT_MAX_NODES)
		return NULL;
	if (src->len > YT_MAX_TEXT - b->text_bytes) {
		b->over_text = true;
		return NULL;
	}
	b->text_bytes += src->len;
	struct ynode *n = xcalloc(1, sizeof *n);
	b->nodes++;
	n->kind = src->kind;
	n->loc = at;
	n->plain = src->plain;
	n->len = src->len;
	if (src->str)
		n->str = xstrndup(src->str, src->len);
	n->n = src->n;
	if (src->kind == Y_SEQ) {
		n->items = xcalloc(src->n, sizeof *n->items);
		for (size_t i = 0; i < src->n; i++)
			if (!(n->items[i] = copy_node(b, src->items[i], src->items[i]->loc))) {
				n->n = i;
				node_free(n);
				return NULL;
			}
	} else if (src->kind == Y_MAP) {
		n->pairs = xcalloc(src->n, sizeof *n->pairs);
		for (size_t i = 0; i < src->n; i++) {
			n->pairs[i].key = copy_node(b, src->pairs[i].key, src->pairs[i].key->loc);
			n->pairs[i].value = n->pairs[i].key
				? copy_node(b, src->pairs[i].value, src->pairs[i].value->loc) : NULL;
			if (!n->pairs[i].value) {
				n->n = i + 1;
				node_free(n);
				return NULL;
			}
		}
	}
	return n;
}

/* The scalar keys of one mapping, hashed, so that duplicate keys are found in
 * linear time even in a mapping of 100,000 keys. slot[i] is a pair index + 1. */
struct keyset {
	size_t *slot;
	size_t nslot, count;
};

static size_t key_hash(const char *s, size_t len)
{
	size_t h = 14695981039346656037u & SIZE_MAX;
	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)s[i]) * 1099511628211u;
	return h;
}

static void keyset_put(struct keyset *ks, const struct ypair *pairs, size_t index)
{
	const struct ynode *k = pairs[index].key;
	size_t i = key_hash(k->str, k->len) & (ks->nslot - 1);
	while (ks->slot[i])
		i = (i + 1) & (ks->nslot - 1);
	ks->slot[i] = index + 1;
	ks->count++;
}

/* Add key, the scalar about to become pairs[n].key; returns the earlier key equal
 * to it, or NULL. Only scalar keys are ever entered. */
static const struct ynode *keyset_add(struct keyset *ks, const struct ypair *pairs, size_t n,
				      const struct ynode *key)
{
	if (ks->nslot) {
		size_t i = key_hash(key->str, key->len) & (ks->nslot - 1);
		for (; ks->slot[i]; i = (i + 1) & (ks->nslot - 1)) {
			const struct ynode *k = pairs[ks->slot[i] - 1].key;
			if (k->len == key->len && memcmp(k->str, key->str, k->len) == 0)
				return k;
		}
	}
	if ((ks->count + 1) * 2 > ks->nslot) {
		size_t *old = ks->slot, nold = ks->nslot;
		ks->nslot = nold ? nold * 2 : 16;
		ks->slot = xcalloc(ks->nslot, sizeof *ks->slot);
		ks->count = 0;
		for (size_t i = 0; i < nold; i++)
			if (old[i])
				keyset_put(ks, pairs, old[i] - 1);
		free(old);
	}
	/* pairs[n] is not written yet: enter the new key by its own hash. */
	size_t i = key_hash(key->str, key->len) & (ks->nslot - 1);
	while (ks->slot[i])
		i = (i + 1) & (ks->nslot - 1);
	ks->slot[i] = n + 1;
	ks->count++;
	return NULL;
}

static void error_at(struct builder *b, yaml_mark_t m, const char *fmt, const char *arg)
{
	struct loc l = mark_loc(b, m);
	diag(SEV_ERROR, &l, fmt, arg);
	b->errors++;
}

/* Whether mapping n has the scalar key name. */
static bool has_key(const struct ynode *n, const char *name)
{
	for (size_t i = 0; i < n->n; i++)
		if (n->pairs[i].key && n->pairs[i].key->kind == Y_SCALAR &&
		    strcmp(n->pairs[i].key->str, name) == 0)
			return true;
	return false;
}

/* YAML merge keys: `<<: *style` (or a list of them) in mapping n gives it every
 * pair of the merged mappings whose key it does not have itself, so templates
 * can share a style. The merged pairs are moved (an alias is a copy); keys are
 * looked up by hash, so a merge takes linear time. */
static void merge_keys(struct builder *b, struct ynode *n)
{
	struct ynode **merges = NULL;
	size_t nmerges = 0, capm = 0, kept = 0;
	for (size_t i = 0; i < n->n; i++) {
		if (strcmp(n->pairs[i].key->str, "<<") == 0) {
			merges = xgrow(merges, &capm, nmerges + 1, sizeof *merges);
			merges[nmerges++] = n->pairs[i].value;
			node_free(n->pairs[i].key);
		} else {
			n->pairs[kept++] = n->pairs[i];
		}
	}
	n->n = kept;
	struct keyset ks = {0};
	for (size_t i = 0; i < n->n; i++)
		keyset_add(&ks, n->pairs, i, n->pairs[i].key);
	size_t cap = n->n;
	for (size_t j = 0; j < nmerges; j++) {
		struct ynode *v = merges[j];
		for (size_t s = 0; s < (v->kind == Y_SEQ ? v->n : 1); s++) {
			struct ynode *m = v->kind == Y_SEQ ? v->items[s] : v;
			if (m->kind != Y_MAP) {
				diag(SEV_ERROR, &m->loc, "'<<' merges a mapping (an alias such as *style), not %s",
				     ynode_what(m));
				b->errors++;
				continue;
			}
			for (size_t k = 0; k < m->n; k++) {
				if (keyset_add(&ks, n->pairs, n->n, m->pairs[k].key))
					continue;
				n->pairs = xgrow(n->pairs, &cap, n->n + 1, sizeof *n->pairs);
				n->pairs[n->n++] = m->pairs[k];
				m->pairs[k].key = m->pairs[k].value = NULL;
			}
		}
		node_free(v);
	}
	free(ks.slot);
	free(merges);
}

/* The line and column (in characters, as libyaml counts) of byte offset at. */
static struct loc offset_loc(const struct builder *b, size_t at)
{
	struct loc l = {b->doc->file, 1, 1};
	for (size_t i = 0; i < at; i++) {
		unsigned char c = (unsigned char)b->text[i];
		if (c == '\n') {
			l.line++;
			l.col = 1;
		} else if ((c & 0xC0) != 0x80) {
			l.col++;
		}
	}
	return l;
}

/* The indentation (leading spaces) of line `line` (1-based) of b's text, and
 * of the nearest line above it holding more than a comment (*above, its number
 * in *above_line; 0 when there is none). */
static unsigned line_indent(const struct builder *b, unsigned line, unsigned *above, unsigned *above_line)
{
	unsigned n = 1, ind = 0;
	*above = 0;
	*above_line = 0;
	for (size_t i = 0; i < b->len && n <= line; n++) {
		size_t sp = 0;
		while (i + sp < b->len && b->text[i + sp] == ' ')
			sp++;
		char c = i + sp < b->len ? b->text[i + sp] : '\n';
		if (n == line)
			ind = (unsigned)sp;
		else if (c != '\n' && c != '\r' && c != '#') {
			*above = (unsigned)sp;
			*above_line = n;
		}
		const char *nl = memchr(b->text + i, '\n', b->len - i);
		i = nl ? (size_t)(nl - b->text) + 1 : b->len;
	}
	return ind;
}

/* Beside libyaml's words for a slip of indentation ("mapping values are not
 * allowed in this context", "did not find expected key"), a note in a
 * designer's: how the line is indented against the one above. */
static void indent_note(const struct builder *b, const struct loc *l, const char *problem)
{
	if (!problem || (strcmp(problem, "mapping values are not allowed in this context") != 0 &&
			 strcmp(problem, "did not find expected key") != 0 &&
			 strcmp(problem, "did not find expected '-' indicator") != 0))
		return;
	unsigned above, above_line, ind = line_indent(b, l->line, &above, &above_line);
	if (!above_line || ind == above)
		return;
	diag_set_excerpts(0);   /* the error above quotes the line */
	diag(SEV_NOTE, l, "line %u is indented %u space%s, line %u %u: the keys of one mapping (and the "
	     "items of one list) line up; a key's own keys go on the lines under it, indented further",
	     l->line, ind, ind == 1 ? "" : "s", above_line, above);
	diag_set_excerpts(1);
}

static int next_event(struct builder *b, yaml_event_t *ev)
{
	if (yaml_parser_parse(&b->parser, ev))
		return 0;
	const yaml_parser_t *p = &b->parser;
	struct loc l = mark_loc(b, p->problem_mark);
	if (p->error == YAML_READER_ERROR) {
		/* Reader errors carry a byte offset, not a line: find the line ourselves. */
		size_t at = p->problem_offset < b->len ? p->problem_offset : b->len;
		if (p->problem && strstr(p->problem, "trailing") && at > 0) {
			/* Point at the sequence's first byte, not the octet that broke it. */
			at--;
			while (at > 0 && ((unsigned char)b->text[at] & 0xC0) == 0x80)
				at--;
		}
		l = offset_loc(b, at);
		diag(SEV_ERROR, &l, "YAML: %s (byte %zu; the file must be UTF-8 text)",
		     p->problem ? p->problem : "unreadable text", at);
	} else {
		size_t at = p->problem_mark.index;
		const char *hint = at < b->len && b->text[at] == '\t'
			? "; YAML does not allow tabs for indentation, use spaces" : "";
		if (p->context) {
			struct loc c = mark_loc(b, p->context_mark);
			diag(SEV_ERROR, &l, "YAML: %s (%s that starts at line %u, column %u)%s",
			     p->problem ? p->problem : "syntax error", p->context, c.line, c.col, hint);
		} else {
			diag(SEV_ERROR, &l, "YAML: %s%s", p->problem ? p->problem : "syntax error", hint);
		}
		if (!*hint)
			indent_note(b, &l, p->problem);
	}
	b->errors++;
	return -1;
}

/* The slot of anchor name in the anchor hash: the one holding it, or the empty
 * one where it would go. */
static size_t anchor_slot(const struct builder *b, const char *name)
{
	size_t i = key_hash(name, strlen(name)) & (b->naslot - 1);
	while (b->aslot[i] && strcmp(b->anchors[b->aslot[i] - 1].name, name) != 0)
		i = (i + 1) & (b->naslot - 1);
	return i;
}

/* Anchors are hashed by name (a later anchor of the same name wins), so that
 * 60,000 aliases of the first of 60,000 anchors take no quadratic scan. */
static void add_anchor(struct builder *b, const yaml_char_t *name, struct ynode *n)
{
	if (!name)
		return;
	b->anchors = xgrow(b->anchors, &b->capanchors, b->nanchors + 1, sizeof *b->anchors);
	b->anchors[b->nanchors].name = xstrdup((const char *)name);
	b->anchors[b->nanchors].node = n;
	b->nanchors++;
	if ((b->naused + 1) * 2 > b->naslot) {
		size_t *old = b->aslot, nold = b->naslot;
		b->naslot = nold ? nold * 2 : 16;
		b->aslot = xcalloc(b->naslot, sizeof *b->aslot);
		for (size_t i = 0; i < nold; i++)
			if (old[i])
				b->aslot[anchor_slot(b, b->anchors[old[i] - 1].name)] = old[i];
		free(old);
	}
	size_t i = anchor_slot(b, (const char *)name);
	b->naused += !b->aslot[i];
	b->aslot[i] = b->nanchors;
}

static const struct ynode *find_anchor(const struct builder *b, const char *name)
{
	if (!b->naslot)
		return NULL;
	size_t i = anchor_slot(b, name);
	return b->aslot[i] ? b->anchors[b->aslot[i] - 1].node : NULL;
}

/* A scalar, its escapes decoded, must hold no control character but a line
 * break: no C0 (tab included), DEL or C1 (U+0080..U+009F), nor a bidi control,
 * an invisible character or a pile of combining marks (text_problem). Reported
 * once per scalar at its start; the tree stays usable. */
static void check_controls(struct builder *b, yaml_mark_t m, const struct ynode *n)
{
	char what[120];
	size_t at;
	if (text_problem(n->str, n->len, 0, &at, what, sizeof what)) {
		error_at(b, m, "string contains %s", what);
		b->errors--;
		b->soft++;
		return;
	}
}

static struct ynode *build(struct builder *b, yaml_event_t *ev, int depth);

static struct ynode *build_alias(struct builder *b, yaml_event_t *ev)
{
	const char *name = (const char *)ev->data.alias.anchor;
	const struct ynode *target = find_anchor(b, name);
	if (!target) {
		error_at(b, ev->start_mark, "YAML: undefined alias *%s", name);
		return NULL;
	}
	struct ynode *n = copy_node(b, target, mark_loc(b, ev->start_mark));
	if (!n && b->over_text)
		error_at(b, ev->start_mark, "alias *%s expands to too much text "
			 "(more than 16 MiB in all)", name);
	else if (!n)
		error_at(b, ev->start_mark, "alias *%s expands to too many YAML nodes "
			 "(more than 200000)", name);
	return n;
}

static struct ynode *build_scalar(struct builder *b, yaml_event_t *ev)
{
	if (ev->data.scalar.length > YT_MAX_SCALAR) {
		error_at(b, ev->start_mark, "string too long (more than %s bytes)", "65536");
		return NULL;
	}
	b->text_bytes += ev->data.scalar.length;
	struct ynode *n = new_node(b, Y_SCALAR, ev->start_mark);
	n->str = xstrndup((const char *)ev->data.scalar.value, ev->data.scalar.length);
	n->len = ev->data.scalar.length;
	n->plain = ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
	n->flow = ev->data.scalar.style != YAML_LITERAL_SCALAR_STYLE && ev->data.scalar.style != YAML_FOLDED_SCALAR_STYLE;
	set_end(b, n, ev->end_mark);
	if (memchr(n->str, '\0', n->len)) {
		error_at(b, ev->start_mark, "string contains a NUL character%s", "");
		node_free(n);
		return NULL;
	}
	check_controls(b, ev->start_mark, n);
	add_anchor(b, ev->data.scalar.anchor, n);
	return n;
}

/* Add the pair key: value to the mapping n (cap: its pairs' room), or report a
 * key that is not a name or comes twice (keys: those seen) and keep the pair
 * aside until the end of the parse. */
static void add_pair(struct builder *b, struct ynode *n, size_t *cap, struct keyset *keys, struct ynode *key,
		     struct ynode *value)
{
	/* Report, drop the pair and go on: the rest of the file still gets read. */
	bool drop = false;
	if (key->kind != Y_SCALAR) {
		diag(SEV_ERROR, &key->loc, "a mapping key must be a plain name, not %s", ynode_what(key));
		drop = true;
	} else {
		const struct ynode *first = keyset_add(keys, n->pairs, n->n, key);
		if (first) {
			diag(SEV_ERROR, &key->loc, "duplicate key '%s' (first given at line %u, column %u)",
			     key->str, first->loc.line, first->loc.col);
			drop = true;
		}
	}
	if (drop) {
		/* Kept until the end of the parse, not freed: an anchor inside
		 * may still be named by a later alias. */
		b->soft++;
		b->dropped = xgrow(b->dropped, &b->capdropped, b->ndropped + 2, sizeof *b->dropped);
		b->dropped[b->ndropped++] = key;
		b->dropped[b->ndropped++] = value;
		return;
	}
	n->pairs = xgrow(n->pairs, cap, n->n + 1, sizeof *n->pairs);
	n->pairs[n->n].key = key;
	n->pairs[n->n].value = value;
	n->n++;
}

/* The items (or key: value pairs, when map) of the collection n up to its end
 * event (whose end mark becomes n's end), built at depth; 0, or -1 on an
 * error (reported). */
static int build_children(struct builder *b, struct ynode *n, bool map, int depth)
{
	size_t cap = 0;
	struct keyset keys = {0};
	int ok = 1;
	for (;;) {
		yaml_event_t e;
		if (next_event(b, &e) != 0) {
			ok = 0;
			break;
		}
		if (e.type == YAML_SEQUENCE_END_EVENT || e.type == YAML_MAPPING_END_EVENT) {
			set_end(b, n, e.end_mark);
			yaml_event_delete(&e);
			break;
		}
		struct ynode *child = build(b, &e, depth);
		yaml_event_delete(&e);
		if (!child) {
			ok = 0;
			break;
		}
		if (!map) {
			n->items = xgrow(n->items, &cap, n->n + 1, sizeof *n->items);
			n->items[n->n++] = child;
			continue;
		}
		/* A key: then its value. */
		yaml_event_t ve;
		if (next_event(b, &ve) != 0) {
			node_free(child);
			ok = 0;
			break;
		}
		struct ynode *value = build(b, &ve, depth);
		yaml_event_delete(&ve);
		if (!value) {
			node_free(child);
			ok = 0;
			break;
		}
		add_pair(b, n, &cap, &keys, child, value);
	}
	free(keys.slot);
	return ok ? 0 : -1;
}

static struct ynode *build_collection(struct builder *b, yaml_event_t *ev, int depth)
{
	bool map = ev->type == YAML_MAPPING_START_EVENT;
	if (depth >= YT_MAX_DEPTH) {
		error_at(b, ev->start_mark, "YAML nested too deeply (more than %s levels)", "64");
		return NULL;
	}
	struct ynode *n = new_node(b, map ? Y_MAP : Y_SEQ, ev->start_mark);
	n->flow = map ? ev->data.mapping_start.style == YAML_FLOW_MAPPING_STYLE
		      : ev->data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE;
	yaml_char_t *anchor = map ? ev->data.mapping_start.anchor : ev->data.sequence_start.anchor;
	char *anchor_copy = anchor ? xstrdup((const char *)anchor) : NULL;
	if (build_children(b, n, map, depth + 1) != 0) {
		free(anchor_copy);
		node_free(n);
		return NULL;
	}
	if (map && has_key(n, "<<"))
		merge_keys(b, n);
	add_anchor(b, (const yaml_char_t *)anchor_copy, n);
	free(anchor_copy);
	return n;
}

/* Build the node that starts with ev (already read). Returns NULL on error. */
static struct ynode *build(struct builder *b, yaml_event_t *ev, int depth)
{
	if (b->nodes >= YT_MAX_NODES) {
		error_at(b, ev->start_mark, "too many YAML nodes (more than %s)", "200000");
		return NULL;
	}
	switch (ev->type) {
	case YAML_ALIAS_EVENT: return build_alias(b, ev);
	case YAML_SCALAR_EVENT: return build_scalar(b, ev);
	case YAML_SEQUENCE_START_EVENT:
	case YAML_MAPPING_START_EVENT: return build_collection(b, ev, depth);
	default:
		error_at(b, ev->start_mark, "YAML: unexpected %s", "event");
		return NULL;
	}
}

struct ydoc *ydoc_parse(const char *name, const char *text, size_t len)
{
	struct builder b;
	memset(&b, 0, sizeof b);
	b.doc = xcalloc(1, sizeof *b.doc);
	b.doc->file = xstrdup(name);
	b.text = text;
	b.len = len;
	diag_source(name, text, len);
	yaml_parser_initialize(&b.parser);
	yaml_parser_set_input_string(&b.parser, (const unsigned char *)text, len);

	yaml_event_t ev;
	int state = 0; /* 0: before doc, 1: in doc (root read), 2: after doc */
	while (next_event(&b, &ev) == 0) {
		yaml_event_type_t t = ev.type;
		if (t == YAML_STREAM_END_EVENT) {
			yaml_event_delete(&ev);
			break;
		}
		if (t == YAML_DOCUMENT_START_EVENT && state == 2) {
			error_at(&b, ev.start_mark, "only one YAML document per file%s", "");
			yaml_event_delete(&ev);
			break;
		}
		if (t == YAML_DOCUMENT_END_EVENT)
			state = 2;
		else if (t == YAML_SCALAR_EVENT || t == YAML_SEQUENCE_START_EVENT ||
			 t == YAML_MAPPING_START_EVENT || t == YAML_ALIAS_EVENT) {
			b.doc->root = build(&b, &ev, 0);
			state = 1;
			if (!b.doc->root) {
				yaml_event_delete(&ev);
				break;
			}
		}
		yaml_event_delete(&ev);
	}
	yaml_parser_delete(&b.parser);
	for (size_t i = 0; i < b.nanchors; i++)
		free(b.anchors[i].name);
	free(b.anchors);
	free(b.aslot);
	for (size_t i = 0; i < b.ndropped; i++)
		node_free(b.dropped[i]);
	free(b.dropped);
	if (b.errors) {
		ydoc_free(b.doc);
		return NULL;
	}
	b.doc->errors = b.soft;
	/* An empty document: a single empty plain scalar from libyaml. */
	if (b.doc->root && ynode_is_null(b.doc->root) && b.doc->root->len == 0) {
		node_free(b.doc->root);
		b.doc->root = NULL;
	}
	return b.doc;
}

struct ydoc *ydoc_load(const char *path)
{
	size_t len;
	watch_note(path);
	char *text = read_file(path, YT_MAX_FILE, &len);
	if (!text) {
		struct loc l = {path, 0, 0};
		if (errno == EFBIG)
			diag(SEV_ERROR, &l, "file too large (more than %u MiB)", YT_MAX_FILE >> 20);
		else
			diag(SEV_ERROR, &l, "cannot read: %s", file_strerror(errno));
		return NULL;
	}
	struct ydoc *doc = ydoc_parse(path, text, len);
	free(text);
	return doc;
}

void ynode_free(struct ynode *n)
{
	node_free(n);
}

struct ynode *ynode_clone(const struct ynode *src)
{
	struct ynode *n = xcalloc(1, sizeof *n);
	n->kind = src->kind;
	n->loc = src->loc;
	n->plain = src->plain;
	n->flow = src->flow;
	n->end_line = src->end_line;
	n->end_col = src->end_col;
	n->len = src->len;
	n->n = src->n;
	if (src->str)
		n->str = xstrndup(src->str, src->len);
	if (src->kind == Y_SEQ) {
		n->items = xcalloc(src->n ? src->n : 1, sizeof *n->items);
		for (size_t i = 0; i < src->n; i++)
			n->items[i] = ynode_clone(src->items[i]);
	} else if (src->kind == Y_MAP) {
		n->pairs = xcalloc(src->n ? src->n : 1, sizeof *n->pairs);
		for (size_t i = 0; i < src->n; i++) {
			n->pairs[i].key = ynode_clone(src->pairs[i].key);
			n->pairs[i].value = ynode_clone(src->pairs[i].value);
		}
	}
	return n;
}

/* The nodes of a clone name its own copy of the file name, not doc's (which
 * may be freed first). */
static void rename_file(struct ynode *n, const char *from, const char *to)
{
	if (n->loc.file == from)
		n->loc.file = to;
	if (n->kind == Y_SEQ)
		for (size_t i = 0; i < n->n; i++)
			rename_file(n->items[i], from, to);
	else if (n->kind == Y_MAP)
		for (size_t i = 0; i < n->n; i++) {
			rename_file(n->pairs[i].key, from, to);
			rename_file(n->pairs[i].value, from, to);
		}
}

struct ydoc *ydoc_clone(const struct ydoc *doc)
{
	struct ydoc *c = xcalloc(1, sizeof *c);
	c->file = xstrdup(doc->file);
	c->root = doc->root ? ynode_clone(doc->root) : NULL;
	if (c->root)
		rename_file(c->root, doc->file, c->file);
	c->errors = doc->errors;
	return c;
}

struct ynode *ynode_new_scalar(const char *text, bool plain, struct loc at)
{
	struct ynode *n = xcalloc(1, sizeof *n);
	n->kind = Y_SCALAR;
	n->loc = at;
	n->plain = plain;
	n->len = strlen(text);
	n->str = xstrdup(text);
	return n;
}

struct ynode *ynode_new_map(struct loc at)
{
	struct ynode *n = xcalloc(1, sizeof *n);
	n->kind = Y_MAP;
	n->loc = at;
	return n;
}

void ymap_set(struct ynode *map, struct ynode *key, struct ynode *value)
{
	for (size_t i = 0; i < map->n; i++)
		if (map->pairs[i].key->kind == Y_SCALAR && strcmp(map->pairs[i].key->str, key->str) == 0) {
			node_free(map->pairs[i].value);
			node_free(key);
			map->pairs[i].value = value;
			return;
		}
	map->pairs = xrealloc(map->pairs, (map->n + 1) * sizeof *map->pairs);
	map->pairs[map->n].key = key;
	map->pairs[map->n].value = value;
	map->n++;
}

const struct ynode *ymap_get(const struct ynode *map, const char *key)
{
	if (!map || map->kind != Y_MAP)
		return NULL;
	for (size_t i = 0; i < map->n; i++)
		if (map->pairs[i].key->kind == Y_SCALAR && strcmp(map->pairs[i].key->str, key) == 0)
			return map->pairs[i].value;
	return NULL;
}

bool ynode_is_null(const struct ynode *n)
{
	return n->kind == Y_SCALAR && n->plain &&
	       (n->len == 0 || strcmp(n->str, "~") == 0 || strcasecmp(n->str, "null") == 0);
}

const char *ynode_what(const struct ynode *n)
{
	long l;
	double d;
	bool b;
	switch (n->kind) {
	case Y_MAP:
		return "a mapping";
	case Y_SEQ:
		return "a list";
	case Y_SCALAR:
		break;
	}
	if (ynode_is_null(n))
		return "nothing";
	if (n->plain && ynode_int(n, &l) == 0)
		return "a whole number";
	if (n->plain && ynode_double(n, &d) == 0)
		return "a number";
	if (n->plain && ynode_bool(n, &b) == 0)
		return "a true/false value";
	return "a string";
}

int ynode_int(const struct ynode *n, long *out)
{
	if (n->kind != Y_SCALAR || n->len == 0 || n->len > 20)
		return -1;
	char *end;
	errno = 0;
	long v = strtol(n->str, &end, 10);
	if (errno || *end || end == n->str)
		return -1;
	*out = v;
	return 0;
}

int ynode_double(const struct ynode *n, double *out)
{
	if (n->kind != Y_SCALAR || n->len == 0 || n->len > 40)
		return -1;
	char *end;
	errno = 0;
	double v = strtod(n->str, &end);
	if (errno || *end || end == n->str || !isfinite(v))
		return -1;
	*out = v;
	return 0;
}

int ynode_bool(const struct ynode *n, bool *out)
{
	static const char *const yes[] = {"true", "yes", "on"}, *const no[] = {"false", "no", "off"};
	if (n->kind != Y_SCALAR || !n->plain)
		return -1;
	for (int i = 0; i < 3; i++) {
		if (strcasecmp(n->str, yes[i]) == 0) {
			*out = true;
			return 0;
		}
		if (strcasecmp(n->str, no[i]) == 0) {
			*out = false;
			return 0;
		}
	}
	return -1;
}

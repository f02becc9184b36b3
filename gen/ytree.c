/* ytree.c: libyaml events -> ynode tree with locations. The only includer of yaml.h. */
#include "ytree.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <yaml.h>

#include "util.h"

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
	struct anchor *anchors;
	size_t nanchors, capanchors;
	size_t nodes;
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

static void error_at(struct builder *b, yaml_mark_t m, const char *fmt, const char *arg)
{
	struct loc l = mark_loc(b, m);
	diag(SEV_ERROR, &l, fmt, arg);
	b->errors++;
}

static int next_event(struct builder *b, yaml_event_t *ev)
{
	if (yaml_parser_parse(&b->parser, ev))
		return 0;
	const yaml_parser_t *p = &b->parser;
	struct loc l = mark_loc(b, p->problem_mark);
	if (p->error == YAML_READER_ERROR) {
		/* Reader errors carry a byte offset, not a line: find the line ourselves. */
		l.line = (unsigned)p->problem_mark.line + 1;
		diag(SEV_ERROR, &l, "YAML: %s (byte %zu; the file must be UTF-8 text)",
		     p->problem ? p->problem : "unreadable text", p->problem_offset);
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
	}
	b->errors++;
	return -1;
}

static void add_anchor(struct builder *b, const yaml_char_t *name, struct ynode *n)
{
	if (!name)
		return;
	b->anchors = xgrow(b->anchors, &b->capanchors, b->nanchors + 1, sizeof *b->anchors);
	b->anchors[b->nanchors].name = xstrdup((const char *)name);
	b->anchors[b->nanchors].node = n;
	b->nanchors++;
}

/* Build the node that starts with ev (already read). Returns NULL on error. */
static struct ynode *build(struct builder *b, yaml_event_t *ev, int depth)
{
	if (b->nodes >= YT_MAX_NODES) {
		error_at(b, ev->start_mark, "too many YAML nodes (more than %s)", "200000");
		return NULL;
	}
	switch (ev->type) {
	case YAML_ALIAS_EVENT: {
		const char *name = (const char *)ev->data.alias.anchor;
		for (size_t i = b->nanchors; i-- > 0;)
			if (strcmp(b->anchors[i].name, name) == 0) {
				struct ynode *n = copy_node(b, b->anchors[i].node, mark_loc(b, ev->start_mark));
				if (!n)
					error_at(b, ev->start_mark, "alias *%s expands to too many YAML nodes "
						 "(more than 200000)", name);
				return n;
			}
		error_at(b, ev->start_mark, "YAML: undefined alias *%s", name);
		return NULL;
	}
	case YAML_SCALAR_EVENT: {
		if (ev->data.scalar.length > YT_MAX_SCALAR) {
			error_at(b, ev->start_mark, "string too long (more than %s bytes)", "65536");
			return NULL;
		}
		struct ynode *n = new_node(b, Y_SCALAR, ev->start_mark);
		n->str = xstrndup((const char *)ev->data.scalar.value, ev->data.scalar.length);
		n->len = ev->data.scalar.length;
		n->plain = ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
		if (memchr(n->str, '\0', n->len)) {
			error_at(b, ev->start_mark, "string contains a NUL character%s", "");
			node_free(n);
			return NULL;
		}
		add_anchor(b, ev->data.scalar.anchor, n);
		return n;
	}
	case YAML_SEQUENCE_START_EVENT:
	case YAML_MAPPING_START_EVENT: {
		bool map = ev->type == YAML_MAPPING_START_EVENT;
		if (depth >= YT_MAX_DEPTH) {
			error_at(b, ev->start_mark, "YAML nested too deeply (more than %s levels)", "64");
			return NULL;
		}
		struct ynode *n = new_node(b, map ? Y_MAP : Y_SEQ, ev->start_mark);
		yaml_char_t *anchor = map ? ev->data.mapping_start.anchor : ev->data.sequence_start.anchor;
		char *anchor_copy = anchor ? xstrdup((const char *)anchor) : NULL;
		size_t cap = 0;
		int ok = 1;
		for (;;) {
			yaml_event_t e;
			if (next_event(b, &e) != 0) {
				ok = 0;
				break;
			}
			if (e.type == YAML_SEQUENCE_END_EVENT || e.type == YAML_MAPPING_END_EVENT) {
				yaml_event_delete(&e);
				break;
			}
			struct ynode *child = build(b, &e, depth + 1);
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
			struct ynode *value = build(b, &ve, depth + 1);
			yaml_event_delete(&ve);
			if (!value) {
				node_free(child);
				ok = 0;
				break;
			}
			/* Report, drop the pair and go on: the rest of the file still gets read. */
			bool drop = false;
			if (child->kind != Y_SCALAR) {
				diag(SEV_ERROR, &child->loc, "a mapping key must be a plain name, not %s",
				     ynode_what(child));
				drop = true;
			} else {
				for (size_t i = 0; i < n->n && !drop; i++)
					if (strcmp(n->pairs[i].key->str, child->str) == 0) {
						diag(SEV_ERROR, &child->loc,
						     "duplicate key '%s' (first given at line %u, column %u)",
						     child->str, n->pairs[i].key->loc.line, n->pairs[i].key->loc.col);
						drop = true;
					}
			}
			if (drop) {
				b->soft++;
				node_free(child);
				node_free(value);
				continue;
			}
			n->pairs = xgrow(n->pairs, &cap, n->n + 1, sizeof *n->pairs);
			n->pairs[n->n].key = child;
			n->pairs[n->n].value = value;
			n->n++;
		}
		if (!ok) {
			free(anchor_copy);
			node_free(n);
			return NULL;
		}
		add_anchor(b, (const yaml_char_t *)anchor_copy, n);
		free(anchor_copy);
		return n;
	}
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
	char *text = read_file(path, YT_MAX_FILE, &len);
	if (!text) {
		struct loc l = {path, 0, 0};
		if (errno == EFBIG)
			diag(SEV_ERROR, &l, "file too large (more than %u MiB)", YT_MAX_FILE >> 20);
		else
			diag(SEV_ERROR, &l, "cannot read: %s", strerror(errno));
		return NULL;
	}
	struct ydoc *doc = ydoc_parse(path, text, len);
	free(text);
	return doc;
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

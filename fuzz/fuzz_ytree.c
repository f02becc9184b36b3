/* fuzz_ytree.c: libFuzzer target for the YAML tree alone (ytree.c), the layer
 * every loader (packs, templates) stands on. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "diag.h"
#include "ytree.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static size_t walk(const struct ynode *n, int depth)
{
	if (!n)
		return 0;
	if (depth > YT_MAX_DEPTH + 1)
		__builtin_trap();
	size_t count = 1;
	long l;
	double d;
	bool b;
	(void)ynode_int(n, &l);
	(void)ynode_double(n, &d);
	(void)ynode_bool(n, &b);
	(void)ynode_what(n);
	if (n->kind == Y_SEQ)
		for (size_t i = 0; i < n->n; i++)
			count += walk(n->items[i], depth + 1);
	if (n->kind == Y_MAP)
		for (size_t i = 0; i < n->n; i++) {
			if (n->pairs[i].key->kind != Y_SCALAR)
				__builtin_trap(); /* the tree promises scalar keys */
			count += walk(n->pairs[i].key, depth + 1) + walk(n->pairs[i].value, depth + 1);
			(void)ymap_get(n, n->pairs[i].key->str);
		}
	return count;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *sink;
	if (!sink) {
		sink = fopen("/dev/null", "w");
		diag_set_stream(sink);
	}
	if (size > YT_MAX_FILE)
		return 0;
	struct ydoc *doc = ydoc_parse("fuzz.yaml", (const char *)data, size);
	if (doc) {
		if (walk(doc->root, 0) > YT_MAX_NODES)
			__builtin_trap();
		ydoc_free(doc);
	}
	diag_reset();
	return 0;
}

/* Unit tests for robustness: the loaders' limits and the bugs the fuzzer and the
 * bad-input corpus found, the diagnostics' line index, and atomic writes when
 * the disk fills or the folder is missing. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "diag.h"
#include "output.h"
#include "trains_rules.h"
#include "trust.h"
#include "util.h"
#include "ytree.h"

/* Diagnostics of one call, captured into a string the test owns. */
static char *captured;
static size_t captured_len;
static FILE *capture_stream;

static void capture_begin(void)
{
	diag_reset();
	capture_stream = open_memstream(&captured, &captured_len);
	assert_non_null(capture_stream);
	diag_set_stream(capture_stream);
}

static void capture_end(void)
{
	fclose(capture_stream);
	diag_set_stream(NULL);
}

static void capture_free(void)
{
	free(captured);
	captured = NULL;
	diag_reset();
}

/* The number of times needle occurs in hay. */
static size_t occurrences(const char *hay, const char *needle)
{
	size_t n = 0;
	for (const char *p = hay; (p = strstr(p, needle)) != NULL; p += strlen(needle))
		n++;
	return n;
}

static const char pack_head[] = "pack: x\ngame: trains\ncensus: 3\nabilities: [swap]\ncards: 6\n";

/* Found by fuzz_pack: a non-scalar key, then a scalar key, passed NULL to strcmp. */
static void nonscalar_key_then_key(void **state)
{
	(void)state;
	static const char text[] = "[a]: 1\nb: 2\n{c: d}: 3\nb: 4\n";
	capture_begin();
	struct ydoc *doc = ydoc_parse("t.yaml", text, sizeof text - 1);
	capture_end();
	assert_non_null(doc);
	assert_int_equal(doc->errors, 3);
	assert_non_null(strstr(captured, "t.yaml:1:1: error: a mapping key must be a plain name, not a list"));
	assert_non_null(strstr(captured, "t.yaml:4:1: error: duplicate key 'b' (first given at line 2, column 1)"));
	assert_int_equal(doc->root->n, 1); /* only b: 2 is kept */
	ydoc_free(doc);
	capture_free();
}

/* A dropped pair's anchor is still named by a later alias: no use after free
 * (the SAN and valgrind passes are what would catch it). */
static void alias_into_dropped_pair(void **state)
{
	(void)state;
	static const char text[] = "a: 1\na: &x [1, 2]\nb: *x\n";
	capture_begin();
	struct ydoc *doc = ydoc_parse("t.yaml", text, sizeof text - 1);
	capture_end();
	assert_non_null(doc);
	const struct ynode *b = ymap_get(doc->root, "b");
	assert_non_null(b);
	assert_int_equal(b->kind, Y_SEQ);
	assert_int_equal(b->n, 2);
	assert_string_equal(b->items[1]->str, "2");
	ydoc_free(doc);
	capture_free();
}

/* An anchor name given again names the later node from there on. */
static void anchor_redefined(void **state)
{
	(void)state;
	static const char text[] = "a: &x 1\nb: &x [2]\nc: *x\nd: &y {k: *x}\ne: *y\nf: &x 3\ng: *x\n";
	capture_begin();
	struct ydoc *doc = ydoc_parse("t.yaml", text, sizeof text - 1);
	capture_end();
	assert_non_null(doc);
	const struct ynode *c = ymap_get(doc->root, "c"), *e = ymap_get(doc->root, "e");
	assert_int_equal(c->kind, Y_SEQ);
	assert_string_equal(c->items[0]->str, "2");
	assert_int_equal(c->loc.line, 3);
	assert_int_equal(e->kind, Y_MAP);
	assert_int_equal(ymap_get(e, "k")->kind, Y_SEQ);
	assert_string_equal(ymap_get(doc->root, "g")->str, "3");
	ydoc_free(doc);
	capture_free();
}

/* 60,000 keys, one repeated at the very end: found once, and pointing at its
 * first occurrence (the hashed check must agree with the old pairwise one). */
static void duplicate_among_many_keys(void **state)
{
	(void)state;
	struct buf b = {0};
	for (int i = 0; i < 60000; i++)
		buf_printf(&b, "key%d: %d\n", i, i);
	buf_puts(&b, "key777: again\n");
	capture_begin();
	struct ydoc *doc = ydoc_parse("t.yaml", b.s, b.len);
	capture_end();
	assert_non_null(doc);
	assert_int_equal(doc->errors, 1);
	assert_int_equal(doc->root->n, 60000);
	assert_non_null(strstr(captured,
		"t.yaml:60001:1: error: duplicate key 'key777' (first given at line 778, column 1)"));
	assert_string_equal(ymap_get(doc->root, "key59999")->str, "59999");
	ydoc_free(doc);
	buf_free(&b);
	capture_free();
}

/* Excerpts come from the line index: the right line far into a file, and the
 * blank line after the last newline. */
static void excerpt_line_index(void **state)
{
	(void)state;
	struct buf b = {0};
	for (int i = 1; i <= 50000; i++)
		buf_printf(&b, "line %d\n", i);
	capture_begin();
	diag_source("big.yaml", b.s, b.len);
	struct loc far = {"big.yaml", 49999, 6}, end = {"big.yaml", 50001, 1}, past = {"big.yaml", 90000, 1};
	diag(SEV_ERROR, &far, "far");
	diag(SEV_ERROR, &end, "end");
	diag(SEV_ERROR, &past, "past");
	capture_end();
	assert_string_equal(captured,
		"railyard: big.yaml:49999:6: error: far\n"
		"49999 | line 49999\n"
		"      |      ^\n"
		"railyard: big.yaml:50001:1: error: end\n"
		"50001 | \n"
		"      | ^\n"
		"railyard: big.yaml:90000:1: error: past\n");
	buf_free(&b);
	capture_free();
}

/* Far along a long line the excerpt is a window around the column. */
static void excerpt_long_line(void **state)
{
	(void)state;
	struct buf b = {0};
	for (int i = 0; i < 1000; i++)
		buf_printf(&b, "%03d,", i);
	capture_begin();
	diag_source("long.yaml", b.s, b.len);
	struct loc near = {"long.yaml", 1, 5}, far = {"long.yaml", 1, 2001};
	diag(SEV_ERROR, &near, "near");
	diag(SEV_ERROR, &far, "far");
	capture_end();
	/* Column 2001 is byte 2000, the start of "500,"; the window starts 60 bytes
	 * before it, at "485,". */
	const char *want_far = "railyard: long.yaml:1:2001: error: far\n"
		"    1 | ...485,486,487,488,489,490,491,492,493,494,495,496,497,498,499,500,";
	assert_non_null(strstr(captured, want_far));
	assert_non_null(strstr(captured, "\n      |    " /* under "..." */
		"                                                            ^\n"));
	assert_non_null(strstr(captured, "railyard: long.yaml:1:5: error: near\n"
		"    1 | 000,001,"));
	assert_non_null(strstr(captured, "\n      |     ^\nrailyard: long.yaml:1:2001"));
	buf_free(&b);
	capture_free();
}

/* Invalid UTF-8 is located by line and column, and never echoed raw. */
static void reader_error_location(void **state)
{
	(void)state;
	static const char text[] = "a: 1\nb: \xc3\xa9t\xc3\xa9 caf\xe9 x\n";
	capture_begin();
	struct ydoc *doc = ydoc_parse("t.yaml", text, sizeof text - 1);
	capture_end();
	assert_null(doc);
	assert_string_equal(captured,
		"railyard: t.yaml:2:11: error: YAML: invalid trailing UTF-8 octet "
		"(byte 17; the file must be UTF-8 text)\n"
		"    2 | b: \xc3\xa9t\xc3\xa9 caf? x\n"
		"      |           ^\n");
	capture_free();
}

/* Nesting: 64 collections load, 65 do not; nodes: 200,000 load, 200,001 do not. */
static void depth_and_node_limits(void **state)
{
	(void)state;
	struct buf b = {0};
	for (int i = 0; i < YT_MAX_DEPTH; i++)
		buf_puts(&b, "[");
	for (int i = 0; i < YT_MAX_DEPTH; i++)
		buf_puts(&b, "]");
	capture_begin();
	struct ydoc *doc = ydoc_parse("t.yaml", b.s, b.len);
	capture_end();
	assert_non_null(doc);
	ydoc_free(doc);
	capture_free();
	buf_free(&b);
	for (int i = 0; i <= YT_MAX_DEPTH; i++)
		buf_puts(&b, "[");
	capture_begin();
	assert_null(ydoc_parse("t.yaml", b.s, b.len));
	capture_end();
	assert_non_null(strstr(captured, "t.yaml:1:65: error: YAML nested too deeply (more than 64 levels)\n"));
	capture_free();
	buf_free(&b);

	/* A list of n scalars is n + 1 nodes. */
	for (int extra = 0; extra < 2; extra++) {
		buf_puts(&b, "[0");
		for (int i = 1; i < YT_MAX_NODES - 1 + extra; i++)
			buf_puts(&b, ",0");
		buf_puts(&b, "]");
		capture_begin();
		doc = ydoc_parse("t.yaml", b.s, b.len);
		capture_end();
		if (extra) {
			assert_null(doc);
			assert_non_null(strstr(captured, "error: too many YAML nodes (more than 200000)"));
		} else {
			assert_non_null(doc);
			assert_int_equal(doc->root->n, YT_MAX_NODES - 1);
		}
		ydoc_free(doc);
		capture_free();
		buf_free(&b);
	}
}

static struct pack *load(const char *text)
{
	capture_begin();
	struct pack *p = pack_parse("t.yaml", text, strlen(text));
	capture_end();
	return p;
}

static void abilities_limit(void **state)
{
	(void)state;
	struct buf b = {0};
	buf_puts(&b, "pack: x\ngame: trains\ncensus: 3\ncards: 6\nabilities:\n");
	for (int i = 0; i < PACK_MAX_SPECS; i++)
		buf_printf(&b, "  - {action: remove, code: N%d}\n", i);
	struct pack *p = load(b.s);
	assert_non_null(p); /* 64 number abilities: allowed */
	assert_int_equal(p->nspecs, PACK_MAX_SPECS);
	pack_free(p);
	capture_free();
	buf_puts(&b, "  - swap\n");
	p = load(b.s);
	assert_null(p);
	assert_non_null(strstr(captured, "t.yaml:6:3: error: 'abilities' lists 65 kinds; at most 64\n"));
	assert_int_equal(diag_count(SEV_ERROR), 1);
	buf_free(&b);
	capture_free();
}

/* A kind listed n times: n - 1 messages, not one per pair. */
static void repeated_kind_reported_once_each(void **state)
{
	(void)state;
	struct pack *p = load("pack: x\ngame: trains\ncensus: 3\ncards: 6\n"
			      "abilities: [swap, swap, swap, swap, swap]\n");
	assert_null(p);
	assert_int_equal(occurrences(captured, "listed twice (first at line 5, column 13)"), 4);
	assert_int_equal(diag_count(SEV_ERROR), 4);
	capture_free();
}

/* An ability given three times in a table: two messages, each naming the first. */
static void table_repeats(void **state)
{
	(void)state;
	struct buf b = {0};
	buf_puts(&b, pack_head);
	buf_puts(&b, "assignment:\n  AB: [1]\n  A ↔ B: [2]\n  A B: [3]\n  BC: [4]\n");
	struct pack *p = load(b.s);
	assert_null(p);
	assert_int_equal(occurrences(captured, "ability A ↔ B is given twice in 'assignment' (first at line 7)"), 2);
	assert_int_equal(diag_count(SEV_ERROR), 2);
	buf_free(&b);
	capture_free();
}

static void huge_number_is_out_of_range(void **state)
{
	(void)state;
	struct pack *p = load("pack: x\ngame: trains\ncensus: 3\nabilities: [swap]\n"
			      "cards: -123456789012345678901234567890\n");
	assert_null(p);
	assert_non_null(strstr(captured, "t.yaml:5:8: error: 'cards' must be 1..10000000, not "
			       "-123456789012345678901234567890\n"));
	capture_free();
}

/* Every input that once crashed a fuzz target loads or fails cleanly here too,
 * so plain `make test` and the SAN pass replay the regression corpus. */
static void regression_corpus(void **state)
{
	(void)state;
	static const char *const dirs[] = {"fuzz/regress/pack", "fuzz/regress/ytree"};
	size_t replayed = 0;
	for (size_t d = 0; d < 2; d++) {
		DIR *dir = opendir(dirs[d]);
		assert_non_null(dir);
		struct dirent *e;
		while ((e = readdir(dir)) != NULL) {
			if (e->d_name[0] == '.')
				continue;
			char *path = xasprintf("%s/%s", dirs[d], e->d_name);
			size_t len;
			char *text = read_file(path, YT_MAX_FILE, &len);
			assert_non_null(text);
			capture_begin();
			struct pack *p = pack_parse(path, text, len);
			if (p) { /* walk the cards as list and build do */
				for (long pos = 0; pos < pack_card_total(p) && pos < 4096; pos++) {
					int a;
					pack_card_at(p, pos, &a);
					assert_true(a < (int)p->abilities.n);
				}
				pack_dump(p, capture_stream);
			}
			pack_free(p);
			ydoc_free(ydoc_parse(path, text, len));
			capture_end();
			capture_free();
			free(text);
			free(path);
			replayed++;
		}
		closedir(dir);
	}
	assert_true(replayed >= 4);
}

/* --- write_file_atomic ------------------------------------------------------ */

static char *scratch;

static int make_scratch(void **state)
{
	(void)state;
	char tmpl[] = "/tmp/railyard-harden.XXXXXX";
	assert_non_null(mkdtemp(tmpl));
	scratch = xstrdup(tmpl);
	return 0;
}

static int remove_scratch(void **state)
{
	(void)state;
	DIR *dir = opendir(scratch);
	struct dirent *e;
	while (dir && (e = readdir(dir)) != NULL)
		if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0) {
			char *p = xasprintf("%s/%s", scratch, e->d_name);
			unlink(p);
			free(p);
		}
	if (dir)
		closedir(dir);
	rmdir(scratch);
	free(scratch);
	return 0;
}

static size_t entries(const char *dir)
{
	size_t n = 0;
	DIR *d = opendir(dir);
	struct dirent *e;
	while (d && (e = readdir(d)) != NULL)
		n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
	if (d)
		closedir(d);
	return n;
}

static void atomic_replaces_whole(void **state)
{
	(void)state;
	char *path = xasprintf("%s/cards.pdf", scratch);
	assert_int_equal(write_file_atomic(path, "old", 3), 0);
	assert_int_equal(write_file_atomic(path, "newer", 5), 0);
	size_t len;
	char *text = read_file(path, 100, &len);
	assert_string_equal(text, "newer");
	assert_int_equal(entries(scratch), 1); /* no temporary left */
	free(text);
	free(path);
}

/* A full disk, simulated with RLIMIT_FSIZE (write fails with EFBIG): the old
 * file is untouched and no temporary is left. */
static void atomic_full_disk(void **state)
{
	(void)state;
	char *path = xasprintf("%s/sheet.pdf", scratch);
	assert_int_equal(write_file_atomic(path, "previous", 8), 0);
	size_t before = entries(scratch);
	struct rlimit old, small = {4096, 4096};
	assert_int_equal(getrlimit(RLIMIT_FSIZE, &old), 0);
	small.rlim_max = old.rlim_max;
	void (*was)(int) = signal(SIGXFSZ, SIG_IGN);
	assert_int_equal(setrlimit(RLIMIT_FSIZE, &small), 0);
	char *big = xcalloc(1, 100000);
	errno = 0;
	int r = write_file_atomic(path, big, 100000);
	int e = errno;
	assert_int_equal(setrlimit(RLIMIT_FSIZE, &old), 0);
	signal(SIGXFSZ, was);
	assert_int_equal(r, -1);
	assert_int_equal(e, EFBIG);
	size_t len;
	char *text = read_file(path, 100, &len);
	assert_string_equal(text, "previous");
	assert_int_equal(entries(scratch), before); /* no temporary left */
	free(text);
	free(big);
	free(path);
}

/* The folder is a file (root ignores permissions, so this is the unwritable
 * case a test can rely on): -1, ENOTDIR, nothing created. */
static void atomic_unwritable_folder(void **state)
{
	(void)state;
	char *file = xasprintf("%s/plain", scratch), *path = xasprintf("%s/plain/x.pdf", scratch);
	assert_int_equal(write_file_atomic(file, "", 0), 0);
	size_t before = entries(scratch);
	errno = 0;
	assert_int_equal(write_file_atomic(path, "x", 1), -1);
	assert_int_equal(errno, ENOTDIR);
	assert_int_equal(entries(scratch), before);
	unlink(file);
	free(file);
	free(path);
}

/* --- issue 13: temporary files, trusted folders, escaped and capped messages - */

/* Two temporary files for one name get different, hidden, unpredictable names;
 * a link at the final name is refused and its target untouched. */
static void out_tmp_names_and_links(void **state)
{
	(void)state;
	size_t before = entries(scratch);
	struct out_tmp a, b;
	assert_int_equal(out_tmp_open(scratch, "faces.pdf", &a), 0);
	assert_int_equal(out_tmp_open(scratch, "faces.pdf", &b), 0);
	assert_string_not_equal(a.tmp, b.tmp);
	assert_non_null(strstr(a.tmp, "/.faces.pdf."));
	fputs("one", a.f);
	assert_int_equal(out_tmp_commit(&a), 0);
	out_tmp_abort(&b);
	char *path = xasprintf("%s/faces.pdf", scratch), *victim = xasprintf("%s/victim", scratch);
	size_t len;
	char *text = read_file(path, 100, &len);
	assert_string_equal(text, "one");
	free(text);
	assert_int_equal(write_file_atomic(victim, "precious", 8), 0);
	unlink(path);
	assert_int_equal(symlink(victim, path), 0);
	capture_begin();
	assert_int_equal(out_tmp_open(scratch, "faces.pdf", &a), -1);
	capture_end();
	assert_non_null(strstr(captured, "is a symbolic link"));
	capture_free();
	text = read_file(victim, 100, &len);
	assert_string_equal(text, "precious");
	free(text);
	assert_int_equal(entries(scratch), before + 2);   /* the link and the victim, no temporary */
	unlink(path);
	unlink(victim);
	free(path);
	free(victim);
}

/* getrandom, as random_fill calls it, made predictable while fixed_random is
 * set (all zeros: every temporary name is ".NAME.aaaaaaaaaaaa.tmp"); else the
 * system's randomness, from /dev/urandom. */
static bool fixed_random;

ssize_t getrandom(void *buf, size_t n, unsigned int flags)
{
	(void)flags;
	if (fixed_random) {
		memset(buf, 0, n);
		return (ssize_t)n;
	}
	int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
	ssize_t k = fd >= 0 ? read(fd, buf, n) : -1;
	if (fd >= 0)
		close(fd);
	return k;
}

/* A name guessed is no use: a link planted at the very temporary name
 * out_tmp_open will try is not followed (O_EXCL, O_NOFOLLOW), so its target
 * is neither written nor created; the open fails instead. */
static void out_tmp_planted_temp(void **state)
{
	(void)state;
	char *victim = xasprintf("%s/victim", scratch), *ghost = xasprintf("%s/ghost", scratch);
	char *tmp = xasprintf("%s/.x.pdf.aaaaaaaaaaaa.tmp", scratch), *final = xasprintf("%s/x.pdf", scratch);
	assert_int_equal(write_file_atomic(victim, "precious", 8), 0);
	int rc[2];
	for (int i = 0; i < 2; i++) {
		unlink(tmp);
		assert_int_equal(symlink(i == 0 ? victim : ghost, tmp), 0);
		struct out_tmp t;
		fixed_random = true;
		capture_begin();
		rc[i] = out_tmp_open(scratch, "x.pdf", &t);
		if (rc[i] == 0) {
			fputs("planted", t.f);
			out_tmp_commit(&t);
		}
		capture_end();
		capture_free();
		fixed_random = false;
	}
	size_t len;
	char *text = read_file(victim, 100, &len);
	bool ghost_made = access(ghost, F_OK) == 0;
	unlink(tmp);
	unlink(ghost);
	unlink(victim);
	unlink(final);
	assert_int_equal(rc[0], -1);
	assert_int_equal(rc[1], -1);
	assert_string_equal(text, "precious");
	assert_false(ghost_made);
	free(text);
	free(victim);
	free(ghost);
	free(tmp);
	free(final);
}

/* Trusted folders compare whole path components: an allowed /x/a does not let in
 * /x/ab; a link inside an allowed folder pointing out of it is refused. */
static void trust_components_and_links(void **state)
{
	(void)state;
	char *a = xasprintf("%s/a", scratch), *ab = xasprintf("%s/ab", scratch);
	char *in = xasprintf("%s/a/t.yaml", scratch), *out = xasprintf("%s/ab/t.yaml", scratch);
	char *link = xasprintf("%s/a/link.yaml", scratch);
	assert_int_equal(mkdir(a, 0777), 0);
	assert_int_equal(mkdir(ab, 0777), 0);
	assert_int_equal(write_file_atomic(in, "x", 1), 0);
	assert_int_equal(write_file_atomic(out, "x", 1), 0);
	assert_int_equal(symlink(out, link), 0);
	trust_reset();
	assert_int_equal(trust_allow(a), 0);
	struct loc at = {"pack.yaml", 3, 7};
	capture_begin();
	char *r = trust_resolve(NULL, in, &at, "face");
	assert_non_null(r);
	free(r);
	assert_null(trust_resolve(NULL, out, &at, "face"));
	assert_null(trust_resolve(NULL, link, &at, "face"));
	assert_null(trust_resolve(NULL, a, &at, "face"));    /* a folder */
	capture_end();
	assert_non_null(strstr(captured, "pack.yaml:3:7: error: 'face'"));
	capture_free();
	trust_reset();
	unlink(link);
	unlink(in);
	unlink(out);
	rmdir(a);
	rmdir(ab);
	free(a);
	free(ab);
	free(in);
	free(out);
	free(link);
}

static void diag_escapes_and_caps(void **state)
{
	(void)state;
	capture_begin();
	struct loc at = {"p.yaml", 1, 1};
	diag(SEV_ERROR, &at, "unknown key '%s'", "k\x1b[31m\x07\xc2\x85\xff");
	capture_end();
	assert_non_null(strstr(captured, "unknown key 'k\\x1b[31m\\x07\\u0085\\xff'"));
	assert_null(strchr(captured, 0x1b));
	capture_free();
	capture_begin();
	for (int i = 0; i < 150; i++) {
		diag(SEV_ERROR, &at, "problem %d", i);
		diag(SEV_NOTE, &at, "its note %d", i);
	}
	diag_reset();
	capture_end();
	assert_non_null(strstr(captured, "problem 99\n"));
	assert_non_null(strstr(captured, "its note 99\n"));
	assert_null(strstr(captured, "problem 100\n"));
	assert_null(strstr(captured, "its note 100\n"));
	assert_non_null(strstr(captured, "p.yaml: note: and 50 more errors and warnings"));
	capture_free();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(nonscalar_key_then_key),
		cmocka_unit_test(alias_into_dropped_pair),
		cmocka_unit_test(anchor_redefined),
		cmocka_unit_test(duplicate_among_many_keys),
		cmocka_unit_test(excerpt_line_index),
		cmocka_unit_test(excerpt_long_line),
		cmocka_unit_test(reader_error_location),
		cmocka_unit_test(depth_and_node_limits),
		cmocka_unit_test(abilities_limit),
		cmocka_unit_test(repeated_kind_reported_once_each),
		cmocka_unit_test(table_repeats),
		cmocka_unit_test(huge_number_is_out_of_range),
		cmocka_unit_test(regression_corpus),
		cmocka_unit_test(atomic_replaces_whole),
		cmocka_unit_test(atomic_full_disk),
		cmocka_unit_test(atomic_unwritable_folder),
		cmocka_unit_test(out_tmp_names_and_links),
		cmocka_unit_test(out_tmp_planted_temp),
		cmocka_unit_test(trust_components_and_links),
		cmocka_unit_test(diag_escapes_and_caps),
	};
	return cmocka_run_group_tests(tests, make_scratch, remove_scratch);
}

/* shard.h: the file one `railyard tune --shard K/N -o DIR` writes
 * (DIR/shard-K-of-N.txt) and `railyard merge` reads back (shard.c).
 *
 * A shard is text, one record a line, every line ended by a newline:
 *   railyard-tune-shard 2          the format
 *   railyard 0.1.0                 the version that wrote it
 *   pack-hash HEX                  FNV-1a 64 of the pack file's bytes
 *   space-hash HEX                 FNV-1a 64 of the space and its variants' keys
 *   pack PATH ID GAME UNIT         strings %-escaped (%XX; a lone % is "")
 *   space SPACE
 *   counts N C1 .. CN
 *   run SEED GAMES BUDGET COMPLETION MAX-TURNS LEN-LO LEN-HI FIRST-SEAT EXHAUSTIVE VARIANTS TOLERANCE
 *   goals OBJECTIVES REQUIREMENTS SKILL-LEVELS   ('-': skill is no goal)
 *   objective SPEC                 (OBJECTIVES of them, in order, as --objective)
 *   require SPEC                   (REQUIREMENTS of them, as --require)
 *   variant I INVALID DIFFER ALL JSON UNPLAYABLE1 .. UNPLAYABLEN   (one a variant)
 *   shard K N RECORDS
 *   seg V K S GAMES COMPLETED STALLED WIN1 .. WINP NENDED LEN:GAMES .. [skill GAMES DECIDED WINS]
 *                                  (RECORDS of them; the skill games when skill is a goal)
 *   end
 * The reader is strict and bounded: every number's range, every line's and
 * field's length, the records' consistency (wins add up to the completed
 * games, lengths within the horizon, each record in its shard's slice) and the
 * memory a merge will take are checked before anything is allocated for them;
 * a problem is reported at its file:line:column and the merge exits 2. */
#ifndef RAILYARD_SHARD_H
#define RAILYARD_SHARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "tune_report.h"

#define SHARD_FORMAT        3   /* 3: the goals and the skill games */
#define SHARD_MAX_BYTES     (1UL << 30)   /* one shard file */
#define SHARD_MAX_LINE      (1UL << 20)   /* one line */
#define SHARD_MAX_FIELD     (256UL << 10) /* one field (token) of a line */
#define SHARD_MAX_SHARDS    100000        /* N, as --shard allows */
#define SHARD_MAX_VARIANTS  4096          /* tune.h's TUNE_MAX_VARIANTS (tune.c asserts it) */
#define SHARD_MAX_RECORDS   (1UL << 23)   /* segments in one merge: 4,096 variants x 16 counts at --games 32768 */
#define SHARD_MAX_COUNTERS  (1UL << 28)   /* variants x counts x (max-turns + 1): a merge's length tables (2 GiB) */

/* Whether a merge can read c's search back (its grid and length tables within
 * the limits above); false after reporting. tune --shard asks before any game. */
bool shard_fits(const struct tune_ctx *c);

/* The hash of the pack file's bytes into *hash; false after reporting. */
bool shard_pack_hash(const char *path, uint64_t *hash);
/* Write the header of shard K of N holding nrec records, pack the hash of
 * the pack c->pack_path (shard_pack_hash, taken before the games). */
void shard_write_head(FILE *f, const struct tune_ctx *c, uint64_t pack, long k, long n, size_t nrec);
/* One record: segment s of variant v at count index k (its skill games
 * when skill, the --skill-levels, is not NULL). */
void shard_write_seg(FILE *f, size_t v, int k, long s, const struct tune_seg *g, int seats, const char *skill);
/* The last line, after the nrec records. */
void shard_write_end(FILE *f);

struct shard_rec;
struct shard_line;

/* The shards of one merge, read into a struct tune_ctx. */
struct shard_set {
	struct tune_ctx *c;           /* filled from the first shard's header */
	long nseg;                    /* segments of one cell: c->cap / TUNE_SEG */
	long n;                       /* N: the shards of the search */
	bool *seen;                   /* [n] */
	char *first;                  /* the first shard's path */
	char *head;                   /* its header lines, for comparing the others' */
	struct shard_line *lines;
	size_t nlines;
	struct shard_rec *recs;       /* sorted by shard_set_finish */
	size_t nrecs, cap;
	bool sorted;
};

/* Start reading into c (zeroed but for the caller's defaults). */
void shard_set_init(struct shard_set *s, struct tune_ctx *c);
/* Read the shard files and folders (their shard-*.txt) named by paths, then
 * finish: true when every shard of 1..N is there once, from the same railyard,
 * pack, space and options; false after reporting. */
bool shard_set_read(struct shard_set *s, char *const *paths, size_t npaths);
/* Add one shard's text (len bytes, NUL after them) read from file; false
 * after reporting. */
bool shard_set_add(struct shard_set *s, const char *file, const char *text, size_t len);
/* After the last shard_set_add: every shard there, every live segment once. */
bool shard_set_finish(struct shard_set *s);
/* Segment s of variant v at count index k, or NULL (after shard_set_finish). */
const struct tune_seg *shard_set_seg(const struct shard_set *s, size_t v, int k, long seg);
/* Free what the set holds (not c: see shard_ctx_free). */
void shard_set_free(struct shard_set *s);
/* Free the strings, variants and goals a shard's header put into c. */
void shard_ctx_free(struct tune_ctx *c);

#endif

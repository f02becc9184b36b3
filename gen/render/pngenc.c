/* pngenc.c: the PNG encoder of card images (Cairo RGB24 surfaces) into memory.
 *
 * Cards are flat colours with anti-aliased edges: most pixels repeat the one on
 * their left or the one above. The fast path writes the deflate stream itself:
 * filter NONE on every row, a row equal to the one above as one match at the row's
 * distance, a run of pixels equal to the left or the above neighbour as one match,
 * everything else as literals; then Huffman codes made for each block of tokens.
 * An image where that leaves many literals (a photograph, a gradient) is written
 * instead with the SUB filter through libdeflate, whichever is smaller. Checksums
 * (Adler-32, CRC-32) come from libdeflate. */
#include "pngenc.h"

#include <libdeflate.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

/* ---- the output buffer and its bit writer ---- */

struct bits {
	struct png_buf *o;
	uint64_t acc;
	int n;               /* bits in acc */
};

static void buf_reserve(struct png_buf *b, size_t more)
{
	if (b->len + more <= b->cap)
		return;
	size_t cap = b->cap ? b->cap : 65536;
	while (cap < b->len + more)
		cap *= 2;
	b->data = xrealloc(b->data, cap);
	b->cap = cap;
}

static void buf_put(struct png_buf *b, const void *p, size_t n)
{
	buf_reserve(b, n);
	memcpy(b->data + b->len, p, n);
	b->len += n;
}

static void put_bits(struct bits *w, uint32_t v, int n)
{
	w->acc |= (uint64_t)v << w->n;
	w->n += n;
	if (w->n >= 32) {
		buf_reserve(w->o, 4);
		unsigned char *d = w->o->data + w->o->len;
		d[0] = (unsigned char)w->acc;
		d[1] = (unsigned char)(w->acc >> 8);
		d[2] = (unsigned char)(w->acc >> 16);
		d[3] = (unsigned char)(w->acc >> 24);
		w->o->len += 4;
		w->acc >>= 32;
		w->n -= 32;
	}
}

static void flush_bits(struct bits *w)
{
	while (w->n > 0) {
		buf_reserve(w->o, 1);
		w->o->data[w->o->len++] = (unsigned char)w->acc;
		w->acc >>= 8;
		w->n -= 8;
	}
	w->acc = 0;
	w->n = 0;
}

/* ---- Huffman codes ---- */

struct leaf {
	uint32_t freq;
	int sym;
};

static int leaf_cmp(const void *a, const void *b)
{
	const struct leaf *x = a, *y = b;
	if (x->freq != y->freq)
		return x->freq < y->freq ? -1 : 1;
	return x->sym - y->sym;
}

/* Code lengths for freq[0..n) (n <= 320), none longer than limit: a Huffman tree
 * (two queues over the sorted leaves), the frequencies halved until it fits. At
 * least two symbols get a length, so every code is complete. */
static void huff_lengths(const uint32_t *freq0, int n, int limit, uint8_t *len)
{
	uint32_t freq[320];
	struct leaf lv[320];
	uint32_t nf[640];
	int parent[640];
	memcpy(freq, freq0, (size_t)n * sizeof *freq);
	int used = 0;
	for (int i = 0; i < n; i++)
		used += freq[i] > 0;
	for (int i = 0; used < 2 && i < n; i++)
		if (!freq[i]) {
			freq[i] = 1;
			used++;
		}
	for (;;) {
		int m = 0;
		for (int i = 0; i < n; i++)
			if (freq[i])
				lv[m++] = (struct leaf){freq[i], i};
		qsort(lv, (size_t)m, sizeof *lv, leaf_cmp);
		/* nodes 0..m-1 are the leaves, m.. the internal nodes in order made */
		for (int i = 0; i < m; i++)
			nf[i] = lv[i].freq;
		int li = 0, ii = m, made = m;
		for (int k = 0; k < m - 1; k++) {
			int pick[2];
			for (int j = 0; j < 2; j++) {
				if (li < m && (ii >= made || nf[li] <= nf[ii]))
					pick[j] = li++;
				else
					pick[j] = ii++;
			}
			nf[made] = nf[pick[0]] + nf[pick[1]];
			parent[pick[0]] = parent[pick[1]] = made++;
		}
		int depth[640], maxd = 0;
		depth[made - 1] = 0;
		for (int k = made - 2; k >= 0; k--)
			depth[k] = depth[parent[k]] + 1;
		memset(len, 0, (size_t)n);
		for (int i = 0; i < m; i++) {
			len[lv[i].sym] = (uint8_t)depth[i];
			maxd = depth[i] > maxd ? depth[i] : maxd;
		}
		if (maxd <= limit)
			return;
		for (int i = 0; i < n; i++)
			if (freq[i])
				freq[i] = (freq[i] >> 1) | 1;
	}
}

/* Canonical codes for the lengths, bit-reversed for deflate's LSB-first order. */
static void huff_codes(const uint8_t *len, int n, uint16_t *code)
{
	int count[16] = {0}, next[16];
	for (int i = 0; i < n; i++)
		count[len[i]]++;
	count[0] = 0;
	int c = 0;
	for (int b = 1; b < 16; b++) {
		c = (c + count[b - 1]) << 1;
		next[b] = c;
	}
	for (int i = 0; i < n; i++) {
		if (!len[i])
			continue;
		unsigned v = (unsigned)next[len[i]]++, r = 0;
		for (int b = 0; b < len[i]; b++, v >>= 1)
			r = (r << 1) | (v & 1);
		code[i] = (uint16_t)r;
	}
}

/* ---- deflate tokens ---- */

#define TOK_MATCH 0x80000000u
#define BLOCK_TOKENS 65536

static const uint16_t len_base[29] = {3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
				      31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t len_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
				      2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
static const uint16_t dist_base[30] = {1,    2,    3,    4,    5,    7,     9,     13,    17,  25,
				       33,   49,   65,   97,   129,  193,   257,   385,   513, 769,
				       1025, 1537, 2049, 3073, 4097, 6145,  8193,  12289, 16385, 24577};
static const uint8_t dist_extra[30] = {0, 0, 0, 0, 1, 1, 2, 2,  3,  3,  4,  4,  5,  5,  6,
				       6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};

/* The LZ77 tokens of one image and their symbol counts, for one block. */
struct lz {
	struct bits w;
	uint32_t *tok;
	size_t ntok;
	uint32_t lfreq[286], dfreq[30];
	uint8_t len_sym[259];   /* match length -> length code - 257 */
	uint8_t dist_small[512]; /* distance - 1 < 512 -> distance code */
};

static int dist_code(const struct lz *z, unsigned d)
{
	if (d <= 512)
		return z->dist_small[d - 1];
	int c = 18;
	while (c < 29 && dist_base[c + 1] <= d)
		c++;
	return c;
}

static void lz_tables(struct lz *z)
{
	for (int c = 0; c < 29; c++)
		for (int l = len_base[c]; l < (c == 28 ? 259 : len_base[c + 1]); l++)
			z->len_sym[l] = (uint8_t)c;
	z->len_sym[258] = 28;
	for (int c = 0; c < 30; c++)
		for (unsigned d = dist_base[c]; d < (c == 29 ? 32769u : dist_base[c + 1]) && d <= 512; d++)
			z->dist_small[d - 1] = (uint8_t)c;
}

static void block_flush(struct lz *z, int final);

static void lit(struct lz *z, unsigned char b)
{
	if (z->ntok == BLOCK_TOKENS)
		block_flush(z, 0);
	z->tok[z->ntok++] = b;
	z->lfreq[b]++;
}

/* A match of len (>= 3) bytes at distance d, in pieces of at most 258. */
static void match(struct lz *z, unsigned d, size_t len)
{
	int dc = dist_code(z, d);
	while (len > 0) {
		size_t take = len <= 258 ? len : len - 258 >= 3 ? 258 : len - 3;
		if (z->ntok == BLOCK_TOKENS)
			block_flush(z, 0);
		z->tok[z->ntok++] = TOK_MATCH | (uint32_t)d << 9 | (uint32_t)take;
		z->lfreq[257 + z->len_sym[take]]++;
		z->dfreq[dc]++;
		len -= take;
	}
}

/* Run-length code the code lengths (symbols 16, 17, 18); returns the count of
 * (symbol | extra << 5) entries. */
static int rle_lengths(const uint8_t *lens, int n, uint16_t *out)
{
	int k = 0;
	for (int i = 0; i < n;) {
		int r = 1;
		while (i + r < n && lens[i + r] == lens[i])
			r++;
		if (lens[i] == 0 && r >= 3) {
			int t = r > 138 ? 138 : r;
			out[k++] = t >= 11 ? (uint16_t)(18 | (t - 11) << 5) : (uint16_t)(17 | (t - 3) << 5);
			i += t;
			continue;
		}
		out[k++] = lens[i];
		i++;
		for (r--; r >= 3;) {
			int t = r > 6 ? 6 : r;
			out[k++] = (uint16_t)(16 | (t - 3) << 5);
			i += t;
			r -= t;
		}
	}
	return k;
}

/* Write the block header: BFINAL, BTYPE 2, and the two codes' lengths. */
static void block_header(struct lz *z, int final, const uint8_t *ll, int hlit, const uint8_t *dl,
			 int hdist)
{
	static const uint8_t order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};
	static const uint8_t rep_bits[3] = {2, 3, 7};
	uint8_t all[316];
	memcpy(all, ll, (size_t)hlit);
	memcpy(all + hlit, dl, (size_t)hdist);
	uint16_t rle[316];
	int nr = rle_lengths(all, hlit + hdist, rle);
	uint32_t cf[19] = {0};
	for (int i = 0; i < nr; i++)
		cf[rle[i] & 31]++;
	uint8_t cl[19];
	uint16_t cc[19];
	huff_lengths(cf, 19, 7, cl);
	huff_codes(cl, 19, cc);
	int hclen = 19;
	while (hclen > 4 && !cl[order[hclen - 1]])
		hclen--;
	put_bits(&z->w, (uint32_t)(final | 2 << 1), 3);
	put_bits(&z->w, (uint32_t)(hlit - 257), 5);
	put_bits(&z->w, (uint32_t)(hdist - 1), 5);
	put_bits(&z->w, (uint32_t)(hclen - 4), 4);
	for (int i = 0; i < hclen; i++)
		put_bits(&z->w, cl[order[i]], 3);
	for (int i = 0; i < nr; i++) {
		int s = rle[i] & 31;
		put_bits(&z->w, cc[s], cl[s]);
		if (s >= 16)
			put_bits(&z->w, (uint32_t)(rle[i] >> 5), rep_bits[s - 16]);
	}
}

/* Write the tokens gathered so far as one dynamic-Huffman block. */
static void block_flush(struct lz *z, int final)
{
	z->lfreq[256] = 1;
	uint8_t ll[286], dl[30];
	uint16_t lc[286], dc[30];
	huff_lengths(z->lfreq, 286, 15, ll);
	huff_lengths(z->dfreq, 30, 15, dl);
	huff_codes(ll, 286, lc);
	huff_codes(dl, 30, dc);
	int hlit = 286, hdist = 30;
	while (hlit > 257 && !ll[hlit - 1])
		hlit--;
	while (hdist > 1 && !dl[hdist - 1])
		hdist--;
	block_header(z, final, ll, hlit, dl, hdist);
	for (size_t i = 0; i < z->ntok; i++) {
		uint32_t t = z->tok[i];
		if (!(t & TOK_MATCH)) {
			put_bits(&z->w, lc[t], ll[t]);
			continue;
		}
		unsigned len = t & 511, d = (t >> 9) & 0xffff;
		int ls = z->len_sym[len], ds = dist_code(z, d);
		put_bits(&z->w, lc[257 + ls], ll[257 + ls]);
		if (len_extra[ls])
			put_bits(&z->w, len - len_base[ls], len_extra[ls]);
		put_bits(&z->w, dc[ds], dl[ds]);
		if (dist_extra[ds])
			put_bits(&z->w, d - dist_base[ds], dist_extra[ds]);
	}
	put_bits(&z->w, lc[256], ll[256]);
	z->ntok = 0;
	memset(z->lfreq, 0, sizeof z->lfreq);
	memset(z->dfreq, 0, sizeof z->dfreq);
}

/* ---- the image ---- */

#define RGB(v) ((v) & 0xffffffu)

/* How many pixels from x on equal their neighbour at offset back (1: the left
 * one, or the row above through above). */
static int run_left(const uint32_t *p, int x, int w)
{
	int r = 0;
	uint32_t v = RGB(p[x - 1]);
	while (x + r < w && RGB(p[x + r]) == v)
		r++;
	return r;
}

static int run_above(const uint32_t *p, const uint32_t *q, int x, int w)
{
	int r = 0;
	while (x + r < w && RGB(p[x + r]) == RGB(q[x + r]))
		r++;
	return r;
}

/* Tokens for one row (filter NONE); row holds its bytes for the literals. */
static void row_tokens(struct lz *z, const uint32_t *p, const uint32_t *q, int w,
		       const unsigned char *row, unsigned stride)
{
	lit(z, 0);
	for (int x = 0; x < w;) {
		int a = x > 0 ? run_left(p, x, w) : 0;
		int b = q && a < w - x ? run_above(p, q, x, w) : 0;
		if (b >= 2 && b > a) {
			match(z, stride, (size_t)b * 3);
			x += b;
		} else if (a >= 1) {
			match(z, 3, (size_t)a * 3);
			x += a;
		} else {
			lit(z, row[3 * x]);
			lit(z, row[3 * x + 1]);
			lit(z, row[3 * x + 2]);
			x++;
		}
	}
}

static bool row_same(const uint32_t *p, const uint32_t *q, int w)
{
	for (int x = 0; x < w; x++)
		if (RGB(p[x]) != RGB(q[x]))
			return false;
	return true;
}

static void row_bytes(const uint32_t *p, int w, unsigned char *d)
{
	for (int x = 0; x < w; x++) {
		uint32_t v = p[x];
		d[0] = (unsigned char)(v >> 16);
		d[1] = (unsigned char)(v >> 8);
		d[2] = (unsigned char)v;
		d += 3;
	}
}

static void put_be32(unsigned char *d, uint32_t v)
{
	d[0] = (unsigned char)(v >> 24);
	d[1] = (unsigned char)(v >> 16);
	d[2] = (unsigned char)(v >> 8);
	d[3] = (unsigned char)v;
}

/* The zlib stream of the image, filter NONE, by the row and run matcher. */
static void zlib_runs(const unsigned char *data, int w, int h, int stride, struct png_buf *o)
{
	struct lz *z = xcalloc(1, sizeof *z);
	z->tok = xmalloc(BLOCK_TOKENS * sizeof *z->tok);
	z->w.o = o;
	lz_tables(z);
	unsigned rl = 3u * (unsigned)w + 1;
	bool near = rl <= 32768;
	unsigned char *row = xmalloc((size_t)w * 3 + 1);
	uint32_t adler = 1;
	buf_put(o, "\x78\x01", 2);
	for (int y = 0; y < h; y++) {
		const uint32_t *p = (const uint32_t *)(const void *)(data + (size_t)y * (size_t)stride);
		const uint32_t *q = y && near ? (const uint32_t *)(const void *)(data + (size_t)(y - 1) * (size_t)stride) : NULL;
		if (q && row_same(p, q, w)) {
			match(z, rl, rl);
			adler = libdeflate_adler32(adler, row, rl);
			continue;
		}
		row[0] = 0;
		row_bytes(p, w, row + 1);
		adler = libdeflate_adler32(adler, row, rl);
		row_tokens(z, p, q, w, row + 1, rl);
	}
	block_flush(z, 1);
	flush_bits(&z->w);
	unsigned char a[4];
	put_be32(a, adler);
	buf_put(o, a, 4);
	free(row);
	free(z->tok);
	free(z);
}

/* The raw rows (filter byte 0, then R G B) of the image into raw, which may be
 * data itself: row y's bytes never reach a pixel not yet read. */
static void pack_rows(unsigned char *data, int w, int h, int stride, unsigned char *raw)
{
	size_t rl = (size_t)w * 3 + 1;
	for (int y = 0; y < h; y++) {
		const uint32_t *p = (const uint32_t *)(const void *)(data + (size_t)y * (size_t)stride);
		unsigned char *d = raw + rl * (size_t)y;
		for (int x = 0; x < w; x++) {
			uint32_t v = p[x];
			d[3 * x + 1] = (unsigned char)(v >> 16);
			d[3 * x + 2] = (unsigned char)(v >> 8);
			d[3 * x + 3] = (unsigned char)v;
		}
		d[0] = 0;   /* last: in row 0 it is pixel 0's first byte */
	}
}

/* The NONE rows in raw turned into SUB rows. */
static void sub_rows(unsigned char *raw, int w, int h)
{
	size_t rl = (size_t)w * 3 + 1;
	for (int y = 0; y < h; y++) {
		unsigned char *d = raw + rl * (size_t)y;
		for (size_t i = rl - 1; i > 3; i--)
			d[i] = (unsigned char)(d[i] - d[i - 3]);
		d[0] = 1;
	}
}

/* The zlib stream of n raw bytes by libdeflate at level 1. 0, or -1. */
static int zlib_deflate(const unsigned char *raw, size_t n, struct png_buf *o)
{
	struct libdeflate_compressor *c = libdeflate_alloc_compressor(1);
	if (!c)
		return -1;
	size_t bound = libdeflate_zlib_compress_bound(c, n);
	buf_reserve(o, bound);
	o->len += libdeflate_zlib_compress(c, raw, n, o->data + o->len, bound);
	libdeflate_free_compressor(c);
	return 0;
}

static void chunk(struct png_buf *b, const char *type, const unsigned char *data, size_t n)
{
	unsigned char h[8];
	put_be32(h, (uint32_t)n);
	memcpy(h + 4, type, 4);
	buf_put(b, h, 8);
	size_t at = b->len;
	if (n)
		buf_put(b, data, n);
	uint32_t crc = libdeflate_crc32(libdeflate_crc32(0, type, 4), b->data + at, n);
	put_be32(h, crc);
	buf_put(b, h, 4);
}

/* The smallest of the run matcher's stream and, when it is above 1/TRY_MORE of
 * the raw image (a photograph, a gradient, small anti-aliased items), libdeflate's
 * with filter NONE and, above 1/TRY_SUB, with SUB as well (libdeflate compresses
 * whole buffers: the raw rows are packed into the pixels when scratch). */
#define TRY_MORE 32
#define TRY_SUB 8
static void best_stream(unsigned char *data, int w, int h, int stride, bool scratch,
			struct png_buf *z)
{
	size_t n = ((size_t)w * 3 + 1) * (size_t)h;
	zlib_runs(data, w, h, stride, z);
	if (z->len <= n / TRY_MORE)
		return;
	unsigned char *raw = scratch ? data : xmalloc(n);
	pack_rows(data, w, h, stride, raw);
	for (int f = 0; f < 2 && z->len > n / (f ? TRY_SUB : TRY_MORE); f++) {
		struct png_buf o = {0};
		if (f)
			sub_rows(raw, w, h);
		if (zlib_deflate(raw, n, &o) == 0 && o.len < z->len) {
			free(z->data);
			*z = o;
		} else {
			free(o.data);
		}
	}
	if (!scratch)
		free(raw);
}

void png_encode(cairo_surface_t *s, double dpi, bool scratch, struct png_buf *out)
{
	cairo_surface_flush(s);
	int w = cairo_image_surface_get_width(s), h = cairo_image_surface_get_height(s);
	int stride = cairo_image_surface_get_stride(s);
	unsigned char *data = cairo_image_surface_get_data(s);
	unsigned char hd[32];
	buf_put(out, "\x89PNG\r\n\x1a\n", 8);
	put_be32(hd, (uint32_t)w);
	put_be32(hd + 4, (uint32_t)h);
	memcpy(hd + 8, "\x08\x02\x00\x00\x00", 5);       /* 8 bit RGB, deflate, no interlace */
	chunk(out, "IHDR", hd, 13);
	/* Cairo draws in sRGB: say so, with gAMA and cHRM for older readers */
	put_be32(hd, 45455);
	chunk(out, "gAMA", hd, 4);
	chunk(out, "sRGB", (const unsigned char *)"\0", 1);
	static const uint32_t chrm[8] = {31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000};
	for (int i = 0; i < 8; i++)
		put_be32(hd + 4 * i, chrm[i]);
	chunk(out, "cHRM", hd, 32);
	if (dpi > 0) {
		uint32_t ppm = (uint32_t)lround(dpi / 0.0254);
		put_be32(hd, ppm);
		put_be32(hd + 4, ppm);
		hd[8] = 1;
		chunk(out, "pHYs", hd, 9);
	}
	struct png_buf z = {0};
	best_stream(data, w, h, stride, scratch, &z);
	if (scratch)
		cairo_surface_mark_dirty(s);
	chunk(out, "IDAT", z.data, z.len);
	free(z.data);
	chunk(out, "IEND", NULL, 0);
}

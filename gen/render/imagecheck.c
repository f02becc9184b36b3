/* imagecheck.c: raster headers and the SVG fence (see imagecheck.h). */
#include "imagecheck.h"

#include <errno.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util.h"

#define FILE_MAX (32u << 20)  /* a file an SVG names: as image.h's IMAGE_MAX_BYTES */

/* ---- raster headers ---- */

static uint32_t be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static uint32_t be16(const unsigned char *p)
{
	return (uint32_t)p[0] << 8 | p[1];
}

/* A JPEG's size from its first frame header (SOF0..SOF15 but DHT, JPG, DAC). */
static void jpeg_size(const unsigned char *p, size_t n, uint32_t *w, uint32_t *h)
{
	size_t i = 2;
	while (i + 4 <= n) {
		if (p[i] != 0xff)
			return;
		while (i < n && p[i] == 0xff)
			i++;
		if (i + 3 > n)
			return;
		unsigned m = p[i++];
		if (m == 0x01 || (m >= 0xd0 && m <= 0xd7))
			continue;
		if (m == 0xd9 || m == 0xda)
			return;  /* the image data, and no frame header before it */
		uint32_t len = be16(p + i);
		if (m >= 0xc0 && m <= 0xcf && m != 0xc4 && m != 0xc8 && m != 0xcc) {
			if (len < 7 || i + 7 > n)
				return;
			*h = be16(p + i + 3);
			*w = be16(p + i + 5);
			return;
		}
		if (len < 2)
			return;
		i += len;
	}
}

enum img_format imgcheck_header(const unsigned char *p, size_t n, uint32_t *w, uint32_t *h)
{
	static const unsigned char png[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
	*w = *h = 0;
	if (n >= 8 && memcmp(p, png, 8) == 0) {
		if (n >= 24 && memcmp(p + 12, "IHDR", 4) == 0 && be32(p + 8) == 13) {
			*w = be32(p + 16);
			*h = be32(p + 20);
		}
		return IMG_PNG;
	}
	if (n >= 3 && p[0] == 0xff && p[1] == 0xd8 && p[2] == 0xff) {
		jpeg_size(p, n, w, h);
		return IMG_JPEG;
	}
	if (n >= 4 && (!memcmp(p, "GIF8", 4) || !memcmp(p, "RIFF", 4) || !memcmp(p, "BM", 2) ||
		       !memcmp(p, "II*", 4) || !memcmp(p, "MM\0*", 4)))
		return IMG_OTHER;
	return IMG_UNKNOWN;
}

/* ---- the SVG fence ---- */

struct fence {
	const char *path;   /* the file references resolve beside (NULL: none may) */
	const char *name;   /* the nested file's name in messages, NULL for the first */
	double max_pixels;
	int nest;
	struct svg_facts *f;
	char *why;
	size_t n;
};

static int fail(struct fence *fc, unsigned line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int fail(struct fence *fc, unsigned line, const char *fmt, ...)
{
	int k = 0;
	if (fc->name)
		k = snprintf(fc->why, fc->n, "line %u of %s: ", line, fc->name);
	else if (line)
		k = snprintf(fc->why, fc->n, "line %u: ", line);
	if (k < 0 || (size_t)k >= fc->n)
		k = 0;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(fc->why + k, fc->n - (size_t)k, fmt, ap);
	va_end(ap);
	return -1;
}

/* memmem, which POSIX lacks. */
static const char *find(const char *s, size_t n, const char *what)
{
	size_t m = strlen(what);
	for (size_t i = 0; m <= n && i <= n - m; i++)
		if (s[i] == what[0] && memcmp(s + i, what, m) == 0)
			return s + i;
	return NULL;
}

static unsigned line_at(const char *data, const char *at)
{
	unsigned line = 1;
	for (const char *s = data; s < at; s++)
		line += *s == '\n';
	return line;
}

/* Entity declarations: only internal ones that name no other entity (no external
 * file, no parameter entity, no billion laughs), before libxml2 sees any. */
static int check_entities(struct fence *fc, const char *data, size_t len)
{
	const char *end = data + len;
	int count = 0;
	for (const char *s = data; (s = find(s, (size_t)(end - s), "<!ENTITY")); s += 8) {
		unsigned line = line_at(data, s);
		if (++count > 64)
			return fail(fc, line, "more than 64 entity declarations");
		const char *e = s + 8;
		char quote = 0;
		for (; e < end && (quote || *e != '>'); e++)
			if (*e == '"' || *e == '\'')
				quote = quote == *e ? 0 : quote ? quote : *e;
		const char *p = s + 8;
		while (p < e && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
			p++;
		if (p < e && *p == '%')
			return fail(fc, line, "a parameter entity is not allowed");
		if (find(s, (size_t)(e - s), "SYSTEM") || find(s, (size_t)(e - s), "PUBLIC"))
			return fail(fc, line, "an external entity (a file or address) is not allowed");
		if (memchr(s, '&', (size_t)(e - s)) || memchr(s, '%', (size_t)(e - s)))
			return fail(fc, line, "an entity that refers to another entity is not allowed");
		if (memchr(s + 1, '<', (size_t)(e - s - 1)))
			return fail(fc, line, "an entity holding markup is not allowed");
	}
	return 0;
}

static int check_raster(struct fence *fc, unsigned line, const unsigned char *p, size_t n,
			const char *what)
{
	uint32_t w, h;
	enum img_format fmt = imgcheck_header(p, n, &w, &h);
	if (fmt != IMG_PNG && fmt != IMG_JPEG)
		return fail(fc, line, "%s is not a PNG or JPEG image (the only rasters checked before "
			    "decoding)", what);
	if (!w || !h)
		return fail(fc, line, "%s: a damaged %s header", what, fmt == IMG_PNG ? "PNG" : "JPEG");
	double px = (double)w * h;
	if (px > fc->max_pixels)
		return fail(fc, line, "%s is %u x %u pixels (%.1f million), more than the %.1f million "
			    "an image may have (--max-pixels raises it)", what, w, h, px / 1e6,
			    fc->max_pixels / 1e6);
	fc->f->rasters += px;
	return 0;
}

static int b64(int c)
{
	if (c >= 'A' && c <= 'Z')
		return c - 'A';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 26;
	if (c >= '0' && c <= '9')
		return c - '0' + 52;
	return c == '+' || c == '-' ? 62 : c == '/' || c == '_' ? 63 : -1;
}

/* The bytes of a data: URL's payload (base64 or percent-encoded); caller frees. */
static unsigned char *data_bytes(const char *payload, bool base64, size_t *n)
{
	size_t len = strlen(payload);
	unsigned char *out = xmalloc(len + 1);
	size_t k = 0;
	if (base64) {
		unsigned acc = 0;
		int bits = 0;
		for (const char *s = payload; *s; s++) {
			int v = b64((unsigned char)*s);
			if (v < 0)
				continue;
			acc = (acc << 6 | (unsigned)v) & 0xffffff;
			if ((bits += 6) >= 8) {
				bits -= 8;
				out[k++] = (unsigned char)(acc >> bits);
			}
		}
	} else {
		for (const char *s = payload; *s; s++) {
			unsigned v;
			if (*s == '%' && sscanf(s + 1, "%2x", &v) == 1 && s[1] && s[2]) {
				out[k++] = (unsigned char)v;
				s += 2;
			} else {
				out[k++] = (unsigned char)*s;
			}
		}
	}
	*n = k;
	return out;
}

static int fence_text(struct fence *fc, const char *data, size_t len);

static int check_svg_bytes(struct fence *fc, unsigned line, const char *data, size_t len,
			   const char *path, const char *name)
{
	if (fc->nest + 1 > SVG_MAX_NEST)
		return fail(fc, line, "SVGs nested more than %d deep", SVG_MAX_NEST);
	struct fence sub = {path, name, fc->max_pixels, fc->nest + 1, fc->f, fc->why, fc->n};
	return fence_text(&sub, data, len);
}

static int check_data_url(struct fence *fc, unsigned line, const char *v)
{
	const char *comma = strchr(v, ',');
	if (!comma)
		return fail(fc, line, "a data: URL with no data");
	bool base64 = comma - v >= 7 && !strncasecmp(comma - 7, ";base64", 7);
	bool svg = find(v, (size_t)(comma - v), "svg") != NULL;
	size_t n;
	unsigned char *b = data_bytes(comma + 1, base64, &n);
	int rc = svg ? check_svg_bytes(fc, line, (const char *)b, n, fc->path, "an SVG data: URL")
		     : check_raster(fc, line, b, n, "a data: URL raster");
	free(b);
	return rc;
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n >= m && strcasecmp(s + n - m, suffix) == 0;
}

/* A file an SVG names (href): inside its folder, a checked raster or SVG. */
static int check_file_ref(struct fence *fc, unsigned line, const char *v)
{
	if (!fc->path)
		return fail(fc, line, "'%s': an SVG without a folder may not name files", v);
	char *rel = xstrndup(v, strcspn(v, "#?"));
	const char *why = NULL;
	char *path = path_inside(fc->path, rel, &why);
	if (!path) {
		fail(fc, line, "'%s': %s", rel, why);
		free(rel);
		return -1;
	}
	size_t len = 0;
	char *data = read_file(path, FILE_MAX, &len);
	int rc;
	if (!data)
		rc = fail(fc, line, "'%s': %s", rel, file_strerror(errno));
	else if (ends_with(path, ".svg"))
		rc = check_svg_bytes(fc, line, data, len, path, rel);
	else
		rc = check_raster(fc, line, (const unsigned char *)data, len, rel);
	free(data);
	free(path);
	free(rel);
	return rc;
}

static int check_ref(struct fence *fc, unsigned line, const char *v)
{
	while (*v == ' ' || *v == '\t' || *v == '\n' || *v == '\r')
		v++;
	if (!*v || *v == '#')
		return 0;
	if (!strncasecmp(v, "data:", 5))
		return check_data_url(fc, line, v);
	size_t scheme = strcspn(v, ":/?#");
	if (v[scheme] == ':' || v[0] == '/')
		return fail(fc, line, "'%.80s': only files beside the SVG may be named", v);
	return check_file_ref(fc, line, v);
}

/* url(...) in attributes and styles: fragments of this file only. */
static int check_urls(struct fence *fc, unsigned line, const char *v)
{
	if (strstr(v, "@import"))
		return fail(fc, line, "a stylesheet @import is not allowed");
	for (const char *s = v; (s = strstr(s, "url(")); s += 4) {
		const char *t = s + 4;
		while (*t == ' ' || *t == '"' || *t == '\'')
			t++;
		int n = (int)strcspn(s + 4, ")");
		if (*t != '#')
			return fail(fc, line, "url(%.*s): only url(#id) of the same file is allowed",
				    n > 60 ? 60 : n, s + 4);
	}
	return 0;
}

static double attr_num(xmlNode *e, const char *name, bool *pct)
{
	xmlChar *v = xmlGetProp(e, (const xmlChar *)name);
	*pct = false;
	if (!v)
		return -1;
	char *end;
	double d = strtod((const char *)v, &end);
	*pct = *end == '%';
	xmlFree(v);
	return d;
}

static bool is_local(xmlNode *e, const char *name)
{
	return !strcmp((const char *)e->name, name);
}

/* A filter's region and its primitives' costly parameters. */
static int check_filter(struct fence *fc, xmlNode *e, unsigned line)
{
	if (is_local(e, "filter")) {
		xmlChar *u = xmlGetProp(e, (const xmlChar *)"filterUnits");
		bool user = u && !strcmp((const char *)u, "userSpaceOnUse");
		xmlFree(u);
		bool pw, ph;
		double w = attr_num(e, "width", &pw), h = attr_num(e, "height", &ph);
		if (user && !pw && !ph && w * h > SVG_FILTER_PIXELS)
			return fail(fc, line, "a filter region of %.0f x %.0f, more than %.0f million pixels",
				    w, h, SVG_FILTER_PIXELS / 1e6);
		if (!user && ((pw ? w / 100 : w) > 4 || (ph ? h / 100 : h) > 4))
			return fail(fc, line, "a filter region more than 4 times its element");
		return 0;
	}
	if (strncmp((const char *)e->name, "fe", 2) != 0 || !e->parent || !is_local(e->parent, "filter"))
		return 0;
	if (!fc->f->filters++)
		fc->f->filter_line = line;
	bool pct;
	if (is_local(e, "feMorphology") && attr_num(e, "radius", &pct) > 64)
		return fail(fc, line, "an feMorphology radius over 64");
	if (is_local(e, "feConvolveMatrix") && attr_num(e, "order", &pct) > 9)
		return fail(fc, line, "an feConvolveMatrix order over 9");
	return 0;
}

static int check_attrs(struct fence *fc, xmlNode *e, unsigned line)
{
	for (xmlAttr *a = e->properties; a; a = a->next) {
		xmlChar *v = xmlNodeListGetString(e->doc, a->children, 1);
		const char *s = v ? (const char *)v : "";
		int rc = !strcmp((const char *)a->name, "href") ? check_ref(fc, line, s) : 0;
		if (!rc)
			rc = check_urls(fc, line, s);
		xmlFree(v);
		if (rc)
			return rc;
	}
	return 0;
}

static int walk(struct fence *fc, xmlNode *node, int depth)
{
	for (xmlNode *e = node; e; e = e->next) {
		unsigned line = (unsigned)xmlGetLineNo(e);
		if (e->type == XML_PI_NODE && !strcmp((const char *)e->name, "xml-stylesheet"))
			return fail(fc, line, "a stylesheet from a file (xml-stylesheet) is not allowed");
		if (e->type == XML_XINCLUDE_START || e->type == XML_XINCLUDE_END)
			return fail(fc, line, "XInclude is not allowed");
		if (e->type != XML_ELEMENT_NODE)
			continue;
		if (++fc->f->elems > SVG_MAX_ELEMS)
			return fail(fc, line, "more than %d elements", SVG_MAX_ELEMS);
		if (depth > SVG_MAX_DEPTH)
			return fail(fc, line, "elements nested more than %d deep", SVG_MAX_DEPTH);
		if ((e->ns && e->ns->href && strstr((const char *)e->ns->href, "XInclude")) ||
		    strstr((const char *)e->name, "include"))
			return fail(fc, line, "XInclude (<%s%s%s>) is not allowed",
				    e->ns && e->ns->prefix ? (const char *)e->ns->prefix : "",
				    e->ns && e->ns->prefix ? ":" : "", (const char *)e->name);
		if (is_local(e, "style")) {
			xmlChar *t = xmlNodeGetContent(e);
			int rc = t ? check_urls(fc, line, (const char *)t) : 0;
			xmlFree(t);
			if (rc)
				return rc;
		}
		if (check_attrs(fc, e, line) || check_filter(fc, e, line) || walk(fc, e->children, depth + 1))
			return -1;
	}
	return 0;
}

static int fence_text(struct fence *fc, const char *data, size_t len)
{
	if (len > FILE_MAX)
		return fail(fc, 0, "larger than 32 MB");
	if (check_entities(fc, data, len))
		return -1;
	xmlParserCtxtPtr ctx = xmlNewParserCtxt();
	if (!ctx)
		return fail(fc, 0, "out of memory");
	xmlDocPtr doc = xmlCtxtReadMemory(ctx, data, (int)len, NULL, NULL,
					  XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING |
					  XML_PARSE_BIG_LINES);
	int rc = 0;
	xmlNode *root = doc ? xmlDocGetRootElement(doc) : NULL;
	if (!doc) {
		xmlErrorPtr err = xmlCtxtGetLastError(ctx);
		char msg[160] = "?";
		if (err && err->message)
			snprintf(msg, sizeof msg, "%.*s", (int)strcspn(err->message, "\n"), err->message);
		rc = fail(fc, err ? (unsigned)err->line : 0, "not well-formed XML (%s)", msg);
	} else if (!root || strcmp((const char *)root->name, "svg") != 0) {
		rc = fail(fc, 0, "not an SVG (its first element is <%s>)", root ? (const char *)root->name : "");
	} else {
		rc = walk(fc, doc->children, 0);
	}
	if (doc)
		xmlFreeDoc(doc);
	xmlFreeParserCtxt(ctx);
	return rc;
}

int imgcheck_svg(const char *data, size_t len, const char *path, double max_pixels,
		 struct svg_facts *out, char *why, size_t n)
{
	*out = (struct svg_facts){0};
	struct fence fc = {path, NULL, max_pixels, 0, out, why, n};
	return fence_text(&fc, data, len);
}

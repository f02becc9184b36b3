/* test_untrusted.c: the checks on what strangers' files hold (issue 24): text a
 * card may show (text_problem), raster headers and the SVG fence (imagecheck.c),
 * the child process under limits (sandbox.c), GLib warnings through diag
 * (glog.c) and the one CSV writer (csv_cell). */
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>
#include <glib.h>

#include "csv.h"
#include "diag.h"
#include "glog.h"
#include "imagecheck.h"
#include "pipeline.h"
#include "sandbox.h"
#include "util.h"

static const char *problem(const char *s, size_t n, size_t max, size_t *at)
{
	static char buf[160];
	return text_problem(s, n, max, at, buf, sizeof buf);
}

static void text_rules(void **state)
{
	(void)state;
	size_t at;
	assert_null(problem("Ashby ⇄ Bramley, café\nline two", strlen("Ashby ⇄ Bramley, café\nline two"), 0, &at));
	assert_string_equal(problem("a\tb", 3, 0, &at), "the control character U+0009 (only line breaks are allowed)");
	assert_int_equal(at, 1);
	assert_string_equal(problem("nu\0l", 4, 0, &at), "the NUL character (U+0000)");
	assert_string_equal(problem("a\xc2\x85", 3, 0, &at), "the control character U+0085 (only line breaks are allowed)");
	assert_string_equal(problem("x\xe2\x80\xae", 4, 0, &at), "the bidi control character U+202E");
	assert_string_equal(problem("x\xe2\x80\x8b", 4, 0, &at), "the invisible character U+200B");
	assert_string_equal(problem("\xef\xbb\xbfx", 4, 0, &at), "the invisible character U+FEFF");
	assert_int_equal(at, 0);
	assert_string_equal(problem("ab\xff", 3, 0, &at), "a byte that is not UTF-8 (0xFF)");
	assert_string_equal(problem("\xc0\xaf", 2, 0, &at), "a byte that is not UTF-8 (0xC0)");  /* overlong */
	assert_string_equal(problem("\xed\xa0\x80", 3, 0, &at), "a byte that is not UTF-8 (0xED)");  /* surrogate */
	assert_string_equal(problem("abcdef", 6, 5, &at), "more than 5 characters");
	assert_null(problem("abcde", 5, 5, &at));
	/* combining marks: 16 on a letter are fine, 17 are not; the count restarts */
	struct buf b = {0};
	buf_puts(&b, "a");
	for (int i = 0; i < 16; i++)
		buf_puts(&b, "\xcc\x81");
	buf_puts(&b, "e");
	for (int i = 0; i < 16; i++)
		buf_puts(&b, "\xcc\x81");
	assert_null(problem(b.s, b.len, 0, &at));
	buf_puts(&b, "\xcc\x81");
	assert_string_equal(problem(b.s, b.len, 0, &at), "more than 16 combining marks on one character");
	assert_int_equal(at, 34);
	buf_free(&b);
}

static void raster_headers(void **state)
{
	(void)state;
	static const unsigned char png[] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13,
					    'I', 'H', 'D', 'R', 0, 0, 0x4e, 0x20, 0, 0, 0x75, 0x30};
	uint32_t w, h;
	assert_int_equal(imgcheck_header(png, sizeof png, &w, &h), IMG_PNG);
	assert_int_equal(w, 20000);
	assert_int_equal(h, 30000);
	assert_int_equal(imgcheck_header(png, 20, &w, &h), IMG_PNG);  /* cut short */
	assert_int_equal(w, 0);
	static const unsigned char jpg[] = {0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xc2, 0, 11, 8,
					    0x75, 0x30, 0x4e, 0x20, 1, 1, 0x11, 0};
	assert_int_equal(imgcheck_header(jpg, sizeof jpg, &w, &h), IMG_JPEG);
	assert_int_equal(w, 20000);
	assert_int_equal(h, 30000);
	assert_int_equal(imgcheck_header(jpg, 10, &w, &h), IMG_JPEG);
	assert_int_equal(w, 0);
	assert_int_equal(imgcheck_header((const unsigned char *)"GIF89a", 6, &w, &h), IMG_OTHER);
	assert_int_equal(imgcheck_header((const unsigned char *)"<svg", 4, &w, &h), IMG_UNKNOWN);
}

static const char *fence(const char *svg)
{
	static char why[300];
	struct svg_facts f;
	return imgcheck_svg(svg, strlen(svg), NULL, 50e6, &f, why, sizeof why) ? why : NULL;
}

static void svg_fence(void **state)
{
	(void)state;
	assert_null(fence("<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'>"
			  "<defs><linearGradient id='g'/></defs><rect fill='url(#g)' width='5' height='5'/></svg>"));
	assert_string_equal(fence("<svg xmlns='http://www.w3.org/2000/svg' xmlns:xi='http://www.w3.org/2001/XInclude'>\n"
				  "<xi:include href='x.svg'/></svg>"), "line 2: XInclude (<xi:include>) is not allowed");
	assert_string_equal(fence("<svg xmlns='http://www.w3.org/2000/svg'><image href='a.png'/></svg>"),
			    "line 1: 'a.png': an SVG without a folder may not name files");
	assert_string_equal(fence("<svg xmlns='http://www.w3.org/2000/svg'><image href='file:///etc/passwd'/></svg>"),
			    "line 1: 'file:///etc/passwd': only files beside the SVG may be named");
	assert_string_equal(fence("<!DOCTYPE svg [<!ENTITY % p SYSTEM 'x'>]><svg/>"),
			    "line 1: a parameter entity is not allowed");
	assert_string_equal(fence("<!DOCTYPE svg [<!ENTITY x '<g/>'>]><svg>&x;</svg>"),
			    "line 1: an entity holding markup is not allowed");
	assert_null(fence("<!DOCTYPE svg [<!ENTITY ns 'http://www.w3.org/2000/svg'>]><svg xmlns='&ns;'/>"));
	assert_string_equal(fence("<html/>"), "not an SVG (its first element is <html>)");
	assert_non_null(strstr(fence("<svg><g></svg>"), "not well-formed XML"));
	assert_string_equal(fence("<svg><filter id='f'><feMorphology radius='100'/></filter></svg>"),
			    "line 1: an feMorphology radius over 64");
	/* 64 internal entities pass, a 65th is refused before libxml2 sees any */
	struct buf d = {0};
	buf_puts(&d, "<!DOCTYPE svg [");
	for (int i = 0; i < 64; i++)
		buf_printf(&d, "<!ENTITY e%d 'x'>", i);
	struct buf d65 = {0};
	buf_printf(&d65, "%s<!ENTITY e64 'x'>]><svg/>", d.s);
	buf_puts(&d, "]><svg/>");
	assert_null(fence(d.s));
	assert_string_equal(fence(d65.s), "line 1: more than 64 entity declarations");
	buf_free(&d);
	buf_free(&d65);
	/* a data: PNG of 20000 x 30000 (its header only) */
	assert_string_equal(fence("<svg><image href='data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAATiAAAHUw'/></svg>"),
			    "line 1: a data: URL raster is 20000 x 30000 pixels (600.0 million), more than "
			    "the 50.0 million an image may have (--max-pixels raises it)");
}

/* The sandbox's child is this test program started afresh (main hands these
 * modes to sandbox_child). */
static int spin(const char *arg, const void *in, size_t len, char *why, size_t n)
{
	(void)arg, (void)in, (void)len, (void)why, (void)n;
	for (volatile unsigned long i = 0;; i++)
		;
	return 0;
}

static int crash(const char *arg, const void *in, size_t len, char *why, size_t n)
{
	(void)in, (void)len, (void)why, (void)n;
	raise(atoi(arg));
	return 0;
}

static int fail_says(const char *arg, const void *in, size_t len, char *why, size_t n)
{
	(void)arg, (void)in, (void)len;
	snprintf(why, n, "librsvg: no");
	return 1;
}

/* The input arrives whole: arg bytes of a known pattern (more than a pipe holds). */
static int input_whole(const char *arg, const void *in, size_t len, char *why, size_t n)
{
	const unsigned char *b = in;
	size_t want = (size_t)atol(arg);
	if (len != want) {
		snprintf(why, n, "got %zu bytes of %zu", len, want);
		return 1;
	}
	for (size_t i = 0; i < len; i++)
		if (b[i] != (unsigned char)(i * 7 + 3)) {
			snprintf(why, n, "byte %zu differs", i);
			return 1;
		}
	return 0;
}

/* The limits the child runs under, as its reason: its CPU seconds, and whether
 * its address space may grow by at most arg megabytes from here. */
static int limits(const char *arg, const void *in, size_t len, char *why, size_t n)
{
	(void)in, (void)len;
	struct rlimit cpu, as;
	getrlimit(RLIMIT_CPU, &cpu);
	getrlimit(RLIMIT_AS, &as);
	unsigned long vm = 0;
	FILE *f = fopen("/proc/self/statm", "r");
	if (!f || fscanf(f, "%lu", &vm) != 1)
		vm = 0;
	if (f)
		fclose(f);
	double room = as.rlim_cur == RLIM_INFINITY ? 1e300
		      : (double)as.rlim_cur - (double)vm * (double)sysconf(_SC_PAGESIZE);
	snprintf(why, n, "cpu %s s, address space %s", cpu.rlim_cur == RLIM_INFINITY ? "unlimited"
		 : cpu.rlim_cur == 1 ? "1" : "other", room <= atof(arg) * 1048576 ? "bounded" : "unbounded");
	return 1;
}

/* A child that waits and uses no CPU: only the parent's clock can end it. */
static int idle(const char *arg, const void *in, size_t len, char *why, size_t n)
{
	(void)arg, (void)in, (void)len, (void)why, (void)n;
	struct timespec t = {30, 0};
	while (nanosleep(&t, &t) != 0)
		;
	return 0;
}

static const struct sandbox_mode test_modes[] = {
	{"spin", spin}, {"crash", crash}, {"fail", fail_says}, {"input", input_whole},
	{"limits", limits}, {"idle", idle}, {NULL, NULL}};

static void sandbox(void **state)
{
	(void)state;
	char why[200];
	struct sandbox_limits lim = {0.3, 100};
	assert_int_equal(sandbox_run("spin", "", "", 0, &lim, why, sizeof why), -1);
	assert_string_equal(why, "took more than 0.3 s to draw");
	assert_int_equal(sandbox_run("crash", "11", "", 0, &lim, why, sizeof why), -1);
	assert_string_equal(why, "needed more than 100 MB to draw, or made the renderer crash (signal 11)");
	assert_int_equal(sandbox_run("fail", "", "", 0, &lim, why, sizeof why), -1);
	assert_string_equal(why, "could not be drawn (librsvg: no)");
	size_t big = 3u << 20;
	unsigned char *b = malloc(big);
	for (size_t i = 0; i < big; i++)
		b[i] = (unsigned char)(i * 7 + 3);
	char arg[32];
	snprintf(arg, sizeof arg, "%zu", big);
	struct sandbox_limits roomy = {5, 100};
	why[0] = 0;
	assert_int_equal(sandbox_run("input", arg, b, big, &roomy, why, sizeof why), 0);
	b[big / 2] ^= 1;
	assert_int_equal(sandbox_run("input", arg, b, big, &roomy, why, sizeof why), -1);
	char want[80];
	snprintf(want, sizeof want, "could not be drawn (byte %zu differs)", big / 2);
	assert_string_equal(why, want);
	free(b);
	/* both limits are the child's own (the parent's watch is the second line:
	 * with either setrlimit gone, spin above still ended, 2 s later) */
	assert_int_equal(sandbox_run("limits", "100", "", 0, &lim, why, sizeof why), -1);
	assert_string_equal(why, "could not be drawn (cpu 1 s, address space bounded)");
	/* a child that sleeps past its time is ended by the parent's clock */
	assert_int_equal(sandbox_run("idle", "", "", 0, &lim, why, sizeof why), -1);
	assert_string_equal(why, "took more than 0.3 s to draw");
	assert_int_equal(sandbox_running(), 0);
}

static void glib_warnings_capped(void **state)
{
	(void)state;
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);
	diag_set_stream(f);
	glog_capture();
	for (int i = 0; i < 12; i++)
		g_warning("warning %d", i);
	assert_int_equal(glog_summary(), 12);
	/* a library's message may quote a stranger's text: 300 bytes of it at most */
	char *longmsg = malloc(5001);
	memset(longmsg, 'x', 5000);
	longmsg[5000] = 0;
	glog_capture();
	g_warning("%s", longmsg);
	assert_int_equal(glog_summary(), 1);
	fclose(f);
	diag_set_stream(stderr);
	diag_reset();
	assert_non_null(strstr(out, "warning: GLib: warning 4\n"));
	assert_null(strstr(out, "warning: GLib: warning 5\n"));
	assert_non_null(strstr(out, "warning: 7 more warnings from the drawing libraries were not shown"));
	char want[320];
	snprintf(want, sizeof want, "warning: GLib: %.300s\n", longmsg);
	assert_non_null(strstr(out, want));   /* 300 x and the line's end */
	free(longmsg);
	free(out);
}

static void csv_writer(void **state)
{
	(void)state;
	struct buf s = {0};
	csv_cell(&s, "plain");
	csv_cell(&s, "gr\"een,x");
	csv_cell(&s, "two\nlines");
	csv_cell(&s, "=HYPERLINK(\"x\")");
	csv_cell(&s, "-2");
	csv_cellf(&s, "%d", 7);
	csv_cell(&s, "");
	csv_end(&s);
	assert_string_equal(s.s, "plain,\"gr\"\"een,x\",\"two\nlines\",\"'=HYPERLINK(\"\"x\"\")\",\"'-2\",7,\n");
	buf_free(&s);
}

int main(int argc, char **argv)
{
	sandbox_child(argc, argv, test_modes);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(text_rules),
		cmocka_unit_test(raster_headers),
		cmocka_unit_test(svg_fence),
		cmocka_unit_test(sandbox),
		cmocka_unit_test(glib_warnings_capped),
		cmocka_unit_test(csv_writer),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

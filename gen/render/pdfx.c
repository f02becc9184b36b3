/* pdfx.c: CMYK PDF/X-1a:2003 through Ghostscript (pdfx.h). Ghostscript runs as a
 * child process with fixed arguments (no shell) and -dSAFER; the output profile
 * it converts with is rebuilt here with Little CMS (ink limit, grey on K). */
#define _GNU_SOURCE
#include "pdfx.h"

#include <errno.h>
#include <fcntl.h>
#include <lcms2.h>
#include <math.h>
#include <qpdf/qpdf-c.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/wait.h>
#include <unistd.h>

#include "diag.h"
#include "progress.h"
#include "sandbox.h"
#include "util.h"

extern char **environ;

static struct {
	bool active, refused;
	double max_ink;
	double seconds;     /* Ghostscript's CPU limit */
	char *profile;      /* the ink-limited profile in the staging folder */
	char *icc_name;     /* the chosen profile's description, for the OutputIntent */
	char *icc_path;     /* the chosen profile's file, for the proofs */
	cmsHTRANSFORM fix;  /* Ghostscript's CMYK -> the ink-limited profile's, 0..100 */
	cmsHTRANSFORM fix8; /* the same for 8-bit image samples */
	double limit;       /* the ink the conversion keeps within, percent */
	double k_l[101];    /* L* of k% black ink alone on the chosen profile */
	double rich_l;      /* L* of the rich black PDFX_RICH with K 100 */
	cmsHTRANSFORM rgb_cmyk; /* Ghostscript's RGB -> its CMYK, as gs converts */
	cmsHTRANSFORM rgb_lab;  /* Ghostscript's RGB -> Lab (D50) */
	cmsHTRANSFORM cmyk_lab; /* the chosen profile's CMYK -> Lab: what prints */
	cmsHTRANSFORM lab_rgb;  /* and back to RGB */
} px;

/* ---- Ghostscript as a child process ---- */

/* The folder gs keeps its temporary files in: the build's staging folder while
 * a file is converted (removed with it whatever happens), else NULL. */
static _Thread_local const char *gs_tmpdir;
static _Thread_local const char *cmyk_path;   /* the file pdfx_convert converts */

/* The environment of every gs run: ours, with SOURCE_DATE_EPOCH fixed so the PDF
 * dates are those of the RGB file (a rebuild is byte-identical), and TMPDIR
 * gs_tmpdir when set. */
static char **gs_env(void)
{
	size_t n = 0;
	while (environ[n])
		n++;
	char **env = xcalloc(n + 3, sizeof *env);
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		if (strncmp(environ[i], "SOURCE_DATE_EPOCH=", 18) != 0 &&
		    (!gs_tmpdir || strncmp(environ[i], "TMPDIR=", 7) != 0))
			env[k++] = environ[i];
	if (gs_tmpdir)
		env[k++] = xasprintf("TMPDIR=%s", gs_tmpdir);
	const char *s = getenv("SOURCE_DATE_EPOCH");
	long v;
	if (!s || parse_int(s, 0, 253402300799L, &v) != 0)
		v = 946684800; /* output.c's fixed date, 2000-01-01 */
	env[k++] = xasprintf("SOURCE_DATE_EPOCH=%ld", v);
	env[k] = NULL;
	return env;
}

static void gs_env_free(char **env)
{
	size_t k = 0;
	while (env[k])
		k++;
	free(env[k - 1]);
	if (gs_tmpdir)
		free(env[k - 2]);
	free(env);
}

/* Start gs with argv; its standard output goes to a pipe (*out_fd) when out_fd is
 * set, else with its standard error (both kept in *err, at most 16 kB). Returns
 * the child's pid, or -1 with errno set (ENOENT: gs is not installed). */
static pid_t gs_start(const char *const argv[], int *out_fd, int *err_fd)
{
	int p[2], e[2];
	if (pipe2(p, O_CLOEXEC) != 0)
		return -1;
	if (pipe2(e, O_CLOEXEC) != 0) {
		close(p[0]);
		close(p[1]);
		return -1;
	}
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_adddup2(&fa, out_fd ? p[1] : e[1], 1);
	posix_spawn_file_actions_adddup2(&fa, e[1], 2);
	char **env = gs_env();
	/* under the build's time limit and PDFX_GS_MB, killed with railyard
	 * (--max-seconds ends the build with _exit: gs goes with it) */
	pid_t pid = sandbox_spawn(argv, env, &fa, px.seconds, PDFX_GS_MB);
	int rc = pid < 0 ? errno : 0;
	gs_env_free(env);
	posix_spawn_file_actions_destroy(&fa);
	close(p[1]);
	close(e[1]);
	if (rc != 0) {
		close(p[0]);
		close(e[0]);
		errno = rc;
		return -1;
	}
	if (out_fd)
		*out_fd = p[0];
	else
		close(p[0]);
	*err_fd = e[0];
	return pid;
}

/* One line of gs's messages: "Page N" (gs without -dQUIET, as it begins
 * page N) a progress step when pages, else kept in err (at most 16 kB). */
static void gs_line(const char *s, size_t n, bool pages, struct buf *err)
{
	long page;
	char tail;
	if (pages && n > 5 && n < 32 && !strncmp(s, "Page ", 5)) {
		char line[32];
		memcpy(line, s, n);
		line[n] = 0;
		if (sscanf(line, "Page %ld%c", &page, &tail) == 1) {
			progress_step(page - 1);   /* the pages before it are done */
			return;
		}
	}
	if (err->len < 16384) {
		buf_add(err, s, n);
		buf_puts(err, "\n");
	}
}

/* Read what is left on fd line by line (gs_line), close it, wait for pid.
 * Returns the exit status (or 128 + signal). */
static int gs_finish(pid_t pid, int fd, struct buf *err, bool pages)
{
	char b[4096];
	struct buf line = {0};
	ssize_t n;
	while ((n = read(fd, b, sizeof b)) > 0 || (n < 0 && errno == EINTR))
		for (ssize_t i = 0; i < n; i++) {
			if (b[i] != '\n') {
				if (line.len < 4096)
					buf_add(&line, &b[i], 1);
				continue;
			}
			gs_line(line.s ? line.s : "", line.len, pages, err);
			line.len = 0;
		}
	if (line.len)
		gs_line(line.s, line.len, pages, err);
	buf_free(&line);
	close(fd);
	int st;
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return 127;
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

/* Run gs to the end; its messages land in err, its "Page N" lines progress
 * steps when pages. Returns its exit status, or -1 with errno set when it
 * could not be started. */
static int gs_run(const char *const argv[], struct buf *err, bool pages)
{
	int efd;
	pid_t pid = gs_start(argv, NULL, &efd);
	return pid < 0 ? -1 : gs_finish(pid, efd, err, pages);
}

/* The last non-empty line of gs's messages, for an error. */
static const char *gs_last_line(struct buf *err)
{
	if (!err->s)
		return "no message";
	while (err->len && (err->s[err->len - 1] == '\n' || err->s[err->len - 1] == '\r'))
		err->s[--err->len] = 0;
	char *nl = strrchr(err->s, '\n');
	return nl ? nl + 1 : err->s;
}

static int gs_check_version(void)
{
	const char *argv[] = {"gs", "--version", NULL};
	struct buf out = {0};
	int rc = gs_run(argv, &out, false);
	if (rc == 127 && !out.len)   /* the exec failed: not found */
		rc = -1, errno = ENOENT;
	if (rc < 0) {
		diag(SEV_ERROR, NULL, "--colour cmyk needs Ghostscript ('gs'): %s; install the Debian package ghostscript",
		     errno == ENOENT ? "not found on PATH" : strerror(errno));
		buf_free(&out);
		return -1;
	}
	int major = 0, minor = 0;
	if (rc != 0 || !out.s || sscanf(out.s, "%d.%d", &major, &minor) != 2 || major * 100 + minor < 950) {
		diag(SEV_ERROR, NULL, "--colour cmyk needs Ghostscript 9.50 or later; 'gs --version' says '%s'",
		     out.s ? gs_last_line(&out) : "nothing");
		buf_free(&out);
		return -1;
	}
	buf_free(&out);
	return 0;
}

/* ---- the ink-limited output profile (Little CMS) ---- */

enum { GRID = 25 };

struct limiter {
	cmsHTRANSFORM to_cmyk;   /* Lab (D50) -> the chosen profile's CMYK, 0..100 */
	cmsHTRANSFORM to_lab;    /* and back (relative colorimetric) */
	double limit;            /* percent */
	double k_l[101];         /* L* of k% black ink alone */
};

/* The black ink alone that prints lightness L, from the ramp k_l (L* of 0..100%
 * black). */
static double k_for(const double k_l[101], double L)
{
	if (L >= k_l[0])
		return 0;
	for (int k = 1; k <= 100; k++)
		if (L >= k_l[k])
			return k - (L - k_l[k]) / (k_l[k - 1] - k_l[k]);
	return 100;
}

/* The ramp of black ink alone through back (CMYK -> Lab): k_l[k] is the L* of
 * k% K, made strictly decreasing. */
static void k_ramp(cmsHTRANSFORM back, double k_l[101])
{
	for (int k = 0; k <= 100; k++) {
		double c[4] = {0, 0, 0, k};
		cmsCIELab l;
		cmsDoTransform(back, c, &l, 1);
		k_l[k] = k ? fmin(l.L, k_l[k - 1] - 1e-6) : l.L;
	}
}

/* c scaled down to the limit: cyan, magenta and yellow, black kept. */
static void scale_to(double limit, double c[4])
{
	double cmy = c[0] + c[1] + c[2];
	if (c[3] >= limit) {
		c[0] = c[1] = c[2] = 0;
		c[3] = limit;
	} else if (cmy + c[3] > limit) {
		for (int i = 0; i < 3; i++)
			c[i] *= (limit - c[3]) / cmy;
	}
}

/* One node of the Lab -> CMYK table: the chosen profile's colour; a neutral grey
 * on the black plate alone; then cyan, magenta and yellow scaled down until the
 * total is within the limit (black kept), as ink-limiting device links do. */
static cmsInt32Number limit_node(const cmsUInt16Number in[], cmsUInt16Number out[], void *cargo)
{
	const struct limiter *x = cargo;
	/* after the input curve L runs 0..100 over the whole range, so that paper
	 * white (L 100) is a node of the table and stays without ink */
	cmsCIELab lab = {in[0] / 655.35, in[1] / 256.0 - 128, in[2] / 256.0 - 128};
	double c[4];
	cmsDoTransform(x->to_cmyk, &lab, c, 1);
	if (hypot(lab.a, lab.b) < 1.0) {
		c[0] = c[1] = c[2] = 0;
		c[3] = k_for(x->k_l, lab.L);
	}
	double full[4] = {c[0], c[1], c[2], c[3]};
	scale_to(x->limit, c);
	double w = fmin(1, fmax(0, (PDFX_GCR_CHROMA - hypot(lab.a, lab.b)) / (PDFX_GCR_CHROMA / 2)));
	if (c[0] + c[1] + c[2] < full[0] + full[1] + full[2] - 0.5 && c[3] < 100 && w > 0) {
		/* the limit took colour away from a dull dark colour, which got
		 * lighter: black ink brings the lightness back (a near-black keeps
		 * its depth; the duller the colour, the more: a chromatic colour
		 * keeps its colour instead) */
		cmsCIELab want, got;
		double g[4];
		memcpy(g, c, sizeof g);
		cmsDoTransform(x->to_lab, full, &want, 1);
		cmsDoTransform(x->to_lab, g, &got, 1);
		for (double k = g[3] + 1; k <= 100 && got.L > want.L + 0.25; k++) {
			double t[4] = {full[0], full[1], full[2], k};
			scale_to(x->limit, t);
			memcpy(g, t, sizeof t);
			cmsDoTransform(x->to_lab, g, &got, 1);
		}
		for (int i = 0; i < 4; i++)
			c[i] += w * (g[i] - c[i]);
	}
	for (int i = 0; i < 4; i++)
		out[i] = (cmsUInt16Number)lround(fmin(fmax(c[i], 0), 100) / 100 * 65535);
	return TRUE;
}

static void copy_tag(cmsHPROFILE to, cmsHPROFILE from, cmsTagSignature sig)
{
	void *t = cmsReadTag(from, sig);
	if (t)
		cmsWriteTag(to, sig, t);
}

/* The description of a profile, for messages and the OutputIntent. */
static char *profile_name(cmsHPROFILE h)
{
	char name[256] = "";
	cmsGetProfileInfoASCII(h, cmsInfoDescription, "en", "US", name, sizeof name);
	for (char *p = name; *p; p++)
		if ((unsigned char)*p < 32 || *p == '(' || *p == ')' || *p == '\\')
			*p = ' ';
	return xstrdup(name[0] ? name : "CMYK");
}

/* lab -> cmyk and the black ramp of the chosen profile; 0 or -1. */
static int limiter_init(struct limiter *x, cmsHPROFILE icc, double limit)
{
	cmsHPROFILE lab = cmsCreateLab4Profile(NULL);
	x->to_cmyk = cmsCreateTransform(lab, TYPE_Lab_DBL, icc, TYPE_CMYK_DBL, INTENT_PERCEPTUAL, 0);
	cmsHTRANSFORM back = cmsCreateTransform(icc, TYPE_CMYK_DBL, lab, TYPE_Lab_DBL,
						INTENT_RELATIVE_COLORIMETRIC, 0);
	cmsCloseProfile(lab);
	if (!x->to_cmyk || !back) {
		if (x->to_cmyk)
			cmsDeleteTransform(x->to_cmyk);
		if (back)
			cmsDeleteTransform(back);
		return -1;
	}
	x->to_lab = back;
	k_ramp(back, x->k_l);
	x->limit = limit;
	return 0;
}

/* Save p to path with a fixed creation date (the header's bytes 24..35), so a
 * rebuild embeds the same bytes. 0 or -1. */
static int save_profile(cmsHPROFILE p, const char *path)
{
	cmsUInt32Number n = 0;
	if (!cmsSaveProfileToMem(p, NULL, &n) || n < 128)
		return -1;
	unsigned char *b = xmalloc(n);
	int rc = -1;
	if (cmsSaveProfileToMem(p, b, &n)) {
		static const unsigned char date[12] = {0x07, 0xd0, 0, 1, 0, 1}; /* 2000-01-01 */
		memcpy(b + 24, date, sizeof date);
		FILE *f = fopen(path, "wbx");
		if (f) {
			rc = fwrite(b, 1, n, f) == n ? 0 : -1;
			if (fclose(f) != 0)
				rc = -1;
		}
	}
	free(b);
	return rc;
}

/* Write the chosen profile with new Lab -> CMYK tables to path. 0 or -1. */
static int write_limited(cmsHPROFILE icc, double limit, const char *path)
{
	struct limiter x;
	if (limiter_init(&x, icc, limit) != 0)
		return -1;
	cmsHPROFILE p = cmsCreateProfilePlaceholder(NULL);
	cmsSetProfileVersion(p, 2.1);
	cmsSetDeviceClass(p, cmsSigOutputClass);
	cmsSetColorSpace(p, cmsSigCmykData);
	cmsSetPCS(p, cmsSigLabData);
	copy_tag(p, icc, cmsSigAToB0Tag);
	cmsLinkTag(p, cmsSigAToB1Tag, cmsSigAToB0Tag);
	cmsLinkTag(p, cmsSigAToB2Tag, cmsSigAToB0Tag);
	copy_tag(p, icc, cmsSigMediaWhitePointTag);
	copy_tag(p, icc, cmsSigCopyrightTag);
	char *name = profile_name(icc);
	char *desc = xasprintf("%s, at most %g%% ink, grey on K (railyard)", name, limit);
	cmsMLU *mlu = cmsMLUalloc(NULL, 1);
	cmsMLUsetASCII(mlu, "en", "US", desc);
	cmsWriteTag(p, cmsSigProfileDescriptionTag, mlu);
	cmsMLUfree(mlu);
	free(desc);
	free(name);
	cmsPipeline *pl = cmsPipelineAlloc(NULL, 3, 4);
	cmsStage *clut = cmsStageAllocCLut16bit(NULL, GRID, 3, 4, NULL);
	int rc = pl && clut && cmsStageSampleCLut16bit(clut, limit_node, &x, 0) ? 0 : -1;
	if (!rc) {
		/* v2 Lab puts L 100 at 0xFF00: stretch it to the top of the table */
		cmsUInt16Number ramp[4096], same[4096];
		for (int i = 0; i < 4096; i++) {
			ramp[i] = (cmsUInt16Number)fmin(65535, lround(i * 65535.0 / 4095 * 65535 / 65280));
			same[i] = (cmsUInt16Number)lround(i * 65535.0 / 4095);
		}
		cmsToneCurve *cv[3] = {cmsBuildTabulatedToneCurve16(NULL, 4096, ramp),
				       cmsBuildTabulatedToneCurve16(NULL, 4096, same),
				       cmsBuildTabulatedToneCurve16(NULL, 4096, same)};
		cmsPipelineInsertStage(pl, cmsAT_BEGIN, clut);
		cmsPipelineInsertStage(pl, cmsAT_BEGIN, cmsStageAllocToneCurves(NULL, 3, cv));
		cmsFreeToneCurveTriple(cv);
		clut = NULL;
		rc = cmsWriteTag(p, cmsSigBToA0Tag, pl) && cmsLinkTag(p, cmsSigBToA1Tag, cmsSigBToA0Tag) &&
				     cmsLinkTag(p, cmsSigBToA2Tag, cmsSigBToA0Tag)
			     ? save_profile(p, path)
			     : -1;
	}
	if (clut)
		cmsStageFree(clut);
	if (pl)
		cmsPipelineFree(pl);
	cmsCloseProfile(p);
	cmsDeleteTransform(x.to_cmyk);
	cmsDeleteTransform(x.to_lab);
	return rc;
}

static void lcms_quiet(cmsContext id, cmsUInt32Number code, const char *text)
{
	(void)id;
	(void)code;
	(void)text;
}

/* Open the chosen profile: a CMYK output profile with Lab tables. NULL after
 * reporting. */
static cmsHPROFILE open_icc(const char *path)
{
	size_t len;
	char *data = read_file(path, 32u << 20, &len);
	if (!data) {
		diag(SEV_ERROR, NULL, "--icc: cannot read %s: %s", path, file_strerror(errno));
		return NULL;
	}
	cmsSetLogErrorHandler(lcms_quiet);
	cmsHPROFILE h = cmsOpenProfileFromMem(data, (cmsUInt32Number)len);
	free(data);
	const char *why = !h ? "not an ICC profile"
			  : cmsGetColorSpace(h) != cmsSigCmykData ? "not a CMYK profile"
			  : cmsGetDeviceClass(h) != cmsSigOutputClass ? "not an output (printer) profile"
			  : !cmsIsTag(h, cmsSigBToA0Tag) || !cmsIsTag(h, cmsSigAToB0Tag)
				  ? "without the tables a printer profile has (A2B0, B2A0)"
				  : NULL;
	if (why) {
		diag(SEV_ERROR, NULL, "--icc: %s is %s", path, why);
		if (h)
			cmsCloseProfile(h);
		return NULL;
	}
	return h;
}

/* Ghostscript's pdfwrite converts to its own CMYK (PDFX_DEFAULT_ICC, whatever
 * -sOutputICCProfile says); every colour it writes is then taken from that CMYK
 * to the ink-limited profile's through Lab. 0 or -1. */
static int fix_begin(void)
{
	cmsHPROFILE from = cmsOpenProfileFromFile(PDFX_DEFAULT_ICC, "r");
	cmsHPROFILE to = cmsOpenProfileFromFile(px.profile, "r");
	if (from && to) {
		px.fix = cmsCreateTransform(from, TYPE_CMYK_DBL, to, TYPE_CMYK_DBL,
					    INTENT_RELATIVE_COLORIMETRIC, 0);
		px.fix8 = cmsCreateTransform(from, TYPE_CMYK_8, to, TYPE_CMYK_8,
					     INTENT_RELATIVE_COLORIMETRIC, 0);
	}
	if (from)
		cmsCloseProfile(from);
	if (to)
		cmsCloseProfile(to);
	return px.fix && px.fix8 ? 0 : -1;
}

static void grey_ink(double L, bool large, double c[4]);

/* The transforms pdfx_print_colour models the conversion with. 0 or -1. */
static int model_begin(cmsHPROFILE h)
{
	cmsHPROFILE rgb = cmsOpenProfileFromFile(PDFX_DEFAULT_RGB, "r");
	cmsHPROFILE cmyk = cmsOpenProfileFromFile(PDFX_DEFAULT_ICC, "r");
	cmsHPROFILE lab = cmsCreateLab4Profile(NULL);
	if (rgb && cmyk && lab) {
		/* what Ghostscript 10 does: relative colorimetric, black point
		 * compensation (its numbers within 0.005) */
		px.rgb_cmyk = cmsCreateTransform(rgb, TYPE_RGB_DBL, cmyk, TYPE_CMYK_DBL,
						 INTENT_RELATIVE_COLORIMETRIC,
						 cmsFLAGS_BLACKPOINTCOMPENSATION);
		px.rgb_lab = cmsCreateTransform(rgb, TYPE_RGB_DBL, lab, TYPE_Lab_DBL,
						INTENT_RELATIVE_COLORIMETRIC, 0);
		px.cmyk_lab = cmsCreateTransform(h, TYPE_CMYK_DBL, lab, TYPE_Lab_DBL,
						 INTENT_RELATIVE_COLORIMETRIC, 0);
		px.lab_rgb = cmsCreateTransform(lab, TYPE_Lab_DBL, rgb, TYPE_RGB_DBL,
						INTENT_RELATIVE_COLORIMETRIC, 0);
	}
	if (rgb)
		cmsCloseProfile(rgb);
	if (cmyk)
		cmsCloseProfile(cmyk);
	if (lab)
		cmsCloseProfile(lab);
	return px.rgb_cmyk && px.rgb_lab && px.cmyk_lab && px.lab_rgb ? 0 : -1;
}

static bool exact_grey(double r, double g, double b);
static double compensated_L(double L);

/* Lab scaled towards the printable black (rich_l), as black point compensation
 * does: what a colour can print as at best. */
static void compensate(cmsCIELab *lab)
{
	cmsCIELab k = {px.rich_l, 0, 0};
	cmsCIEXYZ bp, c;
	cmsLab2XYZ(NULL, &bp, &k);
	cmsLab2XYZ(NULL, &c, lab);
	const cmsCIEXYZ *w = cmsD50_XYZ();
	double t = bp.Y;
	c.X = c.X * (1 - t) + t * w->X;
	c.Y = c.Y * (1 - t) + t * w->Y;
	c.Z = c.Z * (1 - t) + t * w->Z;
	cmsXYZ2Lab(NULL, lab, &c);
}

int pdfx_print_colour(const double rgb[3], double cmyk[4], double lab_in[3], double lab_out[3],
		      double rgb_out[3])
{
	if (!px.active)
		return -1;
	double in[3], c[4];
	for (int i = 0; i < 3; i++)
		in[i] = fmin(1, fmax(0, rgb[i]));
	cmsCIELab a, b;
	cmsDoTransform(px.rgb_lab, in, &a, 1);
	if (exact_grey(in[0], in[1], in[2])) {
		/* a grey as a large area prints it: K alone, rich black when dark */
		grey_ink(compensated_L(a.L), true, cmyk);
	} else {
		cmsDoTransform(px.rgb_cmyk, in, c, 1);
		cmsDoTransform(px.fix, c, cmyk, 1);
	}
	cmsDoTransform(px.cmyk_lab, cmyk, &b, 1);
	cmsDoTransform(px.lab_rgb, &b, rgb_out, 1);
	for (int i = 0; i < 3; i++)
		rgb_out[i] = fmin(1, fmax(0, rgb_out[i]));
	compensate(&a);
	lab_in[0] = a.L, lab_in[1] = a.a, lab_in[2] = a.b;
	lab_out[0] = b.L, lab_out[1] = b.a, lab_out[2] = b.b;
	return 0;
}

/* The black ramp and the rich black's lightness on the chosen profile h. 0 or -1. */
static int black_begin(cmsHPROFILE h)
{
	cmsHPROFILE lab = cmsCreateLab4Profile(NULL);
	cmsHTRANSFORM back = cmsCreateTransform(h, TYPE_CMYK_DBL, lab, TYPE_Lab_DBL,
						INTENT_RELATIVE_COLORIMETRIC, 0);
	cmsCloseProfile(lab);
	if (!back)
		return -1;
	k_ramp(back, px.k_l);
	double rich[4] = {PDFX_RICH_C, PDFX_RICH_M, PDFX_RICH_Y, 100};
	scale_to(px.limit, rich);
	cmsCIELab l;
	cmsDoTransform(back, rich, &l, 1);
	px.rich_l = fmin(l.L, px.k_l[100]);
	cmsDeleteTransform(back);
	return 0;
}

int pdfx_begin(const struct pdfx_opts *o, const char *dir)
{
	pdfx_end();
	px.refused = false;
	if (!o->cmyk)
		return 0;
	px.seconds = o->seconds > 0 ? o->seconds : 3600;
	if (gs_check_version() != 0)
		return -1;
	const char *icc = o->icc ? o->icc : PDFX_DEFAULT_ICC;
	cmsHPROFILE h = open_icc(icc);
	if (!h)
		return -1;
	px.profile = xasprintf("%s/.cmyk-profile.icc", dir);
	px.icc_name = profile_name(h);
	px.icc_path = xstrdup(icc);
	px.max_ink = o->max_ink;
	/* RAILYARD_PDFX_UNLIMITED=1 (the tests): convert without limiting the ink, so
	 * that the measurement has something to refuse */
	double limit = getenv("RAILYARD_PDFX_UNLIMITED") ? 400 : o->max_ink;
	px.limit = limit;
	if (write_limited(h, limit, px.profile) != 0 || black_begin(h) != 0 || model_begin(h) != 0) {
		diag(SEV_ERROR, NULL, "--icc: cannot build an ink-limited profile from %s", icc);
		cmsCloseProfile(h);
		pdfx_end();
		return -1;
	}
	cmsCloseProfile(h);
	if (fix_begin() != 0) {
		diag(SEV_ERROR, NULL, "cannot read Ghostscript's CMYK profile %s", PDFX_DEFAULT_ICC);
		pdfx_end();
		return -1;
	}
	px.active = true;
	return 0;
}

bool pdfx_active(void)
{
	return px.active;
}

bool pdfx_refused(void)
{
	return px.refused;
}

void pdfx_end(void)
{
	if (px.profile)
		unlink(px.profile);
	free(px.profile);
	free(px.icc_name);
	free(px.icc_path);
	px.profile = px.icc_name = px.icc_path = NULL;
	if (px.fix)
		cmsDeleteTransform(px.fix);
	if (px.fix8)
		cmsDeleteTransform(px.fix8);
	px.fix = px.fix8 = NULL;
	cmsHTRANSFORM *m[] = {&px.rgb_cmyk, &px.rgb_lab, &px.cmyk_lab, &px.lab_rgb};
	for (size_t i = 0; i < sizeof m / sizeof *m; i++) {
		if (*m[i])
			cmsDeleteTransform(*m[i]);
		*m[i] = NULL;
	}
	px.active = false;
}

/* ---- conversion ---- */

/* A PostScript string literal of s. */
static void ps_string(struct buf *b, const char *s)
{
	buf_puts(b, "(");
	for (; *s; s++) {
		if (*s == '(' || *s == ')' || *s == '\\')
			buf_puts(b, "\\");
		if ((unsigned char)*s < 32)
			continue;
		buf_add(b, s, 1);
	}
	buf_puts(b, ")");
}

/* The pdfmarks gs runs before the file: the PDF/X keys, the profile embedded
 * and the OutputIntent that names it. */
static char *pdfx_marks(const char *title)
{
	struct buf b = {0};
	buf_puts(&b, "[ /GTS_PDFXVersion (PDF/X-1:2003) /GTS_PDFXConformance (PDF/X-1a:2003) /Title ");
	ps_string(&b, title);
	buf_puts(&b, " /Trapped /False /DOCINFO pdfmark "
		     "[/_objdef {icc_PDFX} /type /stream /OBJ pdfmark "
		     "[{icc_PDFX} << /N 4 >> /PUT pdfmark [{icc_PDFX} ");
	ps_string(&b, px.profile);
	buf_puts(&b, " (r) file /PUT pdfmark "
		     "[/_objdef {OutputIntent_PDFX} /type /dict /OBJ pdfmark "
		     "[{OutputIntent_PDFX} << /Type /OutputIntent /S /GTS_PDFX /OutputCondition ");
	ps_string(&b, px.icc_name);
	buf_puts(&b, " /OutputConditionIdentifier (Custom) /RegistryName (http://www.color.org) /Info ");
	ps_string(&b, px.icc_name);
	buf_puts(&b, " /DestOutputProfile {icc_PDFX} >> /PUT pdfmark "
		     "[{Catalog} << /OutputIntents [ {OutputIntent_PDFX} ] >> /PUT pdfmark");
	return b.s;
}

/* Whether the disk of the CMYK step's folder (gs_tmpdir) has less than 1 MB
 * left: then a file Ghostscript or qpdf could not write, or wrote cut short,
 * is the disk's fault, and the libraries' own lines ("ioerror on closing
 * pdfwrite device", "unable to find trailer dictionary") would mislead. When
 * so, says that for the file being converted and returns true. */
static bool disk_full(void)
{
	struct statvfs sv;
	if (!gs_tmpdir || !cmyk_path || statvfs(gs_tmpdir, &sv) != 0 ||
	    (double)sv.f_bavail * (double)sv.f_frsize >= 1048576)
		return false;
	diag(SEV_ERROR, NULL, "cannot write %s in CMYK: %s (the disk is full)", cmyk_path, strerror(ENOSPC));
	return true;
}

static int gs_pdfwrite(const char *in, const char *out, const char *title)
{
	char *permit = xasprintf("--permit-file-read=%s", px.profile);
	/* gs reads a % in OutputFile as a page number's format: written %% */
	struct buf ob = {0};
	buf_puts(&ob, "-sOutputFile=");
	for (const char *c = out; *c; c++)
		buf_puts(&ob, *c == '%' ? "%%" : (char[]){*c, 0});
	char *outarg = ob.s;
	char *marks = pdfx_marks(title);
	/* not -dQUIET: its "Page N" lines are the progress */
	const char *argv[] = {"gs", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sstdout=%stderr",
			"-sDEVICE=pdfwrite", "-dPDFX", "-dCompatibilityLevel=1.3",
			"-sColorConversionStrategy=CMYK", "-sProcessColorModel=DeviceCMYK", permit,
			"-dEmbedAllFonts=true", "-dAutoRotatePages=/None", "-dAutoFilterColorImages=false",
			"-sColorImageFilter=FlateEncode", "-dMaxInlineImageSize=0", "-dDetectDuplicateImages=true",
			outarg, "-c", marks, "-f", in, NULL};
	struct buf err = {0};
	int rc = gs_run(argv, &err, true);
	if (rc != 0 && !disk_full())
		diag(SEV_ERROR, NULL, "Ghostscript could not convert %s to CMYK (exit %d): %s", in, rc,
		     rc < 0 ? strerror(errno) : gs_last_line(&err));
	buf_free(&err);
	free(permit);
	free(outarg);
	free(marks);
	return rc == 0 ? 0 : -1;
}

static int qpdf_err(qpdf_data q, const char *what, const char *path)
{
	if (!qpdf_has_error(q))
		return 0;
	qpdf_error e = qpdf_get_error(q);   /* taken: qpdf_cleanup would print it */
	if (!disk_full())
		diag(SEV_ERROR, NULL, "%s %s: %s", what, path, qpdf_get_error_full_text(q, e));
	return -1;
}

static void set_box(qpdf_data q, qpdf_oh page, const char *key, double x0, double y0, double x1,
		    double y1)
{
	char box[160];
	snprintf(box, sizeof box, "[%.4f %.4f %.4f %.4f]", x0, y0, x1, y1);
	qpdf_oh_replace_key(q, page, key, qpdf_oh_parse(q, box));
}

/* ---- every colour Ghostscript wrote, through the ink-limited profile ---- */

static bool pdf_space(int ch)
{
	return ch == ' ' || ch == '\n' || ch == '\r' || ch == '\t' || ch == '\f' || ch == 0;
}

static bool pdf_delim(int ch)
{
	return pdf_space(ch) || strchr("()<>[]{}/%", ch) != NULL;
}

/* The end of a token starting at i (strings, hex strings, comments and names
 * skipped whole); *num is set when it is a number. */
static size_t pdf_token(const char *d, size_t n, size_t i, bool *num)
{
	size_t j = i;
	*num = false;
	if (d[i] == '(') {
		int depth = 0;
		for (; j < n; j++) {
			if (d[j] == '\\')
				j++;
			else if (d[j] == '(')
				depth++;
			else if (d[j] == ')' && --depth == 0)
				return j + 1;
		}
		return n;
	}
	if (d[i] == '%') {
		while (j < n && d[j] != '\n' && d[j] != '\r')
			j++;
		return j;
	}
	if (d[i] == '<' && i + 1 < n && d[i + 1] != '<') {
		const char *e = memchr(d + i, '>', n - i);
		return e ? (size_t)(e - d) + 1 : n;
	}
	if (strchr("[]{}", d[i]) || (d[i] == '<' || d[i] == '>'))
		return i + 1 + (i + 1 < n && (d[i] == '<' || d[i] == '>') && d[i + 1] == d[i]);
	if (d[i] == '/')
		j++;
	while (j < n && !pdf_delim(d[j]))
		j++;
	*num = d[i] != '/' && strspn(d + i, "+-.0123456789") >= j - i;
	return j;
}

/* The tokens of a content stream as the rewriters see them: the last few
 * numbers' places, and what is copied so far. */
enum { NUMS = 6 };

struct scan {
	const char *d;
	size_t n, copied;
	size_t start[NUMS], end[NUMS];
	int nnum;
	struct buf *out;
};

static double num(const struct scan *s, int k)
{
	return strtod(s->d + s->start[s->nnum - k], NULL);
}

/* Whether the last k numbers are operands not yet copied (then they can be
 * rewritten). */
static bool fresh(const struct scan *s, int k)
{
	return s->nnum >= k && s->start[s->nnum - k] >= s->copied;
}

/* Copy up to at (the input), then text. */
static void emit_at(struct scan *s, size_t at, const char *text)
{
	buf_add(s->out, s->d + s->copied, at - s->copied);
	buf_puts(s->out, text);
	s->copied = at;
}

/* Walk the tokens of d[0..n); each operator goes to op (with the scan: the
 * operands in s->start/end, the operator at d[i..j)), which may rewrite.
 * Inline image data (BI ... ID ... EI) is skipped whole. */
static void scan_content(struct scan *s, void (*op)(struct scan *s, size_t i, size_t j, void *u),
			 void *u)
{
	const char *d = s->d;
	size_t n = s->n;
	for (size_t i = 0; i < n;) {
		if (pdf_space(d[i])) {
			i++;
			continue;
		}
		bool isnum;
		size_t j = pdf_token(d, n, i, &isnum);
		if (isnum) {
			if (s->nnum == NUMS) {
				memmove(s->start, s->start + 1, (NUMS - 1) * sizeof *s->start);
				memmove(s->end, s->end + 1, (NUMS - 1) * sizeof *s->end);
				s->nnum = NUMS - 1;
			}
			s->start[s->nnum] = i, s->end[s->nnum++] = j;
		} else if (j - i == 2 && !memcmp(d + i, "ID", 2)) {
			/* inline image data: up to the first whitespace-delimited EI */
			size_t e = j + 1;
			while (e + 2 < n && !(pdf_space(d[e]) && d[e + 1] == 'E' && d[e + 2] == 'I' &&
					      (e + 3 >= n || pdf_space(d[e + 3]))))
				e++;
			j = e + 3 < n ? e + 3 : n;
			s->nnum = 0;
		} else {
			op(s, i, j, u);
			s->nnum = 0;
		}
		i = j;
	}
	buf_add(s->out, d + s->copied, n - s->copied);
}

static bool is_op(const struct scan *s, size_t i, size_t j, const char *name)
{
	return j - i == strlen(name) && !memcmp(s->d + i, name, j - i);
}

/* ---- the shapes a colour paints ---- */

/* What the rewriters know of the drawing: the CTM's scale at each q level and
 * the path being built. */
struct geo {
	double scale[64];        /* pt per unit at each q level */
	int depth;
	size_t path;             /* where the current path starts, or SIZE_MAX */
	double bb[4];            /* its bounding box, user space */
	size_t painted;          /* where the path just painted started */
};

enum paint { NOT_PAINT, PAINT_SMALL, PAINT_LARGE };

static void bb_add(struct geo *g, double x, double y)
{
	g->bb[0] = fmin(g->bb[0], x), g->bb[1] = fmin(g->bb[1], y);
	g->bb[2] = fmax(g->bb[2], x), g->bb[3] = fmax(g->bb[3], y);
}

static void path_at(struct geo *g, size_t at)
{
	if (g->path == SIZE_MAX) {
		g->path = at;
		g->bb[0] = g->bb[1] = HUGE_VAL, g->bb[2] = g->bb[3] = -HUGE_VAL;
	}
}

/* Follow operator d[i..j): PAINT_LARGE for a fill of a path both of whose
 * sides are PDFX_RICH_MM or more (its start g->path not yet copied), else
 * PAINT_SMALL for any painting or ending of a path, else NOT_PAINT. */
static enum paint geo_op(struct geo *g, const struct scan *s, size_t i, size_t j)
{
	char c0 = s->d[i];
	if (is_op(s, i, j, "q")) {
		if (g->depth < 63) {
			g->scale[g->depth + 1] = g->scale[g->depth];
			g->depth++;
		}
	} else if (is_op(s, i, j, "Q")) {
		if (g->depth > 0)
			g->depth--;
	} else if (is_op(s, i, j, "cm") && s->nnum >= 6) {
		g->scale[g->depth] *= sqrt(fabs(num(s, 6) * num(s, 3) - num(s, 5) * num(s, 4)));
	} else if ((is_op(s, i, j, "m") || is_op(s, i, j, "l")) && s->nnum >= 2) {
		path_at(g, s->start[s->nnum - 2]);
		bb_add(g, num(s, 2), num(s, 1));
	} else if (is_op(s, i, j, "re") && s->nnum >= 4) {
		path_at(g, s->start[s->nnum - 4]);
		bb_add(g, num(s, 4), num(s, 3));
		bb_add(g, num(s, 4) + num(s, 2), num(s, 3) + num(s, 1));
	} else if ((is_op(s, i, j, "c") && s->nnum >= 6) ||
		   ((is_op(s, i, j, "v") || is_op(s, i, j, "y")) && s->nnum >= 4)) {
		for (int k = c0 == 'c' ? 6 : 4; k >= 2; k -= 2)
			bb_add(g, num(s, k), num(s, k - 1));
	} else if (is_op(s, i, j, "f") || is_op(s, i, j, "F") || is_op(s, i, j, "f*") ||
		   is_op(s, i, j, "b") || is_op(s, i, j, "B") || is_op(s, i, j, "b*") ||
		   is_op(s, i, j, "B*") || is_op(s, i, j, "S") || is_op(s, i, j, "s") ||
		   is_op(s, i, j, "n")) {
		bool fill = c0 != 'S' && c0 != 's' && c0 != 'n';
		double side = fmin(g->bb[2] - g->bb[0], g->bb[3] - g->bb[1]) * g->scale[g->depth];
		bool large = fill && g->path != SIZE_MAX && g->path >= s->copied &&
			     side >= PDFX_RICH_MM / 25.4 * 72;
		g->painted = g->path;
		g->path = SIZE_MAX;
		return large ? PAINT_LARGE : PAINT_SMALL;
	}
	return NOT_PAINT;
}

/* Paint the fill at d[i..j) (a PAINT_LARGE one) with the colour operator
 * before, then set again the colour after. */
static void paint_with(struct scan *s, const struct geo *g, size_t j, const char *before,
		       const char *after)
{
	emit_at(s, g->painted, before);
	emit_at(s, j, "\n");
	buf_puts(s->out, after);
}

/* ---- before Ghostscript: greys as DeviceGray ---- */

static double srgb_linear(double c)
{
	return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

static double srgb_encode(double y)
{
	return y <= 0.0031308 ? 12.92 * y : 1.055 * pow(y, 1 / 2.4) - 0.055;
}

static double lab_f(double t)
{
	return t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116;
}

/* Lightness and chroma of sRGB r g b (D65). */
static void srgb_lch(double r, double g, double b, double *L, double *chroma, double *y)
{
	double R = srgb_linear(r), G = srgb_linear(g), B = srgb_linear(b);
	double x = (0.4124 * R + 0.3576 * G + 0.1805 * B) / 0.95047;
	*y = 0.2126 * R + 0.7152 * G + 0.0722 * B;
	double z = (0.0193 * R + 0.1192 * G + 0.9505 * B) / 1.08883;
	*L = 116 * lab_f(*y) - 16;
	*chroma = hypot(500 * (lab_f(x) - lab_f(*y)), 200 * (lab_f(*y) - lab_f(z)));
}

/* The grey (DeviceGray 0..1) of the same lightness as sRGB r g b (0..1) when it
 * is a grey or a near-black that prints on the black plate alone, else -1. */
static double pdfx_grey_of(double r, double g, double b)
{
	double L, chroma, y;
	srgb_lch(r, g, b, &L, &chroma, &y);
	if (chroma < PDFX_GREY_CHROMA || (L < PDFX_NEAR_BLACK_L && chroma < PDFX_NEAR_BLACK_CHROMA))
		return fmin(1, fmax(0, srgb_encode(y)));
	return -1;
}

static bool exact_grey(double r, double g, double b)
{
	double L, chroma, y;
	srgb_lch(r, g, b, &L, &chroma, &y);
	return chroma < PDFX_GREY_CHROMA;
}

struct greying {
	struct geo g;
	bool near;               /* the fill colour is a near-black made grey */
	char rgb[80], grey[40];  /* its operator as written, and as a grey */
};

/* "r g b rg" (and RG) that is a grey or a near-black becomes "v g" (G):
 * Ghostscript keeps DeviceGray as it is, and the rewrite after it puts it on
 * the black plate. A large area of a near-black keeps its colour (and its hue:
 * Ghostscript converts it as any colour). */
static void grey_op(struct scan *s, size_t i, size_t j, void *u)
{
	struct greying *st = u;
	bool fill = is_op(s, i, j, "rg");
	if ((fill || is_op(s, i, j, "RG")) && fresh(s, 3)) {
		double r = num(s, 3), g = num(s, 2), b = num(s, 1);
		double v = pdfx_grey_of(r, g, b);
		if (fill)
			st->near = false;
		if (v < 0)
			return;
		char t[40];
		snprintf(t, sizeof t, "%.6f %c", v, fill ? 'g' : 'G');
		if (fill && !exact_grey(r, g, b)) {
			st->near = true;
			snprintf(st->rgb, sizeof st->rgb, "%.6f %.6f %.6f rg\n", r, g, b);
			snprintf(st->grey, sizeof st->grey, "%s", t);
		}
		emit_at(s, s->start[s->nnum - 3], t);
		s->copied = j;
		return;
	}
	if (is_op(s, i, j, "g") || is_op(s, i, j, "k") || is_op(s, i, j, "sc") ||
	    is_op(s, i, j, "scn") || is_op(s, i, j, "cs")) {
		st->near = false;
		return;
	}
	if (geo_op(&st->g, s, i, j) == PAINT_LARGE && st->near)
		paint_with(s, &st->g, j, st->rgb, st->grey);
}

/* ---- after Ghostscript: every colour through the ink-limited profile ---- */

struct fixing {
	struct geo g;
	bool grey;               /* the fill colour is a grey on K alone */
	double L;                /* its lightness */
	char kfill[48];          /* and its operator */
};

/* Lightness L scaled towards the printable black (black point compensation,
 * as Ghostscript converts colours): the lightness a grey prints with. */
static double compensated_L(double L)
{
	cmsCIELab l = {L, 0, 0};
	compensate(&l);
	return l.L;
}

/* The ink of a grey of lightness L (compensated_L): K alone, or for a large area darker than
 * K alone prints, the rich black PDFX_RICH (as much of it as the darkness
 * asks), within the ink limit. */
static void grey_ink(double L, bool large, double c[4])
{
	c[0] = c[1] = c[2] = 0;
	c[3] = k_for(px.k_l, L);
	if (large && L < px.k_l[100] && px.k_l[100] > px.rich_l) {
		double t = fmin(1, (px.k_l[100] - L) / (px.k_l[100] - px.rich_l));
		c[0] = PDFX_RICH_C * t, c[1] = PDFX_RICH_M * t, c[2] = PDFX_RICH_Y * t;
		c[3] = 100;
		scale_to(px.limit, c);
	}
}

static void fix_op(struct scan *s, size_t i, size_t j, void *u)
{
	struct fixing *f = u;
	char c0 = s->d[i];
	bool one = j - i == 1;
	if (one && (c0 == 'g' || c0 == 'G') && fresh(s, 1)) {
		/* DeviceGray (ours, and gs's white "1 g"): black ink alone */
		double v = fmin(1, fmax(0, num(s, 1)));
		double L = compensated_L(116 * lab_f(srgb_linear(v)) - 16), c[4];
		grey_ink(L, false, c);
		char t[48];
		snprintf(t, sizeof t, "0 0 0 %.4f %c", c[3] / 100, c0 == 'g' ? 'k' : 'K');
		emit_at(s, s->start[s->nnum - 1], t);
		s->copied = j;
		if (c0 == 'g') {
			f->grey = true, f->L = L;
			snprintf(f->kfill, sizeof f->kfill, "%s", t);
		}
	} else if (one && (c0 == 'k' || c0 == 'K') && fresh(s, 4)) {
		double c[4], o[4];
		for (int k = 0; k < 4; k++)
			c[k] = num(s, 4 - k) * 100;
		cmsDoTransform(px.fix, c, o, 1);
		char t[64];
		snprintf(t, sizeof t, "%.4f %.4f %.4f %.4f ", o[0] / 100, o[1] / 100, o[2] / 100,
			 o[3] / 100);
		emit_at(s, s->start[s->nnum - 4], t);
		s->copied = i;
		if (c0 == 'k')
			f->grey = false;
	} else if (is_op(s, i, j, "sc") || is_op(s, i, j, "scn") || is_op(s, i, j, "cs")) {
		f->grey = false;
	} else if (geo_op(&f->g, s, i, j) == PAINT_LARGE && f->grey) {
		double c[4];
		grey_ink(f->L, true, c);
		if (c[0] + c[1] + c[2] > 0) {
			/* a large dark area: rich black for this fill, then K again */
			char t[80];
			snprintf(t, sizeof t, "%.4f %.4f %.4f %.4f k\n", c[0] / 100, c[1] / 100,
				 c[2] / 100, c[3] / 100);
			paint_with(s, &f->g, j, t, f->kfill);
		}
	}
}

#define GEO_START {{1}, 0, SIZE_MAX, {0}, 0}

/* Rewrite every colour of a content stream: DeviceCMYK through px.fix,
 * DeviceGray (greys) onto the black plate (rich black for large dark areas).
 * The new data goes to out. */
static void fix_content(const char *d, size_t n, struct buf *out)
{
	struct scan s = {d, n, 0, {0}, {0}, 0, out};
	struct fixing f = {GEO_START, false, 100, ""};
	scan_content(&s, fix_op, &f);
}

static void grey_content(const char *d, size_t n, struct buf *out)
{
	struct scan s = {d, n, 0, {0}, {0}, 0, out};
	struct greying g = {GEO_START, false, "", ""};
	scan_content(&s, grey_op, &g);
}

static bool dict_is(qpdf_data q, qpdf_oh dict, const char *key, const char *name)
{
	return qpdf_oh_is_name_and_equals(q, qpdf_oh_get_key(q, dict, key), name);
}

static long long dict_int(qpdf_data q, qpdf_oh dict, const char *key)
{
	qpdf_oh v = qpdf_oh_get_key(q, dict, key);
	return qpdf_oh_is_integer(q, v) ? qpdf_oh_get_int_value(q, v) : -1;
}

static double grey_k(double v);

/* The samples of an 8-bit DeviceGray image (a greyscale picture, on the black
 * plate alone): each grey as fix_op prints a flat grey, at its lightness. */
static void grey_samples(unsigned char *data, size_t len)
{
	unsigned char lut[256];
	for (int v = 0; v < 256; v++)
		lut[v] = (unsigned char)lround(255 * (1 - grey_k(v / 255.0)));
	for (size_t i = 0; i < len; i++)
		data[i] = lut[data[i]];
}

/* One stream of the file: a content stream (a page's, a form's, a pattern's)
 * rewritten, a DeviceCMYK 8-bit image's samples converted, a DeviceGray one's
 * (not a mask: mask) put at its greys' lightness; grey: before Ghostscript,
 * content streams only, greys made DeviceGray. */
static void fix_stream(qpdf_data q, qpdf_oh st, bool content, bool grey, bool mask)
{
	qpdf_oh dict = qpdf_oh_get_dict(q, st);
	bool picture = !grey && dict_is(q, dict, "/Subtype", "/Image") &&
		       dict_int(q, dict, "/BitsPerComponent") == 8 && !qpdf_oh_has_key(q, dict, "/Decode");
	bool image = picture && dict_is(q, dict, "/ColorSpace", "/DeviceCMYK");
	bool gray = picture && !mask && dict_is(q, dict, "/ColorSpace", "/DeviceGray");
	content = content || dict_is(q, dict, "/Subtype", "/Form") ||
		  dict_int(q, dict, "/PatternType") == 1;
	if (!image && !gray && !content)
		return;
	unsigned char *data = NULL;
	size_t len = 0;
	QPDF_BOOL filtered = QPDF_FALSE;
	if ((qpdf_oh_get_stream_data(q, st, qpdf_dl_generalized, &filtered, &data, &len) & QPDF_ERRORS) ||
	    !filtered) {
		free(data);
		return;
	}
	if (image || gray) {
		if (image)
			cmsDoTransform(px.fix8, data, data, (cmsUInt32Number)(len / 4));
		else
			grey_samples(data, len);
		qpdf_oh_replace_stream_data(q, st, data, len, qpdf_oh_new_null(q), qpdf_oh_new_null(q));
	} else {
		struct buf b = {0};
		(grey ? grey_content : fix_content)((const char *)data, len, &b);
		qpdf_oh_replace_stream_data(q, st, (unsigned char *)(b.s ? b.s : ""), b.len,
					    qpdf_oh_new_null(q), qpdf_oh_new_null(q));
		buf_free(&b);
	}
	free(data);
}

static void fix_colours(qpdf_data q, bool grey)
{
	int size = qpdf_oh_get_int_value_as_int(q, qpdf_oh_get_key(q, qpdf_get_trailer(q), "/Size"));
	int np = qpdf_get_num_pages(q);
	bool *page_content = xcalloc((size_t)size + 1, 1);
	for (int i = 0; i < np; i++) {
		qpdf_oh c = qpdf_oh_get_key(q, qpdf_get_page_n(q, (size_t)i), "/Contents");
		int k = qpdf_oh_is_array(q, c) ? qpdf_oh_get_array_n_items(q, c) : 1;
		for (int j = 0; j < k; j++) {
			qpdf_oh s = qpdf_oh_is_array(q, c) ? qpdf_oh_get_array_item(q, c, j) : c;
			int id = qpdf_oh_get_object_id(q, s);
			if (id > 0 && id < size)
				page_content[id] = true;
		}
	}
	bool *mask = xcalloc((size_t)size + 1, 1);   /* images that are an image's mask */
	for (int id = 1; id < size; id++) {
		qpdf_oh o = qpdf_get_object_by_id(q, id, 0);
		qpdf_oh d = qpdf_oh_is_stream(q, o) ? qpdf_oh_get_dict(q, o) : o;
		for (int k = 0; k < 2 && qpdf_oh_is_dictionary(q, d); k++) {
			int m = qpdf_oh_get_object_id(q, qpdf_oh_get_key(q, d, k ? "/Mask" : "/SMask"));
			if (m > 0 && m < size)
				mask[m] = true;
		}
		if (id % 256 == 255)
			qpdf_oh_release_all(q);
	}
	for (int id = 1; id < size; id++) {
		qpdf_oh o = qpdf_get_object_by_id(q, id, 0);
		if (qpdf_oh_is_stream(q, o))
			fix_stream(q, o, page_content[id], grey, mask[id]);
		if (id % 256 == 255)
			qpdf_oh_release_all(q);
	}
	free(page_content);
	free(mask);
}

#define GREY_STEPS 8   /* a grey gradient's segments, each K linear in between */

/* The black ink (0..1) a grey v (sRGB, 0..1) prints with, as fix_op puts a
 * DeviceGray "v g" on the black plate. */
static double grey_k(double v)
{
	double c[4];
	grey_ink(compensated_L(116 * lab_f(srgb_linear(v)) - 16), false, c);
	return c[3] / 100;
}

static qpdf_oh real_array(qpdf_data q, const double *v, int n)
{
	qpdf_oh a = qpdf_oh_new_array(q);
	for (int i = 0; i < n; i++)
		qpdf_oh_append_item(q, a, qpdf_oh_new_real_from_double(q, v[i], 6));
	return a;
}

/* The grey (pdfx_grey_of) of the RGB colour array c, or -1 when it is none. */
static double grey_of_array(qpdf_data q, qpdf_oh c)
{
	double v[3];
	if (!qpdf_oh_is_array(q, c) || qpdf_oh_get_array_n_items(q, c) != 3)
		return -1;
	for (int k = 0; k < 3; k++) {
		qpdf_oh x = qpdf_oh_get_array_item(q, c, k);
		if (!qpdf_oh_is_number(q, x))
			return -1;
		v[k] = fmin(1, fmax(0, qpdf_oh_get_numeric_value(q, x)));
	}
	return exact_grey(v[0], v[1], v[2]) ? pdfx_grey_of(v[0], v[1], v[2]) : -1;
}

/* The exponential function f from grey v0 to grey v1 (exponent n) made
 * GREY_STEPS stitched segments of black ink alone (0 0 0 K), K at each step's
 * ends as grey_k gives it: the gradient prints at the greys' lightness. */
static void k_steps(qpdf_data q, qpdf_oh f, double v0, double v1, double n)
{
	qpdf_oh fs = qpdf_oh_new_array(q);
	double bounds[GREY_STEPS - 1], encode[2 * GREY_STEPS], d[2] = {0, 1};
	qpdf_oh dom = qpdf_oh_get_key(q, f, "/Domain");
	for (int k = 0; k < 2 && qpdf_oh_is_array(q, dom) && qpdf_oh_get_array_n_items(q, dom) == 2; k++)
		d[k] = qpdf_oh_get_numeric_value(q, qpdf_oh_get_array_item(q, dom, k));
	for (int i = 0; i < GREY_STEPS; i++) {
		double t0 = (double)i / GREY_STEPS, t1 = (double)(i + 1) / GREY_STEPS;
		double c0[4] = {0, 0, 0, grey_k(v0 + (v1 - v0) * pow(t0, n))};
		double c1[4] = {0, 0, 0, grey_k(v0 + (v1 - v0) * pow(t1, n))};
		qpdf_oh g = qpdf_oh_new_dictionary(q);
		qpdf_oh_replace_key(q, g, "/FunctionType", qpdf_oh_new_integer(q, 2));
		qpdf_oh_replace_key(q, g, "/Domain", real_array(q, (double[]){0, 1}, 2));
		qpdf_oh_replace_key(q, g, "/N", qpdf_oh_new_integer(q, 1));
		qpdf_oh_replace_key(q, g, "/C0", real_array(q, c0, 4));
		qpdf_oh_replace_key(q, g, "/C1", real_array(q, c1, 4));
		qpdf_oh_append_item(q, fs, g);
		if (i)
			bounds[i - 1] = d[0] + (d[1] - d[0]) * t0;
		encode[2 * i] = 0, encode[2 * i + 1] = 1;
	}
	qpdf_oh_remove_key(q, f, "/C0");
	qpdf_oh_remove_key(q, f, "/C1");
	qpdf_oh_remove_key(q, f, "/N");
	qpdf_oh_replace_key(q, f, "/FunctionType", qpdf_oh_new_integer(q, 3));
	qpdf_oh_replace_key(q, f, "/Functions", fs);
	qpdf_oh_replace_key(q, f, "/Bounds", real_array(q, bounds, GREY_STEPS - 1));
	qpdf_oh_replace_key(q, f, "/Encode", real_array(q, encode, 2 * GREY_STEPS));
}

/* Whether the function f (FunctionType 2, or 3 of them stitched) gives greys
 * only, every C0 and C1 an RGB grey (exact_grey); with apply, each of its
 * exponential functions then becomes black ink alone (k_steps). depth bounds
 * the stitching a file may nest. */
static bool grey_function(qpdf_data q, qpdf_oh f, bool apply, int depth)
{
	if (!qpdf_oh_is_dictionary(q, f) || depth > 8)
		return false;
	int type = qpdf_oh_get_int_value_as_int(q, qpdf_oh_get_key(q, f, "/FunctionType"));
	if (type == 3) {
		qpdf_oh fs = qpdf_oh_get_key(q, f, "/Functions");
		int n = qpdf_oh_is_array(q, fs) ? qpdf_oh_get_array_n_items(q, fs) : 0;
		bool grey = n > 0;
		for (int i = 0; grey && i < n; i++)
			grey = grey_function(q, qpdf_oh_get_array_item(q, fs, i), apply, depth + 1);
		return grey;
	}
	double v0 = grey_of_array(q, qpdf_oh_get_key(q, f, "/C0"));
	double v1 = grey_of_array(q, qpdf_oh_get_key(q, f, "/C1"));
	qpdf_oh n = qpdf_oh_get_key(q, f, "/N");
	double e = qpdf_oh_is_number(q, n) ? qpdf_oh_get_numeric_value(q, n) : 1;
	if (type != 2 || v0 < 0 || v1 < 0 || !(e > 0 && e <= 100))
		return false;
	if (apply)
		k_steps(q, f, v0, v1, e);
	return true;
}

/* Every axial or radial shading of DeviceRGB whose colours are all greys (an
 * SVG's grey gradient) made black ink alone before Ghostscript, as grey_op
 * makes flat greys (Ghostscript keeps a DeviceCMYK shading as it is; one it
 * must convert, it paints as an image of four inks). A gradient between a grey
 * and a colour keeps its colours. */
static void grey_shadings(qpdf_data q)
{
	int size = qpdf_oh_get_int_value_as_int(q, qpdf_oh_get_key(q, qpdf_get_trailer(q), "/Size"));
	bool *done = xcalloc((size_t)size + 1, 1);   /* functions already made K */
	for (int id = 1; id < size; id++) {
		qpdf_oh o = qpdf_get_object_by_id(q, id, 0);
		int type = qpdf_oh_is_dictionary(q, o) && !qpdf_oh_is_stream(q, o)
			   ? qpdf_oh_get_int_value_as_int(q, qpdf_oh_get_key(q, o, "/ShadingType")) : 0;
		qpdf_oh f = qpdf_oh_get_key(q, o, "/Function");
		int fid = qpdf_oh_get_object_id(q, f);
		bool shared = fid > 0 && fid < size && done[fid];
		if ((type == 2 || type == 3) && dict_is(q, o, "/ColorSpace", "/DeviceRGB") &&
		    !qpdf_oh_has_key(q, o, "/Background") && (shared || grey_function(q, f, false, 0))) {
			if (!shared)
				grey_function(q, f, true, 0);
			if (fid > 0 && fid < size)
				done[fid] = true;
			qpdf_oh_replace_key(q, o, "/ColorSpace", qpdf_oh_new_name(q, "/DeviceCMYK"));
		}
		if (id % 256 == 255)
			qpdf_oh_release_all(q);
	}
	free(done);
}

/* Cairo's file in with every grey as DeviceGray, to out (for Ghostscript). 0 or
 * -1 after reporting. */
static int grey_file(const char *in, const char *out)
{
	qpdf_data q = qpdf_init();
	qpdf_silence_errors(q);
	qpdf_set_suppress_warnings(q, QPDF_TRUE);
	qpdf_read(q, in, NULL);
	int rc = qpdf_err(q, "cannot read", in);
	if (!rc) {
		fix_colours(q, true);
		grey_shadings(q);
		qpdf_init_write(q, out);
		qpdf_set_deterministic_ID(q, QPDF_TRUE);
		qpdf_write(q);
		rc = qpdf_err(q, "cannot write", out);
	}
	qpdf_cleanup(&q);
	return rc;
}

/* Every page's TrimBox and BleedBox as written (whatever gs kept), no ArtBox
 * beside the TrimBox, the PDF/X keys checked, a deterministic ID, no object
 * streams (PDF 1.3). */
static int finish_file(const char *in, const char *out, const struct pdfx_page *pages, long n)
{
	qpdf_data q = qpdf_init();
	qpdf_silence_errors(q);
	qpdf_set_suppress_warnings(q, QPDF_TRUE);
	qpdf_read(q, in, NULL);
	int rc = qpdf_err(q, "cannot read back", in);
	if (!rc && qpdf_get_num_pages(q) != n) {
		diag(SEV_ERROR, NULL, "%s: Ghostscript wrote %d pages, expected %ld", in,
		     qpdf_get_num_pages(q), n);
		rc = -1;
	}
	if (!rc)
		fix_colours(q, false);
	for (long i = 0; !rc && i < n; i++) {
		const struct pdfx_page *p = &pages[i];
		qpdf_oh page = qpdf_get_page_n(q, (size_t)i);
		set_box(q, page, "/TrimBox", p->bleed, p->bleed, p->w - p->bleed, p->h - p->bleed);
		set_box(q, page, "/BleedBox", 0, 0, p->w, p->h);
		qpdf_oh_remove_key(q, page, "/ArtBox");
		if (i % 256 == 255)
			qpdf_oh_release_all(q);
	}
	if (!rc) {
		qpdf_oh info = qpdf_oh_get_key(q, qpdf_get_trailer(q), "/Info");
		if (!qpdf_oh_is_dictionary(q, info) ||
		    strcmp(qpdf_oh_get_utf8_value(q, qpdf_oh_get_key(q, info, "/GTS_PDFXVersion")),
			   "PDF/X-1:2003") != 0) {
			diag(SEV_ERROR, NULL, "%s: Ghostscript left out the PDF/X keys", in);
			rc = -1;
		}
	}
	if (!rc)
		rc = qpdf_err(q, "cannot set the page boxes of", in);
	if (!rc) {
		/* gs's ID is random; qpdf would keep its first half */
		qpdf_oh_remove_key(q, qpdf_get_trailer(q), "/ID");
		qpdf_init_write(q, out);
		qpdf_set_deterministic_ID(q, QPDF_TRUE);
		qpdf_set_object_stream_mode(q, qpdf_o_disable);
		qpdf_write(q);
		rc = qpdf_err(q, "cannot write", out);
	}
	qpdf_cleanup(&q);
	return rc;
}

/* ---- total ink on a CMYK rendering ---- */

enum { INK_DPI = 150, INK_REPORT = 20 };

/* Read one PAM header (P7, CMYK, 8 bits); 1 read, 0 at the end, -1 bad. */
static int pam_header(FILE *f, long *w, long *h)
{
	char line[256];
	int depth = 0, maxval = 0;
	*w = *h = 0;
	if (!fgets(line, sizeof line, f))
		return 0;
	if (strcmp(line, "P7\n") != 0)
		return -1;
	while (fgets(line, sizeof line, f)) {
		if (!strcmp(line, "ENDHDR\n"))
			return *w > 0 && *h > 0 && *w <= 60000 && *h <= 60000 && depth == 4 &&
					       maxval == 255
				       ? 1
				       : -1;
		sscanf(line, "WIDTH %ld", w);
		sscanf(line, "HEIGHT %ld", h);
		sscanf(line, "DEPTH %d", &depth);
		sscanf(line, "MAXVAL %d", &maxval);
	}
	return -1;
}

static void ink_report(const char *path, long page, const struct pdfx_page *p, int ink, long x, long y)
{
	double mm = 25.4 / INK_DPI, bl = p->bleed / 72.0 * 25.4;
	char what[200] = "";
	if (p->item)
		snprintf(what, sizeof what, " (%s)", p->item);
	else if (p->label)
		snprintf(what, sizeof what, " (labelled %s)", p->label);
	diag(SEV_ERROR, NULL,
	     "%s: page %ld%s: %d%% ink at %.1f mm from the left and %.1f mm from the top of the %s; the limit is %g%% (--max-ink)",
	     path, page, what, ink, (x + 0.5) * mm - bl, (y + 0.5) * mm - bl, bl > 0 ? "trim" : "page",
	     px.max_ink);
}

/* Render path in CMYK and check every pixel's total ink. 0, 1 (pages over the
 * limit, reported), -1 (reported). */
static int check_ink(const char *path, const char *shown, const struct pdfx_page *pages, long n)
{
	char *res = xasprintf("-r%d", INK_DPI);
	const char *argv[] = {"gs", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-dQUIET", "-sstdout=%stderr",
			"-sDEVICE=pamcmyk32", res, "-sOutputFile=-", "-f", path, NULL};
	int ofd, efd;
	pid_t pid = gs_start(argv, &ofd, &efd);
	free(res);
	if (pid < 0) {
		diag(SEV_ERROR, NULL, "cannot run Ghostscript to measure the ink of %s: %s", shown,
		     strerror(errno));
		return -1;
	}
	FILE *f = fdopen(ofd, "rb");
	long page = 0, over = 0, w, h;
	int hr, rc = 0;
	/* 8-bit values: the limit with one step of rounding per ink */
	long limit = lround(px.max_ink * 255 / 100) + 4;
	unsigned char *row = NULL;
	while ((hr = pam_header(f, &w, &h)) == 1 && page < n) {
		row = xrealloc(row, (size_t)w * 4);
		long best = -1, bx = 0, by = 0;
		for (long y = 0; y < h && !rc; y++) {
			if (fread(row, 4, (size_t)w, f) != (size_t)w) {
				rc = -1;
				break;
			}
			for (long x = 0; x < w; x++) {
				const unsigned char *q = row + 4 * x;
				long t = q[0] + q[1] + q[2] + q[3];
				if (t > best)
					best = t, bx = x, by = y;
			}
		}
		if (rc)
			break;
		if (best > limit && over++ < INK_REPORT)
			ink_report(shown, page + 1, &pages[page], (int)lround(best * 100.0 / 255), bx, by);
		page++;
		progress_step(page);
	}
	fclose(f);
	struct buf err = {0};
	int st = gs_finish(pid, efd, &err, false);
	if (rc || hr < 0 || st != 0 || page != n) {
		diag(SEV_ERROR, NULL, "Ghostscript could not render %s in CMYK to measure its ink (%s)",
		     shown, st ? gs_last_line(&err) : "an unexpected image stream");
		rc = -1;
	} else if (over) {
		if (over > INK_REPORT)
			diag(SEV_ERROR, NULL, "%s: %ld more pages above %g%% ink", shown, over - INK_REPORT,
			     px.max_ink);
		rc = 1;
	}
	buf_free(&err);
	free(row);
	return rc;
}

double pdfx_cost(long pages, bool proof)
{
	return (proof ? 5 : 4) * PDFX_MS_FILE +
	       (double)pages * (PDFX_MS_GREY + PDFX_MS_GS + PDFX_MS_BOXES + PDFX_MS_INK + (proof ? PDFX_MS_PROOF : 0));
}

/* The progress step "NAME: what" of total units (pages, or the file) and
 * its cost (ms a page and the file's), started; phase_end ends it. */
struct phase {
	char *what;
	const char *unit;   /* the unit it replaced */
	long total;
};

static struct phase phase(const char *name, const char *what, long total, long pages, double ms)
{
	struct phase p = {xasprintf("%s: %s", name, what), progress_unit(total == pages ? "pages" : "files"), total};
	progress_cost(PDFX_MS_FILE + ms * (double)pages);
	progress_start(p.what, total);
	return p;
}

static void phase_end(struct phase *p, int rc)
{
	if (rc == 0)
		progress_step(p->total);
	progress_end();
	progress_unit(p->unit);
	free(p->what);
}

int pdfx_convert(const char *path, const char *title, const struct pdfx_page *pages, long n)
{
	const char *slash = strrchr(path, '/');
	const char *name = slash ? slash + 1 : path;
	char *dir = slash ? xstrndup(path, (size_t)(slash - path)) : xstrdup(".");
	char *gsout = xasprintf("%s/.cmyk-gs.pdf", dir);
	char *fixed = xasprintf("%s/.cmyk-fixed.pdf", dir);
	char *greyed = xasprintf("%s/.cmyk-grey.pdf", dir);
	gs_tmpdir = dir;
	cmyk_path = path;
	struct phase s = phase(name, "qpdf black plate", 1, n, PDFX_MS_GREY);
	int rc = grey_file(path, greyed);
	phase_end(&s, rc);
	if (!rc) {
		s = phase(name, "Ghostscript CMYK", n, n, PDFX_MS_GS);
		rc = gs_pdfwrite(greyed, gsout, title);
		phase_end(&s, rc);
	}
	unlink(greyed);
	free(greyed);
	if (!rc) {
		s = phase(name, "qpdf page boxes", 1, n, PDFX_MS_BOXES);
		rc = finish_file(gsout, fixed, pages, n);
		phase_end(&s, rc);
	}
	unlink(gsout);
	if (!rc && rename(fixed, path) != 0) {
		diag(SEV_ERROR, NULL, "cannot write %s: %s", path, strerror(errno));
		rc = -1;
	}
	unlink(fixed);
	if (!rc) {
		s = phase(name, "Ghostscript ink check", n, n, PDFX_MS_INK);
		rc = check_ink(path, name, pages, n);
		phase_end(&s, rc < 0);
		if (rc > 0)
			px.refused = true;
	}
	gs_tmpdir = NULL;
	cmyk_path = NULL;
	free(dir);
	free(gsout);
	free(fixed);
	return rc;
}

/* ---- soft proofs ---- */

/* The pages of the PDF at path (libqpdf), or 0. */
static long pdf_pages(const char *path)
{
	qpdf_data q = qpdf_init();
	qpdf_silence_errors(q);
	qpdf_set_suppress_warnings(q, QPDF_TRUE);
	qpdf_read(q, path, NULL);
	long n = qpdf_has_error(q) ? 0 : (long)qpdf_get_num_pages(q);
	qpdf_cleanup(&q);
	return n > 0 ? n : 0;
}

int pdfx_proof(const char *pdf, const char *shown, const char *pattern)
{
	char *permit = xasprintf("--permit-file-read=%s", px.icc_path);
	char *profile = xasprintf("-sDefaultCMYKProfile=%s", px.icc_path);
	char *res = xasprintf("-r%d", PDFX_PROOF_DPI);
	struct buf ob = {0};
	buf_puts(&ob, "-sOutputFile=");
	/* a % of the folder's name doubled; the page number's %03d kept */
	const char *num = NULL;
	for (const char *f = strstr(pattern, "%03d"); f; f = strstr(f + 1, "%03d"))
		num = f;
	for (const char *c = pattern; *c; c++)
		if (c == num)
			buf_puts(&ob, "%03d"), c += 3;
		else
			buf_puts(&ob, *c == '%' ? "%%" : (char[]){*c, 0});
	/* the file's CMYK read as the chosen profile prints it (its A2B tables,
	 * relative colorimetric: paper white is the PNG's white), into sRGB */
	/* not -dQUIET: its "Page N" lines are the progress */
	const char *argv[] = {"gs", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sstdout=%stderr",
			"-sDEVICE=png16m", res, permit, profile, "-dRenderIntent=1",
			"-dTextAlphaBits=4", "-dGraphicsAlphaBits=4", ob.s, "-f", pdf, NULL};
	struct buf err = {0};
	long n = pdf_pages(pdf);
	struct phase s = phase(shown, "Ghostscript proof", n ? n : 1, n ? n : 1, PDFX_MS_PROOF);
	int rc = gs_run(argv, &err, n > 0);
	phase_end(&s, rc);
	if (rc != 0)
		diag(SEV_ERROR, NULL, "Ghostscript could not render the proof of %s (exit %d): %s", shown, rc,
		     rc < 0 ? strerror(errno) : gs_last_line(&err));
	buf_free(&err);
	free(permit);
	free(profile);
	free(res);
	free(ob.s);
	return rc == 0 ? 0 : -1;
}

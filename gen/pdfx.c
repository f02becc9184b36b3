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
#include "sandbox.h"
#include "util.h"

extern char **environ;

static struct {
	bool active, refused;
	double max_ink;
	double seconds;     /* Ghostscript's CPU limit */
	char *profile;      /* the ink-limited profile in the staging folder */
	char *icc_name;     /* the chosen profile's description, for the OutputIntent */
	cmsHTRANSFORM fix;  /* Ghostscript's CMYK -> the ink-limited profile's, 0..100 */
	cmsHTRANSFORM fix8; /* the same for 8-bit image samples */
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

/* Read what is left on fd into err (at most 16 kB kept), close it, wait for pid.
 * Returns the exit status (or 128 + signal). */
static int gs_finish(pid_t pid, int fd, struct buf *err)
{
	char b[4096];
	ssize_t n;
	while ((n = read(fd, b, sizeof b)) > 0 || (n < 0 && errno == EINTR))
		if (n > 0 && err->len < 16384)
			buf_add(err, b, (size_t)n);
	close(fd);
	int st;
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return 127;
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

/* Run gs to the end; its messages land in err. Returns its exit status, or -1
 * with errno set when it could not be started. */
static int gs_run(const char *const argv[], struct buf *err)
{
	int efd;
	pid_t pid = gs_start(argv, NULL, &efd);
	return pid < 0 ? -1 : gs_finish(pid, efd, err);
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
	int rc = gs_run(argv, &out);
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

/* The black ink alone that prints lightness L. */
static double k_for(const struct limiter *x, double L)
{
	if (L >= x->k_l[0])
		return 0;
	for (int k = 1; k <= 100; k++)
		if (L >= x->k_l[k])
			return k - (L - x->k_l[k]) / (x->k_l[k - 1] - x->k_l[k]);
	return 100;
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
		c[3] = k_for(x, lab.L);
	}
	scale_to(x->limit, c);
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
	for (int k = 0; k <= 100; k++) {
		double c[4] = {0, 0, 0, k};
		cmsCIELab l;
		cmsDoTransform(back, c, &l, 1);
		x->k_l[k] = k ? fmin(l.L, x->k_l[k - 1] - 1e-6) : l.L;
	}
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
	px.max_ink = o->max_ink;
	/* RAILYARD_PDFX_UNLIMITED=1 (the tests): convert without limiting the ink, so
	 * that the measurement has something to refuse */
	double limit = getenv("RAILYARD_PDFX_UNLIMITED") ? 400 : o->max_ink;
	if (write_limited(h, limit, px.profile) != 0) {
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
	px.profile = px.icc_name = NULL;
	if (px.fix)
		cmsDeleteTransform(px.fix);
	if (px.fix8)
		cmsDeleteTransform(px.fix8);
	px.fix = px.fix8 = NULL;
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
	const char *argv[] = {"gs", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-dQUIET", "-sstdout=%stderr",
			"-sDEVICE=pdfwrite", "-dPDFX", "-dCompatibilityLevel=1.3",
			"-sColorConversionStrategy=CMYK", "-sProcessColorModel=DeviceCMYK", permit,
			"-dEmbedAllFonts=true", "-dAutoRotatePages=/None", "-dAutoFilterColorImages=false",
			"-sColorImageFilter=FlateEncode", "-dMaxInlineImageSize=0", "-dDetectDuplicateImages=true",
			outarg, "-c", marks, "-f", in, NULL};
	struct buf err = {0};
	int rc = gs_run(argv, &err);
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

/* Rewrite every "c m y k k" and "K" of a content stream through px.fix; an
 * inline image (BI ... EI) is copied as it is. Returns the new data (caller
 * frees) in *out. */
static void fix_content(const char *d, size_t n, struct buf *out)
{
	size_t start[4], end[4], nnum = 0, copied = 0;
	for (size_t i = 0; i < n;) {
		if (pdf_space(d[i])) {
			i++;
			continue;
		}
		bool num;
		size_t j = pdf_token(d, n, i, &num);
		if (num) {
			if (nnum == 4) {
				memmove(start, start + 1, 3 * sizeof *start);
				memmove(end, end + 1, 3 * sizeof *end);
				nnum = 3;
			}
			start[nnum] = i, end[nnum++] = j;
		} else if (j - i == 1 && (d[i] == 'g' || d[i] == 'G') && nnum >= 1 &&
			   start[nnum - 1] >= copied) {
			/* DeviceGray (gs writes white as "1 g"): the same on the black plate */
			double v = strtod(d + start[nnum - 1], NULL);
			buf_add(out, d + copied, start[nnum - 1] - copied);
			buf_printf(out, "0 0 0 %.4f %c", fmin(1, fmax(0, 1 - v)), d[i] == 'g' ? 'k' : 'K');
			copied = j;
			nnum = 0;
		} else if (j - i == 1 && (d[i] == 'k' || d[i] == 'K') && nnum == 4 && start[0] >= copied) {
			double c[4], f[4];
			for (int k = 0; k < 4; k++)
				c[k] = strtod(d + start[k], NULL) * 100;
			cmsDoTransform(px.fix, c, f, 1);
			buf_add(out, d + copied, start[0] - copied);
			buf_printf(out, "%.4f %.4f %.4f %.4f ", f[0] / 100, f[1] / 100, f[2] / 100, f[3] / 100);
			copied = i;
			nnum = 0;
		} else if (j - i == 2 && !memcmp(d + i, "ID", 2)) {
			/* inline image data: up to the first whitespace-delimited EI */
			size_t e = j + 1;
			while (e + 2 < n && !(pdf_space(d[e]) && d[e + 1] == 'E' && d[e + 2] == 'I' &&
					      (e + 3 >= n || pdf_space(d[e + 3]))))
				e++;
			j = e + 3 < n ? e + 3 : n;
			nnum = 0;
		} else {
			nnum = 0;
		}
		i = j;
	}
	buf_add(out, d + copied, n - copied);
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

/* One stream of the file: a content stream (a page's, a form's, a pattern's)
 * rewritten, a DeviceCMYK 8-bit image's samples converted. */
static void fix_stream(qpdf_data q, qpdf_oh st, bool content)
{
	qpdf_oh dict = qpdf_oh_get_dict(q, st);
	bool image = dict_is(q, dict, "/Subtype", "/Image") && dict_is(q, dict, "/ColorSpace", "/DeviceCMYK") &&
		     dict_int(q, dict, "/BitsPerComponent") == 8;
	content = content || dict_is(q, dict, "/Subtype", "/Form") ||
		  dict_int(q, dict, "/PatternType") == 1;
	if (!image && !content)
		return;
	unsigned char *data = NULL;
	size_t len = 0;
	QPDF_BOOL filtered = QPDF_FALSE;
	if ((qpdf_oh_get_stream_data(q, st, qpdf_dl_generalized, &filtered, &data, &len) & QPDF_ERRORS) ||
	    !filtered) {
		free(data);
		return;
	}
	if (image) {
		cmsDoTransform(px.fix8, data, data, (cmsUInt32Number)(len / 4));
		qpdf_oh_replace_stream_data(q, st, data, len, qpdf_oh_new_null(q), qpdf_oh_new_null(q));
	} else {
		struct buf b = {0};
		fix_content((const char *)data, len, &b);
		qpdf_oh_replace_stream_data(q, st, (unsigned char *)(b.s ? b.s : ""), b.len,
					    qpdf_oh_new_null(q), qpdf_oh_new_null(q));
		buf_free(&b);
	}
	free(data);
}

static void fix_colours(qpdf_data q)
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
	for (int id = 1; id < size; id++) {
		qpdf_oh o = qpdf_get_object_by_id(q, id, 0);
		if (qpdf_oh_is_stream(q, o))
			fix_stream(q, o, page_content[id]);
		if (id % 256 == 255)
			qpdf_oh_release_all(q);
	}
	free(page_content);
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
		fix_colours(q);
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
	}
	fclose(f);
	struct buf err = {0};
	int st = gs_finish(pid, efd, &err);
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

int pdfx_convert(const char *path, const char *title, const struct pdfx_page *pages, long n)
{
	const char *slash = strrchr(path, '/');
	char *dir = slash ? xstrndup(path, (size_t)(slash - path)) : xstrdup(".");
	char *gsout = xasprintf("%s/.cmyk-gs.pdf", dir);
	char *fixed = xasprintf("%s/.cmyk-fixed.pdf", dir);
	gs_tmpdir = dir;
	cmyk_path = path;
	int rc = gs_pdfwrite(path, gsout, title);
	if (!rc)
		rc = finish_file(gsout, fixed, pages, n);
	unlink(gsout);
	if (!rc && rename(fixed, path) != 0) {
		diag(SEV_ERROR, NULL, "cannot write %s: %s", path, strerror(errno));
		rc = -1;
	}
	unlink(fixed);
	if (!rc) {
		rc = check_ink(path, slash ? slash + 1 : path, pages, n);
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

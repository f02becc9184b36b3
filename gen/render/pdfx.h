/* pdfx.h: CMYK PDF/X-1a:2003 for print shops, through Ghostscript.
 *
 * A build's RGB PDF (Cairo's) is converted by Ghostscript's pdfwrite (a child
 * process, fixed arguments, -dSAFER) into DeviceCMYK with an ICC output profile,
 * an OutputIntent and the PDF/X keys; railyard then re-adds the page boxes with
 * libqpdf and measures the total ink of every pixel on a CMYK rendering of every
 * page (Ghostscript's pamcmyk32 device), refusing a page above the limit. The
 * profile Ghostscript converts with is the chosen one (--icc) with its
 * Lab -> CMYK tables rebuilt so that no colour exceeds the ink limit and neutral
 * greys (black text) print on the black plate alone. */
#ifndef RAILYARD_PDFX_H
#define RAILYARD_PDFX_H

#include <stdbool.h>

/* Ghostscript runs under the build's time limit (--max-seconds, as CPU
 * seconds) and at most this much address space, in its own process, killed
 * with railyard, its temporary files in the staging folder. */
#define PDFX_GS_MB 2048

/* The default output profile: Ghostscript's own CMYK profile (Debian libgs-common). */
#define PDFX_DEFAULT_ICC "/usr/share/color/icc/ghostscript/default_cmyk.icc"

/* The black plate. Every grey (CIELAB chroma under PDFX_GREY_CHROMA) and every
 * near-black (L* under PDFX_NEAR_BLACK_L, chroma under PDFX_NEAR_BLACK_CHROMA)
 * of the drawing prints on the black plate alone (0/0/0/K, K of the same
 * lightness): text, hairlines, crop marks. A filled area of such a colour whose
 * both sides are PDFX_RICH_MM or more and that is darker than 100% K prints as
 * rich black: K 100 with up to PDFX_RICH_C/M/Y (as much as its darkness asks),
 * within the ink limit. */
#define PDFX_GREY_CHROMA 1.0
#define PDFX_NEAR_BLACK_L 25.0
#define PDFX_NEAR_BLACK_CHROMA 8.0
#define PDFX_RICH_MM 6.0
#define PDFX_RICH_C 60.0
#define PDFX_RICH_M 40.0
#define PDFX_RICH_Y 40.0
/* A dull dark colour that the ink limit lightens gets black ink back, as much
 * as brings its lightness back: all of it under half this chroma, none from
 * this chroma on, in proportion between. */
#define PDFX_GCR_CHROMA 16.0

/* Ghostscript's RGB profile, which it converts DeviceRGB from. */
#define PDFX_DEFAULT_RGB "/usr/share/color/icc/ghostscript/default_rgb.icc"

struct pdfx_opts {
	bool cmyk;           /* convert every PDF of the build */
	const char *icc;     /* output profile (NULL: PDFX_DEFAULT_ICC) */
	double max_ink;      /* percent, 100..400 */
	double seconds;      /* Ghostscript's CPU limit: the build's (--max-seconds) */
};

/* One page as written, for the boxes and the messages: sizes in pt. */
struct pdfx_page {
	double w, h, bleed;
	const char *label;   /* page label, or NULL */
	const char *item;    /* the item on the page in words ("card 6, back"), or NULL */
};

/* Check Ghostscript (present, version 9.50 or later) and build the ink-limited
 * profile into the folder dir (a private staging folder) for the build that
 * follows. Returns 0, or -1 after reporting (exit 2: missing tool, bad profile). */
int pdfx_begin(const struct pdfx_opts *o, const char *dir);

/* Whether pdfx_begin succeeded and PDFs are to be converted now. */
bool pdfx_active(void);

/* Convert the finished RGB PDF at path (in the staging folder) in place into
 * PDF/X-1a:2003, then measure its ink. title goes to the document information.
 * Returns 0; -1 after reporting a write or conversion failure; 1 after reporting
 * every page above the ink limit (the file is left as converted). */
int pdfx_convert(const char *path, const char *title, const struct pdfx_page *pages, long n);

/* What pdfx_convert costs, for a build's whole ETA (progress_plan): ms on the
 * machine these were measured on, for the file and for each page of each of
 * its four steps (each a progress step of its own: the black plate and the
 * page boxes with libqpdf, the CMYK conversion and the ink check with
 * Ghostscript, whose pages are counted as it goes). */
#define PDFX_MS_FILE 150.0
#define PDFX_MS_GREY 1.0
#define PDFX_MS_GS 30.0
#define PDFX_MS_BOXES 1.0
#define PDFX_MS_INK 12.0
#define PDFX_MS_PROOF 16.0   /* --proof's rendering, a fifth step */
double pdfx_cost(long pages, bool proof);


/* What sRGB rgb (0..1 each) prints as once converted (pdfx_begin done), as a
 * large area of it prints: the CMYK the file gets (0..100 each; a grey: K alone
 * or rich black), the colour in CIELAB (D50) before (scaled to the printable
 * black, as black point compensation does) and after (on the chosen profile),
 * and the RGB it comes back as (0..1). 0, or -1 when no conversion is active. */
int pdfx_print_colour(const double rgb[3], double cmyk[4], double lab_in[3], double lab_out[3],
		      double rgb_out[3]);

/* --proof: every page of the converted file pdf rendered as it prints (its CMYK
 * read through the chosen profile, relative colorimetric) into sRGB PNG files,
 * PDFX_PROOF_DPI, named by pattern with %03d for the page number (1, 2, ...);
 * shown names the file in messages. 0, or -1 after reporting. */
#define PDFX_PROOF_DPI 100
int pdfx_proof(const char *pdf, const char *shown, const char *pattern);

/* Remove the profile pdfx_begin made; pdfx_active is false afterwards. */
void pdfx_end(void);

/* Whether a conversion since pdfx_begin found ink above the limit (the build's
 * exit status is then 1). */
bool pdfx_refused(void);

#endif

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

/* Remove the profile pdfx_begin made; pdfx_active is false afterwards. */
void pdfx_end(void);

/* Whether a conversion since pdfx_begin found ink above the limit (the build's
 * exit status is then 1). */
bool pdfx_refused(void);

#endif

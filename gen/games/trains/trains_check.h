/* trains_check.h: the two halves of `railyard check` (private to trains_check.c and trains_checkpos.c).
 * trains_check.c parses the options and checks the pack itself; trains_checkpos.c checks
 * positions (--sequence, --grid) and moves (--apply). */
#ifndef RAILYARD_TRAINS_CHECK_H
#define RAILYARD_TRAINS_CHECK_H

#include <stdbool.h>

#include "trains_rules.h"

struct check_opts {
	const char *sequence;   /* --sequence, or --grid (then grid is set) */
	bool grid;
	const char *frozen;     /* --frozen A,G */
	const char *apply;      /* --apply CODE or NUMBER[CODE] */
	const char *on;         /* --on SPACE-LIST */
	const char *with[2];    /* --with, up to twice */
	int nwith;
	const char *draw;       /* --draw N: the replacement for a removed card */
	bool opponent;          /* --opponent: the sequence is not the applier's */
	bool json;
	bool quiet;             /* check the pack, print only the messages */
	const char *rule[RULESET_MAX];   /* --rule KEY=VALUE, over the pack's rules */
	size_t nrule;
	/* --missing, parsed: missing[n-1] copies of card n lost; wild_missing wilds */
	unsigned char *missing;
	long nmissing;
	int wild_missing;
};

/* Check the position (and the move) the options describe against pack p.
 * Prints the report on stdout; returns an exit status. */
int check_position(const struct pack *p, const struct check_opts *o);

/* Check pack p as `railyard check` does, printing its errors and warnings only when
 * it has errors (for build). Returns the number of errors. */
int check_pack_errors(const struct pack *p);

#endif

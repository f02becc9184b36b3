/* tokens.h: a game's tokens, on cut-out sheets or one with bleed for a press. */
#ifndef RAILYARD_TOKENS_H
#define RAILYARD_TOKENS_H

#include "buildctx.h"
#include "draw.h"
#include "template.h"

/* Tokens drawn from t (a `cells:` template, a cell per token) with f (each cell
 * gets token, number; a home sheet sheet and sheet-note): count of them on
 * cut-out sheets of the build's paper (tokens-PAPER.pdf), or under --preset
 * press one token with bleed (tokens-NAME.pdf). label names them. 0, or -1
 * after reporting. */
int build_tokens(struct build_ctx *c, const char *name, const char *label, const struct template *t,
		 long count, struct fields *f);

#endif

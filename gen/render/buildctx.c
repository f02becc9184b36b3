/* buildctx.c: what every module of the build reads of its context (buildctx.h). */
#include "buildctx.h"

const char *build_paper(const struct build_ctx *c)
{
	return c->large_paper ? c->large_paper : c->opts.paper ? c->opts.paper : "a4";
}

bool build_press(const struct build_ctx *c)
{
	return c->opts.preset == PRESET_PRESS;
}

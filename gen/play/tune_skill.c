/* tune_skill.c: the skill games of `railyard tune` (tune_skill.h), on
 * skill.h's slices of a step. */
#include "tune_skill.h"

#include <stdlib.h>

#include "skill.h"
#include "util.h"

int tune_skill_levels(const struct tune_engine *e, const char *spec, char **norm, char *err, size_t errlen)
{
	struct skill_level lv[2];
	if (skill_parse_pair(spec, e->npolicies, true, lv, err, errlen) != 0)
		return -1;
	char a[32], b[32];
	skill_level_name(&lv[0], a, sizeof a);
	skill_level_name(&lv[1], b, sizeof b);
	*norm = xasprintf("%s,%s", a, b);
	return 0;
}

int tune_skill_play(const struct tune_engine *e, const void *series, const char *levels, uint64_t seed, long first,
		    long last, uint64_t *out, char *err, size_t errlen)
{
	struct skill_level lv[2];
	if (skill_parse_pair(levels, e->npolicies, true, lv, err, errlen) != 0)
		return -1;
	const struct gsim_params *prm;
	const struct gsim_engine *g = e->gsim(series, &prm);
	struct skill_step st = {0};
	if (skill_play_range(g, prm, lv[0], lv[1], skill_step_seed(seed, 0), first, last, &st, err, errlen) != 0)
		return -1;
	out[0] += st.games;
	out[1] += st.decided;
	out[2] += st.strong_wins;
	return 0;
}

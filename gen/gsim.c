/* gsim.c: small helpers the other games' engines share (gsim.h). */
#include "gsim.h"

#include <string.h>

bool gsim_rule_is(const char *kv, const char *key, const char **value)
{
	size_t n = strlen(key);
	if (strncmp(kv, key, n) != 0 || kv[n] != '=')
		return false;
	*value = kv + n + 1;
	return true;
}

void gsim_shuffle_u8(uint8_t *v, size_t n, struct sim_rng *rng)
{
	for (size_t i = n; i > 1; i--) {
		size_t j = sim_rng_below(rng, (uint32_t)i);
		uint8_t t = v[i - 1];
		v[i - 1] = v[j];
		v[j] = t;
	}
}

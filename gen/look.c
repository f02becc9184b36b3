/* look.c: the default look's palette and the numbers that are ambiguous turned
 * round (look.h). */
#include "look.h"

#include <stddef.h>

static const char *const palette[] = {"#E69F00", "#56B4E9", "#009E73", "#F0E442",
				      "#0072B2", "#D55E00", "#CC79A7", "#000000"};
/* Dark text on orange, sky blue, bluish green and yellow; white on the rest. */
static const bool dark_ink[] = {true, true, true, true, false, false, false, false};
#define NPAL (sizeof palette / sizeof *palette)

const char *look_space_colour(int i)
{
	return i < 0 ? "#D9D4C7" : palette[(size_t)i % NPAL];
}

const char *look_space_cue(int i)
{
	static const char *const cues[] = {"", "ring", "bar", "dot"};
	return i < 0 ? "" : cues[((size_t)i / NPAL) % (sizeof cues / sizeof *cues)];
}

const char *look_space_ink(int i)
{
	return i < 0 || dark_ink[(size_t)i % NPAL] ? "#1B1B1B" : "#FFFFFF";
}

long look_turned(long n)
{
	static const signed char turn[10] = {0, 1, -1, -1, -1, -1, 9, -1, 8, 6};
	if (n < 0 || n % 10 == 0)
		return n == 0 ? 0 : -1;
	long r = 0;
	for (; n > 0; n /= 10) {
		int t = turn[n % 10];
		if (t < 0)
			return -1;
		r = r * 10 + t;   /* the last digit, turned, is read first */
	}
	return r;
}

bool look_ambiguous(long n)
{
	long t = look_turned(n);
	return t >= 0 && t != n;
}

/* look.c: the default look's palette and the numbers that are ambiguous turned
 * round (look.h). */
#include "look.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

static const char *const palette[] = {"#E69F00", "#56B4E9", "#009E73", "#F0E442",
				      "#0072B2", "#D2631E", "#CC79A7", "#000000"};
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

static double channel(const char *h)
{
	int v = 0;
	for (int k = 0; k < 2; k++) {
		char c = h[k];
		v = v * 16 + (c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 :
			      c >= 'A' && c <= 'F' ? c - 'A' + 10 : 0);
	}
	double x = v / 255.0;
	return x <= 0.04045 ? x / 12.92 : pow((x + 0.055) / 1.055, 2.4);
}

const char *look_ink_on(const char *hex)
{
	if (!hex || hex[0] != '#' || strlen(hex) != 7)
		return "#1B1B1B";
	double l = 0.2126 * channel(hex + 1) + 0.7152 * channel(hex + 3) + 0.0722 * channel(hex + 5);
	/* WCAG contrast against white (1.0) and against the dark ink (0.0110). */
	double white = 1.05 / (l + 0.05), dark = (l + 0.05) / (0.0110 + 0.05);
	return dark >= white ? "#1B1B1B" : "#FFFFFF";
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

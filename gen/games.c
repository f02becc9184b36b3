/* games.c: the other train games of the seeds (not written yet; see its issue). */
#include <stdio.h>

#include "commands.h"
#include "diag.h"

static int unsupported(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	diag(SEV_ERROR, NULL, "only 'game: trains' packs are supported so far");
	return EXIT_INPUT;
}

int games_list(int argc, char **argv)
{
	return unsupported(argc, argv);
}

int games_build(int argc, char **argv)
{
	return unsupported(argc, argv);
}

int games_check(int argc, char **argv)
{
	return unsupported(argc, argv);
}

/* build.c: `railyard build` (not written yet; see its issue). */
#include <stdio.h>

#include "commands.h"
#include "diag.h"

int cmd_build(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	diag(SEV_ERROR, NULL, "'railyard build' is not available yet");
	return EXIT_INPUT;
}

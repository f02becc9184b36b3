/* simulate.c: `railyard simulate` (not written yet; see its issue). */
#include <stdio.h>

#include "commands.h"
#include "diag.h"

int cmd_simulate(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	diag(SEV_ERROR, NULL, "'railyard simulate' is not available yet");
	return EXIT_INPUT;
}

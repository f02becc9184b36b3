/* check.c: `railyard check` (not written yet; see its issue). */
#include <stdio.h>

#include "commands.h"
#include "diag.h"

int cmd_check(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	diag(SEV_ERROR, NULL, "'railyard check' is not available yet");
	return EXIT_INPUT;
}

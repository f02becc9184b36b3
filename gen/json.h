/* json.h: just enough JSON output for --json: escaped strings. */
#ifndef RAILYARD_JSON_H
#define RAILYARD_JSON_H

#include <stdio.h>

/* Write s as a JSON string literal, quotes included. */
void json_str(FILE *out, const char *s);

#endif

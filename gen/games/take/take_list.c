/* take_list.c: what Take the Train adds to `railyard list` and `dump`
 * (kit_list.h): nothing yet; its cards, fare tokens and named rules are the
 * deck's own. */
#include "take.h"
#include "kit_list.h"

const struct kit_list_game take_list_items = {0};

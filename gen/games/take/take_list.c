/* take_list.c: what Take the Train adds to `railyard list` and `dump`
 * (deck_list.h): nothing yet; its cards, fare tokens and named rules are the
 * deck's own. */
#include "take.h"
#include "deck_list.h"

const struct deck_list_game take_list_items = {0};

/* take_build.c: what Take the Train adds to the deck build (deck_build.h):
 * nothing yet; its cards and fare tokens are the deck's own components. */
#include "take.h"
#include "deck_build.h"
#include "deck_games.h"

const struct deck_build_game take_build_items = {.sound = take_check_pack};

/* take_build.c: what Take the Train adds to the deck build (kit_build.h):
 * nothing yet; its cards and fare tokens are the deck's own components. */
#include "take.h"
#include "kit_build.h"
#include "kit_games.h"

const struct kit_build_game take_build_items = {.sound = take_check_pack};

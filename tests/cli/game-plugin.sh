# A game is one plug-in (issue 33 item 1): one `const struct game` in the
# game's own files, registered by one line of games.c's table; no code outside
# the table and the games' own files asks a game's name (a strcmp, strncmp or
# game_find on a name or a name macro such as TAKE_GAME), and commands.h
# declares no game's entry points.
. tests/cli/lib.sh
R=$RAILYARD
SRC=${SRC:-gen}

# The games, as the table lists them (railyard --complete --game).
"$R" --complete --game >"$WORK/names"
ok_if "the table lists games ($(wc -l <"$WORK/names" | tr -d ' '))" test -s "$WORK/names"

# The files that define a game: `const struct game NAME = {` at a line's start.
grep -rlE --include='*.c' '^const struct game [a-z0-9_]+ = \{' "$SRC" | sort >"$WORK/defs"
expect_eq "one struct game defined per game of the table" "$(wc -l <"$WORK/names")" "$(wc -l <"$WORK/defs")"
# Each game's own files: those of its prefix (take_game.c: take_*).
prefixes=$(sed 's|.*/||; s|_game\.c$||; s|\.c$||' "$WORK/defs" | tr '\n' '|')
prefixes=${prefixes%|}
expect_eq "... each in a file of its own prefix" "deck|domino|take|toy|train52|trains" "$prefixes"
# ... in the game's own folder, gen/games/GAME/, named as its files are.
bad=$(sed -n 's|.*/games/\([^/]*\)/\([^/]*\)$|\1 \2|p' "$WORK/defs" | awk '{ f = $2; sub(/_game\.c$|\.c$/, "", f); if (f != $1) print }')
expect_eq "... in its own folder gen/games/GAME/ ($(wc -l <"$WORK/defs" | tr -d ' ') folders)" "" "$bad$(grep -vc '/games/[^/]*/[^/]*$' "$WORK/defs" | grep -v '^0$')"

# A name a program could ask: each game's "name", its macro (TAKE_GAME) or the
# old ones (GAME_TAKE).
alts=$(sed 's/[.]/[.]/g; s/.*/"&"/' "$WORK/names" | tr '\n' '|')
pat="(strn?(case)?cmp|game_find)\\([^;]*(${alts}\\b[A-Z0-9]+_GAME\\b|\\bGAME_(TAKE|DOMINO|TRAIN52|TOY|DECK)\\b)"
for f in $(find "$SRC" -name '*.[ch]' | sort); do
	b=${f##*/}
	case "$b" in games.c) continue;; esac
	if echo "$b" | grep -Eq "^($prefixes)(_|\\.)"; then continue; fi
	grep -nE "$pat" "$f" | sed "s|^|$b:|"
done >"$WORK/asks"
ok_if "no code outside games.c and the games' own files asks a game's name" test ! -s "$WORK/asks"
sed 's/^/  /' "$WORK/asks" >&2

# commands.h: the commands every game shares, none of one game (no name with a
# game's prefix in it: take_build_items, games_check_take).
grep -nE "(\\b|_)($prefixes|t52|toy)(_|\\b)" "$SRC/cmd/commands.h" | grep -vE '^[0-9]+:[[:space:]]*/?\*' >"$WORK/per-game"
ok_if "commands.h declares no game's own entry points" test ! -s "$WORK/per-game"
sed 's/^/  /' "$WORK/per-game" >&2

# games.c: the table and the lookup; it includes no game's header.
grep -nE "^#include \"($prefixes)[a-z0-9_]*\\.h\"" "$SRC/games/games.c" >"$WORK/game-includes"
ok_if "games.c includes no game's header" test ! -s "$WORK/game-includes"
sed 's/^/  /' "$WORK/game-includes" >&2

# simulate without --players plays the pack's own player counts, as tune
# does: a trains pack's players table, another game's deal table (a count
# the game cannot deal is left out with a note).
. tests/cli/lib.sh
P=packs/pattern-two-census-seven.yaml
expect_status "simulate TRAINS without -n" 0 "$RAILYARD" simulate $P --games 30
expect_eq "... plays the players table's counts, 2, 3 and 4" "players: 2
players: 3
players: 4" "$(grep -o '^players: [0-9]*' "$WORK/last.out")"
"$RAILYARD" simulate $P --games 30 -n 2,3,4 2>/dev/null | grep -v "^time:" >"$WORK/given.out"
expect_eq "... the report of -n 2,3,4" "$(cat "$WORK/given.out")" "$(grep -v "^time:" "$WORK/last.out")"
expect_status "simulate DOMINO without -n" 0 "$RAILYARD" simulate packs/domino-double-six.yaml --games 20
ok_if "... plays its deal's counts" test "$(grep -c '^players: ' "$WORK/last.out")" -ge 2
expect_status "simulate --skill without -n: one count is needed" 2 "$RAILYARD" simulate $P --skill
expect_grep "... says so" "--skill plays one player count: give --players N" "$WORK/last.err"

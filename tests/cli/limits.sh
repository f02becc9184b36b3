# The limits the README states: each value at its limit loads, one beyond is a
# clear error naming file:line:column with exit 2, and inputs built to make the
# loader slow or hungry finish (the timeout is a hang guard, not a speed test:
# each of these takes well under a second).
. tests/cli/lib.sh
R=$RAILYARD
T="timeout 300"
# Under valgrind (tests/valgrind.sh sets VALGRIND=1) the many-message inputs are
# a tenth of the size: the same code paths, minutes less.
K=1
[ -n "${VALGRIND:-}" ] && K=10

# pack PATH EXTRA-LINES: a small valid pack with lines appended.
pack() {
	printf 'pack: limits\ngame: trains\n%s\n' "$2" >"$1"
}

# at_limit WHAT YAML-LINES: loads (exit 0).
at_limit() {
	pack "$WORK/ok.yaml" "$2"
	expect_status "$1 loads" 0 $T $R list --abilities "$WORK/ok.yaml"
}

# beyond WHAT YAML-LINES MESSAGE: exit 2 and exactly MESSAGE on the first line.
beyond() {
	pack "$WORK/bad.yaml" "$2"
	expect_status "$1 is refused" 2 $T $R list --abilities "$WORK/bad.yaml"
	expect_eq "$1: the message" "railyard: $WORK/bad.yaml:$3" "$(head -1 "$WORK/last.err")"
}

at_limit "census 26" "census: 26
abilities: [swap]
cards: 325"
beyond "census 27" "census: 27
abilities: [swap]
cards: 325" "3:9: error: 'census' must be 2..26, not 27"
at_limit "a 13x13 grid" "grid: [13, 13]
abilities: [row-swap, column-swap]
cards: 338"
at_limit "a 25x1 grid" "grid: [25, 1]
abilities: [column-swap]
cards: 300"
beyond "a 13x14 grid" "grid: [13, 14]
abilities: [row-swap]
cards: 9" "3:7: error: a grid of 13 rows and 14 columns needs 27 letters; at most 26 (rows are lettered first, then columns)"
at_limit "10,000,000 cards, 100 copies, 1000 wilds, 64 players" "census: 7
abilities: [swap]
cards: 10000000
copies: 100
wild: 1000
players: {64: 10000000}"
beyond "10,000,001 cards" "census: 7
abilities: [swap]
cards: 10000001" "5:8: error: 'cards' must be 1..10000000, not 10000001"
beyond "101 copies" "census: 7
abilities: [swap]
cards: 21
copies: 101" "6:9: error: 'copies' must be 1..100, not 101"
beyond "1001 wilds" "census: 7
abilities: [swap]
cards: 21
wild: 1001" "6:7: error: 'wild' must be 0..1000, not 1001"
beyond "65 players" "census: 7
abilities: [swap]
cards: 21
players: {65: 21}" "6:11: error: 'players' must be 1..64, not 65"

# Strings: 65,536 bytes load, 65,537 do not.
long=$(head -c 65536 /dev/zero | tr '\0' 'x')
at_limit "a 65,536-byte title" "census: 7
abilities: [swap]
cards: 21
title: $long"
beyond "a 65,537-byte title" "census: 7
abilities: [swap]
cards: 21
title: x$long" "6:8: error: string too long (more than 65536 bytes)"

# Files: 4 MiB load (padded with a comment), one byte more does not, nor does a
# pack holding a 10 MB string.
pack "$WORK/four.yaml" "census: 7
abilities: [swap]
cards: 21"
size=$(wc -c <"$WORK/four.yaml")
{ printf '#'; head -c $((4194304 - size - 2)) /dev/zero | tr '\0' 'x'; printf '\n'; } >>"$WORK/four.yaml"
expect_eq "the padded pack is 4 MiB" 4194304 "$(wc -c <"$WORK/four.yaml" | tr -d ' ')"
expect_status "a 4 MiB pack loads" 0 $T $R list --abilities "$WORK/four.yaml"
printf '\n' >>"$WORK/four.yaml"
expect_status "a 4 MiB + 1 byte pack is refused" 2 $T $R list --abilities "$WORK/four.yaml"
expect_eq "with a message" "railyard: $WORK/four.yaml: error: file too large (more than 4 MiB)" "$(cat "$WORK/last.err")"
{ printf 'pack: big\ngame: trains\ntitle: "'; head -c 10000000 /dev/zero | tr '\0' 'x'; printf '"\n'; } >"$WORK/ten.yaml"
expect_status "a 10 MB string is refused" 2 $T $R list "$WORK/ten.yaml"
expect_eq "as a file too large" "railyard: $WORK/ten.yaml: error: file too large (more than 4 MiB)" "$(cat "$WORK/last.err")"

# Nodes: 100,000 keys, a 100,000-entry table, 65 abilities, an alias bomb.
{ printf 'pack: keys\ngame: trains\ncensus: 3\nabilities: [swap]\ncards: 3\n'
  awk -v n=$((99990 / K)) 'BEGIN { for (i = 0; i < n; i++) printf "k%d: 1\n", i }'; } >"$WORK/keys.yaml"
expect_status "100,000 unknown keys: every one reported, no hang" 2 $T $R list "$WORK/keys.yaml"
expect_eq "the first 100 messages" 100 "$(grep -c "error: unknown key 'k" "$WORK/last.err")"
expect_grep "and how many more" "keys.yaml: note: and $((99990 / K - 100)) more errors and warnings \(only the first 100 of each input are shown\)" "$WORK/last.err"
{ printf 'pack: keys\ngame: trains\ncensus: 3\nabilities: [swap]\ncards: 3\nassignment:\n'
  awk -v n=$((60000 / K)) 'BEGIN { for (i = 0; i < n; i++) printf "  AB%d: [1]\n", i }'; } >"$WORK/table.yaml"
expect_status "a 60,000-entry table (180,000 nodes): no hang" 2 $T $R list "$WORK/table.yaml"
expect_eq "the first 100 messages" 100 "$(grep -c "is not one of this pack's 3 abilities" "$WORK/last.err")"
expect_grep "and how many more" "table.yaml: note: and $((60000 / K - 100)) more errors" "$WORK/last.err"
{ printf 'pack: keys\ngame: trains\ncensus: 3\nabilities: [swap]\ncards: 3\nassignment:\n'
  awk -v n=$((50000 / K)) 'BEGIN { for (i = 0; i < n; i++) printf "  AB: [%d]\n", i % 3 + 1 }'; } >"$WORK/dups.yaml"
expect_status "one table key given 50,000 times: no hang" 2 $T $R list "$WORK/dups.yaml"
expect_eq "the first 100 repeats reported" 100 "$(grep -c "duplicate key 'AB' (first given at line 7, column 3)" "$WORK/last.err")"
expect_grep "and how many more" "dups.yaml: note: and $((50000 / K - 101)) more errors" "$WORK/last.err"
{ printf 'pack: bomb\ngame: trains\nl0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n'
  awk 'BEGIN { for (i = 1; i < 12; i++) printf "l%d: &l%d [*l%d, *l%d, *l%d, *l%d, *l%d, *l%d, *l%d, *l%d, *l%d, *l%d]\n", i, i, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1 }'; } >"$WORK/bomb.yaml"
expect_status "a billion laughs stops at the node budget" 2 $T $R list "$WORK/bomb.yaml"
expect_eq "at the alias that crosses it" "railyard: $WORK/bomb.yaml:8:10: error: alias *l4 expands to too many YAML nodes (more than 200000)" "$(head -1 "$WORK/last.err")"

# Text: aliases to a long string stop at 16 MiB of expanded text in all (before
# the limit, 150,000 copies of 65,000 bytes took 9.5 GB and minutes).
{ printf 'pack: text\ngame: trains\na: &a '; head -c 65000 /dev/zero | tr '\0' 'x'
  printf '\nb: ['; awk 'BEGIN { printf "*a"; for (i = 1; i < 150000; i++) printf ",*a"; print "]" }'; } >"$WORK/text.yaml"
expect_status "aliases to a long string stop at the text budget" 2 $T $R list "$WORK/text.yaml"
expect_eq "at the alias that crosses it" "railyard: $WORK/text.yaml:4:776: error: alias *a expands to too much text (more than 16 MiB in all)" "$(head -1 "$WORK/last.err")"

# Anchors: 66,000 of them and 66,000 aliases of the first (before the anchor
# hash, every alias scanned all the anchors: two minutes).
{ printf 'pack: anchors\ngame: trains\nl:\n'
  awk -v n=$((66000 / K)) 'BEGIN { for (i = 0; i < n; i++) printf "  - &a%d x\n", i; print "m:"
	for (i = 0; i < n; i++) print "  - *a0" }'; } >"$WORK/anchors.yaml"
expect_status "66,000 anchors and aliases: no hang" 2 $T $R list "$WORK/anchors.yaml"
expect_eq "only the unknown keys are reported" "railyard: $WORK/anchors.yaml:3:1: error: unknown key 'l' (expected one of: pack, title, game, census, grid, abilities, order, cards, players, copies, wild, rules, assignment, face, back, placemat, reference, size, fields, data, palette, tune)" "$(head -1 "$WORK/last.err")"

#!/bin/sh
# The budget of a build (issue 24): --max-items (default 10000), the estimate
# before a large build, --max-seconds and --max-item-seconds: over budget is
# exit 2 naming the item and its template; nothing written, the previous set kept.
. tests/cli/lib.sh
R=$RAILYARD
P1=packs/pattern-one-census-seven.yaml
PK=$WORK/pk
mkdir -p "$PK"
cp -r packs/examples/signal-box/* "$PK/"
python3 tests/cli/hostile.py png "$PK/art/mid.png" 6000 6000
sed -i 's|art/{kind}.svg|art/mid.png|' "$PK/face.yaml"

# no_leftovers WHAT DIR: no staging folder, no temporary file in DIR.
no_leftovers() {
	expect_eq "$1: no staging folder or temporary file left" "" \
		"$(find "$2" -name '.*' ! -name . ! -name '*.lock' | head -3)"
}

expect_status "a first build" 0 "$R" build -q --only png -o "$WORK/o" "$PK/pack.yaml"
cksum "$WORK/o/signal-box/files.txt" "$WORK/o/signal-box/png/card-001.png" >"$WORK/before"
expect_status "--max-item-seconds 0.01, a card painting a 36-million-pixel PNG: exit 2" 2 \
	timeout 20 "$R" build --only png --max-item-seconds 0.01 -o "$WORK/o" "$PK/pack.yaml"
# The 36 Mpx card is over the limit on any machine; on a loaded one the back may be
# first (both are items, named with their template).
expect_grep "--max-item-seconds: names the item and its template" \
	"^railyard: .*/pk/(face\.yaml: error: card [0-9]+ \(position [0-9]+\)|back\.yaml: error: [^:]+) took more than 0.01 s to draw \(--max-item-seconds N raises it\); nothing was written, the previous set is as it was" "$WORK/last.err"
expect_eq "--max-item-seconds: the previous set intact" "$(cat "$WORK/before")" \
	"$(cksum "$WORK/o/signal-box/files.txt" "$WORK/o/signal-box/png/card-001.png")"
no_leftovers "--max-item-seconds" "$WORK/o"
expect_status "--max-seconds 0.3 on a full build: exit 2" 2 timeout 20 "$R" build --max-seconds 0.3 -o "$WORK/o" "$PK/pack.yaml"
expect_grep "--max-seconds: said" "error: the build took more than 0.3 s \(--max-seconds N raises it\)" "$WORK/last.err"
expect_eq "--max-seconds: the previous set intact" "$(cat "$WORK/before")" \
	"$(cksum "$WORK/o/signal-box/files.txt" "$WORK/o/signal-box/png/card-001.png")"
no_leftovers "--max-seconds" "$WORK/o"
for v in 0 -1 1e3 abc 0.001; do
	expect_status "--max-seconds $v: exit 2" 2 "$R" build --max-seconds "$v" "$P1"
	expect_grep "--max-seconds $v: said" "--max-seconds: '$v' is not a number of seconds \(0.01..1000000\)" "$WORK/last.err"
done
expect_status "--max-item-seconds x: exit 2" 2 "$R" build --max-item-seconds x "$P1"

# --max-items: 10000 by default, so a million cards are asked for on purpose.
sed -e 's/^pack: .*/pack: million/' -e 's/^cards: .*/cards: 1000000/' -e '/^players:/d' "$P1" >"$WORK/million.yaml"
expect_status "a million cards: exit 2 before any work" 2 timeout 20 "$R" build -o "$WORK/m" "$WORK/million.yaml"
expect_grep "a million cards: at the cards line, with the way out" \
	"million.yaml:[0-9]+:8: error: the pack prints 1000000 cards, more than the 10000 a build allows \(--max-items N raises it\)" "$WORK/last.err"
ok_if "a million cards: nothing written" test ! -e "$WORK/m"
# A large build says what it will make before it starts.
sed -e 's/^pack: .*/pack: large/' -e 's/^cards: .*/cards: 1200/' -e '/^players:/d' "$P1" >"$WORK/large.yaml"
expect_status "1200 cards, stopped by --max-seconds 0.2: exit 2" 2 timeout 20 "$R" build --max-seconds 0.2 -o "$WORK/l" "$WORK/large.yaml"
expect_grep "1200 cards: the estimate first" "^railyard: build: 1200 items, about [0-9]+ PDF pages and [0-9]+ MB of files \(--only chooses fewer\)" "$WORK/last.err"
no_leftovers "1200 cards" "$WORK/l"

#!/bin/sh
# The quick reference at every card size (issue 30): its header band reaches the
# bleed on both sides and at the top at mini, bridge, poker, square, tarot and
# large-square (on square it was scaled to the card's height and left 9 mm of
# paper at each side), every game's; its rows share the card's room without a
# warning at every size; the core game's rows, where they do not fit in full,
# in brief (its rules run-in paragraphs), never under 6 pt and never warned
# about for a shipped pack.
# quickref.pdf of --preset press (one page, trim + bleed), 100 dpi.
. tests/cli/lib.sh
R="$RAILYARD"
SIZES="mini bridge poker square tarot large-square"
px() { python3 tests/cli/pixel.py "$@"; }

# pack GAME SIZE: packs/GAME.yaml at SIZE, as $WORK/GAME-SIZE.yaml
pack() {
	sed -e "s/^pack: .*/pack: $1-$2/" -e '/^size:/d' "packs/$1.yaml" >"$WORK/$1-$2.yaml"
	echo "size: $2" >>"$WORK/$1-$2.yaml"
}

for s in $SIZES; do
	for g in "pattern-two-census-seven #2a3550" "train-52 #7b1f24" "take-the-train #213f50" \
		"toy-train #0f6e6e" "domino-double-six #2a3550"; do
		set -- $g
		pack "$1" "$s"
		expect_status "$1 at $s: --preset press" 0 $R build -q --preset press --colour rgb -o "$WORK/o" "$WORK/$1-$s.yaml"
		Q="$WORK/o/$1-$s.press/quickref.pdf"
		pdftoppm -r 100 -singlefile "$Q" "$WORK/q"
		set -- "$1" "$2" $(head -c 20 "$WORK/q.ppm" | tr -s ' \n' '  ' | cut -d' ' -f2,3)
		# the band's corners (the bleed's, 1 px in) and its middle at each side edge
		# (the trim's x, 1 mm down); the band's bottom edge 8 mm down
		w=$3 h=$4
		expect_eq "$1 at $s: the header band in both top corners of the bleed and across the trim at both sides" \
			"$2 $2 $2 $2 $2" "$(px "$WORK/q.ppm" 1 1 $((w - 2)) 1 $((w / 2)) 1 13 16 $((w - 14)) 16 | tr "\n" " " | sed "s/ $//")"
		ok_if "$1 at $s: no warning ($(head -c 200 "$WORK/last.err"))" test ! -s "$WORK/last.err"
	done
done

# --- rows past the room: the core game's rows in brief (compact: the rules as
# run-in paragraphs across the row), at 6 pt at least and without a warning, on
# every card the rows do not fit in full: the grid's six rows and the wild,
# three-player and two-pack packs' five, at mini and square; poker keeps the
# full words. At every size no warning: neither the rows' text nor its ink
# (a label's letters 1 mm inside its chip, tests/cli/ink.sh)
for g in grid-census-nine pattern-one-wild pattern-three-census-five pattern-two-two-packs; do
	for s in $SIZES; do
		pack "$g" "$s"
		expect_status "$g at $s: built" 0 $R build -q --preset press --colour rgb -o "$WORK/o" "$WORK/$g-$s.yaml"
		ok_if "$g at $s: no warning ($(head -c 300 "$WORK/last.err"))" test ! -s "$WORK/last.err"
	done
done
pdftotext -layout "$WORK/o/grid-census-nine-mini.press/quickref.pdf" "$WORK/gm.txt"
expect_grep "the grid at mini: in brief, each rule a run-in paragraph" "DEAL +9 cards each; every row" "$WORK/gm.txt"
expect_grep "... the pair's row in brief" "Swap this pair" "$WORK/gm.txt"
pack grid-census-nine poker
expect_status "the grid at poker" 0 $R build -q --preset press --colour rgb -o "$WORK/o" "$WORK/grid-census-nine-poker.yaml"
pdftotext -layout "$WORK/o/grid-census-nine-poker.press/quickref.pdf" "$WORK/gp.txt"
expect_grep "... the full words at poker" "Swap two specific" "$WORK/gp.txt"
pack pattern-one-wild poker
expect_status "the wild pack's seven rows on a poker card" 0 $R build -q --only reference -o "$WORK/o" "$WORK/pattern-one-wild-poker.yaml"
expect_eq "... fit: no warning" "" "$(cat "$WORK/last.err")"

# --- rows past the room even in brief: a located warning, once, not a silent
# squeeze (a grid with every kind of row, wild cards and freezing: ten rows on
# a mini card)
cat >"$WORK/over.yaml" <<'YAML'
pack: over
title: Everything at once
game: trains
grid: [3, 3]
abilities: [row-swap, column-swap, row-rotate-either, column-rotate-either, row-any-remove, column-any-remove, cross-swap, row-any-swap, column-any-swap]
cards: 90
wild: 2
players: {2: 60, 3: 90, 4: 90}
rules: {apply-to: anyone, freeze-tokens: 2, win: ascending}
size: mini
YAML
expect_status "ten rows at mini: built" 0 $R build -q --only reference -o "$WORK/o" "$WORK/over.yaml"
expect_grep "... a warning at the quick reference's cells: its rows do not fit" \
	"trains-quickref\.yaml:2[12]:[0-9]+: warning: the quick reference's 10 rows do not fit a 44\.5 x 63\.5 mm card: each row [0-9.]+ mm where 10\.0 mm is designed" \
	"$WORK/last.err"
expect_eq "... once" 1 "$(grep -c "rows do not fit" "$WORK/last.err")"

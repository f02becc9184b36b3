#!/bin/sh
# Every component a pack implies (issue 30, items 3-5): the quick reference cut
# to the deck's card size and generated from the pack, freeze tokens, the
# pack's title and palette on the back, the legend from the pack's own colours,
# every appearance value drawn or refused, and --preset press writing every
# component as a single page with bleed.
. tests/cli/lib.sh
R="$RAILYARD"
M=tests/cli/butted/measure.py
O=$WORK/o
text() { pdftotext "$1" - 2>/dev/null | tr -s ' \n' '  '; }
# within TOL: |A - B|
near() { awk -v a="$1" -v b="$2" -v t="$3" 'BEGIN { d = a - b; exit !(d >= -t && d <= t) }'; }
# the centres of the thin "start-end" runs (a crop mark, not the header)
mids() { tr ' ' '\n' | awk -F- 'NF == 2 && $2 - $1 < 0.5 { printf "%s%.2f", s, ($1 + $2) / 2; s = " " }'; }
squash() { pdftotext "$1" - 2>/dev/null | tr -d ' \n'; }

# --- the quick reference's text comes from the pack
expect_status "a swap-only pack's reference" 0 $R build -q --only reference -o "$O" packs/pattern-one-census-six.yaml
text "$O/pattern-one-census-six/reference.pdf" >"$WORK/six.txt"
ok_if "swap only: no removal (B → X) explained" sh -c "! grep -q '→ X\|Remove the card' '$WORK/six.txt'"
expect_grep "... its swap is" 'Swap the cards in spaces A and B' "$WORK/six.txt"
expect_grep "... the deal of a census-six line" '6 cards each, descending from A to F' "$WORK/six.txt"
expect_grep "... the win" 'First with all 6 ascending' "$WORK/six.txt"
ok_if "... no wild card, no freezing" sh -c "! grep -q 'WILD\|FREEZE' '$WORK/six.txt'"

expect_status "the wild pack's reference" 0 $R build -q --only reference -o "$O" packs/pattern-one-wild.yaml
text "$O/pattern-one-wild/reference.pdf" >"$WORK/wild.txt"
expect_grep "wild: the wild-card rule on the card" 'WILD Any number its owner chooses, perhaps changing; no ability' "$WORK/wild.txt"
expect_grep "... and in the seed's words under it" 'A wild card represents any number its owner chooses, perhaps changing as the game progresses, and lacks any abilities' "$WORK/wild.txt"
expect_grep "... freezing, two tokens each" 'FREEZE Start of your turn: a token \(2 each\)' "$WORK/wild.txt"
expect_grep "... in the seed's words" 'A frozen card can never be unfrozen' "$WORK/wild.txt"
expect_status "pattern two, two packs" 0 $R build -q --only reference -o "$O" packs/pattern-two-two-packs.yaml
text "$O/pattern-two-two-packs/reference.pdf" >"$WORK/two.txt"
expect_grep "two packs: the removal explained" 'Remove the card at space A' "$WORK/two.txt"
expect_grep "... abilities on an opponent's sequence" "TURN Apply a card's ability to your own sequence or to an opponent's" "$WORK/two.txt"
expect_status "pattern three" 0 $R build -q --only reference -o "$O" packs/pattern-three-census-five.yaml
expect_grep "pattern three: swaps across sequences" "ACROSS A ↔ B: your A with an opponent's B" \
	"$(text "$O/pattern-three-census-five/reference.pdf" >"$WORK/three.txt"; echo "$WORK/three.txt")"
expect_status "the grid" 0 $R build -q --only reference -o "$O" packs/grid-census-nine.yaml
text "$O/grid-census-nine/reference.pdf" >"$WORK/grid.txt"
expect_grep "grid: the 3x3 deal" '9 cards each, arranged so every row and every column is descending' "$WORK/grid.txt"
expect_grep "... the win" 'First with every row and every column ascending' "$WORK/grid.txt"
sed 's/^  win: ascending.*/  win: never-descending/' packs/grid-census-nine.yaml >"$WORK/nd.yaml"
expect_status "never-descending" 0 $R build -q --only reference -o "$O" "$WORK/nd.yaml"
expect_grep "... its win rule" 'every column never-descending: each card less than or equal to' \
	"$(text "$O/grid-census-nine/reference.pdf" >"$WORK/nd.txt"; echo "$WORK/nd.txt")"

# --- the quick reference cut to the card: its crop marks 63.5 x 88.9 mm apart on
# A4 and on letter (the page scaled to fit, the card not), measured at 300 dpi
for paper in "a4 38.5" "letter 40.3"; do
	set -- $paper
	expect_status "$1: the reference" 0 $R build -q --only reference --paper "$1" --margin 6 -o "$WORK/$1" packs/pattern-one-wild.yaml
	pdftoppm -r 300 "$WORK/$1/pattern-one-wild/reference.pdf" "$WORK/$1"
	x=$(python3 "$M" "$WORK/$1-1.ppm" 300 row "$2" | mids)
	expect_eq "$1: two marks above the card" 2 "$(echo "$x" | wc -w)"
	set -- $1 $x
	ok_if "$1: the card 63.5 mm wide (marks at $2, $3)" near "$(awk "BEGIN { print $3 - $2 }")" 63.5 0.2
	y=$(python3 "$M" "$WORK/$1-1.ppm" 300 col "$(awk "BEGIN { print $2 - 4 }")" | mids)
	expect_eq "$1: two marks beside it" 2 "$(echo "$y" | wc -w)"
	set -- $1 $y
	ok_if "$1: 88.9 mm tall (marks at $2, $3)" near "$(awk "BEGIN { print $3 - $2 }")" 88.9 0.2
done
# a tarot deck's quick reference is larger than the room beside the abilities:
# a page of its own, the card centred, 69.85 mm wide
{ sed 's/^pack: .*/pack: tarot/' packs/pattern-one-census-six.yaml; echo 'size: tarot'; } >"$WORK/tarot.yaml"
expect_status "tarot: the reference" 0 $R build -q --only reference --margin 6 -o "$O" "$WORK/tarot.yaml"
expect_eq "tarot: two pages" "Pages: 2" "$(pdfinfo "$O/tarot/reference.pdf" | grep -E '^Pages:' | tr -s ' ')"
pdftoppm -r 300 -f 2 -l 2 "$O/tarot/reference.pdf" "$WORK/tarot"
x=$(python3 "$M" "$WORK/tarot-2.ppm" 300 row 40.6 | mids)
set -- $x
ok_if "tarot: the card 69.85 mm wide, centred (marks at $*)" sh -c \
	"[ $# = 2 ] && awk 'BEGIN { exit !($2 - $1 > 69.65 && $2 - $1 < 70.05 && $1 > 113.3 && $1 < 113.9) }'"
# body text at least 6.5 pt on every game's card (the card drawn at full size)
ok_if "no quick-reference text under 6.5 pt" sh -c \
	"! grep -hE 'size: *([0-5](\.[0-9]+)?|6(\.[0-4][0-9]*)?)pt' templates/*-quickref.yaml | grep -q ."

# --- freeze tokens: two for each of four players
expect_status "the wild pack's tokens" 0 $R build -q --only tokens -o "$O" packs/pattern-one-wild.yaml
expect_eq "8 freeze tokens" 8 "$(pdftotext "$O/pattern-one-wild/tokens-a4.pdf" - | grep -c FROZEN)"
expect_status "no tokens without freezing" 0 $R build -q --only tokens -o "$O" packs/pattern-one-census-six.yaml
ok_if "... no tokens file" test ! -e "$O/pattern-one-census-six/tokens-a4.pdf"

# --- the back: the pack's title and palette
printf 'palette: {accent: "#2E5A1C"}\n' | cat packs/pattern-one-census-six.yaml - | sed 's/^title: .*/title: Signal Green/' >"$WORK/green.yaml"
expect_status "a pack with its own accent" 0 $R build -q --only faces -o "$O" "$WORK/green.yaml"
expect_grep "the back says the title" 'Signal Green' "$(pdftotext "$O/pattern-one-census-six/back.pdf" "$WORK/back.txt"; echo "$WORK/back.txt")"
pdftoppm -r 50 -x 10 -y 10 -W 1 -H 1 "$O/pattern-one-census-six/back.pdf" "$WORK/back"
expect_eq "... its ground the pack's accent" "2e5a1c" "$(python3 -c "
import sys; d = open(sys.argv[1], 'rb').read(); print(d[-3:].hex())" "$WORK/back-1.ppm")"

# --- Take the Train without magenta: the legend is the pack's own colours
sed -e 's/magenta: {ink: "#a569ae", shape: diamond}/red: {ink: "#c62828", shape: triangle}/' \
	-e 's/\[blue, green, magenta, orange\]/[blue, green, red, orange]/' packs/take-the-train.yaml >"$WORK/red.yaml"
expect_status "a Take the Train pack with red, not magenta" 0 $R build -q --only reference -o "$O" "$WORK/red.yaml"
squash "$O/take-the-train/reference.pdf" >"$WORK/red.txt"
ok_if "... no MAGENTA in its legend" sh -c "! grep -qi magenta '$WORK/red.txt'"
expect_grep "... its red in the legend" 'bluegreenred' "$WORK/red.txt"
sed 's/shape: triangle/shape: star/' "$WORK/red.yaml" >"$WORK/star.yaml"
expect_status "a shape no face draws: refused" 2 $R build -q --only reference -o "$O" "$WORK/star.yaml"
expect_grep "... at the pack's line, naming the shapes drawn" \
	"star\.yaml:[0-9]+:[0-9]+: error: red: shape 'star' is drawn by no template of this pack \(they draw shape circle, square, diamond, hexagon, triangle\)" \
	"$WORK/last.err"

# --- --preset press: every component a single page with bleed (RGB here: the
# CMYK step, the same for every file of the set, is pdfx.sh's)
boxes() { # FILE: one page, a TrimBox inside a BleedBox
	pdfinfo -box "$1" >"$WORK/box" 2>&1 && grep -Eq '^Pages: +1$' "$WORK/box" &&
		grep -Eq '^TrimBox:' "$WORK/box" && grep -Eq '^BleedBox:' "$WORK/box" &&
		awk '/^TrimBox:/ { t = $2 } /^BleedBox:/ { b = $2 } END { exit !(t > b) }' "$WORK/box"
}
for p in "pattern-one-wild back.pdf faces.pdf placemat.pdf quickref.pdf reference.pdf tokens-freeze.pdf" \
	"take-the-train back.pdf faces.pdf quickref.pdf reference.pdf tokens-fare.pdf" \
	"toy-train back.pdf board.pdf faces.pdf quickref.pdf reference.pdf" \
	"train-52 back.pdf faces.pdf quickref.pdf reference.pdf setup.pdf"; do
	set -- $p
	pack=$1; shift
	expect_status "$pack: --preset press" 0 $R build -q --preset press --colour rgb -o "$WORK/press" "packs/$pack.yaml"
	expect_eq "$pack: every component" "$(printf '%s\n' "$@" files.txt manifest.csv | sort | tr '\n' ' ')" \
		"$(ls "$WORK/press/$pack.press" | sort | tr '\n' ' ')"
	for f in "$@"; do
		[ "$f" = faces.pdf ] && continue
		ok_if "$pack: $f one page with TrimBox and BleedBox" boxes "$WORK/press/$pack.press/$f"
	done
done
# the reference page on a press: the landscape area it is laid out for (279.4 x
# 210 mm, 792 x 595.28 pt), trimmed, with 3.175 mm (9 pt) of bleed
pdfinfo -box "$WORK/press/train-52.press/reference.pdf" >"$WORK/rbox"
expect_grep "press: the reference page's TrimBox 279.4 x 210 mm inside 9 pt of bleed" '^TrimBox: +9\.00 +9\.00 +801\.00 +604\.28' "$WORK/rbox"
expect_grep "... its MediaBox the trim and the bleed" '^MediaBox: +0\.00 +0\.00 +810\.00 +613\.28' "$WORK/rbox"
expect_grep "... the page is the reference (its legend)" 'LEGEND' "$(squash "$WORK/press/train-52.press/reference.pdf" >"$WORK/r.txt"; echo "$WORK/r.txt")"
squash "$WORK/press/pattern-one-wild.press/quickref.pdf" >"$WORK/q.txt"
expect_grep "the quick reference says the pack's title" '^QUICKREFERENCEPatternone,censusseven,withwildcards' "$WORK/q.txt"
ok_if "... not GAME OF TRAINS" sh -c "! grep -q 'GAMEOFTRAINS' '$WORK/q.txt'"
pdfinfo -box "$WORK/press/pattern-one-wild.press/quickref.pdf" >"$WORK/qbox"
expect_grep "the quick reference's TrimBox the card, 63.5 x 88.9 mm (180 x 252 pt)" '^TrimBox: +9\.00 +9\.00 +189\.00 +261\.00' "$WORK/qbox"
# Toy Train's cards are 28 mm locomotives: its quick reference stays poker
pdfinfo -box "$WORK/press/toy-train.press/quickref.pdf" >"$WORK/tbox"
expect_grep "Toy Train's quick reference poker, not a 28 mm card" '^TrimBox: +9\.00 +9\.00 +189\.00 +261\.00' "$WORK/tbox"

# --- Train's reference designed like the trains reference: a legend, the deal,
# every play in a cell, the score and a quick reference to cut out
expect_status "Train's reference" 0 $R build -q --only reference -o "$O" packs/train-52.yaml
squash "$O/train-52/reference.pdf" >"$WORK/t52.txt"
for w in LEGEND DEAL 3-4players:7each PLAYS 'Sandwich\.' 'Reopen\.' 'Train\.' 'Trainwreck\.' SCORE QUICK; do
	expect_grep "Train's reference: $w" "$w" "$WORK/t52.txt"
done

# --- every game's reference uses its page: the lowest ink of the page's left
# part (the quick reference's column aside) within 25 mm of the A4 page's foot
# (three games left 34-45 mm blank; the trains reference leaves 21)
bottom() { # PPM at 50 dpi: the blank millimetres under the lowest ink left of 200 mm
	python3 -c "
import sys; sys.path.insert(0, 'tests/cli'); from pixel import read_ppm
w, h, px = read_ppm(sys.argv[1]); d = 50 / 25.4; x = int(200 * d)
last = max(y for y in range(h) if min(px[3 * y * w:3 * (y * w + x)]) < 200)
print('%.1f' % ((h - 1 - last) / d))" "$1"
}
for g in pattern-two-census-seven take-the-train toy-train train-52 domino-double-six domino-double-twelve; do
	expect_status "$g: the reference" 0 $R build -q --only reference --paper a4 -o "$O" "packs/$g.yaml"
	pdftoppm -r 50 -singlefile "$O/$g/reference.pdf" "$WORK/foot"
	b=$(bottom "$WORK/foot.ppm")
	ok_if "$g: the reference's foot ${b} mm blank (at most 25)" awk "BEGIN { exit !($b <= 25) }"
done

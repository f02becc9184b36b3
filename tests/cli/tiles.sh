#!/bin/sh
# Large items on A4 and on letter: placemats, boards, setup sheets, references and
# token sheets rendered page by page (tests/cli/tiles.py): no seam between tiles
# runs through a space, and no ink lies within 5 mm of the paper's edge.
. tests/cli/lib.sh
R="$RAILYARD"
# within TOL mm: GOT against WANT
close() { awk -v w="$1" -v g="$2" -v t="$3" 'BEGIN { d = w - g; exit !(g != "" && d >= -t && d <= t) }'; }
for paper in a4 letter; do
	for p in pattern-two-census-seven grid-census-nine toy-train train-52 take-the-train; do
		$R build -q --paper $paper --only placemat,reference,board,setup,tokens -o "$WORK/$paper" packs/$p.yaml
		for f in "$WORK/$paper/$p"/*.pdf; do
			python3 tests/cli/tiles.py "$f" >"$WORK/problems" 2>&1
			expect_eq "$paper: $p $(basename "$f"): seams between spaces, nothing within 5 mm of the edge" "" \
				"$(cat "$WORK/problems")"
		done
	done
done
# the seven spaces in a line take 3 landscape pages (the last holds G alone);
# wrapped in two rows (A-D above E-G) 2 portrait ones, on either paper
for paper in a4 letter; do
	expect_eq "the seven-space placemat on $paper: 2 tiles" 2 \
		"$(pdfinfo "$WORK/$paper/pattern-two-census-seven/placemat.pdf" | sed -n 's/^Pages: *//p')"
done
$R build -q --paper letter --only placemat -o "$WORK/six" packs/pattern-one-census-six.yaml
pdfinfo "$WORK/six/pattern-one-census-six/placemat.pdf" >"$WORK/six.info"
expect_grep "... six spaces stay a line: 2 landscape tiles" 'Pages: +2$' "$WORK/six.info"
expect_grep "... (landscape)" 'Page size: +792 x 612 pts' "$WORK/six.info"

# --paper a4,letter: every large item on both papers
$R build -q --paper a4,letter -o "$WORK/both" packs/pattern-two-census-seven.yaml
expect_eq "--paper a4,letter: placemat, reference and sheets on both papers" \
	"placemat-a4.pdf placemat-letter.pdf reference-a4.pdf reference-letter.pdf sheets-a4.pdf sheets-letter.pdf" \
	"$(cd "$WORK/both/pattern-two-census-seven" && ls *-*.pdf | tr '\n' ' ' | sed 's/ $//')"
expect_grep "placemat-letter.pdf is on letter" 'Page size: +612 x 792 pts' \
	"$(pdfinfo "$WORK/both/pattern-two-census-seven/placemat-letter.pdf" >"$WORK/pl"; echo "$WORK/pl")"
expect_status "--paper a4,legal: refused" 2 $R build --paper a4,legal -o "$WORK/x" packs/toy-train.yaml
expect_grep "--paper: the unknown one named" "unknown paper 'legal'" "$WORK/last.err"

# Take the Train's fare tokens: 1 in coins whose blue runs 2 mm past the edge (a
# 1 in punch a little off centre takes no white), the grid centred on the page.
pdftoppm -r 150 -f 1 -l 1 "$WORK/a4/take-the-train/tokens-a4.pdf" "$WORK/tok"
tok() { python3 tests/cli/butted/measure.py "$WORK/tok-1.ppm" 150 row "$1" 60 48 147; }
# the first row of coins: 1 in circles from y = 16.2 mm, centres 12.7 mm lower
expect_eq "tokens: 1 mm above the 1 in edge, still blue: 6 chords of 10-11 mm (the bleed)" "6 1" \
	"$(tok 15.2 | tr ' ' '\n' | awk -F- '{ n++; s += $2 - $1 } END { printf "%d %d", n, (s / n > 10 && s / n < 11) }')"
expect_eq "tokens: 3 mm above, the paper" "" "$(tok 13.1)"
ok_if "tokens: as much paper left of the grid as right of it" sh -c "echo '$(tok 28.9)' | tr ' -' '\n\n' | \
	awk 'NR == 1 { l = \$1 } { r = \$1 } END { d = l - (210 - r); exit !(l > 13 && d < 0.2 && d > -0.2) }'"

# The placemat's bleed: its cream runs 3 mm past the trim all round (two rows:
# 227.8 mm tall, 233.8 with bleed), a crop mark at the trim outside it (tile 1: 14 mm in, trim at
# 17 mm), each tile's label below the bleed and the crop marks under it (6.5 mm
# and more below the cut: it ran into the mark at the trim); on A4 and letter.
for paper in a4 letter; do
	P="$WORK/$paper/pattern-two-census-seven/placemat.pdf"
	pdftoppm -r 100 -f 1 -l 1 "$P" "$WORK/pm-$paper"
	cream=$(python3 tests/cli/butted/measure.py "$WORK/pm-$paper-1.ppm" 100 col 100 251 247 238 3)
	ok_if "$paper placemat: the cream is 233.8 mm tall (227.8 + 2 x 3 mm of bleed)" close 233.8 \
		"$(echo "$cream" | awk -F- '{ printf "%.1f", $2 - $1 }')" 0.4
	top=$(echo "$cream" | cut -d- -f1)
	ok_if "$paper placemat: a crop mark at the left trim (17 mm), above the bleed" close 17.15 \
		"$(python3 tests/cli/butted/measure.py "$WORK/pm-$paper-1.ppm" 100 row "$(awk -v t="$top" 'BEGIN { print t - 2 }')" |
			tr ' -' '\n\n' | awk 'NR <= 2 { s += $1 } END { printf "%.2f", s / 2 }')" 0.3
	label=$(pdftotext -bbox -f 1 -l 1 "$P" - | sed -n 's/.*yMin="\([0-9.]*\)".*>row<.*/\1/p' | head -n 1)
	# (the top of the label's text box, ascent included: its letters are lower)
	ok_if "$paper placemat: the label below the bleed and its crop marks (3.5 mm) ($label pt)" \
		awk -v l="$label" -v c="$(echo "$cream" | cut -d- -f2)" 'BEGIN { exit !(l * 25.4 / 72 - c >= 3.5) }'
done

# Alignment crosses only on the strip a tile lends to the next (covered once the
# next tile lies on it), never on the strip it lays over the one before (which
# stays visible): the letter placemat's tile 1 (y 22.8 to 256.6 mm) has them, tile
# 2's first 15 mm none.
P="$WORK/letter/pattern-two-census-seven/placemat.pdf"
pdftoppm -r 200 -f 1 -l 2 "$P" "$WORK/cross"
ok_if "tile 1: crosses on the strip under tile 2" \
	test "$(python3 tests/cli/butted/black.py "$WORK/cross-1.ppm" 200 14 202 23 256)" -gt 100
expect_eq "tile 2: none on the strip it lays over tile 1" 0 \
	"$(python3 tests/cli/butted/black.py "$WORK/cross-2.ppm" 200 14 29 23 256)"

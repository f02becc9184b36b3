#!/bin/sh
# Large items on A4 and on letter: placemats, boards, setup sheets, references and
# token sheets rendered page by page (tests/cli/tiles.py): no seam between tiles
# runs through a space, and no ink lies within 5 mm of the paper's edge.
. tests/cli/lib.sh
R="$RAILYARD"
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
expect_eq "the seven-space placemat on letter: 3 tiles" 3 \
	"$(pdfinfo "$WORK/letter/pattern-two-census-seven/placemat.pdf" | sed -n 's/^Pages: *//p')"

# --paper a4,letter: every large item on both papers
$R build -q --paper a4,letter -o "$WORK/both" packs/pattern-two-census-seven.yaml
expect_eq "--paper a4,letter: placemat, reference and sheets on both papers" \
	"placemat-a4.pdf placemat-letter.pdf reference-a4.pdf reference-letter.pdf sheets-a4.pdf sheets-letter.pdf" \
	"$(cd "$WORK/both/pattern-two-census-seven" && ls *-*.pdf | tr '\n' ' ' | sed 's/ $//')"
expect_grep "placemat-letter.pdf is on letter" 'Page size: +792 x 612 pts' \
	"$(pdfinfo "$WORK/both/pattern-two-census-seven/placemat-letter.pdf" >"$WORK/pl"; echo "$WORK/pl")"
expect_status "--paper a4,legal: refused" 2 $R build --paper a4,legal -o "$WORK/x" packs/toy-train.yaml
expect_grep "--paper: the unknown one named" "unknown paper 'legal'" "$WORK/last.err"

#!/bin/sh
# Butted sheets (--layout): neighbours share their cut lines and only the block
# has bleed; auto chooses them when every item's edge looks the same across the
# cut. Pages rendered at 300 dpi and measured (tests/cli/butted/measure.py): the
# crop marks at every shared cut line, the block's bleed, no seam between cards,
# the 50 mm scale bar, and registration targets where the turned-over back
# brings the front's.
. tests/cli/lib.sh
D=tests/cli/butted
R="$RAILYARD"
m() { python3 "$D/measure.py" "$@"; }
pages() { pdfinfo "$1" 2>/dev/null | sed -n 's/^Pages: *//p'; }
# within TOL mm: every number of GOT against WANT, in order
close() {
	awk -v w="$1" -v g="$2" -v t="$3" 'BEGIN { n = split(w, a, " "); m = split(g, b, " ");
		if (n != m) exit 1; for (i = 1; i <= n; i++) { d = a[i] - b[i]; if (d < -t || d > t) exit 1 } }'
}
# every number of WANT within TOL mm of one of GOT (the top side holds the
# registration targets between the marks too)
has() {
	awk -v w="$1" -v g="$2" -v t="$3" 'BEGIN { n = split(w, a, " "); m = split(g, b, " ");
		for (i = 1; i <= n; i++) { f = 0; for (j = 1; j <= m; j++) { d = a[i] - b[j]; if (d >= -t && d <= t) f = 1 }
		if (!f) exit 1 } }'
}
# the centres of "start-end" runs
mid() { echo "$1" | tr ' ' '\n' | awk -F- 'NF == 2 { printf "%s%.2f", s, ($1 + $2) / 2; s = " " }'; }

# --- the default trains pack: 84 cards, 9 a page, fronts and backs
expect_status "the default pack's sheets" 0 $R build --no-progress --only sheets -o "$WORK/t" packs/pattern-two-census-seven.yaml
expect_grep "the summary names the layout and each paper's own count" '; sheets butted, 9 a page on a4, 8 on letter$' "$WORK/last.err"
T="$WORK/t/pattern-two-census-seven"
expect_eq "84 cards on 10 butted A4 sheets: 20 pages (28 with gutters)" 20 "$(pages "$T/sheets-a4.pdf")"
expect_eq "... on letter 8 a sheet (3 x 3 leaves no room for bleed and marks inside the 6 mm margin): 22 pages" 22 "$(pages "$T/sheets-letter.pdf")"
expect_status "--layout gutter" 0 $R build -q --only sheets --layout gutter -o "$WORK/g" packs/pattern-two-census-seven.yaml
expect_eq "--layout gutter: 6 a page, 28 pages" 28 "$(pages "$WORK/g/pattern-two-census-seven/sheets-a4.pdf")"
# a partial last page: marks only at the cut lines that bound a card on it. The
# 84 cards' last A4 sheet holds 3, one row: all four vertical cut lines and the
# row's two horizontal ones (15.15, 104.05 mm) marked, none beside the empty rows;
# its back the same
pdftoppm -r 300 -f 19 -l 20 "$T/sheets-a4.pdf" "$WORK/last"
for p in 19 20; do
	ok_if "partial page $p: marks left of the filled row's cut lines only (15.15, 104.05 mm)" \
		close "15.15 104.05" "$(mid "$(m "$WORK/last-$p.ppm" 300 col 7)")" 0.15
	ok_if "... and right of them" close "15.15 104.05" "$(mid "$(m "$WORK/last-$p.ppm" 300 col 203)")" 0.15
	ok_if "... below every vertical cut line (9.75, 73.25, 136.75, 200.25 mm)" \
		close "9.75 73.25 136.75 200.25" "$(mid "$(m "$WORK/last-$p.ppm" 300 row 286)")" 0.15
	ok_if "... and above them" has "9.75 73.25 136.75 200.25" "$(mid "$(m "$WORK/last-$p.ppm" 300 row 11)")" 0.15
	ok_if "... and below" close "9.75 73.25 136.75 200.25" "$(mid "$(m "$WORK/last-$p.ppm" 300 row 286)")" 0.15
done
# --progress into a file: each sheets file a step, counted on every paper asked for
expect_status "--progress --paper a4,letter" 0 $R build --progress --only sheets --layout gutter --paper a4,letter -o "$WORK/p" packs/pattern-two-census-seven.yaml
expect_grep "... the first paper's sheets are step 1 of 2" '^railyard: step 1/2 sheets-a4\.pdf: 84/84 cards' "$WORK/last.err"
expect_grep "... the second's step 2 of 2" '^railyard: step 2/2 sheets-letter\.pdf: 84/84 cards' "$WORK/last.err"
# --layout auto draws every face once to check its edges before the sheets: a
# step of its own (a 20,000-card pack is no silent pause), once for both papers
expect_status "--progress, --layout auto" 0 $R build --progress --only sheets -o "$WORK/p" packs/pattern-two-census-seven.yaml
expect_grep "... the edge check is step 1 of 3" '^railyard: step 1/3 edge check: 84/84 cards' "$WORK/last.err"
expect_grep "... then the sheets" '^railyard: step 3/3 sheets-letter\.pdf: 84/84 cards' "$WORK/last.err"
expect_eq "... one edge check" 1 "$(grep -c 'edge check' "$WORK/last.err")"
expect_status "--layout sideways: exit 2" 2 $R build --layout sideways packs/pattern-two-census-seven.yaml
expect_grep "... with the choices" "auto, butted, gutter" "$WORK/last.err"

# --- the green test pack on A4: the block 190.5 x 266.7 mm centred (x 9.75, y 15.15)
expect_status "the green pack" 0 $R build -q --only sheets -o "$WORK/b" "$D/pack.yaml"
B="$WORK/b/butted"
pdftoppm -r 300 -f 1 -l 2 "$B/sheets-a4.pdf" "$WORK/a4"
ok_if "A4: a crop mark above every vertical cut line (9.75, 73.25, 136.75, 200.25 mm)" \
	has "9.75 73.25 136.75 200.25" "$(mid "$(m "$WORK/a4-1.ppm" 300 row 11)")" 0.15
ok_if "A4: below them, only those" \
	close "9.75 73.25 136.75 200.25" "$(mid "$(m "$WORK/a4-1.ppm" 300 row 286)")" 0.15
ok_if "A4: one left of every horizontal cut line (15.15, 104.05, 192.95, 281.85 mm)" \
	close "15.15 104.05 192.95 281.85" "$(mid "$(m "$WORK/a4-1.ppm" 300 col 7)")" 0.15
ok_if "A4 backs: the same cut lines" \
	close "9.75 73.25 136.75 200.25" "$(mid "$(m "$WORK/a4-2.ppm" 300 row 286)")" 0.15
# across the middle row: green from the block's bleed edge to the other (1.25 mm
# beyond the trims: 9.75 mm of paper less the 6 mm margin, 2.5 mm of mark), not
# one pixel of seam at the shared cut lines
ok_if "A4: one green run across the block, 1.25 mm bleed each side (8.5-201.5 mm)" \
	close "8.5 201.5" "$(m "$WORK/a4-1.ppm" 300 row 140 0 192 0 | tr -- - ' ')" 0.15
ok_if "A4: down the block too (13.15-283.85 mm)" \
	close "13.15 283.85" "$(m "$WORK/a4-1.ppm" 300 col 100 0 192 0 | tr -- - ' ')" 0.15
ok_if "A4: the scale bar is 50 x 2.5 mm (at 300 dpi, within 0.2 mm)" \
	close "50 2.5" "$(m "$WORK/a4-1.ppm" 300 scale)" 0.2
pdftotext -f 1 -l 1 "$B/sheets-a4.pdf" - | tr '\n' ' ' >"$WORK/a4.txt"
expect_grep "the scale bar is labelled" '50 mm' "$WORK/a4.txt"
expect_grep "the note says print at 100% and how to flip" 'Print at 100%.*flip on long edge' "$WORK/a4.txt"
# registration targets: two on the front; the back turned over its long edge
# puts its own exactly on them; inside the 6 mm margin
front=$(pdftoppm -r 300 -f 1 -l 1 -y 0 -H 150 -W 2480 "$B/sheets-a4.pdf" >"$WORK/top1.ppm"; m "$WORK/top1.ppm" 300 blobs | sort -n)
back=$(pdftoppm -r 300 -f 2 -l 2 -y 0 -H 150 -W 2480 "$B/sheets-a4.pdf" >"$WORK/top2.ppm"; m "$WORK/top2.ppm" 300 blobs long | sort -n)
expect_eq "two targets on the front" 2 "$(echo "$front" | grep -c .)"
ok_if "the back's targets, turned over the long edge, lie on the front's ($back / $front)" \
	close "$(echo "$front" | cut -d' ' -f1,2 | tr '\n' ' ')" "$(echo "$back" | cut -d' ' -f1,2 | tr '\n' ' ')" 0.1
ok_if "the targets lie inside the 6 mm margin, outside the block's 2 mm bleed" sh -c "echo '$front' | awk '\$1 - \$3 / 2 < 6 || \$2 - \$4 / 2 < 6 || \$1 + \$3 / 2 > 204 || \$2 + \$4 / 2 > 13.15 { exit 1 }'"
expect_status "--duplex short" 0 $R build -q --only sheets --paper a4 --duplex short -o "$WORK/s" "$D/pack.yaml"
pdftoppm -r 150 -f 1 -l 2 "$WORK/s/butted/sheets-a4.pdf" "$WORK/short"
ok_if "short edge: the back's targets, turned over the short edge, lie on the front's" \
	close "$(m "$WORK/short-1.ppm" 150 blobs | grep -v '^[0-9.]* [0-9.]* [0-9.]\{5,\}' | sort | cut -d' ' -f1,2 | tr '\n' ' ')" \
	"$(m "$WORK/short-2.ppm" 150 blobs short | grep -v '^[0-9.]* [0-9.]* [0-9.]\{5,\}' | sort | cut -d' ' -f1,2 | tr '\n' ' ')" 0.2

# --- letter: 3 x 3 (190.5 x 266.7 mm) would leave 6.35 mm above and below, no
# room for bleed or marks inside the 6 mm margin: 2 x 4 turned, 177.8 x 254 mm at
# x 19.05, y 12.7, 2 mm of bleed all round, marks from 2.5 to 6 mm beyond the trim
pdftoppm -r 300 -f 1 -l 1 "$B/sheets-letter.pdf" "$WORK/lt"
ok_if "letter: a crop mark above every vertical cut line (19.05, 107.95, 196.85 mm)" \
	has "19.05 107.95 196.85" "$(mid "$(m "$WORK/lt-1.ppm" 300 row 8.5)")" 0.15
ok_if "letter: below them (beside the scale bar and the note)" \
	has "19.05 107.95 196.85" "$(mid "$(m "$WORK/lt-1.ppm" 300 row 271)")" 0.15
ok_if "letter: one left of every horizontal cut line (12.7, 76.2, 139.7, 203.2, 266.7 mm)" \
	close "12.7 76.2 139.7 203.2 266.7" "$(mid "$(m "$WORK/lt-1.ppm" 300 col 15)")" 0.15
ok_if "letter: one green run across the block, 2 mm bleed each side (17.05-198.85 mm)" \
	close "17.05 198.85" "$(m "$WORK/lt-1.ppm" 300 row 140 0 192 0 | tr -- - ' ')" 0.15
ok_if "letter: down it too (10.7-268.7 mm)" \
	close "10.7 268.7" "$(m "$WORK/lt-1.ppm" 300 col 60 0 192 0 | tr -- - ' ')" 0.15
ok_if "letter: nothing within 6 mm of the paper's edge" \
	sh -c "pdftoppm -r 50 -f 1 -l 1 '$B/sheets-letter.pdf' >'$WORK/lt50.ppm' && test \"\$(python3 tests/cli/build-print/ppm.py '$WORK/lt50.ppm' border 11)\" = 0"
# the marks' lengths at 300 dpi (within 0.1 mm): 3.5 mm where the paper has room;
# on A4 left and right of the block, from beyond its 1.25 mm bleed to the 6 mm
# margin: 2 mm
len_of() { m "$1" 300 extent "$2" "$3" "$4" "$5" | cut -d' ' -f"$6"; }
ok_if "A4: a mark above a vertical cut line is 3.5 mm long" close 3.5 "$(len_of "$WORK/a4-1.ppm" 73 5 73.5 15.15 2)" 0.1
ok_if "A4: one left of a horizontal cut line, 2 mm" close 2 "$(len_of "$WORK/a4-1.ppm" 0 103.8 9.75 104.3 1)" 0.1
ok_if "... starting 6 mm off the paper's edge" close 6 "$(m "$WORK/a4-1.ppm" 300 row 104.02 | cut -d' ' -f1 | cut -d- -f1)" 0.1
ok_if "letter: one left of a horizontal cut line, 3.5 mm" close 3.5 "$(len_of "$WORK/lt-1.ppm" 0 76 19.05 76.5 1)" 0.1
ok_if "letter: one above a vertical cut line, 3.5 mm" close 3.5 "$(len_of "$WORK/lt-1.ppm" 107.7 0 108.2 12.7 2)" 0.1
ok_if "letter: one below it, 3.5 mm" close 3.5 "$(len_of "$WORK/lt-1.ppm" 107.7 266.7 108.2 279.4 2)" 0.1

# --- one card on a page (--numbers 1): its two cut lines each way marked, not
# those of the empty cells; on the back (turned over the long edge) the card and
# its marks on the right
expect_status "one card, butted" 0 $R build -q --only sheets --numbers 1 -o "$WORK/one" "$D/pack.yaml"
pdftoppm -r 300 -f 1 -l 2 "$WORK/one/butted.preview/sheets-a4.pdf" "$WORK/one"
ok_if "butted, one card: marks above its cut lines (9.75, 73.25 mm)" \
	has "9.75 73.25" "$(mid "$(m "$WORK/one-1.ppm" 300 row 11)")" 0.15
ok_if "... below them" close "9.75 73.25" "$(mid "$(m "$WORK/one-1.ppm" 300 row 286)")" 0.15
ok_if "... left of them (15.15, 104.05 mm)" close "15.15 104.05" "$(mid "$(m "$WORK/one-1.ppm" 300 col 7)")" 0.15
ok_if "... its back: below the mirrored ones only (136.75, 200.25 mm)" \
	close "136.75 200.25" "$(mid "$(m "$WORK/one-2.ppm" 300 row 286)")" 0.15
ok_if "... right of its cut lines" close "15.15 104.05" "$(mid "$(m "$WORK/one-2.ppm" 300 col 203)")" 0.15
# gutter: 2 x 3 turned cards, grid at 9.75, 43.725 mm; the card's trims at x
# 12.925, 101.825 (the second column's 108.175, 197.075) and y 46.9, 110.4
expect_status "one card, gutter" 0 $R build -q --only sheets --layout gutter --numbers 1 -o "$WORK/oneg" "$D/pack.yaml"
pdftoppm -r 300 -f 1 -l 2 "$WORK/oneg/butted.preview/sheets-a4.pdf" "$WORK/oneg"
ok_if "gutter, one card: marks above its trims only" \
	close "12.925 101.825" "$(mid "$(m "$WORK/oneg-1.ppm" 300 row 41.5)")" 0.15
ok_if "... below them" close "12.925 101.825" "$(mid "$(m "$WORK/oneg-1.ppm" 300 row 255.5)")" 0.15
ok_if "... left of them" close "46.9 110.4" "$(mid "$(m "$WORK/oneg-1.ppm" 300 col 8)")" 0.15
ok_if "... right of them" close "46.9 110.4" "$(mid "$(m "$WORK/oneg-1.ppm" 300 col 202)")" 0.15
ok_if "... its back: above the mirrored column's trims" \
	close "108.175 197.075" "$(mid "$(m "$WORK/oneg-2.ppm" 300 row 41.5)")" 0.15
ok_if "... beside its rows" close "46.9 110.4" "$(mid "$(m "$WORK/oneg-2.ppm" 300 col 8)")" 0.15

# --- auto: a face with a frame 1 mm inside the trim keeps its gutters
expect_status "a framed face" 0 $R build --no-progress --only sheets -o "$WORK/f" "$D/framed.yaml"
expect_grep "auto: the gutter for a face whose edge is not alike across the cut" '; sheets gutter, 6 a page on a4 and letter$' "$WORK/last.err"
expect_eq "... 12 cards on 2 sheets: 4 pages" 4 "$(pages "$WORK/f/framed/sheets-a4.pdf")"
expect_status "--layout butted on it" 0 $R build --no-progress --only sheets --layout butted -o "$WORK/f" "$D/framed.yaml"
expect_grep "... is built, with a warning" 'warning: --layout butted: the edges of .*frame.yaml differ' "$WORK/last.err"
expect_eq "... 12 cards on 2 butted sheets: 4 pages" 4 "$(pages "$WORK/f/framed/sheets-a4.pdf")"

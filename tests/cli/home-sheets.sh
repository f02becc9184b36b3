#!/bin/sh
# Home sheets for a real printer (issue 30, items 6 and 7), measured on the
# rendered pages (tests/cli/home-sheets/measure.py): no ink within the 6 mm
# margin (or --margin's) on A4 and letter; butted crop marks outside the block's
# bleed; letter keeps its bleed (8 turned cards, not 9 with none); the Toy Train
# board's paragraph clear of the tile seam; the type of the components a proof
# round flagged at 7 pt or more; the Train back's check lines clear of the trim;
# the two locomotives in two colours; the fare tokens' cut circle; the reference
# pages of Toy Train, Train and the dominoes filled (they left 65-70 mm blank).
. tests/cli/lib.sh
R="$RAILYARD"
M=tests/cli/home-sheets/measure.py
B=tests/cli/butted/pack.yaml
m() { python3 "$M" "$@"; }
# the pixels with ink within MM of the paper's edge on the first pages of PDF, at 150 dpi
inked() { # PDF MM [PAGES]
	rm -f "$WORK"/edge-*.pgm
	pdftoppm -r 150 -gray -f 1 -l "${3:-2}" "$1" "$WORK/edge"
	m edge 150 "$2" "$WORK"/edge-*.pgm | awk '{ n += $2 } END { print n + 0 }'
}

# --- nothing within the 6 mm margin: butted (the trains cards, the green test
# pack), gutter (Take the Train), on both papers
$R build -q --only sheets -o "$WORK/t" packs/pattern-two-census-seven.yaml
$R build -q --only sheets -o "$WORK/tt" packs/take-the-train.yaml
$R build -q --only sheets -o "$WORK/g" "$B"
for paper in a4 letter; do
	expect_eq "$paper: the trains sheets (butted, front and back): no ink within 6 mm of the edge" 0 \
		"$(inked "$WORK/t/pattern-two-census-seven/sheets-$paper.pdf" 6)"
	expect_eq "$paper: Take the Train's (gutter): none" 0 "$(inked "$WORK/tt/take-the-train/sheets-$paper.pdf" 6)"
	expect_eq "$paper: the green pack's: none" 0 "$(inked "$WORK/g/butted/sheets-$paper.pdf" 6)"
done
# --margin 10: nothing within 10 mm, and still a sheet of cards
expect_status "--margin 10" 0 $R build -q --only sheets --margin 10 -o "$WORK/m10" "$B"
for paper in a4 letter; do
	expect_eq "--margin 10, $paper: no ink within 10 mm" 0 "$(inked "$WORK/m10/butted/sheets-$paper.pdf" 10)"
done
expect_eq "--margin 10: 8 cards a page on A4, turned (3 x 3 leaves 9.75 mm at the sides)" "; sheets butted, 8 a page on a4" \
	"$($R build --no-progress --only sheets --margin 10 --paper a4 -o "$WORK/m10b" "$B" 2>&1 | sed 's/.*)//')"

# --- butted crop marks outside the block's bleed: along a horizontal cut line
# (A4 y 104.05 mm, letter 76.2 mm), the mark ends 0.5 mm before the green bleed
# begins, and starts at the margin
gap() { # PPM Y_MM: "MARK_START GREEN_START - MARK_END" in mm
	python3 tests/cli/butted/measure.py "$1" 300 row "$2" | cut -d' ' -f1 >"$WORK/mark"
	python3 tests/cli/butted/measure.py "$1" 300 row "$2" 0 192 0 | cut -d' ' -f1 >"$WORK/green"
	awk -F- 'NR == FNR { s = $1; e = $2; next } { printf "%.2f %.2f", s, $1 - e }' "$WORK/mark" "$WORK/green"
}
pdftoppm -r 300 -f 1 -l 1 "$WORK/g/butted/sheets-a4.pdf" "$WORK/ga4"
pdftoppm -r 300 -f 1 -l 1 "$WORK/g/butted/sheets-letter.pdf" "$WORK/glt"
ok_if "A4: the mark left of a cut line from 6 mm, 0.5 mm short of the bleed ($(gap "$WORK/ga4-1.ppm" 104.02))" \
	awk -v g="$(gap "$WORK/ga4-1.ppm" 104.02)" 'BEGIN { split(g, v, " "); exit !(v[1] >= 5.95 && v[2] >= 0.4 && v[2] <= 0.6) }'
ok_if "letter: the same ($(gap "$WORK/glt-1.ppm" 76.17))" \
	awk -v g="$(gap "$WORK/glt-1.ppm" 76.17)" 'BEGIN { split(g, v, " "); exit !(v[1] >= 5.95 && v[2] >= 0.4 && v[2] <= 0.6) }'
# letter keeps its bleed: 8 turned cards with 2 mm around the block, not 9 with none
expect_eq "letter: 8 a page" "; sheets butted, 8 a page on letter" \
	"$($R build --no-progress --only sheets --paper letter -o "$WORK/lt" "$B" 2>&1 | sed 's/.*)//')"
ok_if "letter: 2 mm of bleed above the block (green from 10.7 mm, its trim at 12.7)" \
	awk -v g="$(python3 tests/cli/butted/measure.py "$WORK/glt-1.ppm" 300 col 60 0 192 0 | cut -d- -f1)" \
	'BEGIN { exit !(g > 10.55 && g < 10.85) }'

# --- the Toy Train board: its title and paragraph on the first tile, left of
# the seam (the second tile starts 156.5 mm into the board, 166.5 mm across the
# A4 page), none of it on the second tile
$R build -q --only board,faces --paper a4 -o "$WORK/toy" packs/toy-train.yaml
TB="$WORK/toy/toy-train/board.pdf"
expect_eq "board: the paragraph whole on page 1" 1 \
	"$(pdftotext -f 1 -l 1 "$TB" - | tr '\n' ' ' | grep -c 'Both locomotives start on GO .*does not move the locomotive\.')"
ok_if "board: its words end left of the seam at 166.5 mm" \
	sh -c "python3 $M words '$TB' 1 | awk '/^[0-9.]+ (Both|above|ends|Toy|Train|locomotive\\.|that)$/ { n++; if (\$1 >= 166.5) bad++ } END { exit !(n >= 5 && !bad) }'"
expect_eq "board: none of it on page 2" 0 \
	"$(pdftotext -f 2 -l 2 "$TB" - | grep -c -e 'Carriages' -e 'locomotives' -e 'Both')"

# --- type of 7 pt or more where a proof round found 5.5-6.5 pt: the board's
# BROKEN RAILWAY, the carriages' "any letter" and LOCO, the fare tokens' TRAIN,
# Train's setup sheet
ok_if "board: the smallest type is 7 pt or more ($(m minsize "$TB"))" \
	awk -v s="$(m minsize "$TB" | cut -d' ' -f1)" 'BEGIN { exit !(s >= 6.95) }'
ok_if "carriages: the smallest type is 7 pt or more ($(m minsize "$WORK/toy/toy-train/faces.pdf"))" \
	awk -v s="$(m minsize "$WORK/toy/toy-train/faces.pdf" | cut -d' ' -f1)" 'BEGIN { exit !(s >= 6.95) }'
$R build -q --only tokens --paper a4 -o "$WORK/tok" packs/take-the-train.yaml
ok_if "fare tokens: the smallest type is 7 pt or more ($(m minsize "$WORK/tok/take-the-train/tokens-a4.pdf"))" \
	awk -v s="$(m minsize "$WORK/tok/take-the-train/tokens-a4.pdf" | cut -d' ' -f1)" 'BEGIN { exit !(s >= 6.95) }'
$R build -q --only setup,faces --paper a4 -o "$WORK/t52" packs/train-52.yaml
ok_if "Train's setup sheet: the smallest type is 7 pt or more ($(m minsize "$WORK/t52/train-52/setup.pdf"))" \
	awk -v s="$(m minsize "$WORK/t52/train-52/setup.pdf" | cut -d' ' -f1)" 'BEGIN { exit !(s >= 6.95) }'
expect_eq "Train's setup sheet: the central area beside the piles of each of the four rounds" 4 \
	"$(pdftotext "$WORK/t52/train-52/setup.pdf" - | grep -c '^central area$')"

# --- the fare tokens' cut circle: near-black (the K plate) on the 1 in edge of the first coin
# (the row of coin centres at 28.9 mm: the circle crosses it twice a coin)
pdftoppm -r 300 -f 1 -l 1 "$WORK/tok/take-the-train/tokens-a4.pdf" "$WORK/tk"
expect_eq "fare tokens: a cut circle on every coin's edge (2 crossings a coin, 6 coins a row)" 12 \
	"$(python3 tests/cli/butted/measure.py "$WORK/tk-1.ppm" 300 row 28.9 17 17 17 40 | wc -w)"

# --- Train's back: no check line along the trim within 3 mm of it (the safe
# zone): across each 3 mm strip inside the trim every line is one colour (the
# lines across the trim run straight through it); the check inside it; 300 dpi,
# 3.175 mm of bleed
pdftoppm -r 300 -f 1 -l 1 "$WORK/t52/train-52/back.pdf" "$WORK/bk"
mixed() { # X0 X1 Y0 Y1 (mm from the trim's top left) across|down: the lines across
	# the strip (rows when across, else columns) with more than one colour
	python3 - "$WORK/bk-1.ppm" "$@" <<'PY'
import sys
d = open(sys.argv[1], 'rb').read(); p = d.split(maxsplit=4); w, h = int(p[1]), int(p[2]); px = p[4][-w * h * 3:]
x0, x1, y0, y1 = [int((float(a) + 3.175) * 300 / 25.4) for a in sys.argv[2:6]]
at = lambda x, y: px[3 * (y * w + x):3 * (y * w + x) + 3]
def one(cells):
    c = [at(x, y) for x, y in cells]
    return all(max(abs(a - b) for a, b in zip(c[0], v)) < 12 for v in c)
if sys.argv[6] == 'across':
    print(sum(not one([(x, y) for x in range(x0, x1)]) for y in range(y0, y1)))
else:
    print(sum(not one([(x, y) for y in range(y0, y1)]) for x in range(x0, x1)))
PY
}
expect_eq "Train back: no line along the trim within 3 mm of it, on any side" "0 0 0 0" \
	"$(mixed 0.1 3 4 85 across) $(mixed 60.5 63.4 4 85 across) $(mixed 4 59.5 0.1 3 down) $(mixed 4 59.5 85.9 88.8 down)"
ok_if "Train back: the check inside it" test "$(mixed 3 60.5 40 50 across)" -gt 20

# --- the two locomotives in two colours (the body's centre, 100 dpi, 3.175 mm bleed)
pdftoppm -r 100 -f 1 -l 1 -singlefile "$WORK/toy/toy-train/faces.pdf" "$WORK/loco1"
pdftoppm -r 100 -f 2 -l 2 -singlefile "$WORK/toy/toy-train/faces.pdf" "$WORK/loco2"
ok_if "locomotive 1 red, locomotive 2 another colour" \
	test "$(python3 tests/cli/pixel.py "$WORK/loco1.ppm" 20 20)" != "$(python3 tests/cli/pixel.py "$WORK/loco2.ppm" 20 20)"
expect_eq "the back names the game (once each way up), not TOY" 2 \
	"$($R build -q --only faces -o "$WORK/toyb" packs/toy-train.yaml; pdftotext "$WORK/toyb/toy-train/back.pdf" - | grep -ci '^toy train$')"

# --- the reference pages: larger type and legend, the deal under it, down the
# page: less than 50 mm of blank paper below the lowest ink on A4 (65-70 mm before)
for p in toy-train train-52 domino-double-six; do
	$R build -q --only reference --paper a4 -o "$WORK/ref" packs/$p.yaml
	pdftoppm -r 50 -gray -singlefile "$WORK/ref/$p/reference.pdf" "$WORK/ref-$p"
	ok_if "$p reference: blank below the lowest ink under 50 mm ($(m bottom 50 "$WORK/ref-$p.pgm") mm)" \
		awk -v b="$(m bottom 50 "$WORK/ref-$p.pgm")" 'BEGIN { exit !(b < 50) }'
done

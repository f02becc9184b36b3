#!/bin/sh
# Print production: sheets computed from the paper with every item's full bleed,
# crop marks and notes inside the printable margin, back files, a clean output set
# swapped in whole, unsound packs refused. Pages are rendered with pdftoppm and
# their pixels counted (tests/cli/build-print/ppm.py).
. tests/cli/lib.sh
D=tests/cli/build-print
R="$RAILYARD"
ppm() { python3 "$D/ppm.py" "$@"; }
pages() { pdfinfo "$1" 2>/dev/null | sed -n 's/^Pages: *//p'; }
near() { # near WANT GOT PERMILLE: |GOT - WANT| <= WANT * PERMILLE / 1000
	awk -v w="$1" -v g="$2" -v p="$3" 'BEGIN { d = g - w; if (d < 0) d = -d; exit !(g != "" && d * 1000 <= w * p) }'
}

# --- a 3 x 3 sheet of 50 x 70 mm cards with 3 mm bleed: the green area is nine
# cards' trim + bleed (56 x 76 mm each), not their trim (50 x 70 mm).
expect_status "build the bleed grid (each card with its bleed: --layout gutter)" 0 $R build --layout gutter -o "$WORK/g" "$D/pack.yaml"
G="$WORK/g/bleed-grid"
expect_eq "9 cards, fronts and backs: 2 pages" 2 "$(pages "$G/sheets-a4.pdf")"
pdftoppm -r 100 -f 1 -l 2 "$G/sheets-a4.pdf" "$WORK/grid"
want=$(awk 'BEGIN { printf "%d", 9 * 56 * 76 * (100 / 25.4) ^ 2 }')
trim=$(awk 'BEGIN { printf "%d", 9 * 50 * 70 * (100 / 25.4) ^ 2 }')
n=$(ppm "$WORK/grid-1.ppm" count 0 192 0)
ok_if "fronts: the green area is 9 x trim + bleed ($n px, want $want; trim alone $trim)" near "$want" "$n" 5
n=$(ppm "$WORK/grid-2.ppm" count 0 0 192)
ok_if "backs: the blue area is 9 x trim + bleed ($n px, want $want)" near "$want" "$n" 5
# Crop marks: the grid is 3 x 56 mm wide from x = 21 mm, 3 x 76 mm high from y =
# 34.5 mm; a mark at each of the 6 trim lines across (3 mm in from each cell's
# edge), above the grid (y 31..34 mm) and below it, 6 down each side.
expect_eq "crop marks above the grid at every trim line" "24 74 80 130 136 186" "$(ppm "$WORK/grid-1.ppm" marks 32.5 100)"
expect_eq "crop marks below the grid" "24 74 80 130 136 186" "$(ppm "$WORK/grid-1.ppm" marks 265 100)"
pdftotext -layout -f 1 -l 1 "$G/sheets-a4.pdf" "$WORK/grid.txt"
expect_grep "the note says how to flip" 'duplex: flip on long edge' "$WORK/grid.txt"
expect_status "--duplex short" 0 $R build --only sheets --layout gutter --duplex short -o "$WORK/short" "$D/pack.yaml"
expect_grep "short: the note says short edge" 'duplex: flip on short edge' \
	"$(pdftotext -f 1 -l 1 "$WORK/short/bleed-grid/sheets-a4.pdf" "$WORK/short.txt"; echo "$WORK/short.txt")"
expect_status "--duplex none" 0 $R build --only sheets --layout gutter --duplex none -o "$WORK/none" "$D/pack.yaml"
expect_eq "none: fronts only, 1 page" 1 "$(pages "$WORK/none/bleed-grid/sheets-a4.pdf")"
ok_if "none: no duplex wording" sh -c "! pdftotext '$WORK/none/bleed-grid/sheets-a4.pdf' - | grep -q duplex"
expect_status "--margin 20mm" 0 $R build --only sheets --layout gutter --paper a4 --margin 20mm -o "$WORK/m20" "$D/pack.yaml"
expect_eq "a 20 mm margin leaves room for 2 x 3: 2 sheets, 4 pages" 4 "$(pages "$WORK/m20/bleed-grid/sheets-a4.pdf")"
expect_status "--margin 80mm: nothing fits: exit 3" 3 $R build --only sheets --layout gutter --paper a4 --margin 80mm -o "$WORK/m80" "$D/pack.yaml"
expect_grep "... says the item does not fit" 'does not fit on a4 paper inside a 80 mm margin' "$WORK/last.err"
ok_if "... and nothing is written" test ! -e "$WORK/m80/bleed-grid"
expect_status "--duplex sideways: exit 2" 2 $R build --duplex sideways "$D/pack.yaml"

# --- A3 holds 12 poker cards; Toy Train's carriages fit 35 an A4 page; without
# their back (the pack's back: left out), no duplex wording.
expect_status "poker on A3" 0 $R build --only sheets --layout gutter --paper a3 -o "$WORK/a3" packs/pattern-one-census-seven.yaml
expect_eq "84 poker cards on A3: 7 sheets, 14 pages" 14 "$(pages "$WORK/a3/pattern-one-census-seven/sheets-a3.pdf")"
sed '/^back:/d' packs/toy-train.yaml >"$WORK/toy-train.yaml"
expect_status "toy train sheets" 0 $R build --only sheets -o "$WORK/toy" "$WORK/toy-train.yaml"
T="$WORK/toy/toy-train"
expect_eq "128 carriages at 35 an A4 page: 4 pages" 4 "$(pages "$T/sheets-a4.pdf")"
expect_eq "page 1 holds 35 carriages (letters and locomotives; 28 mm + 2 x 3.175 mm of bleed)" 35 \
	"$(pdftotext -f 1 -l 1 "$T/sheets-a4.pdf" - | grep -cE '^([A-Z?]|#?[12])$')"
ok_if "no duplex wording without backs" sh -c "! pdftotext '$T/sheets-a4.pdf' - | grep -q duplex"
# The back goes with faces (not with sheets): build those, so the check can fail.
expect_status "toy train faces" 0 $R build --only faces -o "$WORK/toy" "$WORK/toy-train.yaml"
ok_if "no back.pdf without a back (faces.pdf is there)" test -s "$T/faces.pdf" -a ! -e "$T/back.pdf"

# --- no ink within 5 mm of the paper's edge on any page of any sheet, board,
# placemat, setup, token or reference file of any shipped pack (50 dpi: 5 mm is 9
# pixels; the 6 mm margin keeps them white).
bad=""
for p in packs/*.yaml; do
	id=$(sed -n 's/^pack: *//p' "$p")
	$R build --only sheets,placemat,reference,tokens,board,setup -o "$WORK/ink" "$p" 2>/dev/null || bad="$bad $id:build"
	for f in "$WORK/ink/$id"/*.pdf; do
		rm -f "$WORK"/ink-*.ppm
		pdftoppm -r 50 "$f" "$WORK/ink"
		for pg in "$WORK"/ink-*.ppm; do
			[ "$(ppm "$pg" border 9)" = 0 ] || bad="$bad $id/$(basename "$f"):$(basename "$pg")"
		done
	done
done
expect_eq "no ink within 5 mm of the paper's edge" "" "$bad"

# --- the back as files: back.pdf with page boxes like faces.pdf, png/back.png,
# svg/back.svg.
B="$WORK/g/bleed-grid"
pdfinfo -box "$B/back.pdf" >"$WORK/box"
expect_grep "back.pdf: one page" '^Pages: +1$' "$WORK/box"
expect_grep "back.pdf: trim + bleed, 56 x 76 mm" '^Page size: +158\.74 x 215\.43[0-9]* pts' "$WORK/box"
expect_grep "back.pdf: TrimBox 3 mm in" '^TrimBox: +8\.50 +8\.50 +150\.24 +206\.93' "$WORK/box"
expect_eq "png/back.png: 56 x 76 mm at 300 dpi" "661 x 898" \
	"$(file "$B/png/back.png" | sed -E 's/.*PNG image data, ([0-9]+ x [0-9]+).*/\1/')"
expect_grep "svg/back.svg in mm" 'width="56mm" height="76mm"' "$B/svg/back.svg"
expect_status "svg/back.svg renders" 0 rsvg-convert -o "$WORK/back.png" "$B/svg/back.svg"

# --- -o DIR is the parent: two packs into one -o stay apart.
expect_status "a second pack into the same -o" 0 $R build --only faces -o "$WORK/g" packs/pattern-one-census-six.yaml
expect_eq "two folders, one per pack" "bleed-grid pattern-one-census-six" "$(ls "$WORK/g" | tr '\n' ' ' | sed 's/ $//')"
expect_eq "the first pack's set is whole" "$(cat "$B/files.txt" | grep -v '^#' | LC_ALL=C sort)" \
	"$(cd "$B" && find . -type f | sed 's|^\./||' | LC_ALL=C sort)"

# --- a clean, whole set. files.txt lists every file; a rebuild with fewer cards
# leaves exactly the new set, and keeps what railyard did not write.
W="$WORK/wild.yaml"
sed 's/^wild: .*/wild: 4/' packs/pattern-one-wild.yaml >"$W"
expect_status "build 88 cards" 0 $R build -o "$WORK/c" "$W"
C="$WORK/c/pattern-one-wild"
expect_eq "88 PNG cards" 88 "$(ls "$C/png" | grep -c '^card-')"
echo "my notes" >"$C/notes.txt"
echo "mine too" >"$C/png/mine.txt"
mkdir "$C/scans" && echo "scan" >"$C/scans/a.txt"
ino=$(ls -i "$C/notes.txt" | cut -d' ' -f1)
sed 's/^wild: .*/wild: 1/' packs/pattern-one-wild.yaml >"$W"
expect_status "rebuild with 85 cards" 0 $R build -o "$WORK/c" "$W"
expect_eq "85 PNG cards" 85 "$(ls "$C/png" | grep -c '^card-')"
ok_if "card-086.png .. card-088.png are gone" test ! -e "$C/png/card-086.png" -a ! -e "$C/png/card-088.png"
expect_eq "manifest: 85 rows" 86 "$(wc -l <"$C/manifest.csv")"
expect_eq "the folder holds exactly files.txt and the files railyard did not write" \
	"$( (grep -v '^#' "$C/files.txt"; printf 'notes.txt\npng/mine.txt\nscans/a.txt\n') | LC_ALL=C sort)" \
	"$(cd "$C" && find . -type f | sed 's|^\./||' | LC_ALL=C sort)"
expect_eq "notes.txt is the same file (inode)" "$ino" "$(ls -i "$C/notes.txt" | cut -d' ' -f1)"
expect_eq "png/mine.txt kept" "mine too" "$(cat "$C/png/mine.txt")"
expect_eq "no staging folder left" "" "$(ls -A "$WORK/c" | grep '^\.' | grep -v '\.lock$')"
expect_status "--with transfer" 0 $R build --only png --with transfer -o "$WORK/tt" packs/take-the-train.yaml
ok_if "the transfer card is there" test -e "$WORK/tt/take-the-train/png/055-transfer.png"
expect_status "--without transfer" 0 $R build --only png --without transfer -o "$WORK/tt" packs/take-the-train.yaml
ok_if "--without transfer: its PNG is gone" test ! -e "$WORK/tt/take-the-train/png/055-transfer.png"
echo "in the way" >"$WORK/tt/take-the-train/faces.pdf.x"
mv "$WORK/tt/take-the-train/faces.pdf.x" "$WORK/tt/take-the-train/reference.pdf"
expect_status "a file railyard did not write where it writes one: exit 3" 3 $R build --only reference -o "$WORK/tt" packs/take-the-train.yaml
expect_eq "... and that file is untouched" "in the way" "$(cat "$WORK/tt/take-the-train/reference.pdf")"

# Killed midway (SIGKILL, and SIGTERM): the previous set stays byte-identical.
expect_status "a small set first" 0 $R build -o "$WORK/k" packs/pattern-two-census-seven.yaml
K="$WORK/k/pattern-two-census-seven"
sums() { (cd "$K" && find . -type f | LC_ALL=C sort | xargs cksum); }
sums >"$WORK/before"
sed -e 's/^cards: .*/cards: 3000/' -e '/^players:/d' packs/pattern-two-census-seven.yaml >"$WORK/big.yaml"
cp -r templates "$WORK/" 2>/dev/null
for sig in KILL TERM; do
	$R build --only faces,png -o "$WORK/k" "$WORK/big.yaml" 2>/dev/null &
	pid=$!
	sleep 2
	kill -$sig $pid
	wait $pid
	expect_eq "SIG$sig midway: the old set is byte-identical" "$(cat "$WORK/before")" "$(sums)"
done
expect_eq "SIGTERM: its staging folder is removed (SIGKILL leaves one)" 1 "$(ls -A "$WORK/k" | grep -c '^\.pattern-two-census-seven\.')"

# --- an unsound pack: exit 1 with check's errors, nothing written; --force builds.
expect_status "unsound: exit 1" 1 $R build -o "$WORK/u" "$D/unsound.yaml"
expect_grep "... with check's error" 'unsound.yaml:6:8: error: 11 of the pattern.s 21 abilities are on no card' "$WORK/last.err"
expect_grep "... and why nothing was built" "not built: 'railyard check' finds 1 error" "$WORK/last.err"
ok_if "... nothing written" test ! -e "$WORK/u"
expect_status "--force: exit 0" 0 $R build --force --only faces -o "$WORK/u" "$D/unsound.yaml"
expect_grep "... with a warning" 'warning: .*built with --force' "$WORK/last.err"
expect_eq "... 10 faces" 10 "$(pages "$WORK/u/unsound/faces.pdf")"
expect_grep "... each marked unchecked in its slug (outside the trim)" '^unchecked \(railyard build --force\)$' \
	"$(pdftotext -f 1 -l 1 "$WORK/u/unsound/faces.pdf" "$WORK/u.txt"; echo "$WORK/u.txt")"
expect_eq "... the mark is cut away: not inside the trim" "" \
	"$(pdftotext -f 1 -l 1 -x 9 -y 9 -W 180 -H 252 "$WORK/u/unsound/faces.pdf" - | grep unchecked)"
$R build -q --only faces -o "$WORK/s" packs/pattern-one-census-six.yaml
expect_eq "a sound pack carries no mark" "0" "$(pdftotext -f 1 -l 1 "$WORK/s/pattern-one-census-six/faces.pdf" - | grep -c unchecked)"

# --- PNG files: drawn on worker threads, the same bytes for any --jobs, a 300 dpi
# pHYs (11811 pixels a metre).
expect_status "png, 1 job" 0 $R build --only png --jobs 1 -o "$WORK/j1" packs/pattern-two-census-seven.yaml
expect_status "png, 3 jobs" 0 $R build --only png --jobs 3 -o "$WORK/j3" packs/pattern-two-census-seven.yaml
expect_status "byte-identical for --jobs 1 and 3" 0 diff -r "$WORK/j1" "$WORK/j3"
expect_eq "pHYs: 300 dpi" "11811 11811 1" "$(ppm phys "$WORK/j1/pattern-two-census-seven/png/card-001.png")"
expect_eq "pHYs of the back too" "11811 11811 1" "$(ppm phys "$WORK/j1/pattern-two-census-seven/png/back.png")"
expect_status "--jobs 0: exit 2" 2 $R build --jobs 0 packs/pattern-two-census-seven.yaml

# --- print-on-demand presets, each into PARENT/PACK.NAME/.
P2=packs/pattern-two-two-packs.yaml
size() { file "$1" | sed -E 's/.*PNG image data, ([0-9]+ x [0-9]+).*/\1/'; }
expect_status "--preset tgc" 0 $R build --preset tgc -o "$WORK/pod" "$P2"
T="$WORK/pod/pattern-two-two-packs.tgc"
expect_eq "tgc: 825 x 1125 px (poker + 1/8 in bleed at 300 dpi)" "825 x 1125" "$(size "$T/png/card-001.png")"
expect_eq "tgc: the back too" "825 x 1125" "$(size "$T/png/back.png")"
expect_eq "tgc: the 84 unique faces once, and the back" 85 "$(ls "$T/png" | wc -l)"
expect_eq "tgc: exactly the PNGs, quantities.csv, manifest.csv and files.txt" "files.txt manifest.csv png quantities.csv" \
	"$(ls "$T" | tr '\n' ' ' | sed 's/ $//')"
expect_grep "quantities.csv: header" '^file,count$' "$T/quantities.csv"
expect_grep "quantities.csv: each face twice (copies: 2)" '^png/card-012\.png,2$' "$T/quantities.csv"
expect_grep "quantities.csv: 168 backs" '^png/back\.png,168$' "$T/quantities.csv"
expect_eq "tgc: pHYs 300 dpi" "11811 11811 1" "$(ppm phys "$T/png/card-001.png")"
expect_eq "tgc: tagged sRGB (perceptual), gAMA 1/2.2" "gAMA 45455 sRGB 0" "$(python3 -c "
import struct, sys
d = open(sys.argv[1], 'rb').read(); pos = 8; out = []
while pos < len(d):
    n, t = struct.unpack('>I4s', d[pos:pos + 8])
    if t == b'sRGB': out.append('sRGB %d' % d[pos + 8])
    if t == b'gAMA': out.append('gAMA %d' % struct.unpack('>I', d[pos + 8:pos + 12]))
    pos += 12 + n
print(' '.join(out))" "$T/png/card-001.png")"
expect_status "--preset mpc" 0 $R build --preset mpc -o "$WORK/pod" "$P2"
M="$WORK/pod/pattern-two-two-packs.mpc"
expect_eq "mpc: 822 x 1122 px" "822 x 1122" "$(size "$M/png/card-084.png")"
expect_eq "mpc: the back 822 x 1122 px" "822 x 1122" "$(size "$M/png/back.png")"
expect_status "--preset drivethru" 0 $R build --preset drivethru -o "$WORK/pod" packs/pattern-two-census-seven.yaml
DT="$WORK/pod/pattern-two-census-seven.drivethru"
expect_eq "drivethru: one PDF (and the manifests)" "drivethru.pdf files.txt manifest.csv" "$(ls "$DT" | tr '\n' ' ' | sed 's/ $//')"
pdfinfo -box -f 1 -l 1 "$DT/drivethru.pdf" >"$WORK/dt"
expect_grep "drivethru: 84 backs and 84 fronts" '^Pages: +168$' "$WORK/dt"
expect_grep "drivethru: 2.75 x 3.75 in pages (1/8 in bleed)" 'size: +198 x 270 pts' "$WORK/dt"
expect_grep "drivethru: TrimBox 1/8 in in" '^Page +1 TrimBox: +9\.00 +9\.00 +189\.00 +261\.00' "$WORK/dt"
# (its letters compared sorted: the turned title's lines come out in either order)
letters() { tr -d '[:space:]' | fold -w1 | sort | tr -d '\n'; }
expect_eq "drivethru: page 1 is card 1's back (no number, the back's text)" \
	"$(pdftotext "$WORK/k/pattern-two-census-seven/back.pdf" - 2>/dev/null | letters)" \
	"$(pdftotext -f 1 -l 1 "$DT/drivethru.pdf" - | letters)"
expect_eq "drivethru: page 2 is card 1's front" "1" "$(pdftotext -f 2 -l 2 "$DT/drivethru.pdf" - | grep -m1 -Ex '[0-9]+')"
expect_eq "drivethru: page 24 is card 12's front" "12" "$(pdftotext -f 24 -l 24 "$DT/drivethru.pdf" - | grep -m1 -Ex '[0-9]+')"
expect_status "the home set beside it is untouched by presets" 0 test ! -e "$WORK/pod/pattern-two-census-seven"
expect_status "--preset nope: exit 2" 2 $R build --preset nope "$P2"

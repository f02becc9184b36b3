#!/bin/sh
# railyard build: every output of a pack, read back with poppler, qpdf and rsvg.
# Expected values come from the page (card 12 is B ↔ F, 69 is B ↔ G; pattern two
# has 28 abilities, three times over) and from arithmetic on the sizes: poker is
# 2.5 x 3.5 in = 180 x 252 pt, plus 1/8 in = 9 pt of bleed on every side.
. tests/cli/lib.sh
O="$WORK/p2/pattern-two-census-seven"
P=packs/pattern-two-census-seven.yaml

expect_status "build pattern two" 0 "$RAILYARD" build -o "$WORK/p2" "$P"
for f in faces.pdf sheets-a4.pdf sheets-letter.pdf placemat.pdf reference.pdf manifest.csv \
	contact.png svg/card-001.svg svg/card-084.svg svg/placemat.svg png/card-001.png png/card-084.png; do
	ok_if "wrote $f" test -s "$O/$f"
done
expect_eq "84 SVG cards" 84 "$(ls "$O/svg" | grep -c '^card-[0-9][0-9][0-9]\.svg$')"
expect_eq "84 PNG cards" 84 "$(ls "$O/png" | grep -c '^card-[0-9][0-9][0-9]\.png$')"
expect_eq "no temporary files left" "" "$(find "$O" -name '*.tmp')"

# faces.pdf: one card per page, trim + bleed, boxes, fonts, text.
pdfinfo "$O/faces.pdf" >"$WORK/info"
expect_grep "faces: 84 pages" '^Pages: +84$' "$WORK/info"
expect_grep "faces: 198 x 270 pt (poker + 1/8 in bleed)" '^Page size: +198 x 270 pts' "$WORK/info"
expect_grep "faces: creation date from SOURCE_DATE_EPOCH" '^CreationDate: .*Nov 14 22:13:20 2023' "$WORK/info"
for pg in 1 84; do
	pdfinfo -box -f $pg -l $pg "$O/faces.pdf" >"$WORK/box"
	expect_grep "faces page $pg: TrimBox 9 9 189 261" "^Page +$pg TrimBox: +9\.00 +9\.00 +189\.00 +261\.00" "$WORK/box"
	expect_grep "faces page $pg: BleedBox = MediaBox" "^Page +$pg BleedBox: +0\.00 +0\.00 +198\.00 +270\.00" "$WORK/box"
done
for f in faces sheets-a4 sheets-letter placemat reference; do
	expect_status "qpdf --check $f.pdf" 0 qpdf --check "$O/$f.pdf"
	pdffonts "$O/$f.pdf" | tail -n +3 >"$WORK/fonts"
	ok_if "$f.pdf: fonts found" test -s "$WORK/fonts"
	expect_eq "$f.pdf: every font embedded and subset" "" \
		"$(awk '{ if ($(NF-4) != "yes" || $(NF-3) != "yes") print }' "$WORK/fonts")"
done
# Every page's text: its number and its code, in order, as `list --cards` says.
"$RAILYARD" list --cards "$P" | cut -f1,2 | tr '\t' ' ' >"$WORK/want"
# (the first word of a page is its number, the first word of two letters or more its code)
pdftotext "$O/faces.pdf" - |
	awk 'BEGIN { RS = "\f" } NF { c = ""; for (i = 1; i <= NF && c == ""; i++) if ($i ~ /[A-Z]/ && length($i) > 1) c = $i; print $1, c }' >"$WORK/got"
expect_eq "faces text: number and code of all 84 cards in order" "$(cat "$WORK/want")" "$(cat "$WORK/got")"
expect_eq "faces: card 12 is BF (figure 6)" "12 BF" "$(sed -n 12p "$WORK/got")"
expect_eq "faces: card 69 is BG (figure 6, not the table's B ↔ H)" "69 BG" "$(sed -n 69p "$WORK/got")"
expect_eq "faces: card 1 is AX" "1 AX" "$(sed -n 1p "$WORK/got")"
# Double-ended: the large number appears twice and the small one twice per page.
expect_eq "faces page 12: number printed four times" 4 \
	"$(pdftotext -f 12 -l 12 "$O/faces.pdf" - | grep -c '^12$')"
# The ability drawn with its symbol: swaps show ↔, removals →, each twice a card.
expect_eq "faces page 12 (B ↔ F): the symbol ↔ twice" 2 \
	"$(pdftotext -f 12 -l 12 "$O/faces.pdf" - | grep -c '^↔$')"
expect_eq "faces page 1 (A → X): the symbol → twice" 2 \
	"$(pdftotext -f 1 -l 1 "$O/faces.pdf" - | grep -c '^→$')"
expect_eq "faces: 63 swap cards and 21 removals, each symbol twice a card" "126 42" \
	"$(pdftotext "$O/faces.pdf" - | awk '/^↔$/ { s++ } /^→$/ { r++ } END { print s, r }')"
# Numbers that read as another number turned round are underlined, large and in the
# corner, and no other: the pixels under the large number (x 31.75 mm, y 28.4 mm
# from the trim) and under the index (x 6.6 mm, y 12.65 mm), at 100 dpi with the
# 3.175 mm bleed, against an independent reading of the digits.
pdftoppm -r 100 -gray "$O/faces.pdf" "$WORK/gray"
expect_eq "faces: every ambiguous number underlined, large and small, and no other" "" "$(python3 - "$WORK" <<'PY'
import glob, sys
def ambiguous(n):
    turn = {'0': '0', '1': '1', '6': '9', '8': '8', '9': '6'}
    s = str(n)
    if any(c not in turn for c in s):
        return False
    t = ''.join(turn[c] for c in reversed(s))
    return t[0] != '0' and t != s
def pixel(path, x, y):
    data = open(path, 'rb').read()
    parts = data.split(maxsplit=4)   # P5 width height maxval pixels
    w = int(parts[1])
    return parts[4][y * w + x]
px = lambda mm: int(round((mm + 3.175) / 25.4 * 100))
bad = []
for n, path in enumerate(sorted(glob.glob(sys.argv[1] + '/gray-*.pgm')), 1):
    marks = (pixel(path, px(31.75), px(28.4)) < 128, pixel(path, px(6.6), px(12.65)) < 128)
    if marks != (ambiguous(n),) * 2:
        bad.append('%d: %s' % (n, marks))
print(' '.join(bad))
PY
)"
expect_eq "faces: cards 6, 9, 16, 18, 19, 61, 66, 68, 81 among them" "6 9 16 18 19 61 66 68 81" \
	"$(python3 -c 'print(*[n for n in range(1, 85) if str(n).translate(str.maketrans("69", "96"))[::-1] != str(n) and set(str(n)) <= set("01689") and not str(n).endswith("0")])')"
# A grid pack: rotations either way show <> and ^v in the centre as in the corner
# code (JetBrains Mono has no ⇄ or ⇅), and nothing is warned.
expect_status "grid pack builds" 0 "$RAILYARD" build -q --only faces -o "$WORK/g9" packs/grid-census-nine.yaml
expect_eq "grid pack: no warnings" "" "$(cat "$WORK/last.err")"
pdftotext "$WORK/g9/grid-census-nine/faces.pdf" "$WORK/g9.txt"
expect_eq "grid faces: <> on the nine row rotations, ^v on the nine column ones (corner and centre, twice a card), no ⇄ or ⇅" "36 36 0 0" \
	"$(grep -o '<>' "$WORK/g9.txt" | wc -l) $(grep -o '\^v' "$WORK/g9.txt" | wc -l) $(grep -c '⇄' "$WORK/g9.txt") $(grep -c '⇅' "$WORK/g9.txt")"
expect_grep "grid faces: the arrows' font is embedded" 'DejaVuSans +CID TrueType +Identity-H +yes +yes' \
	"$(pdffonts "$WORK/g9/grid-census-nine/faces.pdf" >"$WORK/g9fonts"; echo "$WORK/g9fonts")"
qpdf --json --json-key=pagelabels "$O/faces.pdf" >"$WORK/labels"
expect_eq "faces: page labels are one decimal run from 1" 1 \
	"$(python3 -c 'import json,sys; l=json.load(open(sys.argv[1]))["pagelabels"]; print(len(l) if l[0]["label"] == {"/S": "/D", "/St": 1} else -1)' "$WORK/labels")"

# sheets: the trains faces' edges are alike across the cut, so butted: 3 x 3 poker
# cards on A4 and letter (2 x 3 with their own bleed); fronts and backs alternating.
pdfinfo "$O/sheets-a4.pdf" >"$WORK/info"
expect_grep "sheets-a4: 595 x 842 pt" '^Page size: +595\.276 x 841\.89 pts' "$WORK/info"
expect_grep "sheets-a4: butted, ceil(84/9) = 10 sheets, fronts and backs: 20 pages" '^Pages: +20$' "$WORK/info"
pdfinfo "$O/sheets-letter.pdf" >"$WORK/info"
expect_grep "sheets-letter: 612 x 792 pt" '^Page size: +612 x 792 pts' "$WORK/info"
expect_grep "sheets-letter: 8 a sheet (3 x 3 leaves no bleed inside the 6 mm margin): 22 pages" '^Pages: +22$' "$WORK/info"
pdftotext -f 1 -l 1 "$O/sheets-a4.pdf" "$WORK/s1.txt"
expect_grep "sheets: the print-at-100% note" 'Print at 100% / actual size' "$WORK/s1.txt"
expect_grep "sheets: the duplex note" 'duplex: flip on long edge' "$WORK/s1.txt"
expect_eq "sheets page 1: cards 1-9" "1 2 3 4 5 6 7 8 9" \
	"$(pdftotext -f 1 -l 1 "$O/sheets-a4.pdf" - | grep -Ex '[0-9]+' | sort -n | uniq | tr '\n' ' ' | sed 's/ $//')"
expect_eq "sheets page 2 is the backs: no card numbers" "" \
	"$(pdftotext -f 2 -l 2 "$O/sheets-a4.pdf" - | grep -Ex '[0-9]+')"

# placemat: census seven at poker size in a line is wider than A4 (three landscape
# tiles, the last holding G alone); wrapped in two rows it takes two portrait ones,
# the seam between columns B and C.
pdfinfo "$O/placemat.pdf" >"$WORK/info"
expect_grep "placemat: A4 portrait tiles" '^Page size: +595\.276 x 841\.89 pts' "$WORK/info"
expect_grep "placemat: 2 tiles" '^Pages: +2$' "$WORK/info"
expect_eq "placemat: the seven space letters" "A B C D E F G" \
	"$(pdftotext "$O/placemat.pdf" - | grep -Ex '[A-G]' | sort -u | tr '\n' ' ' | sed 's/ $//')"

# reference: a cell per ability (chips, symbol, code, then its cards) and the quick reference.
pdftotext -raw "$O/reference.pdf" "$WORK/ref.txt"
expect_eq "reference: A → X 1, 29, 57" "1, 29, 57" "$(grep -A1 -x 'A → X AX' "$WORK/ref.txt" | sed -n 2p)"
expect_eq "reference: B ↔ G 13, 41, 69" "13, 41, 69" "$(grep -A1 -x 'B ↔ G BG' "$WORK/ref.txt" | sed -n 2p)"
expect_eq "reference: G → X 28, 56, 84" "28, 56, 84" "$(grep -A1 -x 'G → X GX' "$WORK/ref.txt" | sed -n 2p)"
expect_eq "reference: 28 ability cells" 28 "$(grep -cE '^[A-G] [↔→] [A-GX] [A-G][A-GX]$' "$WORK/ref.txt")"
expect_grep "reference: the quick reference's legend" 'Swap the cards in spaces A' "$WORK/ref.txt"
ok_if "reference: no B ↔ H (the page's misprint)" sh -c "! grep -q 'B ↔ H' '$WORK/ref.txt'"

# SVG in millimetres, readable by librsvg; PNG at 300 dpi with bleed.
expect_grep "svg: 69.85 x 95.25 mm" 'width="69.85mm" height="95.25mm"' "$O/svg/card-012.svg"
expect_status "svg: rsvg-convert reads card-012.svg" 0 rsvg-convert -o "$WORK/c12.png" "$O/svg/card-012.svg"
expect_grep "svg placemat: in mm" 'width="[0-9.]+mm"' "$O/svg/placemat.svg"
expect_eq "png: 825 x 1125 px (2.75 x 3.75 in at 300 dpi)" "825 x 1125" \
	"$(file "$O/png/card-001.png" | sed -E 's/.*PNG image data, ([0-9]+ x [0-9]+).*/\1/')"

# manifest.
expect_eq "manifest: header and 84 rows" 85 "$(wc -l <"$O/manifest.csv")"
expect_grep "manifest: card 12" '^12,12,BF,B ↔ F,12,svg/card-012.svg,png/card-012.png$' "$O/manifest.csv"

# Determinism: a second build is byte-identical.
expect_status "second build" 0 "$RAILYARD" build -o "$WORK/p2b" "$P"
expect_status "byte-identical rerun (every file)" 0 diff -r "$O" "$WORK/p2b/pattern-two-census-seven"

# --only, --paper, --bleed.
expect_status "--only faces" 0 "$RAILYARD" build --only faces -o "$WORK/only" "$P"
expect_eq "--only faces writes faces.pdf, back.pdf, manifest.csv and files.txt only" \
	"back.pdf faces.pdf files.txt manifest.csv" \
	"$(ls "$WORK/only/pattern-two-census-seven" | tr '\n' ' ' | sed 's/ $//')"
expect_status "--paper a3 --bleed 0" 0 "$RAILYARD" build --only sheets,faces --paper a3 --bleed 0 -o "$WORK/a3" "$P"
ok_if "--paper a3: sheets-a3.pdf only" test -f "$WORK/a3/pattern-two-census-seven/sheets-a3.pdf" -a ! -f "$WORK/a3/pattern-two-census-seven/sheets-a4.pdf"
pdfinfo "$WORK/a3/pattern-two-census-seven/faces.pdf" >"$WORK/info"
expect_grep "--bleed 0: faces at trim size 180 x 252 pt" '^Page size: +180 x 252 pts' "$WORK/info"
expect_status "--bleed 2mm" 0 "$RAILYARD" build --only faces --bleed 2mm -o "$WORK/b2" "$P"
pdfinfo -box -f 1 -l 1 "$WORK/b2/pattern-two-census-seven/faces.pdf" >"$WORK/box"
expect_grep "--bleed 2mm: TrimBox 5.67 pt in" '^Page +1 TrimBox: +5\.67 +5\.67 +185\.67 +257\.67' "$WORK/box"

# Wild cards and copies.
expect_status "build the wild pack" 0 "$RAILYARD" build --only faces -o "$WORK/wild" packs/pattern-one-wild.yaml
expect_grep "wild: 88 pages" '^Pages: +88$' "$(pdfinfo "$WORK/wild/pattern-one-wild/faces.pdf" >"$WORK/info"; echo "$WORK/info")"
expect_grep "wild: the last page says WILD" 'WILD' "$(pdftotext -f 88 -l 88 "$WORK/wild/pattern-one-wild/faces.pdf" "$WORK/w.txt"; echo "$WORK/w.txt")"
qpdf --json --json-key=pagelabels "$WORK/wild/pattern-one-wild/faces.pdf" >"$WORK/labels"
expect_eq "wild: pages 85-88 labelled W" "84 85 86 87" \
	"$(python3 -c 'import json,sys; print(*[e["index"] for e in json.load(open(sys.argv[1]))["pagelabels"] if e["label"].get("/P") == "u:W"])' "$WORK/labels")"
expect_status "build two packs" 0 "$RAILYARD" build --only faces -o "$WORK/two" packs/pattern-two-two-packs.yaml
qpdf --json --json-key=pagelabels "$WORK/two/pattern-two-two-packs/faces.pdf" >"$WORK/labels"
expect_eq "two packs: page labels 1 1 2 2 3 3" "1 1 2 2 3 3" \
	"$(python3 -c '
import json, sys
ranges = json.load(open(sys.argv[1]))["pagelabels"]
out = []
for p in range(6):
    r = [e for e in ranges if e["index"] <= p][-1]
    out.append(str(r["label"]["/St"] + p - r["index"]))
print(*out)' "$WORK/labels")"

# Every pack builds.
for pack in packs/*.yaml; do
	expect_status "build $(basename "$pack" .yaml)" 0 "$RAILYARD" build --only faces,placemat,reference -o "$WORK/all" "$pack"
done

# Bad usage: exit 2, a message naming the option.
expect_status "--only nonsense" 2 "$RAILYARD" build --only faces,nonsense "$P"
expect_grep "--only: names the bad output" "unknown output 'nonsense'" "$WORK/last.err"
expect_status "--paper b5" 2 "$RAILYARD" build --paper b5 "$P"
expect_grep "--paper: names the paper" "unknown paper 'b5'" "$WORK/last.err"
expect_status "--bleed -1" 2 "$RAILYARD" build --bleed -1 "$P"
expect_status "no pack" 2 "$RAILYARD" build
expect_status "--help" 0 "$RAILYARD" build --help
expect_grep "--help names --only" '--only LIST' "$WORK/last.out"

# A failed build keeps the previous output: svg/ cannot be created (a file is in
# the way), so the build stops with exit 3; faces.pdf from before is intact.
mkdir -p "$WORK/keep"
expect_status "first build" 0 "$RAILYARD" build --only faces -o "$WORK/keep" "$P"

echo "not a folder" >"$WORK/keep/pattern-two-census-seven/svg"
expect_status "failing build exits 3" 3 "$RAILYARD" build --only faces,svg --bleed 1 -o "$WORK/keep" "$P"
expect_grep "failing build names the file in the way" "keep/pattern-two-census-seven/svg was not written by railyard" "$WORK/last.err"
expect_status "faces.pdf still a good PDF" 0 qpdf --check "$WORK/keep/pattern-two-census-seven/faces.pdf"
expect_eq "no temporary files after a failure" "" "$(find "$WORK/keep" -name '*.tmp')"
expect_status "output folder cannot be made: exit 3" 3 "$RAILYARD" build -o "$WORK/keep/pattern-two-census-seven/svg/x" "$P"

# Interrupted: SIGINT in the middle of a long faces.pdf (100,000 cards: minutes of
# work, interrupted after a second) leaves the old one.
# (the same pack id, so the same set: under another id the build would write
# another folder and leave this faces.pdf alone whatever it did)
sed -e 's/^cards: .*/cards: 100000/' -e '/^players:/d' "$P" >"$WORK/big.yaml"
cp -r "$TOP/templates" "$WORK/" 2>/dev/null
expect_status "small build first" 0 "$RAILYARD" build --only faces -o "$WORK/int" "$P"
cksum <"$WORK/int/pattern-two-census-seven/faces.pdf" >"$WORK/before"
"$RAILYARD" build --only faces --max-items 100000 -o "$WORK/int" "$WORK/big.yaml" 2>/dev/null &
pid=$!
sleep 1
kill -INT $pid 2>/dev/null
wait $pid
expect_eq "the build was interrupted (killed by SIGINT: 130)" 130 $?
expect_eq "interrupted build: faces.pdf unchanged" "$(cat "$WORK/before")" "$(cksum <"$WORK/int/pattern-two-census-seven/faces.pdf")"
expect_eq "interrupted build: no temporary files" "" "$(find "$WORK/int" -name '*.tmp')"
expect_eq "interrupted build: no staging folder" "" "$(ls -A "$WORK/int" | grep '^\.' | grep -v '\.lock$')"

# Fonts come from fontconfig and nowhere else: with an empty configuration the
# default templates' DejaVu Sans Mono is an error naming the template line, not a
# silent fallback; a template's font-file (a file in the tree) then makes it work.
mkdir -p "$WORK/fc/cache" "$WORK/fc/tpl/fonts" "$WORK/fc/packs"
printf '<?xml version="1.0"?>\n<fontconfig><cachedir>%s</cachedir></fontconfig>\n' "$WORK/fc/cache" >"$WORK/fc/fonts.conf"
expect_status "no fonts: exit 2" 2 env FONTCONFIG_FILE="$WORK/fc/fonts.conf" "$RAILYARD" build --only faces -o "$WORK/fc/out" "$P"
expect_grep "no fonts: names the template's font line" "trains-face.yaml:[0-9]+:[0-9]+: error: font 'Inter' not found" "$WORK/last.err"
cp /usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf /usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf "$WORK/fc/tpl/fonts/"
# (every font of the templates becomes DejaVu Sans Mono, named by its file; the
# reference template is found in the pack's parent folder's templates/)
mkdir -p "$WORK/fc/templates"
for t in face back placemat reference; do
	sed -e 's/font: [A-Za-z ]*\([,}]\)/font: DejaVu Sans Mono\1/g' -e 's/^font: .*$/font: DejaVu Sans Mono\nfont-file: fonts\/DejaVuSansMono.ttf/' \
		-e 's/^\( *\)font: [A-Za-z ]*$/\1font: DejaVu Sans Mono/' "templates/trains-$t.yaml" >"$WORK/fc/tpl/$t.yaml"
done
cp "$WORK/fc/tpl/reference.yaml" "$WORK/fc/templates/trains-reference.yaml"
sed -i 's/^font-file: fonts/font-file: ..\/tpl\/fonts/' "$WORK/fc/templates/trains-reference.yaml"
sed -e '/^face:/d' -e '/^back:/d' -e '/^placemat:/d' "$P" >"$WORK/fc/packs/p.yaml"
printf 'face: ../tpl/face.yaml\nback: ../tpl/back.yaml\nplacemat: ../tpl/placemat.yaml\n' >>"$WORK/fc/packs/p.yaml"
expect_status "font-file: builds with no installed fonts" 0 env FONTCONFIG_FILE="$WORK/fc/fonts.conf" "$RAILYARD" build --only faces --allow-path "$WORK/fc/tpl" -o "$WORK/fc/out" "$WORK/fc/packs/p.yaml"
expect_grep "font-file: the font is embedded" 'DejaVuSansMono +TrueType .* yes yes' "$(pdffonts "$WORK/fc/out/pattern-two-census-seven/faces.pdf" >"$WORK/fonts"; echo "$WORK/fonts")"

# A progress bar on a terminal for a long job, and nothing on a pipe.
sed -e 's/^pack: .*/pack: mid/' -e 's/^cards: .*/cards: 300/' -e '/^players:/d' "$P" >"$WORK/mid.yaml"
expect_status "300 cards, stderr not a terminal" 0 "$RAILYARD" build --only faces -o "$WORK/mid" "$WORK/mid.yaml"
expect_eq "no progress bar on a pipe: only the summary line (faces, back, manifest, files.txt)" \
	"railyard: build: 4 files, 301 PDF pages in $WORK/mid/mid/ (" "$(sed 's/(.*/(/' "$WORK/last.err")"
if command -v script >/dev/null; then
	script -qec "'$RAILYARD' build --progress --only faces,sheets -o '$WORK/mid' '$WORK/mid.yaml'" "$WORK/tty.log" >/dev/null 2>&1
	expect_grep "progress on a terminal: step, count, rate, the build's share and time left" \
		'step 1/4 faces\.pdf 300/300 cards, [0-9]+/s; build [0-9]+%' "$(tr '\r' '\n' <"$WORK/tty.log" >"$WORK/tty.txt"; echo "$WORK/tty.txt")"
	expect_grep "... the sheets' edge check a step of its own" 'step 2/4 edge check [0-9]' "$WORK/tty.txt"
	expect_grep "... each step counted" 'step 4/4 sheets-letter\.pdf [0-9]' "$WORK/tty.txt"
	expect_grep "... the time left is the build's" '; build [0-9]+%, [0-9]+ s left' "$WORK/tty.txt"
else
	echo "ok - the progress on a terminal # SKIP no script(1) here (bsdutils)"
fi

# The libqpdf fallback (used when Cairo's file is not laid out as expected; forced
# here) gives the same boxes and labels, and a file qpdf checks clean.
expect_status "RAILYARD_PDF_QPDF=1 build" 0 env RAILYARD_PDF_QPDF=1 "$RAILYARD" build --only faces -o "$WORK/qf" packs/pattern-one-wild.yaml
expect_status "fallback: qpdf --check" 0 qpdf --check "$WORK/qf/pattern-one-wild/faces.pdf"
pdfinfo -box -f 88 -l 88 "$WORK/qf/pattern-one-wild/faces.pdf" >"$WORK/box"
expect_grep "fallback: TrimBox" '^Page +88 TrimBox: +9\.00 +9\.00 +189\.00 +261\.00' "$WORK/box"
expect_grep "fallback: BleedBox" '^Page +88 BleedBox: +0\.00 +0\.00 +198\.00 +270\.00' "$WORK/box"
expect_eq "fallback: the same page labels as the incremental update" \
	"$(qpdf --json --json-key=pagelabels "$WORK/wild/pattern-one-wild/faces.pdf" | tr -d ' \n')" \
	"$(qpdf --json --json-key=pagelabels "$WORK/qf/pattern-one-wild/faces.pdf" | tr -d ' \n')"
expect_eq "fallback: the same text" "$(pdftotext "$WORK/wild/pattern-one-wild/faces.pdf" - | md5sum)" "$(pdftotext "$WORK/qf/pattern-one-wild/faces.pdf" - | md5sum)"

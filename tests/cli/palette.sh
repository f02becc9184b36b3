#!/bin/sh
# A pack's palette: reaches the faces, the placemat and the reference (the new
# colours' pixels measured on renders), every game's own colour names (Take the
# Train's suit inks, domino pips by count), located errors with "did you mean",
# the colour-vision warning, and a pack's own reference: template.
. tests/cli/lib.sh
D=tests/cli/palette
# count PPM #rrggbb...: how many pixels have each colour (within 3 a channel)
count() {
	python3 - "$@" <<'EOF'
import sys
sys.path.insert(0, 'tests/cli')
from pixel import read_ppm
w, h, px = read_ppm(sys.argv[1])
for c in sys.argv[2:]:
    want = [int(c[i:i + 2], 16) for i in (1, 3, 5)]
    n = sum(1 for i in range(0, len(px), 3)
            if all(abs(px[i + k] - want[k]) <= 3 for k in range(3)))
    print(n, end=' ')
print()
EOF
}
# at_least MIN COUNTS...: every count is MIN or more
at_least() {
	min=$1; shift
	for n in "$@"; do [ "$n" -ge "$min" ] || return 1; done
}

# --- the trains: A, accent and background on the face, placemat and reference
expect_status "build a trains pack with a palette" 0 "$RAILYARD" build -q -o "$WORK/o" --only faces,placemat,reference $D/trains.yaml
expect_eq "a palette the colour-vision check accepts: no warning" "" "$(cat "$WORK/last.err")"
O="$WORK/o/palette-trains"
pdftoppm -r 100 -f 1 -l 1 -singlefile "$O/faces.pdf" "$WORK/face"
pdftoppm -r 50 -f 1 -l 1 -singlefile "$O/placemat.pdf" "$WORK/mat"
pdftoppm -r 60 -singlefile "$O/reference.pdf" "$WORK/ref"
P="#7f0000 #00aa00 #ffeedd"
face=$(count "$WORK/face.ppm" $P)
ok_if "face: A's chip, the accent (number, rails) and the paper in the palette's colours ($face)" at_least 200 $face
mat=$(count "$WORK/mat.ppm" $P)
ok_if "placemat: space A, the title and the paper in the palette's colours ($mat)" at_least 40 $mat
ref=$(count "$WORK/ref.ppm" $P)
ok_if "reference: A's chips, the header and the quick-reference card in the palette's colours ($ref)" at_least 200 $ref
# the default pack shows none of them
expect_status "build the same pack without a palette" 0 "$RAILYARD" build -q -o "$WORK/d" --only faces,placemat,reference packs/pattern-two-census-seven.yaml
pdftoppm -r 100 -f 1 -l 1 -singlefile "$WORK/d/pattern-two-census-seven/faces.pdf" "$WORK/dface"
pdftoppm -r 60 -singlefile "$WORK/d/pattern-two-census-seven/reference.pdf" "$WORK/dref"
expect_eq "without a palette: none of those colours" "0 0 0 0 0 0 " \
	"$(count "$WORK/dface.ppm" $P)$(count "$WORK/dref.ppm" $P)"

# --- located errors and "did you mean"
cat >"$WORK/bad.yaml" <<'EOF'
pack: bad
game: trains
census: 7
abilities: [swap]
cards: 21
palette:
  B: oragne
  acent: "#000000"
  H: "#123456"
  a: "#12"
  accent: "#12345680"
  C: none
EOF
mkdir -p "$WORK/templates" && cp templates/trains-*.yaml "$WORK/templates/"
expect_status "a bad colour is refused (exit 2)" 2 "$RAILYARD" build -q -o "$WORK/o" "$WORK/bad.yaml"
expect_grep "a translucent colour: refused, located" "bad.yaml:11:11: error: palette 'accent': '#12345680' is translucent; a palette colour is opaque" "$WORK/last.err"
expect_grep "none: refused, located" "bad.yaml:12:6: error: palette 'C': 'none' is no colour; a palette colour is opaque" "$WORK/last.err"
expect_grep "a misspelt colour: located, with the nearest name" "bad.yaml:7:6: error: palette 'B': 'oragne' is not a colour \(did you mean 'orange'\?\)" "$WORK/last.err"
expect_grep "a malformed colour: located" "bad.yaml:10:6: error: palette 'a': '#12' is not a colour" "$WORK/last.err"
sed -i '/oragne/d; /#12"/d; /#12345680/d; /C: none/d' "$WORK/bad.yaml"
expect_status "an unknown name is refused (exit 2)" 2 "$RAILYARD" build -q -o "$WORK/o" "$WORK/bad.yaml"
expect_grep "an unknown name: located, with the nearest name" "bad.yaml:7:3: error: the palette's 'acent' is no colour of this pack's templates or game \(did you mean 'accent'\?\)" "$WORK/last.err"
expect_grep "a letter the census lacks is unknown" "bad.yaml:8:3: error: the palette's 'H' is no colour" "$WORK/last.err"
expect_eq "nothing written" "" "$(ls "$WORK/o" | grep -x bad)"

# --- the colour-vision check warns when the palette breaks it
cat >"$WORK/cvd.yaml" <<'EOF'
pack: cvd
game: trains
census: 7
abilities: [swap]
cards: 21
palette: {B: "#f0e443"}
EOF
expect_status "a palette two letters look alike under tritanopia in: built" 0 "$RAILYARD" build -q -o "$WORK/o" --only faces "$WORK/cvd.yaml"
expect_grep "... with a warning at the colour" "cvd.yaml:6:14: warning: the spaces B \(#f0e443\) and D \(#F0E442\) are 0 apart under simulated" "$WORK/last.err"

# --- Take the Train: a suit's ink on its cards and in the reference's legend
sed 's/^pack: .*/pack: tt-palette/' packs/take-the-train.yaml >"$WORK/tt.yaml"
printf 'palette:\n  blue: "#101040"\n  accent: "#00aa00"\n' >>"$WORK/tt.yaml"
expect_status "Take the Train with a palette" 0 "$RAILYARD" build -q -o "$WORK/o" --only faces,reference "$WORK/tt.yaml"
expect_eq "Take the Train: the new blue stays apart from the other inks: no warning" "" "$(cat "$WORK/last.err")"
pdftoppm -r 60 -f 1 -l 1 -singlefile "$WORK/o/tt-palette/faces.pdf" "$WORK/tt1"
pdftoppm -r 60 -f 55 -l 55 -singlefile "$WORK/o/tt-palette/faces.pdf" "$WORK/tt55"
pdftoppm -r 60 -singlefile "$WORK/o/tt-palette/reference.pdf" "$WORK/ttref"
n=$(count "$WORK/tt1.ppm" "#101040")
ok_if "Take the Train: blue 1 in the palette's blue ($n px)" at_least 1000 $n
n=$(count "$WORK/tt55.ppm" "#00aa00")
ok_if "Take the Train: a specialty card in the palette's accent ($n px)" at_least 1000 $n
n=$(count "$WORK/ttref.ppm" "#101040")
ok_if "Take the Train: the reference's legend in the palette's blue ($n px)" at_least 100 $n
printf '  green: "#101041"\n' >>"$WORK/tt.yaml"
expect_status "Take the Train: two suits alike" 0 "$RAILYARD" build -q -o "$WORK/o" --only faces "$WORK/tt.yaml"
expect_grep "Take the Train: the colour-vision check warns" "warning: the inks blue \(#101040\) and green \(#101041\) are 0 apart" "$WORK/last.err"

# --- dominoes: the pips of a count
sed 's/^pack: .*/pack: dom-palette/' packs/domino-double-six.yaml >"$WORK/dom.yaml"
printf 'palette:\n  pip-1: "#7f0000"\n' >>"$WORK/dom.yaml"
expect_status "dominoes with a palette" 0 "$RAILYARD" build -q -o "$WORK/o" --only faces,reference "$WORK/dom.yaml"
pdftoppm -r 100 -f 2 -l 2 -singlefile "$WORK/o/dom-palette/faces.pdf" "$WORK/dom2"
n=$(count "$WORK/dom2.ppm" "#7f0000")
ok_if "dominoes: 0-1's pip in the palette's pip-1 ($n px)" at_least 20 $n

# --- reference: a template of the pack's own, found and trusted like face:
expect_status "a pack's own reference template" 0 "$RAILYARD" build -q -o "$WORK/o" --only reference $D/reference.yaml
pdftoppm -r 40 -singlefile "$WORK/o/palette-reference/reference.pdf" "$WORK/myref"
n=$(count "$WORK/myref.ppm" "#123456")
ok_if "reference: drawn from the pack's template ($n px of its header)" at_least 500 $n
sed 's/^reference: .*/reference: \/etc\/passwd/' $D/reference.yaml >"$WORK/untrusted.yaml"
expect_status "a reference outside the trusted folders is refused" 2 "$RAILYARD" build -q -o "$WORK/o" --only reference "$WORK/untrusted.yaml"
expect_grep "... at the pack's line" "untrusted.yaml:7:12: " "$WORK/last.err"
sed 's/^reference: .*/reference: my-refrence.yaml/' $D/reference.yaml >"$D/.missing.yaml"
expect_status "a missing reference template" 2 "$RAILYARD" build -q -o "$WORK/o" --only reference "$D/.missing.yaml"
expect_grep "... named at the pack's line" ".missing.yaml:7:12: error: " "$WORK/last.err"
rm -f "$D/.missing.yaml"

# --- the reference's cells carry the faces' second cue beyond eight colours:
# K (green, a ring) against C (green, none), Q (orange, a bar) against A
printf 'pack: c26\ngame: trains\ncensus: 26\nabilities: [remove]\ncards: 26\n' >"$WORK/c26.yaml"
expect_status "census 26: the reference in cells" 0 "$RAILYARD" build -q -o "$WORK/o" --only reference "$WORK/c26.yaml"
R="$WORK/o/c26/reference.pdf"
pdftoppm -r 300 -singlefile "$R" "$WORK/c26"
# ink LETTER: dark pixels within 2 mm around the chip's letter (the 12 pt one)
ink() {
	pdftotext -bbox "$R" - | python3 -c '
import re, sys
sys.path.insert(0, "tests/cli")
from pixel import read_ppm
w, h, px = read_ppm(sys.argv[1])
for m in re.finditer(r"xMin=\"([\d.]+)\" yMin=\"([\d.]+)\" xMax=\"([\d.]+)\" yMax=\"([\d.]+)\">%s<" % sys.argv[2], sys.stdin.read()):
    x0, y0, x1, y1 = (float(v) * 300 / 72 for v in m.groups())
    if y1 - y0 < 12 * 300 / 72:
        continue
    n, pad = 0, 2 * 11.811
    for y in range(int(y0 - pad), int(y1 + pad)):
        for x in range(int(x0 - pad), int(x1 + pad)):
            i = 3 * (y * w + x)
            n += max(px[i:i + 3]) < 60
    print(n)
    break' "$WORK/c26.ppm" "$1"
}
c=$(ink C); k=$(ink K); a=$(ink A); q=$(ink Q)
ok_if "reference: K's chip has a ring C's has not ($k against $c dark pixels)" [ "$k" -gt $((c * 3 / 2)) ]
ok_if "reference: Q's chip has a bar A's has not ($q against $a dark pixels)" [ "$q" -gt $((a + 150)) ]

# --- a {field} close to a column of the pack's data: that header named, at the
# placeholder's own line and column in the template
mkdir -p "$WORK/csv"
printf 'pack: csv\ngame: trains\ncensus: 3\nabilities: [swap]\ncards: 3\nface: face.yaml\ndata: cards.csv\n' >"$WORK/csv/pack.yaml"
printf 'code,flavour\nAB,"Hello"\n' >"$WORK/csv/cards.csv"
printf 'size: poker\nelements:\n  - {text: "{number}: {flavor}", box: [4mm, 4mm, 40mm, 10mm]}\n' >"$WORK/csv/face.yaml"
expect_status "a misspelt CSV header in a template: built, with a warning" 0 "$RAILYARD" build -q -o "$WORK/o" --only faces "$WORK/csv/pack.yaml"
expect_grep "the nearest header named, at the placeholder" "face.yaml:3:23: warning: card 1 .*no field 'flavor' \(did you mean 'flavour', a column of cards.csv\?\)" "$WORK/last.err"

# --- a template's own palette: names checked when the template is read
mkdir -p "$WORK/tpl"
printf 'pack: tpl\ngame: trains\ncensus: 3\nabilities: [swap]\ncards: 3\nface: face.yaml\npalette: {ink: "#123456"}\n' >"$WORK/tpl/pack.yaml"
printf 'size: poker\npalette:\n  ink: "#000000"\n  rule: "#fffff"\n  paper: "#ffffff"\nbackground: papr\nelements:\n  - {text: "{number}", box: [4mm, 4mm, 40mm, 10mm], color: ink}\n  - {rect: [4mm, 20mm, 10mm, 10mm], fill: oragne}\n' >"$WORK/tpl/face.yaml"
expect_status "a template's bad palette: refused" 2 "$RAILYARD" build -q -o "$WORK/o" --only faces "$WORK/tpl/pack.yaml"
expect_grep "a palette entry that is no colour, at its line" "face.yaml:4:9: error: palette 'rule': '#fffff' is not a colour" "$WORK/last.err"
expect_grep "a colour naming no palette entry: the nearest" "face.yaml:6:13: error: 'background': 'papr' is not a colour nor a name of this template's palette \(did you mean 'paper'\?\)" "$WORK/last.err"
expect_grep "a misspelt colour name: the nearest" "face.yaml:9:43: error: 'fill': 'oragne' is not a colour \(did you mean 'orange'\?\)" "$WORK/last.err"
printf 'size: poker\npalette: {ink: "#000000"}\nelements:\n  - {text: "{number}", box: [4mm, 4mm, 40mm, 10mm], color: ink, size: 30pt}\n' >"$WORK/tpl/face.yaml"
expect_status "a pack's colour for a name of its own template" 0 "$RAILYARD" build -q -o "$WORK/o" --only faces "$WORK/tpl/pack.yaml"
pdftoppm -r 100 -f 1 -l 1 -singlefile "$WORK/o/tpl/faces.pdf" "$WORK/tpl1"
n=$(count "$WORK/tpl1.ppm" "#123456")
ok_if "the number in the pack's ink ($n px)" at_least 50 $n

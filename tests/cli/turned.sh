#!/bin/sh
# A double-ended card draws each element and its copy turned 180 degrees; draw.c
# leaves out a copy that would only paint again what a twin element paints (the
# trains face's rails and sleepers), never one that something drawn between the
# twins covers. And its text cache (a text laid out once, shown again) reports a
# problem on every item it happens on, as if each were laid out anew.
. tests/cli/lib.sh
T="$WORK/t"
cp -r tests/cli/turned "$T"
expect_status "build the turned-copy pack" 0 "$RAILYARD" build -q -o "$WORK/o" --only faces "$T/pack.yaml"
F="$WORK/o/turned/faces.pdf"
# 254 dpi: 10 pixels a millimetre.
pdftoppm -r 254 -f 1 -l 1 "$F" "$WORK/pg"
px() { python3 tests/cli/pixel.py "$@" | tr '\n' ' '; }
# (x, y): the top left red square's corner under the blue square, the blue
# square's own corner outside the red one, the same two at the bottom right,
# the green bar at both ends, and the black squares (each other turned, nothing
# between them: drawn once each).
expect_eq "red over blue at both corners, blue outside them, the bar, the black squares" \
	"#ff0000 #0000ff #ff0000 #0000ff #00ff00 #00ff00 #000000 #000000 " \
	"$(px "$WORK/pg-01.ppm" 60 60 35 35 340 340 365 365 45 200 355 200 35 315 365 85)"
# The content stream's rectangles: the background, the bar once, the red
# squares twice each (the blue one covers what a left-out copy would paint),
# blue twice, black once each: 1 + 1 + 4 + 2 + 2 = 10 (13 with every copy).
qpdf --qdf --object-streams=disable "$F" "$WORK/q.pdf"
n=$(awk '/^%% Contents for page 1$/ { p = 1 } /^endstream/ { p = 0 } p && / re f$/ { n++ } END { print n + 0 }' "$WORK/q.pdf")
expect_eq "page 1 draws 10 rectangles: the bar's and black squares' turned copies are left out, the covered pair's are not" 10 "$n"

# A text with a character its font lacks, on every card: reported for every card.
cat >>"$T/face.yaml" <<'YAML'
  - text: "{number} ☃"
    box: [5mm, 16mm, 30mm, 8mm]
    size: 10pt
    font: Inter
YAML
expect_status "build with a missing glyph on every card" 0 "$RAILYARD" build -o "$WORK/o2" --only faces "$T/pack.yaml"
expect_grep "the missing glyph is reported for all 12 cards" "cannot show 1 character.*the same on 11 more items" "$WORK/last.err"

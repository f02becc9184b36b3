#!/bin/sh
# Text measured in ink, not boxes (issue 30): every glyph of a text at least
# 1 mm inside the disc or rect (or outline) that holds it, each line as wrapped,
# against the holder's real shape (a circle is a circle), a warning located at
# the text naming the card, the line and the distance; and fit: shrink text that
# goes under 6 pt at draw time, warned once per element whatever the number of
# cards. The shipped templates at every size: tests/cli/sizes.sh.
. tests/cli/lib.sh
P="$WORK/own"
mkdir -p "$P"
printf 'pack: own\ntitle: Own\ngame: trains\ncensus: 3\nabilities: [swap]\ncards: 9\nplayers: {2: 9}\nface: face.yaml\nsize: poker\n' >"$P/pack.yaml"
build() { expect_status "$1" 0 "$RAILYARD" build -q --force -o "$WORK/o" --only faces "$P/pack.yaml"; }

# Two lines in a 30 mm disc: clear of its edge at poker (its design size);
# at mini the type stops at 6 pt while the disc shrinks, and the first line's
# ends reach the edge. The box is the disc's width: only the ink tells.
cat >"$P/face.yaml" <<'YAML'
size: poker
elements:
  - {ellipse: [16.75mm, 29.45mm, 30mm, 30mm], fill: "#FFFDF8"}
  - {text: "Swap two spaces\nwith card {number}", box: [16.75mm, 38.45mm, 30mm, 12mm], size: 7pt}
YAML
build "two lines in a disc at poker: builds"
expect_eq "two lines in a disc at poker: no warning" "" "$(cat "$WORK/last.err")"
sed -i 's/^size: .*/size: mini/' "$P/pack.yaml"
build "the same at mini: builds (a warning, not an error)"
expect_grep "at mini: the first line's ink within 1 mm of the disc, a warning at the text naming the card" \
	"face.yaml:4:5: warning: card 1 \(position 1\): on the 44.45 x 63.5 mm card the ink of 'Swap two spaces' comes within 0\.[0-9]+ mm of the edge of the ellipse at line 3 that holds it: keep every letter 1 mm inside" "$WORK/last.err"
expect_grep "once for the nine cards" "the same on 8 more items" "$WORK/last.err"
expect_eq "one warning" 1 "$(grep -c 'warning:' "$WORK/last.err")"
expect_status "--strict makes it an error: exit 1" 1 "$RAILYARD" build -q --force --strict -o "$WORK/o" --only faces "$P/pack.yaml"

# A circle is a circle: a line near the top of the disc whose box lies within
# the disc's box (and its centre inside the disc) but whose capitals' corners
# are outside the circle, at the design size.
sed -i 's/^size: .*/size: poker/' "$P/pack.yaml"
cat >"$P/face.yaml" <<'YAML'
size: poker
elements:
  - {ellipse: [16.75mm, 29.45mm, 30mm, 30mm], fill: "#FFFDF8"}
  - {text: "WIDE CAPITALS", box: [16.75mm, 31mm, 30mm, 5mm], size: 9pt, weight: bold}
  - {text: "WIDE CAPITALS", box: [16.75mm, 42mm, 30mm, 5mm], size: 9pt, weight: bold}
YAML
build "capitals at the top of a disc: builds"
expect_grep "their ink past the circle's edge: a warning at the text" \
	"face.yaml:4:5: warning: card 1 \(position 1\): on the 63.5 x 88.9 mm card the ink of 'WIDE CAPITALS' comes out [0-9.]+ mm past the edge of the ellipse at line 3" "$WORK/last.err"
ok_if "the same line across the disc's middle: no warning" sh -c "! grep -q 'face.yaml:5:' '$WORK/last.err'"

# An outline holds text too: a title whose letters cross the frame it sits in
# (the core game's back at mini, before), and a rounded rect's corner.
cat >"$P/face.yaml" <<'YAML'
size: poker
elements:
  - {rect: [10mm, 20mm, 43.5mm, 30mm], stroke: "#B38B4D", stroke-width: 1.2pt, radius: 2mm}
  - {text: "<span letter_spacing=\"1400\">GAME OF TRAINS</span>", box: [10mm, 22mm, 43.5mm, 6mm], size: 8pt, weight: bold}
  - {rect: [10mm, 60mm, 20mm, 10mm], fill: "#22262E", radius: 4mm}
  - {text: "M", box: [10mm, 60mm, 5mm, 4mm], size: 9pt, weight: bold, color: white, align: left, valign: top}
YAML
build "a spaced title in a frame: builds"
expect_grep "its letters past the frame's inner edge: a warning" \
	"face.yaml:4:5: warning: .* the ink of 'GAME OF TRAINS' comes (out|within) [0-9.]+ mm (past|of) the outline of the rect at line 3" "$WORK/last.err"
expect_grep "a letter in a rounded corner: a warning" \
	"face.yaml:6:5: warning: .* the ink of 'M' comes (out|within) [0-9.]+ mm (past|of) the edge of the rect at line 5" "$WORK/last.err"

# fit: shrink: a long text shrunk to 4.2 pt is reported once, at the element,
# naming the first card and counting the others; one written at 8 pt that
# fits is not.
cat >"$P/face.yaml" <<'YAML'
size: poker
elements:
  - {text: "Swap the two spaces of card {number} with any other card", box: [10mm, 70mm, 43.5mm, 4mm], size: 8pt, fit: shrink}
  - {text: "Card {number}", box: [10mm, 40mm, 43.5mm, 8mm], size: 8pt, fit: shrink}
YAML
build "fit: shrink under 6 pt: builds"
expect_grep "a warning at the element, naming the card and the size it shrank to" \
	"face.yaml:3:5: warning: card 1 \(position 1\): text 'Swap the two spaces of card 1 with any other card' shrinks to 4\.[0-9] pt to fit its 43\.5 x 4\.0 mm box \(fit: shrink\), under 6 pt" "$WORK/last.err"
expect_eq "once for the element, not once a card" 1 "$(grep -c 'shrinks to' "$WORK/last.err")"
expect_grep "counting the other eight cards" "under 6 pt.*; the same on 8 more items" "$WORK/last.err"
ok_if "the text that fits: no warning" sh -c "! grep -q 'face.yaml:4:' '$WORK/last.err'"
# the same through the sheets, the SVG and the PNG outputs: still once
expect_status "fit: shrink with every output: builds" 0 "$RAILYARD" build -q --force -o "$WORK/o" --only faces,sheets,svg,png "$P/pack.yaml"
expect_eq "with every output: once" 1 "$(grep -c 'shrinks to' "$WORK/last.err")"

# Two texts whose inks meet: a header kept at 6 pt on a mini card grew into the
# title under it (the quick references, before); the ink of each line against
# the lines already drawn, 0.3 mm apart at least, a warning at the later text.
cat >"$P/face.yaml" <<'YAML'
size: poker
elements:
  - {text: "QUICK REFERENCE", box: [5mm, 5mm, 53.5mm, 4mm], size: 8pt, weight: bold}
  - {text: "Card {number}", box: [5mm, 7.6mm, 53.5mm, 5mm], size: 10pt, weight: bold}
  - {text: "Apart", box: [5mm, 20mm, 53.5mm, 5mm], size: 10pt}
YAML
build "a header over a title: builds"
expect_grep "the title's ink into the header's: a warning at the title" \
	"face.yaml:4:5: warning: card 1 \(position 1\): on the 63.5 x 88.9 mm card the ink of 'Card 1' (runs into|comes close to) the text at line 3 \([0-9.]+ mm (into it|apart)\): keep 0.3 mm between texts; the same on 8 more items" "$WORK/last.err"
expect_eq "only the title" 1 "$(grep -c 'between texts' "$WORK/last.err")"

# Cells too (the placemat's and board's spaces, the quick references' rows):
# each text against the shape that holds it in its cell, as laid out there,
# and against the texts of the cells drawn before it. A space's chip whose
# letters come within 1 mm of its edge, and a label whose ink runs into the
# text of the cell before it: warnings at the cell's elements; the same
# letters in a wider chip: none. (The cells are resized to the pack's card.)
printf 'pack: own\ntitle: Own\ngame: trains\ncensus: 3\nabilities: [swap]\ncards: 9\nplayers: {2: 9}\nplacemat: mat.yaml\nsize: poker\n' >"$P/pack.yaml"
cat >"$P/mat.yaml" <<'YAML'
background: "#FFFFFF"
cells:
  width: 40mm
  height: 20mm
  gap: 0mm
  margin: [10mm, 10mm, 10mm, 10mm]
  elements:
    - {rect: [2mm, 2mm, 9mm, 8mm], fill: "{colour}", radius: 1mm}
    - {text: "WWW", box: [2mm, 2mm, 9mm, 8mm], size: 13pt, weight: bold}
    - {rect: [20mm, 2mm, 16mm, 8mm], fill: "{colour}", radius: 1mm}
    - {text: "WWW", box: [20mm, 2mm, 16mm, 8mm], size: 13pt, weight: bold}
    - {text: "LEFT", box: [0mm, 12mm, 10mm, 4mm], size: 7pt, align: left}
    - {text: "RIGHT", box: [30mm, 12mm, 11mm, 4mm], size: 7pt, align: right}
YAML
expect_status "a placemat of cells: builds" 0 "$RAILYARD" build -q --force -o "$WORK/o" --only placemat "$P/pack.yaml"
expect_grep "letters too wide for their chip in a space: a warning at the cell's text" \
	"mat.yaml:9:7: warning: placemat: on the 63.5 x 88.9 mm card the ink of 'WWW' comes within 0\.[0-9]+ mm of the edge of the rect at line 8 that holds it" "$WORK/last.err"
ok_if "the same letters in a wider chip: no warning" sh -c "! grep -q 'mat.yaml:11:' '$WORK/last.err'"
expect_grep "a label running into the text of the cell before: a warning" \
	"mat.yaml:12:7: warning: placemat: .* the ink of 'LEFT' (runs into|comes close to) the text at line 13" "$WORK/last.err"

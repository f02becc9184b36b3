#!/bin/sh
# The same layout on every surface: a card with wrapped text is drawn to PDF, SVG
# and PNG; the PDF page (rasterised by pdftocairo) and the SVG (by rsvg-convert)
# at 300 dpi must match railyard's own PNG pixel for pixel, give or take
# antialiasing (a pixel counts as different when it is off by more than 200 of
# 255: edge pixels of a shifted glyph or another line break are, antialiasing
# differences between renderers are not). Two different cards differ in about
# 3,000 pixels (0.3%): the check is shown to see that.
. tests/cli/lib.sh
D=tests/cli/build-surfaces
O="$WORK/out/surfaces"
expect_status "build faces, svg, png" 0 "$RAILYARD" build --only faces,svg,png -o "$WORK/out" "$D/pack.yaml"
pdftotext -f 2 -l 2 "$O/faces.pdf" "$WORK/p2.txt"
expect_grep "the wrapped text is text in the PDF" 'Swap the' "$WORK/p2.txt"
expect_eq "it wraps onto several lines" yes "$([ "$(grep -c . "$WORK/p2.txt")" -ge 5 ] && echo yes)"
pdftocairo -png -r 300 -f 2 -l 2 -singlefile "$O/faces.pdf" "$WORK/pdf2"
rsvg-convert -d 300 -p 300 -o "$WORK/svg2.png" "$O/svg/card-002.svg"
count() { # the N of pngdiff's "W H N F"
	python3 "$D/pngdiff.py" "$1" "$2" 200 | cut -d' ' -f3
}
n=$(count "$WORK/pdf2.png" "$O/png/card-002.png")
ok_if "PDF and PNG agree ($n pixels differ)" test "${n:-99999}" -le 50
n=$(count "$WORK/svg2.png" "$O/png/card-002.png")
ok_if "SVG and PNG agree ($n pixels differ)" test "${n:-99999}" -le 50
n=$(count "$O/png/card-001.png" "$O/png/card-002.png")
ok_if "the comparison sees a different card ($n pixels differ)" test "${n:-0}" -gt 1000

#!/bin/sh
# The PNG encoder (gen/render/pngenc.c) and the PNG workers beside the other outputs:
# every file reads back strictly (CRCs, one zlib stream, the rows the header
# promises; tests/cli/pngenc/pngcheck.py) and through libpng (rsvg-convert draws
# it 1:1 into a PNG of its own: the same pixels as Python's decoding); a card
# keeps the run encoder's no-filter rows, contact.png too; and the whole set is
# byte-identical whatever --jobs is (the SVG files' group and image ids included:
# Cairo takes them from a counter every drawing thread advances, and svg_write
# renumbers them in the file).
. tests/cli/lib.sh
D=tests/cli/pngenc
P=packs/pattern-two-census-seven.yaml
O1="$WORK/j1/pattern-two-census-seven"
O3="$WORK/j3/pattern-two-census-seven"
expect_status "default build, one thread" 0 "$RAILYARD" build -q --jobs 1 -o "$WORK/j1" "$P"
expect_status "default build, three threads" 0 "$RAILYARD" build -q --jobs 3 -o "$WORK/j3" "$P"
ok_if "every file the same for --jobs 1 and 3" diff -r "$O1" "$O3"
expect_eq "a card: strict read, no filter" "825 1125 0" "$(python3 $D/pngcheck.py "$O1/png/card-017.png")"
expect_eq "the back" "825 1125 0" "$(python3 $D/pngcheck.py "$O1/png/back.png")"
c=$(python3 $D/pngcheck.py "$O1/contact.png")
ok_if "contact.png reads back ($c)" test -n "$c"
# libpng (through gdk-pixbuf in rsvg-convert) reads the same pixels
cp "$O1/png/card-017.png" "$WORK/card.png"
printf '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="825" height="1125"><image width="825" height="1125" xlink:href="card.png"/></svg>\n' >"$WORK/card.svg"
rsvg-convert -b white -o "$WORK/card-libpng.png" "$WORK/card.svg"
expect_eq "libpng decodes the same pixels" "825 1125 0 same" \
	"$(python3 $D/pngcheck.py "$WORK/card.png" "$WORK/card-libpng.png")"
# and the check tells two cards apart
expect_eq "another card differs" "825 1125 0 differ" \
	"$(python3 $D/pngcheck.py "$O1/png/card-018.png" "$WORK/card-libpng.png")"
# a pack whose cards show SVG art (probed in the sandbox's child while the PNG
# threads draw), and the tgc preset's PNG-only set
expect_status "signal-box, PNG and contact" 0 "$RAILYARD" build -q --only png,contact,sheets -o "$WORK/sb" \
	packs/examples/signal-box/pack.yaml
n=0
for f in "$WORK"/sb/*/png/*.png "$WORK"/sb/*/contact.png; do
	python3 $D/pngcheck.py "$f" >/dev/null || n=$((n + 1))
done
expect_eq "every signal-box PNG reads back" 0 "$n"
expect_status "the tgc preset" 0 "$RAILYARD" build -q --preset tgc --jobs 2 -o "$WORK/tgc" "$P"
expect_eq "a tgc card (825 x 1125 px)" "825 1125 0" \
	"$(python3 $D/pngcheck.py "$WORK"/tgc/*/png/card-001.png)"

# The PNG threads' canvases share one memory budget (PNG_CANVAS_MB, 512 MB):
# four 700 mm cards (8268 px a side, 273 MB a canvas) at --jobs 4 peak like one
# job (about 340 MB), not four canvases at once (1.16 GB before).
mkdir -p "$WORK/big"
cp packs/pattern-one-census-six.yaml "$WORK/big/pack.yaml"
echo "size: [700mm, 700mm]" >>"$WORK/big/pack.yaml"
# Under the sanitizer, freed memory waits in ASan's quarantine (256 MB by
# default) and counts in the peak: a small one measures railyard, not ASan (as
# tune-memory.sh does); the release build ignores the variable.
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=8" \
	/usr/bin/time -f '%M' -o "$WORK/big.kb" "$RAILYARD" build -q --only png --numbers 1-4 --jobs 4 \
	-o "$WORK/big/o" "$WORK/big/pack.yaml" >/dev/null 2>&1
kb=$(tail -1 "$WORK/big.kb")
ok_if "700 mm cards at --jobs 4 peak under 600 MB ($kb KB)" test "$kb" -lt 614400
ok_if "... and the four cards and the back are written" test "$(ls "$WORK"/big/o/*/png/*.png | wc -l)" = 5

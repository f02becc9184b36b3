#!/bin/sh
# The look of every game against shared/LOOK.md, read back as pixels (look.py):
# suits told apart under simulated colour-vision deficiencies or by a second cue,
# reversible backs, the corner index's distance from the edges, nothing thin near
# the trim. 300 dpi: a poker card with bleed is 825 x 1125 pixels.
. tests/cli/lib.sh
DPM=11.811
look() { python3 tests/cli/look.py --dpm $DPM "$@"; }
# page PDF N NAME: page N of PDF at 300 dpi as $WORK/NAME.ppm
page() { pdftoppm -r 300 -singlefile -f "$2" -l "$2" "$1" "$WORK/$3"; }

# --- Take the Train: 12 numbers a colour; card 1, 13, 25, 37 are each colour's 1.
expect_status "build Take the Train" 0 "$RAILYARD" build -q -o "$WORK/o" --only faces --with transfer packs/take-the-train.yaml
expect_eq "Take the Train: no warnings" "" "$(cat "$WORK/last.err")"
F="$WORK/o/take-the-train/faces.pdf"
for n in 1 13 25 37; do page "$F" $n tt$n; done
ok_if "Take the Train: every pair of suits apart under protanopia, deuteranopia and tritanopia, or a shape" \
	look --bleed 3.175 --box 4,14.6,5.6,5.6 --ground 1.5,44 suits "$WORK/tt1.ppm" "$WORK/tt13.ppm" "$WORK/tt25.ppm" "$WORK/tt37.ppm"
page "$F" 18 tt18
page "$F" 55 tt55
for p in tt1 tt18 tt55; do
	ok_if "Take the Train: $p: the index 3-6 mm from the edges" look --bleed 3.175 index "$WORK/$p.ppm" 6
	ok_if "Take the Train: $p: nothing thin within 3.5 mm of the trim" look --bleed 3.175 safe "$WORK/$p.ppm" 3.5
	ok_if "Take the Train: $p: double-ended" look --bleed 3.175 turned "$WORK/$p.ppm" 0.002
done
# the bar under the disc's number (31.75, 39.8 mm from the trim): on 6, not on 5
px() { python3 tests/cli/pixel.py "$@" | tr '\n' ' '; }
page "$F" 17 tt17
expect_eq "Take the Train: 6 underlined in the disc, 5 not" "#00896a #fffdf8 " \
	"$(px "$WORK/tt18.ppm" 412 507; px "$WORK/tt17.ppm" 412 507)"
page "$WORK/o/take-the-train/back.pdf" 1 ttback
ok_if "Take the Train: the back is the same turned round" look --bleed 3.175 turned "$WORK/ttback.ppm"

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
# the dot after the disc's number (39.1, 36.8 mm from the trim; an underline there
# stacked with the turned copy's into a fraction): on 6, not on 5
px() { python3 tests/cli/pixel.py "$@" | tr '\n' ' '; }
page "$F" 17 tt17
expect_eq "Take the Train: 6 dotted in the disc, 5 not" "#00896a #fffdf8 " \
	"$(px "$WORK/tt18.ppm" 499 472; px "$WORK/tt17.ppm" 499 472)"
page "$WORK/o/take-the-train/back.pdf" 1 ttback
ok_if "Take the Train: the back is the same turned round" look --bleed 3.175 turned "$WORK/ttback.ppm"

# --- Dominoes: pips on every half up to double eighteen, never numerals; 24 x 48
# mm tiles with 3.175 mm of bleed; half boxes on the trim: [2, 2, 20, 20.5] and
# [2, 25.5, 20, 20.5].
expect_status "build double twelve" 0 "$RAILYARD" build -q -o "$WORK/o" --only faces packs/domino-double-twelve.yaml
expect_eq "double twelve: no warnings" "" "$(cat "$WORK/last.err")"
D="$WORK/o/domino-double-twelve/faces.pdf"
expect_eq "double twelve: no numerals on any tile" "" "$(pdftotext "$D" - 2>&1 | tr -d ' \n\f')"
halves() { # halves PPM: the pips on the top and the bottom half
	echo "$(look --bleed 3.175 blobs "$1" 2 2 20 20.5) $(look --bleed 3.175 blobs "$1" 2 25.5 20 20.5)"
}
page "$D" 91 d91
page "$D" 87 d87
page "$D" 2 d2
expect_eq "double twelve: 12-12 shows 12 and 12 pips" "12 12" "$(halves "$WORK/d91.ppm")"
expect_eq "double twelve: 10-11 shows 10 and 11 pips" "10 11" "$(halves "$WORK/d87.ppm")"
expect_eq "double twelve: 0-1 shows 0 and 1 pip" "0 1" "$(halves "$WORK/d2.ppm")"
ok_if "double twelve: 12-12 the same turned round" look --bleed 3.175 turned "$WORK/d91.ppm" 0.002
ok_if "double twelve: nothing thin within 5 mm of the cut" look --bleed 3.175 safe "$WORK/d87.ppm" 5
page "$WORK/o/domino-double-twelve/back.pdf" 1 dback
ok_if "dominoes: the back is the same turned round" look --bleed 3.175 turned "$WORK/dback.ppm"
ok_if "dominoes: nothing thin within 5 mm of the back's cut" look --bleed 3.175 safe "$WORK/dback.ppm" 5
sed 's/double: 12/double: 18/; s/^pack: .*/pack: d18/' packs/domino-double-twelve.yaml >"$WORK/d18.yaml"
cp -r templates "$WORK/templates"
expect_status "build double eighteen" 0 "$RAILYARD" build -q -o "$WORK/o" --only faces "$WORK/d18.yaml"
page "$WORK/o/d18/faces.pdf" 190 d190
page "$WORK/o/d18/faces.pdf" 174 d174
expect_eq "double eighteen: 18-18 shows 18 and 18 pips" "18 18" "$(halves "$WORK/d190.ppm")"
expect_eq "double eighteen: 13-17 shows 13 and 17 pips" "13 17" "$(halves "$WORK/d174.ppm")"
sed 's/double: 12/double: 19/; s/^pack: .*/pack: d19/' packs/domino-double-twelve.yaml >"$WORK/d19.yaml"
expect_status "double nineteen: refused, pips stop at eighteen" 2 "$RAILYARD" build -q -o "$WORK/o" --only faces "$WORK/d19.yaml"
expect_grep "double nineteen: said at the tiles" "d19.yaml:[0-9]+:[0-9]+: error: a double-19 set cannot be drawn with pips: a half shows at most 18" "$WORK/last.err"
expect_status "double nineteen: still checked (exit 1: odd ends, no single train)" 1 "$RAILYARD" check "$WORK/d19.yaml"

# --- Toy Train: 28 mm carriages with 3.175 mm of bleed, a back, the board as a
# railway whose broken spaces stay in sight with a carriage on them.
expect_status "build Toy Train" 0 "$RAILYARD" build -q -o "$WORK/o" --only faces,svg packs/toy-train.yaml
expect_eq "Toy Train: no warnings" "" "$(cat "$WORK/last.err")"
T="$WORK/o/toy-train"
page "$T/faces.pdf" 1 loco
page "$T/faces.pdf" 30 carE
ok_if "Toy Train: nothing thin within 5 mm of a carriage's cut" look --bleed 3.175 safe "$WORK/carE.ppm" 5
ok_if "Toy Train: nothing thin within 5 mm of a locomotive's cut" look --bleed 3.175 safe "$WORK/loco.ppm" 5
h=$(look --bleed 3.175 height "$WORK/carE.ppm" 2 1 24 19)
ok_if "Toy Train: the letter E is at least 10 mm tall ($h mm)" awk "BEGIN { exit !($h >= 10) }"
page "$T/back.pdf" 1 tback
ok_if "Toy Train: the back is the same turned round" look --bleed 3.175 turned "$WORK/tback.ppm"
rsvg-convert -d 127 -p 127 "$T/svg/board.svg" -o "$WORK/board.png"
# cells 34 x 40 mm, gap 3, margins 46 (top) and 10 (left), 10 a row; a carriage
# of 28 mm centred on the 30 mm place at (2, 8.5) covers (3, 9.5).
ok_if "Toy Train: every broken railway in sight with a carriage on it, no other space red" \
	look --dpm 5 board "$WORK/board.png" 46,10,34,40,3,10,50 8,15,22,29,36,43 3,9.5,28,28 '#C0392B'
expect_eq "Toy Train: GO has a place for the second locomotive above it" "#e3f2e7 " \
	"$(python3 -c "
import sys; sys.path.insert(0, 'tests/cli'); import look
i = look.Image('$WORK/board.png', 5, 0); print('#%02x%02x%02x' % i.at(i.mm(15), i.mm(15)))" | tr '\n' ' ')"

# --- Train (52 cards) and the Game of Trains: the index 3-6 mm from the edges,
# as on a commercial deck; 6 and 9 marked; reversible backs; nothing thin near the cut.
expect_status "build Train" 0 "$RAILYARD" build -q -o "$WORK/o" --only faces packs/train-52.yaml
expect_eq "Train: no warnings" "" "$(cat "$WORK/last.err")"
page "$WORK/o/train-52/faces.pdf" 1 t52a
page "$WORK/o/train-52/faces.pdf" 10 t52ten
page "$WORK/o/train-52/faces.pdf" 6 t52six
page "$WORK/o/train-52/faces.pdf" 5 t52five
for p in t52a t52ten; do
	ok_if "Train: $p: the index 3-6 mm from the edges" look --bleed 3.175 index "$WORK/$p.ppm" 6
	ok_if "Train: $p: double-ended" look --bleed 3.175 turned "$WORK/$p.ppm" 0.002
done
# the index underline at (6.6, 12.7) mm: on 6, not on 5
expect_eq "Train: 6 underlined in the index, 5 not" "#000000 #fffefa " \
	"$(px "$WORK/t52six.ppm" 115 187; px "$WORK/t52five.ppm" 115 187)"
page "$WORK/o/train-52/back.pdf" 1 t52back
ok_if "Train: the back is the same turned round" look --bleed 3.175 turned "$WORK/t52back.ppm"
expect_status "build a Game of Trains pack" 0 "$RAILYARD" build -q -o "$WORK/o" --only faces packs/pattern-two-census-seven.yaml
page "$WORK/o/pattern-two-census-seven/faces.pdf" 16 p16
ok_if "Game of Trains: card 16's index 3-6 mm from the edges" look --bleed 3.175 index "$WORK/p16.ppm" 6
ok_if "Game of Trains: card 16 double-ended" look --bleed 3.175 turned "$WORK/p16.ppm" 0.002
ok_if "Game of Trains: nothing thin within 3.5 mm of card 16's cut" look --bleed 3.175 safe "$WORK/p16.ppm" 3.5
page "$WORK/o/pattern-two-census-seven/back.pdf" 1 pback
ok_if "Game of Trains: the back is the same turned round" look --bleed 3.175 turned "$WORK/pback.ppm"

# --- Reference pages: every game's designed like the trains one (components
# grouped with counts, the legend, the deal, a quick reference to cut out), no
# debug table ("count" rows of one).
squash() { pdftotext -raw "$1" - | tr -d ' \n'; }
for p in take-the-train domino-double-twelve train-52 toy-train; do
	expect_status "$p: build the reference" 0 "$RAILYARD" build -q -o "$WORK/o" --only reference packs/$p.yaml
	expect_eq "$p: the reference without warnings" "" "$(cat "$WORK/last.err")"
	squash "$WORK/o/$p/reference.pdf" >"$WORK/ref.txt"
	for w in COMPONENTS LEGEND THEDEAL QUICKREFERENCE; do
		expect_grep "$p: the reference has $w" "$w" "$WORK/ref.txt"
	done
	ok_if "$p: no debug table" sh -c "! grep -Eq 'componentwhatcount|noboneyard\)\)' '$WORK/ref.txt'"
done
squash "$WORK/o/take-the-train/reference.pdf" >"$WORK/tt.txt"
expect_grep "Take the Train: 48 number cards grouped" '48Numberblue,green,magenta,orange×1-12' "$WORK/tt.txt"
expect_grep "Take the Train: the deal" '2-3players:13each' "$WORK/tt.txt"
expect_grep "dominoes: 91 tiles in one group" '91Tile' "$(squash "$WORK/o/domino-double-twelve/reference.pdf" >"$WORK/dr.txt"; echo "$WORK/dr.txt")"

# --- Scaling: size: scales uniformly by the smaller ratio of the safe areas
# (the card less the 4 mm margins), so chips stay square and the underline stays
# as far (times that ratio) under its number as in the layout it comes from, at
# every shipped size and one of the designer's own. Card 16 is C ↔ E, underlined.
cp -r templates "$WORK/templates"
for s in "poker 63.5 88.9" "euro-poker 63 88" "bridge 57.15 88.9" "mini 44.45 63.5" "tarot 69.85 120.65" \
	"mini-euro 44 68" "mini-american 41 63" "square 63.5 63.5" "large-square 88.9 88.9" "[66mm,100mm] 66 100"; do
	set -- $s
	sed "s/^pack: .*/pack: size-test/" packs/pattern-two-census-seven.yaml >"$WORK/size.yaml"
	echo "size: $1" >>"$WORK/size.yaml"
	expect_status "size $1: build" 0 "$RAILYARD" build -q -o "$WORK/o" --only faces "$WORK/size.yaml"
	expect_eq "size $1: no warnings" "" "$(cat "$WORK/last.err")"
	# the face's layout nearest in shape (templates/trains-face.yaml) scales:
	# poker's (the underline 3.56 mm under the number), mini's (poker's centre
	# at 0.7, designed at 44.45 x 63.5) or the square's (1.52 mm, at 63.5 x 63.5)
	case $1 in
	mini*) w0=44.45 h0=63.5 g=2.492;;
	*square) w0=63.5 h0=63.5 g=1.52;;
	*) w0=63.5 h0=88.9 g=3.56;;
	esac
	k=$(awk "BEGIN { a = ($2 - 8) / ($w0 - 8); b = ($3 - 8) / ($h0 - 8); print (a < b ? a : b) }")
	page "$WORK/o/size-test/faces.pdf" 16 size16
	ok_if "size $1: the chip square, the underline with its number" \
		look --bleed 3.175 scaled "$WORK/size16.ppm" '#009E73' '#2A3550' "$k" $g
done

# --- Five digits fit the default trains face (a 20,000-card pack: no overflow),
# the index shrinking rather than running over its box (fit: shrink).
sed 's/^cards: .*/cards: 20000/; s/^players: .*/players: {2: 20000}/; s/^pack: .*/pack: big/' \
	packs/pattern-one-census-six.yaml >"$WORK/big.yaml"
expect_status "a 20,000-card pack: cards 9999-10001 and 19996-20000" 0 "$RAILYARD" build -q --force --max-items 20000 \
	-o "$WORK/o" --only faces --numbers 9999-10001,19996-20000 "$WORK/big.yaml"
expect_eq "five digits: no text overflows its box" "" "$(cat "$WORK/last.err")"
page "$WORK/o/big.preview/faces.pdf" 8 big
ok_if "five digits: the index 3-6 mm from the edges" look --bleed 3.175 index "$WORK/big.ppm" 6

# --- Beyond eight spaces: the colours repeat (I is orange like A), so I's chip
# carries a second cue, a ring: on card 9 (A ↔ I) the ring at 1.05 mm inside
# chip 2, none inside chip 1.
printf 'pack: census-twelve\ntitle: Census twelve\ngame: trains\ncensus: 12\nabilities: [remove, swap]\ncards: 78\nplayers: {2: 78}\n' >"$WORK/c12.yaml"
expect_status "census twelve: build" 0 "$RAILYARD" build -q --force -o "$WORK/o" --only faces "$WORK/c12.yaml"
page "$WORK/o/census-twelve/faces.pdf" 9 c9
expect_eq "census twelve: I's chip has a ring, A's (the same orange) none" "#1b1b1b #e69f00 " \
	"$(px "$WORK/c9.ppm" 502 463; px "$WORK/c9.ppm" 242 463)"

# --- A PNG whose size in mm is not whole pixels (a carriage with bleed: 34.35 mm,
# 405.7 pixels at 300 dpi): the last column and row are the artwork, not blended
# with white.
expect_status "Toy Train PNGs" 0 "$RAILYARD" build -q -o "$WORK/o" --only png packs/toy-train.yaml
expect_eq "the last column and row of a carriage's PNG as the ones before" "ok" "$(python3 -c "
import sys; sys.path.insert(0, 'tests/cli'); import look
i = look.Image('$WORK/o/toy-train/png/003-a.png', 11.811, 0)
same = i.at(i.w - 1, 5) == i.at(i.w - 2, 5) and i.at(5, i.h - 1) == i.at(5, i.h - 2)
print('ok' if same else 'blended: %s %s / %s %s' % (i.at(i.w - 1, 5), i.at(i.w - 2, 5), i.at(5, i.h - 1), i.at(5, i.h - 2)))")"

# --- A {field} typo gets a suggestion.
mkdir -p "$WORK/typo"
printf 'pack: typo\ntitle: T\ngame: trains\ncensus: 3\nabilities: [swap]\ncards: 9\nplayers: {2: 9}\nface: face.yaml\n' >"$WORK/typo/pack.yaml"
printf 'size: poker\nelements:\n  - text: "{numbr}"\n    box: [4mm, 4mm, 40mm, 10mm]\n' >"$WORK/typo/face.yaml"
"$RAILYARD" build --force -q -o "$WORK/o" --only faces "$WORK/typo/pack.yaml" 2>"$WORK/typo.err"
expect_grep "a {field} typo: did you mean" "face.yaml:3:12: warning: card 1 .*no field 'numbr' \(did you mean 'number'\?\)" "$WORK/typo.err"

# --- The signal-box example (66 x 100 mm): to the brief as the shipped games are.
expect_status "signal-box: build" 0 "$RAILYARD" build -q -o "$WORK/o" --only faces packs/examples/signal-box/pack.yaml
expect_eq "signal-box: no warnings" "" "$(cat "$WORK/last.err")"
page "$WORK/o/signal-box/back.pdf" 1 sbback
ok_if "signal-box: the back is the same turned round" look --bleed 3.175 turned "$WORK/sbback.ppm"
page "$WORK/o/signal-box/faces.pdf" 16 sb16
ok_if "signal-box: a corner index 3-6 mm from the edges" look --bleed 3.175 index "$WORK/sb16.ppm" 6
ok_if "signal-box: nothing thin within 3.5 mm of the cut" look --bleed 3.175 safe "$WORK/sb16.ppm" 3.5
pdftotext -raw -f 16 -l 16 "$WORK/o/signal-box/faces.pdf" - | tr -d ' \n' >"$WORK/sb16.txt"
expect_grep "signal-box: the index in two corners (16 AX twice, one turned)" '16AX.*AX.*16|16AX16' "$WORK/sb16.txt"
expect_eq "signal-box: no type under 8 pt in its templates" "" \
	"$(grep -hE 'size: *([0-7](\.[0-9]+)?)pt' packs/examples/signal-box/*.yaml)"

# --- Style reuse: YAML merge keys (<<: *style) in a template.
mkdir -p "$WORK/mk"
printf 'pack: mk\ntitle: T\ngame: trains\ncensus: 3\nabilities: [swap]\ncards: 9\nplayers: {2: 9}\nface: face.yaml\n' >"$WORK/mk/pack.yaml"
cat >"$WORK/mk/face.yaml" <<'YAML'
size: poker
elements:
  - &big {text: "{number}", box: [4mm, 4mm, 40mm, 12mm], size: 20pt, weight: bold}
  - <<: *big
    box: [4mm, 20mm, 40mm, 12mm]
  - {<<: [*big], text: "{code}", box: [4mm, 40mm, 40mm, 12mm]}
  - {<<: 3, text: x, box: [4mm, 60mm, 40mm, 12mm]}
YAML
expect_status "merge keys: a merge of a number is bad input" 2 "$RAILYARD" build --force -q -o "$WORK/o" --only faces "$WORK/mk/pack.yaml"
expect_grep "merge keys: located" "face.yaml:7:10: error: '<<' merges a mapping" "$WORK/last.err"
sed -i '$d' "$WORK/mk/face.yaml"
expect_status "merge keys: build" 0 "$RAILYARD" build --force -q -o "$WORK/o" --only faces "$WORK/mk/pack.yaml"
expect_eq "merge keys: the style reused, its keys overridden" "1 1 AB" \
	"$(pdftotext -f 1 -l 1 "$WORK/o/mk/faces.pdf" - | tr -d '\f' | grep . | tr '\n' ' ' | sed 's/ $//')"

#!/bin/sh
# The size matrix: every shipped game at mini, bridge, poker, square, tarot and
# large-square, built with their references (no warning, no error: no text or
# cue left its holder, no letter's ink within 1 mm of its disc's or frame's edge),
# every word of the faces at least 3 mm inside the trim, and what issue 30
# measured: the core game's chips as far apart against their width as at poker
# (one scale factor: they drifted 28.6 mm apart on square), its sleepers at one
# pitch (they scattered); Take the Train's number inside the disc with its share
# of ink as at poker, the shape cue on the disc's middle row (it vanished on
# square), Free Ride's title and text inside the disc (they left it on tarot).
# 100 dpi, a few pages each: a few seconds.
. tests/cli/lib.sh
DPM=3.937
sz() { python3 tests/cli/sizes.py --dpm $DPM --bleed 3.175 "$@"; }
SIZES="poker mini bridge square tarot large-square"

# pack GAME SIZE: packs/GAME.yaml at SIZE, as $WORK/GAME-SIZE.yaml
pack() {
	sed -e "s/^pack: .*/pack: $1-$2/" -e '/^size:/d' "packs/$1.yaml" >"$WORK/$1-$2.yaml"
	echo "size: $2" >>"$WORK/$1-$2.yaml"
}

for s in $SIZES; do
	for g in take-the-train train-52 toy-train domino-double-six; do
		pack $g $s
		# Take the Train with its Transfer cards (pages 57-58), the faces'
		# texts measured in ink against their disc (no warning)
		w=; [ $g = take-the-train ] && w="--with transfer"
		expect_status "$g at $s: builds" 0 "$RAILYARD" build -q -o "$WORK/o" --only faces $w "$WORK/$g-$s.yaml"
		expect_eq "$g at $s: no warning" "" "$(cat "$WORK/last.err")"
		expect_status "$g at $s: the reference builds" 0 "$RAILYARD" build -q -o "$WORK/o" --only reference "$WORK/$g-$s.yaml"
		expect_eq "$g at $s: the reference and quick reference: no warning" "" "$(cat "$WORK/last.err")"
		pdftotext -bbox -f 1 -l 8 "$WORK/o/$g-$s/faces.pdf" "$WORK/w.html"
		expect_eq "$g at $s: every word 3 mm inside the trim" ok "$(sz words "$WORK/w.html" 3)"
	done
	pack pattern-two-census-seven $s
	expect_status "trains at $s: builds" 0 "$RAILYARD" build -q -o "$WORK/o" --only faces --numbers 1,16 \
		"$WORK/pattern-two-census-seven-$s.yaml"
	expect_eq "trains at $s: no warning" "" "$(cat "$WORK/last.err")"
	expect_status "trains at $s: the reference builds" 0 "$RAILYARD" build -q -o "$WORK/o" --only reference \
		"$WORK/pattern-two-census-seven-$s.yaml"
	expect_eq "trains at $s: the reference and quick reference: no warning" "" "$(cat "$WORK/last.err")"
	F="$WORK/o/pattern-two-census-seven-$s.preview/faces.pdf"
	pdftotext -bbox "$F" "$WORK/w.html"
	expect_eq "trains at $s: every word 3 mm inside the trim" ok "$(sz words "$WORK/w.html" 3)"
	pdftoppm -r 100 -singlefile -f 2 -l 2 "$F" "$WORK/t16"
	echo "$s $(sz chips "$WORK/t16.ppm" '#009E73' '#0072B2')" >>"$WORK/chips"
	echo "$s $(sz sleepers "$WORK/t16.ppm" '#B9AE96')" >>"$WORK/sleepers"
	# Take the Train: card 1 (blue 1, a circle), card 53 (Free Ride)
	F="$WORK/o/take-the-train-$s/faces.pdf"
	pdftoppm -r 100 -singlefile -f 1 -l 1 "$F" "$WORK/tt1"
	echo "$s $(sz disc "$WORK/tt1.ppm" '#FFFDF8' '#3c3093')" >>"$WORK/disc"
	# its big number's capitals (a lining 1's ink at 600 dpi), 10 mm or more to
	# read across a table (LOOK.md): 8.0 mm at mini and 8.3 at square before the
	# mini and square layouts
	pdftoppm -r 600 -singlefile -f 1 -l 1 "$F" "$WORK/hi"
	echo "$s $(python3 tests/cli/sizes.py --dpm 23.622 --bleed 3.175 cap "$WORK/hi.ppm" '#FFFDF8' '#3c3093')" >>"$WORK/hi"
	# Train's large rank (a K: flat at the top and the bottom; left of the
	# middle on a square card) and the trains face's number (a 1): 9.7 and 10.0
	# mm at mini before its layouts
	case $s in *square) band="0.25 0.55";; *) band="0.3 0.7";; esac
	pdftoppm -r 600 -singlefile -f 13 -l 13 "$WORK/o/train-52-$s/faces.pdf" "$WORK/hi"
	echo "Train $s $(python3 tests/cli/sizes.py --dpm 23.622 --bleed 3.175 capband "$WORK/hi.ppm" '#FFFEFA' $band)" >>"$WORK/capband"
	pdftoppm -r 600 -singlefile -f 1 -l 1 "$WORK/o/pattern-two-census-seven-$s.preview/faces.pdf" "$WORK/hi"
	echo "trains $s $(python3 tests/cli/sizes.py --dpm 23.622 --bleed 3.175 capband "$WORK/hi.ppm" '#FBF7EE' 0.3 0.7)" >>"$WORK/capband"
	# how far across the composition reaches (the disc, the rank and its suit,
	# the chips; the index's column left out): the square's width used
	echo "$s $(sz span "$WORK/tt1.ppm" '#3c3093' 10 0.1 0.9)" >>"$WORK/span-tt"
	pdftoppm -r 100 -singlefile -f 1 -l 1 "$WORK/o/train-52-$s/faces.pdf" "$WORK/t52"
	echo "$s $(sz span "$WORK/t52.ppm" '#FFFEFA' 15 0.1 0.45)" >>"$WORK/span-t52"
	echo "$s $(sz span "$WORK/t16.ppm" '#FBF7EE' 15 0.1 0.45)" >>"$WORK/span-trains"
	pdftoppm -r 100 -singlefile -f 53 -l 53 "$F" "$WORK/fr"
	pdftotext -bbox -f 53 -l 53 "$F" "$WORK/fr.html"
	expect_eq "Take the Train at $s: Free Ride's title and text inside the disc" ok \
		"$(sz inside "$WORK/fr.html" "$WORK/fr.ppm" '#FFFDF8' Free Ride Stands card.)"
done

# Against poker (or the square layout): the chips' distance over their width within 4%; the sleepers'
# pitch within 0.6 mm (a pixel or two at 100 dpi); the disc's ink share within
# 20% and its shape cue at least 0.12 of the diameter wide.
# (A square card and the large square take the face's square layout: its chips
# as far apart as at poker across, smaller: the large square's as on the square.)
read -r _ w0 d0 r0 <"$WORK/chips"
read -r _ _ i0 _ <"$WORK/disc"
rsq=$(awk '$1 == "square" { print $4 }' "$WORK/chips")
while read -r s w d r; do
	case $s in *square) ref=$rsq from=square;; *) ref=$r0 from=poker;; esac
	ok_if "trains at $s: chips ${d} mm apart for ${w} mm wide, as at $from (ratio $r, $from $ref)" \
		awk "BEGIN { exit !($r > 0 && ($r / $ref - 1) ^ 2 < 0.04 ^ 2) }"
done <"$WORK/chips"
while read -r s n spread; do
	ok_if "trains at $s: $n sleepers at one pitch (spread $spread mm)" \
		awk "BEGIN { exit !($n >= 9 && $spread <= 0.6) }"
done <"$WORK/sleepers"
while read -r s dia ink cue; do
	ok_if "Take the Train at $s: the number in the disc ($ink of its upper half, poker $i0), the shape cue $cue of the ${dia} mm disc" \
		awk "BEGIN { exit !(($ink / $i0 - 1) ^ 2 < 0.2 ^ 2 && $cue >= 0.12) }"
done <"$WORK/disc"

while read -r s cap dia; do
	ok_if "Take the Train at $s: the big number's capitals $cap mm tall (10 or more), in a $dia mm disc" \
		awk "BEGIN { exit !($cap >= 10) }"
done <"$WORK/hi"
while read -r g s cap; do
	ok_if "$g at $s: the large number's capitals $cap mm tall (10 or more)" awk "BEGIN { exit !($cap >= 10) }"
done <"$WORK/capband"
# On a square card the composition uses the width (its layout): the disc 0.65
# of it or more (0.50 shrunk from poker), the rank and suit side by side 0.4
# (0.16: the rank alone), the chips as wide as at poker, 0.45 (0.34).
for g in tt:0.65 t52:0.4 trains:0.45; do
	grep -E '^(square|large-square) ' "$WORK/span-${g%:*}" | while read -r s f; do
		ok_if "${g%:*} at $s: the composition reaches $f of the width (${g#*:} or more)" \
			awk "BEGIN { exit !($f >= ${g#*:}) }"
	done
done

# --- Letter spacing written in markup scales with its text: a spaced word's
# ink as wide against its height at every size (it stayed in points: at twice
# the size the word was narrower against its height).
mkdir -p "$WORK/ls"
cat >"$WORK/ls/face.yaml" <<'YAML'
size: poker
safe: 4mm
background: "#FFFFFF"
elements:
  - {text: "<span letter_spacing=\"6000\">IHIHI</span>", box: [6mm, 30mm, 51.5mm, 20mm], size: 20pt, color: "#000000"}
YAML
for z in poker mini 127mm,177.8mm; do
	printf 'pack: ls\ntitle: Spaced\ngame: trains\ncensus: 3\nabilities: [swap]\ncards: 9\nplayers: {2: 9}\nface: face.yaml\nsize: %s\n' "$(echo "$z" | sed 's/.*,.*/[&]/')" >"$WORK/ls/pack.yaml"
	expect_status "a letter-spaced text at $z: builds" 0 "$RAILYARD" build -q --force -o "$WORK/ls/o" --only faces --numbers 1 "$WORK/ls/pack.yaml"
	pdftoppm -r 300 -singlefile -f 1 -l 1 "$WORK/ls/o/ls.preview/faces.pdf" "$WORK/ls/p"
	echo "$z $(python3 tests/cli/sizes.py --dpm 11.811 --bleed 3.175 inkbox "$WORK/ls/p.ppm" '#FFFFFF')" >>"$WORK/ls/box"
done
read -r _ w0 h0 <"$WORK/ls/box"
while read -r z w h; do
	ok_if "letter spacing at $z scales with the text: $w x $h mm, as wide against its height as at poker ($w0 x $h0)" \
		awk "BEGIN { r = ($w / $h) / ($w0 / $h0); exit !((r - 1) ^ 2 < 0.02 ^ 2) }"
done <"$WORK/ls/box"

# --- Size names: the services' square is 63.5 mm, so The Game Crafter takes it;
# MakePlayingCards sells no 88.9 mm square, refused at the pack's size: line.
pack pattern-one-census-six square
expect_status "size: square --preset tgc builds" 0 "$RAILYARD" build -q -o "$WORK/o" --preset tgc --numbers 1 \
	"$WORK/pattern-one-census-six-square.yaml"
pack pattern-one-census-six large-square
L=$(grep -n '^size:' "$WORK/pattern-one-census-six-large-square.yaml" | cut -d: -f1)
expect_status "size: large-square --preset mpc is refused" 2 "$RAILYARD" build -q -o "$WORK/o" --preset mpc --numbers 1 \
	"$WORK/pattern-one-census-six-large-square.yaml"
expect_grep "the refusal at the pack's size: line" "pattern-one-census-six-large-square.yaml:$L:7: error: --preset mpc: the items are 88.9 x 88.9 mm" "$WORK/last.err"

# --- The checks at the size printed: a warning names the pack's size, not the
# template's; text under 6 pt is a warning; a text anchored away from the disc
# it lies in is an error at the text (exit 2).
mkdir -p "$WORK/own"
printf 'pack: own\ntitle: Own\ngame: trains\ncensus: 3\nabilities: [swap]\ncards: 9\nplayers: {2: 9}\nface: face.yaml\nsize: [50mm, 50mm]\n' >"$WORK/own/pack.yaml"
cat >"$WORK/own/face.yaml" <<'YAML'
size: poker
safe: 4mm
elements:
  - {text: "{number}", box: [1mm, 40mm, 20mm, 8mm], size: 9pt}
  - {text: "small", box: [20mm, 60mm, 20mm, 8mm], size: 5pt}
YAML
expect_status "own face at 50 x 50 mm: builds" 0 "$RAILYARD" build -q --force -o "$WORK/o" --only faces "$WORK/own/pack.yaml"
expect_grep "the safe-margin warning names 50 x 50 mm" "face.yaml:4:5: warning: .*safe margin of the 50.0 x 50.0 mm card" "$WORK/last.err"
expect_grep "text under 6 pt: a warning at the element" "face.yaml:5:5: warning: this text is 2.6 pt on the 50 x 50 mm card, under 6 pt" "$WORK/last.err"
cat >"$WORK/own/face.yaml" <<'YAML'
size: poker
elements:
  - {ellipse: [8.75mm, 21.45mm, 46mm, 46mm], fill: "#FFFDF8", anchor: right}
  - {text: "{number}", box: [15mm, 30mm, 33mm, 20mm], size: 30pt, anchor: left}
YAML
sed -i 's/^size: .*/size: [40mm, 40mm]/' "$WORK/own/pack.yaml"
expect_status "a text anchored away from its disc: exit 2" 2 "$RAILYARD" build -q --force -o "$WORK/o" --only faces "$WORK/own/pack.yaml"
expect_grep "the text leaves the disc: an error at the text" "face.yaml:4:5: error: on the 40 x 40 mm card this text leaves the ellipse at line 3" "$WORK/last.err"

# --- layouts: another arrangement for another shape, the nearest in shape
# taken (a size difference counting a quarter): a 50 x 50 mm card draws the
# square one, a 44 x 63 mm card the main one; a layout without its size or
# elements, or on a cells template, is an error at it.
cat >"$WORK/own/face.yaml" <<'YAML'
size: poker
background: "#FFFFFF"
elements:
  - {rect: [10mm, 10mm, 43.5mm, 68.9mm], fill: "#FF0000"}
layouts:
  - size: square
    elements:
      - {rect: [10mm, 10mm, 43.5mm, 43.5mm], fill: "#0000FF"}
YAML
for z in 50mm,50mm:0000FF 44mm,63mm:FF0000; do
	sed -i "s/^size: .*/size: [${z%:*}]/" "$WORK/own/pack.yaml"
	expect_status "layouts at ${z%:*}: builds" 0 "$RAILYARD" build -q --force -o "$WORK/o" --only faces --numbers 1 "$WORK/own/pack.yaml"
	pdftoppm -r 50 -singlefile -f 1 -l 1 "$WORK/o/own.preview/faces.pdf" "$WORK/lay"
	ok_if "layouts at ${z%:*}: the #${z#*:} arrangement drawn" \
		python3 -c "import sys; sys.path.insert(0, 'tests/cli'); from pixel import read_ppm; w, h, p = read_ppm('$WORK/lay.ppm'); i = 3 * (h // 2 * w + w // 2); sys.exit(bytes(p[i:i + 3]).hex().upper() != '${z#*:}')"
done
cat >"$WORK/own/face.yaml" <<'YAML'
size: poker
elements:
  - {rect: [10mm, 10mm, 43.5mm, 68.9mm], fill: "#FF0000"}
layouts:
  - size: square
  - {elements: []}
YAML
expect_status "a layout without its elements or its size: exit 2" 2 "$RAILYARD" build -q --force -o "$WORK/o" --only faces "$WORK/own/pack.yaml"
expect_grep "... an error at each" "face.yaml:5:5: error: a layout needs a 'size' and its 'elements'" "$WORK/last.err"
expect_grep "... the second too" "face.yaml:6:5: error: a layout needs a 'size' and its 'elements'" "$WORK/last.err"

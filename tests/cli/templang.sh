#!/bin/sh
# The template language: image (PNG, SVG), ellipse, polygon and maps, read back as
# pixels; data: columns and fields: as text on the right cards; images embedded
# once; sizes that scale (a tarot pack from the stock templates); bad data located.
. tests/cli/lib.sh
T="$WORK/t"
cp -r tests/cli/templang "$T"
rsvg-convert "$T/red.svg" -o "$T/red.png"

expect_status "build the element test pack" 0 "$RAILYARD" build -q -o "$WORK/o" --only faces "$T/pack.yaml"
# (the data's longest text shrinks under 6 pt in its 34 mm box: said once)
expect_eq "no warnings but the text under 6 pt" "face.yaml:22:5: warning: card 1 (position 1): text 'Coal, and more / First edition' shrinks to 5.3 pt" \
	"$(grep -o 'face.yaml:.*shrinks to [0-9.]* pt' "$WORK/last.err")"
expect_eq "(one warning)" 1 "$(grep -c 'warning:' "$WORK/last.err")"
# 254 dpi: 10 pixels a millimetre, the card is 40 x 40 mm with no bleed.
pdftoppm -r 254 -f 1 -l 2 "$WORK/o/templang/faces.pdf" "$WORK/pg"
px() { python3 tests/cli/pixel.py "$@" | tr '\n' ' '; }
# (x, y) in pixels: PNG quadrant, SVG quadrant, ellipse centre, ellipse's box
# corner, polygon inside, polygon's box outside the triangle.
expect_eq "card 1: PNG red, SVG blue, ellipse {number|tint} = '*' entry, corner white, triangle yellow, outside white" \
	"#ff0000 #0000ff #008000 #ffffff #ffff00 #ffffff " \
	"$(px "$WORK/pg-01.ppm" 50 50 300 100 100 300 15 215 250 250 380 380)"
expect_eq "card 2: the map's entry for 2" "#00ff00 " "$(px "$WORK/pg-02.ppm" 100 300)"
# Card 3 has no row, so no art: the SVG quadrant stays white.
pdftoppm -r 254 -f 3 -l 3 "$WORK/o/templang/faces.pdf" "$WORK/pg"
expect_eq "card 3: no art named, no image drawn" "#ffffff " "$(px "$WORK/pg-03.ppm" 300 100)"

pdftotext "$WORK/o/templang/faces.pdf" - | tr '\f' '\n' | grep . >"$WORK/text"
expect_eq "data column and pack field on card 1" "Coal, and more / First edition" "$(sed -n 1p "$WORK/text")"
expect_eq "RFC 4180 quotes on card 2" 'The "fast" one / First edition' "$(sed -n 2p "$WORK/text")"
expect_eq "card 3: the pack field only" "/ First edition" "$(sed -n 3p "$WORK/text")"

# 84 cards use the same PNG and SVG: one image object and one form in the file.
sed 's/^cards: .*/cards: 84/; s/^players: .*/players: {2: 84}/' "$T/pack.yaml" >"$T/p84.yaml"
expect_status "build 84 cards" 0 "$RAILYARD" build -o "$WORK/o84" --only faces "$T/p84.yaml"
expect_eq "the PNG is embedded once for 84 cards" 1 \
	"$(pdfimages -list "$WORK/o84/templang/faces.pdf" | tail -n +3 | awk '{ print $11 }' | sort -u | wc -l)"
qpdf --qdf --object-streams=disable "$WORK/o84/templang/faces.pdf" "$WORK/q.pdf"
expect_eq "the SVG is one form for 84 cards" 1 "$(grep -ac '/Subtype /Form' "$WORK/q.pdf")"
s12=$(wc -c <"$WORK/o/templang/faces.pdf")
s84=$(wc -c <"$WORK/o84/templang/faces.pdf")
ok_if "7 times the cards, less than 7 times the bytes ($s12 -> $s84)" test "$s84" -lt $((s12 * 7))

# size: tarot with the stock templates: no warning, page tarot + bleed.
# (the whole pack: a smaller one would be unsound, and build refuses those)
cp packs/pattern-one-census-six.yaml "$WORK/tarot.yaml"
echo "size: tarot" >>"$WORK/tarot.yaml"
cp -r templates "$WORK/templates"
expect_status "build a tarot pack from the stock templates" 0 "$RAILYARD" build -q -o "$WORK/tarot" --only faces,placemat "$WORK/tarot.yaml"
expect_eq "tarot: no overlap or safe-area warning" "" "$(cat "$WORK/last.err")"
# 2.75 x 4.75 in + 1/8 in each side = 216 x 360 pt
expect_grep "tarot: page 216 x 360 pt" '^Page size: +216 x 360 pts' "$(pdfinfo "$WORK/tarot/pattern-one-census-six/faces.pdf" >"$WORK/info"; echo "$WORK/info")"

# Bad data is located.
printf 'number,flavour\n1,"open\n2,x\n' >"$T/bad.csv"
sed 's/^data: .*/data: bad.csv/' "$T/pack.yaml" >"$T/bad.yaml"
expect_status "an unclosed quote is bad input" 2 "$RAILYARD" build -o "$WORK/bad" "$T/bad.yaml"
expect_grep "located at its opening quote" 'bad.csv:2:3: error: this quoted field is not closed' "$WORK/last.err"
printf 'number,flavour\n1,a\n1,b\n99,c\n2,a"b\n3\n' >"$T/bad.csv"
expect_status "duplicate, unknown and malformed rows are bad input" 2 "$RAILYARD" build -o "$WORK/bad" "$T/bad.yaml"
expect_grep "a bare quote is located" 'bad.csv:5:4: error: a quote inside an unquoted field' "$WORK/last.err"
expect_grep "a short line is located" 'bad.csv:6:1: error: this line has 1 field; the header has 2' "$WORK/last.err"
sed 's/^data: .*/data: [{number: 1, flavour: a}, {number: 1, flavour: b}, {number: 99, flavour: c}]/' "$T/pack.yaml" >"$T/bad.yaml"
expect_status "inline rows: duplicate and unknown" 2 "$RAILYARD" build -o "$WORK/bad" "$T/bad.yaml"
expect_grep "a second row for one number" "bad.yaml:[0-9]+:[0-9]+: error: a second row for number '1' \\(the first is at line" "$WORK/last.err"
sed 's/^data: .*/data: [{number: 1, flavour: a}, {number: 99, flavour: c}]/' "$T/pack.yaml" >"$T/bad.yaml"
expect_status "inline rows: a row naming no card" 2 "$RAILYARD" build -o "$WORK/bad" "$T/bad.yaml"
expect_grep "a row naming no card is located" "bad.yaml:11:33: error: this row is for number '99', but no card has it" "$WORK/last.err"
sed 's/^data: .*/data: ..\/cards.csv/' "$T/pack.yaml" >"$T/bad.yaml"
expect_status "data outside the pack's folder is refused" 2 "$RAILYARD" build -o "$WORK/bad" "$T/bad.yaml"
expect_grep "'..' refused" "error: data '../cards.csv': '..' may not climb out" "$WORK/last.err"
# A symbolic link beside the pack that leads out of its folder is refused as
# '..' is, for a data file and for an image; the file it leads to is not quoted.
printf 'number,flavour\n1,SECRET-ROW\n' >"$WORK/secret.csv"
ln -s "$WORK/secret.csv" "$T/link.csv"
sed 's/^data: .*/data: link.csv/' "$T/pack.yaml" >"$T/bad.yaml"
expect_status "data through a link leading out of the pack's folder is refused" 2 "$RAILYARD" build -o "$WORK/bad-link" "$T/bad.yaml"
expect_grep "... said at the data line" "bad.yaml:[0-9]+:[0-9]+: error: data 'link.csv': a symbolic link leads out of the folder of the pack or template" "$WORK/last.err"
ok_if "... and not quoted" sh -c "! grep -q SECRET '$WORK/last.err'"
cp "$T/red.png" "$WORK/outside.png"
ln -s "$WORK/outside.png" "$T/link.png"
sed 's/image: red.png/image: link.png/' "$T/face.yaml" >"$T/face3.yaml"
sed 's/^face: .*/face: face3.yaml/' "$T/pack.yaml" >"$T/bad.yaml"
expect_status "an image through a link leading out of the template's folder is refused" 2 "$RAILYARD" build -o "$WORK/bad-link" "$T/bad.yaml"
expect_grep "... said at the element" "face3.yaml:11:5: error: image 'link.png': a symbolic link leads out of the folder of the pack or template" "$WORK/last.err"
sed 's/^data: .*/dta: cards.csv/' "$T/pack.yaml" >"$T/bad.yaml"
expect_status "a misspelt key" 2 "$RAILYARD" build -o "$WORK/bad" "$T/bad.yaml"
expect_grep "did you mean data" "unknown key 'dta'.*data" "$WORK/last.err"
sed 's/image: red.png/image: \/etc\/passwd/' "$T/face.yaml" >"$T/face2.yaml"
sed 's/^face: .*/face: face2.yaml/' "$T/pack.yaml" >"$T/bad.yaml"
expect_status "an absolute image path is refused" 2 "$RAILYARD" build -o "$WORK/bad" "$T/bad.yaml"
expect_grep "located at the element" "face2.yaml:11:5: error: image '/etc/passwd': absolute paths are not allowed" "$WORK/last.err"
ok_if "nothing written for a bad image" test ! -e "$WORK/bad/templang/faces.pdf"

# The designer's loop: --numbers builds a subset, --only contact alone, --watch
# rebuilds on a change to a data file and ends cleanly on SIGINT.
expect_status "--numbers 2-3,12" 0 "$RAILYARD" build -o "$WORK/sub" --only faces,svg --numbers 2-3,12 "$T/pack.yaml"
expect_eq "--numbers: a preview, three pages" 3 "$(pdfinfo "$WORK/sub/templang.preview/faces.pdf" | awk '/^Pages:/ { print $2 }')"
expect_eq "--numbers: the files keep their positions" "back.svg card-002.svg card-003.svg card-012.svg placemat.svg" "$(ls "$WORK/sub/templang.preview/svg" | tr '\n' ' ' | sed 's/ $//')"
expect_status "--numbers beyond the pack" 2 "$RAILYARD" build -o "$WORK/sub" --numbers 5-13 "$T/pack.yaml"
expect_status "--only contact" 0 "$RAILYARD" build -o "$WORK/contact" --only contact "$T/pack.yaml"
expect_eq "--only contact writes contact.png, the manifest and files.txt, into PACK.preview/" "contact.png files.txt manifest.csv" "$(ls "$WORK/contact/templang.preview" | tr '\n' ' ' | sed 's/ $//')"
"$RAILYARD" build --watch -o "$WORK/watch" --only faces "$T/pack.yaml" >"$WORK/watch.log" 2>&1 &
pid=$!
wait_for() { wait_log "$1" "$2" "$WORK/watch.log"; }
wait_for 1 "watching"
sleep 1.1   # a later modification time on any file system
printf '4,"Added later",blue\n' >>"$T/cards.csv"
wait_for 2 "watching"
kill -INT $pid
wait $pid
expect_eq "--watch ends cleanly on SIGINT" 0 "$?"
expect_grep "--watch: the data file's change noticed" "cards.csv changed: building again" "$WORK/watch.log"
expect_eq "--watch: the rebuilt faces show the new row" "Added later / First edition" "$(pdftotext -f 4 -l 4 "$WORK/watch/templang.preview/faces.pdf" - | grep Added)"

# Another game: data keyed by item name, and a pack field, on Take the Train.
mkdir -p "$WORK/deck"
# (its face draws no shape: the appearance's shapes go, or the pack is refused)
sed -e 's|templates/take-the-train-card.yaml|dface.yaml|' -e 's/, shape: [a-z]*}/}/' packs/take-the-train.yaml >"$WORK/deck/pack.yaml"
printf 'fields: {edition: Deck edition}\ndata: [{name: blue 7, flavour: "Seven, in blue"}]\n' >>"$WORK/deck/pack.yaml"
printf 'size: poker\nelements:\n  - text: "{name}/{flavour}/{edition}"\n    box: [5mm, 40mm, 53.5mm, 8mm]\n    size: 9pt\n' >"$WORK/deck/dface.yaml"
expect_status "Take the Train with data by item name" 0 "$RAILYARD" build -o "$WORK/deck/o" --only faces "$WORK/deck/pack.yaml"
pdftotext "$WORK/deck/o/take-the-train/faces.pdf" - | tr -d '\f' >"$WORK/deck/text"
expect_grep "the row's column on blue 7" '^blue 7/Seven, in blue/Deck edition$' "$WORK/deck/text"
expect_grep "the pack field on blue 8, no row" '^blue 8//Deck edition$' "$WORK/deck/text"
sed 's/name: blue 7/name: mauve 7/' "$WORK/deck/pack.yaml" >"$WORK/deck/bad.yaml"
expect_status "a row naming no item" 2 "$RAILYARD" build -o "$WORK/deck/o" "$WORK/deck/bad.yaml"
expect_grep "located" "bad.yaml:[0-9]+:[0-9]+: error: this row is for name 'mauve 7', but no card has it" "$WORK/last.err"

# The worked example builds clean.
expect_status "packs/examples/signal-box builds" 0 "$RAILYARD" build -q -o "$WORK/sb" --only faces,placemat packs/examples/signal-box/pack.yaml
expect_eq "signal-box: no warnings" "" "$(cat "$WORK/last.err")"
expect_grep "signal-box: its custom size, 66 x 100 mm + bleed (205.1 x 301.5 pt)" '^Page size: +205\.[0-9]+ x 301\.[0-9]+ pts' "$(pdfinfo "$WORK/sb/signal-box/faces.pdf" >"$WORK/info"; echo "$WORK/info")"
expect_eq "signal-box: the route from routes.csv on card 2" "Ashby ⇄ Bramley" "$(pdftotext -f 2 -l 2 "$WORK/sb/signal-box/faces.pdf" - | grep Bramley | head -1)"

# An image not beside the template is looked for beside the pack.
mkdir -p "$T/tpl"
sed 's/^bleed: 0/bleed: 0/' "$T/face.yaml" >"$T/tpl/face.yaml"
sed 's/^face: .*/face: tpl\/face.yaml/' "$T/pack.yaml" >"$T/sub.yaml"
expect_status "images found beside the pack" 0 "$RAILYARD" build -o "$WORK/sub2" --only faces "$T/sub.yaml"

# The SVG files draw the same pictures (read back through rsvg-convert).
expect_status "svg output" 0 "$RAILYARD" build -o "$WORK/svgout" --only svg --numbers 1,3 "$T/pack.yaml"
rsvg-convert -f pdf "$WORK/svgout/templang.preview/svg/card-001.svg" -o "$WORK/svg1.pdf"
pdftoppm -r 254 "$WORK/svg1.pdf" "$WORK/svg1"
expect_eq "card-001.svg: PNG red, SVG blue, ellipse green, triangle yellow" "#ff0000 #0000ff #008000 #ffff00 " \
	"$(px "$WORK"/svg1-1.ppm 50 50 300 100 100 300 250 250)"

# PNG files are drawn on worker threads, each with its own copy of the images
# read before it starts: every card's PNG shows the pictures (read back through
# an SVG that shows the PNG; 300 dpi: 11.8 pixels a millimetre).
expect_status "png on 3 threads" 0 "$RAILYARD" build -o "$WORK/pngj" --only png --jobs 3 "$T/pack.yaml"
for n in 001 002; do
	printf '<svg xmlns="http://www.w3.org/2000/svg" width="472" height="472"><image href="file://%s" width="472" height="472"/></svg>\n' \
		"$WORK/pngj/templang/png/card-$n.png" >"$WORK/png$n.svg"
	rsvg-convert -f pdf "$WORK/png$n.svg" -o "$WORK/png$n.pdf"
	pdftoppm -r 96 "$WORK/png$n.pdf" "$WORK/png$n"
done
expect_eq "card-001.png (a worker's): PNG red, SVG blue" "#ff0000 #0000ff " "$(px "$WORK"/png001-1.ppm 59 59 354 118)"
expect_eq "card-002.png (a worker's): SVG blue" "#0000ff " "$(px "$WORK"/png002-1.ppm 354 118)"

# --watch keeps watching a template that goes missing (a save that writes a new
# file and renames it, a move): the failed rebuild names it, and its return
# is noticed.
cp "$T/face.yaml" "$WORK/face.keep"
"$RAILYARD" build --watch -o "$WORK/watch2" --only faces "$T/pack.yaml" >"$WORK/watch.log" 2>&1 &
pid=$!
wait_for 1 "watching"
sleep 1.1
rm "$T/face.yaml"
wait_for 2 "watching"
sleep 1.1
cp "$WORK/face.keep" "$T/face.yaml"
wait_for 3 "watching"
kill -INT $pid
wait $pid
expect_grep "--watch: the missing template noticed" "face.yaml changed: building again" "$WORK/watch.log"
expect_eq "--watch: its return noticed too (three builds)" 3 "$(grep -c "watching" "$WORK/watch.log")"

#!/bin/sh
# Every fixed colour railyard prints with (each colour written in templates/*.yaml,
# each colour the code draws references, quick references, boards, sheets and
# marks with), found in the files by tests/cli/inks.py, prints within CIEDE2000 3
# of itself at a press's 300% and DriveThruCards' 240% ink, and every grey
# prints with black ink alone (issue 30). Measured by railyard's own colour
# report (RAILYARD_COLOUR_REPORT=1) on a card that fills a square with each.
. tests/cli/lib.sh
R="$RAILYARD"

python3 tests/cli/inks.py sources >"$WORK/sources"
n=$(grep -c '^templates/' "$WORK/sources")
ok_if "the templates' colours were found ($n)" test "$n" -ge 300
n=$(grep -c '^gen/' "$WORK/sources")
ok_if "the code's colours were found ($n)" test "$n" -ge 20
# one of each kind: a template's "#hex", a colour's name (background: white),
# cairo's numbers (the sheets' grey notes), a "#hex" of the code
named=$(grep -n '^background: white' templates/*.yaml | head -1 | cut -d: -f1,2)
for s in 'templates/trains-back.yaml:[0-9]+:[0-9]+ #' "$named:13 #ffffff" \
	'gen/render/impose.c:[0-9]+:[0-9]+ #404040' 'gen/render/look.c:[0-9]+:[0-9]+ #e69f00' 'gen/games/trains/trains_build.c:[0-9]+:[0-9]+ #'; do
	expect_grep "found: $s" "^$s" "$WORK/sources"
done

# a card of squares, one of each colour (at most 250 a template: the limit is 256)
cut -d' ' -f2 "$WORK/sources" | sort -u >"$WORK/colours"
rm -rf "$WORK/parts" "$WORK/cards"
mkdir -p "$WORK/parts" "$WORK/cards"
split -l 250 "$WORK/colours" "$WORK/parts/"
for ink in 300 240; do
	: >"$WORK/measured-$ink"
	for f in "$WORK"/parts/*; do
		p=${f##*/}
		{ printf 'size: poker\nbleed: 3.175mm\nelements:\n'
		  sed 's/.*/  - {rect: [10mm, 10mm, 20mm, 20mm], fill: "&"}/' "$f"; } >"$WORK/cards/$p.yaml"
		printf 'pack: inks\ntitle: Inks\ngame: trains\ncensus: 3\nabilities: [swap]\ncards: 9\nplayers: {2: 9}\nface: %s.yaml\n' \
			"$p" >"$WORK/cards/$p-pack.yaml"
		# the note (or, past 5, the warning): "#hex ... prints as C M Y K...: ... moves DE"
		RAILYARD_COLOUR_REPORT=1 $R build -q --colour cmyk --max-ink $ink --only contact \
			-o "$WORK/o" "$WORK/cards/$p-pack.yaml" 2>&1 | grep "/$p\.yaml:.*the template's" |
			sed -E 's/.* (#[0-9a-f]{6}) .*prints as C([0-9]+) M([0-9]+) Y([0-9]+) K([0-9]+).*moves ([0-9.]+).*/\1 \6 C\2 M\3 Y\4 K\5/' \
			>>"$WORK/measured-$ink"
	done
	expect_eq "$ink%: every colour measured" "$(wc -l <"$WORK/colours")" "$(sort -u "$WORK/measured-$ink" | wc -l)"
	python3 tests/cli/inks.py judge "$WORK/sources" "$WORK/measured-$ink" $ink >"$WORK/bad-$ink"
	worst=$(sort -k2 -n "$WORK/measured-$ink" | tail -1)
	expect_eq "$ink%: every colour within 3 and every grey on black alone (worst: $worst)" "" \
		"$(cat "$WORK/bad-$ink")"
done

#!/bin/sh
# CMYK colour (--colour cmyk), measured on Ghostscript's separations (tiffsep,
# read by tests/cli/colour.py): text, hairlines and crop marks on the black
# plate alone; a large black area rich black within the ink limit; every
# default ink of every game within CIEDE2000 3 of what it prints as; the
# located warning for a colour outside the profile's gamut; --proof.
. tests/cli/lib.sh
R="$RAILYARD"
C() { python3 tests/cli/colour.py "$@"; }
P=packs/pattern-one-census-six.yaml
between() { awk -v v="$1" -v a="$2" -v b="$3" 'BEGIN { exit !(v != "" && v + 0 >= a && v + 0 <= b) }'; }

# --- card 1 and its sheet, in RGB and in CMYK: every dark grey pixel of the RGB
# page (the text #1B1B1B, the crop marks) is black ink alone on the CMYK plates
$R build -q --only faces,sheets --paper a4 --numbers 1 -o "$WORK/rgb" $P
expect_status "one card and its sheet in CMYK" 0 \
	$R build -q --colour cmyk --only faces,sheets --paper a4 --numbers 1 -o "$WORK/cmyk" $P
for f in faces sheets-a4; do
	m=$(C kplate "$WORK/rgb/pattern-one-census-six.preview/$f.pdf" \
		"$WORK/cmyk/pattern-one-census-six.preview/$f.pdf" 1)
	set -- $m
	# (a few pixels at a mark's edge fall either side in the two renderings)
	ok_if "$f.pdf: text and marks on the black plate alone ($m)" \
		sh -c 'test "$1" -ge 300 && test "$2" = 0 && test $(($3 * 20)) -le "$1"' _ "$1" "$4" "${10}"
done

# --- a large black area (a back of #000000) is rich black within the ink
# limit; its text and the navy of the track stay as they were
mkdir -p "$WORK/p"
sed 's/^  accent: "#1F2A44"/  accent: "#000000"/; s/^  sleeper: "#2C3B5E"/  sleeper: "#0000FF"/' \
	templates/trains-back.yaml >"$WORK/p/back.yaml"
bline=$(grep -n '^  sleeper: "#0000FF"' "$WORK/p/back.yaml" | cut -d: -f1)
sed 's/^title: .*/&\nback: back.yaml/' $P >"$WORK/p/pack.yaml"
printf 'palette:\n  A: "#00ff00"\n' >>"$WORK/p/pack.yaml"
line=$(grep -n '^  A: "#00ff00"' "$WORK/p/pack.yaml" | cut -d: -f1)
expect_status "a black back and a green space through DriveThruCards' limit" 0 \
	$R build -q --colour cmyk --max-ink 240 --only faces --numbers 1 -o "$WORK/b" "$WORK/p/pack.yaml"
set -- $(C plates "$WORK/b/pattern-one-census-six.preview/back.pdf" 1 50 1.5)
ok_if "the black back is rich black: C$1 M$2 Y$3 K$4, cyan, magenta and yellow under black" \
	sh -c 'test "$1" -ge 40 && test "$2" -ge 25 && test "$3" -ge 25 && test "$4" -ge 99' _ "$@"
ok_if "and within the 240% limit ($(($1 + $2 + $3 + $4))%)" test $(($1 + $2 + $3 + $4)) -le 241

# --- the gamut warning: located at the pack's palette entry and at the
# template's line, with the CMYK and the sRGB it comes back as
expect_grep "the palette's green: located, what it prints as" \
	"pack\.yaml:$line:6: warning: the colour of space A #00ff00 prints as C[0-9]+ M[0-9]+ Y[0-9]+ K[0-9]+, which comes back as #[0-9a-f]{6}: it moves [0-9.]+ \(CIEDE2000" \
	"$WORK/last.err"
expect_grep "the template's blue: located at its palette entry's value" \
	"back\.yaml:$bline:12: warning: the template's palette colour sleeper #0000ff \(and [0-9]+ more places in this file\) prints as C[0-9]+ M[0-9]+ Y[0-9]+ K[0-9]+, which comes back as #[0-9a-f]{6}" \
	"$WORK/last.err"
expect_eq "no other colour of the pack is reported" 2 "$(grep -c 'CIEDE2000' "$WORK/last.err")"
expect_status "an RGB build does not check the press's gamut" 0 \
	$R build -q --only faces --numbers 1 -o "$WORK/b" "$WORK/p/pack.yaml"
expect_eq "(no warning)" "" "$(grep 'CIEDE2000' "$WORK/last.err")"

# --- every default ink of every game prints within CIEDE2000 3 of itself, at
# DriveThruCards' 240% (a press's 300% for Take the Train, whose inks moved),
# and no shipped colour is warned about (RAILYARD_COLOUR_REPORT=1 notes every
# colour's difference; --only contact: the check runs before anything is drawn)
for ink in 240 300; do
	games="pattern-one-census-six take-the-train domino-double-twelve train-52 toy-train"
	[ $ink = 300 ] && games=take-the-train
	for g in $games; do
		RAILYARD_COLOUR_REPORT=1 $R build -q --colour cmyk --max-ink $ink --only contact \
			-o "$WORK/i" packs/$g.yaml 2>&1 | grep -E 'note: |warning: ' | sed "s|^|$g: |"
	done >"$WORK/inks-$ink"
	expect_eq "$ink%: no shipped colour moves more than 5" "" "$(grep 'warning: ' "$WORK/inks-$ink")"
	grep -E 'the (ink of|colour of space)|palette colour pip-' "$WORK/inks-$ink" |
		sed 's/.*moves //' | sort -n | tail -1 >"$WORK/worst"
	ok_if "$ink%: every ink within 3 (worst $(cat "$WORK/worst"))" between "$(cat "$WORK/worst")" 0 3
	n=$(grep -cE 'the (ink of|colour of space)|pip-' "$WORK/inks-$ink")
	ok_if "$ink%: the inks were measured ($n)" test "$n" -ge 4
done

# --- --proof: every page of every CMYK PDF as it prints, listed in the set
expect_status "--proof" 0 $R build -q --colour cmyk --proof --only faces --numbers 1 -o "$WORK/pr" $P
S="$WORK/pr/pattern-one-census-six.preview"
expect_eq "proof/back-001.png and proof/faces-001.png, in files.txt" \
	"proof/back-001.png proof/faces-001.png" "$(grep '^proof/' "$S/files.txt" | sort | tr '\n' ' ' | sed 's/ $//')"
ok_if "a PNG of the card with its bleed at 100 dpi (275 x 375)" \
	sh -c 'file "$1" | grep -q "PNG image data, 275 x 375"' _ "$S/proof/faces-001.png"
expect_status "--proof of an RGB build: refused" 2 $R build --proof --only faces --numbers 1 -o "$WORK/n" $P
expect_grep "--proof: why" "--proof shows how CMYK files print: it needs --colour cmyk" "$WORK/last.err"

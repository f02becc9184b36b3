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
sed 's/^  accent: "#[0-9A-Fa-f]*"/  accent: "#000000"/; s/^  sleeper: "#[0-9A-Fa-f]*"/  sleeper: "#0000FF"/' \
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
# every colour a template writes outside the gamut, each at its own line and
# column: a map's entries (not the map's name), an element's fill and a text's
# colour, with what it prints as and the sRGB it comes back as
mkdir -p "$WORK/m"
cat >"$WORK/m/face.yaml" <<'YAML'
size: poker
bleed: 3.175mm
maps:
  tint:
    A: "#ff00ff"
    "*": "#00ff00"
elements:
  - {rect: [5mm, 5mm, 20mm, 20mm], fill: "{space1|tint}"}
  - {rect: [5mm, 30mm, 20mm, 20mm], fill: "#0000ff"}
  - {text: "{number}", box: [30mm, 30mm, 20mm, 20mm], color: "#ff0000"}
YAML
sed 's/^title: .*/&\nface: face.yaml/' $P >"$WORK/m/pack.yaml"
expect_status "a template with colours outside the gamut: built, warned" 0 \
	$R build -q --colour cmyk --only contact -o "$WORK/mo" "$WORK/m/pack.yaml"
for w in "tint #ff00ff" "tint #00ff00" "fill #0000ff" "text #ff0000"; do
	c=${w#* }
	# the line and column of the colour's opening quote
	at=$(awk -v c="\"$c\"" 'i = index($0, c) { print NR ":" i; exit }' "$WORK/m/face.yaml")
	expect_grep "face.yaml:$at: the ${w% *} colour $c: located, what it prints as" \
		"face\.yaml:$at: warning: the template's ${w% *} colour $c prints as C[0-9]+ M[0-9]+ Y[0-9]+ K[0-9]+, which comes back as #[0-9a-f]{6}: it moves [0-9.]+ \(CIEDE2000" \
		"$WORK/last.err"
done
expect_eq "the face's four colours, each once" 4 "$(grep -c 'face\.yaml:.*CIEDE2000' "$WORK/last.err")"

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

# --- greys inside pictures: an SVG's grey gradient prints with black ink alone
# (its shading made 0 0 0 K before Ghostscript, which would paint it as an
# image of four inks), darker to lighter as drawn; a gradient between colours
# keeps them; a greyscale PNG is on the black plate alone, at the lightness of
# the same grey drawn flat (#808080: the gradient's middle); an RGB picture's
# greys print with the profile's grey balance (CMY under K), as prepress
# converts pictures (man railyard-build)
G="$WORK/grad"
mkdir -p "$G"
cat >"$G/grad.svg" <<'SVG'
<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" viewBox="0 0 40 20">
  <defs>
    <linearGradient id="g"><stop offset="0" stop-color="#202020"/><stop offset="0.5" stop-color="#808080"/><stop offset="1" stop-color="#e0e0e0"/></linearGradient>
    <linearGradient id="c"><stop offset="0" stop-color="#0072b2"/><stop offset="1" stop-color="#e69f00"/></linearGradient>
  </defs>
  <rect x="0" y="0" width="40" height="10" fill="url(#g)"/>
  <rect x="0" y="10" width="40" height="10" fill="url(#c)"/>
</svg>
SVG
printf '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="16"><rect width="64" height="16" fill="#808080"/></svg>\n' >"$G/flat.svg"
rsvg-convert "$G/flat.svg" -o "$G/grey.png"
printf 'pack: grad\ntitle: Grad\ngame: trains\ncensus: 3\nabilities: [swap]\ncards: 9\nplayers: {2: 9}\nface: face.yaml\n' >"$G/pack.yaml"
cat >"$G/face.yaml" <<'YAML'
size: poker
bleed: 3.175mm
elements:
  - {image: grad.svg, box: [5mm, 10mm, 53.5mm, 40mm], fit: stretch}
  - {image: grey.png, box: [5mm, 60mm, 25mm, 10mm], fit: stretch}
  - {rect: [33.5mm, 60mm, 25mm, 10mm], fill: "#808080"}
YAML
expect_status "a grey gradient, a colour gradient and a grey PNG in CMYK" 0 \
	$R build -q --colour cmyk --only faces --numbers 1 -o "$WORK/g" "$G/pack.yaml"
F="$WORK/g/grad.preview/faces.pdf"
# the page with its bleed is 69.85 x 95.25 mm: the grey gradient's row at 24%,
# the colours' at 40%, from 15% to 80% across
k0=; for x in 15 30 47.5 65 80; do
	set -- $(C plates "$F" 1 $x 24.3)
	ok_if "the grey gradient at $x%: C$1 M$2 Y$3 K$4, black alone" test "$1 $2 $3" = "0 0 0"
	ok_if "  and lighter than to its left (K$4, was ${k0:-none})" test "$4" -gt 0 -a "${k0:-101}" -gt "$4"
	k0=$4
done
set -- $(C plates "$F" 1 30 40)
ok_if "the colour gradient keeps its colours (C$1 M$2 Y$3 K$4)" test "$1" -gt 20 -a "$3" -gt 20
set -- $(C plates "$F" 1 30 71)
png="$1 $2 $3 $4"
ok_if "the greyscale PNG: black alone (C$1 M$2 Y$3 K$4)" test "$1 $2 $3" = "0 0 0" -a "$4" -gt 0
set -- $(C plates "$F" 1 70 71)
ok_if "  at the flat #808080's black (K$4; the PNG $png)" test "$png" = "$1 $2 $3 $4"
set -- $(C plates "$F" 1 50 24.3)
ok_if "  and the gradient's #808080 (K$4) within 2" awk "BEGIN { exit !(($4 - ${png##* }) ^ 2 <= 4) }"

# --- the dominoes' pip 7 (and 16), a dark neutral grey: on the black plate
# alone, well within 3 (it was a warm #3E3A36 at 2.88, next to the limit),
# and still apart from every other pip's colour (the least CIEDE2000 among
# pips 1-9 is 25; the closest, 8's brown)
pip() { sed -n "s/^  pip-$1: \"\\(#[0-9A-Fa-f]*\\)\".*/\\1/p" templates/domino-tile.yaml; }
for ink in 240 300; do
	RAILYARD_COLOUR_REPORT=1 $R build -q --colour cmyk --max-ink $ink --only contact -o "$WORK/i" \
		packs/domino-double-twelve.yaml 2>&1 | grep 'domino-tile.yaml.*palette colour pip-7 ' >"$WORK/pip7"
	set -- $(sed 's/.* prints as \(.*\): moves \(.*\)/\1 \2/' "$WORK/pip7")
	ok_if "$ink%: pip 7 $(pip 7) prints as $1 $2 $3 $4, black alone" test "$1 $2 $3" = "C0 M0 Y0"
	ok_if "$ink%: pip 7 moves $5, with a margin under 3 (at most 2)" between "$5" 0 2
done
expect_eq "pip 16 is pip 7's colour" "$(pip 7)" "$(pip 16)"
set -- $(python3 tests/cli/colour.py apart "$(pip 7)" $(for n in 1 2 3 4 5 6 8 9; do pip $n; done))
ok_if "pip 7 stays apart from pips 1-9 (least CIEDE2000 $1, from $2)" between "$1" 20 100

# --- --proof: every page of every CMYK PDF as it prints, listed in the set
expect_status "--proof" 0 $R build -q --colour cmyk --proof --only faces --numbers 1 -o "$WORK/pr" $P
S="$WORK/pr/pattern-one-census-six.preview"
expect_eq "proof/back-001.png and proof/faces-001.png, in files.txt" \
	"proof/back-001.png proof/faces-001.png" "$(grep '^proof/' "$S/files.txt" | sort | tr '\n' ' ' | sed 's/ $//')"
ok_if "a PNG of the card with its bleed at 100 dpi (275 x 375)" \
	sh -c 'file "$1" | grep -q "PNG image data, 275 x 375"' _ "$S/proof/faces-001.png"
expect_status "--proof of an RGB build: refused" 2 $R build --proof --only faces --numbers 1 -o "$WORK/n" $P
expect_grep "--proof: why" "--proof shows how CMYK files print: it needs --colour cmyk" "$WORK/last.err"

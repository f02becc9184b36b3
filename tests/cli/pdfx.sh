#!/bin/sh
# CMYK PDF/X-1a for print shops (--colour cmyk, --preset drivethru and press),
# read back without trusting the converter: tests/cli/pdfx.py inspects every
# object through qpdf's JSON, measures the ink on Ghostscript's CMYK rendering and
# compares a CMYK page rendered back to sRGB with the RGB page (mean CIE76 colour
# difference at most 8: the 240% limit lightens the darkest navy most).
. tests/cli/lib.sh
R="$RAILYARD"
X() { python3 tests/cli/pdfx.py "$@"; }
page() { pdftoppm -r 30 -singlefile -f "$2" -l "$2" "$1" "$3"; }
below() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a != "" && a + 0 <= b + 0) }'; }

# --- the RGB file the conversion starts from, and DriveThruCards' file
expect_status "drivethru --colour rgb (the file before conversion)" 0 \
	$R build -q --preset drivethru --colour rgb -o "$WORK/rgb" packs/pattern-two-census-seven.yaml
expect_status "--preset drivethru" 0 $R build -q --preset drivethru -o "$WORK/dt" packs/pattern-two-census-seven.yaml
RGB="$WORK/rgb/pattern-two-census-seven.drivethru/drivethru.pdf"
DT="$WORK/dt/pattern-two-census-seven.drivethru/drivethru.pdf"
X inspect "$RGB" >"$WORK/rgb.problems"
expect_grep "the inspection sees RGB where there is RGB" 'colour operators .*rg' "$WORK/rgb.problems"
X inspect "$DT" >"$WORK/dt.problems" 2>&1
expect_eq "drivethru.pdf: only CMYK, OutputIntent, PDF/X keys, fonts embedded, boxes on every page" "" \
	"$(cat "$WORK/dt.problems")"
pdfinfo -box -f 1 -l 1 "$DT" >"$WORK/dt.info"
expect_grep "pdfinfo: PDF/X-1:2003" '^PDF subtype: +PDF/X-1:2003' "$WORK/dt.info"
expect_grep "pdfinfo: 168 pages (back, front)" '^Pages: +168$' "$WORK/dt.info"
expect_grep "the TrimBox survives the conversion" '^Page +1 TrimBox: +9\.00 +9\.00 +189\.00 +261\.00' "$WORK/dt.info"
expect_eq "every font embedded" "" "$(pdffonts "$DT" | awk 'NR > 2 && $(NF-4) != "yes"')"
ink=$(X ink "$DT" 240)
ok_if "total ink at most 240% on every pixel of every page ($ink%)" below "$ink" 241
expect_eq "page 2 is still card 1's front" "1" "$(pdftotext -f 2 -l 2 "$DT" - | grep -m1 -Ex '[0-9]+')"
for p in 1 2; do
	set -- $(X deltae "$RGB" $p "$DT" $p)
	ok_if "page $p rendered back to sRGB: mean colour difference $1 (95th percentile $2) at most 8" below "$1" 8
done
cp "$DT" "$WORK/first.pdf"
$R build -q --preset drivethru -o "$WORK/dt" packs/pattern-two-census-seven.yaml
ok_if "a rebuild is byte-identical" cmp -s "$WORK/first.pdf" "$DT"
expect_eq "no profile or temporary file left in the set" "drivethru.pdf files.txt manifest.csv" \
	"$(ls -A "$WORK/dt/pattern-two-census-seven.drivethru" | tr '\n' ' ' | sed 's/ $//')"

# --- black and grey on the black plate alone; white without ink
gs -q -dSAFER -dBATCH -dNOPAUSE -sDEVICE=pamcmyk32 -r50 -dFirstPage=2 -dLastPage=2 -sOutputFile="$WORK/p2.pam" "$DT"
expect_eq "no pixel of card 1's front is rich black (C, M and Y all over 50% with K over 50%)" 0 \
	"$(python3 -c "
import sys; d=open(sys.argv[1],'rb').read(); p=d[d.index(b'ENDHDR\n')+7:]
print(sum(1 for i in range(0,len(p),4) if min(p[i:i+3])>128 and p[i+3]>128))" "$WORK/p2.pam")"

# --- the ink limit refuses, naming the page, the item and the place; nothing
# written. The conversion keeps every colour within --max-ink, so the measurement
# is tried on a conversion that does not (RAILYARD_PDFX_UNLIMITED=1).
expect_status "--max-ink 150: refused (exit 1)" 1 env RAILYARD_PDFX_UNLIMITED=1 \
	$R build -q --preset drivethru --max-ink 150 -o "$WORK/dt" packs/pattern-two-census-seven.yaml
expect_grep "the page, the item and the place" \
	'drivethru\.pdf: page 1 \(card 1 \(position 1\), back\): [0-9]+% ink at -?[0-9.]+ mm from the left and -?[0-9.]+ mm from the top of the trim; the limit is 150%' \
	"$WORK/last.err"
ok_if "the previous set is untouched" cmp -s "$WORK/first.pdf" "$DT"
expect_status "--max-ink 50: out of range" 2 $R build --max-ink 50 -o "$WORK/x" packs/pattern-two-census-seven.yaml

# --- press: every component (tests/cli/components.sh), each PDF/X, 300% ink
expect_status "--preset press" 0 $R build -q --preset press -o "$WORK/pr" packs/take-the-train.yaml
PR="$WORK/pr/take-the-train.press"
expect_eq "press: faces, back, quick reference, reference page and the fare token" \
	"back.pdf faces.pdf files.txt manifest.csv quickref.pdf reference.pdf tokens-fare.pdf" "$(ls "$PR" | tr '\n' ' ' | sed 's/ $//')"
for f in faces back quickref reference tokens-fare; do
	expect_eq "press: $f.pdf passes the inspection" "" "$(X inspect "$PR/$f.pdf" 2>&1)"
done
ink=$(X ink "$PR/faces.pdf" 300)
ok_if "press: ink at most 300% ($ink%)" below "$ink" 301

# --- home sheets in CMYK too, and a second game through DriveThru
expect_status "--colour cmyk on a home build" 0 $R build -q --colour cmyk --only faces,sheets --paper a4 -o "$WORK/h" packs/train-52.yaml
expect_eq "sheets-a4.pdf in CMYK passes the inspection" "" "$(X inspect "$WORK/h/train-52/sheets-a4.pdf" 2>&1)"

# --- DriveThruCards reads back, front, back, front: every game with backs, by
# rendering the (RGB) pages against the home build's back.pdf and faces.pdf
for g in pattern-one-census-six take-the-train train-52; do
	$R build -q --preset drivethru --colour rgb -o "$WORK/o" packs/$g.yaml
	$R build -q --only faces -o "$WORK/o" packs/$g.yaml
	for n in 1 2 3 4; do page "$WORK/o/$g.drivethru/drivethru.pdf" $n "$WORK/o/dt-$n"; done
	for n in 1 2; do page "$WORK/o/$g/faces.pdf" $n "$WORK/o/face-$n"; done
	page "$WORK/o/$g/back.pdf" 1 "$WORK/o/back-1"
	ok_if "$g: page 1 is the back" cmp -s "$WORK/o/dt-1.ppm" "$WORK/o/back-1.ppm"
	ok_if "$g: page 2 is the first item's front" cmp -s "$WORK/o/dt-2.ppm" "$WORK/o/face-1.ppm"
	ok_if "$g: page 3 is the back again" cmp -s "$WORK/o/dt-3.ppm" "$WORK/o/back-1.ppm"
	ok_if "$g: page 4 is the second item's front" cmp -s "$WORK/o/dt-4.ppm" "$WORK/o/face-2.ppm"
	rm -f "$WORK"/o/*.ppm
done

# --- sizes a service does not sell, and a game without backs, are refused
expect_status "dominoes through DriveThruCards: refused" 2 $R build --preset drivethru -o "$WORK/n" packs/domino-double-six.yaml
expect_grep "dominoes: the size, and the nearest product" \
	"domino-tile\.yaml:11:7: error: --preset drivethru: the items are 24 x 48 mm, a size DriveThruCards does not sell \(nearest: mini, 44\.45 x 63\.5 mm\)" "$WORK/last.err"
# Toy Train has a back now; a copy without one is refused for that too.
sed '/^back:/d' packs/toy-train.yaml >"$WORK/toy-train.yaml"
expect_status "Toy Train without a back through DriveThruCards: refused" 2 $R build --preset drivethru -o "$WORK/n" "$WORK/toy-train.yaml"
expect_grep "Toy Train: no back" "toy-train has no back; DriveThruCards prints a back on every card" "$WORK/last.err"
expect_status "Toy Train's carriages through The Game Crafter: refused" 2 $R build --preset tgc -o "$WORK/n" packs/toy-train.yaml
expect_grep "carriages: 28 x 28 mm" "the items are 28 x 28 mm, a size The Game Crafter does not sell" "$WORK/last.err"
ok_if "refused: nothing written" test ! -e "$WORK/n"
expect_status "dominoes go to a press (any size)" 0 $R build -q --preset press -o "$WORK/d" packs/domino-double-six.yaml
expect_eq "press dominoes pass the inspection" "" "$(X inspect "$WORK/d/domino-double-six.press/faces.pdf" 2>&1)"

# --- gradients (SVG art): Ghostscript writes them as CMYK images, re-mapped to the
# ink-limited profile like flat colours: both ends of each (a linear and a radial
# one) match the flat rectangles of the same colours beside them (#101820 is
# above 240% ink before the re-mapping, so a gradient left alone would not).
mkdir -p "$WORK/grad" && cp -r packs/examples/signal-box/* "$WORK/grad/"
sed -i '/^size: \[66mm/d' "$WORK/grad/pack.yaml"
cp tests/cli/pdfx/gradient.svg "$WORK/grad/art/remove.svg"
sed 's/linearGradient/radialGradient/g; s/x1="0" y1="0" x2="1" y2="0"/cx="0.5" cy="0.5" r="0.5"/' \
	tests/cli/pdfx/gradient.svg >"$WORK/grad/art/swap.svg"
expect_status "gradients through DriveThruCards" 0 $R build -q --preset drivethru -o "$WORK/g" "$WORK/grad/pack.yaml"
g=$(X gradient "$WORK/g/signal-box.drivethru/drivethru.pdf")
ok_if "gradients re-mapped like flat colours ($g)" X gradient "$WORK/g/signal-box.drivethru/drivethru.pdf"
expect_eq "and the file passes the inspection" "" "$(X inspect "$WORK/g/signal-box.drivethru/drivethru.pdf" 2>&1)"

# --- clear errors
expect_status "no Ghostscript: exit 2" 2 env PATH=/nonexistent $R build --preset drivethru -o "$WORK/n" packs/pattern-two-census-seven.yaml
expect_grep "no Ghostscript: says what to install" "needs Ghostscript \('gs'\): not found on PATH; install the Debian package ghostscript" "$WORK/last.err"
ok_if "no Ghostscript: nothing written" test ! -e "$WORK/n/pattern-two-census-seven.drivethru"
expect_status "--icc with an RGB profile: exit 2" 2 $R build --preset drivethru --icc /usr/share/color/icc/ghostscript/srgb.icc -o "$WORK/n" packs/pattern-two-census-seven.yaml
expect_grep "--icc: not a CMYK profile" "--icc: .*srgb\.icc is not a CMYK profile" "$WORK/last.err"
expect_status "--icc with a missing file: exit 2" 2 $R build --colour cmyk --icc "$WORK/none.icc" -o "$WORK/n" packs/pattern-two-census-seven.yaml
expect_status "--colour cmyk with a PNG preset: exit 2" 2 $R build --preset tgc --colour cmyk -o "$WORK/n" packs/pattern-two-census-seven.yaml
expect_grep "--colour cmyk with tgc: why" "the tgc preset writes PNG images, which stay RGB" "$WORK/last.err"

# tune --plot draws every variant's label inside the picture: a long label
# (keys with long values) widens the room for labels instead of running off
# the left edge, and one too long for any page is cut in the middle with an
# ellipsis (issue 31). Read back from the SVG (every glyph's x inside the
# page) and from its rendering (no ink on the page's edges).
. tests/cli/lib.sh
P2=packs/examples/tune/pattern-two.yaml
long=a-very-long-title-for-the-pack-that-goes-on-and-on-and-on
huge=$(printf 'x%.0s' $(seq 1 400))

# check SVG WHAT: the glyphs lie inside the page, and the rendering has no ink
# in its outer 2 px columns
check() {
	svg=$1 name=$2
	python3 - "$svg" <<'PY' >"$WORK/glyphs.txt"
import re, sys
s = open(sys.argv[1]).read()
w = float(re.search(r'viewBox="0 0 ([0-9.]+) ', s).group(1))
xs = [float(x) for x in re.findall(r'<use xlink:href="#glyph[^"]*" x="([-0-9.e]+)"', s)]
print(len(xs), min(xs), max(xs), w)
PY
	read -r n lo hi w <"$WORK/glyphs.txt"
	ok_if "$name: glyphs drawn ($n)" [ "$n" -gt 100 ]
	ok_if "$name: no glyph left of the page (leftmost x $lo)" python3 -c "import sys; sys.exit(not $lo >= 0)"
	ok_if "$name: no glyph past the right edge (rightmost x $hi, page $w)" python3 -c "import sys; sys.exit(not $hi <= $w - 6)"
	rsvg-convert -f pdf "$svg" -o "$WORK/plot.pdf" && pdftoppm -r 72 "$WORK/plot.pdf" >"$WORK/plot.ppm"
	ok_if "$name: the rendering has no ink on its left and right edges" python3 - "$WORK/plot.ppm" <<'PY'
import sys
sys.path.insert(0, 'tests/cli')
from pixel import read_ppm
w, h, px = read_ppm(sys.argv[1])
ink = [(x, y) for y in range(h) for x in (0, 1, w - 2, w - 1) if min(px[3 * (y * w + x):3 * (y * w + x) + 3]) < 200]
sys.exit(1 if ink else 0)
PY
}

"$RAILYARD" tune $P2 -n 2 --games 64 -q --vary "title=$long,b-another-rather-long-title-value-here" \
	--vary rules.opening=none,face-up --vary rules.apply-to=self,anyone --plot "$WORK/long.svg" >/dev/null
check "$WORK/long.svg" "long labels"
# the same drawing as a PDF holds its text: the labels are whole
"$RAILYARD" tune $P2 -n 2 --games 64 -q --vary "title=$long,b-another-rather-long-title-value-here" \
	--vary rules.opening=none,face-up --vary rules.apply-to=self,anyone --plot "$WORK/long.pdf" >/dev/null
pdftotext -raw "$WORK/long.pdf" "$WORK/long.txt"
expect_grep "long labels: the longest is whole" "^#3 title=$long rules.opening=face-up rules.apply-to=self \(tie\)" "$WORK/long.txt"

"$RAILYARD" tune $P2 -n 2 --games 64 -q --vary "title=$huge,short" --plot "$WORK/huge.svg" >/dev/null
check "$WORK/huge.svg" "a label too long for any page"
# 400 x at 10 px are some 2,600 px: the page stays under 20 + 1400 + 8 + 450
ok_if "a label too long for any page: the page stays at most 1,878 px wide (the label cut; page $w)" \
	python3 -c "import sys; sys.exit(not $w <= 1878)"

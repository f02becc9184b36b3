# The SVG sandbox (issue 32): its child is railyard started afresh, never a
# fork of a process whose threads hold library state, so an SVG with a blur
# drawn once does not make every later one hang; and a child dies with the
# build that started it, a SIGKILL included.
. tests/cli/lib.sh
P=$WORK/p
cp -r packs/examples/signal-box "$P"
blur() {
	printf '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><filter id="f"><feGaussianBlur stdDeviation="3"/></filter><rect x="5" y="5" width="30" height="30" fill="%s" filter="url(#f)"/></svg>\n' "$2" >"$P/art/$1.svg"
}
blur swap '#c00'; blur remove '#00c'; blur loco '#0a0'
expect_status "three blurred SVGs, one after another, all drawn" 0 "$RAILYARD" build -q -o "$WORK/out" "$P/pack.yaml"
expect_eq "... and nothing refused" "" "$(cat "$WORK/last.err")"
ok_if "no child is left when the build ends" test -z "$(pgrep -f -- "$WORK/" | grep -v "^$$\$")"

# A slow SVG (turbulence within the fence: 15 million pixels), and the build
# killed with SIGKILL while its child draws: the child goes with it.
printf '<svg xmlns="http://www.w3.org/2000/svg" width="3900" height="3900"><filter id="f"><feTurbulence baseFrequency="0.05" numOctaves="10"/></filter><rect width="3900" height="3900" filter="url(#f)"/></svg>\n' >"$P/art/swap.svg"
"$RAILYARD" build -q -o "$WORK/out2" "$P/pack.yaml" >/dev/null 2>&1 &
build=$!
i=0
until pgrep -f -- "--sandbox-child svg .*swap.svg" >/dev/null || [ $i -ge 100 ]; do sleep 0.05; i=$((i + 1)); done
ok_if "the slow SVG is being drawn in a child" test -n "$(pgrep -f -- "--sandbox-child svg .*swap.svg")"
# The child is frozen first: running, it would end at its 3 s CPU limit anyway,
# so only a stopped one shows whether it dies with the build (the SIGKILL of
# PR_SET_PDEATHSIG ends a stopped process); frozen, the wait may be long.
pkill -STOP -f -- "--sandbox-child svg .*swap.svg"
kill -9 "$build"
wait "$build" 2>/dev/null
i=0
while pgrep -f -- "($P/|swap.svg)" >/dev/null && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
ok_if "the build killed while its child is stopped: the child dies too" test -z "$(pgrep -f -- "($P/|swap.svg)")"
pkill -9 -f -- "($P/|swap.svg)" 2>/dev/null || true

# An SVG drawn into svg/ is drawn by librsvg at the card's scale, where a
# filter works on as many pixels as its box has on the card, not as the image
# has: a 4 x 3 px SVG keeping 14,000 filter results passes its first draw (168
# pixels each) but needs about 800 MB on a 500 x 700 mm card. Under --only svg
# it is drawn in a child first and refused at its element; nothing is written.
Q=$WORK/q
cp -r packs/examples/signal-box "$Q"
sed -i 's/^size: \[66mm, 100mm\]/size: [500mm, 700mm]/' "$Q/pack.yaml"
awk 'BEGIN { printf "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"4\" height=\"3\"><filter id=\"f\">";
	for (i = 0; i < 14000; i++) printf "<feFlood flood-color=\"#%06x\" result=\"r%d\"/>", (i * 7919) % 16777215, i;
	print "</filter><rect width=\"4\" height=\"3\" filter=\"url(#f)\"/></svg>" }' >"$Q/art/swap.svg"
expect_status "an SVG too heavy at the card's scale, under --only svg: refused (card 2 shows it)" 2 \
	"$RAILYARD" build -q --only svg --numbers 2 -o "$WORK/out3" "$Q/pack.yaml"
expect_grep "... at its template element, with the limit it broke" \
	"face.yaml:89:5: error: image '.*swap.svg': an SVG that needed more than 300 MB to draw into an SVG file at the scale of its [0-9.]* x [0-9.]* mm box" "$WORK/last.err"
ok_if "... and no SVG file is left" test -z "$(find "$WORK/out3" -name '*.svg' 2>/dev/null)"
expect_status "the same card in faces.pdf, where the drawing is the image's own size: built" 0 \
	"$RAILYARD" build -q --only faces --numbers 2 -o "$WORK/out4" "$Q/pack.yaml"

# An SVG with an internal entity (the fence allows those) is drawn, and under
# the sanitizer build no leak is reported: librsvg never frees the entity's
# value libxml2 read for it (tests/lsan.supp names that one site).
E=$WORK/e
cp -r packs/examples/signal-box "$E"
printf '<?xml version="1.0"?>\n<!DOCTYPE svg [ <!ENTITY c "#c00"> ]>\n<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="&c;"/></svg>\n' >"$E/art/swap.svg"
expect_status "an SVG with an internal entity: built" 0 "$RAILYARD" build -q --only faces -o "$WORK/out5" "$E/pack.yaml"
expect_eq "... and nothing said (no leak report)" "" "$(cat "$WORK/last.err")"

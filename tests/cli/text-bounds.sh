# A text element is bounded before Pango lays it out (issue 32): at most 16384
# bytes once its fields are filled in (DRAW_MAX_TEXT). A template repeating a
# 2000-character field 1,400 times made 2.4 MB of text a card, 1.8 s and 300
# MB of layout each, every pass, bounded only by the build's 3,600 s; now the
# build stops with a located error (exit 2) and publishes nothing.
. tests/cli/lib.sh
P=$WORK/p
cp -r packs/examples/signal-box "$P"
rep() { # rep N: "{flavour} " N times
	awk -v n="$1" 'BEGIN { for (i = 0; i < n; i++) printf "{flavour} " }'
}
sed "s/^  - text: \"{flavour}\"\$/  - text: \"$(rep 300)\"/" packs/examples/signal-box/face.yaml >"$P/face.yaml"
ok_if "the face repeats the flavour 300 times" test "$(grep -o '{flavour}' "$P/face.yaml" | wc -l)" -ge 300
expect_status "300 flavours of 50-80 characters (about 20 KB a card): bad input" 2 \
	"$RAILYARD" build -q --only faces,svg -o "$WORK/out" "$P/pack.yaml"
expect_grep "... at the element, naming the card and the limit" \
	"face\.yaml:[0-9]+:5: error: card 1 \(position 1\): the text is [0-9]+ bytes once its fields are filled in, more than the 16384 a text element may hold; not drawn" \
	"$WORK/last.err"
ok_if "... and nothing is published" test -z "$(ls "$WORK/out" 2>/dev/null)"
sed "s/^  - text: \"{flavour}\"\$/  - text: \"$(rep 100)\"/" packs/examples/signal-box/face.yaml >"$P/face.yaml"
expect_status "100 of them (about 7 KB): built" 0 \
	"$RAILYARD" build -q --only faces -o "$WORK/out2" "$P/pack.yaml"

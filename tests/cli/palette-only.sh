# A palette name no template of the pack knows is an error whatever --only
# leaves out (issue 32): --only faces used to check the names against nothing
# (the faces template alone does not know the placemat's names) and let every
# name pass. A name only a left-out template knows still passes.
. tests/cli/lib.sh
cp packs/pattern-one-census-six.yaml "$WORK/typo.yaml"
printf 'palette:\n  acent: "#123456"\n' >>"$WORK/typo.yaml"
for only in faces svg placemat,reference; do
	expect_status "--only $only: a misspelt palette name is bad input" 2 \
		"$RAILYARD" build -q --only $only -o "$WORK/out-$only" "$WORK/typo.yaml"
	expect_grep "... at its line, with the name meant" \
		"typo\.yaml:[0-9]+:3: error: the palette's 'acent' is no colour of this pack's templates or game \(did you mean 'accent'\?\)" \
		"$WORK/last.err"
done
# a placemat of the pack's own, with a colour the faces do not name
sed 's/^palette: .*/&\n  rail: "#777777"/' templates/trains-placemat.yaml >"$WORK/placemat.yaml"
grep -q '^  rail:' "$WORK/placemat.yaml" || echo "not ok - the placemat names its own colour"
cp packs/pattern-one-census-six.yaml "$WORK/own.yaml"
printf 'placemat: placemat.yaml\npalette:\n  rail: "#123456"\n' >>"$WORK/own.yaml"
expect_status "--only faces: a name only the placemat knows passes" 0 \
	"$RAILYARD" build -q --only faces -o "$WORK/own-out" "$WORK/own.yaml"
expect_status "... and the placemat, which names it, is built with it" 0 \
	"$RAILYARD" build -q --only placemat -o "$WORK/own-out2" "$WORK/own.yaml"

# The uninstalled binary works from any folder: its templates come from
# EXE/templates (the source tree), only those an output draws are loaded, and a
# missing one's message says how to add a folder (RAILYARD_PATH, --allow-path).
. tests/cli/lib.sh
tree="$WORK/checkout"
mkdir -p "$tree" "$WORK/empty" "$WORK/part/templates"
cp "$RAILYARD" "$tree/railyard"
ln -s "$TOP/templates" "$tree/templates"
cat >"$WORK/empty/mine.yaml" <<'PACK'
pack: mine
game: trains
census: 5
abilities: [swap]
cards: 20
PACK
cd "$WORK/empty" || exit 2
expect_status "a pack naming no templates builds from an empty folder outside the checkout" 0 \
	"$tree/railyard" build -q mine.yaml
ok_if "its faces, back, placemat and reference are written" \
	test -s out/mine/faces.pdf -a -s out/mine/back.pdf -a -s out/mine/placemat.pdf -a -s out/mine/reference.pdf
cp "$TOP/packs/take-the-train.yaml" take.yaml
expect_status "another game's pack builds there too" 0 "$tree/railyard" build -q --only faces take.yaml

# A tree whose templates folder holds only the face and the back.
cp "$RAILYARD" "$WORK/part/railyard"
cp "$TOP/templates/trains-face.yaml" "$TOP/templates/trains-back.yaml" "$WORK/part/templates/"
expect_status "--only faces loads no placemat or reference template" 0 \
	"$WORK/part/railyard" build -q --only faces -o "$WORK/o1" mine.yaml
expect_status "a full build without the placemat template is bad input" 2 \
	"$WORK/part/railyard" build -q -o "$WORK/o2" mine.yaml
expect_grep "the message names the placemat template" "placemat template 'trains-placemat.yaml'" "$WORK/last.err"
expect_grep "the message names RAILYARD_PATH and --allow-path" "RAILYARD_PATH=DIR.*--allow-path DIR" "$WORK/last.err"
ok_if "nothing is left of the failed build" test ! -e "$WORK/o2/mine"
expect_status "RAILYARD_PATH supplies the missing templates" 0 \
	env RAILYARD_PATH="$TOP/templates" "$WORK/part/railyard" build -q -o "$WORK/o3" mine.yaml

# A template the pack names and nobody has: the message at the pack's line and
# column, every folder looked in (the checkout's own, which depends on where it
# is, shown here as TOP), and how to add one.
cd "$TOP" || exit 2
expect_status "a template found nowhere is bad input" 2 "$RAILYARD" build -o "$WORK/o4" tests/cli/data/missing-template.yaml
expect_eq "... the message, every folder and the hint" \
	"railyard: tests/cli/data/missing-template.yaml:7:7: error: cannot find the back template 'no-such-back.yaml' (looked beside the pack, in its parent folder, in the current folder and in TOP/templates and /usr/local/share/railyard/templates; RAILYARD_PATH=DIR adds a template folder, --allow-path DIR lets a pack name templates there)
    7 | back: no-such-back.yaml
      |       ^" "$(sed "s|$TOP|TOP|g" "$WORK/last.err")"

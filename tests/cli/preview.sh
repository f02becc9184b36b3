# Previews never destroy the last full build: --preview, --watch, contact alone and
# --numbers build into PACK.preview/; --only keeps the rest of the set as it was;
# no empty folder is left behind.
. tests/cli/lib.sh
P=packs/pattern-one-census-six.yaml
S="$WORK/o/pattern-one-census-six"
expect_status "a full build" 0 "$RAILYARD" build -q -o "$WORK/o" $P
cp "$S/files.txt" "$WORK/full.txt"
ino=$(ls -i "$S/placemat.pdf" | cut -d' ' -f1)

expect_status "--only faces" 0 "$RAILYARD" build -q -o "$WORK/o" --only faces $P
expect_eq "--only faces: the set still lists every file of the full build" "$(cat "$WORK/full.txt")" "$(cat "$S/files.txt")"
expect_eq "... and holds them" "$(grep -v '^#' "$WORK/full.txt" | LC_ALL=C sort)" \
	"$(cd "$S" && find . -type f | sed 's|^\./||' | LC_ALL=C sort)"
expect_eq "... the placemat is the same file (kept, not redrawn)" "$ino" "$(ls -i "$S/placemat.pdf" | cut -d' ' -f1)"

expect_status "--only contact" 0 "$RAILYARD" build -q -o "$WORK/o" --only contact $P
expect_eq "--only contact: into PACK.preview/" "contact.png files.txt manifest.csv" \
	"$(ls "$S.preview" | tr '\n' ' ' | sed 's/ $//')"
expect_eq "... the full set untouched" "$(cat "$WORK/full.txt")" "$(cat "$S/files.txt")"
expect_status "--numbers 1-3" 0 "$RAILYARD" build -q -o "$WORK/o" --numbers 1-3 --only faces,svg $P
expect_eq "--numbers: into PACK.preview/, replaced whole" "back.pdf faces.pdf files.txt manifest.csv svg" \
	"$(ls "$S.preview" | tr '\n' ' ' | sed 's/ $//')"
expect_status "--preview" 0 "$RAILYARD" build -q -o "$WORK/o" --preview --only png $P
ok_if "--preview: PNGs in PACK.preview/png" test -s "$S.preview/png/card-001.png"
ok_if "... none of the last preview's SVGs left, nor an empty folder" test ! -e "$S.preview/svg"
expect_eq "... the full set untouched" "$(cat "$WORK/full.txt")" "$(cat "$S/files.txt")"

# --watch --only contact: a preview, the full set stays
"$RAILYARD" build --watch -o "$WORK/o" --only contact $P >"$WORK/watch.log" 2>&1 &
wpid=$!
wait_log 1 watching "$WORK/watch.log"
kill -INT $wpid
wait $wpid
expect_grep "--watch --only contact built" 'built; watching' "$WORK/watch.log"
expect_eq "--watch --only contact: the full set untouched" "$(cat "$WORK/full.txt")" "$(cat "$S/files.txt")"
ok_if "... every file of it there" sh -c 'cd "$1" && grep -v "^#" files.txt | while read -r f; do test -e "$f" || exit 1; done' _ "$S"
expect_eq "no empty folder anywhere" "" "$(find "$WORK/o" -type d -empty)"

# A full build again: exactly its files (a smaller pack drops the rest).
sed -e 's/^cards: .*/cards: 30/' -e '/^players:/d' $P >"$WORK/p.yaml"
expect_status "a full build of fewer cards" 0 "$RAILYARD" build -q -o "$WORK/o" "$WORK/p.yaml"
ok_if "... its set holds no card beyond them" test ! -e "$S/svg/card-031.svg"

# -o DIR/ (a slash after the folder) prints DIR/PACK, not DIR//PACK, wherever
# an output path is printed.
. tests/cli/lib.sh
cd "$WORK" || exit 2
expect_status "build -o print/" 0 "$RAILYARD" build --no-progress "$OLDPWD/packs/take-the-train.yaml" -o print/ --only contact
expect_grep "... prints print/take-the-train.preview/" " in print/take-the-train\.preview/ " "$WORK/last.err"
ok_if "... and no doubled slash anywhere" sh -c "! grep -q '//' '$WORK/last.err'"
expect_status "build -o print// (two)" 0 "$RAILYARD" build --no-progress "$OLDPWD/packs/toy-train.yaml" -o print// --only contact
expect_grep "... the same" " in print/toy-train\.preview/ " "$WORK/last.err"

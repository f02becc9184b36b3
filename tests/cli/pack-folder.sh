# A pack named by its folder (the one `railyard new` writes) is that folder's
# pack.yaml, for every command that takes a pack; a folder without one is a
# clear error naming what was looked for.
. tests/cli/lib.sh
cd "$WORK" || exit 2
"$RAILYARD" new -q my-design >/dev/null 2>&1
expect_status "list DIR" 0 "$RAILYARD" list my-design
expect_eq "... lists DIR/pack.yaml" "$("$RAILYARD" list my-design/pack.yaml)" "$(cat "$WORK/last.out")"
expect_status "check DIR/ (a slash after it)" 0 "$RAILYARD" check my-design/
expect_status "build DIR" 0 "$RAILYARD" build -q my-design -o out --only contact
ok_if "... builds the folder's pack" test -s out/my-design.preview/contact.png
expect_status "simulate DIR --compare DIR" 0 "$RAILYARD" simulate my-design -n 2 --games 20 --compare=my-design
expect_status "dump DIR" 0 "$RAILYARD" dump my-design
mkdir -p empty
expect_status "a folder without pack.yaml is bad input" 2 "$RAILYARD" build empty
expect_grep "... naming the file looked for" "empty is a folder without a pack.yaml \(looked for empty/pack.yaml" \
	"$WORK/last.err"
expect_status "... and for --compare" 2 "$RAILYARD" simulate my-design -n 2 --compare empty
expect_grep "... naming it" "looked for empty/pack.yaml" "$WORK/last.err"

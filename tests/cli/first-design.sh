# The README's first design (the block after "<!-- script: first-design -->") runs top to
# bottom exactly as written, in an empty folder away from the checkout, with railyard on
# PATH as the README's set-up puts it: railyard new, an edit, check, build. Then the files
# the README tells the reader to look at are there, and the edit shows in them.
. tests/cli/lib.sh
mkdir -p "$WORK/bin" "$WORK/fresh"
ln -s "$RAILYARD" "$WORK/bin/railyard"
awk '/^<!-- script: first-design -->$/ { on = 1; next }
	on && /^    / { print substr($0, 5); seen = 1; next }
	on && seen { exit }' README.md >"$WORK/first.sh"
ok_if "the README has a first design of four commands or more" test "$(grep -c . "$WORK/first.sh")" -ge 4
expect_grep "... which starts with railyard new" '^railyard new my-game ' "$WORK/first.sh"
expect_grep "... and builds" '^railyard build my-game ' "$WORK/first.sh"
expect_status "it runs top to bottom in an empty folder" 0 \
	env PATH="$WORK/bin:$PATH" sh -c "cd '$WORK/fresh' && sh -e '$WORK/first.sh'"
O="$WORK/fresh/out/my-game"
for f in faces.pdf back.pdf sheets-a4.pdf sheets-letter.pdf placemat.pdf reference.pdf contact.png; do
	ok_if "out/my-game/$f, which the README names, is written" test -s "$O/$f"
done
expect_eq "faces.pdf has a card a page" 84 "$(pdfinfo "$O/faces.pdf" 2>/dev/null | awk '/^Pages:/ { print $2 }')"
pdftotext "$O/back.pdf" - >"$WORK/back.txt" 2>/dev/null
expect_grep "the edit shows: the back's title is the new one" 'My first game' "$WORK/back.txt"
ok_if "nothing is written outside the folder it ran in" \
	test "$(ls "$WORK/fresh" | tr '\n' ' ')" = "my-game out "

# --strict, on every command: every warning is an error ("error (--strict)"),
# and a command that would have succeeded exits 1 (a {flavor} typo printed the
# cards without the text and exited 0).
. tests/cli/lib.sh
cd "$WORK" || exit 2
"$RAILYARD" new -q d >/dev/null 2>&1
printf '  - text: "{flavor}"\n    box: [8mm, 70mm, 40mm, 8mm]\n    size: 8pt\n' >>d/face.yaml
expect_status "build with a {flavor} typo: a warning, exit 0" 0 "$RAILYARD" build -q d -o out --only contact
expect_grep "... the warning" "warning: card 1 \(position 1\): no field 'flavor'" "$WORK/last.err"
expect_status "build --strict: exit 1" 1 "$RAILYARD" build -q --strict d -o out --only contact
expect_grep "... the warning is an error" "error \(--strict\): card 1 \(position 1\): no field 'flavor'" "$WORK/last.err"
expect_grep "... counted in a note" "note: --strict: [0-9]+ warnings? counted as errors?" "$WORK/last.err"
expect_status "check --strict of a sound pack with no warning: exit 0" 0 "$RAILYARD" check --strict d
expect_status "a bad input stays 2 under --strict" 2 "$RAILYARD" build --strict --preset nosuch d
expect_status "list takes --strict" 0 "$RAILYARD" list --strict d
expect_status "dump takes --strict" 0 "$RAILYARD" dump --strict d
expect_status "simulate takes --strict" 0 "$RAILYARD" simulate --strict d -n 2 --games 10
expect_status "merge takes --strict (and wants shards)" 2 "$RAILYARD" merge --strict
expect_grep "... not an unknown option" "merge" "$WORK/last.err"
ok_if "... not an unknown option" sh -c "! grep -q 'unknown option' '$WORK/last.err'"
"$RAILYARD" new -q w >/dev/null 2>&1
printf '"ZZ","x"\n' >>w/data.csv
expect_status "list of a data row naming no card: a warning, 0" 0 "$RAILYARD" list w
expect_status "list --strict: 1" 1 "$RAILYARD" list --strict w
# More warnings than a file shows (100): the note still counts them all, though
# the last one shown before it was hidden (the note was taken for one of its
# notes and dropped); the hidden ones counted too.
for i in $(seq 1 150); do printf '"ZZ%d","x"\n' "$i"; done >>w/data.csv
expect_status "list --strict, 151 data rows naming no card: 1" 1 "$RAILYARD" list --strict w
expect_grep "... the note counts all 151, the 51 not shown too" "note: --strict: 151 warnings counted as errors" "$WORK/last.err"

# A slip of YAML indentation: beside libyaml's words ("mapping values are not
# allowed in this context", "did not find expected key"), a note on how the
# line is indented against the one above.
. tests/cli/lib.sh
printf 'pack: x\ngame: trains\ncensus: 7\n  cards: 84\n' >"$WORK/more.yaml"
expect_status "a key indented under a scalar: bad input" 2 "$RAILYARD" list "$WORK/more.yaml"
expect_grep "... libyaml's words" "more.yaml:4:8: error: YAML: mapping values are not allowed in this context" "$WORK/last.err"
expect_grep "... and the note" "more.yaml:4:8: note: line 4 is indented 2 spaces, line 3 0: the keys of one mapping" "$WORK/last.err"
printf 'pack: x\nrules:\n  win: ascending\n\n  # a comment\n apply-to: anyone\n' >"$WORK/less.yaml"
expect_status "a key indented less than its mapping" 2 "$RAILYARD" list "$WORK/less.yaml"
expect_grep "... the note (blank and comment lines skipped)" "note: line 6 is indented 1 space, line 3 2:" "$WORK/last.err"
expect_eq "... the line quoted once" 1 "$(grep -c '^ *6 | ' "$WORK/last.err")"
printf 'pack: x\ntitle: [a, b\n' >"$WORK/flow.yaml"
expect_status "a flow list not closed" 2 "$RAILYARD" list "$WORK/flow.yaml"
ok_if "... no indentation note" sh -c "! grep -q 'is indented' '$WORK/last.err'"

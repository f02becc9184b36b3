# A data row naming no card: "did you mean" the nearest card (case folded:
# 'blue station' finds 'blue Station'), and `list` still lists, the rows as
# warnings, so the names can be looked up.
. tests/cli/lib.sh
cd "$WORK" || exit 2
"$RAILYARD" new -q --game take-the-train tt >/dev/null 2>&1
printf '"blue station","x"\n"ORANGE STATION","y"\n"blue 99","z"\n' >>tt/data.csv
expect_status "build with rows naming no card: bad input" 2 "$RAILYARD" build -q tt -o out --only contact
expect_grep "... 'blue station': did you mean 'blue Station'" \
	"data.csv:3:1: error: this row is for name 'blue station', but no card has it \(did you mean 'blue Station'\?\)" \
	"$WORK/last.err"
expect_grep "... case folded: 'ORANGE STATION' finds 'orange Station'" \
	"'ORANGE STATION', but no card has it \(did you mean 'orange Station'\?\)" "$WORK/last.err"
expect_grep "... 'blue 99': 'blue 9'" "'blue 99', but no card has it \(did you mean 'blue 9'\?\)" "$WORK/last.err"
expect_status "list --cards still lists" 0 "$RAILYARD" list --cards tt
expect_grep "... the card to look up" "blue Station" "$WORK/last.out"
expect_grep "... the rows as warnings" "data.csv:3:1: warning: this row is for name 'blue station'" "$WORK/last.err"
"$RAILYARD" new -q trains >/dev/null 2>&1
printf '"ab","x"\n' >>trains/data.csv
expect_status "a trains pack's data keyed by code: bad input" 2 "$RAILYARD" check trains
expect_grep "... did you mean 'AB'" "this row is for code 'ab', but no card has it \(did you mean 'AB'\?\)" "$WORK/last.err"
expect_status "list lists it" 0 "$RAILYARD" list trains

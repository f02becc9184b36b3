# The bash completion (completion/railyard): every command, every long option of
# every command (every game), and option values from the tables the parsers use:
# what it offers is what the parser's own "unknown value" message lists.
. tests/cli/lib.sh
mkdir -p "$WORK/bin"
ln -s "$RAILYARD" "$WORK/bin/railyard"
P=packs/pattern-one-census-seven.yaml
# comp CWORD WORD...: what completing word CWORD of "WORD..." offers, one a line, sorted
comp() {
	cw=$1
	shift
	PATH="$WORK/bin:$PATH" bash -c '. completion/railyard; COMP_WORDS=("$@"); COMP_CWORD='"$cw"'; _railyard
		printf "%s\n" "${COMPREPLY[@]}"' _ "$@" | LC_ALL=C sort -u
}
# listed TEXT: the comma- or space-separated words after the last "(" or "are", sorted
listed() { sed -e 's/.*(\(.*\))$/\1/' -e 's/^known: //' -e 's/.* are //' | tr ', ' '\n\n' | grep . | LC_ALL=C sort; }

expect_eq "completing 'railyard si'" "simulate" "$(comp 1 railyard si)"
expect_eq "completing 'railyard n' offers new" "new" "$(comp 1 railyard n)"
expect_eq "completing 'railyard check --se'" "--sequence" "$(comp 2 railyard check --se)"
for c in list build check simulate dump new serve; do
	offered=$(comp 2 railyard "$c" --)
	for o in $("$RAILYARD" help $c | grep -oE '^ +(-[a-zA-Z], )?--[a-z-]+' | grep -oE -- '--[a-z-]+' | sort -u); do
		ok_if "completion offers $c $o" sh -c 'echo "$1" | grep -qx -- "$2"' _ "$offered" "$o"
	done
done
ok_if "completion offers -q, --progress and --no-progress everywhere" \
	test "$(comp 2 railyard list -- | grep -cE '^--(quiet|progress|no-progress)$')" = 3

"$RAILYARD" build --preset nosuch $P 2>"$WORK/e"
expect_eq "--preset: the parser's values" "$(listed <"$WORK/e")" "$(comp 3 railyard build --preset '')"
"$RAILYARD" build --duplex nosuch $P 2>"$WORK/e"
expect_eq "--duplex: the parser's values" "$(listed <"$WORK/e")" "$(comp 3 railyard build --duplex '')"
"$RAILYARD" build --colour nosuch $P 2>"$WORK/e"
expect_eq "--colour: the parser's values" "$(listed <"$WORK/e")" "$(comp 3 railyard build --colour '')"
"$RAILYARD" build --only nosuch $P 2>"$WORK/e"
expect_eq "--only: the parser's values, contact among them" "$(listed <"$WORK/e")" "$(comp 3 railyard build --only '')"
expect_grep "... contact is one" '^contact$' "$(comp 3 railyard build --only '' >"$WORK/only"; echo "$WORK/only")"
expect_eq "--only faces,s: the word after the comma" "faces,setup
faces,sheets
faces,svg" "$(comp 3 railyard build --only faces,s)"
"$RAILYARD" simulate -n 2 --policy nosuch $P 2>"$WORK/e"
expect_eq "--policy: the parser's values" "$(listed <"$WORK/e")" "$(comp 3 railyard simulate --policy '')"
"$RAILYARD" simulate -n 2 --rule zzzzzzzz=1 $P 2>"$WORK/e"
expect_eq "--rule: the parser's keys, each with =" \
	"$(sed -e 's/.*(its rules: //' -e 's/)$//' "$WORK/e" | tr ',' '\n' | sed -e 's/^ *//' -e 's/=.*/=/' | LC_ALL=C sort)" \
	"$(comp 3 railyard simulate --rule '')"
# --rule after another game's pack: that game's keys, the parser's (dump's every rule)
for g in train-52 toy-train take-the-train domino-double-six; do
	expect_eq "--rule after $g's pack: every rule dump shows, each with =" \
		"$("$RAILYARD" dump packs/$g.yaml | sed -n 's/^rule \([a-z-]*=\).*/\1/p' | LC_ALL=C sort)" \
		"$(comp 4 railyard simulate packs/$g.yaml --rule '')"
done
expect_eq "check packs/train-52.yaml --rule pi: piles=" "piles=" "$(comp 4 railyard check packs/train-52.yaml --rule pi)"
"$RAILYARD" tune $P --objective nosuch 2>"$WORK/e"
expect_eq "tune --objective: the measures of the parser's table (length with its =)" \
	"$(sed 's/=T/=/' "$WORK/e" | listed)" "$(comp 3 railyard tune --objective '')"
"$RAILYARD" tune $P --require nosuch=1.. 2>"$WORK/e"
expect_eq "tune --require: the parser's measures, each with =" \
	"$(listed <"$WORK/e" | sed 's/$/=/')" "$(comp 3 railyard tune --require '')"
"$RAILYARD" new --game zzzzzzzz x 2>"$WORK/e"
expect_eq "new --game: the parser's games" "$(listed <"$WORK/e")" "$(comp 3 railyard new --game '')"
expect_eq "new --game de: deck, any card game" "deck" "$(comp 3 railyard new --game de)"
expect_eq "new --game deck --cards: the CSV files" "packs/examples/market-day/cards.csv" \
	"$(comp 5 railyard new --game deck --cards packs/examples/market-day/c)"
expect_eq "--rule after a deck pack: no rules, nothing offered" "" \
	"$(comp 4 railyard list packs/examples/market-day/pack.yaml --rule '')"
expect_status "--complete with an unknown word is bad usage" 2 "$RAILYARD" --complete nosuch

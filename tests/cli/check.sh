# railyard check: exit statuses, and --json read back with a JSON parser.
. tests/cli/lib.sh
P2=packs/pattern-two-census-seven.yaml
W=packs/pattern-one-wild.yaml
G=packs/grid-census-nine.yaml

# json FILE EXPR: evaluate a Python expression over the parsed document j.
json() {
	python3 -c 'import json, sys; j = json.load(open(sys.argv[1])); print(json.dumps(eval(sys.argv[2]), ensure_ascii=False))' "$1" "$2"
}

expect_status "sound pack exits 0" 0 "$RAILYARD" check packs/pattern-one-census-seven.yaml
expect_grep "sound pack says so" '^sound$' "$WORK/last.out"
expect_status "broken explicit table exits 1" 1 "$RAILYARD" check tests/golden/check-table-errors/pack.yaml
expect_grep "... naming the card and the rule" 'pack.yaml:11:14: error: card 7 should carry A ↔ B, not A ↔ C \(the computed table' "$WORK/last.err"
expect_status "unreadable pack exits 2" 2 "$RAILYARD" check "$WORK/no-such-pack.yaml"
expect_status "no pack exits 2" 2 "$RAILYARD" check --sequence "1 2 3"
expect_status "unknown option exits 2" 2 "$RAILYARD" check --bogus $P2
expect_status "--apply without a position exits 2" 2 "$RAILYARD" check --apply AB $P2
expect_status "--help exits 0" 0 "$RAILYARD" check --help
expect_grep "--help names --json" '--json' "$WORK/last.out"
expect_status "a position exits 0" 0 "$RAILYARD" check $P2 --sequence "53 7 45 9 50 27 56"
expect_status "a census mismatch exits 2" 2 "$RAILYARD" check $P2 --sequence "53 7 45"
expect_grep "the mismatch points into the option" '^railyard: --sequence:1:8: error: 3 cards' "$WORK/last.err"
expect_status "an applied move exits 0" 0 "$RAILYARD" check $P2 --sequence "46 37 5 12 42 47 40" --apply 10BD
expect_status "a refused move exits 1" 1 "$RAILYARD" check $W --sequence "70 2 3 4 5 6 20" --frozen A --apply AG
expect_grep "... naming the rule" 'error: A ↔ G cannot be applied: card 70 at A is frozen; a frozen card can never be taken from its space \(§11\)' "$WORK/last.err"
expect_status "a missing choice exits 2" 2 "$RAILYARD" check $G --grid "9 8 7/6 5 4/3 2 1" --apply "A<>"
expect_status "a card not carrying the code exits 2" 2 "$RAILYARD" check $P2 --sequence "46 37 5 12 42 47 40" --apply 10AB
expect_status "a missing card in play exits 2" 2 "$RAILYARD" check $P2 --missing 53 --sequence "53 7 45 9 50 27 56"
expect_grep "and says which" 'card 53 is missing from the pack' "$WORK/last.err"
expect_status "a defective pack within one exits 0" 0 "$RAILYARD" check packs/pattern-one-census-seven.yaml --missing 17
expect_status "a defective pack out of balance exits 1" 1 "$RAILYARD" check packs/pattern-one-census-seven.yaml --missing 17,38
expect_grep "... naming the rule" 'error: with the cards missing, cards 1-84 \(the whole pack\) are unbalanced: from 2 to 4 cards per ability' "$WORK/last.err"
expect_status "a number ability across sequences exits 1 (§6, §9)" 1 "$RAILYARD" check tests/golden/check-number-across/pack.yaml \
	--sequence "1 5 9 20 30 11" --other "2 4 6 8 10 12" --apply XO
expect_grep "... naming the rule" 'only a swap of the two spaces a card names can join two sequences \(§6\)' "$WORK/last.err"
if [ -w /dev/full ]; then
	"$RAILYARD" check packs/pattern-one-census-seven.yaml --json >/dev/full 2>/dev/null
	expect_eq "an unwritable report exits 3" 3 $?
else
	echo "ok - an unwritable report # SKIP /dev/full is not writable here"
fi

# --json, parsed.
"$RAILYARD" check $P2 --json --sequence "53 7 45 9 50 27 56" >"$WORK/dora.json"
ok_if "Dora's report is JSON" python3 -m json.tool "$WORK/dora.json" >/dev/null
expect_eq "Dora has 8 inversions" 8 "$(json "$WORK/dora.json" 'j["inversions"]')"
expect_eq "and 8 pairs" 8 "$(json "$WORK/dora.json" 'len(j["inversion_pairs"])')"
expect_eq "Dora's first pair is A-B (53 > 7)" '["A", "B"]' "$(json "$WORK/dora.json" 'j["inversion_pairs"][0]')"
expect_eq "Dora is not ascending" false "$(json "$WORK/dora.json" 'j["ascending"]')"
expect_eq "Dora needs 4 swaps (one 5-cycle)" 4 "$(json "$WORK/dora.json" 'j["min_swaps"]')"

"$RAILYARD" check $P2 --json --sequence "70 69 68 63 34 31 20" >"$WORK/fig6.json"
expect_eq "figure 6: A ↔ G, B ↔ F, C ↔ E" '[["A", "G"], ["B", "F"], ["C", "E"]]' "$(json "$WORK/fig6.json" 'j["swaps"]')"
expect_eq "figure 6 is descending" true "$(json "$WORK/fig6.json" 'j["descending"]')"
expect_eq "figure 6: A ↔ G is on cards 7, 35, 63 (pattern two)" '[7, 35, 63]' "$(json "$WORK/fig6.json" 'j["swap_cards"][0]')"

for s in "2-6-14-38-W-56-82 true" "2-6-14-38-W-39-82 false" "2-6-14-38-39-84-W false"; do
	set -- $s
	"$RAILYARD" check $W --json --sequence "$1" >"$WORK/w.json"
	expect_eq "§10 $1 ascending: $2" "$2" "$(json "$WORK/w.json" 'j["ascending"]')"
	expect_eq "§10 $1 valid wilds: $2" "$2" "$(json "$WORK/w.json" 'j["valid_wilds"]')"
	expect_eq "§10 $1 is dirty" false "$(json "$WORK/w.json" 'j["clean"]')"
done

"$RAILYARD" check $G --json --grid "9 8 7 / 6 5 4 / 3 2 1" >"$WORK/grid.json"
expect_eq "3x3: 42 arrangements" 42 "$(json "$WORK/grid.json" 'j["arrangements"]')"
expect_eq "9 8 7 / 6 5 4 / 3 2 1 is a legal deal" true "$(json "$WORK/grid.json" 'j["legal_deal"]')"
expect_eq "and does not win" false "$(json "$WORK/grid.json" 'j["wins"]')"
"$RAILYARD" check $G --json --grid "1 2 3 / 4 5 6 / 7 8 9" >"$WORK/grid.json"
expect_eq "1 2 3 / 4 5 6 / 7 8 9 wins" true "$(json "$WORK/grid.json" 'j["wins"]')"

"$RAILYARD" check $P2 --json --sequence "46 37 5 12 42 47 40" --apply 10 >"$WORK/beth.json"
expect_eq "Beth's 10 swaps 37 and 12" '[[46, 12, 5, 37, 42, 47, 40]]' "$(json "$WORK/beth.json" 'j["result"]')"
expect_eq "card 10 is B ↔ D" '"B ↔ D"' "$(json "$WORK/beth.json" 'j["ability"]')"
"$RAILYARD" check $W --json --sequence "70 2 3 4 5 6 20" --frozen A --apply AG >"$WORK/ref.json"
expect_eq "a refusal is JSON too" false "$(json "$WORK/ref.json" 'j["applied"]')"
expect_grep "naming §11" '§11' "$WORK/ref.json"

"$RAILYARD" check packs/pattern-one-census-seven.yaml --json --missing 17,42 >"$WORK/miss.json" 2>/dev/null
expect_eq "missing 17 and 42 leave D ↔ F and F ↔ G short" '["D ↔ F", "F ↔ G"]' "$(json "$WORK/miss.json" '[s["ability"] for s in j["short"]]')"
expect_eq "the two-player reduction is no longer balanced" false "$(json "$WORK/miss.json" 'j["players"][0]["balanced"]')"
expect_eq "but still sound (within one)" true "$(json "$WORK/miss.json" 'j["sound"]')"

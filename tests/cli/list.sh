# railyard list and the program's own usage: exit codes, help, JSON, tables.
. tests/cli/lib.sh
R=$RAILYARD

expect_status "no arguments prints usage and exits 2" 2 $R
expect_grep "usage goes to stderr" '^usage: railyard' "$WORK/last.err"
expect_status "--help exits 0" 0 $R --help
expect_grep "--help lists the commands" '^  check ' "$WORK/last.out"
expect_status "--version exits 0" 0 $R --version
expect_grep "--version prints the version" '^railyard [0-9]+\.[0-9]+\.[0-9]+$' "$WORK/last.out"
expect_status "an unknown command exits 2" 2 $R frobnicate
for c in list build check simulate dump; do
	expect_status "$c --help exits 0" 0 $R $c --help
	expect_grep "$c --help shows its usage" "^usage: railyard $c" "$WORK/last.out"
	expect_status "$c --version exits 0" 0 $R $c --version
done
expect_status "help COMMAND is COMMAND --help" 0 $R help list
expect_grep "help list shows list's usage" '^usage: railyard list' "$WORK/last.out"

expect_status "list without a pack exits 2" 2 $R list
expect_status "list with an unknown option exits 2" 2 $R list --frob packs/pattern-one-census-seven.yaml
expect_status "list --players with a count the pack lacks exits 2" 2 $R list --players 9 packs/pattern-one-census-seven.yaml
expect_grep "and says why" 'players 9' "$WORK/last.err"
expect_status "list --naming with a space the pack lacks exits 2" 2 $R list --naming H packs/pattern-one-census-seven.yaml

# An explicit table spelled every accepted way gives the computed cards.
$R list --cards packs/pattern-one-census-seven.yaml >"$WORK/computed.txt"
$R list --cards tests/cli/data/pattern-one-table.yaml >"$WORK/table.txt"
ok_if "the page's table written out equals the computed assignment" cmp -s "$WORK/computed.txt" "$WORK/table.txt"
expect_eq "list --cards has one line per card" 84 "$(wc -l <"$WORK/computed.txt" | tr -d ' ')"

# JSON: valid, one object per physical card, duplicates from copies included.
$R list --json packs/pattern-two-two-packs.yaml >"$WORK/two.json"
ok_if "list --json is valid JSON" python3 -m json.tool "$WORK/two.json" /dev/null
n=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(len(d), sum(1 for c in d if c["number"]==69 and c["code"]=="BG"), sorted(d[0].keys()))' "$WORK/two.json")
expect_eq "two copies: 168 cards, card 69 BG twice, keys number/code/ability" "168 2 ['ability', 'code', 'number']" "$n"
$R list --json packs/pattern-one-wild.yaml >"$WORK/wild.json"
n=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(len(d), sum(1 for c in d if c["number"]=="W"))' "$WORK/wild.json")
expect_eq "wild cards are listed as W" "88 4" "$n"

# Every shipped pack loads and lists.
for p in packs/*.yaml; do
	expect_status "$(basename "$p") lists" 0 $R list "$p"
done

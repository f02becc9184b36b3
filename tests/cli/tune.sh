# railyard tune and merge: the choice (never a stalling, unplayable or broken
# variant; the best's interval contains or exceeds every other's; equal
# variants are ties), shards merged equal one run byte for byte, --write gives
# a pack that loads and that simulate reproduces, --threads changes nothing,
# every game's example space, and bad input.
. tests/cli/lib.sh
LSAN_OPTIONS="suppressions=$PWD/tests/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
export LSAN_OPTIONS
EX=packs/examples/tune
P2=$EX/pattern-two.yaml
G="--games 1024 -q"

# --- the pattern-two space: 24 variants at 2..5 players ----------------------
"$RAILYARD" tune $P2 --players 2..5 $G --json >"$WORK/p2.json"
expect_eq "24 variants, each reported" 24 "$(jq '.variants | length' "$WORK/p2.json")"
expect_eq "a variant is chosen" true "$(jq '.best != null' "$WORK/p2.json")"
expect_eq "the chosen variant completes at least 0.95 at every count" true \
	"$(jq '.best.variant as $b | .variants[] | select(.variant == $b) | [.players[].completion >= 0.95] | all' "$WORK/p2.json")"
expect_eq "no other variant is better with confidence (the best's interval contains or exceeds every other's)" 0 \
	"$(jq '.best.balance_ci[1] as $hi | [.variants[] | select(.balance_ci != null and .balance_ci[0] > $hi)] | length' "$WORK/p2.json")"
expect_eq "best has keys, completion, balance, balance_ci, length" true \
	"$(jq '.best | has("keys") and has("completion") and has("balance") and has("balance_ci") and has("length")' "$WORK/p2.json")"
expect_eq "games is the sum of the variants' games" true \
	"$(jq '.games == ([.variants[].games] | add)' "$WORK/p2.json")"
expect_eq "racing plays fewer games than the exhaustive grid" true "$(jq '.games < .exhaustive_games' "$WORK/p2.json")"

# --- --threads changes nothing --------------------------------------------------
"$RAILYARD" tune $P2 --players 2..5 $G --threads 1 >"$WORK/t1.txt"
"$RAILYARD" tune $P2 --players 2..5 $G --threads 3 >"$WORK/t3.txt"
ok_if "--threads 1 and 3 give the same report" cmp -s "$WORK/t1.txt" "$WORK/t3.txt"

# --- shards merged are one run, byte for byte -----------------------------------
for k in 1 2 3; do
	"$RAILYARD" tune $P2 --players 2..5 $G --shard $k/3 -o "$WORK/shards" 2>/dev/null
done
"$RAILYARD" merge "$WORK/shards" >"$WORK/merged.txt"
ok_if "merge of 3 shards prints the single run's report byte for byte" cmp -s "$WORK/t1.txt" "$WORK/merged.txt"
"$RAILYARD" merge --json "$WORK/shards" >"$WORK/merged.json"
ok_if "merge --json prints the single run's JSON byte for byte" cmp -s "$WORK/p2.json" "$WORK/merged.json"
mkdir -p "$WORK/two"
cp "$WORK/shards/shard-1-of-3.txt" "$WORK/shards/shard-2-of-3.txt" "$WORK/two/"
expect_status "merge: a missing shard is bad input" 2 "$RAILYARD" merge "$WORK/two"
expect_grep "merge: names the missing shard" "shard 3 of 3 is missing" "$WORK/last.err"
expect_status "merge: a shard given twice is bad input" 2 "$RAILYARD" merge "$WORK/shards" "$WORK/shards/shard-1-of-3.txt"
"$RAILYARD" tune $P2 --players 2..5 $G --seed 9 --shard 3/3 -o "$WORK/other" 2>/dev/null
cp "$WORK/shards/shard-1-of-3.txt" "$WORK/shards/shard-2-of-3.txt" "$WORK/other/"
expect_status "merge: a shard of another search is bad input" 2 "$RAILYARD" merge "$WORK/other"
expect_grep "merge: says it is another search" "another search" "$WORK/last.err"

# --- --write: a pack that loads, and simulate reproduces the series --------------
expect_status "--write exits 0" 0 "$RAILYARD" tune $P2 --players 2..5 $G --write "$WORK/chosen.yaml"
expect_grep "--write: the pack says how it was chosen" "^# Chosen by railyard tune" "$WORK/chosen.yaml"
expect_status "--write: check passes the written pack" 0 "$RAILYARD" check "$WORK/chosen.yaml"
sim=$(sed -n 's/^#   railyard simulate [^ ]* //p' "$WORK/chosen.yaml")
# shellcheck disable=SC2086
"$RAILYARD" simulate "$WORK/chosen.yaml" $sim -q --json >"$WORK/sim.json"
players=$(echo "$sim" | sed 's/.*--players \([0-9]*\).*/\1/')
expect_eq "simulate reproduces the chosen variant's balance at its worst count" \
	"$(jq -c ".best.variant as \$b | .variants[] | select(.variant == \$b) | .players[] | select(.players == $players) | .balance" "$WORK/p2.json")" \
	"$(jq -c '.balance' "$WORK/sim.json")"

# --- --write edits the pack's text in place: a block rules: stays a block with
# its comments whatever the number of varied keys (issue 31); the variant of
# single values is the one chosen
for n in 1 2 3; do
	set -- --vary rules.apply-to=self --vary rules.win=never-descending --vary rules.opening=face-up
	# shellcheck disable=SC2046
	"$RAILYARD" tune $P2 -n 2 --games 64 -q $(echo "$@" | cut -d' ' -f1-$((2 * n))) --write "$WORK/w$n.yaml" >/dev/null
	expect_eq "--write with $n varied rules keys: rules: stays a block" "rules:" "$(grep '^rules' "$WORK/w$n.yaml")"
	expect_grep "--write with $n varied rules keys: the changed line keeps its comment" \
		"^  apply-to: self +# §5: a card's ability" "$WORK/w$n.yaml"
	expect_eq "--write with $n varied rules keys: only the varied lines differ" "$n" \
		"$(sed '/^# Chosen/,/^#   railyard simulate/d' "$WORK/w$n.yaml" | diff $P2 - | grep -c '^>')"
done

# --- a broken variant is never chosen -----------------------------------------
"$RAILYARD" tune packs/pattern-two-census-seven.yaml --players 2..4 $G \
	--vary 'players={2: 12, 3: 84, 4: 84},{2: 56, 3: 84, 4: 84}' --vary cards=84,20 --json \
	>"$WORK/broken.json" 2>"$WORK/broken.err"
expect_eq "too few cards: the unplayable and the unloadable variants are never chosen" 3 \
	"$(jq '.best.variant' "$WORK/broken.json")"
expect_grep "too few cards: the unplayable variant says why" "unplayable" "$WORK/broken.json"
expect_grep "a variant that does not load: its located error, then the variants named" \
	"--vary players:[0-9]+:[0-9]+: error: .*only 20 cards" "$WORK/broken.err"
expect_grep "a variant that does not load is named" "does not load as variants? #.*cards=20" "$WORK/broken.err"
"$RAILYARD" tune $EX/take-the-train.yaml --players 2..4 --completion 0.9 $G --json >"$WORK/take.json"
expect_eq "Take the Train: a game of one round (completion below 0.9) is never chosen" false \
	"$(jq '.best.keys["rules.rounds"] == 1' "$WORK/take.json")"

# --- equal variants are ties, not a false winner --------------------------------
"$RAILYARD" tune packs/pattern-two-census-seven.yaml --players 3 $G --vary 'title=a,b,c' >"$WORK/equal.txt"
expect_grep "three variants that play the same games: the other two are ties" "^ties: #2, #3 " "$WORK/equal.txt"

# --- every game: its example space gives a choice -------------------------------
for f in domino train-52 toy-train; do
	args=$(sed -n 's/^#   railyard tune [^ ]*//p' $EX/$f.yaml)
	# shellcheck disable=SC2086
	expect_status "$f: the example space is tuned" 0 "$RAILYARD" tune $EX/$f.yaml $args --games 512 -q
	expect_grep "$f: a best variant" "^best: #" "$WORK/last.out"
done

# --- bad input --------------------------------------------------------------------
expect_status "--vary without '=' is bad usage" 2 "$RAILYARD" tune $P2 --vary wild
expect_status "--vary with an empty range is bad usage" 2 "$RAILYARD" tune $P2 --vary wild=3..1
expect_status "--vary tune= is refused" 2 "$RAILYARD" tune $P2 --vary tune.x=1
expect_status "a key no variant loads with: exit 2" 2 "$RAILYARD" tune $P2 --vary wlid=1,2 $G
expect_grep "the loader's error names the key" "unknown key 'wlid'" "$WORK/last.err"
expect_status "--shard without -o is bad usage" 2 "$RAILYARD" tune $P2 --shard 1/2
expect_status "--shard 3/2 is bad usage" 2 "$RAILYARD" tune $P2 --shard 3/2 -o "$WORK/x"
expect_status "a pack without tune: and no --vary: bad input" 2 "$RAILYARD" tune packs/pattern-two-census-seven.yaml
expect_grep "says where the space comes from" "tune:.*--vary" "$WORK/last.err"
expect_status "merge of a folder without shards: bad input" 2 "$RAILYARD" merge "$WORK"
expect_status "--plot with an unknown extension: bad usage" 2 "$RAILYARD" tune $P2 --plot x.txt
expect_status "--write into a missing folder: exit 3 before any game" 3 "$RAILYARD" tune $P2 --write "$WORK/no/such/x.yaml"
expect_status "--plot into a missing folder: exit 3" 3 "$RAILYARD" tune $P2 --plot "$WORK/no/such/x.svg"
# --max-length is --max-turns' other name, as in simulate: the same report
# (a limit short enough that some train-52 games time out, so it matters)
a=$("$RAILYARD" tune -q --json --exhaustive --games 256 -n 3 --max-turns 200 packs/examples/tune/train-52.yaml | jq -c '[.variants[] | .completion]')
b=$("$RAILYARD" tune -q --json --exhaustive --games 256 -n 3 --max-length 200 packs/examples/tune/train-52.yaml | jq -c '[.variants[] | .completion]')
c=$("$RAILYARD" tune -q --json --exhaustive --games 256 -n 3 packs/examples/tune/train-52.yaml | jq -c '[.variants[] | .completion]')
expect_eq "tune --max-length N is --max-turns N" "$a" "$b"
ok_if "... and the limit matters (completion differs from the default limit's)" [ "$a" != "$c" ]

# --write's header quotes paths inside YAML comments: a line break in a path
# (a folder named so) becomes '?', never a line of YAML (issue 32).
nl=$(printf '%s/odd\nname: [x' "$WORK")
mkdir -p "$nl"
cp packs/examples/tune/toy-train.yaml "$nl/pack.yaml"
expect_status "--write from a folder with a line break in its name" 0 \
	"$RAILYARD" tune "$nl/pack.yaml" --games 256 -q --write "$WORK/odd.yaml"
expect_status "... the written pack loads" 0 "$RAILYARD" list "$WORK/odd.yaml"
expect_eq "... every line before the pack's own is a comment" "" \
	"$(sed -n '1,/^# Toy Train/p' "$WORK/odd.yaml" | grep -v '^#')"

# The race drops a variant only when the controlled error shows it worse, never
# on point estimates (issue 33's missed mutant): two Toy Train variants whose
# balances differ (0.727 against 0.852 at seed 1, 0.793 against 0.848 at seed 3)
# but whose 95% intervals overlap, 512 games each: the lower one is a tie.
for s in 1 3; do
	expect_eq "seed $s: a variant below the best by its point estimate, its interval overlapping: a tie, not worse" \
		"below overlapping tie" \
		"$("$RAILYARD" tune packs/examples/tune/toy-train.yaml --vary rules.letter-mix=pack,even \
			--vary rules.broken-every=5 --games 512 --seed $s -q --threads 1 --json |
			jq -r '.best as $b | .variants[] | select(.result != "best") |
				"\(if .balance < $b.balance then "below" else "not below" end)" +
				" \(if .balance_ci[1] > $b.balance_ci[0] then "overlapping" else "apart" end) \(.result)"')"
done

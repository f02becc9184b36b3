# --policy mcts[:N]: the search player in simulate and tune, per seat, the same
# series on any --threads, and the errors of a bad budget and of a game whose
# engine has no steps yet. Small: one-hand games (target=0) at small budgets.
. tests/cli/lib.sh
R=$RAILYARD
D9=packs/domino-double-nine.yaml
notime() { python3 -c 'import json,sys; d=json.load(sys.stdin); d.pop("timing"); print(json.dumps(d, sort_keys=True))'; }
field() { python3 -c 'import json,sys; d=json.load(sys.stdin); print(eval(sys.argv[1]))' "$1"; }

$R simulate -q -j --players 4 --games 6 --seed 3 --rule target=0 --policy greedy,mcts:8,random,mcts --threads 1 $D9 \
	| notime >"$WORK/t1.json"
$R simulate -q -j --players 4 --games 6 --seed 3 --rule target=0 --policy greedy,mcts:8,random,mcts --threads 2 $D9 \
	| notime >"$WORK/t2.json"
expect_eq "mcts seats: the report names each seat's policy and budget (mcts alone: 256)" \
	"['greedy', 'mcts:8', 'random', 'mcts:256']" "$(field 'd["policies"]' <"$WORK/t1.json")"
expect_eq "mcts seats: every game ends" "6" "$(field 'd["completed"]' <"$WORK/t1.json")"
ok_if "mcts seats: the same series on 1 and 2 threads" cmp -s "$WORK/t1.json" "$WORK/t2.json"
$R simulate -q -j --players 4 --games 6 --seed 3 --rule target=0 --policy greedy,mcts:9,random,mcts --threads 1 $D9 \
	| notime >"$WORK/t9.json"
ok_if "another budget plays another series" test "$(cat "$WORK/t1.json")" != "$(cat "$WORK/t9.json")"
expect_status "--trace of a game with mcts seats" 0 $R simulate --players 4 --trace 1 --rule target=0 --policy mcts:4 $D9
expect_grep "--trace names the budget" "mcts:4, mcts:4" "$WORK/last.out"

expect_status "mcts:0: exit 2" 2 $R simulate --players 4 --policy mcts:0 $D9
expect_grep "mcts:0: the budget's range" "budget of mcts:N is 1\.\.65536" "$WORK/last.err"
expect_status "mcts:65537: exit 2" 2 $R simulate --players 4 --policy greedy,mcts:65537,greedy,greedy $D9
expect_status "mcts:x: exit 2" 2 $R simulate --players 4 --policy mcts:x $D9
expect_status "greedy:3: exit 2" 2 $R simulate --players 4 --policy greedy:3 $D9
expect_grep "greedy:3: only mcts takes a budget" "only mcts takes a budget" "$WORK/last.err"
# every game's engine plays through steps: mcts seats in each
for pk in take-the-train:2 train-52:3 toy-train:2 pattern-two-census-seven:2; do
	n=${pk#*:}
	expect_status "mcts:8 in a seat of ${pk%:*}" 0 $R simulate --players "$n" --games 4 --policy mcts:8 -q "packs/${pk%:*}.yaml"
done

expect_status "tune --policy mcts:4" 0 $R tune $D9 --players 4 --vary rules.blocked=redeal,fewest --vary rules.target=0 \
	--games 16 --exhaustive --policy mcts:4 -q
expect_grep "tune --policy mcts:4: a best variant" "^best: #" "$WORK/last.out"
expect_status "tune --policy mcts:0: exit 2" 2 $R tune $D9 --players 4 --vary rules.target=0,60 --policy mcts:0 -q
expect_status "tune --policy mcts:4 on the core game" 0 $R tune packs/pattern-two-census-seven.yaml \
	--vary wild=0,1 --players 2 --games 16 --exhaustive --policy mcts:4 -q
expect_grep "tune --policy mcts:4 on the core game: a best variant" "^best: #" "$WORK/last.out"

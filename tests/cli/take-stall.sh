# A Take the Train pack with no Station (tests/cli/data/take-no-stations.yaml):
# no round can start, so every game stalls at once (STALLS, no verdict), with
# or without rule target, in simulate and in tune. Before the fix, target=N
# looped over rounds that never start and never ended: the time bound of each
# run is generous (10 s for 1,000 games that take milliseconds) but catches it.
. tests/cli/lib.sh
R=$RAILYARD
NS=tests/cli/data/take-no-stations.yaml
T=10
[ -n "${VALGRIND:-}" ] && T=120
for rule in "" "--rule target=100" "--rule target=250 --rule rounds=9" "--rule rounds=5"; do
	expect_status "no Station, simulate $rule: ends" 0 timeout $T $R simulate -q --games 1000 --players 3 $rule $NS
	expect_grep "... every game stalled, none a tie" '^completion: 0\.0000 .*\(0 won, 0 timed out, 1000 stalled, 0 with no single winner\)$' "$WORK/last.out"
	expect_grep "... STALLS, no verdict" '^STALLS: completion 0\.0000' "$WORK/last.out"
done
expect_status "no Station, simulate --json --rule target=100: ends" 0 \
	timeout $T $R simulate -q --json --games 1000 --players 3 --rule target=100 $NS
expect_eq "... the JSON counts them stalled" "1000 0 True" \
	"$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["stalled"], d["no_single_winner"], d["stalls"])' "$WORK/last.out")"
expect_status "no Station, tune over rules.target: ends, no variant chosen (exit 1)" 1 \
	timeout $T $R tune -q --players 3 --vary rules.target=100,250 --games 2000 $NS
expect_grep "... every variant stalls" '^best: none' "$WORK/last.out"

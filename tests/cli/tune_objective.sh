# railyard tune --objective and --require: a variant dominated on two
# objectives is dropped while a trade-off pair stays on the front; a variant
# far outside a requirement is dropped as failing it while one whose interval
# straddles the range stays undecided; a requirement no variant meets is exit 1
# with a report that says so; --write, --plot, --threads; every game; bad input.
# Small spaces and --games 512..1024 so each run takes well under a second.
. tests/cli/lib.sh
LSAN_OPTIONS="suppressions=$PWD/tests/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
export LSAN_OPTIONS
EX=packs/examples/tune
TAKE="$EX/take-the-train.yaml --players 2 --completion 0 -q"
# result N FILE: variant N's result in a JSON report
result() { jq -r ".variants[] | select(.variant == $1) | .result" "$2"; }

# --- the planted space: Take the Train, Transfer cards out or in, 1 or 9 rounds --
# completion (higher) against length (the median's distance from 0: shorter).
# Without the Transfer cards a one-round game completes more often (0.69 against
# 0.57) and is shorter (33 rounds against 66): #1 dominates #3 on both. #1 and
# #2 (9 rounds: completes 0.97 but takes 380 rounds) are a trade-off.
"$RAILYARD" tune $TAKE --vary 'without=[transfer],[]' --vary rules.rounds=1,9 --games 1024 \
	--objective completion --objective length=0 --json >"$WORK/planted.json"
case $(result 3 "$WORK/planted.json") in
dominated*) echo "ok - the variant dominated on both objectives is dropped as dominated" ;;
*) echo "not ok - the variant dominated on both objectives is dropped as dominated"
   echo "  result: $(result 3 "$WORK/planted.json")" >&2 ;;
esac
expect_eq "the trade-off pair (#1 shorter, #2 completes more) both stay on the front" true \
	"$(jq '.front | (index(1) != null) and (index(2) != null) and (index(3) == null)' "$WORK/planted.json")"
expect_eq "the chosen is the front's best on the first objective (completion)" \
	"$(jq '[.variants[] | select(.front) | {v: .variant, c: .scores[0].value}] | max_by(.c) | .v' "$WORK/planted.json")" \
	"$(jq '.best.variant' "$WORK/planted.json")"
expect_eq "every variant reports each objective with its interval" true \
	"$(jq '[.variants[] | .scores | length == 2 and all(.[]; .ci[0] <= .value and .value <= .ci[1])] | all' "$WORK/planted.json")"
"$RAILYARD" tune $TAKE --vary 'without=[transfer],[]' --vary rules.rounds=1,9 --games 1024 \
	--objective completion --objective length=0 >"$WORK/planted.txt"
expect_grep "the text report lists the front (#4, with the Transfer cards and 9 rounds, completes as often as #2)" \
	"^front \(dominated by no other.*\): #4, #2, #1$" "$WORK/planted.txt"
expect_grep "the text report gives each front member's objectives with their intervals" \
	"^  #1 \(without=\[transfer\] rules.rounds=1\): completion 0\.[0-9]+ \[0\.[0-9]+, 0\.[0-9]+\], \|length-0\| [0-9.]+ \[[0-9.]+, [0-9.]+\]$" \
	"$WORK/planted.txt"
expect_grep "the text report names the dominated variant's round" "^ +[0-9]+ +#3 .*dominated \(dropped after round [0-9]+\)" \
	"$WORK/planted.txt"

# --- the front against the kept: Toy Train, the letter mix of the pack or even,
# a broken card every 5 or 10 letters; balance against length. pack/10 is as
# fair as pack/5 and shorter: alone on the front, the others kept (not shown
# dominated at 512 games), each dominated on the estimates by a front member.
"$RAILYARD" tune $EX/toy-train.yaml --vary rules.letter-mix=pack,even --vary rules.broken-every=5,10 --games 512 -q \
	--objective balance --objective length=0 --json >"$WORK/toy.json"
expect_eq "toy: the front is pack/10 alone" "[2]" "$(jq -c '.front' "$WORK/toy.json")"
expect_eq "toy: the others are kept, not dropped" "kept: not shown dominated" \
	"$(jq -r '[.variants[] | select(.variant != 2) | .result] | unique | .[]' "$WORK/toy.json")"
# front: no eligible variant as fair and as short, better in one; kept: some
# front member is
dom='def beats($a; $b): $a.scores[0].value >= $b.scores[0].value and $a.scores[1].value <= $b.scores[1].value
	and ($a.scores[0].value > $b.scores[0].value or $a.scores[1].value < $b.scores[1].value);
	[.variants[] | select(.result | test("^(best|front|kept)"))] as $e
	| [$e[] | select(.front) as $f | select(any($e[]; beats(.; $f)))] + [$e[] | select(.front | not) as $k
	| select(any($e[] | select(.front); beats(.; $k)) | not)] | map(.variant)'
expect_eq "toy: the front is undominated and every kept variant is dominated by a front member" "[]" \
	"$(jq -c "$dom" "$WORK/toy.json")"
expect_eq "planted: the same of its front" "[]" "$(jq -c "$dom" "$WORK/planted.json")"

# --- --require: far outside is dropped, straddling stays undecided --------------
# one round's median is 33.5 rounds [33, 34.5]: 20..34 straddles it; nine
# rounds' (380) lies far outside
expect_status "a requirement no variant is shown to meet: exit 1" 1 \
	"$RAILYARD" tune $TAKE --vary rules.rounds=1,9 --games 512 --require length=20..34 --json
cp "$WORK/last.out" "$WORK/req.json"
expect_eq "far outside the range: dropped as failing length" "fails length (dropped after round 1)" \
	"$(result 2 "$WORK/req.json")"
expect_eq "straddling the range: kept, undecided" "undecided: length" "$(result 1 "$WORK/req.json")"
expect_eq "... and the JSON names the requirement" "length=20..34" \
	"$(jq -r '.variants[] | select(.variant == 1) | .undecided' "$WORK/req.json")"
expect_eq "no variant chosen: best is null" null "$(jq '.best' "$WORK/req.json")"
expect_status "--require length=1000.. (every variant far below): exit 1" 1 \
	"$RAILYARD" tune $TAKE --vary rules.rounds=1,9 --games 512 --require length=1000..
expect_grep "the report says no variant meets the requirements, and why" \
	"^best: none: no variant is shown to meet every requirement \(failing one: 2; undecided" "$WORK/last.out"
expect_status "--require length=..100: the one-round game meets it" 0 \
	"$RAILYARD" tune $TAKE --vary rules.rounds=1,9 --games 512 --require length=..100 --json
expect_eq "... and is chosen, on balance (the default objective)" 1 "$(jq '.best.variant' "$WORK/last.out")"
expect_eq "... with balance as its objective" '"balance"' "$(jq -c '.objectives[0].name' "$WORK/last.out")"

# --- one objective: the classic race's --tolerance stop ---------------------------
# pack and frequency are the same letter mix: the same games, settled within
# 0.3 long before --games, as the race on balance settles them
"$RAILYARD" tune $EX/toy-train.yaml --vary rules.letter-mix=pack,frequency --games 2048 -q --tolerance 0.3 \
	--require completion=0.5.. --json >"$WORK/tol.json"
expect_eq "one objective: equal variants settle by --tolerance, as the race on balance (1024 of 4096 games)" \
	"$("$RAILYARD" tune $EX/toy-train.yaml --vary rules.letter-mix=pack,frequency --games 2048 -q --tolerance 0.3 \
		--json | jq '.games')" "$(jq '.games' "$WORK/tol.json")"
expect_eq "... fewer than every variant to --games" true "$(jq '.games < .exhaustive_games' "$WORK/tol.json")"
expect_eq "... and neither is dropped: both on the front" "[1,2]" "$(jq -c '.front | sort' "$WORK/tol.json")"

# --- the same report for any --threads; --write and --plot ---------------------
"$RAILYARD" tune $TAKE --vary 'without=[transfer],[]' --vary rules.rounds=1,9 --games 1024 \
	--objective completion --objective length=0 --threads 1 >"$WORK/t1.txt"
ok_if "--threads 1 gives the report of the default threads" cmp -s "$WORK/t1.txt" "$WORK/planted.txt"
expect_status "--write with objectives exits 0" 0 "$RAILYARD" tune $TAKE --vary rules.rounds=1,9 --games 512 \
	--objective length=30 --objective first-seat --write "$WORK/chosen.yaml" --plot "$WORK/front.svg"
expect_grep "--write says the rule that chose" "^# the best on the first objective of the Pareto front" "$WORK/chosen.yaml"
expect_grep "--write gives each objective's interval" "^#   \|length-30\| [0-9.]+ \[[0-9.]+, [0-9.]+\], \|first-seat-0\|" \
	"$WORK/chosen.yaml"
expect_grep "--write: the chosen variant (one round: nearer 30 rounds)" "^rules: \{rounds: 1\}" "$WORK/chosen.yaml"
expect_status "check passes the written pack" 0 "$RAILYARD" check "$WORK/chosen.yaml"
expect_grep "--plot draws the front" "<svg" "$WORK/front.svg"

# --- --objective balance alone is the classic race, byte for byte ---------------
"$RAILYARD" tune $EX/toy-train.yaml --games 512 -q >"$WORK/plain.txt"
"$RAILYARD" tune $EX/toy-train.yaml --games 512 -q --objective balance >"$WORK/bal.txt"
ok_if "--objective balance alone: the default report" cmp -s "$WORK/plain.txt" "$WORK/bal.txt"

# --- every game --------------------------------------------------------------------
for run in "$EX/domino.yaml --players 4 --vary rules.target=60,120" \
	"$EX/train-52.yaml --players 3 --vary rules.order=random,rotation" \
	"$EX/toy-train.yaml --vary rules.broken-every=5,10" \
	"$EX/pattern-two.yaml --players 3 --vary rules.opening=none,face-down"; do
	g=${run%% *}
	# shellcheck disable=SC2086
	expect_status "$(basename "$g"): --objective first-seat --objective length=20 --require completion=0.5.." 0 \
		"$RAILYARD" tune $run --games 256 -q --objective first-seat --objective length=20 --require completion=0.5..
	expect_grep "$(basename "$g"): a front" "^front \(" "$WORK/last.out"
done

# --- bad input -----------------------------------------------------------------------
P2="$EX/pattern-two.yaml"
expect_status "--objective length without a target: bad usage" 2 "$RAILYARD" tune $P2 --objective length
expect_status "--objective balance=1: balance takes no target" 2 "$RAILYARD" tune $P2 --objective balance=1
expect_status "--objective twice the same: bad usage" 2 "$RAILYARD" tune $P2 --objective completion --objective completion
expect_status "--require without a range: bad usage" 2 "$RAILYARD" tune $P2 --require length=30
expect_status "--require with an empty range: bad usage" 2 "$RAILYARD" tune $P2 --require length=40..20
expect_status "--require an unknown measure: bad usage" 2 "$RAILYARD" tune $P2 --require speed=1..
expect_grep "... names the measures" "the measures are balance, completion, length, first-seat" "$WORK/last.err"
expect_status "--objective lenght=30: bad usage" 2 "$RAILYARD" tune $P2 --objective lenght=30
expect_grep "... did you mean 'length'" "unknown measure 'lenght' \(did you mean 'length'\?\)" "$WORK/last.err"

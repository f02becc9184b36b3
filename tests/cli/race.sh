# railyard tune's race against a planted truth: a space of Toy Train variants
# (2 players) holding
#   - identical twins of the best: rules.letter-mix pack and frequency give
#     this pack the same carriages at min-letters 4 (the word list's letter
#     frequency is the pack's own mix), so the two play the very same games;
#   - a near tie: letter-mix even, 0.013 below them (65,536 games each at
#     seed 7: 0.8387 for the twins, 0.8254 for even);
#   - clearly worse variants: min-letters 8 (0.30, 0.37 and 0.39);
# over 20 seeds, the twins and the near tie are called worse at most once in
# all (the race's family-wise error is 5%, and 512 games cannot separate 0.013),
# and the worse ones are always dropped as worse. Dropping on point estimates
# calls the near tie or the twins worse in most seeds. Also: a tie is exactly
# a variant the race could not show worse (even when 95% intervals part); a
# variant further than --tolerance below the best is raced until dropped, not
# left a tie; --vary mixing a range and a list; a budget that cannot play every
# variant says so; one round's drops are the stated method's, recomputed from the
# report (tests/cli/race.py).
. tests/cli/lib.sh
LSAN_OPTIONS="suppressions=$PWD/tests/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
export LSAN_OPTIONS
TOY=packs/examples/tune/toy-train.yaml
SPACE="--vary rules.letter-mix=pack,frequency,even --vary rules.broken-every=5 --vary rules.min-letters=4,8"

# --- the planted truth, 20 seeds ------------------------------------------------
: >"$WORK/race.tsv"
for s in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
	# shellcheck disable=SC2086
	"$RAILYARD" tune $TOY $SPACE --games 512 --seed $s -q --threads 1 --json >"$WORK/race.json"
	jq -r '[([.variants[] | select(.keys["rules.min-letters"] == 4 and (.result | startswith("worse")))] | length),
		([.variants[] | select(.keys["rules.min-letters"] == 8 and (.result | startswith("worse (dropped")))] | length),
		([.variants[] | select(.keys["rules.min-letters"] == 4 and .keys["rules.letter-mix"] != "even")
		  | .players[0].balance] | unique | length)] | @tsv' "$WORK/race.json" >>"$WORK/race.tsv"
done
expect_eq "20 seeds raced" 20 "$(wc -l <"$WORK/race.tsv" | tr -d ' ')"
expect_eq "the twins play the same games (one balance for both, every seed)" 20 \
	"$(awk '$3 == 1' "$WORK/race.tsv" | wc -l | tr -d ' ')"
ties_worse=$(awk '{n += $1} END {print n + 0}' "$WORK/race.tsv")
ok_if "the twins and the near tie are called worse at most once in 20 seeds (called: $ties_worse)" \
	test "$ties_worse" -le 1
expect_eq "the clearly worse variants are dropped as worse in every seed (3 x 20)" 60 \
	"$(awk '{n += $2} END {print n + 0}' "$WORK/race.tsv")"

# --- the report says what a tie is, and the method ---------------------------------
# shellcheck disable=SC2086
"$RAILYARD" tune $TOY $SPACE --games 512 --seed 3 -q >"$WORK/race.txt"
expect_grep "a tie is: not shown worse at the race's error" "^ties: .*not shown worse than the best at the race's family-wise error 0.05" "$WORK/race.txt"
expect_grep "the method is named" "Holm's step-down each round" "$WORK/race.txt"
# shellcheck disable=SC2086
"$RAILYARD" tune $TOY $SPACE --games 512 --seed 3 -q --json >"$WORK/r3.json"
expect_eq "JSON: the family-wise error and the method" "0.05 true" \
	"$(jq -r '"\(.family_error) \(.method | test("Holm"))"' "$WORK/r3.json")"
expect_eq "JSON: every dropped variant says worse (dropped ...), every other eligible one tie or best" true \
	"$(jq '[.variants[] | .result | test("^(best|tie|worse \\(dropped after round [0-9]+\\))$")] | all' "$WORK/r3.json")"

# --- a tie is what the race could not show worse, nothing else -----------------------
# 4 variants, 4096 games each (seed 1): #4 (min-letters 10, broken-every 7) has a
# 95% interval wholly below the best's, but at the race's error it is not shown worse
"$RAILYARD" tune $TOY --vary rules.min-letters=9,10 --vary rules.broken-every=5,7 --games 4096 --seed 1 -q --json \
	>"$WORK/tie.json"
expect_eq "a variant whose 95% interval lies below the best's, not shown worse by the race: a tie" "tie true" \
	"$(jq -r '.best.balance_ci[0] as $lo | .variants[] | select(.variant == 4) | "\(.result) \(.balance_ci[1] < $lo)"' "$WORK/tie.json")"

# --- a budget that cannot play every variant ------------------------------------
# shellcheck disable=SC2086
"$RAILYARD" tune $TOY $SPACE --budget 1000 -q --json >"$WORK/budget.json"
expect_eq "a budget of 1000 games plays 3 segments of 256, to 3 of the 6 variants" "768 3" \
	"$(jq -r '"\(.games) \([.variants[] | select(.played)] | length)"' "$WORK/budget.json")"
expect_eq "the variants the budget never played say so, not 'stalls'" 3 \
	"$(jq '[.variants[] | select(.result == "not played (budget)" and .games == 0)] | length' "$WORK/budget.json")"
# shellcheck disable=SC2086
"$RAILYARD" tune $TOY $SPACE --budget 1000 -q >"$WORK/budget.txt"
expect_grep "text: not played (budget)" "^ +[0-9]+ +#[0-9]+ .* 0  not played \(budget\)" "$WORK/budget.txt"
ok_if "text: no variant said to stall" sh -c "! grep -Eq '^ +[0-9]+ +#.* stalls' '$WORK/budget.txt'"

# --- --vary: a range and a list mixed -----------------------------------------------
"$RAILYARD" tune $TOY --vary rules.broken-every=5..7,10 --vary rules.min-letters=4,8 --games 1024 --seed 1 -q --json \
	>"$WORK/mixed.json"
expect_eq "--vary KEY=5..7,10 is 5, 6, 7, 10" "[5,5,6,6,7,7,10,10]" \
	"$(jq -c '[.variants[].keys["rules.broken-every"]] | sort' "$WORK/mixed.json")"
# the race keeps playing a variant further than --tolerance below the best until
# it is shown worse (#6: 0.58 against 0.85), rather than leave it a tie
expect_eq "a variant far below the best is raced until dropped as worse" "worse (dropped after round 3)" \
	"$(jq -r '.variants[] | select(.variant == 6) | .result' "$WORK/mixed.json")"
expect_status "--vary KEY=1..3,9..1: an empty range is bad usage" 2 "$RAILYARD" tune $TOY --vary rules.broken-every=1..3,9..1
expect_grep "--vary: the bad range is named" "9\.\.1" "$WORK/last.err"

# --- the round's decisions are the method's, recomputed --------------------------
# One round (--games 256, --completion 0: every variant sure to meet the
# objective, the counts in the report the counts judged) of 56 Toy Train
# variants whose balances spread from 0.3 to 0.9: tests/cli/race.py recomputes
# the round from the report as the help states it (lower bounds at the round's
# level over the M sure variants, each p-value times the seats, Holm's
# step-down) and fails when tune drops other variants, or when these seeds
# could not tell the method from it without the step-down (every variant at
# the round's level: 4 of these 6 seeds drop more) or without the seats'
# factor (3 of them). Both weakenings passed every other check of tune.
for s in 7 8 9 10 11 12; do
	"$RAILYARD" tune $TOY --vary rules.min-letters=4..10 --vary rules.broken-every=2..9 --games 256 --completion 0 \
		--seed $s -q --json >"$WORK/round$s.json"
done
if python3 tests/cli/race.py "$WORK"/round*.json >"$WORK/round.txt" 2>&1; then
	echo "ok - one round's drops are Holm's step-down over the seats' Bonferroni p-values, recomputed"
else
	echo "not ok - one round's drops are Holm's step-down over the seats' Bonferroni p-values, recomputed"
	sed 's/^/  /' "$WORK/round.txt" >&2
fi

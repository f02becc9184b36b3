# simulate's balance interval on railyard's own games: domino double-six is
# symmetric by construction, so over ten seeds its interval holds 1 (or the
# equality test finds no difference) at least 9 times (the bootstrap it
# replaced excluded 1 every time; 20 more seeds under the default order); the estimate always lies inside its
# interval (train-52 --rule face-cards=step once gave 0.99939 [0.986847,
# 0.999023]); the JSON keys are the same for every game; --compare pairs its
# games. About 7 s on 2 threads; under valgrind (VALGRIND=1) a small run of
# each check, the shares not judged.
. tests/cli/lib.sh
R=$RAILYARD
D6=packs/domino-double-six.yaml
T52=packs/train-52.yaml
big=1
[ -n "${VALGRIND:-}" ] && big=0

# The issue's ten series replay exactly under the order of play the engine used
# then (rules.order=after-leader); twenty more under the seed's order (the
# default, clockwise). A 95% interval misses at most one time in twenty, so
# "at least 9 of 10" and "at least 17 of 20" fail by chance in under 9% and 2%
# of seed sets; these sets are fixed, so the checks are deterministic.
games=4000 old="1 2 3 4 5 6 7 8 9 10" new="11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30"
[ $big = 1 ] || { games=100 old=1 new=11; }
held_old=0 held_new=0
for s in $old $new; do
	order=clockwise
	case " $old " in *" $s "*) order=after-leader;; esac
	$R simulate -q --json --threads 2 -n 4 --games $games --seed $s --rule order=$order $D6 >"$WORK/d$s.json"
	jq -e '.balance_ci[0] <= .balance and .balance <= .balance_ci[1] and .balance_ci[1] <= 1' "$WORK/d$s.json" \
		>/dev/null || echo "seed $s: the balance lies outside its interval" >>"$WORK/outside"
	if jq -e '.balance_ci[1] >= 1 or .equal_seats_p > 0.05' "$WORK/d$s.json" >/dev/null; then
		if [ $order = after-leader ]; then held_old=$((held_old + 1)); else held_new=$((held_new + 1)); fi
	fi
done
ok_if "domino double-six: every balance inside its interval" [ ! -e "$WORK/outside" ]
if [ $big = 1 ]; then
	ok_if "domino double-six, 4 players, the issue's 10 seeds (order=after-leader): 1 in the interval or p > 0.05 at least 9 times ($held_old)" \
		[ $held_old -ge 9 ]
	ok_if "domino double-six, 4 players, 20 seeds (order=clockwise): 1 in the interval or p > 0.05 at least 17 times ($held_new)" \
		[ $held_new -ge 17 ]
fi
expect_eq "equal_seats_p is a p-value, its test named" true \
	"$(jq '.equal_seats_p >= 0 and .equal_seats_p <= 1 and (.equal_seats_test == "chi-square" or .equal_seats_test == "exact")' "$WORK/d1.json")"
expect_eq "win_rate: shares of the games with a single winner" true \
	"$(jq '([.wins[]] | add) == .completed and ((.win_rate | add) - 1 | fabs) < 1e-4' "$WORK/d1.json")"

# the estimate above its own upper bound, once
n=65536
[ $big = 1 ] || n=300
$R simulate -q --json --threads 2 -n 3 --games $n --seed 2 --rule face-cards=step $T52 >"$WORK/t52.json"
expect_eq "train-52 face-cards=step, 3 players, seed 2: lo <= balance <= hi" true \
	"$(jq '.balance_ci[0] <= .balance and .balance <= .balance_ci[1]' "$WORK/t52.json")"

# the same keys for every game, the core game's too, whether it can tie or not
for p in packs/pattern-two-census-seven.yaml $D6 $T52 packs/take-the-train.yaml; do
	expect_eq "$p --json: no_single_winner keys, balance_ci, equal_seats_p" true \
		"$($R simulate -q --json -n 4 --games 40 "$p" | jq 'has("no_single_winner") and has("no_single_winner_share") and has("no_single_winner_ci") and has("balance_ci") and has("equal_seats_p")')"
done

# --compare of a pack with itself: every game plays alike, so each difference
# is exactly 0, no verdict, and a seat's paired interval is far narrower than
# the seat's own (unpaired it would be wider)
$R simulate -q --json -n 4 --games 300 --threads 2 $D6 --compare $D6 >"$WORK/self.json"
expect_eq "compare with itself: paired, every difference 0, no verdict" true \
	"$(jq '.verdict.paired and .verdict.fairer == null and .verdict.fewer_no_single_winner == null and
		([.difference.completion, .difference.no_single_winner, .difference.balance, .difference.win_rate[]] |
		 all(.difference == 0))' "$WORK/self.json")"
expect_eq "compare with itself: each seat's difference paired, under a quarter of its own interval" true \
	"$(jq '[range(4) as $i | (.difference.win_rate[$i].ci | .[1] - .[0]) < 0.25 * (.win_rate_ci[$i] | .[1] - .[0])] | all' \
		"$WORK/self.json")"
$R simulate -q -n 4 --games 300 --threads 2 $D6 --compare $D6 >"$WORK/self.txt"
expect_grep "the text names the pairing" 'a - b \[95% interval, games paired by seed\]' "$WORK/self.txt"
expect_grep "the text legend says what the interval is" '^intervals: 95%, Wilson; balance.s from 4 x' "$WORK/self.txt"

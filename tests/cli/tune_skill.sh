# railyard tune --objective skill and --require skill=RANGE (issue 29, item 4):
# a variant's skill is --skill-levels' stronger in one seat against the weaker
# in the others, the seats rotated, rescaled as simulate --skill rescales it;
# a cell's skill games are exactly simulate --skill's series (same seed, same
# deals), on any number of threads. Planted: a level against itself, where
# play cannot tell the seats apart, on a variant whose seats differ a lot (Train
# in rotation: seat 1 wins 0.12 of the games, not 0.25): the interval holds 0.
# The race on skill drops the variant with less skill and a requirement no
# variant meets is exit 1. Small budgets (random,greedy; mcts:8) keep each run
# under a few seconds.
. tests/cli/lib.sh
LSAN_OPTIONS="suppressions=$PWD/tests/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
export LSAN_OPTIONS
EX=packs/examples/tune
TAKE="$EX/take-the-train.yaml --players 2 --completion 0 -q --vary rules.rounds=1,9 --skill-levels random,greedy"
# skill N FILE: variant N's skill at its first count as "games decided wins"
skill() { jq -r ".variants[] | select(.variant == $1) | .players[0].skill | \"\(.games) \(.single_winner) \(.stronger_wins)\"" "$2"; }
result() { jq -r ".variants[] | select(.variant == $1) | .result" "$2"; }

# --- planted: greedy against greedy, Train in rotation and at random --------------
"$RAILYARD" tune $EX/train-52.yaml --players 4 --vary rules.order=rotation,random -q --objective skill \
	--skill-levels greedy,greedy --games 2048 --exhaustive --json >"$WORK/same.json"
expect_eq "planted: in rotation seat 1 wins far less than 1/4 (position matters)" true \
	"$(jq '.variants[] | select(.variant == 1) | .players[0].seat1 < 0.16' "$WORK/same.json")"
expect_eq "planted: a level against itself, every variant's skill interval holds 0" true \
	"$(jq '[.variants[] | .players[0].skill.ci | .[0] <= 0 and 0 <= .[1]] | all' "$WORK/same.json")"
expect_eq "... from 8 segments of 16 deals of 4 games each" "512 512" \
	"$(jq -r '[.variants[] | .players[0].skill.games] | map(tostring) | join(" ")' "$WORK/same.json")"

# --- a cell's skill games are simulate --skill's, on any threads ----------------------
TOY="$EX/toy-train.yaml --vary rules.letter-mix=pack,even --players 2 --games 256 -q --objective skill --skill-levels greedy,mcts:8"
"$RAILYARD" tune $TOY --json --threads 1 >"$WORK/toy1.json"
"$RAILYARD" tune $TOY --json --threads 2 >"$WORK/toy2.json"
ok_if "the skill games do not depend on --threads" cmp -s "$WORK/toy1.json" "$WORK/toy2.json"
for mix in pack:1 even:2; do
	"$RAILYARD" simulate $EX/toy-train.yaml --rule letter-mix=${mix%:*} -n 2 --skill --skill-levels greedy,mcts:8 \
		--games 32 --json -q >"$WORK/sim.json"
	expect_eq "letter-mix=${mix%:*}: tune's skill games are simulate --skill --games 32's" \
		"$(jq -r '.span | "\(.games) \(.single_winner) \(.stronger_wins)"' "$WORK/sim.json")" \
		"$(skill "${mix#*:}" "$WORK/toy1.json")"
	expect_eq "... and its score the same rescaled share" "$(jq '.skill' "$WORK/sim.json")" \
		"$(jq ".variants[] | select(.variant == ${mix#*:}) | .scores[0].value" "$WORK/toy1.json")"
done
expect_eq "JSON names the levels" '"greedy,mcts:8" 16' "$(jq -c '.skill_levels, .skill_deals_per_segment' "$WORK/toy1.json" | tr '\n' ' ' | sed 's/ $//')"
"$RAILYARD" tune $TOY >"$WORK/toy.txt"
expect_grep "the text report names the levels" "^skill: --skill-levels greedy,mcts:8 \(the weaker, the stronger\)" "$WORK/toy.txt"
expect_grep "... and gives the objective with its interval" "^ +1 +#[12] +1\.0000 +-?0\.[0-9]{4} \[-?0\.[0-9]{4}, -?0\.[0-9]{4}\]" "$WORK/toy.txt"

# --write: the header's simulate line reproduces the chosen variant's skill
"$RAILYARD" tune $TOY --json --write "$WORK/chosen.yaml" >"$WORK/chosen.json"
line=$(sed -n 's/^#   railyard simulate \(.* --skill .*\)$/\1/p' "$WORK/chosen.yaml")
# shellcheck disable=SC2086
"$RAILYARD" simulate $line --json -q >"$WORK/chosen-sim.json"
expect_eq "--write: its header's simulate --skill line gives the chosen variant's skill and interval" \
	"$(jq -c '[.best.scores[0].value, .best.scores[0].ci]' "$WORK/chosen.json")" \
	"$(jq -c '[.skill, .skill_ci]' "$WORK/chosen-sim.json")"

# --- the race: Take the Train, 1 or 9 rounds. Greedy loses to random at it, and
# more so over 9 rounds (skill -0.60 against -0.82 at 512 games each) ----------------
"$RAILYARD" tune $TAKE --games 4096 --objective skill --json >"$WORK/race.json"
expect_eq "the race on skill chooses 1 round" 1 "$(jq '.best.variant' "$WORK/race.json")"
case $(result 2 "$WORK/race.json") in
dominated*) echo "ok - ... and drops 9 rounds as dominated" ;;
*) echo "not ok - ... and drops 9 rounds as dominated"; echo "  result: $(result 2 "$WORK/race.json")" >&2 ;;
esac
"$RAILYARD" tune $TAKE --games 4096 --require skill=-0.7.. --json >"$WORK/req.json"
expect_eq "--require skill=-0.7..: 9 rounds fails it, 1 round is chosen" "skill=-0.7.. 1" \
	"$(jq -r '"\(.variants[] | select(.variant == 2) | .fails) \(.best.variant)"' "$WORK/req.json")"
expect_status "--require skill=0..: no variant has greedy beat random: exit 1" 1 \
	"$RAILYARD" tune $TAKE --games 1024 --require skill=0..
expect_grep "... both fail it" "^ +[0-9]+ +#2 .*fails skill" "$WORK/last.out"

# --- bad input --------------------------------------------------------------------
P2="$EX/pattern-two.yaml --players 2"
expect_status "--skill-levels without skill: bad usage" 2 "$RAILYARD" tune $P2 --skill-levels greedy,mcts:8
expect_status "--skill-levels of one level: bad usage" 2 "$RAILYARD" tune $P2 --objective skill --skill-levels greedy
expect_grep "... names the form" "expected two levels, WEAK,STRONG" "$WORK/last.err"
expect_status "--skill-levels mcts:0: bad usage" 2 "$RAILYARD" tune $P2 --objective skill --skill-levels greedy,mcts:0
expect_status "--skill-levels spoiler in a deck game: bad usage" 2 \
	"$RAILYARD" tune $EX/train-52.yaml --players 3 --objective skill --skill-levels greedy,spoiler
expect_grep "... naming its levels" "the levels are random, greedy, mcts:N" "$WORK/last.err"
expect_status "--objective skill=0.5: skill takes no target" 2 "$RAILYARD" tune $P2 --objective skill=0.5

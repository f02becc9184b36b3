# simulate --skill: the trace's report (text, JSON, plot), the same on any
# number of threads, planted packs (a level against itself on a pack whose
# seats differ a lot: the score's interval holds 0; the core game's greedy
# against random, where the better move wins all but a few games: near 1),
# and the options refused with it. The behaviour measures of an engine that
# does not play through steps are not measured (null), not 0.
. tests/cli/lib.sh
field() { python3 -c 'import json,sys; d=json.load(sys.stdin); print(eval(sys.argv[1]))' "$1"; }
notime() { python3 -c 'import json,sys; d=json.load(sys.stdin); d.pop("timing"); [s.pop("seconds") for s in d["steps"] + [d["span"]]]; print(json.dumps(d, sort_keys=True))'; }

T52=packs/train-52.yaml
P2=packs/pattern-two-census-seven.yaml

# the text report: a line a step, the score
$RAILYARD simulate packs/toy-train.yaml -n 2 --skill --games 300 -q >"$WORK/toy.txt"
expect_grep "the step greedy vs random" '^  greedy vs random +0\.[0-9]{4} \[' "$WORK/toy.txt"
expect_grep "the score with its interval" '^skill: -?[0-9.]+ \[-?[0-9.]+, -?[0-9.]+\]' "$WORK/toy.txt"
expect_grep "the games a step" '^games: 300 a step, seed 1$' "$WORK/toy.txt"

# JSON: every deal once with the stronger in each seat (games rounded up to
# a multiple of the players), the same on 1 thread and on 2, the rescaling
$RAILYARD simulate $T52 -n 4 --skill --skill-levels random,greedy --games 201 --json --threads 1 -q >"$WORK/a.json"
$RAILYARD simulate $T52 -n 4 --skill --skill-levels random,greedy --games 201 --json --threads 2 -q >"$WORK/b.json"
expect_eq "games a step rounded up to a multiple of 4" "204" "$(field 'd["steps"][0]["games"]' <"$WORK/a.json")"
expect_eq "the trace does not depend on --threads" "$(notime <"$WORK/a.json")" "$(notime <"$WORK/b.json")"
expect_eq "rescaled = (share - 1/4) / (3/4)" "True" \
	"$(field 'abs(d["skill"] - (d["span"]["share"] - 0.25) / 0.75) < 1e-5 and d["span"] == d["steps"][0]' <"$WORK/a.json")"
$RAILYARD simulate $T52 -n 4 --skill --skill-levels random,greedy --games 201 --json --seed 2 -q >"$WORK/c.json"
expect_eq "another --seed, another trace" "True" "$(field "d['steps'][0]['stronger_wins'] != $(field 'd["steps"][0]["stronger_wins"]' <"$WORK/a.json")" <"$WORK/c.json")"

# planted: a level against itself where seat 1 wins far less than its share
# (train-52 in rotation: 0.12 of the games, not 0.25): rotating the seats,
# the score's interval holds 0
$RAILYARD simulate $T52 -n 4 --rule order=rotation --games 2000 --json -q >"$WORK/seats.json"
expect_eq "planted: train-52 in rotation favours the later seats" "True" "$(field 'd["win_rate"][0] < 0.15' <"$WORK/seats.json")"
$RAILYARD simulate $T52 -n 4 --rule order=rotation --skill --skill-levels greedy,greedy --games 2000 --json -q \
	>"$WORK/same.json"
expect_eq "planted: greedy against greedy, the skill interval holds 0" "True" \
	"$(field 'd["skill_ci"][0] <= 0 <= d["skill_ci"][1]' <"$WORK/same.json")"
# planted: the core game's greedy against random, the better player wins
# all but a few games of a thousand
$RAILYARD simulate $P2 -n 2 --skill --skill-levels random,greedy --games 1000 --json -q >"$WORK/p2.json"
expect_eq "planted: pattern two, greedy beats random: skill above 0.98" "True" \
	"$(field 'd["skill_ci"][0] > 0.98 and d["skill"] > 0.99' <"$WORK/p2.json")"

# a ladder of three levels: two steps and the span played apart
$RAILYARD simulate $P2 -n 2 --skill --skill-levels random,greedy,spoiler --games 40 --json -q --plot "$WORK/t.svg" \
	>"$WORK/three.json"
expect_eq "three levels: two steps" "2" "$(field 'len(d["steps"])' <"$WORK/three.json")"
expect_eq "... and the span, spoiler against random" "spoiler random" \
	"$(field 'd["span"]["stronger"] + " " + d["span"]["weaker"]' <"$WORK/three.json")"
expect_grep "--plot draws the trace" 'svg' "$WORK/t.svg"

# refused: exit 2
expect_status "--skill with --compare" 2 $RAILYARD simulate $P2 -n 2 --skill --compare $P2 -q
expect_status "--skill with --policy" 2 $RAILYARD simulate $P2 -n 2 --skill --policy random -q
expect_status "--skill with two player counts" 2 $RAILYARD simulate $P2 -n 2,3 --skill -q
expect_status "--skill-levels without --skill" 2 $RAILYARD simulate $P2 -n 2 --skill-levels 3 -q
expect_status "--skill-levels 9" 2 $RAILYARD simulate $P2 -n 2 --skill --skill-levels 9 -q
expect_status "--skill-levels of one level" 2 $RAILYARD simulate $P2 -n 2 --skill --skill-levels greedy -q
expect_status "--skill-levels mcts:0" 2 $RAILYARD simulate $P2 -n 2 --skill --skill-levels random,mcts:0 -q
expect_status "--skill-levels an unknown level" 2 $RAILYARD simulate $T52 -n 4 --skill --skill-levels random,spoiler -q
expect_grep "... naming the levels there are" "the levels are random, greedy, mcts:N" "$WORK/last.err"

# the behaviour measures of the core game (steps since issue 29, as every game)
$RAILYARD simulate $P2 -n 2 --games 50 -q >"$WORK/p2.txt"
expect_grep "behaviour: measured for the core game" '^  decision moves: 0\.[0-9]{4} \[' "$WORK/p2.txt"
expect_grep "... drawishness is" '^  drawishness: 0\.[0-9]{4} \[' "$WORK/p2.txt"
$RAILYARD simulate $P2 -n 2 --games 50 --json -q >"$WORK/p2b.json"
expect_eq "JSON: measured, a branching above 1, decision moves a share" "True True True" \
	"$(field 'd["behaviour"]["measured"], d["behaviour"]["branching"] > 1, 0 < d["behaviour"]["decision_moves"] <= 1' <"$WORK/p2b.json" | tr -d '(),')"
expect_eq "JSON: advantage P1 is seat 1's share" "True" \
	"$(field 'd["behaviour"]["advantage_p1"] == d["win_rate"][0]' <"$WORK/p2b.json")"

# The behaviour measures against traces: for every game whose engine plays
# through steps, --trace G lists each decision (the seat, its legal moves, the
# standing and the leader after its move) and ends with what gsim_play
# counted in that game. Here the trace is counted again (awk, not the C code):
# decisions, those with more than one legal move, the legal moves, and the
# changes of leader from one seat to another (a shared lead keeps the last
# leader). One short game of each was also counted by hand from its trace:
# those counts are written below. A game without steps has no such lines.
. tests/cli/lib.sh

# recount FILE: "D decisions, R with more than one legal move, B legal moves, L lead changes"
recount() {
	awk '
	function lead(line) { return match(line, /leader seat [0-9]+/) ? substr(line, RSTART + 12, RLENGTH - 12) : "" }
	/^start: / { last = lead($0) }
	/^decision [0-9]+: / {
		d++
		split($0, a, ", "); split(a[2], m, " "); n = m[1]
		b += n; if (n > 1) r++
		now = lead($0)
		if (now != "") { if (last != "" && now != last) l++; last = now }
	}
	END { printf "behaviour: %d decisions, %d with more than one legal move, %d legal moves, %d lead changes\n", d, r, b, l }' "$1"
}

# check WHAT ARGS...: the trace's recount is the engine's count
check() {
	what=$1
	shift
	$RAILYARD simulate "$@" >"$WORK/trace" 2>"$WORK/err"
	if ! grep -q '^behaviour: ' "$WORK/trace"; then
		expect_eq "$what: no steps, no decision lines" "0" "$(grep -c '^decision ' "$WORK/trace")"
		return 1
	fi
	expect_eq "$what: the trace recounted" "$(recount "$WORK/trace")" "$(grep '^behaviour: ' "$WORK/trace")"
}

# hand WHAT EXPECTED ARGS...: a game counted by hand from its trace
hand() {
	what=$1 want=$2
	shift 2
	check "$what" "$@" || return 0
	expect_eq "$what: counted by hand" "behaviour: $want" "$(grep '^behaviour: ' "$WORK/trace")"
}

# (take-the-train: recounted from its trace once a seat with no play had its one
# key, take the Train: 99 such decisions joined; the leader seat 2, 1, 2, 1, 2)
hand "take-the-train, 2 players, game 0" \
	"123 decisions, 13 with more than one legal move, 158 legal moves, 4 lead changes" \
	packs/take-the-train.yaml -n 2 --trace 0
hand "domino-double-six, 4 players, one hand, game 5" \
	"28 decisions, 19 with more than one legal move, 65 legal moves, 1 lead changes" \
	packs/domino-double-six.yaml -n 4 --rule target=0 --trace 5
hand "train-52, 4 players, 20 acts, game 0" \
	"20 decisions, 14 with more than one legal move, 64 legal moves, 2 lead changes" \
	packs/train-52.yaml -n 4 --max-length 20 --trace 0
if [ -r /usr/share/dict/words ]; then
	# (recounted once the challenge became a move whenever carriages are laid: 14
	# of the 16 decisions, all but each round's first, list it too: 190 + 14)
	hand "toy-train, 2 rounds, game 0" \
		"16 decisions, 16 with more than one legal move, 204 legal moves, 0 lead changes" \
		packs/toy-train.yaml -n 2 --max-length 2 --trace 0
	check "toy-train, 20 rounds, game 0 (1 lead change: seat 1 to 2 at decision 75)" \
		packs/toy-train.yaml -n 2 --max-length 20 --trace 0
else
	echo "ok - the Toy Train behaviour traces # SKIP /usr/share/dict/words missing (apt-get install wamerican)"
fi

# whole games, other policies and seat counts
for g in 1 2; do
	check "take-the-train 3 players random, game $g" packs/take-the-train.yaml -n 3 --policy random --trace $g
	check "domino-double-nine 5 players, game $g" packs/domino-double-nine.yaml -n 5 --trace $g
	check "train-52 3 players random, game $g" packs/train-52.yaml -n 3 --policy random --trace $g
done

# the report: a game with steps is measured, and its decision moves and
# branching are the totals' ratios
$RAILYARD simulate packs/domino-double-six.yaml -n 4 --games 40 --json -q >"$WORK/d.json"
if python3 -c 'import json,sys; sys.exit(0 if json.load(open(sys.argv[1]))["behaviour"]["measured"] else 1)' "$WORK/d.json"; then
	expect_eq "domino: decision moves and branching in the report" "True" "$(python3 -c '
import json, sys
b = json.load(open(sys.argv[1]))["behaviour"]
print(0 < b["decision_moves"] < 1 and b["decision_moves_ci"][0] <= b["decision_moves"] <= b["decision_moves_ci"][1]
      and b["branching"] >= 1 and b["branching_se"] > 0 and b["lead_changes"] >= 0 and b["decisions"] > 40)' "$WORK/d.json")"
fi

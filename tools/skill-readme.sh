#!/bin/sh
# tools/skill-readme.sh: the README's skill table (issue 29): for one variant of
# each game, its balance under greedy players and under mcts players, what
# changed, and how often one mcts seat beats greedy ones. Markdown on stdout,
# each series' command and seconds on stderr. Heavy (mcts plays hundreds of
# games a row): run it by hand after a change to an engine or to the search,
# not in CI, not in `make bench` (bench/run.sh runs every bench/*.sh).
#
#   sh tools/skill-readme.sh [GAME ...]     GAME: trains take domino train52 toy
#
# GAMES         games of each greedy series (default 4000)
# MCTS_GAMES    games of each mcts series, and of the head-to-head over all
#               its seatings together (default 400)
# BUDGET        mcts iterations a move (default 256)
# THREADS       --threads (default 2)
# SEED          --seed (default 1): a rerun on unchanged code prints the same
# SKILL_LEVELS  when simulate has --skill: each game's skill trace too, that many
#               levels (default 4: random, greedy, mcts:64, mcts:256), SKILL_GAMES
#               games a step (default 400); SKILL_LEVELS=0: none
# `railyard` is $RAILYARD (default ./railyard); jq is needed.
set -u
cd "$(dirname "$0")/.." || exit 2
R=${RAILYARD:-./railyard}
GAMES=${GAMES:-4000}
MCTS_GAMES=${MCTS_GAMES:-400}
BUDGET=${BUDGET:-256}
THREADS=${THREADS:-2}
SEED=${SEED:-1}
[ -x "$R" ] || { echo "skill-readme: build railyard first (make)" >&2; exit 2; }
command -v jq >/dev/null || { echo "skill-readme: needs jq" >&2; exit 2; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM

# The variant of each game: NAME PACK PLAYERS
variants() {
	cat <<EOF
trains packs/pattern-two-census-seven.yaml 2
take packs/take-the-train.yaml 4
domino packs/domino-double-six.yaml 4
train52 packs/train-52.yaml 4
toy packs/toy-train.yaml 2
EOF
}

# series OUT PACK PLAYERS GAMES POLICIES: one simulate --json into OUT (sh has
# no local variables: the series_ ones are its own)
series() {
	series_t0=$(date +%s)
	if ! "$R" simulate -q "$2" --players "$3" --games "$4" --policy "$5" --seed "$SEED" \
		--threads "$THREADS" --json >"$1" 2>"$1.err"; then
		echo "skill-readme: simulate $2 --players $3 --policy $5 failed: $(head -1 "$1.err")" >&2
		return 1
	fi
	echo "skill-readme: simulate $2 --players $3 --games $4 --policy $5: $(($(date +%s) - series_t0)) s" >&2
}

# A series' balance with its interval, seat 1's share and the median length.
balance() {
	jq -r '"\(.balance | . * 1000 | round / 1000) [\(.balance_ci[0] | . * 1000 | round / 1000), \(.balance_ci[1] | . * 1000 | round / 1000)]"' "$1"
}
seat1() {
	jq -r '"\(.win_rate[0] // 0 | . * 1000 | round / 10)%"' "$1"
}
median() {
	jq -r 'if .length.median == null then "past the horizon" else "\(.length.median) \(.unit // "turns")" end' "$1"
}

# Policies of $2 seats: mcts at seat $1, greedy elsewhere.
seating() {
	seating_s=""
	for seating_i in $(seq 1 "$2"); do
		if [ "$seating_i" = "$1" ]; then seating_p="mcts:$BUDGET"; else seating_p=greedy; fi
		seating_s="${seating_s:+$seating_s,}$seating_p"
	done
	echo "$seating_s"
}

echo "| game (pack, players) | balance, greedy | balance, mcts:$BUDGET | seat 1 wins, greedy / mcts | median length, greedy / mcts | one mcts:$BUDGET seat against greedy wins |"
echo '|---|---|---|---|---|---|'
variants | while read -r name pack n; do
	if [ $# -gt 0 ]; then
		case " $* " in *" $name "*) ;; *) continue ;; esac
	fi
	[ -r "$pack" ] || continue
	[ "$name" = toy ] && [ ! -r /usr/share/dict/words ] && continue
	g="$tmp/$name-greedy.json" m="$tmp/$name-mcts.json"
	series "$g" "$pack" "$n" "$GAMES" greedy || continue
	series "$m" "$pack" "$n" "$MCTS_GAMES" "mcts:$BUDGET" || continue
	# the head-to-head: mcts in every seat in turn, so position cancels out
	won=0 of=0 per=$(( (MCTS_GAMES + n - 1) / n ))
	for k in $(seq 1 "$n"); do
		v="$tmp/$name-vs$k.json"
		series "$v" "$pack" "$n" "$per" "$(seating "$k" "$n")" || continue
		won=$((won + $(jq -r ".wins[$((k - 1))]" "$v")))
		of=$((of + $(jq -r '.completed' "$v")))
	done
	vs=$(awk -v w="$won" -v c="$of" -v n="$n" 'BEGIN {
		if (c == 0) { print "-"; exit }
		p = w / c; z = 1.96; d = 1 + z * z / c
		mid = (p + z * z / (2 * c)) / d; half = z * sqrt(p * (1 - p) / c + z * z / (4 * c * c)) / d
		lo = mid - half; hi = mid + half
		printf "%.3f [%.3f, %.3f] of %d games won (even: %.3f)", p, (lo < 0 ? 0 : lo), (hi > 1 ? 1 : hi), c, 1 / n }')
	echo "| $name ($(basename "$pack" .yaml), $n) | $(balance "$g") | $(balance "$m") | $(seat1 "$g") / $(seat1 "$m") | $(median "$g") / $(median "$m") | $vs |"
done
echo
echo "Balance: N x the least-winning seat's share of the games with a single winner (1: even), its 95% interval; greedy series of $GAMES games, mcts ones of $MCTS_GAMES, seed $SEED. The last column: the games a single mcts:$BUDGET seat won against greedy ones over every seating (Wilson 95% interval), against 1/N for players of equal skill."
if [ "${SKILL_LEVELS:-4}" -gt 0 ] && "$R" simulate --help 2>&1 | grep -q -- '--skill'; then
	variants | while read -r name pack n; do
		if [ $# -gt 0 ]; then
			case " $* " in *" $name "*) ;; *) continue ;; esac
		fi
		[ -r "$pack" ] || continue
		[ "$name" = toy ] && [ ! -r /usr/share/dict/words ] && continue
		echo
		echo "    \$ railyard simulate $pack --players $n --skill --skill-levels ${SKILL_LEVELS:-4} --games ${SKILL_GAMES:-400}"
		t0=$(date +%s)
		"$R" simulate -q "$pack" --players "$n" --skill --skill-levels "${SKILL_LEVELS:-4}" \
			--games "${SKILL_GAMES:-400}" --seed "$SEED" --threads "$THREADS" 2>&1 | sed 's/^/    /'
		echo "skill-readme: the skill trace of $pack: $(($(date +%s) - t0)) s" >&2
	done
fi

#!/bin/sh
# tools/figures.sh NAME: print the figure NAME (compare, stalls, openings, policies,
# play, games), the figures docs/simulate.md quotes from `railyard simulate`. Each sits
# between  <!-- figures: NAME -->  and  <!-- /figures --> in a page (README.md or
# docs/*.md); tools/readme.py --figures reruns every one and fails when a page's text
# differs (CI does), and
# `make readme-figures` rewrites them. Seeds are fixed: a rerun on unchanged code
# prints the same text. `railyard` is $RAILYARD (default ./railyard).
set -u
cd "$(dirname "$0")/.." || exit 2
R=${RAILYARD:-./railyard}
P1=packs/pattern-one-census-seven.yaml
P2=packs/pattern-two-census-seven.yaml
[ -x "$R" ] || { echo "figures: build railyard first (make)" >&2; exit 2; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM

# each figure: a function writing its text to stdout
fig_compare() {
	echo '    $ railyard simulate packs/pattern-one-census-seven.yaml --compare packs/pattern-two-census-seven.yaml \'
	echo '          --players 2,3,4 --games 20000 | sed -n "/^summary/,\$p"'
	"$R" simulate $P1 --compare $P2 --players 2,3,4 --games 20000 --quiet 2>/dev/null |
		sed -n '/^summary/,$p' | sed 's/^/    /'
	echo
	echo '    $ railyard simulate packs/pattern-one-census-seven.yaml --rule apply-to=anyone \'
	echo '          --compare packs/pattern-two-census-seven.yaml --players 2,3,4 --games 20000 | sed -n "/^summary/,\$p"'
	"$R" simulate $P1 --rule apply-to=anyone --compare $P2 --players 2,3,4 --games 20000 --quiet 2>/dev/null |
		sed -n '/^summary/,$p' | sed 's/^/    /'
}

fig_stalls() {
	echo '    $ railyard simulate tests/cli/data/p1-short-pile-49.yaml --compare packs/pattern-one-census-seven.yaml \'
	echo '          --players 4 --games 4000 | grep -E "^(completion|STALLS|balance|fairer|faster)"'
	"$R" simulate tests/cli/data/p1-short-pile-49.yaml --compare $P1 --players 4 --games 4000 --quiet 2>/dev/null |
		grep -E '^(completion|STALLS|balance|fairer|faster)' | sed 's/^/    /'
}

fig_openings() {
	echo '| pack, players | `opening=face-down` (factory) | `opening=face-up` | `opening=none` |'
	echo '|---|---|---|---|'
	for p in one two; do
		for n in 2 3 4; do
			row="| pattern $p, $n |"
			for o in face-down face-up none; do
				v=$("$R" simulate packs/pattern-$p-census-seven.yaml --players $n --games 4000 \
					--rule opening=$o --json --quiet |
					jq -r '"\(.balance | . * 1000 | round / 1000) [\(.balance_ci[0] | . * 1000 | round / 1000), \(.balance_ci[1] | . * 1000 | round / 1000)], seat 1 \(.win_rate[0] | . * 1000 | round / 10)%"')
				row="$row $v |"
			done
			echo "$row"
		done
	done
}

fig_policies() {
	echo '| pack (2 players, 1,000 games per seating) | policies | the first wins, as seat 1 | as seat 2 |'
	echo '|---|---|---|---|'
	for p in one two; do
		for pair in lookahead,greedy spoiler,greedy greedy,random; do
			a=${pair%,*} b=${pair#*,}
			w1=$("$R" simulate packs/pattern-$p-census-seven.yaml --players 2 --games 1000 --policy "$a,$b" \
				--json --quiet | jq -r '.win_rate[0] * 1000 | round / 10')
			w2=$("$R" simulate packs/pattern-$p-census-seven.yaml --players 2 --games 1000 --policy "$b,$a" \
				--json --quiet | jq -r '.win_rate[1] * 1000 | round / 10')
			echo "| pattern $p | $a vs $b | $w1% | $w2% |"
		done
	done
}

fig_play() {
	"$R" simulate $P2 --players 4 --games 4000 --json --quiet >"$tmp/g.json"
	"$R" simulate $P2 --players 4 --games 2000 --policy spoiler --json --quiet >"$tmp/s.json"
	"$R" simulate $P2 --players 4 --games 2000 --policy spoiler --rule freeze-tokens=2 --json --quiet >"$tmp/f.json"
	jq -r '"- four greedy players of pattern two, 4,000 games: \(.moves.removals_self) removals on their own sequence and \(.moves.removals_opponent) on an opponent'"'"'s, in \(.moves.draws + .moves.on_self + .moves.on_opponent + .moves.across) moves; rarely used (under 1% of games): \(.rare_abilities | join(", "))"' "$tmp/g.json"
	jq -r '"- four spoilers of pattern two, 2,000 games: completion \(.completion), median length \(.length.median // "beyond \(.length.censored_at)") turns, restricted mean \(.length.restricted_mean | round)"' "$tmp/s.json"
	jq -r '"- the same with `--rule freeze-tokens=2`: completion \(.completion), median \(.length.median) turns, restricted mean \(.length.restricted_mean | round)"' "$tmp/f.json"
}

# the other games: the same report and verdict (gen/play/verdict.c)
fig_games() {
	TT=packs/take-the-train.yaml T52=packs/train-52.yaml TOY=packs/toy-train.yaml
	echo 'Is Take the Train fairer with or without the Transfers? At four players a fifth of'
	echo 'the rounds end with no single winner, so at the default `--completion 0.95` both'
	echo 'series stall and there is no verdict; asking at 0.75 gives one:'
	echo
	echo '    $ railyard simulate packs/take-the-train.yaml --players 4 --games 20000 \'
	echo '          --compare packs/take-the-train.yaml --compare-with transfer | grep -E "^(completion|STALLS|fairer|faster)"'
	"$R" simulate $TT --players 4 --games 20000 --compare $TT --compare-with transfer --quiet 2>/dev/null |
		grep -E '^(completion|STALLS|fairer|faster)' | sed 's/^/    /'
	echo '    $ railyard simulate packs/take-the-train.yaml --players 4 --games 20000 --completion 0.75 \'
	echo '          --compare packs/take-the-train.yaml --compare-with transfer | sed -n "/^comparison/,\$p"'
	"$R" simulate $TT --players 4 --games 20000 --completion 0.75 --compare $TT --compare-with transfer \
		--quiet 2>/dev/null | sed -n '/^comparison/,$p' | sed 's/^/    /'
	echo
	echo 'Which domino set fits 4 and 8 players? Columns: pack, players, completion,'
	echo 'balance, restricted mean length (turns), re-deals per game.'
	echo
	echo '    $ for s in six nine twelve; do railyard simulate -q packs/domino-double-$s.yaml \'
	echo '          --players 4,8 --games 5000 --max-length 2000 --json | jq -r '"'"'.runs[] |'
	echo '          [.pack, .players, .completion, .balance, .length.restricted_mean,'
	echo '          .use.redeals.per_game] | @tsv'"'"'; done'
	for s in six nine twelve; do
		"$R" simulate -q packs/domino-double-$s.yaml --players 4,8 --games 5000 --max-length 2000 --json |
			jq -r '.runs[] | [.pack, .players, .completion, .balance, .length.restricted_mean,
			.use.redeals.per_game] | @tsv'
	done | sed 's/^/    /'
	echo
	echo 'Does Train'"'"'s first seat win more when the seats act in turn?'
	echo
	echo '    $ railyard simulate packs/train-52.yaml --players 4 --games 20000 \'
	echo '          --compare packs/train-52.yaml --compare-rule order=rotation | sed -n "/^comparison/,\$p"'
	"$R" simulate $T52 --players 4 --games 20000 --compare $T52 --compare-rule order=rotation --quiet 2>/dev/null |
		sed -n '/^comparison/,$p' | sed 's/^/    /'
	echo
	echo 'Does the Toy Train letter mix change the winner?'
	echo
	echo '    $ railyard simulate packs/toy-train.yaml --players 2 --games 20000 \'
	echo '          --compare packs/toy-train.yaml --compare-rule letter-mix=even | sed -n "/^comparison/,\$p"'
	"$R" simulate $TOY --players 2 --games 20000 --compare $TOY --compare-rule letter-mix=even --quiet 2>/dev/null |
		sed -n '/^comparison/,$p' | sed 's/^/    /'
}


case "${1:-}" in
compare|stalls|openings|policies|play|games) "fig_$1";;
*) echo "usage: tools/figures.sh compare|stalls|openings|policies|play|games" >&2; exit 2;;
esac

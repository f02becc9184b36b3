#!/bin/sh
# The README's opening-rule table: balance of greedy players under each opening rule.
#   tools/opening-table.sh GAMES    (tools/readme.py runs it from the README's marker)
set -eu
games=${1:-4000}
echo "| pack, players | \`opening=face-up\` | \`opening=discard\` | \`opening=none\` |"
echo "|---|---|---|---|"
for pattern in one two; do
	for n in 2 3 4; do
		row="| pattern $pattern, $n |"
		for o in face-up discard none; do
			b=$(railyard simulate "packs/pattern-$pattern-census-seven.yaml" --players "$n" \
				--games "$games" --rule "opening=$o" --json | jq -r '.balance * 1000 | round / 1000')
			row="$row $(printf '%.3f' "$b") |"
		done
		echo "$row"
	done
done

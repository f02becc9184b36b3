#!/bin/sh
# bench/simulate.sh: games per second of `railyard simulate`, four greedy players,
# patterns one and two (census seven), on all cores and on one; the target
# is 100,000 four-player games in under 10 s on this 2-core machine. Also the peak
# memory of a run. BENCH_GAMES overrides the number of games (default 100000).
set -u
G=${BENCH_GAMES:-100000}
R=${RAILYARD:-./railyard}
printf '%-28s %8s %8s %10s %10s %10s\n' pack threads games seconds games/s maxrss_kb
for p in pattern-one-census-seven pattern-two-census-seven; do
	for t in 2 1; do
		n=$G
		[ "$t" = 1 ] && n=$((G / 4))
		/usr/bin/time -f '%M' -o out/bench/simulate.rss \
			"$R" simulate "packs/$p.yaml" --players 4 --games "$n" --threads "$t" --json \
			>out/bench/simulate.json 2>/dev/null || { echo "$p: simulate failed"; continue; }
		s=$(sed -n 's/.*"seconds": \([0-9.]*\).*/\1/p' out/bench/simulate.json)
		gps=$(sed -n 's/.*"games_per_second": \([0-9]*\).*/\1/p' out/bench/simulate.json)
		printf '%-28s %8s %8s %10s %10s %10s\n' "$p" "$t" "$n" "$s" "$gps" "$(tail -1 out/bench/simulate.rss)"
	done
done

#!/bin/sh
# bench/simulate.sh: games per second of `railyard simulate`, four greedy players,
# patterns one and two (census seven), on two threads and on one, and the peak
# memory of a run. The machine is shared, so the rate that counts is taken from
# CPU time: cpu_2core = games / (user + system seconds) x 2, what two free cores
# would play. Targets (issue 14): pattern two at least 15,000 games/s on two
# cores, pattern one about 34,000. BENCH_GAMES overrides the games (default 100000).
set -u
G=${BENCH_GAMES:-100000}
R=${RAILYARD:-./railyard}
mkdir -p out/bench
printf '%-28s %8s %8s %10s %10s %10s %8s %10s\n' pack threads games seconds games/s maxrss_kb cpu_s cpu_2core
for p in pattern-one-census-seven pattern-two-census-seven; do
	for t in 2 1; do
		n=$G
		[ "$t" = 1 ] && n=$((G / 4))
		/usr/bin/time -f '%M %U %S' -o out/bench/simulate.rss \
			"$R" simulate "packs/$p.yaml" --players 4 --games "$n" --threads "$t" --json --quiet \
			>out/bench/simulate.json 2>/dev/null || { echo "$p: simulate failed"; continue; }
		s=$(jq -r '.timing.seconds' out/bench/simulate.json)
		gps=$(jq -r '.timing.games_per_second' out/bench/simulate.json)
		set -- $(tail -1 out/bench/simulate.rss)
		cpu=$(awk -v u="$2" -v s="$3" 'BEGIN { printf "%.2f", u + s }')
		rate=$(awk -v n="$n" -v c="$cpu" 'BEGIN { if (c > 0) printf "%.0f", 2 * n / c; else print "-" }')
		printf '%-28s %8s %8s %10s %10s %10s %8s %10s\n' "$p" "$t" "$n" "$s" "$gps" "$1" "$cpu" "$rate"
	done
done

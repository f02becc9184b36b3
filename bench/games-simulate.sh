# `railyard simulate` on the other train games: games per CPU-second at 4
# players (Toy Train: its 2), greedy and random players, on 2 threads. The
# machine is shared, so the rate is games / (user + system CPU seconds) times
# the threads: what 2 free cores would do. The floor: 5,000 games/s.
# BENCH_GAMES overrides the number of games (default 20000).
# Rows: PACK POLICY GAMES CPU-SECONDS WALL-SECONDS GAMES/S-ON-2-CORES MAX-RSS-KB
set -u
G=${BENCH_GAMES:-20000}
R=${RAILYARD:-./railyard}
B=out/bench/games-simulate
mkdir -p "$B"
printf '%-22s %-7s %7s %8s %8s %12s %10s\n' pack policy games cpu_s wall_s games/s/2cores maxrss_kb
for p in take-the-train domino-double-six domino-double-nine domino-double-twelve train-52 toy-train; do
	n=4
	[ $p = toy-train ] && { n=2; [ -r /usr/share/dict/words ] || continue; }
	for pol in greedy random; do
		/usr/bin/time -f '%U %S %e %M' -o "$B/time" "$R" simulate -q "packs/$p.yaml" --players $n \
			--games "$G" --threads 2 --policy $pol >/dev/null 2>&1 || { echo "$p: simulate failed"; continue; }
		set -- $(cat "$B/time")
		awk -v p=$p -v pol=$pol -v g="$G" -v u="$1" -v s="$2" -v e="$3" -v m="$4" 'BEGIN {
			cpu = u + s; printf "%-22s %-7s %7d %8.2f %8.2f %12.0f %10d\n", p, pol, g, cpu, e,
			(cpu > 0 ? 2 * g / cpu : 0), m }'
	done
done

# `railyard tune` against exhaustive simulation on the shipped example spaces
# (packs/examples/tune/, each with the options its header gives): the games the
# race plays, the games `--exhaustive` plays (every variant at every count to
# --games), their ratio, whether both choose the same
# variant (the race's best is the exhaustive run's best or one of its ties),
# and the race's CPU seconds and the wall time two free cores would take
# (CPU / 2: the machine is shared). BENCH_TUNE_GAMES sets --games (default 32768).
# Rows: SPACE VARIANTS RACE-GAMES EXHAUSTIVE-GAMES RATIO SAME RACE-BEST EXHAUSTIVE-BEST CPU-S 2-CORE-S
set -u
R=${RAILYARD:-./railyard}
G=${BENCH_TUNE_GAMES:-32768}
B=out/bench/tune
mkdir -p "$B"
printf '%-16s %8s %10s %11s %6s %4s %5s %5s %7s %7s\n' space variants race exhaustive ratio same best exbest cpu_s 2core_s
for f in packs/examples/tune/*.yaml; do
	name=$(basename "$f" .yaml)
	args=$(sed -n 's/^#   railyard tune [^ ]*//p' "$f")
	case "$name" in toy-train) [ -r /usr/share/dict/words ] || continue;; esac
	# shellcheck disable=SC2086
	/usr/bin/time -f '%U %S' -o "$B/time" "$R" tune "$f" $args --games "$G" --threads 2 -q --json \
		>"$B/$name.race.json" 2>/dev/null || { echo "$name: tune failed"; continue; }
	# shellcheck disable=SC2086
	"$R" tune "$f" $args --games "$G" --threads 2 -q --json --exhaustive >"$B/$name.exh.json" 2>/dev/null ||
		{ echo "$name: tune --exhaustive failed"; continue; }
	set -- $(cat "$B/time")
	jq -r --slurpfile ex "$B/$name.exh.json" --arg name "$name" --arg u "$1" --arg s "$2" '
		. as $r | $ex[0] as $e
		| ([$e.best.variant] + $e.ties) as $ok
		| [$name, (.variants | length), .games, $e.games, ($e.games / .games * 10 | floor / 10),
		   (if ($ok | index($r.best.variant)) != null then "yes" else "NO" end),
		   ("#" + ($r.best.variant | tostring)), ("#" + ($e.best.variant | tostring)),
		   (($u | tonumber) + ($s | tonumber)), ((($u | tonumber) + ($s | tonumber)) / 2 * 10 | floor / 10)]
		| @tsv' "$B/$name.race.json" |
	awk -F'\t' '{ printf "%-16s %8d %10d %11d %5.1fx %4s %5s %5s %7.1f %7.1f\n", $1, $2, $3, $4, $5, $6, $7, $8, $9, $10 }'
done

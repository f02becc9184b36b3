#!/bin/sh
# bench/summary.sh: one table from the other benchmarks' rows, which bench/run.sh
# keeps in out/bench/NAME.txt (this script sorts last, so they are fresh).
# ratio = railyard's time / the floor's time, lower is better (for render, build all
# and png: render.sh's median of paired runs):
#   render    railyard build --only faces / bench/floor.c, a bare Cairo+Pango loop
#             drawing the same cards (target at most 1.2)
#   build all the default 84-card build (every output, every core) / the floor
#             drawing the same cards to a PDF and libpng PNGs on one thread
#             (target at most 0.6)
#   png 840   840 PNG files (every core) / the floor's libpng files on one thread
#             (target at most 0.28, half of the 0.57 before), and their size
#             (target at most 1.0)
#   check     railyard check on 1,000,000 cards / loading that pack (bench/load.sh;
#             both include starting the program)
#   simulate  seconds per game / the target's (issue 14: 15,000 four-player games/s
#             of pattern two on two cores, 34,000 of pattern one; from CPU time)
#   playouts  seconds per whole random game through a game's steps (one thread)
#             / Ludii's for Snakes and Ladders (627 a second on its portal)
# A measurement whose benchmark is missing or failed shows as "-".
set -u
B=out/bench
row() { # row MEASURE RAILYARD FLOOR RATIO MEMORY
	printf '%-36s %12s %14s %7s  %s\n' "$1" "$2" "$3" "$4" "$5"
}
ratio() { # ratio A B: A / B to two places, or -
	awk -v a="$1" -v b="$2" 'BEGIN { if (a + 0 > 0 && b + 0 > 0) printf "%.2f", a / b; else print "-" }'
}
# field FILE REGEX: the first line of FILE matching REGEX, or nothing
field() {
	[ -f "$1" ] && grep -E -m1 "$2" "$1"
}
row measure railyard floor ratio "peak memory railyard / floor"
for n in 84 8400 84000; do
	set -- $(field $B/render.txt "^$n +[0-9.]+s +[0-9.]+s ")
	if [ $# -ge 8 ]; then
		row "render $n cards (PDF faces)" "$2" "$3" "$4" "$5 KB / $7 KB"
	else
		row "render $n cards (PDF faces)" - - - -
	fi
done
for m in all-84 png-840; do
	set -- $(field $B/render.txt "^$m +[0-9.]+s +[0-9.]+s ")
	name="build all, 84 cards"
	[ "$m" = png-840 ] && name="840 PNG files"
	if [ $# -ge 8 ]; then
		row "$name" "$2" "$3" "$4" "$5 KB / $7 KB"
	else
		row "$name" - - - -
	fi
done
set -- $(field $B/render.txt '^png-840 size: ')
[ $# -ge 10 ] && row "840 PNG files, size" "$4 KB" "$7 KB" "$(ratio "$4" "$7")" -
# bench/load.sh times check and the load of the same pack to the millisecond;
# bench/check.sh's row (10 ms resolution) stands in when load.sh did not run.
load=$(field $B/load.txt '^load 1,000,000 cards ' | awk '{ print $(NF-3) }')
loadkb=$(field $B/load.txt '^load 1,000,000 cards ' | awk '{ print $(NF-2) }')
set -- $(field $B/load.txt '^check 1,000,000 cards +[0-9.]+s' | awk '{ print $(NF-3), $(NF-2) }')
[ $# -ge 2 ] ||
	set -- $(field $B/check.txt '^check 1,000,000 cards +[0-9.]+s' | awk '{ print $(NF-3), $(NF-2) }')
if [ $# -ge 2 ]; then
	row "check 1,000,000 cards" "$1" "${load:--} (load)" "$(ratio "${1%s}" "${load%s}")" "$2 KB / ${loadkb:--} KB"
else
	row "check 1,000,000 cards" - "${load:--} (load)" - -
fi
# simulate: two-core games/s from CPU time (the machine is shared) against
# issue 14's targets: 34,000 for pattern one, 15,000 for pattern two
for p in pattern-one-census-seven pattern-two-census-seven; do
	target=15000
	[ "$p" = pattern-one-census-seven ] && target=34000
	set -- $(field $B/simulate.txt "^$p +2 +[0-9]+ +[0-9.]+ +[0-9]+ ")
	if [ $# -ge 8 ]; then
		row "simulate ${p%-census-seven}, 4 players" "$8 games/s" "$target games/s" \
			"$(ratio "$target" "$8")" "$6 KB"
	else
		row "simulate ${p%-census-seven}, 4 players" - "$target games/s" - -
	fi
done
# mcts (bench/mcts.sh): whole random games a second through each game's steps,
# one thread, against Ludii's 627 random playouts a second for Snakes and Ladders
for g in $(awk 'NR > 1 && $1 != "(Ludii)" { print $1 }' $B/mcts.txt 2>/dev/null); do
	set -- $(field $B/mcts.txt "^$g ")
	[ $# -ge 7 ] && row "playouts $g, $3 players" "$5/s" "627/s (Ludii)" "$(ratio 627 "$5")" \
		"mcts:256 $7 moves/s"
done
set -- $(field $B/load.txt '^load 10,000,000 cards' | awk '{ print $(NF-3), $(NF-2) }')
[ $# -ge 2 ] && row "load 10,000,000 cards x 100 copies" "$1" - - "$2 KB"
exit 0

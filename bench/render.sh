#!/bin/sh
# Rendering speed and memory: `railyard build --only faces` (one card per page,
# trim + bleed, page boxes) on 84, 8,400 and (once each, BENCH_BIG=0 skips it)
# 84,000 cards, against bench/floor.c, a bare Cairo + Pango loop drawing the same
# cards. Prints both times, their ratio (target: at most 1.2), peak memory (target:
# the same for every size) and minor page faults; then the default build with
# every output (PDF, SVG, PNG) against the floor with PNGs on one thread (target at
# most 0.6), 840 PNG files alone against the floor's (libpng level 1, SUB: what
# railyard wrote before its own encoder) with their total size, and the PNG size
# against cairo's writer. Each ratio is the median of railyard and floor runs taken
# in turn (a pair shares the machine's load); the times are the best of them.
# Run by `make bench`.
set -u
B=out/bench/render
FLOOR=${FLOOR:-build/release/bench/floor}
mkdir -p "$B"
[ -x "$FLOOR" ] || { echo "render: $FLOOR not built (make bench builds it)"; exit 0; }
BIG=84000
[ "${BENCH_BIG:-1}" = 0 ] && BIG=
for n in 84 840 8400 $BIG; do
	sed -e "s/^pack: .*/pack: bench-$n/" -e "s/^cards: .*/cards: $n/" -e '/^players:/d' \
		packs/pattern-two-census-seven.yaml >"$B/bench-$n.yaml"
	"$RAILYARD" list --cards "$B/bench-$n.yaml" >"$B/cards-$n.tsv"
done
# best of three: the machine is shared
best() { # best FILE: the smallest "seconds kb" line
	sort -n "$1" | head -1
}
# The ratio printed is the median of the pairs' ratios: railyard and the floor run
# in turn, so a pair shares the machine's mood; the best times stand beside it.
pair() { # pair A B OUT: the last lines' first fields of A and B, their ratio appended to OUT
	awk -v a="$(tail -n 1 "$1" | cut -d' ' -f1)" -v b="$(tail -n 1 "$2" | cut -d' ' -f1)" \
		'BEGIN { if (b > 0) printf "%.4f\n", a / b }' >>"$3"
}
median() { # median FILE: of its numbers, to two places, or -
	sort -n "$1" | awk '{ v[NR] = $1 } END { if (NR) printf "%.2f", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; else print "-" }'
}
printf '%-7s %10s %10s %7s %12s %12s %12s %12s\n' cards railyard floor ratio "rss railyard" "rss floor" \
	"faults rail." "faults floor"
for n in 84 8400 $BIG; do
	: >"$B/t-gen"; : >"$B/t-floor"; : >"$B/t-ratio"
	runs="1 2 3 4 5"
	[ "$n" = 84000 ] && runs=1
	for i in $runs; do
		/usr/bin/time -f '%e %M %R' -a -o "$B/t-gen" "$RAILYARD" build -q --max-items 100000 --only faces -o "$B/out-$n" "$B/bench-$n.yaml" || exit 0
		/usr/bin/time -f '%e %M %R' -a -o "$B/t-floor" "$FLOOR" "$B/cards-$n.tsv" "$B/floor-$n.pdf" || exit 0
		pair "$B/t-gen" "$B/t-floor" "$B/t-ratio"
	done
	ratio=$(median "$B/t-ratio")
	set -- $(best "$B/t-gen") $(best "$B/t-floor")
	printf '%-7s %9ss %9ss %7s %9s KB %9s KB %12s %12s\n' "$n" "$1" "$4" "$ratio" "$2" "$5" "$3" "$6"
done
rm -rf "$B/out-84000" "$B/floor-84000.pdf"

# The default build (every output: faces, back, sheets, placemat, reference, SVG,
# PNG) against the floor drawing the same cards to a PDF and to 300 dpi PNGs
# written with libpng at level 1 on one thread (target: at most 0.6 on 2 cores).
# Then the 8,400-card default build, once: its peak memory should match the 84's.
printf '\n%-7s %10s %10s %7s %12s %12s\n' cards "build all" floor ratio "rss railyard" "rss floor"
n=84
: >"$B/t-all"; : >"$B/t-floorpng"; : >"$B/t-ratio"
for i in 1 2 3 4 5; do
	rm -rf "$B/png-floor" && mkdir -p "$B/png-floor"
	/usr/bin/time -f '%e %M' -a -o "$B/t-all" "$RAILYARD" build -o "$B/all" "$B/bench-$n.yaml" 2>/dev/null || exit 0
	/usr/bin/time -f '%e %M' -a -o "$B/t-floorpng" "$FLOOR" "$B/cards-$n.tsv" "$B/floor-$n.pdf" "$B/png-floor" || exit 0
	pair "$B/t-all" "$B/t-floorpng" "$B/t-ratio"
done
ratio=$(median "$B/t-ratio")
set -- $(best "$B/t-all") $(best "$B/t-floorpng")
printf '%-7s %9ss %9ss %7s %9s KB %9s KB\n' "all-$n" "$1" "$3" "$ratio" "$2" "$4"
# 840 PNG files alone (--only png, on every core) against the floor's on one
# thread (target at most 0.28: half of railyard's 0.57 before its own encoder,
# 5.7 s against 10.0 s in issue 21), and their total size against the floor's
# libpng files, which are what railyard wrote before (target at most 1.0).
n=840
: >"$B/t-png"; : >"$B/t-floorpng840"; : >"$B/t-ratio"
for i in 1 2 3; do
	rm -rf "$B/png-floor840" && mkdir -p "$B/png-floor840"
	/usr/bin/time -f '%e %M' -a -o "$B/t-png" "$RAILYARD" build -q --only png -o "$B/png840" "$B/bench-$n.yaml" || exit 0
	/usr/bin/time -f '%e %M' -a -o "$B/t-floorpng840" "$FLOOR" "$B/cards-$n.tsv" - "$B/png-floor840" || exit 0
	pair "$B/t-png" "$B/t-floorpng840" "$B/t-ratio"
done
ratio=$(median "$B/t-ratio")
set -- $(best "$B/t-png") $(best "$B/t-floorpng840")
ry=$(cat "$B"/png840/bench-840/png/card-*.png | wc -c); fl=$(cat "$B"/png-floor840/*.png | wc -c)
printf '%-7s %9ss %9ss %7s %9s KB %9s KB\n' "png-840" "$1" "$3" "$ratio" "$2" "$4"
echo "png-840 size: railyard $((ry / 1024)) KB, libpng-level-1 $((fl / 1024)) KB, ratio $(awk -v a="$ry" -v b="$fl" 'BEGIN { printf "%.2f", a / b }') (target at most 1.0)"
# PNG file size: the same cards written by libpng (level 1) and by cairo.
rm -rf "$B/png-cairo" && mkdir -p "$B/png-cairo"
"$FLOOR" "$B/cards-$n.tsv" "$B/floor-$n.pdf" "$B/png-cairo" cairo || exit 0
lp=$(du -sk "$B/png-floor" | cut -f1); cp=$(du -sk "$B/png-cairo" | cut -f1)
echo "png size: libpng level 1 ${lp} KB, cairo ${cp} KB, ratio $(awk -v a="$lp" -v b="$cp" 'BEGIN { printf "%.2f", a / b }') (target at most 1.6)"
/usr/bin/time -f '%e %M' -o "$B/t-all-8400" "$RAILYARD" build -o "$B/all" "$B/bench-8400.yaml" >/dev/null 2>&1 || exit 0
set -- $(cat "$B/t-all-8400")
printf '%-7s %9ss %10s %7s %9s KB\n' "all-8400" "$1" - - "$2"

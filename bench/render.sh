#!/bin/sh
# Rendering speed and memory: `railyard build --only faces` (one card per page,
# trim + bleed, page boxes) on an 84-card and an 8,400-card pack, against
# bench/floor.c, a bare Cairo + Pango loop drawing the same cards. Prints both
# times, their ratio (target: at most 1.3) and peak memory (target: the same for
# both pack sizes); then the default build with every output (PDF, SVG, PNG)
# against the floor with PNGs, and the PNG size against cairo's writer. Run by
# `make bench`.
set -u
B=out/bench/render
FLOOR=${FLOOR:-build/release/bench/floor}
mkdir -p "$B"
[ -x "$FLOOR" ] || { echo "render: $FLOOR not built (make bench builds it)"; exit 0; }
for n in 84 8400; do
	sed -e "s/^pack: .*/pack: bench-$n/" -e "s/^cards: .*/cards: $n/" -e '/^players:/d' \
		packs/pattern-two-census-seven.yaml >"$B/bench-$n.yaml"
	"$RAILYARD" list --cards "$B/bench-$n.yaml" >"$B/cards-$n.tsv"
done
# best of three: the machine is shared
best() { # best FILE: the smallest "seconds kb" line
	sort -n "$1" | head -1
}
printf '%-7s %10s %10s %7s %12s %12s\n' cards railyard floor ratio "rss railyard" "rss floor"
for n in 84 8400; do
	: >"$B/t-gen"; : >"$B/t-floor"
	for i in 1 2 3; do
		/usr/bin/time -f '%e %M' -a -o "$B/t-gen" "$RAILYARD" build --only faces -o "$B/out-$n" "$B/bench-$n.yaml" || exit 0
		/usr/bin/time -f '%e %M' -a -o "$B/t-floor" "$FLOOR" "$B/cards-$n.tsv" "$B/floor-$n.pdf" || exit 0
	done
	set -- $(best "$B/t-gen") $(best "$B/t-floor")
	ratio=$(awk -v a="$1" -v b="$3" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }')
	printf '%-7s %9ss %9ss %7s %9s KB %9s KB\n' "$n" "$1" "$3" "$ratio" "$2" "$4"
done

# The default build (every output: faces, back, sheets, placemat, reference, SVG,
# PNG) against the floor drawing the same cards to a PDF and to 300 dpi PNGs
# written with libpng at level 1 on one thread (target: at most 1.0 on 2 cores).
# Then the 8,400-card default build, once: its peak memory should match the 84's.
printf '\n%-7s %10s %10s %7s %12s %12s\n' cards "build all" floor ratio "rss railyard" "rss floor"
n=84
: >"$B/t-all"; : >"$B/t-floorpng"
for i in 1 2 3; do
	rm -rf "$B/png-floor" && mkdir -p "$B/png-floor"
	/usr/bin/time -f '%e %M' -a -o "$B/t-all" "$RAILYARD" build -o "$B/all" "$B/bench-$n.yaml" 2>/dev/null || exit 0
	/usr/bin/time -f '%e %M' -a -o "$B/t-floorpng" "$FLOOR" "$B/cards-$n.tsv" "$B/floor-$n.pdf" "$B/png-floor" || exit 0
done
set -- $(best "$B/t-all") $(best "$B/t-floorpng")
ratio=$(awk -v a="$1" -v b="$3" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }')
printf '%-7s %9ss %9ss %7s %9s KB %9s KB\n' "all-$n" "$1" "$3" "$ratio" "$2" "$4"
# PNG file size: the same cards written by libpng (level 1) and by cairo.
rm -rf "$B/png-cairo" && mkdir -p "$B/png-cairo"
"$FLOOR" "$B/cards-$n.tsv" "$B/floor-$n.pdf" "$B/png-cairo" cairo || exit 0
lp=$(du -sk "$B/png-floor" | cut -f1); cp=$(du -sk "$B/png-cairo" | cut -f1)
echo "png size: libpng level 1 ${lp} KB, cairo ${cp} KB, ratio $(awk -v a="$lp" -v b="$cp" 'BEGIN { printf "%.2f", a / b }') (target at most 1.6)"
/usr/bin/time -f '%e %M' -o "$B/t-all-8400" "$RAILYARD" build -o "$B/all" "$B/bench-8400.yaml" >/dev/null 2>&1 || exit 0
set -- $(cat "$B/t-all-8400")
printf '%-7s %9ss %10s %7s %9s KB\n' "all-8400" "$1" - - "$2"

# bench/check.sh: railyard check. (1) trains_position.h per call, in a hot loop, as the
# simulator uses it; (2) the whole command on the page's pack and on a large
# pack (a million cards, a defective list), wall time and peak memory.
set -u
: "${RAILYARD:=$PWD/railyard}"
B=out/bench/check
mkdir -p "$B"
LIBS=$(pkg-config --libs cairo cairo-pdf cairo-svg pangocairo yaml-0.1 libqpdf fontconfig)
if cc -std=c11 -O2 -D_POSIX_C_SOURCE=200809L $(find gen -type d | sed "s/^/-I/") bench/position_bench.c build/release/librailyard.a \
	$LIBS -lm -o "$B/position_bench" 2>"$B/cc.err"; then
	"$B/position_bench"
else
	echo "position_bench: could not build (see $B/cc.err)"
fi

# run LABEL ARGS...: wall seconds and peak resident memory of one railyard run.
run() {
	label=$1; shift
	/usr/bin/time -f "%e %M" -o "$B/time" "$RAILYARD" "$@" >/dev/null 2>&1
	set -- $(cat "$B/time")
	printf '%-40s %6ss %8s KiB peak\n' "$label" "$1" "$2"
}
cat >"$B/big.yaml" <<'YAML'
pack: big
game: trains
census: 7
abilities: [remove, swap]
cards: 1000000
players: {2: 500000, 4: 1000000}
YAML
run "check pattern two (84 cards)" check packs/pattern-two-census-seven.yaml
run "check 1,000,000 cards" check "$B/big.yaml"
run "check 1,000,000 cards --missing 1000 cards" check "$B/big.yaml" --missing 1-1000
run "check --sequence (84 cards)" check packs/pattern-two-census-seven.yaml --sequence "53 7 45 9 50 27 56"
run "check --sequence (1,000,000 cards)" check "$B/big.yaml" --sequence "530000 7 45 9 50 27 56"
run "check --grid 13x13" check tests/golden/check-grid-13x13/pack.yaml --grid "$(seq 169 -1 1 | tr '\n' ' ')"

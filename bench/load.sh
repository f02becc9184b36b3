#!/bin/sh
# bench/load.sh: the pack loader at its limits, wall time and peak memory
# (best of five): the 1,000,000-card pack that bench/check.sh checks, loaded and
# checked (the load is the floor `check` is compared with in bench/summary.sh),
# the largest pack (10,000,000 cards), a file of 99,990 unknown keys (every one reported), and an
# alias bomb stopped at the node budget. Prints one row per input.
set -u
: "${RAILYARD:=$PWD/railyard}"
B=out/bench/load
mkdir -p "$B"
printf 'pack: big\ngame: trains\ncensus: 7\nabilities: [remove, swap]\ncards: 1000000\nplayers: {2: 500000, 4: 1000000}\n' >"$B/big.yaml"
printf 'pack: huge\ngame: trains\ncensus: 7\nabilities: [remove, swap]\ncards: 10000000\ncopies: 100\nwild: 1000\n' >"$B/huge.yaml"
{ printf 'pack: keys\ngame: trains\ncensus: 3\nabilities: [swap]\ncards: 3\nrules:\n'
  awk 'BEGIN { for (i = 0; i < 99990; i++) printf "  k%d: 1\n", i }'; } >"$B/keys.yaml"
{ printf 'pack: bomb\ngame: trains\nl0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n'
  awk 'BEGIN { for (i = 1; i < 12; i++) { printf "l%d: &l%d [*l%d", i, i, i-1; for (j = 1; j < 10; j++) printf ", *l%d", i-1; print "]" } }'; } >"$B/bomb.yaml"

# run LABEL ARGS...: the best of five runs: wall seconds (from date +%s%N, to the
# millisecond; /usr/bin/time rounds to 10 ms) and peak memory (/usr/bin/time -v).
run() {
	label=$1; shift
	: >"$B/times"
	for i in 1 2 3 4 5; do
		t0=$(date +%s%N)
		/usr/bin/time -v -o "$B/time" "$RAILYARD" "$@" >/dev/null 2>&1
		t1=$(date +%s%N)
		kb=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$B/time")
		echo "$(( (t1 - t0) / 1000000 )) $kb" >>"$B/times"
	done
	set -- $(sort -n "$B/times" | head -1)
	printf '%-48s %7.3fs %9s KB peak\n' "$label" "$(echo "$1" | awk '{ print $1 / 1000 }')" "$2"
}
run "load 1,000,000 cards" list --abilities "$B/big.yaml"
run "check 1,000,000 cards" check "$B/big.yaml"
run "load 10,000,000 cards x 100 copies" list --abilities "$B/huge.yaml"
run "load 99,990 unknown keys (1.2 MB, all reported)" list --abilities "$B/keys.yaml"
run "load an alias bomb (stops at 200,000 nodes)" list --abilities "$B/bomb.yaml"

# Each pack is read and parsed once a command (issue 33): simulate used to read
# its pack again for every player count, and the --compare pack up to count + 2
# times. strace counts the opens of each pack file; exactly one each (none
# would mean strace saw nothing, a failure too).
. tests/cli/lib.sh
R=$RAILYARD
if ! strace -f -e trace=openat -o "$WORK/probe" true 2>/dev/null || ! grep -q openat "$WORK/probe"; then
	echo "ok - the pack reads # SKIP strace cannot trace here (apt-get install strace; ptrace allowed)"
	exit 0
fi
P=packs/pattern-one-census-seven.yaml
Q=packs/pattern-two-census-seven.yaml
D=packs/domino-double-six.yaml
T=packs/take-the-train.yaml
# opens WHAT EXPECTED ARGS...: railyard ARGS under strace; EXPECTED: the number
# of opens of P, Q, D and T
opens() {
	what=$1 want=$2
	shift 2
	# (LeakSanitizer cannot run under ptrace: a SAN build checks its leaks elsewhere)
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
		strace -f -e trace=openat -o "$WORK/trace" "$R" "$@" >/dev/null 2>"$WORK/last.err"
	st=$?
	got=""
	for f in $P $Q $D $T; do got="$got $(grep -c "\"$f\"" "$WORK/trace")"; done
	expect_eq "$what (exit $st)" "0 $want" "$st$got"
}
opens "simulate, the pack's three counts: the pack read once" "1 0 0 0" \
	simulate -q --games 20 --threads 1 $P
opens "simulate --players 2,3,4 --compare: each pack read once" "1 1 0 0" \
	simulate -q --games 20 --threads 1 --players 2,3,4 $P --compare $Q
opens "a deck game, the pack's four counts: read once" "0 0 1 0" \
	simulate -q --games 20 --threads 1 $D
opens "a pack compared with itself, a rule changed: read once" "0 0 0 1" \
	simulate -q --games 20 --threads 1 --players 3,4 $T --compare $T --compare-rule tie=shared
opens "simulate --json --compare of two deck packs, two counts: once each" "0 0 1 0" \
	simulate -q --json --games 20 --threads 1 --players 4,5 $D --compare $D --compare-rule target=150
# (train-52 against itself: its rules' locations once pointed into a document
# freed when main kept a second copy of it; a SAN build reads freed memory)
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" strace -f -e trace=openat -o "$WORK/trace" \
	"$R" simulate -q --games 100 --threads 1 --players 3 packs/train-52.yaml --compare packs/train-52.yaml \
	--compare-rule order=rotation >"$WORK/t52.out" 2>"$WORK/last.err"
expect_eq "train-52 compared with itself: exit 0, the pack read once" "0 1" \
	"$? $(grep -c '"packs/train-52.yaml"' "$WORK/trace")"
expect_grep "... the second series labelled" 'b = train-52 --rule order=rotation$' "$WORK/t52.out"

# A --compare pack with a YAML problem is still reported (it is read again to
# say so, not kept from the quiet look at its game).
mkdir -p "$WORK/bad"
cp $Q "$WORK/bad/q.yaml"
echo "cards: 84" >>"$WORK/bad/q.yaml"
expect_status "a --compare pack with a duplicate key: exit 2" 2 "$R" simulate -q --games 20 --players 2 $P --compare "$WORK/bad/q.yaml"
expect_grep "... and the key is named at its line" "q\.yaml:[0-9]+:1: error: .*cards" "$WORK/last.err"

# ... and its model is built once: the loader (the trains' pack_of, the other
# games' kit_games_load) runs once a pack, not once a player count. gdb counts its
# calls (a breakpoint passed over 1000 times, "already hit N times").
# loads ARGS...: the loader's calls in railyard ARGS, or nothing when gdb cannot run it
loads() {
	gdb -batch -ex 'break pack_of' -ex 'break kit_games_load' -ex 'ignore 1 1000' -ex 'ignore 2 1000' \
		-ex run -ex 'info breakpoints' --args "$R" "$@" 2>/dev/null >"$WORK/gdb.out" </dev/null
	sed -n 's/.*already hit \([0-9]*\) time.*/\1/p' "$WORK/gdb.out" | awk '{ n += $1 } END { print n + 0 }'
}
if command -v gdb >/dev/null && [ "$(loads list -q $P)" = 1 ]; then
	expect_eq "simulate --players 2,3,4 --compare: each pack's model built once" 2 \
		"$(loads simulate -q --games 10 --threads 1 --players 2,3,4 $P --compare $Q)"
	expect_eq "a deck game at three counts: its model built once" 1 \
		"$(loads simulate -q --games 10 --threads 1 --players 2,3,4 $T)"
else
	echo "ok - the pack's model built once # SKIP gdb cannot run railyard here"
fi

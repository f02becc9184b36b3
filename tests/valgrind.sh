#!/bin/sh
# The valgrind pass of .ci/run: every railyard run under valgrind
# --leak-check=full --error-exitcode=1, over
#   - every golden case (tests/golden/*),
#   - every CLI script (tests/cli/*.sh) except the ones in VALGRIND_SKIP, which
#     render hundreds of cards, play thousands of games or build every other
#     game (minutes each under valgrind; 18 runs of build.sh took 4.5 min);
#     their commands are covered at a small size by
#   - tests/valgrind.cmds, one railyard command per line.
# Each run writes its own log (quiet: only errors are logged); any log that is
# not empty fails the pass, whatever the command's exit status was (check's 1
# for a broken rule must not hide an error). A new golden case or CLI script is
# covered without touching this file. Leaks inside libfontconfig are suppressed
# (tests/valgrind.supp, as tests/lsan.supp does for the sanitizer build).
#
#   sh tests/valgrind.sh [golden | cli [NAME...] | cmds]
# RAILYARD defaults to build/release/railyard.
set -u
cd "$(dirname "$0")/.." || exit 2
BIN="${RAILYARD:-$PWD/build/release/railyard}"
LOGS="$PWD/build/valgrind"
: "${VALGRIND_SKIP:=build build-surfaces sizes palette build-print butted simulate games games-simulate harden tune look new preview anywhere readme first-design typos pdfx tiles concurrent hostile budget sound pngenc race deck-bounds gs-bounds sandbox skill tune_objective mcts shard colour tune-memory load-linear pdfx-full tune_skill pack-folder output-path strict simulate-counts components home-sheets quickref deck-game progress-build tune-plot pack-reads ink}"
rm -rf "$LOGS"
mkdir -p "$LOGS"
# output-safety runs railyard as nobody (setpriv): its log must be writable too.
chmod 1777 "$LOGS"
cat >"$LOGS/railyard" <<WRAP
#!/bin/sh
exec valgrind -q --leak-check=full --show-leak-kinds=definite,indirect \
	--errors-for-leak-kinds=definite,indirect --error-exitcode=1 \
	--suppressions="$PWD/tests/valgrind.supp" \
	--log-file="$LOGS/vg.%p.log" "$BIN" "\$@"
WRAP
chmod +x "$LOGS/railyard"
# The limits script's many-message inputs take minutes under valgrind; with
# VALGRIND=1 it runs them at a tenth of the size.
export VALGRIND=1
status=0

golden() {
	RAILYARD="$LOGS/railyard" sh tests/run.sh golden || status=1
}

cli() { # cli [NAME...]: the named scripts, or all but VALGRIND_SKIP
	if [ $# = 0 ]; then
		for s in tests/cli/*.sh; do
			n=$(basename "$s" .sh)
			case " lib $VALGRIND_SKIP " in *" $n "*) continue;; esac
			set -- "$@" "$n"
		done
	fi
	for n in "$@"; do
		if ! RAILYARD="$LOGS/railyard" sh tests/run.sh cli "$n" >"$LOGS/cli-$n.txt" 2>&1; then
			cat "$LOGS/cli-$n.txt" >&2
			status=1
		fi
		echo "cli/$n: $(tail -1 "$LOGS/cli-$n.txt")"
	done
}

cmds() {
	OUT="$LOGS/out"
	mkdir -p "$OUT"
	n=0
	while IFS= read -r line; do
		case "$line" in ''|'#'*) continue;; esac
		eval "set -- $line"
		"$LOGS/railyard" "$@" >/dev/null 2>&1 </dev/null
		n=$((n + 1))
	done <tests/valgrind.cmds
	echo "valgrind: the $n commands of tests/valgrind.cmds"
}

case "${1:-all}" in
golden) golden;;
cli) shift; cli "$@";;
cmds) cmds;;
*) golden; cli; cmds;;
esac
runs=$(ls "$LOGS"/vg.*.log 2>/dev/null | wc -l)
bad=0
for f in "$LOGS"/vg.*.log; do
	[ -s "$f" ] || continue
	bad=$((bad + 1))
	echo "valgrind: $f" >&2
	head -40 "$f" >&2
done
echo "valgrind: $runs runs of railyard, $bad with errors or leaks"
[ "$bad" = 0 ] && [ "$runs" -gt 0 ] || status=1
exit $status

#!/bin/sh
# The valgrind pass of .ci/run: the golden cases and CLI scripts again, with
# every run of railyard under valgrind --leak-check=full --error-exitcode=1.
# Each run writes its own log (quiet: only errors are logged); any log that is
# not empty fails the pass, whatever the command's exit status was (check's 1
# for a broken rule must not hide an error). A new golden case or CLI script is
# covered without touching this file.
#
#   sh tests/valgrind.sh [golden | cli [NAME...]]   RAILYARD defaults to build/release/railyard
set -u
cd "$(dirname "$0")/.." || exit 2
BIN="${RAILYARD:-$PWD/build/release/railyard}"
LOGS="$PWD/build/valgrind"
rm -rf "$LOGS"
mkdir -p "$LOGS"
cat >"$LOGS/railyard" <<WRAP
#!/bin/sh
exec valgrind -q --leak-check=full --show-leak-kinds=definite,indirect \
	--errors-for-leak-kinds=definite,indirect --error-exitcode=1 \
	--suppressions="$PWD/tests/valgrind.supp" \
	--log-file="$LOGS/vg.%p.log" "$BIN" "\$@"
WRAP
chmod +x "$LOGS/railyard"
# The limits script's 10,000,000-card and 100,000-message runs take minutes
# under valgrind; it runs them with VALGRIND=1 at a tenth of the size.
export VALGRIND=1
status=0
case "${1:-all}" in
golden) RAILYARD="$LOGS/railyard" sh tests/run.sh golden || status=1;;
cli) shift
   for s in "$@"; do RAILYARD="$LOGS/railyard" sh tests/run.sh cli "$s" || status=1; done
   [ $# -gt 0 ] || RAILYARD="$LOGS/railyard" sh tests/run.sh cli || status=1;;
*) RAILYARD="$LOGS/railyard" sh tests/run.sh golden || status=1
   RAILYARD="$LOGS/railyard" sh tests/run.sh cli || status=1;;
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

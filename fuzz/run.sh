#!/bin/sh
# Run libFuzzer targets for a bounded time: sh fuzz/run.sh [NAME...]
# (called by `make fuzz`; FUZZ_TIME seconds per target, default 60).
# For each target: replay fuzz/regress/NAME/ (inputs that once failed), then fuzz
# from a corpus seeded with fuzz/corpus/NAME/ and every YAML file in packs/,
# templates/ and tests/. Fails on any crash, sanitizer report, leak, timeout or
# out-of-memory; the input that did it is left in build/fuzz/artifacts/NAME/ and
# belongs in fuzz/regress/NAME/ once fixed.
set -u
cd "$(dirname "$0")/.." || exit 2
: "${FUZZ_TIME:=60}"
B=build/fuzz
if [ $# = 0 ]; then # every target whose "needs:" file (first line) exists
	for f in fuzz/fuzz_*.c; do
		n=$(sed -n '1s/.*needs: *\([^ ]*\).*/\1/p' "$f")
		{ [ -z "$n" ] || [ -e "$n" ]; } && set -- "$@" "$(echo "$f" | sed 's,fuzz/fuzz_\(.*\)\.c,\1,')"
	done
fi
# Per input: 20 s (an alias bomb at the node budget takes 0.3 s under the
# sanitizers, but the machine is shared; a real hang takes far longer), 2 GB.
OPTS="-timeout=20 -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1"
[ -f fuzz/yaml.dict ] && OPTS="$OPTS -dict=fuzz/yaml.dict"
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:${ASAN_OPTIONS:-}"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:${UBSAN_OPTIONS:-}"
status=0
for name in "$@"; do
	bin="$B/fuzz_$name"
	[ -x "$bin" ] || { echo "fuzz: no target $bin (make fuzz-build)" >&2; status=1; continue; }
	corpus="$B/corpus/$name"
	art="$B/artifacts/$name"
	mkdir -p "$corpus" "$art"
	for f in fuzz/corpus/"$name"/* packs/*.yaml templates/*.yaml $(find tests -name '*.yaml' -size -64k 2>/dev/null); do
		[ -f "$f" ] && cp "$f" "$corpus/seed-$(echo "$f" | tr '/' '_')"
	done
	if ls fuzz/regress/"$name"/* >/dev/null 2>&1; then
		echo "== fuzz $name: replaying fuzz/regress/$name"
		if ! nice "$bin" $OPTS fuzz/regress/"$name"/* >"$B/$name.regress.log" 2>&1; then
			tail -40 "$B/$name.regress.log" >&2
			echo "fuzz $name: a regression input fails again" >&2
			status=1
			continue
		fi
	fi
	echo "== fuzz $name: ${FUZZ_TIME}s"
	if nice "$bin" $OPTS -max_total_time="$FUZZ_TIME" -artifact_prefix="$art/" "$corpus" \
		>"$B/$name.log" 2>&1; then
		grep -E '^stat::(number_of_executed_units|peak_rss_mb|new_units_added)' "$B/$name.log" |
			sed "s/^/   /"
	else
		grep -v -E "^#[0-9]+" "$B/$name.log" | tail -40 >&2
		echo "fuzz $name: FAILED; the input is in $art/ (add it to fuzz/regress/$name/ when fixed)" >&2
		status=1
	fi
done
exit $status

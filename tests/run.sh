#!/bin/sh
# The test runner behind `make test`: unit tests (cmocka), golden cases and CLI
# scripts, then one summary line "N passed, N failed, N skipped" (a check that
# could not run here says "ok - WHAT # SKIP WHY": counted and listed, never a pass).
#
#   sh tests/run.sh                 everything
#   sh tests/run.sh golden NAME     one golden case (tests/golden/NAME)
#   UPDATE=1 sh tests/run.sh golden NAME   rewrite its expected files
#   sh tests/run.sh cli NAME        one script (tests/cli/NAME.sh)
#   sh tests/run.sh unit            unit tests only
#   JOBS=N sh tests/run.sh          N jobs at once (default: the cores)
#
# Everything runs as independent jobs (a unit binary, a golden case, a CLI
# script), JOBS at a time through xargs -P, longest first; each job writes its
# results and messages to its own files under $TMP, read back in a fixed order,
# so the report and the summary are the same whatever ran first.
#
# RAILYARD (the binary) and UNIT_DIR (the built unit tests) come from the Makefile.
set -u
cd "$(dirname "$0")/.." || exit 2
: "${RAILYARD:=$PWD/railyard}"
: "${UNIT_DIR:=$PWD/build/release/tests}"
: "${JOBS:=$(nproc 2>/dev/null || echo 2)}"
export RAILYARD UNIT_DIR LC_ALL=C.UTF-8 TZ=UTC SOURCE_DATE_EPOCH=1700000000
export TOP="$PWD"
if [ "${1:-}" = _job ] && [ -n "${RUN_TMP:-}" ]; then
	TMP=$RUN_TMP   # a job of a parallel run: the parent's folder (only a job: a run
	              # nested in a test, as runner.sh's, gets its own)
else
	# What the tests call (poppler, qpdf, chromium...): a run started by hand
	# (`sh tests/run.sh cli NAME` after a plain `make`) gets them as `make test`
	# does, installed as root or the exact apt-get line, not "pdftotext: not found".
	[ ! -f tools/deps.sh ] || sh tools/deps.sh test || exit 2   # (runner.sh: a tree without it)
	TMP=$(mktemp -d "${TMPDIR:-/tmp}/railyard-test.XXXXXX")
	trap 'rm -rf "$TMP"' EXIT
fi
pass=0
fail=0
skip=0
failed=""
skipped=""
RESULTS=""   # a job writes "ok NAME" / "fail NAME" / "skip NAME" lines here instead of counting

record() { # record STATUS NAME
	if [ -n "$RESULTS" ]; then echo "$1 $2" >>"$RESULTS"; return; fi
	case $1 in
	ok) pass=$((pass + 1));;
	skip) skip=$((skip + 1)); skipped="$skipped
  $2";;
	*) fail=$((fail + 1)); failed="$failed
  $2";;
	esac
}

# The TAP directive of an "ok" line: "ok ... # SKIP why" (any case) is a skip.
is_skip() {
	case "$1" in *"# "[Ss][Kk][Ii][Pp]*) return 0;; esac
	return 1
}

unit_tests() {
	for t in "$UNIT_DIR"/test_*; do
		[ -x "$t" ] || continue
		case "$t" in *.o|*.d) continue;; esac
		basename "$t"
	done
}

run_unit_test() {
	name=$1
	out="$TMP/unit-$name.out"
	CMOCKA_MESSAGE_OUTPUT=TAP "$UNIT_DIR/$name" >"$out" 2>&1
	status=$?
	n=0
	while IFS= read -r line; do
		case "$line" in
		"ok "*) if is_skip "$line"; then record skip "$name: ${line#ok }"; else record ok "$name"; fi
			n=$((n + 1));;
		"not ok "*) record fail "$name: ${line#not ok }"; n=$((n + 1)); sed 's/^/    /' "$out" | grep -v '^    ok ' >&2;;
		esac
	done <"$out"
	if [ "$n" = 0 ] || { [ "$status" != 0 ] && ! grep -q '^not ok' "$out"; }; then
		record fail "$name (exit $status)"
		sed 's/^/    /' "$out" >&2
	fi
}

run_unit() {
	for name in $(unit_tests); do run_unit_test "$name"; done
}

# A golden case is a folder tests/golden/NAME holding:
#   cmd      the arguments to railyard, one line, shell words; $D is this folder,
#            $T an empty scratch folder for output files (never out/ of the checkout)
#   out      expected standard output     (missing: must be empty)
#   err      expected standard error      (missing: must be empty)
#   status   expected exit status         (missing: 0)
run_golden_case() {
	D="tests/golden/$1"
	[ -f "$D/cmd" ] || { echo "no such golden case: $1" >&2; record fail "golden/$1"; return; }
	T="$TMP/golden-$1"
	rm -rf "$T" && mkdir -p "$T"
	export D T
	eval "set -- $(cat "$D/cmd")"
	"$RAILYARD" "$@" >"$T.out" 2>"$T.err" </dev/null
	echo $? >"$T.status"
	if [ "${UPDATE:-}" = 1 ]; then
		for f in out err; do
			if [ -s "$T.$f" ]; then cp "$T.$f" "$D/$f"; else rm -f "$D/$f"; fi
		done
		if [ "$(cat "$T.status")" = 0 ]; then rm -f "$D/status"; else cp "$T.status" "$D/status"; fi
	fi
	ok=ok
	for f in out err; do
		if [ -f "$D/$f" ]; then exp="$D/$f"; else exp=/dev/null; fi
		diff -u --label "expected $D/$f" --label "actual" "$exp" "$T.$f" >&2 || ok=fail
	done
	if [ -f "$D/status" ]; then want=$(cat "$D/status"); else want=0; fi
	got=$(cat "$T.status")
	[ "$want" = "$got" ] || { echo "$D: exit status $got, expected $want" >&2; ok=fail; }
	record $ok "golden/$(basename "$D")"
}

run_golden() {
	if [ $# -gt 0 ]; then run_golden_case "$1"; return; fi
	for d in tests/golden/*/; do
		[ -d "$d" ] && run_golden_case "$(basename "$d")"
	done
}

# A CLI script tests/cli/NAME.sh prints TAP-like lines, "ok - what" or
# "not ok - what" (tests/cli/lib.sh has helpers); it runs from the top folder with
# $RAILYARD, $TOP and a scratch folder $WORK.
run_cli_script() {
	s="tests/cli/$1.sh"
	WORK="$TMP/cli-$1"
	mkdir -p "$WORK"
	export WORK
	sh "$s" >"$WORK.out" 2>"$WORK.err"
	status=$?
	n=0
	while IFS= read -r line; do
		case "$line" in
		"ok "*) if is_skip "$line"; then record skip "cli/$1: ${line#ok - }"; else record ok "cli/$1"; fi
			n=$((n + 1));;
		"not ok "*) record fail "cli/$1: ${line#not ok - }"; n=$((n + 1));;
		"#"*) echo "    $line" >&2;;
		esac
	done <"$WORK.out"
	if [ "$n" = 0 ] || [ "$status" != 0 ]; then
		record fail "cli/$1 (exit $status, $n checks)"
		sed 's/^/    /' "$WORK.err" >&2
	elif grep -q '^not ok' "$WORK.out"; then
		sed 's/^/    /' "$WORK.err" >&2
	fi
}

run_cli() {
	if [ $# -gt 0 ]; then run_cli_script "$1"; return; fi
	for s in tests/cli/*.sh; do
		case "$s" in */lib.sh) continue;; esac
		[ -f "$s" ] && run_cli_script "$(basename "$s" .sh)"
	done
}

# Tests write only under $TMP (and build/): a new file elsewhere in the checkout fails.
check_tree() {
	git rev-parse --git-dir >/dev/null 2>&1 || return 0
	new=$(find . \( -path ./build -o -path ./.git \) -prune -o -type f -newer "$TMP/start" -print |
		while IFS= read -r f; do git ls-files --error-unmatch "$f" >/dev/null 2>&1 || echo "$f"; done)
	if [ -z "$new" ]; then record ok "tests write nothing into the checkout"
	else record fail "tests wrote into the checkout:$(echo "$new" | head -5 | tr '\n' ' ')"; fi
}

# The jobs of a whole run, longest first: "KIND NAME" lines. The CLI scripts
# that take longest lead (measured: build-print, templang, games-simulate,
# simulate, build, harden), then the rest, the unit tests and the golden cases.
all_jobs() {
	slow="build-print templang games-simulate simulate build harden readme"
	for n in $slow; do [ -f "tests/cli/$n.sh" ] && echo "cli $n"; done
	for s in tests/cli/*.sh; do
		n=$(basename "$s" .sh)
		case " lib $slow " in *" $n "*) continue;; esac
		echo "cli $n"
	done
	for n in $(unit_tests); do echo "unit $n"; done
	for d in tests/golden/*/; do [ -d "$d" ] && echo "golden $(basename "$d")"; done
}

# One job, in a child: its results into $TMP/res-KIND-NAME, its messages into
# $TMP/log-KIND-NAME.
run_job() {
	RESULTS="$TMP/res-$1-$2"
	: >"$RESULTS"
	t0=$(date +%s)
	case $1 in
	unit) run_unit_test "$2";;
	golden) run_golden_case "$2";;
	cli) run_cli_script "$2";;
	esac 2>"$TMP/log-$1-$2"
	# a line as each script or unit test ends, so a long run shows that it lives
	# (golden cases take milliseconds each: their sum comes with the report)
	[ "$1" = golden ] && return
	echo "  $1/$2: $(grep -c '^ok ' "$RESULTS") passed, $(grep -c '^fail ' "$RESULTS") failed," \
		"$(grep -c '^skip ' "$RESULTS") skipped ($(($(date +%s) - t0)) s)" >&2
}

# Every job, JOBS at a time; then their results in the order of all_jobs.
run_all() {
	all_jobs >"$TMP/jobs"
	RUN_TMP=$TMP xargs -P "$JOBS" -L 1 sh tests/run.sh _job <"$TMP/jobs"
	while read -r kind name; do
		if [ ! -f "$TMP/res-$kind-$name" ]; then
			record fail "$kind/$name (the job left no result)"
			continue
		fi
		while read -r st what; do record "$st" "$what"; done <"$TMP/res-$kind-$name"
		cat "$TMP/log-$kind-$name" >&2
	done <"$TMP/jobs"
}

case "${1:-all}" in
_job) run_job "$2" "$3"; exit 0;;
unit) run_unit;;
golden) shift; run_golden "$@";;
cli) shift; run_cli "$@";;
all) touch "$TMP/start"; run_all; check_tree;;
*) echo "usage: tests/run.sh [unit | golden [NAME] | cli [NAME]]" >&2; exit 2;;
esac

if [ "$skip" -gt 0 ]; then
	echo "skipped:$skipped"
fi
if [ "$fail" -gt 0 ]; then
	echo "failed:$failed"
fi
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" = 0 ]

#!/bin/sh
# The test runner behind `make test`: unit tests (cmocka), golden cases and CLI
# scripts, then one summary line "N passed, N failed".
#
#   sh tests/run.sh                 everything
#   sh tests/run.sh golden NAME     one golden case (tests/golden/NAME)
#   UPDATE=1 sh tests/run.sh golden NAME   rewrite its expected files
#   sh tests/run.sh cli NAME        one script (tests/cli/NAME.sh)
#   sh tests/run.sh unit            unit tests only
#
# RAILYARD (the binary) and UNIT_DIR (the built unit tests) come from the Makefile.
set -u
cd "$(dirname "$0")/.." || exit 2
: "${RAILYARD:=$PWD/railyard}"
: "${UNIT_DIR:=$PWD/build/release/tests}"
export RAILYARD LC_ALL=C.UTF-8 TZ=UTC SOURCE_DATE_EPOCH=1700000000
export TOP="$PWD"
TMP=$(mktemp -d "${TMPDIR:-/tmp}/railyard-test.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
pass=0
fail=0
failed=""

record() { # record STATUS NAME
	if [ "$1" = ok ]; then pass=$((pass + 1)); else fail=$((fail + 1)); failed="$failed
  $2"; fi
}

run_unit() {
	for t in "$UNIT_DIR"/test_*; do
		[ -x "$t" ] || continue
		case "$t" in *.o|*.d) continue;; esac
		name=$(basename "$t")
		CMOCKA_MESSAGE_OUTPUT=TAP "$t" >"$TMP/unit.out" 2>&1
		status=$?
		n=0
		while IFS= read -r line; do
			case "$line" in
			"ok "*) record ok "$name"; n=$((n + 1));;
			"not ok "*) record fail "$name: ${line#not ok }"; n=$((n + 1)); sed 's/^/    /' "$TMP/unit.out" | grep -v '^    ok ' >&2;;
			esac
		done <"$TMP/unit.out"
		if [ "$n" = 0 ] || { [ "$status" != 0 ] && ! grep -q '^not ok' "$TMP/unit.out"; }; then
			record fail "$name (exit $status)"
			sed 's/^/    /' "$TMP/unit.out" >&2
		fi
	done
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
	"$RAILYARD" "$@" >"$TMP/out" 2>"$TMP/err" </dev/null
	echo $? >"$TMP/status"
	if [ "${UPDATE:-}" = 1 ]; then
		for f in out err; do
			if [ -s "$TMP/$f" ]; then cp "$TMP/$f" "$D/$f"; else rm -f "$D/$f"; fi
		done
		if [ "$(cat "$TMP/status")" = 0 ]; then rm -f "$D/status"; else cp "$TMP/status" "$D/status"; fi
	fi
	ok=ok
	for f in out err; do
		if [ -f "$D/$f" ]; then exp="$D/$f"; else exp=/dev/null; fi
		diff -u --label "expected $D/$f" --label "actual" "$exp" "$TMP/$f" >&2 || ok=fail
	done
	if [ -f "$D/status" ]; then want=$(cat "$D/status"); else want=0; fi
	got=$(cat "$TMP/status")
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
	sh "$s" >"$TMP/cli.out" 2>"$TMP/cli.err"
	status=$?
	n=0
	while IFS= read -r line; do
		case "$line" in
		"ok "*) record ok "cli/$1"; n=$((n + 1));;
		"not ok "*) record fail "cli/$1: ${line#not ok - }"; n=$((n + 1));;
		"#"*) echo "    $line" >&2;;
		esac
	done <"$TMP/cli.out"
	if [ "$n" = 0 ] || [ "$status" != 0 ]; then
		record fail "cli/$1 (exit $status, $n checks)"
		sed 's/^/    /' "$TMP/cli.err" >&2
	elif grep -q '^not ok' "$TMP/cli.out"; then
		sed 's/^/    /' "$TMP/cli.err" >&2
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

case "${1:-all}" in
unit) run_unit;;
golden) shift; run_golden "$@";;
cli) shift; run_cli "$@";;
all) touch "$TMP/start"; run_unit; run_golden; run_cli; check_tree;;
*) echo "usage: tests/run.sh [unit | golden [NAME] | cli [NAME]]" >&2; exit 2;;
esac

if [ "$fail" -gt 0 ]; then
	echo "failed:$failed"
fi
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]

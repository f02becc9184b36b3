# Helpers for tests/cli/*.sh. Each check prints "ok - WHAT" or "not ok - WHAT".
# Source it: . tests/cli/lib.sh

# The scratch folder: tests/run.sh gives each script its own $WORK. A script run
# by hand without one gets a fresh folder, never the current folder or / (an
# empty $WORK once scattered 60 files into the root of a machine).
if [ -z "${WORK:-}" ]; then
	WORK=$(mktemp -d "${TMPDIR:-/tmp}/railyard-cli.XXXXXX") || exit 2
	export WORK
	echo "# WORK was unset: scratch folder $WORK" >&2
fi

# ok_if WHAT COMMAND...: passes when COMMAND succeeds.
ok_if() {
	what=$1; shift
	if "$@"; then echo "ok - $what"; else echo "not ok - $what"; fi
}

# expect_eq WHAT EXPECTED ACTUAL
expect_eq() {
	if [ "$2" = "$3" ]; then echo "ok - $1"
	else echo "not ok - $1"; echo "  expected: $2" >&2; echo "  actual:   $3" >&2; fi
}

# expect_status WHAT STATUS COMMAND...: runs COMMAND, compares its exit status.
expect_status() {
	what=$1; want=$2; shift 2
	"$@" >"$WORK/last.out" 2>"$WORK/last.err"
	got=$?
	if [ "$got" = "$want" ]; then echo "ok - $what"
	else echo "not ok - $what"; echo "  exit $got, expected $want" >&2; sed 's/^/  /' "$WORK/last.err" >&2; fi
}

# expect_grep WHAT PATTERN FILE: FILE contains a line matching the extended regex.
expect_grep() {
	if grep -Eq -- "$2" "$3"; then echo "ok - $1"
	else echo "not ok - $1"; echo "  no line matches /$2/ in $3:" >&2; head -20 "$3" | sed 's/^/  /' >&2; fi
}

# wait_log N PATTERN LOG: waits (at most 30 s) until LOG has N lines matching
# PATTERN. A missing LOG counts as none: a background job's own redirection
# runs after `&` returns, and a grep on a file not yet made once ended the
# wait at once, so the test edited before the first build (CI saw it).
wait_log() {
	_i=0
	while :; do
		_n=$(grep -c -- "$2" "$3" 2>/dev/null) || _n=${_n:-0}
		[ "${_n:-0}" -ge "$1" ] && return 0
		[ $_i -ge 300 ] && return 1
		sleep 0.1; _i=$((_i + 1))
	done
}

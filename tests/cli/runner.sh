# tests/run.sh itself (issue 33): a check that says "# SKIP" is counted as a
# skip, never as a pass, and the summary line is "N passed, N failed, N
# skipped" (its start, "N passed, N failed", is what CI's tail and the README
# quote); a script with no check at all fails.
. tests/cli/lib.sh
F="$WORK/tree"
mkdir -p "$F/tests/cli" "$F/unit"
cp tests/run.sh "$F/tests/run.sh"
cat >"$F/tests/cli/mixed.sh" <<'EOF'
echo "ok - a check that ran"
echo "ok - a check that could not run here # SKIP no such tool"
echo "ok - the same, TAP's lower case # skip no such file"
echo "not ok - a check that failed"
EOF
printf 'echo "ok - fine"\necho "ok - fine too"\n' >"$F/tests/cli/good.sh"
printf 'echo "# only a comment"\n' >"$F/tests/cli/empty.sh"
# a cmocka test in TAP form: one pass, one skip()
cat >"$F/unit/test_fake" <<'EOF'
#!/bin/sh
echo "1..2"
echo "ok 1 - runs"
echo "ok 2 # SKIP needs a word list"
EOF
chmod +x "$F/unit/test_fake"
run() {
	(cd "$F" && UNIT_DIR="$F/unit" RAILYARD=/bin/false JOBS=1 env -u RUN_TMP -u RESULTS sh tests/run.sh "$@" >"$WORK/run.out" 2>"$WORK/run.err")
	echo $?
}
expect_eq "one script with a pass, two skips and a failure: exit 1" 1 "$(run cli mixed)"
expect_eq "the summary counts the skips apart" "1 passed, 1 failed, 2 skipped" "$(tail -n 1 "$WORK/run.out")"
expect_grep "and lists them with their reason" "^  cli/mixed: a check that could not run here # SKIP no such tool$" "$WORK/run.out"
expect_eq "all passing: exit 0" 0 "$(run cli good)"
expect_eq "... 2 passed, 0 failed, 0 skipped" "2 passed, 0 failed, 0 skipped" "$(tail -n 1 "$WORK/run.out")"
expect_grep "the summary starts as CI and the README quote it" "^[0-9]+ passed, [0-9]+ failed" "$WORK/run.out"
expect_eq "a script with no check: exit 1" 1 "$(run cli empty)"
expect_eq "... counted as a failure" "0 passed, 1 failed, 0 skipped" "$(tail -n 1 "$WORK/run.out")"
expect_eq "a unit test's skip(): exit 0" 0 "$(run unit)"
expect_eq "... counted as a skip" "1 passed, 0 failed, 1 skipped" "$(tail -n 1 "$WORK/run.out")"
# The whole run (parallel jobs, results read back): the same counts. The fake
# tree is no git checkout, so check_tree adds nothing.
rm "$F/tests/cli/empty.sh"
expect_eq "a whole run: exit 1" 1 "$(cd "$F" && GIT_DIR=/nonexistent run)"
expect_eq "... every job's skips in the summary" "4 passed, 1 failed, 3 skipped" "$(tail -n 1 "$WORK/run.out")"

# No shipped script reports a skip any other way: "ok - skipped: ..." or a
# "# ... skipped" comment would pass, or say nothing, where a check did not run.
bad=$(grep -nE '^[[:space:]]*echo "(ok - [^#"]*skip|# [^"]*skip)' tests/cli/*.sh | grep -v '# SKIP' | grep -v '^tests/cli/runner.sh')
expect_eq "every skip in tests/cli is a TAP skip directive" "" "$bad"

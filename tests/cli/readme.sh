# README.md and the man pages show what railyard does today (tools/readme.py): every
# "<!-- output: COMMAND -->" block is what COMMAND prints (`make readme` rewrites
# them after an intended change), and every example command of the README and of each
# man page's EXAMPLES runs as written with the exit status it documents.
. tests/cli/lib.sh
if python3 tools/readme.py >"$WORK/readme.diff" 2>"$WORK/readme.err"; then
	echo "ok - every README output block matches its command"
else
	echo "not ok - every README output block matches its command"
	cat "$WORK/readme.diff" "$WORK/readme.err" >&2
fi
ok_if "README has its marked blocks" [ "$(grep -c '^<!-- output: ' README.md)" -ge 2 ]
# one line per example: "ok - README.md:52: railyard list ..."
python3 tools/readme.py --examples >"$WORK/examples.out" 2>"$WORK/examples.err"
cat "$WORK/examples.out"
grep -q '^not ok' "$WORK/examples.out" && cat "$WORK/examples.err" >&2
n=$(grep -c '^ok - ' "$WORK/examples.out")
ok_if "the README and the man pages give at least 30 examples" test "$n" -ge 30
for m in man/railyard.1 man/railyard-pack.5 man/railyard-template.5; do
	ok_if "$m's EXAMPLES run" grep -q "^ok - $m:" "$WORK/examples.out"
done

# The documentation shows what railyard does today (tools/readme.py): in README.md and
# every page docs/*.md, every "<!-- output: COMMAND -->" block is what COMMAND prints
# (`make readme` rewrites them after an intended change), and every example command of
# those pages and of each man page's EXAMPLES runs as written, each page's top to bottom
# in one folder, with the exit status it documents. The README lists every page.
. tests/cli/lib.sh
if python3 tools/readme.py >"$WORK/readme.diff" 2>"$WORK/readme.err"; then
	echo "ok - every output block of the README and docs/*.md matches its command"
else
	echo "not ok - every output block of the README and docs/*.md matches its command"
	cat "$WORK/readme.diff" "$WORK/readme.err" >&2
fi
ok_if "the pages have their marked blocks" \
	[ "$(cat README.md docs/*.md | grep -c '^<!-- output: ')" -ge 4 ]
ok_if "the README has an output block of its own" grep -q '^<!-- output: ' README.md
# the README is the short guide; the reference is in docs/ and man/
ok_if "the README is short (at most 250 lines)" [ "$(wc -l <README.md)" -le 250 ]
expect_grep "the README starts its set-up with make demo" '^    make demo ' README.md
expect_grep "... and make test" '^    make test ' README.md
for p in docs/*.md; do
	ok_if "the README lists $p" grep -q "^- \[$p\]($p)" README.md
done
grep -o '^- \[docs/[^]]*\]' README.md | sed 's/^- \[//; s/\]$//' >"$WORK/listed"
ok_if "the README lists pages that exist" test "$(while read -r p; do test -f "$p" || echo "$p"; done <"$WORK/listed")" = ""
# every link from one page to another lands on a file
for p in README.md docs/*.md; do
	d=$(dirname "$p")
	grep -oE '\]\([^)#:]+(#[^)]*)?\)' "$p" | sed -E 's/^\]\(//; s/(#.*)?\)$//' | sort -u >"$WORK/links"
	ok_if "$p: every link to a file lands on one" \
		test "$(while read -r l; do test -e "$d/$l" || echo "$l"; done <"$WORK/links")" = ""
done
# one line per example: "ok - README.md:52: railyard list ..."
python3 tools/readme.py --examples >"$WORK/examples.out" 2>"$WORK/examples.err"
cat "$WORK/examples.out"
grep -q '^not ok' "$WORK/examples.out" && cat "$WORK/examples.err" >&2
n=$(grep -c '^ok - ' "$WORK/examples.out")
ok_if "the pages and the man pages give at least 30 examples" test "$n" -ge 30
ok_if "the README's first design ran as one script" \
	grep -qE '^ok - README.md:[0-9]+ \(script first-design\):' "$WORK/examples.out"
# every page's examples ran, each of them: as many "ok" lines as the page has examples
python3 tools/readme.py --pages >"$WORK/pages"
ok_if "the README, docs/*.md and man/* are the pages" \
	test "$(wc -l <"$WORK/pages")" -eq "$(ls README.md docs/*.md man/* | wc -l)"
while read -r p n; do
	expect_eq "$p: its $n examples ran" "$n" "$(grep -c "^ok - $p:" "$WORK/examples.out")"
done <"$WORK/pages"
for m in README.md docs/games.md docs/print.md docs/simulate.md docs/trains.md docs/tune.md \
	man/railyard.1 man/railyard-pack.5 man/railyard-template.5; do
	ok_if "$m gives examples" grep -q "^$m [1-9]" "$WORK/pages"
done

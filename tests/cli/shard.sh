# Shard files (issue 32): `railyard merge` reads them with a strict, bounded
# reader. Every damaged or hostile shard below exits 2 at its file:line:col,
# within 20 s, with no crash (each crashed, spun or was silently merged before
# gen/play/shard.c, under the sanitizer build); shards of another railyard, pack or
# space are refused, naming which; the text report escapes control characters
# and --json stays JSON. Then issue 29: tune's shards run under GNU parallel
# merge to the single run's report, byte for byte.
. tests/cli/lib.sh
LSAN_OPTIONS="suppressions=$PWD/tests/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
export LSAN_OPTIONS
R=$RAILYARD
P=packs/examples/tune/take-the-train.yaml
T="--players 2 --games 256 -q"   # 8 variants x 1 count x 1 segment: 8 records

# shards NAME: shards 1 and 2 of 2 of the small search into $WORK/NAME
shards() {
	for k in 1 2; do "$R" tune $P $T --shard $k/2 -o "$WORK/$1" || echo "not ok - tune --shard $k/2 into $1"; done
}
shards good
S1=$WORK/good/shard-1-of-2.txt
S2=$WORK/good/shard-2-of-2.txt
"$R" tune $P $T >"$WORK/single.txt"
timeout 60 "$R" merge "$WORK/good" >"$WORK/merged.txt"
ok_if "two shards merged are the single run, byte for byte" cmp -s "$WORK/single.txt" "$WORK/merged.txt"

# case NAME: a folder $WORK/NAME with shard 2 as it is; the caller writes shard 1
case_dir() {
	mkdir -p "$WORK/$1"
	cp "$S2" "$WORK/$1/"
}

# refused WHAT DIR PATTERN: merge DIR exits 2 within 20 s; stderr matches
# "railyard: DIR/FILE:LINE:COL: error: PATTERN"
refused() {
	expect_status "$1: exit 2" 2 timeout 20 "$R" merge "$2"
	expect_grep "$1: located, with the reason" "^railyard: $2/shard-[0-9]+-of-[0-9]+\.txt:[0-9]+:[0-9]+: error: $3" "$WORK/last.err"
}

# --- the issue's repro: a format-1 shard cut before its run line ----------------
mkdir -p "$WORK/repro"
printf 'railyard-tune-shard 1\npack a b c d\nspace s\ncounts 1 2\nshard 1 1 0\n' >"$WORK/repro/shard-1-of-1.txt"
refused "the issue's repro" "$WORK/repro" "a shard of format 1; this railyard .* reads format 3"
# ... and the same in today's format: the header stops at the counts
mkdir -p "$WORK/repro2"
{ sed -n '1,4p' "$S1"; printf 'pack a b c d\nspace s\ncounts 1 2\nshard 1 1 0\n'; } >"$WORK/repro2/shard-1-of-1.txt"
refused "the repro in today's format" "$WORK/repro2" "'shard' where 'run' should be"

# --- '%' and one hex digit at the end of a field -----------------------------------
case_dir pct
sed 's/^pack \([^ ]*\) /pack \1%4 /' "$S1" >"$WORK/pct/shard-1-of-2.txt"
refused "'%4' ending the pack's path" "$WORK/pct" "the pack's path: '%' must be followed by two hex digits"
case_dir pct-eol
sed 's/^\(variant 0 .*\)$/\1%a/' "$S1" >"$WORK/pct-eol/shard-1-of-2.txt"
refused "'%a' ending a line" "$WORK/pct-eol" "why it cannot be played .*: '%' must be followed by two hex digits"

# --- huge numbers: checked before anything is allocated for them --------------------
case_dir huge-n
sed 's/^shard 1 2 /shard 1 99999999999999 /' "$S1" >"$WORK/huge-n/shard-1-of-2.txt"
refused "N of 10^14 shards" "$WORK/huge-n" "N must be a whole number 1\.\.100000"
case_dir huge-games
sed 's/^run \([0-9]*\) [0-9]* /run \1 9223372036854775552 /' "$S1" >"$WORK/huge-games/shard-1-of-2.txt"
refused "--games of 2^63 - 256" "$WORK/huge-games" "--games must be a whole number 256\.\.100000000"
case_dir huge-grid
awk '$1 == "run" { $6 = 1000000; $11 = 4096 } { print }' "$S1" >"$WORK/huge-grid/shard-1-of-2.txt"
refused "length tables no merge holds (4096 variants, --max-turns 10^6)" "$WORK/huge-grid" \
	"4096 variants x 1 counts x 1000001 lengths .* make 4096004096 length counters, more than the 268435456"
case_dir huge-wins
sed 's/^\(seg [0-9]* [0-9]* [0-9]*\) [0-9]* /\1 18446744073709551615 /' "$S1" >"$WORK/huge-wins/shard-1-of-2.txt"
refused "a record of 2^64 - 1 games" "$WORK/huge-wins" "the games must be a whole number 256\.\.256"

# --- cut short ---------------------------------------------------------------------
case_dir counts-nl
{ sed -n '1,6p' "$S1"; printf 'counts 1 2'; } >"$WORK/counts-nl/shard-1-of-2.txt"
refused "a counts line without its newline" "$WORK/counts-nl" "the last line has no newline: the file is cut short"
case_dir cut-line
n=$(wc -l <"$S1")
head -n $((n - 2)) "$S1" >"$WORK/cut-line/shard-1-of-2.txt"
refused "a shard cut after a record (it spun forever)" "$WORK/cut-line" \
	"the file ends where record 4 of the 4 its 'shard' line promises should be"
case_dir cut-byte
head -c $(($(wc -c <"$S1") - 9)) "$S1" >"$WORK/cut-byte/shard-1-of-2.txt"
refused "a shard cut inside a record" "$WORK/cut-byte" "the last line has no newline"
case_dir no-end
sed '$d' "$S1" >"$WORK/no-end/shard-1-of-2.txt"
refused "a shard without its end line" "$WORK/no-end" "the file ends where 'end' should be"
case_dir dup
{ sed '$d' "$S1" | sed 's/^shard 1 2 4$/shard 1 2 5/'; grep '^seg' "$S1" | head -1; echo end; } >"$WORK/dup/shard-1-of-2.txt"
expect_status "a record given twice: exit 2" 2 "$R" merge "$WORK/dup"
expect_grep "a record given twice: named" "shard 1 of 2 holds games 0\.\.255 of variant #1 at 2 players twice" "$WORK/last.err"

# --- mixed versions -----------------------------------------------------------------
cp $P "$WORK/pack.yaml"
"$R" tune "$WORK/pack.yaml" $T --shard 1/2 -o "$WORK/mixed"
echo "# edited after shard 1" >>"$WORK/pack.yaml"
"$R" tune "$WORK/pack.yaml" $T --shard 2/2 -o "$WORK/mixed"
refused "shards of two versions of the pack" "$WORK/mixed" "a shard of another version of the pack \(its content hash [0-9a-f]{16}; .*shard-1-of-2.txt's: [0-9a-f]{16}\)"
case_dir version
sed 's/^railyard [0-9].*/railyard 0.0.1/' "$S1" >"$WORK/version/shard-1-of-2.txt"
refused "shards of two railyards" "$WORK/version" "a shard made by railyard .*; .* was made by railyard 0\.0\.1"
"$R" tune $P $T --vary 'rules.rounds=1,3,5,7' --vary 'without=[transfer],[]' --shard 2/2 -o "$WORK/space"
cp "$S1" "$WORK/space/"
refused "shards of two spaces" "$WORK/space" "a shard of another space \(its hash"
"$R" tune $P $T --seed 9 --shard 2/2 -o "$WORK/seed"
cp "$S1" "$WORK/seed/"
refused "shards of two seeds" "$WORK/seed" "a shard of another search: its --seed is 9, .*'s is 1"

# --- objectives and requirements (issue 29): the goals and the skill games --------
O="--objective skill --objective length=0 --require completion=0.5.. --skill-levels random,greedy"
for k in 1 2; do "$R" tune $P $T $O --shard $k/2 -o "$WORK/goals" || echo "not ok - tune $O --shard $k/2"; done
G1=$WORK/goals/shard-1-of-2.txt
"$R" tune $P $T $O >"$WORK/goals-one.txt"
"$R" tune $P $T $O --json >"$WORK/goals-one.json"
timeout 60 "$R" merge "$WORK/goals" >"$WORK/goals-merged.txt"
ok_if "objectives, a requirement and skill: the merge is the single run, byte for byte" \
	cmp -s "$WORK/goals-one.txt" "$WORK/goals-merged.txt"
timeout 60 "$R" merge --json "$WORK/goals" >"$WORK/goals-merged.json"
ok_if "... and its JSON" cmp -s "$WORK/goals-one.json" "$WORK/goals-merged.json"
expect_grep "... which has a front" "^front \(" "$WORK/goals-merged.txt"
# goal_case NAME SED: shard 2 as it is, shard 1 edited by SED
goal_case() {
	mkdir -p "$WORK/$1"
	cp "$WORK/goals/shard-2-of-2.txt" "$WORK/$1/"
	sed "$2" "$G1" >"$WORK/$1/shard-1-of-2.txt"
}
goal_case goals-noskill 's/^goals 2 1 random,greedy$/goals 2 1 -/'
refused "skill an objective, its levels gone" "$WORK/goals-noskill" "skill levels missing, but skill is an objective"
goal_case goals-levels 's/^goals 2 1 random,greedy$/goals 2 1 random,mcts:064/'
refused "skill levels not as tune names them" "$WORK/goals-levels" "the skill levels must be two levels as tune names them"
goal_case goals-unknown 's/^objective length=0$/objective speed/'
refused "an objective this railyard does not know" "$WORK/goals-unknown" "'speed' is not an objective this railyard reads"
goal_case goals-twice 's/^objective length=0$/objective skill/'
refused "an objective twice" "$WORK/goals-twice" "'skill' is not an objective .*, or it is given twice"
goal_case goals-count 's/^goals 2 1 /goals 7 1 /'
refused "more objectives than tune takes" "$WORK/goals-count" "the number of objectives must be a whole number 0\.\.6"
goal_case goals-noseg '0,/^seg/s/ skill [0-9]* [0-9]* [0-9]*$//'
refused "a record without its skill games" "$WORK/goals-noseg" "the line ends where skill should be"
goal_case goals-wins '0,/^seg/s/ skill \([0-9]*\) \([0-9]*\) [0-9]*$/ skill \1 \2 999/'
refused "the stronger winning more games than have a winner" "$WORK/goals-wins" "the stronger's wins must be a whole number 0\.\."
goal_case goals-games '0,/^seg/s/ skill [0-9]* / skill 31 /'
refused "skill games not 16 deals of 2" "$WORK/goals-games" "the skill games must be a whole number 32\.\.32"
"$R" tune $P $T --objective skill --skill-levels random,greedy --shard 2/2 -o "$WORK/goals-other"
cp "$G1" "$WORK/goals-other/"
refused "shards of other goals" "$WORK/goals-other" "a shard of another search: its line 9 \(the goals \(--objective, --require, --skill-levels\)\)"

# --- the reports are escaped --------------------------------------------------------
# a variant's keys with ESC, a quote and a backslash (both shards alike); and
# keys as JSON that are not one JSON object (an injection into merge --json)
mkdir -p "$WORK/esc" "$WORK/inject"
for f in "$S1" "$S2"; do
	sed 's/^variant 0 0 rules.rounds=1 /variant 0 0 rules.rounds=1%1b[31m%22%5c /' "$f" >"$WORK/esc/$(basename "$f")"
done
expect_status "control characters in a shard: merge exits 0" 0 "$R" merge "$WORK/esc"
ok_if "the text report holds no ESC byte" sh -c "! grep -q \"\$(printf '\\033')\" '$WORK/last.out'"
expect_grep "the text report shows it escaped" 'rules\.rounds=1\\x1b\[31m"\\' "$WORK/last.out"
"$R" merge --json "$WORK/esc" >"$WORK/esc.json"
expect_eq "merge --json is JSON, the keys as they were" 'rules.rounds=1\u001b[31m"\' \
	"$(jq -r '.variants[] | select(.variant == 1) | .differ' "$WORK/esc.json" | sed 's/\x1b/\\u001b/')"
for f in "$S1" "$S2"; do
	sed 's/^\(variant 0 0 [^ ]* [^ ]*\) [^ ]* /\1 {"a":%201},"best":%20{} /' "$f" >"$WORK/inject/$(basename "$f")"
done
refused "keys as JSON that are not one object" "$WORK/inject" "the keys as JSON are not one JSON object"

# --- GNU parallel (issue 29): the shards as jobs, merged to the single run ------------
if command -v parallel >/dev/null 2>&1; then
	G="--players 2..3 --games 512 -q"
	"$R" tune $P $G >"$WORK/one.txt"
	"$R" tune $P $G --json >"$WORK/one.json"
	parallel -j2 --halt now,fail=1 "$R" tune $P $G --shard {}/3 -o "$WORK/par" ::: 1 2 3 </dev/null
	ok_if "parallel -j2 ran the 3 shards" test -s "$WORK/par/shard-3-of-3.txt"
	# (a merge whose counts never fill a cell would race forever: 60 s at most)
	timeout 60 "$R" merge "$WORK/par" >"$WORK/par.txt"
	ok_if "parallel's shards merged: the single run's report byte for byte" cmp -s "$WORK/one.txt" "$WORK/par.txt"
	timeout 60 "$R" merge --json "$WORK/par" >"$WORK/par.json"
	ok_if "... and its JSON byte for byte" cmp -s "$WORK/one.json" "$WORK/par.json"
	# with objectives, a requirement and the skill games
	G="$G --vary rules.rounds=1,9 --completion 0 $O"
	"$R" tune $P $G >"$WORK/one-goals.txt"
	"$R" tune $P $G --json >"$WORK/one-goals.json"
	parallel -j2 --halt now,fail=1 "$R" tune $P $G --shard {}/3 -o "$WORK/par-goals" ::: 1 2 3 </dev/null
	timeout 60 "$R" merge "$WORK/par-goals" >"$WORK/par-goals.txt"
	ok_if "parallel's shards with objectives merged: the single run's report byte for byte" \
		cmp -s "$WORK/one-goals.txt" "$WORK/par-goals.txt"
	timeout 60 "$R" merge --json "$WORK/par-goals" >"$WORK/par-goals.json"
	ok_if "... and its JSON byte for byte" cmp -s "$WORK/one-goals.json" "$WORK/par-goals.json"
elif [ -n "${CI:-}" ]; then
	echo "not ok - GNU parallel is installed in CI (tools/deps.sh test installs Debian's parallel)"
else
	echo "ok - the parallel shards # SKIP GNU parallel missing (apt-get install parallel, or tools/deps.sh test)"
fi

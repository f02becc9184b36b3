# railyard simulate: determinism across --threads, --json keys, rule options
# that move outcomes the expected way, the plot files, and bad input.
. tests/cli/lib.sh
# fontconfig's process-long caches are not leaks of ours (sanitizer build only)
LSAN_OPTIONS="suppressions=$PWD/tests/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
export LSAN_OPTIONS
P1=packs/pattern-one-census-seven.yaml
P2=packs/pattern-two-census-seven.yaml

# jq FILTER FILE: one value, compact
jqv() { jq -c "$1" "$2"; }

# --- the same seed gives the same report whatever --threads is -------------
for t in 1 2 3; do
	"$RAILYARD" simulate $P2 --players 4 --games 600 --seed 7 --threads $t --json >"$WORK/t$t.json"
	grep -v '"timing"' "$WORK/t$t.json" >"$WORK/t$t.notime"
	"$RAILYARD" simulate $P1 --players 3 --games 300 --seed 7 --threads $t --policy spoiler,random,greedy \
		>"$WORK/t$t.txt"
	grep -v '^time:' "$WORK/t$t.txt" >"$WORK/t$t.txtnotime"
done
ok_if "json: --threads 1 and 2 give the same report" cmp -s "$WORK/t1.notime" "$WORK/t2.notime"
ok_if "json: --threads 1 and 3 give the same report" cmp -s "$WORK/t1.notime" "$WORK/t3.notime"
ok_if "text: --threads 1, 2 and 3 give the same report" \
	sh -c "cmp -s '$WORK/t1.txtnotime' '$WORK/t2.txtnotime' && cmp -s '$WORK/t1.txtnotime' '$WORK/t3.txtnotime'"
"$RAILYARD" simulate $P2 --players 4 --games 600 --seed 8 --json | grep -v '"timing"' >"$WORK/s8.notime"
ok_if "another seed gives another report" sh -c "! cmp -s '$WORK/t1.notime' '$WORK/s8.notime'"
# the first 300 games of a series are the first 300 of a longer one: wins add up
"$RAILYARD" simulate $P2 --players 4 --games 300 --seed 7 --json >"$WORK/half.json"
ok_if "games are numbered, not drawn from one stream: a shorter series is a prefix" \
	test "$(jqv '.wins | add' "$WORK/half.json")" -le "$(jqv '.wins | add' "$WORK/t1.json")"

# --- --json keys --------------------------------------------------------------
J="$WORK/t1.json"
ok_if "json parses" jq -e . "$J"
expect_eq "json: games" 600 "$(jqv .games "$J")"
expect_eq "json: one win_rate per seat" 4 "$(jqv '.win_rate | length' "$J")"
expect_eq "json: a 95% interval per seat around its rate" true \
	"$(jqv '[range(4) as $i | .win_rate_ci[$i][0] <= .win_rate[$i] and .win_rate[$i] <= .win_rate_ci[$i][1]] | all' "$J")"
expect_eq "json: completion is won games over games" true "$(jqv '.completion == (.wins | add) / .games' "$J")"
expect_eq "json: balance is 1 minus the largest gap between seats" true \
	"$(jqv '(.balance - (1 - ((.win_rate | max) - (.win_rate | min)))) | fabs < 1e-5' "$J")"
expect_eq "json: length has mean, sd, p10, p50, p90" '["mean","p10","p50","p90","sd"]' \
	"$(jqv '.length | keys - ["min","max"]' "$J")"
expect_eq "json: percentiles in order" true \
	"$(jqv '.length | .min <= .p10 and .p10 <= .p50 and .p50 <= .p90 and .p90 <= .max' "$J")"
expect_eq "json: 28 abilities of pattern two, each with used and used_by_winner" 28 \
	"$(jqv '[.abilities[] | select(has("used") and has("used_by_winner") and .used_by_winner <= .used)] | length' "$J")"
expect_eq "json: abilities keyed by code" '"A → X"' "$(jqv '.abilities.AX.ability' "$J")"
expect_eq "json: timing only under timing" '["games_per_second","seconds","threads"]' "$(jqv '.timing | keys' "$J")"
expect_eq "json: every ability use is counted once" true \
	"$(jqv '([.abilities[].used] | add) == .moves.on_self + .moves.on_opponent + .moves.across' "$J")"

# --- rule options move outcomes the expected way -----------------------------
# §11: freezing protects cards from the spoilers' abilities: shorter games, fewer timeouts
"$RAILYARD" simulate $P2 --players 4 --games 300 --policy spoiler --json >"$WORK/f0.json"
"$RAILYARD" simulate $P2 --players 4 --games 300 --policy spoiler --rule freeze-tokens=2 --json >"$WORK/f2.json"
expect_eq "freeze-tokens=0 freezes nothing" 0 "$(jqv .moves.freezes "$WORK/f0.json")"
ok_if "freeze-tokens=2 freezes cards" test "$(jqv .moves.freezes "$WORK/f2.json")" -gt 0
ok_if "freezing shortens spoilers' games" \
	jq -e -n --slurpfile a "$WORK/f0.json" --slurpfile b "$WORK/f2.json" '$b[0].length.mean < $a[0].length.mean'
ok_if "freezing does not lower completion" \
	jq -e -n --slurpfile a "$WORK/f0.json" --slurpfile b "$WORK/f2.json" '$b[0].completion >= $a[0].completion'
# §7: with two packs, allowing repeated numbers in a winning sequence shortens games
"$RAILYARD" simulate packs/pattern-two-two-packs.yaml --players 4 --games 1500 --json >"$WORK/nd.json"
"$RAILYARD" simulate packs/pattern-two-two-packs.yaml --players 4 --games 1500 --rule win=ascending --json >"$WORK/asc.json"
expect_eq "the pack's own rule is never-descending" '"never-descending"' "$(jqv '.rules.win' "$WORK/nd.json")"
ok_if "never-descending games are shorter than ascending ones (beyond 3 standard errors)" \
	jq -e -n --slurpfile a "$WORK/asc.json" --slurpfile b "$WORK/nd.json" \
	'($a[0].length.mean - $b[0].length.mean) > 3 * ((($a[0].length.sd | . * .) / $a[0].completed + ($b[0].length.sd | . * .) / $b[0].completed) | sqrt)'
# reshuffle: without it the draw pile runs dry and random players get stuck
"$RAILYARD" simulate $P1 --players 2 --games 200 --policy random --max-turns 200 --json >"$WORK/r1.json"
"$RAILYARD" simulate $P1 --players 2 --games 200 --policy random --max-turns 200 --rule reshuffle=false --json >"$WORK/r0.json"
ok_if "reshuffle=true reshuffles and never stalls" \
	jq -e '.moves.reshuffles > 0 and .stalled == 0' "$WORK/r1.json"
ok_if "reshuffle=false never reshuffles, and games stall" \
	jq -e '.moves.reshuffles == 0 and .stalled > 0' "$WORK/r0.json"
# the opening: discarding the rejected cards is fairer than laying them face up
# (seat 1 would pick them up next); the JSON names the choice
"$RAILYARD" simulate $P1 --players 4 --games 2000 --json >"$WORK/o-up.json"
"$RAILYARD" simulate $P1 --players 4 --games 2000 --rule opening=discard --json >"$WORK/o-disc.json"
expect_eq "opening: face-up by default" '"face-up"' "$(jqv .rules.opening "$WORK/o-up.json")"
ok_if "opening=discard: fairer than face-up, and seat 1 wins less" \
	jq -e -n --slurpfile a "$WORK/o-up.json" --slurpfile b "$WORK/o-disc.json" \
	'$b[0].balance > $a[0].balance + 0.03 and $b[0].win_rate[0] < $a[0].win_rate[0]'
expect_status "opening=sideways: exit 2" 2 "$RAILYARD" simulate $P1 --players 2 --rule opening=sideways

# apply-to: self forbids using abilities on opponents
"$RAILYARD" simulate $P2 --players 3 --games 200 --policy spoiler --rule apply-to=self --json >"$WORK/self.json"
expect_eq "apply-to=self: no ability is used on an opponent" 0 "$(jqv .moves.on_opponent "$WORK/self.json")"
ok_if "spoilers use abilities on opponents when allowed" test "$(jqv .moves.on_opponent "$WORK/f0.json")" -gt 0
# §6: swaps across sequences happen only with swap-across
"$RAILYARD" simulate packs/pattern-three-census-five.yaml --players 3 --games 200 --json >"$WORK/x.json"
"$RAILYARD" simulate packs/pattern-three-census-five.yaml --players 3 --games 200 --rule swap-across=none --json >"$WORK/x0.json"
ok_if "pattern three swaps across sequences" test "$(jqv .moves.across "$WORK/x.json")" -gt 0
expect_eq "swap-across=none: no swap across sequences" 0 "$(jqv .moves.across "$WORK/x0.json")"
# the players table: two players of pattern two use cards 1-56
expect_eq "two players use the pack's 56 cards for two" 56 \
	"$("$RAILYARD" simulate $P2 --players 2 --games 10 --json | jq .cards)"

# policies: a spoiler beats a greedy player in either seat; greedy beats random
for pol in spoiler,greedy greedy,spoiler random,greedy; do
	"$RAILYARD" simulate $P2 --players 2 --games 1000 --policy $pol --json >"$WORK/pol-$pol.json"
done
ok_if "spoiler in seat 1 beats greedy" jq -e '.win_rate[0] > 0.6' "$WORK/pol-spoiler,greedy.json"
ok_if "spoiler in seat 2 beats greedy" jq -e '.win_rate[1] > 0.6' "$WORK/pol-greedy,spoiler.json"
ok_if "greedy beats random" jq -e '.win_rate[1] > 0.9' "$WORK/pol-random,greedy.json"
expect_eq "the report names each seat's policy" '["random","greedy"]' "$(jqv .policies "$WORK/pol-random,greedy.json")"

# --- compare and plots ----------------------------------------------------------
"$RAILYARD" simulate $P1 --players 2 --games 300 --compare $P2 --json >"$WORK/cmp.json"
expect_eq "compare: both packs in one JSON" '["pattern-one-census-seven","pattern-two-census-seven"]' \
	"$(jq -c '[.pack, .compare.pack]' "$WORK/cmp.json")"
"$RAILYARD" simulate $P1 --players 2 --games 300 --compare $P2 >"$WORK/cmp.txt"
expect_grep "compare: says which is fairer" '^fairer: ' "$WORK/cmp.txt"
expect_grep "compare: says which is faster" '^faster: pattern-(one|two)-census-seven \(mean' "$WORK/cmp.txt"
for ext in svg pdf png; do
	expect_status "plot .$ext written" 0 "$RAILYARD" simulate $P2 --players 3 --games 200 --compare $P1 \
		--plot "$WORK/plot.$ext"
done
ok_if "plot.svg renders" rsvg-convert "$WORK/plot.svg" -o "$WORK/plot-svg.png"
expect_grep "plot.pdf is one page" '^Pages: +1$' "$(pdfinfo "$WORK/plot.pdf" >"$WORK/pdfinfo"; echo "$WORK/pdfinfo")"
pdftotext "$WORK/plot.pdf" "$WORK/plot.txt"
expect_grep "plot.pdf has the seat labels" 'seat 3' "$WORK/plot.txt"
expect_grep "plot.pdf names both packs" 'pattern-two-census-seven vs pattern-one-census-seven' "$WORK/plot.txt"
expect_eq "plot.png is a PNG" "$(printf '\211PNG')" "$(head -c 4 "$WORK/plot.png")"
expect_status "plot into a missing folder: exit 3" 3 "$RAILYARD" simulate $P2 --players 2 --games 20 \
	--plot "$WORK/no/such/plot.svg"
ok_if "plot into a missing folder: nothing left behind" test ! -e "$WORK/no"
expect_grep "plot into a missing folder: says why" 'error: cannot write .*plot.svg: No such file' "$WORK/last.err"

# --- trace ------------------------------------------------------------------------
"$RAILYARD" simulate $P2 --players 3 --trace 4 >"$WORK/trace.txt"
expect_grep "trace: the deal" '^game 4, seed 1: the deal$' "$WORK/trace.txt"
expect_grep "trace: the opening of seat 3 draws three cards" '^  opening: draws [0-9]+ [0-9]+ [0-9]+, puts' "$WORK/trace.txt"
expect_grep "trace: ends with the winner" '^seat [1-3] wins after [0-9]+ turns$' "$WORK/trace.txt"
"$RAILYARD" simulate $P2 --players 2 --games 50 >/dev/null 2>"$WORK/quiet.err"
ok_if "nothing on stderr when it is not a terminal" test ! -s "$WORK/quiet.err"

# --- bad input --------------------------------------------------------------------
expect_status "no --players: exit 2" 2 "$RAILYARD" simulate $P2
expect_grep "no --players: says so" 'error: --players N is needed' "$WORK/last.err"
expect_status "unknown policy: exit 2" 2 "$RAILYARD" simulate $P2 --players 2 --policy greedy,clever
expect_grep "unknown policy: named" "unknown policy 'clever'" "$WORK/last.err"
expect_status "three policies for two players: exit 2" 2 "$RAILYARD" simulate $P2 --players 2 --policy greedy,random,spoiler
expect_status "unknown rule: exit 2" 2 "$RAILYARD" simulate $P2 --players 2 --rule speed=fast
expect_grep "unknown rule: listed" "unknown rule; the rules are apply-to" "$WORK/last.err"
expect_status "bad rule value: exit 2" 2 "$RAILYARD" simulate $P2 --players 2 --rule win=descending
expect_status "too many freeze tokens: exit 2" 2 "$RAILYARD" simulate $P2 --players 2 --rule freeze-tokens=8
expect_status "plot with an unknown extension: exit 2" 2 "$RAILYARD" simulate $P2 --players 2 --plot "$WORK/p.gif"
ok_if "plot with an unknown extension: nothing written" test ! -e "$WORK/p.gif"
expect_status "too many players for the cards: exit 2" 2 "$RAILYARD" simulate packs/pattern-three-census-five.yaml --players 16
expect_grep "too many players: says how many cards" 'need at least 81 cards' "$WORK/last.err"
expect_status "all problems reported at once" 2 "$RAILYARD" simulate $P2 --games 0 --threads x --policy nobody
ok_if "all problems reported at once: four errors" test "$(grep -c 'error:' "$WORK/last.err")" -ge 4
printf 'pack: bad\ngame: trains\ncensus: 99\n' >"$WORK/bad.yaml"
expect_status "invalid pack: exit 2" 2 "$RAILYARD" simulate "$WORK/bad.yaml" --players 2
expect_grep "invalid pack: file:line:col" 'bad.yaml:3:[0-9]+: error' "$WORK/last.err"
expect_status "--help: exit 0" 0 "$RAILYARD" simulate --help
expect_grep "--help documents the reshuffle rule" 'reshuffle=true.false' "$WORK/last.out"

# --- several player counts in one run ------------------------------------------------
"$RAILYARD" simulate $P1 --compare $P2 --players 2,3 --games 200 --json >"$WORK/runs.json"
expect_eq "--players 2,3: one run per count, each with its comparison" '[[2,2],[3,3]]' \
	"$(jq -c '[.runs[] | [.players, .compare.players]]' "$WORK/runs.json")"
"$RAILYARD" simulate $P2 --players 3 --games 200 --seed 3 --json | jq 'del(.timing)' >"$WORK/alone.json"
"$RAILYARD" simulate $P2 --players 2,3 --games 200 --seed 3 --json | jq '.runs[1] | del(.timing)' >"$WORK/in-runs.json"
ok_if "a count in a list reports what it reports alone" \
	jq -e -n --slurpfile a "$WORK/in-runs.json" --slurpfile b "$WORK/alone.json" '$a[0] == $b[0]'
"$RAILYARD" simulate $P1 --compare $P2 --players 2,3,4 --games 200 >"$WORK/runs.txt"
expect_eq "--players 2,3,4 --compare: a summary line per count" 3 "$(grep -c '^  [234] players: fairer: .*; faster: ' "$WORK/runs.txt")"
expect_status "--players 2,3,4 --plot: written" 0 "$RAILYARD" simulate $P1 --compare $P2 --players 2,3,4 --games 100 \
	--plot "$WORK/runs.pdf"
pdftotext "$WORK/runs.pdf" "$WORK/runs-pdf.txt"
expect_grep "plot: a row for four players" 'Win rate by seat, 4 players' "$WORK/runs-pdf.txt"
expect_status "--players 2,2: exit 2" 2 "$RAILYARD" simulate $P2 --players 2,2
expect_status "--policy per seat with two counts: exit 2" 2 "$RAILYARD" simulate $P2 --players 2,3 --policy greedy,random

# --- the progress bar: on a terminal only (script(1) gives one) ------------------------
if command -v script >/dev/null 2>&1; then
	script -qec "'$RAILYARD' simulate $P1 --players 2 --games 3000 >/dev/null" /dev/null >"$WORK/tty.out" 2>&1
	expect_grep "a progress bar on a terminal" '\] 3000/3000' "$WORK/tty.out"
	script -qec "'$RAILYARD' simulate $P1 --players 2 --games 3000 --quiet >/dev/null" /dev/null >"$WORK/ttyq.out" 2>&1
	ok_if "--quiet: no progress bar" sh -c "! grep -q '3000/3000' '$WORK/ttyq.out'"
fi

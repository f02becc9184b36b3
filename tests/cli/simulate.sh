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
# (jq 'del(.timing)' is the whole reproducible report: no timing elsewhere)
for t in 1 2 3 8; do
	"$RAILYARD" simulate $P2 --players 4 --games 600 --seed 7 --threads $t --json >"$WORK/t$t.json"
	jq 'del(.timing)' "$WORK/t$t.json" >"$WORK/t$t.notime"
	"$RAILYARD" simulate $P1 --players 3 --games 300 --seed 7 --threads $t --policy spoiler,random,greedy \
		>"$WORK/t$t.txt"
	grep -v '^time:' "$WORK/t$t.txt" >"$WORK/t$t.txtnotime"
	"$RAILYARD" simulate $P1 --compare $P2 --players 2,4 --games 300 --seed 7 --threads $t --json \
		2>/dev/null | jq 'del(.timing)' >"$WORK/c$t.notime"
done
ok_if "json: --threads 1 and 2 give the same report" cmp -s "$WORK/t1.notime" "$WORK/t2.notime"
ok_if "json: --threads 1 and 3 give the same report" cmp -s "$WORK/t1.notime" "$WORK/t3.notime"
ok_if "json: --threads 1 and 8 give the same report" cmp -s "$WORK/t1.notime" "$WORK/t8.notime"
ok_if "text: --threads 1, 2, 3 and 8 give the same report" \
	sh -c "cmp -s '$WORK/t1.txtnotime' '$WORK/t2.txtnotime' && cmp -s '$WORK/t1.txtnotime' '$WORK/t3.txtnotime' && cmp -s '$WORK/t1.txtnotime' '$WORK/t8.txtnotime'"
ok_if "json --compare, two counts: --threads 1, 2 and 8 give the same report (intervals and verdicts too)" \
	sh -c "cmp -s '$WORK/c1.notime' '$WORK/c2.notime' && cmp -s '$WORK/c1.notime' '$WORK/c8.notime'"
expect_eq "json: no timing inside runs[] or compare" 0 \
	"$(jq '[.. | objects | select(has("timing") or has("seconds") or has("games_per_second"))] | length' "$WORK/c1.notime")"
"$RAILYARD" simulate $P2 --players 4 --games 600 --seed 8 --json | jq 'del(.timing)' >"$WORK/s8.notime"
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
expect_eq "json: completion's interval holds it" true "$(jqv '.completion_ci[0] <= .completion and .completion <= .completion_ci[1]' "$J")"
expect_eq "json: balance is N times the least-winning seat's share of all games" true \
	"$(jqv '(.balance - (.players * (.win_rate | min))) | fabs < 1e-5' "$J")"
expect_eq "json: balance_ci holds the balance, inside [0, 1]" true \
	"$(jqv '.balance_ci[0] <= .balance and .balance <= .balance_ci[1] and .balance_ci[0] >= 0 and .balance_ci[1] <= 1' "$J")"
expect_eq "json: length over all games: median, restricted mean, their intervals, p10, p90, won games" \
	'["censored_at","median","median_ci","p10","p90","restricted_mean","restricted_mean_ci","won"]' "$(jqv '.length | keys' "$J")"
expect_eq "json: length quantiles in order" true \
	"$(jqv '.length | .won.min <= .p10 and .p10 <= .median and .median <= .p90 and .p90 <= .won.max' "$J")"
expect_eq "json: the intervals hold median and restricted mean" true \
	"$(jqv '.length | .median_ci[0] <= .median and .median <= .median_ci[1] and .restricted_mean_ci[0] <= .restricted_mean and .restricted_mean <= .restricted_mean_ci[1]' "$J")"
expect_eq "json: every game completes, so the restricted mean is the won games' mean" true \
	"$(jqv '.completion == 1 and ((.length.restricted_mean - .length.won.mean) | fabs < 1e-3)' "$J")"
expect_eq "json: 28 abilities of pattern two, each with used, games and used_by_winner" 28 \
	"$(jqv '[.abilities[] | select(has("used") and has("used_by_winner") and .used_by_winner <= .used and .games <= .used)] | length' "$J")"
expect_eq "json: abilities keyed by code" '"A → X"' "$(jqv '.abilities.AX.ability' "$J")"
expect_eq "json: rare abilities are those used in under 1% of games" true \
	"$(jqv '. as $r | [.abilities | to_entries[] | select(.value.games < 0.01 * $r.games) | .key] == .rare_abilities and ([.abilities[] | select(.rare)] | length) == (.rare_abilities | length)' "$J")"
expect_eq "json: timing only under timing" '["games_per_second","seconds","series","threads"]' "$(jqv '.timing | keys' "$J")"
# the factory opening (rejected cards face down) is the default
expect_eq "json: the default opening is the factory one, face down" '"face-down"' "$(jqv .rules.opening "$J")"
expect_grep "docs/simulate.md names the source of the factory opening" 'ultraboardgames.com/game-of-trains' docs/simulate.md
# greedy players remove their own cards when that pays (issue 14)
"$RAILYARD" simulate $P2 --players 4 --games 400 --json >"$WORK/self-rm.json"
ok_if "greedy, pattern two, four players: removals used on the player's own sequence" \
	jq -e '.moves.removals_self > 0 and .moves.removals_self + .moves.removals_opponent <= ([.abilities | to_entries[] | select(.key | test("X$")) | .value.used] | add)' "$WORK/self-rm.json"
"$RAILYARD" simulate $P2 --players 4 --games 400 >"$WORK/self-rm.txt"
expect_grep "text: removals counted by target" '^moves: .*removals: [1-9][0-9]* on oneself' "$WORK/self-rm.txt"
expect_eq "json: every ability use is counted once" true \
	"$(jqv '([.abilities[].used] | add) == .moves.on_self + .moves.on_opponent + .moves.across' "$J")"

# --- rule options move outcomes the expected way -----------------------------
# §11: freezing protects cards from the spoilers' abilities: shorter games, fewer timeouts
"$RAILYARD" simulate $P2 --players 4 --games 300 --policy spoiler --json >"$WORK/f0.json"
"$RAILYARD" simulate $P2 --players 4 --games 300 --policy spoiler --rule freeze-tokens=2 --json >"$WORK/f2.json"
expect_eq "freeze-tokens=0 freezes nothing" 0 "$(jqv .moves.freezes "$WORK/f0.json")"
ok_if "freeze-tokens=2 freezes cards" test "$(jqv .moves.freezes "$WORK/f2.json")" -gt 0
ok_if "freezing shortens spoilers' games" \
	jq -e -n --slurpfile a "$WORK/f0.json" --slurpfile b "$WORK/f2.json" '$b[0].length.restricted_mean_ci[1] < $a[0].length.restricted_mean_ci[0]'
ok_if "freezing does not lower completion" \
	jq -e -n --slurpfile a "$WORK/f0.json" --slurpfile b "$WORK/f2.json" '$b[0].completion >= $a[0].completion'
# §7: with two packs, allowing repeated numbers in a winning sequence shortens games
"$RAILYARD" simulate packs/pattern-two-two-packs.yaml --players 4 --games 1500 --json >"$WORK/nd.json"
"$RAILYARD" simulate packs/pattern-two-two-packs.yaml --players 4 --games 1500 --rule win=ascending --json >"$WORK/asc.json"
expect_eq "the pack's own rule is never-descending" '"never-descending"' "$(jqv '.rules.win' "$WORK/nd.json")"
ok_if "never-descending games are shorter than ascending ones (the intervals apart)" \
	jq -e -n --slurpfile a "$WORK/asc.json" --slurpfile b "$WORK/nd.json" \
	'$a[0].length.restricted_mean_ci[0] > $b[0].length.restricted_mean_ci[1]'
# reshuffle: without it the draw pile runs dry and random players get stuck
"$RAILYARD" simulate $P1 --players 2 --games 200 --policy random --max-turns 200 --json >"$WORK/r1.json"
"$RAILYARD" simulate $P1 --players 2 --games 200 --policy random --max-turns 200 --rule reshuffle=false --json >"$WORK/r0.json"
ok_if "reshuffle=true reshuffles and never stalls" \
	jq -e '.moves.reshuffles > 0 and .stalled == 0' "$WORK/r1.json"
ok_if "reshuffle=false never reshuffles, and games stall" \
	jq -e '.moves.reshuffles == 0 and .stalled > 0' "$WORK/r0.json"
# the opening: the factory's face-down rejected cards are fairer than laying
# them face up (seat 1 would pick them up next); the JSON names the choice
"$RAILYARD" simulate $P1 --players 4 --games 2000 --rule opening=face-up --json >"$WORK/o-up.json"
"$RAILYARD" simulate $P1 --players 4 --games 2000 --json >"$WORK/o-disc.json"
"$RAILYARD" simulate $P1 --players 4 --games 20 --rule opening=discard --json >"$WORK/o-alias.json"
expect_eq "opening=face-up is a rule option" '"face-up"' "$(jqv .rules.opening "$WORK/o-up.json")"
expect_eq "opening=discard is read as face-down" '"face-down"' "$(jqv .rules.opening "$WORK/o-alias.json")"
ok_if "opening face-down: seat 1 wins less than with face-up, balance higher" \
	jq -e -n --slurpfile a "$WORK/o-up.json" --slurpfile b "$WORK/o-disc.json" \
	'$b[0].balance > $a[0].balance and $b[0].win_rate[0] < $a[0].win_rate[0]'
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
# lookahead (Monte-Carlo over greedy futures) beats greedy clearly, from either seat
for pol in lookahead,greedy greedy,lookahead; do
	"$RAILYARD" simulate $P2 --players 2 --games 200 --policy $pol --json >"$WORK/pol-$pol.json"
done
ok_if "lookahead in seat 1 beats greedy" jq -e '.win_rate[0] > 0.8' "$WORK/pol-lookahead,greedy.json"
ok_if "lookahead in seat 2 beats greedy" jq -e '.win_rate[1] > 0.8' "$WORK/pol-greedy,lookahead.json"
"$RAILYARD" simulate $P1 --players 2 --games 100 --policy lookahead --seed 3 --threads 1 --json | jq 'del(.timing)' >"$WORK/la1.json"
"$RAILYARD" simulate $P1 --players 2 --games 100 --policy lookahead --seed 3 --threads 2 --json | jq 'del(.timing)' >"$WORK/la2.json"
ok_if "lookahead: the same report for --threads 1 and 2" cmp -s "$WORK/la1.json" "$WORK/la2.json"

# --- compare and plots ----------------------------------------------------------
"$RAILYARD" simulate $P1 --players 2 --games 300 --compare $P2 --json >"$WORK/cmp.json" 2>/dev/null
expect_eq "compare: both packs in one JSON" '["pattern-one-census-seven","pattern-two-census-seven"]' \
	"$(jq -c '[.pack, .compare.pack]' "$WORK/cmp.json")"
"$RAILYARD" simulate $P1 --players 2 --games 300 --compare $P2 >"$WORK/cmp.txt" 2>/dev/null
expect_grep "compare: says which is fairer" '^fairer: ' "$WORK/cmp.txt"
expect_grep "compare: completion beside the verdicts" '^completion: [01]\.[0-9]+ vs [01]\.[0-9]+ \(a verdict needs at least 0\.95 each\)' "$WORK/cmp.txt"
expect_grep "compare: says which is faster, or that the difference may be 0" \
	'^faster: (pattern-(one|two)-census-seven \(restricted mean|neither \(restricted mean)' "$WORK/cmp.txt"
expect_grep "compare: every metric's difference with an interval" '^  balance +[0-9.]+ +[0-9.]+ +[-+][0-9.]+ \[[-+][0-9.]+, [-+][0-9.]+\]' "$WORK/cmp.txt"
expect_grep "compare: the length's difference with an interval" '^  length, restricted mean +[0-9.]+ +[0-9.]+ +[-+][0-9.]+ \[' "$WORK/cmp.txt"
expect_eq "json compare: verdict and difference of every metric" \
	'[["completion","fairer","faster","fewer_no_single_winner","paired","rules_differ","stalls","threshold"],["balance","completion","length_median","length_restricted_mean","no_single_winner","win_rate"]]' \
	"$(jq -c '[(.verdict | keys_unsorted | sort), (.difference | keys)]' "$WORK/cmp.json")"
expect_eq "json compare: a verdict names a pack only when its interval excludes 0" true \
	"$(jq '(.verdict.fairer == null) == (.difference.balance.ci[0] <= 0 and .difference.balance.ci[1] >= 0)' "$WORK/cmp.json")"
# pattern one (apply-to: self) against pattern two (anyone): a rule differs too
"$RAILYARD" simulate $P1 --players 2 --games 50 --compare $P2 >/dev/null 2>"$WORK/cmp.err"
expect_grep "compare: warns when the packs differ in a rule as well as the pattern" \
	'warning: --compare: .* differ in rule apply-to as well as in the pattern' "$WORK/cmp.err"
expect_eq "json compare: the rules that differ" '["apply-to"]' "$(jq -c .verdict.rules_differ "$WORK/cmp.json")"
"$RAILYARD" simulate $P2 --players 2 --games 50 --compare $P2 --json >"$WORK/same.json" 2>"$WORK/same.err"
ok_if "compare: no warning when the rules agree" test ! -s "$WORK/same.err"
expect_eq "compare: a pack against itself: no verdict, differences exactly 0" 'null null 0 0' \
	"$(jq -r '"\(.verdict.fairer) \(.verdict.faster) \(.difference.balance.difference) \(.difference.length_restricted_mean.difference)"' "$WORK/same.json")"

# --- the stalling case of issue 14: never fairer or faster ---------------------------
for n in 49 35; do
	S=tests/cli/data/p1-short-pile-$n.yaml
	"$RAILYARD" simulate $S --players 4 --games 1000 --compare $P1 >"$WORK/stall$n.txt" 2>/dev/null
	"$RAILYARD" simulate $S --players 4 --games 1000 --compare $P1 --json >"$WORK/stall$n.json" 2>/dev/null
	expect_grep "{4: $n}, no reshuffle: the text says it stalls" "^STALLS: completion 0\.[0-9]+ is below 0\.95" "$WORK/stall$n.txt"
	expect_grep "{4: $n}: not fairer" "^fairer: no verdict: p1-short-pile-$n stalls \(completion" "$WORK/stall$n.txt"
	expect_grep "{4: $n}: not faster" "^faster: no verdict: p1-short-pile-$n stalls \(completion" "$WORK/stall$n.txt"
	expect_eq "{4: $n}: the JSON verdict: stalls, neither fairer nor faster" "[[\"p1-short-pile-$n\"],null,null,true]" \
		"$(jq -c '[.verdict.stalls, .verdict.fairer, .verdict.faster, .stalls]' "$WORK/stall$n.json")"
	ok_if "{4: $n}: completion counts unfinished games: far below the shipped pack's (balance only the games won)" \
		jq -e '.completion < 0.5 and .completion_ci[1] < .compare.completion_ci[0] and .compare.balance > 0.7' "$WORK/stall$n.json"
	ok_if "{4: $n}: length counts unfinished games (censored), not only won ones" \
		jq -e '.length.restricted_mean > 10 * .compare.length.restricted_mean and .length.median == null' "$WORK/stall$n.json"
done
expect_eq "{4: 35}: no game completes, balance 0" '0 0' "$(jq -r '"\(.completed) \(.balance)"' "$WORK/stall35.json")"
"$RAILYARD" simulate tests/cli/data/p1-short-pile-49.yaml --players 4 --games 1000 --compare $P1 --completion 0.1 --json \
	>"$WORK/stall-low.json" 2>/dev/null
expect_eq "--completion 0.1: the same pack now gets a verdict (the shipped one is faster; among the games won neither is fairer)" \
	'[[],null,"pattern-one-census-seven"]' "$(jq -c '[.verdict.stalls, .verdict.fairer, .verdict.faster]' "$WORK/stall-low.json")"
expect_status "--completion 2: exit 2" 2 "$RAILYARD" simulate $P1 --players 2 --completion 2
expect_grep "--completion 2: says why" "error: --completion must be a share 0..1" "$WORK/last.err"
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
pdftotext "$WORK/plot.pdf" - | tr -s ' \n' ' ' >"$WORK/plot-words.txt"
expect_grep "plot: lengths binned per round, over all games" 'Game length, 3 players \(rounds; share of all games\)' "$WORK/plot-words.txt"
expect_grep "plot: the verdict under the row" 'fairer: .*faster: ' "$WORK/plot-words.txt"
expect_grep "plot: the balance's interval in the legend" 'balance [0-9.]+ \[[0-9.]+, [0-9.]+\]' "$WORK/plot-words.txt"
expect_status "plot into a missing folder: exit 3" 3 "$RAILYARD" simulate $P2 --players 2 --games 20 \
	--plot "$WORK/no/such/plot.svg"
ok_if "plot into a missing folder: nothing left behind" test ! -e "$WORK/no"
expect_grep "plot into a missing folder: says why" 'error: --plot .*plot.svg: cannot be written: folder .*/no/such: No such file' "$WORK/last.err"
# checked before the games: a billion games would take hours
expect_status "plot into a missing folder: fails before playing a billion games" 3 \
	timeout 20 "$RAILYARD" simulate $P2 --players 4 --games 1000000000 --plot /nonexistent/x.svg
ok_if "plot into a missing folder: nothing on stdout" test ! -s "$WORK/last.out"
mkdir -p "$WORK/adir.svg"
expect_status "plot named like a folder that exists: exit 3" 3 "$RAILYARD" simulate $P2 --players 2 --games 20 --plot "$WORK/adir.svg"

# --- trace ------------------------------------------------------------------------
"$RAILYARD" simulate $P2 --players 3 --trace 4 >"$WORK/trace.txt"
expect_grep "trace: the deal" '^game 4, seed 1: the deal$' "$WORK/trace.txt"
expect_grep "trace: the opening of seat 3 draws three cards" '^  opening: draws [0-9]+ [0-9]+ [0-9]+, puts' "$WORK/trace.txt"
expect_grep "trace: ends with the winner" '^seat [1-3] wins after [0-9]+ turns$' "$WORK/trace.txt"
# --- one set of options for every game: --max-turns (--max-length its other
# name), --compare-rule, a single --compare --------------------------------------
"$RAILYARD" simulate $P1 --players 2 --games 200 --policy random --max-turns 30 --json | jq -c 'del(.timing)' >"$WORK/mt.json"
"$RAILYARD" simulate $P1 --players 2 --games 200 --policy random --max-length 30 --json | jq -c 'del(.timing)' >"$WORK/ml.json"
ok_if "--max-length is --max-turns' other name: the same report" cmp -s "$WORK/mt.json" "$WORK/ml.json"
expect_eq "... and it bounds the games (max-turns 30, timeouts)" "30 true" \
	"$(jq -r '"\(.rules["max-turns"]) \(.completion < 1)"' "$WORK/mt.json")"
expect_status "--max-turns 0: exit 2" 2 "$RAILYARD" simulate $P1 --players 2 --max-turns 0
expect_grep "... names both spellings" "--max-turns \\(or --max-length\\) must be 1\\.\\.[0-9]+, not '0'" "$WORK/last.err"
"$RAILYARD" simulate $P1 --players 2 --games 300 --compare $P1 --compare-rule apply-to=anyone --json \
	>"$WORK/cr.json" 2>"$WORK/cr.err"
expect_eq "--compare-rule: the second series plays the rule, the first the pack's" "self anyone" \
	"$(jq -r '"\(.rules["apply-to"]) \(.compare.rules["apply-to"])"' "$WORK/cr.json")"
expect_eq "... from the command line, and the verdict names the rule" 'command line ["apply-to"]' \
	"$(jq -r '"\(.compare.rules_from["apply-to"]) \(.verdict.rules_differ | tostring)"' "$WORK/cr.json")"
ok_if "... no warning: the rule differs on purpose" test ! -s "$WORK/cr.err"
"$RAILYARD" simulate $P1 --players 2 --games 300 --compare $P1 --compare-rule apply-to=anyone >"$WORK/cr.txt" 2>&1
expect_grep "... the text labels the second series" '^comparison, 2 players: a = pattern-one-census-seven, b = pattern-one-census-seven --rule apply-to=anyone$' "$WORK/cr.txt"
ok_if "... and does not say the pattern differs (one pack)" sh -c "! grep -q 'as well as in the pattern' '$WORK/cr.txt'"
expect_status "--compare given twice: exit 2" 2 "$RAILYARD" simulate $P1 --players 2 --games 20 --compare $P2 --compare $P1
expect_grep "... says so" "error: --compare is given twice" "$WORK/last.err"
ok_if "... and plays nothing" test ! -s "$WORK/last.out"

"$RAILYARD" simulate $P2 --players 2 --games 50 >/dev/null 2>"$WORK/quiet.err"
ok_if "nothing on stderr when it is not a terminal" test ! -s "$WORK/quiet.err"

# --- bad input --------------------------------------------------------------------
grep -v '^players:' $P2 >"$WORK/no-players.yaml"
expect_status "no --players and no players table: exit 2" 2 "$RAILYARD" simulate "$WORK/no-players.yaml"
expect_grep "... says so" 'error: --players N is needed: the pack names no player counts' "$WORK/last.err"
expect_status "unknown policy: exit 2" 2 "$RAILYARD" simulate $P2 --players 2 --policy greedy,clever
expect_grep "unknown policy: named" "unknown policy 'clever'" "$WORK/last.err"
expect_status "three policies for two players: exit 2" 2 "$RAILYARD" simulate $P2 --players 2 --policy greedy,random,spoiler
expect_status "unknown rule: exit 2" 2 "$RAILYARD" simulate $P2 --players 2 --rule speed=fast
expect_grep "unknown rule: listed" "'speed' is not a rule of trains \\(its rules: apply-to=self.anyone, " "$WORK/last.err"
expect_status "bad rule value: exit 2" 2 "$RAILYARD" simulate $P2 --players 2 --rule win=descending
expect_status "too many freeze tokens: exit 2" 2 "$RAILYARD" simulate $P2 --players 2 --rule freeze-tokens=8
expect_status "plot with an unknown extension: exit 2" 2 "$RAILYARD" simulate $P2 --players 2 --plot "$WORK/p.gif"
ok_if "plot with an unknown extension: nothing written" test ! -e "$WORK/p.gif"
expect_status "too many players for the cards: exit 2" 2 "$RAILYARD" simulate packs/pattern-three-census-five.yaml --players 16
expect_grep "too many players: says how many cards" 'need at least 81 cards' "$WORK/last.err"
expect_status "all problems reported at once" 2 "$RAILYARD" simulate $P2 --games 0 --threads x --policy nobody --players 0
ok_if "all problems reported at once: four errors" test "$(grep -c 'error:' "$WORK/last.err")" -ge 4
printf 'pack: bad\ngame: trains\ncensus: 99\n' >"$WORK/bad.yaml"
expect_status "invalid pack: exit 2" 2 "$RAILYARD" simulate "$WORK/bad.yaml" --players 2
expect_grep "invalid pack: file:line:col" 'bad.yaml:3:[0-9]+: error' "$WORK/last.err"
expect_status "--help: exit 0" 0 "$RAILYARD" simulate --help
expect_grep "--help documents the reshuffle rule" 'reshuffle=true.false' "$WORK/last.out"

# --- several player counts in one run ------------------------------------------------
"$RAILYARD" simulate $P1 --compare $P2 --players 2,3 --games 200 --json >"$WORK/runs.json" 2>/dev/null
expect_eq "--players 2,3: one run per count, each with its comparison" '[[2,2],[3,3]]' \
	"$(jq -c '[.runs[] | [.players, .compare.players]]' "$WORK/runs.json")"
"$RAILYARD" simulate $P2 --players 3 --games 200 --seed 3 --json | jq 'del(.timing)' >"$WORK/alone.json"
"$RAILYARD" simulate $P2 --players 2,3 --games 200 --seed 3 --json | jq '.runs[1] | del(.timing)' >"$WORK/in-runs.json"
ok_if "a count in a list reports what it reports alone" \
	jq -e -n --slurpfile a "$WORK/in-runs.json" --slurpfile b "$WORK/alone.json" '$a[0] == $b[0]'
"$RAILYARD" simulate $P1 --compare $P2 --players 2,3,4 --games 200 >"$WORK/runs.txt" 2>/dev/null
expect_eq "--players 2,3,4 --compare: a summary line per count, completion beside the verdicts" 3 \
	"$(grep -cE '^  [234] players \(completion [01]\.[0-9]+ vs [01]\.[0-9]+\): fairer: .*; faster: ' "$WORK/runs.txt")"
expect_eq "--players 2,3 --compare --json: a verdict and balance_ci in every run" '[true,true]' \
	"$(jq -c '[.runs[] | has("verdict") and has("difference") and has("balance_ci") and (.compare | has("balance_ci"))]' "$WORK/runs.json")"
expect_status "--players 2,3,4 --plot: written" 0 "$RAILYARD" simulate $P1 --compare $P2 --players 2,3,4 --games 100 \
	--plot "$WORK/runs.pdf"
pdftotext "$WORK/runs.pdf" "$WORK/runs-pdf.txt"
expect_grep "plot: a row for four players" 'Win rate by seat, 4 players' "$WORK/runs-pdf.txt"
expect_status "--players 2,2: exit 2" 2 "$RAILYARD" simulate $P2 --players 2,2
expect_status "--policy per seat with two counts: exit 2" 2 "$RAILYARD" simulate $P2 --players 2,3 --policy greedy,random

# --- progress: on a terminal a line redrawn in place (script(1) gives one) -------------
# 30,000 games: a rate is shown once 0.05 s have passed, and 3,000 games took about that long
if command -v script >/dev/null 2>&1; then
	script -qec "'$RAILYARD' simulate $P1 --players 2 --games 30000 --progress >/dev/null" /dev/null >"$WORK/tty.out" 2>&1
	expect_grep "a progress bar on a terminal" '\] 30000/30000 games' "$WORK/tty.out"
	expect_grep "the progress bar: player count, rate" '2 players pattern-one-census-seven \[#*\.*\] [0-9]+/30000 games, [0-9]+/s' "$WORK/tty.out"
	script -qec "'$RAILYARD' simulate $P1 --players 2 --games 200000 --threads 1 >/dev/null" /dev/null >"$WORK/tty2.out" 2>&1 &
	spid=$!
	sleep 3
	kill "$spid" 2>/dev/null; wait "$spid" 2>/dev/null
	expect_grep "the progress bar: time left while running" 'games, [0-9]+/s, [0-9]+ s left' "$WORK/tty2.out"
	# (the run itself must succeed, or a missing bar would prove nothing)
	expect_status "--quiet on a terminal: exit 0" 0 script -qec "'$RAILYARD' simulate $P1 --players 2 --games 3000 --quiet >/dev/null" /dev/null
	ok_if "--quiet: no progress bar" sh -c "! grep -qE '3000/3000|games/s' '$WORK/last.out'"
else
	echo "ok - the progress bar on a terminal # SKIP no script(1) here (bsdutils)"
fi

# --- progress into a log: a line every 5 s of a long run, every second with --progress
"$RAILYARD" simulate $P1 --players 2 --games 20000 --progress >/dev/null 2>"$WORK/log.err"
expect_grep "--progress into a log: plain lines with the count and the rate" \
	'^railyard: 2 players pattern-one-census-seven: [0-9]+/20000 games, [0-9]+/s' "$WORK/log.err"
expect_grep "... and the step's end" '^railyard: 2 players pattern-one-census-seven: 20000/20000 games' "$WORK/log.err"
ok_if "... no terminal control characters in a log" sh -c "! grep -q \"\$(printf '\\r')\" '$WORK/log.err'"
"$RAILYARD" simulate $P1 --players 2 --games 20000 --no-progress >/dev/null 2>"$WORK/none.err"
expect_eq "--no-progress: nothing" "" "$(cat "$WORK/none.err")"

# `railyard simulate` on the other games of the seeds: every shipped pack plays,
# the JSON report has the trains keys plus each game's own, the report does not
# depend on the threads, and the readings of the seeds are --rule options.
. tests/cli/lib.sh
R=$RAILYARD
TT=packs/take-the-train.yaml
D6=packs/domino-double-six.yaml
D9=packs/domino-double-nine.yaml
T52=packs/train-52.yaml
TOY=packs/toy-train.yaml
keys() { python3 -c 'import json,sys; d=json.load(sys.stdin); print(" ".join(k for k in ("completion","win_rate","balance","length","use") if k in d))'; }
notime() { python3 -c 'import json,sys; d=json.load(sys.stdin); d.pop("timing"); print(json.dumps(d, sort_keys=True))'; }
field() { python3 -c 'import json,sys; d=json.load(sys.stdin); print(eval(sys.argv[1]))' "$1"; }

for p in take-the-train domino-double-six domino-double-nine domino-double-twelve train-52 toy-train; do
	n=4; [ $p = toy-train ] && n=2
	[ $p = toy-train ] && [ ! -r /usr/share/dict/words ] && { echo "ok - $p # SKIP /usr/share/dict/words missing"; continue; }
	expect_status "simulate $p" 0 $R simulate -q --games 300 --players $n packs/$p.yaml
	expect_eq "simulate $p --json: the trains keys and its own (use)" "completion win_rate balance length use" \
		"$($R simulate -q --json --games 300 --players $n packs/$p.yaml | keys)"
	a=$($R simulate -q --json --games 400 --players $n --threads 1 packs/$p.yaml | notime)
	b=$($R simulate -q --json --games 400 --players $n --threads 2 packs/$p.yaml | notime)
	expect_eq "simulate $p: the same report on 1 and 2 threads" "$a" "$b"
done
a=$($R simulate -q --json --games 200 --players 4 --seed 1 $TT | field 'd["wins"]')
b=$($R simulate -q --json --games 200 --players 4 --seed 2 $TT | field 'd["wins"]')
ok_if "another seed plays other games" [ "$a" != "$b" ]

# Take the Train: 56 cards; the Transfers only with --with transfer
expect_eq "take: 56 cards, no Transfers" "cards=56 transfers=0 target=0 rounds=0 tie=none 0" \
	"$($R simulate -q --json --games 200 --players 4 $TT | field '" ".join(k + "=" + v for k, v in d["rules"].items()) + " " + str(d["use"]["transfers_played"]["total"])')"
expect_eq "take --with transfer: 58 cards, Transfers played" "cards=58 True" \
	"$($R simulate -q --json --games 200 --players 4 --with transfer $TT | field '"cards=" + d["rules"]["cards"] + " " + str(d["use"]["transfers_played"]["total"] > 0)')"
expect_eq "take: fares are paid" "True" \
	"$($R simulate -q --json --games 200 --players 4 $TT | field 'd["use"]["fares_paid"]["per_game"] > 0')"
$R simulate -q --games 2000 --players 4 $TT --compare $TT --compare-with transfer >"$WORK/tt.out"
expect_grep "take: --compare-with transfer labels the second series" '^comparison, 4 players: a = take-the-train, b = take-the-train --with transfer$' "$WORK/tt.out"
expect_grep "... and gives a verdict" '^fairer: ' "$WORK/tt.out"
expect_grep "... none when a series stalls: 4 players end without a single winner too often" '^fairer: no verdict: take-the-train stalls' "$WORK/tt.out"
expect_eq "take --rule target=100: several rounds a game" "True" \
	"$($R simulate -q --json --games 100 --players 4 --rule target=100 $TT | field 'd["use"]["rounds"]["per_game"] > 1')"
expect_status "take: an unknown rule: exit 2" 2 $R simulate -q --games 10 --players 4 --rule transfer=yes $TT
expect_grep "... names the rules it knows" "'transfer' is not a rule of take-the-train \\(its rules: target=N, rounds=N, tie=none\|shared\|fewest-cards\\)" "$WORK/last.err"
expect_status "take: 8 players, 56 cards: exit 2" 2 $R simulate -q --games 10 --players 8 $TT

# domino: 5 points a tile, the game to 120
expect_eq "domino: the winner has 120 or more (points per game >= 120)" "True" \
	"$($R simulate -q --json --games 200 --players 4 $D9 | field 'd["use"]["points"]["per_game"] >= 120')"
expect_eq "domino double-six, 8 players: 7 doubles for 8 engines, never completes" "0" \
	"$($R simulate -q --json --games 20 --players 8 --max-length 200 $D6 | field 'd["completed"]')"
expect_status "domino --rule blocked=fewest" 0 $R simulate -q --games 100 --players 4 --rule blocked=fewest $D9
# "The highest double is played first and play moves clockwise": rules: order
expect_eq "domino: order=clockwise by default" "clockwise default" \
	"$($R simulate -q --json --games 20 --players 4 $D9 | field 'd["rules"]["order"] + " " + d["rules_from"]["order"]')"
a=$($R simulate -q --json --games 300 --players 4 --seed 5 $D9 | field 'd["length"]["restricted_mean"]')
b=$($R simulate -q --json --games 300 --players 4 --seed 5 --rule order=after-leader $D9 | field 'd["length"]["restricted_mean"]')
expect_eq "domino --rule order=after-leader plays another series" "True" "$(python3 -c "print($a != $b)")"
expect_status "domino --rule order=counter-clockwise: exit 2" 2 $R simulate -q --games 10 --players 4 --rule order=counter-clockwise $D9

# Train: the readings of the seed; order=rotation puts seat 1 first
expect_status "train-52 --rule reopen=second-ace face-cards=step" 0 $R simulate -q --games 200 --players 4 --rule reopen=second-ace --rule face-cards=step $T52
expect_status "train-52 --rule ace=high: exit 2" 2 $R simulate -q --games 10 --players 4 --rule ace=high $T52
expect_status "train-52, 5 players: exit 2 (7 cards each for 3-4)" 2 $R simulate -q --games 10 --players 5 $T52
$R simulate -q --games 1000 --players 4 $T52 --compare $T52 --compare-rule order=rotation >"$WORK/t52.out"
expect_grep "train-52: --compare-rule labels the second series" 'b = train-52 --rule order=rotation$' "$WORK/t52.out"
expect_status "--compare-rule without --compare: exit 2" 2 $R simulate -q --games 10 --players 4 --compare-rule order=rotation $T52
expect_status "--compare across games: exit 2" 2 $R simulate -q --games 10 --players 4 $T52 --compare $TT

# Toy Train: two players; the frequency method gives the pack's own mix
if [ -r /usr/share/dict/words ]; then
	a=$($R simulate -q --json --games 300 --players 2 $TOY | field 'd["wins"]')
	b=$($R simulate -q --json --games 300 --players 2 --rule letter-mix=frequency $TOY | field 'd["wins"]')
	expect_eq "toy: letter-mix=frequency (the pack's method) plays the pack's games" "$a" "$b"
	b=$($R simulate -q --json --games 300 --players 2 --rule letter-mix=even $TOY | field 'd["wins"]')
	ok_if "toy: letter-mix=even plays other games" [ "$a" != "$b" ]
	expect_status "toy: 4 players: exit 2" 2 $R simulate -q --games 10 --players 4 $TOY
	expect_status "toy --rule broken-every=5" 0 $R simulate -q --games 100 --players 2 --rule broken-every=5 $TOY
	# the pack sets both: rules: letter-mix and broken-every
	sed 's/^  min-letters: 4$/  min-letters: 4\n  letter-mix: even\n  broken-every: 5/' $TOY >"$WORK/toy.yaml"
	sed -i "s#^  words: .*#  words: /usr/share/dict/words#" "$WORK/toy.yaml"
	expect_eq "toy: the pack's rules set letter-mix and broken-every" "letter-mix=even broken-every=5" \
		"$($R simulate -q --json --games 20 --players 2 "$WORK/toy.yaml" | field '"letter-mix=" + d["rules"]["letter-mix"] + " broken-every=" + d["rules"]["broken-every"]')"
	expect_eq "... and --rule overrides the pack" "letter-mix=pack" \
		"$($R simulate -q --json --games 20 --players 2 --rule letter-mix=pack "$WORK/toy.yaml" | field '"letter-mix=" + d["rules"]["letter-mix"]')"
else
	echo "ok - the Toy Train simulations # SKIP /usr/share/dict/words missing (apt-get install wamerican)"
fi

# --trace G: game G alone, its outcome on one line after the deal's (these
# engines do not report their moves); the winner is the one the series counts
for p in $TT $D6 $T52 $TOY; do
	n=4; [ $p = $TOY ] && n=2
	[ $p = $TOY ] && [ ! -r /usr/share/dict/words ] && { echo "ok - $p # SKIP /usr/share/dict/words missing"; continue; }
	for g in 0 3; do
		$R simulate -q --players $n --seed 9 --trace $g $p >"$WORK/tr.out"
		expect_grep "$p --trace $g: the game, the players and the rules" "^game $g, seed 9: $n players, greedy(, greedy)+; rules: " "$WORK/tr.out"
		seat=$(sed -n 's/^seat \([0-9]*\) wins after [0-9]* [a-z]*[;]*.*$/\1/p' "$WORK/tr.out")
		[ -n "$seat" ] || seat=none   # no single winner, or a timeout
		# game g is the last of a series of g + 1: its win is the one the shorter series lacks
		won=$($R simulate -q --json --seed 9 --players $n --games $((g + 1)) $p | field 'd["wins"]')
		before=$($R simulate -q --json --seed 9 --players $n --games $g $p 2>/dev/null | field 'd["wins"]' 2>/dev/null)
		[ $g = 0 ] && before=$(python3 -c "print([0] * $n)")
		expect_eq "... its winner (seat $seat) is the one the series counts for game $g" "$seat" \
			"$(python3 -c "a = $won; b = $before; d = [x - y for x, y in zip(a, b)]; print(d.index(1) + 1 if d.count(1) == 1 else 'none')")"
	done
done
expect_status "--trace G with a game number out of range: exit 2" 2 $R simulate -q --players 4 --trace -1 $TT

# --max-turns for every game, --max-length its other name
a=$($R simulate -q --json --games 50 --players 4 --max-turns 40 $T52 | notime)
b=$($R simulate -q --json --games 50 --players 4 --max-length 40 $T52 | notime)
expect_eq "train-52: --max-turns 40 and --max-length 40 give one report" "$a" "$b"
expect_eq "... and it bounds the games (censored at 40)" "40" "$(echo "$a" | field 'd["length"]["censored_at"]')"

# the plot
expect_status "--plot an SVG" 0 $R simulate -q --games 300 --players 3,4 --plot "$WORK/t.svg" $T52
ok_if "... renders" rsvg-convert -o "$WORK/t.png" "$WORK/t.svg"
expect_status "--plot into a folder that is not there: exit 3" 3 $R simulate -q --games 30 --players 4 --plot /nonexistent/x.svg $T52

# one verdict for every game: completion with its interval, STALLS below
# --completion and no verdict on a stalling series, balance as the trains'
NS=tests/cli/data/take-no-stations.yaml
$R simulate -q --games 300 --players 3 $NS >"$WORK/ns.out"
expect_grep "take without Stations: completion 0" '^completion: 0.0000 \[0.0000, 0.0126\] \(0 won, 0 timed out, 300 stalled, 0 with no single winner\)$' "$WORK/ns.out"
expect_grep "... STALLS" '^STALLS: completion 0.0000 is below 0.95: no verdict on its fairness or length$' "$WORK/ns.out"
expect_grep "... balance 0, not 1" '^balance: 0.0000 \[0.0000, 0.0000\]' "$WORK/ns.out"
$R simulate -q --games 300 --players 3 --completion 0.5 $TT --compare $NS >"$WORK/ns2.out"
expect_grep "... and --compare gives it no verdict" '^fairer: no verdict: take-no-stations stalls \(completion 0.0000, below 0.50\)$' "$WORK/ns2.out"
expect_eq "... the JSON says so" "True 0 ['take-no-stations'] None" \
	"$($R simulate -q --json --games 300 --players 3 --completion 0.5 $TT --compare $NS | field 'str(d["compare"]["stalls"]) + " " + str(d["compare"]["balance"]) + " " + str(d["verdict"]["stalls"]) + " " + str(d["verdict"]["fairer"])')"
for c in "$D6 --players 8 --max-length 200 --games 20" "$T52 --players 4 --max-length 100 --games 100" \
	 "$TOY --players 2 --max-length 3 --games 100"; do
	case $c in *toy*) [ -r /usr/share/dict/words ] || { echo "ok - $c # SKIP /usr/share/dict/words missing"; continue; };; esac
	$R simulate -q $c >"$WORK/st.out"
	expect_grep "a stalling series says STALLS: $c" '^STALLS: completion 0.0000 is below 0.95' "$WORK/st.out"
done
$R simulate -q --games 300 --players 3 --completion 0.5 $TT >"$WORK/c.out"
ok_if "take, 3 players: no STALLS at --completion 0.5" sh -c "! grep -q '^STALLS' '$WORK/c.out'"
expect_grep "... ties are their own share with an interval" '^no single winner: 0\.[0-9]* \[0\.[0-9]*, 0\.[0-9]*\]' "$WORK/c.out"
expect_grep "... length over all games, timeouts censored" '^length \(turns, all games, unfinished ones censored at 5000\): median ' "$WORK/c.out"
expect_eq "balance is N x the least-winning seat's share of the games won (3 x min wins / completed)" "True" \
	"$($R simulate -q --json --games 300 --players 3 $TT | field 'abs(d["balance"] - 3 * min(d["wins"]) / d["completed"]) < 1e-4')"
expect_status "--completion 2: exit 2" 2 $R simulate -q --games 10 --players 3 --completion 2 $TT
# the same JSON shape as the trains' report, the game's own counts under "use"
tk=$($R simulate -q --json --games 50 --players 3 packs/pattern-two-census-seven.yaml | python3 -c 'import json,sys; print(" ".join(k for k in json.load(sys.stdin) if k not in ("cards","moves","abilities","rare_abilities")))')
gk=$($R simulate -q --json --games 50 --players 3 $T52 | python3 -c 'import json,sys; print(" ".join(k for k in json.load(sys.stdin) if k not in ("game","unit","use")))')
expect_eq "the other games' JSON has the trains report's keys, in order" "$tk" "$gk"
# train-52 with piles of one: round 1's one pile stays open, so a tie-breaker can
# never be won; such games stall at once (they used to run to the turn limit as
# timeouts: 200 games of piles=1, 0 stalled)
st=$(timeout 20 $R simulate -q --json --games 200 --players 3 --rule piles=1 $T52 | field 'str(d["stalled"]) + " " + str(d["timeouts"])')
expect_eq "train-52 piles=1: every game stalls, none times out" "200 0" "$st"
st=$(timeout 20 $R simulate -q --json --games 200 --players 3 --rule piles=4,1 $T52 | field 'str(d["stalled"])')
expect_eq "train-52 piles=4,1: round 1 has piles to close, nothing stalls" "0" "$st"

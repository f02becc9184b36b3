# Every rule of the other games can be written in the pack (`rules:`), with
# located errors and "did you mean"; --rule overrides it for one run; `dump`
# shows every rule in force and where it comes from; simulate's JSON echoes it.
. tests/cli/lib.sh
R=$RAILYARD
field() { python3 -c 'import json,sys; d=json.load(sys.stdin); print(eval(sys.argv[1]))' "$1"; }

# a pack with rules: appended (every shipped pack of these games ends its
# top-level mapping last, with no rules: yet, or Train's piles)
with_rules() { # PACK OUT 'key: value' ...
	src=$1 out=$2; shift 2
	if grep -q '^rules:' "$src"; then
		cp "$src" "$out"
		for rl in "$@"; do sed -i "/^rules:/a\\  $rl" "$out"; done
	else
		cp "$src" "$out"
		echo "rules:" >>"$out"
		for rl in "$@"; do echo "  $rl" >>"$out"; done
	fi
	sed -i "s#^\(  *face: \)templates/#\1$TOP/templates/#; s#^back: templates/#back: $TOP/templates/#; s#^\(  *\)setup: templates/#\1setup: $TOP/templates/#" "$out"
}

# the pack's rules, for each game: dump says "pack FILE:LINE:COL", simulate uses them
for c in "take-the-train target: 100:target=100" "take-the-train rounds: 3:rounds=3" \
	 "domino-double-nine blocked: fewest:blocked=fewest" "domino-double-nine target: 0:target=0" \
	 "train-52 order: rotation:order=rotation" "train-52 wrecks: 5:wrecks=5" \
	 "train-52 face-cards: step:face-cards=step" "train-52 ace: low:ace=low" \
	 "train-52 reopen: second-ace:reopen=second-ace" "toy-train letter-mix: even:letter-mix=even" \
	 "toy-train broken-every: 5:broken-every=5" "take-the-train tie: shared:tie=shared" \
	 "domino-double-nine other-trains: one:other-trains=one"; do
	pack=${c%% *} rest=${c#* } kv=${c##*:}
	line=${rest%:*}
	with_rules packs/$pack.yaml "$WORK/p.yaml" "$line"
	[ $pack = toy-train ] && sed -i "s#^  words: .*#  words: /usr/share/dict/words#" "$WORK/p.yaml"
	expect_status "$pack: rules: {$line} loads" 0 $R dump "$WORK/p.yaml"
	expect_grep "... dump: rule $kv from the pack" "^rule $kv \\(pack .*p.yaml:[0-9]+:[0-9]+\\)$" "$WORK/last.out"
	$R dump --rule "${kv%%=*}=$($R dump packs/$pack.yaml | sed -n "s/^rule ${kv%%=*}=\([^ ]*\) (default)$/\1/p")" "$WORK/p.yaml" >"$WORK/o.out"
	expect_grep "... --rule overrides it: command line" "^rule ${kv%%=*}=.* \\(command line\\)$" "$WORK/o.out"
	[ $pack = toy-train ] && [ ! -r /usr/share/dict/words ] && { echo "ok - $pack # SKIP /usr/share/dict/words missing"; continue; }
	n=4; [ $pack = toy-train ] && n=2
	expect_eq "... simulate plays it and says so in its JSON" "${kv#*=} pack" \
		"$($R simulate -q --json --games 20 --players $n "$WORK/p.yaml" | field 'd["rules"]["'"${kv%%=*}"'"] + " " + d["rules_from"]["'"${kv%%=*}"'"]')"
done

# located errors: a bad value and a misspelt key, both reported, exit 2
with_rules packs/train-52.yaml "$WORK/bad.yaml" "wrecks: many" "ordr: rotation"
expect_status "train-52: a bad rule value and a misspelt key: exit 2" 2 $R list "$WORK/bad.yaml"
expect_grep "... the value, located" "bad.yaml:[0-9]+:[0-9]+: error: 'wrecks' must be a whole number, not a string" "$WORK/last.err"
expect_grep "... the key, with did you mean" "bad.yaml:[0-9]+:[0-9]+: error: unknown key 'ordr' in 'rules' of train-52 \\(did you mean 'order'\\?\\)" "$WORK/last.err"
with_rules packs/take-the-train.yaml "$WORK/bad2.yaml" "round: 5"
expect_status "take-the-train: rules: {round: 5}: exit 2" 2 $R check "$WORK/bad2.yaml" --play B7 --line "BS"
expect_grep "... did you mean 'rounds'" "unknown key 'round' in 'rules' of take-the-train \\(did you mean 'rounds'\\?\\)" "$WORK/last.err"
expect_status "--rule with an unknown key: exit 2" 2 $R simulate -q --games 10 --players 4 --rule wreks=2 packs/train-52.yaml
expect_grep "... did you mean" "'wreks' is not a rule of train-52 \\(did you mean 'wrecks'\\?\\)" "$WORK/last.err"
expect_status "--rule on check too" 2 $R check packs/train-52.yaml --top 5 --play 7 --rule ace=high
expect_grep "... its values" "'ace' must be piles or low, not 'high'" "$WORK/last.err"
expect_status "check --rule ace=low: an A plays as 1 on a 2" 0 $R check packs/train-52.yaml --top 2 --play A --rule ace=low

# domino: "add one and only one car to any or all of the trains belonging to the
# other players": one on each (the default) or, rules: other-trains: one, one in all
expect_status "domino: a car on each of two other trains: legal by default" 0 \
	$R check packs/domino-double-nine.yaml --train "9-9 9-3" --others "5-5 5-2; 4-4 4-1" --play "3-7 2-8@1 1-6@2"
with_rules packs/domino-double-nine.yaml "$WORK/one.yaml" "other-trains: one"
expect_status "... rules: other-trains: one: not legal (exit 1)" 1 \
	$R check "$WORK/one.yaml" --train "9-9 9-3" --others "5-5 5-2; 4-4 4-1" --play "3-7 2-8@1 1-6@2"
expect_grep "... names the rule" "one and only one car on the other trains in all \\(rules: other-trains=one\\)" "$WORK/last.out"
expect_status "... --rule other-trains=one-each overrides the pack for the run" 0 \
	$R check "$WORK/one.yaml" --rule other-trains=one-each --train "9-9 9-3" --others "5-5 5-2; 4-4 4-1" --play "3-7 2-8@1 1-6@2"
expect_status "... one car on one other train stays legal" 0 \
	$R check "$WORK/one.yaml" --train "9-9 9-3" --others "5-5 5-2; 4-4 4-1" --play "3-7 2-8@1"
a=$($R simulate -q --json --games 200 --players 4 --seed 1 packs/domino-double-nine.yaml | field 'd["use"]["tiles_on_others_trains"]["per_game"]')
b=$($R simulate -q --json --games 200 --players 4 --seed 1 "$WORK/one.yaml" | field 'd["use"]["tiles_on_others_trains"]["per_game"]')
ok_if "... simulate lays fewer tiles on others' trains ($a, then $b)" python3 -c "import sys; sys.exit(not $b < $a)"
with_rules packs/domino-double-nine.yaml "$WORK/bad3.yaml" "other-trains: two"
expect_status "domino: rules: {other-trains: two}: exit 2" 2 $R dump "$WORK/bad3.yaml"
expect_grep "... located, with its values" "bad3.yaml:[0-9]+:[0-9]+: error: 'other-trains' must be one-each or one, not 'two'" "$WORK/last.err"

# Take the Train: "the player with the most Fares left wins", silent on a tie
expect_status "take: a tie for the most fares" 0 $R check packs/take-the-train.yaml --score 0:10,2:12,3:13
expect_grep "... has no single winner by default" "the seed names no single winner" "$WORK/last.out"
with_rules packs/take-the-train.yaml "$WORK/tie.yaml" "tie: fewest-cards"
expect_status "... rules: tie: fewest-cards" 0 $R check "$WORK/tie.yaml" --score 0:10,2:12,3:13
expect_grep "... the seat that emptied its hand wins the tie" "seat 1 wins the round with 10 fares.*fewest cards left \\(rules: tie=fewest-cards\\)" "$WORK/last.out"
expect_status "... --rule tie=shared overrides it" 0 $R check "$WORK/tie.yaml" --rule tie=shared --score 0:10,2:12,3:11
expect_grep "... the tied seats each score" "seats 1 2 each score 10 \\(rules: tie=shared\\)" "$WORK/last.out"
a=$($R simulate -q --json --games 400 --players 4 --seed 1 packs/take-the-train.yaml | field 'd["no_single_winner"]')
b=$($R simulate -q --json --games 400 --players 4 --seed 1 "$WORK/tie.yaml" | field 'd["no_single_winner"]')
ok_if "... simulate: fewer games without a single winner ($a, then $b)" python3 -c "import sys; sys.exit(not $b < $a)"
expect_status "take: --rule tie=coin: exit 2" 2 $R check packs/take-the-train.yaml --rule tie=coin --score 0:10,2:12
expect_grep "... its values" "'tie' must be none, shared or fewest-cards, not 'coin'" "$WORK/last.err"

# Take the Train: "or the highest total after a number of rounds"
expect_eq "take --rule rounds=3: three rounds a game" "3" \
	"$($R simulate -q --json --games 100 --players 4 --rule rounds=3 packs/take-the-train.yaml | field 'd["use"]["rounds"]["per_game"]')"
expect_eq "take --rule target=250 --rule rounds=2: at most two rounds" "True" \
	"$($R simulate -q --json --games 100 --players 4 --rule target=250 --rule rounds=2 packs/take-the-train.yaml | field 'd["use"]["rounds"]["per_game"] <= 2')"

# every rule dump shows, in every game, is one --rule states: dump says it comes
# from the command line, simulate plays with it, check takes it (piles, words and
# min-letters included, which the game reads itself beside its named rules)
for pack in pattern-one-census-seven take-the-train domino-double-six train-52 toy-train; do
	[ $pack = toy-train ] && [ ! -r /usr/share/dict/words ] && { echo "ok - $pack # SKIP /usr/share/dict/words missing"; continue; }
	n=4; [ $pack = toy-train ] && n=2
	$R dump packs/$pack.yaml | sed -n 's/^rule \([a-z-]*=[^ ]*\) (.*)$/\1/p' >"$WORK/kv"
	# under valgrind (seconds a run): a game's first rule and those it reads itself
	[ -n "${VALGRIND:-}" ] && sed -i -n '1p; /^piles=/p; /^words=/p; /^min-letters=/p' "$WORK/kv"
	while read -r kv; do
		$R dump --rule "$kv" packs/$pack.yaml >"$WORK/d.out" 2>&1
		ok_if "$pack: dump --rule $kv: from the command line" grep -qxF "rule $kv (command line)" "$WORK/d.out"
		expect_status "$pack: simulate --rule $kv" 0 $R simulate -q --games 5 --players $n --rule "$kv" packs/$pack.yaml
		expect_status "$pack: check --rule $kv" 0 $R check -q --rule "$kv" packs/$pack.yaml
	done <"$WORK/kv"
done
expect_eq "train-52 --rule piles=2,1: simulate plays two rounds of 2 and 1 piles, from the command line" \
	"2,1 command line" \
	"$($R simulate -q --json --games 20 --players 3 --rule piles=2,1 packs/train-52.yaml | field 'd["rules"]["piles"] + " " + d["rules_from"]["piles"]')"
expect_status "--rule piles=4,0: exit 2" 2 $R simulate -q --games 5 --players 3 --rule piles=4,0 packs/train-52.yaml
expect_grep "... what piles may be" "'piles' must be 1 to 13 numbers 1..13 separated by commas" "$WORK/last.err"
expect_status "--rule pile=1: exit 2" 2 $R dump --rule pile=1 packs/train-52.yaml
expect_grep "... did you mean 'piles'" "'pile' is not a rule of train-52 \\(did you mean 'piles'\\?\\)" "$WORK/last.err"
if [ -r /usr/share/dict/words ]; then
	expect_status "toy: check --rule min-letters=5: TONE is too short (exit 1)" 1 \
		$R check packs/toy-train.yaml --word TONE --rule min-letters=5
	expect_grep "... says why" "a word needs at least 5" "$WORK/last.out"
	expect_status "toy: check --rule min-letters=30: the pack spells no word (exit 1)" 1 \
		$R check -q packs/toy-train.yaml --rule min-letters=30
	printf 'rails\ntrain\n' >"$WORK/list.txt"
	expect_status "toy: check --rule words=FILE reads that list" 1 \
		$R check packs/toy-train.yaml --word TONE --rule "words=$WORK/list.txt"
	expect_grep "... TONE is not in it" "'TONE' is not in the word list" "$WORK/last.out"
	expect_status "... TRAIN is" 0 $R check packs/toy-train.yaml --word TRAIN --rule "words=$WORK/list.txt"
	# broken-every N places the broken railways (start + N, + 2N, ...) instead of
	# the board's marks, in check as in the engine
	$R check packs/toy-train.yaml --word TONE --at 2 --rule broken-every=5 >"$WORK/be.out"
	expect_grep "toy: check --rule broken-every=5: TONE from 2 ends on 6, broken" "space 6, a broken railway" "$WORK/be.out"
	$R check packs/toy-train.yaml --word TONE --at 4 --rule broken-every=5 >"$WORK/be.out"
	expect_grep "... and 8, the board's mark, is not broken then" "from space 4 to space 8" "$WORK/be.out"
	expect_eq "toy: simulate --rule min-letters=6 plays it, from the command line" "6 command line" \
		"$($R simulate -q --json --games 20 --players 2 --rule min-letters=6 packs/toy-train.yaml | field 'd["rules"]["min-letters"] + " " + d["rules_from"]["min-letters"]')"
else
	echo "ok - the Toy Train rule checks # SKIP /usr/share/dict/words missing (apt-get install wamerican)"
fi
# ... and tune varies them as rules.KEY (not under valgrind: hundreds of games)
if [ -z "${VALGRIND:-}" ]; then
	expect_eq "tune --vary rules.piles: both variants load and play" '[[{"rules.piles":[2,1]},512],[{"rules.piles":[4,3,2,1]},512]]' \
		"$($R tune -q --json --exhaustive --games 512 -n 3 --vary 'rules.piles=[4,3,2,1],[2,1]' packs/train-52.yaml |
			jq -c '[.variants[] | [.keys, .games]] | sort')"
	if [ -r /usr/share/dict/words ]; then
		expect_eq "tune --vary rules.min-letters, rules.words: both variants load and play" '[4,6] [1,1]' \
			"$($R tune -q --json --exhaustive --games 256 -n 2 --vary 'rules.min-letters=4,6' --vary rules.words=/usr/share/dict/words packs/toy-train.yaml |
				jq -c '[.variants[] | .keys["rules.min-letters"]], [.variants[] | .completion]' | tr '\n' ' ' | sed 's/ $//')"
	else
		echo "ok - tune --vary rules.min-letters, rules.words # SKIP /usr/share/dict/words missing (apt-get install wamerican)"
	fi
fi
P2=packs/pattern-two-census-seven.yaml
expect_status "trains: check --rule swap-within=false refuses a swap within a sequence (exit 1)" 1 \
	$R check $P2 --sequence "46 37 5 12 42 47 40" --apply 10BD --rule swap-within=false
expect_grep "... naming the rule" "swaps within one sequence are not allowed" "$WORK/last.out"
expect_status "trains: check --rule swap-within=false: the pack's swaps can never be used (exit 1)" 1 \
	$R check -q --rule swap-within=false packs/pattern-one-census-seven.yaml
expect_status "trains: check --rule freeze-tokens=99: exit 2" 2 $R check --rule freeze-tokens=99 $P2

# the man page lists every game's rule keys with their defaults
for pack in pattern-one-census-seven take-the-train domino-double-six train-52 toy-train; do
	$R dump packs/$pack.yaml | sed -n 's/^rule \([a-z-]*\)=\([^ ]*\) (default)$/\1 \2/p' | while read -r k v; do
		if grep -q "^\\.It Li $k: .*Pq default $v\$" man/railyard-pack.5; then
			echo "ok - railyard-pack(5) lists $pack's rule $k, default $v"
		else
			echo "not ok - railyard-pack(5) lists $pack's rule $k, default $v"
		fi
	done
done

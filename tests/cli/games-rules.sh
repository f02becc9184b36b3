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
	 "toy-train broken-every: 5:broken-every=5"; do
	pack=${c%% *} rest=${c#* } kv=${c##*:}
	line=${rest%:*}
	with_rules packs/$pack.yaml "$WORK/p.yaml" "$line"
	[ $pack = toy-train ] && sed -i "s#^  words: .*#  words: /usr/share/dict/words#" "$WORK/p.yaml"
	expect_status "$pack: rules: {$line} loads" 0 $R dump "$WORK/p.yaml"
	expect_grep "... dump: rule $kv from the pack" "^rule $kv \\(pack .*p.yaml:[0-9]+:[0-9]+\\)$" "$WORK/last.out"
	$R dump --rule "${kv%%=*}=$($R dump packs/$pack.yaml | sed -n "s/^rule ${kv%%=*}=\([^ ]*\) (default)$/\1/p")" "$WORK/p.yaml" >"$WORK/o.out"
	expect_grep "... --rule overrides it: command line" "^rule ${kv%%=*}=.* \\(command line\\)$" "$WORK/o.out"
	[ $pack = toy-train ] && [ ! -r /usr/share/dict/words ] && continue
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

# Take the Train: "or the highest total after a number of rounds"
expect_eq "take --rule rounds=3: three rounds a game" "3" \
	"$($R simulate -q --json --games 100 --players 4 --rule rounds=3 packs/take-the-train.yaml | field 'd["use"]["rounds"]["per_game"]')"
expect_eq "take --rule target=250 --rule rounds=2: at most two rounds" "True" \
	"$($R simulate -q --json --games 100 --players 4 --rule target=250 --rule rounds=2 packs/take-the-train.yaml | field 'd["use"]["rounds"]["per_game"] <= 2')"

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

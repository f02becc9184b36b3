#!/bin/sh
# The pack-level check of every game, run by `check PACK` (no position) and by
# build before anything is drawn: an unsound pack is not built (exit 1, check's
# errors, nothing written); --force builds it with every item marked
# "unchecked" outside its trim. The checks are the seed pages' own rules.
. tests/cli/lib.sh
R=$RAILYARD
pages() { pdfinfo "$1" | sed -n 's/^Pages: *//p'; }

# a copy of a shipped pack in $WORK with its templates found from there
copy() { # PACK OUT
	sed "s#^\(  *face: \)templates/#\1$TOP/templates/#; s#^\(face\|back\|setup\): templates/#\1: $TOP/templates/#; s#^\(  *\)setup: templates/#\1setup: $TOP/templates/#" \
		"packs/$1.yaml" >"$2"
}

# every shipped pack of the four games is sound
for p in take-the-train domino-double-six domino-double-nine domino-double-twelve train-52 toy-train; do
	[ $p = toy-train ] && [ ! -r /usr/share/dict/words ] && { echo "ok - $p # SKIP /usr/share/dict/words missing"; continue; }
	"$R" check "packs/$p.yaml" >"$WORK/out" 2>"$WORK/err"
	expect_eq "$p: no error from the pack-level check" "" "$(grep -c 'error' "$WORK/err" | grep -v '^0$')"
done
for p in take-the-train train-52; do
	expect_status "check packs/$p.yaml (no position): sound" 0 $R check "packs/$p.yaml"
	expect_grep "... says so" "^$p: sound$" "$WORK/last.out"
done

# a stated player count that cannot play is a warning of check (not build's):
# the pack still plays at the others
expect_status "check double-six: sound at 4-7 players (exit 0)" 0 $R check packs/domino-double-six.yaml
expect_grep "... warns that 8-10 players never start a hand" "domino-double-six.yaml:12:7: warning: 8-10 players: 7 doubles are too few for an engine each" "$WORK/last.err"
expect_status "check take-the-train: sound" 0 $R check packs/take-the-train.yaml
expect_grep "... warns that 8 players cannot be dealt" "warning: 8 players: the hands need 64 cards, the pack has 56: that cannot be dealt" "$WORK/last.err"
expect_status "build double-six: no such warning (build checks only what refuses it)" 0 \
	$R build -q --only reference -o "$WORK/d6ok" packs/domino-double-six.yaml
expect_eq "... stderr empty" "" "$(cat "$WORK/last.err")"

# Take the Train without Stations: "If no player has a station, players draw in
# turn until one is found": the game never starts
copy take-the-train "$WORK/nost.yaml"
python3 - "$WORK/nost.yaml" <<'EOF'
import re, sys
p = sys.argv[1]; s = open(p).read()
s = re.sub(r"  - name: station\n(    .*\n)+?(?=  - name:)", "", s)
open(p, "w").write(s)
EOF
expect_status "take, no Stations: check says not sound (exit 1)" 1 $R check "$WORK/nost.yaml"
expect_grep "... the rule it breaks, located" "nost.yaml:[0-9]+:[0-9]+: error: no Station card: the game never starts" "$WORK/last.err"
expect_grep "... and the verdict" "^take-the-train: not sound: 1 error$" "$WORK/last.out"
expect_status "... build refuses it (exit 1)" 1 $R build -o "$WORK/nost" "$WORK/nost.yaml"
expect_grep "... with check's error" "error: no Station card" "$WORK/last.err"
expect_grep "... and why nothing was built" "not built: 'railyard check' finds 1 error" "$WORK/last.err"
ok_if "... nothing written" test ! -e "$WORK/nost"
expect_status "... --force builds it" 0 $R build -q --force --only faces -o "$WORK/nost" "$WORK/nost.yaml"
expect_grep "... with a warning" "warning: .*built with --force" "$WORK/last.err"
pdftotext -f 1 -l 1 "$WORK/nost/take-the-train/faces.pdf" "$WORK/nost.txt"
expect_grep "... each face marked unchecked" "^unchecked \\(railyard build --force\\)$" "$WORK/nost.txt"
expect_status "... simulate agrees: it STALLS" 0 $R simulate -q --games 20 --players 4 --max-length 300 "$WORK/nost.yaml"
expect_grep "... STALLS" "^STALLS" "$WORK/last.out"

# Take the Train, one Station colour short and no Transfers: the orange numbers
# can never be played ("he may play it ... to open a new line")
copy take-the-train "$WORK/three.yaml"
sed -i '/name: station/,/face:/s/colour: \[blue, green, magenta, orange\]/colour: [blue, green, magenta]/' "$WORK/three.yaml"
expect_status "take, no orange Station: not sound" 1 $R check "$WORK/three.yaml"
expect_grep "... names the colour" "error: no orange Station: the orange numbers can never be played" "$WORK/last.err"
expect_status "... with the Transfers in, a branch can take them: sound" 0 $R check --with transfer "$WORK/three.yaml"

# domino: "Each player in his first turn puts down a double": a double-six set
# (7 doubles) dealt only to 8-10 players never starts a hand
copy domino-double-six "$WORK/d6.yaml"
sed -i 's/{players: 4-10, cards: even}/{players: 8-10, cards: even}/' "$WORK/d6.yaml"
expect_status "domino double-six for 8-10 players: not sound" 1 $R check "$WORK/d6.yaml"
expect_grep "... why, located at the deal" "d6.yaml:[0-9]+:[0-9]+: error: no player count of the deal can play a hand: .*28 tiles with 7 doubles serve none of 8-10 players" "$WORK/last.err"
expect_status "... build refuses it" 1 $R build -o "$WORK/d6" "$WORK/d6.yaml"
copy domino-double-six "$WORK/d6b.yaml"
sed -i 's/{players: 4-10, cards: even}/{players: 4-10, cards: 9}/' "$WORK/d6b.yaml"
expect_status "domino: hands of 9 from 28 tiles for 4-10 players: 4 and 5 players miss tiles" 1 $R check "$WORK/d6b.yaml"
sed -i 's/cards: 9}/cards: 7}/' "$WORK/d6b.yaml"
expect_status "... hands of 7: 4 players can play: sound" 0 $R check "$WORK/d6b.yaml"

# Train (52 cards): a Train "must always begin with a 2"; the A closes piles
copy train-52 "$WORK/t52.yaml"
sed -i 's/rank: \[A, 2, 3, /rank: [Joker, 3, /' "$WORK/t52.yaml"
expect_status "train-52 without A and 2, with a Joker: not sound" 1 $R check "$WORK/t52.yaml"
expect_grep "... the missing ranks" "error: the rules need every rank of a 52-card deck; missing: A, 2$" "$WORK/last.err"
expect_grep "... the stranger" "error: 'Joker' is not a rank of the rules" "$WORK/last.err"
expect_grep "... 2 errors" "^train-52: not sound: 2 errors$" "$WORK/last.out"
expect_status "... build refuses it" 1 $R build -o "$WORK/t52" "$WORK/t52.yaml"

# Toy Train: carriages that spell no word of the list
if [ -r /usr/share/dict/words ]; then
	copy toy-train "$WORK/toy.yaml"
	python3 - "$WORK/toy.yaml" <<'EOF'
import re, sys
p = sys.argv[1]; s = open(p).read()
s = re.sub(r"counts: \{[^}]*\}", 'counts: {B: 40, C: 40, D: 46}', s, flags=re.S)
s = s.replace('  wild: "?"\n', '')
open(p, "w").write(s)
EOF
	expect_status "toy-train of B, C and D carriages: not sound" 1 $R check "$WORK/toy.yaml"
	expect_grep "... why" "error: the carriages spell no word of .* with 4 letters or more" "$WORK/last.err"
	expect_status "... --rule letter-mix=even on simulate is another matter; build refuses the pack" 1 \
		$R build -o "$WORK/toy" "$WORK/toy.yaml"
else
	echo "ok - the Toy Train word check # SKIP /usr/share/dict/words missing (apt-get install wamerican)"
fi

# A word list outside the trusted folders is bad input for every command that
# reads it (exit 2, at its line), not a rule the pack breaks (check and build
# said 1, simulate 2); --force does not build past it.
mkdir -p "$WORK/outside/p"
printf 'tone\ntonight\n' >"$WORK/outside/words.txt"
copy toy-train "$WORK/outside/p/pack.yaml"
sed -i 's|^  words: .*|  words: ../words.txt|' "$WORK/outside/p/pack.yaml"
for cmd in "check" "build -o $WORK/outside/o" "build --force -o $WORK/outside/o" "simulate -n 2 --games 10"; do
	expect_status "a word list outside the pack's folder: $cmd exits 2" 2 $R $cmd "$WORK/outside/p/pack.yaml"
	expect_grep "... at its line" "pack\.yaml:[0-9]+:[0-9]+: error: 'words': '\.\./words\.txt' is outside" "$WORK/last.err"
done

# The other train games of the seeds: list, check and build for Take the Train,
# domino Trains, Train (52 cards) and Toy Train. Expected values come from the
# seed pages (001-004), not from railyard's own output.
. tests/cli/lib.sh
R=$RAILYARD
TT=packs/take-the-train.yaml
D6=packs/domino-double-six.yaml
D9=packs/domino-double-nine.yaml
D12=packs/domino-double-twelve.yaml
T52=packs/train-52.yaml
TOY=packs/toy-train.yaml
# 6 and 9 read as each other turned round: marked, and no other rank or number.
# The pixel at the mark (at 100 dpi, 3.175 mm of bleed): Train's underline under
# its large rank (31.75, 28.2 mm), Take the Train's dot after the number in its
# disc (39.1, 35.6 mm: the dot's top, above the foot of a 12; the number cards,
# 1-48: the others' names run through that spot).
underlined() { # PDF X_MM Y_MM: the pages whose pixel there is dark
	pdftoppm -r 100 -gray "$1" "$WORK/ul"
	python3 - "$WORK" "$2" "$3" <<'PY'
import glob, sys
px = lambda mm: int(round((float(mm) + 3.175) / 25.4 * 100))
out = []
for n, path in enumerate(sorted(glob.glob(sys.argv[1] + '/ul-*.pgm')), 1):
    parts = open(path, 'rb').read().split(maxsplit=4)
    if parts[4][px(sys.argv[3]) * int(parts[1]) + px(sys.argv[2])] < 160:
        out.append(n)
print(*out)
PY
	rm -f "$WORK"/ul-*.pgm
}

# --- Take the Train: 56 cards ("for the normal game, the Transfer cards are
# removed"), 58 with the Transfers, 100 fares
$R list $TT >"$WORK/tt.out"
expect_grep "take-the-train: 56 cards (the normal game)" '^cards: 56$' "$WORK/tt.out"
expect_grep "take-the-train: 48 number cards" '^  number +48 ' "$WORK/tt.out"
expect_grep "take-the-train: 100 fare tokens" '^tokens: 100$' "$WORK/tt.out"
expect_grep "deal: 13 each for 3 players, fares 33 each, 1 to the pot" '^3 +13 +39 +17 +33 +1$' "$WORK/tt.out"
expect_grep "deal: 8 each for 4 players" '^4 +8 +32 +24 +25 +0$' "$WORK/tt.out"
expect_grep "... the Transfers are an option, left out" '^  transfer .*\(optional, left out\)$' "$WORK/tt.out"
$R list --with transfer $TT >"$WORK/tt58.out"
expect_grep "--with transfer: 58 cards" '^cards: 58$' "$WORK/tt58.out"
expect_grep "... 8 each for 7 players leaves 2 to draw" '^7 +8 +56 +2 ' "$WORK/tt58.out"
expect_grep "7 players, 56 cards: 8 each, an empty Conductor's Hand" '^7 +8 +56 +0 ' "$WORK/tt.out"
$R list --without transfer $TT >"$WORK/tt56.out"
expect_grep "--without transfer: 56 cards" '^cards: 56$' "$WORK/tt56.out"
expect_status "--without a group that is not optional" 2 $R list --without station $TT
expect_grep "... names the optional groups" 'optional groups of this pack: transfer' "$WORK/last.err"
expect_eq "list --cards: one line per face (48+4+2+100 fares)" 55 "$($R list --cards $TT | wc -l | tr -d ' ')"

# the page's End of Line example: on the 8, the 9 becomes the last card
L="B1 B2 B3 B4 B5 B6 BS B7 B8 EL"
expect_status "End of Line on the 8: the 9 cannot follow the 8" 1 $R check $TT --line "$L" --play B9
expect_grep "... names the rule" "the right \(ascending\) end is closed by an End of Line" "$WORK/last.out"
expect_status "End of Line: wrap around 1 -> 12 -> 11 -> 10 -> 9" 0 $R check $TT --line "$L" --play "B12 B11 B10 B9"
expect_grep "... played on the left end, wrapping" 'left .*blue 12 \(wrapping around past 1\)' "$WORK/last.out"
expect_status "ascending from 7" 0 $R check $TT --line "BS" --play "B7 B8"
# a line holds each number once: a run wrapping round to its own first number stops
expect_status "End of Line: the wrap takes every number once" 0 $R check $TT --line "EL BS" --play "B7 B8 B9 B10 B11 B12 B1 B2 B3 B4 B5 B6"
expect_status "End of Line: no second blue 7 after the wrap" 1 $R check $TT --line "EL BS" --play "B7 B8 B9 B10 B11 B12 B1 B2 B3 B4 B5 B6 B7"
expect_grep "... the play laid it already" "only one blue 7: the play has laid it already" "$WORK/last.out"
expect_status "not in order" 1 $R check $TT --line "B6 BS B7" --play "B9 B8"
expect_grep "... names the rule" "the right \(ascending\) end needs blue 8 next, not blue 9" "$WORK/last.out"
expect_status "another colour on a blue line" 1 $R check $TT --line "B6 BS B7" --play "G8"
expect_grep "... names the rule" "green 8 cannot go on the blue line: a run is all one colour" "$WORK/last.out"
expect_status "a Free Ride standing in for blue 9" 0 $R check $TT --line "B6 BS B7 B8" --play "FR B10"
expect_status "the blue 5 replaces its Free Ride" 0 $R check $TT --line "FR B6 BS" --play B5
expect_grep "... and the player takes the Free Ride" 'takes the Free Ride' "$WORK/last.out"
expect_status "a second Station opens a line" 0 $R check $TT --line "B6 BS" --play "MS M7 M8"
expect_status "Transfer, the page's example" 0 $R check --with transfer $TT --line "M5 M6 MS" --play "TR O5 O4"
expect_status "Transfer beside a card not at the end of the line" 1 $R check --with transfer $TT --line "M4 M5 M6 MS" --play "TR O5"
expect_grep "... says why" 'not at the end of its side' "$WORK/last.out"
expect_status "Transfer beside the end card M4" 0 $R check --with transfer $TT --line "M4 M5 M6 MS" --play "TR O4 O3"
expect_status "Transfer without the Transfer cards (the normal game)" 1 $R check $TT --line "M5 M6 MS" --play "TR O5"
expect_grep "... names the rule" "this pack has no Transfer cards" "$WORK/last.out"
# "If not, their turn passes (they do NOT need to pay a Fare at this time)"
expect_status "Station phase: no Station in hand" 0 $R check $TT --hand "B3 G4 FR"
expect_grep "... the turn passes, no fare" 'turn passes without paying a fare' "$WORK/last.out"
expect_status "Station phase: a Station starts the first line" 0 $R check $TT --hand "B3 GS"
expect_grep "... the green Station" 'green Station starts the first line' "$WORK/last.out"
# "If a player cannot make any play, he must 'Take the Train'; he pays one Fare"
expect_status "no play: Take the Train" 0 $R check $TT --line "B6 BS" --hand "B3 G4"
expect_grep "... pays a fare and draws" 'pay one fare .* and draw a card' "$WORK/last.out"
expect_status "a play: the blue 5" 0 $R check $TT --line "B6 BS" --hand "B5 G4"
expect_grep "... names it" '^legal: blue 5$' "$WORK/last.out"
# "All other players pay one Fare to the pot for each card, and the player with
# the most Fares left wins."
expect_status "the end: one fare per card" 0 $R check $TT --score "0:20,3:18,5:25,2:10"
expect_grep "... seat 3 pays 5" '^seat 3: 5 cards left, pays 5, 20 fares left$' "$WORK/last.out"
expect_grep "... a tie with seat 1 (the seed names no winner)" 'a tie for the most fares' "$WORK/last.out"
expect_status "the end: most fares wins" 0 $R check --json $TT --score "0:21,3:18,5:25"
expect_grep "... seat 1 wins with 21" 'seat 1 wins the round with 21 fares' "$WORK/last.out"
expect_status "--score and --play: exit 2" 2 $R check $TT --score "0:1,1:1" --play B3
expect_status "--score before the round ends (nobody out of cards or fares): exit 2" 2 $R check $TT --score "3:10,2:8"
expect_grep "... names no winner, says when the round ends" 'give a seat 0 cards or 0 fares' "$WORK/last.err"
ok_if "... and prints no winner" sh -c "! grep -q wins '$WORK/last.out'"
expect_status "--score: a seat out of fares ends the round" 0 $R check $TT --score "3:0,2:8"
expect_status "a line that cannot be: exit 2" 2 $R check $TT --line "B5 BS" --play B4
expect_grep "... says what the left side needs" 'needs blue 6 at step 1' "$WORK/last.err"
# a line after a Transfer: "Orange cards 4 to 1 can now be played off of the 5
# heading away from the station. Any cards that would normally lie between the
# Station and the number at which the Transfer was played, as well as anything
# to the other side of the Station, cannot be played until the Station is played."
BR="O3 O4 O5 TR M5 M6 MS M7"
expect_status "--line with a Transfer's branch: the branch goes on" 0 $R check --with transfer $TT --line "$BR" --play O2
expect_grep "... on the branch" '^legal: on the orange branch, toward 1$' "$WORK/last.out"
expect_status "... orange 6 waits for the orange Station: exit 1" 1 $R check --with transfer $TT --line "$BR" --play O6
expect_grep "... says so" 'orange 6 cannot be played until the orange Station is played' "$WORK/last.out"
expect_status "... the orange Station's run stops at the branch's 5: exit 1" 1 $R check --with transfer $TT --line "$BR" --play "OS O6 O5"
expect_grep "... the 5 is on the table" 'there is only one orange 5: it is already on the table' "$WORK/last.out"
expect_status "... the orange Station and 6 are legal" 0 $R check --with transfer $TT --line "$BR" --play "OS O6"
expect_status "... a branch needs the Transfers in the pack: exit 1" 1 $R check $TT --line "$BR" --play O2
expect_status "... a branch must start at the end's number: exit 2" 2 $R check --with transfer $TT --line "M5 M6 MS M7 M8 TR O7" --play M9
expect_grep "... says which" 'a Transfer branches at magenta 8 with the 8 of another colour, not orange 7' "$WORK/last.err"
expect_status "... --hand sees the branch" 0 $R check --with transfer $TT --line "$BR" --hand "O2 O6 B3"
expect_grep "... orange 2 plays" '^legal: orange 2$' "$WORK/last.out"
expect_status "a card that is not a card: exit 2" 2 $R check $TT --play "B13"
expect_status "a --line and no --play: exit 2" 2 $R check $TT --line "B6 BS B7"
expect_status "no position at all: the pack-level check (sound)" 0 $R check $TT

# --- domino Trains
$R list $D9 >"$WORK/d9.out"
expect_grep "double nine: 55 tiles" '^tiles: 55$' "$WORK/d9.out"
expect_grep "double nine: 11 of each number (the page)" 'shows on 11 tile ends' "$WORK/d9.out"
for row in "4 13" "5 11" "6 9" "7 7" "8 6" "9 6" "10 5"; do
	set -- $row
	expect_grep "double nine, $1 players: $2 tiles (the page's table)" "^$1 +$2 " "$WORK/d9.out"
done
$R list $D12 >"$WORK/d12.out"
for row in "4 22" "5 18" "6 15" "7 13" "8 11" "9 10" "10 9"; do
	set -- $row
	expect_grep "double twelve, $1 players: $2 tiles (the page's table)" "^$1 +$2 " "$WORK/d12.out"
done
expect_eq "double six: 28 tiles" "tiles: 28" "$($R list $D6 | grep '^tiles:')"
expect_status "double six: a single train" 0 $R check $D6
expect_status "double nine: no single train (every number on 11 ends)" 1 $R check $D9
expect_grep "... names the rule" "numbers on an odd number of tile ends: .*at most 2 may be odd" "$WORK/last.out"
expect_status "double twelve: a single train" 0 $R check $D12
$R check --json $D9 >"$WORK/d9.json"
expect_grep "--json single_train false" '"single_train": false' "$WORK/d9.json"
expect_grep "--json odd_numbers 0..9" '"odd_numbers": \[0, 1, 2, 3, 4, 5, 6, 7, 8, 9\]' "$WORK/d9.json"
expect_grep "--json disconnected_tiles empty" '"disconnected_tiles": \[\]' "$WORK/d9.json"
$R check --json --tiles "0-0 0-1 1-2 2-2 5-5" $D12 >"$WORK/sub.json"
expect_eq "--tiles subset: exit 1" 1 $?
expect_grep "--tiles: the cut-off double" '"disconnected_tiles": \["5-5"\]' "$WORK/sub.json"
expect_grep "--tiles: odd numbers 0 and 2" '"odd_numbers": \[0, 2\]' "$WORK/sub.json"
expect_status "--tiles 0-1 1-2 2-3: a single train" 0 $R check --tiles "0-1 1-2 2-3" $D6
expect_grep "... laid end to end" '^train: 0-1 1-2 2-3$' "$WORK/last.out"
expect_status "--tiles outside the set: exit 2" 2 $R check --tiles "0-7" $D6
expect_status "--tiles twice the same tile: exit 2" 2 $R check --tiles "1-2 2-1" $D6

# --- Train (52 cards)
$R list $T52 >"$WORK/t52.out"
expect_grep "train-52: 52 cards" '^cards: 52$' "$WORK/t52.out"
expect_grep "3 players, round 1: 31 cards in 4 piles" '^3 players, round 1: 4 piles of 8, 8, 8, 7; up to 3 closed$' "$WORK/t52.out"
expect_grep "4 players, round 4: one pile of 24" '^4 players, round 4: 1 pile of 24; up to 0 closed$' "$WORK/t52.out"
expect_status "6 on a 5" 0 $R check $T52 --top 5 --play 6
expect_status "7 on a 5" 0 $R check $T52 --top 5 --play 7
expect_status "4 on a 5" 0 $R check $T52 --top 5 --play 4
expect_status "3 on a 5" 1 $R check $T52 --top 5 --play 3
expect_grep "... names the rule" "cannot play 3 on 5: a card goes 1 or 2 higher or 1 lower" "$WORK/last.out"
expect_status "sandwich J 8 J on a 10" 0 $R check $T52 --top 10 --play "J 8 J"
expect_status "double sandwich J 4 4 J on a Q" 0 $R check $T52 --top Q --play "JS 4H 4D JC"
expect_status "double kings on a 4" 0 $R check $T52 --top 4 --play "K K"
expect_status "double queens on a 4" 1 $R check $T52 --top 4 --play "Q Q"
expect_grep "... names the rule" "double Qs may only be played on a 5, not on 4" "$WORK/last.out"
expect_status "double 4 on a 4" 0 $R check $T52 --top 4 --play "4 4"
expect_status "reopening: 5 after A 2 4 (the closing A is the sequence's A)" 0 $R check $T52 --pile --top "A 2 4" --play 5
expect_status "reopening: 6 after A 2 4" 1 $R check $T52 --pile --top "A 2 4" --play 6
expect_grep "... names the rule" "the pile is closed: the reopening sequence .* needs 5 next, not 6" "$WORK/last.out"
expect_status "reopening: a 2 on the closing A" 0 $R check $T52 --pile --top A --play 2
expect_status "reopen=second-ace: a second A on the closing A first" 1 $R check $T52 --rule reopen=second-ace --pile --top A --play 2
expect_grep "... names the rule" "the reopening sequence .* needs A next, not 2" "$WORK/last.out"
expect_status "reopen=second-ace: A A 2 4 then 5" 0 $R check $T52 --rule reopen=second-ace --pile --top "A A 2 4" --play 5
# "On non-face cards (2, 3, 4, etc.) can be played on a card only if ..."
expect_status "J on a 10: a face card goes down only in a double or sandwich" 1 $R check $T52 --top 10 --play J
expect_grep "... says which rule" 'face-cards=doubles' "$WORK/last.out"
expect_status "K on a Q" 1 $R check $T52 --top Q --play K
expect_grep "... names the rule" "K is a face card: .*goes down only in a double or a sandwich" "$WORK/last.out"
expect_status "A on a 2: an A closes piles" 1 $R check $T52 --top 2 --play A
expect_grep "... names the rule" "an A closes a pile; it is not a card of central play" "$WORK/last.out"
expect_status "A A is no double" 1 $R check $T52 --top A --play "A A"
expect_grep "... names the rule" "a double A has no value to go on" "$WORK/last.out"
expect_status "--rule face-cards=step: J on a 10" 0 $R check $T52 --rule face-cards=step --top 10 --play J
expect_status "--rule ace=low: A on a 2" 0 $R check $T52 --rule ace=low --top 2 --play A
expect_status "--rule nonsense: exit 2" 2 $R check $T52 --rule ace=high --top 2 --play A
# "each player draws one card from any pile and play begins with the first player
# to put a card down"
expect_status "no 2 and no two sets of doubles: after the draw, any card begins" 0 $R check $T52 --drawn --play 9
expect_status "... but without the draw a 9 does not" 1 $R check $T52 --start --play 9
expect_grep "... names the rule" "a round begins with a 2 or with two sets of doubles" "$WORK/last.out"
expect_status "a Train on a bare A with the whole hand" 0 $R check $T52 --pile --top A --play "2 3 4 5 6" --hand "6 5 4 3 2"
expect_status "a Train not using the whole hand" 1 $R check $T52 --pile --top A --play "2 3 4" --hand "2 3 4 9"
expect_grep "... names the rule" "a Train must use all the cards in the player.s hand" "$WORK/last.out"
expect_status "a set of doubles begins a round" 0 $R check $T52 --start --play "J J 4 4"
# "A Trainwreck does occur when all piles that are not closed are depleted of cards."
expect_status "Trainwreck: the open piles are empty" 1 $R check $T52 --piles "0,3C,0"
expect_grep "... the hand is re-dealt" 'a Trainwreck: .*re-dealt, no player granted the round' "$WORK/last.out"
expect_status "not a Trainwreck: an open pile has cards" 0 $R check $T52 --piles "0,3,0C"
# "Every round the winning player is granted 1 point ... Tie Breakers"
expect_status "the most points wins" 0 $R check $T52 --points "2,1,1,0"
expect_grep "... seat 1" '^legal: seat 1 wins the game with 2 points' "$WORK/last.out"
expect_status "a tie: the tie-breaker" 0 $R check $T52 --points "1,2,2,0"
expect_grep "... between seats 2 and 3" 'tie-breaker .* seats 2, 3;' "$WORK/last.out"
expect_status "a pile's cards that cannot be: exit 2" 2 $R check $T52 --pile --top "A 3" --play 4
expect_status "no place given: exit 2" 2 $R check $T52 --play 4

# --- Toy Train: the page's example, from GO
$R list $TOY >"$WORK/toy.out"
expect_grep "toy-train: 126 carriages" '^letters: 126$' "$WORK/toy.out"
expect_grep "toy-train: the board from GO to FINISH" '^board: 50 spaces, GO on space 1, FINISH on space 50$' "$WORK/toy.out"
if [ -r /usr/share/dict/words ]; then
	expect_status "TOP: three letters do not count" 1 $R check $TOY --word TOP
	expect_grep "... names the rule" "'TOP' has 3 letters; a word needs at least 4" "$WORK/last.out"
	expect_status "TONE: valid" 0 $R check $TOY --word TONE
	expect_grep "... moves the locomotive 4 spaces" 'moves 4 spaces, from space 1 to space 5' "$WORK/last.out"
	expect_status "TONIGHT: valid, on a broken railway" 0 $R check $TOY --word TONIGHT
	expect_grep "... so the locomotive stays put" 'space 8, a broken railway: the locomotive stays on space 1' "$WORK/last.out"
	expect_status "TONE again: already used" 1 $R check $TOY --word TONE --used "TRAIN, tone"
	expect_grep "... names the rule" "'TONE' has already been used in this game" "$WORK/last.out"
	expect_status "TO?E with a wild carriage" 0 $R check $TOY --word 'TO?E' --used tone
	expect_status "not a word" 1 $R check $TOY --word TONX
	expect_grep "... names the rule" "'TONX' is not in the word list" "$WORK/last.out"
	expect_status "reaching FINISH wins" 0 $R check $TOY --word TRAIN --at 47
	expect_grep "... the Engine-Driver wins" 'a valid word wins the game' "$WORK/last.out"
else
	echo "ok - the word checks # SKIP /usr/share/dict/words missing (apt-get install wamerican)"
fi
printf 'tone\ntonight\n' >"$WORK/words"
if [ -r /usr/share/dict/words ]; then
	# "Four outcomes are now possible" (the challenge)
	expect_status "outcome 1: the Braker challenges, the Engine-Driver names TONIGHT" 0 $R check $TOY --word TON --challenge braker --answer TONIGHT
	expect_grep "... on the broken railway (space 8)" '^legal: outcome 1: .*broken railway' "$WORK/last.out"
	expect_status "outcome 2: the Engine-Driver names no word" 1 $R check $TOY --word TONX --challenge braker
	expect_grep "... the locomotive stays put" 'outcome 2: .*stays put' "$WORK/last.out"
	expect_status "outcome 3: the Engine-Driver challenges, the Braker names TONE" 0 $R check $TOY --word TON --challenge driver --answer TONE
	expect_grep "... the Engine-Driver moves 4" 'from space 1 to space 5' "$WORK/last.out"
	expect_status "outcome 4: the Braker cannot answer" 1 $R check $TOY --word TONX --challenge driver
	expect_grep "... the Engine-Driver may replace the last carriage, alone" 'replace the last carriage \(X\) and go on adding carriages alone' "$WORK/last.out"
	expect_status "an answer that does not begin with the carriages" 1 $R check $TOY --word TONX --challenge driver --answer TONE
	expect_grep "... names the rule" "TONE does not begin with the carriages laid, TONX" "$WORK/last.out"
	# "If one of the players manages to place a carriage on the FINISH space ...
	# If he composes a valid word, he wins the game. If he does not, his turn ends"
	expect_status "past FINISH with a valid word: wins" 0 $R check $TOY --word TRAIN --at 47
	expect_grep "... says the Engine-Driver may go on alone" 'may add all the carriages he wants: a valid word wins' "$WORK/last.out"
	expect_status "past FINISH without a word: no advance" 1 $R check $TOY --word TRAINX --at 47
	expect_grep "... the game continues" 'turn ends without advancing and the game continues' "$WORK/last.out"
else
	echo "ok - the challenge's four outcomes # SKIP /usr/share/dict/words missing (apt-get install wamerican)"
fi
# "The Engine-Driver will add two carriages at the beginning ... before the Braker"
expect_eq "round flow: the second carriage is the Engine-Driver's" "1 carriage laid: carriage 2 is the Engine-Driver's" "$($R check $TOY --word T --next)"
expect_eq "round flow: then the Braker's" "2 carriages laid: carriage 3 is the Braker's" "$($R check $TOY --word TO --next)"
expect_eq "round flow: a carriage on FINISH, the Engine-Driver goes on alone" \
	"4 carriages laid: carriage 5 is the Engine-Driver's (a carriage is on FINISH: he goes on alone)" \
	"$($R check $TOY --word TONE --next --at 46)"
expect_eq "... not before" "4 carriages laid: carriage 5 is the Braker's" "$($R check $TOY --word TONE --next --at 45)"
expect_eq "round flow: then they alternate" "3 carriages laid: carriage 4 is the Engine-Driver's" "$($R check $TOY --word TON --next)"
expect_status "--answer without --challenge: exit 2" 2 $R check $TOY --word TON --answer TONE

# --- domino Trains positions (seeds/002, Basic Trains)
# "The highest double is played first ... If someone cannot make this first play,
# the game is blocked, nobody scores and a new hand is dealt."
expect_status "first turn: every seat has an engine" 0 $R check $D9 --hands "9-9 1-2; 5-5 3-4; 0-0 2-3"
expect_grep "... the 9-9 goes first" 'seat 1 holds the highest double, 9-9' "$WORK/last.out"
expect_status "first turn: seat 4 has no double: blocked, re-dealt" 1 $R check $D9 --hands "8-8 1-2; 5-5 3-4; 0-1 2-2; 6-7 7-9"
expect_grep "... says so" 'seat 4 has no double .* new hand is dealt' "$WORK/last.out"
expect_status "--hands: a tile in two hands: exit 2" 2 $R check $D9 --hands "9-9 1-2; 9-9"
# "each player must add another car to his train ... After adding a car to his own
# train, the player can then add one and only one car to any or all of the trains
# belonging to the other players."
expect_status "own train, then one tile on each other train" 0 $R check $D9 --train "6-6 6-3 3-1" --others "7-7 7-2; 5-5" --play "6-2 2-8@1 5-0@2"
expect_status "others' trains before the own: not legal" 1 $R check $D9 --train "6-6 6-3 3-1" --others "7-7 7-2; 5-5" --play "2-8@1 6-2"
expect_grep "... names the rule" "a player first adds a car to his own train" "$WORK/last.out"
expect_status "two tiles on one other train: not legal" 1 $R check $D9 --train "6-6 6-3 3-1" --others "7-7 7-2; 5-5" --play "6-2 2-8@1 2-0@1"
expect_grep "... names the rule" "one and only one car on each other train" "$WORK/last.out"
expect_status "a tile matching neither end: not legal" 1 $R check $D9 --train "6-6 6-3 3-1" --play "2-5"
expect_grep "... names the rule" "2-5 matches neither end of the own train" "$WORK/last.out"
# "Doubles are played in line; there are no spinners."
expect_status "a double in line keeps the end's number" 0 $R check $D9 --train "6-6 6-4" --play "4-4"
expect_grep "... the ends show 6 and 4" 'ends now show 6 and 4 \(a double, in line\)' "$WORK/last.out"
# "The winner gets 5 points for each tile left in the hands of the other players.
# The game is 120 points."
expect_status "the end of a hand: 5 a tile" 0 $R check $D9 --score "0,3,2,5" --points "100,20,0,15"
expect_grep "... 50 points, 150 in all" 'seat 1 dominoed and scores 50 .*150 in all' "$WORK/last.out"
expect_grep "... 120 wins the game" 'reaches 120 points and wins the game' "$WORK/last.out"
expect_status "--score with nobody out: exit 2" 2 $R check $D9 --score "1,3"
# rules: blocked: fewest: a blocked hand (nobody out) is scored by the fewest tiles
expect_status "--score with nobody out, --rule blocked=fewest: legal" 0 $R check $D9 --rule blocked=fewest --score "4,1,3,1" --points "100,0,0,0"
expect_grep "... the first of the fewest scores 5 a tile of the others" 'seat 2, with the fewest tiles \(1\), scores it .*: 40 ' "$WORK/last.out"
expect_status "... two seats out: exit 2" 2 $R check $D9 --rule blocked=fewest --score "0,0,3"
# "The highest double is played first and play moves clockwise"
expect_status "first turn: who adds the first car" 0 $R check $D9 --hands "5-5 1-2; 9-9 3-4; 0-0 2-3"
expect_grep "... the leader (rules: order=clockwise)" 'seat 2 adds the first car \(rules: order=clockwise\)' "$WORK/last.out"
expect_status "... --rule order=after-leader" 0 $R check $D9 --rule order=after-leader --hands "5-5 1-2; 9-9 3-4; 0-0 2-3"
expect_grep "... the seat after it" 'seat 3 adds the first car \(rules: order=after-leader\)' "$WORK/last.out"
expect_status "--rule order=sideways: exit 2" 2 $R check $D9 --rule order=sideways --hands "5-5 1-2; 9-9 3-4"
expect_status "--words: another word list" 1 $R check $TOY --word TOME --words "$WORK/words"
expect_grep "... names the rule" "'TOME' is not in the word list" "$WORK/last.out"
expect_status "an unreadable word list: exit 2" 2 $R check $TOY --word TONE --words "$WORK/none"
expect_status "--at beyond the board: exit 2" 2 $R check $TOY --word TONE --at 50

# --- bad packs: every problem at its line and column, exit 2
cat >"$WORK/bad.yaml" <<'YAML'
pack: bad
game: take-the-train
cards:
  - name: number
    product: {colour: [blue, blue], number: {from: 1, to: 12}}
    cout: 2
deal: {hands: [{players: 0, cards: 13}]}
YAML
expect_status "a bad pack: exit 2" 2 $R list "$WORK/bad.yaml"
expect_grep "... the duplicate colour at 5:30" 'bad.yaml:5:30: error: field .colour. lists .blue. twice' "$WORK/last.err"
expect_grep "... the misspelt key at 6:5" "bad.yaml:6:5: error: unknown key 'cout'" "$WORK/last.err"
expect_grep "... the player count at 7:26" "bad.yaml:7:26: error: 'players' must be" "$WORK/last.err"
printf 'pack: x\ngame: chess\ncards: [{name: a}]\n' >"$WORK/chess.yaml"
expect_status "an unknown game: exit 2" 2 $R list "$WORK/chess.yaml"
expect_grep "... names the known games" "unknown game 'chess' \(known: trains, take-the-train" "$WORK/last.err"

# rules: are read once, by each game's module: list, build and check give one
# answer for piles beyond the limit, and a misspelt key is located with a suggestion.
sed 's/^  piles: .*/  piles: [4, 3, 200, 1]\n  pilez: 3/' packs/train-52.yaml >"$WORK/piles.yaml"
for cmd in "list" "build -o $WORK/piles-out" "check --start --play 2"; do
	expect_status "piles 200: $cmd exits 2" 2 $R $cmd "$WORK/piles.yaml"
	expect_grep "... $cmd: 200 piles is beyond the limit, at 24:17" "piles.yaml:24:17: error: 'piles' must be 1..13, not 200" "$WORK/last.err"
	expect_grep "... $cmd: pilez at 25:3, did you mean piles" "piles.yaml:25:3: error: unknown key 'pilez' in 'rules' of train-52 \(did you mean 'piles'\?\)" "$WORK/last.err"
done
ok_if "... nothing was built" test ! -e "$WORK/piles-out"
printf 'pack: t\ngame: take-the-train\ncards: [{name: a}]\nrules: {reshufle: true}\n' >"$WORK/take-rules.yaml"
expect_status "take-the-train: a rules key it does not know: exit 2" 2 $R list "$WORK/take-rules.yaml"
expect_grep "... located" "take-rules.yaml:4:9: error: unknown key 'reshufle' in 'rules'" "$WORK/last.err"
sed 's/^  min-letters: .*/  min-leters: 4/' packs/toy-train.yaml >"$WORK/toy-rules.yaml"
expect_status "toy-train: min-leters: exit 2" 2 $R list "$WORK/toy-rules.yaml"
expect_grep "... did you mean min-letters" "unknown key 'min-leters' in 'rules' of toy-train \(did you mean 'min-letters'\?\)" "$WORK/last.err"

# --- build: print-ready files, looked at through poppler and qpdf
pages() { pdfinfo "$1" 2>/dev/null | sed -n 's/^Pages: *//p'; }
O="$WORK/out"
expect_status "build take-the-train --with transfer" 0 $R build --with transfer -o "$O/tt" $TT
expect_eq "faces.pdf: one page per card (58)" 58 "$(pages "$O/tt/take-the-train/faces.pdf")"
expect_eq "sheets: 10 fronts and 10 backs (58 cards, 6 a page)" 20 "$(pages "$O/tt/take-the-train/sheets-a4.pdf")"
expect_eq "tokens: 100 fares on 2 pages" 2 "$(pages "$O/tt/take-the-train/tokens-a4.pdf")"
ok_if "faces.pdf passes qpdf --check" qpdf --check "$O/tt/take-the-train/faces.pdf"
expect_grep "faces.pdf: trim box of a poker card (63.5 x 88.9 mm)" 'TrimBox: +9\.00 +9\.00 +189\.00 +261\.00' \
	"$(pdfinfo -box -f 1 -l 1 "$O/tt/take-the-train/faces.pdf" >"$WORK/box.txt"; echo "$WORK/box.txt")"
ok_if "faces.pdf: fonts embedded" sh -c "! pdffonts '$O/tt/take-the-train/faces.pdf' | awk 'NR>2 && \$(NF-4) != \"yes\"' | grep -q ."
expect_eq "take-the-train: 6 and 9 of each colour with a dot after the number" "6 9 18 21 30 33 42 45" \
	"$(underlined "$O/tt/take-the-train/faces.pdf" 39.1 35.6 | tr ' ' '\n' | awk '$1 <= 48' | tr '\n' ' ' | sed 's/ $//')"
pdftotext -f 49 -l 49 "$O/tt/take-the-train/faces.pdf" "$WORK/p49.txt"
expect_grep "card 49 is the blue Station" 'STATION' "$WORK/p49.txt"
expect_status "build --without transfer" 0 $R build --without transfer --only faces -o "$O/tt56" $TT
expect_eq "... 56 faces" 56 "$(pages "$O/tt56/take-the-train/faces.pdf")"
expect_status "build domino double-twelve" 0 $R build --only faces,svg -o "$O/d12" $D12
expect_eq "91 tiles" 91 "$(pages "$O/d12/domino-double-twelve/faces.pdf")"
ok_if "tile 12-12 as SVG renders" rsvg-convert -o "$WORK/t.png" "$O/d12/domino-double-twelve/svg/091-12-12.svg"
expect_status "build train-52" 0 $R build --only faces,setup -o "$O/t52" $T52
expect_eq "52 cards" 52 "$(pages "$O/t52/train-52/faces.pdf")"
expect_eq "the setup sheet is one page" 1 "$(pages "$O/t52/train-52/setup.pdf")"
expect_eq "train-52: each suit's symbol on its 13 cards, 4 times a card" "52 52 52 52" \
	"$(pdftotext "$O/t52/train-52/faces.pdf" - | awk '/^♠$/ { s++ } /^♥$/ { h++ } /^♦$/ { d++ } /^♣$/ { c++ } END { print s, h, d, c }')"
expect_eq "train-52: 6 and 9 of each suit underlined (pages 6 9 19 22 32 35 45 48)" "6 9 19 22 32 35 45 48" \
	"$(underlined "$O/t52/train-52/faces.pdf" 31.75 28.2)"
pdftotext "$O/t52/train-52/setup.pdf" "$WORK/setup.txt"
expect_grep "setup: round 4 has one pile, 31 cards for 3 players" '3 players: 31' "$WORK/setup.txt"
expect_status "build toy-train" 0 $R build --only faces,board,svg -o "$O/toy" $TOY
expect_eq "126 carriages and 2 locomotives" 128 "$(pages "$O/toy/toy-train/faces.pdf")"
ok_if "the board as SVG renders" rsvg-convert -o "$WORK/b.png" "$O/toy/toy-train/svg/board.svg"
pdftotext "$O/toy/toy-train/board.pdf" "$WORK/board.txt"
expect_grep "the board shows GO" '^GO$' "$WORK/board.txt"
expect_grep "the board shows FINISH" '^FINISH$' "$WORK/board.txt"
expect_status "build into a file that is not a folder: exit 3" 3 $R build --only faces -o /dev/null/x $D6
expect_status "build --only placemat,reference (as for trains packs)" 0 $R build --only placemat,reference -o "$O/toyref" $TOY
expect_eq "... the board and the reference page" "board.pdf files.txt manifest.csv reference.pdf" "$(cd "$O/toyref/toy-train" && ls | tr "\n" " " | sed "s/ $//")"
expect_status "dump routes to the games model" 0 $R dump $D6
expect_grep "... group tile, 28 tiles" "^group tile \(tiles\): 28$" "$WORK/last.out"
expect_status "Train: an A may not close the last open pile" 1 $R check $T52 --pile --open-piles 1 --play A
expect_grep "... names the rule" "one pile must always remain open" "$WORK/last.out"
expect_status "Train: an A closes a pile when another stays open" 0 $R check $T52 --pile --open-piles 2 --play A
if [ -r /usr/share/dict/words ]; then
	expect_status "Toy Train: the one Q carriage is face down" 1 $R check $TOY --word QUIT --spent "Q"
	expect_grep "... so none is face up" 'uses 1 Q carriage; only 0 are face up' "$WORK/last.out"
	# 116 of the 126 carriages spent: 10 stay face up (V W X Y Y Z and four wilds)
	expect_status "Toy Train: 10 face up: QUIT cannot be made" 1 $R check $TOY --word QUIT --spent "AAAAAAAAABBCCCCCDDDDDEEEEEEEEEEEEEEFFGGGGHHHIIIIIIIIIIJKLLLLLLMMMNNNNNNNNOOOOOOOPPPQRRRRRRRRRSSSSSSSSSSSTTTTTTTTUUUU"
	expect_grep "... names the rule" "uses 1 Q carriage; only 0 are face up" "$WORK/last.out"
	expect_status "Toy Train: fewer than 10 face up: all turn up again" 0 $R check $TOY --word QUIT \
		--spent "AAAAAAAAABBCCCCCDDDDDEEEEEEEEEEEEEEFFGGGGHHHIIIIIIIIIIJKLLLLLLMMMNNNNNNNNOOOOOOOPPPQRRRRRRRRRSSSSSSSSSSSTTTTTTTTUUUUV"
	expect_grep "... says so" 'fewer than 10: the face-down ones are turned up again' "$WORK/last.err"
else
	echo "ok - the Toy Train face-down carriage # SKIP /usr/share/dict/words missing (apt-get install wamerican)"
fi
expect_status "Toy Train: --spent more than the pack: exit 2" 2 $R check $TOY --word TONE --spent "QQ"
for p in take-the-train domino-double-six domino-double-nine domino-double-twelve train-52 toy-train; do
	"$R" build -q --only faces,sheets,tokens,board,setup,reference -o "$O/quiet-$p" packs/$p.yaml 2>"$WORK/build.err" >/dev/null
	expect_eq "build $p: no warnings (every text fits, clear of the cut)" "" "$(cat "$WORK/build.err")"
done

# --json on every game's check: valid JSON with the documented keys
json_keys() { python3 -c 'import json,sys; d=json.load(sys.stdin); print(" ".join(sorted(d)))'; }
expect_eq "take-the-train --json keys" "findings legal" \
	"$($R check --json $TT --line "B6 BS B7" --play B8 | json_keys)"
expect_eq "train-52 --json: legal false" "False" \
	"$($R check --json $T52 --top 5 --play 3 | python3 -c 'import json,sys; print(json.load(sys.stdin)["legal"])')"
expect_eq "domino --json keys" "disconnected_tiles odd_numbers single_train tiles train" \
	"$($R check --json $D6 | json_keys)"
expect_eq "toy-train --json keys" "as broken finish from reasons to valid word" \
	"$($R check --json $TOY --word TOP --words "$WORK/words" | json_keys)"
$R check --json $TOY --word TONIGHT --words "$WORK/words" >"$WORK/toy.json"
expect_eq "toy-train --json: TONIGHT on the broken railway stays on 1" "True 1" \
	"$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["broken"], d["to"])' "$WORK/toy.json")"

# Backs look the same turned 180 degrees (no orientation cue): each pack built with
# its back as the face, page 1 at 140 x 190 px against itself turned round: fewer
# than 0.2% of the pixels differ by more than a quarter of the range from their
# turned counterpart and its neighbours (edges may rasterise a pixel apart).
# (the appearance's shapes and symbols left out: the back draws none)
for p in pattern-two-census-seven take-the-train train-52 domino-double-six; do
	back=$(sed -n 's/^back: *//p' packs/$p.yaml)
	back=${back:-templates/trains-back.yaml}
	sed -e "/^tokens:/,/^[a-z]/!s#^\( *\)face: .*#\1face: ../../../$back#" -e "s#^back: .*#back: ../../../$back#" \
		-e 's#^\(setup\|placemat\): .*##' -e 's#, shape: [a-z]*}#}#' -e 's#{symbol: "[^"]*", #{#' \
		packs/$p.yaml >"$WORK/$p-back.yaml"
	grep -q '^game: trains' packs/$p.yaml && echo "face: ../../../$back" >>"$WORK/$p-back.yaml"
	mkdir -p "$WORK/x/y" && mv "$WORK/$p-back.yaml" "$WORK/x/y/"
	sed -i "s#\.\./\.\./\.\./#$PWD/#" "$WORK/x/y/$p-back.yaml"
	$R build --only faces -o "$WORK/$p-back" "$WORK/x/y/$p-back.yaml" >/dev/null 2>&1
	pdftoppm -scale-to-x 140 -scale-to-y 190 -gray -f 1 -l 1 -singlefile "$WORK/$p-back/$p/faces.pdf" "$WORK/$p-back"
	expect_eq "$p: the back is the same turned round" ok "$(python3 - "$WORK/$p-back.pgm" <<'PY'
import sys
parts = open(sys.argv[1], 'rb').read().split(maxsplit=4)
w, h = int(parts[1]), int(parts[2])
px = parts[4]
def at(x, y):
    return px[min(max(y, 0), h - 1) * w + min(max(x, 0), w - 1)]
# a pixel matches its turned counterpart or one of that one's neighbours (edges
# may fall a pixel apart when rasterised)
# (the outermost pixels, bleed, are left out: the rasteriser may leave a column blank)
off = sum(1 for y in range(2, h - 2) for x in range(2, w - 2)
          if min(abs(at(x, y) - at(w - 1 - x + dx, h - 1 - y + dy))
                 for dx in (-1, 0, 1) for dy in (-1, 0, 1)) > 64)
print('ok' if off < 0.002 * w * h else '%d of %d pixels differ' % (off, w * h))
PY
)"
done

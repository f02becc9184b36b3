# `railyard check` honours the rules it can judge for Take the Train (rules:
# target and rounds) and Train, the 52-card game (rules: piles), with the
# location of the rules key.
. tests/cli/lib.sh
R=$RAILYARD
TT=packs/take-the-train.yaml
T52=packs/train-52.yaml

# Take the Train --score: what the round's score goes to under target/rounds
expect_status "take --score: one round by default" 0 $R check $TT --score 0:21,3:18,5:25
expect_grep "... it wins the game" 'seat 1 wins the round with 21 fares.*the game is one round \(rules: target=0, rounds=0\): it wins the game' "$WORK/last.out"
expect_status "take --score --rule target=100" 0 $R check $TT --rule target=100 --score 0:21,3:18,5:25
expect_grep "... the score goes to a total" 'until a total reaches 100 fares \(rules: target=100\)$' "$WORK/last.out"
expect_status "take --score --rule rounds=3" 0 $R check $TT --rule rounds=3 --score 0:10,2:12,3:13
expect_grep "... a tie, then the highest total after 3 rounds" 'no single winner; the highest total after 3 rounds wins the game \(rules: rounds=3\)$' "$WORK/last.out"

# Take the Train: target against the fares split evenly
cp $TT "$WORK/t250.yaml"
printf 'rules:\n  target: 250\n  rounds: 2\n' >>"$WORK/t250.yaml"
expect_status "take rules: target 250, rounds 2: sound" 0 $R check "$WORK/t250.yaml"
expect_grep "... warns that the target is never reached, at the key" 't250.yaml:[0-9]+:11: warning: target: 250 fares are never reached in 2 rounds' "$WORK/last.err"
expect_status "take rules: target 100, rounds 2: no such warning" 0 $R check --rule target=100 "$WORK/t250.yaml"
ok_if "... (two rounds of 50 can reach 100)" sh -c "! grep -q 'never reached' '$WORK/last.err'"
sed 's/^    count: 100$/    count: 1/' $TT >"$WORK/onefare.yaml"
printf 'rules:\n  target: 100\n' >>"$WORK/onefare.yaml"
expect_status "take with one fare and rules: target: not sound (exit 1)" 1 $R check "$WORK/onefare.yaml"
expect_grep "... at the key: the target can never be reached" 'onefare.yaml:[0-9]+:11: error: target: 100 fares can never be reached: 1 fare split evenly leaves each of 2 or more players none' "$WORK/last.err"
expect_status "... without a target it is sound (one round)" 0 $R check --rule target=0 "$WORK/onefare.yaml"

# Train (52 cards): "One deck must always remain open to play" and a Train
# goes only on a closed pile: a round of one pile can never be won
sed 's/^  piles: \[4, 3, 2, 1\]/  piles: [1]/' $T52 >"$WORK/one.yaml"
expect_status "train-52 piles: [1]: not sound (exit 1)" 1 $R check "$WORK/one.yaml"
expect_grep "... at the key, says why" 'one.yaml:[0-9]+:10: error: piles: every round has one pile, which must stay open.*no round and no tie-breaker can be won' "$WORK/last.err"
sed 's/^  piles: \[4, 3, 2, 1\]/  piles: [1, 1, 1]/' $T52 >"$WORK/one3.yaml"
expect_status "train-52 piles: [1, 1, 1]: not sound" 1 $R check "$WORK/one3.yaml"
sed 's/^  piles: \[4, 3, 2, 1\]/  piles: [1, 4]/' $T52 >"$WORK/onefirst.yaml"
expect_status "train-52 piles: [1, 4]: sound (round 2 can be won)" 0 $R check "$WORK/onefirst.yaml"
expect_grep "... warns that a tie-breaker (set up as round 1) can never be won" 'onefirst.yaml:[0-9]+:10: warning: piles: round 1 has one pile' "$WORK/last.err"
expect_status "train-52 as shipped (4, 3, 2, 1): sound" 0 $R check $T52
ok_if "... without a warning on the piles" sh -c "! grep -q 'piles:' '$WORK/last.err'"

# Train --hand: the play's cards come from the hand (t52_move_legal's rule)
expect_status "train-52 --hand without the card played: not legal (exit 1)" 1 $R check $T52 --top 5 --play 6 --hand "7 8"
expect_grep "... says so" 'the hand holds 0 6s; the play needs 1' "$WORK/last.out"
expect_status "train-52 --hand with it: legal" 0 $R check $T52 --top 5 --play 6 --hand "6 8"

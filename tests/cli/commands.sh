# The shape of every command: the pack is the command's one positional argument
# (never guessed from a file name), packs of two games are never compared, and
# the deck games' build refuses what the pack's game does not draw.
. tests/cli/lib.sh
R=$RAILYARD
TT=packs/take-the-train.yaml
O=$WORK/out

# A Take the Train pack with Toy Train's board: no game draws what it does not know.
mkdir -p "$WORK/tt"
sed 's|^tokens:|board:\n  spaces: 20\n  face: templates/toy-train-board.yaml\ntokens:|' $TT >"$WORK/tt/board.yaml"
expect_status "build: a take-the-train pack with a board: exit 2" 2 $R build -q -o "$O" "$WORK/tt/board.yaml"
expect_grep "... named at the board's face" 'board.yaml:[0-9]+:[0-9]+: error: a take-the-train pack has no board to draw' "$WORK/last.err"
ok_if "... and nothing written" test ! -e "$O/take-the-train"

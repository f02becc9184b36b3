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

# One build input path for every game: the PNG limits apply when PNG files are
# written, the same for the core game and the others (drivethru writes one PDF).
for p in pattern-one-census-seven take-the-train; do
	{ cat packs/$p.yaml; echo "size: [1000mm, 1000mm]"; } >"$WORK/big-$p.yaml"
	expect_status "$p, 1 m cards, --preset drivethru --only png: built (no PNG is written)" 0 \
		$R build -q --preset drivethru --only png -o "$O/dt" "$WORK/big-$p.yaml"
	ok_if "... drivethru.pdf written" test -s "$O/dt/$p.drivethru/drivethru.pdf"
	expect_status "$p, 1 m cards, --preset tgc: refused (PNG files), exit 2" 2 \
		$R build -q --preset tgc -o "$O/tgc" "$WORK/big-$p.yaml"
	expect_grep "... at the pack's size:" "big-$p.yaml:[0-9]+:7: error: a (card|face) of 1000 x 1000 mm with 3.175 mm bleed is 11886 x 11886 pixels" "$WORK/last.err"
	ok_if "... nothing written" test ! -e "$O/tgc"
done

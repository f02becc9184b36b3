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

# The pack is the command's positional argument, wherever it stands and however
# it is named; an option's value that names a file is never taken for it.
P1=packs/pattern-one-census-seven.yaml
P2=packs/pattern-two-census-seven.yaml
expect_status "simulate --compare take.yaml trains.yaml: exit 2" 2 \
	$R simulate --compare $TT $P1 --players 2 --games 20
expect_eq "... one error, naming both packs and their games" \
	"railyard: error: simulate --compare: $TT is a take-the-train pack and $P1 a trains pack; packs of two different games cannot be compared" \
	"$(cat "$WORK/last.err")"
expect_eq "... and nothing on standard output" "" "$(cat "$WORK/last.out")"
expect_status "the other way round (--compare=trains.yaml take.yaml): exit 2" 2 \
	$R simulate --compare=$P1 $TT --players 2 --games 20
expect_grep "... the same error" "$P1 is a trains pack and $TT a take-the-train pack; packs of two different games cannot be compared" "$WORK/last.err"
expect_status "two trains packs compare (the pack last, --compare's value first): exit 0" 0 \
	$R simulate --compare $P2 --players 2 --games 200 --json -q $P1
expect_grep "... the pack compared is the positional one" '"pack": "pattern-one-census-seven"' "$WORK/last.out"
cp $TT "$WORK/take.pack"
expect_status "a take-the-train pack not named .yaml: its own game's list" 0 $R list "$WORK/take.pack"
expect_grep "... Take the Train's components" 'fare' "$WORK/last.out"
cp $P1 "$WORK/trains.txt"
expect_status "check -s '...' PACK.txt" 0 $R check -s "53 7 45 9 50 27 56" "$WORK/trains.txt"
cp $TT "$WORK/-take.pack"
expect_status "-- then a pack whose name starts with -" 0 sh -c "cd \"$WORK\" && \"$R\" list -- -take.pack"

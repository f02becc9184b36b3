# The conventions every command shares (railyard(1)): exit 3 when standard output
# cannot be written, option errors through diag, help for every game, one meaning per
# short option, every message starting "railyard: ", build's summary line.
. tests/cli/lib.sh
R=$RAILYARD
P=packs/pattern-one-census-seven.yaml
TT=packs/take-the-train.yaml

# Standard output on a full disk: exit 3 and a message, whatever the command.
if [ -w /dev/full ]; then
	for args in "list $P" "list --json $P" "list --cards $P" "list --abilities $P" "dump $P" \
		"list $TT" "dump $TT" "check $P" "check $TT --play B1" "--help" "--version" "help" \
		"simulate $P --players 2 --games 10 --threads 1" "help check" "list --help" "build --version"; do
		# shellcheck disable=SC2086
		$R $args >/dev/full 2>"$WORK/full.err"
		expect_eq "'$args' >/dev/full exits 3" 3 $?
	done
	expect_grep "and says so" '^railyard: error: cannot write standard output' "$WORK/full.err"
else
	echo "ok - standard output on a full disk # SKIP /dev/full is not writable here"
fi

# Option errors: one located message through diag, exit 2.
expect_status "an unknown long option: exit 2" 2 $R build --frob $P
expect_eq "named with the command" "railyard: error: build: unknown option '--frob'" "$(head -1 "$WORK/last.err")"
expect_status "an unknown short option: exit 2" 2 $R list -z $P
expect_eq "named as written" "railyard: error: list: unknown option '-z'" "$(head -1 "$WORK/last.err")"
expect_status "a missing value: exit 2" 2 $R simulate $P --players
expect_eq "named" "railyard: error: simulate: option '--players' needs a value" "$(head -1 "$WORK/last.err")"
expect_status "--opt=value spelled: the name only" 2 $R list --frob=3 $P
expect_grep "without the value" "unknown option '--frob'$" "$WORK/last.err"
# check used to switch getopt's own messages off and never back on. (A run of
# check before list proved nothing: each command is its own process.)
expect_status "check reports an unknown option through diag" 2 $R check --bogus $P
expect_grep "railyard: error: check:" "^railyard: error: check: unknown option '--bogus'" "$WORK/last.err"
expect_status "and so does list" 2 $R list --bogus $P
expect_grep "railyard: error: list:" "^railyard: error: list: unknown option '--bogus'" "$WORK/last.err"

# Every message of a bad invocation starts "railyard: " (usage text aside).
for args in "frob" "help frob" "list" "list a.yaml b.yaml" "dump" "build --paper b5 $P" \
	"check --sequence 1" "simulate $TT" "list --naming" "check $TT --end left"; do
	# shellcheck disable=SC2086
	$R $args >/dev/null 2>"$WORK/msg.err"
	ok_if "'$args': its first line starts railyard:" grep -q '^railyard: ' "$WORK/msg.err"
	n=$(grep -cE '^[a-z]+: (unrecognized|invalid|unknown|option)' "$WORK/msg.err")
	expect_eq "'$args': no stray message" 0 "$n"
done

# help, help COMMAND, COMMAND --help: every game's options without a pack.
expect_status "help alone exits 0" 0 $R help
expect_grep "and lists the commands" '^  simulate ' "$WORK/last.out"
expect_status "help check exits 0" 0 $R help check
for o in --sequence --play --line --tiles --start --pile --hand --word --used --at; do
	expect_grep "help check shows $o" "^ .*$o" "$WORK/last.out"
done
for g in take-the-train domino-trains train-52 toy-train; do
	expect_grep "help check has a section for $g" "^usage: railyard check .*\\(game: $g\\)" "$WORK/last.out"
done
$R check --help >"$WORK/check-help.out"
ok_if "check --help is help check" cmp -s "$WORK/last.out" "$WORK/check-help.out"
$R check $TT --help >"$WORK/check-help2.out"
ok_if "check PACK --help is the pack's game's section of help check" \
	python3 -c 'import sys; sys.exit(open(sys.argv[1]).read() not in open(sys.argv[2]).read())' \
	"$WORK/check-help2.out" "$WORK/last.out"
expect_grep "... the take-the-train section" "^usage: railyard check .*\(game: take-the-train\)" "$WORK/check-help2.out"
expect_eq "... alone" 1 "$(grep -c '^usage' "$WORK/check-help2.out")"
expect_status "help build exits 0" 0 $R help build
expect_grep "help build shows the other games' --without" '--without NAME' "$WORK/last.out"
expect_status "help with an unknown command exits 2" 2 $R help frob

# One meaning per short option: -o is --output (build) and nothing else.
expect_status "check -o is not --on" 2 $R check $P --sequence "1 2 3 4 5 6 7" --apply 1 -o A
expect_status "simulate -o is not --plot" 2 $R simulate $P -o "$WORK/p.svg"
expect_status "list -n is --players, as in simulate" 0 $R list -n 2 $P
expect_grep "the two-player cards" 'cards 1-42' "$WORK/last.out"

# simulate on another game's pack: that game's simulator, one clear message when
# something is missing (it used to be seven unrelated load errors).
expect_status "simulate on a Take the Train pack without --players: its deal's counts" 0 $R simulate $TT --games 20
expect_eq "one note, for the count its deal cannot deal" "railyard: note: $TT: 8 players left out of the pack's counts: the deal table has no hand for 8 players with 56 cards" "$(cat "$WORK/last.err")"

# build: one summary line on stderr, none with -q.
# (faces.pdf, back.pdf, reference.pdf, manifest.csv and files.txt, in DIR/PACK/;
# --no-progress: under valgrind a build passes the 5 s after which a log gets
# progress lines)
expect_status "build" 0 $R build --no-progress --only faces,reference -o "$WORK/b" $P
expect_grep "prints files, pages and seconds" \
	"^railyard: build: 5 files, [0-9]+ PDF pages in $WORK/b/pattern-one-census-seven/ \\([0-9]+\\.[0-9] s\\)$" "$WORK/last.err"
expect_eq "one line" 1 "$(wc -l <"$WORK/last.err" | tr -d ' ')"
expect_status "build -q" 0 $R build -q --only faces -o "$WORK/b" $P
expect_eq "says nothing" "" "$(cat "$WORK/last.err")"
expect_status "build --quiet, another game" 0 $R build --quiet --only faces -o "$WORK/t" $TT
expect_eq "says nothing either" "" "$(cat "$WORK/last.err")"


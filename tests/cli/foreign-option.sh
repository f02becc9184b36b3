# An option the pack's game lacks is judged against the pack's game: another
# game's option is named as that game's (not "unknown option", not a
# "did you mean" leading to a third option), and build names the option it
# refuses.
. tests/cli/lib.sh
T=packs/pattern-one-census-six.yaml
expect_status "check TRAINS --line" 2 "$RAILYARD" check $T --line "B1 B2" --play B3
expect_grep "... is a take-the-train option" \
	"check: '--line' is a take-the-train option; $T is a trains pack" "$WORK/last.err"
expect_status "check TRAINS -l (its short form)" 2 "$RAILYARD" check $T -l "B1 B2"
expect_grep "... the same" "'--line' is a take-the-train option" "$WORK/last.err"
expect_status "check TRAINS --top 10" 2 "$RAILYARD" check $T --top 10
expect_grep "... is a train-52 option" "'--top' is a train-52 option; $T is a trains pack" "$WORK/last.err"
ok_if "... with no suggestion of another option" sh -c "! grep -q 'did you mean' '$WORK/last.err'"
expect_status "check TRAINS --hand (two games have it)" 2 "$RAILYARD" check $T --hand 1
expect_grep "... both named" "'--hand' is a take-the-train or train-52 option" "$WORK/last.err"
expect_status "build --numbers 1-5 TAKE" 2 "$RAILYARD" build --numbers 1-5 packs/take-the-train.yaml -o "$WORK/o"
expect_grep "... names --numbers, a trains option" \
	"build: '--numbers' is a trains option; packs/take-the-train.yaml is a take-the-train pack" "$WORK/last.err"
expect_status "build --without x TRAINS" 2 "$RAILYARD" build --without x $T -o "$WORK/o"
expect_grep "... names --without, the other games' option" \
	"build: '--without' is a take-the-train, .* option; $T is a trains pack" "$WORK/last.err"
ok_if "... and nothing was written" test ! -e "$WORK/o"
expect_status "an option no game has still gets its nearest" 2 "$RAILYARD" check $T --opponnent
expect_grep "... among the pack's game's options" "unknown option '--opponnent' \(did you mean '--opponent'\?\)" \
	"$WORK/last.err"
# a typo's did-you-mean: the pack's game's options first, another game's
# only named as that game's (issue 31)
expect_status "check TRAINS --topp" 2 "$RAILYARD" check $T --topp
expect_grep "... names --top as train-52's" \
	"unknown option '--topp' \(the nearest, '--top', is a train-52 option; $T is a trains pack\)" "$WORK/last.err"
ok_if "... and does not offer it as the trains pack's" sh -c "! grep -q 'did you mean' '$WORK/last.err'"
expect_status "check TRAINS --aplay" 2 "$RAILYARD" check $T --aplay 10
expect_grep "... the trains --apply, not train-52's nearer --play" "\(did you mean '--apply'\?\)" "$WORK/last.err"
expect_status "check TRAIN-52 --aplay" 2 "$RAILYARD" check packs/train-52.yaml --aplay 10
expect_grep "... train-52's own --play" "\(did you mean '--play'\?\)" "$WORK/last.err"
mkdir -p "$WORK/folder" && cp $T "$WORK/folder/pack.yaml"
expect_status "check FOLDER --topp (the pack named by its folder)" 2 "$RAILYARD" check "$WORK/folder" --topp
expect_grep "... the same" "the nearest, '--top', is a train-52 option; $WORK/folder is a trains pack" "$WORK/last.err"
# an abbreviation of another game's option (getopt_long takes one of its own):
# named as that game's, not a did-you-mean of an option the pack's game lacks
T2=packs/pattern-two-census-seven.yaml
expect_status "list TRAINS --rul x (deck games' --rule, abbreviated)" 2 "$RAILYARD" list $T2 --rul x
expect_grep "... named as the deck games'" "list: '--rule' is a take-the-train, .* option; $T2 is a trains pack" \
	"$WORK/last.err"
ok_if "... not offered as the trains list's" sh -c "! grep -q 'did you mean' '$WORK/last.err'"
expect_status "check TRAINS --lin x" 2 "$RAILYARD" check $T --lin x
expect_grep "... --line, take-the-train's" "check: '--line' is a take-the-train option" "$WORK/last.err"
expect_status "check --topp without a pack" 2 "$RAILYARD" check --topp
expect_grep "... the nearest of any game's" "\(did you mean '--top'\?\)" "$WORK/last.err"
expect_status "help still prints every game's options" 0 "$RAILYARD" help check
expect_grep "... the take-the-train --line among them" "--line" "$WORK/last.out"
# help and completion narrowed to the pack's game
expect_status "check TAKE --help" 0 "$RAILYARD" check packs/take-the-train.yaml --help
expect_grep "... take-the-train's options" "--line" "$WORK/last.out"
ok_if "... and not the trains' --sequence" sh -c "! grep -q -- '--sequence' '$WORK/last.out'"
expect_eq "... one usage" 1 "$(grep -c '^usage' "$WORK/last.out")"
mkdir -p "$WORK/bin"
ln -sf "$RAILYARD" "$WORK/bin/railyard"
comp() {
	cw=$1
	shift
	PATH="$WORK/bin:$PATH" bash -c '. completion/railyard; COMP_WORDS=("$@"); COMP_CWORD='"$cw"'; _railyard
		printf "%s\n" "${COMPREPLY[@]}"' _ "$@" | LC_ALL=C sort -u
}
expect_eq "completing 'check TRAINS --li' offers nothing of take-the-train" "" "$(comp 3 railyard check $T --li)"
expect_eq "completing 'check TAKE --li' offers --line" "--line" "$(comp 3 railyard check packs/take-the-train.yaml --li)"
expect_eq "completing 'check --li' (no pack yet) offers --line" "--line" "$(comp 2 railyard check --li)"

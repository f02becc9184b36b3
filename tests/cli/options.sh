# Every option written once (gen/core/opt.h): for every command and every game, the
# options the parser takes (`railyard --complete options`, read from the table
# getopt_long's array is made from) are the options its --help lists, and the
# bash completion offers the same; an option the parser takes and the help
# never names, or a help line for an option the parser refuses, fails here.
. tests/cli/lib.sh
mkdir -p "$WORK/bin"
ln -s "$RAILYARD" "$WORK/bin/railyard"
# comp CWORD WORD...: what completing word CWORD of "WORD..." offers, sorted
comp() {
	cw=$1
	shift
	PATH="$WORK/bin:$PATH" bash -c '. completion/railyard; COMP_WORDS=("$@"); COMP_CWORD='"$cw"'; _railyard
		printf "%s\n" "${COMPREPLY[@]}"' _ "$@" | LC_ALL=C sort -u
}
# listed FILE: the options a help's option lines begin with ("  -o, --output DIR",
# "      --only LIST", "  -h, --help, -V, --version"), sorted
listed() {
	grep -E '^ +(-[a-zA-Z], )?--[a-z]' "$1" | sed -E 's/^ +//' |
		grep -oE '^((-[a-zA-Z], )?--[a-z][a-z0-9-]*(, )?)+' | grep -oE -- '--[a-z][a-z0-9-]*' | LC_ALL=C sort -u
}
COMMON='--no-progress --progress --quiet --strict'
# check_help WHAT HELPFILE PARSED: both directions, one check each
check_help() {
	missing=
	for o in $3; do
		case " $COMMON " in *" $o "*) continue;; esac
		grep -qE -- "$o([^a-z-]|\$)" "$2" || missing="$missing $o"
	done
	expect_eq "$1: every option the parser takes is in its help" "" "$missing"
	extra=
	for o in $(listed "$2"); do
		echo "$3" | grep -qx -- "$o" || extra="$extra $o"
	done
	expect_eq "$1: every option its help lists is one the parser takes" "" "$extra"
}
PACKS="packs/pattern-one-census-seven.yaml packs/take-the-train.yaml packs/domino-double-six.yaml
	packs/train-52.yaml packs/toy-train.yaml packs/examples/market-day/pack.yaml"
for c in list build check simulate tune dump new serve merge; do
	"$RAILYARD" help $c >"$WORK/help" 2>&1
	parsed=$("$RAILYARD" --complete options $c | LC_ALL=C sort -u)
	ok_if "$c: the parser's options were read ($(echo "$parsed" | grep -c .))" \
		test "$(echo "$parsed" | grep -c .)" -ge 6
	check_help "help $c" "$WORK/help" "$parsed"
	expect_eq "$c: the completion offers the parser's options" "$parsed" "$(comp 2 railyard $c --)"
	case $c in new|serve|merge) continue;; esac
	for p in $PACKS; do
		"$RAILYARD" $c "$p" --help >"$WORK/help" 2>&1 || continue   # a game without the command
		grep -q '^usage' "$WORK/help" || continue
		parsed=$("$RAILYARD" --complete options $c "$p" | LC_ALL=C sort -u)
		check_help "$c $p --help" "$WORK/help" "$parsed"
		expect_eq "$c $p: the completion offers its game's options" "$parsed" "$(comp 3 railyard $c "$p" --)"
	done
done

# An option's value: what the completion offers comes from the option's table row.
expect_eq "the value of build --paper" "a4 letter a3" "$("$RAILYARD" --complete value build --paper)"
expect_eq "... of check -r (a short letter)" "@rule" "$("$RAILYARD" --complete value check -r)"
expect_eq "... of an option without a value: nothing" "" "$("$RAILYARD" --complete value list --json)"
expect_eq "completing 'railyard check TAKE --end '" "left
right" "$(comp 4 railyard check packs/take-the-train.yaml --end '')"

# The man pages: mandoc -Tlint finds nothing (style included, but for links to the
# sibling pages, which lint cannot look up), they render, and railyard(1) documents
# every option that 'railyard help COMMAND' lists, for every game.
. tests/cli/lib.sh
for m in man/railyard.1 man/railyard-pack.5 man/railyard-template.5; do
	mandoc -Tlint "$m" 2>&1 | grep -v 'STYLE: referenced manual not found: Xr railyard' >"$WORK/lint"
	expect_eq "mandoc -Tlint $m: no message" "" "$(cat "$WORK/lint")"
	ok_if "$m renders" sh -c "mandoc -Tascii '$m' >'$WORK/page' && test -s '$WORK/page'"
done
mandoc -Tascii man/railyard.1 | sed "s/.\x08//g" >"$WORK/railyard.txt"
for c in list build check simulate dump new tune merge serve; do
	expect_grep "railyard(1) has a section for $c" "^   $c\$" "$WORK/railyard.txt"
	opts=$($RAILYARD help $c | grep -oE '^ +(-[a-zA-Z], )?--[a-z-]+' | grep -oE -- '--[a-z-]+' | sort -u)
	# (an empty list would make the loop below check nothing)
	ok_if "railyard help $c lists its options" test "$(echo "$opts" | grep -c .)" -ge 3
	for o in $opts; do
		ok_if "railyard(1) documents $c $o" grep -q -- "$o\\b" "$WORK/railyard.txt"
	done
done
ok_if "railyard(1) documents RAILYARD_PATH" grep -q '^     RAILYARD_PATH' "$WORK/railyard.txt"
ok_if "railyard(1) documents exit status 3" grep -qE '^     3 +Output could not be written' "$WORK/railyard.txt"

# railyard-template(5)'s EXAMPLE builds on a small pack with no warning at all: an
# example a reader copies must not teach a mistake (it drew a thin frame 3.5 mm from
# the cut, which the build warns about).
mkdir -p "$WORK/tex"
sed -n '/^\.Sh EXAMPLES/,/^\.Sh /p' man/railyard-template.5 |
	sed -n '/^\.Bd -literal/,/^\.Ed/p' | sed '1d; /^\.Ed/,$d' |
	sed 's/\\e/\\/g; s/\\&//g; s/\\-/-/g' >"$WORK/tex/example-face.yaml"
expect_grep "the template EXAMPLE was found" '^elements:' "$WORK/tex/example-face.yaml"
printf 'pack: template-example\ngame: trains\ncensus: 5\nabilities: [swap]\ncards: 10\nface: example-face.yaml\n' \
	>"$WORK/tex/pack.yaml"
expect_status "railyard-template(5)'s EXAMPLE builds" 0 \
	$RAILYARD build -q --only faces -o "$WORK/tex/out" "$WORK/tex/pack.yaml"
expect_eq "... without a warning" "" "$(cat "$WORK/last.err")"

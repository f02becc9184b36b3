# railyard new NAME [--game G]: a starter folder for every game that builds,
# checks and simulates with no edit (every command its README gives, as written).
. tests/cli/lib.sh
mkdir -p "$WORK/bin" "$WORK/d"
ln -s "$RAILYARD" "$WORK/bin/railyard"
cd "$WORK/d" || exit 2
for g in trains take-the-train domino-trains train-52 toy-train; do
	expect_status "new --game $g" 0 "$RAILYARD" new -q --game "$g" "my-$g"
	ok_if "$g: a pack, a face template, a data CSV and a README" \
		test -s "my-$g/pack.yaml" -a -s "my-$g/face.yaml" -a -s "my-$g/data.csv" -a -s "my-$g/README.md"
	expect_grep "$g: the pack names the copied face template" '^ *face: face.yaml' "my-$g/pack.yaml"
	expect_grep "$g: the pack reads the data CSV" '^data: data.csv' "my-$g/pack.yaml"
	grep '^    railyard ' "my-$g/README.md" | sed 's/^    //' >"$WORK/$g.cmds"
	ok_if "$g: the README gives a build, a check and a simulate" \
		test "$(grep -c '^railyard \(build\|check\|simulate\) ' "$WORK/$g.cmds")" -ge 3
	while IFS= read -r cmd; do
		expect_status "$g: $cmd" 0 env PATH="$WORK/bin:$PATH" sh -c "cd my-$g && $cmd"
	done <"$WORK/$g.cmds"
done
expect_grep "the trains face is the default one, with a line on where it came from" \
	'copied from trains-face.yaml' my-trains/face.yaml
expect_status "a folder that exists is not written over" 3 "$RAILYARD" new my-trains
expect_status "an unknown game is bad usage" 2 "$RAILYARD" new --game domino nope
expect_grep "... with the nearest game" "did you mean 'domino-trains'" "$WORK/last.err"
ok_if "nothing is left of a refused folder" test ! -e nope
expect_status "no name is bad usage" 2 "$RAILYARD" new
expect_status "an id comes from the folder's last part" 0 "$RAILYARD" new -q "sub/My Great Game"
expect_grep "... lower case, [a-z0-9-]" '^pack: my-great-game$' "sub/My Great Game/pack.yaml"
ok_if "no temporary folder is left" test -z "$(find . -name '*.new.*')"
# The folder gets the mode mkdir would give it under the umask, never 0777
# (anyone on a shared machine could replace the pack or its templates).
(umask 022 && "$RAILYARD" new -q mode-022) >/dev/null 2>&1
ok_if "under umask 022 the folder is 755" test "$(stat -c %a mode-022)" = 755
(umask 077 && "$RAILYARD" new -q mode-077) >/dev/null 2>&1
ok_if "under umask 077 the folder is 700" test "$(stat -c %a mode-077)" = 700
# A name is text, never YAML: ': ', '#', quotes and a line break stay the
# title's (a line break as '?'), and the pack loads.
"$RAILYARD" new -q 'Go: "fast" #1' >/dev/null 2>&1
expect_status "a name with ': ', quotes and '#' gives a pack that loads" 0 "$RAILYARD" list 'Go: "fast" #1/pack.yaml'
expect_eq "... titled with the name as written" 'Go: "fast" #1' "$(head -1 "$WORK/last.out")"
nl=$(printf 'two\nlines')
"$RAILYARD" new -q "$nl" >/dev/null 2>&1
expect_status "a name with a line break gives a pack that loads" 0 "$RAILYARD" list "$nl/pack.yaml"
expect_eq "... titled with the break as '?'" 'two?lines' "$(head -1 "$WORK/last.out")"

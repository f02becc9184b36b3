# Did you mean, for values: an option's value (--preset tcg, --only contcat),
# a pack's game (game: trians), a template's font (font: Intr, when Inter is
# installed) and an image path (art/signl.svg beside art/signal.svg).
. tests/cli/lib.sh
cd "$WORK" || exit 2
"$RAILYARD" new -q d >/dev/null 2>&1
expect_status "--preset tcg" 2 "$RAILYARD" build d --preset tcg -o out
expect_grep "... did you mean 'tgc'" "--preset: unknown value 'tcg' \(did you mean 'tgc'\? the values: home, tgc," "$WORK/last.err"
expect_status "--only contcat" 2 "$RAILYARD" build d --only contcat -o out
expect_grep "... did you mean 'contact'" "unknown output 'contcat' \(did you mean 'contact'\?" "$WORK/last.err"
cp -r d g && sed 's/^game: trains/game: trians/' d/pack.yaml >g/pack.yaml
expect_status "game: trians" 2 "$RAILYARD" check g
expect_grep "... did you mean 'trains'" "pack.yaml:[0-9]+:7: error: unknown game 'trians' \(did you mean 'trains'\? known: trains," \
	"$WORK/last.err"
cp -r d i && mkdir i/art
printf '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>\n' >i/art/signal.svg
printf '  - {image: art/signl.svg, box: [4mm, 60mm, 8mm, 8mm]}\n' >>i/face.yaml
expect_status "image: art/signl.svg" 2 "$RAILYARD" build i --only contact -o out
expect_grep "... did you mean 'art/signal.svg'" \
	"face.yaml:[0-9]+:5: error: image 'art/signl.svg': No such file or directory \(did you mean 'art/signal.svg'\?\)" \
	"$WORK/last.err"
if fc-list : family | grep -qx Inter; then
	cp -r d f && sed 's/^font: Inter/font: Intr/' d/face.yaml >f/face.yaml
	expect_status "font: Intr" 2 "$RAILYARD" build f --only contact -o out
	expect_grep "... did you mean 'Inter'" "font 'Intr' not found through fontconfig; did you mean 'Inter'\?" \
		"$WORK/last.err"
fi

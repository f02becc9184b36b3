# make install / uninstall: a staged install (DESTDIR) under a PREFIX that does not
# exist finds its own data through the executable's folder, from any folder, for a
# pack copied elsewhere; RAILYARD_PATH adds template folders; uninstall removes all.
. tests/cli/lib.sh
# Install the variant under test without touching its build folder: a copy of it,
# where only datapath.o is rebuilt for the new PREFIX.
case "$RAILYARD" in
*/build/san/*) variant=san; san=1;;
*) variant=release; san=0;;
esac
cp -a "$TOP/build/$variant" "$WORK/b"
S="$WORK/stage"
P=/opt/railyard-test
I="$S$P"
expect_status "make install into DESTDIR/PREFIX" 0 \
	make -s -C "$TOP" install SAN=$san BUILD="$WORK/b" PREFIX=$P DESTDIR="$S"
ok_if "the binary is installed" test -x "$I/bin/railyard"
ok_if "the templates are installed" test -s "$I/share/railyard/templates/trains-face.yaml"
ok_if "the packs are installed" test -s "$I/share/railyard/packs/take-the-train.yaml"
# railyard-pack(5), FILES: PREFIX/share/railyard/packs/examples/tune/, a space for each game
for f in packs/examples/tune/*.yaml; do
	ok_if "the tune space $f is installed" cmp -s "$f" "$I/share/railyard/$f"
done
ok_if "every man page is installed" test -s "$I/share/man/man1/railyard.1" -a \
	-s "$I/share/man/man5/railyard-pack.5" -a -s "$I/share/man/man5/railyard-template.5"
ok_if "the bash completion is installed" test -s "$I/share/bash-completion/completions/railyard"
ok_if "nothing outside DESTDIR/PREFIX" test -z "$(find "$S" -mindepth 1 -maxdepth 1 ! -name opt)"

# A pack copied elsewhere, built from a third folder: the default templates come from
# the installed share/railyard/templates beside the executable.
mkdir -p "$WORK/mine" "$WORK/elsewhere"
cp packs/pattern-one-census-seven.yaml "$WORK/mine/p.yaml"
cp packs/take-the-train.yaml "$WORK/mine/t.yaml"
expect_status "a copied trains pack builds from another folder" 0 \
	sh -c "cd '$WORK/elsewhere' && '$I/bin/railyard' build --only faces -o out ../mine/p.yaml"
ok_if "its faces are written" test -s "$WORK/elsewhere/out/pattern-one-census-seven/faces.pdf"
expect_status "a copied Take the Train pack (templates/NAME) builds" 0 \
	sh -c "cd '$WORK/elsewhere' && '$I/bin/railyard' build --only faces -o out-t ../mine/t.yaml"
expect_status "an installed pack builds" 0 \
	sh -c "cd '$WORK/elsewhere' && '$I/bin/railyard' build --only faces -o out-i '$I/share/railyard/packs/train-52.yaml'"

# RAILYARD_PATH: a folder of one's own templates, searched before the installed ones.
mkdir -p "$WORK/tpl"
sed 's/^background: .*/background: "#ffeedd"/' templates/trains-back.yaml >"$WORK/tpl/my-back.yaml"
sed 's/^title: .*/&\nback: my-back.yaml/' packs/pattern-one-census-seven.yaml >"$WORK/mine/b.yaml"
expect_status "a template only on RAILYARD_PATH is not found without it" 2 \
	sh -c "cd '$WORK/elsewhere' && '$I/bin/railyard' build -o out-b ../mine/b.yaml"
expect_grep "the message names the installed folder" \
	"cannot find the back template 'my-back.yaml'.*$I/share/railyard/templates" "$WORK/last.err"
expect_status "RAILYARD_PATH=A:B finds it" 0 \
	sh -c "cd '$WORK/elsewhere' && RAILYARD_PATH='$WORK/none::$WORK/tpl' '$I/bin/railyard' build --only sheets -o out-b ../mine/b.yaml"

# The documentation: the README with its pictures, the template guide and the
# signal-box example, which builds where it is installed; railyard new finds the
# installed packs.
D="$I/share/doc/railyard"
ok_if "the README and its pictures are installed" test -s "$D/README.md" -a -s "$D/docs/trains.png"
# the pages the README links to, beside it as in the source (README.md, docs/NAME.md)
for f in docs/*.md; do
	ok_if "$f is installed where the README's link points" cmp -s "$f" "$D/$f"
done
ok_if "the signal-box example is installed with its art" \
	test -s "$D/examples/signal-box/pack.yaml" -a -s "$D/examples/signal-box/art/loco.svg"
expect_status "the installed example builds" 0 \
	sh -c "cd '$WORK/elsewhere' && '$I/bin/railyard' build -q -o out-ex '$D/examples/signal-box/pack.yaml'"
expect_status "an installed tune space races where it is installed" 0 \
	sh -c "cd '$WORK/elsewhere' && '$I/bin/railyard' tune -q --games 256 --players 2 '$I/share/railyard/packs/examples/tune/toy-train.yaml'"
expect_status "railyard new finds the installed pack and templates" 0 \
	sh -c "cd '$WORK/elsewhere' && '$I/bin/railyard' new -q --game train-52 my52 && '$I/bin/railyard' build -q -o out-52 my52/pack.yaml"
expect_status "make uninstall" 0 \
	make -s -C "$TOP" uninstall SAN=$san BUILD="$WORK/b" PREFIX=$P DESTDIR="$S"
expect_eq "uninstall removes every file install put" "" "$(find "$S" -type f)"

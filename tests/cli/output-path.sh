# -o DIR/ (a slash after the folder) prints DIR/PACK, not DIR//PACK, wherever
# an output path is printed.
. tests/cli/lib.sh
cd "$WORK" || exit 2
expect_status "build -o print/" 0 "$RAILYARD" build --no-progress "$OLDPWD/packs/take-the-train.yaml" -o print/ --only contact
expect_grep "... prints print/take-the-train.preview/" " in print/take-the-train\.preview/ " "$WORK/last.err"
ok_if "... and no doubled slash anywhere" sh -c "! grep -q '//' '$WORK/last.err'"
expect_status "build -o print// (two)" 0 "$RAILYARD" build --no-progress "$OLDPWD/packs/toy-train.yaml" -o print// --only contact
expect_grep "... the same" " in print/toy-train\.preview/ " "$WORK/last.err"

# -o / (the root) gives /PACK, not //PACK (issue 31). Nothing may be written
# into the real root, so the build runs as a user who cannot write there
# (setpriv to nobody when the test runs as root) and the paths are read from
# the refusals; `check /` looks for /pack.yaml.
expect_status "check /: a folder without a pack" 2 "$RAILYARD" check /
expect_grep "... looked for /pack.yaml" "\(looked for /pack\.yaml" "$WORK/last.err"
ok_if "... and no doubled slash" sh -c "! grep -q '//' '$WORK/last.err'"
if [ "$(id -u)" = 0 ]; then
	as_user() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }
else
	as_user() { "$@"; }
fi
# ... and who can run railyard and read the packs (not so in a checkout under
# root's own 0700 home, as on a fresh machine's /root/project)
if { [ "$(id -u)" != 0 ] || command -v setpriv >/dev/null; } && ! as_user test -w / &&
	as_user "$RAILYARD" --version >/dev/null 2>&1 && as_user test -r "$OLDPWD/packs/toy-train.yaml"; then
	expect_status "build -o / (not writable): exit 3" 3 as_user "$RAILYARD" build --no-progress \
		"$OLDPWD/packs/toy-train.yaml" -o / --only contact
	expect_grep "... names /.toy-train.preview.lock" " /\.toy-train\.preview\.lock\)" "$WORK/last.err"
	ok_if "... and no doubled slash" sh -c "! grep -q '//' '$WORK/last.err'"
	expect_status "tune --shard -o / (not writable): exit 3" 3 as_user "$RAILYARD" tune \
		"$OLDPWD/packs/examples/tune/toy-train.yaml" --shard 1/2 -o / --games 64 -q
	expect_grep "... names /shard-1-of-2.txt" "cannot write /shard-1-of-2\.txt" "$WORK/last.err"
	ok_if "... and no doubled slash" sh -c "! grep -q '//' '$WORK/last.err'"
else
	echo "ok - -o / refused # SKIP needs a user here who cannot write / but can run railyard (setpriv)"
fi

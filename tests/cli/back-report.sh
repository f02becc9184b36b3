# A back template's problems are reported by every build that draws the back,
# whichever output draws it first, and again by the next build (--watch
# rebuilds in one process): faces.pdf, drawn first by a default build, draws no
# back, and the report used to ride on the first pass only.
. tests/cli/lib.sh
mkdir -p "$WORK/p"
cp packs/pattern-one-census-six.yaml "$WORK/p/pack.yaml"
sed 's/GAME OF TRAINS<\/span>/GAME OF TRAINS {nosuch}<\/span>/' templates/trains-back.yaml >"$WORK/p/back.yaml"
echo 'back: back.yaml' >>"$WORK/p/pack.yaml"
line=$(grep -n 'TRAINS {nosuch}' "$WORK/p/back.yaml" | head -1 | cut -d: -f1)
for only in all faces png; do
	set -- build "$WORK/p/pack.yaml" -o "$WORK/out-$only" --jobs 2
	[ "$only" = all ] || set -- "$@" --only "$only"
	expect_status "build --only $only succeeds (a missing field is a warning)" 0 "$RAILYARD" "$@"
	expect_grep "build --only $only names the back's unknown field at its line" \
		"back\.yaml:$line:[0-9]+: warning: back: no field 'nosuch'" "$WORK/last.err"
done

# --watch: every rebuild reports the back again (the flag that once said "the
# back was reported" lived for the whole process).
"$RAILYARD" build --watch --only faces --jobs 2 -o "$WORK/out-watch" "$WORK/p/pack.yaml" >"$WORK/watch.log" 2>&1 &
wpid=$!
wait_for() { wait_log "$1" "$2" "$WORK/watch.log"; }
wait_for 1 "watching"
sleep 1.1   # a later modification time on any file system
echo "# an edit" >>"$WORK/p/pack.yaml"
wait_for 2 "watching"
kill "$wpid" 2>/dev/null
wait "$wpid" 2>/dev/null
expect_eq "--watch: two builds" 2 "$(grep -c 'watching' "$WORK/watch.log")"
n=$(grep -c "back\.yaml:$line:[0-9]*: warning: back: no field 'nosuch'" "$WORK/watch.log")
expect_eq "--watch: the rebuild names the back's unknown field again (once a build)" 2 "$n"

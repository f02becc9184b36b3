# Output safety of railyard build: files appear only in the output folder (-o,
# or out/PACK-ID under the current folder), a full disk or an unwritable folder
# is exit 3 with a message, and a failed build leaves the previous output whole
# and no temporary files; every file is fsync'ed before its rename (strace).
. tests/cli/lib.sh
R=$RAILYARD

# (this used to pass, skipping everything, when the help did not say --output)
"$R" build --help >"$WORK/help.txt" 2>&1
expect_grep "build --help names -o, --output" "^ +-o, --output DIR" "$WORK/help.txt"

S="$WORK/sandbox"
mkdir -p "$S"
cp packs/pattern-one-census-seven.yaml "$S/pack.yaml"
mkdir -p "$S/templates"
cp templates/*.yaml "$S/templates/" 2>/dev/null  # the defaults, found beside the pack
# listing DIR: every path under the sandbox (the build's current folder) except
# the build's own output folder DIR
listing() {
	(cd "$S" && find . -path "./$1" -prune -o -print | LC_ALL=C sort)
}

listing out-o >"$WORK/before.txt"
expect_status "build -o DIR succeeds" 0 sh -c "cd '$S' && exec '$R' build --only faces -o out-o pack.yaml"
ok_if "it wrote faces.pdf into DIR" test -s "$S/out-o/pattern-one-census-seven/faces.pdf"
listing out-o >"$WORK/after.txt"
ok_if "and nothing outside DIR" cmp -s "$WORK/before.txt" "$WORK/after.txt"

listing out >"$WORK/before.txt"
expect_status "build without -o succeeds" 0 sh -c "cd '$S' && exec '$R' build --only faces pack.yaml"
ok_if "it wrote into out/PACK-ID" test -s "$S/out/pattern-one-census-seven/faces.pdf"
listing out >"$WORK/after.txt"
ok_if "and nothing outside out/" cmp -s "$WORK/before.txt" "$WORK/after.txt"
ok_if "no temporary file is left" test -z "$(find "$S" -name '*tmp*')"

# A folder that cannot be made: its parent is a file.
: >"$S/plain"
expect_status "an output folder under a file is exit 3" 3 "$R" build --only faces -o "$S/plain/out" "$S/pack.yaml"
expect_grep "with a message naming it" "plain/out" "$WORK/last.err"
ok_if "and nothing is created" test ! -e "$S/plain/out"

# A full disk: writes fail with EFBIG past 64 KB (SIGXFSZ ignored, so the
# program sees the error as it would ENOSPC).
cksum "$S/out-o/pattern-one-census-seven/faces.pdf" >"$WORK/faces.sum"
expect_status "a full disk is exit 3" 3 sh -c "trap '' XFSZ; ulimit -f 128; exec '$R' build --only faces -o '$S/out-o' '$S/pack.yaml'"
expect_grep "with a message" "error" "$WORK/last.err"
ok_if "the previous faces.pdf is untouched" sh -c "cksum '$S/out-o/pattern-one-census-seven/faces.pdf' | cmp -s - '$WORK/faces.sum'"
ok_if "no temporary or partial file is left" test -z "$(find "$S/out-o" -name '*tmp*')"
# (a staging folder is named .ID.XXXXXX, without "tmp": the find above misses it)
expect_eq "no staging folder is left" "" "$(ls -A "$S/out-o" | grep '^\.' | grep -v '\.lock$')"
ok_if "the untouched PDF is still valid" sh -c "qpdf --check '$S/out-o/pattern-one-census-seven/faces.pdf' >/dev/null 2>&1"

# Planted symbolic links (issue 13): temporary names are unpredictable and created
# exclusively, so links planted at the names an older railyard used (its PID is
# the shell's, thanks to exec) catch nothing; a link at a final name is refused,
# not followed and not replaced; the victim is untouched either way.
V="$WORK/victim"
echo "precious" >"$V"
mkdir -p "$S/plant/pattern-one-census-seven"
expect_status "links planted at the old temporary names: the build succeeds" 0 sh -c "
	for n in faces.pdf.cairo\$\$.tmp faces.pdf.qpdf\$\$.tmp manifest.csv.tmp.\$\$; do
		ln -s '$V' '$S/plant/pattern-one-census-seven/'\$n
	done
	exec '$R' build --only faces -o '$S/plant' '$S/pack.yaml'"
ok_if "faces.pdf is a regular file, not a link" sh -c "test -f '$S/plant/pattern-one-census-seven/faces.pdf' && test ! -L '$S/plant/pattern-one-census-seven/faces.pdf'"
ok_if "manifest.csv is a regular file, not a link" sh -c "test -f '$S/plant/pattern-one-census-seven/manifest.csv' && test ! -L '$S/plant/pattern-one-census-seven/manifest.csv'"
expect_eq "the victim is untouched" "precious" "$(cat "$V")"
rm -f "$S/plant/pattern-one-census-seven"/*.tmp* "$S/plant/pattern-one-census-seven/faces.pdf"
ln -s "$V" "$S/plant/pattern-one-census-seven/faces.pdf"
# (faces.pdf is listed in the set's files.txt: the new set replaces it whole, the
# link is removed with the old set, never followed.)
expect_status "a link at a listed faces.pdf: the set is replaced" 0 "$R" build --only faces -o "$S/plant" "$S/pack.yaml"
ok_if "faces.pdf is a regular file again" sh -c "test -f '$S/plant/pattern-one-census-seven/faces.pdf' && test ! -L '$S/plant/pattern-one-census-seven/faces.pdf'"
expect_eq "the victim is still untouched" "precious" "$(cat "$V")"
ok_if "no temporary file is left" test -z "$(find "$S/plant" -name '*tmp*')"

# A link planted at a subfolder (png/ -> elsewhere) is refused, not followed.
mkdir -p "$WORK/elsewhere" "$S/plant2"
mkdir -p "$S/plant2/pattern-one-census-seven"
ln -s "$WORK/elsewhere" "$S/plant2/pattern-one-census-seven/png"
expect_status "a link at OUT/png is refused: exit 3" 3 "$R" build --only png -o "$S/plant2" "$S/pack.yaml"
expect_grep "saying it is not railyard's" "png was not written by railyard" "$WORK/last.err"
expect_eq "nothing lands in the link's target" "" "$(ls -A "$WORK/elsewhere")"

# A link planted at the set's lock file (PARENT/.PACK.lock, opened with O_CREAT)
# is not followed: a dangling one would have its target created.
mkdir -p "$S/plant3"
ln -s "$WORK/lock-target" "$S/plant3/.pattern-one-census-seven.lock"
expect_status "a link at the lock file is refused: exit 3" 3 "$R" build --only faces -o "$S/plant3" "$S/pack.yaml"
expect_grep "saying which lock file" "its lock file .*plant3/\.pattern-one-census-seven\.lock" "$WORK/last.err"
ok_if "the link's target is not created" test ! -e "$WORK/lock-target"

# A read-only folder gives the system's reason (as root, run as nobody: root
# writes anyway).
AS=""
[ "$(id -u)" = 0 ] && command -v setpriv >/dev/null && AS="setpriv --reuid=65534 --regid=65534 --clear-groups"
if [ "$(id -u)" != 0 ] || [ -n "$AS" ]; then
	RO=$(mktemp -d) && chmod 755 "$RO"
	cp "$S/pack.yaml" "$RO/" && cp -r "$S/templates" "$RO/" && chmod -R a+rX "$RO"
	mkdir "$RO/ro" && chmod 555 "$RO/ro"
	expect_status "a read-only output folder is exit 3" 3 $AS "$R" build --only faces -o "$RO/ro" "$RO/pack.yaml"
	expect_grep "with the reason" "cannot create a staging folder in .*: Permission denied" "$WORK/last.err"
	rm -rf "$RO"
else
	echo "ok - a read-only folder: root without setpriv # SKIP"
fi

# Every file is on the disk before its name is: each temporary file renamed to
# its final name was fsync'ed first (a crash after a rename of unsynced data
# can leave a zero-length faces.pdf where the old one was). strace follows
# each temporary file from its openat through fsync to its rename, one trace
# a thread (-ff: no call split across lines by another thread's); with the
# fsync removed every other check here passed.
if strace -f -e trace=openat -o "$WORK/probe" true 2>/dev/null && grep -q openat "$WORK/probe"; then
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" strace -ff -qq -e trace=openat,fsync,rename \
		-o "$WORK/sync.trace" "$R" build -q --only faces,svg,placemat -o "$S/sync" "$S/pack.yaml"
	# fd -> the temporary file it holds; a temporary fsync'ed; each rename of a
	# temporary: synced or not
	for t in "$WORK"/sync.trace.*; do awk '
	/openat\(.*\.tmp", .*= [0-9]+$/ { match($0, /"[^"]*"/); fd[$NF] = substr($0, RSTART + 1, RLENGTH - 2) }
	/fsync\([0-9]+\) += 0$/ { match($0, /fsync\([0-9]+\)/); n = substr($0, RSTART + 6, RLENGTH - 7); if (n in fd) synced[fd[n]] = 1 }
	/rename\(".*\.tmp", / { match($0, /"[^"]*"/); f = substr($0, RSTART + 1, RLENGTH - 2); if (f in synced) ok++; else bad++ }
	END { printf "%d %d\n", ok, bad }' "$t"; done | awk '{ ok += $1; bad += $2 } END { print ok + 0, bad + 0 }' \
		>"$WORK/sync.count"
	read -r synced unsynced <"$WORK/sync.count"
	ok_if "every temporary file is fsync'ed before its rename ($synced renamed, $unsynced not synced first)" \
		test "$synced" -gt 10 -a "$unsynced" = 0
else
	echo "ok - fsync before rename # SKIP strace cannot trace here (apt-get install strace; ptrace allowed)"
fi

# A signal while a file outside any staging folder is being written (simulate
# --plot: written beside its final name) removes the temporary file: strace
# fails the rename that would publish it (EINTR) and delivers SIGTERM there,
# the moment a temporary file is whole on the disk under its own name, no
# timing involved. With the handler's unlink of the live temporary files
# removed every other check here passed (a build's are in its staging folder).
inject="rename,renameat,renameat2:error=EINTR:signal=TERM:when=1"
: >"$WORK/mv-probe"
if strace -qq -o /dev/null -e trace=rename,renameat,renameat2 -e inject=$inject mv "$WORK/mv-probe" "$WORK/mv-moved" 2>/dev/null ||
   [ ! -e "$WORK/mv-probe" ]; then
	echo "ok - a signal at the plot's rename # SKIP strace cannot inject a signal here (strace 4.16 or later; ptrace allowed)"
else
	mkdir -p "$WORK/plot"
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" strace -f -qq -o /dev/null \
		-e trace=rename,renameat,renameat2 -e inject=$inject \
		"$R" simulate -q --games 50 -n 2 --plot "$WORK/plot/plot.pdf" "$S/pack.yaml" >/dev/null 2>"$WORK/last.err"
	st=$?
	ok_if "a SIGTERM at the plot's rename: simulate dies of it (exit $st)" test $st -gt 128
	expect_eq "... and leaves no temporary file, nor the plot" "" "$(ls -A "$WORK/plot")"
fi

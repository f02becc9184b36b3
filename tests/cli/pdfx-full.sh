# A disk that fills up during the CMYK step (issue 32) is named as such: the
# build exits 3 with one line, "cannot write .../faces.pdf in CMYK: No space
# left on device (the disk is full)", never Ghostscript's or qpdf's own lines
# ("ioerror (-12) on closing pdfwrite device", "unable to find trailer
# dictionary while recovering damaged file", qpdf's "application did not
# handle error"), and no staging folder is left. The disk is a small tmpfs in
# a mount namespace of our own (unshare -rm); skipped where none can be made.
. tests/cli/lib.sh
D=$WORK/disk
mkdir -p "$D"
if ! unshare -rm sh -c "mount -t tmpfs -o size=100k tmpfs '$D'" 2>/dev/null; then
	echo "ok - a disk full during the CMYK step # SKIP no mount namespace here (unshare -rm)"
	exit 0
fi
cmyk=0
for size in 400k 500k 600k 700k; do
	unshare -rm sh -c 'mount -t tmpfs -o size=$1 tmpfs "$2" && "$3" build -q --colour cmyk --only faces -o "$2/o" packs/pattern-one-census-six.yaml 2>"$4"; echo "$? $(ls -A "$2/o" | grep -vc "\.lock$")"' \
		x "$size" "$D" "$RAILYARD" "$WORK/err" >"$WORK/st"
	read -r rc left <"$WORK/st"
	if [ "$rc" = 0 ]; then echo "ok - $size: built"; continue; fi
	expect_eq "$size: exit 3, nothing left but the lock" "3 0" "$rc $left"
	expect_eq "$size: one line, the disk named" 1 "$(grep -c . "$WORK/err")"
	expect_grep "$size: ... this line" "^railyard: error: cannot write .*/faces\.pdf( in CMYK)?: No space left on device" "$WORK/err"
	grep -q "in CMYK" "$WORK/err" && cmyk=$((cmyk + 1))
done
ok_if "the disk filled during the CMYK step at least once ($cmyk of 4 sizes)" test "$cmyk" -gt 0

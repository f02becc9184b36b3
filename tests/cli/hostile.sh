#!/bin/sh
# Hostile images (issue 24): every file is written by tests/cli/hostile.py into
# the scratch folder; each is refused at the template line that names it, exit 2,
# in bounded time and memory (measured with /usr/bin/time), nothing written.
. tests/cli/lib.sh
R=$RAILYARD
PK=$WORK/pk
mkdir -p "$PK"
cp -r packs/examples/signal-box/* "$PK/"
python3 tests/cli/hostile.py "$PK/art" || echo "not ok - hostile.py wrote the files"
cp "$PK/face.yaml" "$PK/face.orig"

# bounded WHAT STATUS PATTERN COMMAND...: COMMAND exits STATUS within 10 s (5 s
# expected, some slack for a loaded machine) under 500 MB peak, PATTERN on stderr.
bounded() {
	what=$1; want=$2; pat=$3; shift 3
	/usr/bin/time -f '%M %e' -o "$WORK/time" timeout 10 "$@" >"$WORK/last.out" 2>"$WORK/last.err"
	got=$?
	set -- $(tail -1 "$WORK/time")
	kb=$1; secs=$2
	if [ "$got" = "$want" ] && [ "$kb" -lt 512000 ]; then echo "ok - $what (${kb} KB, ${secs} s)"
	else echo "not ok - $what"; echo "  exit $got (expected $want), $kb KB, $secs s" >&2; head -5 "$WORK/last.err" >&2; fi
	expect_grep "$what: the reason" "$pat" "$WORK/last.err"
}

# art NAME: the face shows art/NAME.
art() {
	sed "s|art/{kind}.svg|art/$1|" "$PK/face.orig" >"$PK/face.yaml"
}

at='face.yaml:[0-9]+:[0-9]+: error: image .*'
while read -r name pat; do
	art "$name"
	bounded "$name: exit 2" 2 "$at$pat" "$R" build --only png,faces -o "$WORK/out" "$PK/pack.yaml"
	ok_if "$name: nothing written" test ! -e "$WORK/out/signal-box"
done <<'CASES'
bomb.png a PNG of 20000 x 20000 pixels, 400.0 million pixels decoded, more than the 50.0 million an image may have \(--max-pixels
blur.svg an SVG of 20000 x 20000 px, 400.0 million pixels
turbulence.svg an SVG of 5000 x 5000 px with filters \(line 1\): a filtered SVG may have at most 16 million pixels
region.svg line 1: a filter region of 100000 x 100000, more than 16 million pixels
scaled.svg an SVG that (could not be drawn \(librsvg: rendering error: NoMemory\)|needed more than 300 MB to draw|took more than 3 s to draw)
uses.svg an SVG that (took more than 3 s to draw|needed more than 300 MB to draw|could not be drawn \(librsvg: (exceeded more than 500000 referenced elements|rendering error: NoMemory)\))
self.svg line 1: XInclude \(<xi:include>\) is not allowed
include.svg line 1: XInclude \(<xi:include>\) is not allowed
image-big.svg line 1: big.png is 30000 x 30000 pixels \(900.0 million\)
image-jpeg.svg line 1: big.jpg is 30000 x 30000 pixels \(900.0 million\)
data-big.svg line 1: a data: URL raster is 30000 x 30000 pixels
laughs.svg line 1: an entity that refers to another entity is not allowed
xxe.svg line 1: an external entity \(a file or address\) is not allowed
outside.svg line 1: '../../secret.png': '..' may not climb out
remote.svg line 1: 'http://example.com/a.png': only files beside the SVG may be named
deep.svg line 1: elements nested more than 64 deep
many.svg line 1: more than 100000 elements
css.svg line 1: a stylesheet @import is not allowed
url.svg line 1: url\(other.svg#g\): only url\(#id\) of the same file is allowed
nest.svg line 1 of nest.svg: SVGs nested more than 3 deep
huge.png larger than 32 MB
CASES

# A large PNG within the limits: one copy, whatever --jobs is.
python3 tests/cli/hostile.py png "$PK/art/mid.png" 6000 6000
art mid.png
for j in 1 2 4; do
	/usr/bin/time -f '%M' -o "$WORK/kb-$j" "$R" build -q --jobs $j --only png -o "$WORK/mid" "$PK/pack.yaml" 2>"$WORK/last.err"
	ok_if "a 36-million-pixel PNG at --jobs $j: built" test -s "$WORK/mid/signal-box/png/card-001.png"
done
kb1=$(tail -1 "$WORK/kb-1"); kb4=$(tail -1 "$WORK/kb-4")
echo "# peak at --jobs 1, 2, 4: $kb1 $(tail -1 "$WORK/kb-2") $kb4 KB"
ok_if "--jobs 4 needs less than 80 MB more than --jobs 1 ($kb1 -> $kb4 KB; a copy is 144 MB)" test $((kb4 - kb1)) -lt 80000
# The limits are the user's, each and for the build.
expect_status "--max-pixels 30: exit 2" 2 "$R" build --max-pixels 30 --only png -o "$WORK/mid" "$PK/pack.yaml"
expect_grep "--max-pixels 30: said" "${at}a PNG of 6000 x 6000 pixels, 36.0 million pixels decoded, more than the 30.0 million" "$WORK/last.err"
expect_status "--max-total-pixels 30: exit 2" 2 "$R" build --max-total-pixels 30 --only png -o "$WORK/mid" "$PK/pack.yaml"
expect_grep "--max-total-pixels 30: said" "${at}with it the build's images would decode to 36.0 million pixels, more than the 30.0 million a build may have" "$WORK/last.err"
ok_if "refused builds kept the previous set" test -s "$WORK/mid/signal-box/png/card-001.png"

# ---- data: every value is text a card may show, refused at its file, line and
# column, whatever its line endings
art "{kind}.svg"
python3 tests/cli/hostile.py csv "$PK/routes.csv" "$PK"
cp "$PK/pack.yaml" "$PK/pack.orig"
v="routes-[a-z-]*.csv:3:4: error: the 'route' value holds"
while read -r name pat; do
	sed "s|^data: routes.csv|data: $name|" "$PK/pack.orig" >"$PK/pack.yaml"
	bounded "data $name: exit 2" 2 "$name:$pat" "$R" build --only faces -o "$WORK/out" "$PK/pack.yaml"
done <<'CASES'
bidi.csv 3:4: error: the 'route' value holds the bidi control character U\+202E \(character 7 of the value\)
zero-width.csv 3:4: error: the 'route' value holds the invisible character U\+200B
line-separator.csv 3:4: error: the 'route' value holds the invisible character U\+2028
bom.csv 3:4: error: the 'route' value holds the invisible character U\+FEFF
bell.csv 3:4: error: the 'route' value holds the control character U\+0007 \(only line breaks are allowed\)
escape.csv 3:4: error: the 'route' value holds the control character U\+001B
nul.csv 3:4: error: the 'route' value holds the NUL character \(U\+0000\) \(character 3 of the value\)
utf8.csv 3:4: error: the 'route' value holds a byte that is not UTF-8 \(0xFF\)
marks.csv 3:4: error: the 'route' value holds more than 16 combining marks on one character
long.csv 3:4: error: the 'route' value holds more than 2000 characters
cr.csv 3:14: error: after a closing quote, a comma or the end of the line
crlf.csv 3:14: error: after a closing quote, a comma or the end of the line
wide.csv 3:1: error: this line has 1900001 fields; the header has 3
rows.csv 100002:1: error: more than 100000 rows
columns.csv 1:1: error: more than 64 columns
CASES
sed "s|^data: routes.csv|data: big.csv|" "$PK/pack.orig" >"$PK/pack.yaml"
bounded "data big.csv (4.2 MB): exit 2" 2 "pack.yaml:[0-9]+:[0-9]+: error: data '.*big.csv': larger than 4 MB" "$R" build --only faces -o "$WORK/out" "$PK/pack.yaml"
ok_if "a bidi control is not echoed to the terminal" sh -c "! grep -q \"$(printf '\342\200\256')\" '$WORK/last.err'"
sed "s|^data: routes.csv|data: bidi.csv|" "$PK/pack.orig" >"$PK/pack.yaml"
"$R" check "$PK/pack.yaml" 2>"$WORK/last.err"
ok_if "check: the quoted line shows the bidi control as ?" grep -q "Ashby ? yard" "$WORK/last.err"
printf 'pack: x\ntitle: "a\\u202eb"\n' >"$PK/bidi-title.yaml"
expect_status "a bidi control in a YAML title: exit 2" 2 "$R" dump "$PK/bidi-title.yaml"
expect_grep "a bidi control in YAML: said" "bidi-title.yaml:2:8: error: string contains the bidi control character U\+202E" "$WORK/last.err"
cp "$PK/pack.orig" "$PK/pack.yaml"

# ---- manifest.csv of every game through one writer: RFC 4180 quoting, and no
# cell a spreadsheet would run as a formula
mkdir -p "$WORK/csv"
# (a line break in a name: "bl\nue"; YAML's escape, the cell quoted)
sed -e "s/colour: \[blue, green, magenta, orange\]/colour: [\"bl\\\\nue\", 'gr\"een,x', '=HYPERLINK(\"http:\/\/x\")', '@SUM(A1)']/" \
	-e "s|templates/|$TOP/templates/|" packs/take-the-train.yaml >"$WORK/csv/p.yaml"
expect_status "a deck with hostile colour names builds" 0 "$R" build -q --only contact --allow-path "$TOP/templates" -o "$WORK/csv/o" "$WORK/csv/p.yaml"
# --only contact alone is a preview: it goes to PACK.preview/
M=$WORK/csv/o/take-the-train.preview/manifest.csv
expect_eq "manifest.csv: 56 rows of 5 fields each (RFC 4180)" "56 {5}" \
	"$(python3 -c 'import csv, sys; r = list(csv.reader(open(sys.argv[1]))); print(len(r), set(map(len, r)))' "$M")"
expect_eq "manifest.csv: a line break kept inside its quoted cell" "'bl\\nue 1' 'colour=bl\\nue number=1'" \
	"$(python3 -c 'import csv, sys; r = list(csv.reader(open(sys.argv[1], newline=""))); print(repr(r[1][2]), repr(r[1][4]))' "$M")"
expect_grep "manifest.csv: a quote and a comma quoted" '^13,number,"gr""een,x 1",1,"colour=gr""een,x number=1"$' "$M"
expect_grep "manifest.csv: a formula kept as text" "^25,number,\"'=HYPERLINK\(\"\"http://x\"\"\) 1\",1," "$M"
expect_grep "manifest.csv: @ kept as text" "^37,number,\"'@SUM\(A1\) 1\",1," "$M"
ok_if "manifest.csv: no cell starts with = + - @" python3 -c '
import csv, sys
sys.exit(any(c and c[0] in "=+-@" for r in csv.reader(open(sys.argv[1])) for c in r))' "$M"

# ---- --watch keeps watching a file whose load failed: deleted, replaced by a
# FIFO, restored: each change is seen and the last build succeeds
art "{kind}.svg"
cp "$PK/art/swap.svg" "$WORK/swap.svg"
"$R" build --watch --only faces -o "$WORK/w" "$PK/pack.yaml" >"$WORK/watch.log" 2>&1 &
wpid=$!
wait_for() { wait_log "$1" "$2" "$WORK/watch.log"; }
wait_for 1 "watching"
sleep 1.1
rm "$PK/art/swap.svg"
wait_for 2 "watching"
mkfifo "$PK/art/swap.svg"
wait_for 3 "watching"
rm "$PK/art/swap.svg"
cp "$WORK/swap.svg" "$PK/art/swap.svg"
wait_for 4 "watching"
kill -INT $wpid
wait $wpid
expect_eq "--watch: built, failed (deleted), failed (FIFO), built (restored)" \
	"built build failed build failed built" \
	"$(sed -n 's/^railyard: \(built\|build failed\); watching.*/\1/p' "$WORK/watch.log" | tr '\n' ' ' | sed 's/ $//')"

# A pack's own size: too large for a PNG is said at the pack's line.
sed 's/^size: .*/size: [1000mm, 1000mm]/' "$PK/pack.orig" >"$PK/pack.yaml"
expect_status "a pack's size too large for a PNG: exit 2" 2 "$R" build --only png -o "$WORK/sz" "$PK/pack.yaml"
expect_grep "a pack's size: at the pack's size line" "pk/pack.yaml:14:7: error: a card of 1000 x 1000 mm with 3.175 mm bleed is 11886 x 11886 pixels" "$WORK/last.err"
cp "$PK/pack.orig" "$PK/pack.yaml"

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

at='face.yaml:71:5: error: image .*'
while read -r name pat; do
	art "$name"
	bounded "$name: exit 2" 2 "$at$pat" "$R" build --only png,faces -o "$WORK/out" "$PK/pack.yaml"
	ok_if "$name: nothing written" test ! -e "$WORK/out/signal-box"
done <<'CASES'
bomb.png a PNG of 20000 x 20000 pixels, 400.0 million pixels decoded, more than the 50.0 million an image may have \(--max-pixels
blur.svg an SVG of 20000 x 20000 px, 400.0 million pixels
turbulence.svg an SVG of 5000 x 5000 px with filters \(line 1\): a filtered SVG may have at most 16 million pixels
region.svg line 1: a filter region of 100000 x 100000, more than 16 million pixels
scaled.svg an SVG that could not be drawn \(librsvg: rendering error: NoMemory\)
uses.svg an SVG that (took more than 3 s to draw|could not be drawn \(librsvg: exceeded more than 500000 referenced elements\))
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
CASES
ok_if "a bidi control is not echoed to the terminal" sh -c "! grep -q \"$(printf '\342\200\256')\" '$WORK/last.err'"
sed "s|^data: routes.csv|data: bidi.csv|" "$PK/pack.orig" >"$PK/pack.yaml"
"$R" check "$PK/pack.yaml" 2>"$WORK/last.err"
ok_if "check: the quoted line shows the bidi control as ?" grep -q "Ashby ? yard" "$WORK/last.err"
printf 'pack: x\ntitle: "a\\u202eb"\n' >"$PK/bidi-title.yaml"
expect_status "a bidi control in a YAML title: exit 2" 2 "$R" dump "$PK/bidi-title.yaml"
expect_grep "a bidi control in YAML: said" "bidi-title.yaml:2:8: error: string contains the bidi control character U\+202E" "$WORK/last.err"
cp "$PK/pack.orig" "$PK/pack.yaml"

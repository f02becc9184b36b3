# The build's hygiene (issue 33): tools/deps.sh asks dpkg-query once, the links
# honour LDFLAGS, the binary links only the pkg-config packages gen/ includes,
# and the code and the fonts it embeds have their license and notices.
. tests/cli/lib.sh

# ---- tools/deps.sh: one dpkg-query, whatever the mode ----
# A fake dpkg-query (first on PATH) logs its calls and answers for every package
# but those named in $NOT; a fake id makes the script a user (it prints the
# apt-get line instead of running it).
F="$WORK/fake"
mkdir -p "$F"
cat >"$F/dpkg-query" <<'EOF'
#!/bin/sh
echo call >>"$LOG"
shift 2   # -W -f=FORMAT
for p in "$@"; do
	case " $NOT " in *" $p "*) echo "dpkg-query: no packages found matching $p" >&2; continue;; esac
	echo "$p install ok installed"
done
EOF
printf '#!/bin/sh\necho 1000\n' >"$F/id"
chmod +x "$F/dpkg-query" "$F/id"
for mode in build test bench ci; do
	: >"$WORK/log"
	expect_status "deps.sh $mode: every package present is exit 0" 0 \
		env PATH="$F:$PATH" LOG="$WORK/log" NOT="" sh tools/deps.sh $mode
	expect_eq "deps.sh $mode asks dpkg-query once" 1 "$(wc -l <"$WORK/log" | tr -d ' ')"
done
: >"$WORK/log"
expect_status "deps.sh test: two missing packages are exit 1 for a user" 1 \
	env PATH="$F:$PATH" LOG="$WORK/log" NOT="fonts-inter jq" sh tools/deps.sh test
expect_grep "the apt-get line names exactly those two" "^  sudo apt-get install fonts-inter jq$" "$WORK/last.err"
expect_eq "still one dpkg-query" 1 "$(wc -l <"$WORK/log" | tr -d ' ')"
# a package dpkg knows but has removed (config files left) is missing too
cat >"$F/dpkg-query" <<'EOF'
#!/bin/sh
shift 2
for p in "$@"; do
	if [ "$p" = wamerican ]; then echo "$p deinstall ok config-files"; else echo "$p install ok installed"; fi
done
EOF
expect_status "a removed package is missing" 1 env PATH="$F:$PATH" sh tools/deps.sh build
expect_grep "and named" "^  sudo apt-get install wamerican$" "$WORK/last.err"

# ---- the Makefile's links ----
# make -n -B prints every command of a full build without running one.
env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s -n -B -C "$TOP" LDFLAGS=-Wl,-z,now,--marker-ldflags SAN= TSAN= \
	build/release/railyard build/release/tests/test_pngenc bench >"$WORK/make.txt" 2>"$WORK/make.err"
links=$(grep -E -- ' -o build/release/(railyard|tests/test_pngenc|bench/floor) ' "$WORK/make.txt")
expect_eq "make -n -B shows the three links (binary, a unit test, bench's floor)" 3 \
	"$(echo "$links" | grep -c .)"
expect_eq "each link passes LDFLAGS" 3 "$(echo "$links" | grep -c -- '--marker-ldflags')"

# Each pkg-config package of the Makefile's PKGS and the header gen/ includes for
# it: a package no gen/ file includes is not linked (libpng: the unit tests'
# and the bench's, TEST_PKGS); a header gen/ includes has its package in PKGS.
cat >"$WORK/headers" <<'EOF'
cairo cairo.h
cairo-pdf cairo-pdf.h
cairo-svg cairo-svg.h
pangocairo pango/pangocairo.h
yaml-0.1 yaml.h
libqpdf qpdf/qpdf-c.h
fontconfig fontconfig/fontconfig.h
librsvg-2.0 librsvg/rsvg.h
libdeflate libdeflate.h
lcms2 lcms2.h
libxml-2.0 libxml/parser.h
libmicrohttpd microhttpd.h
libpng png.h
cmocka cmocka.h
EOF
pkgs=$(env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s -C "$TOP" --eval='print-pkgs: ; @echo $(PKGS)' print-pkgs 2>/dev/null)
ok_if "the Makefile names its PKGS" test -n "$pkgs"
bad=""
for p in $pkgs; do
	h=$(awk -v p="$p" '$1 == p { print $2 }' "$WORK/headers")
	if [ -z "$h" ]; then bad="$bad $p(not in this test's table)"
	elif ! grep -rq --include="*.[ch]" "#include <$h>" gen; then bad="$bad $p(no gen/ file includes <$h>)"; fi
done
expect_eq "every package linked into railyard is one gen/ includes" "" "$bad"
bad=""
while read -r p h; do
	grep -rq --include="*.[ch]" "#include <$h>" gen || continue
	case " $pkgs " in *" $p "*) ;; *) bad="$bad $p";; esac
done <"$WORK/headers"
expect_eq "every package whose header gen/ includes is in PKGS" "" "$bad"
rail=$(grep -E -- ' -o build/release/railyard ' "$WORK/make.txt")
ok_if "the binary's link names no libpng" sh -c "! echo '$rail' | grep -q -- '-lpng'"

# ---- license and notices ----
ok_if "LICENSE: the MIT License" grep -q "^MIT License" LICENSE
missing=""
for font in $(sed -n 's/.*font: *\([A-Za-z][A-Za-z ]*[a-z]\).*/\1/p' templates/*.yaml | sort -u | tr ' ' '_'); do
	grep -q "$(echo "$font" | tr '_' ' ')" NOTICE || missing="$missing $font"
done
expect_eq "NOTICE names every font the templates use" "" "$missing"
ok_if "and its license" sh -c "grep -q 'SIL Open Font License' NOTICE && grep -q 'Bitstream Vera' NOTICE"

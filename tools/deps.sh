#!/bin/sh
# Make sure the Debian packages railyard needs are present:
#   tools/deps.sh [build]   to build and run railyard (the Makefile, before the first build)
#   tools/deps.sh test      also what `make test` runs (the Makefile's test target)
#   tools/deps.sh bench     also what `make bench` runs
#   tools/deps.sh ci        also .ci/run's extra passes (valgrind, clang for `make fuzz`)
# As root, install the missing ones with apt-get; otherwise print the exact
# apt-get line and fail. Each list is kept here and only here.
set -eu
# Compiler, libraries, and what railyard reads at run time: the word list, and the
# default templates' fonts (SIL Open Font License, embedded in the PDFs): Inter for
# numbers and names, JetBrains Mono for codes, League Spartan for titles, DejaVu Sans
# for the arrows and the card suits. Ghostscript (and Little CMS) for --colour cmyk:
# the PDF/X-1a conversion, the ink measurement and the default CMYK profile.
# libdeflate: the PNG encoder's checksums and its path for images of many colours.
# libmicrohttpd: railyard serve's HTTP server.
BUILD="build-essential pkg-config libcairo2-dev libpango1.0-dev libyaml-dev libqpdf-dev librsvg2-dev libdeflate-dev liblcms2-dev ghostscript libxml2-dev libmicrohttpd-dev \
fontconfig fonts-dejavu-core fonts-inter fonts-jetbrains-mono fonts-league-spartan wamerican"
# The tests: cmocka and libpng (unit; test_pngenc reads PNGs back), qpdf/poppler/rsvg
# (read back what was written), python3 and jq (JSON), file (PNG size), mandoc (man
# page lint), time (peak memory of the hostile cases). tests/ calls nothing else outside
# the essential packages (coreutils, diffutils, grep, sed, mawk, bsdutils' script).
# GNU parallel: tests/cli/shard.sh runs tune's shards under it, as the README shows;
# strace: tests/cli/pack-reads.sh counts the opens of each pack.
# Chromium, Node.js and npm: tests/cli/serve.sh drives railyard serve's page in
# headless Chromium through playwright-core (tests/browser/, installed by npm ci).
# A Node.js that brings its own npm (NodeSource's, which conflicts with
# Debian's npm package) is kept: npm is asked for only when no npm is there.
# gdb: tests/cli/pack-reads.sh counts how often a pack's model is built (breakpoints).
TEST="libcmocka-dev libpng-dev qpdf poppler-utils librsvg2-bin python3 jq file mandoc time parallel strace gdb chromium nodejs"
command -v npm >/dev/null 2>&1 || TEST="$TEST npm"
# bench/floor.c writes its PNGs with libpng.
BENCH="time libpng-dev"
# .ci/run's passes: valgrind, and clang with its libFuzzer/sanitizer runtimes (make fuzz).
CI="valgrind clang libclang-rt-14-dev"
case "${1:-build}" in
build) PKGS="$BUILD";;
test) PKGS="$BUILD $TEST";;
bench) PKGS="$BUILD $BENCH";;
ci) PKGS="$BUILD $TEST $BENCH $CI";;
*) echo "usage: tools/deps.sh [build | test | bench | ci]" >&2; exit 2;;
esac
# One dpkg-query for them all (every `make` runs this): the installed ones, by name.
# shellcheck disable=SC2086
installed=" $(dpkg-query -W -f='${Package} ${Status}\n' $PKGS 2>/dev/null |
	awk '$3 == "ok" && $4 == "installed" { printf "%s ", $1 }')"
missing=""
for p in $PKGS; do
	case "$installed" in *" $p "*) ;; *) missing="$missing $p";; esac
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" = 0 ]; then
	echo "railyard: installing missing packages:$missing" >&2
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq >&2
	# shellcheck disable=SC2086
	apt-get install -y -qq --no-install-recommends $missing >&2
else
	echo "railyard: missing Debian packages. Run:" >&2
	echo "  sudo apt-get install$missing" >&2
	exit 1
fi

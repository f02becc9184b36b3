#!/bin/sh
# Make sure the Debian packages railyard needs are present.
# As root, install the missing ones with apt-get; otherwise print the exact
# apt-get line and fail. Called by the Makefile before the first build.
set -eu
PKGS="build-essential pkg-config libcairo2-dev libpango1.0-dev libyaml-dev libcmocka-dev \
libqpdf-dev librsvg2-dev qpdf poppler-utils librsvg2-bin fonts-dejavu-core fontconfig wamerican time \
python3"
# The default templates' fonts (SIL Open Font License, embedded in the PDFs): Inter for
# numbers and names, JetBrains Mono for codes, League Spartan for titles; DejaVu Sans
# (above) for the arrows and the card suits.
PKGS="$PKGS fonts-inter fonts-jetbrains-mono fonts-league-spartan"
# .ci/run's passes: valgrind, and clang with its libFuzzer/sanitizer runtimes (make fuzz).
PKGS="$PKGS valgrind clang libclang-rt-14-dev"
missing=""
for p in $PKGS; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
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

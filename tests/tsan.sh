# The ThreadSanitizer pass (issue 32), run by .ci/run after `make TSAN=1`: a
# build with SVG images on four threads (the PNG workers share the image cache
# and paint its SVG recordings under their locks while this thread writes the
# svg/ files, whose drawings go through the sandbox), then a tune and a simulate
# on threads. Any report (a race, a lock-order inversion) fails the pass. About
# 40 s on the shared 2-core machine.
#   sh tests/tsan.sh [RAILYARD]   (default build/tsan/railyard)
set -u
cd "$(dirname "$0")/.."
R=${1:-build/tsan/railyard}
test -x "$R" || { echo "tsan: $R not found (make TSAN=1)" >&2; exit 2; }
export TSAN_OPTIONS="suppressions=$PWD/tests/tsan.supp:halt_on_error=1:exitcode=66:second_deadlock_stack=1"
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
fail=0
run() { # run WHAT COMMAND...: the command must exit 0 with no ThreadSanitizer report
	what=$1; shift
	"$@" >"$W/out" 2>"$W/err"
	rc=$?
	if [ $rc -eq 0 ] && ! grep -q ThreadSanitizer "$W/err"; then
		echo "ok - tsan: $what"
	else
		echo "not ok - tsan: $what (exit $rc)"
		head -60 "$W/err"
		fail=1
	fi
}
run "build signal-box (SVG images), --jobs 4" "$R" build -q --jobs 4 -o "$W/set" packs/examples/signal-box/pack.yaml
# The placemat's cells name SVG images through a field: loaded while drawing
# (the image cache's lock held through the child's first draw) on this thread,
# as the PNG threads look up and paint the faces' images.
P=$W/p
cp -r packs/examples/signal-box "$P"
sed 's#^    - text: "{space}"$#    - {image: "art/{space}.svg", box: [10mm, 30mm, 43.5mm, 20mm]}\n&#' \
	templates/trains-placemat.yaml >"$P/placemat.yaml"
echo "placemat: placemat.yaml" >>"$P/pack.yaml"
for s in A B C D E; do cp "$P/art/swap.svg" "$P/art/$s.svg"; done
run "build a placemat whose cells name SVG images, --jobs 4" "$R" build -q --jobs 4 -o "$W/set2" "$P/pack.yaml"
grep -q 'art/{space}.svg' "$P/placemat.yaml" || { echo "not ok - tsan: the placemat names no image"; fail=1; }
run "tune, --threads 4 (variants loaded between the rounds' threads)" "$R" tune packs/examples/tune/pattern-two.yaml \
	--vary wild=0..2 --players 3 --games 512 --threads 4 -q
run "simulate, --threads 4" "$R" simulate --games 400 --threads 4 --players 3 --seed 1 packs/pattern-one-census-six.yaml
exit $fail

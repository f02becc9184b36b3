# Ghostscript, the CMYK step's child, is bounded like the build (issue 32): it
# runs under the build's limits and dies with railyard (a --max-seconds stop or
# a kill -9 alike), so no gs is left behind still converting.
. tests/cli/lib.sh
command -v gs >/dev/null || { echo "ok - # skip: no Ghostscript"; exit 0; }
O=$WORK/o
"$RAILYARD" build packs/pattern-two-two-packs.yaml --colour cmyk -q -o "$O" >/dev/null 2>&1 &
build=$!
i=0
until pgrep -f -- "^gs .*pdfwrite.*$O/" >/dev/null || [ $i -ge 400 ]; do sleep 0.05; i=$((i + 1)); done
ok_if "the build runs Ghostscript" test -n "$(pgrep -f -- "^gs .*pdfwrite.*$O/")"
kill -9 "$build"
wait "$build" 2>/dev/null
i=0
while pgrep -f -- "$O/" >/dev/null && [ $i -lt 20 ]; do sleep 0.05; i=$((i + 1)); done
ok_if "a second after the build is killed, no Ghostscript of it is left" test -z "$(pgrep -f -- "$O/")"
pkill -9 -f -- "$O/" 2>/dev/null || true
rm -rf "$O"
expect_status "a CMYK build stopped by --max-seconds 2: exit 2" 2 \
	"$RAILYARD" build packs/pattern-one-census-six.yaml --colour cmyk --max-seconds 2 -q -o "$O"
i=0
while pgrep -f -- "$O/" >/dev/null && [ $i -lt 20 ]; do sleep 0.05; i=$((i + 1)); done
ok_if "... and a second later no Ghostscript of it is left" test -z "$(pgrep -f -- "$O/")"
ok_if "... and no staging folder (the lock stays)" test -z "$(ls -A "$O" | grep -v '\.lock$')"
pkill -9 -f -- "$O/" 2>/dev/null || true

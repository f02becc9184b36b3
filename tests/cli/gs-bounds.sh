# Ghostscript, the CMYK step's child, is bounded like the build (issue 32): it
# runs under the build's limits and dies with railyard (a --max-seconds stop or
# a kill -9 alike), so no gs is left behind still converting.
. tests/cli/lib.sh
command -v gs >/dev/null || { echo "ok - Ghostscript bounded like the build # SKIP no Ghostscript"; exit 0; }
O=$WORK/o
"$RAILYARD" build packs/pattern-two-two-packs.yaml --colour cmyk -q -o "$O" >/dev/null 2>&1 &
build=$!
i=0
until pgrep -f -- "^gs .*pdfwrite.*$O/" >/dev/null || [ $i -ge 400 ]; do sleep 0.05; i=$((i + 1)); done
ok_if "the build runs Ghostscript" test -n "$(pgrep -f -- "^gs .*pdfwrite.*$O/")"
# Ghostscript is frozen first: a gs left running would die anyway of SIGPIPE at
# its next "Page N" line to the dead build, so only a stopped one shows whether
# it dies with the build (PR_SET_PDEATHSIG's SIGKILL ends a stopped process).
# Frozen, it cannot end by itself, so the wait may be long on a slow machine.
gs_pid=$(pgrep -f -- "^gs .*pdfwrite.*$O/" | head -1)
pkill -STOP -f -- "^gs .*pdfwrite.*$O/"
# Its limits are its own, set before it started (sandbox_spawn): CPU seconds no
# more than the build's (3600 by default), 2048 MB of address space (PDFX_GS_MB).
cpu=$(awk '/^Max cpu time/ { print $4 }' "/proc/$gs_pid/limits" 2>/dev/null)
as=$(awk '/^Max address space/ { print $4 }' "/proc/$gs_pid/limits" 2>/dev/null)
ok_if "Ghostscript runs under a CPU limit ($cpu s)" sh -c "test '$cpu' -le 3600" 2>/dev/null
expect_eq "Ghostscript runs under 2048 MB of address space" 2147483648 "$as"
kill -9 "$build"
wait "$build" 2>/dev/null
i=0
while pgrep -f -- "$O/" >/dev/null && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
ok_if "the build killed while its Ghostscript is stopped: the gs dies too" test -z "$(pgrep -f -- "$O/")"
pkill -9 -f -- "$O/" 2>/dev/null || true
rm -rf "$O"
expect_status "a CMYK build stopped by --max-seconds 2: exit 2" 2 \
	"$RAILYARD" build packs/pattern-one-census-six.yaml --colour cmyk --max-seconds 2 -q -o "$O"
i=0
while pgrep -f -- "$O/" >/dev/null && [ $i -lt 20 ]; do sleep 0.05; i=$((i + 1)); done
ok_if "... and a second later no Ghostscript of it is left" test -z "$(pgrep -f -- "$O/")"
ok_if "... and no staging folder (the lock stays)" test -z "$(ls -A "$O" | grep -v '\.lock$')"
pkill -9 -f -- "$O/" 2>/dev/null || true

# An output folder with a % in its name: gs reads OutputFile's % as a page
# number's format unless it is written %%.
expect_status "a CMYK build into a folder named with %d" 0 \
	"$RAILYARD" build packs/pattern-one-census-six.yaml --colour cmyk -q --only faces -o "$WORK/p%d"
pdfinfo "$WORK/p%d/pattern-one-census-six/faces.pdf" >"$WORK/pct.info" 2>&1
expect_grep "... its faces.pdf is PDF/X-1a" '^PDF subtype: +PDF/X-1:2003' "$WORK/pct.info"

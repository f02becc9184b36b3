# --progress through every phase of a build with one ETA for the whole build
# (issue 31): a drivethru build shows its drawing, the black plate (qpdf),
# Ghostscript's CMYK conversion page by page, the page boxes (qpdf) and
# Ghostscript's ink check page by page, in that order, as steps 1/5..5/5; its share done
# never falls, and after the first 10% the time left it says never rises by
# more than half (or 1 s, its rounding) and ends the build within 50% of the
# build's real length (or 2 s) of when it said.
# The pack is the 84-card pack six times over (504 cards, 1,008 pages): long
# enough (about 8 s on a quiet 2-core machine) that each Ghostscript pass is
# reported several times a run; the plain pack took 1.5 s there, too short for
# a line before a pass's last page.
. tests/cli/lib.sh
sed '/^copies:/d' packs/pattern-two-census-seven.yaml >"$WORK/six.yaml"
echo 'copies: 6' >>"$WORK/six.yaml"
python3 - "$RAILYARD" "$WORK" >"$WORK/progress.out" 2>"$WORK/progress.err" <<'PY'
import re, subprocess, sys, time
railyard, work = sys.argv[1], sys.argv[2]
t0 = time.monotonic()
p = subprocess.Popen([railyard, 'build', work + '/six.yaml', '--preset', 'drivethru',
                      '--progress', '-o', work + '/o'], stderr=subprocess.PIPE, text=True)
lines = [(time.monotonic() - t0, l.rstrip('\n')) for l in p.stderr]
rc = p.wait()
end = lines[-1][0] if lines else 0
open(work + '/progress.log', 'w').write(''.join('%.2f %s\n' % l for l in lines))
def ok(what, cond):
    print(('ok - ' if cond else 'not ok - ') + what)
ok('the build exits 0', rc == 0)
phases = ['drivethru.pdf: [0-9]+/504 cards', 'drivethru.pdf: qpdf black plate',
          'drivethru.pdf: Ghostscript CMYK: [0-9]+/1008 pages',
          'drivethru.pdf: qpdf page boxes', 'drivethru.pdf: Ghostscript ink check: [0-9]+/1008 pages']
first = []
for k, ph in enumerate(phases):
    at = [i for i, (t, l) in enumerate(lines) if re.search('step %d/5 %s' % (k + 1, ph), l)]
    ok('phase %d/5 shown (%s)' % (k + 1, ph), bool(at))
    first.append(at[0] if at else -1)
ok('the phases in order', all(a < b for a, b in zip(first, first[1:])) and first[0] >= 0)
ok('no step past 5/5', not any(re.search('step ([6-9]|5/[0-46-9])', l) for t, l in lines))
ok('Ghostscript\'s conversion reports its pages as it goes (a line before its last page)',
   any(re.search('Ghostscript CMYK: ([0-9]{1,3})/1008', l) for t, l in lines))
shares = [(t, int(m.group(1)), m.group(2)) for t, l in lines
          for m in [re.search('the build ([0-9]+)%(?:, ([0-9]+) s left)?', l)] if m]
ok('every report says the build\'s share done', len(shares) >= 6)
ok('the share never falls, and ends at 100%', all(a[1] <= b[1] for a, b in zip(shares, shares[1:]))
   and shares and shares[-1][1] == 100)
etas = [(t, int(e)) for t, pc, e in shares if e is not None and pc >= 10]
ok('times left after the first 10%% (%d)' % len(etas), len(etas) >= 3)
rises = [(a[1], b[1]) for a, b in zip(etas, etas[1:]) if b[1] > a[1] * 1.5 and b[1] > a[1] + 1]
ok('the time left never rises by more than half after the first 10%% %s' % rises, not rises)
off = [(round(t, 1), e, round(end, 1)) for t, e in etas if abs(t + e - end) > max(2, 0.5 * end)]
ok('each time left ends the build within 50%% of its length (%.1f s) or 2 s %s' % (end, off), not off)
PY
cat "$WORK/progress.out"
if grep -q '^not ok' "$WORK/progress.out"; then sed 's/^/  /' "$WORK/progress.log" >&2; cat "$WORK/progress.err" >&2; fi

# --proof's Ghostscript rendering is a sixth step, its pages counted
expect_status "drivethru --proof --progress" 0 "$RAILYARD" build packs/take-the-train.yaml --preset drivethru \
	--proof --progress -o "$WORK/p"
expect_grep "... the proof a step of its own, 6/6, page by page" \
	"step 6/6 drivethru\.pdf: Ghostscript proof: 112/112 pages, .*; the build 100%" "$WORK/last.err"
ok_if "... and no step past 6/6" sh -c "! grep -Eq 'step ([7-9]|6/[0-57-9])' '$WORK/last.err'"

# Every error a template reports fails the build (exit 2) and publishes
# nothing, as an error in a pack does: a bidi control, a C0 control, a run of
# combining marks, a duplicate key (issue 32: they printed "error:" and the
# build exited 0 with the set published), and the same characters written as
# Pango character references (they passed every text rule).
. tests/cli/lib.sh
P=$WORK/p
mkdir -p "$P"
cp packs/pattern-one-census-six.yaml "$P/pack.yaml"
echo 'back: back.yaml' >>"$P/pack.yaml"
cp templates/trains-back.yaml "$P/back.yaml"
# case NAME PATTERN: back.yaml written by python3 from templates/trains-back.yaml
# with one change (argv[1]); the build must exit 2, name back.yaml and leave
# the previous set untouched.
expect_status "the pack builds with the shipped back" 0 "$RAILYARD" build "$P/pack.yaml" -o "$WORK/out" -q --only faces
before=$(cd "$WORK/out" && find . -type f -exec md5sum {} + | sort | md5sum)
for c in bidi control combining duplicate ref-bidi ref-marks ref-control; do
	python3 - "$c" templates/trains-back.yaml "$P/back.yaml" <<'PY'
import sys
kind, src, dst = sys.argv[1:]
s = open(src, encoding="utf-8").read()
if kind == "bidi":
    s = s.replace('"{title}"', '"{title}\u202e"', 1)
elif kind == "control":
    s = s.replace('"{title}"', '"{title}\\x07"', 1)
elif kind == "combining":
    s = s.replace('"{title}"', '"T' + "\u0301" * 3000 + '{title}"', 1)
elif kind == "ref-bidi":     # Pango character references: the same rules
    s = s.replace('"{title}"', '"{title}&#x202E;"', 1)
elif kind == "ref-marks":
    s = s.replace('"{title}"', '"T' + "&#769;" * 40 + '{title}"', 1)
elif kind == "ref-control":
    s = s.replace('"{title}"', '"{title}&#7;"', 1)
else:
    s = s.replace('size: 12pt,', 'size: 12pt, size: 13pt,', 1)
open(dst, "w", encoding="utf-8").write(s)
PY
	expect_status "$c: the build fails" 2 "$RAILYARD" build "$P/pack.yaml" -o "$WORK/out" -q --only faces
	expect_grep "$c: the error names back.yaml at its line" 'back\.yaml:[0-9]+:[0-9]+: error:' "$WORK/last.err"
	after=$(cd "$WORK/out" && find . -type f -exec md5sum {} + | sort | md5sum)
	expect_eq "$c: the previous set is untouched" "$before" "$after"
done

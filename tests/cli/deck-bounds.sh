# A deck's products are bounded before they expand (issue 32): field values
# counted against one limit for the whole pack as they are read, a product's
# faces bounded field by field, the faces of all groups together bounded before
# any is made, and a long value list checked for repeats in n log n. Each pack
# is refused (exit 2, at the line) within seconds and a few hundred MB.
. tests/cli/lib.sh
# bounded WHAT PATTERN PACK: `list PACK` exits 2 within 10 s under 600 MB (the
# sanitizer build included; the release build needs about 35 MB), PATTERN on stderr.
bounded() {
	/usr/bin/time -f '%M %e' -o "$WORK/time" timeout 10 "$RAILYARD" list "$3" >/dev/null 2>"$WORK/last.err"
	got=$?
	set -- "$1" "$2" "$3" $(tail -1 "$WORK/time")
	if [ "$got" = 2 ] && [ "$4" -lt 614400 ]; then echo "ok - $1 ($4 KB, $5 s)"
	else echo "not ok - $1"; echo "  exit $got (expected 2), $4 KB, $5 s" >&2; fi
	expect_grep "$1: located" "$2" "$WORK/last.err"
}
python3 - "$WORK" <<'PY'
import sys
w = sys.argv[1]
head = ["pack: bomb", "title: Bomb", "game: take-the-train", "cards:"]
def put(name, lines):
    open(f"{w}/{name}.yaml", "w").write("\n".join(head + lines) + "\n")
# 3,000 fields of 100,000 values each: 3 * 10^8 strings unbounded
put("ranges", [f"  - {{name: g{i}, product: {{n: {{from: 1, to: 100000}}}}}}" for i in range(3000)])
# 160 groups of 300 x 300 faces: 96,000 values, 14,400,000 faces
put("faces", [f"  - {{name: g{i}, product: {{a: {{from: 1, to: 300}}, b: {{from: 1, to: 300}}}}}}"
              for i in range(160)])
# one product of three fields, 100 x 100 x 100 faces: values few, faces many
put("product", ["  - {name: g, product: {a: {from: 1, to: 100}, b: {from: 1, to: 100}, c: {from: 1, to: 100}}}"])
# a list of 90,000 values with one repeat at the end: pairwise checks are 4 * 10^9
put("repeat", ["  - name: g", "    product:", "      n: [" + ", ".join(str(i) for i in range(90000)) + ", 5]"])
PY
bounded "3,000 ranges of 100,000 values" 'ranges\.yaml:6:[0-9]+: error: the pack.s fields have more than 100000 values in all' "$WORK/ranges.yaml"
bounded "160 groups of 90,000 faces each" 'faces\.yaml:6:5: error: with this group the pack has more than 100000 faces' "$WORK/faces.yaml"
bounded "a product of a million faces" 'product\.yaml:5:[0-9]+: error: this product makes more than 100000 faces' "$WORK/product.yaml"
bounded "a repeat in a 90,001-value list" "repeat\.yaml:7:[0-9]+: error: field 'n' lists '5' twice" "$WORK/repeat.yaml"

# A deck pack loads in time linear in its size (issue 32): a data row's key
# was looked for in every item (100,000 rows against 100,000 cards: 24 s of
# CPU, 92 s on a busy machine), a group's name in every group (16,000 groups:
# 0.67 s), each group's total in every item. Each is 0.1 s now; these packs
# must load within 10 s even under the sanitizer (a guard against the
# quadratic steps, not a measure of speed: bench/ measures that).
. tests/cli/lib.sh
python3 - "$WORK" <<'PY'
import sys
w = sys.argv[1]
T = "templates/take-the-train-card.yaml"
colours = ", ".join(f"c{i}" for i in range(100))
open(f"{w}/rows.yaml", "w").write("\n".join([
    "pack: rows", "title: Rows", "game: take-the-train", "cards:",
    f"  - {{name: n, product: {{colour: [{colours}], number: {{from: 1, to: 999}}}}, face: {T}}}",
    "  - {name: x, label: Extra, optional: true, product: {colour: [light blue, red], k: {from: 1, to: 50}}, face: " + T + "}",
    "without: [x]", "data: rows.csv"]) + "\n")
with open(f"{w}/rows.csv", "w") as f:
    f.write("name,flavour\n")
    for i in range(100):
        for j in range(1, 1000):
            f.write(f"c{i} {j},row {i} {j}\n")
    f.write("light blue 7 Extra,a card left out\n")
groups = [f"  - {{name: g{i}, count: 1, optional: true, face: {T}}}" for i in range(16000)]
open(f"{w}/groups.yaml", "w").write("\n".join(
    ["pack: groups", "title: Groups", "game: take-the-train", "cards:"] + groups +
    ["without: [" + ", ".join(f"g{i}" for i in range(0, 16000, 2)) + "]"]) + "\n")
PY
expect_status "99,901 data rows against 99,900 cards load within 10 s" 0 timeout 10 "$RAILYARD" list "$WORK/rows.yaml"
expect_grep "... every card listed" "^  n +99900 +colour \(100\) x number \(999\)" "$WORK/last.out"
expect_status "16,000 groups, 8,000 of them left out, load within 10 s" 0 timeout 10 "$RAILYARD" list "$WORK/groups.yaml"
expect_grep "... the others listed" "^cards: 8000$" "$WORK/last.out"
# what the lookups decide is unchanged
printf 'light blue 51 Extra,no such card\n' >>"$WORK/rows.csv"
expect_status "a row naming no card, not even one left out, is bad input (check; list only warns, to let the names be looked up)" 2 "$RAILYARD" check "$WORK/rows.yaml"
expect_grep "... at its row" "rows\.csv:99903:[0-9]+: error: this row is for name 'light blue 51 Extra', but no card has it" "$WORK/last.err"
sed -i 's/^  - {name: g9, /  - {name: g3, /' "$WORK/groups.yaml"
expect_status "a group named twice is bad input" 2 "$RAILYARD" list "$WORK/groups.yaml"
expect_grep "... at the second, with the first's line" "groups\.yaml:14:5: error: a group named 'g3' is already defined at line 8" "$WORK/last.err"

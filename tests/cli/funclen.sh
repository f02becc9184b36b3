# No function of gen/ is over 80 lines (the team's limit; issue 19 item 5): a
# command parses its options into a struct, then load, act and print in short
# functions, and every other module works in named steps too. A function is
# counted from the line that names it to its closing brace (gen/ puts both
# braces of a function body in column 0).
# The allowlist below holds the functions still over the limit, each with the
# branch that owns its file; remove an entry when its function is split (the
# script fails on an entry that is no longer needed, so the list only shrinks).
. tests/cli/lib.sh
MAX=80

# Every module of gen/: the commands and everything they stand on.
modules() {
	for f in $(find gen -name "*.c"); do
		[ -e "$f" ] && echo "$f"
	done | sort -u
}

# FILE FUNCTION LINES for every function of the files named on stdin.
lengths() {
	while read -r f; do
		awk -v f="$f" '
		/^[A-Za-z_].*\(/ && !/;[ \t]*$/ && !/^(if|for|while|switch|return)\b/ {
			s = $0; sub(/\(.*/, "", s); n = split(s, w, /[ \t*]+/); name = w[n]; sig = FNR
		}
		/^\{/ { open = sig }
		/^\}/ && open { print f, name, FNR - open + 1; open = 0 }' "$f"
	done
}

# Over the limit today, FILE FUNCTION a line; owner: the branch that will split
# it. Empty since session 5 split the last three (draw.c draw_text_elem,
# output.c incremental_boxes, template.c load_elem_key).
allowed() {
	:
}

modules | lengths >"$WORK/lengths"
ok_if "the functions of $(modules | wc -l) modules were measured ($(wc -l <"$WORK/lengths") functions)" \
	test "$(wc -l <"$WORK/lengths")" -gt 1000
awk -v max=$MAX '$3 > max' "$WORK/lengths" | sort -k3,3nr >"$WORK/long"
allowed >"$WORK/allowed"
# (FILENAME, not NR == FNR: the first file may be empty)
awk 'FILENAME == ARGV[1] { ok[$1 " " $2] = 1; next } !ok[$1 " " $2]' "$WORK/allowed" "$WORK/long" >"$WORK/over"
ok_if "no function of gen/ over $MAX lines outside the allowlist" test ! -s "$WORK/over"
sed "s/^\(.*\) \(.*\) \(.*\)$/  \1: \2 is \3 lines (at most $MAX)/" "$WORK/over" >&2
awk 'FILENAME == ARGV[1] { long[$1 " " $2] = 1; next }
	!long[$1 " " $2] { print "  " $1 ": " $2 " is within the limit now: remove it from the allowlist (" $3 ")" }' \
	"$WORK/long" "$WORK/allowed" >"$WORK/stale"
ok_if "every allowlist entry is still over the limit" test ! -s "$WORK/stale"
cat "$WORK/stale" >&2

# The measure itself: a function of 81 lines is found, one of 80 is not.
{
	echo 'static int short_one(void)'; echo '{'; i=0; while [ $i -lt 77 ]; do echo '	x();'; i=$((i + 1)); done; echo '}'
	echo 'int long_one(int a,'; echo '	     int b)'; echo '{'; i=0; while [ $i -lt 77 ]; do echo '	x();'; i=$((i + 1)); done; echo '}'
} >"$WORK/probe.c"
expect_eq "the measure counts from the name to the closing brace" "$WORK/probe.c short_one 80
$WORK/probe.c long_one 81" "$(echo "$WORK/probe.c" | lengths)"

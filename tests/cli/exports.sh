# Every function and datum a module of gen/ exports is used by another object:
# another module, main, a unit test, or a fuzz target (issue 33: "dead exports
# deleted, file-local functions static"). One only its own file uses is static;
# one nobody uses is deleted. Read from the built objects with nm: a symbol
# defined (T, D, B, R) in one object and undefined (U) in no other.
# Seen failing on a planted export (tune_space_pick without its static).
. tests/cli/lib.sh
OBJ=${UNIT_DIR:-build/release/tests}/../gen
UNITS=${UNIT_DIR:-build/release/tests}

# Only the objects of sources that exist (a build folder may keep a moved module's).
find "$OBJ" -name '*.o' | sort | while read -r o; do
	src=gen/${o#"$OBJ"/}
	[ -e "${src%.o}.c" ] && echo "$o"
done >"$WORK/lib"
ok_if "the modules' objects are built ($(wc -l <"$WORK/lib") in $OBJ)" test -s "$WORK/lib"
for o in "$UNITS"/*.o; do
	[ -e "tests/unit/$(basename "$o" .o).c" ] && echo "$o"
done >"$WORK/units"
ok_if "the unit tests' objects are built ($(wc -l <"$WORK/units") in $UNITS)" test -s "$WORK/units"

# "SYMBOL OBJECT" for every global a module defines, and every one an object uses
# (not the compiler's own, "__": the sanitizer build's __odr_asan.NAME beside each
# exported datum).
while read -r o; do
	nm -g --defined-only "$o" | awk -v f="$o" 'NF == 3 && $2 ~ /^[TDBR]$/ && $3 !~ /^__/ { print $3, f }'
done <"$WORK/lib" | sort >"$WORK/defs"
cat "$WORK/lib" "$WORK/units" | while read -r o; do
	nm -u "$o" | awk -v f="$o" '{ print $NF, f }'
done | sort >"$WORK/uses"
ok_if "the exports were read ($(wc -l <"$WORK/defs"))" test -s "$WORK/defs"

# The fuzz targets build only with clang (make fuzz): the names their sources call.
cat fuzz/*.c 2>/dev/null | grep -o '[A-Za-z_][A-Za-z_0-9]*' | sort -u >"$WORK/fuzz"

# Used elsewhere: a use in an object other than the one defining it.
join "$WORK/defs" "$WORK/uses" | awk '$2 != $3 { print $1 }' | sort -u >"$WORK/used"
awk '{ print $1 }' "$WORK/defs" | sort -u | comm -23 - "$WORK/used" | comm -23 - "$WORK/fuzz" |
	grep -vx main >"$WORK/unused"
# Name each with its object: static when its own file calls it, else delete it.
while read -r s; do
	def=$(awk -v s="$s" '$1 == s { print $2; exit }' "$WORK/defs")
	echo "  $s (${def#"$OBJ"/}): no other object uses it: static, or deleted if its own file does not call it"
done <"$WORK/unused" >"$WORK/why"
ok_if "every export of gen/ is used by another object ($(wc -l <"$WORK/unused") not)" test ! -s "$WORK/unused"
cat "$WORK/why" >&2

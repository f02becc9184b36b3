# The modules of gen/ form no cycle: neither through their #include "x.h" lines
# (x.c and x.h are module x) nor through the functions and data one module's
# object uses from another's (nm). A cycle is printed with the modules in it.
. tests/cli/lib.sh
OBJ=${UNIT_DIR:-build/release/tests}/../gen

# cycle_of EDGES: the nodes left on cycles (or on paths into one) of the graph
# "a b" per line, after repeatedly removing nodes that lead nowhere; empty when
# there is no cycle.
cycle_of() {
	awk '
	{ if ($1 != $2 && !seen[$1 " " $2]++) { out[$1]++; from[++n] = $1; to[n] = $2 }; node[$1]; node[$2] }
	END {
		do {
			changed = 0
			for (v in node) if (!out[v] && !gone[v]) {
				gone[v] = 1; changed = 1
				for (i = 1; i <= n; i++) if (to[i] == v && !dead[i]) { dead[i] = 1; out[from[i]]-- }
			}
		} while (changed)
		for (i = 1; i <= n; i++) if (!dead[i]) print from[i] " -> " to[i]
	}' "$1"
}

for f in gen/*.c gen/*.h; do
	m=$(basename "$f"); m=${m%.*}
	sed -n 's/^#include "\(.*\)\.h".*/\1/p' "$f" | while read -r h; do echo "$m $h"; done
done >"$WORK/includes"
ok_if "the includes were read ($(wc -l <"$WORK/includes") lines)" test -s "$WORK/includes"
cycle_of "$WORK/includes" >"$WORK/include-cycle"
ok_if "no include cycle among gen/*.[ch] modules" test ! -s "$WORK/include-cycle"
sed 's/^/  /' "$WORK/include-cycle" >&2

# The shared engine layer knows no game: gsim (what every engine shares) and rng
# (the random stream and the table's size) include no game's module.
GAMES='^(trains|domino|take|toytrain|train52)_'
awk -v g="$GAMES" '($1 == "gsim" || $1 == "rng") && $2 ~ g' "$WORK/includes" >"$WORK/shared-games"
ok_if "gsim and rng include no game's module" test ! -s "$WORK/shared-games"
sed 's/^/  /' "$WORK/shared-games" >&2

if ls "$OBJ"/*.o >/dev/null 2>&1 && command -v nm >/dev/null; then
	for o in "$OBJ"/*.o; do
		m=$(basename "$o" .o)
		nm "$o" | awk -v m="$m" '$2 ~ /^[TDBR]$/ { print "D", $3, m } $1 == "U" { print "U", $2, m }'
	done | awk '$1 == "D" { def[$2] = $3; next } { use[++n] = $3 " " $2 }
		END { for (i = 1; i <= n; i++) { split(use[i], p, " "); if (p[2] in def) print p[1], def[p[2]] } }' \
		>"$WORK/uses"
	ok_if "the object files were read ($(wc -l <"$WORK/uses") uses between modules)" test -s "$WORK/uses"
	cycle_of "$WORK/uses" >"$WORK/use-cycle"
	ok_if "no module calls back into a module that calls it (nm over $OBJ)" test ! -s "$WORK/use-cycle"
	sed 's/^/  /' "$WORK/use-cycle" >&2
	# An engine (GAME_sim) plays by its game's rules module; it calls no command
	# (GAME_check, GAME_list, GAME_build, games_check, simulate, tune).
	awk '$1 ~ /_sim$/ && $2 ~ /(_check|_checkpos|_list|_build)$|^(simulate|tune)$/' "$WORK/uses" | sort -u \
		>"$WORK/engine-commands"
	ok_if "no engine calls into a command (nm)" test ! -s "$WORK/engine-commands"
	sed 's/^/  /' "$WORK/engine-commands" >&2
elif [ -n "${UNIT_DIR:-}" ]; then
	# make test names the build: its objects must be there, or nothing is checked
	echo "not ok - object files in $OBJ for the call graph"
else
	echo "ok - the call graph # SKIP: no object files in $OBJ"
fi

# The checker itself finds a cycle.
printf 'a b\nb c\nc a\nc d\n' >"$WORK/ring"
expect_eq "the checker finds a three-module ring" "a -> b
b -> c
c -> a" "$(cycle_of "$WORK/ring")"

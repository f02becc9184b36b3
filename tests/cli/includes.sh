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

# gen/ is a folder per layer and per game; a module's name is its file's name,
# unique across the folders (every folder is on the include path).
find gen -name '*.[ch]' | sort >"$WORK/files"
# (a name in two folders, two .c files or a .c and a .h apart, is two modules)
dups=$(sed 's|^\(.*\)/\([^/]*\)\.[ch]$|\1 \2|' "$WORK/files" | sort -u |
	awk '{ n[$2]++ } END { for (m in n) if (n[m] > 1) print m }' | sort | tr '\n' ' ')
expect_eq "every module's name is unique across gen/'s folders" "" "$dups"
# folder MODULE: the folder of every module (gen/games/take/take_rules.c: games/take take_rules)
sed 's|^gen/||; s|\.[ch]$||; s|/\([^/]*\)$| \1|' "$WORK/files" | sort -u >"$WORK/folders"
while read -r f; do
	m=$(basename "$f"); m=${m%.*}
	sed -n 's/^#include "\(.*\)\.h".*/\1/p' "$f" | while read -r h; do echo "$m $h"; done
done <"$WORK/files" >"$WORK/includes"
ok_if "the includes were read ($(wc -l <"$WORK/includes") lines)" test -s "$WORK/includes"
cycle_of "$WORK/includes" >"$WORK/include-cycle"
ok_if "no include cycle among gen/'s modules" test ! -s "$WORK/include-cycle"
sed 's/^/  /' "$WORK/include-cycle" >&2

# folder_edges EDGES: "FROM-FOLDER TO-FOLDER FROM TO" for each edge between modules.
folder_edges() {
	awk 'NR == FNR { dir[$2] = $1; next } ($1 in dir) && ($2 in dir) { print dir[$1], dir[$2], $1, $2 }' \
		"$WORK/folders" "$1"
}
folder_edges "$WORK/includes" >"$WORK/folder-includes"
# A game is a folder of its own (gen/games/GAME/): it includes no other game's
# module; only the table of games (gen/games/games.c) and the commands above it
# know them all.
awk '$1 ~ /^games\/./ && $2 ~ /^games\/./ && $1 != $2' "$WORK/folder-includes" >"$WORK/game-game"
ok_if "no game includes another game's module" test ! -s "$WORK/game-game"
sed 's/^/  /' "$WORK/game-game" >&2
# The layers, bottom up: core (allocation, diagnostics, YAML, CSV, JSON,
# options), render (templates onto paper and files), play (every game's
# engine through game.h, simulate, tune), kit (the deck games' shared
# component model and commands), each game (gen/games/GAME/), the table of games
# (gen/games/), cmd (main, new, serve, completion). A module includes only
# its own layer's headers and those below.
LAYER_RANK='function rank(d) {
	if (d == "core") return 0; if (d == "render") return 1; if (d == "play") return 2
	if (d == "kit") return 3; if (d ~ /^games\//) return 4; if (d == "games") return 5
	if (d == "cmd") return 6; return 9
}'
awk "$LAYER_RANK"' rank($2) > rank($1)' "$WORK/folder-includes" >"$WORK/up"
ok_if "no module includes a header of a layer above its own" test ! -s "$WORK/up"
sed 's/^/  /' "$WORK/up" >&2
ok_if "every folder of gen/ is a layer or a game" \
	test -z "$(cut -d' ' -f1 "$WORK/folders" | sort -u | grep -vxE 'core|render|play|kit|games|games/[a-z0-9]+|cmd')"

# The shared engine layer knows no game: gsim (what every engine shares) and rng
# (the random stream and the table's size) include no game's module.
GAMES='^(trains|domino|take|toy|train52|deck)_'
awk -v g="$GAMES" '($1 == "gsim" || $1 == "rng") && $2 ~ g' "$WORK/includes" >"$WORK/shared-games"
ok_if "gsim and rng include no game's module" test ! -s "$WORK/shared-games"
sed 's/^/  /' "$WORK/shared-games" >&2

# The object of each source file now in gen/ (an object left by an older
# layout of the build folder is not a module any more).
grep '\.c$' "$WORK/files" | sed "s|^gen/|$OBJ/|; s|\.c\$|.o|" | while read -r o; do
	[ -e "$o" ] && echo "$o"
done >"$WORK/objects"
if [ -s "$WORK/objects" ] && command -v nm >/dev/null; then
	for o in $(cat "$WORK/objects"); do
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
	# ... nor does any module call a module of a layer above its own.
	folder_edges "$WORK/uses" | awk "$LAYER_RANK"' rank($2) > rank($1)' | sort -u >"$WORK/calls-up"
	ok_if "no module calls a module of a layer above its own (nm)" test ! -s "$WORK/calls-up"
	sed 's/^/  /' "$WORK/calls-up" >&2
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

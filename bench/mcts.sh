# bench/mcts.sh: the search player (--policy mcts:N) on every game whose
# engine has steps, one thread: whole random games a second through the steps
# (Ludii's "playouts per second", 627 for Snakes and Ladders on its portal),
# mcts iterations and mcts:256 moves a second (bench/mcts_bench.c).
# BENCH_SECONDS: seconds each measure runs (default 2).
set -u
B=out/bench/mcts
mkdir -p "$B"
# the libraries the Makefile links railyard with
LIBS=$(pkg-config --libs $(sed -n 's/^PKGS *:= *//p' Makefile))
if cc -std=c11 -O2 -D_POSIX_C_SOURCE=200809L $(find gen -type d | sed "s/^/-I/") bench/mcts_bench.c build/release/librailyard.a \
	$LIBS -lm -lpthread -o "$B/mcts_bench" 2>"$B/cc.err"; then
	"$B/mcts_bench" "${BENCH_SECONDS:-2}"
else
	echo "mcts_bench: could not build (see $B/cc.err)"
fi

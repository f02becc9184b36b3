# `railyard simulate --skill`: the skill trace of pattern two (2 players,
# random -> greedy -> mcts:64 -> mcts:256, 2,000 games a step, and the span
# mcts:256 against random) on 2 threads; issue 29 asks for it under 2
# minutes on 2 cores. Wall seconds are what the issue measures; the CPU
# seconds show how much of the 2 cores the shared machine gave. Until the
# core game plays through steps (with mcts) it prints the reason instead.
# BENCH_SKILL_GAMES overrides the games a step (default 2000).
# Rows: PACK LEVELS GAMES/STEP WALL-S CPU-S SKILL [LO, HI], then a row a step.
set -u
G=${BENCH_SKILL_GAMES:-2000}
R=${RAILYARD:-./railyard}
B=out/bench/skill
mkdir -p "$B"
P=packs/pattern-two-census-seven.yaml
L=random,greedy,mcts:64,mcts:256
printf '%-28s %-30s %6s %8s %8s  %s\n' pack levels games wall_s cpu_s "skill [95%]"
if ! /usr/bin/time -f '%U %S %e' -o "$B/time" "$R" simulate -q "$P" --players 2 --skill --skill-levels $L \
	--games "$G" --threads 2 --json >"$B/trace.json" 2>"$B/err"; then
	printf '%-28s %-30s %6s  not played: %s\n' pattern-two-census-seven "$L" "$G" "$(head -n 1 "$B/err")"
	exit 0
fi
set -- $(cat "$B/time")
python3 - "$B/trace.json" "$L" "$G" "$3" "$1" "$2" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
levels, games, wall, cpu = sys.argv[2], sys.argv[3], float(sys.argv[4]), float(sys.argv[5]) + float(sys.argv[6])
print("%-28s %-30s %6s %8.1f %8.1f  %.3f [%.3f, %.3f]%s" % (d["pack"], levels, games, wall, cpu, d["skill"],
      d["skill_ci"][0], d["skill_ci"][1], "" if wall < 120 else "  (over the issue's 2 minutes)"))
for s in d["steps"] + [d["span"]]:
    print("  %-26s share %.4f [%.4f, %.4f]  %7.1f s" % (s["stronger"] + " vs " + s["weaker"], s["share"],
          s["share_ci"][0], s["share_ci"][1], s["seconds"]))
PY

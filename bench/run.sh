#!/bin/sh
# `make bench`: runs every bench/*.sh (each prints its own rows) from the top of the tree.
# A bench script measures, it never fails the build; numbers go to stdout.
set -u
cd "$(dirname "$0")/.." || exit 2
export LC_ALL=C.UTF-8 RAILYARD="${RAILYARD:-$PWD/railyard}"
mkdir -p out/bench
for b in bench/*.sh; do
	case "$b" in bench/run.sh) continue;; esac
	[ -f "$b" ] || continue
	echo "== $(basename "$b" .sh)"
	# Each script's rows are also kept for bench/summary.sh (which runs last).
	nice sh "$b" | tee "out/bench/$(basename "$b" .sh).txt"
done

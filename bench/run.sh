#!/bin/sh
# run.sh — every benchmark: the compiled ones (build/bench/bench_*) and the scripts
# (bench/*.sh).  Each prints its own ratios against a baseline run side by side.
cd "$(dirname "$0")/.." || exit 2
for b in build/bench/bench_*; do
    [ -x "$b" ] || continue
    echo "== $b"
    "$b"
done
for s in bench/*.sh; do
    [ "$s" = bench/run.sh ] && continue
    echo "== $s"
    sh "$s"
done

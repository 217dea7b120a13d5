#!/bin/sh
# memory.sh — memory per byte of input, for one expression that spans the whole input:
#   (a) a 1 MB `1+1+…` (500,001 terms, one n-ary call) and (b) a 1 MB `1-1-…` (a
#   left-deep chain of 500,000 calls), on stdin, against `bc -l`;
#   (c) a 1 MB vector literal of 100,000 floats, one per line, summed, against python3.
# bench/race.c runs them side by side (outputs checked to agree) and reports each one's
# peak resident memory, and jcalc's per input byte (the whole process's peak, start-up
# included, divided by the input's size).  Project target (issue 13): <= 10 bytes per
# input byte.
cd "$(dirname "$0")/.." || exit 2
JCALC=${JCALC:-./build/jcalc}
RACE=${RACE:-./build/bench/race}
RUNS=${RUNS:-3}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
have() { command -v "$1" >/dev/null 2>&1; }

awk 'BEGIN { printf "1"; for (i = 0; i < 500000; i++) printf "+1"; printf "\n" }' >"$tmp/plus"
awk 'BEGIN { printf "1"; for (i = 0; i < 500000; i++) printf "-1"; printf "\n" }' >"$tmp/minus"
awk 'BEGIN {
    srand(12345)
    printf "v = ["
    for (i = 0; i < 100000; i++) printf "%s%.4f", (i ? ",\n" : ""), rand() * 1000
    printf "];\n"
}' >"$tmp/vec"
{ cat "$tmp/vec"; echo 'sum(v)'; } >"$tmp/vec.jl"
{ cat "$tmp/vec"; echo 'print(sum(v))'; } >"$tmp/vec.py"
size() { wc -c <"$1" | tr -d ' '; }

status=0
if have bc; then
    "$RACE" -n "$RUNS" -m "$(size "$tmp/plus")" "1 MB 1+1+… on stdin" jcalc '<' "$tmp/plus" "$JCALC" \
        :: "bc -l" '<' "$tmp/plus" bc -l || status=1
    "$RACE" -n "$RUNS" -m "$(size "$tmp/minus")" "1 MB 1-1-… on stdin" jcalc '<' "$tmp/minus" "$JCALC" \
        :: "bc -l" '<' "$tmp/minus" bc -l || status=1
else
    echo "bc not installed: skipped (make deps installs it)"
fi
if have python3; then
    "$RACE" -n "$RUNS" -t 1e-12 -m "$(size "$tmp/vec.jl")" "1 MB vector literal, summed" jcalc "$JCALC" "$tmp/vec.jl" \
        :: python3 python3 "$tmp/vec.py" || status=1
fi
exit $status

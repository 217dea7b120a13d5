#!/bin/sh
# bigint.sh — big-integer work in jcalc against PARI/GP (gp), side by side in one run
# (bench/race.c: direct exec, interleaved runs, outputs checked to agree):
#   (a) the number of decimal digits of 100000! (computed, then converted to text);
#   (b) 3^1000000 printed in full.
# Project target: jcalc <= 1.1 x gp.
cd "$(dirname "$0")/.." || exit 2
JCALC=${JCALC:-./build/jcalc}
RACE=${RACE:-./build/bench/race}
RUNS=${RUNS:-5}
command -v gp >/dev/null 2>&1 || { echo "gp (pari-gp) not installed: skipped (make deps installs it)"; exit 0; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
echo 'print(#Str(100000!))' >"$tmp/fac.gp"
echo 'print(3^1000000)' >"$tmp/pow.gp"
status=0
"$RACE" -n "$RUNS" "digits of factorial(100000)" jcalc "$JCALC" -e 'length(string(factorial(big(100000))))' \
    :: gp '<' "$tmp/fac.gp" gp -q -s 64000000 || status=1
"$RACE" -n "$RUNS" "3^1000000 printed" jcalc "$JCALC" -e 'big(3)^1000000' \
    :: gp '<' "$tmp/pow.gp" gp -q -s 64000000 || status=1
exit $status

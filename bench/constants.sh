#!/bin/sh
# constants.sh — the classical constants to 100,000 digits printed, jcalc against PARI/GP
# (bench/race.c: direct exec, interleaved runs, the first 100,000 characters of both
# outputs checked to agree): ℯ as exp(big(1)), log(big(2)), sqrt(big(2)) and Apéry's
# constant zeta(big(3)), each at setprecision(332200) (100,004 digits) against gp at
# realprecision 100000.  π, the model, is bench/eval.sh's row.
# Project target (issue 13): each <= 1.0 x gp.
# gp's zeta(3) at this size takes seconds, so that row runs fewer rounds (ZRUNS).
cd "$(dirname "$0")/.." || exit 2
JCALC=${JCALC:-./build/jcalc}
RACE=${RACE:-./build/bench/race}
RUNS=${RUNS:-7}
ZRUNS=${ZRUNS:-3}
command -v gp >/dev/null 2>&1 || { echo "gp (pari-gp) not installed: skipped (make deps installs it)"; exit 0; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
status=0

# row RUNS LABEL JCALC-EXPR GP-EXPR
row() {
    printf 'default(realprecision, 100000);\nprint(%s);\nquit\n' "$4" >"$tmp/c.gp"
    "$RACE" -n "$1" -p 100000 "$2" jcalc "$JCALC" -e "setprecision(332200); $3" \
        :: gp gp -q -s 64000000 "$tmp/c.gp" || status=1
}
row "$RUNS" "ℯ to 100,000 digits printed" 'exp(big(1))' 'exp(1)'
row "$RUNS" "log(2) to 100,000 digits printed" 'log(big(2))' 'log(2)'
row "$RUNS" "√2 to 100,000 digits printed" 'sqrt(big(2))' 'sqrt(2)'
row "$ZRUNS" "ζ(3) to 100,000 digits printed" 'zeta(big(3))' 'zeta(3)'
exit $status

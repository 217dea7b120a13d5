#!/bin/sh
# eval.sh — the evaluator and the constants, side by side with the peers (bench/race.c:
# direct exec, interleaved runs, outputs checked to agree, min and median ratios):
#   a for loop summing 1:10^7 at top level and inside a function, against Lua 5.4 and
#   python3, and the global loop against the local one; fib(25) by plain recursion;
#   π to 100,000 digits printed, against PARI/GP.
# Project targets (issue 13): loop <= 4 x Lua, fib <= 3 x Lua, global <= 1.5 x local,
# π <= 1.0 x gp.
cd "$(dirname "$0")/.." || exit 2
JCALC=${JCALC:-./build/jcalc}
RACE=${RACE:-./build/bench/race}
RUNS=${RUNS:-7}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
have() { command -v "$1" >/dev/null 2>&1; }

LOOP='s = 0; for i = 1:10^7 s += i end; s'
FLOOP='function f(); s = 0; for i = 1:10^7 s += i end; s end; f()'
FIB='fib(n) = n < 2 ? n : fib(n-1) + fib(n-2); fib(25)'
LUA_LOOP='local s = 0; for i = 1, 10000000 do s = s + i end; print(s)'
LUA_FIB='local function fib(n) if n < 2 then return n end return fib(n-1) + fib(n-2) end; print(fib(25))'
PY_LOOP='s = 0
for i in range(1, 10**7 + 1): s += i
print(s)'
PY_FIB='def fib(n): return n if n < 2 else fib(n-1) + fib(n-2)
print(fib(25))'

peers_loop=; peers_fib=
if have lua5.4; then
    peers_loop="$peers_loop lua"
    peers_fib="$peers_fib lua"
fi
have python3 && { peers_loop="$peers_loop py"; peers_fib="$peers_fib py"; }

# race LABEL JCALC-EXPR PEER-KIND... with the peers' programs for that kind
loop_race() {
    set -- "$RACE" -n "$RUNS" "$1" jcalc "$JCALC" -e "$2"
    for p in $peers_loop; do
        case $p in
        lua) set -- "$@" :: lua5.4 lua5.4 -e "$LUA_LOOP" ;;
        py) set -- "$@" :: python3 python3 -c "$PY_LOOP" ;;
        esac
    done
    "$@"
}
loop_race "for loop 1:10^7, global" "$LOOP"
loop_race "for loop 1:10^7, in a function" "$FLOOP"
"$RACE" -n "$RUNS" "global loop / local loop" jcalc-global "$JCALC" -e "$LOOP" :: jcalc-local "$JCALC" -e "$FLOOP"

set -- "$RACE" -n "$RUNS" "fib(25)" jcalc "$JCALC" -e "$FIB"
for p in $peers_fib; do
    case $p in
    lua) set -- "$@" :: lua5.4 lua5.4 -e "$LUA_FIB" ;;
    py) set -- "$@" :: python3 python3 -c "$PY_FIB" ;;
    esac
done
"$@"

if have gp; then
    printf 'default(realprecision, 100000);\nprint(Pi);\nquit\n' >"$tmp/pi.gp"
    "$RACE" -n "$RUNS" -p 100000 "π to 100,000 digits printed" jcalc "$JCALC" -e 'setprecision(332200); BigFloat(π)' \
        :: gp gp -q -s 64000000 "$tmp/pi.gp"
else
    echo "gp (pari-gp) not installed: π skipped (make deps installs it)"
fi

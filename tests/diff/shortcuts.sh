#!/bin/sh
# shortcuts.sh — every case file through the evaluator with each of its shortcuts off.
#
# The evaluator has paths that only make things faster (eval_impl.h's SC_*): the direct
# arithmetic of two Int64 or Float64 operands, the compiled closure tree (without it the
# tree walker runs every body and top-level loop) and the streaming folds of a generator
# written in the call.  JCALC_NO_SHORTCUTS turns them off; with each off, and with all
# off, every case file must print exactly its .out (and its .err when it has one), as it
# does with them on.  One assertion per file and setting; the last line is
# "N passed, M failed".
#
#   tests/diff/shortcuts.sh [CASE.jl ...]     (JCALC: the binary, build/jcalc)
cd "$(dirname "$0")/../.." || exit 2
JCALC=${JCALC:-./build/jcalc}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
[ $# -gt 0 ] || set -- tests/cases/*.jl
pass=0
fail=0
for mode in fast compile fold all; do
    for jl in "$@"; do
        base=${jl%.jl}
        [ -f "$base.out" ] || continue
        JCALC_NO_SHORTCUTS=$mode "$JCALC" --color=no "$jl" >"$tmp/out" 2>"$tmp/err"
        if cmp -s "$base.out" "$tmp/out" &&
           { [ ! -f "$base.err" ] || cmp -s "$base.err" "$tmp/err"; } &&
           ! grep -qE 'Sanitizer|runtime error' "$tmp/err"; then
            pass=$((pass + 1))
        else
            fail=$((fail + 1))
            printf 'FAIL %s without %s\n' "$jl" "$mode"
            diff "$base.out" "$tmp/out" | head -n 10
            [ -f "$base.err" ] && diff "$base.err" "$tmp/err" | head -n 6
        fi
    done
done
printf '%d passed, %d failed\n' "$pass" "$fail"
[ "$fail" -eq 0 ]

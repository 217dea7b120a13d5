#!/bin/sh
# shortcuts.sh — every case file through the evaluator with each of its shortcuts off.
#
# The evaluator has paths that only make things faster (eval_impl.h's SC_*): the direct
# arithmetic of two Int64 or Float64 operands, the compiled closure tree (without it the
# tree walker runs every body and top-level loop) and the streaming folds of a generator
# written in the call.  JCALC_NO_SHORTCUTS turns them off; with each off, and with all
# off, every case file must print exactly its .out (and its .err when it has one), as it
# does with them on; and every input of tests/errors fails the same way with all off.
# One assertion per file and setting, and per error input; the last line is
# "N passed, M failed".
#
#   tests/diff/shortcuts.sh [CASE.jl ...]     (JCALC: the binary, build/jcalc)
cd "$(dirname "$0")/../.." || exit 2
JCALC=${JCALC:-./build/jcalc}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
all_cases=0
[ $# -gt 0 ] || { all_cases=1; set -- tests/cases/*.jl; }
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
# every input of the error files with all of them off: the same exit status and the
# same first line of the error (the depth a stack overflow reaches is the frames' size)
# (not the parser's, which never reach the evaluator, nor the resource limits of
# hostile.txt, which take seconds each and no shortcut); only when no file is named
if [ "$all_cases" -eq 1 ]; then
    tab=$(printf '\t')
    for ef in tests/errors/*.txt; do
        case "$ef" in */hostile.txt|*/parse.txt|*/syntax.txt) continue ;; esac
        while IFS= read -r line || [ -n "$line" ]; do
            case "$line" in ''|'#'*) continue ;; esac
            input=${line%%"$tab"*}
            "$JCALC" --color=no -e "$input" >"$tmp/out1" 2>"$tmp/err1"
            s1=$?
            JCALC_NO_SHORTCUTS=all "$JCALC" --color=no -e "$input" >"$tmp/out2" 2>"$tmp/err2"
            s2=$?
            if [ "$s1" -eq "$s2" ] && cmp -s "$tmp/out1" "$tmp/out2" &&
               [ "$(head -n 1 "$tmp/err1")" = "$(head -n 1 "$tmp/err2")" ]; then
                pass=$((pass + 1))
            else
                fail=$((fail + 1))
                printf 'FAIL %s: %s without shortcuts\n  with:    %s\n  without: %s\n' "$ef" \
                    "$input" "$(head -n 1 "$tmp/err1")" "$(head -n 1 "$tmp/err2")"
            fi
        done <"$ef"
    done
fi
printf '%d passed, %d failed\n' "$pass" "$fail"
[ "$fail" -eq 0 ]

#!/bin/sh
# run.sh — runs every jcalc test and ends with the line "N passed, M failed".
#
#   unit tests     build/tests/test_*       (each ends with its own "N passed, M failed")
#   case files     tests/cases/NAME.jl      piped into jcalc; stdout must equal NAME.out
#                                           (and stderr NAME.err when that file exists)
#   compiled       tests/cases/engine_*.jl  no method body of these is left to the tree
#                                           walker (JCALC_REPORT_WALKED reports none)
#   error cases    tests/errors/*.txt       one input per line; each must fail cleanly:
#                                           exit status 1, "ERROR: " on stderr, nothing on
#                                           stdout; "input<TAB>text" also checks that the
#                                           error's first line is text
#   command line   tests/cli.sh             checks of options, exit codes, front ends
#   terminal       tests/pty/*.exp          REPL sessions in a pseudo-terminal (expect)
#   layers         tools/check_layers.sh    the ladder: includes, layer order, no cycle
#                                           but the evaluator's with the builtin rows
#   fuzz replay    build/fuzz/replay_builtins  the structure-aware fuzz generator over fixed
#                                           seeds and a sweep of every builtin: no crash, no
#                                           sanitizer report, no hang (errors are fine); the
#                                           programs of tests/fuzz/known_crashes.txt skipped;
#                                           one pass for the run, one failure per program
#   differential  tests/diff/intdiff.py      2000 integer/rational expressions against
#                 build/diff/fltdiff         Python's exact arithmetic, 2000 Float64
#                                           operations against MPFR; one assertion each
#                 tests/diff/shortcuts.sh    every case file with each evaluator shortcut
#                                           off (JCALC_NO_SHORTCUTS): the same output
# Set TESTS=pattern to run only the groups or files whose path contains pattern.
cd "$(dirname "$0")/.." || exit 2
JCALC=${JCALC:-./build/jcalc}
export JCALC
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
# the sanitizers report to stderr and exit non-zero; leaks are checked in unit tests too
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
unset NO_COLOR

selected() { [ -z "$TESTS" ] || case "$1" in *"$TESTS"*) return 0 ;; *) return 1 ;; esac; }

say_fail() { printf 'FAIL %s\n' "$*"; }

# ---- unit tests ----
for t in build/tests/test_*; do
    [ -x "$t" ] || continue
    selected "$t" || continue
    "$t" >"$tmp/out" 2>"$tmp/err"
    status=$?
    last=$(tail -n 1 "$tmp/out")
    p=$(printf '%s\n' "$last" | sed -n 's/^\([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed.*$/\1/p')
    f=$(printf '%s\n' "$last" | sed -n 's/^\([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed.*$/\2/p')
    if [ -z "$p" ]; then
        say_fail "$t: no result line (exit $status)"
        tail -n 20 "$tmp/out" "$tmp/err"
        fail=$((fail + 1))
        continue
    fi
    if [ "$status" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi
    pass=$((pass + p))
    fail=$((fail + f))
    if [ "$f" -ne 0 ]; then
        say_fail "$t: $last (exit $status)"
        grep -E 'FAIL|ERROR|Sanitizer|runtime error' "$tmp/out" "$tmp/err" | head -n 30
    else
        printf 'ok   %s: %s\n' "$t" "$last"
    fi
done

# ---- the ladder: includes and link-level uses go down; no cycle but the evaluator's with its builtins ----
if selected tools/check_layers.sh; then
    if sh tools/check_layers.sh >"$tmp/out" 2>&1; then
        pass=$((pass + 1))
        printf 'ok   tools/check_layers.sh: %s\n' "$(grep -c . "$tmp/out") group(s), all allowed"
    else
        fail=$((fail + 1))
        say_fail "tools/check_layers.sh"
        cat "$tmp/out"
    fi
fi

# ---- fuzz replay: the deterministic mode of tests/fuzz/fuzz_builtins.c ----
if selected tests/fuzz && [ -x build/fuzz/replay_builtins ]; then
    build/fuzz/replay_builtins -n 0:5000 -s 2 -t 10 -k tests/fuzz/known_crashes.txt \
        >"$tmp/out" 2>"$tmp/err"
    status=$?
    last=$(tail -n 1 "$tmp/out")
    f=$(printf '%s\n' "$last" | sed -n 's/^[0-9][0-9]* passed, \([0-9][0-9]*\) failed$/\1/p')
    [ -n "$f" ] || f=1
    if [ "$status" -eq 0 ] && [ "$f" -eq 0 ] && ! grep -qE 'Sanitizer|runtime error' "$tmp/err"; then
        pass=$((pass + 1))
        printf 'ok   tests/fuzz replay: %s\n' "$(tail -n 2 "$tmp/out" | head -n 1)"
    else
        [ "$f" -eq 0 ] && f=1
        fail=$((fail + f))
        say_fail "tests/fuzz replay (exit $status): $last"
        grep -E '^FAIL' "$tmp/out" | head -n 20
        grep -E 'Sanitizer|runtime error' "$tmp/err" | head -n 10
    fi
fi

# ---- differential: the number tower against exact oracles ----
if selected tests/diff; then
    for d in "python3 tests/diff/intdiff.py -n 2000 -s 1 -j $JCALC" \
             "build/diff/fltdiff -n 2000 -s 1 -j $JCALC" \
             "sh tests/diff/shortcuts.sh"; do
        $d >"$tmp/out" 2>"$tmp/err"
        status=$?
        last=$(tail -n 1 "$tmp/out")
        p=$(printf '%s\n' "$last" | sed -n 's/^\([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed$/\1/p')
        f=$(printf '%s\n' "$last" | sed -n 's/^\([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed$/\2/p')
        if [ -z "$p" ]; then p=0; f=1; fi
        if [ "$status" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi
        pass=$((pass + p))
        fail=$((fail + f))
        if [ "$f" -ne 0 ]; then
            say_fail "${d%% -n*}: $last (exit $status)"
            grep -A2 '^FAIL' "$tmp/out" | head -n 30
            tail -n 5 "$tmp/err"
        else
            printf 'ok   %s: %s\n' "${d%% -n*}" "$last"
        fi
    done
fi

# ---- case files ----
for jl in tests/cases/*.jl; do
    [ -f "$jl" ] || continue
    selected "$jl" || continue
    base=${jl%.jl}
    [ -f "$base.out" ] || { say_fail "$jl: no $base.out"; fail=$((fail + 1)); continue; }
    "$JCALC" --color=no "$jl" >"$tmp/out" 2>"$tmp/err"
    status=$?
    # compare line by line: each expected line is one assertion
    counts=$(awk -v got="$tmp/out" '
        { want[NR] = $0; n = NR }
        END {
            i = 0
            while ((getline line < got) > 0) { i++; g[i] = line }
            m = (i > n) ? i : n; p = 0; f = 0
            for (k = 1; k <= m; k++) { if ((k in want) && (k in g) && want[k] == g[k]) p++; else f++ }
            print p, f
        }' "$base.out")
    p=${counts% *}
    f=${counts#* }
    if [ -f "$base.err" ]; then
        if cmp -s "$base.err" "$tmp/err"; then p=$((p + 1)); else f=$((f + 1)); fi
    elif grep -qE 'Sanitizer|runtime error' "$tmp/err"; then
        f=$((f + 1))
    fi
    if [ ! -f "$base.err" ] && [ "$status" -ne 0 ]; then
        f=$((f + 1))
    fi
    pass=$((pass + p))
    fail=$((fail + f))
    if [ "$f" -ne 0 ]; then
        say_fail "$jl: $f mismatches (exit $status)"
        diff "$base.out" "$tmp/out" | head -n 20
        [ -f "$base.err" ] && diff "$base.err" "$tmp/err" | head -n 10
        head -n 10 "$tmp/err"
    else
        printf 'ok   %s: %s lines\n' "$jl" "$p"
    fi
done

# ---- compiled coverage ----
# The engine_* case files show constructs the compiled executor runs: none of their
# method bodies may be left to the tree walker (JCALC_REPORT_WALKED names any that is).
for jl in tests/cases/engine_*.jl; do
    [ -f "$jl" ] || continue
    selected "$jl" || continue
    JCALC_REPORT_WALKED=1 "$JCALC" --color=no "$jl" >/dev/null 2>"$tmp/err"
    if grep -q 'walked:' "$tmp/err"; then
        say_fail "$jl: a method body runs in the tree walker"
        grep 'walked:' "$tmp/err" | head -n 5
        fail=$((fail + 1))
    else
        pass=$((pass + 1))
    fi
done

# ---- error cases ----
for ef in tests/errors/*.txt; do
    [ -f "$ef" ] || continue
    selected "$ef" || continue
    p=0
    f=0
    tab=$(printf '\t')
    while IFS= read -r line || [ -n "$line" ]; do
        case "$line" in ''|'#'*) continue ;; esac
        input=${line%%"$tab"*}
        expect=""
        [ "$input" != "$line" ] && expect=${line#*"$tab"}
        "$JCALC" --color=no -e "$input" >"$tmp/out" 2>"$tmp/err"
        status=$?
        first=$(head -n 1 "$tmp/err")
        ok=1
        [ "$status" -eq 1 ] || ok=0
        [ -s "$tmp/out" ] && ok=0
        case "$first" in "ERROR: "*) ;; *) ok=0 ;; esac
        grep -qE 'Sanitizer|runtime error' "$tmp/err" && ok=0
        if [ -n "$expect" ] && [ "$first" != "$expect" ]; then ok=0; fi
        if [ $ok -eq 1 ]; then p=$((p + 1)); else
            f=$((f + 1))
            say_fail "$ef: '$input' (exit $status)"
            [ -n "$expect" ] && printf '  want: %s\n' "$expect"
            printf '  got:  %s\n' "$first"
            head -c 300 "$tmp/out"
        fi
    done <"$ef"
    pass=$((pass + p))
    fail=$((fail + f))
    [ "$f" -eq 0 ] && printf 'ok   %s: %s inputs fail cleanly\n' "$ef" "$p"
done

# ---- command line ----
if [ -f tests/cli.sh ] && selected tests/cli.sh; then
    sh tests/cli.sh >"$tmp/cli" 2>&1
    last=$(tail -n 1 "$tmp/cli")
    p=$(printf '%s\n' "$last" | sed -n 's/^\([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed$/\1/p')
    f=$(printf '%s\n' "$last" | sed -n 's/^\([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed$/\2/p')
    if [ -z "$p" ]; then p=0; f=1; fi
    pass=$((pass + p))
    fail=$((fail + f))
    grep '^FAIL' "$tmp/cli"
    printf 'ok   tests/cli.sh: %s\n' "$last"
fi

# ---- terminal sessions ----
if ls tests/pty/*.exp >/dev/null 2>&1 && selected tests/pty; then
    if ! command -v expect >/dev/null 2>&1; then
        echo "skip tests/pty: expect is not installed (make deps installs it)"
    elif ! expect -c 'spawn -noecho true; expect eof' >/dev/null 2>&1; then
        echo "skip tests/pty: no pseudo-terminal available"
    else
        for t in tests/pty/*.exp; do
            selected "$t" || true
            if expect "$t" >"$tmp/pty" 2>&1; then
                pass=$((pass + 1))
                printf 'ok   %s\n' "$t"
            else
                fail=$((fail + 1))
                say_fail "$t"
                tail -n 25 "$tmp/pty"
            fi
        done
    fi
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

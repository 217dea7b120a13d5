#!/bin/sh
# stream.sh — jcalc against `bc -l`, side by side in one run:
#   (a) start-up: evaluating 1+1 (and against dc where installed), 40 runs each, and
#       its instruction count (callgrind, where valgrind is installed);
#   (b) a stream of 100,000 mixed arithmetic lines through stdin, 5 runs each.
# bench/race.c executes each directly, interleaves the runs, checks that the outputs
# agree, and prints min and median ratios jcalc/bc.  Project targets (issue 13):
# start-up <= 1.0 x bc and <= 1.2 x dc, stream <= 0.35 x bc.
cd "$(dirname "$0")/.." || exit 2
JCALC=${JCALC:-./build/jcalc}
command -v bc >/dev/null 2>&1 || { echo "bc not installed: skipped (make deps installs it)"; exit 0; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

RACE=${RACE:-./build/bench/race}
echo '1+1' >"$tmp/one"

# (a) start-up: each program executed directly on the same one-line input
set -- "$RACE" -n 40 "start-up 1+1" jcalc "$JCALC" -e '1+1' :: "bc -l" '<' "$tmp/one" bc -l
command -v dc >/dev/null 2>&1 && set -- "$@" :: dc dc -e '1 1+p'
"$@"
# ... and in instructions, where valgrind is installed (callgrind counts every one,
# the dynamic loader's included)
if command -v valgrind >/dev/null 2>&1; then
    irefs() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
              sed -n 's/.*refs: *//p' | tr -d ,; }
    j=$(irefs "$JCALC" -e '1+1'); b=$(irefs bc -l <"$tmp/one")
    line="start-up instructions: jcalc $j, bc -l $b (ratio $(awk -v a="$j" -v b="$b" 'BEGIN { printf "%.2f", a / b }'))"
    if command -v dc >/dev/null 2>&1; then
        d=$(irefs dc -e '1 1+p')
        line="$line, dc $d (ratio $(awk -v a="$j" -v b="$d" 'BEGIN { printf "%.2f", a / b }'))"
    fi
    echo "$line"
fi

# (b) 100,000 lines that mean the same in both languages
awk 'BEGIN {
    srand(12345)
    for (i = 0; i < 100000; i++) {
        a = int(rand() * 100000); b = int(rand() * 1000) + 1; c = int(rand() * 100)
        k = i % 5
        if (k == 0) printf "%d + %d * %d\n", a, b, c
        else if (k == 1) printf "(%d - %d) * %d\n", a, b, c
        else if (k == 2) printf "%d.%d / %d\n", a, c, b
        else if (k == 3) printf "%d^3 - %d\n", c, b
        else printf "(%d.5 + %d) * (%d - 1.25)\n", c, b, a
    }
}' >"$tmp/lines"
BC_LINE_LENGTH=0 "$RACE" -n 5 -t 1e-12 "100k-line stream" jcalc '<' "$tmp/lines" "$JCALC" :: "bc -l" '<' "$tmp/lines" bc -l
"$JCALC" < "$tmp/lines" >"$tmp/j.out" 2>"$tmp/j.err"
echo "  (jcalc printed $(wc -l <"$tmp/j.out") values and $(grep -c '^ERROR' "$tmp/j.err") errors for 100000 lines)"

#!/bin/sh
# stream.sh — jcalc against `bc -l`, side by side in one run:
#   (a) start-up: evaluating 1+1, best of 20 runs each, interleaved;
#   (b) a stream of 100,000 mixed arithmetic lines through stdin, best of 3, interleaved.
# Prints each time and the ratio jcalc/bc.  Project targets: start-up <= 1.0 x bc,
# stream <= 0.5 x bc.
cd "$(dirname "$0")/.." || exit 2
JCALC=${JCALC:-./build/jcalc}
command -v bc >/dev/null 2>&1 || { echo "bc not installed: skipped (make deps installs it)"; exit 0; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

now() { date +%s%N; }

# best_of N CMD...: the smallest wall time in nanoseconds
best_of() {
    n=$1; shift
    best=
    i=0
    while [ $i -lt "$n" ]; do
        t0=$(now); "$@" >/dev/null 2>&1; t1=$(now)
        t=$((t1 - t0))
        if [ -z "$best" ] || [ $t -lt "$best" ]; then best=$t; fi
        i=$((i + 1))
    done
    echo "$best"
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

# (a) start-up, interleaved so that machine noise hits both alike
jb=; bb=
for round in 1 2 3 4; do
    j=$(best_of 5 sh -c "echo '1+1' | $JCALC")
    b=$(best_of 5 sh -c "echo '1+1' | bc -l")
    if [ -z "$jb" ] || [ "$j" -lt "$jb" ]; then jb=$j; fi
    if [ -z "$bb" ] || [ "$b" -lt "$bb" ]; then bb=$b; fi
done
printf 'start-up 1+1:      jcalc %8.2f ms   bc -l %8.2f ms   ratio %s (target <= 1.0)\n' \
    "$(awk -v t="$jb" 'BEGIN{print t/1e6}')" "$(awk -v t="$bb" 'BEGIN{print t/1e6}')" "$(ratio "$jb" "$bb")"

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
js=; bs=
for round in 1 2 3; do
    j=$(best_of 1 sh -c "$JCALC < $tmp/lines")
    b=$(best_of 1 sh -c "bc -l < $tmp/lines")
    if [ -z "$js" ] || [ "$j" -lt "$js" ]; then js=$j; fi
    if [ -z "$bs" ] || [ "$b" -lt "$bs" ]; then bs=$b; fi
done
printf '100k-line stream:  jcalc %8.1f ms   bc -l %8.1f ms   ratio %s (target <= 0.5)\n' \
    "$(awk -v t="$js" 'BEGIN{print t/1e6}')" "$(awk -v t="$bs" 'BEGIN{print t/1e6}')" "$(ratio "$js" "$bs")"
"$JCALC" < "$tmp/lines" >"$tmp/j.out" 2>"$tmp/j.err"
echo "  (jcalc printed $(wc -l <"$tmp/j.out") values and $(grep -c '^ERROR' "$tmp/j.err") errors for 100000 lines)"

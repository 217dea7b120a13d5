#!/bin/sh
# bigint.sh — big-integer work in jcalc against PARI/GP (gp), side by side in one run:
#   (a) the number of decimal digits of 100000! (computed, then converted to text);
#   (b) 3^1000000 printed in full.
# Best of 3 runs each, interleaved.  Project target: jcalc <= 1.1 x gp.
cd "$(dirname "$0")/.." || exit 2
JCALC=${JCALC:-./build/jcalc}
command -v gp >/dev/null 2>&1 || { echo "gp (pari-gp) not installed: skipped (make deps installs it)"; exit 0; }

now() { date +%s%N; }
best() { # best CMD: smallest wall time of 3 runs, in ns
    b=
    for i in 1 2 3; do
        t0=$(now); sh -c "$1" >/dev/null 2>&1; t1=$(now)
        t=$((t1 - t0)); if [ -z "$b" ] || [ $t -lt "$b" ]; then b=$t; fi
    done
    echo "$b"
}
report() { # NAME JCALC-NS GP-NS
    awk -v n="$1" -v j="$2" -v g="$3" 'BEGIN { printf "%-28s jcalc %8.1f ms   gp %8.1f ms   ratio %.2f (target <= 1.1)\n", n, j/1e6, g/1e6, j/g }'
}

# same answers first: the benchmark is meaningless if the two disagree
j=$("$JCALC" -e 'length(string(factorial(big(100000))))')
g=$(echo 'print(#Str(100000!))' | gp -q -s 64000000 2>/dev/null)
[ "$j" = "$g" ] && echo "digits of 100000!: $j (both agree)" || echo "digits of 100000!: jcalc $j, gp $g (DISAGREE)"

jt=$(best "$JCALC -e 'length(string(factorial(big(100000))))'")
gt=$(best "echo 'print(#Str(100000!))' | gp -q -s 64000000")
report "digits of factorial(100000)" "$jt" "$gt"

jt=$(best "$JCALC -e 'big(3)^1000000'")
gt=$(best "echo 'print(3^1000000)' | gp -q -s 64000000")
report "3^1000000 printed" "$jt" "$gt"

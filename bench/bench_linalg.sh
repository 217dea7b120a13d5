#!/bin/sh
# bench_linalg.sh — linear algebra in jcalc against PARI/GP (gp), in one run:
#   (a) det of a 100×100 Rational matrix, (b) its inverse, (c) A*B for 200×200 Float64.
# The Rational matrix is M[i,j] = 1//(i+j-1) + (i == j) (Hilbert plus identity: exact
# answers with large denominators).  Best of 3 runs each; ratio = jcalc / gp.
cd "$(dirname "$0")/.." || exit 2
JCALC=${JCALC:-./build/jcalc}
command -v gp >/dev/null 2>&1 || { echo "gp (pari-gp) not installed: skipped (make deps installs it)"; exit 0; }

now() { date +%s%N; }
best() {
    b=
    for i in 1 2 3; do
        t0=$(now); sh -c "$1" >/dev/null 2>&1; t1=$(now)
        t=$((t1 - t0)); if [ -z "$b" ] || [ $t -lt "$b" ]; then b=$t; fi
    done
    echo "$b"
}
report() {
    awk -v n="$1" -v j="$2" -v g="$3" 'BEGIN { printf "%-30s jcalc %8.1f ms   gp %8.1f ms   ratio %.2f\n", n, j/1e6, g/1e6, j/g }'
}

JM='M = [1//(i+j-1) + (i == j ? 1 : 0) for i in 1:100, j in 1:100];'
GM='M = matrix(100,100,i,j,1/(i+j-1) + (i==j));'
# same answers first
j=$("$JCALC" -e "$JM numerator(det(M)) % 1000003")
g=$(echo "$GM print(numerator(matdet(M)) % 1000003)" | gp -q 2>/dev/null)
[ "$j" = "$g" ] && echo "det numerator mod 1000003: $j (both agree)" || echo "det: jcalc $j, gp $g (DISAGREE)"

jt=$(best "$JCALC -e '$JM det(M);'")
gt=$(best "echo '$GM matdet(M);' | gp -q")
report "det 100x100 Rational" "$jt" "$gt"
jt=$(best "$JCALC -e '$JM inv(M);'")
gt=$(best "echo '$GM M^-1;' | gp -q")
report "inv 100x100 Rational" "$jt" "$gt"
JF='A = [sin(i+j) for i in 1:200, j in 1:200]; B = [cos(i-j) for i in 1:200, j in 1:200];'
GF='A = matrix(200,200,i,j,sin(i+j)*1.); B = matrix(200,200,i,j,cos(i-j)*1.);'
jt=$(best "$JCALC -e '$JF A*B;'")
gt=$(best "echo 'default(realprecision,15); $GF A*B;' | gp -q")
report "A*B 200x200 Float64" "$jt" "$gt"

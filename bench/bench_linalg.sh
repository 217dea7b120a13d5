#!/bin/sh
# bench_linalg.sh — linear algebra in jcalc against PARI/GP (gp), in one run:
#   (a) det of a 100×100 Rational matrix, (b) its inverse, (c) A*B for 200×200 Float64.
# The Rational matrix is M[i,j] = 1//(i+j-1) + (i == j) (Hilbert plus identity: exact
# answers with large denominators — each entry of the inverse has ~20000-bit numerator
# and denominator, about 49 MB of digits in all).
#
# Each timed command also prints a checksum of its answer, and the checksums of jcalc and
# gp are compared, so a run that failed (gp's default 8 MB stack cannot hold the inverse)
# is never timed as if it had worked.  gp gets a 2 GB stack and one thread: jcalc is
# single-threaded, so the ratio compares the algorithms.  Best of RUNS (default 3) runs
# each, 2 for the inverse; ratio = jcalc / gp.
cd "$(dirname "$0")/.." || exit 2
JCALC=${JCALC:-./build/jcalc}
RUNS=${RUNS:-3}
command -v gp >/dev/null 2>&1 || { echo "gp (pari-gp) not installed: skipped (make deps installs it)"; exit 0; }
GP="gp -q -s 2000000000"
OUT=$(mktemp) || exit 2
trap 'rm -f "$OUT"' EXIT

now() { date +%s%N; }
# best N CMD: the least wall time of N runs in ns; the last run's output is left in $OUT
best() {
    b=
    i=0
    while [ $i -lt "$1" ]; do
        t0=$(now); sh -c "$2" >"$OUT" 2>&1; t1=$(now)
        t=$((t1 - t0)); if [ -z "$b" ] || [ $t -lt "$b" ]; then b=$t; fi
        i=$((i + 1))
    done
    echo "$b"
}
# run NAME N JCALC-CMD GP-CMD: times both, compares the outputs, prints the ratio
status=0
run() {
    jt=$(best "$2" "$3"); jo=$(cat "$OUT")
    gt=$(best "$2" "$4"); go=$(cat "$OUT")
    if [ "$jo" = "$go" ]; then agree="agree: $jo"; else agree="DISAGREE: jcalc $jo, gp $go"; status=1; fi
    awk -v n="$1" -v j="$jt" -v g="$gt" -v a="$agree" 'BEGIN {
        printf "%-24s jcalc %9.1f ms   gp %9.1f ms   ratio %5.2f   (%s)\n", n, j/1e6, g/1e6, j/g, a }'
}

JM='M = [1//(i+j-1) + (i == j ? 1 : 0) for i in 1:100, j in 1:100];'
GM='default(nbthreads, 1); M = matrix(100,100,i,j,1/(i+j-1) + (i==j));'
P=1000003
run "det 100x100 Rational" "$RUNS" \
    "$JCALC -e '$JM d = det(M); print(mod(numerator(d), $P), \" \", mod(denominator(d), $P))'" \
    "echo '$GM d = matdet(M); print1(numerator(d) % $P, \" \", denominator(d) % $P)' | $GP"
# the checksum: two entries and the sum of all numerators, each reduced mod P
run "inv 100x100 Rational" 2 \
    "$JCALC -e '$JM N = inv(M); print(mod(numerator(N[37, 58]), $P), \" \", mod(denominator(N[99, 2]), $P), \" \", sum(mod(numerator(x), $P) for x in N))'" \
    "echo '$GM N = M^-1; print1(numerator(N[37,58]) % $P, \" \", denominator(N[99,2]) % $P, \" \", sum(i=1,100,sum(j=1,100,numerator(N[i,j]) % $P)))' | $GP"
JF='A = [sin(i+j) for i in 1:200, j in 1:200]; B = [cos(i-j) for i in 1:200, j in 1:200];'
GF='default(nbthreads, 1); default(realprecision,15); A = matrix(200,200,i,j,sin(i+j)*1.); B = matrix(200,200,i,j,cos(i-j)*1.);'
# Float64 products differ in the last bits with the summation order: compare 6 digits
run "A*B 200x200 Float64" "$RUNS" \
    "$JCALC -e '$JF C = A*B; print(round(C[17, 123], digits=6))'" \
    "echo '$GF C = A*B; printf(\"%.6f\", C[17,123])' | $GP"
exit $status

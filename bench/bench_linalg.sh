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
# single-threaded, so the ratio compares the algorithms.  RUNS (default 3) runs each,
# 2 for the inverse, interleaved and executed directly by bench/race.c; ratio = jcalc / gp.
cd "$(dirname "$0")/.." || exit 2
JCALC=${JCALC:-./build/jcalc}
RUNS=${RUNS:-3}
command -v gp >/dev/null 2>&1 || { echo "gp (pari-gp) not installed: skipped (make deps installs it)"; exit 0; }
GP="gp -q -s 2000000000"
RACE=${RACE:-./build/bench/race}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

# run NAME N JCALC-PROGRAM GP-PROGRAM: bench/race.c times both (direct exec,
# interleaved), compares the checksums they print, and gives the ratio
status=0
run() {
    printf '%s\n' "$4" >"$tmp/in.gp"
    "$RACE" -n "$2" "$1" jcalc "$JCALC" -e "$3" :: gp '<' "$tmp/in.gp" $GP || status=1
}

JM='M = [1//(i+j-1) + (i == j ? 1 : 0) for i in 1:100, j in 1:100];'
GM='default(nbthreads, 1); M = matrix(100,100,i,j,1/(i+j-1) + (i==j));'
P=1000003
run "det 100x100 Rational" "$RUNS" \
    "$JM d = det(M); print(mod(numerator(d), $P), \" \", mod(denominator(d), $P))" \
    "$GM d = matdet(M); print1(numerator(d) % $P, \" \", denominator(d) % $P)"
# the checksum: two entries and the sum of all numerators, each reduced mod P
run "inv 100x100 Rational" 2 \
    "$JM N = inv(M); print(mod(numerator(N[37, 58]), $P), \" \", mod(denominator(N[99, 2]), $P), \" \", sum(mod(numerator(x), $P) for x in N))" \
    "$GM N = M^-1; print1(numerator(N[37,58]) % $P, \" \", denominator(N[99,2]) % $P, \" \", sum(i=1,100,sum(j=1,100,numerator(N[i,j]) % $P)))"
JF='A = [sin(i+j) for i in 1:200, j in 1:200]; B = [cos(i-j) for i in 1:200, j in 1:200];'
GF='default(nbthreads, 1); default(realprecision,15); A = matrix(200,200,i,j,sin(i+j)*1.); B = matrix(200,200,i,j,cos(i-j)*1.);'
# Float64 products differ in the last bits with the summation order: compare 6 digits
run "A*B 200x200 Float64" "$RUNS" \
    "$JF C = A*B; print(round(C[17, 123], digits=6))" \
    "$GF C = A*B; printf(\"%.6f\", C[17,123])"
exit $status

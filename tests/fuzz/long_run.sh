#!/bin/sh
# long_run.sh TARGET SECONDS [libFuzzer options...] — fuzzes build/fuzz/TARGET for about
# SECONDS, restarting after each finding (the corpus build/fuzz/corpus-TARGET carries over),
# with the findings in build/fuzz/long-TARGET/ and one log per run.  Ends by printing
# every run's "Done N runs" line (or, for a run that stopped at a finding, its last
# "#N" status line) and their total.  fuzz_builtins runs in the avoid mode of
# tests/fuzz/avoid.txt, so that it keeps finding new things.
t=$1
secs=$2
shift 2
cd "$(dirname "$0")/../.." || exit 2
dir=build/fuzz/long-$t
mkdir -p "$dir" "build/fuzz/corpus-$t"
case $t in
fuzz_eval) extra="-dict=build/fuzz/jcalc.dict -max_len=512"; seeds="tests/fuzz/corpus build/fuzz/seeds" ;;
*) extra="-max_len=128"; seeds="" ;;
esac
end=$(($(date +%s) + secs))
i=0
while [ "$(date +%s)" -lt "$end" ]; do
    i=$((i + 1))
    left=$((end - $(date +%s)))
    [ "$left" -lt 5 ] && break
    JCALC_FUZZ_AVOID=tests/fuzz/avoid.txt ./build/fuzz/"$t" -max_total_time="$left" -timeout=10 \
        -rss_limit_mb=2048 -artifact_prefix="$dir/" $extra "$@" "build/fuzz/corpus-$t" $seeds \
        >"$dir/run-$i.log" 2>&1
done
total=0
for log in "$dir"/run-*.log; do
    n=$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' "$log")
    how=done
    if [ -z "$n" ]; then
        n=$(grep -E '^#[0-9]+' "$log" | tail -n 1 | sed 's/^#\([0-9]*\).*/\1/')
        how="stopped at $(grep -m1 -oE 'ERROR: [A-Za-z]+: [a-z -]+|deadly signal|Fatal glibc error' "$log")"
    fi
    echo "$log: ${n:-0} runs ($how)"
    total=$((total + ${n:-0}))
done
echo "$t: $total runs in total"

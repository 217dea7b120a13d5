#!/bin/sh
# gen_fuzz_corpus.sh OUTDIR — the seed corpus: every tests/cases/*.jl whole, each of its
# lines alone, each blank-line-separated paragraph (blocks that span lines), and the input
# of every tests/errors/*.txt line.  Files are named after where they come from
# (line-FILE-N, para-FILE-N, whole-FILE, err-FILE-N); libFuzzer drops duplicates itself.
out=$1
cd "$(dirname "$0")/.." || exit 2
rm -rf "$out" && mkdir -p "$out" || exit 2
tmp=$out
for f in tests/cases/*.jl; do
    cp "$f" "$tmp/whole-$(basename "$f")"
    awk -v dir="$tmp" -v base="$(basename "$f" .jl)" '
        NF { n++; print > (dir "/line-" base "-" n); close(dir "/line-" base "-" n) }
        { para = para $0 "\n" }
        !NF && para ~ /[^ \t\n]/ { p++; f = dir "/para-" base "-" p; printf "%s", para > f; close(f); para = "" }
        END { if (para ~ /[^ \t\n]/) { p++; f = dir "/para-" base "-" p; printf "%s", para > f; close(f) } }' "$f"
done
for f in tests/errors/*.txt; do
    awk -v dir="$tmp" -v base="$(basename "$f" .txt)" -F'\t' '
        $0 != "" && $0 !~ /^#/ { n++; f = dir "/err-" base "-" n; print $1 > f; close(f) }' "$f"
done

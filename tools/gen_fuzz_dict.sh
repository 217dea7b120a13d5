#!/bin/sh
# gen_fuzz_dict.sh OPERATORS.TSV BUILTINS.TXT — writes a libFuzzer dictionary to stdout:
# every operator spelling of data/operators.tsv, every builtin name (the first column of
# `jcalc --list-builtins`), the keywords and a few literal shapes the mutator would
# otherwise take long to assemble (2^62, 1//0, big(...), 0x..., "\u...").
# Bytes outside printable ASCII are written as \xNN, the one escape libFuzzer reads
# everywhere, so the UTF-8 operators (≤, ⊻, √ ...) arrive as whole sequences.
ops=$1
builtins=$2
{
    awk -F'\t' 'NR > 1 && $1 != "" { print $1 }' "$ops"
    cut -f1 "$builtins"
    cut -f1 "$builtins" | awk '{ print $0 "(" }'
    for w in begin end if elseif else for while in do function return let local global \
             const break continue try catch finally true false nothing missing Inf NaN \
             Int Int8 Int16 Int32 Int64 Int128 UInt8 UInt64 BigInt BigFloat Float16 \
             Float32 Float64 Rational Complex Bool Char String Any Vector Matrix \
             im pi π ℯ typemax typemin \
             '2^62' '2^63' '2^64' '-2^63' '1//0' '-1//0' '0//1' 'big(2)^200' \
             'big"1e1000"' '0x7fffffffffffffff' '0.1:0.1:1' '1:0' '1:2^62' 'Int[]' \
             'Any[]' 'zeros(0,3)' '-0.0' '1e308' '5e-324' "'\\\\0'" '"\\u2200"' \
             '(a=1, b=2)' '...' 'x -> x' ' ; ' '\n' '[1 2; 3 4]' 'a=Any[1]; push!(a, a)'; do
        printf '%s\n' "$w"
    done
} | LC_ALL=C awk '
    BEGIN { for (i = 0; i < 256; i++) ord[sprintf("%c", i)] = i }
    !seen[$0]++ {
        out = ""
        n = length($0)
        for (i = 1; i <= n; i++) {
            c = substr($0, i, 1)
            o = ord[c]
            if (c == "\\" && substr($0, i, 2) == "\\n") { out = out "\\x0A"; i++ }
            else if (c == "\"" || c == "\\" || o < 32 || o > 126) out = out sprintf("\\x%02X", o)
            else out = out c
        }
        printf "\"%s\"\n", out
    }'

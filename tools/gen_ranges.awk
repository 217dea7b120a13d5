# gen_ranges.awk — turns a code-point range table (TSV: first, last, ... with U+XXXX
# fields, header line first) into the body of a C array of {first, last} pairs.
# Usage: awk -v name=id_start -f tools/gen_ranges.awk data/id_start_ranges.tsv
# POSIX awk only (works with mawk): hex is decoded by hand.
function hex(s,    i, v, c) {
    sub(/^U\+/, "", s)
    v = 0
    for (i = 1; i <= length(s); i++) {
        c = index("0123456789ABCDEF", toupper(substr(s, i, 1))) - 1
        if (c < 0) { print "gen_ranges: bad hex " s > "/dev/stderr"; exit 1 }
        v = v * 16 + c
    }
    return v
}
BEGIN { FS = "\t"; n = 0 }
NR == 1 { next }
NF >= 2 {
    lo = hex($1); hi = hex($2)
    if (n > 0 && lo <= prev) { print "gen_ranges: unsorted at line " NR > "/dev/stderr"; exit 1 }
    rows[n++] = sprintf("    {0x%X, 0x%X},", lo, hi)
    prev = hi
}
END {
    print "/* Generated from data/ by tools/gen_ranges.awk; do not edit. */"
    print "static const ident_range " name "_ranges[] = {"
    for (i = 0; i < n; i++) print rows[i]
    print "};"
}

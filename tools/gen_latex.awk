# gen_latex.awk — builds the LaTeX/emoji completion tables and the reverse (symbol ->
# name) table used by help mode, as sorted C arrays, from
#   data/latex_symbols.tsv  data/emoji_symbols.tsv  data/symbols_latex_canonical.tsv
# (TSV: name or symbol, symbol, codepoints; header line first; the codepoints column is
# authoritative because symbols may be spaces or combining marks).
#
# Two phases joined by `LC_ALL=C sort`, because POSIX awk has no sort:
#   awk -f tools/gen_latex.awk data/latex_symbols.tsv data/emoji_symbols.tsv \
#       data/symbols_latex_canonical.tsv | LC_ALL=C sort |
#   awk -v phase=2 -f tools/gen_latex.awk > build/gen/latex_tables.h
# Phase 1 prints "table<TAB>sortkey<TAB>C initializer" lines; phase 2 wraps each table.
# Sort keys are the names (ASCII) or the symbol's UTF-8 bytes in upper-case hex, so the
# C order is strcmp order (bytes compared unsigned) in both cases.
#
# Reverse rule (Julia 1.10's symbol_latex): the canonical name when the symbol has one;
# otherwise an emoji name beats a LaTeX name (emoji are iterated last in Julia); among
# several names of the same kind the byte-wise smallest is taken (Julia's choice there
# depends on Dict hash order; only four emoji are affected).
# POSIX awk only (works with mawk).

# Reports a data error; phase 2 sees the line and fails, since sh has no pipefail.
function fail(msg) {
    print "gen_latex: " msg > "/dev/stderr"
    print "!error\t" msg
    bad = 1
    exit 1
}
function hexval(s,    i, v, c) {
    sub(/^U\+/, "", s)
    v = 0
    for (i = 1; i <= length(s); i++) {
        c = index("0123456789ABCDEF", toupper(substr(s, i, 1))) - 1
        if (c < 0) { fail("bad code point " s) }
        v = v * 16 + c
    }
    return v
}
# UTF-8 bytes of the code points listed in cps ("U+2242 U+0338") as numbers in b[1..n].
function utf8(cps, b,    parts, k, n, i, v) {
    k = split(cps, parts, " ")
    n = 0
    for (i = 1; i <= k; i++) {
        v = hexval(parts[i])
        if (v < 128) b[++n] = v
        else if (v < 2048) { b[++n] = 192 + int(v / 64); b[++n] = 128 + v % 64 }
        else if (v < 65536) {
            b[++n] = 224 + int(v / 4096); b[++n] = 128 + int(v / 64) % 64; b[++n] = 128 + v % 64
        } else {
            b[++n] = 240 + int(v / 262144); b[++n] = 128 + int(v / 4096) % 64
            b[++n] = 128 + int(v / 64) % 64; b[++n] = 128 + v % 64
        }
    }
    return n
}
# The symbol as a C string literal of octal escapes (never merges with what follows).
function cstr_bytes(cps,    b, n, i, s) {
    n = utf8(cps, b)
    s = "\""
    for (i = 1; i <= n; i++) s = s sprintf("\\%03o", b[i])
    return s "\""
}
function hexkey(cps,    b, n, i, s) {
    n = utf8(cps, b)
    s = ""
    for (i = 1; i <= n; i++) s = s sprintf("%02X", b[i])
    return s
}
# A C string literal for name.  Built character by character: awks disagree on what a
# backslash means in gsub's replacement text (mawk and gawk give different output).
function cstr_name(name,    s, i, c) {
    s = ""
    for (i = 1; i <= length(name); i++) {
        c = substr(name, i, 1)
        if (c == "\\" || c == "\"")
            s = s "\\" c
        else
            s = s c
    }
    return "\"" s "\""
}
# Keeps, per symbol and kind, the smallest name in byte order.
function offer(kind, cps, name) {
    if (!((kind, cps) in best) || name < best[kind, cps]) best[kind, cps] = name
    seen[cps] = 1
}

BEGIN {
    FS = "\t"
    if (phase == "") phase = 1
    if (phase == 2) print "/* Generated from the data/ TSVs by tools/gen_latex.awk; do not edit. */"
}

phase == 1 && FNR == 1 { file++; next }
phase == 1 && NF >= 3 {
    if (file == 3) { canon[$2] = $3; next }   # canonical: symbol, codepoints, name
    name = $1; cps = $3
    if (file == 1) { table = "latex"; kind = "l" } else { table = "emoji"; kind = "e" }
    if (name !~ /^\\/) fail("name without backslash: " name)
    print table "\t" name "\t{" cstr_name(name) ", " cstr_bytes(cps) "},"
    offer(kind, cps, name)
}
phase == 1 { next }

phase == 2 && $1 == "!error" { bad = 1; print "gen_latex: " $2 > "/dev/stderr"; exit 1 }
phase == 2 {
    if ($1 != cur) {
        if (cur != "") print "};"
        cur = $1
        print "static const compl_pair compl_" cur "[] = {"
    }
    print "    " $3
    n[cur]++
}

END {
    if (bad) exit 1
    if (phase == 1) {
        for (cps in seen) {
            if (cps in canon) name = canon[cps]
            else if (("e", cps) in best) name = best["e", cps]
            else name = best["l", cps]
            print "reverse\t" hexkey(cps) "\t{" cstr_bytes(cps) ", " cstr_name(name) "},"
        }
        # canonical names must name symbols that exist, or the data files disagree
        for (cps in canon) if (!(cps in seen)) fail("canonical entry " cps " names no symbol")
    } else {
        if (cur != "") print "};"
        if (n["latex"] < 1000 || n["emoji"] < 100 || n["reverse"] < 1000) { print "gen_latex: tables too small" > "/dev/stderr"; exit 1 }
        print "/* rows: latex " n["latex"] ", emoji " n["emoji"] ", reverse " n["reverse"] " */"
    }
}

# gen_optable.awk — turns data/operators.tsv into C rows for src/optable.c.
# Output lines are `{"<utf8 bytes as \x escapes>", "<name>", len, class, flags, id},`, one
# per operator, meant to be piped through `LC_ALL=C sort` so that the table is ordered by
# spelling bytes (the escapes are fixed-width, so text order is byte order and a prefix
# sorts before its extensions).  The name is the spelling after Julia's charmap
# (U+2212 -> '-', U+00B7 and U+0387 -> U+22C5), which is how the tokenizer normalizes.
# After the rows comes one line `#define OPTABLE_FIRST_BYTE { ... }`: 257 counts, entry b
# being the number of rows whose spelling starts with a byte below b, so that the rows
# starting with byte b are [first[b], first[b+1]).  It starts with `#`, which sorts after
# the rows' leading spaces, so the sort leaves it last.
# The id is the operator's syntactic role (op_id in src/optable.h) for the few operators the
# grammar treats specially, assigned below by normalized spelling (so that U+2212 is `-`),
# and OP_NONE for every other row.
# POSIX awk only (works with mawk).
function hex(s,    i, v, c) {
    sub(/^U\+/, "", s)
    v = 0
    for (i = 1; i <= length(s); i++) {
        c = index("0123456789ABCDEF", toupper(substr(s, i, 1))) - 1
        v = v * 16 + c
    }
    return v
}
function utf8(cp) {
    nb = 0
    if (cp < 128) { bytes[nb++] = cp }
    else if (cp < 2048) { bytes[nb++] = 192 + int(cp / 64); bytes[nb++] = 128 + cp % 64 }
    else if (cp < 65536) {
        bytes[nb++] = 224 + int(cp / 4096); bytes[nb++] = 128 + int(cp / 64) % 64
        bytes[nb++] = 128 + cp % 64
    } else {
        bytes[nb++] = 240 + int(cp / 262144); bytes[nb++] = 128 + int(cp / 4096) % 64
        bytes[nb++] = 128 + int(cp / 64) % 64; bytes[nb++] = 128 + cp % 64
    }
    out = ""
    for (k = 0; k < nb; k++) out = out sprintf("\\x%02X", bytes[k])
    total += nb
    return out
}
function charmap(cp) {
    if (cp == 8722) return 45          # U+2212 minus sign -> hyphen-minus
    if (cp == 183 || cp == 903) return 8901  # middle dot, ano teleia -> U+22C5
    return cp
}
BEGIN {
    FS = "\t"
    cls["assignment"] = "OPC_ASSIGN"; cls["pair"] = "OPC_PAIR"; cls["conditional"] = "OPC_COND"
    cls["arrow"] = "OPC_ARROW"; cls["lazy-or"] = "OPC_OR"; cls["lazy-and"] = "OPC_AND"
    cls["comparison"] = "OPC_COMPARISON"; cls["pipe-lt"] = "OPC_PIPE_LT"
    cls["pipe-gt"] = "OPC_PIPE_GT"; cls["colon"] = "OPC_COLON"; cls["plus"] = "OPC_PLUS"
    cls["times"] = "OPC_TIMES"; cls["rational"] = "OPC_RATIONAL"; cls["bitshift"] = "OPC_BITSHIFT"
    cls["power"] = "OPC_POWER"; cls["decl"] = "OPC_DECL"; cls["dot"] = "OPC_DOT"
    cls["where"] = "OPC_WHERE"; cls["lambda"] = "OPC_LAMBDA"; cls["unary"] = "OPC_UNARY"
    cls["postfix"] = "OPC_POSTFIX"
    # Operators that take no suffix characters (JuliaSyntax's list): the whole
    # assignment class plus these spellings.
    split("? <: >: && || in isa : .. $ :: where . ! -> ...", ns, " ")
    for (i in ns) nosuffix[ns[i]] = 1
    # Syntactic roles (src/optable.h's op_id), by normalized spelling: the parser compares
    # these ids, never spellings.  Pairs of spelling and id, separated by spaces.
    nid = split("= OP_EQ ~ OP_TILDE := OP_COLONEQ ≔ OP_DEFEQ ≕ OP_EQCOLON ⩴ OP_DCOLONEQ " \
                "? OP_QUESTION -> OP_LAMBDA --> OP_LONGARROW || OP_OROR && OP_ANDAND " \
                "in OP_IN ∈ OP_ELEMENT isa OP_ISA <: OP_SUBTYPE >: OP_SUPERTYPE " \
                ": OP_COLON ... OP_SPLAT + OP_PLUS - OP_MINUS ++ OP_PLUSPLUS * OP_STAR " \
                "$ OP_DOLLAR & OP_AMP :: OP_DECL where OP_WHERE . OP_DOT " \
                "√ OP_SQRT ∛ OP_CBRT ∜ OP_FOURTHROOT", idl, " ")
    for (i = 1; i < nid; i += 2) opid[idl[i]] = idl[i + 1]
    # the radicals and logical not, by code point: U+00AC U+221A U+221B U+221C
    split("U+00AC U+221A U+221B U+221C", ncp, " ")
    for (i in ncp) nosuffixcp[ncp[i]] = 1
}
NR == 1 { next }
{
    if (!($2 in cls)) { print "gen_optable: unknown class " $2 > "/dev/stderr"; exit 1 }
    n = split($7, cps, " ")
    spell = ""; name = ""; total = 0
    for (i = 1; i <= n; i++) {
        spell = spell utf8(hex(cps[i]))
        if (i == 1) nfirst[bytes[0]]++
    }
    len = total
    for (i = 1; i <= n; i++) name = name utf8(charmap(hex(cps[i])))
    flags = ""
    if ($4 == "yes") flags = flags "|OPF_DOTTABLE"
    if ($5 == "yes") flags = flags "|OPF_UNARY"
    if ($8 == "yes") flags = flags "|OPF_SYNTACTIC"
    if ($2 != "assignment" && !($1 in nosuffix) && !($7 in nosuffixcp)) flags = flags "|OPF_SUFFIX"
    if ($3 == "right") flags = flags "|OPF_RIGHT"
    if (flags == "") flags = "0"; else flags = substr(flags, 2)
    key = $9 != "" ? $9 : $1
    id = key in opid ? opid[key] : "OP_NONE"
    printf "    {\"%s\", \"%s\", %d, %s, %s, %s},\n", spell, name, len, cls[$2], flags, id
}
END {
    line = "#define OPTABLE_FIRST_BYTE {"
    below = 0
    for (b = 0; b <= 256; b++) {
        line = line (b ? "," : "") below
        below += nfirst[b]
    }
    print line "}"
}

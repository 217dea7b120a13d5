#!/bin/sh
# gen_fuzz_builtins.sh BUILTINS.TXT — the C table of builtin names that the structure-aware
# fuzz generator calls: one `{"name", is_identifier},` row per distinct name of
# `jcalc --list-builtins` (its first column), in that (sorted) order.
# is_identifier tells whether `name(args)` parses, or the name is an operator that is
# called as `(op)(args)` or written infix.
cut -f1 "$1" | LC_ALL=C awk '
    !seen[$0]++ {
        ident = ($0 ~ /^[A-Za-z_][A-Za-z0-9_!]*$/) ? 1 : 0
        s = ""
        for (i = 1; i <= length($0); i++) {
            c = substr($0, i, 1)
            s = s ((c == "\\" || c == "\"") ? "\\" c : c)
        }
        printf "{\"%s\", %d},\n", s, ident
    }'

#!/bin/sh
# check_layers.sh — the ladder of docs/architecture.md, checked three ways.
#
# 1. Includes: every `#include "…"` of a file in src/ names a header of its own layer or
#    a lower one (the table below), but for the few listed in `peeks`, where a lower
#    layer reads the layout of an upper layer's object through its header and calls
#    nothing there.  A private header (NAME_impl.h) is included only by its own files:
#    src/eval_impl.h by src/eval*.c, a subdirectory's by that subdirectory.
# 2. Layer order at link level: from `nm` on the library's objects (build/obj/src;
#    main.o is the program itself), an object uses only symbols that objects of its own
#    layer or a lower one define.
# 3. Cycles: every strongly connected group of two or more objects is listed; the only
#    group allowed is the evaluator (src/eval*.c) with the builtin rows (src/lib/),
#    since builtins call back into the evaluator (map, sum over a generator ...).
# And no source file is over 2,000 lines.
#
#   tools/check_layers.sh [-v] [OBJDIR]
# exit 0: all three hold (the allowed groups are listed); 1: something breaks the
# ladder; 2: not built.  -v also prints every link dependency with the symbols behind
# it.  The objects are those of the current sources (src/**/*.c but main.c) under
# OBJDIR (build/obj), so a stale object of a deleted source is never read.
set -eu
verbose=0
if [ "${1:-}" = "-v" ]; then verbose=1; shift; fi
dir=${1:-build/obj}

# The layers, lowest first: a name, then the files (shell patterns from the top).
layers='
public     include/jcalc.h
base       src/jc.h src/util.* src/mem.* src/value.* src/sym.* src/err.* src/diag.* src/exc.* src/bits.h src/size.h src/ast.*
lexicon    src/ident.* src/optable.*
mathcore   src/mathcore/*
num        src/num/*
types      src/types.* src/func.h
storage    src/array.* src/range.* src/regex_obj.h
show       src/show.*
syntax     src/lex.* src/sexpr.* src/unparse.* src/parse*.* src/macro.h
evaluator  src/eval*.* src/lib/*
api        src/api.c
front      src/main.c src/repl/* src/compl.* src/help.*
'
# A lower file that includes an upper header for an object's layout: the file, the header.
peeks='
src/types.c        src/array.h   the element type of an array value (typeof)
src/types.c        src/range.h   the element and step types of a range value
src/num/numtype.c  src/range.h   the type of a range value
'

# prints "path index" for every path on stdin, by the table above
layers_of() {
    awk -v names="$layers" '
        BEGIN { m = split(names, nl, "\n")
                for (i = 1; i <= m; i++) if (nl[i] ~ /[^ ]/) { k++; c = split(nl[i], q, " ")
                    for (j = 2; j <= c; j++) { g = q[j]; gsub(/\./, "\\.", g); gsub(/\*/, "[^/]*", g); pat[++np] = "^" g "$"; pl[np] = k } } }
        { for (i = 1; i <= np; i++) if ($1 ~ pat[i]) { print $1, pl[i]; next }; print $1, 0 }'
}
files=$(find src include -name '*.[ch]' | LC_ALL=C sort)
bad=0

# ---- 1. includes ----
{ printf '%s\n' "$files" | layers_of | sed 's/^/L /'
  printf '%s\n' "$peeks" | awk 'NF { print "P", $1, $2 }'
  for f in $files; do sed -n "s|^#include \"\([^\"]*\)\".*|I $f \1|p" "$f"; done
} | awk -v names="$layers" '
BEGIN { m = split(names, nl, "\n"); k = 0
        for (i = 1; i <= m; i++) if (nl[i] ~ /[^ ]/) { split(nl[i], q, " "); lname[++k] = q[1] } }
$1 == "L" { lay[$2] = $3; if (!$3) { print "UNLAYERED: " $2 " is in no layer of tools/check_layers.sh"; bad = 1 }; next }
$1 == "P" { peek[$2 " " $3] = 1; next }
function norm(p,    a, n, i, o, r) {
    n = split(p, a, "/"); o = 0
    for (i = 1; i <= n; i++) { if (a[i] == ".") continue; if (a[i] == "..") { o--; continue } r[++o] = a[i] }
    p = r[1]; for (i = 2; i <= o; i++) p = p "/" r[i]
    return p
}
{
    f = $2; inc = $3; d = f; sub(/\/[^\/]*$/, "", d)
    if (inc ~ /\.inc$/) next                          # generated tables (build/gen)
    h = ""
    if (norm(d "/" inc) in lay) h = norm(d "/" inc)
    else if (("src/" inc) in lay) h = "src/" inc
    else if (("include/" inc) in lay) h = "include/" inc
    if (h == "") next
    if (!lay[f]) next
    if (h ~ /_impl\.h$/) {
        hd = h; sub(/\/[^\/]*$/, "", hd); hp = h; sub(/^.*\//, "", hp); sub(/_impl\.h$/, "", hp)
        if (hd == "src" ? index(f, "src/" hp) != 1 : index(f, hd "/") != 1) {
            print "PRIVATE: " f " includes " h " (only " (hd == "src" ? "src/" hp "*" : hd "/") ")"; bad = 1
        }
    }
    if (lay[h] > lay[f] && !((f " " h) in peek)) {
        print "UPWARD include: " f " (" lname[lay[f]] ") includes " h " (" lname[lay[h]] ")"; bad = 1
    }
}
END { exit bad }' || bad=1

# ---- no source over 2,000 lines: a file that long holds more than one job ----
for f in $files; do
    n=$(wc -l < "$f")
    [ "$n" -le 2000 ] || { echo "TOO LONG: $f has $n lines (at most 2,000)"; bad=1; }
done

# ---- 2. and 3. the objects ----
objs=
for c in $(find src -name '*.c' ! -name main.c | LC_ALL=C sort); do
    o=$dir/${c%.c}.o
    [ -f "$o" ] || { echo "check_layers: $o: not built" >&2; exit 2; }
    objs="$objs $o"
done
map=$(printf '%s\n' "$files" | layers_of | sed -n 's|^src/||p')
odir=$dir/src
for o in $objs; do
    nm "$o" | awk -v o="${o#$odir/}" '
        NF == 3 && $2 ~ /^[TDBRC]$/ { print "D", o, $3 }
        NF == 2 && $1 == "U" { print "U", o, $2 }'
done | LC_ALL=C awk -v verbose="$verbose" -v map="$map" -v names="$layers" '
BEGIN {
    m = split(map, ml, "\n")
    for (i = 1; i <= m; i++) { split(ml[i], q, " "); o = q[1]; sub(/\.c$/, ".o", o); lay[o] = q[2] }
    m = split(names, nl, "\n"); k = 0
    for (i = 1; i <= m; i++) if (nl[i] ~ /[^ ]/) { split(nl[i], q, " "); lname[++k] = q[1] }
}
$1 == "D" { def[$3] = $2; next }
{ use[NR] = $2 " " $3 }
END {
    for (i in use) {
        split(use[i], p, " ")
        if (!(p[2] in def) || def[p[2]] == p[1]) continue
        e = p[1] SUBSEP def[p[2]]
        if (!(e in edge)) { edge[e] = 1; adj[p[1]] = adj[p[1]] " " def[p[2]] }
        syms[e] = syms[e] " " p[2]
        node[p[1]] = 1; node[def[p[2]]] = 1
    }
    bad = 0
    for (e in edge) {
        split(e, q, SUBSEP)
        if (verbose) print q[1] " -> " q[2] ":" syms[e]
        if (lay[q[2]] > lay[q[1]]) {
            print "UPWARD use: " q[1] " (" lname[lay[q[1]]] ") uses" syms[e] " of " q[2] " (" lname[lay[q[2]]] ")"
            bad = 1
        }
    }
    n = 0
    for (v in node) if (!(v in idx)) strong(v)
    exit bad
}
# Tarjan: idx/low per node, an explicit stack of nodes
function strong(v,    ws, k, w, comp, m, ok, j) {
    idx[v] = low[v] = n++; stack[++sp] = v; on[v] = 1
    m = split(adj[v], ws, " ")
    for (k = 1; k <= m; k++) {
        w = ws[k]
        if (!(w in idx)) { strong(w); if (low[w] < low[v]) low[v] = low[w] }
        else if (on[w] && idx[w] < low[v]) low[v] = idx[w]
    }
    if (low[v] != idx[v]) return
    comp = ""; j = 0; ok = 1
    do {
        w = stack[sp--]; on[w] = 0; comp = comp " " w; j++
        if (w !~ /^eval[^\/]*\.o$/ && w !~ /^lib\//) ok = 0
    } while (w != v)
    if (j < 2) return
    print (ok ? "allowed cycle (evaluator and builtins):" : "FORBIDDEN cycle:") comp
    if (!ok) bad = 1
}' || bad=1
exit $bad

#!/bin/sh
# check_layers.sh — the link-level ladder check (docs/architecture.md).
#
# From `nm` on the library's object files (build/obj/src; main.o, the command line, is the program itself), an object
# depends on another when it uses a symbol the other defines.  Every strongly connected
# group of two or more objects is listed; the only group allowed is the evaluator
# (src/eval*.c) with the builtin rows (src/lib/), since builtins call back into the
# evaluator (map, sum over a generator ...).  Any other cycle fails the check.
#
#   tools/check_layers.sh [-v] [OBJDIR]
# exit 0: no forbidden cycle (the groups found are listed); 1: a forbidden one; 2: not
# built.  -v also prints every dependency with the symbols behind it.  The objects are
# those of the current sources (src/**/*.c but main.c) under OBJDIR (build/obj), so a
# stale object of a deleted source is never read.
set -eu
verbose=0
if [ "${1:-}" = "-v" ]; then verbose=1; shift; fi
dir=${1:-build/obj}
objs=
for c in $(find src -name '*.c' ! -name main.c | LC_ALL=C sort); do
    o=$dir/${c%.c}.o
    [ -f "$o" ] || { echo "check_layers: $o: not built" >&2; exit 2; }
    objs="$objs $o"
done
dir=$dir/src
for o in $objs; do
    nm "$o" | awk -v o="${o#$dir/}" '
        NF == 3 && $2 ~ /^[TDBRC]$/ { print "D", o, $3 }
        NF == 2 && $1 == "U" { print "U", o, $2 }'
done | LC_ALL=C awk -v verbose="$verbose" '
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
    if (verbose)
        for (e in edge) { split(e, q, SUBSEP); print q[1] " -> " q[2] ":" syms[e] }
    n = 0; bad = 0
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
}'

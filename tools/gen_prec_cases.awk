# gen_prec_cases.awk — writes tests/parse/precedence.txt: for every pair of binary
# operators from the documented precedence ladder (operators.md §1: class number and
# associativity), the S-expression JuliaSyntax gives for `a OP1 b OP2 c`.  The expected
# trees come from the ladder alone, not from jcalc.  Run once; the output is committed.
function node(op, x, y) {
    if (op == "||" || op == "&&") return "(" op " " x " " y ")"
    return "(call-i " x " " op " " y ")"
}
BEGIN {
    n = split("=> 2 R;→ 4 R;⥺ 4 R;|| 5 R;&& 6 R;< 7 C;≥ 7 C;∈ 7 C;<| 8 R;|> 9 L;+ 11 L;- 11 L;⊕ 11 L;| 11 L;* 12 L;/ 12 L;÷ 12 L;⊗ 12 L;// 13 L;<< 14 L;>> 14 L;^ 15 R;↑ 15 R", rows, ";")
    k = 0
    for (i = 1; i <= n; i++) {
        split(rows[i], f, " ")
        op[k] = f[1]; pr[k] = f[2] + 0; as[k] = f[3]; k++
    }
    for (i = 0; i < k; i++) for (j = 0; j < k; j++) {
        o1 = op[i]; o2 = op[j]
        if (o1 == o2 && (o1 == "+" || o1 == "*")) continue   # n-ary chains, tested apart
        input = "a " o1 " b " o2 " c"
        if (as[i] == "C" && as[j] == "C")
            out = "(comparison a " o1 " b " o2 " c)"
        else if (pr[i] > pr[j] || (pr[i] == pr[j] && as[i] == "L"))
            out = node(o2, node(o1, "a", "b"), "c")
        else
            out = node(o1, "a", node(o2, "b", "c"))
        print input "\t" out
    }
}

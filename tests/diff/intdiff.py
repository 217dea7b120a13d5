#!/usr/bin/env python3
"""intdiff.py — differential test of jcalc's integer and rational arithmetic against
Python's exact int and fractions.Fraction.

    intdiff.py [-n N] [-s SEED] [-j JCALC] [-v]

Generates N random expressions (fixed SEED: the same cases every run) over Int64 values,
values at the Int64 edges, BigInts and Rationals, with + - * // ÷ % mod div fld cld ^
(small exponents), gcd, lcm, abs and comparisons.  jcalc's Int never wraps (README,
"Differences from Julia"): an Int64 result that overflows continues as a BigInt, so the
exact value is always the expected one.  Cases whose value is undefined (a zero divisor)
are not generated.  All cases go through one jcalc process on stdin, one line each,
printed as "#K value"; a missing line is an error jcalc raised where none is expected.
Prints each mismatch and ends with "N passed, M failed"; exit status 1 on a mismatch.
"""
import argparse
import random
import subprocess
import sys
from fractions import Fraction

INT64_MIN, INT64_MAX = -2**63, 2**63 - 1


class Undefined(Exception):
    pass


def leaf(rng, want_int):
    """(text, value, is_int)"""
    k = rng.randrange(10)
    if k < 3:
        n = rng.randint(-20, 20)
    elif k < 5:
        n = rng.randint(-10**6, 10**6)
    elif k < 7:
        n = rng.choice([INT64_MAX, INT64_MIN, 2**62, -2**62, 2**32, 3037000499,
                        3037000500]) + rng.randint(-3, 3)
        n = max(n, INT64_MIN)
    elif k < 8:
        n = rng.randint(-2**100, 2**100)
        if rng.randrange(2):
            return ("big(%d)" % n if n >= 0 else "big(%d)" % n), Fraction(n), True
    elif k < 9 or want_int:
        n = rng.randint(-2**70, 2**70)
    else:
        p = rng.randint(-50, 50)
        q = rng.randint(1, 50)
        return "(%d//%d)" % (p, q), Fraction(p, q), False
    text = str(n) if n >= 0 else "(%d)" % n
    if n == INT64_MIN:
        text = "typemin(Int)"
    return text, Fraction(n), True


def trunc_div(a, b):
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


INT_OPS = ["÷", "%", "mod", "div", "fld", "cld", "gcd", "lcm"]


def expr(rng, depth, want_int=False):
    """(text, value, is_int); raises Undefined for a zero divisor"""
    if depth == 0 or rng.randrange(3) == 0:
        return leaf(rng, want_int)
    k = rng.randrange(12)
    if k < 5 or (want_int and k < 9):
        op = rng.choice(["+", "-", "*"]) if k < 5 else rng.choice(INT_OPS)
        if op in INT_OPS:
            ta, a, _ = expr(rng, depth - 1, True)
            tb, b, _ = expr(rng, depth - 1, True)
            a, b = a.numerator, b.numerator
            if op in ("gcd", "lcm"):
                import math
                g = math.gcd(a, b)
                v = g if op == "gcd" else (0 if g == 0 else abs(a * b) // g)
            else:
                if b == 0:
                    raise Undefined()
                if op in ("÷", "div"):
                    v = trunc_div(a, b)
                elif op == "%":
                    v = a - b * trunc_div(a, b)
                elif op == "mod":
                    v = a % b
                elif op == "fld":
                    v = a // b
                else:
                    v = -((-a) // b)
            if op in ("÷", "%"):
                return "(%s %s %s)" % (ta, op, tb), Fraction(v), True
            return "%s(%s, %s)" % (op, ta, tb), Fraction(v), True
        ta, a, ia = expr(rng, depth - 1, want_int)
        tb, b, ib = expr(rng, depth - 1, want_int)
        v = a + b if op == "+" else a - b if op == "-" else a * b
        return "(%s %s %s)" % (ta, op, tb), v, ia and ib
    if k < 7 and not want_int:
        ta, a, _ = expr(rng, depth - 1)
        tb, b, _ = expr(rng, depth - 1)
        if b == 0:
            raise Undefined()
        return "(%s // %s)" % (ta, tb), a / b, False
    if k < 9:
        ta, a, ia = expr(rng, depth - 1, want_int)
        e = rng.randint(0, 5)
        if a.numerator.bit_length() * e > 4000:
            e = 1
        return "(%s)^%d" % (ta, e), a ** e, ia
    if k < 10:
        ta, a, ia = expr(rng, depth - 1, want_int)
        return "abs(%s)" % ta, abs(a), ia
    ta, a, ia = expr(rng, depth - 1, want_int)
    return "-(%s)" % ta, -a, ia


def show(v, is_int):
    if is_int:
        assert v.denominator == 1
        return str(v.numerator)
    return "%d//%d" % (v.numerator, v.denominator)


def cases(n, seed):
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        try:
            if rng.randrange(6) == 0:
                ta, a, _ = expr(rng, 2)
                tb, b, _ = expr(rng, 2)
                op = rng.choice(["<", "<=", "==", "!=", ">", ">="])
                v = {"<": a < b, "<=": a <= b, "==": a == b, "!=": a != b,
                     ">": a > b, ">=": a >= b}[op]
                out.append(("%s %s %s" % (ta, op, tb), "true" if v else "false"))
            else:
                t, v, i = expr(rng, rng.randint(1, 4))
                out.append((t, show(v, i)))
        except Undefined:
            pass
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", type=int, default=2000)
    ap.add_argument("-s", "--seed", type=int, default=1)
    ap.add_argument("-j", "--jcalc", default="./build/jcalc")
    ap.add_argument("-v", action="store_true", help="print every case")
    args = ap.parse_args()
    cs = cases(args.n, args.seed)
    prog = "".join('println("#%d ", %s)\n' % (k, t) for k, (t, _) in enumerate(cs))
    p = subprocess.run([args.jcalc, "--color=no"], input=prog.encode(),
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=600)
    got = {}
    for line in p.stdout.decode(errors="replace").splitlines():
        if line.startswith("#"):
            k, _, v = line[1:].partition(" ")
            got[int(k)] = v
    errs = [l for l in p.stderr.decode(errors="replace").splitlines() if l.startswith("ERROR")]
    passed = failed = 0
    for k, (t, want) in enumerate(cs):
        g = got.get(k)
        if args.v:
            print(t, "=>", g)
        if g == want:
            passed += 1
        else:
            failed += 1
            print("FAIL intdiff #%d: %s\n  want: %s\n  got:  %s" % (
                k, t, want, g if g is not None else "(an error; see stderr)"))
    if failed and errs:
        print("jcalc's errors:", *errs[:10], sep="\n  ")
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

#!/bin/sh
# cli.sh — the command line as a user meets it: options, exit statuses, the three
# front ends (-e, streams, --parse).  Expected outputs are Julia 1.10's (see
# shared reference) or follow from the documented behaviour of jcalc's options.
JCALC=${JCALC:-./build/jcalc}
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); printf 'FAIL %s\n' "$*"; }

# expect_out NAME EXPECTED-STDOUT EXPECTED-STATUS -- command...
expect_out() {
    name=$1 want=$2 want_status=$3
    shift 4
    got=$("$@" 2>"$tmp/err")
    status=$?
    if [ "$got" = "$want" ] && [ "$status" -eq "$want_status" ]; then ok; else
        bad "$name: got '$got' (exit $status), want '$want' (exit $want_status)"
        head -n 5 "$tmp/err"
    fi
}

# expect_err NAME PATTERN EXPECTED-STATUS -- command...   (grep -F on stderr)
expect_err() {
    name=$1 pattern=$2 want_status=$3
    shift 4
    "$@" >"$tmp/out" 2>"$tmp/err"
    status=$?
    if grep -qF -- "$pattern" "$tmp/err" && [ "$status" -eq "$want_status" ]; then ok; else
        bad "$name: stderr lacks '$pattern' or exit $status != $want_status"
        head -n 8 "$tmp/err"
    fi
}

expect_out "2^64 never wraps" "18446744073709551616" 0 -- "$JCALC" -e '2^64'
expect_out "0.1+0.2" "0.30000000000000004" 0 -- "$JCALC" -e '0.1+0.2'
expect_out "1e6" "1.0e6" 0 -- "$JCALC" -e '1e6'
expect_out "1e5" "100000.0" 0 -- "$JCALC" -e '1e5'
expect_out "-2^2" "-4" 0 -- "$JCALC" -e '-2^2'
expect_out "last value of -e" "2" 0 -- "$JCALC" -e 'a = 1; a + 1'
expect_out "; suppresses" "" 0 -- "$JCALC" -e 'x = 1;'
expect_out "each -e in order" "$(printf '2\n4')" 0 -- "$JCALC" -e 'x = 2' -e 'x^2'
expect_out "stdin lines" "$(printf '2\n6')" 0 -- sh -c "printf '1+1\n2*3\n' | \"$JCALC\""
expect_out "stdin continuation" "3" 0 -- sh -c "printf '(1 +\n 2)\n' | \"$JCALC\""
expect_out "stdin without input" "" 0 -- sh -c "\"$JCALC\" </dev/null"
expect_out "stdin goes on after an error" "3" 1 -- sh -c "printf '1 ÷ 0\n3\n' | \"$JCALC\""
expect_err "stdin error text" "ERROR: DivideError: integer division error" 1 -- sh -c "printf '1 ÷ 0\n3\n' | \"$JCALC\""
expect_err "stdin error position" "stdin:1:" 1 -- sh -c "printf '1 ÷ 0\n3\n' | \"$JCALC\""
printf '1 + 1\n\n2 +* 3\n' >"$tmp/prog.jl"
expect_err "file error line" "# Error @ $tmp/prog.jl:3:" 1 -- "$JCALC" "$tmp/prog.jl"
expect_out "file values" "2" 1 -- "$JCALC" "$tmp/prog.jl"
expect_err "1 +* 2 ParseError" "ERROR: ParseError:" 1 -- "$JCALC" -e '1 +* 2'
expect_err "1 +* 2 position" "# Error @ none:1:" 1 -- "$JCALC" -e '1 +* 2'
expect_err "1 ÷ 0" "ERROR: DivideError: integer division error" 1 -- "$JCALC" -e '1 ÷ 0'
expect_err "undefined name" 'ERROR: UndefVarError: `foo` not defined' 1 -- "$JCALC" -e 'foo'
expect_err "-e stops at the first error" "DivideError" 1 -- "$JCALC" -e '1 ÷ 0' -e 'exit(0)'
expect_out "--help" "Usage: jcalc [OPTIONS] [FILE...]" 0 -- sh -c "\"$JCALC\" --help | head -n 1"
expect_out "--version" "jcalc version" 0 -- sh -c "\"$JCALC\" --version | cut -d' ' -f1-2"
expect_err "unknown option" "jcalc: unknown option '--frobnicate' (try 'jcalc --help')" 2 -- "$JCALC" --frobnicate
expect_err "bad --color" "--color takes auto, yes or no" 2 -- "$JCALC" --color=purple -e 1
expect_err "bad --precision" "--precision needs a positive number of bits" 2 -- "$JCALC" --precision x -e 1
expect_err "-e without expression" "option '-e' needs an expression" 2 -- "$JCALC" -e
expect_out "--precision 64" "0.333333333333333333342" 0 -- "$JCALC" --precision 64 -e 'big(1)/3'
expect_err "missing file" "jcalc: cannot open" 1 -- "$JCALC" "$tmp/no-such-file.jl"
# colour: never when piped (auto), never with NO_COLOR, on with --color=yes
"$JCALC" -e 'foo' 2>"$tmp/err"
if grep -q "$(printf '\033')" "$tmp/err"; then bad "auto colour when piped"; else ok; fi
NO_COLOR=1 "$JCALC" --color=auto -e 'foo' 2>"$tmp/err"
if grep -q "$(printf '\033')" "$tmp/err"; then bad "NO_COLOR honoured"; else ok; fi
"$JCALC" --color=yes -e 'foo' 2>"$tmp/err"
if grep -q "$(printf '\033')\[91m" "$tmp/err"; then ok; else bad "--color=yes colours ERROR"; fi

# printstyled: Julia's sequences with colour on (colour, bold on; bold off, colour off,
# each line styled on its own), plain text with colour off
want=$(printf '\033[31m\033[1mhi\033[22m\033[39m\n\033[31m\033[1mthere\033[22m\033[39m')
expect_out "printstyled in colour" "$want" 0 -- "$JCALC" --color=yes -e 'printstyled("hi\nthere"; color=:red, bold=true)'
expect_out "printstyled plain" "hi" 0 -- "$JCALC" --color=no -e 'printstyled("hi"; color=:red, bold=true)'
want=$(printf '\033[0m\033[4mu\033[24m')
expect_out "printstyled default colour" "$want" 0 -- "$JCALC" --color=yes -e 'printstyled("u"; underline=true)'
want=$(printf '\033[38;5;208mx\033[39m')
expect_out "printstyled 256 colours" "$want" 0 -- "$JCALC" --color=yes -e 'printstyled("x"; color=208)'

echo "$pass passed, $fail failed"

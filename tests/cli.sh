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

# @time's line has the shape of base/timing.jl's (the digits vary): "%10.6f seconds", and
# "msg: %.6f seconds"; the value follows as the result of -e
t_out=$("$JCALC" -e '@time 1 + 1' 2>&1)
if printf '%s\n' "$t_out" | head -n 1 | grep -qE '^ +[0-9]+\.[0-9]{6} seconds$' &&
    [ "$(printf '%s\n' "$t_out" | sed -n 2p)" = 2 ] && [ "$(printf '%s\n' "$t_out" | head -n 1 | wc -c)" -eq 19 ]; then ok; else
    bad "@time line: '$t_out'"
fi
t_out=$("$JCALC" -e '@time "sum" 1 + 1;' -e '@showtime 2 + 2;' 2>&1)
if printf '%s\n' "$t_out" | grep -qE '^sum: [0-9]+\.[0-9]{6} seconds$' &&
    printf '%s\n' "$t_out" | grep -qE '^2 \+ 2: [0-9]+\.[0-9]{6} seconds$'; then ok; else
    bad "@time with a message, @showtime: '$t_out'"
fi
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

# ---- files: scripts as Julia reads them, within the input limit ----
mkdir "$tmp/adir"
printf '1 + 1\n' >"$tmp/two.jl"
expect_err "a directory argument is an error" "jcalc: cannot open '$tmp/adir/': Is a directory" 1 -- "$JCALC" "$tmp/adir/"
expect_out "the files after a directory still run" "2" 1 -- "$JCALC" "$tmp/adir" "$tmp/two.jl"
expect_err "/dev/zero stops at the input limit" "jcalc: /dev/zero:1: an expression longer than the input limit (4096 bytes)" 1 -- env JCALC_INPUT_LIMIT=4096 timeout 60 "$JCALC" /dev/zero
expect_err "the limit error names the expression's first line" "jcalc: stdin:3: an expression longer than the input limit (100 bytes)" 1 -- sh -c "(printf '1\\n2\\n(3 +\\n'; head -c 3000 /dev/zero) | JCALC_INPUT_LIMIT=100 \"$JCALC\" >/dev/null"
expect_out "a pipe named as a file is read" "1024" 0 -- sh -c "echo '2^10' | \"$JCALC\" /dev/stdin"
expect_out "the limit bounds one expression, not the stream" "3000" 0 -- sh -c "yes 1 | head -n 3000 | JCALC_INPUT_LIMIT=64 \"$JCALC\" | wc -l | tr -d ' '"
# a FIFO whose writer never stops, inside a string that never ends: stopped at the
# limit, then the writer is killed
mkfifo "$tmp/fifo"
(printf 'x = """\n'; exec yes 'more') >"$tmp/fifo" 2>/dev/null &
writer=$!
expect_err "a FIFO fed for ever stops at the limit" "an expression longer than the input limit (2000 bytes)" 1 -- env JCALC_INPUT_LIMIT=2000 timeout 60 "$JCALC" "$tmp/fifo"
kill "$writer" 2>/dev/null
wait "$writer" 2>/dev/null

# ---- files: history and startup file, refused when another user could control them ----
# repl_ok NAME PATTERN -- [VAR=VALUE...]: a REPL session in a pseudo-terminal (script(1)
# of util-linux) with HOME and the XDG directories under $home, typing 1+1; its output
# (stderr shows on the terminal too) must hold PATTERN and the value 2, and it must end
# with status 0 within the timeout.
home=$tmp/home
repl_ok() {
    name=$1 pattern=$2
    shift 3
    printf '1+1\nexit()\n' | env HOME="$home" XDG_STATE_HOME="$home/state" XDG_CONFIG_HOME="$home/config" \
        INPUTRC="$tmp/inputrc" TERM=dumb "$@" timeout 20 script -qec "'$JCALC' -q --color=no" /dev/null \
        >"$tmp/repl" 2>&1
    status=$?
    if grep -qF -- "$pattern" "$tmp/repl" && tr -d '\r' <"$tmp/repl" | grep -qx 2 && [ "$status" -eq 0 ]; then
        ok
    else
        bad "$name: output lacks '$pattern' or the value 2, or exit $status != 0"
        head -n 8 "$tmp/repl"
    fi
}
# fresh_home: empty state and config directories, as jcalc would make them
fresh_home() {
    rm -rf "$home"
    mkdir -p "$home/state/jcalc" "$home/config/jcalc"
    chmod -R 700 "$home"
}
hist=$home/state/jcalc/history
startup=$home/config/jcalc/startup.jl
echo 'set enable-bracketed-paste off' >"$tmp/inputrc"
if ! printf '' | script -qec true /dev/null >/dev/null 2>&1; then
    echo "skip: the REPL file checks need script(1) from util-linux"
else
    rm -rf "$home"
    repl_ok "history made on first use" "jcalc> " --
    if [ "$(stat -c %a "$home/state/jcalc")" = 700 ] && [ "$(stat -c %a "$hist")" = 600 ]; then ok; else
        bad "history directory 0700 and file 0600: $(stat -c %a "$home/state/jcalc" "$hist" | tr '\n' ' ')"
    fi

    fresh_home
    printf 'export PATH=/bin\n' >"$tmp/bashrc"
    chmod 600 "$tmp/bashrc"
    ln -s "$tmp/bashrc" "$hist"
    repl_ok "symlinked history refused" "jcalc: not using history file $hist: it is a symbolic link" --
    if [ "$(cat "$tmp/bashrc")" = "export PATH=/bin" ]; then ok; else bad "the symlink's target was written"; fi

    fresh_home
    ln "$tmp/bashrc" "$hist"
    repl_ok "hard-linked history refused" "it has 2 hard links" --
    if [ "$(cat "$tmp/bashrc")" = "export PATH=/bin" ]; then ok; else bad "the hard link's target was written"; fi

    fresh_home
    : >"$hist"
    chmod 666 "$hist"
    repl_ok "0666 history refused" "jcalc: not using history file $hist: it is writable by others" --
    if [ ! -s "$hist" ]; then ok; else bad "a refused history file was written"; fi

    fresh_home
    mkfifo "$hist"
    repl_ok "a FIFO as history does not hang" "not using history file $hist: it is a FIFO" --

    fresh_home
    mkfifo "$startup"
    printf '1+1\nexit()\n' | env HOME="$home" XDG_STATE_HOME="$home/state" XDG_CONFIG_HOME="$home/config" \
        INPUTRC="$tmp/inputrc" TERM=dumb timeout 5 script -qec "'$JCALC' -q --color=no" /dev/null >"$tmp/repl" 2>&1
    status=$?
    if [ "$status" -eq 0 ] && grep -qF "not using startup file $startup: it is a FIFO" "$tmp/repl"; then ok; else
        bad "a FIFO as startup file: exit $status (124: it hung)"
        head -n 5 "$tmp/repl"
    fi

    fresh_home
    head -c 3000 /dev/zero | tr '\0' ' ' >"$startup"
    repl_ok "a startup file past the input limit is refused" "it is longer than the input limit (1000 bytes)" -- JCALC_INPUT_LIMIT=1000

    # two users' worth of file permissions: everything another user (uid 65534) owns or
    # may write is refused, one line each, and jcalc works without it
    if [ "$(id -u)" -ne 0 ]; then
        echo "skip: the checks of files owned by another user need root (chown)"
    else
        fresh_home
        printf 'planted = 1\n' >"$startup"
        chown 65534 "$startup"
        : >"$hist"
        chmod 600 "$hist"
        chown 65534 "$hist"
        repl_ok "history owned by another user refused" "jcalc: not using history file $hist: it is owned by another user (uid 65534)" --
        repl_ok "startup file owned by another user refused" "jcalc: not using startup file $startup: it is owned by another user (uid 65534)" --

        fresh_home
        printf 'planted = 1\n' >"$startup"
        chmod 620 "$startup"
        chown 0:65534 "$startup"
        repl_ok "group-writable startup file refused" "not using startup file $startup: it is writable by its group" --

        fresh_home
        chown 65534 "$home/state/jcalc"
        repl_ok "history directory owned by another user refused" "not using history file $hist: its directory is owned by another user (uid 65534)" --

        fresh_home
        chmod 777 "$home/config/jcalc"
        printf 'planted = 1\n' >"$startup"
        chmod 600 "$startup"
        repl_ok "startup file in a directory others may write refused" "not using startup file $startup: its directory is writable by others" --
        if grep -q planted "$tmp/repl"; then bad "a refused startup file ran"; else ok; fi

        # and the same files, made safe, are used again
        fresh_home
        printf 'from_startup = 2\n' >"$startup"
        chmod 600 "$startup"
        printf 'from_startup\nexit()\n' | env HOME="$home" XDG_STATE_HOME="$home/state" XDG_CONFIG_HOME="$home/config" \
            INPUTRC="$tmp/inputrc" TERM=dumb timeout 20 script -qec "'$JCALC' -q --color=no" /dev/null >"$tmp/repl" 2>&1
        if tr -d '\r' <"$tmp/repl" | grep -qx 2 && ! grep -q 'not using' "$tmp/repl" &&
            grep -q from_startup "$hist"; then ok; else
            bad "safe startup and history files are used"
            head -n 5 "$tmp/repl"
        fi
    fi
fi

# Long expressions nest as deep as they are long: a million-term left-associative chain
# runs as a loop, and any other deep nesting is a StackOverflowError, never a crash.
awk 'BEGIN { printf "1"; for (i = 0; i < 1000000; i++) printf "-1"; print "" }' >"$tmp/chain.jl"
expect_out "1-1-…-1, 10^6 terms" "-999999" 0 -- "$JCALC" "$tmp/chain.jl"
awk 'BEGIN { printf "x = 1; y = x"; for (i = 0; i < 300000; i++) printf " - 2x"; print "" }' >"$tmp/chain2.jl"
expect_out "x - 2x - …, 3·10^5 terms" "-599999" 0 -- "$JCALC" "$tmp/chain2.jl"
awk 'BEGIN { printf "x = [1]; x"; for (i = 0; i < 300000; i++) printf "[1]"; print "" }' >"$tmp/deep.jl"
expect_err "x[1][1]… 3·10^5 deep" "Error" 1 -- "$JCALC" "$tmp/deep.jl"
awk 'BEGIN { printf "f(x) = x; "; for (i = 0; i < 300000; i++) printf "f("; printf "1"; for (i = 0; i < 300000; i++) printf ")"; print "" }' >"$tmp/deepcall.jl"
expect_err "f(f(…f(1)…)) 3·10^5 deep" "Error" 1 -- "$JCALC" "$tmp/deepcall.jl"

# A fold over a generator holds one element at a time: 10^6 elements fold within a 20 MB
# budget that their collected Vector (and the comprehension) would exceed.
expect_out "sum over a generator in constant memory" "500000500000" 0 -- "$JCALC" --max-memory 20M -e 'sum(i for i in 1:10^6)'
expect_err "the collected comprehension does not fit" "OutOfMemoryError" 1 -- "$JCALC" --max-memory 20M -e 'sum([i for i in 1:10^6])'
expect_out "any stops at the first true" "true" 0 -- "$JCALC" -e 'any(i > 5 for i in 1:10^18)'

# Garbage is collected while a loop runs: 3·10^6 dropped tuples and 10^6 arrays that
# contain themselves (cycles) fit a 16 MB budget that they filled before the input's end.
expect_out "dropped tuples, collected in the loop" "1" 0 -- "$JCALC" --max-memory 16M -e 'for i in 1:3*10^6; t = (i, i); end; 1'
expect_out "cycles, collected in the loop" "1000000" 0 -- "$JCALC" --max-memory 16M -e 'function f(); s = 0; for i in 1:10^6; v = Any[]; push!(v, v); s += 1; end; s; end; f()'
expect_out "cycles, collected in a while loop at top level" "0" 0 -- "$JCALC" --max-memory 16M -e 'n = 10^6; while n > 0; global n; v = Any[]; push!(v, v); n -= 1; end; n'

echo "$pass passed, $fail failed"

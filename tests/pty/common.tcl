# common.tcl — shared by the tests/pty/*.exp REPL sessions (sourced, not a test).
# Every session runs the binary $JCALC (default ./build/jcalc) in a pseudo-terminal
# with HOME and the XDG directories in a fresh temporary directory, no colour unless
# asked, and generous timeouts so the sanitizer build passes too.
set jcalc [expr {[info exists env(JCALC)] ? $env(JCALC) : "./build/jcalc"}]
set tmp [exec mktemp -d /tmp/jcalc-pty-XXXXXX]
set env(HOME) $tmp
set env(XDG_STATE_HOME) $tmp/state
set env(XDG_CONFIG_HOME) $tmp/config
# no bracketed paste: its escapes would sit between the echoed line and the output
set f [open $tmp/inputrc w]
puts $f "set enable-bracketed-paste off"
close $f
set env(INPUTRC) $tmp/inputrc
set env(TERM) xterm
unset -nocomplain env(NO_COLOR)
unset -nocomplain env(JCALC_HISTORY_SIZE)
set timeout 30
log_user 1

proc cleanup {} {
    global tmp
    exec rm -rf $tmp
}
proc fail {msg} {
    puts "\nFAIL: $msg"
    cleanup
    exit 1
}
# Waits for the regular expression re; what names it in the failure message.
proc want {re what} {
    expect {
        -re $re {}
        timeout { fail "timeout waiting for $what" }
        eof { fail "end of output waiting for $what" }
    }
}
proc prompt {} { want "jcalc> $" "the prompt" }
# Starts jcalc (quiet, no colour unless args say otherwise) and waits for the prompt.
proc start {args} {
    global jcalc spawn_id
    spawn -noecho $jcalc -q --color=no {*}$args
    prompt
    return $spawn_id
}
# Ctrl-D on an empty line: jcalc must exit with status 0.
proc quit {} {
    global spawn_id
    send "\x04"
    expect {
        eof {}
        timeout { fail "Ctrl-D did not exit" }
    }
    set st [wait]
    if {[lindex $st 3] != 0} { fail "exit status [lindex $st 3] after Ctrl-D" }
}
proc pass {} {
    cleanup
    puts "\nPASS"
    exit 0
}

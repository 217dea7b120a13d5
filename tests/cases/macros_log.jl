# The logging macros as Julia's default ConsoleLogger writes them on stderr
# (stdlib/Logging/src/ConsoleLogger.jl; the manual's logging examples)
x = 1
@info "hello"
@info "msg" x y = 2
@warn "careful"
@error "bad" x
@debug "not shown below the Info level"
@info "two\nlines"
@info "a vector" v = [1, 2]
@info "once" maxlog = 1
@info 42
println("stdout goes on")

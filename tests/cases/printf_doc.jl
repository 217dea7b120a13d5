# The jldoctest examples of @printf and @sprintf (stdlib/Printf/src/Printf.jl)
@printf "Hello %s" "world"
println()
@printf "Scientific notation %e" 1.234
println()
@printf "Scientific notation three digits %.3e" 1.23456
println()
@printf "Decimal two digits %.2f" 1.23456
println()
@printf "Padded to length 5 %5i" 123
println()
@printf "Padded with zeros to length 6 %06i" 123
println()
@printf "Use shorter of decimal or scientific %g %g" 1.23 12300000.0
println()
@printf "Use dynamic width and precision  %*.*f" 10 2 0.12345
println()
@printf("%.0f %.1f %f\n", 0.5, 0.025, -0.0078125)
@sprintf "this is a %s %15.1f" "test" 34.567
# to a stream, and the value (nothing)
@printf(stdout, "%d-%d\n", 1, 2)
x = @printf("%s\n", "returned")
x === nothing
# BigInt, BigFloat and Rational arguments
@sprintf("%d %x %o", big(2)^80, big(2)^80, big(8)^30)
@sprintf("%.30f", big(1)/3)
@sprintf("%.3e", big(2)^1000)
@sprintf("%d %5.2f %g", 6//2, 1//3, 3//4)
# the macros by their module's name
Printf.@printf("%d|%5.1f\n", 3, 2.25)
Printf.@sprintf "%x" 255

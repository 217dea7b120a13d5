"Hello " * "world"
"ab"^3
'a' * "bc"
length("héllo")
ncodeunits("héllo")
uppercase("abc")
lowercase("ÀB")
startswith("julia", "ju")
endswith("julia", "ia")
occursin("li", "julia")
strip("  a b  ")
string(1, "x", 2.5)
string(1//2, " ", 1.5f0)
repr("a\"b")
reverse("abc")
join((1, 2, 3), ", ")
parse(Int, "42")
parse(Float64, "2.5")
codepoint('a')
println("x = ", 1)
printstyled("plain\n"; color=:red, bold=true)
"a" == "a"
"a" < "b"
'a' + 1
"tab\there"
s = "π ≈ $(round(π; digits=3))"

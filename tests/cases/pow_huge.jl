# huge integer powers of a purely imaginary base: b^n im^n, at once (im^n cycles by n mod 4)
((1//2)im)^(2^62)
((2//1)im)^(2^62+1)
(im)^(2^62+3)
(-im)^(2^62+1)
((1//2)im)^(-(2^62)-1)
# a TwicePrecision range times typemin(Int)
collect(typemin(Int) .* (1.0:0.5:3.0)) == typemin(Int) .* [1.0, 1.5, 2.0, 2.5, 3.0]
# a Gaussian rational power by squaring that runs into the size limit part way: an
# error, with none of the partial products used after the failure
try ((5//2)im)^(3^22) catch e; e isa OverflowError end
try (1//3 + 2//5im)^(3^21) catch e; e isa OverflowError end

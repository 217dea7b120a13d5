# a range indexed by an integer range is a range again (Julia's getindex(::AbstractRange,
# ::AbstractRange)); other indices give a Vector of the selected elements
(1:5)[2:3]
typeof((1:5)[2:3])
(1:10)[1:2:5]
(1:10)[2:3:10]
(10:-2:1)[2:3]
(0x01:0x05)[2:3]
typeof((0x01:0x05)[2:3])
('a':'e')[2:3]
(1//2:1//2:3)[2:3]
(1:5)[0x02:0x03]
x = 1:5; x[end-1:end]
(1:5)[:]
(1:5)[2, 1]
# an empty unit index gives Julia's st:st-1, unchecked
(1:5)[3:2]
(1:5)[10:9]
# a huge range is never materialised
(1:10^15)[10^15-1:10^15]
(1:10^15)[[2, 3]]
# vectors, masks and matrices of indices
(1:5)[[1, 3]]
(Int8(1):Int8(5))[[1, 3]]
(1:5)[[true, false, true, false, true]]
(1:5)[[1 2; 3 4]]
(0:0.1:1)[[2, 4]]
# minimum, maximum and extrema of a range come from its ends (Julia's range.jl), O(1)
maximum(1:10^15)
minimum(1:10^15)
extrema(1:10^15)
maximum(10:-3:1)
minimum(10:-3:1)
extrema(0:0.1:1)
extrema(typemin(Int):typemax(Int))
maximum('a':'e')
minimum(Int8(3):Int8(-1):Int8(1))

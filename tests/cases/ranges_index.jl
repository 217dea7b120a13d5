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
# a huge range is never materialised
(1:10^15)[10^15-1:10^15]
(1:10^15)[[2, 3]]
# vectors, masks and matrices of indices
(1:5)[[1, 3]]
(Int8(1):Int8(5))[[1, 3]]
(1:5)[[true, false, true, false, true]]
(1:5)[[1 2; 3 4]]
(0:0.1:1)[[2, 4]]

typeof(Int8(1):Int8(3))
0x01:0x03
typeof(0x01:0x03)
typeof(big(1):big(3))
typeof(Int8(1):2:10)
typeof(1:Int8(2):10)
typeof(Int16(1):Int8(3):Int8(5))
length(Int8(1):Int8(5))
length(1:0)
length(1:2:0)
isequal(1:3, 1:1:3)
(1:3) == [1, 2, 3]
isequal(1:0, 2:1)
typeof(1//2:1//2:3)
collect(1//2:1//2:3) == [1//2, 1, 3//2, 2, 5//2, 3]
typeof(1f0:0.5f0:3f0)
(0.1f0:0.1f0:0.3f0)[2] === 0.2f0
typeof(big(1.0):0.5:2)
sum(big(1):big(10)^40)
3 in Int8(1):Int8(5)
last(typemin(Int):typemax(Int))
reverse(reverse(typemin(Int):typemax(Int))) == typemin(Int):typemax(Int)

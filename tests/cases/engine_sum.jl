# sum and prod widen as Julia's add_sum and mul_prod do (base/reduce.jl: SmallSigned
# sums in Int, SmallUnsigned in UInt, Bool sums in Int), whatever the collection:
# the tuple path used to fold in Int8 and wrap (the issue's divergence).
sum((Int8(100), Int8(100)))
sum(Int8[100, 100])
sum(x for x in Int8[100, 100])
prod((Int8(100), Int8(100)))
prod(Int8[100, 100])
sum((UInt8(200), UInt8(200)))
sum(x -> x, (UInt8(200), UInt8(200)))
typeof(sum((Int16(1), Int16(2))))
typeof(sum((Int32(1),)))
sum((true, true, false))
typeof(sum((Int8(5),)))
typeof(sum(Int8(5)))
# maximum and minimum keep the element type
typeof(maximum((Int8(1), Int8(3))))
typeof(minimum(Int8[1, 3]))
sum((1.5, 2))

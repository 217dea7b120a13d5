for T in [Int8,Int16,Int32,Int64,Int128,UInt8,UInt16,UInt32,UInt64,UInt128]
    println("$(T): [$(typemin(T)),$(typemax(T))]")
end
x = typemax(UInt64)
x + 1
x + 1 == typemin(UInt64)
x = typemin(UInt64)
x - 1
128 % Int8

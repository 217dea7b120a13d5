f(x::T) where T = 1; f(Int)

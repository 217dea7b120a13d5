# A matrix that contains itself: a matrix's show (_show_nonempty, base/arrayshow.jl)
# neither checks nor pushes :SHOWN_SET, so Julia's show recurses until its stack
# overflows: StackOverflowError, after which the session goes on.
m = Any[1 2; 3 4]; m[1] = m;
repr(m)
x = 7
x

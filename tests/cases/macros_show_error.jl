# @show stops at the first error; what it showed before is released (a leak once)
@show [1, 2] (1, 2.5) 2x
1 + 1

# 0-dimensional arrays (Julia 1.10 base/arrayshow.jl: show_zero_dim prints fill(x),
# print_array shows the element alone under the 0-dimensional summary)
fill(1)
trues()
repr(fill(1))
repr(trues())
fill.([true, false])

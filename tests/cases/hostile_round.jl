# round with digits beyond any float's exponent range (base/floatfuncs.jl: _round_invstep
# returns x when x*10^d is not finite; _round_step returns the signed zero, or ±Inf when
# rounding away towards it)
round(1.5, digits=typemax(Int))
round(1.5, digits=typemin(Int))
round(-1.5, digits=typemin(Int))
round(1.5, RoundUp, digits=-2^62)
round(-1.5, RoundDown, digits=-2^62)
round(big(1.5), digits=2^62)
round(big(1.5), digits=typemin(Int))
round(big(-1.5), digits=typemin(Int))
round(big(1.5), RoundUp, digits=-2^62)
round(big(1.5), sigdigits=typemax(Int))
round(big(1.25), digits=1) == round(big(1.25) * 10) / 10

# ranges under + - * / with a number stay ranges where Julia's broadcasted methods say so
(1:3) .+ 1
2 .* (1:3)
(1:3) .- 1
-(1:3)
.-(1:3)
(1:5) * 2
10 .- (1:3)
(1:2:9) .+ 1
typeof((1:3) .+ 1)
typeof(2 .* (1:3))
(0:0.1:1) .* 2
(1:3) .+ 0.5
(1:3) / 2
0.1 .* (1:3)
collect((0:0.1:1) .* 3)[4]
(0:0.1:1) .+ 1
(1:3) .^ 2

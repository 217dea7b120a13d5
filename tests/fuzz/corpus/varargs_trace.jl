function f0(xs...); nosuch; end; f0(1.5, -1, 7)

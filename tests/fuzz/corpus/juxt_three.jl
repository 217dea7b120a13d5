for i in 1:2; global T = (i)rT{}o; end

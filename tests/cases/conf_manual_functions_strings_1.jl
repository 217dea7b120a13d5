for i = 1:10
           if i % 3 != 0
               continue
           end
           println(i)
       end
for i in 1:3
           for j in 1:2
               println(j)
               i > 1 && break # break `j` loop only
           end
       end
for i = 1:2, j = 3:4
           println((i, j))
       end
for i = 1:2, j = 3:4
           println((i, j))
           i = 0
       end
f(x) = x>=0 ? exp(-x) : throw(DomainError(x, "argument must be non-negative"))
f(1)
fussy_sqrt(x) = x >= 0 ? sqrt(x) : error("negative x not allowed")
fussy_sqrt(2)
fussy_sqrt(x) = x >= 0 ? sqrt(x) : error("negative x not allowed")
function verbose_fussy_sqrt(x)
           println("before fussy_sqrt")
           r = fussy_sqrt(x)
           println("after fussy_sqrt")
           return r
       end
verbose_fussy_sqrt(2)

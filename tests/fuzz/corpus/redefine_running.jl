fussy_sqrt(x) = x >= 0 ? sqrt(x) : error(fussy_sqrt(x) = x >= 0 ? sqrt(x) : error("negative x not allowed"); fussy"negative x not allowed"); fussy_sqrt(-1)

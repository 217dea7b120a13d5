# compiled bodies: an error's position is the node as written (parentheses kept)
function cond(x)
    if (x)
    end
end
cond(1)
function loop(x)
    while (x + 1)
    end
end
loop(1)

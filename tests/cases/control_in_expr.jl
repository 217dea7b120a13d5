# return, break and continue inside an expression whose value is wanted leave their
# function or loop, as in Julia (each expected value follows from the definition of
# return: the function's value is the returned one, and nothing after it runs)
h(x) = [1, return 5]
h(1)
k(x) = (y = return 7)
k(1)
q(x) = begin; s = x + (return 9); s + 100; end
q(1)
n(x) = (v = x > 0 ? x : return 0; v + 1)
n(3), n(-3)
function w(); s = 0; for i in 1:10; s += (i > 3 ? break : i); end; s; end
w()
function c(); s = 0; for i in 1:5; s += (iseven(i) ? continue : i); end; s; end
c()
function t(); try; x = return 3; catch e; 99; finally; println("fin"); end; end
t()
function u(); while true; x = abs(break); end; 4; end
u()
m() = map(x -> x > 1 ? return(x) : 0, 1:3)
m()
# a comprehension's body is an anonymous function: return gives the element
g() = [i == 2 ? return(10) : i for i in 1:3]
g()
sum(i == 2 ? return(10) : i for i in 1:3)
# at top level, return ends the input with its value
a = return [1]
(p, r) = return (0,)

# Statements that span lines, read from a stream: brackets, quotes and keywords inside
# strings, Char literals and comments do not end or open anything.
a = [1,
  2, "]",
  ')']
length(a)
s = """
 ( [ { end
"""
length(s)
c = ['(', '[',
  '"', '\'']
x = [1 2;
  3 4]'
#= a comment ( [ begin
   still =# y = 5
f(x) = begin
  x + 1 # ) ] end
end
f(1)
d = :end
b = x[end,
  1]
z = "$(1 +
  2)"
struct Foo
  a
end
Foo(1)
abstract type Ab end
q = [i for i in 1:3
     if i > 1]
function g(v)
  t = 0
  for i in v
    if i > 1
      t += i
    end
  end
  t
end
g(1:4)
e = [1,
  2]'; ch = 'x'
size(e), ch
w = begin x = 3 end; w + 1
m = [1 2
  3 4
  5 6]
size(m)
